"""What readlog writes is never more readable than where it came from (issue 33, item 7).

A file written from the library (``export -o``, ``backup``, the copy an upgrade saves, ``db
restore``'s kept library) gets no permission the library lacks; one written over an existing file
(``export -o``, ``backup --force``, the library ``db restore`` replaces) none that file lacks; and
none that the umask takes away.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_reliability_processes import digest_text

from conftest import FIXTURES, Run, write


@pytest.fixture(autouse=True)
def umask() -> Iterator[None]:
    """The usual umask (022) for each test, whatever the machine's is."""
    previous = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def private(run: Run, library: Path, tmp_path: Path) -> Path:
    """The test's library, with three entries, readable by its owner only."""
    run("import", str(write(tmp_path / "d.txt", digest_text(3))))
    library.chmod(0o600)
    return library


def test_export_of_a_private_library_is_private(run: Run, private: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    run("export", "-o", str(out))
    assert mode(out) == 0o600


def test_export_over_a_private_file_stays_private(run: Run, private: Path, tmp_path: Path) -> None:
    private.chmod(0o644)
    out = write(tmp_path / "out.csv", "kept private\n")
    out.chmod(0o600)
    run("export", "-o", str(out))
    assert mode(out) == 0o600 and out.read_text(encoding="utf-8-sig").startswith("id,")
    out.chmod(0o640)
    run("export", "-o", str(out))
    assert mode(out) == 0o640
    os.umask(0o077)  # and never more than the umask allows
    fresh = tmp_path / "out.md"
    run("export", "-o", str(fresh))
    assert mode(fresh) == 0o600


def test_backup_of_a_private_library_is_private(run: Run, private: Path, tmp_path: Path) -> None:
    copy = Path(json.loads(run("backup", "--json").stdout)["backup"])
    assert mode(copy) == 0o600
    elsewhere = tmp_path / "elsewhere.db"
    run("backup", str(elsewhere))
    assert mode(elsewhere) == 0o600


def test_backup_over_a_private_file_stays_private(run: Run, private: Path, tmp_path: Path) -> None:
    private.chmod(0o644)
    target = write(tmp_path / "copy.db", "")
    target.chmod(0o600)
    run("backup", str(target), "--force")
    assert mode(target) == 0o600
    fresh = tmp_path / "fresh.db"
    run("backup", str(fresh))
    assert mode(fresh) == 0o644


def test_the_copy_an_upgrade_saves_is_as_private_as_the_library(run: Run, tmp_path: Path) -> None:
    lib = tmp_path / "old" / "lib.db"
    lib.parent.mkdir()
    shutil.copyfile(FIXTURES / "libraries" / "v5.db", lib)
    lib.chmod(0o600)
    assert "from schema 5" in run("--db", str(lib), "list").stderr
    (saved,) = [p for p in lib.parent.iterdir() if ".v5-backup-" in p.name]
    assert mode(saved) == 0o600 and mode(lib) == 0o600


def test_restore_keeps_the_library_private(run: Run, private: Path, tmp_path: Path) -> None:
    backup = tmp_path / "backup.db"
    run("backup", str(backup))
    backup.chmod(0o644)
    result = json.loads(run("db", "restore", str(backup), "--yes", "--json").stdout)
    assert mode(private) == 0o600 and mode(Path(result["kept"])) == 0o600
    private.chmod(0o644)
    backup.chmod(0o600)
    result = json.loads(run("db", "restore", str(backup), "--yes", "--json").stdout)
    assert mode(private) == 0o600, "the backup was private: so is the library made from it"
    assert mode(Path(result["kept"])) == 0o644
