"""A search's count ("Showing 20 of N", ``Library.count(search=...)``) is the
number of entries the same search lists with ``--limit 0``, whatever path
answers it: the index's count (a plain search), the general count (filters,
LIKE terms, exclusions), and for a lone two-character term that most entries
hold, the walk of the newest entries, whose density is read from the index's
vocabulary instead of from the count (store/ranking.py: pair_is_dense).

Two-, three-character, mixed and filtered searches; through the store, the
Python API and the command line.

A table's footer asks for less: where the exact count would merge every list
of a pair's trigrams (a large library), it says about how many match
("Showing 20 of about 91,000 entries"), from the density the walk saw, held
within bounds that are sure (ranking.cheap_count). These libraries are small,
so the footer is exact unless a test lowers ranking.EXACT_UNDER; the tests
at the end check the estimate: within its bounds, "about" exactly when it is
not exact, exact whenever it says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import readlog
from readlog.model.entry import Entry
from readlog.store import Count, Counts, Filters, Store
from readlog.store import ranking as ranking_module
from readlog.store.search import parse_query

from conftest import Built, Run
from helpers import examples

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
ALPHABET = "内核调度缓存"  # few characters: pairs and trigrams are common, in every column
TEXT = st.text(alphabet=ALPHABET + " aB", min_size=0, max_size=10)
SOURCES = ["s", "来源内核", "调度台"]
TAGS = ["内核", "x", "缓存调度"]
QUERIES = [
    "内核",  # two characters: an OR of the trigrams that start with them (or the walk)
    "调度",
    "核调",
    "内核调",  # three characters: one trigram
    "缓存调度",
    "内核 调度",  # mixed: two terms, ANDed
    "内核 OR 缓存",
    "内核 -调度",  # an exclusion: the general count
    "内核调 核",  # a one-character term: a LIKE scan
    '"核 调"',  # a phrase across a space
    "ab",  # a pair with case
]
# What each filter set asks of the store (Filters) and of the API (Library.count's keywords).
FILTERS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({}, {}),
    ({"state": "unread"}, {"unread": True}),
    ({"state": "read"}, {"unread": False}),
    ({"starred": True}, {"starred": True}),
    ({"tags": ["内核"]}, {"tag": "内核"}),
    ({"source": "来源内核"}, {"source": "来源内核"}),
    ({"since": "2026-01-01T12:00:00"}, {"since": "2026-01-01T12:00:00"}),
    ({"archived": None}, {"archived": None}),
    ({"archived": True}, {"archived": True}),
    ({"state": "unread", "tags": ["缓存调度"], "source": "s"}, {"unread": True, "tag": "缓存调度", "source": "s"}),
]


@st.composite
def libraries(draw: st.DrawFn) -> tuple[list[Entry], list[int], list[int], list[int], list[int]]:
    """Entries, and the ids then read, starred, archived and moved to the trash."""
    n = draw(st.integers(min_value=1, max_value=30))
    batch = [
        Entry(
            title=draw(TEXT) or f"t{i}",
            summary=draw(TEXT),
            verdict=draw(TEXT),
            note=draw(TEXT),
            source=draw(st.sampled_from(SOURCES)),
            tags=draw(st.lists(st.sampled_from(TAGS), max_size=2, unique=True)),
            saved_at=START + timedelta(hours=draw(st.integers(min_value=0, max_value=30))),
        )
        for i in range(n)
    ]
    ids = st.lists(st.integers(min_value=1, max_value=n), max_size=n, unique=True)
    return batch, draw(ids), draw(ids), draw(ids), draw(ids)


def build(path: Path, spec: tuple[list[Entry], list[int], list[int], list[int], list[int]]) -> Store:
    from readlog.store import trash

    batch, read, starred, archived, trashed = spec
    lib = Store.open(path)
    with lib.transaction():
        action = lib.start_action("test")
        lib.upsert(batch, lib.begin_import("t", "", "t", "", action), action, Counts())
        # Records alike in every field are one entry: fewer ids than records then.
        known = {int(r[0]) for r in lib.conn.execute("SELECT id FROM entries")}
        for state, ids in (("read", read), ("starred", starred), ("archived", archived)):
            if ids := [i for i in ids if i in known]:
                lib.set_state(ids, state, True, action)
        if trashed := [i for i in trashed if i in known]:
            trash.move(lib, trashed, action)
    return lib


def listed(lib: Store, f: Filters) -> int:
    return len(lib.select(f, limit=0))


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=libraries(), query=st.sampled_from(QUERIES), filters=st.sampled_from(FILTERS))
def test_the_count_is_what_limit_0_lists(
    tmp_path_factory: pytest.TempPathFactory, spec: Any, query: str, filters: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    lib = build(tmp_path_factory.mktemp("count") / "lib.db", spec)
    try:
        f = Filters(query=parse_query(query), **filters[0])
        assert lib.count(f) == listed(lib, f)
        # A screen of the same search is the start of the whole list (the walk and the tiers agree).
        for limit in (1, 3):
            assert [r["id"] for r in lib.select(f, limit=limit)] == [r["id"] for r in lib.select(f, limit=0)][:limit]
    finally:
        lib.close()


def _dense(path: Path) -> Store:
    """60 entries, all holding 内核 (in the summary), none in a title: the walk answers a screen."""
    batch = [
        Entry(
            title=f"第{i}篇",
            summary="讨论内核" + ("调度" if i % 4 else ""),
            verdict="内核" if i % 3 == 0 else "",
            source=SOURCES[i % 3],
            tags=[TAGS[i % 3]],
            saved_at=START + timedelta(hours=i),
        )
        for i in range(60)
    ]
    return build(path, (batch, list(range(1, 61, 5)), list(range(2, 61, 7)), [4, 9, 30], [11, 50]))


@pytest.fixture
def dense(built: Built) -> Callable[[Path], Store]:
    """``dense(path)``: the library of ``_dense`` at ``path``, open. It is built once per test
    process (conftest's ``built``: in the first test's clock and environment) and copied for each
    test (32 of them, 40 ms a build), which may change its own copy."""

    def at(path: Path) -> Store:
        return Store.open(built("dense", lambda made: _dense(made).close(), path))

    return at


@pytest.mark.parametrize("query", QUERIES)
def test_the_count_of_a_dense_library(tmp_path: Path, query: str, dense: Callable[[Path], Store]) -> None:
    lib = dense(tmp_path / "lib.db")
    try:
        for filters, _ in FILTERS:
            f = Filters(query=parse_query(query), **filters)
            assert lib.count(f) == listed(lib, f), filters
    finally:
        lib.close()


def test_a_dense_pair_is_walked_without_counting_its_matches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dense: Callable[[Path], Store]
) -> None:
    """The vocabulary says most entries hold 内核: the screen is found without
    the index's count (a merge of every trigram's list); the count is made
    only when asked for, and is exact."""
    lib = dense(tmp_path / "lib.db")
    counted: list[str] = []
    real = ranking_module.fts_count

    def spy(store: Store, expr: str) -> int:
        counted.append(expr)
        return real(store, expr)

    monkeypatch.setattr(ranking_module, "fts_count", spy)
    try:
        f = Filters(query=parse_query("内核"))
        walked: list[Any] = []
        real_walk = ranking_module.walk_for_pair

        def walk(*args: Any) -> Any:
            walked.append(real_walk(*args))
            return walked[-1]

        monkeypatch.setattr(ranking_module, "walk_for_pair", walk)
        screen = lib.select(f, limit=20)
        assert walked and walked[0] is not None and len(screen) == 20
        assert counted == []
        assert lib.count(f) == listed(lib, f) == 60 - 3 - 2  # less the archived and the trashed
        assert counted
    finally:
        lib.close()


@pytest.mark.parametrize("query", QUERIES)
def test_the_api_counts_what_it_lists(tmp_path: Path, query: str, dense: Callable[[Path], Store]) -> None:
    dense(tmp_path / "lib.db").close()
    with readlog.open(tmp_path / "lib.db") as lib:
        for _, keywords in FILTERS:
            assert lib.count(search=query, **keywords) == len(lib.search(query, limit=0, **keywords)), keywords


def footer_total(out: str) -> int:
    """N of a table's "Showing n of N entries"."""
    found = re.search(r"Showing \d+ of ([\d,]+) entries", out)
    assert found, out
    return int(found.group(1).replace(",", ""))


