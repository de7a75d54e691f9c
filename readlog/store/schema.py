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

from readlog.store.fold import PREMAP, needs_premap_sql, premap_sql

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
# rows), whose INSTEAD OF trigger, FEED_TRIGGER, feeds the index what indexed()
# makes of them. One copy of those expressions keeps the schema, which every
# connection parses, small (see migrations.m010).
FEED_VIEW = "entries_fts_feed"
FEED_TRIGGER = "entries_fts_feed_insert"
SEARCH_TRIGGERS = ("entries_fts_ai", "entries_fts_ad", "entries_fts_au", FEED_TRIGGER)
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
    replace() calls would overflow SQLite's parser stack."""
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


def indexed(prefix: str, column: str) -> str:
    """What the index is fed for ``column`` of the row ``prefix`` (new, old, entries).

    Each value gets a trailing space so that every two-character run in the
    text is the start of some indexed trigram: that lets two-character
    queries use the index (see search.py). The characters whose case FTS5
    cannot fold by itself are replaced first (fold.PREMAP, see
    migrations.m008), then whitespace runs (up to 64 long) become one space,
    each computed only for the values that hold some (see migrations.m006).
    For tags, TAGS_TEXT is taken apart so that it is computed once: the
    folding is applied to the aggregate inside its subquery, and an empty list, the usual case, needs no JSON at all.
    """
    expr = f"{prefix}.{column}"
    if column != "tags":
        return f"({_fold_if_needed(expr)}) || ' '"
    words = f"SELECT group_concat(value, ' ') AS w FROM json_each({expr})"
    return (
        f"(CASE WHEN {expr} = '[]' THEN '' WHEN json_valid({expr}) THEN "
        f"coalesce((SELECT {_fold_if_needed('w')} FROM ({words})), '') "
        f"ELSE {_fold_if_needed(expr)} END) || ' '"
    )


def fts_values(prefix: str) -> str:
    """The values of one row for the index, in FTS_COLUMNS order. The same
    expressions serve insert and delete, so the two always agree."""
    return ", ".join(indexed(prefix, c) for c in FTS_COLUMNS)


def search_triggers() -> dict[str, str]:
    """The SQL of SEARCH_TRIGGERS as the schema holds them (by name): the one copy of the
    expressions is in FEED_TRIGGER, which the others feed through FEED_VIEW (see migrations.m010)."""
    cols = ", ".join(FTS_COLUMNS)
    feed = f"INSERT INTO {FEED_VIEW} (command, id, {cols}) VALUES"
    new = ", ".join(f"new.{c}" for c in FTS_COLUMNS)
    old = ", ".join(f"old.{c}" for c in FTS_COLUMNS)
    return {
        "entries_fts_ai": f"CREATE TRIGGER entries_fts_ai AFTER INSERT ON entries BEGIN "
        f"{feed} (NULL, new.id, {new}); END",
        "entries_fts_ad": f"CREATE TRIGGER entries_fts_ad AFTER DELETE ON entries BEGIN "
        f"{feed} ('delete', old.id, {old}); END",
        "entries_fts_au": f"CREATE TRIGGER entries_fts_au AFTER UPDATE OF {cols} ON entries BEGIN "
        f"{feed} ('delete', old.id, {old}); {feed} (NULL, new.id, {new}); END",
        FEED_TRIGGER: f"CREATE TRIGGER {FEED_TRIGGER} INSTEAD OF INSERT ON {FEED_VIEW} BEGIN "
        f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) VALUES (new.command, new.id, {fts_values('new')}); END",
    }


def index_inserted(conn: object, low: int, high: int, rows: Sequence[Mapping[str, object]] | None = None) -> None:
    """What INSERT_TRIGGERS do, for all the entries with ids from ``low`` to ``high`` at once.

    ``rows``, the values just inserted (each with its ``id``), lets the index
    be fed a value as it is where indexed() would not change it (no space to
    fold, nothing for fold.PREMAP: see plain_values), which most values are:
    the tests for that in SQL (a dozen and a half instr() scans of every
    value) cost more than the search index itself. The index gets exactly
    what indexed() makes, row for row and in the same order.
    """
    execute = conn.execute  # type: ignore[attr-defined]
    cols = ", ".join(FTS_COLUMNS)
    values, params = fts_values_for(rows, low, high)
    execute(
        f"INSERT INTO entries_fts(rowid, {cols}) SELECT id, {values} FROM entries WHERE id BETWEEN ? AND ?",
        (*params, low, high),
    )
    for view, cond in VIEW_COUNTS.items():
        execute(
            f"UPDATE view_counts SET n = n + (SELECT count(*) FROM entries WHERE id BETWEEN ? AND ? AND "
            f"{cond.format(r='entries')}) WHERE view = ?",
            (low, high, view),
        )


