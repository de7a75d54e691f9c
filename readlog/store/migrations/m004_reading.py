"""Schema 4: a fetched article's text and what the fetch found, the trash,
and the text in the search index. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.store.migrations.m002_search import FTS_COLUMNS_V2, SEARCH_TRIGGERS, create_search_index

if TYPE_CHECKING:
    from sqlite_utils import Database

# Columns of entries that the full-text index covers since m004 (which added the article's text).
FTS_COLUMNS_V4 = (*FTS_COLUMNS_V2, "text")


def m004_reading(db: Database) -> None:
    """Reading in readlog: a fetched article's text and what the fetch found,
    a trash that deleted entries wait in, and the text in the search index.

    The new columns go at the end of the row (the text last), so listing and
    filtering never read a long article's overflow pages. A trashed entry
    leaves ``entries`` (and with it every view, count and the search index)
    and waits in ``trash`` as its whole row, so restoring brings back all of
    its state under the same id; its identity columns stay queryable so a
    re-import can tell that it was thrown away.
    """
    for spec in (
        "fetched_at TEXT",  # the last attempt to fetch the page, good or bad
        "fetch_status INTEGER",  # the HTTP status of that attempt; NULL when no response came
        "fetch_error TEXT NOT NULL DEFAULT ''",  # why it failed; '' after a good fetch
        "dead_at TEXT",  # when the link was found dead (4xx/5xx after retries, no such host)
        "final_url TEXT NOT NULL DEFAULT ''",  # where the redirects ended
        "lang TEXT NOT NULL DEFAULT ''",  # the article's language (zh, en, ...)
        "words INTEGER",  # words, counting each CJK character as one
        "minutes INTEGER",  # estimated reading time, whole minutes (at least 1)
        "text TEXT NOT NULL DEFAULT ''",  # the article's main text (see fetch)
    ):
        db.execute(f"ALTER TABLE entries ADD COLUMN {spec}")
    db.execute("CREATE INDEX entries_minutes ON entries (minutes) WHERE minutes IS NOT NULL")
    db.execute("CREATE INDEX entries_dead ON entries (dead_at) WHERE dead_at IS NOT NULL")
    db.execute(
        """
        CREATE TABLE trash (
            id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL,
            url_key TEXT NOT NULL DEFAULT '',
            deleted_at TEXT NOT NULL,
            action_id INTEGER REFERENCES actions(id),
            row TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX trash_fingerprint ON trash (fingerprint)")
    db.execute("CREATE INDEX trash_url_key ON trash (url_key) WHERE url_key != ''")
    db.execute("CREATE INDEX trash_deleted ON trash (deleted_at)")
    for trigger in SEARCH_TRIGGERS:
        db.execute(f"DROP TRIGGER {trigger}")
    db.execute("DROP TABLE entries_fts_vocab")
    db.execute("DROP TABLE entries_fts")
    create_search_index(db, FTS_COLUMNS_V4)
