"""Schema 15: saved views, and the record of their changes that undo reads. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database


def m015_saved_views(db: Database) -> None:
    """A table of saved views (``readlog view save NAME [FILTERS]``): a name, unique whatever
    its case, and the filters as they were given (a JSON object of the Python API's filter
    arguments, ``since: "7d"`` kept as typed so that it moves with the day), with when it was
    made and last changed. And each change of one (saved, changed, removed), kept with the
    action that made it and the view before and after (NULL: there was none, or none is
    left), so that undoing the action puts the view back as it was."""
    db.execute(
        """CREATE TABLE views (
            name TEXT PRIMARY KEY COLLATE NOCASE,
            filters TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE view_changes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            action_id INTEGER NOT NULL REFERENCES actions(id),
            name TEXT NOT NULL COLLATE NOCASE,
            before TEXT,
            after TEXT
        )"""
    )
    db.execute("CREATE INDEX view_changes_action ON view_changes (action_id)")
    db.execute("CREATE INDEX view_changes_name ON view_changes (name)")
