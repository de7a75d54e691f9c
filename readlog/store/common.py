"""Values every module of the store shares: rows, the clock, state columns, import counts,
a count that may be an estimate. (The id limit is model/ids.py's.)"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, NamedTuple

STATE_COLUMNS = {"read": "read_at", "starred": "starred_at", "archived": "archived_at"}
Row = dict[str, Any]


def utcnow() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class Merged:
    """An incoming record taken as an entry the library already had."""

    line: int
    into: int  # the entry's id
    match: str  # why: merge.SAME_ITEM, SAME_LINK or SAME_TEXT
    changed: bool  # whether the record added something to the entry


@dataclass
class Counts:
    """What one import did: entries added, entries the records updated,
    records already in the library with nothing new (``unchanged``), and
    records that could not be imported at all (``skipped``, each with a
    problem saying why)."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    merged: list[Merged] = field(default_factory=list)
    trashed: int = 0  # matched an entry in the trash: not brought back


class Count(NamedTuple):
    """How many entries match: ``n``, somewhere between ``low`` and ``high``
    (both sure). Exact when the two meet (``Count.of``); otherwise ``n`` is
    an estimate within them (see ranking.cheap_count). A NamedTuple: a
    frozen dataclass would cost every command ~1 ms to define."""

    n: int
    low: int
    high: int

    @classmethod
    def of(cls, n: int) -> Count:
        """An exact count."""
        return cls(n, n, n)

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def rounded(self) -> int:
        """The figure to say: exact as it is; an estimate with two significant
        figures (90,874 -> 91,000), or as many more as keep it within its bounds."""
        if self.exact:
            return self.n
        digits = 2
        while True:
            step = 10 ** max(len(str(self.n)) - digits, 0)
            near = (self.n + step // 2) // step * step
            if step == 1 or self.low <= near <= self.high:
                return near
            digits += 1
