"""Search finds text in highlights (issue 35, item 1): a passage or the note on it, in a
tier of its own after the entries' own (search.TIERS), each entry once, counted exactly,
with the entries' filters, the matching passage as its snippet; never an entry in the
trash; an undone highlight is no longer found; ``db rebuild-index`` and ``db check``
know the highlights' index."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import readlog
from readlog import store as store_module
from readlog.model.entry import Entry
from readlog.store import Counts, Filters, Store, ranking
from readlog.store.search import parse_query

from conftest import Run
from helpers import connect, examples

RECORDS: list[dict[str, Any]] = [
    {"readlog": 1, "id": 1, "title": "增量编译", "url": "https://blog.example/a", "saved_at":
     "2026-11-01T08:00:00+00:00",
     "highlights": [{"passage": "查询系统缓存的粒度更细", "note": "对比 Go 的做法"}]},
    {"readlog": 1, "id": 2, "title": "Rust notes", "url": "https://blog.example/b", "saved_at":
     "2026-11-02T08:00:00+00:00",
     "tags": ["lang"],
     "highlights": [{"passage": "The borrow checker rejects this code", "note": "ask about lifetimes"},
                    {"passage": "Second passage, unrelated"}]},
    {"readlog": 1, "id": 3, "title": "Unrelated", "url": "https://blog.example/c", "saved_at":
     "2026-11-03T08:00:00+00:00"},
    {"readlog": 1, "id": 4, "title": "缓存设计", "url": "https://blog.example/d", "saved_at":
     "2026-11-04T08:00:00+00:00",
     "highlights": [{"passage": "缓存失效是难题"}]},
]  # fmt: skip


def _seed(tmp_path: Path, run: Run) -> None:
    path = tmp_path / "seed.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in RECORDS), encoding="utf-8")
    run("import", str(path))


def _found(run: Run, *query: str) -> list[tuple[int, str, str]]:
    return [(r["id"], r["snippet"], r["snippet_in"]) for r in run.json("search", *query)]


def test_passages_and_notes_are_found_after_the_entries_own_hits(run: Run, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    # Chinese, two characters: the title hit first (and only there), then the passage.
    assert _found(run, "缓存") == [(4, "**缓存**设计", "title"), (1, "查询系统**缓存**的粒度更细", "highlight")]
    assert _found(run, "粒度更") == [(1, "查询系统缓存的**粒度更**细", "highlight")]  # three characters
    # English, several words in one passage; a word of the note on it.
    assert _found(run, "borrow", "CODE") == [(2, "The **borrow** checker rejects this **code**", "highlight")]
    assert _found(run, "lifetimes") == [(2, "ask about **lifetimes**", "highlight_note")]
    assert _found(run, "对比") == [(1, "**对比** Go 的做法", "highlight_note")]
    assert _found(run, "borrow lifetimes") == [(2, "The **borrow** checker rejects this code", "highlight")]
    # Every word must be in one highlight: a passage each is not one hit.
    assert _found(run, "borrow", "unrelated") == [] and _found(run, "borrow", "失效") == []
    # A phrase, OR, and a word the entry itself holds excluded.
    assert [r[0] for r in _found(run, '"checker rejects"')] == [2]
    assert [r[0] for r in _found(run, "粒度", "OR", "失效")] == [4, 1]
    assert _found(run, "borrow -rust") == [] and [r[0] for r in _found(run, "borrow -python")] == [2]
    # The table says where the hit is; Chinese too.
    table = run("search", "lifetimes", "--limit", "5").stdout
    assert "highlight_note" not in table and "note on a highlight: ask about lifetimes" in table
    assert "标注：查询系统缓存的粒度更细" in run("--lang", "zh", "search", "粒度").stdout


def test_counts_filters_and_pages_take_the_tier_in_exactly(run: Run, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    assert len(run.json("search", "缓存")) == 2
    table = run("search", "缓存", "--limit", "0").stdout.strip().splitlines()
    assert len(table) == 4 and table[-1] == "Showing 2 of 2 entries"
    # The title's hit is in the Title column; the Match column shows the passage's.
    assert "缓存设计  highlight: 缓存失效是难题" in table[1] and "增量编译  highlight: 查询系统缓存" in table[2]
    assert "Showing 1 of 2 entries" in run("search", "缓存", "--limit", "1").stdout
    assert [r["id"] for r in run.json("search", "缓存", "--source", "nowhere")] == []
    assert [r["id"] for r in run.json("search", "checker", "--tag", "lang")] == [2]
    assert [r["id"] for r in run.json("search", "checker", "--tag", "other")] == []
    assert [r["id"] for r in run.json("list", "--search", "checker")] == [2]
    run("archive", "1")
    assert [r["id"] for r in run.json("search", "缓存")] == [4]
    assert [r["id"] for r in run.json("search", "缓存", "--archived")] == [1]
    assert [r["id"] for r in run.json("search", "缓存", "--sort", "id")] == [4]


def test_through_the_api(library: Path, tmp_path: Path, run: Run) -> None:
    _seed(tmp_path, run)
    with readlog.open(library) as lib:
        found = lib.search("缓存")
        assert [e.id for e in found] == [4, 1]
        assert found[1].snippets is not None and found[1].snippets.field == "highlight"
        assert found[1].snippets[1][0] == "查询系统缓存的粒度更细" and found[1].snippets[1][2] == "highlight"
        assert lib.count(search="缓存") == 2 and lib.count_about(search="缓存").exact
        assert [e.id for e in lib.search("缓存", limit=1, offset=1)] == [1]  # a page starting in the tier
        assert [e.id for e in lib.search("checker", offset=1)] == []
        assert lib.matches(2, search="lifetimes") and not lib.matches(3, search="lifetimes")
        assert [e.id for e in lib.search("缓", limit=0)] == [4, 1]  # one character: a scan of the highlights too
        assert [e.id for e in lib.search("lifetim", unread=False)] == [] and lib.count(
            search="lifetim", unread=False
        ) == 0
        lib.mark_read(2)
        assert [e.id for e in lib.search("lifetim", unread=False)] == [2] and lib.count(
            search="lifetim", unread=False
        ) == 1


def test_a_trashed_entry_is_never_found_by_its_highlights(run: Run, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    run("rm", "2")
    assert run.json("search", "borrow") == [] and run.json("search", "lifetimes") == []
    assert run.json("search", "bo") == [] and run.json("search", "b", "checker") == []
    run("restore", "2")
    assert [r["id"] for r in run.json("search", "borrow")] == [2]


def test_undo_of_a_highlight_takes_its_hit_back(run: Run, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    assert run.json("search", "quasar") == []
    run("highlight", "3", "Quasar drift is slow", "--note", "星系漂移")
    assert [r["id"] for r in run.json("search", "quasar")] == [3]
    assert [r["id"] for r in run.json("search", "漂移")] == [3]
    assert "highlight: Quasar drift is slow" in run("search", "quasar").stdout
    run("undo")
    assert run.json("search", "quasar") == [] and run.json("search", "漂移") == []


def test_rebuild_index_and_check_know_the_highlights(run: Run, library: Path, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    with connect(library) as conn:
        conn.execute("INSERT INTO highlights_fts(highlights_fts) VALUES ('delete-all')")
    conn.close()
    checked = json.loads(run("db", "check", "--json", code=1).stdout)
    assert (checked["highlights"], checked["highlights_index"]) == (4, 0) and not checked["ok"]
    assert run.json("search", "borrow") == []
    run("db", "rebuild-index")
    checked = run.json("db", "check")
    assert (checked["highlights"], checked["highlights_index"]) == (4, 4) and checked["ok"]
    assert [r["id"] for r in run.json("search", "borrow")] == [2]
    assert [r["id"] for r in run.json("search", "缓存")] == [4, 1]


# ---- against a plain Python filter ------------------------------------------------------

ALPHABET = "qwjk内核调度 "  # none of these is in a source ("src") or a link
TEXT = st.text(ALPHABET, max_size=8)
WORD = st.text(ALPHABET.strip(), min_size=1, max_size=3)


@given(
    st.lists(
        st.tuples(TEXT, TEXT, st.lists(st.tuples(TEXT.filter(str.strip), TEXT), max_size=3), st.booleans()),
        min_size=1,
        max_size=6,
    ),
    st.lists(WORD, min_size=1, max_size=2),
    st.none() | WORD,
)
def test_search_is_a_plain_filter_over_entries_and_highlights(
    entries: list[tuple[str, str, list[tuple[str, str]], bool]], words: list[str], without: str | None
) -> None:
    """Each word in the entry's own fields, else every word in one of its highlights
    (passage or note), those after; an excluded word in the entry's fields leaves it out."""

    def holds(text: str, word: str) -> bool:
        return word in " ".join(text.split())

    expected_first, expected_last = [], []
    with readlog.open(memory=True) as lib:
        for n, (title, note, marks, trashed) in enumerate(entries):
            entry = lib.add(f"https://e{n}.example/", title=title or None, note=note or None, source="src")
            for passage, remark in marks:
                lib.highlight(entry.id, passage, note=remark or None)
            if trashed:
                lib.rm(entry.id)
                continue
            # as kept: a passage given twice is one highlight, with the first note
            marks = [(h.passage, h.note) for h in lib.highlights(entry.id)]
            own = [entry.title, entry.note]
            if without is not None and any(holds(t, without) for t in own):
                continue
            if all(any(holds(t, w) for t in own) for w in words):
                expected_first.append(entry.id)
            elif any(all(holds(p, w) or holds(r, w) for w in words) for p, r in marks):
                expected_last.append(entry.id)
        query = " ".join(words) + ("" if without is None else f" -{without}")
        found = [e.id for e in lib.search(query, limit=0)]
        assert sorted(found[: len(expected_first)]) == sorted(expected_first)
        assert sorted(found[len(expected_first) :]) == sorted(expected_last)
        assert lib.count(search=query) == len(found)
        assert [e.id for e in lib.search(query)] == found[:20]  # a screen (walk_for_pair may answer it)
        assert lib.count_about(search=query).n == len(found)
        first = len(expected_first)  # a page that starts at the highlights' tier
        assert [e.id for e in lib.search(query, limit=1, offset=first)] == found[first:][:1]


