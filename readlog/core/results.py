"""What the Library's methods return: plain, frozen values (docs/python-api.md).

Nothing here reads the library; the Library (core/library.py) makes these
from what the core functions give.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

__all__ = [
    "Action",
    "Change",
    "Checked",
    "Emptied",
    "ImportReport",
    "ImportedFile",
    "Plan",
    "TagCount",
    "Tally",
    "Trashed",
    "Undone",
    "UndoneChange",
]

if TYPE_CHECKING:
    from readlog.model.entry import Problem


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
    fields: tuple[str, ...] = ()  # edit: the fields that changed
    # Each entry's stored row as the change left it, with whether it changed (what the commands print).
    rows: tuple[tuple[dict[str, Any], bool], ...] = field(default=(), repr=False, compare=False)


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
    report: Any = field(default=None, repr=False, compare=False)  # the core's account, which the commands print


@dataclass(frozen=True)
class Action:
    """One recorded action, as ``readlog history`` lists it."""

    id: int
    at: datetime | None
    command: str  # the command line it was recorded as, e.g. "star 3 4"
    summary: str
    changes: int  # entries it changed (or added)
    undone_at: datetime | None
    row: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # as stored (what the commands print)

    @property
    def undone(self) -> bool:
        return self.undone_at is not None


@dataclass(frozen=True)
class Plan:
    """What a change to every entry the filters select would do (``lib.plan``),
    to look at before ``lib.apply(plan)`` changes exactly those entries."""

    command: str  # as history will record it, with its filters: "star --source 'Go Blog'"
    ids: tuple[int, ...]  # the entries it would change
    matched: int  # the entries the filters select, changed or not
    rows: tuple[dict[str, Any], ...] = field(default=(), repr=False, compare=False)  # each one's id, title, state
    change: Any = field(default=None, repr=False, compare=False)  # the core's change and filters, for apply
    filters: Any = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class Trashed:
    """An entry in the trash, as ``readlog trash`` lists it."""

    id: int
    title: str
    source: str
    url: str
    saved_at: datetime | None
    deleted_at: datetime | None
    action: int  # the action that moved it there (``history``)


@dataclass(frozen=True)
class Emptied:
    """What ``empty_trash`` deleted for good (or, with ``dry_run``, would)."""

    ids: tuple[int, ...]
    dry_run: bool
    # Each entry's row as the trash lists it, newest deleted first (what the command shows).
    rows: tuple[dict[str, Any], ...] = field(default=(), repr=False, compare=False)


@dataclass(frozen=True)
class TagCount:
    """A tag in use, as ``readlog tags`` lists it."""

    name: str
    entries: int
    unread: int


@dataclass(frozen=True)
class Tally:
    """A source or a category, as ``readlog sources`` and ``categories`` list them."""

    name: str | None  # None: the entries without one
    entries: int
    unread: int
    read: int
    starred: int
    archived: int
    latest_saved: datetime | None
    row: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # as stored (what the commands print)


@dataclass(frozen=True)
class Checked:
    """What ``lib.check()`` found, as ``readlog db check`` reports it."""

    problems: tuple[str, ...]  # in English; none when the library is sound
    report: dict[str, Any] = field(repr=False, compare=False)  # every finding: version, entries, index, integrity...

    @property
    def ok(self) -> bool:
        return not self.problems
