"""Imports suspend the per-row insert triggers inside their transaction and
index each batch at once (store.Library.bulk_insert): the triggers must be
back after every import, good or failed, and the index and counters exact."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.model.entry import Entry
from readlog.store import Counts, Store, schema

from conftest import Run, write
from helpers import examples


def triggers(library: Path) -> set[str]:
    conn = sqlite3.connect(library)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    finally:
        conn.close()


def digest(n: int, tag: str) -> str:
    return "".join(
        f"技术文章 Source {i % 7} 2026/10/{i % 28 + 1:02d}\n{tag} {i} 讨论内核调度。\n推荐收录。\n" for i in range(n)
    )


def test_triggers_are_back_and_counts_exact_after_an_import(run: Run, library: Path, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "a.txt", digest(1200, "甲"))))  # more than one batch
    assert set(schema.INSERT_TRIGGERS) <= triggers(library)
    check = run.json("db", "check")
    assert check["integrity"] == ["ok"] and check["index"] == check["entries"] == 1200
    run("archive", "1-10")
    run("read", "11-20")
    assert run.json("db", "check")["integrity"] == ["ok"]  # the view counters still follow every change
    assert len(run.json("search", "甲 1199")) == 1


def test_failed_import_leaves_triggers_in_place(run: Run, library: Path, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "a.txt", digest(10, "甲"))))
    bad = write(tmp_path / "b.txt", digest(600, "乙") + "not a header at all\n")
    run("import", "--strict", str(bad), code=1)
    assert set(schema.INSERT_TRIGGERS) <= triggers(library)
    assert run.json("db", "check")["entries"] == 10


def test_rows_inserted_outside_an_import_are_still_indexed(library: Path) -> None:
    lib = Store.open(library)
    try:
        with lib.transaction():
            action = lib.start_action("test")
            lib.upsert([Entry(title="不在导入里的条目", summary="内核", source="s")], 0, action, Counts())
        with lib.transaction(), lib.bulk_insert():
            lib.upsert([Entry(title="批量导入的条目", summary="内核", source="s")], 0, action, Counts())
        found = lib.conn.execute("SELECT count(*) FROM entries_fts WHERE entries_fts MATCH '的条目'").fetchone()[0]
        assert found == 2
        counters = dict(lib.conn.execute("SELECT view, n FROM view_counts").fetchall())
        assert counters == schema.view_recounts(lib.conn) == {"live": 2, "unread": 2, "done": 0}
    finally:
        lib.close()


def test_bulk_insert_needs_a_transaction(library: Path) -> None:
    lib = Store.open(library)
    try:
        with pytest.raises(RuntimeError), lib.bulk_insert():
            pass
    finally:
        lib.close()


# ---- what a batch feeds the index (schema.fts_values_for) -----------------------

# Text that the index folds (spaces of every kind, runs of them, fold.PREMAP's
# letters, NUL) among text that it leaves as it is.
_SPACES = ["内核", "a", "B", " ", "  ", "\t", "\n", "\r", "\x0b", "\x0c", "\xa0", "\u3000", "\x00"]
_PREMAP = ["i\u0307", "I\u0307", "\u0130", "\u0131", "ß", "ẞ", "ﬁ", "ﬆ", "և", "ΐ", "ΰ", "\u0307"]
_PIECES = st.sampled_from([*_SPACES, *_PREMAP, '"', "\\", "[", "]", ",", "😀"])
_TEXT = st.lists(_PIECES, max_size=8).map("".join)
_TAGS = st.one_of(
    st.lists(_TEXT, max_size=4).map(lambda tags: json.dumps(tags, ensure_ascii=False)),
    st.lists(_TEXT, max_size=3).map(json.dumps),  # escaped
    st.sampled_from(["[]", "[", '{"a": "b c"}', '["a", 1]', '["a\\tb"]', "[ ]", '["x  y"]', "not json", ""]),
)
_ROW = st.fixed_dictionaries(
    {c: _TEXT for c in schema.FTS_COLUMNS if c != "tags"},
    optional={"tags": _TAGS},
)


def _fed(conn: sqlite3.Connection, values: str, params: list[str], low: int, high: int) -> list[tuple[object, ...]]:
    sql = f"SELECT id, {values} FROM entries WHERE id BETWEEN ? AND ? ORDER BY id"
    return conn.execute(sql, (*params, low, high)).fetchall()


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(_ROW, min_size=1, max_size=6), st.booleans())
def test_a_batch_feeds_the_index_what_indexed_makes(rows: list[dict[str, object]], gap: bool) -> None:
    """Row by row, value by value, what a bulk import feeds the search index is
    what the insert trigger's expressions (schema.fts_values) make of it, also
    when a row of the range is not among the rows checked in Python."""
    conn = sqlite3.connect(":memory:")
    conn.execute(f"CREATE TABLE entries (id INTEGER PRIMARY KEY, {', '.join(schema.FTS_COLUMNS)} NOT NULL DEFAULT '')")
    batch = [{"id": i + 1, **row} for i, row in enumerate(rows)]
    for row in batch:
        conn.execute(f"INSERT INTO entries ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})", list(row.values()))
    given_rows = batch[1:] if gap and len(batch) > 1 else batch
    values, params = schema.fts_values_for(given_rows, 1, len(batch))
    assert _fed(conn, values, params, 1, len(batch)) == _fed(conn, schema.fts_values("entries"), [], 1, len(batch))


def test_a_batch_with_nothing_to_fold_is_fed_without_the_tests() -> None:
    """Values with no space to fold and nothing for fold.PREMAP (most values) are
    fed as they are: none of indexed()'s instr() scans runs for them."""
    rows = [{"id": 1, **{c: "内核 Kernel" for c in schema.FTS_COLUMNS}, "tags": '["a", "b"]'}]
    values, params = schema.fts_values_for(rows, 1, 1)
    assert "instr(" not in values and params == []
    folded = [{**rows[0], "summary": "two  spaces"}, {**rows[0], "id": 2}]
    values, params = schema.fts_values_for(folded, 1, 2)
    assert values.count("instr(") == schema.indexed("entries", "summary").count("instr(")
    assert params == ["[2]"]
