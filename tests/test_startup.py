"""Read commands start fast: they import only what they need, and their queries use indexes.

Two guards for issue 5 (the timings themselves live in benchmarks/run.py):

* each read command runs in a fresh interpreter under ``-X importtime`` and
  must not load a module on the forbidden list (the import and write
  machinery: sqlite_utils, dateutil.parser, feedparser, importers, ingest,
  merge);
* the list queries are captured as Library.select builds them and checked
  with ``EXPLAIN QUERY PLAN``: no full scan of ``entries`` and no sort of the
  whole table, so only the shown page is read however large the library.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from readlog.store import Filters, Library

from conftest import Run, write

FORBIDDEN = (
    "sqlite_utils",
    "dateutil.parser",
    "feedparser",
    "readlog.importers",
    "readlog.ingest",
    "readlog.merge",
)

DIGEST = """\
技术文章 Kernel Notes 2026/10/02
作者解释内核调度器如何在高负载下照顾后台任务，并给出了复现脚本。
推荐收录，因为测量方法清楚。
工程实践 Kernel Notes 2026/10/05
一篇讲编译器增量构建的长文，对比了三种缓存失效策略。
推荐收录，因为给出了真实项目的数字。
科研议题 Query Weekly 2026-09-15
A survey of incremental parsers for editors, with memory numbers.
Worth keeping for the comparison table.
"""

# (command, arguments after it): every read path, and the state changes that share them.
READ_COMMANDS = [
    ("list", ["--unread"]),
    ("list", ["--starred", "--source", "Kernel Notes"]),
    ("list", []),
    ("show", ["1"]),
    ("show", ["2", "--json"]),
    ("star", ["1"]),
    ("read", ["2"]),
    ("search", ["调度器"]),
    ("search", ["内核"]),
    ("search", ["parsers", "--json"]),
    ("list", ["--search", "编译器 -缓存"]),
]


@pytest.fixture
def small_library(run: Run, library: Path, tmp_path: Path) -> Path:
    """A few entries, imported through the CLI (in-process; the import path may load anything)."""
    run("import", str(write(tmp_path / "digest.txt", DIGEST)))
    return library


def imported_modules(*args: str) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """Run ``python -X importtime -m readlog ARGS`` and return the modules it imported."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("READLOG_")}
    env.update({"READLOG_LANG": "en", "NO_COLOR": "1", "COLUMNS": "100"})
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "readlog", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    modules = set()
    for line in done.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+\d+ \|\s*(\S+)", line)
        if m:
            modules.add(m.group(1))
    return modules, done


def forbidden_in(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == f or m.startswith(f + ".") for f in FORBIDDEN))


@pytest.mark.parametrize(("command", "args"), READ_COMMANDS, ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_read_commands_import_nothing_heavy(small_library: Path, command: str, args: list[str]) -> None:
    modules, done = imported_modules("--db", str(small_library), command, *args)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), "the command printed nothing: it did not run"
    # The parse of -X importtime worked (else the check below would pass vacuously).
    assert {"readlog.cli", "readlog.store", "sqlite3"} <= modules
    assert forbidden_in(modules) == [], f"`readlog {command} {' '.join(args)}` imported {forbidden_in(modules)}"


def test_import_does_load_the_import_machinery(tmp_path: Path) -> None:
    """The guard can fail: the import command really loads modules on the list."""
    source = write(tmp_path / "digest.txt", DIGEST)
    modules, done = imported_modules("--db", str(tmp_path / "new.db"), "import", str(source))
    assert done.returncode == 0, done.stderr[-2000:]
    assert {"readlog.ingest", "readlog.importers", "sqlite_utils"} <= set(forbidden_in(modules))


# ---- query plans -------------------------------------------------------------

FULL_SCAN = re.compile(r"^SCAN (TABLE )?entries\b(?! USING)")
SORTS_ALL = re.compile(r"USE TEMP B-TREE FOR ORDER BY")

# (name, filters): what `list --unread`, `list --starred --source X` and `list` ask the store for.
LIST_QUERIES = [
    ("unread", Filters(state="unread")),
    ("starred+source", Filters(starred=True, source="Kernel Notes")),
    ("default", Filters()),
]


class Recorder:
    """Stands in for the connection and keeps every statement with its parameters."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.calls: list[tuple[str, list[Any]]] = []

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        self.calls.append((sql, list(params)))
        return self.conn.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def list_statements(lib: Library, f: Filters) -> Iterator[tuple[str, list[Any]]]:
    """The SELECTs on entries that Library.select runs for one page of ``f``."""
    real = lib.conn
    recorder = Recorder(real)
    lib.conn = recorder  # type: ignore[assignment]
    try:
        lib.select(f, limit=20)
    finally:
        lib.conn = real
    statements = [(sql, params) for sql, params in recorder.calls if "FROM entries" in sql]
    assert statements, "Library.select ran no query on entries"
    yield from statements


def plan_problems(conn: sqlite3.Connection, sql: str, params: list[Any]) -> list[str]:
    details = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, params)]
    return [d for d in details if FULL_SCAN.match(d) or SORTS_ALL.search(d)]


def open_copy(source: Path, target: Path) -> Library:
    shutil.copy(source, target)
    return Library.open(target)


@pytest.mark.parametrize(("name", "f"), LIST_QUERIES, ids=[n for n, _ in LIST_QUERIES])
def test_list_queries_use_indexes(small_library: Path, tmp_path: Path, name: str, f: Filters) -> None:
    lib = open_copy(small_library, tmp_path / "copy.db")
    try:
        lib.conn.execute("ANALYZE")  # plans must hold whatever statistics the library has
        for sql, params in list_statements(lib, f):
            assert plan_problems(lib.conn, sql, params) == [], sql
    finally:
        lib.close()


@pytest.mark.parametrize(("name", "f"), LIST_QUERIES, ids=[n for n, _ in LIST_QUERIES])
def test_plan_check_fails_without_the_indexes(small_library: Path, tmp_path: Path, name: str, f: Filters) -> None:
    """The check above can fail: with the entries indexes dropped, each list query scans or sorts."""
    lib = open_copy(small_library, tmp_path / "copy.db")
    try:
        names = [
            r[0]
            for r in lib.conn.execute(
                "SELECT name FROM sqlite_master WHERE type='index' AND tbl_name='entries' AND sql IS NOT NULL"
            )
        ]
        assert names, "the library has no indexes on entries"
        for index in names:
            lib.conn.execute(f'DROP INDEX "{index}"')
        problems = [p for sql, params in list_statements(lib, f) for p in plan_problems(lib.conn, sql, params)]
        assert problems
    finally:
        lib.close()
