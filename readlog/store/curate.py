"""SQL for curating entries: edit their fields, and undo what rm, restore and add did.

An edit is one ``edit`` event holding the changed columns before and after
(and ``updated_at``), like every other change, so the ordinary undo writes
the old values back. The fingerprint is the entry's identity and is never
edited; a new link fills ``url_key``, so later imports of that link merge
into the entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.store import trash
from readlog.store.common import Row, utcnow

if TYPE_CHECKING:
    from readlog.store.library import Store

# The columns `readlog edit` may set, with url_key, which follows the url.
EDITABLE = ("title", "url", "url_key", "source", "category", "published", "summary", "verdict")
# Event kinds whose undo is not writing ``before`` back.
SPECIAL_UNDO = ("rm", "restore", "add", "drop")


def edit(lib: Store, entry_id: int, values: Row, action_id: int) -> Row:
    """Set ``values`` (editable columns only) on an entry; record one ``edit``
    event. Returns the columns that changed, with their new values."""
    row = lib.get(entry_id)
    if row is None:
        return {}
    changes = {k: v for k, v in values.items() if k in EDITABLE and row[k] != v}
    if not changes:
        return {}
    now = utcnow()
    before = {k: row[k] for k in changes} | {"updated_at": row["updated_at"]}
    assignments = ", ".join(f"{k} = ?" for k in changes)  # names from EDITABLE
    lib.conn.execute(
        f"UPDATE entries SET {assignments}, updated_at = ? WHERE id = ?", [*changes.values(), now, entry_id]
    )
    lib._event(action_id, entry_id, "edit", before, changes)
    return changes


def link_owner(lib: Store, url_key: str, fingerprint: str, entry_id: int) -> tuple[int, bool] | None:
    """Another entry that already has this link: (its id, whether it is in the trash), or None."""
    live = lib.conn.execute(
        "SELECT id FROM entries WHERE (url_key = ? OR fingerprint = ?) AND id != ? LIMIT 1",
        (url_key, fingerprint, entry_id),
    ).fetchone()
    if live:
        return int(live[0]), False
    trashed = lib.conn.execute(
        "SELECT id FROM trash WHERE (url_key = ? OR fingerprint = ?) AND id != ? LIMIT 1",
        (url_key, fingerprint, entry_id),
    ).fetchone()
    return (int(trashed[0]), True) if trashed else None


def undo_event(lib: Store, kind: str, entry_id: int, before: Row) -> None:
    """Take back one ``rm``, ``restore``, ``add`` or ``drop`` event (inside the undo's transaction).

    rm: the entry comes back from the trash with all its state. restore: it
    goes back to the trash, with the time it was first deleted. add: it is
    deleted for good (its id is never given out again), as undoing an
    import deletes what the import added. drop (a received deletion): it
    comes back to the trash whole, with its highlights (trash.undrop).
    """
    if kind == "rm":
        trash.restore(lib, [entry_id], None)
    elif kind == "restore":
        trash.put_back(lib, entry_id, before.get("deleted_at"))
    elif kind == "drop":
        trash.undrop(lib, before)
    elif kind == "add":
        from readlog.store.highlights import forget_entries

        forget_entries(lib, [entry_id])
        lib.conn.execute("DELETE FROM feed_items WHERE entry_id = ?", (entry_id,))
        lib.conn.execute("DELETE FROM entries WHERE id = ?", (entry_id,))
        lib.conn.execute("DELETE FROM trash WHERE id = ?", (entry_id,))
