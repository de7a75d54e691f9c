"""Ids restored from readlog's own export stay far from the end of the id space.

An exported id is kept only below RESTORE_ID_LIMIT (2**53): a hostile or
damaged export with an id near 2**63-1 must never leave the library unable
to give out another id (every later import failed with "Python int too
large to convert to SQLite INTEGER").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from readlog.model.ids import MAX_ID

from conftest import Run

RESTORE_ID_LIMIT = 2**53  # the documented limit (docs/export-format.md)


def _line(id_: int, url: str) -> str:
    return json.dumps({"readlog": 1, "id": id_, "title": f"t {url}", "url": url}) + "\n"


@pytest.mark.parametrize("huge", [MAX_ID, MAX_ID - 1, RESTORE_ID_LIMIT])
def test_a_huge_restored_id_gets_a_fresh_one_and_later_imports_work(run: Run, tmp_path: Path, huge: int) -> None:
    hostile = tmp_path / "hostile.jsonl"
    hostile.write_text(_line(huge, "https://a.example/1"), encoding="utf-8")
    run("import", str(hostile))
    later = tmp_path / "later.jsonl"
    later.write_text(_line(5, "https://a.example/2") + _line(huge, "https://a.example/3"), encoding="utf-8")
    run("import", str(later))
    ids = sorted(r["id"] for r in run.json("list", "-n", "0"))
    assert len(ids) == 3 and max(ids) < RESTORE_ID_LIMIT
    assert 5 in ids  # an ordinary exported id above every used one is still kept


def test_an_id_just_below_the_limit_is_kept(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "edge.jsonl"
    path.write_text(_line(RESTORE_ID_LIMIT - 1, "https://a.example/1"), encoding="utf-8")
    run("import", str(path))
    assert [r["id"] for r in run.json("list")] == [RESTORE_ID_LIMIT - 1]
    path.write_text(_line(9, "https://a.example/9"), encoding="utf-8")
    run("import", str(path))  # the next id is RESTORE_ID_LIMIT: still far from the end
    assert sorted(r["id"] for r in run.json("list")) == [RESTORE_ID_LIMIT - 1, RESTORE_ID_LIMIT]


def test_a_library_that_already_used_the_last_id_says_so(run: Run, tmp_path: Path, library: Path) -> None:
    """A library damaged before the limit existed: one line, not a traceback."""
    import sqlite3

    path = tmp_path / "one.jsonl"
    path.write_text(_line(1, "https://a.example/1"), encoding="utf-8")
    run("import", str(path))
    with sqlite3.connect(library) as conn:
        conn.execute("UPDATE entries SET id = ?", (MAX_ID,))
    path.write_text(_line(2, "https://a.example/2"), encoding="utf-8")
    result = run("import", str(path), code=1)
    assert "every entry id has been used" in result.stderr and "Traceback" not in result.output
