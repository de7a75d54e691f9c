"""The date-sensitive behaviour at the instants where calendars go wrong.

Each test runs at every instant of INSTANTS, in that instant's time zone: a
Monday at 00:00 (in UTC+8, where it is still Sunday in UTC), a Sunday at 23:59
(in New York, where it is already Monday in UTC), the last day of February in
a leap year and in another, New Year's Eve at 23:59, and both daylight-saving
changes in Berlin (an hour after the spring change, and the second 02:30 of
the autumn one). The clock is stopped there (time-machine) and TZ is set for
the test and restored after it. (time-machine itself sets TZ when it travels
to a time in a ZoneInfo, and to UTC for a time in timezone.utc, as the suite's
FIXED_NOW is: travels inside a test keep the instant's zone.)

Local days in the stats are documented as using the clock's current UTC
offset for the whole window (store/stats.py: "around a daylight-saving change
an entry read near midnight may land on the neighbouring day"), so where a
boundary lies in the other offset, the entries next to it are placed that
much further from it (``margin``); everywhere else they are a minute away.

What is checked: relative stamps (收藏16 天前, Saved 3 days ago, 昨天 08:30)
resolved against the clock, the stats windows (weeks start on the local
Monday, months on the 1st; reading today), ``trash --older-than``, relative
times in ``list``, ``trash`` and ``history``. Every expected value is worked
out here from the instant with zoneinfo and plain date arithmetic, never by
calling readlog's own time code.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine

from conftest import Run, write


@dataclass(frozen=True)
class Instant:
    label: str
    zone: str
    wall: datetime  # local wall-clock time in ``zone`` (fold picks the second of a repeated hour)

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.zone)

    @property
    def at(self) -> datetime:
        """The instant in UTC: adding and subtracting a timedelta is elapsed time
        (on a zoneinfo datetime it would be wall-clock time, which skips or
        repeats an hour at a daylight-saving change)."""
        return self.wall.replace(tzinfo=self.tz).astimezone(timezone.utc)

    @property
    def offset(self) -> timedelta:
        return self.wall.replace(tzinfo=self.tz).utcoffset()  # type: ignore[return-value]

    @property
    def today(self) -> date:
        return self.wall.date()

    def local(self, day: date, hour: int = 0, minute: int = 0) -> datetime:
        """A wall-clock time on ``day`` in the instant's zone (with that day's own offset)."""
        return datetime(day.year, day.month, day.day, hour, minute, tzinfo=self.tz)


INSTANTS = [
    Instant("monday-0000", "Asia/Shanghai", datetime(2027, 3, 1, 0, 0)),
    Instant("sunday-2359", "America/New_York", datetime(2026, 12, 6, 23, 59)),
    Instant("leap-feb-29", "UTC", datetime(2028, 2, 29, 12, 0)),
    Instant("feb-28", "UTC", datetime(2027, 2, 28, 12, 0)),
    Instant("new-years-eve-2359", "Europe/Berlin", datetime(2026, 12, 31, 23, 59)),
    Instant("dst-spring", "Europe/Berlin", datetime(2027, 3, 28, 3, 30)),  # 02:00 CET became 03:00 CEST
    Instant("dst-autumn", "Europe/Berlin", datetime(2027, 10, 31, 2, 30, fold=1)),  # the second 02:30, CET
]

# The instants' facts, worked out by hand, so that the Instant helpers are checked too.
FACTS = {
    "monday-0000": ("2027-02-28T16:00:00+00:00", 0),
    "sunday-2359": ("2026-12-07T04:59:00+00:00", 6),
    "leap-feb-29": ("2028-02-29T12:00:00+00:00", 1),
    "feb-28": ("2027-02-28T12:00:00+00:00", 6),
    "new-years-eve-2359": ("2026-12-31T22:59:00+00:00", 3),
    "dst-spring": ("2027-03-28T01:30:00+00:00", 6),
    "dst-autumn": ("2027-10-31T01:30:00+00:00", 6),
}


@pytest.fixture(params=INSTANTS, ids=lambda i: i.label)
def instant(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Instant]:
    """The instant's zone as TZ and the clock stopped at the instant; both restored after."""
    chosen: Instant = request.param
    monkeypatch.setenv("TZ", chosen.zone)
    time.tzset()
    try:
        with time_machine.travel(chosen.wall.replace(tzinfo=chosen.tz), tick=False):  # a ZoneInfo: TZ stays
            yield chosen
    finally:
        monkeypatch.delenv("TZ")
        monkeypatch.undo()
        time.tzset()


def margin(instant: Instant, boundary: datetime) -> timedelta:
    """How far from ``boundary`` an entry must be to be on its side for sure: a
    minute, plus the difference between the boundary's offset and the clock's."""
    return abs(instant.offset - boundary.utcoffset()) + timedelta(minutes=1)  # type: ignore[operator]


def utc_iso(value: datetime) -> str:
    return value.astimezone(timezone.utc).isoformat(timespec="seconds")


