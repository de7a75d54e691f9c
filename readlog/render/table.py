"""The entries table of list, search and the triage screen: which columns it
keeps and how wide they are (``layout``), and its lines (``TableLines``);
``Trimmed``, a rich Table whose lines end at their last character."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.text import Text

from readlog.render.cut import MatchCell, cut, fit_hit

if TYPE_CHECKING:
    from readlog.render.output import Output

# The columns whose text must not be cut: they widen when later rows of a long table need it.
GROWS = ("id", "time", "saved")
# The entries table's optional columns, in the order they go when two say as much.
_OPTIONAL = ("category", "tags", "saved", "source", "time")


def _says(values: Iterable[str]) -> float:
    """How much a column says about the rows shown: the entropy of its values
    in bits (0 when every row holds the same, log2 of the rows when all differ)."""
    counts: dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    total = sum(counts.values())
    return -sum(n / total * math.log2(n / total) for n in counts.values()) if total else 0.0


def layout(
    out: Output, rows: list[dict[str, Text]], with_match: bool, with_tags: bool, with_time: bool = False
) -> TableLines:
    """Fixed columns sized to their content; title (and match) share the rest,
    so every entry stays on one line and wide CJK text is cut, not wrapped.

    Which optional columns stay is chosen by how much they say about the
    rows shown: a column empty in every row never shows; when the width
    is short, the one that says least goes first (the entropy of its
    values), until the title is the widest column again (and the match,
    when searching, has room for its hit). A column that says the same in
    every row (of three or more) says nothing, and goes as soon as the
    title would be cut."""
    caps = {"source": 22, "category": 12, "tags": 20, "time": 8}
    keys = [
        "id",
        "mark",
        "title",
        *(["match"] if with_match else []),
        "source",
        "category",
        *(["tags"] if with_tags else []),
        *(["time"] if with_time else []),
        "saved",
    ]
    if out.columns is not None:
        optional = [k for k in out.columns if k in keys]
        keys = [k for k in keys if k in ("id", "mark", "title", "match")] + optional
    optional = [k for k in keys if k in _OPTIONAL]
    for key in optional:
        if not any(r[key].plain.strip() for r in rows):
            keys.remove(key)
    widths: dict[str, int] = {}
    for key in keys:
        if key not in ("title", "match"):
            header = cell_len(out.label(key)) if key != "mark" else 0
            widths[key] = min(caps.get(key, 99), max([header, *(r[key].cell_len for r in rows)]))
    flexible = [k for k in keys if k in ("title", "match")]
    need = {k: max([cell_len(out.label(k)), *(_needs(r[k]) for r in rows)]) for k in flexible}

    def short() -> bool:
        spare = out.out.width - sum(widths.values()) - 2 * (len(keys) - 1)
        widest = max([widths[k] for k in keys if k in _OPTIONAL], default=0)
        wanted = [min(need[k], max(20, widest + 1)) for k in flexible]
        return spare < sum(wanted)

    said = {k: _says(r[k].plain for r in rows) for k in keys if k in _OPTIONAL}
    spare = out.out.width - sum(widths.values()) - 2 * (len(keys) - 1)
    if len(rows) >= 3 and spare < sum(need.values()):  # the title is cut: what says nothing makes room
        for key in [k for k, bits in said.items() if not bits]:
            keys.remove(key)
            widths.pop(key)
    while short():
        for key in ("source", "tags"):  # long values are cut before a column goes
            if key in widths and widths[key] > 14:
                widths[key] = 14
        if not short():
            break
        droppable = [k for k in keys if k in _OPTIONAL]
        if not droppable:
            break
        least = min(droppable, key=lambda k: (said[k], _OPTIONAL.index(k)))
        keys.remove(least)
        widths.pop(least)
    spare = out.out.width - sum(widths.values()) - 2 * (len(keys) - 1)
    if len(flexible) == 2 and need["title"] + need["match"] > spare:
        widths["title"] = max(6, min(need["title"], spare * 2 // 5))
        widths["match"] = max(6, spare - widths["title"])
    else:
        for k in flexible:
            widths[k] = max(6, min(need[k], spare))
    return TableLines(keys, widths, [out.label(k) if k != "mark" else "" for k in keys], rows)


def _needs(cell: Text) -> int:
    """The cells a column needs for ``cell``: none for a Match cell with a hit
    only in the title (shown only where the title is cut off)."""
    return 0 if isinstance(cell, MatchCell) and cell.in_title else cell.cell_len


def _title_shows(title: Text, match: MatchCell, width: int) -> bool:
    """Whether a title cut to ``width`` cells shows the hit of ``match`` (in it) whole."""
    if title.cell_len <= width:
        return True
    hit = match.plain[match.hit[0] : match.hit[1]] if match.hit else ""
    at = title.plain.find(hit) if hit else -1
    return at >= 0 and cell_len(title.plain[: at + len(hit)]) <= width - 1  # the ellipsis takes a cell


COLUMN_STYLES = {"id": "cyan", "source": "green", "category": "magenta", "tags": "blue", "saved": "dim"}


class TableLines:
    """The entries table: a header and one line per entry, columns two spaces
    apart, each cell cut with an ellipsis or padded to its column's width.

    It looks like a borderless rich Table with no_wrap columns, but since the
    widths are already fixed (``layout``) it builds each line directly:
    rich's Table measures and lays out every cell again, ~12 ms for a page
    of 20 entries, a tenth of a read command's whole run.
    """

    def __init__(self, keys: list[str], widths: dict[str, int], headers: list[str], rows: list[dict[str, Text]]):
        self.keys, self.widths, self.headers, self.rows = keys, widths, headers, rows
        self.headed = True  # begins with the header (the rest of a long table does not)
        self.room = sum(widths.values()) + 2 * (len(keys) - 1)  # the line's width (Output sets the terminal's)

    def following(self, rows: list[dict[str, Text]]) -> TableLines:
        """The next rows of a long table, in the same columns, without the header.

        A column of numbers or dates that these rows need wider (ids past 999
        in an oldest-first list) widens at the title's (else the match's)
        expense, so that no number is cut; a title or match longer than any
        before takes what room is left on the line (``room``)."""
        widths = dict(self.widths)
        need = {k: max(_needs(r[k]) for r in rows) for k in self.keys}
        for key in GROWS:
            if key in widths:
                widths[key] = max(widths[key], need[key])
        flexible = [k for k in ("title", "match") if k in widths]
        slack = self.room - sum(widths.values()) - 2 * (len(self.keys) - 1)
        for key in flexible:
            if slack < 0:  # numbers took more room: the title gives it first, down to 6 cells
                take = min(-slack, max(0, widths[key] - 6))
                widths[key] -= take
                slack += take
            elif need[key] > widths[key]:
                grow = min(slack, need[key] - widths[key])
                widths[key] += grow
                slack -= grow
        later = TableLines(self.keys, widths, self.headers, rows)
        later.headed, later.room = False, self.room
        return later

    def _cell(self, key: str, text: Text, style: str) -> Text:
        width = self.widths[key]
        cell = Text(style=style, end="", no_wrap=True)
        cell.append_text(text if key != "match" else fit_hit(text, width))
        if cell.cell_len > width:
            cell = cut(cell, width)
        room = width - cell.cell_len
        if key == "id":
            cell = Text(" " * room, end="").append_text(cell)
        else:
            cell.append(" " * room)
        return cell

    def _line(self, cells: list[Text]) -> Text:
        """The cells two spaces apart; the line ends at its last character (no padding after it)."""
        line = Text(end="\n", no_wrap=True)
        for i, cell in enumerate(cells):
            if i:
                line.append("  ")
            line.append_text(cell)
        line.rstrip()
        return line

    def header(self) -> Text:
        """The line of column names."""
        return self._line([self._cell(k, Text(h), "bold") for k, h in zip(self.keys, self.headers, strict=True)])

    def line(self, row: dict[str, Text]) -> Text:
        """One entry's line (its cells from Output.entry_cells), cut to the columns.
        A Match cell whose hit is only in the title stays blank when the Title
        column shows that hit, and shows it where the title is cut before it."""
        match = row.get("match")
        title = row.get("title")
        if (
            isinstance(match, MatchCell)
            and match.in_title
            and title is not None
            and _title_shows(title, match, self.widths["title"])
        ):
            row = {**row, "match": Text("")}
        return self._line([self._cell(k, row[k], COLUMN_STYLES.get(k, "")) for k in self.keys])

    def __rich_console__(self, console: Console, options: Any) -> Iterator[Text]:
        if self.headed:
            yield self.header()
        for row in self.rows:
            yield self.line(row)


class Trimmed:
    """A rich Table whose lines end at their last character: the padding of
    its last column (or of empty cells at the end of a row) is not written."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def __rich_console__(self, console: Console, options: Any) -> Iterator[Segment]:
        for line in console.render_lines(self.table, options, pad=False, new_lines=False):
            end = len(line)
            while end and not line[end - 1].control and not line[end - 1].text.rstrip():
                end -= 1
            if end:
                yield from line[: end - 1]
                last = line[end - 1]
                yield last if last.control else Segment(last.text.rstrip(), last.style)
            yield Segment.line()
