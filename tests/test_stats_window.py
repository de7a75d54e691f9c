"""stats --since shows every week (or month) of the window asked for, the
empty ones at its start included; only the default window starts where the
library's history starts."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

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
    assert data["periods"][0]["saved"] == 0 and data["since"].startswith((today - timedelta(weeks=8)).isoformat())
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


# ---- the heading says the window asked for, and the numbers are of that window ---------------

SPANS = [
    ("1d", "1 day", "1 天"),
    ("7d", "1 week", "1 周"),
    ("2w", "2 weeks", "2 周"),
    ("3w", "3 weeks", "3 周"),
    ("1mo", "1 month", "1 个月"),
    ("1y", "1 year", "1 年"),
]


@pytest.mark.parametrize(("since", "en", "zh"), SPANS)
def test_the_heading_says_the_window_asked_for(run: Run, since: str, en: str, zh: str) -> None:
    """``stats --since 2w`` was headed "3 weeks": the weeks its bars touch, from the Monday
    before. It says 2 weeks now, since the moment 2 weeks ago, and counts from there."""
    _fresh_library(run)
    start = stamps.parse_when(since).date().isoformat()
    assert f"Reading stats · {en} since {start}\n" in run("stats", "--since", since).stdout
    assert f"最近 {zh}，自 {start} 起" in run("--lang", "zh", "stats", "--since", since).stdout
    assert run.json("stats", "--since", since)["since"].startswith(start)


def test_a_window_that_is_no_whole_number_of_days_names_its_start(run: Run) -> None:
    _fresh_library(run)
    assert f"Reading stats · since {stamps.now().date().isoformat()}\n" in run("stats", "--since", "1m").stdout
    assert "Reading stats · since 2026-11-18\n" in run("stats", "--since", "2026-11-18").stdout


def test_the_numbers_are_those_of_the_window_asked_for(run: Run, tmp_path: Path) -> None:
    """Saved two weeks and a day ago (the same calendar week as two weeks ago) is outside
    ``--since 2w``; two weeks less a day ago is inside, in the same first bar."""
    now = stamps.now()
    saved = [now - timedelta(weeks=2, days=1), now - timedelta(weeks=2) + timedelta(hours=1), now]
    seed = tmp_path / "seed.jsonl"
    lines = [
        {"readlog": 1, "title": f"t{i}", "url": f"https://w.example/{i}", "saved_at": s.isoformat()}
        for i, s in enumerate(saved)
    ]
    seed.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    run("import", str(seed))
    data = run.json("stats", "--since", "2w")
    assert sum(p["saved"] for p in data["periods"]) == 2
    assert "Activity  2 saved" in run("stats", "--since", "2w").stdout
