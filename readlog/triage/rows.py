"""The entries of one triage view, fetched from the library a window at a time.

The screen asks for row ``i`` of ``total``; only the windows around what is
shown are ever held (``KEEP`` windows of ``WINDOW`` rows), each fetched with
one ``lib.rows(offset=..., limit=...)`` (entries() as the list draws them), so
a view of 100,000 entries is never read whole, however far one scrolls. A
view is the Library's filters (``{"unread": True, "source": ...}``, as
entries() takes them).

An entry changed on the screen stays where it was, showing its new state,
even when it no longer matches the view (an entry marked read in the unread
view): the screen's positions stay the positions the reader saw. Such an
entry's position is remembered in ``gone``, and the library's offsets are
shifted past them: display row ``i`` is library row ``i - (gone before i)``.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from readlog.model.errors import ReadlogError

if TYPE_CHECKING:
    from readlog.core.library import Library

Row = dict[str, Any]
View = dict[str, Any]  # the Library's filters: what entries() and count() take
WINDOW = 200
KEEP = 4


class Rows:
    """The rows of the view ``f``, in the order ``list`` (or ``search``) gives them."""

    def __init__(self, lib: Library, f: View, *, window: int = WINDOW, keep: int = KEEP) -> None:
        self.lib = lib
        self.f = f
        self.window = window
        self.keep = keep
        self.fetched = 0  # rows read from the library so far (the laziness test and the benchmark read it)
        self.reload()

    def reload(self) -> None:
        """Forget every fetched row and count the view again."""
        self.total = self.lib.count(**self.f)
        self.gone: list[int] = []  # display positions of changed entries that left the view, sorted
        self.kept: dict[int, Row] = {}  # their rows, by display position
        self._windows: OrderedDict[int, list[Row]] = OrderedDict()

    @property
    def held(self) -> int:
        """How many rows are in memory now."""
        return sum(len(w) for w in self._windows.values())

    def row(self, index: int) -> Row | None:
        """Display row ``index`` (0-based), fetching its window if needed."""
        if not 0 <= index < self.total:
            return None
        number, at = divmod(index, self.window)
        rows = self._windows.get(number)
        if rows is None:
            rows = self._fetch(number)
        else:
            self._windows.move_to_end(number)
        return rows[at] if at < len(rows) else None

    def _fetch(self, number: int) -> list[Row]:
        start = number * self.window
        end = min(self.total, start + self.window)
        first = bisect.bisect_left(self.gone, start)
        last = bisect.bisect_left(self.gone, end)
        wanted = (end - start) - (last - first)  # 0 when every row of the window has left the view
        live = self.lib.rows(**self.f, limit=wanted, offset=start - first) if wanted else []
        self.fetched += len(live)
        feed = iter(live)
        rows: list[Row] = []
        for position in range(start, end):
            row: Row | None = self.kept.get(position) or next(feed, None)
            if row is None:  # the library shrank meanwhile (another readlog): the view ends here
                break
            rows.append(row)
        self._windows[number] = rows
        while len(self._windows) > self.keep:
            self._windows.popitem(last=False)
        return rows

    def position(self, entry_id: int) -> int | None:
        """Where an entry is among the rows held, or None."""
        for number, rows in self._windows.items():
            for at, row in enumerate(rows):
                if row["id"] == entry_id:
                    return number * self.window + at
        return None

    def changed(self, index: int) -> Row | None:
        """Read display row ``index`` again after a change, keeping it in place.

        Returns its new row (None if it was deleted meanwhile)."""
        old = self.row(index)
        if old is None:
            return None
        row = stored_row(self.lib, old["id"])
        if row is None:
            return None
        if "_snippet" in old:
            row["_snippet"] = old["_snippet"]
        matches = self.lib.matches(row["id"], **self.f)
        at = bisect.bisect_left(self.gone, index)
        was_gone = at < len(self.gone) and self.gone[at] == index
        if matches and was_gone:
            del self.gone[at]
            del self.kept[index]
        elif not matches:
            if not was_gone:
                self.gone.insert(at, index)
            self.kept[index] = row
        number, place = divmod(index, self.window)
        rows = self._windows.get(number)
        if rows is not None and place < len(rows):
            rows[place] = row
        return row


def stored_row(lib: Library, entry_id: int) -> Row | None:
    """The entry's whole stored row (lib.get); None when another readlog deleted it
    or moved it to the trash meanwhile. A busy or damaged library is said as usual."""
    try:
        return lib.get(entry_id).row
    except ReadlogError as exc:
        if exc.key in ("no_entry", "in_trash"):
            return None
        raise
