"""SIGTERM and SIGHUP while readlog writes a file (issue 33, item 6).

``export -o``, ``backup`` and ``db restore`` write under a temporary name and rename at the end.
Ctrl-C already stops them cleanly; SIGTERM (a shutdown, ``kill``, a service manager) and SIGHUP (the
terminal closed) used to kill readlog on the spot, leaving the temporary file and its ``-journal``.
Now they are Ctrl-C's KeyboardInterrupt: the file being replaced stays whole, nothing else is left,
and the exit status is 128 + the signal (143, 129), as a shell shows for a process the signal ended.

Each test waits until the temporary file exists (readlog is then writing), sends the signal, and
looks at what is left. On a machine quick enough to finish before the signal arrives, the run is
checked as a finished one and tried again.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from test_reliability_processes import counts, digest_text, integrity, start

from conftest import Built, Run

pytestmark = pytest.mark.slow  # real processes and signals

SIGNALS = [signal.SIGTERM, signal.SIGHUP]
TRIES = 5
N = 12_000  # entries: writing them out takes a good fraction of a second


def _import_big(lib: Path) -> None:
    source = lib.with_name("big.txt")
    source.write_text(digest_text(N, tag="big"), encoding="utf-8")
    Run()("--db", str(lib), "import", str(source))


@pytest.fixture(scope="module")
def big_library(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The library each test copies, made by readlog's import in this process (once per
    test run: conftest's ``built``): only what readlog then does with it (export, backup,
    restore) is about a process and its signals."""
    return built("signals-12000", _import_big, tmp_path_factory.mktemp("big") / "big.db")


def a_copy(big_library: Path, to: Path) -> Path:
    to.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(big_library, to)
    return to


def wait_until(seen: Callable[[], bool], proc: subprocess.Popen[str], timeout: float = 60) -> None:
    """Until ``seen()`` holds, or the process has ended."""
    deadline = time.monotonic() + timeout
    while not seen() and proc.poll() is None:
        assert time.monotonic() < deadline, "readlog never began to write"
        time.sleep(0.002)


def hidden_file_in(folder: Path) -> Callable[[], bool]:
    """Whether readlog's temporary file (a name starting with a dot) is in ``folder``."""
    return lambda: any(name.startswith(".") for name in os.listdir(folder))


def interrupted(proc: subprocess.Popen[str], sig: signal.Signals) -> bool:
    """Send ``sig``; True when it stopped readlog (exit 128 + sig), False when readlog had finished."""
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err, err
    if proc.returncode == 0:
        return False
    assert proc.returncode == 128 + sig, (proc.returncode, err)
    return True


@pytest.mark.parametrize("sig", SIGNALS, ids=["TERM", "HUP"])
def test_a_signal_during_export_leaves_the_old_file_whole(
    sig: signal.Signals, big_library: Path, tmp_path: Path
) -> None:
    lib = a_copy(big_library, tmp_path / "lib" / "lib.db")
    out = tmp_path / "out" / "export.jsonl"
    out.parent.mkdir()
    stopped = 0
    for _ in range(TRIES):
        out.write_text("the export made yesterday\n", encoding="utf-8")
        proc = start(lib, "export", "-o", str(out))
        wait_until(hidden_file_in(out.parent), proc)
        was_stopped = interrupted(proc, sig)
        assert os.listdir(out.parent) == ["export.jsonl"], "no temporary file is left"
        assert os.listdir(lib.parent) == ["lib.db"]
        if was_stopped:
            assert out.read_text(encoding="utf-8") == "the export made yesterday\n"
            stopped += 1
            break
        assert out.read_text(encoding="utf-8").count("\n") == N
    assert stopped, "export always finished before the signal; make N larger"


@pytest.mark.parametrize("sig", SIGNALS, ids=["TERM", "HUP"])
def test_a_signal_during_backup_leaves_the_old_copy_whole(
    sig: signal.Signals, big_library: Path, tmp_path: Path
) -> None:
    lib = a_copy(big_library, tmp_path / "lib" / "lib.db")
    target = tmp_path / "copies" / "copy.db"
    target.parent.mkdir()
    stopped = 0
    for _ in range(TRIES):
        target.write_bytes(b"last week's copy")
        proc = start(lib, "backup", str(target), "--force")
        wait_until(hidden_file_in(target.parent), proc)
        was_stopped = interrupted(proc, sig)
        assert os.listdir(target.parent) == ["copy.db"], "no .partial file nor its -journal is left"
        assert os.listdir(lib.parent) == ["lib.db"]
        if was_stopped:
            assert target.read_bytes() == b"last week's copy"
            stopped += 1
            break
        assert integrity(target) == "ok" and counts(target)[0] == N
    assert stopped, "backup always finished before the signal; make N larger"