def when(value: str) -> datetime:
    return datetime.fromisoformat(value)


def seed(run: Run, tmp_path: Path, entries: list[dict[str, Any]]) -> None:
    """Import entries with the given times (readlog's own JSON Lines: times kept as they are)."""
    lines = [
        json.dumps({"readlog": 1, "title": f"e{n}", "url": f"https://clock.example/{n}", **e})
        for n, e in enumerate(entries)
    ]
    run("import", str(write(tmp_path / "seed.jsonl", "\n".join(lines) + "\n")))


def test_the_instants_are_what_they_say(instant: Instant) -> None:
    utc_text, weekday = FACTS[instant.label]
    assert utc_iso(instant.at) == utc_text and instant.today.weekday() == weekday
    assert datetime.now(timezone.utc) == when(utc_text)  # the clock is stopped there
    assert datetime.now().astimezone().replace(tzinfo=None) == instant.wall.replace(fold=0)  # and TZ is the zone


# ---- relative stamps resolved against the clock ------------------------------------------------


def test_relative_stamps_resolve_against_the_clock(run: Run, tmp_path: Path, instant: Instant) -> None:
    stamps = ["收藏16 天前", "Saved 3 days ago", "收藏5 分钟前", "收藏昨天 08:30", "收藏1 年前", "Saved 2 months ago"]
    text = "clock-reads\n\n" + "".join(f"Title {n}\n\nSummary {n}.\n\n{s}\n\n" for n, s in enumerate(stamps))
    run("import", "-", input=text)  # standard input, no --as-of: the clock is the reference
    saved = {e["title"]: when(e["saved_at"]) for e in run.json("list", "-n", "0")}
    assert saved["Title 0"] == instant.at - timedelta(days=16)  # elapsed time, whatever the offsets
    assert saved["Title 1"] == instant.at - timedelta(days=3)
    assert saved["Title 2"] == instant.at - timedelta(minutes=5)
    yesterday = instant.today - timedelta(days=1)
    assert saved["Title 3"] == instant.local(yesterday, 8, 30)  # 08:30 on yesterday's own clock
    # Months and years go back on the calendar to the same time of day, taken at the clock's
    # current UTC offset: where the other date had another offset, up to that hour apart.
    day = instant.today
    a_year_ago = instant.local(date(day.year - 1, day.month, min(day.day, 28 if day.month == 2 else 31)), *HM(instant))
    assert a_year_ago.date() == (date(2027, 2, 28) if instant.label == "leap-feb-29" else a_year_ago.date())
    assert abs(saved["Title 4"] - a_year_ago) <= abs(instant.offset - a_year_ago.utcoffset())  # type: ignore[operator]
    month, year = (day.month - 2, day.year) if day.month > 2 else (day.month + 10, day.year - 1)
    last_day = (date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)).day
    two_months_ago = instant.local(date(year, month, min(day.day, last_day)), *HM(instant))
    assert abs(saved["Title 5"] - two_months_ago) <= abs(instant.offset - two_months_ago.utcoffset())  # type: ignore[operator]


def HM(instant: Instant) -> tuple[int, int]:
    return instant.wall.hour, instant.wall.minute


# ---- stats: weeks from the local Monday, months from the 1st, reading today ---------------------


def test_stats_weeks_start_on_the_local_monday(run: Run, tmp_path: Path, instant: Instant) -> None:
    monday = instant.today - timedelta(days=instant.today.weekday())
    week_start = instant.local(monday)
    near = margin(instant, week_start)
    times = [
        week_start + near - timedelta(minutes=1),  # the first minute of this week
        week_start - near,  # the last minute of the week before
        instant.local(monday - timedelta(days=7)) + margin(instant, instant.local(monday - timedelta(days=7))),
        instant.at - timedelta(minutes=1),
    ]
    seed(run, tmp_path, [{"saved_at": utc_iso(t)} for t in times])
    data = run.json("stats", "--since", "2w")
    assert data["bucket"] == "week"
    starts = [p["start"] for p in data["periods"]]
    assert starts[-1] == monday.isoformat() and starts[-2] == (monday - timedelta(days=7)).isoformat()
    assert all(date.fromisoformat(s).weekday() == 0 for s in starts)
    this_week = sum(1 for t in times if week_start <= t <= instant.at)
    last_week = sum(1 for t in times if week_start - timedelta(days=7) <= t < week_start)
    assert (data["periods"][-1]["saved"], data["periods"][-2]["saved"]) == (this_week, last_week)


