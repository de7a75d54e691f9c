"""Shared fixtures: every test gets its own library file."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows has none
    fcntl = None  # type: ignore[assignment]

import pytest
import time_machine
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner, Result

from readlog.cli.dispatch import command_for, command_name, help_language

from helpers import FIXED_NOW, FIXTURES, ROOT, SHARED

# The triage screen's fixtures and helpers (shared by tests/test_triage*.py).
pytest_plugins = ("triage_screen",)

__all__ = [
    "DIGEST",
    "FIXED_NOW",
    "FIXTURES",
    "ROOT",
    "SHARED",
    "Built",
    "Run",
    "with_examples",
    "with_reading_digest",
    "write",
]


def _on_a_ram_disk() -> None:
    """Test libraries and their temporary files on the RAM disk, where there is one.

    Every commit of a library ends in an fsync, which costs ~5 ms on this kind of
    machine's disk and nothing on tmpfs; the suite commits thousands of times. What
    is tested does not change: SQLite runs with the same settings, only the fsync
    is quicker. Set on import (the controller and each xdist worker import this
    file before the first temporary path is made); PYTEST_DEBUG_TEMPROOT (pytest's
    own setting) or TMPDIR given by the caller win.
    """
    ram = Path("/dev/shm")
    if not (ram.is_dir() and os.access(ram, os.W_OK | os.X_OK)):
        return
    if "TMPDIR" not in os.environ:
        os.environ["TMPDIR"] = str(ram)  # tempfile in this process and in the readlogs it starts
        tempfile.tempdir = None  # forget a folder tempfile may have chosen already
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", tempfile.gettempdir())  # tmp_path and tmp_path_factory


_on_a_ram_disk()


def _compile_once() -> None:
    """Byte-code compiled once per run, not once per process.

    Where PYTHONDONTWRITEBYTECODE is set (as on this project's machines and CI), every
    Python process compiles from source each module of the project it imports: each
    xdist worker its copy of the assertion-rewritten tests (10 s of CPU), and each of
    the readlog processes the tests start all of readlog (~0.1 s each). The suite's
    processes (the workers and the readlogs they start inherit this) write the compiled
    files where Python normally does, in the ``__pycache__`` folders beside the sources,
    which git ignores; the standard library's and the dependencies' were compiled when
    they were installed. PYTHONPYCACHEPREFIX would keep them out of the tree, but it
    sends every module there, the standard library's too, and so compiles all of those
    again in a fresh run.
    """
    if sys.dont_write_bytecode:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        sys.dont_write_bytecode = False


_compile_once()

# Hypothesis profiles. "short" (the default) keeps the whole suite quick; "long" tries
# ten times the examples with no deadline, for a search before a release:
#     HYPOTHESIS_PROFILE=long .venv/bin/python -m pytest -n auto -m hypothesis
# A test's own @settings(max_examples=...) still wins over the profile.
settings.register_profile("short", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "short"))

# Three digest entries (two sources, two categories) that several test files start from.
DIGEST = """\
技术文章 Go Blog 2025-10-02
Go 团队介绍了新的垃圾回收器调优方法，给出了延迟数据和配置建议。
推荐收录，因为数字清楚。
工程实践 Go Blog 2025-11-20
一篇讲 goroutine 泄漏排查的文章，附带 pprof 的使用步骤。
推荐收录，因为步骤可以照做。
技术文章 Rust Blog 2026-10-30
文章介绍 Rust 编译器在增量编译上的新进展：查询系统与缓存。
推荐收录，因为有明确的数字。
"""


@pytest.fixture(autouse=True)
def fixed_clock() -> Iterator[time_machine.Coordinates]:
    """Python's clock (time.time, datetime.now) set to FIXED_NOW for the test
    (helpers.FIXED_NOW); readlog run in a child process gets the test's clock
    through helpers.READLOG and helpers.child_env."""
    with time_machine.travel(FIXED_NOW, tick=True) as traveller:
        yield traveller


@pytest.fixture(autouse=True)
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point READLOG_DB at a fresh file; fix language and terminal width."""
    db = tmp_path / "lib" / "readlog.db"
    monkeypatch.setenv("READLOG_DB", str(db))
    monkeypatch.setenv("READLOG_CONFIG", str(tmp_path / "config" / "config.toml"))  # never the user's own
    monkeypatch.setenv("READLOG_LANG", "en")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("READLOG_FORCE_TTY", "1")  # tables as on a terminal, though CliRunner's output is not one
    monkeypatch.setenv("READLOG_BUSY_TIMEOUT", "2")
    monkeypatch.delenv("NO_COLOR", raising=False)
    return db


_COMMANDS: dict[tuple[str | None, str], Any] = {}


def _command_for(args: list[str]) -> Any:
    """The click command ``readlog.cli.exiting.main`` would build for ``args`` (``app_for``:
    only the command invoked; help and unknown names get the full app), built once
    per test process. Typer builds a click command from the app on every run,
    reading each function's signature and type hints: about 8 ms a run, nearly a
    tenth of the whole suite's time, for a result that depends only on which
    command is named and the language its help is said in (``command_for``
    builds a fresh command for each language, so a Chinese help never reaches
    an English run). Click's commands keep no state between runs (each run has
    its own context), as in any program that calls one command twice."""
    key = (command_name(args), help_language(args))
    if key not in _COMMANDS:
        _COMMANDS[key] = command_for(args)
    return _COMMANDS[key]


class Run:
    """Invoke the CLI in-process and keep stdout and stderr apart.

    Each run gets the command ``readlog.cli.exiting.main`` builds for its arguments
    (``app_for``), made once per process (``_command_for``).
    """

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | bytes | None = None, code: int | None = 0) -> Any:
        result = self._invoke(list(args), input)
        if code is not None:
            assert result.exit_code == code, (
                f"exit {result.exit_code}, wanted {code}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
            )
        return result

    def json(self, *args: str) -> Any:
        return json.loads(self(*args, "--json").stdout)

    def _invoke(self, args: list[str], input: str | bytes | None) -> Result:
        """typer's ``CliRunner.invoke`` (streams, environment and prompts set aside
        by its ``isolation``) with the command built once; exceptions other than
        SystemExit propagate (catch_exceptions=False)."""
        if any(len(a) > 1 and a.startswith("@") for a in args):  # @NAME, as main() reads it
            from readlog.cli.dispatch import app_for
            from readlog.cli.hoisting import viewed

            args = viewed(args, app_for(args))
        command = _command_for(args)
        code: Any = 0
        with self.runner.isolation(input=input) as (out, err, both):
            try:
                command.main(args=args, prog_name=self.runner.get_default_prog_name(command))
            except SystemExit as exc:
                code = 0 if exc.code is None else exc.code
                if not isinstance(code, int):
                    sys.stdout.write(f"{code}\n")
                    code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                streams = out.getvalue(), err.getvalue(), both.getvalue()  # closed when isolation ends
        return Result(self.runner, *streams, None, code, None)


