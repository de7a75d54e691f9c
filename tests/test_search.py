"""readlog search: query syntax, matching, filters, ranking, snippets (issue 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.model.errors import UsageError
from readlog.store.search import Query, Term, marked, parse_query, snippet

from conftest import FIXTURES, Built, Run

SEARCH = FIXTURES / "search"
AS_OF = "2099-01-10"  # bookmarks are then saved after the digest's entries (saved at import time)

# The start of each fixture entry's title (digest titles are cut from the summary).
SCHED = "内核调度器的新设计"
PARSERS = "Incremental Parsers in Practice"
COMPILER = "编译器缓存的一次故障"
TXN = "关于数据库事务的笔记"
FTS = "Notes on SQLite FTS5"
BOOK = "一本关于操作系统的书"
STORAGE = "文件系统的日志结构与崩溃一致性"  # 本期介绍 stays in the summary
OCAML = "作者用 OCaml 写了一个小型类型检查器"
INCIDENT = "一次线上事故的复盘"


@pytest.fixture
def lib(run: Run, built: Built, library: Path) -> Run:
    """The search fixtures in the test's library: a copy of one imported once per test process."""

    def make(path: Path) -> None:
        run("--db", str(path), "import", str(SEARCH / "digest.txt"))
        run("--db", str(path), "import", str(SEARCH / "bookmarks.txt"), "--as-of", AS_OF)

    built("search-fixtures", make, library)
    return run


NAMES = (SCHED, PARSERS, COMPILER, TXN, FTS, BOOK, STORAGE, OCAML, INCIDENT)


def name(title: str) -> str:
    """Which fixture entry a title belongs to."""
    (hit,) = [n for n in NAMES if title.startswith(n)]
    return hit


def titles(run: Run, *args: str) -> list[str]:
    return [name(r["title"]) for r in run.json("search", *args, "--limit", "0")]


def found(run: Run, *args: str) -> set[str]:
    return set(titles(run, *args))


def ids_by_title(run: Run) -> dict[str, int]:
    return {name(r["title"]): r["id"] for r in run.json("list", "--limit", "0")}


# ---- parser -------------------------------------------------------------------


def test_parser_words_phrases_exclusions() -> None:
    q = parse_query('内核  "type  checker" -rust -"hand written" x')
    assert q.groups == [[Term("内核")], [Term("type checker", phrase=True)], [Term("x")]]
    assert q.excluded == [Term("rust"), Term("hand written", phrase=True)]


def test_parser_or() -> None:
    assert parse_query("a OR b").groups == [[Term("a"), Term("b")]]
    assert parse_query("a OR b OR c").groups == [[Term("a"), Term("b"), Term("c")]]
    assert parse_query("x a OR b y").groups == [[Term("x")], [Term("a"), Term("b")], [Term("y")]]
    # OR not between two terms is an ordinary word, as is lowercase or.
    assert parse_query("OR a").groups == [[Term("OR")], [Term("a")]]
    assert parse_query("a OR").groups == [[Term("a")], [Term("OR")]]
    assert parse_query("OR").groups == [[Term("OR")]]
    assert parse_query("a or b").groups == [[Term("a")], [Term("or")], [Term("b")]]
    q = parse_query("a OR -b")
    assert q.groups == [[Term("a")], [Term("OR")]] and q.excluded == [Term("b")]
    assert parse_query('"x y" OR z').groups == [[Term("x y", phrase=True), Term("z")]]


@pytest.mark.parametrize(
    ("text", "groups", "excluded"),
    [
        ('"unbalanced phrase', [["unbalanced phrase"]], []),
        ('say"hi', [['say"hi']], []),
        ('"a ""quoted"" word"', [['a "quoted" word']], []),
        ("prefix*", [["prefix*"]], []),
        ("col:umn", [["col:umn"]], []),
        ("(a", [["(a"]], []),
        ("^start", [["^start"]], []),
        ("-", [["-"]], []),
        ("NEAR AND NOT", [["NEAR"], ["AND"], ["NOT"]], []),
        ("--x", [], ["-x"]),
    ],
)
def test_parser_special_characters_are_text(text: str, groups: list[list[str]], excluded: list[str]) -> None:
    q = parse_query(text)
    assert [[t.text for t in g] for g in q.groups] == groups
    assert [t.text for t in q.excluded] == excluded


