"""Running a whole process and timing it, for benchmarks/run.py: wall and CPU
seconds and peak memory of exactly that child (os.wait4), into a pipe or in a
pseudo-terminal, alternating with a floor command run under the same load."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

TRIAGE_SIZE = (80, 24)
TERMINAL_SIZE = (100, 24)
SILENT_LIMIT = 900  # seconds a command in a pseudo-terminal may go without writing before it is stopped
CLI_FLOOR = "import typer, rich.table, rich.console, sqlite3"
CLI_FLOOR_CMD = [sys.executable, "-c", CLI_FLOOR]


@dataclass
class Timing:
    """Several runs of one command: wall seconds of each, peak RSS of the largest."""

    runs: list[float] = field(default_factory=list)
    peak_mb: float = 0.0
    error: str | None = None
    floor_runs: list[float] = field(default_factory=list)  # the CLI floor, run alternately with it
    cpu: list[float] = field(default_factory=list)  # user + system seconds: steadier than wall time on a busy machine
    floor_cpu: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.runs) if self.runs else float("nan")

    def as_dict(self) -> dict[str, Any]:
        floor = statistics.median(self.floor_runs) if self.floor_runs else None
        cpu = statistics.median(self.cpu) if self.cpu else None
        floor_cpu = statistics.median(self.floor_cpu) if self.floor_cpu else None
        return {
            "median": self.median,
            "floor_median": floor,
            "cpu_median": cpu,
            "floor_cpu_median": floor_cpu,
            **asdict(self),
        }


def run_once(cmd: list[str], *, env: dict[str, str]) -> tuple[float, float, int, str, float]:
    """(wall seconds, peak RSS in MB, exit code, stderr, CPU seconds) of one whole process.

    os.wait4 gives the resource usage of exactly this child (getrusage's
    RUSAGE_CHILDREN would report the maximum over all children so far).
    """
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode("utf-8", "replace").strip()
    return elapsed, usage.ru_maxrss / 1024, proc.returncode, text, usage.ru_utime + usage.ru_stime


def measure(
    cmd: list[str],
    *,
    env: dict[str, str],
    runs: int,
    warmup: bool = True,
    fresh: Any = None,
    paired: list[str] | None = None,
    runner: Any = None,
) -> Timing:
    """Median of ``runs`` runs (after one untimed warm-up run that fills the page cache).

    ``fresh(i)`` is called before run ``i`` and returns the command to run,
    for steps that must not repeat themselves (a fresh library, a fresh id).
    ``paired`` (the CLI floor) is run before each timed run, so that the
    ratio compares runs made under the same load on the machine.
    ``runner`` runs the command (default: run_once; run_once_in_terminal
    for a command whose output goes to a terminal).
    """
    runner = runner or run_once
    timing = Timing()
    total = runs + (1 if warmup else 0)
    for i in range(total):
        this = fresh(i) if fresh else cmd
        if paired and not (warmup and i == 0):
            floor = run_once(paired, env=env)
            timing.floor_runs.append(floor[0])
            timing.floor_cpu.append(floor[4])
        elapsed, peak, code, err, cpu = runner(this, env=env)
        if code != 0:
            timing.error = f"exit {code}: {err.splitlines()[-1] if err else ''}"
            return timing
        if warmup and i == 0:
            continue
        timing.runs.append(elapsed)
        timing.cpu.append(cpu)
        timing.peak_mb = max(timing.peak_mb, peak)
    return timing


def readlog_command(tree: Path | None) -> list[str]:
    """The installed entry point next to this Python, else ``python -m readlog``
    (always that with ``--tree``, so the tree's copy is the one imported)."""
    script = Path(sys.executable).with_name("readlog")
    if script.exists() and tree is None:
        return [str(script)]
    return [sys.executable, "-m", "readlog"]


def child_says(env: dict[str, str], code: str) -> str:
    """What a child Python started with ``env`` prints running ``code``, stripped."""
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def timed_copy(env: dict[str, str]) -> str:
    """The folder of the readlog package a child started with ``env`` imports."""
    return os.path.realpath(child_says(env, "import os, readlog; print(os.path.dirname(readlog.__file__))"))


def child_env(tree: Path | None) -> dict[str, str]:
    """A user's environment: no READLOG_* settings, and bytecode caches written
    (PYTHONDONTWRITEBYTECODE would make every run recompile edited modules)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("READLOG_") and k != "PYTHONDONTWRITEBYTECODE"}
    env.update({"READLOG_LANG": "en", "COLUMNS": "100", "NO_COLOR": "1"})
    if tree is not None:
        env["PYTHONPATH"] = str(tree.resolve())
    return env


def run_once_in_terminal(cmd: list[str], *, env: dict[str, str]) -> tuple[float, float, int, str, float]:
    """run_once's figures for ``cmd`` run in a pseudo-terminal of TERMINAL_SIZE
    (what it writes is read and dropped, as a terminal would)."""
    _, whole, peak, code, err, cpu = run_in_terminal(cmd, env=env, size=TERMINAL_SIZE)
    return whole, peak, code, err, cpu


def run_in_terminal(
    cmd: list[str], *, env: dict[str, str], size: tuple[int, int] = TRIAGE_SIZE
) -> tuple[float, float, float, int, str, float]:
    """Run ``cmd`` in a pseudo-terminal of ``size`` (columns, lines) until it exits.

    Returns (seconds to its first screen, seconds to its exit, peak RSS in MB,
    exit code, stderr, CPU seconds); the first comes from the file named by
    READLOG_TRIAGE_FIRST_SCREEN, where the app writes the wall-clock time it
    drew its first screen. What the app writes to the terminal is read and
    dropped, as a terminal would.
    """
    import fcntl
    import select
    import struct
    import termios

    columns, lines = size
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as err:
        marker = Path(folder) / "first-screen"
        child = {**env, "READLOG_TRIAGE_FIRST_SCREEN": str(marker), "TERM": env.get("TERM", "xterm-256color")}
        start_wall, start = time.time(), time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=err, env=child, start_new_session=True)
        os.close(slave)
        try:
            # Read until the child closes the terminal. A child silent for a while (a large
            # library on a busy machine: 30 s and more before its first line) is waited for,
            # never left writing into a terminal no one reads (which would block it, and us in
            # wait4, for good); one silent for SILENT_LIMIT seconds is stopped.
            while True:
                if not select.select([master], [], [], SILENT_LIMIT)[0]:
                    proc.kill()
                    break
                try:
                    if not os.read(master, 65536):
                        break
                except OSError:  # the child closed the terminal
                    break
        finally:
            _, status, usage = os.wait4(proc.pid, 0)
            os.close(master)
        whole = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode("utf-8", "replace").strip()
        first = float(marker.read_text()) - start_wall if marker.exists() else float("nan")
    return first, whole, usage.ru_maxrss / 1024, code, text, usage.ru_utime + usage.ru_stime


# ---- reporting ------------------------------------------------------------------


def floor_ratio(t: dict[str, Any]) -> float | None:
    """A read command's median over the CLI floor's median, run beside it (None if it failed)."""
    if t["error"] or not t["floor_median"]:
        return None
    return float(t["median"] / t["floor_median"])


def cell(seconds: float, floor: float | None, peak: float | None = None) -> str:
    if seconds != seconds:
        return "-"
    text = f"{seconds:.3f} s"
    if floor:
        text += f" ({seconds / floor:.2f}x)"
    if peak:
        text += f", {peak:.0f} MB"
    return text


def cpu_ratio(t: dict[str, Any]) -> str:
    if t.get("cpu_median") and t.get("floor_cpu_median"):
        return f"{t['cpu_median'] / t['floor_cpu_median']:.2f}x"
    return "-"
