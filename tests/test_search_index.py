"""The search index stays in step with the entries: imports, merges, deletes,
state changes, rebuilds, upgrades; and every substring is found (property)."""

from __future__ import annotations

import functools
import json
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from readlog.model.entry import Entry
from readlog.store import Counts, Filters, Store, migrations, schema
from readlog.store.fold import SPACES, fold, index_text, premap_sql
from readlog.store.migrations import progress as migration_progress
from readlog.store.migrations.m002_search import SPACES as SPACES_V2
from readlog.store.migrations.m008_fold_case_both_sides import PREMAP_V8
from readlog.store.migrations.m011_fold_width_and_joiners import EARLY_V11
from readlog.store.search import parse_query

from conftest import FIXTURES, Run, write
from helpers import connect, examples

SEARCH = FIXTURES / "search"


def store(path: Path, entries: list[Entry]) -> None:
    lib = Store.open(path)
    try:
        with lib.transaction():
            action = lib.start_action("test")
            import_id = lib.begin_import("test", "", "test", "", action)
            lib.upsert(entries, import_id, action, Counts())
    finally:
        lib.close()


def fts_hits(path: Path, phrase: str) -> int:
    conn = connect(path)
    try:
        sql = "SELECT count(*) FROM entries_fts WHERE entries_fts MATCH ?"
        return int(conn.execute(sql, ('"' + phrase + '"',)).fetchone()[0])
    finally:
        conn.close()


def index_data(path: Path) -> list[tuple[Any, ...]]:
    conn = connect(path)
    try:
        return conn.execute("SELECT id, block FROM entries_fts_data ORDER BY id").fetchall()
    finally:
        conn.close()


def ids(run: Run, *query: str) -> set[int]:
    return {r["id"] for r in run.json("search", *query, "--limit", "0")}


def test_merge_on_reimport_updates_the_index(run: Run, library: Path) -> None:
    url = "https://example.org/post"
    store(library, [Entry(title="旧标题", url=url, source="s")])
    assert ids(run, "旧标题") == {1}
    assert ids(run, "补充摘要") == set()
    store(library, [Entry(title="旧标题", url=url, source="s", summary="后来补充摘要：内存分配器")])
    assert ids(run, "补充摘要") == ids(run, "分配") == {1}
    assert fts_hits(library, "内存分配器") == 1


def test_delete_removes_from_the_index(run: Run, library: Path) -> None:
    run("import", str(SEARCH / "bookmarks.txt"))
    before = ids(run, "内核")
    assert len(before) == 3
    gone = min(before)
    conn = connect(library)
    with conn:
        conn.execute("DELETE FROM entries WHERE id = ?", (gone,))
    conn.close()
    assert ids(run, "内核") == before - {gone}
    assert ids(run, "调度器的新设计") == set()
    assert fts_hits(library, "调度器的新设计") == 0


def test_star_and_read_leave_the_index_alone(run: Run, library: Path) -> None:
    run("import", str(SEARCH / "bookmarks.txt"))
    data = index_data(library)
    found = ids(run, "内核")
    run("star", "1-6")
    run("read", "1-3")
    run("unread", "2")
    assert index_data(library) == data  # not a byte of the index was rewritten
    assert ids(run, "内核") == found
    assert ids(run, "内核", "--starred", "--read") == found & {1, 3}


def test_rebuild_restores_a_lost_index(run: Run, library: Path) -> None:
    run("import", str(SEARCH / "bookmarks.txt"))
    found = ids(run, "内核")
    conn = connect(library)
    with conn:
        conn.execute("INSERT INTO entries_fts(entries_fts) VALUES ('delete-all')")
    conn.close()
    assert ids(run, "内核") == set()
    assert "6 entries" in run("search", "--rebuild").stdout
    assert ids(run, "内核") == found
    assert ids(run, "书") == ids(run, "一本关于")
    result = run("search", "--rebuild", "内核", "--json")
    assert {r["id"] for r in __import__("json").loads(result.stdout[result.stdout.index("[") :])} == found


