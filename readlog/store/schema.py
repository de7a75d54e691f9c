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
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from typing import Any

from readlog.store.common import INDEX_FUNCTION
from readlog.store.fold import unchanged_by_index

# Columns of entries that the full-text index covers, in index order.
FTS_COLUMNS = ("title", "source", "category", "summary", "verdict", "note", "tags", "text")
# Tags are stored as a JSON list; the index sees them as words, so that a
# search for brackets or quotes does not match the JSON around them.
TAGS_TEXT = (
    "(CASE WHEN json_valid({t}) THEN coalesce((SELECT group_concat(value, ' ') FROM json_each({t})), '') ELSE {t} END)"
)
# The triggers that keep the search index in step with every change to entries: each
# feeds it a row's values as fold.index_text makes them (see search_triggers).
SEARCH_TRIGGERS = ("entries_fts_ai", "entries_fts_ad", "entries_fts_au")
# The triggers that keep the search index and the view counters in step with
# each inserted row. A bulk import suspends them inside its transaction and
# does their work once per batch (index_inserted): per row, the search index
# alone costs about four times as much (measured on 5,000 bookmarks).
INSERT_TRIGGERS = ("entries_fts_ai", "view_counts_0", "group_counts_0")
# The views whose size every list footer shows, as conditions on one row.
VIEW_COUNTS = {
    "live": "{r}.archived_at IS NULL",
    "unread": "{r}.read_at IS NULL AND {r}.archived_at IS NULL",
    "done": "{r}.read_at IS NOT NULL AND {r}.archived_at IS NULL",
}
# The counters of each source, category, tag and reading time (schema 19's group_counts),
# as what one row adds to each; the groups of a row are its source, its category, each
# tag of its JSON list (GROUP_TAGS: a value that is no JSON list of text is no tag) and
# its minutes, when it has them (as text), and the day it was saved (saved_at's first ten characters).
GROUP_COUNTERS = {
    "entries": "1",
    "unread": "({r}.read_at IS NULL AND {r}.archived_at IS NULL)",
    "read": "({r}.read_at IS NOT NULL)",
    "starred": "({r}.starred_at IS NOT NULL)",
    "archived": "({r}.archived_at IS NOT NULL)",
}
GROUP_KINDS = ("source", "category", "tag", "minutes", "day")
GROUP_TAGS = "json_each(CASE WHEN json_valid({r}.tags) THEN {r}.tags ELSE '[]' END)"
REBUILD_CHUNK = 5000
REBUILD_ROWS = 500  # rows a rebuild reads at a time (see rebuild_index)


def view_recounts(conn: object) -> dict[str, int]:
    """Each view's size counted from the entries themselves."""
    execute = conn.execute  # type: ignore[attr-defined]
    return {
        view: int(execute(f"SELECT count(*) FROM entries WHERE {cond.format(r='entries')}").fetchone()[0])
        for view, cond in VIEW_COUNTS.items()
    }


def recount_views(conn: object) -> None:
    """Set the view counters and the group counters from a recount (when rebuilding)."""
    execute = conn.execute  # type: ignore[attr-defined]
    for view, n in view_recounts(conn).items():
        execute("INSERT OR REPLACE INTO view_counts (view, n) VALUES (?, ?)", (view, n))
    count_groups(conn)


def _group_queries(where: str) -> dict[str, str]:
    """For each kind of group, the query that sums the counters of each group of that
    kind over the entries ``where`` selects: one grouped pass each, which costs less
    than one pass grouping all kinds together (0.5 s against 1.2 s at 100,000 entries)."""
    sums = ", ".join(f"sum({c.format(r='entries')})" for c in GROUP_COUNTERS.values())
    tags = GROUP_TAGS.format(r="entries")
    return {
        "source": f"SELECT source, {sums} FROM entries WHERE {where} GROUP BY source",
        "category": f"SELECT category, {sums} FROM entries WHERE {where} GROUP BY category",
        "tag": f"SELECT j.value, {sums} FROM entries, {tags} AS j WHERE {where} AND j.type = 'text' GROUP BY j.value",
        "minutes": f"SELECT CAST(minutes AS TEXT) AS m, {sums} FROM entries "
        f"WHERE {where} AND minutes IS NOT NULL GROUP BY m",
        "day": f"SELECT substr(saved_at, 1, 10) AS d, {sums} FROM entries WHERE {where} GROUP BY d",
    }


def group_recounts(conn: object) -> dict[tuple[str, str], tuple[int, ...]]:
    """Each group's counters (GROUP_COUNTERS, in order) counted from the entries themselves."""
    execute = conn.execute  # type: ignore[attr-defined]
    return {
        (kind, r[0]): tuple(int(v) for v in r[1:]) for kind, sql in _group_queries("1").items() for r in execute(sql)
    }


