"""The schema's history and the live schema agree: every released schema upgrades to
exactly the schema of a new library, a new library is exactly what the migrations build
from nothing, the live code's search expressions are the ones the triggers hold, and a
migration never reaches into the live store (so editing it cannot change an old migration)."""

from __future__ import annotations

import ast
import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from readlog.store import Store, schema
from readlog.store.common import INDEX_FUNCTION
from readlog.store.migrations import APPLICATION_ID, LATEST, NAMES, functions, migrate

from conftest import FIXTURES, ROOT, Run
from helpers import connect

LIBRARIES = FIXTURES / "libraries"
MIGRATIONS_DIR = ROOT / "readlog" / "store" / "migrations"
Schema = tuple[int, list[tuple[str, str, str, str]], int]  # user_version, objects, application_id


def normalised(sql: str | None) -> str:
    """SQL as SQLite keeps it, with whitespace runs made one space (ALTER TABLE and
    CREATE TABLE write the same columns with different spacing)."""
    return re.sub(r"\s+", " ", sql or "").replace("( ", "(").replace(" )", ")").strip()


def schema_of(path: Path) -> Schema:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name"
        ).fetchall()
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        mark = conn.execute("PRAGMA application_id").fetchone()[0]
    finally:
        conn.close()
    return version, [(t, n, tbl, normalised(sql)) for t, n, tbl, sql in rows], mark


