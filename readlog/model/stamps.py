"""Times as people write them, in (收藏16 天前, Saved 3 days ago) and out.

Relative stamps in an export mean "this long before the list was
exported"; they are resolved against a reference time (``--as-of``) that
the import records, so a wrong guess can be corrected later. Phrases going
out follow Miniflux's thresholds: just now, minutes, hours, yesterday, days
(under 21), weeks (under a month), months (under a year), years.
"""

from __future__ import annotations

import functools
import re
import time
from datetime import date, datetime, timedelta, timezone, tzinfo

from readlog.model.errors import BadValue
from readlog.model.messages import say

# Numbers as stamps write them: digits, English words, Chinese numerals to 九十九 (十六, 二十, 两).
_NUM = r"(\d{1,6}|a|an|one|[一二两三四五六七八九]?十[一二三四五六七八九]?|一|两|二|三|四|五|六|七|八|九|半)"
_ZH_UNITS = {
    "秒": "seconds",
    "秒钟": "seconds",
    "分": "minutes",
    "分钟": "minutes",
    "小时": "hours",
    "个小时": "hours",
    "小時": "hours",
    "個小時": "hours",
    "分鐘": "minutes",
    "秒鐘": "seconds",
    "週": "weeks",
    "個星期": "weeks",
    "個月": "months",
    "天": "days",
    "日": "days",
    "周": "weeks",
    "星期": "weeks",
    "个星期": "weeks",
    "个月": "months",
    "月": "months",
    "年": "years",
}
_EN_UNITS = {
    "sec": "seconds",
    "second": "seconds",
    "min": "minutes",
    "minute": "minutes",
    "hr": "hours",
    "hour": "hours",
    "day": "days",
    "week": "weeks",
    "wk": "weeks",
    "month": "months",
    "mo": "months",
    "year": "years",
    "yr": "years",
}
_ZH_DIGITS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}

_PREFIX = r"(?:收藏于|收藏於|收藏|保存于|保存於|保存|添加于|添加於|添加|saved|added|bookmarked)?[\s:：]*"


@functools.cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    """Compiled on first use: read commands never parse stamps, so they never pay for this."""
    zh_rel = re.compile(
        _PREFIX + _NUM + r"\s*(" + "|".join(sorted(_ZH_UNITS, key=len, reverse=True)) + r")\s*(?:之)?前$",
        re.I,
    )
    en_rel = re.compile(_PREFIX + _NUM + r"\s*(" + "|".join(_EN_UNITS) + r")s?\.?\s+ago$", re.I)
    words = re.compile(
        _PREFIX + r"(刚刚|刚才|just now|now|今天|today|昨天|yesterday|前天|the day before yesterday)"
        r"(?:\s*(?:at\s+)?(\d{1,2})[:：](\d{2}))?$",
        re.I,
    )
    absolute = re.compile(
        _PREFIX + r"(?:on\s+)?(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?"
        r"(?:[\sT]+(\d{1,2})[:：](\d{2})(?:[:：](\d{2}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$",
        re.I,
    )
    month = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
    named = re.compile(
        _PREFIX + r"(?:on\s+)?(?:" + month + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})"
        r"|(\d{1,2})(?:st|nd|rd|th)?\s+" + month + r",?\s+(\d{4}))$",
        re.I,
    )
    # A day of the current year, as apps show recent dates: 11月2日, 11-02 (month first, two digits each), with
    # a time perhaps.
    this_year = re.compile(
        _PREFIX + r"(?:(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]?|(\d{2})-(\d{2}))(?:\s*(\d{1,2})[:：](\d{2}))?$"
    )
    return zh_rel, en_rel, words, absolute, named, this_year


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def local_tz() -> tzinfo:
    """The user's time zone, as a fixed offset for the current moment."""
    tz = datetime.now().astimezone().tzinfo
    return tz if tz is not None else timezone.utc


def now() -> datetime:
    """The current time, aware, in the user's time zone."""
    return datetime.now().astimezone()


