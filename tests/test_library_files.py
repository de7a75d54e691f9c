"""Which files readlog takes for its library, and what it says about the rest (issue 25, items 2, 3, 7).

* readlog knows its library by its own mark (PRAGMA application_id): another
  application's database, even one that looks like a readlog library (a
  ``_sqlite_migrations`` table, a ``user_version``, only a view), is refused
  in one line naming it, left byte for byte as it was with nothing new beside
  it; a library is made only in a new or empty file; libraries made before
  the mark open, upgrade and get it.
* One row whose text is not UTF-8 does not hide the rest: every read path
  shows it with replacement characters, and ``db check`` names it.
* Every way a library can be unreadable ends in one line naming the file and
  saying what to do, on every command, ``db check`` included.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

import readlog
from readlog.store import migrations

from conftest import FIXTURES, Run, write
from helpers import READLOG, as_nobody, child_env, connect

LIBRARIES = FIXTURES / "libraries"
MARK = 0x524C4F47  # b"RLOG"
DIGEST = """\
技术文章 Example Systems Blog 2026/10/02
作者介绍了一个内核调度器的新实验。
推荐收录，因为数据充分。
工程实践 Phil Example 2026/10/05
文章讲解如何用 SQLite 的 FTS5 做中文检索。
推荐收录，因为给出了查询写法。
"""
# Every command a user may run on a library, reading and writing, the overview (no command) included.
COMMANDS: list[tuple[str, ...]] = [
    (),
    ("list",),
    ("list", "--json"),
    ("show", "1"),
    ("search", "x"),
    ("star", "1"),
    ("stats",),
    ("export",),
    ("backup",),
    ("db", "check"),
]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sqlite(path: Path, *statements: str, wal: bool = False) -> Path:
    """``statements`` run on the library at ``path`` (with the function the search index's
    triggers call, as another program using readlog's store would have it)."""
    conn = connect(path, isolation_level=None)
    try:
        if wal:
            conn.execute("PRAGMA journal_mode=WAL")
        for sql in statements:
            conn.execute(sql)
    finally:
        conn.close()
    return path


def pragma(path: Path, name: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute(f"PRAGMA {name}").fetchone()[0])
    finally:
        conn.close()


def make_library(run: Run, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    run("--db", str(path), "import", str(write(path.parent / "digest.txt", DIGEST)))
    return path


def assert_one_line_naming(result: object, path: Path, args: tuple[str, ...]) -> None:
    stderr, output = result.stderr, result.output  # type: ignore[attr-defined]
    assert result.exit_code == 1, (args, output)  # type: ignore[attr-defined]
    assert "Traceback" not in output, (args, output)
    assert len(stderr.strip().splitlines()) == 1, (args, stderr)
    assert str(path) in stderr, (args, stderr)


# ---- another application's database is not taken over (item 2) --------------------------------------------


def _foreign(kind: str, folder: Path) -> Path:
    path = folder / f"{kind}.db"
    if kind == "sqlite-utils-tool":  # another tool's migrations, in WAL mode as sqlite-utils tools leave it
        sqlite(
            path,
            'CREATE TABLE "_sqlite_migrations" ("id" INTEGER PRIMARY KEY, "migration_set" TEXT, "name" TEXT, '
            '"applied_at" TEXT)',
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('notes', 'm001_initial', 'x')",
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)",
            "INSERT INTO notes (body) VALUES ('mine')",
            wal=True,
        )
    elif kind == "user-version":  # another app counts its schema in user_version
        sqlite(path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)", "PRAGMA user_version = 1")
    elif kind == "user-version-no-tables":
        sqlite(path, "PRAGMA user_version = 3")
    elif kind == "only-a-view":
        sqlite(path, "CREATE VIEW answer AS SELECT 42 AS n")
    elif kind == "entries-table":  # a table of readlog's name, without readlog's migrations
        sqlite(path, "CREATE TABLE entries (id INTEGER PRIMARY KEY, title TEXT)", "PRAGMA user_version = 6")
    elif kind == "other-application-id":
        sqlite(path, "PRAGMA application_id = 1234", "CREATE TABLE t (x)", wal=True)
    elif kind == "marked-but-empty-otherwise":  # an empty database another app has claimed
        sqlite(path, "PRAGMA application_id = 1234")
    elif kind == "readlog-migrations-of-another-version":  # schema 3 says user_version, migrations say 2
        shutil.copyfile(LIBRARIES / "v3.db", path)
        sqlite(path, "DELETE FROM _sqlite_migrations WHERE name = 'm003_events'", "VACUUM")
    else:
        raise AssertionError(kind)
    return path


FOREIGN = [
    "sqlite-utils-tool",
    "user-version",
    "user-version-no-tables",
    "only-a-view",
    "entries-table",
    "other-application-id",
    "marked-but-empty-otherwise",
    "readlog-migrations-of-another-version",
]


@pytest.mark.parametrize("kind", FOREIGN)
def test_another_applications_database_is_refused_and_left_as_it_was(run: Run, tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    path = _foreign(kind, folder)
    before, siblings = digest(path), sorted(p.name for p in folder.iterdir())
    for args in [*COMMANDS, ("import", str(write(tmp_path / "in.txt", DIGEST)))]:
        result = run("--db", str(path), *args, code=None)
        assert_one_line_naming(result, path, args)
        assert "not a readlog library" in result.stderr, result.stderr
        assert digest(path) == before, args
        assert sorted(p.name for p in folder.iterdir()) == siblings, args  # no -wal, -shm, -journal, backup
    with pytest.raises(readlog.ReadlogError, match="not a readlog library") as raised:
        readlog.open(path)
    assert str(path) in str(raised.value)
    assert digest(path) == before and sorted(p.name for p in folder.iterdir()) == siblings


def test_the_refusal_says_what_to_do_in_both_languages(run: Run, tmp_path: Path) -> None:
    path = _foreign("only-a-view", tmp_path)
    english = run("--db", str(path), "list", code=1).stderr
    chinese = run("--db", str(path), "--lang", "zh", "list", code=1).stderr
    assert "--db" in english and "left untouched" in english
    assert "不是 readlog 书库" in chinese and "--db" in chinese


@pytest.mark.parametrize("how", ["no-file", "empty-file", "empty-sqlite", "empty-wal-sqlite"])
def test_a_library_is_made_in_a_new_or_empty_file_and_carries_the_mark(run: Run, tmp_path: Path, how: str) -> None:
    path = tmp_path / "lib.db"
    if how == "empty-file":
        path.write_bytes(b"")
    elif how == "empty-sqlite":
        sqlite(path, "VACUUM")
    elif how == "empty-wal-sqlite":  # what an interrupted first run of readlog leaves
        sqlite(path, "VACUUM", wal=True)
    run("--db", str(path), "import", str(write(tmp_path / "in.txt", DIGEST)))
    assert pragma(path, "application_id") == MARK
    assert pragma(path, "user_version") == migrations.LATEST
    assert len(run.json("--db", str(path), "list")) == 2


def test_the_mark_is_readlogs_own() -> None:
    assert getattr(migrations, "APPLICATION_ID", None) == MARK == int.from_bytes(b"RLOG", "big")


@pytest.mark.parametrize("version", range(1, 7))  # schemas 1-6, before the mark
def test_a_library_made_before_the_mark_opens_upgrades_and_gets_it(run: Run, tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.db"
    shutil.copyfile(LIBRARIES / f"v{version}.db", path)
    assert pragma(path, "application_id") == 0
    assert len(run.json("--db", str(path), "list", "-n", "0")) == 3  # the fixture's unarchived entries
    assert pragma(path, "application_id") == MARK
    assert pragma(path, "user_version") == migrations.LATEST


def test_an_unmarked_old_library_is_checked_without_being_changed(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    shutil.copyfile(LIBRARIES / "v4.db", path)
    before = digest(path)
    report = json.loads(run("--db", str(path), "db", "check", "--json").stdout)
    assert report["version"] == 4 and report["ok"] and report["schema"] == []
    assert digest(path) == before and pragma(path, "application_id") == 0


# ---- one row of text that is not UTF-8 (item 3) ------------------------------------------------------------


@pytest.fixture
def bad_text(run: Run, tmp_path: Path) -> Path:
    """Two entries, the second's title and note holding bytes that are not UTF-8 (another tool wrote them,
    or a damaged disk)."""
    path = make_library(run, tmp_path / "lib" / "bad.db")
    sqlite(
        path,
        "UPDATE entries SET title = CAST(X'4261642074c3697465ff' AS TEXT), note = CAST(X'6e6fff' AS TEXT), "
        "url = 'https://example.org/bad' WHERE id = 2",
    )
    return path


def test_text_that_is_not_utf8_is_shown_with_replacement_characters(run: Run, bad_text: Path) -> None:
    db = ("--db", str(bad_text))
    shown = "Bad t\ufffdite\ufffd"
    assert shown in run(*db, "list").stdout
    assert shown in run(*db).stdout  # the overview
    assert [e["title"] for e in run.json(*db, "list")] == [shown, "一个内核调度器的新实验"]
    assert shown in run(*db, "show", "2").stdout
    assert run.json(*db, "show", "2")["note"] == "no\ufffd"
    assert run(*db, "stats").exit_code == 0
    assert shown in run(*db, "search", "Bad").stdout
    for fmt in ("jsonl", "json", "csv", "md", "html"):
        out = run(*db, "export", "--format", fmt).stdout
        assert shown in out or "Bad t&#xfffd;" in out, fmt
        if fmt != "html":  # the HTML export leaves out entries without a link
            assert "内核调度器" in out, fmt


def test_the_api_reads_text_that_is_not_utf8(bad_text: Path) -> None:
    with readlog.open(bad_text) as lib:
        assert lib.get(2).title == "Bad t\ufffdite\ufffd"
        assert len(lib.entries()) == 2


def test_db_check_names_the_rows_and_columns_that_are_not_utf8(run: Run, bad_text: Path) -> None:
    result = run("--db", str(bad_text), "db", "check", code=1)
    assert "integrity: ok" not in result.stdout
    assert "entry 2: title, note holds text that is not UTF-8" in result.stdout
    assert "readlog edit 2" in result.stdout
    report = json.loads(run("--db", str(bad_text), "db", "check", "--json", code=1).stdout)
    assert report["not_utf8"] == [{"table": "entries", "row": 2, "columns": ["title", "note"]}]
    assert report["not_utf8_rows"] == 1 and not report["ok"]
    chinese = run("--db", str(bad_text), "--lang", "zh", "db", "check", code=1).stdout
    assert "条目 2：title, note 含有不是 UTF-8 的文本" in chinese


def test_db_check_of_a_sound_library_finds_nothing(run: Run, tmp_path: Path) -> None:
    path = make_library(run, tmp_path / "lib" / "good.db")
    report = json.loads(run("--db", str(path), "db", "check", "--json").stdout)
    assert report["ok"] and report["schema"] == [] and report["not_utf8"] == [] and report["not_utf8_rows"] == 0
    assert "integrity: ok" in run("--db", str(path), "db", "check").stdout


# ---- unreadable libraries: one line naming the file and what to do (item 7) --------------------------------


def _damage(path: Path, find: bytes, offset: int, byte: int) -> None:
    """Change one byte of the file in place, ``offset`` bytes after the first ``find``."""
    at = path.read_bytes().index(find) + offset
    with open(path, "r+b") as fh:
        fh.seek(at)
        fh.write(bytes([byte]))


def _unreadable(kind: str, run: Run, folder: Path) -> Path:
    path = folder / f"{kind}.db"
    if kind == "directory":
        path.mkdir()
        return path
    if kind == "not-a-database":
        return write(path, "just my notes\n")
    make_library(run, path)
    sqlite(path, "PRAGMA wal_checkpoint(TRUNCATE)")  # all in the file itself, in WAL mode as readlog leaves it
    if kind == "schema-byte":  # a keyword of the schema: SQLite's message holds the byte
        _damage(path, b"CREATE TABLE entries", 2, 0xFF)
    elif kind == "column-name":  # a column's name: it reaches Python as a column name
        _damage(path, b"title TEXT", 1, 0xFF)
    elif kind == "column-name-utf8":  # still UTF-8, but not the name readlog made
        _damage(path, b"title TEXT", 2, ord("x"))
    elif kind == "truncated":
        path.write_bytes(path.read_bytes()[:5000])
    elif kind == "header-cut":
        path.write_bytes(path.read_bytes()[:60])
    else:
        raise AssertionError(kind)
    return path


UNREADABLE = [
    "schema-byte",
    "column-name",
    "truncated",
    "header-cut",
    "not-a-database",
    "directory",
]


@pytest.mark.parametrize("kind", UNREADABLE)
def test_every_unreadable_library_is_one_line_on_every_command(run: Run, tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "libs"
    folder.mkdir()
    path = _unreadable(kind, run, folder)
    before = digest(path) if path.is_file() else None
    siblings = sorted(p.name for p in folder.iterdir())
    for args in COMMANDS:
        result = run("--db", str(path), *args, code=None)
        if args == ("db", "check") and result.exit_code == 1 and result.stdout:
            assert "DAMAGED" in result.stdout and "integrity: ok" not in result.stdout, result.stdout
            assert "restore a backup" in result.stdout
            continue
        if args == ("backup",) and result.exit_code == 0:  # a copy of the file as it is, damage and all
            assert kind == "column-name", kind
            continue
        assert_one_line_naming(result, path, args)
        said = result.stderr
        assert any(w in said for w in ("db check", "backup", "--db")), (args, said)  # what to do
    if before is not None:
        assert digest(path) == before
    # SQLite's own -wal and -shm files may stay beside a damaged library; `backup` may copy it
    extra = {p.name for p in folder.iterdir()} - set(siblings)
    assert all(n.endswith(("-wal", "-shm")) or "-backup-" in n for n in extra), extra
    with pytest.raises(readlog.ReadlogError) as raised:
        with readlog.open(path) as lib:
            lib.entries()
            lib.get(1)
    assert str(path) in str(raised.value)


@pytest.mark.parametrize("kind", ["column-name", "column-name-utf8"])
def test_db_check_reports_a_damaged_column_name(run: Run, tmp_path: Path, kind: str) -> None:
    path = _unreadable(kind, run, tmp_path)
    result = run("--db", str(path), "db", "check", code=1)
    assert "integrity: DAMAGED" in result.stdout
    assert "the definition of entries is damaged" in result.stdout
    report = json.loads(run("--db", str(path), "db", "check", "--json", code=1).stdout)
    assert "entries" in report["schema"] and not report["ok"]


def test_a_damaged_schema_is_said_in_chinese_too(run: Run, tmp_path: Path) -> None:
    path = _unreadable("schema-byte", run, tmp_path)
    said = run("--db", str(path), "--lang", "zh", "list", code=1).stderr
    assert "已损坏" in said and str(path) in said
    path = _unreadable("column-name", run, tmp_path)
    said = run("--db", str(path), "--lang", "zh", "list", code=1).stderr
    assert "已损坏" in said and str(path) in said


def test_the_overviews_error_names_the_library_given_with_db(run: Run, tmp_path: Path, library: Path) -> None:
    path = _unreadable("column-name", run, tmp_path)
    said = run("--db", str(path), code=1).stderr
    assert str(path) in said and str(library) not in said


# ---- no permission (item 13): as an unprivileged user ------------------------------------------------------


@pytest.mark.slow
def test_a_library_without_permission_is_named_with_what_to_do(run: Run, shared_tmp: Path) -> None:
    prefix = as_nobody() or []
    locked = shared_tmp / "locked"
    inside = make_library(run, locked / "x.db")
    unreadable = make_library(run, shared_tmp / "open" / "noread.db")
    unreadable.chmod(0o000)
    locked.chmod(0o000)
    (shared_tmp / "open").chmod(0o777)
    env = child_env(inside, HOME="/")
    for path in (inside, locked / "new.db", unreadable):
        for args in [("list",), (), ("db", "check"), ("star", "1")]:
            cmd = [*prefix, *READLOG, "--db", str(path), *args]
            result = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd="/", timeout=60)
            assert result.returncode == 1, (path, args, result.stderr)
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
            assert str(path) in lines[0] and "permission" in lines[0], lines[0]
