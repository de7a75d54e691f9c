"""Reading the library, as ``readlog list``, ``search``, ``show`` and ``open`` do:
one entry (get, article, link, open_link), the entries filters select (entries,
iter_entries, rows, search), how many (count, count_about, matches), highlights, and
what to read next (next)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from datetime import date
from itertools import starmap
from typing import TYPE_CHECKING, Any

from readlog.core.api.base import Base, Ids, Tags
from readlog.core.arguments import FILTERS, SEARCH_FILTERS, _checked, _ids_or_all
from readlog.model.errors import ReadlogError

if TYPE_CHECKING:
    from readlog.core.queue import Suggestion
    from readlog.model.marks import Highlight
    from readlog.model.record import Entry
    from readlog.store import Count, Store


class Entries(Base):
    """Reading entries: nothing here changes the library."""

    @_checked()
    def get(self, entry_id: int) -> Entry:
        """The entry with this id; ReadlogError when there is none (saying so
        when it is in the trash). Reading changes nothing."""
        from readlog.core.highlights import of_entry
        from readlog.core.reading import entry
        from readlog.model.record import Entry

        row = entry(self.store, entry_id)
        row["other_titles"] = self.store.other_titles(entry_id)  # as readlog show lists them
        row["highlights"] = of_entry(self.store, entry_id)
        return Entry.from_row(row)

    @_checked()
    def entries(
        self,
        *,
        unread: bool | None = None,
        starred: bool | None = None,
        archived: bool | None = False,
        tag: Tags | None = None,
        source: str | None = None,
        category: str | None = None,
        search: str | None = None,
        since: str | date | None = None,
        before: str | date | None = None,
        dead: bool | None = None,
        min_time: int | None = None,
        max_time: int | None = None,
        in_progress: bool | None = None,
        sort: str | None = None,
        reverse: bool = False,
        limit: int | None = None,
        offset: int = 0,
        fields: Iterable[str] | None = None,
        view: str | None = None,
    ) -> list[Entry]:
        """Entries, newest saved first (a search: best match first), as ``readlog list`` shows them.

        ``unread``: True only unread, False only read, None both. ``starred``:
        True only starred, False only not starred. ``archived``: False (the
        default) hides archived entries, True gives only them, None both.
        ``tag``: one tag or several (all must be there). ``since``/``before``:
        a date, a datetime (without a zone: local time) or text as the options
        take it (2026-11-01, 7d, 2w). ``sort``: saved, published, title,
        source, read or id. ``dead=True``: only entries whose link was found
        dead. ``min_time``/``max_time``: only entries of at least / at most that
        many minutes of reading. ``in_progress=True``: only those started and not finished
        (``progress``), unread. ``limit``: None or 0 for all. ``offset``: skip that
        many first (a page: ``limit=20, offset=40``). ``view``: a saved view's name
        (``save_view``), its filters and sort beneath those given (a filter given wins, tags
        add up); every method that takes filters takes ``view`` too.
        """
        from readlog.core.filters import api_filters
        from readlog.core.reading import each_record
        from readlog.model.record import Entry

        given = (unread, starred, archived, tag, source, category, search, since, before, dead, min_time, max_time)
        f = api_filters(*given, in_progress)
        count: int = limit  # type: ignore[assignment]  # checked: 0 for all
        found = each_record(self.store, f, sort=sort, reverse=reverse, limit=count, offset=offset, fields=fields)  # type: ignore[arg-type]  # checked: a list
        return list(starmap(Entry.from_row, found))

    @_checked(filters=(*FILTERS, "sort", "reverse", "fields"))
    def iter_entries(self, **filters: Any) -> Iterator[Entry]:
        """The entries of ``entries(**filters)`` one at a time, read as they are
        taken: a large library is never held whole. Arguments are checked at
        once; change the library only once the iteration is done."""
        from readlog.core.filters import api_filters
        from readlog.core.reading import each_record
        from readlog.model.record import Entry

        sort, reverse, fields = filters.pop("sort", None), filters.pop("reverse", False), filters.pop("fields", None)
        f = api_filters(**filters)
        found = each_record(self.store, f, sort=sort, reverse=reverse, fields=fields)
        return _reading(starmap(Entry.from_row, found), self.store)  # (starmap: in C, for a whole library's list)

    @_checked(filters=FILTERS)
    def rows(self, *, limit: int | None = None, offset: int = 0, **filters: Any) -> list[dict[str, object]]:
        """The entries of ``entries(**filters)`` as ``readlog list`` draws them, each a
        dict of the list's columns (id, title, source, category, url, published,
        saved_at, read_at, starred_at, archived_at, tags, has_note, minutes, dead_at, progress;
        times as stored) and in a search ``_snippet``, the text around its first
        hit outside the title (text, the hits' spans, its field). Several times
        cheaper than entries() (no long text is read, no Entry made): for a screen
        that draws a window of a long list, as the triage screen does."""
        from readlog.core.filters import api_filters
        from readlog.core.reading import window

        f = api_filters(**filters)
        return window(self.store, f, limit=limit, offset=offset)  # type: ignore[arg-type]  # checked: 0 for all

    @_checked(filters=FILTERS)
    def count_about(self, **filters: Any) -> Count:
        """How many entries match, as the footer of ``readlog list`` says it: a
        Count (``n``, ``low``, ``high``), exact when ``low == high``; where the
        exact figure costs more than a screen of entries (a dense two-character
        search in a large library), an estimate ``n`` within those sure bounds.
        ``filters`` as entries() takes them (without sort and limit)."""
        from readlog.core.filters import api_filters

        return self.store.cheap_count(api_filters(**{"archived": False, **filters}))

    @_checked(filters=SEARCH_FILTERS)
    def search(self, query: str, limit: int | None = 20, offset: int = 0, **filters: Any) -> list[Entry]:
        """Entries matching ``query`` (as ``readlog search`` reads it: words, "a
        phrase", -exclude, a OR b), best match first; ``offset`` skips that many
        first; ``filters`` as entries() takes them."""
        return self.entries(search=query, limit=limit, offset=offset, **filters)

    @_checked(filters=FILTERS)
    def count(self, **filters: Any) -> int:
        """How many entries match; ``filters`` as entries() takes them (without sort and limit)."""
        from readlog.core.filters import api_filters

        return self.store.count(api_filters(**{"archived": False, **filters}))

    @_checked(filters=FILTERS)
    def matches(self, entry_id: int, **filters: Any) -> bool:
        """Whether the filters (as count() takes them) select the entry as it is now;
        False for an id no entry has (the triage screen keeps an entry that left its list in place)."""
        from readlog.core.filters import api_filters
        from readlog.core.reading import matches

        return matches(self.store, api_filters(**{"archived": False, **filters}), entry_id)

    # ---- one entry's text and links ----------------------------------------------------------

    @_checked(filters=FILTERS)
    def next(
        self, time: int | str | None = None, *, count: int = 5, resurface_days: int = 30, **filters: Any
    ) -> list[Suggestion]:
        """What to read now, as ``readlog next`` gives it: up to ``count`` unread entries of
        those the filters select (as ``entries()`` takes them), each a Suggestion with why
        (``.reason(lang)``). ``time``: the minutes there are (or "15m", "1h30m"): an entry fits
        when its reading time (what is left of one started) is at most that; those never
        fetched come after all that fit, longer ones never. The oldest saved first; a starred
        entry still unread comes first again once starred more than ``resurface_days`` ago."""
        from readlog.core.filters import api_filters
        from readlog.core.queue import suggest

        chosen = {name: value for name, value in filters.items() if value is not None}
        f = api_filters(**chosen)
        return suggest(self.store, f, minutes=time, count=count, resurface_days=resurface_days)  # type: ignore[arg-type]

    @_checked()
    def article(self, entry_id: int) -> str:
        """The entry's article text as ``readlog fetch`` stored it (light Markdown:
        headings, paragraphs, lists), as ``show --full`` reads it; "" when not fetched."""
        return str(_row(self.store, entry_id).get("text") or "")

    @_checked()
    def link(self, entry_id: int, number: int | None = None) -> str:
        """The web address ``readlog open ID [N]`` would open: the entry's link, or
        its ``number``-th as show lists them. ReadlogError when it has none
        that a browser may be given (only http and https)."""
        from readlog.core.actions import link_to_open

        return link_to_open(_row(self.store, entry_id), number)

    @_checked()
    def open_link(self, entry_id: int, number: int | None = None) -> str:
        """Open ``link(entry_id, number)`` in the web browser, as ``readlog open ID [N]``
        does, and give it; ReadlogError (``no_browser``) when no browser could be started."""
        from readlog.core import actions

        url = actions.link_to_open(_row(self.store, entry_id), number)
        if not actions.launch(url):
            raise ReadlogError.of("no_browser", url=url)
        return url

    # ---- highlights --------------------------------------------------------------------------

    @_checked(ids=_ids_or_all, filters=FILTERS)
    def highlights(
        self, ids: Ids | None = None, *, limit: int | None = None, offset: int = 0, **filters: Any
    ) -> list[Highlight]:
        """Highlights newest first, each with its entry's title, link and source: of the
        entries ``ids`` (ReadlogError when one is not in the library) or of those the
        filters select, as ``entries()`` takes them (archived entries' too unless
        ``archived=False``); at most ``limit`` (None: all), after skipping ``offset``."""
        from readlog.core.filters import api_filters
        from readlog.core.highlights import listed
        from readlog.model.marks import Highlight

        chosen = {name: value for name, value in filters.items() if value is not None}
        f = api_filters(**{"archived": None, **chosen}) if chosen else None  # none: every highlight, by its index
        rows = listed(self.store, ids, limit or 0, offset, f)  # type: ignore[arg-type]  # a list, as checked
        return [Highlight.from_row(r) for r in rows]


def _reading(entries: Iterator[Entry], store: Store) -> Iterator[Entry]:
    """``entries`` as iter_entries gives them: an SQLite failure met while they are
    read (a busy or damaged file) is a ReadlogError, as from every other method."""
    try:
        yield from entries
    except sqlite3.Error as exc:
        from readlog.core.maintenance import database_error

        raise database_error(exc, store.path) from exc


def _row(lib: Store, entry_id: int) -> dict[str, Any]:
    from readlog.core.reading import entry

    return entry(lib, entry_id)
