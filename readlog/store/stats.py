"""Aggregates for ``sources``, ``categories`` and ``stats``: one SQL query each.

Every function takes an open Store and a fixed ``now`` (an aware datetime
whose offset is the user's local time), so that tests can pin the clock and
SQLite does all grouping: nothing here loops over entries in Python, only
over the handful of weeks, days-runs or groups SQLite returns. Local days and
weeks use ``now``'s UTC offset as a fixed shift (``'+480 minutes'``); around a
daylight-saving change an entry read near midnight may land on the
neighbouring day, which a reading chart can afford.

Reading counts come from the event log (READS): every read recorded by a
command (``read``, bulk ``read``, ``show``/``open`` that mark read) counts
at the moment it happened, including a re-read after ``unread``, and an
undone command counts nothing. Entries that arrived already read (a Pocket
archive, a restored export) have no such event; they count once, at the
read time their file gave.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from readlog.store.library import Store

Row = dict[str, Any]
GROUPS = {"source": "source", "category": "category"}  # the only column names formatted into SQL
TREND_DAYS = 28
TOP = 5
OLDEST = 5
# The chart stays one screen: a window longer than MAX_WEEKS weeks is charted by
# month, one longer than MAX_MONTHS months by year, and more than MAX_YEARS
# years by bars of several years each. An explicit window longer than
# MAX_MONTHS months starts no earlier than the library's first entry.
MAX_WEEKS = 26
MAX_MONTHS = 36
MAX_YEARS = 30


@dataclass
class Period:
    """One bar of the chart: a week (starting Monday), a month or a year (or
    several: ``end`` is then the first day of the last one), local time."""

    start: date
    saved: int = 0
    read: int = 0
    end: date | None = None


@dataclass
class Stats:
    """Everything the stats screen shows, computed for one moment."""

    now: datetime
    since: datetime  # where the window starts: the moment --since named, else the first bar's start
    asked: bool  # whether --since named the window (else the default: the last 12 weeks, whole)
    bucket: str  # "week", "month" or "year"
    periods: list[Period]
    total: int
    backlog: int
    backlog_then: int
    streak: int
    longest: int
    read_today: bool
    top: dict[str, list[Row]] = field(default_factory=dict)  # "source"/"category" -> name, saved, read
    oldest: list[Row] = field(default_factory=list)
    step: int = 1  # years to a bar (the year bucket of a long history); else 1

    @property
    def saved(self) -> int:
        return sum(p.saved for p in self.periods)

    @property
    def read(self) -> int:
        return sum(p.read for p in self.periods)


def iso(value: datetime) -> str:
    """The storage form of a moment (UTC ISO 8601), so text comparison is time comparison."""
    return value.astimezone(timezone.utc).isoformat(timespec="seconds")


# Reading moments (entry_id, t): read events of commands not undone, of entries
# still in the library (a trashed entry counts again once restored), plus the
# stored read time of entries that no read event explains (read on import).
READS = (
    "reads(entry_id, t) AS ("
    "SELECT ev.entry_id, json_extract(ev.after, '$.read_at') FROM events AS ev "
    "JOIN actions AS a ON a.id = ev.action_id "
    "WHERE ev.kind = 'read' AND a.undone_at IS NULL AND json_extract(ev.after, '$.read_at') IS NOT NULL "
    "AND ev.entry_id IN (SELECT id FROM entries) "
    "UNION ALL SELECT id, read_at FROM entries WHERE read_at IS NOT NULL AND (id, read_at) NOT IN ("
    "SELECT entry_id, json_extract(after, '$.read_at') FROM events "
    "WHERE kind = 'read' AND json_extract(after, '$.read_at') IS NOT NULL))"
)


def shift(now: datetime) -> str:
    """SQLite modifier that moves a stored UTC time to ``now``'s local time."""
    offset = now.utcoffset() or timedelta(0)
    return f"{int(offset.total_seconds() // 60):+d} minutes"


# ---- sources and categories ---------------------------------------------------


