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
VERSION = 10
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
)
STATEMENTS: tuple[str, ...] = (
    'CREATE TABLE "_sqlite_migrations" (\n   "id" INTEGER PRIMARY KEY,\n   "migration_set" TEXT,\n   "name" TEXT,\n   "applied_at" TEXT\n)',
    'CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"\n    ON "_sqlite_migrations" ("migration_set", "name")',
    "CREATE TABLE entries (\n            id INTEGER PRIMARY KEY AUTOINCREMENT,\n            fingerprint TEXT NOT NULL UNIQUE,\n            url_key TEXT NOT NULL DEFAULT '',\n            source TEXT NOT NULL DEFAULT '',\n            category TEXT NOT NULL DEFAULT '',\n            published TEXT,\n            saved_at TEXT NOT NULL,\n            read_at TEXT,\n            starred_at TEXT,\n            archived_at TEXT,\n            imported_at TEXT NOT NULL,\n            updated_at TEXT NOT NULL,\n            import_id INTEGER REFERENCES imports(id),\n            saved_raw TEXT NOT NULL DEFAULT '',\n            tags TEXT NOT NULL DEFAULT '[]',\n            url TEXT NOT NULL DEFAULT '',\n            title TEXT NOT NULL DEFAULT '',\n            note TEXT NOT NULL DEFAULT '',\n            verdict TEXT NOT NULL DEFAULT '',\n            summary TEXT NOT NULL DEFAULT ''\n        , fetched_at TEXT, fetch_status INTEGER, fetch_error TEXT NOT NULL DEFAULT '', dead_at TEXT, final_url TEXT NOT NULL DEFAULT '', lang TEXT NOT NULL DEFAULT '', words INTEGER, minutes INTEGER, text TEXT NOT NULL DEFAULT '')",
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
    "CREATE VIEW entries_fts_feed (command, id, title, source, category, summary, verdict, note, tags, text) AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL WHERE 0",
    "CREATE TRIGGER entries_fts_feed_insert INSTEAD OF INSERT ON entries_fts_feed BEGIN INSERT INTO entries_fts(entries_fts, rowid, title, source, category, summary, verdict, note, tags, text) VALUES (new.command, new.id, (CASE WHEN new.title = '' THEN '' WHEN instr(new.title, char(105, 775)) OR instr(new.title, char(73, 775)) OR instr(new.title, char(304)) OR instr(new.title, char(305)) OR instr(new.title, char(223)) OR instr(new.title, char(7838)) OR instr(new.title, char(64256)) OR instr(new.title, char(64257)) OR instr(new.title, char(64258)) OR instr(new.title, char(64259)) OR instr(new.title, char(64260)) OR instr(new.title, char(64261)) OR instr(new.title, char(64262)) OR instr(new.title, char(1415)) OR instr(new.title, char(912)) OR instr(new.title, char(944)) THEN (SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') FROM (SELECT replace(replace(replace(replace(v, char(64262), 'st'), char(1415), char(1381, 1410)), char(912), char(953, 776, 769)), char(944), char(965, 776, 769)) AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(64256), 'ff'), char(64257), 'fi'), char(64258), 'fl'), char(64259), 'ffi'), char(64260), 'ffl'), char(64261), 'st') AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(105, 775), 'i'), char(73, 775), 'i'), char(304), 'i'), char(305), 'i'), char(223), 'ss'), char(7838), 'ss') AS v FROM (SELECT new.title AS v))))) WHEN typeof(new.title) = 'blob' OR new.title GLOB '*' || char(10) || '*' OR new.title GLOB '*' || char(9) || '*' OR new.title GLOB '*' || char(11) || '*' OR new.title GLOB '*' || char(12) || '*' OR new.title GLOB '*' || char(13) || '*' OR new.title GLOB '*  *' OR instr(new.title, char(160)) OR instr(new.title, char(12288)) OR instr(new.title, char(0)) THEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.title, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') ELSE new.title END) || ' ', (CASE WHEN new.source = '' THEN '' WHEN instr(new.source, char(105, 775)) OR instr(new.source, char(73, 775)) OR instr(new.source, char(304)) OR instr(new.source, char(305)) OR instr(new.source, char(223)) OR instr(new.source, char(7838)) OR instr(new.source, char(64256)) OR instr(new.source, char(64257)) OR instr(new.source, char(64258)) OR instr(new.source, char(64259)) OR instr(new.source, char(64260)) OR instr(new.source, char(64261)) OR instr(new.source, char(64262)) OR instr(new.source, char(1415)) OR instr(new.source, char(912)) OR instr(new.source, char(944)) THEN (SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') FROM (SELECT replace(replace(replace(replace(v, char(64262), 'st'), char(1415), char(1381, 1410)), char(912), char(953, 776, 769)), char(944), char(965, 776, 769)) AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(64256), 'ff'), char(64257), 'fi'), char(64258), 'fl'), char(64259), 'ffi'), char(64260), 'ffl'), char(64261), 'st') AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(105, 775), 'i'), char(73, 775), 'i'), char(304), 'i'), char(305), 'i'), char(223), 'ss'), char(7838), 'ss') AS v FROM (SELECT new.source AS v))))) WHEN typeof(new.source) = 'blob' OR new.source GLOB '*' || char(10) || '*' OR new.source GLOB '*' || char(9) || '*' OR new.source GLOB '*' || char(11) || '*' OR new.source GLOB '*' || char(12) || '*' OR new.source GLOB '*' || char(13) || '*' OR new.source GLOB '*  *' OR instr(new.source, char(160)) OR instr(new.source, char(12288)) OR instr(new.source, char(0)) THEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.source, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') ELSE new.source END) || ' ', (CASE WHEN new.category = '' THEN '' WHEN instr(new.category, char(105, 775)) OR instr(new.category, char(73, 775)) OR instr(new.category, char(304)) OR instr(new.category, char(305)) OR instr(new.category, char(223)) OR instr(new.category, char(7838)) OR instr(new.category, char(64256)) OR instr(new.category, char(64257)) OR instr(new.category, char(64258)) OR instr(new.category, char(64259)) OR instr(new.category, char(64260)) OR instr(new.category, char(64261)) OR instr(new.category, char(64262)) OR instr(new.category, char(1415)) OR instr(new.category, char(912)) OR instr(new.category, char(944)) THEN (SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') FROM (SELECT replace(replace(replace(replace(v, char(64262), 'st'), char(1415), char(1381, 1410)), char(912), char(953, 776, 769)), char(944), char(965, 776, 769)) AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(64256), 'ff'), char(64257), 'fi'), char(64258), 'fl'), char(64259), 'ffi'), char(64260), 'ffl'), char(64261), 'st') AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(105, 775), 'i'), char(73, 775), 'i'), char(304), 'i'), char(305), 'i'), char(223), 'ss'), char(7838), 'ss') AS v FROM (SELECT new.category AS v))))) WHEN typeof(new.category) = 'blob' OR new.category GLOB '*' || char(10) || '*' OR new.category GLOB '*' || char(9) || '*' OR new.category GLOB '*' || char(11) || '*' OR new.category GLOB '*' || char(12) || '*' OR new.category GLOB '*' || char(13) || '*' OR new.category GLOB '*  *' OR instr(new.category, char(160)) OR instr(new.category, char(12288)) OR instr(new.category, char(0)) THEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.category, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') ELSE new.category END) || ' ', (CASE WHEN new.summary = '' THEN '' WHEN instr(new.summary, char(105, 775)) OR instr(new.summary, char(73, 775)) OR instr(new.summary, char(304)) OR instr(new.summary, char(305)) OR instr(new.summary, char(223)) OR instr(new.summary, char(7838)) OR instr(new.summary, char(64256)) OR instr(new.summary, char(64257)) OR instr(new.summary, char(64258)) OR instr(new.summary, char(64259)) OR instr(new.summary, char(64260)) OR instr(new.summary, char(64261)) OR instr(new.summary, char(64262)) OR instr(new.summary, char(1415)) OR instr(new.summary, char(912)) OR instr(new.summary, char(944)) THEN (SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') FROM (SELECT replace(replace(replace(replace(v, char(64262), 'st'), char(1415), char(1381, 1410)), char(912), char(953, 776, 769)), char(944), char(965, 776, 769)) AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(64256), 'ff'), char(64257), 'fi'), char(64258), 'fl'), char(64259), 'ffi'), char(64260), 'ffl'), char(64261), 'st') AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(105, 775), 'i'), char(73, 775), 'i'), char(304), 'i'), char(305), 'i'), char(223), 'ss'), char(7838), 'ss') AS v FROM (SELECT new.summary AS v))))) WHEN typeof(new.summary) = 'blob' OR new.summary GLOB '*' || char(10) || '*' OR new.summary GLOB '*' || char(9) || '*' OR new.summary GLOB '*' || char(11) || '*' OR new.summary GLOB '*' || char(12) || '*' OR new.summary GLOB '*' || char(13) || '*' OR new.summary GLOB '*  *' OR instr(new.summary, char(160)) OR instr(new.summary, char(12288)) OR instr(new.summary, char(0)) THEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.summary, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') ELSE new.summary END) || ' ', (CASE WHEN new.verdict = '' THEN '' WHEN instr(new.verdict, char(105, 775)) OR instr(new.verdict, char(73, 775)) OR instr(new.verdict, char(304)) OR instr(new.verdict, char(305)) OR instr(new.verdict, char(223)) OR instr(new.verdict, char(7838)) OR instr(new.verdict, char(64256)) OR instr(new.verdict, char(64257)) OR instr(new.verdict, char(64258)) OR instr(new.verdict, char(64259)) OR instr(new.verdict, char(64260)) OR instr(new.verdict, char(64261)) OR instr(new.verdict, char(64262)) OR instr(new.verdict, char(1415)) OR instr(new.verdict, char(912)) OR instr(new.verdict, char(944)) THEN (SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') FROM (SELECT replace(replace(replace(replace(v, char(64262), 'st'), char(1415), char(1381, 1410)), char(912), char(953, 776, 769)), char(944), char(965, 776, 769)) AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(64256), 'ff'), char(64257), 'fi'), char(64258), 'fl'), char(64259), 'ffi'), char(64260), 'ffl'), char(64261), 'st') AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(105, 775), 'i'), char(73, 775), 'i'), char(304), 'i'), char(305), 'i'), char(223), 'ss'), char(7838), 'ss') AS v FROM (SELECT new.verdict AS v))))) WHEN typeof(new.verdict) = 'blob' OR new.verdict GLOB '*' || char(10) || '*' OR new.verdict GLOB '*' || char(9) || '*' OR new.verdict GLOB '*' || char(11) || '*' OR new.verdict GLOB '*' || char(12) || '*' OR new.verdict GLOB '*' || char(13) || '*' OR new.verdict GLOB '*  *' OR instr(new.verdict, char(160)) OR instr(new.verdict, char(12288)) OR instr(new.verdict, char(0)) THEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.verdict, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') ELSE new.verdict END) || ' ', (CASE WHEN new.note = '' THEN '' WHEN instr(new.note, char(105, 775)) OR instr(new.note, char(73, 775)) OR instr(new.note, char(304)) OR instr(new.note, char(305)) OR instr(new.note, char(223)) OR instr(new.note, char(7838)) OR instr(new.note, char(64256)) OR instr(new.note, char(64257)) OR instr(new.note, char(64258)) OR instr(new.note, char(64259)) OR instr(new.note, char(64260)) OR instr(new.note, char(64261)) OR instr(new.note, char(64262)) OR instr(new.note, char(1415)) OR instr(new.note, char(912)) OR instr(new.note, char(944)) THEN (SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') FROM (SELECT replace(replace(replace(replace(v, char(64262), 'st'), char(1415), char(1381, 1410)), char(912), char(953, 776, 769)), char(944), char(965, 776, 769)) AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(64256), 'ff'), char(64257), 'fi'), char(64258), 'fl'), char(64259), 'ffi'), char(64260), 'ffl'), char(64261), 'st') AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(105, 775), 'i'), char(73, 775), 'i'), char(304), 'i'), char(305), 'i'), char(223), 'ss'), char(7838), 'ss') AS v FROM (SELECT new.note AS v))))) WHEN typeof(new.note) = 'blob' OR new.note GLOB '*' || char(10) || '*' OR new.note GLOB '*' || char(9) || '*' OR new.note GLOB '*' || char(11) || '*' OR new.note GLOB '*' || char(12) || '*' OR new.note GLOB '*' || char(13) || '*' OR new.note GLOB '*  *' OR instr(new.note, char(160)) OR instr(new.note, char(12288)) OR instr(new.note, char(0)) THEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.note, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') ELSE new.note END) || ' ', (CASE WHEN new.tags = '[]' THEN '' WHEN json_valid(new.tags) THEN coalesce((SELECT CASE WHEN w = '' THEN '' WHEN instr(w, char(105, 775)) OR instr(w, char(73, 775)) OR instr(w, char(304)) OR instr(w, char(305)) OR instr(w, char(223)) OR instr(w, char(7838)) OR instr(w, char(64256)) OR instr(w, char(64257)) OR instr(w, char(64258)) OR instr(w, char(64259)) OR instr(w, char(64260)) OR instr(w, char(64261)) OR instr(w, char(64262)) OR instr(w, char(1415)) OR instr(w, char(912)) OR instr(w, char(944)) THEN (SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') FROM (SELECT replace(replace(replace(replace(v, char(64262), 'st'), char(1415), char(1381, 1410)), char(912), char(953, 776, 769)), char(944), char(965, 776, 769)) AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(64256), 'ff'), char(64257), 'fi'), char(64258), 'fl'), char(64259), 'ffi'), char(64260), 'ffl'), char(64261), 'st') AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(105, 775), 'i'), char(73, 775), 'i'), char(304), 'i'), char(305), 'i'), char(223), 'ss'), char(7838), 'ss') AS v FROM (SELECT w AS v))))) WHEN typeof(w) = 'blob' OR w GLOB '*' || char(10) || '*' OR w GLOB '*' || char(9) || '*' OR w GLOB '*' || char(11) || '*' OR w GLOB '*' || char(12) || '*' OR w GLOB '*' || char(13) || '*' OR w GLOB '*  *' OR instr(w, char(160)) OR instr(w, char(12288)) OR instr(w, char(0)) THEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(w, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') ELSE w END FROM (SELECT group_concat(value, ' ') AS w FROM json_each(new.tags))), '') ELSE CASE WHEN new.tags = '' THEN '' WHEN instr(new.tags, char(105, 775)) OR instr(new.tags, char(73, 775)) OR instr(new.tags, char(304)) OR instr(new.tags, char(305)) OR instr(new.tags, char(223)) OR instr(new.tags, char(7838)) OR instr(new.tags, char(64256)) OR instr(new.tags, char(64257)) OR instr(new.tags, char(64258)) OR instr(new.tags, char(64259)) OR instr(new.tags, char(64260)) OR instr(new.tags, char(64261)) OR instr(new.tags, char(64262)) OR instr(new.tags, char(1415)) OR instr(new.tags, char(912)) OR instr(new.tags, char(944)) THEN (SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') FROM (SELECT replace(replace(replace(replace(v, char(64262), 'st'), char(1415), char(1381, 1410)), char(912), char(953, 776, 769)), char(944), char(965, 776, 769)) AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(64256), 'ff'), char(64257), 'fi'), char(64258), 'fl'), char(64259), 'ffi'), char(64260), 'ffl'), char(64261), 'st') AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(105, 775), 'i'), char(73, 775), 'i'), char(304), 'i'), char(305), 'i'), char(223), 'ss'), char(7838), 'ss') AS v FROM (SELECT new.tags AS v))))) WHEN typeof(new.tags) = 'blob' OR new.tags GLOB '*' || char(10) || '*' OR new.tags GLOB '*' || char(9) || '*' OR new.tags GLOB '*' || char(11) || '*' OR new.tags GLOB '*' || char(12) || '*' OR new.tags GLOB '*' || char(13) || '*' OR new.tags GLOB '*  *' OR instr(new.tags, char(160)) OR instr(new.tags, char(12288)) OR instr(new.tags, char(0)) THEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.tags, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') ELSE new.tags END END) || ' ', (CASE WHEN new.text = '' THEN '' WHEN instr(new.text, char(105, 775)) OR instr(new.text, char(73, 775)) OR instr(new.text, char(304)) OR instr(new.text, char(305)) OR instr(new.text, char(223)) OR instr(new.text, char(7838)) OR instr(new.text, char(64256)) OR instr(new.text, char(64257)) OR instr(new.text, char(64258)) OR instr(new.text, char(64259)) OR instr(new.text, char(64260)) OR instr(new.text, char(64261)) OR instr(new.text, char(64262)) OR instr(new.text, char(1415)) OR instr(new.text, char(912)) OR instr(new.text, char(944)) THEN (SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') FROM (SELECT replace(replace(replace(replace(v, char(64262), 'st'), char(1415), char(1381, 1410)), char(912), char(953, 776, 769)), char(944), char(965, 776, 769)) AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(64256), 'ff'), char(64257), 'fi'), char(64258), 'fl'), char(64259), 'ffi'), char(64260), 'ffl'), char(64261), 'st') AS v FROM (SELECT replace(replace(replace(replace(replace(replace(v, char(105, 775), 'i'), char(73, 775), 'i'), char(304), 'i'), char(305), 'i'), char(223), 'ss'), char(7838), 'ss') AS v FROM (SELECT new.text AS v))))) WHEN typeof(new.text) = 'blob' OR new.text GLOB '*' || char(10) || '*' OR new.text GLOB '*' || char(9) || '*' OR new.text GLOB '*' || char(11) || '*' OR new.text GLOB '*' || char(12) || '*' OR new.text GLOB '*' || char(13) || '*' OR new.text GLOB '*  *' OR instr(new.text, char(160)) OR instr(new.text, char(12288)) OR instr(new.text, char(0)) THEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.text, char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' '), char(160), ' '), char(12288), ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ') ELSE new.text END) || ' '); END",
    "CREATE TRIGGER entries_fts_ai AFTER INSERT ON entries BEGIN INSERT INTO entries_fts_feed (command, id, title, source, category, summary, verdict, note, tags, text) VALUES (NULL, new.id, new.title, new.source, new.category, new.summary, new.verdict, new.note, new.tags, new.text); END",
    "CREATE TRIGGER entries_fts_ad AFTER DELETE ON entries BEGIN INSERT INTO entries_fts_feed (command, id, title, source, category, summary, verdict, note, tags, text) VALUES ('delete', old.id, old.title, old.source, old.category, old.summary, old.verdict, old.note, old.tags, old.text); END",
    "CREATE TRIGGER entries_fts_au AFTER UPDATE OF title, source, category, summary, verdict, note, tags, text ON entries BEGIN INSERT INTO entries_fts_feed (command, id, title, source, category, summary, verdict, note, tags, text) VALUES ('delete', old.id, old.title, old.source, old.category, old.summary, old.verdict, old.note, old.tags, old.text); INSERT INTO entries_fts_feed (command, id, title, source, category, summary, verdict, note, tags, text) VALUES (NULL, new.id, new.title, new.source, new.category, new.summary, new.verdict, new.note, new.tags, new.text); END",
    "INSERT INTO \"view_counts\" (view, n) VALUES ('done', 0)",
    "INSERT INTO \"view_counts\" (view, n) VALUES ('live', 0)",
    "INSERT INTO \"view_counts\" (view, n) VALUES ('unread', 0)",
    "PRAGMA user_version = 10",
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
