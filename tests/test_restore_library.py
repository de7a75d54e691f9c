"""`readlog db restore BACKUP` puts a backup back in place of the library (issue 33, item 4).

Copying a backup over the library by hand goes wrong after a crash: the
``-wal`` a killed writer left beside the library is replayed onto the copy.
``db restore`` checks the backup first (readlog's mark, SQLite's quick_check,
the schema), keeps the library it replaces as a backup of its own (its WAL
included), removes the old library's ``-wal``, ``-shm`` and ``-journal``, and
renames a checked, synced copy into place; it refuses while another readlog
has the library open, and asks first unless --yes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import sqlite3
from pathlib import Path

import pytest
from test_reliability_processes import digest_text, integrity, start, wait_for_start

import readlog
from readlog.cli import organise
from readlog.store import migrations

from conftest import FIXTURES, Run, write

LIBRARIES = FIXTURES / "libraries"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def titles(path: Path) -> list[str]:
    """The entries' titles of a library file, read as SQLite reads it (its -wal included)."""
    with sqlite3.connect(path) as conn:
        rows = [r[0] for r in conn.execute("SELECT title FROM entries ORDER BY id")]
    conn.close()
    return rows


def beside(path: Path) -> list[str]:
    """The names in the library's folder other than the library itself."""
    return sorted(p.name for p in path.parent.iterdir() if p != path)


def with_backup(run: Run, library: Path, tmp_path: Path, n: int = 3) -> Path:
    """A library of ``n`` entries and a backup of it, outside the library's folder."""
    run("import", str(write(tmp_path / "first.txt", digest_text(n, tag="first"))))
    backup = tmp_path / "saved" / "backup.db"
    backup.parent.mkdir()
    run("backup", str(backup))
    return backup


@pytest.mark.slow
def test_restore_after_a_writer_was_killed_gives_the_backup_and_keeps_the_old_library(run: Run, tmp_path: Path) -> None:
    lib = tmp_path / "lib" / "lib.db"
    lib.parent.mkdir()
    run("--db", str(lib), "import", str(write(tmp_path / "small.txt", digest_text(20, tag="small"))))
    backup = tmp_path / "backup.db"
    run("--db", str(lib), "backup", str(backup))
    wanted = titles(backup)
    middle = write(tmp_path / "middle.txt", digest_text(200, tag="middle"))
    big = write(tmp_path / "big.txt", digest_text(20_000, tag="big"))
    proc = start(lib, "import", str(middle), str(big))
    wait_for_start(lib, proc, big)  # the middle file is committed (into the WAL), the big one under way
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    wal = Path(f"{lib}-wal")
    assert wal.stat().st_size > 0, "the killed writer left its WAL beside the library"
    held = tmp_path / "held"  # what the old library holds, read as SQLite reads it (from a copy of the files)
    held.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{lib}{suffix}", held / f"lib.db{suffix}")
    old = titles(held / "lib.db")
    assert len(old) == 220

    result = json.loads(run("--db", str(lib), "db", "restore", str(backup), "--yes", "--json").stdout)

    kept = Path(result["kept"])
    assert beside(lib) == [kept.name], "no -wal, -shm, -journal or temporary file is left"
    assert titles(lib) == wanted
    assert sorted(r["title"] for r in run.json("--db", str(lib), "list", "--limit", "0")) == sorted(wanted)
    assert "integrity: ok" in run("--db", str(lib), "db", "check").stdout
    assert kept.parent == lib.parent and re.fullmatch(r"lib-backup-\d{8}-\d{6}\.db", kept.name)
    assert not Path(f"{kept}-wal").exists(), "the kept library is one self-contained file"
    assert titles(kept) == old and integrity(kept) == "ok"
    assert result == {"library": str(lib), "backup": str(backup), "entries": 20, "kept": str(kept)}


