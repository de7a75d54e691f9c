"""Stamps in (收藏16 天前, Saved 3 days ago) and relative phrases out."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from readlog.model import stamps

REF = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)


def _zone(name: str) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TZ", name)
        time.tzset()
        yield
    time.tzset()


@pytest.fixture(autouse=True)
def utc() -> Iterator[None]:
    """Written dates without a zone are the user's wall-clock time: pin it."""
    yield from _zone("UTC")


@pytest.fixture
def new_york() -> Iterator[None]:
    yield from _zone("America/New_York")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("收藏16 天前", REF - timedelta(days=16)),
        ("收藏 16 天前", REF - timedelta(days=16)),
        ("16天前", REF - timedelta(days=16)),
        ("刚刚", REF),
        ("收藏刚刚", REF),
        ("30 秒前", REF - timedelta(seconds=30)),
        ("5 分钟前", REF - timedelta(minutes=5)),
        ("3 小时前", REF - timedelta(hours=3)),
        ("2 周前", REF - timedelta(weeks=2)),
        ("收藏2 个月前", datetime(2026, 10, 1, 12, 0, tzinfo=timezone.utc)),
        ("1 年前", datetime(2025, 12, 1, 12, 0, tzinfo=timezone.utc)),
        ("一个月前", datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)),
        ("昨天", REF - timedelta(days=1)),
        ("前天", REF - timedelta(days=2)),
        ("昨天 08:30", datetime(2026, 11, 30, 8, 30, tzinfo=timezone.utc)),
        ("Saved 3 days ago", REF - timedelta(days=3)),
        ("3 hours ago", REF - timedelta(hours=3)),
        ("saved an hour ago", REF - timedelta(hours=1)),
        ("Saved a month ago", datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)),
        ("just now", REF),
        ("yesterday", REF - timedelta(days=1)),
        ("2025-11-15", datetime(2025, 11, 15, tzinfo=timezone.utc)),
        ("收藏于 2025/11/15", datetime(2025, 11, 15, tzinfo=timezone.utc)),
        ("2025年11月15日", datetime(2025, 11, 15, tzinfo=timezone.utc)),
        ("2025年11月15日 14:30", datetime(2025, 11, 15, 14, 30, tzinfo=timezone.utc)),
        ("2025-11-15T14:30:00+08:00", datetime(2025, 11, 15, 6, 30, tzinfo=timezone.utc)),
        ("Saved on Nov 15, 2025", datetime(2025, 11, 15, tzinfo=timezone.utc)),
        ("15 November 2025", datetime(2025, 11, 15, tzinfo=timezone.utc)),
        # Chinese numerals past ten, and the traditional characters
        ("收藏十六天前", REF - timedelta(days=16)),
        ("二十三小时前", REF - timedelta(hours=23)),
        ("两周前", REF - timedelta(weeks=2)),
        ("收藏於3天前", REF - timedelta(days=3)),
        ("2 週前", REF - timedelta(weeks=2)),
        ("5 個小時前", REF - timedelta(hours=5)),
        ("三個月前", datetime(2026, 9, 1, 12, 0, tzinfo=timezone.utc)),
        # a day without its year: the latest one not after the reference time
        ("收藏 11月2日", datetime(2026, 11, 2, tzinfo=timezone.utc)),
        ("收藏于 11-02", datetime(2026, 11, 2, tzinfo=timezone.utc)),
        ("11月2日 14:30", datetime(2026, 11, 2, 14, 30, tzinfo=timezone.utc)),
        ("12月25日", datetime(2025, 12, 25, tzinfo=timezone.utc)),  # still to come this year: last year's
        ("12-01 09:00", datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)),
    ],
)
def test_stamps_resolve_against_the_reference_time(text: str, expected: datetime) -> None:
    assert stamps.parse_stamp(text, REF) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "收藏",
        "一篇关于调度的文章",
        "16 天",
        "2025-13-45",
        "Feb 30, 2025",
        "天前",
        "saved",
        "x" * 100,
        "2月30日",
        "3-5",
        "13-01",
    ],
)
def test_non_stamps_are_refused(text: str) -> None:
    assert stamps.parse_stamp(text, REF) is None


@pytest.mark.parametrize("text", ["昨天 25:00", "yesterday at 24:61", "99999999999 天前", "9999999999 years ago"])
def test_impossible_times_are_not_stamps(text: str) -> None:
    assert stamps.parse_stamp(text, REF) is None


def test_written_dates_take_the_offset_in_force_on_that_date(new_york: None) -> None:
    """Summer dates get summer time even when read in winter, and the reverse."""
    summer = stamps.parse_stamp("2026-07-01 09:00", REF)
    winter = stamps.parse_stamp("2026年1月15日 09:00", REF)
    assert summer is not None and summer.utcoffset() == timedelta(hours=-4)
    assert winter is not None and winter.utcoffset() == timedelta(hours=-5)
    assert stamps.to_iso(datetime(2026, 7, 1, 9, 0)) == "2026-07-01T13:00:00+00:00"
    assert stamps.parse_when("2026-07-01T09:00").utcoffset() == timedelta(hours=-4)


def test_months_use_calendar_arithmetic() -> None:
    # relativedelta: 31 March minus one month is 28 February, not 3 March
    ref = datetime(2026, 3, 31, tzinfo=timezone.utc)
    assert stamps.parse_stamp("1 个月前", ref) == datetime(2026, 2, 28, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("delta", "en", "zh"),
    [
        (timedelta(seconds=5), "just now", "刚刚"),
        (timedelta(minutes=1), "1 minute ago", "1 分钟前"),
        (timedelta(minutes=45), "45 minutes ago", "45 分钟前"),
        (timedelta(hours=3), "3 hours ago", "3 小时前"),
        (timedelta(days=1), "yesterday", "昨天"),
        (timedelta(days=16), "16 days ago", "16 天前"),
        (timedelta(days=22), "3 weeks ago", "3 周前"),
        (timedelta(days=64), "2 months ago", "2 个月前"),
        (timedelta(days=800), "2 years ago", "2 年前"),
    ],
)
def test_relative_phrases(delta: timedelta, en: str, zh: str) -> None:
    now = datetime(2026, 12, 3, 12, 0, tzinfo=timezone.utc)
    assert stamps.relative(now - delta, now) == en
    assert stamps.relative(now - delta, now, lang="zh") == zh


@given(st.integers(min_value=1, max_value=5000))
def test_days_ago_round_trips_to_the_same_date(days: int) -> None:
    when = stamps.parse_stamp(f"收藏{days} 天前", REF)
    assert when is not None and (REF - when).days == days


@given(st.datetimes(timezones=st.just(timezone.utc)), st.datetimes(timezones=st.just(timezone.utc)))
def test_relative_never_fails_and_says_something(a: datetime, b: datetime) -> None:
    assert stamps.relative(a, b)


def test_parse_when_forms() -> None:
    assert stamps.parse_when("7d", reference=REF) == REF - timedelta(days=7)
    assert stamps.parse_when("2w", reference=REF) == REF - timedelta(weeks=2)
    assert stamps.parse_when("2026-11-01T08:00+08:00") == datetime(2026, 11, 1, 0, 0, tzinfo=timezone.utc)
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        stamps.parse_when("last tuesday-ish")