def groups(lib: Store, column: str) -> list[Row]:
    """Per source (or category): entries, unread, read, starred, archived and the latest saved time.

    Names are grouped case-insensitively, as the --source filter matches
    them; the most entries first. The counts are the ones the store keeps
    (schema 19's group_counts); the latest saved time is the newest of the
    name's live entries and of its archived ones, each read from an index
    of the column (entries_source and entries_archived_source, schema 19).
    """
    col = GROUPS[column]
    newest = (
        "(SELECT saved_at FROM entries INDEXED BY entries_{index} WHERE {col} = g.name COLLATE NOCASE "
        "AND archived_at IS {state} ORDER BY saved_at DESC LIMIT 1)"
    )
    live = newest.format(index=col, col=col, state="NULL")
    archived = newest.format(index=f"archived_{col}", col=col, state="NOT NULL")
    sql = (
        "SELECT name, entries, unread, read, starred, archived, "
        f"CASE WHEN archived THEN max(coalesce({live}, ''), {archived}) ELSE {live} END AS latest_saved "
        "FROM (SELECT name, sum(entries) AS entries, sum(unread) AS unread, sum(read) AS read, "
        "sum(starred) AS starred, sum(archived) AS archived FROM group_counts "
        "WHERE kind = ? AND entries != 0 GROUP BY name COLLATE NOCASE) AS g "
        "ORDER BY entries DESC, name = '', name COLLATE NOCASE"
    )
    return [dict(r) for r in lib.conn.execute(sql, (column,))]


# ---- stats ----------------------------------------------------------------------


def earliest(lib: Store) -> datetime | None:
    """When the first entry was saved (for ``--since all``)."""
    value = lib.conn.execute("SELECT min(saved_at) FROM entries").fetchone()[0]
    if not value:
        return None
    parsed = datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def window(since: datetime | None, now: datetime) -> tuple[datetime, str]:
    """Align the window's start to the start of its week (Monday, local),
    month (beyond MAX_WEEKS weeks) or year (beyond MAX_MONTHS months); the
    default is the last 12 weeks."""
    today = now.date()
    this_monday = today - timedelta(days=today.weekday())
    start = this_monday - timedelta(weeks=11) if since is None else since.astimezone(now.tzinfo).date()
    start = min(start, today)
    if (this_monday - start).days < MAX_WEEKS * 7:
        bucket, start = "week", start - timedelta(days=start.weekday())
    elif _months(start, today) <= MAX_MONTHS:
        bucket, start = "month", start.replace(day=1)
    else:
        bucket, start = "year", start.replace(month=1, day=1)
    return datetime.combine(start, time(), tzinfo=now.tzinfo), bucket


def _months(start: date, end: date) -> int:
    """How many calendar months from ``start``'s to ``end``'s, both counted."""
    return (end.year - start.year) * 12 + end.month - start.month + 1


def years_per_bar(start: date, end: date) -> int:
    """Years to a bar so that a history from ``start`` to ``end`` fits MAX_YEARS bars."""
    years = end.year - start.year + 1
    return -(-years // MAX_YEARS)


def periods(
    lib: Store,
    since: datetime,
    now: datetime,
    bucket: str,
    reads: str = READS,
    step: int = 1,
    first: date | None = None,
) -> list[Period]:
    """Saved and read per week, month or year (``step`` years to a bar) from
    ``since`` to ``now``: one grouped query. The bars start at ``first`` (the
    start of ``since``'s week, month or year; default: ``since``'s day)."""
    keys = {
        "week": "date(t, ?, 'weekday 0', '-6 days')",
        "month": "strftime('%Y-%m-01', t, ?)",
        "year": "strftime('%Y-01-01', t, ?)",
    }
    sql = (
        f"WITH {reads} SELECT {keys[bucket]} AS period, sum(s) AS saved, sum(r) AS read FROM ("
        "SELECT saved_at AS t, 1 AS s, 0 AS r FROM entries WHERE saved_at >= ? AND saved_at <= ? "
        "UNION ALL SELECT t, 0, 1 FROM reads WHERE t >= ? AND t <= ?"
        ") GROUP BY period"
    )
    lo, hi = iso(since), iso(now)
    found = {r[0]: (r[1], r[2]) for r in lib.conn.execute(sql, (shift(now), lo, hi, lo, hi))}
    start = since.date() if first is None else first
    if bucket == "year":
        return _years(found, start, now.date(), step)
    out: list[Period] = []
    while start <= now.date():
        saved, read = found.get(start.isoformat(), (0, 0))
        out.append(Period(start, saved, read))
        start = start + timedelta(weeks=1) if bucket == "week" else _next_month(start)
    return out


def _years(found: dict[str, tuple[int, int]], first: date, last: date, step: int) -> list[Period]:
    """Bars of ``step`` years from ``first``'s year to ``last``'s, summing the years' counts."""
    counts: dict[int, tuple[int, int]] = {}
    for key, value in found.items():
        if key and key[:4].isdigit():
            counts[int(key[:4])] = value
    out: list[Period] = []
    for year in range(first.year, last.year + 1, step):
        years = range(year, min(year + step, last.year + 1))
        saved = sum(counts.get(y, (0, 0))[0] for y in years)
        read = sum(counts.get(y, (0, 0))[1] for y in years)
        out.append(Period(date(year, 1, 1), saved, read, end=date(years[-1], 1, 1) if len(years) > 1 else None))
    return out


def first_activity(lib: Store, reads: str = READS) -> datetime | None:
    """The first moment anything was saved or read, or None in an empty library."""
    row = lib.conn.execute(
        f"WITH {reads} SELECT min(t) FROM (SELECT min(saved_at) AS t FROM entries UNION ALL SELECT min(t) FROM reads)"
    ).fetchone()
    return _moment(row[0]) if row and row[0] else None


def _moment(value: str) -> datetime | None:
    try:
        parsed = datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def _next_month(day: date) -> date:
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)


