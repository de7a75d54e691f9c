"""The counters the store keeps of each source, category and tag (schema 19): what
``tags``, ``sources``, ``categories`` and the footer of a list of one of them read.
They stay a recount through every change and its undo, ``db check`` finds them
damaged and ``db rebuild-index`` mends them, an upgraded library starts from a
recount, and the lists that use them (and the small partial indexes of dead links
and reading times) show what a plain filter of every entry shows."""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import readlog
from readlog.core.filters import api_filters
from readlog.store import Store, query, stats

from conftest import FIXTURES, Run
from helpers import assert_counters_exact, connect


def test_every_change_and_its_undo_keeps_the_counters_a_recount(run: Run, library: Path) -> None:
    run("import", str(FIXTURES / "digest.txt"), str(FIXTURES / "bookmarks.txt"), "--as-of", "2026-12-01")
    conn = connect(library)
    steps = [
        ("read", "1-3"),
        ("unread", "2"),
        ("star", "4"),
        ("archive", "4", "1"),
        ("tag", "1", "2", "+Later", "+数据库"),
        ("tag", "2", "-Later"),
        ("edit", "3", "--source", "LWN.net", "--category", "内核"),
        ("edit", "5", "--source", "lwn.NET"),
        ("rm", "6"),
        ("restore", "6"),
        ("rm", "2", "3"),
        ("trash", "--empty", "--yes"),
    ]
    for step in steps:
        run(*step)
        assert_counters_exact(conn)
    for _ in steps:
        run("undo", code=None)
        assert_counters_exact(conn)
    run("db", "check")


def test_db_check_finds_the_counters_damaged_and_rebuild_index_mends_them(run: Run, library: Path) -> None:
    run("import", str(FIXTURES / "digest.txt"), "--as-of", "2026-12-01")
    conn = connect(library)
    conn.execute("UPDATE group_counts SET unread = unread + 1 WHERE kind = 'source'")
    conn.commit()
    assert "sources, categories and tags" in run("db", "check", code=1).output
    run("db", "rebuild-index")
    run("db", "check")
    assert_counters_exact(conn)


def test_an_upgraded_library_starts_from_a_recount(tmp_path: Path) -> None:
    old = tmp_path / "v17.db"
    shutil.copyfile(FIXTURES / "libraries" / "v17.db", old)
    Store.open(old, notice=lambda _: None).close()
    conn = sqlite3.connect(old)
    try:
        assert conn.execute("SELECT count(*) FROM group_counts").fetchone()[0] > 0
        assert_counters_exact(conn)
    finally:
        conn.close()


def reference(lib: readlog.Library, **filters: Any) -> list[int]:
    """The ids ``filters`` select, by a plain filter of every entry, newest saved first."""
    rows = [r for r in lib.store.conn.execute("SELECT * FROM entries")]
    bounds = api_filters(since=filters.get("since"), before=filters.get("before"))  # the moments they name

    def kept(r: sqlite3.Row) -> bool:
        archived = filters.get("archived", False)
        if archived is not None and (r["archived_at"] is not None) != archived:
            return False
        if filters.get("unread") is not None and (r["read_at"] is None) != filters["unread"]:
            return False
        if "source" in filters and r["source"].casefold() != filters["source"].casefold():
            return False
        if "category" in filters and r["category"].casefold() != filters["category"].casefold():
            return False
        if "tag" in filters and filters["tag"].casefold() not in [t.casefold() for t in json.loads(r["tags"])]:
            return False
        if filters.get("dead") and r["dead_at"] is None:
            return False
        if "since" in filters and r["saved_at"] < bounds.since:
            return False
        if "before" in filters and r["saved_at"] >= bounds.before:
            return False
        return "min_time" not in filters or (r["minutes"] is not None and r["minutes"] >= filters["min_time"])

    found = sorted(
        (r for r in rows if kept(r)), key=lambda r: (r["saved_at"], r["published"] or "", r["id"]), reverse=True
    )
    return [r["id"] for r in found]


def plain_groups(conn: sqlite3.Connection, column: str) -> list[dict[str, Any]]:
    """``sources`` (or ``categories``) as grouping every entry gives it."""
    sql = (
        f"SELECT {column} AS name, count(*) AS entries, "
        "sum(read_at IS NULL AND archived_at IS NULL) AS unread, count(read_at) AS read, "
        "count(starred_at) AS starred, count(archived_at) AS archived, max(saved_at) AS latest_saved "
        f"FROM entries GROUP BY {column} COLLATE NOCASE ORDER BY entries DESC, name = '', name COLLATE NOCASE"
    )
    return [dict(r) for r in conn.execute(sql)]


