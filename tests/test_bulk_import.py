"""Imports suspend the per-row insert triggers inside their transaction and
index each batch at once (store.Library.bulk_insert): the triggers must be
back after every import, good or failed, and the index and counters exact."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from readlog.model.entry import Entry
from readlog.store import Counts, Store, schema

from conftest import Run, write


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