@pytest.mark.parametrize("text", ["", "   ", '""', '"', "\t\n", '-""', '" "'])
def test_parser_empty_query_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError):
        parse_query(text)


def test_snippet_marks_hits_case_insensitively() -> None:
    q = Query(groups=[[Term("parsers")], [Term("增量")]])
    text, spans = snippet(["", "Parsers, \n\n作者比较了增量解析"], q)
    assert marked(text, spans) == "**Parsers**, 作者比较了**增量**解析"
    long = "字" * 100 + "目标" + "字" * 100
    text, spans = snippet([long], Query(groups=[[Term("目标")]]), width=40)
    assert text.startswith("…") and text.endswith("…") and len(text) <= 42
    assert "**目标**" in marked(text, spans)


# ---- matching -----------------------------------------------------------------


def test_any_substring_matches_chinese(lib: Run) -> None:
    assert found(lib, "内核") == {SCHED, STORAGE, TXN, BOOK, INCIDENT}
    assert found(lib, "编译") == {COMPILER}
    assert found(lib, "缓存") == {COMPILER, TXN}
    assert found(lib, "调度器的新") == {SCHED}
    assert found(lib, "书") == {BOOK}  # one character: found by a scan
    assert found(lib, "锁") == {TXN}
    assert found(lib, "不存在的词") == set()
    assert found(lib, "不存") == set()


def test_english_is_case_insensitive(lib: Run) -> None:
    assert found(lib, "parsers") == {PARSERS, OCAML}  # OCAML's source is Parsers Weekly
    assert found(lib, "PARSERS") == found(lib, "Parsers") == {PARSERS, OCAML}
    assert found(lib, "ocaml") == {OCAML}
    assert found(lib, "Fs") == {TXN}  # two letters: fsync
    assert found(lib, "ft") == {FTS}  # FTS5


def test_several_words_are_all_required(lib: Run) -> None:
    assert found(lib, "内核 调度") == {SCHED}
    assert found(lib, "内核 缓存") == {TXN}
    assert found(lib, "写 内核 文件系统") == {BOOK}  # 1-, 2- and 4-character terms
    assert found(lib, "锁 fsync 页缓存 讨论") == {TXN}
    assert found(lib, "书 parsers") == set()


def test_phrase(lib: Run) -> None:
    assert found(lib, '"quoted phrase"') == {FTS}
    assert found(lib, '"incremental parsers"') == {PARSERS}
    assert found(lib, '"parsers incremental"') == set()
    assert found(lib, "parsers incremental") == {PARSERS}
    assert found(lib, '"at how"') == {PARSERS}


def test_exclusion(lib: Run) -> None:
    assert found(lib, "内核 -调度") == {STORAGE, TXN, BOOK, INCIDENT}
    assert found(lib, '内核 -"页缓存"') == {SCHED, STORAGE, BOOK, INCIDENT}
    assert found(lib, "内核 -书 -复盘") == {SCHED, STORAGE, TXN}
    assert found(lib, "-内核") == {PARSERS, COMPILER, FTS, OCAML}


def test_or(lib: Run) -> None:
    assert found(lib, "调度 OR 编译") == {SCHED, COMPILER}
    assert found(lib, "调度 OR 编译 OR ocaml") == {SCHED, COMPILER, OCAML}
    assert found(lib, "书 OR 锁") == {BOOK, TXN}
    assert found(lib, "内核 书 OR 锁") == {BOOK, TXN}
    assert found(lib, "调度 or 编译") == set()  # lowercase or is a word, and all words are required