def backlog(lib: Store, now: datetime, days: int = TREND_DAYS) -> tuple[int, int, int]:
    """All entries, the unread (and not archived) ones now, and the backlog as
    it stood ``days`` ago: saved before then, and neither read nor archived by then.

    Read from the counters the store keeps and a few index ranges, never every entry:
    the backlog then is the unread now that were saved before then, and those saved
    before then that were read or archived since (entries_read, entries_archived)
    and were neither by then."""
    then = iso(now - timedelta(days=days))
    row = lib.conn.execute(
        "SELECT (SELECT coalesce(sum(entries), 0) FROM group_counts WHERE kind = 'source'), "
        "(SELECT n FROM view_counts WHERE view = 'unread'), "
        "(SELECT count(*) FROM entries INDEXED BY entries_unread "
        "WHERE read_at IS NULL AND archived_at IS NULL AND saved_at >= :then), "
        "(SELECT count(*) FROM (SELECT id FROM entries WHERE read_at >= :then "
        "UNION SELECT id FROM entries WHERE archived_at >= :then) AS since JOIN entries USING (id) "
        "WHERE saved_at < :then AND (read_at IS NULL OR read_at >= :then) "
        "AND (archived_at IS NULL OR archived_at >= :then))",
        {"then": then},
    ).fetchone()
    total, unread, recent, done_since = (int(v) for v in row)
    return total, unread, unread - recent + done_since


def streak(lib: Store, now: datetime, reads: str = READS) -> tuple[int, int, bool]:
    """(current streak, longest streak, read today) in local days with at least one entry read.

    A streak still counts when the last reading day was yesterday: today is
    not over. Runs of consecutive days are found in SQL (day number plus its
    rank is constant along a run).
    """
    sql = (
        f"WITH {reads}, days AS (SELECT DISTINCT date(t, :shift) AS d FROM reads WHERE t <= :now), "
        "runs AS (SELECT max(d) AS last, count(*) AS length FROM "
        "(SELECT d, julianday(d) + row_number() OVER (ORDER BY d DESC) AS grp FROM days) GROUP BY grp) "
        "SELECT (SELECT last FROM runs ORDER BY last DESC LIMIT 1), "
        "(SELECT length FROM runs ORDER BY last DESC LIMIT 1), (SELECT max(length) FROM runs)"
    )
    last, length, longest = lib.conn.execute(sql, {"shift": shift(now), "now": iso(now)}).fetchone()
    if not last:
        return 0, 0, False
    today = now.date()
    last_day = date.fromisoformat(last)
    current = int(length) if last_day >= today - timedelta(days=1) else 0
    return current, int(longest), last_day == today