# What makes indexed() change a value: two spaces in a row, a character that
# _fold turns into a space, or the last character of one of fold.PREMAP's
# rules (a value without it holds none of that rule's text). NUL too, which
# the SQL test treats apart. A class of single characters: the regular
# expression engine scans for one in a tight loop.
_CHANGES = re.compile("[" + re.escape("".join(sorted({*SPACES[1:], *(old[-1] for old, _ in PREMAP), "\0"}))) + "]")


def unchanged_by_index(value: object) -> bool:
    """Whether indexed() feeds the index ``value`` as it is, followed by a
    space: a string with nothing to fold (see _CHANGES)."""
    return type(value) is str and (not value or ("  " not in value and _CHANGES.search(value) is None))


def _plain_tags(value: object) -> bool:
    """Whether indexed() of a tags value is its words joined by spaces, as
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
    """What indexed() is for a value it leaves unchanged (see unchanged_by_index)."""
    expr = f"entries.{column}"
    if column != "tags":
        return f"{expr} || ' '"
    words = f"SELECT group_concat(value, ' ') FROM json_each({expr})"
    return (
        f"(CASE WHEN {expr} = '[]' THEN '' WHEN json_valid({expr}) THEN coalesce(({words}), '') ELSE {expr} END) || ' '"
    )


def fts_values_for(rows: Sequence[Mapping[str, object]] | None, low: int, high: int) -> tuple[str, list[str]]:
    """fts_values('entries') for the entries with ids ``low`` to ``high``,
    and its parameters: each column fed as it is (plain_value) for the rows
    of ``rows`` whose value needs no folding, through indexed() for any
    other. Row by row, the index gets what fts_values would give it."""
    if not rows:
        return fts_values("entries"), []
    ids = [r["id"] for r in rows]
    whole = len(ids) == high - low + 1 and all(type(i) is int and low <= i <= high for i in ids)
    parts, params = [], []
    tags: dict[object, bool] = {}  # a batch's entries share few sets of tags: each is looked at once
    for column in FTS_COLUMNS:
        if column == "tags":
            fed_plain = [r["id"] for r in rows if "tags" in r and _cached(tags, r["tags"])]
        else:
            fed_plain = [r["id"] for r in rows if column in r and unchanged_by_index(r[column])]
        if not fed_plain:
            parts.append(indexed("entries", column))
        elif whole and len(fed_plain) == len(ids):
            parts.append(plain_value(column))
        else:
            parts.append(
                f"CASE WHEN entries.id IN (SELECT value FROM json_each(?)) THEN {plain_value(column)} "
                f"ELSE {indexed('entries', column)} END"
            )
            params.append(json.dumps(fed_plain))
    return ", ".join(parts), params


def rebuild_index(conn: object, progress: Callable[[str, int | None], Any] | None = None) -> None:
    """Re-create the full-text index from the entries table.

    Done in slices of ids so that a large library can show a progress bar
    (``progress`` is a factory like render.Output.progress); the caller's
    transaction makes it all-or-nothing.
    """
    cols = ", ".join(FTS_COLUMNS)
    execute = conn.execute  # type: ignore[attr-defined]
    execute("INSERT INTO entries_fts(entries_fts) VALUES ('delete-all')")
    total = execute("SELECT count(*) FROM entries").fetchone()[0]
    bar = progress("building the search index", total) if progress and total > REBUILD_CHUNK else nullcontext()
    insert = f"INSERT INTO entries_fts(rowid, {cols}) SELECT id, {fts_values('entries')} FROM entries "
    step = "SELECT max(id) FROM (SELECT id FROM entries WHERE id > ? ORDER BY id LIMIT ?)"
    with bar as shown:
        low, done = -(2**63), 0
        while (high := execute(step, (low, REBUILD_CHUNK)).fetchone()[0]) is not None:
            execute(insert + "WHERE id > ? AND id <= ?", (low, high))
            done, low = min(total, done + REBUILD_CHUNK), high
            if shown is not None:
                shown.update(done, done)