def haystack(record: dict[str, object]) -> str:
    """What the search covers, as the index sees it: whitespace folded, lower case."""
    fields = [record[k] for k in ("title", "source", "category", "summary", "verdict", "note")]
    return " ".join(" ".join(str(f or "").split()) for f in [*fields, *list(record["tags"])]).lower()  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("query", "needle", "anchor"),
    [
        ("prefix*", "prefix*", FTS),
        ("column:filters", "column:filters", FTS),
        (":", ":", FTS),
        ("(a", "(a", FTS),
        ("b)", "b)", FTS),
        ("^start", "^start", FTS),
        ("*", "*", FTS),
        ("NEAR", "near", FTS),
        ('"AND NOT"', "and not", FTS),
        ('"(a OR b)"', "(a or b)", FTS),
        ("-", "-", PARSERS),
        ("OR", "or", FTS),
        ("re-parse", "re-parse", PARSERS),
        ("%", "%", None),
        ("_", "_", None),
        ("\\", "\\", None),
        ("'", "'", None),
        ("NEAR(a", "near(a", None),
        ("[]", "[]", None),  # tags are stored as JSON lists, but searched as words
        ("[", "[", None),
    ],
)
def test_special_characters_are_searched_as_text(lib: Run, query: str, needle: str, anchor: str | None) -> None:
    got = {name(r["title"]) for r in lib.json("search", query, "--limit", "0")}
    expected = {name(r["title"]) for r in lib.json("list", "--limit", "0") if needle in haystack(r)}
    assert got == expected
    assert (anchor in got) if anchor else not got


@pytest.mark.parametrize("query", ['"', '-"', "-", "(", ")", "*", '"*"', "NOT", "AND", '"a', "a OR", "OR OR"])
def test_special_characters_never_fail(lib: Run, query: str) -> None:
    result = lib("search", query, code=None)
    assert result.exit_code in (0, 2), result.stderr
    assert "Traceback" not in result.stderr and "fts5" not in result.stderr.lower()
    if result.exit_code == 2:
        assert "error" in result.stderr.lower() or result.stderr.startswith("readlog: ")


def test_empty_query_is_a_usage_error(lib: Run) -> None:
    for query in ("", "   ", '""'):
        result = lib("search", query, code=2)
        assert result.stderr.startswith("readlog: ") and len(result.stderr.strip().splitlines()) == 1
    assert lib("search", code=2).stderr.startswith("readlog: ")
    assert lib("list", "--search", " ", code=2).stderr.startswith("readlog: ")


# ---- filters, list --search, sorting, limit ------------------------------------


def test_filters_combine_with_search(lib: Run) -> None:
    ids = ids_by_title(lib)
    lib("read", str(ids[SCHED]), str(ids[INCIDENT]))
    lib("star", str(ids[TXN]), str(ids[SCHED]))
    assert found(lib, "内核", "--unread") == {STORAGE, TXN, BOOK}
    assert found(lib, "内核", "--read") == {SCHED, INCIDENT}
    assert found(lib, "内核", "--starred") == {SCHED, TXN}
    assert found(lib, "内核", "--starred", "--unread") == {TXN}
    assert found(lib, "内核", "--source", "TECH-NOTES") == {SCHED, TXN, BOOK}
    assert found(lib, "内核", "--category", "工程实践") == {INCIDENT}
    assert found(lib, "内核", "--since", "2099-01-05") == {SCHED, TXN}
    assert found(lib, "书", "--source", "Ops Notes") == set()
    assert found(lib, "调度 OR 复盘", "--read", "--source", "Ops Notes") == {INCIDENT}


@pytest.mark.parametrize(
    "query", ["内核", "缓存 -锁", "调度 OR 编译", "书", '"quoted phrase"', "parsers", "内核 文件系统"]
)
def test_list_search_is_the_same_search(lib: Run, query: str) -> None:
    for extra in ((), ("--unread",), ("--limit", "2")):
        assert lib.json("list", "--search", query, *extra) == lib.json("search", query, *extra)


def test_ranking_title_then_verdict_then_the_rest_newest_first(lib: Run) -> None:
    # SCHED: title. STORAGE: verdict only (and older than all the bookmarks).
    # TXN, BOOK: summary only, TXN saved later. INCIDENT: summary only, saved at import (oldest).
    assert titles(lib, "内核") == [SCHED, STORAGE, TXN, BOOK, INCIDENT]
    # A source hit counts like a verdict hit: OCAML's source is Parsers Weekly.
    assert titles(lib, "parsers") == [PARSERS, OCAML]
    assert titles(lib, "缓存") == [COMPILER, TXN]


def test_sort_overrides_relevance(lib: Run) -> None:
    by_title = titles(lib, "内核", "--sort", "title")
    assert sorted(by_title) == by_title and len(by_title) == 5
    by_id = [r["id"] for r in lib.json("search", "内核", "--sort", "id")]
    assert by_id == sorted(by_id, reverse=True)
    by_saved = [r["saved_at"] for r in lib.json("search", "内核", "--sort", "saved")]
    assert by_saved == sorted(by_saved, reverse=True)
    assert lib("search", "内核", "--sort", "nonsense", code=None).exit_code != 0


