"""What an import did, with each file."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from readlog.inputs.ingest import FileResult
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

    @classmethod
    def of(cls, result: FileResult) -> ImportedFile:
        """What inputs.ingest reports of one file."""
        from readlog.model.messages import shown

        counts = result.counts
        return cls(
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
            passed_over=shown(result.skipped_because),
            as_of=result.as_of,
            as_of_from=result.as_of_from,
        )


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
