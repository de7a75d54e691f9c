"""Read commands start fast: they import only what they need, and their queries use indexes.

Guards for issue 5 (the timings themselves live in benchmarks/run.py):

* each read command runs in a fresh interpreter under ``-X importtime`` and
  must not load a module on the forbidden list (the import and write
  machinery: sqlite_utils, dateutil.parser, feedparser, importers, ingest,
  merge; and Textual, which only ``triage`` needs);
* the list queries are captured as Library.select builds them and checked
  with ``EXPLAIN QUERY PLAN``: no full scan of ``entries`` and no sort of the
  whole table;
* fetching a page costs the same SQLite work in a library four times larger
  (a plan can use an index and still walk every row to fill the page);
* the console entry point builds only the invoked command (readlog.cli.dispatch.app_for),
  and that behaves exactly like the full app.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from readlog.cli import VALUE_OPTIONS, app
from readlog.cli.dispatch import COMMAND_MODULES, app_for, command_name, registered_name
from readlog.store import Filters, Store

from conftest import Built, Run, write
from helpers import copy_of

FORBIDDEN = (
    "sqlite_utils",
    "dateutil.parser",
    "feedparser",
    "readlog.inputs.detect",
    "readlog.inputs.ingest",
    "readlog.store.merge",
    "textual",
    "readlog.triage",
    "httpx",
    "trafilatura",
    "lxml",
    "readlog.web.client",
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
    ("show", ["1", "--full"]),
    ("list", ["--dead"]),
    ("list", ["--max-time", "10"]),
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


def build_library(path: Path, entries: int) -> Path:
    """A library of ``entries`` digest entries in four sources, 30 starred and 80 read."""
    sources = ["Kernel Notes", "Query Weekly", "Compiler Diary", "Storage Letters"]
    lines = []
    for i in range(entries):
        lines.append(f"技术文章 {sources[i % 4]} 2026/{1 + i % 12:02d}/{1 + i % 28:02d}")
        lines.append(f"第{i}篇：作者讨论内核调度与编译器缓存的第{i}个细节，附带测量数据。")
        lines.append(f"推荐收录，因为第{i}个例子说明了取舍。")
    run = Run()
    run("--db", str(path), "import", str(write(path.with_suffix(".txt"), "\n".join(lines) + "\n")))
    run("--db", str(path), "star", "1-30")
    run("--db", str(path), "read", "40-120")
    return path


@pytest.fixture(scope="module")
def libraries(built: Built, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two libraries, the second four times larger, built once for this module's plan tests
    (several hundred entries, so that the planner's statistics, if the library keeps any,
    describe a library rather than three rows): once per test run (conftest's ``built``),
    each test opening a copy of its own."""
    folder = tmp_path_factory.mktemp("plans")
    return (
        built("plans-300", lambda path: build_library(path, 300), folder / "small.db"),
        built("plans-1200", lambda path: build_library(path, 1200), folder / "large.db"),
    )


@pytest.fixture
def planned_library(libraries: tuple[Path, Path]) -> Path:
    return libraries[0]


def imported_modules(
    *args: str, env: dict[str, str] | None = None
) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """Run ``python -X importtime -m readlog ARGS`` (with ``env`` added) and return the modules it imported."""
    given = env or {}
    env = {k: v for k, v in os.environ.items() if not k.startswith("READLOG_")}
    env.update({"READLOG_LANG": "en", "NO_COLOR": "1", "COLUMNS": "100", "READLOG_FORCE_TTY": "1", **given})
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
    assert {"readlog.inputs.ingest", "readlog.inputs.detect"} <= set(forbidden_in(modules))
    # A new library is made from store/empty.py's statements: no migration runner.
    assert "sqlite_utils" not in modules


# What only a table or a panel needs: the entries table's layout, the cutting of rich text, line breaking.
LAYOUT_MODULES = {"readlog.render.table", "readlog.render.cut", "readlog.render.wrapping"}


def test_a_state_change_loads_only_the_output_object(small_library: Path) -> None:
    """star prints one line per entry through the Output object: none of the table's or
    the panel's modules is loaded; list on a terminal loads them (the check can see them)."""
    modules, done = imported_modules("--db", str(small_library), "star", "1")
    assert done.returncode == 0 and "starred" in done.stdout, done.stderr[-2000:]
    assert "readlog.render.output" in modules
    assert not LAYOUT_MODULES & modules, sorted(LAYOUT_MODULES & modules)
    listed, done = imported_modules("--db", str(small_library), "list")
    assert done.returncode == 0, done.stderr[-2000:]
    assert {"readlog.render.table", "readlog.render.cut"} <= listed