def test_limit(lib: Run) -> None:
    rows = lib.json("search", "内核", "--limit", "2")
    assert [name(r["title"]) for r in rows] == [SCHED, STORAGE]
    out = lib("search", "内核", "--limit", "2").stdout
    assert "Showing 2 of 5" in out
    assert "Showing 5 of 5" in lib("search", "内核").stdout
    lib("search", "内核", "--limit", "-1", code=2)


# ---- snippets -----------------------------------------------------------------


def test_json_snippet_marks_the_hit(lib: Run) -> None:
    rows = {name(r["title"]): r for r in lib.json("search", "内核")}
    assert rows[SCHED]["snippet"] == "**内核**调度器的新设计"
    assert rows[STORAGE]["snippet"] == "推荐收录，因为对**内核**开发者很有参考价值。"
    assert "**内核**的页缓存" in rows[TXN]["snippet"]
    rows = {name(r["title"]): r for r in lib.json("search", "parsers OR 编译")}
    assert rows[PARSERS]["snippet"] == "Incremental **Parsers** in Practice"
    assert rows[COMPILER]["snippet"].startswith("**编译**器缓存")
    # Exclusions are not hits; list --json without a search has no snippet.
    rows = lib.json("search", "内核 -书")
    assert rows and all("**内核**" in r["snippet"] and "书" not in r["snippet"] for r in rows)
    assert all("snippet" not in r for r in lib.json("list"))


def test_table_has_a_match_column_with_the_hit(lib: Run) -> None:
    out = lib("search", "页缓存").stdout
    header = out.splitlines()[0]
    assert "Match" in header
    assert "页缓存" in out.split("\n", 1)[1]
    assert "Match" not in lib("list").stdout.splitlines()[0]


def test_snippet_text_is_cleaned(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "evil.txt"
    path.write_text("evil\n\nTitle here\n\nbefore \x1b[31mred\x1b[0m secret [bold]word[/bold] after\n\n收藏1 天前\n")
    run("import", str(path))
    out = run("search", "secret").stdout
    assert "\x1b[31m" not in out and "secret" in out
    assert "[bold]word[/bold]" in out  # markup shown as text, not applied
    snippet = run.json("search", "secret")[0]["snippet"]
    assert "**secret** [bold]word[/bold]" in snippet and "\x1b" not in snippet


def test_too_many_words_is_a_usage_error_not_a_library_error(run: Run) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    words = [f"-w{i}" for i in range(199)]
    assert isinstance(run.json("search", "x", *words), list)  # 200 words: still one query SQLite accepts
    result = run("search", "x", *words, "-w199", "-w200", code=2)
    assert result.stderr.strip() == "readlog: the search has 202 words; at most 200 fit in one query"


# ---- any text a script passes as a query ----------------------------------------------


@pytest.fixture(scope="module")
def api_lib(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    import readlog

    lib = readlog.open(tmp_path_factory.mktemp("q") / "q.db")
    lib.import_path(SEARCH / "digest.txt", as_of="2026-12-01")
    yield lib
    lib.close()


def test_a_query_is_looked_for_as_stored_text_is_kept(api_lib) -> None:  # type: ignore[no-untyped-def]
    """Control and invisible characters are dropped from a query as from imported text: a NUL
    (which would end SQLite's string) or a zero-width space finds what the plain word finds."""
    plain = {r.id for r in api_lib.search("内核")}
    assert plain
    for query in ("内核\x00", "内\u200b核", "\x1b[31m内核", '"内核\x00"', "内核\t"):
        assert {r.id for r in api_lib.search(query)} == plain, repr(query)
    with pytest.raises(UsageError):
        api_lib.search("\x00\u200b")


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=20) | st.text('"*()-+:^\x00 内核ORNEAR', max_size=12))
def test_any_query_text_searches_or_is_refused_in_one_line(api_lib, query: str) -> None:  # type: ignore[no-untyped-def]
    import readlog

    try:
        list(api_lib.search(query))
    except readlog.ReadlogError as exc:
        assert str(exc) and "\n" not in str(exc)
