"""stats --since shows every week (or month) of the window asked for, the
empty ones at its start included; only the default window starts where the
library's history starts."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from readlog.model import stamps

from conftest import ROOT, Run


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def _fresh_library(run: Run) -> date:
    """Entries saved only in the last few days; returns today."""
    run("import", str(ROOT / "examples" / "read-later.txt"))
    return stamps.now().date()


def test_an_explicit_window_keeps_its_empty_leading_weeks(run: Run) -> None:
    today = _fresh_library(run)
    data = run.json("stats", "--since", "8w")
    starts = [p["start"] for p in data["periods"]]
    assert len(starts) == 9 and starts[0] == (_monday(today) - timedelta(weeks=8)).isoformat()
    assert data["periods"][0]["saved"] == 0 and data["since"].startswith(starts[0])
    screen = run("stats", "--since", "8w").stdout
    first = datetime.fromisoformat(starts[0])
    assert f"{first:%b %d}" in screen  # the empty first week is a row of the chart


def test_a_month_window_keeps_its_empty_leading_months(run: Run) -> None:
    today = _fresh_library(run)
    start = date(today.year - 1, today.month, 1)
    data = run.json("stats", "--since", start.isoformat())
    assert data["bucket"] == "month" and data["periods"][0]["start"] == start.isoformat()
    assert len(data["periods"]) == 13


def test_the_default_window_starts_where_the_history_starts(run: Run) -> None:
    today = _fresh_library(run)
    starts = [p["start"] for p in run.json("stats")["periods"]]
    assert starts[-1] == _monday(today).isoformat() and len(starts) <= 12
    assert run.json("stats", "--since", "12w")["periods"][0]["saved"] == 0  # asked for: all 13 weeks
