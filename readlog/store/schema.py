"""The live schema: what the running code relies on, apart from the migration history.

The migrations (migrations/) build the schema and never change once
released; this module describes the schema they end with, for the code that
feeds and reads it: the search index's columns and the expressions that feed
it, the triggers a bulk import suspends and does the work of, the view
counters. tests/test_migrations.py checks that the two agree (a new
library's search triggers are exactly the ones made from these expressions),
so a change here without a new migration fails the tests.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from typing import Any

from readlog.store.fold import EARLY, EARLY_RULES, PREMAP, needs_early_sql, needs_premap_sql, premap_sql

# Columns of entries that the full-text index covers, in index order.
FTS_COLUMNS = ("title", "source", "category", "summary", "verdict", "note", "tags", "text")
# Whitespace that the index (and the query parser, see search.py) folds into
# single spaces, so that a phrase matches across line breaks and double spaces.
SPACES = " \t\n\v\f\r\xa0\u3000"
# Tags are stored as a JSON list; the index sees them as words, so that a
# search for brackets or quotes does not match the JSON around them.
TAGS_TEXT = (
    "(CASE WHEN json_valid({t}) THEN coalesce((SELECT group_concat(value, ' ') FROM json_each({t})), '') ELSE {t} END)"
)
# The triggers that keep the search index in step with every change to entries:
# the first three insert the row's values into FEED_VIEW (a view that holds no
# rows). Its INSTEAD OF trigger, FEED_TRIGGER, folds them and hands the row on
# to the next stage's view, whose trigger folds them further, and so on; the
# last feeds the index (FOLD_STAGES, see search_triggers). Each stage folds the
# row's eight values with one copy of its expression, and each is parsed by
# itself: the whole chain of replace() calls in one expression overflows
# SQLite's parser (see migrations.m010 and m011).
FEED_VIEW = "entries_fts_feed"
FEED_TRIGGER = "entries_fts_feed_insert"
# (view, its trigger) for each stage of the folding, in the order a row passes through them.
FOLD_STAGES = (
    (FEED_VIEW, FEED_TRIGGER),
    ("entries_fts_feed_wide", "entries_fts_feed_wide_insert"),
    ("entries_fts_feed_cased", "entries_fts_feed_cased_insert"),
)
# The second stage has a trigger for the rows with nothing left to fold (nearly all), which
# hands them on as they are (see search_triggers).
WIDE_PASS = "entries_fts_feed_wide_pass"
SEARCH_TRIGGERS = ("entries_fts_ai", "entries_fts_ad", "entries_fts_au", *(t for _, t in FOLD_STAGES), WIDE_PASS)
# The triggers that keep the search index and the view counters in step with
# each inserted row. A bulk import suspends them inside its transaction and
# does their work once per batch (index_inserted): per row, the search index
# alone costs about four times as much (measured on 5,000 bookmarks).
INSERT_TRIGGERS = ("entries_fts_ai", "view_counts_0")
# The views whose size every list footer shows, as conditions on one row.
VIEW_COUNTS = {
    "live": "{r}.archived_at IS NULL",
    "unread": "{r}.read_at IS NULL AND {r}.archived_at IS NULL",
    "done": "{r}.read_at IS NOT NULL AND {r}.archived_at IS NULL",
}
REBUILD_CHUNK = 5000
REBUILD_ROWS = 500  # rows a rebuild reads at a time (see rebuild_index)
# How many replace() calls of the case folding one subquery nests (see _fold_if_needed).
PREMAP_DEPTH = 6


def view_recounts(conn: object) -> dict[str, int]:
    """Each view's size counted from the entries themselves."""
    execute = conn.execute  # type: ignore[attr-defined]
    return {
        view: int(execute(f"SELECT count(*) FROM entries WHERE {cond.format(r='entries')}").fetchone()[0])
        for view, cond in VIEW_COUNTS.items()
    }


def recount_views(conn: object) -> None:
    """Set the view counters from a recount (when rebuilding)."""
    execute = conn.execute  # type: ignore[attr-defined]
    for view, n in view_recounts(conn).items():
        execute("INSERT OR REPLACE INTO view_counts (view, n) VALUES (?, ?)", (view, n))


def _fold(expr: str) -> str:
    """``expr`` with every SPACES character made a plain space and runs of spaces (up to 64) made one."""
    for ch in SPACES[1:]:
        expr = f"replace({expr}, char({ord(ch)}), ' ')"
    for _ in range(6):
        expr = f"replace({expr}, '  ', ' ')"
    return expr


