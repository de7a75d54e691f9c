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
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, Union

from readlog.core.arguments import FILTERS, SEARCH_FILTERS, _checked, _flag, _ids_or_all, _path
from readlog.model.errors import BadValue, ReadlogError, UsageError
from readlog.model.record import Entry

if TYPE_CHECKING:
    from readlog.core.fetching import FetchReport
    from readlog.inputs.ingest import FileResult
    from readlog.model.entry import Problem
    from readlog.store import Filters, Store

Ids = Union[int, Iterable[int]]
Tags = Union[str, Iterable[str]]


# ---- what the methods return ------------------------------------------------------------


@dataclass(frozen=True)
class ImportedFile:
    """What an import did with one file (a directory or archive holds several)."""

    name: str
    format: str  # the format it was read as ("" when it was not read)
    added: int  # new entries
    updated: int  # entries the file's records added something to
    unchanged: int  # records of entries already there, with nothing new
    skipped: int  # records that could not be imported (each has a problem)
    merged: int  # records taken as an entry already there, by link or text
    trashed: int  # records of entries in the trash: not brought back
    problems: tuple[Problem, ...]  # line and message of each problem
    error: str | None  # why the file was not imported at all, else None
    passed_over: str  # in a directory or archive: why the file was not imported ("" when it was)
    as_of: datetime | None = None  # what relative stamps (收藏16 天前) were counted from (None: not read)
    as_of_from: str = ""  # where that came from: "given", "file", "archive" (a zip member's) or "now"


@dataclass(frozen=True)
class ImportReport:
    """What ``import_path`` did: the counts over every file, and each file's result."""

    files: tuple[ImportedFile, ...]

    @property
    def added(self) -> int:
        return sum(f.added for f in self.files)

    @property
    def updated(self) -> int:
        return sum(f.updated for f in self.files)

    @property
    def unchanged(self) -> int:
        return sum(f.unchanged for f in self.files)

    @property
    def skipped(self) -> int:
        return sum(f.skipped for f in self.files)

    @property
    def merged(self) -> int:
        return sum(f.merged for f in self.files)

    @property
    def trashed(self) -> int:
        return sum(f.trashed for f in self.files)

    @property
    def problems(self) -> tuple[Problem, ...]:
        return tuple(p for f in self.files for p in f.problems)

    @property
    def errors(self) -> tuple[str, ...]:
        """Why files of a directory or archive could not be imported at all."""
        return tuple(f.error for f in self.files if f.error)

    @property
    def ok(self) -> bool:
        """True when every file was imported without a problem (``readlog import`` exits 0):
        a browser file's count of bookmarks that are not web pages is none (Problem.passes)."""
        return not self.errors and all(p.passes for p in self.problems)


@dataclass(frozen=True)
class Change:
    """What a change to entries did: the recorded action (``readlog history``;
    None when nothing changed, which is not recorded) and which entries
    changed; the others were already as asked."""

    action: int | None
    changed: tuple[int, ...]
    unchanged: tuple[int, ...]


@dataclass(frozen=True)
class UndoneChange:
    """One entry's change that undo took back."""

    entry_id: int
    title: str
    kind: str  # read, starred, archived, tags, note, edit, rm, restore, add; "added" for an import's entry


@dataclass(frozen=True)
class Undone:
    """What ``undo`` reverted: the action (as history lists it) and each entry's change."""

    action: int
    command: str
    changes: tuple[UndoneChange, ...]
    dry_run: bool  # nothing was changed: this is what undo would do


@dataclass(frozen=True)
class Action:
    """One recorded action, as ``readlog history`` lists it."""

    id: int
    at: datetime | None
    command: str  # the command line it was recorded as, e.g. "star 3 4"
    summary: str
    changes: int  # entries it changed (or added)
    undone_at: datetime | None

    @property
    def undone(self) -> bool:
        return self.undone_at is not None


# ---- the library --------------------------------------------------------------------------


