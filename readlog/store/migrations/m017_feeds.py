"""Schema 17: followed feeds, and the record of their changes that undo reads. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database


def m017_feeds(db: Database) -> None:
    """A table of the feeds ``readlog follow`` follows: the feed's address (unique), its
    title and site as last read, when it was followed, last checked and last read well,
    what the server said to ask again with (ETag, Last-Modified), the feed's own time to
    live (TTL, sy:updatePeriod) in seconds, how many checks in a row failed, when it is
    next due, the last error (a phrase as JSON) and how many items the last refresh added;
    ``action_id``: the action that followed it. And each change of one (followed,
    unfollowed, refreshed with new items), kept with its action and the feed's row before
    and after (NULL: there was none, or none is left), so that undoing the action puts
    the feed back as it was."""
    db.execute(
        "CREATE TABLE feeds (id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL UNIQUE, "
        "title TEXT NOT NULL DEFAULT '', site_url TEXT NOT NULL DEFAULT '', added_at TEXT NOT NULL, "
        "last_checked_at TEXT, last_ok_at TEXT, etag TEXT, last_modified TEXT, ttl_seconds INTEGER, "
        "failures INTEGER NOT NULL DEFAULT 0, next_check_at TEXT, last_error TEXT, last_new INTEGER, "
        "action_id INTEGER REFERENCES actions(id))"
    )
    db.execute(
        "CREATE TABLE feed_changes (id INTEGER PRIMARY KEY AUTOINCREMENT, "
        "action_id INTEGER NOT NULL REFERENCES actions(id), url TEXT NOT NULL, before TEXT, after TEXT)"
    )
    db.execute("CREATE INDEX feed_changes_action ON feed_changes (action_id)")
    db.execute("CREATE INDEX feed_changes_url ON feed_changes (url)")