# ---- the walk of the newest entries (ranking.walk_for_pair) and the footer's estimate ----

WALK_ALPHABET = "内核调度缓存"
WALK_TEXT = st.text(alphabet=WALK_ALPHABET + " ab", max_size=10)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.data(),
    pair=st.sampled_from(["内核", "调度", "缓存", "核调", "内核调", "调度缓存"]),
    limit=st.integers(1, 8),
)
def test_the_walk_and_the_estimate_know_the_highlights_tier(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    data: st.DataObject,
    pair: str,
    limit: int,
) -> None:
    n = data.draw(st.integers(1, 40))
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    batch = [
        Entry(
            title=data.draw(WALK_TEXT) or f"t{i}",
            summary=data.draw(WALK_TEXT),
            source="s",
            saved_at=start + timedelta(hours=data.draw(st.integers(0, 30))),
        )
        for i in range(n)
    ]
    marks = data.draw(st.lists(st.tuples(st.integers(1, n), WALK_TEXT, WALK_TEXT), max_size=2 * n))
    lib = Store.open(tmp_path_factory.mktemp("walk") / "lib.db")
    try:
        with lib.transaction():
            action = lib.start_action("test")
            lib.upsert(batch, lib.begin_import("t", "", "t", "", action), action, Counts())
            for k, (entry_id, passage, note) in enumerate(marks):
                lib.conn.execute(
                    "INSERT INTO highlights (entry_id, passage, note, added_at, key) VALUES (?, ?, ?, ?, ?)",
                    (entry_id, passage, note, "2026-01-01T00:00:00+00:00", str(k)),
                )
        f = Filters(query=parse_query(pair))
        walked = ranking.walk_for_pair(lib, f, limit, store_module.LIST_COLUMNS)
        monkeypatch.setattr(ranking, "EXACT_UNDER", 0)  # estimate whatever the library's size
        about = lib.cheap_count(f)
        with monkeypatch.context() as patch:
            patch.setattr(ranking, "walk_for_pair", lambda *args: None)
            tiers = [r["id"] for r in lib.select(f, limit=limit)]
            exact = lib.count(f)
        assert walked is None or [r["id"] for r in walked] == tiers
        assert [r["id"] for r in lib.select(f, limit=limit)] == tiers
        assert about.low <= exact <= about.high and about.low <= about.n <= about.high
    finally:
        lib.close()


def test_the_quick_count_of_a_word_highlights_hold_is_the_general_one(tmp_path: Path) -> None:
    """search_count answers a one-word search that entries and highlights both hold from the two
    indexes (ranking._with_highlights): the entries holding it, then those only a highlight of
    theirs holds, each once, archived ones and the trash's left out, as the general count has it."""
    titles = ["gpu kernels in Rust", "a plain title", "another plain one", "archived one", "trashed one", "gpu both"]
    with readlog.open(tmp_path / "count.db") as lib:
        ids = [lib.add(f"https://count.example/{i}", title=t).id for i, t in enumerate(titles)]
        for entry_id in ids[1:]:
            lib.highlight(entry_id, "the gpu chapter")
        lib.archive(ids[3])
        lib.rm(ids[4])
        quick = ranking.search_count(lib.store, Filters(query=parse_query("gpu")))
        assert quick == 4 == len(lib.search("gpu", limit=None)) == lib.count(search="gpu")
        assert lib.count(search="gpu", archived=None) == 5
        only_marked = ranking.search_count(lib.store, Filters(query=parse_query("chapter")))  # no entry holds it
        assert only_marked == 3 == lib.count(search="chapter")
