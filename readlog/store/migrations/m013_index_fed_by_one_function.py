"""Schema 13: the search index is fed through one function, fold.index_text. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.store.migrations.m002_search import SEARCH_TRIGGERS
from readlog.store.migrations.m004_reading import FTS_COLUMNS_V4
from readlog.store.migrations.m011_fold_width_and_joiners import STAGES_V11, WIDE_PASS_V11

if TYPE_CHECKING:
    from sqlite_utils import Database

# The SQL function the triggers call (store/common.py's INDEX_FUNCTION, fold.index_text, registered on every
# connection readlog opens): what it returns for a value is what schema 12's stages fed the index.
INDEX_FUNCTION_V13 = "readlog_index_text"


def indexed_v13(row: str, column: str) -> str:
    """What the triggers feed the index for ``column`` of ``row`` (``new`` or ``old``): a tags
    value as its words, as m010's feed did, and every value as its bytes through the function."""
    value = f"{row}.{column}"
    if column == "tags":
        value = (
            f"CASE WHEN {value} = '[]' THEN '' WHEN json_valid({value}) THEN "
            f"coalesce((SELECT group_concat(value, ' ') FROM json_each({value})), '') ELSE {value} END"
        )
    return f"{INDEX_FUNCTION_V13}(CAST({value} AS BLOB))"


def m013_index_fed_by_one_function(db: Database) -> None:
    """The search triggers feed the index through one SQL function, written in Python.

    From schema 11 the folding was a chain of about 130 replace() calls in
    three stages of INSTEAD OF triggers (m011). SQLite compiles a trigger
    program anew for each statement that fires it, and each connection parses
    the schema that holds it: every command that added, imported, tagged,
    noted or edited an entry paid about 8 ms for that chain, and every
    command 1 ms more to open the library. The triggers now call
    readlog_index_text (store/fold.py's index_text, the same fold the
    queries use), registered on each connection readlog opens. A program
    that writes to entries without readlog (the sqlite3 shell) is refused
    with "no such function" rather than leaving the index out of step.

    The function returns, for every value (text, numbers, blobs, bytes that
    are not UTF-8, NULL), the bytes schema 12's stages fed the index, so
    nothing is indexed again: only the triggers and the stages' views change.
    """
    for trigger in (*SEARCH_TRIGGERS, *(t for _, t in STAGES_V11), WIDE_PASS_V11):
        db.execute(f"DROP TRIGGER {trigger}")
    for view, _ in reversed(STAGES_V11):
        db.execute(f"DROP VIEW {view}")
    cols = ", ".join(FTS_COLUMNS_V4)
    new = ", ".join(indexed_v13("new", c) for c in FTS_COLUMNS_V4)
    old = ", ".join(indexed_v13("old", c) for c in FTS_COLUMNS_V4)
    insert = f"INSERT INTO entries_fts(rowid, {cols}) VALUES (new.id, {new});"
    delete = f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) VALUES ('delete', old.id, {old});"
    db.execute(f"CREATE TRIGGER entries_fts_ai AFTER INSERT ON entries BEGIN {insert} END")
    db.execute(f"CREATE TRIGGER entries_fts_ad AFTER DELETE ON entries BEGIN {delete} END")
    db.execute(f"CREATE TRIGGER entries_fts_au AFTER UPDATE OF {cols} ON entries BEGIN {delete} {insert} END")
