"""The entries in the trash, and what emptying it deleted."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


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
    # The entry's row as it was stored, with when it was deleted (what ``trash --json`` prints).
    row: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Emptied:
    """What ``empty_trash`` deleted for good (or, with ``dry_run``, would)."""

    ids: tuple[int, ...]
    dry_run: bool
    # Each entry's row as the trash lists it, newest deleted first (what the command shows).
    rows: tuple[dict[str, Any], ...] = field(default=(), repr=False, compare=False)