def test_restore_says_what_it_did_and_the_library_reads_the_backup(run: Run, library: Path, tmp_path: Path) -> None:
    backup = with_backup(run, library, tmp_path)
    run("import", str(write(tmp_path / "more.txt", digest_text(5, tag="more"))))
    assert len(run.json("list")) == 8
    old = titles(library)
    said = run("db", "restore", str(backup), "--yes").stdout
    kept = [p for p in library.parent.iterdir() if p.name.startswith("readlog-backup-")]
    assert len(kept) == 1 and titles(kept[0]) == old and len(old) == 8
    assert str(backup) in said and str(library) in said and str(kept[0]) in said
    assert len(run.json("list")) == 3
    run("star", "1")  # the restored library takes writes
    assert "integrity: ok" in run("db", "check").stdout
    assert "被替换的书库已保存为" in run("--lang", "zh", "db", "restore", str(backup), "--yes").stdout


def test_db_backup_is_backup_beside_check_and_restore(run: Run, library: Path, tmp_path: Path) -> None:
    """The file's commands in one group: `db backup` makes the copy `db restore` takes."""
    run("import", str(write(tmp_path / "first.txt", digest_text(4, tag="first"))))
    copy = tmp_path / "copy.db"
    said = json.loads(run("db", "backup", str(copy), "--json").stdout)
    assert said["backup"] == str(copy) and titles(copy) == titles(library)
    run("rm", "1", "--yes")
    run("db", "restore", str(copy), "--yes")
    assert len(run.json("list")) == 4


def test_restore_where_there_is_no_library_yet_keeps_nothing(run: Run, library: Path, tmp_path: Path) -> None:
    backup = with_backup(run, library, tmp_path)
    shutil.rmtree(library.parent)
    library.parent.mkdir()
    result = json.loads(run("db", "restore", str(backup), "--yes", "--json").stdout)
    assert result["kept"] is None and result["entries"] == 3
    assert len(run.json("list")) == 3
    assert beside(library) == []


def test_stale_files_beside_a_missing_library_are_not_replayed(run: Run, library: Path, tmp_path: Path) -> None:
    backup = with_backup(run, library, tmp_path)
    other = tmp_path / "other.db"
    run("--db", str(other), "import", str(write(tmp_path / "x.txt", digest_text(7, tag="x"))))
    held = sqlite3.connect(other)  # keeps other.db-wal from being checkpointed away
    held.execute("SELECT count(*) FROM entries").fetchone()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{other}{suffix}", f"{library}{suffix}")
    held.close()
    library.unlink()
    run("db", "restore", str(backup), "--yes")
    assert len(run.json("list")) == 3
    assert "integrity: ok" in run("db", "check").stdout


