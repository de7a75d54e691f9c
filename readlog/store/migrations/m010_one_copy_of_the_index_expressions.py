"""Schema 10: the search triggers share one copy of what the index is fed. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.store.migrations.m002_search import SEARCH_TRIGGERS, fts_values
from readlog.store.migrations.m004_reading import FTS_COLUMNS_V4
from readlog.store.migrations.m008_fold_case_both_sides import indexed_v8

if TYPE_CHECKING:
    from sqlite_utils import Database

# A view that nothing is ever read from: a row inserted into it is fed to the
# index by FEED_TRIGGER (command NULL: index it; 'delete': remove it).
FEED_VIEW = "entries_fts_feed"
FEED_TRIGGER = "entries_fts_feed_insert"


def m010_one_copy_of_the_index_expressions(db: Database) -> None:
    """The search triggers share one copy of the expressions that feed the index.

    Each of the three triggers held its own copy of m008's expressions (the
    update trigger two: the old row's and the new row's), 78 KB of the
    library's 84 KB of schema, and SQLite parses the whole schema each time
    a connection first uses the library: about 5 ms of every command, the
    searches included, on a quiet machine. Now one INSTEAD OF trigger on a
    view that holds no rows (FEED_VIEW) has the only copy; the three
    triggers insert the row's values into that view, with the command
    ('delete' or NULL) FTS5 takes in its hidden column. The schema is 25 KB,
    and it parses in about 1.5 ms.

    The text fed to the index is the same, byte for byte, for every value
    (the expressions are m008's), so nothing is re-indexed: only the
    triggers change. Imports and rebuilds, which feed the index without the
    triggers (schema.index_inserted, schema.rebuild_index), are unchanged.
    """
    for trigger in SEARCH_TRIGGERS:
        db.execute(f"DROP TRIGGER {trigger}")
    cols = ", ".join(FTS_COLUMNS_V4)
    nulls = ", ".join(["NULL"] * (len(FTS_COLUMNS_V4) + 2))
    db.execute(f"CREATE VIEW {FEED_VIEW} (command, id, {cols}) AS SELECT {nulls} WHERE 0")
    db.execute(
        f"CREATE TRIGGER {FEED_TRIGGER} INSTEAD OF INSERT ON {FEED_VIEW} BEGIN "
        f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) "
        f"VALUES (new.command, new.id, {fts_values('new', FTS_COLUMNS_V4, indexed_v8)}); END"
    )
    feed = f"INSERT INTO {FEED_VIEW} (command, id, {cols}) VALUES"
    new = ", ".join(f"new.{c}" for c in FTS_COLUMNS_V4)
    old = ", ".join(f"old.{c}" for c in FTS_COLUMNS_V4)
    db.execute(f"CREATE TRIGGER entries_fts_ai AFTER INSERT ON entries BEGIN {feed} (NULL, new.id, {new}); END")
    db.execute(f"CREATE TRIGGER entries_fts_ad AFTER DELETE ON entries BEGIN {feed} ('delete', old.id, {old}); END")
    db.execute(
        f"CREATE TRIGGER entries_fts_au AFTER UPDATE OF {cols} ON entries BEGIN "
        f"{feed} ('delete', old.id, {old}); {feed} (NULL, new.id, {new}); END"
    )
