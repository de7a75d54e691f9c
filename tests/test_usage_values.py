"""Option and environment values that cannot mean anything are usage errors
(exit 2, one line), never silently replaced by something else."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, Run

DIGEST = str(ROOT / "examples" / "reading-digest.txt")


@pytest.mark.parametrize("when", ["0001-01-01", "1979-12-31", "3000-01-01", "9999-12-31T23:59"])
def test_as_of_outside_the_calendar_readlog_keeps(run: Run, when: str) -> None:
    result = run("import", DIGEST, "--as-of", when, code=2)
    assert "--as-of" in result.stderr and "1980" in result.stderr and len(result.stderr.splitlines()) == 1
    assert run.json("list") == []


def test_as_of_inside_the_calendar_is_fine(run: Run) -> None:
    run("import", DIGEST, "--as-of", "1980-01-02")


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "abc", "1e12"])
def test_busy_timeout_must_be_a_sensible_number(run: Run, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("READLOG_BUSY_TIMEOUT", value)
    result = run("list", code=2)
    assert "READLOG_BUSY_TIMEOUT" in result.stderr and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("value", ["0", "0.5", "30", ""])
def test_busy_timeout_numbers_work(run: Run, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("READLOG_BUSY_TIMEOUT", value)
    run("list")


@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_db_option_is_a_usage_error(run: Run, library: Path, value: str) -> None:
    result = run("--db", value, "import", DIGEST, code=2)
    assert "--db" in result.stderr and len(result.stderr.splitlines()) == 1
    assert not library.exists()  # never the next library in line