def top(lib: Store, since: datetime, now: datetime, limit: int = TOP, reads: str = READS) -> dict[str, list[Row]]:
    """Per source and per category: the ``limit`` names most saved and the
    ``limit`` most read in the window, each with both counts, most saved
    first. Entries without a name are left out.

    The entries saved in the window (an index range) and those read in it, each
    with its reads in the window, are grouped by (source, category); both
    rankings are then taken from that small result.
    """
    sql = (
        f"WITH {reads}, "
        "counted(entry_id, read) AS (SELECT entry_id, count(*) FROM reads WHERE t >= :lo AND t <= :hi "
        "GROUP BY entry_id), "
        "base AS (SELECT source, category, sum(saved_at >= :lo AND saved_at <= :hi) AS saved, "
        f"sum(coalesce(counted.read, 0)) AS read FROM {_in_window(lib, since)} "
        "LEFT JOIN counted ON counted.entry_id = entries.id "
        "WHERE (saved_at >= :lo AND saved_at <= :hi) OR counted.read IS NOT NULL "
        "GROUP BY source COLLATE NOCASE, category COLLATE NOCASE), "
        "g AS (SELECT 'source' AS kind, source AS name, sum(saved) AS saved, sum(read) AS read FROM base "
        "WHERE source != '' GROUP BY source COLLATE NOCASE UNION ALL "
        "SELECT 'category', category, sum(saved), sum(read) FROM base "
        "WHERE category != '' GROUP BY category COLLATE NOCASE), "
        "ranked AS (SELECT *, "
        "row_number() OVER (PARTITION BY kind ORDER BY saved DESC, read DESC, name COLLATE NOCASE) AS by_saved, "
        "row_number() OVER (PARTITION BY kind ORDER BY read DESC, saved DESC, name COLLATE NOCASE) AS by_read "
        "FROM g) "
        "SELECT kind, name, saved, read FROM ranked WHERE by_saved <= :n OR (by_read <= :n AND read > 0) "
        "ORDER BY kind, saved DESC, read DESC, name COLLATE NOCASE"
    )
    out: dict[str, list[Row]] = {name: [] for name in GROUPS}
    for r in lib.conn.execute(sql, {"lo": iso(since), "hi": iso(now), "n": limit}):
        out[r["kind"]].append({"name": r["name"], "saved": r["saved"], "read": r["read"]})
    return out


def _in_window(lib: Store, since: datetime) -> str:
    """The entries top() looks at: when the window starts after the first entry saved, those
    saved in it (an index range) and those read in it; else (a window of the whole history)
    every entry."""
    first = lib.conn.execute("SELECT min(saved_at) FROM entries").fetchone()[0]
    if first is None or first >= iso(since):
        return "entries"
    return (
        "(SELECT id FROM entries WHERE saved_at >= :lo AND saved_at <= :hi UNION SELECT entry_id FROM counted) "
        "AS inside JOIN entries USING (id)"
    )


def _gather_reads(lib: Store) -> str:
    """Work out the reading moments once, into a temporary table of this
    connection, for the three queries that use them: on 100,000 reads the
    event-log join costs ~0.15 s, and the screen would pay it three times.
    Returns the ``reads`` CTE that reads the table back."""
    lib.conn.execute("DROP TABLE IF EXISTS temp.stats_reads")
    lib.conn.execute(f"CREATE TEMP TABLE stats_reads AS WITH {READS} SELECT entry_id, t FROM reads")
    return "reads(entry_id, t) AS (SELECT entry_id, t FROM temp.stats_reads)"


def oldest_unread(lib: Store, limit: int = OLDEST) -> list[Row]:
    """The entries waiting longest: unread, not archived, oldest saved first."""
    rows = lib.conn.execute(
        "SELECT id, title, url, source, category, saved_at FROM entries "
        "WHERE read_at IS NULL AND archived_at IS NULL ORDER BY saved_at, id LIMIT ?",
        (limit,),
    )
    return [dict(r) for r in rows]


def collect(lib: Store, since: datetime | None, now: datetime) -> Stats:
    """Everything for ``readlog stats``, as of ``now``."""
    reads = _gather_reads(lib)
    if since is not None and _months(since.astimezone(now.tzinfo).date(), now.date()) > MAX_MONTHS:
        # A long window asked for (--since 0001-01-01) starts at the first entry: the chart stays one screen.
        first = first_activity(lib, reads)
        since = max(since, min(first, now) if first else now)
    start, bucket = window(since, now)
    step = years_per_bar(start.date(), now.date()) if bucket == "year" else 1
    # A window asked for counts from the moment asked (--since 2w: two weeks ago, not the
    # Monday before), its first bar only from there; the default one is whole weeks.
    bars = periods(lib, start if since is None else since, now, bucket, reads, step, first=start.date())
    if since is None:  # the default window starts where the history starts; one asked for is shown whole
        first = earliest(lib)
        first_day = first.astimezone(now.tzinfo).date() if first else now.date()
        while len(bars) > 1 and bars[1].start <= first_day and not (bars[0].saved or bars[0].read):
            bars.pop(0)
        start = datetime.combine(bars[0].start, time(), tzinfo=now.tzinfo)
    else:
        start = since.astimezone(now.tzinfo)
    current, longest, today = streak(lib, now, reads)
    total, unread, then = backlog(lib, now)
    return Stats(
        now=now,
        since=start,
        asked=since is not None,
        bucket=bucket,
        periods=bars,
        total=total,
        backlog=unread,
        backlog_then=then,
        streak=current,
        longest=longest,
        read_today=today,
        top=top(lib, start, now, reads=reads),
        oldest=oldest_unread(lib),
        step=step,
    )
