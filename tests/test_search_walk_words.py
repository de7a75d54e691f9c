"""A lone English word that most entries hold (cache, GPU: search.cased_word) is answered
by walking the newest entries (store/ranking.py walk_for_word), each entry's tier read
from ``instr`` in its values' ``lower()`` and, where a value holds a character the index
folds into the word's (fold.twins: ｃ, ſ, ß, ﬁ, a joiner, the dot of i̇), from the index
itself: the same rows, in the same order, as the relevance tiers give, highlights' tier
and archived entries included. A terminal's footer then says about how many match, within
sure bounds; ``--json``, ``--limit 0``, piped output and ``Library.count`` stay exact."""

from __future__ import annotations

import re
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import readlog
from readlog import store as store_module
from readlog.model.entry import Entry
from readlog.store import Counts, Filters, Store, ranking
from readlog.store.files import holds_any
from readlog.store.fold import fold, twins
from readlog.store.search import cased_word, found_by, parse_query, tier_of

from conftest import Run
from helpers import examples

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
# Few letters, so that the words are common; with their twins, which SQL's lower() does not fold.
ALPHABET = "acACfis" + "ｃＣａ\u200dſßﬁİı\u0307" + "内 "
TEXT = st.text(alphabet=ALPHABET, max_size=12)
WORDS = ["aca", "cac", "CAc", "acac", "fis", "ssi", "isi", "Fi s"]


def library(
    tmp: Path, batch: list[Entry], marks: list[tuple[int, str, str]], archived: list[int], trashed: tuple[int, ...] = ()
) -> Store:
    """A library of ``batch`` with highlights (entry id, passage, note), the ``archived`` ids
    archived and the ``trashed`` ones moved to the trash (their highlights kept there)."""
    from readlog.store import trash

    lib = Store.open(tmp)
    with lib.transaction():
        action = lib.start_action("test")
        lib.upsert(batch, lib.begin_import("t", "", "t", "", action), action, Counts())
        known = {int(r[0]) for r in lib.conn.execute("SELECT id FROM entries")}  # records alike are one entry
        for k, (entry_id, passage, note) in enumerate(marks):
            if entry_id not in known:
                continue
            lib.conn.execute(
                "INSERT INTO highlights (entry_id, passage, note, added_at, key) VALUES (?, ?, ?, ?, ?)",
                (entry_id, passage, note, "2026-01-01T00:00:00+00:00", str(k)),
            )
        if archived := [i for i in archived if i in known]:
            lib.set_state(archived, "archived", True, action)
        if gone := [i for i in trashed if i in known and i not in archived]:
            trash.move(lib, gone, action)
    return lib


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.data(),
    word=st.sampled_from(WORDS),
    limit=st.integers(1, 8),
    walk=st.sampled_from([ranking.WALK, 12]),
)
def test_the_walk_gives_what_the_tiers_give(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    data: st.DataObject,
    word: str,
    limit: int,
    walk: int,
) -> None:
    n = data.draw(st.integers(1, 40))
    batch = [
        Entry(
            title=data.draw(TEXT) or f"t{i}",
            summary=data.draw(TEXT),
            verdict=data.draw(TEXT),
            note=data.draw(TEXT),
            source=data.draw(st.sampled_from(["s", "Cac", "ｃａｃ"])),
            tags=data.draw(st.lists(TEXT, max_size=2)),
            saved_at=START + timedelta(hours=data.draw(st.integers(0, 30))),
        )
        for i in range(n)
    ]
    marks = data.draw(st.lists(st.tuples(st.integers(1, n), TEXT, TEXT), max_size=2 * n))
    archived = data.draw(st.lists(st.integers(1, n), max_size=3, unique=True))
    trashed = data.draw(st.lists(st.integers(1, n), max_size=3, unique=True))
    lib = library(tmp_path_factory.mktemp("words") / "lib.db", batch, marks, archived, tuple(trashed))
    monkeypatch.setattr(ranking, "WALK", walk)
    try:
        if (folded := cased_word(parse_query(word))) is not None:  # what counts them is what ranks them
            for marked in (False, True):
                tier, tier_params = tier_of(folded, marked)
                found, found_params = found_by(folded, marked)
                sql = f"SELECT id, {tier}, {found} FROM entries"
                for entry_id, ranked, counted in lib.conn.execute(sql, [*tier_params, *found_params]):
                    assert (ranked is not None) == (counted == 1), entry_id
        for f in (Filters(query=parse_query(word)), Filters(query=parse_query(word), archived=None)):
            walked = ranking.walk_for_word(lib, f, limit, store_module.LIST_COLUMNS)
            monkeypatch.setattr(ranking, "EXACT_UNDER", 0)  # estimate whatever the library's size
            about = lib.cheap_count(f)
            with monkeypatch.context() as patch:
                patch.setattr(ranking, "walk_for_word", lambda *args: None)
                tiers = [r["id"] for r in lib.select(f, limit=limit)]
                exact = lib.count(f)
            assert walked is None or [r["id"] for r in walked] == tiers
            assert [r["id"] for r in lib.select(f, limit=limit)] == tiers
            assert exact == len(lib.select(f, limit=0))
            assert about.low <= exact <= about.high and about.low <= about.n <= about.high
            if about.exact:
                assert about.n == exact
    finally:
        lib.close()


