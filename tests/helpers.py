"""Helpers several test files share: the suite's clock, parsing a file as an
import format would, the shared reference files, and readlog in a real process.

Kept free of the CLI (conftest imports typer and the app) so that small
test files and tests/clocked.py stay cheap to import.
"""

from __future__ import annotations

import ast
import functools
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from readlog.inputs import detect as importers
from readlog.inputs.detect import ParseContext
from readlog.inputs.reader import close_input, open_input
from readlog.model.entry import Entry, Problem
from readlog.model.messages import catalogue

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
SHARED = ROOT.parent / "shared"
FIXTURES = TESTS / "fixtures"
REAL = SHARED / "realworld"

# The suite's clock: every test runs at this instant (the clock ticks on from it), so
# nothing depends on the day the suite runs. A Wednesday, mid-morning UTC, a few days
# after the examples' --as-of; tests of other instants travel from here.
FIXED_NOW = datetime(2026, 12, 2, 10, 30, tzinfo=timezone.utc)

# The reference time imports in the format tests resolve relative stamps against.
AS_OF = datetime(2026, 12, 1, tzinfo=timezone.utc)

# The environment variable tests/clocked.py reads: the instant (ISO 8601) the child's clock starts at.
CLOCK_ENV = "READLOG_TEST_NOW"


def texts(lang: str) -> dict[str, list[str]]:
    """Each key of the catalogue's ``lang`` file and its texts: the one it has, or
    each of its plural forms (a key the file lacks is not there: no fallback)."""
    return {key: list(text.values()) if isinstance(text, dict) else [text] for key, text in catalogue(lang).items()}


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)  # type: ignore[misc]


def real(name: str) -> Path:
    """A file of the shared reference data; the test is skipped when it is absent."""
    path = REAL / name
    if not path.exists():
        pytest.skip(f"{path} not present (the shared reference files are absent)")
    return path


def split(items: list[Any]) -> tuple[list[Entry], list[Problem]]:
    return [i for i in items if isinstance(i, Entry)], [i for i in items if isinstance(i, Problem)]


def detected(path: Path) -> str | None:
    """The format detection finds for the file (None when nothing fits)."""
    infile = open_input(str(path))
    try:
        return importers.detect(infile.sniff_text())
    finally:
        close_input(infile)


def parse(path: Path, expect: str) -> tuple[list[Entry], list[Problem]]:
    """Detect the file's format (it must be ``expect``) and parse it as of AS_OF, without a library."""
    infile = open_input(str(path))
    try:
        name = importers.detect(infile.sniff_text())
        assert name == expect, name
        items = list(importers.parse(name, infile, ParseContext(as_of=AS_OF)))
    finally:
        close_input(infile)
    return split(items)


def parse_with(module: object, path: Path, as_of: datetime = AS_OF) -> tuple[list[Entry], list[Problem]]:
    """Parse ``path`` with one format module (no detection)."""
    infile = open_input(str(path))
    try:
        items = list(module.parse(infile, ParseContext(as_of=as_of)))  # type: ignore[attr-defined]
    finally:
        close_input(infile)
    return split(items)


# ---- readlog's source, read as the tests of the code's shape read it ---------------------------------


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of a file of readlog's source, parsed once per test process.

    test_architecture, test_catalogue_walk and others each read the whole of readlog/
    (150 modules), some of them several times over and at collection, which every
    xdist worker does: parsing costs ~0.7 s a pass. A tree is only read, never changed.
    """
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


_WALKED: dict[int, tuple[ast.AST, list[ast.AST]]] = {}


def walked(tree: ast.AST) -> list[ast.AST]:
    """``list(ast.walk(tree))``, the same nodes in the same order, made once per tree (a
    tree from ``parsed`` is walked by a dozen tests: each walk of readlog/ costs ~0.3 s,
    going through its 180,000 nodes once more costs a sixth of that). The list is kept
    with its tree, so the tree's id names it for as long as the process runs."""
    kept = _WALKED.get(id(tree))
    if kept is None or kept[0] is not tree:
        kept = _WALKED[id(tree)] = (tree, list(ast.walk(tree)))
    return kept[1]