def _needs_fold(expr: str) -> str:
    """A condition that is true for every value of ``expr`` that _fold would change.

    Byte-exact for any value, blobs and broken UTF-8 included: GLOB with a
    single ASCII character after '*' is a strcspn() over the bytes (the
    fastest test SQLite has), but it stops at a NUL and, in some builds
    (SQLITE_LIKE_DOESNT_MATCH_BLOBS, Debian's among them), never matches a
    blob, so values holding a NUL and blobs always go through the folding;
    the multi-byte spaces are found with instr(), which compares bytes at
    every character start (GLOB would decode UTF-8 and could miss them in a
    broken sequence). The newline comes first because long texts (fetched
    articles) have one early.
    """
    ascii_ = sorted((c for c in SPACES[1:] if ord(c) < 0x80), key=lambda c: c != "\n")
    tests = [f"typeof({expr}) = 'blob'"]
    tests += [f"{expr} GLOB '*' || char({ord(c)}) || '*'" for c in ascii_]
    tests.append(f"{expr} GLOB '*  *'")
    tests += [f"instr({expr}, char({ord(c)}))" for c in SPACES[1:] if ord(c) >= 0x80]
    tests.append(f"instr({expr}, char(0))")
    return " OR ".join(tests)


def _fold_if_needed(expr: str) -> str:
    """``_fold(fold.premap_sql(expr))``, computed only for the values it changes (the same result
    for every value, NULL too); an empty value, as most columns of most entries are, is not
    even tested. The case folding (store/fold.py) comes first and is rare: a value that needs
    it goes through both foldings whole (they commute: PREMAP neither makes nor removes spaces),
    the case folding in a subquery of its own: nested in one another, the two chains of
    replace() calls would overflow SQLite's parser stack. The last stage of the folding;
    fold.EARLY's came before it (_early_if_needed)."""
    return (
        f"CASE WHEN {expr} = '' THEN '' WHEN {needs_premap_sql(expr)} "
        f"THEN {_premap_then_fold(expr)} "
        f"WHEN {_needs_fold(expr)} THEN {_fold(expr)} ELSE {expr} END"
    )


def _premap_then_fold(expr: str) -> str:
    """``_fold(fold.premap_sql(expr))`` as nested subqueries of at most PREMAP_DEPTH replace() calls each."""
    sql = f"SELECT {expr} AS v"
    for start in range(0, len(PREMAP), PREMAP_DEPTH):
        sql = f"SELECT {premap_sql('v', PREMAP[start : start + PREMAP_DEPTH])} AS v FROM ({sql})"
    return f"(SELECT {_fold('v')} FROM ({sql}))"


def _early(expr: str, rules: tuple[tuple[str, str], ...]) -> str:
    """``expr`` with ``rules`` (a part of fold.EARLY) applied, as nested subqueries of at most
    PREMAP_DEPTH replace() calls each."""
    sql = f"SELECT {expr} AS v"
    for start in range(0, len(rules), PREMAP_DEPTH):
        sql = f"SELECT {premap_sql('v', rules[start : start + PREMAP_DEPTH])} AS v FROM ({sql})"
    return f"({sql})"


def index_words(expr: str) -> str:
    """A tags value as the index reads it: the words of its JSON list joined by spaces,
    '' for none; a value that is not JSON as it is."""
    return (
        f"CASE WHEN {expr} = '[]' THEN '' WHEN json_valid({expr}) THEN "
        f"coalesce((SELECT group_concat(value, ' ') FROM json_each({expr})), '') ELSE {expr} END"
    )


# What each stage of FOLD_STAGES does to a value (``x``): fold.EARLY's rules, in two halves
# (each as much as one expression holds), then the case and space folding and the
# trailing space that lets two-character queries use the index (see search.py).
_HALF = len(EARLY_RULES) // 2


def fold_stages() -> tuple[str, ...]:
    """What each stage of FOLD_STAGES makes of a value ``x`` (a tags value comes to the first
    as its words, index_words). The first tests whether EARLY changes the value at all and
    hands the value on as a blob when it has folded only the first half of it: the second
    stage then knows without testing again (text, blob or NULL stay what they were)."""
    return (
        f"CASE WHEN {needs_early_sql('x')} THEN CAST({_early('x', EARLY_RULES[:_HALF])} AS BLOB) ELSE x END",
        f"CASE WHEN typeof(x) = 'blob' THEN {_early('CAST(x AS TEXT)', EARLY_RULES[_HALF:])} ELSE x END",
        f"({_fold_if_needed('x')}) || ' '",
    )


def search_views() -> dict[str, str]:
    """The SQL of the views of FOLD_STAGES (by name): they hold no rows; what is inserted
    into one is handed to its trigger."""
    cols = ", ".join(FTS_COLUMNS)
    nulls = ", ".join(["NULL"] * (len(FTS_COLUMNS) + 2))
    return {view: f"CREATE VIEW {view} (command, id, {cols}) AS SELECT {nulls} WHERE 0" for view, _ in FOLD_STAGES}


