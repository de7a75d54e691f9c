"""What an import did, with each file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from readlog.inputs.ingest import FileResult
    from readlog.model.entry import Problem
    from readlog.model.errors import ReadlogError
    from readlog.store.counts import Merged


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
    as_of_used: bool = False  # whether any stamp of the file was counted from as_of
    merges: tuple[Merged, ...] = ()  # each record taken as an entry already there: line, into, match, changed
    cut: dict[str, int] = field(default_factory=dict)  # field -> how many values were cut to its limit
    encoding: str = ""  # the encoding guessed for a file that names none and is not UTF-8
    highlights: int = 0  # highlights added (to new entries and to entries already there)
    # The error (``error``) as a ReadlogError, to say in another language (``failure.localized("zh")``).
    failure: ReadlogError | None = field(default=None, repr=False, compare=False)
    # Why the file was passed over, to say in another language (``passed_over`` is it in English).
    reason: Any = field(default="", repr=False, compare=False)

    @property
    def failed(self) -> bool:
        """Whether the file's import went wrong: an error, or a problem other than a browser file's counts."""
        return bool(self.error) or any(not p.passes for p in self.problems)

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
            as_of_used=result.as_of_used,
            merges=tuple(counts.merged),
            cut=_with_dropped(result.cuts, counts.highlights_dropped),
            highlights=counts.highlights,
            encoding=result.encoding,
            failure=result.failure,
            reason=result.skipped_because,
        )


@dataclass(frozen=True)
class ImportReport:
    """What ``import_path`` did: the counts over every file, and each file's result."""

    files: tuple[ImportedFile, ...]

    @classmethod
    def of(cls, results: Sequence[FileResult]) -> ImportReport:
        """What inputs.ingest reports of each file."""
        return cls(tuple(ImportedFile.of(r) for r in results))

    @property
    def added(self) -> int:
        return sum(f.added for f in self.files)

    @property
    def highlights(self) -> int:
        return sum(f.highlights for f in self.files)

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


def _with_dropped(cuts: dict[str, int], dropped: int) -> dict[str, int]:
    """The import's cuts, with the highlights the store found no room for counted as dropped ones."""
    out = dict(cuts)
    if dropped:
        out["highlights"] = out.get("highlights", 0) + dropped
    return out
