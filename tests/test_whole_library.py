"""The shortcuts that whole-library commands (list --limit 0, export, search --limit 0) take
per row give what the plain way gives (issue 38): a stored time in the user's zone, a line of
fields for a pipe, rows read as tuples."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from readlog.model import stamps
from readlog.model.sanitize import clean
from readlog.render.output import _plain_line
from readlog.store.common import dict_rows

ZONES = ("UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham")


@pytest.fixture(params=ZONES)
def zone(request: pytest.FixtureRequest) -> Iterator[str]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TZ", request.param)
        time.tzset()
        yield request.param
    time.tzset()


def _plain_way(value: str) -> str | None:
    """What local_iso gave before it kept zones by day (None for what this Python's
    fromisoformat cannot read: 3.10 reads neither "Z" nor a fraction of one digit)."""
    dt = stamps.from_iso(value)
    return dt.astimezone().isoformat(timespec="seconds") if dt else None


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)))
def test_local_iso_is_astimezone_in_every_zone(zone: str, moment: datetime) -> None:
    # The zone is set once for all the examples (the fixture), as it is for a command.
    stored = moment.replace(microsecond=0, tzinfo=timezone.utc).isoformat()
    assert stamps.local_iso(stored) == _plain_way(stored) is not None


def test_local_iso_across_the_clock_changes(zone: str) -> None:
    """Every minute around a year's clock changes: the days the offset changes on are the slow way."""
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    for hours in range(0, 365 * 24, 7):
        for minute in (0, 29, 59):
            stored = (start + timedelta(hours=hours, minutes=minute, seconds=59)).isoformat()
            assert stamps.local_iso(stored) == _plain_way(stored) is not None


def test_local_iso_follows_a_change_of_zone() -> None:
    stored = "2026-07-01T12:00:00+00:00"
    with pytest.MonkeyPatch.context() as mp:
        for name, shown in (("UTC", "12:00:00+00:00"), ("Asia/Shanghai", "20:00:00+08:00"), ("UTC", "12:00:00+00:00")):
            mp.setenv("TZ", name)
            time.tzset()
            assert stamps.local_iso(stored) == "2026-07-01T" + shown
    time.tzset()


def test_local_iso_of_other_forms_is_as_before() -> None:
    for value in ("2026-07-01 12:00:00+00:00", "2026-07-01T12:00:00Z", "2026-07-01T12:00:00.5+00:00", "2026-07-01"):
        assert stamps.local_iso(value) == _plain_way(value)
    assert stamps.local_iso("") is None and stamps.local_iso("not a time") is None


FIELD = st.one_of(
    st.text(alphabet=st.sampled_from(list("ab 内核\t\n\x1b[\u200b\u3000\xa0#"))),
    st.text(max_size=8),
)


@settings(max_examples=500, deadline=None)
@given(st.lists(FIELD, min_size=1, max_size=6))
def test_a_plain_line_is_the_fields_cleaned(fields: list[str]) -> None:
    """Taken as it is only when cleaning each field would change nothing."""
    line = _plain_line(fields)
    if line is not None:
        assert line == "\t".join(clean(f, one_line=True) for f in fields)


def test_a_line_with_anything_to_clean_is_not_plain() -> None:
    assert (
        _plain_line(["1", "unread", "内核 读书", "", "https://x.example/"])
        == "1\tunread\t内核 读书\t\thttps://x.example/"
    )
    for bad in ("a\tb", " a", "a ", "a  b", "a\nb", "a\x1b[31mb", "a\u3000b", "a\u200bb"):
        assert _plain_line(["1", bad]) is None
    assert _plain_line(["1", 2]) is None  # type: ignore[list-item]


def test_dict_rows_are_the_rows_as_dicts() -> None:
    conn = sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    conn.execute("CREATE TABLE t (a, b)")
    conn.executemany("INSERT INTO t VALUES (?, ?)", [(1, "x"), (2, None), (3, "内核")])
    expected = [dict(r) for r in conn.execute("SELECT a, b FROM t WHERE a > ? ORDER BY a", (1,))]
    assert list(dict_rows(conn, "SELECT a, b FROM t WHERE a > ? ORDER BY a", (1,))) == expected
    assert expected == [{"a": 2, "b": None}, {"a": 3, "b": "内核"}]
    assert isinstance(conn.execute("SELECT a FROM t").fetchone(), sqlite3.Row)  # the connection's rows unchanged


def _naive_bad(conn: sqlite3.Connection, table: str, columns: list[str]) -> list[tuple[int, list[str]]]:
    """The plain way: every text value of every row decoded on its own."""
    found = []
    conn.text_factory = bytes
    for row in conn.execute(f"SELECT rowid, {', '.join(columns)} FROM {table}"):
        bad = []
        for name, value in zip(columns, row[1:], strict=True):
            if isinstance(value, bytes):
                try:
                    value.decode("utf-8")
                except UnicodeDecodeError:
                    bad.append(name)
        if bad:
            found.append((row[0], bad))
    return found


VALUE = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.binary(max_size=6),  # stored as text: maybe UTF-8, maybe not
    st.text(max_size=4),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(VALUE, VALUE, VALUE), max_size=8))
def test_db_check_finds_the_rows_whose_text_is_not_utf8(rows: list[tuple[object, object, object]]) -> None:
    """Each row's text is decoded once, joined; the rows and columns found are those the plain way finds."""
    from readlog.store.files import _not_utf8

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (a, b, c)")
    for row in rows:  # bytes stored as TEXT: what another tool or a damaged disk leaves
        cells = ["CAST(? AS TEXT)" if isinstance(v, bytes) else "?" for v in row]
        conn.execute(f"INSERT INTO t VALUES ({', '.join(cells)})", row)
    found, count = _not_utf8(conn)
    expected = _naive_bad(conn, "t", ["a", "b", "c"])
    assert count == len(expected)
    assert [(f["row"], f["columns"]) for f in found] == expected