@pytest.mark.parametrize("kind", ["missing", "empty", "text", "other_app", "damaged", "newer", "empty_sqlite"])
def test_a_backup_that_is_not_a_sound_library_is_refused_before_anything_changes(
    run: Run, library: Path, tmp_path: Path, kind: str
) -> None:
    run("import", str(write(tmp_path / "first.txt", digest_text(3))))
    bad = tmp_path / "bad.db"
    if kind == "empty":
        bad.write_bytes(b"")
    elif kind == "text":
        bad.write_text("not a database\n" * 20)
    elif kind == "other_app":
        with sqlite3.connect(bad) as conn:
            conn.execute("CREATE TABLE notes (body TEXT)")
        conn.close()
    elif kind == "empty_sqlite":  # an SQLite database holding nothing: no library in it
        conn = sqlite3.connect(bad)
        conn.execute("CREATE TABLE t (x)")
        conn.execute("DROP TABLE t")
        conn.close()
    elif kind in ("damaged", "newer"):
        run("backup", str(bad))
        with sqlite3.connect(bad) as conn:
            if kind == "newer":
                conn.execute("PRAGMA user_version = 999")
        conn.close()
        if kind == "damaged":
            data = bytearray(bad.read_bytes())
            page = int.from_bytes(data[16:18], "big")
            for at in range(page * 2, len(data), page):  # every page after the schema's: b-tree headers broken
                data[at : at + 8] = b"\xff" * 8
            bad.write_bytes(bytes(data))
    before = digest(library)
    names = beside(library)
    result = run("db", "restore", str(bad), "--yes", code=1)
    assert result.stderr.startswith("readlog: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.output and str(bad) in result.stderr
    assert digest(library) == before and beside(library) == names
    assert len(run.json("list")) == 3


def test_a_backup_of_an_older_schema_is_restored_and_upgraded_when_next_opened(
    run: Run, library: Path, tmp_path: Path
) -> None:
    run("import", str(write(tmp_path / "first.txt", digest_text(3))))
    old = tmp_path / "v3.db"
    shutil.copyfile(LIBRARIES / "v3.db", old)
    run("db", "restore", str(old), "--yes")
    with sqlite3.connect(library) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    conn.close()
    expected = json.loads((LIBRARIES / "expected.json").read_text(encoding="utf-8"))
    listed = run("list", "-n", "0", "--json")
    assert "from schema 3" in listed.stderr
    archived = run.json("list", "--archived", "-n", "0")
    assert {r["title"] for r in json.loads(listed.stdout) + archived} == {e["title"] for e in expected}
    with sqlite3.connect(library) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.LATEST
    conn.close()


def test_restore_refuses_while_another_readlog_has_the_library_open(
    run: Run, library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    backup = with_backup(run, library, tmp_path)
    run("import", str(write(tmp_path / "more.txt", digest_text(5, tag="more"))))
    monkeypatch.setenv("READLOG_BUSY_TIMEOUT", "0.2")
    names = beside(library)
    with readlog.open(library) as lib:
        assert lib.count() == 8
        result = run("db", "restore", str(backup), "--yes", code=1)
        assert lib.count() == 8
    assert result.stderr.startswith("readlog: ") and result.stderr.count("\n") == 1, result.stderr
    assert str(library) in result.stderr and "open" in result.stderr and "nothing was changed" in result.stderr
    assert beside(library) == names
    assert len(run.json("list")) == 8


def test_restore_asks_first_and_without_a_terminal_needs_yes(
    run: Run, library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    backup = with_backup(run, library, tmp_path)
    run("import", str(write(tmp_path / "more.txt", digest_text(5, tag="more"))))
    before = beside(library)
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: False)
    refused = run("db", "restore", str(backup), code=1)
    assert "--yes" in refused.stderr and refused.stderr.count("\n") == 1
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: True)
    declined = run("db", "restore", str(backup), input="n\n", code=1)
    assert "8 entries" in declined.stdout and "3 entries" in declined.stdout, declined.stdout
    assert "nothing was changed" in declined.stderr
    assert beside(library) == before and len(run.json("list")) == 8
    run("db", "restore", str(backup), input="y\n")
    assert len(run.json("list")) == 3


@pytest.mark.parametrize("damage", ["cut_short", "header", "pages"])
def test_a_damaged_library_is_replaced_and_kept_as_it_was(run: Run, library: Path, tmp_path: Path, damage: str) -> None:
    backup = with_backup(run, library, tmp_path)
    data = bytearray(library.read_bytes())
    if damage == "cut_short":
        data = data[:5000]
    elif damage == "header":
        data[16:24] = b"\xff" * 8  # no page size SQLite knows
    else:
        page = int.from_bytes(data[16:18], "big")
        for at in range(page * 2, len(data), page):
            data[at : at + 8] = b"\xff" * 8
    library.write_bytes(bytes(data))
    result = json.loads(run("db", "restore", str(backup), "--yes", "--json").stdout)
    assert len(run.json("list")) == 3
    kept = Path(result["kept"])
    if damage != "pages":  # SQLite cannot copy it: kept byte for byte
        assert kept.read_bytes() == bytes(data)
    else:
        assert len(kept.read_bytes()) == len(data)


def test_restore_is_refused_onto_another_applications_file(run: Run, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "first.txt", digest_text(3))))
    backup = tmp_path / "backup.db"
    run("backup", str(backup))
    theirs = tmp_path / "theirs.db"
    with sqlite3.connect(theirs) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
    conn.close()
    before = digest(theirs)
    result = run("--db", str(theirs), "db", "restore", str(backup), "--yes", code=1)
    assert "not a readlog library" in result.stderr
    assert digest(theirs) == before
    assert os.listdir(tmp_path / "lib") == ["readlog.db"]
