"""Schema 11: the index folds full-width ASCII and leaves out zero-width joiners. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.store.migrations.m002_search import _needs_fold, fold
from readlog.store.migrations.m004_reading import FTS_COLUMNS_V4
from readlog.store.migrations.m008_fold_case_both_sides import PREMAP_V8, indexed_v8
from readlog.store.migrations.m010_one_copy_of_the_index_expressions import FEED_TRIGGER, FEED_VIEW

if TYPE_CHECKING:
    from sqlite_utils import Database

# What the index is fed in place of each of these, before PREMAP_V8 (store/fold.py's EARLY as
# released): the full-width forms of ASCII (U+FF01-FF5E) become ASCII, except the punctuation
# of Chinese and Japanese sentences, and the zero-width joiners go.
SENTENCE_MARKS_V11 = "！（），：；？～"
EARLY_V11 = (
    *((chr(code), chr(code - 0xFEE0)) for code in range(0xFF01, 0xFF5F) if chr(code) not in SENTENCE_MARKS_V11),
    ("\u200c", ""),
    ("\u200d", ""),
)
# The stages of the folding after schema 11: (view, its INSTEAD OF trigger), in the order a row
# passes through them; the first is m010's feed.
STAGES_V11 = (
    (FEED_VIEW, FEED_TRIGGER),
    ("entries_fts_feed_wide", "entries_fts_feed_wide_insert"),
    ("entries_fts_feed_cased", "entries_fts_feed_cased_insert"),
)
WIDE_PASS_V11 = "entries_fts_feed_wide_pass"  # the second stage's trigger for rows with nothing left to fold
DEPTH = 6  # replace() calls nested in one subquery
CHUNK = 500  # entries indexed again in one statement


def m011_fold_width_and_joiners(db: Database) -> None:
    """The index folds full-width ASCII and leaves out zero-width joiners.

    What Chinese and Japanese input methods type in full-width mode (ｒｕｓｔ,
    ＡＢＣ, ２０２４) and ASCII did not find each other; and the joiners that
    text now keeps where a script needs them (Persian می‌خواهم, emoji 👨‍👩‍👧)
    would hide a word typed without them. The index is now fed each value
    with EARLY_V11 applied (full-width ASCII made ASCII, U+200C and U+200D
    removed) before m008's folding; the query folds the same way
    (store/fold.py).

    Those 88 more replace() calls do not fit in one expression with m008's:
    SQLite's parser stack overflows (at about 80 nested calls, subqueries
    and all). So the folding runs in stages, each a view that holds no rows
    and whose INSTEAD OF trigger folds the row's values and inserts the row
    into the next stage's view (STAGES_V11): half of EARLY_V11, the other
    half, then m008's folding into the index. Each stage folds the eight
    values as the rows of a subquery with one copy of its expression, and
    gathers them back: m010 held eight copies of m008's. The schema every
    connection parses shrinks from 27 KB to 11 KB.

    Only the entries that hold one of EARLY_V11's characters (a few byte
    scans of each value find them; every other value is folded exactly as
    before) are indexed again, each removed with the text it was indexed
    with; the others are not touched.
    """
    cols = ", ".join(FTS_COLUMNS_V4)
    nulls = ", ".join(["NULL"] * (len(FTS_COLUMNS_V4) + 2))
    for view, _ in STAGES_V11[1:]:
        db.execute(f"CREATE VIEW {view} (command, id, {cols}) AS SELECT {nulls} WHERE 0")
    db.execute(f"DROP TRIGGER {FEED_TRIGGER}")
    for trigger in stage_triggers_v11():
        db.execute(trigger)
    maybe = " OR ".join(f"({_needs_early(_value('entries', c))})" for c in FTS_COLUMNS_V4)
    ids = [r[0] for r in db.execute(f"SELECT id FROM entries WHERE {maybe}").fetchall()]
    old = ", ".join(indexed_v8("entries", c) for c in FTS_COLUMNS_V4)
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        marks = ", ".join("?" * len(chunk))
        db.execute(
            f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) SELECT 'delete', id, {old} "
            f"FROM entries WHERE id IN ({marks})",
            chunk,
        )
        db.execute(
            f"INSERT INTO {FEED_VIEW} (command, id, {cols}) SELECT NULL, id, {cols} FROM entries WHERE id IN ({marks})",
            chunk,
        )


def _literal(text: str) -> str:
    if text.isascii():
        return "'" + text.replace("'", "''") + "'"
    return "char(" + ", ".join(str(ord(c)) for c in text) + ")"


def _chain(expr: str, rules: tuple[tuple[str, str], ...]) -> str:
    for old, new in rules:
        expr = f"replace({expr}, {_literal(old)}, {_literal(new)})"
    return expr


def _needs_early(expr: str) -> str:
    """True for every value of ``expr`` that EARLY_V11 changes (and for blobs and values
    holding a NUL), in a few byte scans: a joiner's bytes, or the lead byte EF of a
    full-width character still there once the sentence marks are taken out. A GLOB of a
    class of the characters is several times slower on long text."""
    blob = f"CAST({expr} AS BLOB)"
    joiners = [f"instr({blob}, X'{old.encode().hex().upper()}')" for old, new in EARLY_V11 if not new]
    unmarked = _chain(expr, tuple((mark, "") for mark in SENTENCE_MARKS_V11))
    return (
        f"typeof({expr}) = 'blob' OR instr({blob}, X'00') OR {' OR '.join(joiners)} OR "
        f"(instr({blob}, X'EF') AND instr(CAST({unmarked} AS BLOB), X'EF'))"
    )


def _early(expr: str, rules: tuple[tuple[str, str], ...]) -> str:
    sql = f"SELECT {expr} AS v"
    for start in range(0, len(rules), DEPTH):
        sql = f"SELECT {_chain('v', rules[start : start + DEPTH])} AS v FROM ({sql})"
    return f"({sql})"


def _fold_if_needed(expr: str) -> str:
    """m008's folding of one value (its _fold_if_needed, as released)."""
    sql = f"SELECT {expr} AS v"
    for start in range(0, len(PREMAP_V8), DEPTH):
        sql = f"SELECT {_chain('v', PREMAP_V8[start : start + DEPTH])} AS v FROM ({sql})"
    needs_premap = " OR ".join(f"instr({expr}, {_literal(old)})" for old, _ in PREMAP_V8)
    return (
        f"CASE WHEN {expr} = '' THEN '' WHEN {needs_premap} "
        f"THEN (SELECT {fold('v')} FROM ({sql})) "
        f"WHEN {_needs_fold(expr)} THEN {fold(expr)} ELSE {expr} END"
    )


