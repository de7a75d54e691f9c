"""Seeing what is in the library and how it is used: sources, categories,
stats. Values in, values out; nothing printed."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from readlog.model.errors import UsageError

if TYPE_CHECKING:
    from readlog.store import Store
    from readlog.store.stats import Stats

Row = dict[str, Any]


def sources(lib: Store) -> list[Row]:
    """Each source (grouped ignoring case) with its entry, unread and starred
    counts and when it last saved something, most entries first, as ``readlog sources`` lists them."""
    from readlog.store import stats

    return stats.groups(lib, "source")


def categories(lib: Store) -> list[Row]:
    """Each category, as ``readlog categories`` lists them (entries without one under None)."""
    from readlog.store import stats

    return stats.groups(lib, "category")


def since_when(value: str | None, now: datetime, earliest: datetime | None) -> datetime | None:
    """The start of the stats window that ``--since`` names (2026-09-01, 8w, 6mo,
    all); None for the default window. A date in the future is a UsageError."""
    if value is None:
        return None
    if value.strip().lower() in ("all", "全部"):
        # Never after now: entries saved by a machine whose clock runs ahead (a sync) would
        # otherwise start the window after a read made here a moment ago.
        return min(earliest, now) if earliest else now
    from readlog.model.messages import detail
    from readlog.model.stamps import parse_when

    try:
        when = parse_when(value, reference=now, day_start=True)
    except ValueError as exc:
        raise UsageError.of("bad_option_value", option="--since", detail=detail(exc)) from None
    if when > now:
        raise UsageError.of("since_future", value=value)
    return when


def stats(lib: Store, since: str | None = None, now: datetime | None = None) -> Stats:
    """The numbers ``readlog stats`` shows: saved and read per period from
    ``since`` (as --since takes it; default 12 weeks) to ``now``, the backlog,
    the streak, the top sources and categories, and the oldest unread entries."""
    from readlog.model import stamps
    from readlog.store import stats as store_stats

    now = stamps.now() if now is None else now
    start = since_when(since, now, store_stats.earliest(lib) if since else None)
    return store_stats.collect(lib, start, now)
