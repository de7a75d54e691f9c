"""Schema 2: the full-text index (FTS5, trigram), kept in step by triggers. Frozen: never edit.

The helpers here are also what m004 (which re-creates the index with one
more column) and m006 (which re-creates the triggers) build on, exactly as
they were released.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from readlog.store.migrations.progress import fill_index

if TYPE_CHECKING:
    from sqlite_utils import Database

# Columns of entries that the full-text index covers, in index order, as m002 made it.
FTS_COLUMNS_V2 = ("title", "source", "category", "summary", "verdict", "note", "tags")
# Whitespace that the index folds into single spaces.
SPACES = " \t\n\v\f\r\xa0\u3000"
# Tags are stored as a JSON list; the index sees them as words.
TAGS_TEXT = (
    "(CASE WHEN json_valid({t}) THEN coalesce((SELECT group_concat(value, ' ') FROM json_each({t})), '') ELSE {t} END)"
)
# The triggers that keep the search index in step with every change to entries.
SEARCH_TRIGGERS = ("entries_fts_ai", "entries_fts_ad", "entries_fts_au")


def m002_search(db: Database) -> None:
    """Full-text index (FTS5, trigram) kept in step by triggers."""
    create_search_index(db, FTS_COLUMNS_V2)


def create_search_index(db: Database, columns: tuple[str, ...]) -> None:
    """The entries_fts table over ``columns``, its vocabulary, its triggers (as m002 wrote them), filled."""
    cols = ", ".join(columns)
    db.execute(
        f"CREATE VIRTUAL TABLE entries_fts USING fts5({cols}, content='entries', "
        "content_rowid='id', tokenize='trigram')"
    )
    db.execute("CREATE VIRTUAL TABLE entries_fts_vocab USING fts5vocab(entries_fts, 'row')")
    create_search_triggers(db, columns, indexed_v2)
    # Filled through the expressions m006 brought to the triggers: the same
    # bytes as indexed_v2 for every value, in about a third of the time.
    fill_index(
        db.conn, f"INSERT INTO entries_fts(rowid, {cols}) SELECT id, {fts_values('entries', columns)} FROM entries "
    )


def create_search_triggers(db: Database, columns: tuple[str, ...], indexed: Callable[[str, str], str]) -> None:
    """SEARCH_TRIGGERS over ``columns``, feeding the index what ``indexed`` makes of each."""
    cols = ", ".join(columns)
    new, old = fts_values("new", columns, indexed), fts_values("old", columns, indexed)
    db.execute(
        f"CREATE TRIGGER entries_fts_ai AFTER INSERT ON entries BEGIN "
        f"INSERT INTO entries_fts(rowid, {cols}) VALUES (new.id, {new}); END"
    )
    db.execute(
        f"CREATE TRIGGER entries_fts_ad AFTER DELETE ON entries BEGIN "
        f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) VALUES ('delete', old.id, {old}); END"
    )
    db.execute(
        f"CREATE TRIGGER entries_fts_au AFTER UPDATE OF {cols} ON entries BEGIN "
        f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) VALUES ('delete', old.id, {old}); "
        f"INSERT INTO entries_fts(rowid, {cols}) VALUES (new.id, {new}); END"
    )


def fold(expr: str) -> str:
    """``expr`` with every SPACES character made a plain space and runs of spaces (up to 64) made one."""
    for ch in SPACES[1:]:
        expr = f"replace({expr}, char({ord(ch)}), ' ')"
    for _ in range(6):
        expr = f"replace({expr}, '  ', ' ')"
    return expr


def indexed_v2(prefix: str, column: str) -> str:
    """What the index is fed for ``column``, as m002 and m004 wrote it into their triggers:
    the whitespace folding run on every value."""
    expr = TAGS_TEXT.format(t=f"{prefix}.{column}") if column == "tags" else f"{prefix}.{column}"
    return f"{fold(expr)} || ' '"


def _needs_fold(expr: str) -> str:
    """A condition that is true for every value of ``expr`` that fold would change (see m006)."""
    ascii_ = sorted((c for c in SPACES[1:] if ord(c) < 0x80), key=lambda c: c != "\n")
    tests = [f"typeof({expr}) = 'blob'"]
    tests += [f"{expr} GLOB '*' || char({ord(c)}) || '*'" for c in ascii_]
    tests.append(f"{expr} GLOB '*  *'")
    tests += [f"instr({expr}, char({ord(c)}))" for c in SPACES[1:] if ord(c) >= 0x80]
    tests.append(f"instr({expr}, char(0))")
    return " OR ".join(tests)


def _fold_if_needed(expr: str) -> str:
    """``fold(expr)``, computed only for the values it changes (the same result for every value)."""
    return f"CASE WHEN {expr} = '' THEN '' WHEN {_needs_fold(expr)} THEN {fold(expr)} ELSE {expr} END"


def indexed_when_needed(prefix: str, column: str) -> str:
    """What the index is fed for ``column``: the same text as indexed_v2 for every value, in
    about a third of the time (the expressions of m006's triggers)."""
    expr = f"{prefix}.{column}"
    if column != "tags":
        return f"({_fold_if_needed(expr)}) || ' '"
    words = "group_concat(value, ' ')"
    return (
        f"(CASE WHEN {expr} = '[]' THEN '' WHEN json_valid({expr}) THEN "
        f"coalesce((SELECT {_fold_if_needed(words)} FROM json_each({expr})), '') "
        f"ELSE {_fold_if_needed(expr)} END) || ' '"
    )


def fts_values(prefix: str, columns: tuple[str, ...], indexed: Callable[[str, str], str] = indexed_when_needed) -> str:
    # Each value gets a trailing space so that every two-character run in the
    # text is the start of some indexed trigram (two-character queries use the
    # index). Whitespace runs (up to 64 long) become one space. The same
    # expressions serve insert and delete, so the two always agree.
    return ", ".join(indexed(prefix, c) for c in columns)