def new_library(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    Store.open(folder / "new.db").close()
    return folder / "new.db"


@pytest.mark.parametrize("version", range(1, LATEST + 1))
def test_a_library_of_every_released_schema_upgrades_to_the_schema_of_a_new_one(tmp_path: Path, version: int) -> None:
    old = tmp_path / "old" / "readlog.db"
    old.parent.mkdir()
    shutil.copyfile(LIBRARIES / f"v{version}.db", old)
    assert schema_of(old)[0] == version
    Store.open(old, notice=lambda _: None).close()  # the upgrade every user gets
    fresh, upgraded = schema_of(new_library(tmp_path / "new")), schema_of(old)
    assert fresh[0] == upgraded[0] == LATEST
    assert fresh[2] == upgraded[2] == APPLICATION_ID
    assert {r[0] for r in fresh[1]} >= {"table", "index", "trigger"}
    assert upgraded == fresh


def test_a_new_library_is_what_the_migrations_build_from_nothing(tmp_path: Path) -> None:
    from sqlite_utils import Database

    bare = tmp_path / "bare.db"
    conn = sqlite3.connect(bare, isolation_level=None)
    assert migrate(Database(conn)) == LATEST == len(NAMES) == len(functions())
    conn.close()
    assert schema_of(new_library(tmp_path / "lib")) == schema_of(bare)


def _contents(conn: sqlite3.Connection) -> list[object]:
    """Every schema object in order, every row of every table (but when each
    migration ran), and the header's marks."""
    objects = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").fetchall()
    rows: list[object] = [objects]
    for type_, name, _, sql in objects:
        if type_ == "table" and not (sql or "").upper().startswith("CREATE VIRTUAL"):
            columns = "id, migration_set, name" if name == "_sqlite_migrations" else "*"
            rows.append((name, sorted(conn.execute(f'SELECT {columns} FROM "{name}"').fetchall())))
    rows += [conn.execute(f"PRAGMA {p}").fetchone() for p in ("user_version", "application_id", "page_size")]
    return rows


def test_the_statements_of_a_new_library_are_what_the_migrations_build() -> None:
    """store/empty.py holds the migrations' result as statements (python -m
    readlog.store.empty writes them out): a library made from them is the one
    the migrations build from nothing, object for object and row for row."""
    from sqlite_utils import Database

    from readlog.store import empty

    built = sqlite3.connect(":memory:", isolation_level=None)
    migrate(Database(built))
    statements, applied = empty.script_of(built)
    assert (empty.VERSION, list(empty.STATEMENTS), list(empty.APPLIED)) == (LATEST, statements, applied)
    made = sqlite3.connect(":memory:", isolation_level=None)
    empty.make(made)
    assert _contents(made) == _contents(built)
    assert len({r[0] for r in made.execute("SELECT applied_at FROM _sqlite_migrations")}) == 1


@pytest.mark.parametrize("version", [LATEST, LATEST - 1, 1])
def test_db_check_holds_a_library_to_what_the_migrations_build_for_its_schema(version: int) -> None:
    """``db check`` compares a library's schema with expected_schema(its version), which
    takes the statements of store/empty.py for the current schema and replays the
    migrations for an older one: either way, what the migrations build."""
    from sqlite_utils import Database

    from readlog.store import files

    built = sqlite3.connect(":memory:", isolation_level=None)
    migrate(Database(built), upto=version)
    files.expected_schema.cache_clear()
    assert dict(files.expected_schema(version)) == files.schema_of(built)
    assert files.expected_schema(version) is files.expected_schema(version)  # made once per process


def test_a_library_is_made_by_the_migrations_when_the_statements_lag_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from readlog.store import empty, library

    current = schema_of(new_library(tmp_path / "current"))
    monkeypatch.setattr(empty, "VERSION", LATEST - 1)
    monkeypatch.setattr(empty, "make", None)  # not called
    monkeypatch.setattr(library, "_TEMPLATES", {})
    assert schema_of(new_library(tmp_path / "lagging")) == current


def test_new_libraries_copied_in_one_process_are_new_and_apart(tmp_path: Path) -> None:
    """A process makes its new libraries by copying one the migrations made (store/library.py):
    each copy is a whole new library, the same as one migrated in place, and they share nothing."""
    from readlog.store import library

    first, second = new_library(tmp_path / "a"), new_library(tmp_path / "b")
    in_place = tmp_path / "c" / "new.db"
    in_place.parent.mkdir()
    with pytest.MonkeyPatch.context() as patch:  # a file system that cannot link: made in place
        patch.setattr(library.os, "link", lambda *_: (_ for _ in ()).throw(OSError("no links here")))
        Store.open(in_place).close()
    assert schema_of(first) == schema_of(second) == schema_of(in_place)
    lib = Store.open(first)
    try:
        lib.conn.execute("INSERT INTO view_counts (view, n) VALUES ('copied?', 1)")
    finally:
        lib.close()
    conn = sqlite3.connect(second)
    try:
        assert conn.execute("SELECT count(*) FROM view_counts WHERE view = 'copied?'").fetchone() == (0,)
    finally:
        conn.close()
    assert sorted(p.name for p in (tmp_path / "a").iterdir() if not p.name.startswith("new.db")) == []


def test_a_new_library_never_replaces_a_file_that_appeared_meanwhile(tmp_path: Path) -> None:
    from readlog.store import library

    path = tmp_path / "raced.db"
    path.write_bytes(b"another process's library")  # made between the look and the copy
    library._create_from_template(path)
    assert path.read_bytes() == b"another process's library"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["raced.db"]


def test_the_live_schema_is_the_one_the_migrations_build(tmp_path: Path) -> None:
    """The expressions that imports and rebuilds feed the index with (schema.py) are the
    triggers' own, the index covers schema.FTS_COLUMNS, and the triggers a bulk import
    suspends exist: changing the live schema without a migration fails here."""
    conn = sqlite3.connect(new_library(tmp_path))
    try:
        triggers = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall())
        fts = [r[1] for r in conn.execute("PRAGMA table_info(entries_fts)")]
        columns = {r[1] for r in conn.execute("PRAGMA table_info(entries)")}
        views = {r[0] for r in conn.execute("SELECT view FROM view_counts")}
    finally:
        conn.close()
    assert {name: triggers[name] for name in schema.SEARCH_TRIGGERS} == schema.search_triggers()
    assert set(schema.INSERT_TRIGGERS) <= set(triggers)
    assert fts == list(schema.FTS_COLUMNS)
    assert set(schema.FTS_COLUMNS) <= columns
    assert views == set(schema.VIEW_COUNTS)


