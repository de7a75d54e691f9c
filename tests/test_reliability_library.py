"""The library file: foreign, damaged, newer, read-only and old libraries; backups; exit codes; SQL safety."""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from readlog.store import migrations

from conftest import FIXTURES, ROOT, Run, write
from helpers import READLOG, as_nobody, child_env, parsed, walked

LIBRARIES = FIXTURES / "libraries"
HOSTILE = ("'; DROP TABLE entries; --", 'x" OR 1=1 --', "a'b", "%", "_", "\\", "[bold]x[/]", "); DELETE FROM entries;")


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def library_from_fixture(version: int, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "readlog.db"
    shutil.copyfile(LIBRARIES / f"v{version}.db", target)
    return target


# ---- files that are not (or no longer) a library we can open ----------------------------------------


def _foreign(tmp_path: Path) -> dict[str, Path]:
    tmp_path.mkdir()
    files = {"text": write(tmp_path / "notes.db", "just my notes\n")}
    files["random"] = tmp_path / "random.db"
    files["random"].write_bytes(bytes(range(256)) * 64)
    full = library_from_fixture(migrations.LATEST, tmp_path / "full")
    files["truncated"] = tmp_path / "truncated.db"
    files["truncated"].write_bytes(full.read_bytes()[:5000])
    files["header-only"] = tmp_path / "header.db"
    files["header-only"].write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
        conn.execute("INSERT INTO photos (path) VALUES ('a.jpg')")
    conn.close()
    files["other-sqlite"] = other
    newer = library_from_fixture(migrations.LATEST, tmp_path / "newer")
    with sqlite3.connect(newer) as conn:
        conn.execute(f"PRAGMA user_version = {migrations.LATEST + 5}")
    conn.close()
    files["newer"] = newer
    return files


@pytest.mark.parametrize("kind", ["text", "random", "truncated", "header-only", "other-sqlite", "newer"])
def test_unusable_library_is_refused_and_left_untouched(run: Run, tmp_path: Path, kind: str) -> None:
    path = _foreign(tmp_path / "libs")[kind]
    before = sha(path)
    siblings = sorted(p.name for p in path.parent.iterdir())
    digest = write(tmp_path / "in.txt", "技术文章 Blog 2026/01/02\n摘要。\n推荐收录。\n")
    for args in (("list",), ("star", "1"), ("import", str(digest)), ("search", "x"), ("show", "1"), ("backup",)):
        result = run("--db", str(path), *args, code=None)
        assert result.exit_code == 1, (args, result.output)
        assert str(path) in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "Traceback" not in result.output
    if kind == "newer":
        assert "newer readlog" in result.stderr
    assert sha(path) == before
    assert sorted(p.name for p in path.parent.iterdir()) == siblings


def test_damaged_page_found_mid_command_is_one_line(run: Run, tmp_path: Path) -> None:
    """A library whose header is sound but whose pages are not: every command ends in one line, exit 1."""
    lib = library_from_fixture(migrations.LATEST, tmp_path)
    data = bytearray(lib.read_bytes())
    for page in range(2, len(data) // 4096):
        data[page * 4096 : page * 4096 + 4096] = b"\xa5" * 4096
    lib.write_bytes(bytes(data))
    for args in (("list",), ("star", "1"), ("show", "1"), ("search", "parser")):
        result = run("--db", str(lib), *args, code=None)
        assert result.exit_code == 1, (args, result.output)
        assert "Traceback" not in result.output
        assert str(lib) in result.stderr and "damaged" in result.stderr
    check = run("--db", str(lib), "db", "check", code=1)
    assert "DAMAGED" in check.stdout or "damaged" in check.stderr


# ---- read-only libraries and folders ----------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("what", ["file", "folder"])
def test_read_only_library_reads_but_refuses_writes(shared_tmp: Path, what: str) -> None:
    prefix = as_nobody() or []
    folder = shared_tmp / "lib"
    lib = library_from_fixture(migrations.LATEST, folder)
    with sqlite3.connect(lib) as conn:
        conn.execute("PRAGMA journal_mode=WAL")  # as readlog leaves it
    conn.close()
    lib.chmod(0o444)
    folder.chmod(0o555 if what == "folder" else (0o777 if prefix else 0o755))
    before = sha(lib)
    env = child_env(lib, COLUMNS="100", HOME="/")

    def readlog(*args: str) -> subprocess.CompletedProcess[str]:
        cmd = [*prefix, *READLOG, *args]
        return subprocess.run(cmd, env=env, capture_output=True, text=True, cwd="/", timeout=60)

    listed = readlog("list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert len(json.loads(listed.stdout)) == 3
    assert readlog("show", "1").returncode == 0
    assert readlog("search", "parser").returncode == 0
    for args in (("star", "2"), ("read", "2"), ("import", str(FIXTURES / "digest.txt"))):
        result = readlog(*args)
        assert result.returncode == 1, (args, result.stdout, result.stderr)
        assert "read-only" in result.stderr and str(lib) in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    assert sha(lib) == before


@pytest.mark.slow
def test_no_permission_is_said_as_whose_the_file_or_folder_is_not_read_only(run: Run, shared_tmp: Path) -> None:
    """A folder or library of another user is not "read-only": say whose it is, and who readlog runs as."""
    prefix = as_nobody()
    if prefix is None:
        pytest.skip("needs root, so that a library of root's is another user's to readlog run as nobody")
    theirs = shared_tmp / "theirs"
    theirs.mkdir(mode=0o755)
    shared = shared_tmp / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    lib = shared / "lib.db"
    run("--db", str(lib), "import", str(FIXTURES / "digest.txt"))
    lib.chmod(0o644)  # root's, readable by all
    env = child_env(lib, COLUMNS="200", HOME="/")

    def readlog(*args: str) -> str:
        cmd = [*prefix, *READLOG, *args]
        result = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd="/", timeout=60)
        assert result.returncode == 1, result.stderr
        return result.stderr.strip()

    said = readlog("--db", str(theirs / "new.db"), "list")
    assert said == (
        f"readlog: {theirs / 'new.db'}: cannot create the library here (its folder {theirs} belongs to root "
        "(mode 755), and readlog runs as nobody, who has no permission to write there)"
    )
    said = readlog("--db", str(lib), "star", "1")
    assert said == (
        f"readlog: {lib}: readlog cannot write the library (the file belongs to root (mode 644), and readlog "
        "runs as nobody, who has no permission to write there); nothing was changed"
    )
    said = readlog("--lang", "zh", "--db", str(lib), "star", "1")
    assert "属于 root（权限 644），而 readlog 以 nobody 的身份运行" in said


def test_a_read_only_file_system_is_said_as_such(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lib = tmp_path / "ro" / "lib.db"
    run("--db", str(lib), "import", str(FIXTURES / "digest.txt"))
    access, statvfs = os.access, os.statvfs

    def no_writing(path: object, mode: int, **kw: object) -> bool:  # what access(2) says on a read-only mount
        return False if mode & os.W_OK else access(path, mode, **kw)  # type: ignore[arg-type]

    def mounted_read_only(path: object) -> object:
        real = statvfs(path)  # type: ignore[arg-type]

        class Mount:
            f_flag = real.f_flag | os.ST_RDONLY

        return Mount()

    monkeypatch.setattr(os, "access", no_writing)
    monkeypatch.setattr(os, "statvfs", mounted_read_only)
    assert len(run.json("--db", str(lib), "list")) == 3  # reads as before
    err = run("--db", str(lib), "star", "1", code=1).stderr
    assert "readlog cannot write the library (the file is on a read-only file system); nothing was changed" in err
    new = tmp_path / "ro" / "new.db"
    err = run("--db", str(new), "list", code=1).stderr
    assert f"cannot create the library here (its folder {new.parent} is on a read-only file system)" in err
    assert "只读文件系统" in run("--lang", "zh", "--db", str(new), "list", code=1).stderr


# ---- upgrades from every released schema --------------------------------------------------------------


def test_there_is_a_fixture_library_for_every_schema_version() -> None:
    have = {p.name for p in LIBRARIES.glob("v*.db")}
    assert have >= {f"v{n}.db" for n in range(1, migrations.LATEST + 1)}, (
        "run scripts/make_fixture_libraries.py after adding a migration"
    )


def _all_entries(run: Run, lib: Path) -> list[dict[str, object]]:
    rows = json.loads(run("--db", str(lib), "list", "-n", "0", "--json").stdout)
    rows += json.loads(run("--db", str(lib), "list", "--archived", "-n", "0", "--json").stdout)
    return rows


@pytest.mark.parametrize("version", range(1, migrations.LATEST + 1))
def test_old_library_upgrades_keeping_entries_and_states(run: Run, tmp_path: Path, version: int) -> None:
    lib = library_from_fixture(version, tmp_path / "lib")
    original = lib.read_bytes()
    expected = json.loads((LIBRARIES / "expected.json").read_text(encoding="utf-8"))
    first = run("--db", str(lib), "list", "-n", "0")
    if version < migrations.LATEST:
        assert f"from schema {version} to {migrations.LATEST}" in first.stderr
        copies = [p for p in lib.parent.iterdir() if p.name.startswith(lib.name + f".v{version}-backup")]
        assert len(copies) == 1 and str(copies[0]) in first.stderr
        with sqlite3.connect(copies[0]) as conn:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == version
            assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] == len(expected)
        conn.close()
    else:
        assert "upgrading" not in first.stderr and lib.read_bytes() == original
    with sqlite3.connect(lib) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.LATEST
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    rows = {r["title"]: r for r in _all_entries(run, lib)}
    assert set(rows) == {e["title"] for e in expected}
    live = [e for e in expected if not e.get("archived_at")]
    assert f"of {len(live)} entries" in run("--db", str(lib), "list", "-n", "1").stdout
    assert "调度器" in run("--db", str(lib), "search", "调度").stdout
    for want in expected:
        got = rows[want["title"]]
        for key in ("source", "category", "summary", "verdict", "url", "published", "note", "tags"):
            assert got[key] == want[key], (key, got[key], want[key])
        for key in ("saved_at", "read_at", "starred_at"):
            assert (got[key] is None) == (want[key] is None), key
        assert got["archived"] == (want["archived_at"] is not None)
    assert "调度器" in run("--db", str(lib), "search", "饿死").stdout  # the search index came along
    again = run("--db", str(lib), "list")
    assert "upgrading" not in again.stderr
    run("--db", str(lib), "star", "2")
    assert run("--db", str(lib), "show", "2", "--json").stdout.count('"starred": true') == 1


def _schema(path: Path) -> list[tuple[str, str, str]]:
    conn = sqlite3.connect(path)
    try:
        sql = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name"
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize("version", range(1, migrations.LATEST + 1))
def test_upgraded_library_has_the_schema_of_a_new_one(tmp_path: Path, version: int) -> None:
    """Triggers included: a migration that re-creates them must leave every library alike."""
    from sqlite_utils import Database

    new, old = tmp_path / "new.db", library_from_fixture(version, tmp_path / "old")
    for path in (new, old):
        conn = sqlite3.connect(path, isolation_level=None)
        assert migrations.migrate(Database(conn)) == migrations.LATEST
        conn.close()
    fresh, upgraded = _schema(new), _schema(old)
    assert [r for r in fresh if r[0] == "trigger"]
    assert upgraded == fresh


# ---- backup ------------------------------------------------------------------------------------------


def test_backup_command(run: Run, library: Path, tmp_path: Path) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    run("star", "2")
    result = run("backup", "--json")
    target = Path(json.loads(result.stdout)["backup"])
    assert target.parent == library.parent and target.exists()
    with sqlite3.connect(target) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*), count(starred_at) FROM entries").fetchone() == (3, 1)
    conn.close()
    assert [r["id"] for r in run.json("--db", str(target), "list", "--starred")] == [2]
    folder = tmp_path / "backups"
    folder.mkdir()
    first, second = run("backup", str(folder)), run("backup", str(folder))
    assert len(list(folder.iterdir())) == 2 and str(folder) in first.stdout and first.stdout != second.stdout
    named = tmp_path / "named.db"
    run("backup", str(named))
    again = run("backup", str(named), code=1)
    assert "--force" in again.stderr
    run("backup", str(named), "--force")
    assert "library itself" in run("backup", str(library), code=1).stderr
    assert "no such folder" in run("backup", str(tmp_path / "nope" / "x.db"), code=1).stderr
    assert not [p for p in tmp_path.rglob(".*partial*")]


def test_db_check_and_rebuild_index(run: Run, library: Path) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    report = json.loads(run("db", "check", "--json").stdout)
    assert report["ok"] and report["entries"] == 3 and report["version"] == migrations.LATEST
    with sqlite3.connect(library) as conn:
        conn.execute("INSERT INTO entries_fts(entries_fts) VALUES ('delete-all')")
    conn.close()
    assert run("search", "调度器").stdout.count("调度器") == 0
    assert "rebuild-index" in run("db", "check", code=1).stdout
    assert "3 entries" in run("db", "rebuild-index").stdout
    assert "调度器" in run("search", "调度器").stdout
    assert "integrity: ok" in run("db", "check").stdout


# ---- exit codes --------------------------------------------------------------------------------------


def test_exit_codes_are_documented_and_kept(run: Run) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for code in ("| 0 |", "| 1 |", "| 2 |"):
        assert code in readme
    run("import", str(FIXTURES / "digest.txt"), code=0)
    run("list", code=0)
    assert run("show", "99", code=1).stderr.startswith("readlog: ")
    assert run("star", "1", "99", code=1).stderr.count("\n") == 1
    run("read", "5-3", code=2)
    run("list", "--since", "whenever", code=2)
    run("list", "--no-such-option", code=2)


# ---- SQL is parameterised ----------------------------------------------------------------------------


def test_sql_lives_only_in_the_store() -> None:
    """No module outside store/ and migrations.py sends SQL of its own to a connection."""
    allowed = {ROOT / "readlog" / "store" / "migrations.py"}
    offenders = []
    for path in (ROOT / "readlog").rglob("*.py"):
        if path in allowed or "store" in path.relative_to(ROOT / "readlog").parts:
            continue
        for node in walked(parsed(path)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("execute", "executemany", "executescript")
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders


def test_hostile_strings_are_data(run: Run, library: Path, tmp_path: Path) -> None:
    hostile_source = "Evil'; DROP TABLE entries; --"
    text = f"技术文章 {hostile_source} 2026/01/02\n摘要 '; DELETE FROM entries; -- 内容。\n推荐收录。\n"
    run("import", str(write(tmp_path / "evil.txt", text)))
    run("import", str(FIXTURES / "digest.txt"))
    tables = _tables(library)
    assert [r["source"] for r in run.json("list", "--source", hostile_source)] == [hostile_source]
    assert len(run.json("search", "DELETE FROM entries")) == 1
    for value in HOSTILE:
        for args in (("list", "--source", value), ("list", "--category", value), ("list", "--tag", value)):
            assert run.json(*args) == []
        run("list", "--search", value, "--json")
        run("search", value, "--json")
    assert len(run.json("list", "-n", "0")) == 4
    assert _tables(library) == tables


def _tables(library: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(library) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        found = [(n, conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0]) for n in names if "fts" not in n]
    conn.close()
    return found
