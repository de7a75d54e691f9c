"""The record of changes to what is not an entry (saved views, followed feeds), that undo reads.

Entries' changes are events (store/organise.py). A saved view or a followed feed is kept
whole instead: each change is a row of its table's change log (``view_changes``,
``feed_changes``: m015, m017) with the action that made it, the thing's key (a view's
name, a feed's address) and its row before and after as JSON (NULL: there was none, or
none is left). One ChangeLog reads and writes either; writing the row back is each
module's own (store/views.py, store/feeds.py). Nothing here prints.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from readlog.store.library import Store

Row = dict[str, Any]


class ChangeLog:
    """The change log ``table``, whose rows name what changed by the column ``key``;
    ``refused``: why undo refuses an action when a later one changed the same thing
    (store/organise.py's Hindrance)."""

    def __init__(self, table: str, key: str, refused: str) -> None:
        self.table, self.key, self.refused = table, key, refused  # names of the schema's, never a user's

    def record(self, lib: Store, action: int, key: str, before: Row | None, after: Row | None) -> None:
        """Note that ``action`` changed ``key`` from ``before`` to ``after``."""
        lib.conn.execute(
            f"INSERT INTO {self.table} (action_id, {self.key}, before, after) VALUES (?, ?, ?, ?)",
            (action, key, None if before is None else json.dumps(before), None if after is None else json.dumps(after)),
        )

    def changes_of(self, lib: Store, action: int) -> list[Row]:
        """The changes ``action`` made, oldest first: each its key, ``before`` and ``after``."""
        return [
            {
                self.key: r[self.key],
                "before": json.loads(r["before"]) if r["before"] else None,
                "after": json.loads(r["after"]) if r["after"] else None,
            }
            for r in lib.conn.execute(
                f"SELECT {self.key}, before, after FROM {self.table} WHERE action_id = ? ORDER BY id", (action,)
            )
        ]

    def changed(self, lib: Store, action: int) -> bool:
        """Whether ``action`` changed anything this log keeps."""
        sql = f"SELECT 1 FROM {self.table} WHERE action_id = ? LIMIT 1"
        return lib.conn.execute(sql, (action,)).fetchone() is not None

    def changed_since(self, lib: Store, action: int) -> int | None:
        """The newest action after ``action``, not undone, that changed something ``action``
        changed (undoing ``action`` would write over it), or None."""
        r = lib.conn.execute(
            f"SELECT max(c.action_id) FROM {self.table} AS c JOIN actions AS a ON a.id = c.action_id "
            "WHERE c.action_id > ? AND a.undone_at IS NULL "
            f"AND c.{self.key} IN (SELECT {self.key} FROM {self.table} WHERE action_id = ?)",
            (action, action),
        ).fetchone()
        return None if r is None or r[0] is None else int(r[0])

    def exists_sql(self) -> str:
        """Whether the action ``a`` changed anything this log keeps, as SQL (organise's CHANGED_SOMETHING)."""
        return f"EXISTS (SELECT 1 FROM {self.table} WHERE action_id = a.id)"


VIEWS = ChangeLog("view_changes", "name", "view_changed")  # saved views (store/views.py)
FEEDS = ChangeLog("feed_changes", "url", "feed_changed")  # followed feeds (store/feeds.py)
LOGS = (VIEWS, FEEDS)