# Commands whose output is a line or two, whole lines for a pipe, or JSON: rich is not loaded
# (issue 38: the plain writer, render/plain.py, writes what rich would print there).
PLAIN_COMMANDS = [
    ("star", ["1"]),
    ("read", ["2"]),
    ("unstar", ["1", "3"]),
    ("tag", ["1", "+rust"]),
    ("note", ["2", "a note"]),
    ("list", []),
    ("list", ["--unread", "--json"]),
    ("show", ["2", "--json"]),
    ("search", ["内核"]),
    ("list", ["--tag", "nothing-has-it"]),  # "No entries." on standard error
    ("show", ["99"]),  # an error: one line on standard error, exit 1
]


@pytest.mark.parametrize(("command", "args"), PLAIN_COMMANDS, ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_plain_output_does_not_load_rich(small_library: Path, command: str, args: list[str]) -> None:
    """Output into a pipe (no READLOG_FORCE_TTY): a confirmation, whole lines, JSON or
    an error are written without rich; the same list on a terminal's layout loads it."""
    piped = {"READLOG_FORCE_TTY": ""}
    modules, done = imported_modules("--db", str(small_library), command, *args, env=piped)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    assert {"readlog.cli", "readlog.render.output"} <= modules  # the parse of -X importtime worked
    assert (done.stdout + done.stderr).strip(), "the command printed nothing"
    assert sorted(m for m in modules if m.split(".")[0] == "rich") == []
    if command == "list" and not args:
        table, done = imported_modules("--db", str(small_library), command, *args)
        assert done.returncode == 0, done.stderr[-2000:]
        assert {"rich", "rich.console"} <= table  # the check can see rich where a table is drawn


def test_a_completion_does_not_load_rich(small_library: Path) -> None:
    asked = {"_READLOG_COMPLETE": "bash_complete", "COMP_LINE": f"readlog --db {small_library} list --source "}
    modules, done = imported_modules(env=asked)
    assert done.returncode == 0 and "Kernel\\ Notes" in done.stdout, done.stderr[-2000:]
    assert "readlog.core.completion" in modules
    assert sorted(m for m in modules if m.split(".")[0] == "rich") == []


def test_the_toml_parser_is_loaded_only_to_read_a_config_file(small_library: Path, tmp_path: Path) -> None:
    """The config file is read when a setting is first asked for, its parser imported
    then: a run with no config file never loads it, one with a file does."""
    parser = "tomllib" if sys.version_info >= (3, 11) else "tomli"
    none = {"READLOG_CONFIG": str(tmp_path / "none.toml")}
    modules, done = imported_modules("--db", str(small_library), "list", env=none)
    assert done.returncode == 0 and done.stdout.strip(), done.stderr[-2000:]
    assert parser not in modules
    config = {"READLOG_CONFIG": str(write(tmp_path / "config.toml", "page_size = 2\n"))}
    modules, done = imported_modules("--db", str(small_library), "list", env=config)
    assert done.returncode == 0 and "Showing 2 of 3" in done.stdout, done.stdout
    assert parser in modules


def test_add_without_fetching_loads_no_network_nor_import_machinery(small_library: Path) -> None:
    """add --no-fetch is held to the star target: no httpx, no sqlite_utils, no importers."""
    modules, done = imported_modules("--db", str(small_library), "add", "https://example.com/a", "--no-fetch")
    assert done.returncode == 0 and "added" in done.stdout, done.stderr[-2000:]
    assert {"readlog.store.reading", "readlog.store.merge"} <= modules
    heavy = [m for m in forbidden_in(modules) if not m.startswith("readlog.store.merge")]
    assert heavy == [], heavy
    # Nor what a bulk import, a table or a large file's digest needs: OpenSSL's hashlib (13 million
    # instructions; the fingerprint uses CPython's own sha256), rich's tables, the index's schema.
    assert not {"_hashlib", "rich.table", "readlog.store.schema"} & modules, modules


def test_the_fingerprint_digest_is_hashlibs_sha256() -> None:
    import hashlib

    from readlog.model.entry import _sha256, fingerprint

    for text in ("", "url\0https://example.com/a", "text\0来源\0标题\0摘要" * 50):
        assert _sha256(text.encode()).hexdigest() == hashlib.sha256(text.encode()).hexdigest()
    assert (
        fingerprint("https://example.com/a", "", "", "")
        == hashlib.sha256(b"url\0https://example.com/a").hexdigest()[:32]
    )


def test_add_that_fetches_does_load_httpx(tmp_path: Path) -> None:
    """The guard can fail: reading a page loads the HTTP client (here a closed port answers at once)."""
    import socket

    spare = socket.socket()
    spare.bind(("127.0.0.1", 0))
    port = spare.getsockname()[1]
    spare.close()
    modules, done = imported_modules("--db", str(tmp_path / "new.db"), "add", f"http://127.0.0.1:{port}/a")
    assert done.returncode == 0, done.stderr[-2000:]
    assert {"httpx", "readlog.web.client"} <= set(forbidden_in(modules))


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


def list_statements(lib: Store, f: Filters) -> Iterator[tuple[str, list[Any]]]:
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


def open_copy(source: Path, target: Path) -> Store:
    """A private copy (SQLite's backup, so a WAL file is included) opened as readlog opens it."""
    return Store.open(copy_of(source, target))


@pytest.mark.parametrize(("name", "f"), LIST_QUERIES, ids=[n for n, _ in LIST_QUERIES])
def test_list_queries_use_indexes(planned_library: Path, tmp_path: Path, name: str, f: Filters) -> None:
    lib = open_copy(planned_library, tmp_path / "copy.db")
    try:
        for sql, params in list_statements(lib, f):
            assert plan_problems(lib.conn, sql, params) == [], sql
        lib.conn.execute("ANALYZE")  # and with fresh statistics, whatever the library kept before
        for sql, params in list_statements(lib, f):
            assert plan_problems(lib.conn, sql, params) == [], f"after ANALYZE: {sql}"
    finally:
        lib.close()


@pytest.mark.parametrize(("name", "f"), LIST_QUERIES, ids=[n for n, _ in LIST_QUERIES])
def test_plan_check_fails_without_the_indexes(planned_library: Path, tmp_path: Path, name: str, f: Filters) -> None:
    """The check above can fail: with the entries indexes dropped, each list query scans or sorts."""
    lib = open_copy(planned_library, tmp_path / "copy.db")
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
        try:
            problems = [p for sql, params in list_statements(lib, f) for p in plan_problems(lib.conn, sql, params)]
        except sqlite3.OperationalError as exc:  # a query that names its index cannot run without it
            assert "no such index" in str(exc)
            return
        assert problems
    finally:
        lib.close()


def test_an_imports_lookups_use_indexes_with_statistics_too(tmp_path: Path) -> None:
    """A library whose entries have no links (digest entries: the link key of each is '') and
    statistics (ANALYZE: readlog ran it after imports once, other tools still may) looks like
    one where every link key is shared by all: the lookup of a batch's links must still use
    the index, not read the whole library for each batch."""
    from readlog.core.importing import import_files

    digest = "".join(f"技术文章 Source {i % 7} 2026/01/{i % 28 + 1:02d}\n摘要 {i}。\n推荐 {i}。\n" for i in range(300))
    lib = Store.open(tmp_path / "lib.db")
    try:
        import_files(lib, [str(write(tmp_path / "digest.txt", digest))])
        lib.conn.execute("ANALYZE")
        links = write(tmp_path / "links.txt", "".join(f"https://example.com/{i}\n" for i in range(20)))
        real = lib.conn
        recorder = Recorder(real)
        lib.conn = recorder  # type: ignore[assignment]
        try:
            assert import_files(lib, [str(links)])[0].counts.added == 20
        finally:
            lib.conn = real
        lookups = [(sql, params) for sql, params in recorder.calls if re.search(r"(url_key|fingerprint) IN", sql)]
        assert len(lookups) >= 2, recorder.calls
        for sql, params in lookups:  # (a few rows found are sorted: only a scan of the library is a problem)
            plan = [row[3] for row in lib.conn.execute("EXPLAIN QUERY PLAN " + sql, params)]
            assert not [step for step in plan if FULL_SCAN.match(step)], (sql, plan)
    finally:
        lib.close()


# ---- only the invoked command is built (readlog.cli.dispatch.app_for) -------


def test_command_name_skips_global_options() -> None:
    assert command_name(["list", "--unread"]) == "list"
    assert command_name(["--db", "list", "show", "3"]) == "show"
    assert command_name(["--db=x.db", "--lang", "zh", "search", "内核"]) == "search"
    assert command_name(["--help"]) is None
    assert command_name(["--db", "x.db"]) is None
    assert command_name([]) is None


def test_every_global_option_with_a_value_is_known() -> None:
    """A new global option that takes a value must be added to VALUE_OPTIONS,
    else its value could be taken for the command's name."""
    root = typer.main.get_command(app)
    taking_values = {opt for p in root.params if not getattr(p, "is_flag", True) for opt in p.opts}
    assert taking_values, "found no global options: the check is not looking at the right thing"
    assert taking_values <= set(VALUE_OPTIONS)


def test_app_for_holds_only_the_invoked_command() -> None:
    one = typer.main.get_command(app_for(["--db", "x.db", "list", "--unread"]))
    assert list(one.commands) == ["list"]  # type: ignore[attr-defined]
    full = typer.main.get_command(app)
    assert len(full.commands) > 5  # type: ignore[attr-defined]
    for args in (["--help"], [], ["no-such-command"], ["--version"]):
        assert app_for(args) is app


@pytest.mark.parametrize(
    "args",
    [
        ["list", "--unread"],
        ["list", "--starred", "--source", "Kernel Notes", "--json"],
        ["show", "2"],
        ["show", "99"],
        ["show", "--help"],
        ["search", "内核", "--json"],
        ["list", "--no-such-option"],
        ["--lang", "zh", "list"],
    ],
    ids=" ".join,
)
def test_app_for_behaves_like_the_full_app(small_library: Path, args: list[str]) -> None:
    runner = CliRunner()
    full = runner.invoke(app, args)
    one = runner.invoke(app_for(args), args)
    assert (one.exit_code, one.stdout, one.stderr) == (full.exit_code, full.stdout, full.stderr)
    assert full.stdout or full.stderr


def vm_steps(lib: Store, f: Filters) -> int:
    """SQLite virtual-machine instructions (in tens) spent fetching one page of ``f``."""
    steps = 0

    def tick() -> int:
        nonlocal steps
        steps += 1
        return 0

    lib.conn.set_progress_handler(tick, 10)
    try:
        rows = lib.select(f, limit=20)
    finally:
        lib.conn.set_progress_handler(None, 0)
    assert rows, "the page is empty: nothing was measured"
    return steps


PAGE_QUERIES = [*LIST_QUERIES, ("starred", Filters(starred=True))]


@pytest.mark.parametrize(("name", "f"), PAGE_QUERIES, ids=[n for n, _ in PAGE_QUERIES])
def test_a_page_costs_the_same_in_a_larger_library(
    libraries: tuple[Path, Path], tmp_path: Path, name: str, f: Filters
) -> None:
    """Only the shown page is read: fetching it from a library four times larger
    (same number of starred entries) takes about the same work, where a plan
    that walks the rows to find the page takes four times as much."""
    small, large = (open_copy(p, tmp_path / f"{i}.db") for i, p in enumerate(libraries))
    try:
        a, b = vm_steps(small, f), vm_steps(large, f)
    finally:
        small.close()
        large.close()
    assert b <= 1.5 * a + 30, f"{name}: {a * 10:,} VM steps for 300 entries, {b * 10:,} for 1,200"


def test_every_command_is_mapped_to_the_module_that_declares_it() -> None:
    """main() imports only COMMAND_MODULES[name]; a command missing from the map
    (or mapped to the wrong module) would still work through the full app but
    would cost every run the import of all command modules."""
    import importlib

    names = {registered_name(c) for c in app.registered_commands} | {g.name for g in app.registered_groups}
    assert names == set(COMMAND_MODULES)
    for name, module in COMMAND_MODULES.items():
        declared = importlib.import_module(f"readlog.cli.{module}")
        source = Path(declared.__file__ or "").read_text(encoding="utf-8")
        assert f'"{name}"' in source or f"def {name}(" in source, (name, module)


def test_the_console_entry_point_keeps_start_up_out_of_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    """main() freezes what start-up made (gc.freeze) and collects ten times less often, so the
    collections that a command's imports set off do not walk typer's and readlog's modules again."""
    import gc

    from readlog.cli.exiting import main

    threshold = gc.get_threshold()
    monkeypatch.setattr(sys, "argv", ["readlog", "--version"])
    try:
        with pytest.raises(SystemExit):
            main()
        assert gc.get_freeze_count() > 1000
        assert gc.get_threshold()[0] >= 10 * 700
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def _entry_run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``code`` run in a fresh interpreter, then readlog's console script (cli.entry) with ``args``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("READLOG_")}
    env.update({"READLOG_LANG": "en", "NO_COLOR": "1"})
    script = f"import sys\n{code}\nfrom readlog.cli import entry\nsys.argv = ['readlog', *{list(args)!r}]\nentry()\n"
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)


