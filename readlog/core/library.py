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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, Union

from readlog.model.errors import ReadlogError, UsageError
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
        """True when every file was imported without a problem (``readlog import`` exits 0)."""
        return not self.errors and not self.problems


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

    Not thread-safe: use one Library per thread (each opens its own connection).
    """

    def __init__(self, store: Store) -> None:
        self._store: Store | None = store

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None) -> Library:
        """Open (creating if needed, upgrading if older) the library at ``path``,
        else the one the ``readlog`` command uses ($READLOG_DB, else the config file's, else the user data folder's)."""
        from readlog.settings import expand, library_path
        from readlog.store import Store

        where = expand(os.fspath(path), "library", "readlog.open()") if path is not None else library_path(None)[0]
        return cls(Store.open(where))

    # ---- opening and closing ----------------------------------------------------------

    @property
    def store(self) -> Store:
        """The store underneath (readlog.store): not part of the documented API."""
        if self._store is None:
            raise ReadlogError.of("api_library_closed")
        return self._store

    @property
    def path(self) -> Path:
        """The library file."""
        return self.store.path

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    def __enter__(self) -> Library:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<readlog.Library {str(self._store.path) if self._store else 'closed'!r}>"

    # ---- bringing entries in ----------------------------------------------------------

    def import_path(
        self,
        path: str | os.PathLike[str],
        as_of: str | datetime | None = None,
        *,
        format: str = "auto",
        encoding: str | None = None,
        strict: bool = False,
    ) -> ImportReport:
        """Import a file, a directory of them or a zip archive, as ``readlog import`` does.

        ``as_of``: when the export was made, for stamps like 收藏16 天前 (a
        datetime, or text as --as-of takes it; default: when each file was last
        modified, now for standard input). Re-importing adds
        nothing. One call is one action, whatever number of files it read
        (``undo()`` takes it all back). Problems with records are in the
        report (``report.ok``); a path that cannot be imported at all raises
        ReadlogError.
        """
        from readlog.core.importing import import_files

        name = os.fspath(path)
        results = import_files(self.store, [name], fmt=format, as_of=as_of, encoding=encoding, strict=strict)
        for result in results:
            if result.error and result.name == name:  # the path itself, not one file inside it
                raise result.failure or ReadlogError(result.error)
        return ImportReport(tuple(_imported(r) for r in results))

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
            tags=unique_tags(_tags(tags)),
            note=note,
            star=star,
            read=read,
            source=source,
            category=category,
            fetch=fetch,
        )
        result = capture.add(self.store, [url.strip()], opts)[0]
        if result.status == "trash":
            raise ReadlogError.of("in_trash_one", id=result.id)
        return self.get(result.id)

    def fetch(self, ids: Ids | None = None, *, refetch: bool = False, jobs: int = 4) -> FetchReport:
        """Download the entries' pages and keep their article text, as ``readlog fetch`` does:
        ``ids``, else every entry never fetched (or whose last try failed). Uses the network."""
        from readlog.core import fetching

        numbers = _ids(ids) if ids is not None else None
        from readlog.model import shell

        command = shell.join(["fetch", *(numbers or [])[:50], *(["--refetch"] if refetch else [])])
        return fetching.fetch(self.store, numbers, None, refetch=refetch, jobs=jobs, command=command)

    # ---- reading ----------------------------------------------------------------------

    def get(self, entry_id: int) -> Entry:
        """The entry with this id; ReadlogError when there is none (saying so
        when it is in the trash). Reading changes nothing."""
        from readlog.core.reading import entry

        return Entry.from_row(entry(self.store, _id(entry_id)))

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
        since: str | None = None,
        before: str | None = None,
        sort: str | None = None,
        reverse: bool = False,
        limit: int | None = None,
    ) -> list[Entry]:
        """Entries, newest saved first (a search: best match first), as ``readlog list`` shows them.

        ``unread``: True only unread, False only read, None both. ``starred``:
        True only starred, False only not starred. ``archived``: False (the
        default) hides archived entries, True gives only them, None both.
        ``tag``: one tag or several (all must be there). ``since``/``before``
        as the options take them (2026-11-01, 7d, 2w). ``sort``: saved,
        published, title, source, read or id. ``limit``: None or 0 for all.
        """
        from readlog.core.reading import RECORD_COLUMNS, list_entries

        f = _filters(unread, starred, archived, tag, source, category, search, since, before)
        count = 0 if limit is None else limit
        if starred is False:  # the store filters for starred only; "not starred" is picked out here
            rows = list_entries(self.store, f, sort=sort, reverse=reverse, columns=RECORD_COLUMNS, total=False).rows
            picked = [Entry.from_row(r) for r in rows if not r["starred_at"]]
            return picked[:count] if count else picked
        listing = list_entries(
            self.store, f, sort=sort, reverse=reverse, limit=count, columns=RECORD_COLUMNS, total=False
        )
        return [Entry.from_row(r) for r in listing.rows]

    def search(self, query: str, limit: int = 20, **filters: Any) -> list[Entry]:
        """Entries matching ``query`` (as ``readlog search`` reads it: words, "a
        phrase", -exclude, a OR b), best match first; ``filters`` as entries() takes them."""
        if not isinstance(query, str) or not query.strip():
            raise UsageError.of("search_needs_query")
        return self.entries(search=query, limit=limit, **filters)

    def count(self, **filters: Any) -> int:
        """How many entries match; ``filters`` as entries() takes them (without sort and limit)."""
        if filters.get("starred") is False:
            return len(self.entries(**filters))
        return self.store.count(_filters_of(filters, archived=False))

    # ---- changing entries: each call is one recorded action ------------------------------

    def star(self, ids: Ids) -> Change:
        return self._set(ids, "starred", True)

    def unstar(self, ids: Ids) -> Change:
        return self._set(ids, "starred", False)

    def mark_read(self, ids: Ids) -> Change:
        return self._set(ids, "read", True)

    def mark_unread(self, ids: Ids) -> Change:
        return self._set(ids, "read", False)

    def archive(self, ids: Ids) -> Change:
        return self._set(ids, "archived", True)

    def unarchive(self, ids: Ids) -> Change:
        return self._set(ids, "archived", False)

    def _set(self, ids: Ids, which: str, on: bool) -> Change:
        from readlog.core import actions

        name = actions.STATE_COMMANDS[(which, on)]
        action, results = actions.set_state(self.store, _ids(ids), which, on, name=name)
        return _change(action, results)

    def tag(self, ids: Ids, add: Tags = (), remove: Tags = ()) -> Change:
        """Add and remove tags, as ``readlog tag IDS +TAG -TAG`` does (one action)."""
        from readlog.core import actions

        numbers = _ids(ids)
        words = [*(f"+{t}" for t in _tags(add)), *(f"-{t}" for t in _tags(remove))]
        _, plus, minus = actions.parse_tag_args(words)  # the command's checks: no empty tag, not both
        action, results = actions.tag_ids(self.store, numbers, plus, minus)
        return _change(action, results)

    def note(self, entry_id: int, text: str) -> Change:
        """Replace the entry's note with ``text``; an empty text removes it."""
        from readlog.core import actions

        if not isinstance(text, str):
            raise UsageError.of("api_note_not_text", kind=type(text).__name__)
        number = _id(entry_id)
        note = actions.clean_note(text)
        action, what = actions.write_note(self.store, number, note, clear=not note)
        changed = what != "unchanged"
        return Change(action if changed else None, (number,) if changed else (), () if changed else (number,))

    # ---- history ---------------------------------------------------------------------

    def undo(self, action: int | None = None, *, dry_run: bool = False) -> Undone:
        """Revert the newest action not yet undone (from the API, a command or
        the triage screen alike), as ``readlog undo`` does, or ``action``, an
        older one by its number, as ``readlog undo ACTION --yes`` does.
        ReadlogError, changing nothing, when there is nothing to undo or the
        action cannot be taken back (its ``key`` says why: undo_emptied,
        undo_gone, undo_deleted_one/_many, undo_changed_one/_many,
        undo_nothing, undo_already, undo_no_action)."""
        from readlog.core import actions

        if action is None:
            report = actions.undo_last(self.store, dry_run=dry_run)
        else:
            report = actions.undo_action(self.store, _int(action), dry_run=dry_run)
        changes = tuple(UndoneChange(c.entry_id, c.title or "", c.kind) for c in report.changes)
        return Undone(int(report.action["id"]), str(report.action["command"]), changes, dry_run)

    def history(self, limit: int = 20) -> list[Action]:
        """Recorded actions, newest first, as ``readlog history`` lists them; ``limit`` 0 for all."""
        from readlog.core.organise import history
        from readlog.model.stamps import from_iso

        rows = history(self.store, _int(limit))
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

        path = file if isinstance(file, (str, os.PathLike)) else None
        name = choose_format(fmt, path)
        if filters.get("starred") is False:
            raise UsageError.of("api_export_unstarred")
        f = _filters_of(filters, archived=None)
        return export_to(self.store, f, name, file, lang=lang).written


# ---- arguments -------------------------------------------------------------------------------


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError.of("api_bad_id", value=value)
    return value


def _id(value: Any) -> int:
    """One entry id; a number no entry can have is a ReadlogError like an unknown one."""
    number = _int(value)
    from readlog.store import MAX_ID

    if not 0 < number <= MAX_ID:
        raise ReadlogError.of("no_entry", id=number)
    return number


def _ids(ids: Any) -> list[int]:
    """One id or an iterable of them -> a list, in order, without repeats."""
    if isinstance(ids, (str, bytes)) or not isinstance(ids, (int, Iterable)):
        raise UsageError.of("api_bad_id", value=ids)
    values = [ids] if isinstance(ids, int) else list(ids)
    if not values:
        raise UsageError.of("api_no_ids")
    return list(dict.fromkeys(_id(v) for v in values))


def _tags(tags: Any) -> list[str]:
    """One tag or an iterable of them."""
    if not isinstance(tags, (str, Iterable)):
        raise UsageError.of("api_bad_tag", value=tags)
    values = [tags] if isinstance(tags, str) else list(tags)
    for value in values:
        if not isinstance(value, str):
            raise UsageError.of("api_bad_tag", value=value)
    return values


FILTERS = ("unread", "starred", "archived", "tag", "source", "category", "search", "since", "before")


def _filters_of(given: dict[str, Any], *, archived: bool | None) -> Filters:
    """Filters from keyword arguments named as entries() names them."""
    unknown = sorted(set(given) - set(FILTERS))
    if unknown:
        raise UsageError.of("api_unknown_filter", name=unknown[0], known=", ".join(FILTERS))
    values = {"archived": archived, **given}
    return _filters(*(values.get(name) for name in FILTERS))


def _filters(
    unread: bool | None,
    starred: bool | None,
    archived: bool | None,
    tag: Tags | None,
    source: str | None,
    category: str | None,
    search: str | None,
    since: str | None,
    before: str | None,
) -> Filters:
    """The store's Filters for the API's arguments, checked as the commands' options are."""
    from readlog.core.filters import make_filters

    f = make_filters(
        unread=unread is True,
        read=unread is False,
        starred=starred is True,
        source=source,
        category=category,
        since=since,
        before=before,
        tags=_tags(tag) if tag is not None else [],
        archived=archived is True,
        search=search,
    )
    f.archived = archived
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
