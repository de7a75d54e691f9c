"""Schema 16: what ``readlog sync`` keeps in the library. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database


def m016_sync_state(db: Database) -> None:
    """Two tables that only ``sync`` reads and writes (no read path touches them).

    ``sync_state``: named values, one a row (this library's device id, the CRDT
    document as its encoded state, how far the history and each other
    device's files were read, the update not yet written to the target).
    ``sync_known``: the fingerprint of each entry id sync has seen, so that an
    entry deleted for good (``trash --empty``, an undone import) is still
    known by its identity when its deletion is sent; and ``base``, which
    record of the entry (a hash) its columns came from.
    """
    db.execute("CREATE TABLE sync_state (name TEXT PRIMARY KEY, value) WITHOUT ROWID")
    db.execute(
        "CREATE TABLE sync_known (entry_id INTEGER PRIMARY KEY, fingerprint TEXT NOT NULL, "
        "base TEXT NOT NULL DEFAULT '')"
    )