class Library:
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
        from readlog.core.importing import import_files
        from readlog.inputs.reader import Stream
        from readlog.model.sanitize import shown_name

        if isinstance(path, str):
            if name is not None:
                raise BadValue.of("api_name_for_streams")
            source: str | Stream = path
            shown = shown_name(path)
        else:
            given = name if name is not None else getattr(path, "name", None)
            shown = shown_name(given) if isinstance(given, str) and given else "<stream>"
            source = Stream(shown, path)
        results = import_files(self.store, [source], fmt=format, as_of=as_of, encoding=encoding, strict=strict)
        for result in results:
            if result.error and result.name == shown:  # the path itself, not one file inside it
                raise result.failure or ReadlogError(result.error)
        return ImportReport(tuple(_imported(r) for r in results))

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
        from readlog.core import capture
        from readlog.model.tags import unique_tags

        opts = capture.AddOptions(
            title=title,
            tags=unique_tags(tags),
            note=note,
            star=star,
            read=read,
            source=source,
            category=category,
            fetch=fetch,
        )
        result = capture.add(self.store, [url.strip()], opts)[0]
        if result.status == "trash":
            raise ReadlogError.of("in_trash", n=1, ids=str(result.id), words=str(result.id))
        return self.get(result.id)

    @_checked(ids=_ids_or_all)
    def fetch(self, ids: Ids | None = None, *, refetch: bool = False, jobs: int = 4) -> FetchReport:
        """Download the entries' pages and keep their article text, as ``readlog fetch`` does:
        ``ids``, else every entry never fetched (or whose last try failed). Uses the network."""
        from readlog.core import fetching
        from readlog.model import shell

        self._alone("fetch")
        numbers: list[int] | None = ids  # type: ignore[assignment]
        command = shell.join(["fetch", *(numbers or [])[:50], *(["--refetch"] if refetch else [])])
        return fetching.fetch(self.store, numbers, None, refetch=refetch, jobs=jobs, command=command)

    # ---- reading ----------------------------------------------------------------------

    @_checked()
    def get(self, entry_id: int) -> Entry:
        """The entry with this id; ReadlogError when there is none (saying so
        when it is in the trash). Reading changes nothing."""
        from readlog.core.reading import entry

        return Entry.from_row(entry(self.store, entry_id))

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
        sort: str | None = None,
        reverse: bool = False,
        limit: int | None = None,
        offset: int = 0,
    ) -> list[Entry]:
        """Entries, newest saved first (a search: best match first), as ``readlog list`` shows them.

        ``unread``: True only unread, False only read, None both. ``starred``:
        True only starred, False only not starred. ``archived``: False (the
        default) hides archived entries, True gives only them, None both.
        ``tag``: one tag or several (all must be there). ``since``/``before``:
        a date, a datetime (without a zone: local time) or text as the options
        take it (2026-11-01, 7d, 2w). ``sort``: saved, published, title,
        source, read or id. ``limit``: None or 0 for all. ``offset``: skip that
        many first (a page: ``limit=20, offset=40``).
        """
        from readlog.core.reading import RECORD_COLUMNS, list_entries

        f = _filters(unread, starred, archived, tag, source, category, search, since, before)
        count: int = limit  # type: ignore[assignment]  # checked: 0 for all
        listing = list_entries(
            self.store, f, sort=sort, reverse=reverse, limit=count, columns=RECORD_COLUMNS, total=False, offset=offset
        )
        return [Entry.from_row(r) for r in listing.rows]

    @_checked(filters=(*FILTERS, "sort", "reverse"))
    def iter_entries(self, **filters: Any) -> Iterator[Entry]:
        """The entries of ``entries(**filters)`` one at a time, read as they are
        taken: a large library is never held whole. Arguments are checked at
        once; change the library only once the iteration is done."""
        from readlog.core.reading import RECORD_COLUMNS, each_entry

        sort, reverse = filters.pop("sort", None), filters.pop("reverse", False)
        f = _filters(**filters)
        found = each_entry(self.store, f, sort=sort, reverse=reverse, columns=RECORD_COLUMNS, with_snippets=False)
        return (Entry.from_row(row) for row, _ in found)

    @_checked(filters=SEARCH_FILTERS)
    def search(self, query: str, limit: int | None = 20, offset: int = 0, **filters: Any) -> list[Entry]:
        """Entries matching ``query`` (as ``readlog search`` reads it: words, "a
        phrase", -exclude, a OR b), best match first; ``offset`` skips that many
        first; ``filters`` as entries() takes them."""
        return self.entries(search=query, limit=limit, offset=offset, **filters)

    @_checked(filters=FILTERS)
    def count(self, **filters: Any) -> int:
        """How many entries match; ``filters`` as entries() takes them (without sort and limit)."""
        return self.store.count(_filters(**{"archived": False, **filters}))

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

        name = actions.STATE_COMMANDS[(which, on)]
        action, results = actions.set_state(self.store, ids, which, on, name=name)
        return _change(action, results)

    @_checked()
    def tag(self, ids: Ids, add: Tags = (), remove: Tags = ()) -> Change:
        """Add and remove tags, as ``readlog tag IDS +TAG -TAG`` does (one action)."""
        from readlog.core import actions

        words = [*(f"+{t}" for t in add), *(f"-{t}" for t in remove)]
        _, plus, minus = actions.parse_tag_args(words)  # the command's checks: no empty tag, not both
        action, results = actions.tag_ids(self.store, ids, plus, minus)  # type: ignore[arg-type]
        return _change(action, results)

    @_checked()
    def note(self, entry_id: int, text: str | None) -> Change:
        """Replace the entry's note with ``text``; None removes it. An empty
        text (or one of spaces) is not a note and removes nothing: BadValue."""
        from readlog.core import actions

        note = "" if text is None else actions.clean_note(text)
        if text is not None and not note:
            raise BadValue.of("api_note_empty", id=entry_id)
        action, what = actions.write_note(self.store, entry_id, note, clear=text is None)
        changed = what != "unchanged"
        return Change(action if changed else None, (entry_id,) if changed else (), () if changed else (entry_id,))

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
    def undo(self, action: int | None = None, *, dry_run: bool = False) -> Undone:
        """Revert the newest action not yet undone (from the API, a command or
        the triage screen alike), as ``readlog undo`` does, or ``action``, an
        older one by its number, as ``readlog undo ACTION --yes`` does.
        ReadlogError, changing nothing, when there is nothing to undo or the
        action cannot be taken back (its ``key`` says why: undo_emptied,
        undo_gone, undo_deleted, undo_changed,
        undo_nothing, undo_already, undo_no_action)."""
        from readlog.core import actions

        self._alone("undo")
        if action is None:
            report = actions.undo_last(self.store, dry_run=dry_run)
        else:
            report = actions.undo_action(self.store, action, dry_run=dry_run)
        changes = tuple(UndoneChange(c.entry_id, c.title or "", c.kind) for c in report.changes)
        return Undone(int(report.action["id"]), str(report.action["command"]), changes, dry_run)

    @_checked()
    def history(self, limit: int | None = 20) -> list[Action]:
        """Recorded actions, newest first, as ``readlog history`` lists them; ``limit`` None or 0 for all."""
        from readlog.core.organise import history
        from readlog.model.stamps import from_iso

        rows = history(self.store, limit)  # type: ignore[arg-type]
        return [
            Action(
                id=r["id"],
                at=from_iso(r["at"]),
                command=r["command"],
                summary=r["summary"] or "",
                changes=int(r["changes"] or 0) + int(r["added"] or 0),
                undone_at=from_iso(r["undone_at"]),
            )
            for r in rows
        ]

    # ---- taking entries out ------------------------------------------------------------

    @_checked(filters=FILTERS)
    def export(
        self,
        fmt: str | None,
        file: str | os.PathLike[str] | IO[Any],
        *,
        lang: str = "en",
        **filters: Any,
    ) -> int:
        """Write entries in ``fmt`` (jsonl, json, csv, markdown or html; None:
        by the file's extension) to ``file``: a path (replaced whole once
        written) or an open stream, binary or text. Every entry, archived
        ones too, unless ``filters`` (as entries() takes them) say otherwise.
        Returns how many entries were written."""
        from readlog.core.exporting import choose_format, export_to

        path = file if isinstance(file, str) else None
        name = choose_format(fmt, path)
        f = _filters(**{"archived": None, **filters})
        return export_to(self.store, f, name, file, lang=lang).written