def test_the_console_script_skips_teardown_but_not_what_an_exit_must_do(tmp_path: Path) -> None:
    """cli.entry ends with os._exit (no interpreter teardown), after the atexit functions and
    with standard output flushed, and with main()'s status."""
    registered = "import atexit\natexit.register(lambda: print('atexit ran'))"
    done = _entry_run(registered, "--db", str(tmp_path / "a.db"), "add", "https://example.com/a", "--no-fetch")
    assert done.returncode == 0, done.stderr
    assert "added" in done.stdout and done.stdout.rstrip().endswith("atexit ran"), done.stdout
    usage = _entry_run("", "list", "--no-such-option")
    assert usage.returncode == 2 and usage.stderr.startswith("readlog: "), usage.stderr
    message = _entry_run("import readlog.cli.exiting\nreadlog.cli.exiting.main = lambda: sys.exit('stopped here')")
    assert (message.returncode, message.stderr) == (1, "stopped here\n")


def test_the_console_script_waits_for_other_threads() -> None:
    """A thread still running when the command ends is waited for, as a normal exit does."""
    thread = (
        "import threading, time\n"
        "threading.Thread(target=lambda: (time.sleep(0.3), print('thread done', flush=True))).start()"
    )
    done = _entry_run(thread, "--version")
    assert done.returncode == 0 and "thread done" in done.stdout, (done.stdout, done.stderr)


