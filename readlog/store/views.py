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
    _record(lib, action, name, was, after)
    return "changed" if was else "saved"


def remove(lib: Store, name: str, action: int) -> Row | None:
    """Remove the view ``name`` (case aside); the view removed, or None when there was none."""
    was = get(lib, name)
    if was is None:
        return None
    lib.conn.execute("DELETE FROM views WHERE name = ?", (was["name"],))
    _record(lib, action, was["name"], was, None)
    return was


def _record(lib: Store, action: int, name: str, before: Row | None, after: Row | None) -> None:
    lib.conn.execute(
        "INSERT INTO view_changes (action_id, name, before, after) VALUES (?, ?, ?, ?)",
        (action, name, None if before is None else json.dumps(before), None if after is None else json.dumps(after)),
    )


def changes_of(lib: Store, action: int) -> list[Row]:
    """The view changes ``action`` made, oldest first."""
    return [
        {
            "name": r["name"],
            "before": json.loads(r["before"]) if r["before"] else None,
            "after": json.loads(r["after"]) if r["after"] else None,
        }
        for r in lib.conn.execute(
            "SELECT name, before, after FROM view_changes WHERE action_id = ? ORDER BY id", (action,)
        )
    ]


def changed_since(lib: Store, action: int) -> int | None:
    """The newest action after ``action``, not undone, that changed a view ``action`` changed
    (undoing ``action`` would write over it), or None."""
    r = lib.conn.execute(
        "SELECT max(c.action_id) FROM view_changes AS c JOIN actions AS a ON a.id = c.action_id "
        "WHERE c.action_id > ? AND a.undone_at IS NULL "
        "AND c.name IN (SELECT name FROM view_changes WHERE action_id = ?)",
        (action, action),
    ).fetchone()
    return None if r is None or r[0] is None else int(r[0])


def undo(lib: Store, action: int) -> list[Row]:
    """Write back each view ``action`` changed as it was before (newest change first);
    the changes taken back."""
    changes = changes_of(lib, action)
    for change in reversed(changes):
        name, before = change["name"], change["before"]
        lib.conn.execute("DELETE FROM views WHERE name = ?", (name,))
        if before is not None:
            lib.conn.execute(
                "INSERT INTO views (name, filters, created_at, updated_at) VALUES (?, ?, ?, ?)",
                (before["name"], _as_json(before["filters"]), before["created_at"], before["updated_at"]),
            )
    return changes