CLI_FILTERS = [[], ["--unread"], ["--read"], ["--starred"], ["--tag", "内核"], ["--source", "来源内核"], ["--archived"]]


@pytest.mark.parametrize("query", ["内核", "内核调", "内核 调度", "内核 -调度", "调度 OR 缓存"])
def test_the_command_line_shows_the_count_of_what_limit_0_lists(
    tmp_path: Path, run: Run, query: str, dense: Callable[[Path], Store]
) -> None:
    db = str(tmp_path / "lib.db")
    dense(Path(db)).close()
    for options in CLI_FILTERS:
        every = run("--db", db, "search", *query.split(), *options, "--limit", "0", "--json").stdout
        total = len(json.loads(every))
        if not total:
            assert "Showing" not in run("--db", db, "search", *query.split(), *options, "--limit", "1").stdout
            continue
        out = run("--db", db, "search", *query.split(), *options, "--limit", "1").stdout
        assert footer_total(out) == total, (query, options)


def test_a_dense_pair_with_case_is_ranked_without_counting_its_matches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pair with case (Go) is not walked, but the tiers' choice of how to ask
    the index (search_modes) reads density from the vocabulary too."""
    batch = [
        Entry(
            title="Go tips" if i % 10 == 0 else f"entry {i}",
            summary=f"GOing on {i}",
            saved_at=START + timedelta(hours=i),
        )
        for i in range(40)
    ]
    lib = build(tmp_path / "lib.db", (batch, [], [], [], []))
    counted: list[str] = []
    real = ranking_module.fts_count
    monkeypatch.setattr(ranking_module, "fts_count", lambda store, expr: counted.append(expr) or real(store, expr))
    try:
        f = Filters(query=parse_query("go"))
        screen = [r["id"] for r in lib.select(f, limit=6)]
        assert counted == []
        assert screen == [31, 21, 11, 1, 40, 39]  # the titles, newest first, then the rest
        assert screen == [r["id"] for r in lib.select(f, limit=0)][:6]
        assert lib.count(f) == 40
    finally:
        lib.close()


# ---- the footer's estimate (ranking.cheap_count) -------------------------------------------


def test_an_estimate_is_rounded_to_two_significant_figures_within_its_bounds() -> None:
    assert Count.of(90874).exact and Count.of(90874).rounded() == 90874
    assert Count(89362, 31883, 99995).rounded() == 89000
    assert Count(90874, 90000, 99000).rounded() == 91000
    assert Count(90749, 90700, 90760).rounded() == 90700  # 91,000 is beyond what is sure: a figure more
    assert Count(90749, 90745, 90755).rounded() == 90750
    assert Count(48, 30, 55).rounded() == 48
    assert Count(7, 5, 9).rounded() == 7
    assert not Count(48, 30, 55).exact


def estimated(lib: Store, f: Filters, limit: int) -> Count:
    """The footer's count of ``f`` once a screen of ``limit`` rows was read, as the command line asks for it."""
    lib.select(f, limit=limit)
    return lib.cheap_count(f)