# ---- readlog in a real process ----------------------------------------------------------------

# ``python tests/clocked.py ARGS`` is ``python -m readlog ARGS`` with the clock set from
# $READLOG_TEST_NOW: a child sees the time of the test that starts it (FIXED_NOW, or
# wherever the test travelled), not the machine's date.
READLOG = [sys.executable, str(TESTS / "clocked.py")]


def child_env(lib: Path | None = None, *, base: dict[str, str] | None = None, **extra: str) -> dict[str, str]:
    """The environment for a readlog child: the test's own (library, language, width:
    see conftest's ``library`` fixture) and the suite's clock."""
    env = dict(os.environ if base is None else base)
    env.setdefault(CLOCK_ENV, datetime.now(timezone.utc).isoformat())  # the test's clock, travelled or not
    if lib is not None:
        env["READLOG_DB"] = str(lib)
    env.update(extra)
    return env


def readlog(*args: str, env: dict[str, str] | None = None, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run readlog in a child process at the suite's clock; output captured as text."""
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("timeout", 120)
    return subprocess.run([*READLOG, *args], env=child_env() if env is None else env, text=True, **kwargs)


def netscape_file(path: Path, links: Iterable[tuple[str, str, int]]) -> Path:
    """A Netscape bookmark file, as browsers export them, of (link, title, ADD_DATE) triples."""
    lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<DL><p>"]
    lines += [f'<DT><A HREF="{url}" ADD_DATE="{added}">{title}</A>' for url, title, added in links]
    lines.append("</DL><p>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# ---- Hypothesis -------------------------------------------------------------------------------


def as_nobody() -> list[str] | None:
    """A command prefix that runs as an unprivileged user, so that file permissions
    apply: None when we are not root (permissions apply already). As root, the test is
    skipped, saying why, when there is no setpriv or the unprivileged user cannot run this
    Python (pyenv's interpreters under /root, mode 700, whose libpython it cannot load)."""
    if os.geteuid() != 0:
        return None
    if not shutil.which("setpriv"):
        pytest.skip("running as root without setpriv to drop privileges: permissions cannot be enforced")
    said = _nobody_cannot_run()
    if said is not None:
        pytest.skip(f"the unprivileged user cannot run this Python ({sys.executable}): {said}")
    return list(NOBODY)


NOBODY = ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")


@functools.cache
def _nobody_cannot_run() -> str | None:
    """Why the unprivileged user cannot import readlog with this Python, or None when it can:
    asked once per test process (a Python process of its own, ~0.2 s), not once per test."""
    probe = subprocess.run(
        [*NOBODY, sys.executable, "-c", "import readlog.cli"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        cwd="/",
    )
    if probe.returncode:
        return (probe.stderr.strip().splitlines() or ["no reason given"])[-1]
    return None


def examples(n: int) -> int:
    """A property test's example count: ``n`` under the default (short) Hypothesis profile,
    ten times ``n`` under HYPOTHESIS_PROFILE=long (see conftest.py). A count written in
    @settings would otherwise win over any profile."""
    return n * 10 if os.environ.get("HYPOTHESIS_PROFILE") == "long" else n


def copy_of(source: Path, target: Path) -> Path:
    """A copy of the library ``source`` at ``target`` through SQLite's backup (its -wal included)."""
    import sqlite3

    src, dest = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dest)
    finally:
        src.close()
        dest.close()
    return target


def connect(path: Path | str, **kwargs: Any) -> sqlite3.Connection:
    """A connection to a library with what readlog's own have (store/files.Connection): the
    function the search index's triggers call. For tests that change a library behind
    readlog's back as a program using readlog's store would; sqlite3 alone is refused any
    change to entries ("no such function")."""
    from readlog.store.files import Connection

    return sqlite3.connect(path, factory=Connection, **kwargs)


def assert_counters_exact(conn: sqlite3.Connection) -> None:
    """The view counters and the group counters (schema 19) equal a recount of the entries."""
    from readlog.store import schema

    assert dict(conn.execute("SELECT view, n FROM view_counts").fetchall()) == schema.view_recounts(conn)
    assert schema.group_counters(conn) == schema.group_recounts(conn)