def _words(expr: str) -> str:
    """A tags value as the index reads it: its JSON list's words joined by spaces."""
    return (
        f"CASE WHEN {expr} = '[]' THEN '' WHEN json_valid({expr}) THEN "
        f"coalesce((SELECT group_concat(value, ' ') FROM json_each({expr})), '') ELSE {expr} END"
    )


def _value(prefix: str, column: str) -> str:
    return _words(f"{prefix}.{column}") if column == "tags" else f"{prefix}.{column}"


def stage_triggers_v11() -> list[str]:
    """The triggers of STAGES_V11: each folds the new row's values as the rows (c, x) of a
    subquery with one copy of its stage's expression, gathers them back into one row and
    inserts it into the next stage's view (the last: the index)."""
    cols = ", ".join(FTS_COLUMNS_V4)
    half = len(EARLY_V11) // 2
    # The first stage hands a value it has folded half of on as a blob: the second then
    # folds the rest without testing the value again.
    folds = [
        f"CASE WHEN {_needs_early('x')} THEN CAST({_early('x', EARLY_V11[:half])} AS BLOB) ELSE x END",
        f"CASE WHEN typeof(x) = 'blob' THEN {_early('CAST(x AS TEXT)', EARLY_V11[half:])} ELSE x END",
        f"({_fold_if_needed('x')}) || ' '",
    ]
    targets = [f"{view} (command, id, {cols})" for view, _ in STAGES_V11[1:]]
    targets.append(f"entries_fts(entries_fts, rowid, {cols})")
    gathered = ", ".join(f"max(CASE c WHEN {i} THEN x END)" for i in range(len(FTS_COLUMNS_V4)))
    # The second stage folds only a row handed on with a half-folded value (a blob); another
    # trigger hands every other row (nearly all) on as it is.
    halves = " OR ".join(f"typeof(new.{c}) = 'blob'" for c in FTS_COLUMNS_V4)
    when = ["", f"WHEN {halves} ", ""]
    out = []
    for number, ((view, trigger), stage, target) in enumerate(zip(STAGES_V11, folds, targets, strict=True)):
        values = " UNION ALL ".join(
            f"SELECT {i}{' AS c' if not i else ''}, "
            f"{_value('new', c) if c == 'tags' and not number else f'new.{c}'}{' AS x' if not i else ''}"
            for i, c in enumerate(FTS_COLUMNS_V4)
        )
        out.append(
            f"CREATE TRIGGER {trigger} INSTEAD OF INSERT ON {view} {when[number]}BEGIN INSERT INTO {target} "
            f"SELECT new.command, new.id, {gathered} FROM (SELECT c, {stage} AS x FROM ({values})); END"
        )
    out.append(
        f"CREATE TRIGGER {WIDE_PASS_V11} INSTEAD OF INSERT ON {STAGES_V11[1][0]} WHEN NOT ({halves}) BEGIN "
        f"INSERT INTO {targets[1]} VALUES (new.command, new.id, {', '.join(f'new.{c}' for c in FTS_COLUMNS_V4)}); END"
    )
    return out
