"""The Python API: ``readlog.open(path)`` -> a Library, the same operations
as the commands, as values (docs/python-api.md).

A thin facade over the core: every change goes through the functions the
commands and the triage screen use (actions.py, capture.py, importing.py,
exporting.py), so it is recorded the same way (``readlog history``) and
undone by the same undo, from the command line or ``lib.undo()``. Nothing
here prints; errors are ReadlogError (UsageError for arguments that cannot
work). No UI library and no face is imported, and the network modules only
by ``add(fetch=True)`` and ``fetch()``.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import date
from itertools import starmap
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, Union

from readlog.core.arguments import (
    FILTERS,
    PLANNED,
    SEARCH_FILTERS,
    STATE_COMMANDS,
    _checked,
    _flag,
    _ids_or_all,
    _older_than,
    _path,
    _path_or_none,
    _path_or_stream,
    _text_or_none,
)
from readlog.core.syncing import Syncing
from readlog.model.errors import BadValue, ReadlogError, UsageError

if TYPE_CHECKING:
    from readlog.core.capture import Added
    from readlog.core.fetching import FetchReport
    from readlog.core.highlights import Marked
    from readlog.core.progress import Progressed
    from readlog.core.results import (
        Action,
        Change,
        Checked,
        Emptied,
        Exported,
        ImportReport,
        Overview,
        Plan,
        TagCount,
        Tally,
        Trashed,
        Undone,
    )
    from readlog.model.marks import Highlight
    from readlog.model.messages import Phrase
    from readlog.model.record import Entry
    from readlog.store import Count, Store
    from readlog.store.stats import Stats

Ids = Union[int, Iterable[int]]
Tags = Union[str, Iterable[str]]

PLAN_FILTERS = FILTERS
MEMORY = Path(":memory:")


# ---- the library --------------------------------------------------------------------------


class Library(Syncing):
    """An open readlog library: ``readlog.open(path)``, best in a ``with`` block.

    A Library belongs to the thread that opened it: open one in each thread
    (each has its own connection); using it from another raises UsageError.
    """

    def __init__(self, store: Store) -> None:
        self._store: Store | None = store
        self._thread = threading.get_ident()

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *, memory: bool = False) -> Library:
        """Open (creating if needed, upgrading if older) the library at ``path``,
        else the one the ``readlog`` command uses ($READLOG_DB, else the config file's, else the user data folder's).
        ``memory=True`` (or the path ``":memory:"``, as sqlite3 takes it): a new, empty
        library held in memory, no file made, gone once closed."""
        from readlog.settings import expand, library_path
        from readlog.store import Store

        if _flag(memory, "memory") or path == ":memory:":
            if path is not None and path != ":memory:":
                raise BadValue.of("api_memory_and_path")
            return cls(Store.memory())
        where = expand(_path(path, "path"), "library", "readlog.open()") if path is not None else library_path(None)[0]
        return cls(Store.open(where))

    # ---- opening and closing ----------------------------------------------------------

    @property
    def store(self) -> Store:
        """The store underneath (readlog.store): not part of the documented API."""
        if self._store is None:
            raise ReadlogError.of("api_library_closed")
        if threading.get_ident() != self._thread:  # before SQLite, which refuses with its own error
            raise UsageError.of("api_other_thread")
        return self._store

    @property
    def path(self) -> Path:
        """The library file."""
        return self.store.path

    @_checked(opened=False)
    def close(self) -> None:
        """Close the library (again: nothing happens)."""
        if self._store is not None:
            self.store.close()
            self._store = None

    def __enter__(self) -> Library:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<readlog.Library {str(self._store.path) if self._store else 'closed'!r}>"

    # ---- bringing entries in ----------------------------------------------------------

    @_checked()
    def import_path(
        self,
        path: str | os.PathLike[str] | IO[Any],
        as_of: str | date | None = None,
        *,
        format: str = "auto",
        encoding: str | None = None,
        strict: bool = False,
        name: str | None = None,
    ) -> ImportReport:
        """Import a file, a directory of them or a zip archive, as ``readlog import`` does;
        or an open file, binary or text (read from where it stands, left open), which
        ``name`` names in the report and history.

        ``as_of``: when the export was made, for stamps like 收藏16 天前 (a
        date, a datetime, or text as --as-of takes it; default: when each
        file was last modified, now for an open file). Re-importing adds
        nothing. One call is one action, whatever number of files it read
        (``undo()`` takes it all back). Problems with records are in the
        report (``report.ok``); a path that cannot be imported at all raises
        ReadlogError.
        """
        from readlog.core.importing import import_one
        from readlog.core.results import ImportReport

        given = {"fmt": format, "as_of": as_of, "encoding": encoding, "strict": strict}
        return ImportReport.of(import_one(self.store, path, name, **given))  # type: ignore[arg-type]  # checked: a str

    @_checked()
    def import_paths(
        self,
        paths: Iterable[str | os.PathLike[str] | IO[Any]],
        as_of: str | date | None = None,
        *,
        format: str = "auto",
        encoding: str | None = None,
        strict: bool = False,
        progress: Callable[[str, int | None], Any] | None = None,
    ) -> ImportReport:
        """Import several paths (or open files) as one action, as ``readlog import PATH...``
        does, with the arguments of import_path(): a path that cannot be imported is in
        the report (``report.ok`` is False; its ``files`` say which and why) and the others
        are imported. ``progress``: called with each file's name and size (None: not
        known), a context manager whose value's ``update(bytes_read, entries)`` is called
        as the file is read (as the command's bar)."""
        from readlog.core.importing import import_sources
        from readlog.core.results import ImportReport

        given = {"fmt": format, "as_of": as_of, "encoding": encoding, "strict": strict, "progress": progress}
        return ImportReport.of(import_sources(self.store, paths, **given))  # type: ignore[arg-type]  # checked

    @classmethod
    @_checked(opened=False, as_of=_older_than)
    def check_import(cls, format: str = "auto", as_of: str | date | None = None, encoding: str | None = None) -> None:
        """Every argument import_paths() would refuse (an unknown format, an ``as_of`` or
        ``encoding`` that cannot be read, a cap of $READLOG_MAX_* set to nonsense), said
        before any library is opened, in the words of ``readlog import`` (naming its options)."""
        from readlog.core.importing import prepare

        prepare(format, as_of, encoding)

    @_checked()
    def add(
        self,
        url: str,
        *,
        fetch: bool = False,
        tags: Tags = (),
        star: bool = False,
        read: bool = False,
        title: str | None = None,
        note: str | None = None,
        source: str | None = None,
        category: str | None = None,
    ) -> Entry:
        """Save a link, as ``readlog add`` does, and return its entry.

        ``fetch=True`` reads the page's title, description and site first (the
        network; else the host is the source). A link already saved is
        returned, changed only as the arguments say; one in the trash raises
        ReadlogError.
        """
        given: dict[str, Any] = {"title": title, "tags": tags, "note": note, "source": source, "category": category}
        result = self.add_many([url], fetch=fetch, star=star, read=read, **given)[0]
        if result.status == "trash":
            raise ReadlogError.of("in_trash", n=1, ids=str(result.id), words=str(result.id))
        return self.get(result.id)

    @_checked()
    def add_many(
        self,
        urls: str | Iterable[str],
        *,
        fetch: bool = False,
        tags: Tags = (),
        star: bool = False,
        read: bool = False,
        title: str | None = None,
        note: str | None = None,
        source: str | None = None,
        category: str | None = None,
    ) -> list[Added]:
        """Save several links as one recorded action, as ``readlog add URL...`` does,
        with the arguments of add() (``title`` only for one link): each link's ``Added``,
        in order (the same link twice is one). A link in the trash is not saved
        again: its ``status`` says "trash" (else "added" or "exists")."""
        from readlog.core import capture

        given: dict[str, Any] = {"title": title, "tags": tags, "note": note, "source": source, "category": category}
        opts = capture.options(star=star, read=read, fetch=fetch, **given)
        return capture.add(self.store, urls, opts)  # type: ignore[arg-type]  # checked: a list

    @classmethod
    @_checked(opened=False)
    def check_add(
        cls,
        urls: str | Iterable[str],
        *,
        tags: Tags = (),
        title: str | None = None,
        note: str | None = None,
        source: str | None = None,
        category: str | None = None,
    ) -> None:
        """Every argument add_many() would refuse (BadValue: a link that is not http or
        https, ``title`` with several links, a value longer than its field), said
        before any library is opened, as ``readlog add`` says it."""
        from readlog.core import capture

        given: dict[str, Any] = {"title": title, "tags": tags, "note": note, "source": source, "category": category}
        capture.check_add(urls, capture.options(**given))  # type: ignore[arg-type]  # checked: a list

    @_checked(ids=_ids_or_all, filters=FILTERS, since=_older_than, before=_older_than)
    def fetch(
        self,
        ids: Ids | None = None,
        *,
        refetch: bool = False,
        jobs: int = 4,
        progress: Callable[[int], Any] | None = None,
        as_typed: str | None = None,
        **filters: Any,
    ) -> FetchReport:
        """Download the entries' pages and keep their article text, as ``readlog fetch`` does:
        ``ids``, or those ``filters`` select (as entries() takes them), else every entry
        never fetched (or whose last try failed). Uses the network. ``progress``: called
        with how many pages it will try, a context manager whose value's ``advance(ok, dead)``
        is called after each page (as the command's bar). ``as_typed``: the command line
        history records (default: the call written as ``readlog fetch`` would be typed)."""
        from readlog.core import fetching

        self._alone("fetch")
        chosen: list[int] | None = ids  # type: ignore[assignment]  # checked: a list
        return fetching.fetch_chosen(
            self.store, chosen, filters, refetch=refetch, jobs=jobs, progress=progress, command=as_typed
        )

    # ---- reading ----------------------------------------------------------------------

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

    # ---- highlights ------------------------------------------------------------------

    @_checked()
    def highlight(self, entry_id: int, passage: str, *, note: str | None = None, force: bool = False) -> Marked:
        """Keep ``passage`` as a highlight of the entry, with your ``note`` on it, as
        ``readlog highlight ID PASSAGE`` does: one action in history, taken back by
        ``undo()``. When the entry has fetched text the passage must occur in it
        (white space and case aside): ReadlogError unless ``force``. A passage the
        entry has already changes nothing (``Marked.action`` is None)."""
        from readlog.core.highlights import mark

        return mark(self.store, entry_id, passage, note or "", force=force)

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
        many first (a page: ``limit=20, offset=40``).
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

    # ---- changing entries: each call is one recorded action ------------------------------

    @_checked()
    def star(self, ids: Ids) -> Change:
        return self._set(ids, "starred", True)

    @_checked()
    def unstar(self, ids: Ids) -> Change:
        return self._set(ids, "starred", False)

    @_checked()
    def mark_read(self, ids: Ids) -> Change:
        return self._set(ids, "read", True)

    @_checked()
    def mark_unread(self, ids: Ids) -> Change:
        return self._set(ids, "read", False)

    @_checked()
    def archive(self, ids: Ids) -> Change:
        return self._set(ids, "archived", True)

    @_checked()
    def unarchive(self, ids: Ids) -> Change:
        return self._set(ids, "archived", False)

    def _set(self, ids: Any, which: str, on: bool) -> Change:
        from readlog.core import actions
        from readlog.core.results import Change

        name = STATE_COMMANDS[(which, on)]
        action, results = actions.set_state(self.store, ids, which, on, name=name)
        return Change.of(action, results)

    @_checked()
    def tag(self, ids: Ids, add: Tags = (), remove: Tags = ()) -> Change:
        """Add and remove tags, as ``readlog tag IDS +TAG -TAG`` does (one action)."""
        from readlog.core import actions
        from readlog.core.filters import parse_tag_args
        from readlog.core.results import Change

        words = [*(f"+{t}" for t in add), *(f"-{t}" for t in remove)]
        _, plus, minus = parse_tag_args(words)  # the command's checks: no empty tag, not both
        action, results = actions.tag_ids(self.store, ids, plus, minus)  # type: ignore[arg-type]
        return Change.of(action, results)

    @_checked()
    def note(self, entry_id: int, text: str | None) -> Change:
        """Replace the entry's note with ``text``; None removes it. An empty
        text (or one of spaces) is not a note and removes nothing: BadValue."""
        from readlog.core import actions
        from readlog.core.filters import clean_note
        from readlog.core.results import Change

        note = "" if text is None else clean_note(text)
        if text is not None and not note:
            raise BadValue.of("api_note_empty", id=entry_id)
        action, what = actions.write_note(self.store, entry_id, note, clear=text is None)
        changed = what != "unchanged"
        return Change(action if changed else None, (entry_id,) if changed else (), () if changed else (entry_id,))

    @_checked()
    def progress(self, entry_id: int, amount: float | str | None = None, *, done: bool = False) -> Progressed:
        """Say how far the entry was read: ``amount`` "40%", 40 or 0.4 (a number above 1 is a
        percent); ``done=True`` (no amount): all of it, and mark it read, in one action."""
        from readlog.core.progress import record

        if (amount is None) != done:
            raise BadValue.of("progress_and_done" if done else "progress_which")
        return record(self.store, entry_id, float(amount or 0), done=done)  # checked: a fraction

    # ---- history ---------------------------------------------------------------------

    @_checked()
    @contextmanager
    def transaction(self) -> Iterator[Library]:
        """``with lib.transaction():`` every change inside is one transaction and
        one action in history (its command the changes' commands joined by "; "),
        taken back by one ``undo()``. Inside another, it joins that one. An
        exception leaving the block rolls every change in it back and records
        nothing; one caught inside takes back only the call that raised it.
        fetch(), undo(), empty_trash() and the file's upkeep cannot be part of one."""
        with self.store.grouped():
            yield self

    def _alone(self, method: str) -> None:
        """``method`` cannot join a group of changes: it writes from another
        connection, or cannot be undone, or undoes."""
        if self.store.grouping:
            raise BadValue.of("api_in_transaction", method=method)

    @_checked()
    def undo(
        self, action: int | None = None, *, dry_run: bool = False, expect: Undone | Action | None = None
    ) -> Undone:
        """Revert the newest action not yet undone (from the API, a command or
        the triage screen alike), as ``readlog undo`` does, or ``action``, an
        older one by its number, as ``readlog undo ACTION --yes`` does.
        ReadlogError, changing nothing, when there is nothing to undo or the
        action cannot be taken back (its ``key`` says why: undo_emptied,
        undo_gone, undo_deleted, undo_changed,
        undo_nothing, undo_already, undo_no_action). ``expect``: what a dry run
        said (``readlog undo ACTION`` shows it and asks), or the Action undoable()
        gave; if anything else would be undone now, ReadlogError
        (undo_changed_meanwhile) and nothing changes."""
        from readlog.core import actions
        from readlog.core.results import Action, Undone, UndoneChange

        self._alone("undo")
        if isinstance(expect, Action):
            if action not in (None, expect.id):
                raise ReadlogError.of("undo_changed_meanwhile")
            report = actions.undo_last(self.store, dry_run=dry_run, only=expect.id)
        elif expect is not None:
            if action is None:
                action = expect.action
            elif action != expect.action:
                raise ReadlogError.of("undo_changed_meanwhile")
            report = actions.undo_action(self.store, action, dry_run=dry_run, expect=expect.report)
        elif action is None:
            report = actions.undo_last(self.store, dry_run=dry_run)
        else:
            report = actions.undo_action(self.store, action, dry_run=dry_run)
        changes = tuple(UndoneChange(c.entry_id, c.title or "", c.kind) for c in report.changes)
        moved = actions.moved_entries(report)
        return Undone(int(report.action["id"]), str(report.action["command"]), changes, dry_run, report, moved)

    @_checked()
    def history(self, limit: int | None = 20) -> list[Action]:
        """Recorded actions, newest first, as ``readlog history`` lists them; ``limit`` None or 0 for all."""
        from readlog.core.organise import history
        from readlog.core.results import Action

        return [Action.of(r) for r in history(self.store, limit)]  # type: ignore[arg-type]

    @_checked()
    def undoable(self) -> Action | None:
        """The action ``undo()`` would revert now, as history() lists it, or None
        when there is nothing to undo; ReadlogError, saying why as undo() would,
        when it cannot be taken back. Cheap: nothing is reverted (a dry run
        reverts and rolls back). ``undo(expect=action)`` then reverts it only if it
        is still the newest, as the triage screen's u does."""
        from readlog.core import actions
        from readlog.core.organise import last_undoable
        from readlog.core.results import Action

        newest = last_undoable(self.store)
        if newest is None:
            return None
        refused = actions.refusal(self.store, newest)
        if refused is not None:
            raise refused
        return Action.of(newest)

    # ---- changing what the filters select: a plan, then apply it ------------------------

    @_checked(filters=PLAN_FILTERS, since=_older_than, before=_older_than)
    def plan(self, command: str, *, add: Tags = (), remove: Tags = (), **filters: Any) -> Plan:
        """What ``command`` (star, unstar, read, unread, archive, unarchive, tag or
        rm) would do to every entry the filters select, as ``readlog star --source X``
        shows before it asks: the entries it would change, of how many matched.
        Nothing changes until ``apply(plan)``. ``add``/``remove``: the tags, for
        tag. Filters as entries() takes them (not ``starred=False``), at least one."""
        from readlog.core import bulk
        from readlog.core.filters import api_filter_args, by_ids, parse_tag_args
        from readlog.core.results import Plan

        if command == "tag":
            words = [*(f"+{t}" for t in add), *(f"-{t}" for t in remove)]
            _, plus, minus = parse_tag_args(words)
            change = bulk.tag_change(plus, minus)
        elif add or remove:
            raise BadValue.of("api_tags_for_tag")
        elif command == "rm":
            change = bulk.trash_change()
        else:
            which, on = PLANNED[command]
            change = bulk.state_change(which, on, name=command)
        fa = api_filter_args(filters)
        by_ids([], fa, command)  # no filters: which entries? (as the command says)
        preview = bulk.preview(self.store, change, fa)
        from readlog.model import shell

        line = shell.join([*change.command, *fa.words()])
        return Plan(line, tuple(preview.targets), preview.matched, tuple(preview.todo), change, fa)

    @_checked()
    def apply(self, plan: Plan) -> Change:
        """Make the change ``plan`` (from ``plan()``) showed, to exactly its entries
        (less any gone meanwhile), as one recorded action."""
        from readlog.core import bulk
        from readlog.core.results import Change

        if not plan.ids:
            return Change(None, (), ())
        done = bulk.apply(self.store, plan.change, plan.ids, plan.filters, matched=plan.matched)
        return Change.of(done.action, done.results)

    # ---- curating: edit, the trash ------------------------------------------------------

    @_checked(url=_text_or_none)
    def edit(
        self,
        entry_id: int,
        *,
        title: str | None = None,
        url: str | None = None,
        source: str | None = None,
        category: str | None = None,
        published: str | None = None,
        summary: str | None = None,
        verdict: str | None = None,
    ) -> Change:
        """Correct an entry's fields, as ``readlog edit ID --title ...`` does (None:
        left as it is; "" empties a field). One recorded action when a value
        differs; ``Change.fields`` names the fields that changed."""
        from readlog.core import curate
        from readlog.core.results import Change

        given = {
            name: value
            for name, value in (
                ("title", title),
                ("url", url),
                ("source", source),
                ("category", category),
                ("published", published),
                ("summary", summary),
                ("verdict", verdict),
            )
            if value is not None
        }
        changed = curate.edit(self.store, entry_id, given) if given else {}
        if not given:
            self.get(entry_id)  # an unknown id says so
        return Change.edited(entry_id, changed, _last_action(self.store))

    @_checked()
    def edit_form(self, entry_id: int, form: Mapping[str, str], *, was: Entry | None = None) -> Change:
        """Apply the form ``readlog edit ID`` opens in the editor: ``form`` maps
        fields of edit() to text ("" empties one); those that differ from
        ``was`` (the entry as get() gave it when the form was written; None: as
        it is now) are checked as edit() checks them and stored, as one action
        recorded as ``edit ID``. A value that cannot be stored is BadValue naming
        the field as the form does (``title``, not ``--title``)."""
        from readlog.core import curate
        from readlog.core.results import Change

        if was is not None and was.id != entry_id:
            raise BadValue.of("api_was_other_entry", id=entry_id, was=was.id)
        changed = curate.edit_form(self.store, entry_id, dict(form), was.row if was is not None else None)
        return Change.edited(entry_id, changed, _last_action(self.store))

    @_checked()
    def rm(self, ids: Ids) -> Change:
        """Move entries to the trash, as ``readlog rm`` does: all or none (an unknown
        id changes nothing), one action; ``restore()`` or ``undo()`` brings them back."""
        from readlog.core import curate
        from readlog.core.results import Change

        rows = curate.remove(self.store, ids)  # type: ignore[arg-type]
        return Change.of(_last_action(self.store), [(row, True) for row in rows])

    @_checked()
    def restore(self, ids: Ids) -> Change:
        """Bring entries back from the trash with all their state, as ``readlog restore`` does."""
        from readlog.core import curate
        from readlog.core.results import Change

        rows = curate.restore(self.store, ids)  # type: ignore[arg-type]
        return Change.of(_last_action(self.store), [(row, True) for row in rows])

    @_checked()
    def trash(self, *, older_than: str | date | None = None, limit: int | None = None) -> list[Trashed]:
        """The entries in the trash, newest deleted first, as ``readlog trash`` lists
        them; ``older_than``: only those deleted before then (30d, 2w, a date)."""
        from readlog.core import curate
        from readlog.core.filters import trash_cutoff
        from readlog.core.results import Trashed
        from readlog.model.stamps import from_iso

        cutoff = trash_cutoff(older_than)
        rows = curate.list_trash(self.store, before=cutoff, limit=limit or 0, full=True).rows
        return [
            Trashed(
                id=r["id"],
                title=r.get("title") or "",
                source=r.get("source") or "",
                url=r.get("url") or "",
                saved_at=from_iso(r.get("saved_at")),
                deleted_at=from_iso(r["deleted_at"]),
                action=int(r["action_id"] or 0),
                row=r,
            )
            for r in rows
        ]

    @_checked()
    def trash_count(self, *, older_than: str | date | None = None) -> int:
        """How many entries are in the trash (deleted before ``older_than``, as trash() takes it)."""
        from readlog.core.filters import trash_cutoff
        from readlog.store import trash

        return trash.count(self.store, before=trash_cutoff(older_than))

    @_checked()
    def empty_trash(
        self, older_than: str | date | None = None, *, dry_run: bool = False, only: Ids | None = None
    ) -> Emptied:
        """Delete the entries in the trash for good (or those deleted before
        ``older_than``), as ``readlog trash --empty`` does: this cannot be undone
        and their ids are never given out again. ``dry_run=True`` changes nothing
        and gives what would go; ``only``: delete no entry but these (the ids a
        dry run gave, so that what was shown is what goes)."""
        from readlog.core import curate
        from readlog.core.filters import trash_cutoff
        from readlog.core.results import Emptied

        self._alone("empty_trash")
        cutoff = trash_cutoff(older_than)
        rows = curate.preview_empty(self.store, before=cutoff).rows
        if only is not None:
            keep = set(only)  # type: ignore[arg-type]  # checked: a list
            rows = [row for row in rows if row["id"] in keep]
        ids = [row["id"] for row in rows]
        if dry_run or not ids:
            return Emptied(tuple(ids), dry_run, tuple(rows))
        shown = older_than if isinstance(older_than, str) else None if older_than is None else str(older_than)
        gone = curate.empty_trash(self.store, ids, older_than=shown)
        return Emptied(tuple(ids) if gone else (), False, tuple(rows) if gone else ())

    # ---- seeing the library as a whole ------------------------------------------------------

    @_checked()
    def overview(self) -> Overview:
        """The library at a glance, as ``readlog`` alone shows it: how many
        entries, unread and starred, the five newest unread, and the last import."""
        from readlog.core.reading import overview
        from readlog.core.results import Overview

        return Overview.of(*overview(self.store))

    @_checked()
    def tags(self) -> list[TagCount]:
        """Each tag in use, most entries first, as ``readlog tags`` lists them."""
        from readlog.core.organise import tags
        from readlog.core.results import TagCount

        return [TagCount(r["tag"], int(r["entries"]), int(r["unread"] or 0)) for r in tags(self.store)]

    @_checked()
    def sources(self) -> list[Tally]:
        """Each source with its counts and when it last saved something, as ``readlog sources`` lists them."""
        from readlog.core.results import Tally
        from readlog.core.review import sources

        return [Tally.of(r) for r in sources(self.store)]

    @_checked()
    def categories(self) -> list[Tally]:
        """Each category, as ``readlog categories`` lists them (name None: entries without one)."""
        from readlog.core.results import Tally
        from readlog.core.review import categories

        return [Tally.of(r) for r in categories(self.store)]

    @_checked(since=_text_or_none)
    def stats(self, since: str | None = None) -> Stats:
        """Your reading habits, as ``readlog stats`` shows them: saved and read per
        week (or month, year), backlog, streaks, top sources. ``since``: the
        window, as --since takes it (2026-09-01, 8w, 6mo, all)."""
        from readlog.core.review import stats

        return stats(self.store, since)

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

    # ---- the library file ---------------------------------------------------------------

    @_checked()
    def check(self) -> Checked:
        """Look at the library file without changing it, as ``readlog db check`` does."""
        from readlog.core.maintenance import check
        from readlog.core.results import Checked

        if self.store.path == MEMORY:  # no file to open again: the connection is looked at
            from readlog.core.maintenance import problems
            from readlog.store.files import inspect_connection

            report = inspect_connection(self.store.conn, self.store.path)
            report = {**report, "problems": problems(report)}
        else:
            report = check(self.store.path)
        return Checked(tuple(report["problems"]), report)

    @_checked(path=_path_or_none)
    def backup(self, path: str | os.PathLike[str] | None = None, *, force: bool = False) -> Path:
        """Write a consistent, checked copy of the library, as ``readlog db backup``
        does (``path``: a file or a folder; default beside the library), and
        give where it went. Never over the library, nor over a file unless ``force``."""
        from readlog.core.maintenance import backup

        self._alone("backup")
        if path is None and self.store.path == MEMORY:
            raise BadValue.of("api_memory_backup")
        return backup(self.store, path, force=force).target  # type: ignore[arg-type]  # checked: a str

    @_checked()
    def rebuild_index(self, *, progress: Callable[[str, int | None], Any] | None = None) -> int:
        """Rebuild the search index from the entries, as ``readlog db rebuild-index``
        does; how many entries it holds. ``progress``: called with a label and a
        total, a context manager around the work (as the command's progress bar)."""
        from readlog.core.maintenance import rebuild_index

        self._alone("rebuild_index")
        return rebuild_index(self.store, progress)

    # ---- taking entries out ------------------------------------------------------------

    @_checked(filters=FILTERS)
    def export(
        self,
        fmt: str | None,
        file: str | os.PathLike[str] | IO[Any],
        *,
        lang: str = "en",
        **filters: Any,
    ) -> Exported:
        """Write entries in ``fmt`` (jsonl, json, csv, markdown, html or epub;
        None: by the file's extension) to ``file``: a path (replaced whole once
        written) or an open stream, binary or text (epub: binary only).
        Markdown to a folder (a path that is one, or ends in a separator) is a
        note file per entry. Every entry, archived ones too, unless
        ``filters`` (as entries() takes them) say otherwise. Returns how many
        entries were written (an int, an ``Exported`` that also says how many
        were ``skipped``, which ``left_out`` of a book, the ``format`` written
        and how many of a folder's files were ``unchanged``)."""
        from readlog.core.exporting import export_to
        from readlog.core.filters import api_filters
        from readlog.core.results import Exported

        name = self.export_format(fmt, file if isinstance(file, str) else None)  # a PathLike: by fmt only, as before
        f = api_filters(**{"archived": None, **filters})
        tally = export_to(self.store, f, name, file, lang=lang)
        return Exported(tally.written, tally.skipped, name, tally.unchanged, tuple(tally.left_out))

    @classmethod
    @_checked(opened=False, file=lambda value, name: value if value is None else _format_file(value, name))
    def export_format(cls, fmt: str | None, file: str | os.PathLike[str] | IO[Any] | None = None) -> str:
        """The format ``export(fmt, file)`` writes: ``fmt`` checked (jsonl, json,
        csv, markdown, html or epub, or an alias such as md), else the one a path's
        extension names, else jsonl; BadValue for any other. Asked of the class
        as well (``readlog.Library.export_format``): no library is opened."""
        from readlog.core.exporting import choose_format

        return choose_format(fmt, file if isinstance(file, str) else None)


def _reading(entries: Iterator[Entry], store: Store) -> Iterator[Entry]:
    """``entries`` as iter_entries gives them: an SQLite failure met while they are
    read (a busy or damaged file) is a ReadlogError, as from every other method."""
    try:
        yield from entries
    except sqlite3.Error as exc:
        from readlog.core.maintenance import database_error

        raise database_error(exc, store.path) from exc


def _format_file(value: Any, name: str) -> Any:
    """export_format's file: a str as it is (the command's ``-`` and empty too), else a path or a stream."""
    return value if isinstance(value, str) else _path_or_stream(value, name)


# The Library method of each state command (readlog star, read, ...; triage's s, r and a).
STATE_METHODS = {
    "star": "star",
    "unstar": "unstar",
    "read": "mark_read",
    "unread": "mark_unread",
    "archive": "archive",
    "unarchive": "unarchive",
}


def __getattr__(name: str) -> Any:
    """The result types, which this module once defined (``from readlog.core.library
    import Change``), loaded when first named: the commands open a Library on every
    run, and need none of them to list entries."""
    from readlog.core import results  # its package holds only the names and their modules

    if name in results.__all__:
        return getattr(results, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def open_for_command(
    db: str | None,
    *,
    notice: Callable[[Phrase], None] | None = None,
    progress: Callable[[str, int | None], Any] | None = None,
) -> Library:
    """The library a command's --db names (else what ``readlog.open()`` opens),
    with the face's ``notice`` of an upgrade and ``progress`` of its long steps."""
    # Not through core.maintenance (library_file): every command opens a library, and that
    # module (backups, restores and their result types) costs ~1.5 ms to import.
    from readlog.settings import library_path
    from readlog.store import Store

    return Library(Store.open(library_path(db)[0], notice=notice, progress=progress))


def _row(lib: Store, entry_id: int) -> dict[str, Any]:
    from readlog.core.reading import entry

    return entry(lib, entry_id)


def _last_action(lib: Store) -> int:
    """The action the call just made (the newest; in a transaction, the group's)."""
    return lib.newest_action()