def _number(text: str) -> float:
    low = text.lower()
    if low in ("a", "an", "one"):
        return 1
    if low == "半":
        return 0.5
    if low in _ZH_DIGITS:
        return _ZH_DIGITS[low]
    if "十" in low:  # 十六 = 16, 二十 = 20, 二十三 = 23
        tens, _, ones = low.partition("十")
        return (_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[ones] if ones else 0)
    return int(text)


def _minus(ref: datetime, amount: float, unit: str) -> datetime:
    if unit in ("months", "years"):
        from dateutil.relativedelta import relativedelta

        whole = int(amount)
        if unit == "months":
            return ref - relativedelta(months=whole) - timedelta(days=round((amount - whole) * 30))
        return ref - relativedelta(years=whole) - relativedelta(months=round((amount - whole) * 12))
    return ref - timedelta(**{unit: amount})


def span(start: datetime, end: datetime) -> tuple[int, str] | None:
    """The time from ``start`` to ``end`` as a whole number of years, months,
    weeks or days, in the largest of these units that measures it exactly
    (``--since 2w`` is (2, "week"), ``--since 1mo`` (1, "month")); None when
    none does (``--since 2026-11-18`` at 10:30)."""
    if end <= start:
        return None
    months = (end.year - start.year) * 12 + end.month - start.month
    if months > 0 and _minus(end, months, "months") == start:
        return (months // 12, "year") if months % 12 == 0 else (months, "month")
    days, rest = divmod(end - start, timedelta(days=1))
    if rest:
        return None
    return (days // 7, "week") if days % 7 == 0 else (days, "day")


def is_relative_stamp(text: str) -> bool:
    """Whether a stamp is counted from the export's date (3 天前, yesterday),
    not a date of its own (2026-11-15)."""
    s = " ".join(text.strip().split())
    zh_rel, en_rel, words, _, _, this_year = _patterns()
    return bool(zh_rel.match(s) or en_rel.match(s) or words.match(s) or this_year.match(s))


def parse_stamp(text: str, as_of: datetime) -> datetime | None:
    """Resolve a saved-time stamp against ``as_of``; None if it is not one.

    Accepts the whole stamp line, with or without a prefix such as 收藏 or
    Saved: 刚刚, N 秒/分钟/小时/天/周/个月/年前, 昨天, 前天, their English
    forms, and absolute dates such as 2026-11-15, 2026年11月15日 14:30 or
    Saved on Nov 15, 2025.
    """
    s = " ".join(text.strip().split())
    if not s or len(s) > 60:
        return None
    zh_rel, en_rel, words, absolute, named, this_year = _patterns()
    m = zh_rel.match(s) or en_rel.match(s)
    if m:
        unit = _ZH_UNITS.get(m.group(2)) or _EN_UNITS[m.group(2).lower().rstrip(".")]
        try:
            return _minus(as_of, _number(m.group(1)), unit)
        except (OverflowError, ValueError):  # "99999999999 天前": before the calendar starts
            return None
    m = words.match(s)
    if m:
        word = m.group(1).lower()
        days = {"昨天": 1, "yesterday": 1, "前天": 2, "the day before yesterday": 2}.get(word, 0)
        when = as_of - timedelta(days=days)
        if m.group(2):
            try:
                wall = when.replace(hour=int(m.group(2)), minute=int(m.group(3)), second=0, microsecond=0, tzinfo=None)
            except ValueError:  # "yesterday at 25:00"
                return None
            # "yesterday 08:30" is 08:30 on that day's clock: with a daylight-saving change
            # in between, that day had another UTC offset than as_of (when as_of is local).
            local = as_of.utcoffset() == as_of.astimezone().utcoffset()
            return localize(wall) if local else wall.replace(tzinfo=as_of.tzinfo)
        return when
    m = absolute.match(s)
    if m:
        return _absolute(m)
    m = named.match(s)
    if m:
        name, day, year = (m.group(1), m.group(2), m.group(3)) if m.group(1) else m.group(5, 4, 6)
        try:
            return localize(datetime(int(year), _MONTHS.index(name.lower()[:3]) + 1, int(day)))
        except (ValueError, OverflowError):
            return None
    m = this_year.match(s)
    if m:
        return _this_year(m, as_of)
    return None


def _this_year(m: re.Match[str], as_of: datetime) -> datetime | None:
    """A month and day without a year (11月2日 14:30, 11-02): the latest such day
    not after ``as_of`` - this year's, or last year's when this year's is still to come."""
    month, day = (int(g) for g in (m.group(1, 2) if m.group(1) else m.group(3, 4)))
    hh, mm = (int(g) if g else 0 for g in m.group(5, 6))
    for year in (as_of.year, as_of.year - 1):
        try:
            when = localize(datetime(year, month, day, hh, mm))
        except (ValueError, OverflowError):  # 2月30日, 25:00; 2月29日 in a year without it
            continue
        if when <= as_of or year < as_of.year:
            return when
    return None


def _absolute(m: re.Match[str]) -> datetime | None:
    """A written date and time; without a zone it is the user's wall-clock time."""
    y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
    hh, mm, ss = (int(g) if g else 0 for g in m.group(4, 5, 6))
    zone = m.group(7)
    try:
        if zone:
            return datetime(y, mo, d, hh, mm, ss, tzinfo=parse_offset(zone))
        return localize(datetime(y, mo, d, hh, mm, ss))
    except (ValueError, OverflowError):
        return None


def localize(value: datetime) -> datetime:
    """A naive time read as the user's wall-clock time, with the UTC offset
    in force on that date (summer or winter time), not today's offset. At
    the edges of the calendar, where the platform cannot say, today's offset
    is used.
    """
    if value.tzinfo is not None:
        return value
    try:
        return value.astimezone()
    except (OverflowError, OSError, ValueError):
        return value.replace(tzinfo=local_tz())


def parse_offset(zone: str) -> tzinfo:
    """'Z', '+08:00' or '-0500' as a tzinfo."""
    if zone.upper() == "Z":
        return timezone.utc
    sign = -1 if zone[0] == "-" else 1
    digits = zone[1:].replace(":", "")
    return timezone(sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:4])))


