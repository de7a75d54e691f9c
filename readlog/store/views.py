"""Saved views (schema 15): named filters, and the record of their changes that undo reads.

A view is a name (unique whatever its case) and a JSON object of the Python API's filter
arguments as they were given (``{"unread": true, "max_time": 10, "since": "7d"}``): kept as
typed, so that ``7d`` means the last seven days whenever the view is used. Each change is a
row of ``view_changes`` with its action and the view before and after (None: none), so that
undoing the action writes the view back as it was. Nothing here prints.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from readlog.store.changelog import VIEWS as LOG
from readlog.store.common import utcnow

if TYPE_CHECKING:
    from readlog.store.library import Store

Row = dict[str, Any]
COLUMNS = "name, filters, created_at, updated_at"


def _row(r: Any) -> Row:
    row = dict(r)
    try:
        filters = json.loads(row["filters"] or "{}")
    except ValueError:
        filters = {}
    row["filters"] = filters if isinstance(filters, dict) else {}
    return row


def listed(lib: Store) -> list[Row]:
    """Every saved view, by name (case aside)."""
    return [_row(r) for r in lib.conn.execute(f"SELECT {COLUMNS} FROM views ORDER BY name COLLATE NOCASE, name")]


def get(lib: Store, name: str) -> Row | None:
    """The view of that name (case aside), or None."""
    r = lib.conn.execute(f"SELECT {COLUMNS} FROM views WHERE name = ?", (name,)).fetchone()
    return None if r is None else _row(r)


def _as_json(filters: dict[str, Any]) -> str:
    return json.dumps(filters, ensure_ascii=False, sort_keys=True)


def put(lib: Store, name: str, filters: dict[str, Any], action: int) -> str:
    """Save ``filters`` as the view ``name`` (replacing one of that name, whose case it
    takes): ``saved``, ``changed`` or ``unchanged`` (nothing recorded)."""
    was = get(lib, name)
    if was is not None and was["filters"] == filters and was["name"] == name:
        return "unchanged"
    now = utcnow()
    after = {"name": name, "filters": filters, "created_at": was["created_at"] if was else now, "updated_at": now}
    if was is None:
        lib.conn.execute(
            "INSERT INTO views (name, filters, created_at, updated_at) VALUES (?, ?, ?, ?)",
            (name, _as_json(filters), now, now),
        )
    else:
        lib.conn.execute(
            "UPDATE views SET name = ?, filters = ?, updated_at = ? WHERE name = ?",
            (name, _as_json(filters), now, was["name"]),
        )
    LOG.record(lib, action, name, was, after)
    return "changed" if was else "saved"


def remove(lib: Store, name: str, action: int) -> Row | None:
    """Remove the view ``name`` (case aside); the view removed, or None when there was none."""
    was = get(lib, name)
    if was is None:
        return None
    lib.conn.execute("DELETE FROM views WHERE name = ?", (was["name"],))
    LOG.record(lib, action, was["name"], was, None)
    return was


def undo(lib: Store, action: int) -> list[Row]:
    """Write back each view ``action`` changed as it was before (newest change first);
    the changes taken back."""
    changes = LOG.changes_of(lib, action)
    for change in reversed(changes):
        name, before = change["name"], change["before"]
        lib.conn.execute("DELETE FROM views WHERE name = ?", (name,))
        if before is not None:
            lib.conn.execute(
                "INSERT INTO views (name, filters, created_at, updated_at) VALUES (?, ?, ?, ?)",
                (before["name"], _as_json(before["filters"]), before["created_at"], before["updated_at"]),
            )
    return changes