def test_the_live_rebuild_gives_the_index_the_migrations_built(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    shutil.copyfile(LIBRARIES / "v1.db", path)
    Store.open(path, notice=lambda _: None).close()  # m002 and m004 built the index
    conn = connect(path, isolation_level=None)
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, entries_fts, 'instance')")
        instances = "SELECT term, doc, col, offset FROM temp.terms ORDER BY 1, 2, 3, 4"
        built = conn.execute(instances).fetchall()
        assert len(built) > 100
        conn.execute("BEGIN")
        schema.rebuild_index(conn)
        assert conn.execute(instances).fetchall() == built
        conn.execute("ROLLBACK")
    finally:
        conn.close()


def readlog_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("readlog"):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("readlog"))
        elif isinstance(node, ast.ImportFrom) and node.level:
            found.add("." * node.level + (node.module or ""))
    return found


def test_a_migration_imports_nothing_from_the_live_store() -> None:
    """Only earlier migrations (frozen too) and, for m005's link keys, the identity rule."""
    modules = sorted(MIGRATIONS_DIR.glob("m0*.py"))
    assert [p.stem for p in modules] == [fn.__name__ for fn in functions()] == list(NAMES)
    for i, path in enumerate(modules):
        allowed = {f"readlog.store.migrations.{p.stem}" for p in modules[:i]} | {"readlog.store.migrations.progress"}
        if path.stem == "m005_identity":
            allowed.add("readlog.model.entry")
        assert readlog_imports(path) <= allowed, path.name
    assert readlog_imports(MIGRATIONS_DIR / "progress.py") == set()


def test_the_schema_every_connection_parses_holds_no_folding(tmp_path: Path) -> None:
    """SQLite parses the whole schema whenever a connection first uses the library (every
    command, every search), and compiles a trigger's program for each statement that fires
    it: the folding that feeds the index is fold.index_text, called by name from the three
    search triggers (schema 13), not a chain of replace() calls in the schema (84 KB of
    schema up to schema 9, 16 KB in schema 12's stages)."""
    conn = sqlite3.connect(new_library(tmp_path))
    try:
        size = conn.execute("SELECT sum(length(sql)) FROM sqlite_master").fetchone()[0]
        triggers = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall())
        views = conn.execute("SELECT name FROM sqlite_master WHERE type = 'view'").fetchall()
    finally:
        conn.close()
    assert not [name for name, sql in triggers.items() if "replace(" in sql]
    for name in schema.SEARCH_TRIGGERS:
        calls = triggers[name].count(f"{INDEX_FUNCTION}(")
        assert calls == len(schema.FTS_COLUMNS) * (2 if name == "entries_fts_au" else 1), name
    assert views == []
    # 9 KB at schema 13; schema 14 added the highlights table and its index (2 KB), 15 and 16 saved
    # views and sync's tables (0.6 KB together), 17 the feeds (0.7 KB), 18 the group counters and
    # their triggers and two indexes (5.5 KB: ~0.4 ms more to open a library)
    assert size < 18_500


