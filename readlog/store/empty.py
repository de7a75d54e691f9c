# ruff: noqa: E501  (the statements are kept whole, as SQLite holds them)
"""A new library as the SQL that makes it: what the migrations build from nothing.

Making a library by replaying the migrations means importing sqlite-utils
and running ten migrations, which recreate the search triggers again and
again (SQLite parses the growing schema after every change): 0.54 G
instructions, a tenth of a first import of 5,000 bookmarks. The statements
below make the same library directly: the schema objects in the order the
migrations left them, their rows, the record of the migrations and the
header marks. They are the migrations' own result, written out by
``python -m readlog.store.empty`` (run it, then ruff format, after adding a
migration); tests/test_migrations.py checks that a library made from them is the one the
migrations build, object for object and row for row. When they lag behind
the migrations (VERSION below LATEST), libraries are made by the migrations.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone

# The schema version these statements make (migrations.LATEST when they were written).
VERSION = 19
# The migrations recorded as applied in _sqlite_migrations, in order.
APPLIED: tuple[str, ...] = (
    "m001_initial",
    "m002_search",
    "m003_events",
    "m004_reading",
    "m005_identity",
    "m006_fold_spaces_only_when_needed",
    "m007_application_id",
    "m008_fold_case_both_sides",
    "m009_history_indexes",
    "m010_one_copy_of_the_index_expressions",
    "m011_fold_width_and_joiners",
    "m012_messages_kept_as_meaning",
    "m013_index_fed_by_one_function",
    "m014_highlights_and_progress",
    "m015_saved_views",
    "m016_sync_state",
    "m017_feeds",
    "m018_unread_starred_index",
    "m019_group_counts",
)
STATEMENTS: tuple[str, ...] = (
    'CREATE TABLE "_sqlite_migrations" (\n   "id" INTEGER PRIMARY KEY,\n   "migration_set" TEXT,\n   "name" TEXT,\n   "applied_at" TEXT\n)',
    'CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"\n    ON "_sqlite_migrations" ("migration_set", "name")',
    "CREATE TABLE entries (\n            id INTEGER PRIMARY KEY AUTOINCREMENT,\n            fingerprint TEXT NOT NULL UNIQUE,\n            url_key TEXT NOT NULL DEFAULT '',\n            source TEXT NOT NULL DEFAULT '',\n            category TEXT NOT NULL DEFAULT '',\n            published TEXT,\n            saved_at TEXT NOT NULL,\n            read_at TEXT,\n            starred_at TEXT,\n            archived_at TEXT,\n            imported_at TEXT NOT NULL,\n            updated_at TEXT NOT NULL,\n            import_id INTEGER REFERENCES imports(id),\n            saved_raw TEXT NOT NULL DEFAULT '',\n            tags TEXT NOT NULL DEFAULT '[]',\n            url TEXT NOT NULL DEFAULT '',\n            title TEXT NOT NULL DEFAULT '',\n            note TEXT NOT NULL DEFAULT '',\n            verdict TEXT NOT NULL DEFAULT '',\n            summary TEXT NOT NULL DEFAULT ''\n        , fetched_at TEXT, fetch_status INTEGER, fetch_error TEXT NOT NULL DEFAULT '', dead_at TEXT, final_url TEXT NOT NULL DEFAULT '', lang TEXT NOT NULL DEFAULT '', words INTEGER, minutes INTEGER, text TEXT NOT NULL DEFAULT '', progress REAL, progress_at TEXT)",
    "CREATE TABLE imports (\n            id INTEGER PRIMARY KEY AUTOINCREMENT,\n            started_at TEXT NOT NULL,\n            finished_at TEXT,\n            path TEXT NOT NULL,\n            sha256 TEXT NOT NULL,\n            format TEXT NOT NULL,\n            as_of TEXT NOT NULL,\n            added INTEGER NOT NULL DEFAULT 0,\n            updated INTEGER NOT NULL DEFAULT 0,\n            skipped INTEGER NOT NULL DEFAULT 0,\n            problems INTEGER NOT NULL DEFAULT 0\n        , action_id INTEGER REFERENCES actions(id), unchanged INTEGER NOT NULL DEFAULT 0)",
    "CREATE INDEX entries_saved ON entries (saved_at, published)",
    "CREATE INDEX entries_live ON entries (saved_at, published) WHERE archived_at IS NULL",
    "CREATE INDEX entries_unread ON entries (saved_at, published) WHERE read_at IS NULL AND archived_at IS NULL",
    "CREATE INDEX entries_starred ON entries (source COLLATE NOCASE, saved_at) WHERE starred_at IS NOT NULL",
    "CREATE INDEX entries_source ON entries (source COLLATE NOCASE, saved_at, published) WHERE archived_at IS NULL",
    "CREATE INDEX entries_category ON entries (category COLLATE NOCASE, saved_at, published) WHERE archived_at IS NULL",
    "CREATE INDEX entries_done ON entries (saved_at, published) WHERE read_at IS NOT NULL AND archived_at IS NULL",
    "CREATE INDEX entries_read ON entries (read_at) WHERE read_at IS NOT NULL",
    "CREATE INDEX entries_archived ON entries (archived_at) WHERE archived_at IS NOT NULL",
    "CREATE INDEX entries_url_key ON entries (url_key)",
    "CREATE TABLE view_counts (view TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID",
    "CREATE TRIGGER view_counts_0 AFTER INSERT ON entries BEGIN UPDATE view_counts SET n = n + (new.archived_at IS NULL) WHERE view = 'live'; UPDATE view_counts SET n = n + (new.read_at IS NULL AND new.archived_at IS NULL) WHERE view = 'unread'; UPDATE view_counts SET n = n + (new.read_at IS NOT NULL AND new.archived_at IS NULL) WHERE view = 'done'; END",
    "CREATE TRIGGER view_counts_1 AFTER DELETE ON entries BEGIN UPDATE view_counts SET n = n + -(old.archived_at IS NULL) WHERE view = 'live'; UPDATE view_counts SET n = n + -(old.read_at IS NULL AND old.archived_at IS NULL) WHERE view = 'unread'; UPDATE view_counts SET n = n + -(old.read_at IS NOT NULL AND old.archived_at IS NULL) WHERE view = 'done'; END",
    "CREATE TRIGGER view_counts_2 AFTER UPDATE OF read_at, archived_at ON entries BEGIN UPDATE view_counts SET n = n + (new.archived_at IS NULL) - (old.archived_at IS NULL) WHERE view = 'live'; UPDATE view_counts SET n = n + (new.read_at IS NULL AND new.archived_at IS NULL) - (old.read_at IS NULL AND old.archived_at IS NULL) WHERE view = 'unread'; UPDATE view_counts SET n = n + (new.read_at IS NOT NULL AND new.archived_at IS NULL) - (old.read_at IS NOT NULL AND old.archived_at IS NULL) WHERE view = 'done'; END",
    "CREATE TABLE actions (\n            id INTEGER PRIMARY KEY AUTOINCREMENT,\n            at TEXT NOT NULL,\n            command TEXT NOT NULL,\n            summary TEXT NOT NULL DEFAULT '',\n            undone_at TEXT\n        )",
    "CREATE TABLE events (\n            id INTEGER PRIMARY KEY AUTOINCREMENT,\n            action_id INTEGER NOT NULL REFERENCES actions(id),\n            at TEXT NOT NULL,\n            entry_id INTEGER NOT NULL,\n            kind TEXT NOT NULL,\n            before TEXT,\n            after TEXT\n        )",
    "CREATE INDEX events_action ON events (action_id)",
    "CREATE INDEX events_kind_at ON events (kind, at)",
    "CREATE INDEX entries_minutes ON entries (minutes) WHERE minutes IS NOT NULL",
    "CREATE INDEX entries_dead ON entries (dead_at) WHERE dead_at IS NOT NULL",
    "CREATE TABLE trash (\n            id INTEGER PRIMARY KEY,\n            fingerprint TEXT NOT NULL,\n            url_key TEXT NOT NULL DEFAULT '',\n            deleted_at TEXT NOT NULL,\n            action_id INTEGER REFERENCES actions(id),\n            row TEXT NOT NULL\n        )",
    "CREATE INDEX trash_fingerprint ON trash (fingerprint)",
    "CREATE INDEX trash_url_key ON trash (url_key) WHERE url_key != ''",
    "CREATE INDEX trash_deleted ON trash (deleted_at)",
    "CREATE VIRTUAL TABLE entries_fts USING fts5(title, source, category, summary, verdict, note, tags, text, content='entries', content_rowid='id', tokenize='trigram')",
    "CREATE VIRTUAL TABLE entries_fts_vocab USING fts5vocab(entries_fts, 'row')",
    "CREATE TABLE feed_items (feed TEXT NOT NULL, guid TEXT NOT NULL, entry_id INTEGER NOT NULL, import_id INTEGER, PRIMARY KEY (feed, guid)) WITHOUT ROWID",
    "CREATE INDEX feed_items_entry ON feed_items (entry_id, feed)",
    "CREATE INDEX events_entry ON events (entry_id)",
    "CREATE INDEX entries_import ON entries (import_id) WHERE import_id IS NOT NULL",
    "CREATE INDEX imports_action ON imports (action_id) WHERE action_id IS NOT NULL",
    "CREATE INDEX feed_items_import ON feed_items (import_id) WHERE import_id IS NOT NULL",
    "CREATE TRIGGER entries_fts_ai AFTER INSERT ON entries BEGIN INSERT INTO entries_fts(rowid, title, source, category, summary, verdict, note, tags, text) VALUES (new.id, readlog_index_text(CAST(new.title AS BLOB)), readlog_index_text(CAST(new.source AS BLOB)), readlog_index_text(CAST(new.category AS BLOB)), readlog_index_text(CAST(new.summary AS BLOB)), readlog_index_text(CAST(new.verdict AS BLOB)), readlog_index_text(CAST(new.note AS BLOB)), readlog_index_text(CAST(CASE WHEN new.tags = '[]' THEN '' WHEN json_valid(new.tags) THEN coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), '') ELSE new.tags END AS BLOB)), readlog_index_text(CAST(new.text AS BLOB))); END",
    "CREATE TRIGGER entries_fts_ad AFTER DELETE ON entries BEGIN INSERT INTO entries_fts(entries_fts, rowid, title, source, category, summary, verdict, note, tags, text) VALUES ('delete', old.id, readlog_index_text(CAST(old.title AS BLOB)), readlog_index_text(CAST(old.source AS BLOB)), readlog_index_text(CAST(old.category AS BLOB)), readlog_index_text(CAST(old.summary AS BLOB)), readlog_index_text(CAST(old.verdict AS BLOB)), readlog_index_text(CAST(old.note AS BLOB)), readlog_index_text(CAST(CASE WHEN old.tags = '[]' THEN '' WHEN json_valid(old.tags) THEN coalesce((SELECT group_concat(value, ' ') FROM json_each(old.tags)), '') ELSE old.tags END AS BLOB)), readlog_index_text(CAST(old.text AS BLOB))); END",
    "CREATE TRIGGER entries_fts_au AFTER UPDATE OF title, source, category, summary, verdict, note, tags, text ON entries BEGIN INSERT INTO entries_fts(entries_fts, rowid, title, source, category, summary, verdict, note, tags, text) VALUES ('delete', old.id, readlog_index_text(CAST(old.title AS BLOB)), readlog_index_text(CAST(old.source AS BLOB)), readlog_index_text(CAST(old.category AS BLOB)), readlog_index_text(CAST(old.summary AS BLOB)), readlog_index_text(CAST(old.verdict AS BLOB)), readlog_index_text(CAST(old.note AS BLOB)), readlog_index_text(CAST(CASE WHEN old.tags = '[]' THEN '' WHEN json_valid(old.tags) THEN coalesce((SELECT group_concat(value, ' ') FROM json_each(old.tags)), '') ELSE old.tags END AS BLOB)), readlog_index_text(CAST(old.text AS BLOB))); INSERT INTO entries_fts(rowid, title, source, category, summary, verdict, note, tags, text) VALUES (new.id, readlog_index_text(CAST(new.title AS BLOB)), readlog_index_text(CAST(new.source AS BLOB)), readlog_index_text(CAST(new.category AS BLOB)), readlog_index_text(CAST(new.summary AS BLOB)), readlog_index_text(CAST(new.verdict AS BLOB)), readlog_index_text(CAST(new.note AS BLOB)), readlog_index_text(CAST(CASE WHEN new.tags = '[]' THEN '' WHEN json_valid(new.tags) THEN coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), '') ELSE new.tags END AS BLOB)), readlog_index_text(CAST(new.text AS BLOB))); END",
    "CREATE TABLE highlights (\n            id INTEGER PRIMARY KEY AUTOINCREMENT,\n            entry_id INTEGER NOT NULL,\n            kind TEXT NOT NULL DEFAULT 'highlight',\n            passage TEXT NOT NULL DEFAULT '',\n            note TEXT NOT NULL DEFAULT '',\n            made_at TEXT,\n            location TEXT NOT NULL DEFAULT '',\n            page TEXT NOT NULL DEFAULT '',\n            position INTEGER,\n            colour TEXT NOT NULL DEFAULT '',\n            added_at TEXT NOT NULL,\n            action_id INTEGER,\n            key TEXT NOT NULL\n        )",
    "CREATE INDEX entries_in_progress ON entries (saved_at) WHERE progress > 0 AND read_at IS NULL",
    "CREATE VIRTUAL TABLE highlights_fts USING fts5(passage, note, content='highlights', content_rowid='id', tokenize='trigram')",
    "CREATE TRIGGER highlights_fts_ai AFTER INSERT ON highlights BEGIN INSERT INTO highlights_fts(rowid, passage, note) VALUES (new.id, readlog_index_text(CAST(new.passage AS BLOB)), readlog_index_text(CAST(new.note AS BLOB))); END",
    "CREATE TRIGGER highlights_fts_ad AFTER DELETE ON highlights BEGIN INSERT INTO highlights_fts(highlights_fts, rowid, passage, note) VALUES ('delete', old.id, readlog_index_text(CAST(old.passage AS BLOB)), readlog_index_text(CAST(old.note AS BLOB))); END",
    "CREATE TRIGGER highlights_fts_au AFTER UPDATE OF passage, note ON highlights BEGIN INSERT INTO highlights_fts(highlights_fts, rowid, passage, note) VALUES ('delete', old.id, readlog_index_text(CAST(old.passage AS BLOB)), readlog_index_text(CAST(old.note AS BLOB))); INSERT INTO highlights_fts(rowid, passage, note) VALUES (new.id, readlog_index_text(CAST(new.passage AS BLOB)), readlog_index_text(CAST(new.note AS BLOB))); END",
    "CREATE UNIQUE INDEX highlights_entry ON highlights (entry_id, key)",
    "CREATE INDEX highlights_action ON highlights (action_id) WHERE action_id IS NOT NULL",
    "CREATE INDEX highlights_newest ON highlights (coalesce(made_at, added_at), id)",
    "CREATE TABLE views (\n            name TEXT PRIMARY KEY COLLATE NOCASE,\n            filters TEXT NOT NULL DEFAULT '{}',\n            created_at TEXT NOT NULL,\n            updated_at TEXT NOT NULL\n        )",
    "CREATE TABLE view_changes (\n            id INTEGER PRIMARY KEY AUTOINCREMENT,\n            action_id INTEGER NOT NULL REFERENCES actions(id),\n            name TEXT NOT NULL COLLATE NOCASE,\n            before TEXT,\n            after TEXT\n        )",
    "CREATE INDEX view_changes_action ON view_changes (action_id)",
    "CREATE INDEX view_changes_name ON view_changes (name)",
    "CREATE TABLE sync_state (name TEXT PRIMARY KEY, value) WITHOUT ROWID",
    "CREATE TABLE sync_known (entry_id INTEGER PRIMARY KEY, fingerprint TEXT NOT NULL, base TEXT NOT NULL DEFAULT '')",
    "CREATE TABLE feeds (id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL UNIQUE, title TEXT NOT NULL DEFAULT '', site_url TEXT NOT NULL DEFAULT '', added_at TEXT NOT NULL, last_checked_at TEXT, last_ok_at TEXT, etag TEXT, last_modified TEXT, ttl_seconds INTEGER, failures INTEGER NOT NULL DEFAULT 0, next_check_at TEXT, last_error TEXT, last_new INTEGER, action_id INTEGER REFERENCES actions(id))",
    "CREATE TABLE feed_changes (id INTEGER PRIMARY KEY AUTOINCREMENT, action_id INTEGER NOT NULL REFERENCES actions(id), url TEXT NOT NULL, before TEXT, after TEXT)",
    "CREATE INDEX feed_changes_action ON feed_changes (action_id)",
    "CREATE INDEX feed_changes_url ON feed_changes (url)",
    "CREATE INDEX entries_unread_starred ON entries (saved_at, published) WHERE starred_at IS NOT NULL AND read_at IS NULL AND archived_at IS NULL",
    "CREATE TABLE group_counts (kind TEXT NOT NULL, name TEXT NOT NULL, entries INTEGER NOT NULL DEFAULT 0, unread INTEGER NOT NULL DEFAULT 0, read INTEGER NOT NULL DEFAULT 0, starred INTEGER NOT NULL DEFAULT 0, archived INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (kind, name)) WITHOUT ROWID",
    "CREATE INDEX entries_archived_source ON entries (source COLLATE NOCASE, saved_at) WHERE archived_at IS NOT NULL",
    "CREATE INDEX entries_archived_category ON entries (category COLLATE NOCASE, saved_at) WHERE archived_at IS NOT NULL",
    "CREATE TRIGGER group_counts_0 AFTER INSERT ON entries BEGIN INSERT INTO group_counts (kind, name, entries, unread, read, starred, archived) SELECT kind, name, 1, (new.read_at IS NULL AND new.archived_at IS NULL), (new.read_at IS NOT NULL), (new.starred_at IS NOT NULL), (new.archived_at IS NOT NULL) FROM (SELECT 'source' AS kind, new.source AS name UNION ALL SELECT 'category', new.category UNION ALL SELECT 'tag', value FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END) WHERE type = 'text' UNION ALL SELECT 'minutes', CAST(new.minutes AS TEXT) WHERE new.minutes IS NOT NULL UNION ALL SELECT 'day', substr(new.saved_at, 1, 10)) WHERE true ON CONFLICT (kind, name) DO UPDATE SET entries = entries + excluded.entries, unread = unread + excluded.unread, read = read + excluded.read, starred = starred + excluded.starred, archived = archived + excluded.archived; END",
    "CREATE TRIGGER group_counts_1 AFTER DELETE ON entries BEGIN INSERT INTO group_counts (kind, name, entries, unread, read, starred, archived) SELECT kind, name, -1, -(old.read_at IS NULL AND old.archived_at IS NULL), -(old.read_at IS NOT NULL), -(old.starred_at IS NOT NULL), -(old.archived_at IS NOT NULL) FROM (SELECT 'source' AS kind, old.source AS name UNION ALL SELECT 'category', old.category UNION ALL SELECT 'tag', value FROM json_each(CASE WHEN json_valid(old.tags) THEN old.tags ELSE '[]' END) WHERE type = 'text' UNION ALL SELECT 'minutes', CAST(old.minutes AS TEXT) WHERE old.minutes IS NOT NULL UNION ALL SELECT 'day', substr(old.saved_at, 1, 10)) WHERE true ON CONFLICT (kind, name) DO UPDATE SET entries = entries + excluded.entries, unread = unread + excluded.unread, read = read + excluded.read, starred = starred + excluded.starred, archived = archived + excluded.archived; END",
    "CREATE TRIGGER group_counts_2 AFTER UPDATE OF read_at, starred_at, archived_at ON entries WHEN (old.read_at IS NULL) != (new.read_at IS NULL) OR (old.starred_at IS NULL) != (new.starred_at IS NULL) OR (old.archived_at IS NULL) != (new.archived_at IS NULL) BEGIN INSERT INTO group_counts (kind, name, entries, unread, read, starred, archived) SELECT kind, name, 1 - 1, (new.read_at IS NULL AND new.archived_at IS NULL) - (old.read_at IS NULL AND old.archived_at IS NULL), (new.read_at IS NOT NULL) - (old.read_at IS NOT NULL), (new.starred_at IS NOT NULL) - (old.starred_at IS NOT NULL), (new.archived_at IS NOT NULL) - (old.archived_at IS NOT NULL) FROM (SELECT 'source' AS kind, old.source AS name UNION ALL SELECT 'category', old.category UNION ALL SELECT 'tag', value FROM json_each(CASE WHEN json_valid(old.tags) THEN old.tags ELSE '[]' END) WHERE type = 'text' UNION ALL SELECT 'minutes', CAST(old.minutes AS TEXT) WHERE old.minutes IS NOT NULL UNION ALL SELECT 'day', substr(old.saved_at, 1, 10)) WHERE true ON CONFLICT (kind, name) DO UPDATE SET entries = entries + excluded.entries, unread = unread + excluded.unread, read = read + excluded.read, starred = starred + excluded.starred, archived = archived + excluded.archived; END",
    "CREATE TRIGGER group_counts_3 AFTER UPDATE OF source, category, tags, minutes, saved_at ON entries WHEN old.source IS NOT new.source OR old.category IS NOT new.category OR old.tags IS NOT new.tags OR old.minutes IS NOT new.minutes OR old.saved_at IS NOT new.saved_at BEGIN INSERT INTO group_counts (kind, name, entries, unread, read, starred, archived) SELECT kind, name, -1, -(new.read_at IS NULL AND new.archived_at IS NULL), -(new.read_at IS NOT NULL), -(new.starred_at IS NOT NULL), -(new.archived_at IS NOT NULL) FROM (SELECT 'source' AS kind, old.source AS name UNION ALL SELECT 'category', old.category UNION ALL SELECT 'tag', value FROM json_each(CASE WHEN json_valid(old.tags) THEN old.tags ELSE '[]' END) WHERE type = 'text' UNION ALL SELECT 'minutes', CAST(old.minutes AS TEXT) WHERE old.minutes IS NOT NULL UNION ALL SELECT 'day', substr(old.saved_at, 1, 10)) WHERE true ON CONFLICT (kind, name) DO UPDATE SET entries = entries + excluded.entries, unread = unread + excluded.unread, read = read + excluded.read, starred = starred + excluded.starred, archived = archived + excluded.archived; INSERT INTO group_counts (kind, name, entries, unread, read, starred, archived) SELECT kind, name, 1, (new.read_at IS NULL AND new.archived_at IS NULL), (new.read_at IS NOT NULL), (new.starred_at IS NOT NULL), (new.archived_at IS NOT NULL) FROM (SELECT 'source' AS kind, new.source AS name UNION ALL SELECT 'category', new.category UNION ALL SELECT 'tag', value FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END) WHERE type = 'text' UNION ALL SELECT 'minutes', CAST(new.minutes AS TEXT) WHERE new.minutes IS NOT NULL UNION ALL SELECT 'day', substr(new.saved_at, 1, 10)) WHERE true ON CONFLICT (kind, name) DO UPDATE SET entries = entries + excluded.entries, unread = unread + excluded.unread, read = read + excluded.read, starred = starred + excluded.starred, archived = archived + excluded.archived; END",
    "INSERT INTO \"view_counts\" (view, n) VALUES ('done', 0)",
    "INSERT INTO \"view_counts\" (view, n) VALUES ('live', 0)",
    "INSERT INTO \"view_counts\" (view, n) VALUES ('unread', 0)",
    "PRAGMA user_version = 19",
    "PRAGMA application_id = 1380732743",
)


def make(conn: sqlite3.Connection) -> None:
    """Make the empty library on ``conn`` (a new database, in autocommit mode)."""
    now = str(datetime.now(timezone.utc))  # as sqlite-utils records a migration
    conn.execute("BEGIN")
    try:
        for sql in STATEMENTS:
            conn.execute(sql)
        conn.executemany(
            "INSERT INTO _sqlite_migrations (id, migration_set, name, applied_at) VALUES (?, 'readlog', ?, ?)",
            [(i, name, now) for i, name in enumerate(APPLIED, 1)],
        )
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


# ---- writing the statements out ---------------------------------------------------

_SHADOW = ("_data", "_idx", "_docsize", "_config", "_content")  # the tables FTS5 makes for itself


def script_of(conn: sqlite3.Connection) -> tuple[list[str], list[str]]:
    """The statements that make the library ``conn`` holds again, and its applied migrations."""
    objects = conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY rowid").fetchall()
    virtual = [n for t, n, sql in objects if t == "table" and (sql or "").upper().startswith("CREATE VIRTUAL")]
    shadows = {v + s for v in virtual for s in _SHADOW}
    statements = [sql for _, name, sql in objects if sql and name not in shadows and name != "sqlite_sequence"]
    for type_, name, _ in objects:
        if type_ != "table" or name in virtual or name in shadows or name == "_sqlite_migrations":
            continue
        columns = [r[1] for r in conn.execute(f'PRAGMA table_info("{name}")')]
        for row in conn.execute(f'SELECT * FROM "{name}"'):
            values = ", ".join(_literal(v) for v in row)
            statements.append(f'INSERT INTO "{name}" ({", ".join(columns)}) VALUES ({values})')
    for pragma in ("user_version", "application_id"):
        statements.append(f"PRAGMA {pragma} = {int(conn.execute(f'PRAGMA {pragma}').fetchone()[0])}")
    applied = [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations ORDER BY id")]
    return statements, applied


def _literal(value: object) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    raise ValueError(f"no literal for {value!r}")


def source(statements: list[str], applied: list[str], version: int) -> str:
    """This module's text with the statements written in."""
    with open(__file__, encoding="utf-8") as fh:
        text = fh.read()
    head, _, rest = text.partition("\nVERSION = ")
    _, _, tail = rest.partition("\n\n\ndef make(")
    body = [f"VERSION = {version}", "# The migrations recorded as applied in _sqlite_migrations, in order."]
    body.append("APPLIED: tuple[str, ...] = (" + "".join(f"\n    {n!r}," for n in applied) + "\n)")
    body.append("STATEMENTS: tuple[str, ...] = (" + "".join(f"\n    {s!r}," for s in statements) + "\n)")
    return head + "\n" + "\n".join(body) + "\n\n\ndef make(" + tail


def main() -> None:
    from sqlite_utils import Database

    from readlog.store.migrations import migrate

    conn = sqlite3.connect(":memory:", isolation_level=None)
    version = migrate(Database(conn, execute_plugins=False))
    statements, applied = script_of(conn)
    text = source(statements, applied, version)
    with open(__file__, "w", encoding="utf-8") as fh:
        fh.write(text)


if __name__ == "__main__":
    main()
