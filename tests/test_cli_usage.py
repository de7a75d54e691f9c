"""Usage at the edges: a group without its command, bad option values, odd terminal widths."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, Built, Run, with_examples
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
def test_screens_at_absurd_columns_values(built: Built, tmp_path: Path, columns: str) -> None:
    with_examples(built, tmp_path / "lib.db")
    for args in (["stats"], ["show", "3"], ["list"], ["history"]):
        done = readlog(tmp_path, *args, COLUMNS=columns)
        assert done.returncode == 0, done.stderr
        assert 40 <= max(len(line) for line in done.stdout.splitlines()) <= 500, args


# ---- the filter options are declared once (cli/options.py) -------------------


def _filter_options() -> dict[str, dict[str, tuple[object, ...]]]:
    """Each command that takes filters (has --unread: add's --read, edit's
    --source and stats' --since set or mean other things): its filter options
    by name, as click sees them (names, help, metavar, type, flag, repeatable,
    default)."""
    import typer

    from readlog.cli import app
    from readlog.cli.options import FILTER_NAMES

    group = typer.main.get_command(app)
    found: dict[str, dict[str, tuple[object, ...]]] = {}
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        params = {p.name: p for p in command.params if p.name in FILTER_NAMES and p.param_type_name == "option"}
        if "unread" in params:
            found[name] = {
                key: (
                    tuple(p.opts),
                    tuple(p.secondary_opts),
                    p.help,
                    p.metavar,
                    p.type.name,
                    p.is_flag,
                    p.multiple,
                    p.default,
                )
                for key, p in params.items()
            }
    return found


def test_filter_options_are_the_same_everywhere() -> None:
    found = _filter_options()
    assert set(found) == {
        "list", "search", "export", "triage", "fetch", "rm", "tag", "highlights", "next",
        "star", "unstar", "read", "unread", "archive", "unarchive",
    }  # fmt: skip
    every = [
        "unread", "read", "starred", "source", "category", "since", "before",
        "tag", "archived", "search", "dead", "min_time", "max_time", "in_progress", "view",
    ]  # fmt: skip
    reference = found["list"]
    assert list(reference) == every  # and in the same order in --help
    for command, options in found.items():
        # search takes its query as arguments, not as --search
        assert list(options) == [n for n in every if not (command == "search" and n == "search")], command
        for name, declared in options.items():
            if command == "tag" and name == "search":
                # tag's -TAG arguments would be eaten by a short option: --search without -s
                assert declared[0] == ("--search",) and declared[1:] == reference[name][1:], command
                continue
            assert declared == reference[name], (command, name)
    # the wording is the one wording, and each option has its help and its value's name
    assert reference["search"][0] == ("--search", "-s")
    assert all(help_ for _, _, help_, *_ in reference.values())
    assert reference["since"][3] == reference["before"][3] == "WHEN" and reference["min_time"][3] == "MINUTES"


def test_tag_still_reads_minus_words_as_tags_to_remove(run: Run) -> None:
    """-rust is a tag to remove, not -r -u -s "t": tag has no short filter options."""
    run("import", str(ROOT / "examples" / "reading-digest.txt"), "--as-of", "2026-12-01")
    run("tag", "1", "+rust", "+sql")
    assert run.json("tag", "1", "-rust", "-sql")[0]["tags"] == []