def test_schema_10_keeps_the_index_exact_through_its_triggers(tmp_path: Path) -> None:
    """An index built by schema 9 stays exactly what a rebuild makes while entries are
    added, changed (text that needs case and space folding included) and deleted."""
    path = tmp_path / "lib.db"
    shutil.copyfile(LIBRARIES / "v9.db", path)
    Store.open(path, notice=lambda _: None).close()  # the upgrade
    conn = connect(path, isolation_level=None)
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, entries_fts, 'instance')")
        first, last = conn.execute("SELECT min(id), max(id) FROM entries").fetchone()
        conn.execute(
            "UPDATE entries SET title = ?, summary = ?, tags = ? WHERE id = ?",
            ("İSTANBUL  Straße\n\tﬁle", "一\u3000行\xa0内核", '["a\\tb", "ß"]', first),
        )
        conn.execute("UPDATE entries SET note = 'ΐ  x' WHERE id = ?", (last,))
        columns = [r[1] for r in conn.execute("PRAGMA table_info(entries)")]
        copied = ", ".join(c for c in columns if c not in ("id", "fingerprint", "url_key"))
        conn.execute(  # a new entry: entries_fts_ai
            f"INSERT INTO entries (fingerprint, {copied}) SELECT 'f-new', {copied} FROM entries WHERE id = ?", (first,)
        )
        conn.execute("DELETE FROM entries WHERE id = ?", (last,))
        conn.execute("INSERT INTO entries_fts(entries_fts) VALUES ('integrity-check')")  # raises if it drifted
        instances = "SELECT term, doc, col, offset FROM temp.terms ORDER BY 1, 2, 3, 4"
        kept = conn.execute(instances).fetchall()
        folded = {("ss ", first, "tags"), ("ist", first, "title"), ("e f", first, "title"), ("fil", first, "title")}
        assert folded <= {r[:3] for r in kept}
        conn.execute("BEGIN")
        schema.rebuild_index(conn)
        assert conn.execute(instances).fetchall() == kept
        conn.execute("ROLLBACK")
    finally:
        conn.close()


# What readlog up to schema 11 kept as English: each kind of history summary and fetch error.
ENGLISH_SUMMARIES = (
    "3 of 5 changed",
    "note saved",
    "note cleared",
    "note unchanged",
    "2 of 7 matching changed",
    "changed title, url, verdict",
    "4 moved to the trash",
    "2 restored",
    "1 deleted for good",
    "1 added, 0 already saved",
    "12 added, 0 updated, 3 already in the library, 1 skipped",
    "5 fetched, 2 failed (1 dead), 0 skipped",
    "interrupted: 1 fetched, 0 failed (0 dead), 4 skipped",
    "started",
)
ENGLISH_FETCH_ERRORS = (
    "HTTP 404",
    "no such host (or the network is down)",
    "HTTP 429; the site asks to wait 900 s, longer than readlog waits (60 s); try again later",
    "no answer within 10 s (timed out)",
    "the page took longer than 30 s",
    "the page took longer than 30 s to download and read (31.2 s)",
    "too many redirects",
    "cannot look up the host (Temporary failure in name resolution)",
    "connection refused",
    "not a valid web address",
    "redirects to something that is not a web page",
    "redirect loop",
    "more than 10 redirects",
    "not a web page (application/pdf); readlog reads HTML and plain text",
    "the page is compressed in a way readlog cannot read (zstd)",
    "the page is larger than 8 MB",
    "the page is larger than 300,000 bytes",
    "not a web page (the server did not say what it is)",
    "the page's compressed data is damaged",
    "no article text found on the page",
)
# Text no key of schema 11 said: kept and shown as it is.
OUTSIDE = ("[Errno 101] Network is unreachable", "what an older readlog wrote")
# What may stay ASCII in Chinese: numbers, and the words that came from outside readlog.
KEPT_AS_SAID = re.compile(
    r"HTTP|HTML|MB|readlog|\d+(?:\.\d+)?|Temporary failure in name resolution|application/pdf|zstd"
)


def _schema_11_with_english(tmp_path: Path) -> Path:
    path = tmp_path / "lib" / "readlog.db"
    path.parent.mkdir()
    shutil.copyfile(LIBRARIES / "v11.db", path)
    conn = sqlite3.connect(path, isolation_level=None)
    at = "2026-11-20T08:00:00+00:00"
    for n, text in enumerate((*ENGLISH_SUMMARIES, OUTSIDE[1])):
        conn.execute("INSERT INTO actions (at, command, summary) VALUES (?, ?, ?)", (at, f"star {n}", text))
    ids = [r[0] for r in conn.execute("SELECT id FROM entries ORDER BY id")]
    conn.execute("UPDATE entries SET fetched_at = ?, fetch_error = ? WHERE id = ?", (at, OUTSIDE[0], ids[0]))
    conn.close()
    return path


