"""The library as a whole: its tags, sources and categories, and the file's check."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


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

    @classmethod
    def of(cls, row: dict[str, Any]) -> Tally:
        """A source's or category's row as core.review reads it."""
        from readlog.model.stamps import from_iso

        return cls(
            name=row["name"],
            entries=int(row["entries"]),
            unread=int(row["unread"] or 0),
            read=int(row["read"] or 0),
            starred=int(row["starred"] or 0),
            archived=int(row["archived"] or 0),
            latest_saved=from_iso(row["latest_saved"]),
            row=row,
        )


@dataclass(frozen=True)
class Checked:
    """What ``lib.check()`` found, as ``readlog db check`` reports it."""

    problems: tuple[str, ...]  # in English; none when the library is sound
    report: dict[str, Any] = field(repr=False, compare=False)  # every finding: version, entries, index, integrity...

    @property
    def ok(self) -> bool:
        return not self.problems
