"""Machine timestamps from export files, always returned timezone-aware.

Exports write times in many ways: Unix epochs in seconds, milliseconds or
microseconds (Netscape ADD_DATE uses all three in real files), Chrome's
microseconds since 1601-01-01, and ISO 8601 strings with or without an
offset. The unit of an epoch is decided by its magnitude. A time without a
zone is taken as UTC, because that is what the servers writing these
exports use.
"""

from __future__ import annotations

import math
import re
import warnings
from datetime import datetime, timedelta, timezone

# Upper bounds (exclusive) for each unit: seconds up to the year 5138, then
# milliseconds, microseconds and nanoseconds from 1973 on.
_UNITS = ((1e11, 1.0), (1e14, 1e3), (1e17, 1e6), (1e20, 1e9))
_WEBKIT_START = datetime(1601, 1, 1, tzinfo=timezone.utc)
_NOTHING = datetime(1, 1, 1)
_ISO = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?",
    re.I,
)

# 2004年1月5日 (Chinese, Japanese), 2004년 1월 5일 (Korean), with an optional time after it
_CJK = re.compile(
    r"(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일号號]?"
    r"(?:\s*(\d{1,2})\s*[:：時时点點시]\s*(\d{1,2})(?:\s*[:：分분]\s*(\d{1,2}))?)?.*",
    re.S,
)


def from_epoch(value: object) -> datetime | None:
    """A Unix time in s, ms, µs or ns (told apart by size) as UTC; None if unreadable, zero or negative."""
    try:
        number = float(str(value).strip())
    except ValueError:
        return None
    if not math.isfinite(number) or number <= 0:
        return None
    for limit, scale in _UNITS:
        if number < limit:
            try:
                return datetime.fromtimestamp(number / scale, tz=timezone.utc)
            except (OverflowError, OSError, ValueError):
                return None
    return None


def from_webkit(value: object) -> datetime | None:
    """Chrome's microseconds since 1601-01-01 UTC; None if unreadable or zero."""
    try:
        number = int(str(value).strip())
    except ValueError:
        return None
    if number <= 0:
        return None
    try:
        return _WEBKIT_START + timedelta(microseconds=number)
    except OverflowError:
        return None


def _offset(zone: str | None) -> timezone:
    if not zone or zone.upper() == "Z":
        return timezone.utc
    sign = -1 if zone[0] == "-" else 1
    digits = zone[1:].replace(":", "")
    minutes = int(digits[2:4] or 0)
    return timezone(sign * timedelta(hours=int(digits[:2]), minutes=minutes))


def _from_iso(text: str) -> datetime | None:
    m = _ISO.fullmatch(text)
    if not m:
        return None
    y, mo, d, hh, mm, ss = (int(g) if g else 0 for g in m.group(1, 2, 3, 4, 5, 6))
    micro = int((m.group(7) or "0")[:6].ljust(6, "0"))
    try:
        return datetime(y, mo, d, hh, mm, ss, micro, tzinfo=_offset(m.group(8)))
    except ValueError:
        return None


def parse_time(value: object) -> datetime | None:
    """Any export timestamp (epoch number, ISO 8601, RFC 2822, ...) as an aware datetime, or None."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return from_epoch(value)
    text = str(value).strip()
    if not text or len(text) > 64:
        return None
    if re.fullmatch(r"\d+(\.\d+)?", text):
        return from_epoch(text)
    found = _from_iso(text)
    if found is not None or re.match(r"\d{4}-\d{2}-\d{2}", text):
        return found
    cjk = _CJK.fullmatch(text)
    if cjk:  # dateutil would read 2004年1月5日 as 5 December 2004
        try:
            y, mo, d, hh, mm, ss = (int(g) if g else 0 for g in cjk.groups())
            return datetime(y, mo, d, hh, mm, ss, tzinfo=timezone.utc)
        except ValueError:
            return None
    from dateutil import parser as date_parser

    try:  # what the text leaves out comes from year 1, so "June 2003" is not today's day of June 2003
        with warnings.catch_warnings():  # a zone it does not know (EST, CEST) is not the user's business
            warnings.simplefilter("ignore")
            parsed = date_parser.parse(text, default=_NOTHING)
    except (ValueError, OverflowError, TypeError):
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def day_of(value: datetime | None) -> str | None:
    """The calendar date (YYYY-MM-DD) of a time, in its own zone, for ``Entry.published``."""
    return value.date().isoformat() if value else None
