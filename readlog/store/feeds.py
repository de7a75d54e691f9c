"""Followed feeds (schema 17): where each is, what the last check found, and the record
of their changes that undo reads.

A feed is its address (unique), its title and site as last read, and the state of its
checks: the ETag and Last-Modified to ask again with, its own time to live, the failures
in a row, when it is next due, the last error (a phrase as JSON) and the items the last
refresh added. Following, unfollowing, and a refresh that added items are each a row of
``feed_changes`` with their action and the feed's row before and after (None: none), so
that undoing the action writes the feed back as it was (a refresh undone forgets the
ETag it stored, so the next refresh reads the feed whole again). Nothing here prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from readlog.store.changelog import FEEDS as LOG
from readlog.store.common import utcnow

if TYPE_CHECKING:
    from readlog.store.library import Store

Row = dict[str, Any]
FIELDS = (
    "id",
    "url",
    "title",
    "site_url",
    "added_at",
    "last_checked_at",
    "last_ok_at",
    "etag",
    "last_modified",
    "ttl_seconds",
    "failures",
    "next_check_at",
    "last_error",
    "last_new",
    "action_id",
)
COLUMNS = ", ".join(FIELDS)
# What a refresh may change of a feed (check_done).
STATE = FIELDS[2:4] + FIELDS[5:14]


def listed(lib: Store) -> list[Row]:
    """Every followed feed, in the order they were followed."""
    return [dict(r) for r in lib.conn.execute(f"SELECT {COLUMNS} FROM feeds ORDER BY id")]


def get(lib: Store, url: str) -> Row | None:
    """The feed at that address, or None."""
    r = lib.conn.execute(f"SELECT {COLUMNS} FROM feeds WHERE url = ?", (url,)).fetchone()
    return None if r is None else dict(r)


def holds_item(lib: Store, feed: str, guid: str) -> bool:
    """Whether the library has the item ``guid`` of ``feed`` (a followed mailbox's message, by its Message-ID)."""
    return lib.conn.execute("SELECT 1 FROM feed_items WHERE feed = ? AND guid = ?", (feed, guid)).fetchone() is not None


def add(lib: Store, url: str, title: str, site_url: str, action: int) -> Row | None:
    """Follow the feed at ``url``; the feed's row, or None when it was followed already."""
    if get(lib, url) is not None:
        return None
    lib.conn.execute(
        "INSERT INTO feeds (url, title, site_url, added_at, action_id) VALUES (?, ?, ?, ?, ?)",
        (url, title, site_url, utcnow(), action),
    )
    after = get(lib, url)
    LOG.record(lib, action, url, None, after)
    return after


def remove(lib: Store, url: str, action: int) -> Row | None:
    """Stop following the feed at ``url``; its row, or None when there was none."""
    was = get(lib, url)
    if was is None:
        return None
    lib.conn.execute("DELETE FROM feeds WHERE url = ?", (url,))
    LOG.record(lib, action, url, was, None)
    return was


def check_done(lib: Store, url: str, values: Row, action: int | None = None) -> Row | None:
    """Store what a check of the feed found (``values``: columns of STATE); recorded as a
    change of ``action`` when given (a refresh that added items), so that undo takes it back."""
    was = get(lib, url)
    if was is None:
        return None
    values = {k: v for k, v in values.items() if k in STATE}
    if values:
        assignments = ", ".join(f"{k} = ?" for k in values)  # names checked against STATE
        lib.conn.execute(f"UPDATE feeds SET {assignments} WHERE url = ?", [*values.values(), url])
    after = get(lib, url)
    if action is not None:
        LOG.record(lib, action, url, was, after)
    return after


def added_by(lib: Store, import_id: int) -> list[int]:
    """The entries an import (one feed's refresh) added and that are still in the library."""
    return [r[0] for r in lib.conn.execute("SELECT id FROM entries WHERE import_id = ? ORDER BY id", (import_id,))]


def undo(lib: Store, action: int) -> list[Row]:
    """Write back each feed ``action`` changed as it was before (newest change first);
    the changes taken back."""
    changes = LOG.changes_of(lib, action)
    for change in reversed(changes):
        url, before = change["url"], change["before"]
        lib.conn.execute("DELETE FROM feeds WHERE url = ?", (url,))
        if before is not None:
            names = [k for k in FIELDS if k in before]
            lib.conn.execute(
                f"INSERT INTO feeds ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                [before[k] for k in names],
            )
    return changes
