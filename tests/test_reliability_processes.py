"""Real processes: interrupted imports, two readlogs at once, a held lock, backups during writes.

These run `python -m readlog` in subprocesses (at the test's clock: helpers.READLOG), because signals and file
locks only mean something between processes.
"""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from conftest import Run
from helpers import READLOG, child_env

pytestmark = pytest.mark.slow  # real processes, signals and locks

BIG = 3_000  # takes most of a second to import: far longer than the 0.1 s before a signal
INTERRUPTED = re.compile(
    r"readlog: import interrupted while reading \S+ \([\d,]+ entries read so far\): "
    r"nothing of that file was saved; run it again to finish"
)


def digest_text(n: int, tag: str = "e") -> str:
    """``n`` distinct digest entries (three lines each), quickly."""
    cats = ("技术文章", "工程实践", "科研议题")
    return "".join(
        f"{cats[i % 3]} Source {i % 97} 2026/{i % 12 + 1:02d}/{i % 28 + 1:02d}\n"
        f"{tag} {i} 条摘要：作者讨论了编号为 {i} 的实验，以及它在真实系统里的表现和代价。\n"
        f"推荐收录，因为第 {i} 条给出了可以复现的数据。\n"
        for i in range(n)
    )


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.txt"
    path.write_text(digest_text(BIG), encoding="utf-8")
    return path


def _env(lib: Path, **extra: str) -> dict[str, str]:
    return child_env(lib, READLOG_BUSY_TIMEOUT="30", COLUMNS="100", **extra)


