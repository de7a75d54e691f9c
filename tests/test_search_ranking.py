"""Search ranking (store/ranking.py), one test per path a search can take, each
asserting the order of the results: title hits first, then verdict/note/tag/
source/category hits, then the rest, each tier newest saved first.

Each library is small and built through the store; entry i (id i + 1) is saved
i hours after the first, so a higher id is newer. The SQL each search sends is
traced, to show which path answered.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from readlog.model.entry import Entry
from readlog.store import Counts, Filters, Store
from readlog.store import ranking as ranking_module
from readlog.store.search import TIERS, match_sql, parse_query

START = datetime(2026, 1, 1, tzinfo=timezone.utc)


@pytest.fixture
def make(tmp_path: Path) -> Iterator[Any]:
    opened: list[Store] = []

    def build(specs: list[dict[str, Any]]) -> Store:
        lib = Store.open(tmp_path / f"lib{len(opened)}.db")
        opened.append(lib)
        batch = [
            Entry(**{"title": f"entry {i}", "source": "s", **spec}, saved_at=START + timedelta(hours=i))
            for i, spec in enumerate(specs)
        ]
        with lib.transaction():
            action = lib.start_action("test")
            lib.upsert(batch, lib.begin_import("t", "", "t", "", action), action, Counts())
        return lib

    yield build
    for lib in opened:
        lib.close()


def search(lib: Store, text: str, limit: int = 0, offset: int = 0) -> tuple[list[int], list[str]]:
    """The ids found, in order, and the SQL that found them."""
    statements: list[str] = []
    lib.conn.set_trace_callback(statements.append)
    try:
        rows = lib.select(Filters(query=parse_query(text)), limit=limit, offset=offset)
    finally:
        lib.conn.set_trace_callback(None)
    return [r["id"] for r in rows], statements


def lookups(statements: list[str]) -> list[str]:
    return [s for s in statements if s.startswith("SELECT id,") or s.startswith("SELECT id, title")]


def test_three_characters_are_a_trigram_match_in_the_index(make: Any) -> None:
    lib = make(
        [
            {"title": "调度器入门"},  # 1: title, oldest
            {"summary": "讲调度器的长文"},  # 2: the rest
            {"note": "调度器笔记"},  # 3: note
            {"title": "新调度器"},  # 4: title, newer
            {"tags": ["调度器"]},  # 5: tag
            {"summary": "无关的文章"},  # 6: no hit
            {"verdict": "调度器写得好"},  # 7: verdict
        ]
    )
    found, statements = search(lib, "调度器")
    assert found == [4, 1, 7, 5, 3, 2]
    rows = lookups(statements)
    assert rows and all("entries_fts MATCH" in s and "LIKE" not in s for s in rows)
    assert lib.count(Filters(query=parse_query("调度器"))) == 6


def test_two_characters_use_the_trigrams_that_start_with_them(make: Any) -> None:
    specs: list[dict[str, Any]] = [{"summary": f"无关 {i}"} for i in range(12)]
    specs[2] = {"summary": "讲内核"}  # 3: the rest
    specs[5] = {"title": "内核入门"}  # 6: title
    specs[8] = {"source": "内核周刊"}  # 9: source
    specs[10] = {"summary": "内核，调度"}  # 11: the rest, newer
    lib = make(specs)
    found, statements = search(lib, "内核")
    assert found == [6, 9, 11, 3]
    assert any("temp.entries_fts_columns" in s for s in statements)  # the index's vocabulary was read
    assert all("LIKE" not in s for s in lookups(statements))
    assert lib.vocabulary("内核") and all(t.startswith("内核") for t in lib.vocabulary("内核"))


def test_one_character_falls_back_to_a_scan_of_the_columns(make: Any) -> None:
    lib = make(
        [
            {"summary": "核心"},  # 1: the rest
            {"title": "内核"},  # 2: title
            {"note": "核"},  # 3: note
            {"summary": "无关"},  # 4: no hit
            {"category": "核物理"},  # 5: category
            {"title": "核"},  # 6: title, newer
        ]
    )
    found, statements = search(lib, "核")
    assert found == [6, 2, 5, 3, 1]
    rows = lookups(statements)
    assert rows and all("LIKE" in s and "MATCH" not in s for s in rows)


def test_a_lone_dense_pair_is_answered_by_walking_the_newest_entries(
    make: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every entry holds 内核; no title does; every third verdict does.
    lib = make([{"summary": "讨论内核", "verdict": "内核" if i % 3 == 0 else ""} for i in range(40)])
    walked: list[list[int] | None] = []
    real = ranking_module.walk_for_pair

    def spy(*args: Any) -> Any:
        result = real(*args)
        walked.append(None if result is None else [r["id"] for r in result])
        return result

    monkeypatch.setattr(ranking_module, "walk_for_pair", spy)
    found, statements = search(lib, "内核", limit=5)
    assert found == [40, 37, 34, 31, 28]  # the newest verdict hits: a screen of the second tier
    assert walked == [found]
    assert any(s.endswith("LIMIT 2000") or "instr(" in s for s in statements)
    monkeypatch.setattr(ranking_module, "walk_for_pair", lambda *args: None)
    assert search(lib, "内核", limit=5)[0] == found  # the tiers give the same screen


def test_a_dense_term_probes_the_index_while_walking_in_order(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # The walk of the newest entries answers this small library whole: the tiers are what is tested here.
    monkeypatch.setattr(ranking_module, "walk_for_pair", lambda *args: None)
    specs: list[dict[str, Any]] = [{"summary": f"编译器 第{i}章"} for i in range(20)]
    specs[3] = {"title": "编译器原理"}  # 4: title
    specs[12] = {"title": "再谈编译器"}  # 13: title, newer
    specs[7] = {"note": "编译器笔记"}  # 8: note
    specs[15] = {"summary": "无关"}  # 16: no hit
    specs[18] = {"summary": "也无关"}  # 19: no hit
    lib = make(specs)
    query = parse_query("编译器")
    modes = ranking_module.search_modes(lib, Filters(query=query), 6)
    tiers = [match_sql(query, lib.vocabulary, columns=tier).fts for tier in TIERS]
    assert [modes(fts) for fts in tiers] == ["lookup", "lookup", "probe"]  # 2 titles, 1 note, 18 of 20 in all
    found, statements = search(lib, "编译器", limit=6)
    assert found == [13, 4, 8, 20, 18, 17]  # titles, the note, then the newest of the rest
    probes = [s for s in lookups(statements) if "EXISTS (SELECT 1 FROM entries_fts" in s]
    assert len(probes) == 1  # the third tier, which most entries match, is probed
    everything, _ = search(lib, "编译器")  # without a limit every tier is looked up: the same order
    assert everything[:6] == found and len(everything) == 18
    assert search(lib, "编译器", limit=6, offset=3)[0] == everything[3:9]


def test_relevance_tiers_title_then_verdict_note_tag_source_category_then_the_rest(make: Any) -> None:
    lib = make(
        [
            {"summary": "存储引擎综述"},  # 1: the rest
            {"title": "存储引擎入门"},  # 2: title
            {"verdict": "讲存储引擎讲得清楚"},  # 3: verdict
            {"note": "存储引擎要重读"},  # 4: note
            {"summary": "无关"},  # 5: no hit
            {"tags": ["存储引擎"]},  # 6: tag
            {"source": "存储引擎周刊"},  # 7: source
            {"category": "存储引擎"},  # 8: category
            {"summary": "又一篇存储引擎"},  # 9: the rest, newer
            {"title": "存储引擎进阶", "note": "存储引擎"},  # 10: title (and note): newest title
            {"verdict": "不错", "summary": "存储引擎"},  # 11: the rest, newest
        ]
    )
    found, _ = search(lib, "存储引擎")
    assert found == [10, 2, 8, 7, 6, 4, 3, 11, 9, 1]
    assert search(lib, "存储引擎", limit=4)[0] == found[:4]
    assert search(lib, "存储引擎", limit=3, offset=4)[0] == found[4:7]
    reverse = lib.select(Filters(query=parse_query("存储引擎")), reverse=True)
    assert [r["id"] for r in reverse] == found[::-1]