_DAYS_BACK = {"today": 0, "今天": 0, "yesterday": 1, "昨天": 1, "前天": 2, "the day before yesterday": 2}


def parse_when(text: str | date, *, reference: datetime | None = None, day_start: bool = False) -> datetime:
    """A user-typed time for ``--as-of``, ``--since`` and ``--before``: ISO
    dates and times, or a relative phrase such as ``7d``, ``2w``, ``3 days
    ago``, ``yesterday``. The Python API's dates and datetimes are read as
    the same text would be: a date as its ISO day, a datetime without a
    zone as local time.

    With ``day_start`` (filters), a bare day word means the start of that
    local day: ``--since today`` is everything saved since midnight.
    Raises ValueError with a message fit for the user.
    """
    if isinstance(text, datetime):
        return localize(text)
    if isinstance(text, date):
        text = text.isoformat()
    ref = reference or now()
    s = text.strip()
    back = _DAYS_BACK.get(" ".join(s.lower().split()))
    if day_start and back is not None:
        day = ref.astimezone().date() - timedelta(days=back)
        return localize(datetime(day.year, day.month, day.day))
    m = re.fullmatch(r"(\d+)\s*([smhdwy]|mo)", s, re.I)
    if m:
        unit = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks", "y": "years", "mo": "months"}
        try:
            return _minus(ref, int(m.group(1)), unit[m.group(2).lower()])
        except (OverflowError, ValueError):
            raise BadValue.of("time_before_year_one", value=repr(text)) from None
    stamp = parse_stamp(s, ref)
    if stamp is not None:
        return stamp
    try:
        value = datetime.fromisoformat(s[:-1] + "+00:00" if s.endswith(("Z", "z")) else s)
    except ValueError:
        raise BadValue.of("time_unreadable", value=repr(text)) from None
    return localize(value)