def start(lib: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*READLOG, *args],
        env=_env(lib, **env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def integrity(lib: Path) -> str:
    if not lib.exists():
        return "ok"  # killed before the library was created: nothing to damage
    with sqlite3.connect(lib) as conn:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def counts(lib: Path) -> tuple[int, int]:
    """(entries, distinct fingerprints); (0, 0) when the table does not exist yet."""
    if not lib.exists():
        return 0, 0
    with sqlite3.connect(lib) as conn:
        try:
            row = conn.execute("SELECT count(*), count(DISTINCT fingerprint) FROM entries").fetchone()
        except sqlite3.OperationalError:
            return 0, 0
    return int(row[0]), int(row[1])


def wait_for_start(lib: Path, proc: subprocess.Popen[str], reading: Path | None = None, timeout: float = 20) -> None:
    """Until the process has opened the library (its WAL file appears) and,
    where /proc tells, has the input file ``reading`` open: then the import
    of that file has begun, however slowly a loaded machine started it."""
    wal = Path(f"{lib}-wal")
    fds = Path(f"/proc/{proc.pid}/fd")
    deadline = time.monotonic() + timeout

    def reading_it() -> bool:
        if reading is None or not fds.parent.exists():
            return True
        try:
            return any(os.readlink(fd) == str(reading) for fd in fds.iterdir())
        except OSError:  # a descriptor closed while we looked
            return False

    while not (wal.exists() and reading_it()) and proc.poll() is None:
        assert time.monotonic() < deadline, "readlog never opened the library"
        time.sleep(0.01)


@pytest.mark.parametrize(
    "sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL], ids=["INT", "TERM", "HUP", "KILL"]
)
def test_interrupted_import_leaves_sound_library_and_rerun_finishes(
    sig: signal.Signals, run: Run, big: Path, tmp_path: Path
) -> None:
    lib = tmp_path / "lib.db"
    interrupted = 0
    for delay in (None, 0.1):  # None: right at start, before the library is even open
        proc = start(lib, "import", str(big))
        if delay is not None:
            wait_for_start(lib, proc, big)
            time.sleep(delay)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        assert integrity(lib) == "ok"
        if proc.returncode == 0:
            assert counts(lib) == (BIG, BIG)  # it finished before the signal: all or nothing
            lib.unlink()
            continue
        assert counts(lib) == (0, 0), "an interrupted file must be rolled back whole"
        if delay is None:
            continue
        interrupted += 1
        if sig == signal.SIGKILL:
            assert proc.returncode == -signal.SIGKILL
        else:
            assert proc.returncode == 128 + sig, err  # 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP
            assert "Traceback" not in err
            assert INTERRUPTED.fullmatch(err.strip()), err
    assert interrupted, "the import always finished before the signal; make BIG larger"
    # Run again (in this process: what the signalled process left is read by a new opening of
    # the file all the same), the import finishes.
    run("--db", str(lib), "import", str(big))
    assert counts(lib) == (BIG, BIG)


def read_past(proc: subprocess.Popen[str], reading: Path, offset: int, timeout: float = 60) -> bool:
    """Wait until the process has read ``reading`` past ``offset`` bytes (its
    descriptor's position, from /proc); False when it ended first."""
    fds = Path(f"/proc/{proc.pid}")
    deadline = time.monotonic() + timeout
    while proc.poll() is None:
        assert time.monotonic() < deadline, "readlog never read that far"
        try:
            for fd in (fds / "fd").iterdir():
                if os.readlink(fd) == str(reading):
                    info = (fds / "fdinfo" / fd.name).read_text()
                    if int(info.split("pos:")[1].split()[0]) > offset:
                        return True
        except (OSError, IndexError, ValueError):  # a descriptor closed while we looked
            pass
        time.sleep(0.005)
    return False


@pytest.mark.skipif(not Path("/proc/self/fdinfo").exists(), reason="needs /proc to see how far a file was read")
def test_ctrl_c_says_how_much_was_read_and_that_none_of_it_was_saved(tmp_path: Path) -> None:
    """The count in the message is of the entries read so far, and none of them was saved:
    not "0 of N entries saved", as if N were the file's size."""
    lib = tmp_path / "lib.db"
    large = tmp_path / "large.txt"
    large.write_text(digest_text(24_000), encoding="utf-8")  # about 5 MB, read a megabyte at a time
    total = 24_000
    proc = start(lib, "import", str(large))
    assert read_past(proc, large, 2 << 20), "the import ended before reading 2 MB of 5"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    m = re.fullmatch(
        rf"readlog: import interrupted while reading {re.escape(str(large))} \(([\d,]+) entries read so far\): "
        r"nothing of that file was saved; run it again to finish",
        err.strip(),
    )
    assert m, err
    assert 0 < int(m.group(1).replace(",", "")) < total  # what was read: part of the file
    assert counts(lib) == (0, 0)


def test_interrupt_in_second_file_keeps_the_first(run: Run, big: Path, tmp_path: Path) -> None:
    lib = tmp_path / "lib.db"
    small = tmp_path / "small.txt"
    small.write_text(digest_text(100, tag="small"), encoding="utf-8")
    proc = start(lib, "import", str(small), str(big))
    wait_for_start(lib, proc, big)
    time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert re.fullmatch(
        r"readlog: import interrupted while reading \S+ \([\d,]+ entries read so far\): nothing of that file "
        r"was saved, but the 1 file\(s\) before it were \(100 entries added or updated\); run it again to finish",
        err.strip(),
    ), err
    assert counts(lib) == (100, 100)
    run("--db", str(lib), "import", str(small), str(big))  # run again (in this process), it finishes
    assert counts(lib) == (BIG + 100, BIG + 100)


def test_two_imports_at_once_both_succeed(tmp_path: Path) -> None:
    lib = tmp_path / "lib.db"
    files = []
    for tag in ("first", "second"):
        path = tmp_path / f"{tag}.txt"
        path.write_text(digest_text(2000, tag=tag), encoding="utf-8")
        files.append(path)
    procs = [start(lib, "import", str(f)) for f in files]
    results = [p.communicate(timeout=60) for p in procs]
    for proc, (_, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, err
    assert counts(lib) == (4000, 4000)
    assert integrity(lib) == "ok"


def test_import_and_star_at_once_both_succeed(
    run: Run, big: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib = tmp_path / "lib.db"
    first = tmp_path / "one.txt"
    first.write_text(digest_text(1, tag="one"), encoding="utf-8")
    run("--db", str(lib), "import", str(first))
    monkeypatch.setenv("READLOG_BUSY_TIMEOUT", "60")
    proc = start(lib, "import", str(big))
    wait_for_start(lib, proc, big)  # the import has begun: the star meets its transaction
    star = run("--db", str(lib), "star", "1")
    _, err = proc.communicate(timeout=60)
    assert "starred" in star.stdout
    assert proc.returncode == 0, err
    assert counts(lib) == (BIG + 1, BIG + 1)
    with sqlite3.connect(lib) as conn:
        assert conn.execute("SELECT starred_at IS NOT NULL FROM entries WHERE id = 1").fetchone()[0] == 1
    conn.close()


def _snapshot(lib: Path) -> tuple[object, ...]:
    with sqlite3.connect(lib) as conn:
        return (
            conn.execute("SELECT count(*), count(starred_at) FROM entries").fetchone(),
            conn.execute("SELECT count(*) FROM actions").fetchone(),
            conn.execute("SELECT count(*) FROM imports").fetchone(),
        )


def test_held_lock_times_out_clearly_and_changes_nothing(
    run: Run, library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    more = tmp_path / "more.txt"
    more.write_text(digest_text(3, tag="more"), encoding="utf-8")
    run("import", str(more))
    before = _snapshot(library)
    monkeypatch.setenv("READLOG_BUSY_TIMEOUT", "0.2")
    holder = sqlite3.connect(library, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        for args in (("star", "1"), ("import", str(more)), ("read", "1-3")):
            began = time.monotonic()
            result = run(*args, code=1)
            assert time.monotonic() - began < 5
            assert str(library) in result.stderr and "busy" in result.stderr, result.stderr
            assert "nothing was changed" in result.stderr
            assert "Traceback" not in result.output
        assert len(run.json("list")) == 3  # readers are not blocked by a writer (WAL)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert _snapshot(library) == before


def test_backup_during_an_import_is_consistent(run: Run, big: Path, tmp_path: Path) -> None:
    lib = tmp_path / "lib.db"
    seed = tmp_path / "seed.txt"
    seed.write_text(digest_text(50, tag="seed"), encoding="utf-8")
    run("--db", str(lib), "import", str(seed))
    proc = start(lib, "import", str(big))
    wait_for_start(lib, proc, big)
    copies = []
    for i in range(3):
        time.sleep(0.1)
        target = tmp_path / f"copy{i}.db"
        assert str(target) in run("--db", str(lib), "backup", str(target)).stdout
        copies.append(target)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    for copy in copies:
        assert integrity(copy) == "ok"
        assert counts(copy)[0] in (50, 50 + BIG)  # a whole state, never half an import
        assert not Path(f"{copy}-wal").exists()
    assert counts(lib) == (50 + BIG, 50 + BIG)