def _filters(
    unread: bool | None = None,
    starred: bool | None = None,
    archived: bool | None = False,
    tag: Any = None,
    source: str | None = None,
    category: str | None = None,
    search: str | None = None,
    since: Any = None,
    before: Any = None,
) -> Filters:
    """The store's Filters for the API's arguments as CHECKS gave them (``tag``
    a list, ``since`` and ``before`` stored times); an empty one must not
    mean everything, as with the commands' options."""
    from readlog.core.filters import make_filters

    for name, value in (("source", source), ("category", category), *(("tag", t) for t in tag or ())):
        if value is not None and not value.strip():
            raise UsageError.of("needs_value", option=name)
    f = make_filters(
        unread=unread is True,
        read=unread is False,
        starred=starred is True,
        source=source,
        category=category,
        since=since,
        before=before,
        tags=tag or [],
        archived=archived is True,
        search=search,
    )
    f.archived = archived
    f.unstarred = starred is False
    return f


def _change(action: int, results: Sequence[tuple[dict[str, Any], bool]]) -> Change:
    changed = tuple(int(row["id"]) for row, did in results if did)
    unchanged = tuple(int(row["id"]) for row, did in results if not did)
    return Change(action if changed else None, changed, unchanged)


def _imported(result: FileResult) -> ImportedFile:
    counts = result.counts
    return ImportedFile(
        name=result.name,
        format=result.format,
        added=counts.added,
        updated=counts.updated,
        unchanged=counts.unchanged,
        skipped=counts.skipped,
        merged=len(counts.merged),
        trashed=counts.trashed,
        problems=tuple(result.problems),
        error=result.error,
        passed_over=result.skipped_because,
        as_of=result.as_of,
        as_of_from=result.as_of_from,
    )
