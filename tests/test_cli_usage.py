"""Usage at the edges: a group without its command, bad option values, odd terminal widths."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, Run
from helpers import READLOG, child_env


def readlog(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = child_env(tmp_path / "lib.db", READLOG_LANG="en", **env)
    return subprocess.run([*READLOG, *args], env=environ, capture_output=True, text=True, timeout=60)


def test_db_alone_shows_its_help_and_says_what_is_missing(tmp_path: Path) -> None:
    done = readlog(tmp_path, "db")
    assert done.returncode == 2
    assert "check" in done.stdout and "rebuild-index" in done.stdout and "Examples:" in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("readlog: ") and "check" in lines[0], done.stderr


def test_db_help_has_examples(run: Run) -> None:
    out = run("db", "--help").stdout
    assert "Examples:" in out and "readlog db check" in out


@pytest.mark.parametrize("command", [["import", str(ROOT / "examples" / "reading-digest.txt")], ["export"]])
def test_a_bad_format_is_a_usage_error_everywhere(run: Run, command: list[str]) -> None:
    result = run(*command, "--format", "bogus", code=2)
    assert "bogus" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_bad_import_format_is_refused_before_any_file_is_read(run: Run) -> None:
    result = run("import", "no-such-file.txt", "--format", "bogus", code=2)
    assert "bogus" in result.stderr and "no such file" not in result.stderr


@pytest.mark.parametrize("columns", ["0", "-3", "abc", "99999", "5"])
@pytest.mark.parametrize("args", [["--help"], ["list", "--help"], ["db", "--help"]])
def test_help_at_any_columns_value(tmp_path: Path, columns: str, args: list[str]) -> None:
    done = readlog(tmp_path, *args, COLUMNS=columns)
    assert done.returncode == 0 and "Usage" in done.stdout
    widths = [len(line) for line in done.stdout.splitlines()]
    assert 40 <= max(widths) <= 500, max(widths)


@pytest.mark.parametrize("columns", ["0", "99999"])
def test_screens_at_absurd_columns_values(tmp_path: Path, columns: str) -> None:
    assert readlog(tmp_path, "import", str(ROOT / "examples"), "--as-of", "2026-12-01").returncode == 0
    for args in (["stats"], ["show", "3"], ["list"], ["history"]):
        done = readlog(tmp_path, *args, COLUMNS=columns)
        assert done.returncode == 0, done.stderr
        assert 40 <= max(len(line) for line in done.stdout.splitlines()) <= 500, args