def test_a_dense_pair_in_a_large_library_is_estimated_without_the_merge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dense: Callable[[Path], Store]
) -> None:
    """In a library of EXACT_UNDER entries or more, the footer of a dense pair
    is an estimate within sure bounds, and the index's count (the merge of
    every trigram's list) is never made; ``count`` stays exact."""
    lib = dense(tmp_path / "lib.db")
    monkeypatch.setattr(ranking_module, "EXACT_UNDER", 1)
    monkeypatch.setattr(ranking_module, "SAMPLE", 0)  # the walk's own sample, less than the view
    counted: list[str] = []
    real = ranking_module.fts_count
    monkeypatch.setattr(ranking_module, "fts_count", lambda store, expr: counted.append(expr) or real(store, expr))
    try:
        f = Filters(query=parse_query("内核"))
        about = estimated(lib, f, 5)
        assert counted == []
        exact = listed(lib, f)
        assert not about.exact
        assert about.low <= exact <= about.high
        assert about.low <= about.n <= about.high and about.low <= about.rounded() <= about.high
        assert lib.count(f) == exact  # Library.count and --limit 0 are exact
        # The walk saw the newest entries only: the estimate is the density it saw times the view.
        seen = lib._walked
        assert seen is not None and seen.f == f and 0 < seen.hits <= seen.walked < exact
    finally:
        lib.close()


def test_a_small_library_is_counted_exactly(tmp_path: Path, dense: Callable[[Path], Store]) -> None:
    lib = dense(tmp_path / "lib.db")
    try:
        for query in QUERIES:
            for filters, _ in FILTERS:
                f = Filters(query=parse_query(query), **filters)
                assert estimated(lib, f, 3) == Count.of(listed(lib, f)), (query, filters)
    finally:
        lib.close()


