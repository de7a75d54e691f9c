"""Schema 20: the unread starred entries in the order ``next`` offers them. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database


def m018_unread_starred_index(db: Database) -> None:
    """The starred entries still unread and not archived, oldest saved first.

    ``next`` offers these first (store/queue.py). Read along the index of every
    starred entry (entries_starred, by source), it read each of them, read or
    not, and sorted them all for a screen of five: 3,500 rows at 100,000
    entries, ten times as many at 1,000,000. Along this index in its order, a
    screen stops after its rows.
    """
    db.execute(
        "CREATE INDEX entries_unread_starred ON entries (saved_at, published) "
        "WHERE starred_at IS NOT NULL AND read_at IS NULL AND archived_at IS NULL"
    )