@pytest.mark.parametrize("sig", SIGNALS, ids=["TERM", "HUP"])
def test_a_signal_during_restore_leaves_the_library_as_it_was(
    sig: signal.Signals, big_library: Path, tmp_path: Path
) -> None:
    backup = a_copy(big_library, tmp_path / "saved" / "backup.db")
    lib = tmp_path / "lib" / "lib.db"
    stopped = 0
    for _ in range(TRIES):
        if lib.parent.exists():
            shutil.rmtree(lib.parent)
        a_copy(big_library, lib)
        Run()("--db", str(lib), "import", "-", input=digest_text(3, tag="new"))  # the library as it is now
        proc = start(lib, "db", "restore", str(backup), "--yes")
        wait_until(hidden_file_in(lib.parent), proc)
        was_stopped = interrupted(proc, sig)
        if was_stopped:
            assert os.listdir(lib.parent) == ["lib.db"], "no temporary file and no kept copy is left"
            assert counts(lib)[0] == N + 3 and integrity(lib) == "ok"
            stopped += 1
            break
        assert counts(lib)[0] == N
        assert len(os.listdir(lib.parent)) == 2  # the library, and the one it replaced, kept
    assert stopped, "restore always finished before the signal; make N larger"


def test_a_signal_during_an_epub_export_leaves_the_old_book_whole(big_library: Path, tmp_path: Path) -> None:
    from helpers import connect

    lib = a_copy(big_library, tmp_path / "lib" / "lib.db")
    conn = connect(lib)
    conn.execute("UPDATE entries SET text = 'A paragraph of fetched text.' || id WHERE id <= 3000")
    conn.commit()
    conn.close()
    out = tmp_path / "out" / "unread.epub"
    out.parent.mkdir()
    for _ in range(TRIES):
        out.write_bytes(b"the book made yesterday")
        proc = start(lib, "export", "-o", str(out))
        wait_until(hidden_file_in(out.parent), proc)
        was_stopped = interrupted(proc, signal.SIGTERM)
        assert os.listdir(out.parent) == ["unread.epub"], "no temporary file is left"
        if was_stopped:
            assert out.read_bytes() == b"the book made yesterday"
            return
        assert out.read_bytes().startswith(b"PK")
    pytest.fail("export always finished before the signal")


def test_a_signal_during_a_markdown_folder_export_leaves_every_file_whole(big_library: Path, tmp_path: Path) -> None:
    lib = a_copy(big_library, tmp_path / "lib" / "lib.db")
    folder = tmp_path / "notes"
    folder.mkdir()
    for _ in range(TRIES):
        proc = start(lib, "export", "-f", "markdown", "-o", str(folder))
        wait_until(lambda: len(os.listdir(folder)) > 10, proc)
        was_stopped = interrupted(proc, signal.SIGTERM)
        names = os.listdir(folder)
        assert not [n for n in names if n.startswith(".")], "no temporary file is left"
        for name in names:
            text = (folder / name).read_text(encoding="utf-8")
            assert text.startswith("---\ntitle: ") and text.endswith("\n") and "\n---\n" in text, name
        if was_stopped:
            assert 10 <= len(names) < N
            return
        assert len(names) == N
    pytest.fail("export always finished before the signal")


@pytest.mark.parametrize("where", ["close", "replace"])
def test_an_interruption_between_writing_and_the_move_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """The window a signal can hit at random above, hit on purpose: after the data is written,
    while the temporary file is closed or moved into place."""
    from readlog.core import exporting

    target = tmp_path / "out" / "note.md"
    target.parent.mkdir()
    target.write_text("the old file\n", encoding="utf-8")

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        with exporting.Replacing(target) as stream:
            stream.write(b"the new file\n")
            if where == "close":
                monkeypatch.setattr(stream, "close", interrupted)
            else:
                monkeypatch.setattr(exporting.os, "replace", interrupted)
    assert os.listdir(target.parent) == ["note.md"]  # no temporary file left
    assert target.read_text(encoding="utf-8") == "the old file\n"  # and the old one whole