def test_what_the_walk_saw_is_forgotten_at_the_next_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dense: Callable[[Path], Store]
) -> None:
    lib = dense(tmp_path / "lib.db")
    monkeypatch.setattr(ranking_module, "EXACT_UNDER", 1)
    monkeypatch.setattr(ranking_module, "SAMPLE", 0)
    try:
        f = Filters(query=parse_query("内核"))
        assert not estimated(lib, f, 5).exact
        with lib.transaction():
            lib.set_state([1], "read", True, lib.start_action("test"))
        assert lib._walked is None
        assert lib.cheap_count(f) == Count.of(listed(lib, f))  # nothing walked since: counted
        assert lib.cheap_count(Filters(query=parse_query("调度"))).exact  # another search than the walk's
    finally:
        lib.close()


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    spec=libraries(),
    query=st.sampled_from(["内核", "调度", "核调", "存调", "内核调", "缓存调度"]),
    filters=st.sampled_from(FILTERS[:4] + FILTERS[6:8]),
    limit=st.integers(min_value=1, max_value=4),
    sample=st.sampled_from([0, 5, 12, 400]),
)
def test_the_estimate_lies_within_its_bounds(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    spec: Any,
    query: str,
    filters: tuple[dict[str, Any], dict[str, Any]],
    limit: int,
    sample: int,
) -> None:
    """For any library, view, screen and sample size: the true count lies
    within the estimate's bounds, so does the estimate, the bounds are no
    wider than the view and what the walk saw allow, and an estimate that
    says it is exact is the true count (a sample of the whole view is)."""
    monkeypatch.setattr(ranking_module, "EXACT_UNDER", 1)
    monkeypatch.setattr(ranking_module, "SAMPLE", sample)
    lib = build(tmp_path_factory.mktemp("estimate") / "lib.db", spec)
    try:
        f = Filters(query=parse_query(query), **filters[0])
        about = estimated(lib, f, limit)
        exact = listed(lib, f)
        assert about.low <= exact <= about.high
        assert about.low <= about.n <= about.high and about.low <= about.rounded() <= about.high
        view = listed(lib, Filters(**filters[0]))
        assert about.high <= view
        seen = lib._walked
        if seen is not None and seen.f == f:
            assert seen.hits <= about.low and about.high <= view - (seen.walked - seen.hits)
        if about.exact:
            assert about.n == exact == about.rounded()
        if seen is not None and seen.f == f and seen.walked >= view:
            assert about.exact  # the whole view was read
    finally:
        lib.close()


def test_the_command_line_says_about_how_many_when_it_estimates(
    tmp_path: Path, run: Run, monkeypatch: pytest.MonkeyPatch, dense: Callable[[Path], Store]
) -> None:
    """A terminal's table says "about" exactly when its count is an estimate,
    in English and Chinese; --json, --limit 0 and piped output are exact."""
    db = str(tmp_path / "lib.db")
    dense(Path(db)).close()
    exact = len(run.json("--db", db, "search", "内核", "--limit", "0"))
    assert exact == 55
    out = run("--db", db, "search", "内核", "--limit", "5").stdout
    assert "Showing 5 of 55 entries; --limit 0 shows all" in out  # a small library: exact
    monkeypatch.setattr(ranking_module, "EXACT_UNDER", 1)
    monkeypatch.setattr(ranking_module, "SAMPLE", 0)
    out = run("--db", db, "search", "内核", "--limit", "5").stdout
    found = re.search(r"Showing 5 of about ([\d,]+) entries; --limit 0 shows all", out)
    assert found, out
    lib = Store.open(Path(db))
    try:
        about = estimated(lib, Filters(query=parse_query("内核")), 5)
    finally:
        lib.close()
    assert not about.exact and int(found.group(1).replace(",", "")) == about.rounded()
    assert about.low <= int(found.group(1).replace(",", "")) <= about.high
    zh = run("--db", db, "--lang", "zh", "search", "内核", "--limit", "5").stdout
    assert re.search(r"显示 5 / 共约 [\d,]+ 条；--limit 0 显示全部", zh), zh
    # What is exact stays exact: a whole list, --json, a pipe, a search the walk does not answer, and list.
    assert "Showing 55 of 55 entries" in run("--db", db, "search", "内核", "--limit", "0").stdout
    assert len(run.json("--db", db, "search", "内核", "--limit", "5")) == 5
    monkeypatch.setenv("READLOG_FORCE_TTY", "0")
    piped = run("--db", db, "search", "内核", "--limit", "5").stdout
    assert "Showing" not in piped and "about" not in piped and len(piped.splitlines()) == 5
    monkeypatch.setenv("READLOG_FORCE_TTY", "1")
    excluding = len(run.json("--db", db, "search", "内核", "-调度", "--limit", "0"))  # not walked: counted
    assert f"Showing 5 of {excluding} entries" in run("--db", db, "search", "内核", "-调度", "--limit", "5").stdout
    assert "Showing 5 of 55 entries" in run("--db", db, "list", "--limit", "5").stdout
    with readlog.open(db) as api:
        api.search("内核", limit=5)
        assert api.count(search="内核") == 55


def test_an_estimate_that_reads_the_whole_view_is_exact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dense: Callable[[Path], Store]
) -> None:
    """The estimate reads on past the walk to SAMPLE entries: a view no larger is read whole, and counted."""
    lib = dense(tmp_path / "lib.db")
    monkeypatch.setattr(ranking_module, "EXACT_UNDER", 1)
    try:
        f = Filters(query=parse_query("内核"))
        assert estimated(lib, f, 5) == Count.of(listed(lib, f)) == Count.of(55)
        assert lib._walked is not None and lib._walked.walked == 55  # every entry of the view
    finally:
        lib.close()
