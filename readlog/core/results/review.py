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


@dataclass(frozen=True)
class Checked:
    """What ``lib.check()`` found, as ``readlog db check`` reports it."""

    problems: tuple[str, ...]  # in English; none when the library is sound
    report: dict[str, Any] = field(repr=False, compare=False)  # every finding: version, entries, index, integrity...

    @property
    def ok(self) -> bool:
        return not self.problems
