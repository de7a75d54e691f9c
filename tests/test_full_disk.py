"""A library on a full disk (issue 33, item 5): readlog says the disk is full, reads what SQLite
can read, and a backup to another disk goes through.

Reading a WAL library needs room for its ``-shm`` file (32 KB). With none left, SQLite fails with a
"disk I/O error", which readlog used to call damage while ``db check`` (read-only) found the file
sound. The full disk is a small tmpfs, mounted inside a user and mount namespace
(``unshare --user --map-root-user --mount``), so no privilege is needed; where the kernel refuses
such a namespace the tests are skipped and say why.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from test_reliability_processes import digest_text

from conftest import Run, write
from helpers import READLOG, child_env

pytestmark = pytest.mark.slow  # real processes in a namespace of their own

# Runs inside the namespace: mounts a 1 MB tmpfs on argv[1], copies the library (argv[2]) into it,
# fills the rest, then runs each readlog command line of argv[3] (JSON) and writes what each did
# to argv[4] (outside the full disk).
DRIVER = r"""
import json, os, shutil, subprocess, sys
mount, library, commands, results = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4]
if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount]).returncode:
    sys.exit(3)
shutil.copyfile(library, os.path.join(mount, "lib.db"))
with open(os.path.join(mount, "filler"), "wb", buffering=0) as fh:
    try:
        while True:
            fh.write(b"\0" * 4096)
    except OSError:
        pass
free = os.statvfs(mount).f_bavail
done = []
for args in commands:
    proc = subprocess.run(args, capture_output=True, text=True, timeout=120)
    done.append({"code": proc.returncode, "out": proc.stdout, "err": proc.stderr})
names = sorted(os.listdir(mount))
with open(results, "w") as fh:
    json.dump({"free": free, "runs": done, "names": names}, fh)
"""


def on_a_full_disk(tmp_path: Path, library: Path, *commands: tuple[str, ...]) -> dict[str, object]:
    """Run readlog ``commands`` on a copy of ``library`` on a full disk; what each did."""
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        pytest.skip("no unshare or mount command here to make a small full disk")
    mount = tmp_path / "full"
    mount.mkdir()
    results = tmp_path / "results.json"
    db = mount / "lib.db"
    lines = json.dumps([[*READLOG, "--db", str(db), *args] for args in commands])
    namespace = ["unshare", "--user", "--map-root-user", "--mount"]
    proc = subprocess.run(
        [*namespace, sys.executable, "-c", DRIVER, str(mount), str(library), lines, str(results)],
        capture_output=True,
        text=True,
        env=child_env(READLOG_LANG="en", READLOG_BUSY_TIMEOUT="2", COLUMNS="100"),
        timeout=300,
    )
    if proc.returncode == 3 or (proc.returncode and "unshare" in proc.stderr):
        pytest.skip(f"the kernel refuses a user and mount namespace here: {proc.stderr.strip()[-300:]}")
    assert proc.returncode == 0, proc.stderr
    found: dict[str, object] = json.loads(results.read_text(encoding="utf-8"))
    assert found["free"] == 0, "the disk was not full"
    return found


def _library(run: Run, tmp_path: Path) -> Path:
    lib = tmp_path / "source" / "lib.db"
    run("--db", str(lib), "import", str(write(tmp_path / "d.txt", digest_text(3))))
    run("--db", str(lib), "star", "2")
    assert not Path(f"{lib}-wal").exists()  # closed cleanly: a WAL library on its own
    return lib


def test_a_library_on_a_full_disk_reads_and_backs_up_elsewhere(run: Run, tmp_path: Path) -> None:
    lib = _library(run, tmp_path)
    copy = tmp_path / "elsewhere" / "copy.db"
    copy.parent.mkdir()
    found = on_a_full_disk(
        tmp_path,
        lib,
        ("list", "--json"),
        ("show", "2", "--json"),
        ("db", "check", "--json"),
        ("backup", str(copy)),
        ("star", "1"),
        ("list", "--starred", "--json"),
    )
    listed, shown, checked, backed, star, starred = found["runs"]  # type: ignore[misc]
    assert listed["code"] == 0, listed["err"]
    assert len(json.loads(listed["out"])) == 3
    assert shown["code"] == 0 and json.loads(shown["out"])["starred"] is True
    assert checked["code"] == 0 and json.loads(checked["out"])["ok"], checked
    assert backed["code"] == 0, backed["err"]
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*), count(starred_at) FROM entries").fetchone() == (3, 1)
    conn.close()
    assert star["code"] == 1 and star["err"].count("\n") == 1, star
    assert "disk" in star["err"] and "full" in star["err"] and "damaged" not in star["err"], star["err"]
    assert [r["id"] for r in json.loads(starred["out"])] == [2]  # the refused write changed nothing


def test_a_library_in_rollback_mode_on_a_full_disk_reads_too(run: Run, tmp_path: Path) -> None:
    lib = _library(run, tmp_path)
    copy = tmp_path / "copy.db"
    run("--db", str(lib), "backup", str(copy))  # a backup is one file in rollback-journal mode
    found = on_a_full_disk(tmp_path, copy, ("list", "--json"), ("db", "check"), ("read", "1"))
    listed, checked, read = found["runs"]  # type: ignore[misc]
    assert listed["code"] == 0 and len(json.loads(listed["out"])) == 3, listed["err"]
    assert checked["code"] == 0 and "integrity: ok" in checked["out"]
    assert read["code"] == 1 and "full" in read["err"] and "damaged" not in read["err"], read["err"]
    assert read["err"].startswith("readlog: ") and read["err"].count("\n") == 1
