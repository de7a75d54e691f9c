"""Schema 5: identity that loses nothing (fragments in link keys, feed items by guid). Frozen: never edit.

The one migration that calls live code: the link keys and fingerprints are
recomputed with model.entry's identity rule (normalize_url, refingerprint),
because they must agree with the keys that imports compute from then on. A
later change to that rule needs a migration of its own that recomputes the
keys again (this one then only does work that the later one redoes).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database


def m005_identity(db: Database) -> None:
    """Identity that loses nothing: fragments are part of a link's key, and a
    feed item's guid is its identity within its feed.

    Every entry's ``url_key`` is computed again with the new rule, and a
    fingerprint that was made from the old key is made again from the new
    one (fingerprints made from text stay as they are). No id changes and
    nothing is merged: the new keys only tell apart links the old ones
    confused. Imports gain the count of records already in the library.
    """
    from readlog.model.entry import normalize_url, refingerprint

    db.execute(
        "CREATE TABLE feed_items (feed TEXT NOT NULL, guid TEXT NOT NULL, entry_id INTEGER NOT NULL, "
        "import_id INTEGER, PRIMARY KEY (feed, guid)) WITHOUT ROWID"
    )
    db.execute("CREATE INDEX feed_items_entry ON feed_items (entry_id, feed)")
    db.execute("CREATE INDEX events_entry ON events (entry_id)")
    db.execute("ALTER TABLE imports ADD COLUMN unchanged INTEGER NOT NULL DEFAULT 0")

    conn = db.conn
    changed = []
    for entry_id, url, url_key, fp in conn.execute("SELECT id, url, url_key, fingerprint FROM entries WHERE url != ''"):
        key, new_fp = normalize_url(url), refingerprint(url, fp)
        if (key, new_fp) != (url_key, fp):
            changed.append((key, new_fp, entry_id))
    conn.executemany("UPDATE entries SET url_key = ?, fingerprint = ? WHERE id = ?", changed)
    trashed = []
    for entry_id, raw in conn.execute("SELECT id, row FROM trash"):
        row = json.loads(raw)
        url = row.get("url") or ""
        key, new_fp = normalize_url(url), refingerprint(url, row.get("fingerprint") or "")
        row.update(url_key=key, fingerprint=new_fp)
        trashed.append((key, new_fp, json.dumps(row, ensure_ascii=False), entry_id))
    conn.executemany("UPDATE trash SET url_key = ?, fingerprint = ?, row = ? WHERE id = ?", trashed)