def test_import_indexes_only_the_new_entries(run: Run, library: Path, tmp_path: Path) -> None:
    old = [Entry(title=f"旧文章{i}", summary=f"内容 {i} 编译器", source="s") for i in range(300)]
    store(library, old)
    statements: list[str] = []
    real_connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = real_connect(*args, **kwargs)
        conn.set_trace_callback(statements.append)
        return conn

    def no_rebuild(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("an import must not rebuild the index")

    lines = [f"技术文章 New Source 2026-10-{i % 28 + 1:02d}\n新文章{i}讨论内核调度。\n推荐收录。" for i in range(50)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite3, "connect", traced)
        patch.setattr(schema, "rebuild_index", no_rebuild)
        run("import", "--format", "digest", str(write(tmp_path / "new.txt", "\n".join(lines) + "\n")))
    text = "\n".join(statements)
    assert "delete-all" not in text and "'rebuild'" not in text
    # the new entries are indexed in one statement per batch, by their id range: never the old ones
    ranges = [s for s in statements if "INSERT INTO entries_fts" in s and "FROM entries" in s]
    assert ranges and all(
        re.search(r"WHERE id BETWEEN 3(0[1-9]|[1-4]\d|50) AND 3(0[1-9]|[1-4]\d|50)$", s) for s in ranges
    )
    conn = real_connect(library)
    assert conn.execute("SELECT count(*) FROM entries_fts_docsize").fetchone()[0] == 350
    conn.close()
    assert len(ids(run, "内核调度")) == 50 and len(ids(run, "编译器")) == 300


def test_upgrade_from_core_builds_the_index(run: Run, library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlite_utils import Database

    library.parent.mkdir(parents=True, exist_ok=True)
    db = Database(library)
    assert migrations.migrate(db, upto=1) == 1
    assert "entries_fts" not in db.table_names()
    row = {"saved_at": "2026-01-01T00:00:00+00:00", "imported_at": "2026-01-01", "updated_at": "2026-01-01"}
    for i, (title, summary) in enumerate([("老库里的文章", "讨论内核\n\n调度"), ("Old Parsers", "tags and text")]):
        db["entries"].insert({**row, "fingerprint": f"f{i}", "title": title, "summary": summary})
    db.conn.close()
    result = run("search", "内核")
    assert "upgrading the library from schema 1" in result.stderr
    assert "老库里的文章" in result.stdout
    assert ids(run, "parsers") == {2}
    assert ids(run, '"内核 调度"') == {1}  # the phrase matches across the blank line
    assert list(library.parent.glob("*.v1-backup-*"))


def test_upgrade_shows_progress_for_a_large_library(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlib import contextmanager

    from sqlite_utils import Database

    library.parent.mkdir(parents=True, exist_ok=True)
    db = Database(library)
    migrations.migrate(db, upto=1)
    row = {"saved_at": "2026-01-01T00:00:00+00:00", "imported_at": "2026-01-01", "updated_at": "2026-01-01"}
    db["entries"].insert_all({**row, "fingerprint": f"f{i}", "title": f"标题{i}"} for i in range(25))
    db.conn.close()
    monkeypatch.setattr(migration_progress, "REBUILD_CHUNK", 10)
    seen: list[tuple[str, int | None]] = []
    updates: list[int] = []

    class Bar:
        def update(self, done: int, entries: int) -> None:
            updates.append(done)

    @contextmanager
    def progress(label: str, total: int | None) -> Iterator[Bar]:
        seen.append((label, total))
        yield Bar()

    lib = Store.open(library, progress=progress)
    try:
        # built by m002, then again with the article text column by m004
        assert seen == [("building the search index", 25)] * 2
        assert updates == [10, 20, 25] * 2
        got = lib.select(Filters(query=parse_query("标题2")), limit=0)
        assert {r["title"] for r in got} == {"标题2", *(f"标题{i}" for i in range(20, 25))}
    finally:
        lib.close()


# ---- property: every substring is found ------------------------------------------

ALPHABET = st.sampled_from(
    list("内核调度编译器缓存数据库事务解析的了是在一") + list("abcXYZqrs019") + list(" \n,.:;!?()*^\"'-_%[]{}，。：“”")
)
TEXT = st.text(ALPHABET, min_size=2, max_size=60)


def as_query(sub: str) -> str:
    """The substring as a user would type it: bare when that is unambiguous."""
    bare_ok = not any(c.isspace() for c in sub) and sub[0] not in '-"' and sub != "OR"
    return sub if bare_ok else '"' + sub.replace('"', '""') + '"'


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(summaries=st.lists(TEXT, min_size=1, max_size=4), data=st.data())
def test_every_substring_is_found(scratch: Path, summaries: list[str], data: st.DataObject) -> None:
    path = scratch / f"p{data.draw(st.integers(0, 10**12))}.db"
    entries = [Entry(title=f"t{i}", source="src", summary=s) for i, s in enumerate(summaries)]
    store(path, entries)
    lib = Store.open(path)
    try:
        for _ in range(5):
            which = data.draw(st.integers(0, len(summaries) - 1))
            flat = " ".join(summaries[which].split())
            if len(flat) < 2:
                continue
            start = data.draw(st.integers(0, len(flat) - 2))
            size = data.draw(st.integers(2, min(6, len(flat) - start)))
            sub = flat[start : start + size].strip()
            if len(sub) < 2:
                continue
            for query in {as_query(sub), '"' + sub.replace('"', '""') + '"'}:
                rows = lib.select(Filters(query=parse_query(query)), limit=0)
                assert f"t{which}" in {r["title"] for r in rows}, (query, summaries[which])
                for r in rows:  # and nothing that lacks it
                    text = " ".join(summaries[int(r["title"][1:])].split()).lower()
                    assert sub.lower() in text or sub.lower() in r["title"] + " src", (query, r)
    finally:
        lib.close()
        path.unlink()


# ---- m006: the whitespace folding runs only on the values it changes --------------------------------

LIBRARIES = FIXTURES / "libraries"


def folded_v2(expr: str) -> str:
    """What m002 and m004 fed the index for ``expr``: every value through the whole folding."""
    for ch in SPACES_V2[1:]:
        expr = f"replace({expr}, char({ord(ch)}), ' ')"
    for _ in range(6):
        expr = f"replace({expr}, '  ', ' ')"
    return f"{expr} || ' '"


def test_the_old_expression_is_what_schema_5_shipped() -> None:
    conn = connect(LIBRARIES / "v5.db")
    try:
        (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'entries_fts_ai'").fetchone()
    finally:
        conn.close()
    for column in schema.FTS_COLUMNS:
        plain = f"new.{column}"
        assert folded_v2(schema.TAGS_TEXT.format(t=plain) if column == "tags" else plain) in sql, column


# Every character the folding treats, runs of them, a NUL, CJK, quotes and escapes for the JSON,
# the characters the case folding replaces, and now and then any other character.
# And full width (a Chinese sentence's comma among it) and the joiners, which the index folds since schema 11.
WIDE = ["Ａ", "ｚ", "１", "＋", "，", "\u200c", "\u200d", "Ｉ\u0307"]
PIECES = st.sampled_from(
    [
        *SPACES,
        " " * 40,
        "\x00",
        "\u3000\u3000",
        "调度",
        "a",
        "\\",
        '"',
        "[",
        "]",
        "İ",
        "ß",
        "i\u0307",
        "ﬁ",
        "ΐ",
        *WIDE,
    ]
)
PLAIN = st.lists(st.one_of(PIECES, PIECES, st.characters(blacklist_categories=("Cs",))), max_size=30).map("".join)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | PLAIN,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(PLAIN, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def stored(draw: st.DrawFn, text: st.SearchStrategy[str]) -> tuple[str, object]:
    """A value as SQLite may hold it: text, NULL, a blob, or bytes that are not UTF-8 stored as text."""
    kind = draw(st.sampled_from(["text", "text", "text", "null", "blob", "bytes-as-text"]))
    if kind == "text":
        return kind, draw(text)
    if kind == "null":
        return kind, None
    raw = draw(st.lists(st.sampled_from(list(b'\x00\t\n\x0b\x0c\r a\xc2\xa0\xe3\x80\xff[]"')), max_size=12))
    return kind, bytes(raw)


def tag_lists(ascii_only: bool) -> st.SearchStrategy[str]:
    return st.lists(PLAIN, max_size=4).map(lambda tags: json.dumps(tags, ensure_ascii=ascii_only))


# Tags as readlog writes them (a JSON list of strings), any JSON, and text that is not JSON.
TAGS = st.one_of(st.just("[]"), tag_lists(True), tag_lists(False), JSON.map(json.dumps), PLAIN)


@pytest.fixture(scope="module")
def values_table() -> Iterator[sqlite3.Connection]:
    conn = connect(":memory:")  # with the function the triggers call
    conn.text_factory = bytes  # compare bytes, whatever they are
    conn.execute("CREATE TABLE entries (title TEXT, tags TEXT)")  # the affinity of the real columns
    yield conn
    conn.close()


def through(conn: sqlite3.Connection, first: str, steps: list[str]) -> tuple[object, ...]:
    """(type, value) of ``first`` (an expression on the one row of entries) with each of
    ``steps`` (an expression on ``x``) applied in turn, each in a stage of its own (a common
    table expression: the whole chain in one expression, or nested, overflows SQLite's
    parser), the value kept as SQLite has it."""
    stages = [f"s0 AS (SELECT {first} AS x FROM entries)"]
    stages += [f"s{n} AS (SELECT {expr} AS x FROM s{n - 1})" for n, expr in enumerate(steps, 1)]
    sql = f"WITH {', '.join(stages)} SELECT typeof(x), x FROM s{len(steps)}"
    row: tuple[object, ...] = conn.execute(sql).fetchone()
    return row


def fed_then_and_now(conn: sqlite3.Connection, column: str, kind: str, value: object) -> tuple[object, ...]:
    """What the index is fed for ``value``: by the rules schemas 11 and 12 fed it with
    (m011's EARLY_V11 and m008's PREMAP_V8 applied to every value, then m002's whitespace
    folding, in SQL), and by the triggers of the live schema (fold.index_text, through
    schema.indexed): (type then, bytes then, type now, bytes now)."""
    conn.execute("DELETE FROM entries")
    placeholder = "CAST(? AS TEXT)" if kind == "bytes-as-text" else "?"
    conn.execute(f"INSERT INTO entries ({column}) VALUES ({placeholder})", (value,))
    e = f"entries.{column}"
    then = through(conn, schema.TAGS_TEXT.format(t=e) if column == "tags" else e, frozen_stages())
    now = conn.execute(f"SELECT typeof(x), x FROM (SELECT {schema.indexed('entries', column)} AS x FROM entries)")
    return (*then, *now.fetchone())


def same_bytes(fed: tuple[object, ...]) -> bool:
    """Whether the index was fed the same bytes then and now, as text where they are UTF-8
    (bytes that are not come back as a blob: FTS5 reads the two alike)."""
    then_type, then, now_type, now = fed  # the types as bytes too (the table's text_factory)
    if then != now:
        return False
    if isinstance(now, bytes) and now_type == b"blob":
        try:
            now.decode()
        except UnicodeDecodeError:
            return then_type == b"text"
        return False
    return then_type == now_type


@functools.cache
def frozen_stages() -> list[str]:
    """The rules of schema 11 on ``x``, in turn: twenty at a time, then m002's whitespace folding."""
    rules = (*EARLY_V11, *PREMAP_V8)
    return [*(premap_sql("x", rules[start : start + 20]) for start in range(0, len(rules), 20)), folded_v2("x")]


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=stored(PLAIN))
def test_the_index_is_fed_what_schema_11_fed_it_for_a_column(
    values_table: sqlite3.Connection, value: tuple[str, object]
) -> None:
    assert same_bytes(fed_then_and_now(values_table, "title", *value)), value


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=stored(TAGS))
def test_the_index_is_fed_what_schema_11_fed_it_for_tags(
    values_table: sqlite3.Connection, value: tuple[str, object]
) -> None:
    assert same_bytes(fed_then_and_now(values_table, "tags", *value)), value


def test_the_index_is_fed_what_schema_11_fed_it_in_the_hard_cases(values_table: sqlite3.Connection) -> None:
    """Found while writing m006: GLOB stops at a NUL and (in Debian's SQLite) never matches a blob,
    and a NBSP in broken UTF-8 is not the character GLOB decodes. And a rule's bytes in bytes that
    are not UTF-8, a number, and a run of spaces longer than the folding's 64."""
    cases = [
        ("text", "a\x00b\tc"),
        ("text", "\x00  x"),
        ("blob", b"a\tb"),
        ("blob", b"a  b"),
        ("blob", "Ｒｕｓｔ\u200d".encode()),
        ("bytes-as-text", b"\xc2\xa0\xa0x"),
        ("bytes-as-text", b"\xe3\x80\x80\x80 y"),
        ("bytes-as-text", b"\xff\xef\xbc\xa1\xc3\x9f\t\t"),
        ("text", ""),
        ("null", None),
        ("int", 12),
        ("real", 1.5),
        ("text", " "),
        ("text", " " * 65 + "\u3000" * 2),
        ("text", "Ｉ\u0307 ＳＴＲＡẞＥ ｒｕｓｔ\u200c"),
    ]
    for column in ("title", "tags"):
        for kind, value in cases:
            assert same_bytes(fed_then_and_now(values_table, column, kind, value)), (column, kind, value)
    for tags in ['["a", "", "b"]', '[" a", "b "]', '["a\\tb", "c\\u00a0d"]', "[]", "{}", "[null]", '"  x"', "[1,"]:
        assert same_bytes(fed_then_and_now(values_table, "tags", "text", tags)), tags


def test_the_fold_the_index_is_fed_through_is_the_one_searches_use() -> None:
    """fold.index_text and the queries' fold.fold agree on case (FTS5 folds the rest)."""
    for text in ["Ｒｕｓｔ", "İstanbul", "STRASSE", "Straße", "ﬁle", "می\u200cخواهم", "ΐ", "内核\u3000调度"]:
        fed = index_text(text.encode())
        assert isinstance(fed, str)
        assert fold(fed) == fold(" ".join(text.split())) + " "


def index_content(conn: sqlite3.Connection) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every term instance the index holds (term, row, column, offset) and each row's token counts."""
    conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_instances USING fts5vocab(main, entries_fts, 'instance')")
    instances = conn.execute("SELECT term, doc, col, offset FROM temp.fts_instances ORDER BY 1, 2, 3, 4").fetchall()
    sizes = conn.execute("SELECT id, sz FROM entries_fts_docsize ORDER BY id").fetchall()
    return instances, sizes


def index_problems(conn: sqlite3.Connection) -> list[str]:
    """How the index differs from one built afresh from the entries (FTS5's own integrity-check
    does not compare an external-content index with its content); [] when it does not."""
    problems = []
    try:
        conn.execute("INSERT INTO entries_fts(entries_fts) VALUES ('integrity-check')")
    except sqlite3.DatabaseError as exc:
        problems.append(f"integrity-check: {exc}")
    kept = index_content(conn)
    conn.execute("SAVEPOINT fresh")
    schema.rebuild_index(conn)
    fresh = index_content(conn)
    conn.execute("ROLLBACK TO fresh")
    conn.execute("RELEASE fresh")
    if kept[1] != fresh[1]:
        problems.append(f"token counts differ: {sorted(set(kept[1]) ^ set(fresh[1]))[:4]}")
    if kept[0] != fresh[0]:
        problems.append(f"terms differ: {sorted(set(kept[0]) ^ set(fresh[0]))[:4]}")
    return problems


def test_index_stays_exact_through_the_new_triggers_on_an_upgraded_library(run: Run, library: Path) -> None:
    library.parent.mkdir(parents=True)
    shutil.copyfile(LIBRARIES / "v5.db", library)
    result = run("import", str(SEARCH / "bookmarks.txt"))
    assert f"from schema 5 to {migrations.LATEST}" in result.stderr
    conn = connect(library, isolation_level=None)
    try:
        assert index_problems(conn) == []
        kernel = ids(run, "内核调度器")
        assert len(kernel) == 1
        (entry,) = kernel
        edits = [
            ("title", "内核\n\n调度器  的\u3000新设计\t(第二版)\xa0 "),
            ("summary", "一\r\n行\x0b又\x0c一行" + " " * 70 + "尾"),
            ("tags", json.dumps(["os\tkernel", " 调度 ", "", "a  b"], ensure_ascii=True)),
            ("note", "笔记\t第二节  重读\x00"),
        ]
        for column, value in edits:  # through entries_fts_au, old and new text both folded
            conn.execute(f"UPDATE entries SET {column} = ? WHERE id = ?", (value, entry))
            assert index_problems(conn) == [], column
        assert ids(run, '"内核 调度器 的 新设计 (第二版)"') == {entry}  # across the blank line and the spaces
        assert ids(run, '"os kernel 调度"') == {entry}
        run("rm", str(entry), "2")  # to the trash: entries_fts_ad
        assert index_problems(conn) == []
        assert ids(run, "内核调度器") == set()
        run("restore", str(entry))  # back: entries_fts_ai
        assert index_problems(conn) == []
        assert ids(run, '"内核 调度器 的 新设计"') == {entry}
        conn.execute("DELETE FROM entries WHERE id = 1")
        assert index_problems(conn) == []
        # and the check does notice an index that has drifted from its entries
        conn.execute("DROP TRIGGER entries_fts_ad")
        conn.execute("DELETE FROM entries WHERE id = ?", (entry,))
        assert index_problems(conn)
    finally:
        conn.close()


def test_schema_13_takes_out_of_the_index_exactly_what_schema_12_put_in(tmp_path: Path) -> None:
    """m013 indexes nothing again. Values that need every kind of folding, written while schema 12's
    stages fed the index (text with NUL, a blob, bytes that are not UTF-8 among them): once upgraded,
    the index is what the live code builds from them, and the new triggers take out exactly what the
    old ones put in, so that deleting every entry leaves the index empty."""
    path = tmp_path / "lib.db"
    shutil.copyfile(LIBRARIES / "v12.db", path)
    values: list[tuple[str, object]] = [
        ("text", "Ｒｕｓｔ\u3000入门\t\tİstanbul  Straße ﬁle ΐ"),
        ("text", "می\u200cخواهم 👨\u200d👩\u200d👧 内核，调度" + " " * 70 + "尾"),
        ("text", "a\x00b\r\nc\xa0d"),
        ("blob", "Ｋｅｒｎｅｌ\t調度".encode()),
        ("bytes-as-text", b"\xff\xef\xbc\xa1\xc3\x9f\t\t\xc2\xa0 z"),
        ("text", "plain words"),
    ]
    tags = json.dumps(["ｔａｇ", "a\tb", "ß"], ensure_ascii=False)
    old = sqlite3.connect(path, isolation_level=None)  # schema 12: its triggers need no function
    try:
        for i, (kind, value) in enumerate(values):
            title = "CAST(? AS TEXT)" if kind == "bytes-as-text" else "?"
            old.execute(
                "INSERT INTO entries (fingerprint, title, summary, tags, saved_at, imported_at, updated_at) "
                f"VALUES (?, {title}, ?, ?, 't', 't', 't')",
                (f"f{i}", value, value if kind == "text" else "", tags),
            )
    finally:
        old.close()
    Store.open(path, notice=lambda _: None).close()  # the upgrade to schema 13
    conn = connect(path, isolation_level=None)
    conn.text_factory = lambda raw: raw.decode("utf-8", "replace")  # as readlog reads text
    try:
        assert index_problems(conn) == []  # what schema 12 fed the index is what the live code feeds it
        conn.execute("UPDATE entries SET note = 'n' || id, title = title")  # each row out and in again
        assert index_problems(conn) == []
        conn.execute("DELETE FROM entries")
        assert conn.execute("SELECT count(*) FROM temp.fts_instances").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM entries_fts_docsize").fetchone() == (0,)
    finally:
        conn.close()
