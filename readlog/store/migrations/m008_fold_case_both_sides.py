"""Schema 8: the index is fed text whose case FTS5 can fold. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.store.migrations.m002_search import (
    SEARCH_TRIGGERS,
    _needs_fold,
    create_search_triggers,
    fold,
    fts_values,
    indexed_when_needed,
)
from readlog.store.migrations.m004_reading import FTS_COLUMNS_V4

if TYPE_CHECKING:
    from sqlite_utils import Database

# What the index is fed in place of each of these, in this order, before
# FTS5 folds each character by itself (store/fold.py's PREMAP as released).
PREMAP_V8 = (
    ("i\u0307", "i"),
    ("I\u0307", "i"),
    ("\u0130", "i"),
    ("\u0131", "i"),
    ("\u00df", "ss"),
    ("\u1e9e", "ss"),
    ("\ufb00", "ff"),
    ("\ufb01", "fi"),
    ("\ufb02", "fl"),
    ("\ufb03", "ffi"),
    ("\ufb04", "ffl"),
    ("\ufb05", "st"),
    ("\ufb06", "st"),
    ("\u0587", "\u0565\u0582"),
    ("\u0390", "\u03b9\u0308\u0301"),
    ("\u03b0", "\u03c5\u0308\u0301"),
)


def m008_fold_case_both_sides(db: Database) -> None:
    """The index is fed text whose case FTS5 can fold.

    FTS5's trigram tokenizer folds case one character for one, and leaves
    alone the characters whose folding is longer (İ, ß, ligatures), while
    the search folded its terms with Python's lower(), which makes "İ" two
    characters: a word with İ was never found, and "STRASSE" never found
    "Straße". Now both sides replace those characters first (PREMAP_V8:
    İ, ı and a dotted i become i, ß and ẞ ss, ligatures their letters),
    then FTS5 folds the rest. The triggers are re-created with the new
    expressions, and only the entries that hold one of those characters
    are indexed again (each removed with the text it was indexed with).
    """
    for trigger in SEARCH_TRIGGERS:
        db.execute(f"DROP TRIGGER {trigger}")
    create_search_triggers(db, FTS_COLUMNS_V4, indexed_v8)
    cols = ", ".join(FTS_COLUMNS_V4)
    changed = " OR ".join(
        f"({indexed_when_needed('entries', c)}) IS NOT ({indexed_v8('entries', c)})" for c in FTS_COLUMNS_V4
    )
    ids = [r[0] for r in db.execute(f"SELECT id FROM entries WHERE {changed}").fetchall()]
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        db.execute(
            f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) SELECT 'delete', id, "
            f"{fts_values('entries', FTS_COLUMNS_V4)} FROM entries WHERE id IN ({marks})",
            chunk,
        )
        db.execute(
            f"INSERT INTO entries_fts(rowid, {cols}) SELECT id, {fts_values('entries', FTS_COLUMNS_V4, indexed_v8)} "
            f"FROM entries WHERE id IN ({marks})",
            chunk,
        )


def _literal(text: str) -> str:
    if text.isascii():
        return "'" + text.replace("'", "''") + "'"
    return "char(" + ", ".join(str(ord(c)) for c in text) + ")"


def _premap_then_fold(expr: str) -> str:
    """m002's fold of PREMAP_V8 applied to ``expr``, as nested subqueries of at most six
    replace() calls each (nested in one another, the chains overflow SQLite's parser stack)."""
    sql = f"SELECT {expr} AS v"
    for start in range(0, len(PREMAP_V8), 6):
        chain = "v"
        for old, new in PREMAP_V8[start : start + 6]:
            chain = f"replace({chain}, {_literal(old)}, {_literal(new)})"
        sql = f"SELECT {chain} AS v FROM ({sql})"
    return f"(SELECT {fold('v')} FROM ({sql}))"


def _needs_premap(expr: str) -> str:
    return " OR ".join(f"instr({expr}, {_literal(old)})" for old, _ in PREMAP_V8)


def _fold_if_needed(expr: str) -> str:
    return (
        f"CASE WHEN {expr} = '' THEN '' WHEN {_needs_premap(expr)} "
        f"THEN {_premap_then_fold(expr)} "
        f"WHEN {_needs_fold(expr)} THEN {fold(expr)} ELSE {expr} END"
    )


def indexed_v8(prefix: str, column: str) -> str:
    """What the index is fed for ``column`` since schema 8: m006's expression with PREMAP_V8 first."""
    expr = f"{prefix}.{column}"
    if column != "tags":
        return f"({_fold_if_needed(expr)}) || ' '"
    words = f"SELECT group_concat(value, ' ') AS w FROM json_each({expr})"
    return (
        f"(CASE WHEN {expr} = '[]' THEN '' WHEN json_valid({expr}) THEN "
        f"coalesce((SELECT {_fold_if_needed('w')} FROM ({words})), '') "
        f"ELSE {_fold_if_needed(expr)} END) || ' '"
    )
