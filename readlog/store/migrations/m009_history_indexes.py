"""Schema 9: indexes for history and undo. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database


def m009_history_indexes(db: Database) -> None:
    """Find an action's imports, and an import's entries and feed items, by index.

    ``history`` counts the entries each import added and ``undo`` looks for
    (and deletes) them, both by ``entries.import_id`` through
    ``imports.action_id``: without these indexes each action scanned the
    entries table (0.1 s per listing on 20,000 entries). Undoing an import
    also deletes its ``feed_items`` by ``import_id``. Entries saved by
    ``add`` and feed items of older schemas have no import: the partial
    indexes leave them out.
    """
    db.execute("CREATE INDEX entries_import ON entries (import_id) WHERE import_id IS NOT NULL")
    db.execute("CREATE INDEX imports_action ON imports (action_id) WHERE action_id IS NOT NULL")
    db.execute("CREATE INDEX feed_items_import ON feed_items (import_id) WHERE import_id IS NOT NULL")
