"""The reference files a user would check, when ../shared/seeds is present."""

from __future__ import annotations

import pytest

from conftest import SHARED, Run

SEEDS = SHARED / "seeds"
DIGEST = SEEDS / "000_26eb8f5416c659da.txt"
BOOKMARKS = SEEDS / "001_64f42ebebc8f172e.txt"

pytestmark = pytest.mark.skipif(not DIGEST.exists(), reason="../shared/seeds is not present")


def test_reference_digest(run: Run) -> None:
    result = run("import", str(DIGEST))
    assert "44 added" in result.stdout and "problem" not in result.output
    rows = run.json("list", "-n", "0")
    assert len(rows) == 44
    assert sum(1 for r in rows if r["published"] is None) == 3
    assert all(r["title"] and len(r["title"]) < len(r["summary"]) for r in rows)
    assert all(r["verdict"] for r in rows)
    assert {r["source"] for r in rows if r["published"] is None} == {"Phil Eaton - databases"}


def test_reference_bookmarks(run: Run) -> None:
    result = run("import", str(BOOKMARKS), "--as-of", "2026-12-01")
    assert "22 added" in result.stdout and "problem" not in result.output
    rows = run.json("list", "-n", "0")
    assert len(rows) == 22
    assert {r["source"] for r in rows} == {"smolnero"}
    stamped = [r for r in rows if r["title"].startswith("蠕虫式驻留")]
    assert len(stamped) == 1 and stamped[0]["saved_at"][:10] == "2026-11-15"
    assert all("<" not in r["summary"] for r in rows)


def test_reference_reimport_adds_nothing(run: Run) -> None:
    run("import", str(DIGEST), str(BOOKMARKS), "--as-of", "2026-12-01")
    result = run("import", str(DIGEST), str(BOOKMARKS), "--as-of", "2026-12-08")
    assert result.stdout.count("0 added") == 2
    assert len(run.json("list", "-n", "0")) == 66