def search_triggers() -> dict[str, str]:
    """The SQL of SEARCH_TRIGGERS as the schema holds them (by name): the three on entries
    insert a row into FEED_VIEW, and each stage of FOLD_STAGES folds the row's values and
    inserts it into the next stage's view, the last into the index. A stage folds the
    values as the rows of a subquery (column number c, value x) with one copy of its
    expression, and gathers them back into one row."""
    cols = ", ".join(FTS_COLUMNS)
    feed = f"INSERT INTO {FEED_VIEW} (command, id, {cols}) VALUES"
    new = ", ".join(f"new.{c}" for c in FTS_COLUMNS)
    old = ", ".join(f"old.{c}" for c in FTS_COLUMNS)
    triggers = {
        "entries_fts_ai": f"CREATE TRIGGER entries_fts_ai AFTER INSERT ON entries BEGIN "
        f"{feed} (NULL, new.id, {new}); END",
        "entries_fts_ad": f"CREATE TRIGGER entries_fts_ad AFTER DELETE ON entries BEGIN "
        f"{feed} ('delete', old.id, {old}); END",
        "entries_fts_au": f"CREATE TRIGGER entries_fts_au AFTER UPDATE OF {cols} ON entries BEGIN "
        f"{feed} ('delete', old.id, {old}); {feed} (NULL, new.id, {new}); END",
    }
    gathered = ", ".join(f"max(CASE c WHEN {i} THEN x END)" for i in range(len(FTS_COLUMNS)))
    targets = [
        *(f"{view} (command, id, {cols})" for view, _ in FOLD_STAGES[1:]),
        f"entries_fts(entries_fts, rowid, {cols})",
    ]
    # The second stage folds only a row that the first handed on a value of as a blob (half folded).
    halves = " OR ".join(f"typeof(new.{c}) = 'blob'" for c in FTS_COLUMNS)
    when = ["", f"WHEN {halves} ", ""]
    for number, ((view, trigger), fold, target) in enumerate(zip(FOLD_STAGES, fold_stages(), targets, strict=True)):
        values = " UNION ALL ".join(
            f"SELECT {i}{' AS c' if not i else ''}, "
            f"{index_words('new.tags') if c == 'tags' and not number else f'new.{c}'}{' AS x' if not i else ''}"
            for i, c in enumerate(FTS_COLUMNS)
        )
        triggers[trigger] = (
            f"CREATE TRIGGER {trigger} INSTEAD OF INSERT ON {view} {when[number]}BEGIN INSERT INTO {target} "
            f"SELECT new.command, new.id, {gathered} FROM (SELECT c, {fold} AS x FROM ({values})); END"
        )
    triggers[WIDE_PASS] = (
        f"CREATE TRIGGER {WIDE_PASS} INSTEAD OF INSERT ON {FOLD_STAGES[1][0]} WHEN NOT ({halves}) BEGIN "
        f"INSERT INTO {targets[1]} VALUES (new.command, new.id, {', '.join(f'new.{c}' for c in FTS_COLUMNS)}); END"
    )
    return triggers