def test_a_failed_last_flush_is_reported() -> None:
    """What is still buffered at the quick exit is flushed: a full disk there is said, status 1."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    # --version's own output is flushed (and its failure reported) by main(); what an atexit
    # function writes is left for the quick exit's flush.
    late = "setattr(sys, 'stdout', open('/dev/full', 'w', buffering=1 << 16)), print('late')"
    code = f"import atexit\natexit.register(lambda: ({late}))"
    done = _entry_run(code, "--version")
    assert done.returncode == 1 and done.stderr.startswith("readlog: "), (done.returncode, done.stderr)


def test_python_m_readlog_is_the_console_script() -> None:
    import readlog.__main__ as dunder_main
    from readlog.cli import entry

    assert dunder_main.entry is entry


def test_a_sync_with_nothing_new_loads_no_crdt_engine(small_library: Path, tmp_path: Path) -> None:
    """A sync that has something to send loads pycrdt (the check can see it); one with nothing
    new on either side never loads the document, and so never imports the engine (a quarter
    of its time when it did: docs/sync.md)."""
    folder = tmp_path / "Sync"
    folder.mkdir()
    modules, done = imported_modules("--db", str(small_library), "sync", str(folder))
    assert done.returncode == 0 and "3 sent" in done.stdout, done.stderr[-2000:]
    assert "pycrdt" in modules
    modules, done = imported_modules("--db", str(small_library), "sync")
    assert done.returncode == 0 and "0 sent, 0 changed here" in done.stdout, done.stderr[-2000:]
    assert "readlog.sync.engine" in modules
    assert not {m for m in modules if m == "pycrdt" or m.startswith(("pycrdt.", "anyio"))}


# ---- the config file's folder ---------------------------------------------------

HOMES = [None, "/home/reader", "/home/reader/", "relative/home", ""]
XDG = [None, "", "/srv/conf", "/srv/conf/", "relative/conf", " /srv/conf", "/"]


@pytest.mark.parametrize("home", HOMES)
@pytest.mark.parametrize("xdg", XDG)
def test_the_config_folder_is_platformdirs(monkeypatch: pytest.MonkeyPatch, home: str | None, xdg: str | None) -> None:
    """settings.user_config_dir (which spares a command importing platformdirs) says what
    platformdirs says, whatever $HOME and $XDG_CONFIG_HOME hold."""
    import platformdirs

    from readlog import settings

    for name, value in (("HOME", home), ("XDG_CONFIG_HOME", xdg)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    try:
        expected = platformdirs.user_config_dir("readlog", appauthor=False)
    except RuntimeError:  # no home to be found: platformdirs says so, and so does readlog
        with pytest.raises(RuntimeError):
            settings.user_config_dir()
        return
    assert settings.user_config_dir() == expected


def test_a_run_without_a_config_setting_does_not_import_platformdirs(small_library: Path, tmp_path: Path) -> None:
    home = {"HOME": str(tmp_path), "XDG_CONFIG_HOME": "", "READLOG_CONFIG": ""}
    modules, done = imported_modules("--db", str(small_library), "star", "1", env=home)
    assert done.returncode == 0 and "starred" in done.stdout, done.stderr[-2000:]
    assert not any(m.split(".")[0] == "platformdirs" for m in modules)
    modules, done = imported_modules("--db", str(small_library), "star", "1", env={**home, "HOME": "relative"})
    assert done.returncode == 0 and "starred" in done.stdout, done.stderr[-2000:]
    assert "platformdirs" in modules  # the check can see it where it is asked
