"""A lone term without case (内核, 编译器) is answered by walking the newest
entries when most entries match it (store/ranking.py walk_for_pair): the same
rows, in the same order, as the relevance tiers give."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from readlog import store as store_module
from readlog.model.entry import Entry
from readlog.store import Counts, Filters, Store, ranking
from readlog.store.search import caseless_term, parse_query

from helpers import examples

ALPHABET = "内核调度缓存"  # few characters, so that pairs are common and spread over the columns
TEXT = st.text(alphabet=ALPHABET + " ab", min_size=0, max_size=12)


@st.composite
def entries(draw: st.DrawFn) -> list[Entry]:
    n = draw(st.integers(min_value=1, max_value=40))
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    out = []
    for i in range(n):
        out.append(
            Entry(
                title=draw(TEXT) or f"t{i}",
                summary=draw(TEXT),
                verdict=draw(TEXT),
                source=draw(st.sampled_from(["s", "来源内核", "调度台"])),
                tags=draw(st.lists(TEXT, max_size=2)),
                note=draw(TEXT),
                saved_at=start + timedelta(hours=draw(st.integers(min_value=0, max_value=30))),
            )
        )
    return out


def library(tmp: Path, batch: list[Entry]) -> Store:
    lib = Store.open(tmp)
    with lib.transaction():
        action = lib.start_action("test")
        lib.upsert(batch, lib.begin_import("t", "", "t", "", action), action, Counts())
    return lib


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.data(),
    pair=st.sampled_from(["内核", "调度", "缓存", "核调", "存内", "内核调", "调度缓存", "核 调"]),
    limit=st.integers(1, 8),
)
def test_walk_gives_what_the_tiers_give(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    data: st.DataObject,
    pair: str,
    limit: int,
) -> None:
    batch = data.draw(entries())
    lib = library(tmp_path_factory.mktemp("walk") / "lib.db", batch)
    try:
        archived = data.draw(st.booleans())
        if archived:
            with lib.transaction():
                lib.set_state([1], "archived", True, lib.start_action("archive 1"))
        f = Filters(query=parse_query(pair))
        walked = ranking.walk_for_pair(lib, f, limit, store_module.LIST_COLUMNS)
        with monkeypatch.context() as patch:
            patch.setattr(ranking, "walk_for_pair", lambda *args: None)
            tiers = lib.select(f, limit=limit)
        assert walked is None or [r["id"] for r in walked] == [r["id"] for r in tiers]
        assert [r["id"] for r in lib.select(f, limit=limit)] == [r["id"] for r in tiers]
    finally:
        lib.close()


def test_the_walk_answers_a_dense_pair_without_title_hits(tmp_path: Path) -> None:
    batch = [
        Entry(title=f"第{i}篇", summary="讨论内核", verdict="内核" if i % 2 else "", source="s") for i in range(60)
    ]
    lib = library(tmp_path / "lib.db", batch)
    try:
        walked = ranking.walk_for_pair(lib, Filters(query=parse_query("内核")), 20, store_module.LIST_COLUMNS)
        assert walked is not None and len(walked) == 20
        assert all(r["id"] % 2 == 0 for r in walked)  # verdict hits (odd titles' partners) rank first
    finally:
        lib.close()


@pytest.mark.parametrize(
    ("query", "term"),
    [
        ("内核", "内核"),
        ("12", None),  # digits have full-width twins (１２) that the index folds: not found byte for byte
        ("Go", None),
        ("内", None),
        ("内核 调度", None),
        ("内核 -调度", None),
        ("ＡＢ", None),
        ("编译器", "编译器"),
        ('"编译器设计"', "编译器设计"),
        ("１２３", None),
        ("Go语言", None),
        ('"编译 器"', None),
        ("编译器 -内核", None),
        ("编译器 OR 内核", None),
    ],
)
def test_which_queries_walk(query: str, term: str | None) -> None:
    assert caseless_term(parse_query(query)) == term


def test_the_walk_answers_a_dense_three_character_term_without_title_hits(tmp_path: Path) -> None:
    batch = [
        Entry(title=f"第{i}篇", summary="讨论编译器", verdict="编译器" if i % 2 else "", source="s") for i in range(60)
    ]
    lib = library(tmp_path / "lib.db", batch)
    statements: list[str] = []
    lib.conn.set_trace_callback(statements.append)
    try:
        walked = ranking.walk_for_pair(lib, Filters(query=parse_query("编译器")), 20, store_module.LIST_COLUMNS)
        assert walked is not None and [r["id"] for r in walked] == list(range(60, 20, -2))  # the verdict hits
        assert not any("EXISTS (SELECT 1 FROM entries_fts" in s for s in statements)  # no probe of the index
    finally:
        lib.close()


@pytest.mark.parametrize("term", ["内核", "编译器"])
def test_an_old_title_hit_still_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, term: str) -> None:
    """Many newer verdict hits do not settle the screen while a title anywhere holds the term."""
    batch = [
        Entry(
            title=f"{term}入门{i}" if i in (0, 5) else f"第{i}篇",
            summary="讨论" + term,
            verdict=term if i % 2 else "",
            source="s",
            saved_at=datetime(2026, 1, 1, tzinfo=timezone.utc) + timedelta(hours=i),
        )
        for i in range(60)
    ]
    lib = library(tmp_path / "lib.db", batch)
    try:
        f = Filters(query=parse_query(term))
        screen = [r["id"] for r in lib.select(f, limit=5)]
        assert screen == [6, 1, 60, 58, 56]  # the titles, then the newest verdict hits
        with monkeypatch.context() as patch:
            patch.setattr(ranking, "walk_for_pair", lambda *args: None)
            assert [r["id"] for r in lib.select(f, limit=5)] == screen
    finally:
        lib.close()