@pytest.fixture
def run() -> Run:
    return Run()


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_text(text, encoding=encoding)
    return path


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A temporary folder other users can reach (pytest's own may be private to its user)."""
    folder = Path(tempfile.mkdtemp(prefix="readlog-shared-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for p in folder.rglob("*"):
            p.chmod(0o755 if p.is_dir() else 0o644)
        shutil.rmtree(folder)


class Built:
    """Libraries built once per test run and handed to each test as a copy.

    ``built(name, make, to)`` runs ``make(path)`` the first time ``name`` is asked
    for (in that test's own environment, with the clock held at FIXED_NOW, where every
    test's clock starts: what the build stamps is never later than a test that copies
    it, however long the building test had run or the machine was slow), keeps
    the result, and copies it (the file with any -wal and -shm beside it) to
    ``to``. For tests that start from the same library built by real processes,
    where building it for every test cost seconds: each test still gets its own
    file to change.

    Under xdist the workers share the kept libraries (a folder beside their own
    temporary folders, as xdist's documentation shows for data made once per
    session): the first worker to ask for ``name`` builds it while holding a lock
    on it, and another that asks meanwhile waits for it, then copies it too,
    rather than build the same library a second time.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.kept: dict[str, Path] = {}

    def __call__(self, name: str, make: Callable[[Path], None], to: Path) -> Path:
        kept = self.kept.get(name)
        if kept is None:
            kept = self.folder / name / "lib.db"
            with _locked(self.folder / f"{name}.lock"):
                done = self.folder / name / "done"
                if not done.exists():
                    shutil.rmtree(kept.parent, ignore_errors=True)  # what a failed build left
                    kept.parent.mkdir(parents=True)
                    with time_machine.travel(FIXED_NOW, tick=False):
                        make(kept)
                    done.touch()
            self.kept[name] = kept
        to.parent.mkdir(parents=True, exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{kept}{suffix}").exists():
                shutil.copyfile(f"{kept}{suffix}", f"{to}{suffix}")
        return to


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` (made if missing) among the suite's processes;
    where there is no fcntl, none (each process then has a folder of its own)."""
    if fcntl is None:
        yield
        return
    with open(path, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    if "PYTEST_XDIST_WORKER" not in os.environ or fcntl is None:
        return Built(tmp_path_factory.mktemp("built"))
    shared = tmp_path_factory.getbasetemp().parent / "built"  # the run's folder, above each worker's own
    shared.mkdir(exist_ok=True)
    return Built(shared)


def with_examples(built: Built, to: Path) -> Path:
    """A copy at ``to`` of the library of examples/ imported as of 2026-12-01
    (``readlog import examples --as-of 2026-12-01``), which several test files start
    from: imported once per test process (``built``), in this process."""

    def make(lib: Path) -> None:
        Run()("--db", str(lib), "import", str(ROOT / "examples"), "--as-of", "2026-12-01")

    return built("examples", make, to)


def with_reading_digest(built: Built, to: Path) -> Path:
    """A copy at ``to`` of the library of examples/reading-digest.txt (five entries, ids 1-5)
    imported through the Python API as of 2026-12-01, which the API's tests start from:
    imported once per test process (``built``)."""

    def make(lib: Path) -> None:
        import readlog

        with readlog.open(lib) as opened:
            assert opened.import_path(ROOT / "examples" / "reading-digest.txt", as_of="2026-12-01").added == 5

    return built("reading-digest", make, to)
