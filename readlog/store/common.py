"""Values every module of the store shares: the row type, the clock, the id limit, the state columns."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

# The largest id SQLite can store (a signed 64-bit integer); larger numbers
# typed by a user can match nothing and must not reach SQLite (OverflowError).
MAX_ID = 2**63 - 1
STATE_COLUMNS = {"read": "read_at", "starred": "starred_at", "archived": "archived_at"}
Row = dict[str, Any]


def utcnow() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