def to_iso(value: datetime | None) -> str | None:
    """Storage form: ISO 8601 in UTC, so that text order is time order."""
    if value is None:
        return None
    return localize(value).astimezone(timezone.utc).isoformat(timespec="seconds")


def from_iso(value: str | None) -> datetime | None:
    """Read a stored time back (tolerating a trailing Z)."""
    if not value:
        return None
    try:
        dt = datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
    except ValueError:
        return None
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


def local_iso(value: str | None) -> str | None:
    """A stored UTC time shown in the user's zone, with its offset."""
    if value and len(value) == 25 and _STORED.fullmatch(value):
        zone = _zone_through(value[:10])
        if zone is _UTC:
            return value  # already as isoformat writes it
        if zone is not None:
            return datetime.fromisoformat(value).astimezone(zone).isoformat(timespec="seconds")
    dt = from_iso(value)
    return dt.astimezone().isoformat(timespec="seconds") if dt else None


# How readlog stores a time (to_iso): UTC, to the second.
_STORED = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00")
_UTC = timezone.utc
# A stored time's UTC day ("2026-11-30") -> the user's zone as a fixed offset through that whole
# day, or None when its offset is not the same at both ends (the clocks change that day: each of
# its times is converted on its own). ``datetime.astimezone()`` asks the C library for the zone
# of every time it converts, a good part of what a whole library's list or export spends on its
# rows; a day's times share one offset but where the clocks change.
_DAYS: dict[str, tzinfo | None] = {}
_DAYS_KEPT = 100_000  # about 270 years of days, a few MB


_DAYS_OF: list[object] = [None]  # the zone they were found in: time.tzname (time.tzset makes it anew)


def _zone_through(day: str) -> tzinfo | None:
    if time.tzname is not _DAYS_OF[0]:  # the zone was set again (TZ changed): found again
        _DAYS.clear()
        _DAYS_OF[0] = time.tzname
    try:
        return _DAYS[day]
    except KeyError:
        pass
    zone: tzinfo | None = None
    try:
        start = datetime.fromisoformat(day + "T00:00:00+00:00")
        first, last = start.astimezone().utcoffset(), (start + timedelta(seconds=86399)).astimezone().utcoffset()
        if first is not None and first == last:
            zone = _UTC if not first else timezone(first)
    except (OverflowError, OSError, ValueError):  # a day at the calendar's edge: the slow way
        pass
    if len(_DAYS) >= _DAYS_KEPT:
        _DAYS.clear()
    _DAYS[day] = zone
    return zone


def local_date(value: str | None) -> str:
    dt = from_iso(value)
    return dt.astimezone().date().isoformat() if dt else ""


def elapsed(then: datetime, current: datetime) -> tuple[str, int]:
    """Bucket the time between two moments the way read-later apps do."""
    seconds = (current - then).total_seconds()
    if seconds < -60:
        return "future", 0
    if seconds < 60:
        return "now", 0
    if seconds < 3600:
        return "minutes", int(seconds // 60)
    if seconds < 86400:
        return "hours", int(seconds // 3600)
    days = (current.astimezone().date() - then.astimezone().date()).days
    days = max(days, 1)
    if days == 1:
        return "yesterday", 1
    if days < 21:
        return "days", days
    if days < 31:
        return "weeks", days // 7
    if days < 365:
        return "months", max(1, days // 30)
    return "years", days // 365


def relative(then: datetime | str | None, current: datetime | None = None, lang: str = "en") -> str:
    """'16 days ago' / '16 天前' for a time, or '' when there is none."""
    if isinstance(then, str) or then is None:
        then = from_iso(then)
    if then is None:
        return ""
    bucket, n = elapsed(then, current or now())
    return say(f"ago_{bucket}", lang, n=n)


def valid_date(y: int, m: int, d: int) -> str | None:
    """'YYYY-MM-DD' if the date exists, else None."""
    try:
        return date(y, m, d).isoformat()
    except ValueError:
        return None
