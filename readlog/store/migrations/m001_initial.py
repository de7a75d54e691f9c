"""Schema 1: entries, the record of imports, and the view counters. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database

# The views whose size every list footer shows, as conditions on one row.
VIEW_COUNTS = {
    "live": "{r}.archived_at IS NULL",
    "unread": "{r}.read_at IS NULL AND {r}.archived_at IS NULL",
    "done": "{r}.read_at IS NOT NULL AND {r}.archived_at IS NULL",
}


def m001_initial(db: Database) -> None:
    """Entries and the record of imports (the core version)."""
    db.execute(
        """
        CREATE TABLE entries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            fingerprint TEXT NOT NULL UNIQUE,
            url_key TEXT NOT NULL DEFAULT '',
            source TEXT NOT NULL DEFAULT '',
            category TEXT NOT NULL DEFAULT '',
            published TEXT,
            saved_at TEXT NOT NULL,
            read_at TEXT,
            starred_at TEXT,
            archived_at TEXT,
            imported_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            import_id INTEGER REFERENCES imports(id),
            saved_raw TEXT NOT NULL DEFAULT '',
            tags TEXT NOT NULL DEFAULT '[]',
            url TEXT NOT NULL DEFAULT '',
            title TEXT NOT NULL DEFAULT '',
            note TEXT NOT NULL DEFAULT '',
            verdict TEXT NOT NULL DEFAULT '',
            summary TEXT NOT NULL DEFAULT ''
        )
        """
    )
    db.execute(
        """
        CREATE TABLE imports (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            path TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            format TEXT NOT NULL,
            as_of TEXT NOT NULL,
            added INTEGER NOT NULL DEFAULT 0,
            updated INTEGER NOT NULL DEFAULT 0,
            skipped INTEGER NOT NULL DEFAULT 0,
            problems INTEGER NOT NULL DEFAULT 0
        )
        """
    )
    # Small columns come first and the long texts last, so that filtering and
    # listing never have to read a row's overflow pages. Partial indexes serve
    # the everyday views (the default list, --unread, --starred) both for
    # ordering and for counting without touching the rows at all.
    for name, spec in {
        "entries_saved": "(saved_at, published)",
        "entries_live": "(saved_at, published) WHERE archived_at IS NULL",
        "entries_unread": "(saved_at, published) WHERE read_at IS NULL AND archived_at IS NULL",
        "entries_starred": "(source COLLATE NOCASE, saved_at) WHERE starred_at IS NOT NULL",
        "entries_source": "(source COLLATE NOCASE, saved_at, published) WHERE archived_at IS NULL",
        "entries_category": "(category COLLATE NOCASE, saved_at, published) WHERE archived_at IS NULL",
        "entries_done": "(saved_at, published) WHERE read_at IS NOT NULL AND archived_at IS NULL",
        "entries_read": "(read_at) WHERE read_at IS NOT NULL",
        "entries_archived": "(archived_at) WHERE archived_at IS NOT NULL",
        "entries_url_key": "(url_key)",
    }.items():
        db.execute(f"CREATE INDEX {name} ON entries {spec}")
    _view_counts(db)


def _view_counts(db: Database) -> None:
    """How many entries each everyday view holds, kept by triggers.

    Counting even a partial index grows with the library (~8 ms at 100,000
    entries, a tenth of a read command's budget); these counters answer in
    constant time, and the database itself keeps them exact on every insert,
    delete and state change. ``readlog db check`` compares them with a
    recount.
    """
    db.execute("CREATE TABLE view_counts (view TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID")
    for view, cond in VIEW_COUNTS.items():
        (n,) = db.execute(f"SELECT count(*) FROM entries WHERE {cond.format(r='entries')}").fetchone()
        db.execute("INSERT OR REPLACE INTO view_counts (view, n) VALUES (?, ?)", (view, int(n)))
    plus = {v: f"({c.format(r='new')})" for v, c in VIEW_COUNTS.items()}
    minus = {v: f"({c.format(r='old')})" for v, c in VIEW_COUNTS.items()}
    bodies = {
        "AFTER INSERT ON entries": plus,
        "AFTER DELETE ON entries": {v: f"-{m}" for v, m in minus.items()},
        "AFTER UPDATE OF read_at, archived_at ON entries": {v: f"{plus[v]} - {minus[v]}" for v in VIEW_COUNTS},
    }
    for i, (when, deltas) in enumerate(bodies.items()):
        updates = " ".join(f"UPDATE view_counts SET n = n + {d} WHERE view = '{v}';" for v, d in deltas.items())
        db.execute(f"CREATE TRIGGER view_counts_{i} {when} BEGIN {updates} END")