def index_inserted(
    conn: object, low: int, high: int, rows: Sequence[Mapping[str, object]] | None = None, *, counts: bool = True
) -> None:
    """What INSERT_TRIGGERS do, for all the entries with ids from ``low`` to ``high`` at once.

    ``rows``, the values just inserted (each with its ``id``), lets the index
    be fed a row's values as they are where the folding would not change any
    (no space to fold, nothing for store/fold.py: see unchanged_by_index),
    which most rows are: the tests for that in SQL (a dozen and a half scans
    of every value) cost more than the search index itself. The other rows
    of the range go through the folding's stages (FEED_VIEW), as the insert
    trigger would send them. The index gets exactly what the trigger would
    give it, row for row. ``counts``: the view counters too (a rebuild
    leaves them).
    """
    execute = conn.execute  # type: ignore[attr-defined]
    cols = ", ".join(FTS_COLUMNS)
    plain = plain_rows(rows or [], low, high)
    values = ", ".join(plain_value(c) for c in FTS_COLUMNS)
    fed = f"INSERT INTO entries_fts(rowid, {cols}) SELECT id, {values} FROM entries "
    folded = f"INSERT INTO {FEED_VIEW} (command, id, {cols}) SELECT NULL, id, {cols} FROM entries "
    if len(set(plain)) == high - low + 1:  # every row of the range (a batch of an import, nearly always)
        execute(fed + "WHERE id BETWEEN ? AND ?", (low, high))
    elif not plain:
        execute(folded + "WHERE id BETWEEN ? AND ?", (low, high))
    else:
        execute(fed + "WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(plain),))
        execute(
            folded + "WHERE id BETWEEN ? AND ? AND id NOT IN (SELECT value FROM json_each(?))",
            (low, high, json.dumps(plain)),
        )
    for view, cond in VIEW_COUNTS.items() if counts else ():
        execute(
            f"UPDATE view_counts SET n = n + (SELECT count(*) FROM entries WHERE id BETWEEN ? AND ? AND "
            f"{cond.format(r='entries')}) WHERE view = ?",
            (low, high, view),
        )


# What makes the folding change a value: two spaces in a row, a character that
# _fold turns into a space, a character of fold.EARLY, or the last character of one of fold.PREMAP's
# rules (a value without it holds none of that rule's text). NUL too, which
# the SQL test treats apart. A class of single characters: the regular
# expression engine scans for one in a tight loop.
_CHANGES = re.compile(
    "[" + re.escape("".join(sorted({*SPACES[1:], *(old[-1] for old, _ in PREMAP), *EARLY, "\0"}))) + "]"
)


def unchanged_by_index(value: object) -> bool:
    """Whether the folding feeds the index ``value`` as it is, followed by a
    space: a string with nothing to fold (see _CHANGES)."""
    return type(value) is str and (not value or ("  " not in value and _CHANGES.search(value) is None))


def _plain_tags(value: object) -> bool:
    """Whether the folding of a tags value is its words joined by spaces, as
    they are: a JSON list of strings, with no escapes (what json_each reads
    is then plainly the same text), whose words and text need no folding."""
    if not unchanged_by_index(value):
        return False
    assert isinstance(value, str)
    if value == "[]":
        return True
    if "\\" in value:
        return False
    try:
        words = json.loads(value)
    except ValueError:
        return False
    return isinstance(words, list) and all(type(w) is str for w in words) and unchanged_by_index(" ".join(words))


def _cached(seen: dict[object, bool], value: object) -> bool:
    """_plain_tags(value), remembered in ``seen``."""
    found = seen.get(value) if isinstance(value, str) else None
    if found is None:
        found = _plain_tags(value)
        if isinstance(value, str):
            seen[value] = found
    return found


def plain_value(column: str) -> str:
    """What the folding feeds the index for a value it leaves unchanged (see unchanged_by_index)."""
    expr = f"entries.{column}"
    if column != "tags":
        return f"{expr} || ' '"
    words = f"SELECT group_concat(value, ' ') FROM json_each({expr})"
    return (
        f"(CASE WHEN {expr} = '[]' THEN '' WHEN json_valid({expr}) THEN coalesce(({words}), '') ELSE {expr} END) || ' '"
    )


def plain_rows(rows: Sequence[Mapping[str, object]], low: int, high: int) -> list[int]:
    """The ids, from ``low`` to ``high``, of the rows of ``rows`` that the index is fed as they
    are (plain_value): every column's value is one the folding leaves unchanged. A column a
    row leaves out holds its default, '' or '[]' (tags), which the folding leaves so too."""
    tags: dict[object, bool] = {}  # a batch's entries share few sets of tags: each is looked at once
    found = []
    for r in rows:
        row_id = r.get("id")
        if not (isinstance(row_id, int) and low <= row_id <= high):
            continue
        if all(c not in r or (_cached(tags, r[c]) if c == "tags" else unchanged_by_index(r[c])) for c in FTS_COLUMNS):
            found.append(row_id)
    return found


def rebuild_index(conn: object, progress: Callable[[str, int | None], Any] | None = None) -> None:
    """Re-create the full-text index from the entries table, as a bulk import feeds it
    (index_inserted): each row as it is when the folding leaves it so, else through the
    folding's stages, as the insert trigger sends it.

    Done in slices of ids so that a large library can show a progress bar
    (``progress`` is a factory like render.Output.progress) and holds no more
    than REBUILD_ROWS rows' text at a time; the caller's transaction makes it
    all-or-nothing.
    """
    cols = ", ".join(FTS_COLUMNS)
    execute = conn.execute  # type: ignore[attr-defined]
    execute("INSERT INTO entries_fts(entries_fts) VALUES ('delete-all')")
    total = execute("SELECT count(*) FROM entries").fetchone()[0]
    bar = progress("building the search index", total) if progress and total > REBUILD_CHUNK else nullcontext()
    rows = f"SELECT id, {cols} FROM entries WHERE id > ? ORDER BY id LIMIT {REBUILD_ROWS}"
    with bar as shown:
        low, done = -(2**63), 0
        while batch := execute(rows, (low,)).fetchall():
            high = batch[-1][0]
            named = [dict(zip(("id", *FTS_COLUMNS), r, strict=True)) for r in batch]
            index_inserted(conn, low + 1, high, named, counts=False)
            done, low = min(total, done + len(batch)), high
            if shown is not None:
                shown.update(done, done)