def test_schema_12_keeps_english_summaries_and_fetch_errors_as_meaning(tmp_path: Path) -> None:
    """m012 matches each English text against the templates of schema 11 and keeps the key and
    its fields; said again, the meaning gives the very same English, and Chinese without English
    words; text no key said is kept as text."""
    from readlog.model.messages import kept, shown
    from readlog.store.migrations.m012_messages_kept_as_meaning import _fetch_error, _stored, _summary

    for english in ENGLISH_SUMMARIES:
        meaning = _stored(_summary(english))
        assert not isinstance(kept(meaning), str), english
        assert shown(meaning) == english
        chinese = shown(meaning, "zh")
        assert not re.search("[A-Za-z]", KEPT_AS_SAID.sub("", chinese)), chinese
    for english in ENGLISH_FETCH_ERRORS:
        meaning = _stored(_fetch_error(english))
        assert not isinstance(kept(meaning), str), english
        assert shown(meaning) == english
        chinese = shown(meaning, "zh")
        assert not re.search("[A-Za-z]", KEPT_AS_SAID.sub("", chinese)), chinese
    for english in OUTSIDE:
        assert (_stored(_summary(english)), _stored(_fetch_error(english))) == (_stored(english),) * 2
        assert shown(_stored(english), "zh") == english
    said = json.loads(_stored(_fetch_error(ENGLISH_FETCH_ERRORS[2])))
    assert said["key"] == "fetch_then"
    assert said["params"]["first"] == {"key": "fetch_http_status", "params": {"status": 429}}
    size = json.loads(_stored(_fetch_error("the page is larger than 300,000 bytes")))["params"]["size"]
    assert size == {"key": "fetch_size_bytes", "params": {"n": 300000}}
    assert shown(_stored(_fetch_error("the page is larger than 300,000 bytes")), "zh") == "网页大于 300,000 字节"
    assert json.loads(_stored(_summary("changed title, url, verdict")))["params"]["fields"][2] == {
        "key": "label_hit_verdict",
        "params": {},
    }


def test_a_library_upgraded_to_schema_12_says_its_history_and_fetch_errors_in_either_language(
    run: Run, tmp_path: Path
) -> None:
    path = _schema_11_with_english(tmp_path)
    Store.open(path, notice=lambda _: None).close()
    conn = sqlite3.connect(path)
    summaries = [r[0] for r in conn.execute("SELECT summary FROM actions ORDER BY id")]
    [error] = [r[0] for r in conn.execute("SELECT fetch_error FROM entries WHERE fetch_error != ''")]
    conn.close()
    assert all(json.loads(s) for s in summaries) and json.loads(error) == {"text": OUTSIDE[0]}
    listed = json.loads(run("--db", str(path), "history", "--limit", "0", "--json").stdout)
    assert [r["summary"] for r in listed][: len(ENGLISH_SUMMARIES) + 1][::-1] == [*ENGLISH_SUMMARIES, OUTSIDE[1]]
    english = run("--db", str(path), "history", "--limit", "0").stdout
    chinese = run("--db", str(path), "--lang", "zh", "history", "--limit", "0").stdout
    assert "12 added, 0 updated, 3 already in the library, 1 skipped" in english
    assert "新增 12 条，更新 0 条，3 条已在书库中，跳过 1 条" in chinese and "already" not in chinese
    assert "已中断：抓取 1 篇，失败 0 篇（失效 0 篇），跳过 4 篇" in chinese
    assert OUTSIDE[1] in chinese  # said as it was written
