"""Values every module of the store shares: rows, the clock, the id limit, state columns, import counts."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

# The largest id SQLite can store (a signed 64-bit integer); larger numbers
# typed by a user can match nothing and must not reach SQLite (OverflowError).
MAX_ID = 2**63 - 1
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
