"""How far an entry was read: ``entries.progress`` (0 to 1) and ``progress_at`` (schema 14).

A change is recorded as an event with the columns before and after, like a note's
(organise.set_note), so that undo writes them back as it does any column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.store.common import utcnow

if TYPE_CHECKING:
    from readlog.store.library import Store

EVENT = "progress"
# Entries started and not finished, not read: the partial index entries_in_progress
# (m014) covers the first two terms, so a list of them reads that index.
IN_PROGRESS = "progress > 0 AND read_at IS NULL AND progress < 1"


def set_progress(lib: Store, entry_id: int, fraction: float, action_id: int) -> bool:
    """Set how far the entry was read (0 to 1); record the change. False if it was already so."""
    row = lib.conn.execute("SELECT progress, progress_at FROM entries WHERE id = ?", (entry_id,)).fetchone()
    before = {"progress": row[0], "progress_at": row[1]} if row else {"progress": None, "progress_at": None}
    if before["progress"] is not None and float(before["progress"]) == fraction:
        return False
    after = {"progress": fraction, "progress_at": utcnow()}
    lib.conn.execute("UPDATE entries SET progress = ?, progress_at = ? WHERE id = ?", (*after.values(), entry_id))
    lib._event(action_id, entry_id, EVENT, before, after)
    return True