def by_name(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The rows in order, each name ignoring case (which spelling names a group is SQLite's choice)."""
    return [(r["name"].lower(), *(v for k, v in r.items() if k != "name")) for r in rows]


SOURCES = ["LWN.net", "lwn.net", "Go Blog", ""]
TAGS = ["rust", "Rust", "数据库", "later"]
ENTRY = st.fixed_dictionaries(
    {
        "source": st.sampled_from(SOURCES),
        "category": st.sampled_from(["内核", "", "Systems"]),
        "tags": st.lists(st.sampled_from(TAGS), max_size=3),
        "read": st.booleans(),
        "archived": st.booleans(),
        "dead": st.booleans(),
        "minutes": st.one_of(st.none(), st.integers(1, 30)),
    }
)
# Moments around the entries' saved times (2026-11-01 to 20, each at 10:00 UTC): a day, a
# moment on the hour, one just after.
DAYS = st.builds(
    lambda day, at: f"2026-11-{day:02d}" + at,
    st.integers(1, 22),
    st.sampled_from(["", "T10:00:00+00:00", "T10:00:01+00:00", "T09:59:59Z"]),
)
FILTERS = st.one_of(
    st.fixed_dictionaries({"source": st.sampled_from([*SOURCES[:3], "nowhere"])}),
    st.fixed_dictionaries({"category": st.sampled_from(["内核", "systems", "none"])}),
    st.fixed_dictionaries({"tag": st.sampled_from([*TAGS, "never"])}),
    st.just({"dead": True}),
    st.fixed_dictionaries({"min_time": st.integers(1, 40)}),
    st.fixed_dictionaries({"since": DAYS}),
    st.fixed_dictionaries({"before": DAYS}),
    st.fixed_dictionaries({"since": DAYS, "before": DAYS}),
)
VIEWS = st.sampled_from(
    [
        {},
        {"unread": True},
        {"unread": False},
        {"archived": None},
        {"archived": True},
        {"unread": True, "archived": None},
    ]
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    entries=st.lists(ENTRY, max_size=25),
    asked=FILTERS,
    view=VIEWS,
    limit=st.integers(0, 4),
    offset=st.integers(0, 3),
    by_index=st.booleans(),
)
def test_a_list_of_one_group_or_a_sparse_filter_is_what_a_plain_filter_finds(
    tmp_path: Path,
    entries: list[dict[str, Any]],
    asked: dict[str, Any],
    view: dict[str, Any],
    limit: int,
    offset: int,
    by_index: bool,
) -> None:
    import tempfile

    with tempfile.TemporaryDirectory(dir=tmp_path) as where:
        lib = readlog.open(Path(where) / "lib.db")
        try:
            for i, e in enumerate(entries):
                new = lib.add(f"https://example.org/{i}", title=f"t{i}", tags=e["tags"])
                conn = lib.store.conn
                conn.execute(
                    "UPDATE entries SET source = ?, category = ?, saved_at = ?, read_at = ?, archived_at = ?, "
                    "dead_at = ?, minutes = ? WHERE id = ?",
                    (
                        e["source"],
                        e["category"],
                        f"2026-11-{1 + i % 20:02d}T10:00:00+00:00",
                        "2026-11-30T10:00:00+00:00" if e["read"] else None,
                        "2026-11-30T11:00:00+00:00" if e["archived"] else None,
                        "2026-11-30T12:00:00+00:00" if e["dead"] else None,
                        e["minutes"],
                        new.id,
                    ),
                )
            assert_counters_exact(lib.store.conn)
            for column in ("source", "category"):
                assert by_name(stats.groups(lib.store, column)) == by_name(plain_groups(lib.store.conn, column))
            filters = {**asked, **view}
            expected = reference(lib, **filters)
            patched = pytest.MonkeyPatch.context() if by_index else contextlib.nullcontext()
            with patched as patch:
                if patch is not None:  # every tag rare: listed from the entries the search index finds
                    patch.setattr(query, "RARE", 0)
                assert_listed(lib, filters, expected, limit, offset)
        finally:
            lib.close()


def assert_listed(lib: readlog.Library, filters: dict[str, Any], expected: list[int], limit: int, offset: int) -> None:
    """What a list shows and counts is the plain filter's ``expected``."""
    assert lib.count(**filters) == len(expected)
    assert lib.count_about(**filters).n == len(expected)
    shown = [e.id for e in lib.entries(limit=limit or None, offset=offset, **filters)]
    assert shown == expected[offset:][: limit or None]


MOMENTS = st.sampled_from([None, "2026-10-01T00:00:00+00:00", "2026-11-10T00:00:00+00:00", "2026-12-01T00:00:00+00:00"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.tuples(MOMENTS.filter(bool), MOMENTS, MOMENTS, st.booleans()), max_size=20))
def test_the_backlog_then_is_a_plain_count(tmp_path: Path, rows: list[tuple[Any, Any, Any, bool]]) -> None:
    """stats' backlog 28 days ago, read from counters and index ranges, is the plain count of
    the entries saved before then and neither read nor archived by then."""
    import tempfile
    from datetime import datetime, timezone

    with tempfile.TemporaryDirectory(dir=tmp_path) as where:
        lib = readlog.open(Path(where) / "lib.db")
        try:
            for i, (saved, read, archived, starred) in enumerate(rows):
                new = lib.add(f"https://example.org/{i}", title=f"t{i}")
                lib.store.conn.execute(
                    "UPDATE entries SET saved_at = ?, read_at = ?, archived_at = ?, starred_at = ? WHERE id = ?",
                    (saved, read, archived, saved if starred else None, new.id),
                )
            now = datetime(2026, 12, 8, tzinfo=timezone.utc)
            then = stats.iso(datetime(2026, 11, 10, tzinfo=timezone.utc))
            plain = lib.store.conn.execute(
                "SELECT count(*), coalesce(sum(read_at IS NULL AND archived_at IS NULL), 0), "
                "coalesce(sum(saved_at < :t AND (read_at IS NULL OR read_at >= :t) "
                "AND (archived_at IS NULL OR archived_at >= :t)), 0) FROM entries",
                {"t": then},
            ).fetchone()
            assert stats.backlog(lib.store, now) == tuple(plain)
            overview = lib.store.overview()
            assert (overview["total"], overview["unread"]) == tuple(plain)[:2]
            assert overview["starred"] == sum(1 for r in rows if r[3])
        finally:
            lib.close()


def test_a_rare_tag_is_listed_from_the_entries_the_search_index_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tag few entries carry is listed from the search index's matches of its text, which
    hold a few more entries than carry it (a longer tag, the text elsewhere): the same list."""
    lib = readlog.open(tmp_path / "lib.db")
    try:
        tagged = [["rust"], ["Rust", "later"], ["rustacean"], ["数据库"], [], ["later"], ["RUST"]]
        for i, tags in enumerate(tagged):
            lib.add(f"https://example.org/{i}", title="rust notes" if i == 4 else f"t{i}", tags=tags)
        lib.archive([lib.entries(tag="later")[-1].id])
        monkeypatch.setattr(query, "RARE", 0)
        for tag in ("rust", "RUST", "数据库", "later", "rustacean", "none", "ru"):
            for view in ({}, {"archived": None}, {"unread": True}):
                expected = reference(lib, tag=tag, **view)
                assert query.rare_tag(lib.store, query.Filters(tags=[tag]), len(expected)) or len(tag) < 3
                assert_listed(lib, {"tag": tag, **view}, expected, 0, 0)
                assert_listed(lib, {"tag": tag, **view}, expected, 1, 1)
    finally:
        lib.close()


def test_a_list_saved_in_a_range_is_counted_from_the_days_between_and_its_two_ends(tmp_path: Path) -> None:
    """--since and --before: the day counters of the days between, and the first and last
    day's entries counted in the index from the moment named; every bound against a plain filter."""
    lib = readlog.open(tmp_path / "lib.db")
    try:
        for i in range(30):
            new = lib.add(f"https://example.org/{i}", title=f"t{i}")
            saved = f"2026-11-{1 + i // 3:02d}T{8 + i % 3:02d}:00:00+00:00"  # three a day, 08:00 to 10:00
            read = "2026-11-30T00:00:00+00:00" if i % 4 == 0 else None
            lib.store.conn.execute("UPDATE entries SET saved_at = ?, read_at = ? WHERE id = ?", (saved, read, new.id))
        lib.archive([1, 5])
        moments = ["2026-10-30", "2026-11-01", "2026-11-03T09:00:00+00:00", "2026-11-03T09:00:01+00:00", "2026-11-05"]
        moments += ["2026-11-05T10:00:00+00:00", "2026-11-10T23:59:59+00:00", "2026-11-11", "2026-12-01"]
        for view in ({}, {"unread": True}, {"unread": False}, {"archived": None}):
            for since in moments:
                assert_listed(lib, {"since": since, **view}, reference(lib, since=since, **view), 0, 0)
                for before in moments:
                    both = {"since": since, "before": before, **view}
                    assert_listed(lib, both, reference(lib, **both), 0, 0)
            for before in moments:
                assert_listed(lib, {"before": before, **view}, reference(lib, before=before, **view), 0, 0)
    finally:
        lib.close()
