"""Schema 3: actions and their events (undo, history, reading stats). Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database


def m003_events(db: Database) -> None:
    """Actions and their events: undo, history and reading stats."""
    db.execute(
        """
        CREATE TABLE actions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            command TEXT NOT NULL,
            summary TEXT NOT NULL DEFAULT '',
            undone_at TEXT
        )
        """
    )
    db.execute(
        """
        CREATE TABLE events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            action_id INTEGER NOT NULL REFERENCES actions(id),
            at TEXT NOT NULL,
            entry_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            before TEXT,
            after TEXT
        )
        """
    )
    db.execute("CREATE INDEX events_action ON events (action_id)")
    db.execute("CREATE INDEX events_kind_at ON events (kind, at)")
    db.execute("ALTER TABLE imports ADD COLUMN action_id INTEGER REFERENCES actions(id)")