@settings(max_examples=examples(200), deadline=None)
@given(text=st.text(alphabet=ALPHABET + "hHe", max_size=20), word=st.sampled_from([*WORDS, "ache", "cAcHe"]))
def test_lower_finds_a_word_only_where_the_index_does_and_everywhere_without_its_twins(text: str, word: str) -> None:
    """What walk_for_word relies on (search.tier_of): SQL's lower() holding the folded
    word implies the index's fold holds it; where the text holds none of the word's
    twins, the two agree."""
    needle = fold(word)
    conn = sqlite3.connect(":memory:")
    try:
        by_lower = bool(conn.execute("SELECT instr(lower(?), ?)", (text, needle)).fetchone()[0])
    finally:
        conn.close()
    by_index = needle in fold(" ".join(text.split()))
    assert not by_lower or by_index
    if not holds_any(twins(needle), text.encode()):
        assert by_lower == by_index


@pytest.mark.parametrize(
    ("query", "word"),
    [
        ("cache", "cache"),
        ("Cache", "cache"),
        ('"GPU"', "gpu"),
        ("x86", "x86"),
        ("C++", "c++"),
        ("Go", None),  # two characters: an OR of trigrams, not walked
        ("内核", None),  # a caseless term: walk_for_pair's
        ("编译器", None),
        ("cache -gpu", None),
        ("cache gpu", None),
        ("cache OR gpu", None),
        ('"cache line"', None),
        ("café", None),  # not ASCII: SQL's lower() leaves É as it is
        ("ｃａｃｈｅ", None),
    ],
)
def test_which_words_walk(query: str, word: str | None) -> None:
    assert cased_word(parse_query(query)) == word


def dense(path: Path, n: int = 60) -> Store:
    """``n`` entries, every one holding "cache" (in its summary; every other one in its verdict too)."""
    batch = [
        Entry(
            title=f"第{i}篇",
            summary="讨论 Cache 一致性",
            verdict="cache" if i % 2 else "",
            source="s",
            saved_at=START + timedelta(hours=i),
        )
        for i in range(n)
    ]
    return library(path, batch, [], [])


def test_a_dense_word_is_walked_without_counting_its_matches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lib = dense(tmp_path / "lib.db")
    counted: list[str] = []
    real = ranking.fts_count
    monkeypatch.setattr(ranking, "fts_count", lambda store, expr: counted.append(expr) or real(store, expr))
    try:
        f = Filters(query=parse_query("CACHE"))
        walked = ranking.walk_for_word(lib, f, 20, store_module.LIST_COLUMNS)
        assert walked is not None and [r["id"] for r in walked] == list(range(60, 20, -2))  # the verdict hits
        # Only whether a title may hold it was asked (its first trigram, titles only), never the word's count.
        assert counted == ['{title} : ("cac")']
        assert lib._walked is not None and lib._walked.hits == lib._walked.walked == 39
    finally:
        lib.close()


