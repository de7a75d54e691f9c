"""Imports suspend the per-row insert triggers inside their transaction and
index each batch at once (store.Library.bulk_insert): the triggers must be
back after every import, good or failed, and the index and counters exact."""

from __future__ import annotations

import json
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.model.entry import Entry
from readlog.store import Counts, Store, schema
from readlog.store.common import INDEX_FUNCTION

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


# ---- what a batch feeds the index (schema.index_inserted) -----------------------

# Text that the index folds (spaces of every kind, runs of them, fold.PREMAP's
# letters, fold.EARLY's full width and joiners, NUL) among text that it leaves as it is.
_SPACES = ["内核", "a", "B", " ", "  ", "\t", "\n", "\r", "\x0b", "\x0c", "\xa0", "\u3000", "\x00"]
_PREMAP = ["i\u0307", "I\u0307", "\u0130", "\u0131", "ß", "ẞ", "ﬁ", "ﬆ", "և", "ΐ", "ΰ", "\u0307"]
_EARLY = ["Ａ", "ｑ", "９", "＃", "，", "\u200c", "\u200d"]
_PIECES = st.sampled_from([*_SPACES, *_PREMAP, *_EARLY, '"', "\\", "[", "]", ",", "😀"])
_TEXT = st.lists(_PIECES, max_size=8).map("".join)
_TAGS = st.one_of(
    st.lists(_TEXT, max_size=4).map(lambda tags: json.dumps(tags, ensure_ascii=False)),
    st.lists(_TEXT, max_size=3).map(json.dumps),  # escaped
    st.sampled_from(["[]", "[", '{"a": "b c"}', '["a", 1]', '["a\\tb"]', "[ ]", '["x  y"]', "not json", ""]),
)
_ROW = st.fixed_dictionaries(
    {c: _TEXT for c in schema.FTS_COLUMNS if c not in ("tags", "text")},
    optional={"tags": _TAGS, "text": _TEXT},
)


def _index(conn: sqlite3.Connection) -> list[tuple[object, ...]]:
    """Every term instance the index holds (term, row, column, offset), and each row's size."""
    conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.instances USING fts5vocab(main, entries_fts, 'instance')")
    terms = conn.execute("SELECT term, doc, col, offset FROM temp.instances ORDER BY 1, 2, 3, 4").fetchall()
    return terms + conn.execute("SELECT id, sz FROM entries_fts_docsize ORDER BY id").fetchall()


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(_ROW, min_size=1, max_size=6), st.booleans())
def test_a_batch_feeds_the_index_what_the_trigger_would(rows: list[dict[str, object]], gap: bool) -> None:
    """Row by row, value by value, what a bulk import feeds the search index (the rows
    with nothing to fold as they are, the others through the folding's stages) is what
    the insert trigger feeds it, also when a row of the range is not among the rows
    checked in Python (and a column the row leaves out holds its default)."""
    with tempfile.TemporaryDirectory() as folder:
        lib = Store.open(Path(folder) / "lib.db")
        try:
            batch = [
                {"id": i + 1, "fingerprint": f"f{i}", "saved_at": "t", "imported_at": "t", "updated_at": "t", **r}
                for i, r in enumerate(rows)
            ]
            with lib.transaction(), lib.bulk_insert():
                for row in batch:
                    lib.conn.execute(
                        f"INSERT INTO entries ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                        list(row.values()),
                    )
                schema.index_inserted(lib.conn, 1, len(batch), batch[1:] if gap and len(batch) > 1 else batch)
            fed = _index(lib.conn)
            with lib.transaction():
                lib.conn.execute("DELETE FROM entries")  # through the delete trigger: removes exactly what was fed
                assert _index(lib.conn) == []
                for row in batch:  # through the insert trigger
                    lib.conn.execute(
                        f"INSERT INTO entries ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                        list(row.values()),
                    )
            assert _index(lib.conn) == fed
        finally:
            lib.close()


def test_a_batch_with_nothing_to_fold_is_fed_without_the_folding(library: Path) -> None:
    """Rows with no space to fold and nothing for store/fold.py (most rows) are fed as they
    are, in one statement for the batch; a row that needs folding through fold.index_text."""
    statements: list[str] = []
    lib = Store.open(library)
    try:
        lib.conn.set_trace_callback(statements.append)
        with lib.transaction(), lib.bulk_insert():
            action = lib.start_action("test")
            plain = [Entry(title=f"内核 Kernel {i}", source="s") for i in range(3)]
            lib.upsert(plain, 0, action, Counts())
            lib.upsert(
                [*plain, Entry(title="Ｋｅｒｎｅｌ", source="s"), Entry(title="x", source="s")], 0, action, Counts()
            )
    finally:
        lib.close()
    fed = list(dict.fromkeys(s for s in statements if s.startswith("INSERT INTO entries_fts(rowid")))
    assert [INDEX_FUNCTION in s for s in fed] == [False, False, True]
    assert fed[0].endswith("WHERE id BETWEEN 1 AND 3") and "id NOT IN" in fed[2]


def fts_config(library: Path) -> list[tuple[str, object]]:
    conn = sqlite3.connect(library)
    try:
        return sorted(conn.execute("SELECT k, v FROM entries_fts_config"))
    finally:
        conn.close()


def test_an_import_leaves_the_index_settings_as_they_were(run: Run, library: Path, tmp_path: Path) -> None:
    """An import lets the search index hold more in memory (FTS5's hashsize) while it
    runs, and leaves the setting as it found it: absent, or the user's own."""
    run("import", str(write(tmp_path / "a.txt", digest(10, "甲"))))
    before = fts_config(library)
    assert "hashsize" not in dict(before)
    run("import", str(write(tmp_path / "b.txt", digest(1200, "乙"))))
    assert fts_config(library) == before
    conn = sqlite3.connect(library)
    with conn:
        conn.execute("INSERT INTO entries_fts(entries_fts, rank) VALUES ('hashsize', 2097152)")
    conn.close()
    run("import", "--strict", str(write(tmp_path / "c.txt", digest(600, "丙") + "not a header at all\n")), code=1)
    run("import", str(write(tmp_path / "d.txt", digest(700, "丁"))))
    assert dict(fts_config(library))["hashsize"] == 2097152
    check = run.json("db", "check")
    assert check["integrity"] == ["ok"] and check["index"] == check["entries"] == 1910
    assert len(run.json("search", "乙 1199")) == 1 and len(run.json("search", "丁 699")) == 1
