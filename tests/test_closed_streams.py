"""Closed or failing standard streams: one line on stderr and a non-zero exit,
never a traceback.

Real subprocesses (python -m readlog, at the test's clock: helpers.READLOG), because CliRunner replaces the
streams and so hides exactly these failures: standard input closed
(`<&-`), standard output closed (`>&-`), full (`/dev/full`) or a pipe
whose reader has gone (`| head -0`: quiet, exit 141), and Ctrl-C at a question.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, Built
from helpers import READLOG, child_env

EXAMPLES = str(ROOT / "examples")

# Under libfaketime (LD_PRELOAD) the child opens faketime's shared-memory file at start-up,
# which takes the closed descriptor: the stream is open again and there is nothing to test.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif("faketime" in os.environ.get("LD_PRELOAD", ""), reason="libfaketime reopens closed streams"),
]


def _import_examples(path: Path) -> None:
    done = subprocess.run(
        [*READLOG, "--db", str(path), "import", EXAMPLES, "--as-of", "2026-12-01"],
        env=child_env(),
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


@pytest.fixture
def lib(built: Built, tmp_path: Path) -> Path:
    """The examples imported by a real readlog (once per test process; each test gets a copy)."""
    return built("examples-by-a-process", _import_examples, tmp_path / "lib.db")


def _env(lib: Path) -> dict[str, str]:
    return child_env(lib, READLOG_LANG="en", COLUMNS="100")


def readlog(lib: Path, *args: str, shell: str = "", **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run readlog; ``shell`` is a redirection applied by sh before exec (``<&-``)."""
    command = [*READLOG, *args]
    if shell:
        command = ["sh", "-c", f'exec "$@" {shell}', "sh", *command]
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(command, env=_env(lib), stderr=subprocess.PIPE, text=True, timeout=60, **kwargs)


def one_line(done: subprocess.CompletedProcess[str], *parts: str) -> None:
    assert done.returncode not in (0, None), done
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("readlog: "), done.stderr
    for part in parts:
        assert part in lines[0], lines[0]


def test_bulk_question_with_standard_input_closed(lib: Path) -> None:
    done = readlog(lib, "read", "--source", "evening-reads", shell="<&-")
    one_line(done, "--yes")
    assert done.returncode == 1 and "will be marked read" in done.stdout


def test_note_from_closed_standard_input(lib: Path) -> None:
    one_line(readlog(lib, "note", "3", "-", shell="<&-"), "standard input")


def test_import_from_closed_standard_input(lib: Path) -> None:
    one_line(readlog(lib, "import", "-", shell="<&-"), "standard input")


def test_add_from_closed_standard_input(lib: Path) -> None:
    one_line(readlog(lib, "add", "-", "--no-fetch", shell="<&-"), "standard input")


def test_triage_with_standard_input_closed(lib: Path) -> None:
    one_line(readlog(lib, "triage", shell="<&-"), "terminal")


def test_an_escape_typed_as_an_option_is_not_echoed_raw(lib: Path) -> None:
    done = readlog(lib, "list", "--\x1b]0;owned\x07")
    one_line(done, "No such option")
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr


def test_a_file_import_does_not_need_standard_input(lib: Path) -> None:
    done = readlog(lib, "import", str(ROOT / "examples" / "reading-digest.txt"), shell="<&-")
    assert done.returncode == 0 and done.stderr == "", done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize(
    "args", [["list"], ["list", "--json"], ["export"], ["show", "3"], ["history"], ["stats"], ["--help"]]
)
def test_output_to_a_full_device(lib: Path, args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        one_line(readlog(lib, *args, stdout=full), "cannot write")


@pytest.mark.parametrize("args", [["list"], ["list", "--json"], ["export"], ["sources"]])
def test_output_to_closed_standard_output(lib: Path, args: list[str]) -> None:
    one_line(readlog(lib, *args, shell=">&-", stdout=None), "cannot write")


@pytest.mark.parametrize(
    "args",
    [
        ["list", "-n", "0"],
        ["list", "--json"],
        ["export"],
        ["export", "-f", "csv"],
        ["--help"],
        ["list", "--help"],
        ["--lang", "zh", "-h"],
        ["--version"],
    ],
)
def test_output_to_a_pipe_nobody_reads(lib: Path, args: list[str]) -> None:
    """A reader gone (``| head -0``) is no error to report: readlog stops quietly with 141,
    as git and gh (killed by SIGPIPE) do; its help and its version too (``readlog --help
    | head -1``), which are written while the arguments are read."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone, as after `| head -0`
    try:
        done = readlog(lib, *args, stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == 141, done
    assert done.stderr == "", done.stderr


def test_ctrl_c_at_the_question_exits_130(lib: Path) -> None:
    """On a terminal the bulk path asks; Ctrl-C there is an interruption (130), not a failure (1)."""
    import pty

    controller, terminal = pty.openpty()
    proc = subprocess.Popen(
        [*READLOG, "read", "--source", "evening-reads"],
        env=_env(lib),
        stdin=terminal,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    os.close(terminal)
    try:
        seen, deadline = b"", time.monotonic() + 30
        while b"[y/N]" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 1)
            if ready:
                seen += os.read(proc.stdout.fileno(), 4096)  # type: ignore[union-attr]
        assert b"[y/N]" in seen, seen
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        os.close(controller)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