def test_an_old_title_hit_and_a_twin_in_a_title_still_come_first(tmp_path: Path) -> None:
    batch = [
        Entry(
            title={0: "Cache basics", 5: "ＣＡＣＨＥ 入门", 7: "ca\u200dche"}.get(i, f"第{i}篇"),
            summary="讨论 cache",
            verdict="cache" if i % 2 else "",
            source="s",
            saved_at=START + timedelta(hours=i),
        )
        for i in range(60)
    ]
    lib = library(tmp_path / "lib.db", batch, [], [])
    try:
        f = Filters(query=parse_query("cache"))
        titles = [r["id"] for r in lib.select(f, limit=0) if r["title"].startswith(("Cache", "ＣＡＣＨＥ", "ca"))]
        walked = ranking.walk_for_word(lib, f, 6, store_module.LIST_COLUMNS)
        assert walked is not None
        assert [r["id"] for r in walked][: len(titles)] == titles and len(titles) >= 2
        assert [r["id"] for r in walked] == [r["id"] for r in lib.select(f, limit=6)]
    finally:
        lib.close()


def test_a_rare_word_is_left_to_the_tiers(tmp_path: Path) -> None:
    batch = [Entry(title=f"第{i}篇", summary="cache" if i == 3 else "内核", source="s") for i in range(60)]
    lib = library(tmp_path / "lib.db", batch, [], [])
    try:
        f = Filters(query=parse_query("cache"))
        assert ranking.walk_for_word(lib, f, 20, store_module.LIST_COLUMNS) is None
        assert lib._walked is None
        assert [r["id"] for r in lib.select(f, limit=20)] == [4]
    finally:
        lib.close()


def test_the_command_line_says_about_how_many_for_a_dense_word(
    tmp_path: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "lib.db")
    dense(Path(db), 200).close()
    monkeypatch.setattr(ranking, "EXACT_UNDER", 1)
    monkeypatch.setattr(ranking, "SAMPLE", 0)
    out = run("--db", db, "search", "Cache", "--limit", "5").stdout
    found = re.search(r"Showing 5 of about ([\d,]+) entries; --limit 0 shows all", out)
    assert found, out
    lib = Store.open(Path(db))
    try:
        f = Filters(query=parse_query("Cache"))
        lib.select(f, limit=5)
        about = lib.cheap_count(f)
    finally:
        lib.close()
    assert not about.exact and about.low <= 200 <= about.high
    assert int(found.group(1).replace(",", "")) == about.rounded()
    # What is exact stays exact.
    assert len(run.json("--db", db, "search", "Cache", "--limit", "0")) == 200
    assert "Showing 200 of 200 entries" in run("--db", db, "search", "Cache", "--limit", "0").stdout
    with readlog.open(db) as api:
        assert [e.id for e in api.search("Cache", limit=5)] == [200, 198, 196, 194, 192]
        assert api.count(search="Cache") == 200


def test_a_word_its_second_tier_seldom_holds_is_left_to_the_tiers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every summary holds it, one old verdict too: the walk would read every entry before the
    screen is settled (that verdict comes first), so it gives up after WALK // 10 of them."""
    batch = [
        Entry(
            title=f"第{i}篇",
            summary="讨论 cache",
            verdict="cache" if i == 2 else "",
            source="s",
            saved_at=START + timedelta(hours=i),
        )
        for i in range(100)
    ]
    lib = library(tmp_path / "lib.db", batch, [], [])
    monkeypatch.setattr(ranking, "WALK", 200)  # more than the library: a walk to its end would answer
    try:
        f = Filters(query=parse_query("cache"))
        assert ranking.walk_for_word(lib, f, 5, store_module.LIST_COLUMNS) is None
        assert lib._walked is None
        assert [r["id"] for r in lib.select(f, limit=5)] == [3, 100, 99, 98, 97]  # the verdict, then the newest
    finally:
        lib.close()