def group_counters(conn: object) -> dict[tuple[str, str], tuple[int, ...]]:
    """The group counters as kept, leaving out the rows of groups that have no entries left."""
    execute = conn.execute  # type: ignore[attr-defined]
    names = ", ".join(GROUP_COUNTERS)
    sql = f"SELECT kind, name, {names} FROM group_counts WHERE {' OR '.join(f'{n} != 0' for n in GROUP_COUNTERS)}"
    return {(r[0], r[1]): tuple(int(v) for v in r[2:]) for r in execute(sql)}


def count_groups(conn: object, low: int | None = None, high: int | None = None) -> None:
    """Add the entries with ids from ``low`` to ``high`` to their groups' counters, as
    the insert trigger group_counts_0 does row by row; with no range, recount every
    group (when rebuilding)."""
    execute = conn.execute  # type: ignore[attr-defined]
    names = ", ".join(GROUP_COUNTERS)
    where, params = ("entries.id BETWEEN ? AND ?", (low, high)) if low is not None else ("1", ())
    if low is None:
        execute("DELETE FROM group_counts")
    add = ", ".join(f"{n} = {n} + excluded.{n}" for n in GROUP_COUNTERS)
    for kind, sql in _group_queries(where).items():
        execute(
            f"INSERT INTO group_counts (kind, name, {names}) SELECT '{kind}', * FROM ({sql}) WHERE true "
            f"ON CONFLICT (kind, name) DO UPDATE SET {add}",
            params,
        )


def index_words(expr: str) -> str:
    """A tags value as the index reads it: the words of its JSON list joined by spaces,
    '' for none; a value that is not JSON as it is."""
    return (
        f"CASE WHEN {expr} = '[]' THEN '' WHEN json_valid({expr}) THEN "
        f"coalesce((SELECT group_concat(value, ' ') FROM json_each({expr})), '') ELSE {expr} END"
    )


def indexed(expr: str, column: str) -> str:
    """What the index is fed for ``column`` of the row ``expr`` (``new``, ``old``, ``entries``)."""
    value = index_words(f"{expr}.tags") if column == "tags" else f"{expr}.{column}"
    return f"{INDEX_FUNCTION}(CAST({value} AS BLOB))"


def search_triggers() -> dict[str, str]:
    """The SQL of SEARCH_TRIGGERS as the schema holds them (by name)."""
    cols = ", ".join(FTS_COLUMNS)
    new = ", ".join(indexed("new", c) for c in FTS_COLUMNS)
    old = ", ".join(indexed("old", c) for c in FTS_COLUMNS)
    insert = f"INSERT INTO entries_fts(rowid, {cols}) VALUES (new.id, {new});"
    delete = f"INSERT INTO entries_fts(entries_fts, rowid, {cols}) VALUES ('delete', old.id, {old});"
    changed = f"AFTER UPDATE OF {cols} ON entries"
    return {
        "entries_fts_ai": f"CREATE TRIGGER entries_fts_ai AFTER INSERT ON entries BEGIN {insert} END",
        "entries_fts_ad": f"CREATE TRIGGER entries_fts_ad AFTER DELETE ON entries BEGIN {delete} END",
        "entries_fts_au": f"CREATE TRIGGER entries_fts_au {changed} BEGIN {delete} {insert} END",
    }


def index_inserted(
    conn: object, low: int, high: int, rows: Sequence[Mapping[str, object]] | None = None, *, counts: bool = True
) -> None:
    """What INSERT_TRIGGERS do, for all the entries with ids from ``low`` to ``high`` at once.

    ``rows``, the values just inserted (each with its ``id``), lets the index
    be fed a row's values as they are where the folding would not change any
    (no space to fold, nothing for store/fold.py: see unchanged_by_index),
    which most rows are. The other rows of the range are fed through
    fold.index_text, as the insert trigger feeds them. The index gets exactly
    what the trigger would give it, row for row. ``counts``: the view and group counters too (a rebuild
    leaves them).
    """
    execute = conn.execute  # type: ignore[attr-defined]
    cols = ", ".join(FTS_COLUMNS)
    plain = plain_rows(rows or [], low, high)
    values = ", ".join(plain_value(c) for c in FTS_COLUMNS)
    fed = f"INSERT INTO entries_fts(rowid, {cols}) SELECT id, {values} FROM entries "
    through = ", ".join(indexed("entries", c) for c in FTS_COLUMNS)
    folded = f"INSERT INTO entries_fts(rowid, {cols}) SELECT id, {through} FROM entries "
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
    if counts:
        count_groups(conn, low, high)


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
    """Re-create the full-text indexes: the entries' from the entries table, as a bulk import feeds it
    (index_inserted): each row as it is when the folding leaves it so, else through the
    folding's stages, as the insert trigger sends it; then the highlights' (schema 14) from
    the highlights table, through the folding as their triggers feed it.

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
    # The highlights' own index (schema 14), fed as its triggers feed it.
    execute("INSERT INTO highlights_fts(highlights_fts) VALUES ('delete-all')")
    folded = ", ".join(f"{INDEX_FUNCTION}(CAST({c} AS BLOB))" for c in ("passage", "note"))
    execute(f"INSERT INTO highlights_fts(rowid, passage, note) SELECT id, {folded} FROM highlights")