def test_stats_months_start_on_the_first(run: Run, tmp_path: Path, instant: Instant) -> None:
    first = instant.today.replace(day=1)
    month_start = instant.local(first)
    previous_first = (first - timedelta(days=1)).replace(day=1)
    near = margin(instant, month_start)
    previous_start = instant.local(previous_first)
    times = [
        month_start + near - timedelta(minutes=1),
        month_start - near,
        previous_start + margin(instant, previous_start),
        instant.at,
    ]
    seed(run, tmp_path, [{"saved_at": utc_iso(t)} for t in times])
    data = run.json("stats", "--since", "1y")
    assert data["bucket"] == "month"
    starts = [p["start"] for p in data["periods"]]
    assert starts[-2:] == [previous_first.isoformat(), first.isoformat()]
    assert all(s.endswith("-01") for s in starts)
    assert (data["periods"][-1]["saved"], data["periods"][-2]["saved"]) == (2, 2)


def test_reading_today_is_the_local_day(run: Run, tmp_path: Path, instant: Instant) -> None:
    """Read a minute ago and two local days before that: today only when that minute is still today."""
    minute_ago = instant.at - timedelta(minutes=1)
    before = instant.local(minute_ago.astimezone(instant.tz).date() - timedelta(days=2), 12)
    saved = utc_iso(instant.at - timedelta(days=40))
    seed(
        run,
        tmp_path,
        [{"saved_at": saved, "read_at": utc_iso(minute_ago)}, {"saved_at": saved, "read_at": utc_iso(before)}],
    )
    data = run.json("stats")
    read_today = minute_ago.astimezone(instant.tz).date() == instant.today
    assert (data["read_today"], data["streak"]) == (read_today, 1)  # a gap of a day between the two reads


# ---- trash --older-than ---------------------------------------------------------------------------


def test_trash_older_than_counts_back_from_the_clock(run: Run, tmp_path: Path, instant: Instant) -> None:
    seed(run, tmp_path, [{"saved_at": utc_iso(instant.at - timedelta(days=30))} for _ in range(4)])
    yesterday = instant.today - timedelta(days=1)
    deleted = {
        1: instant.at - timedelta(days=7, minutes=1),  # more than a week ago
        2: instant.at - timedelta(days=6, hours=23),  # less than a week ago
        3: instant.local(yesterday) - timedelta(minutes=1),  # before yesterday began
        4: instant.local(yesterday),  # yesterday's first minute
    }
    for entry_id, at in sorted(deleted.items(), key=lambda item: item[1]):
        with time_machine.travel(at.astimezone(instant.tz), tick=False):
            run("rm", str(entry_id), "--yes")
    assert {e["id"] for e in run.json("trash", "--older-than", "7d")} == {1}
    assert {e["id"] for e in run.json("trash", "--older-than", "yesterday")} == {1, 2, 3} - {
        i for i, at in deleted.items() if at >= instant.local(yesterday)
    }
    screen = run("trash").stdout
    assert "7 days ago" in screen and "yesterday" in screen


# ---- relative times on screen -----------------------------------------------------------------------


def phrase(then: datetime, instant: Instant) -> str:
    """The expected age, by the documented thresholds (under a minute, an hour, a day; then local days)."""
    seconds = (instant.at - then).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} minutes ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} hours ago"
    days = (instant.today - then.astimezone(instant.tz).date()).days
    if days == 1:
        return "yesterday"
    return f"{days} days ago"


def test_list_shows_ages_by_the_local_calendar(run: Run, tmp_path: Path, instant: Instant) -> None:
    times = [
        instant.at - timedelta(seconds=30),
        instant.at - timedelta(minutes=5),
        instant.at - timedelta(hours=3),
        instant.at - timedelta(hours=25),
        instant.local(instant.today - timedelta(days=3), 12),
        instant.local(instant.today - timedelta(days=20), 0, 30),
    ]
    seed(run, tmp_path, [{"title": f"t{n}", "saved_at": utc_iso(t)} for n, t in enumerate(times)])
    lines = run("list", "-n", "0").stdout.splitlines()
    rows = {f"t{n}": next(line for line in lines if f"t{n}" in line.split()) for n in range(len(times))}
    expected = [phrase(t, instant) for t in times]
    assert expected[:3] == ["just now", "5 minutes ago", "3 hours ago"] and expected[-2:] == [
        "3 days ago",
        "20 days ago",
    ]
    for n, text in enumerate(expected):
        assert rows[f"t{n}"].rstrip().endswith(text), (rows[f"t{n}"], text)


def test_history_ages_follow_the_clock(run: Run, tmp_path: Path, instant: Instant) -> None:
    two_days_ago = instant.local(instant.today - timedelta(days=2), 12)
    with time_machine.travel(two_days_ago, tick=False):
        seed(run, tmp_path, [{"saved_at": utc_iso(two_days_ago)}])
    with time_machine.travel((instant.at - timedelta(hours=2)).astimezone(instant.tz), tick=False):
        run("star", "1")
    run("read", "1")
    lines = run("history").stdout.splitlines()[1:4]
    assert [line.split()[1:3] for line in lines] == [["just", "now"], ["2", "hours"], ["2", "days"]], lines
    recorded = [when(a["at"]) for a in run.json("history")]
    assert recorded == [instant.at, instant.at - timedelta(hours=2), two_days_ago]
