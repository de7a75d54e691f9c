"""Output into a pipe or a file, as git and gh print it, and the global options anywhere.

* a reader that stops early (``readlog list | head -1``) ends readlog quietly, exit 141;
* piped tables are whole tab-separated lines, never cut to COLUMNS;
* ``--json id,title,url`` prints just those fields;
* ``--db`` and ``--lang`` after the command.

The suite sets READLOG_FORCE_TTY=1 (conftest) so that CliRunner, whose output is not a
terminal, still sees the terminal's tables; the tests here take it away.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import Built, Run
from helpers import READLOG, child_env, netscape_file

LONG = "A title long enough that no eighty column table could ever show it whole: " + "word " * 20
LONG = LONG.strip()


def _bookmarks(path: Path, n: int) -> Path:
    """A Netscape bookmark file of ``n`` links, the first with the long title."""
    titles = (
        LONG if i == 0 else f"Bookmark number {i} with a title of some length to fill the pipe quickly"
        for i in range(n)
    )
    return netscape_file(path, ((f"https://example.com/{i}", t, 1764000000) for i, t in enumerate(titles)))


@pytest.fixture
def piped(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """A library with the long title, and output that is not a terminal."""
    run("import", str(_bookmarks(tmp_path / "bookmarks.html", 3)))
    run("tag", "1", "+deep dive")
    run("star", "1")
    monkeypatch.delenv("READLOG_FORCE_TTY")
    monkeypatch.setenv("COLUMNS", "40")
    return run


def _line_of(out: str, entry_id: int) -> list[str]:
    line = next(line for line in out.splitlines() if line.split("\t")[0] == str(entry_id))
    return line.split("\t")


def test_piped_list_prints_whole_tab_separated_lines(piped: Run) -> None:
    out = piped("list", "--limit", "0").stdout
    lines = out.splitlines()
    assert len(lines) == 3  # no header, no footer
    for line in lines:
        assert line == line.rstrip() and "  " not in line and "…" not in line and "\x1b" not in line
        assert "│" not in line and "─" not in line
    fields = _line_of(out, 1)
    assert fields[:4] == ["1", "unread starred", LONG, "https://example.com/0"]
    assert "#deep dive" in fields
    assert all(len(line.split("\t")) == len(fields) for line in lines)  # the same fields on every line


def test_piped_search_prints_whole_lines_with_the_match(piped: Run) -> None:
    fields = _line_of(piped("search", "eighty").stdout, 1)
    assert fields[2] == LONG and "eighty" in fields[4]


@pytest.mark.parametrize(
    ("args", "first"),
    [(["tags"], "deep dive\t1\t1"), (["history"], None), (["sources"], None), (["categories"], None)],
)
def test_other_tables_are_whole_lines_when_piped(piped: Run, args: list[str], first: str | None) -> None:
    out = piped(*args).stdout
    assert out and "\t" in out and "  " not in out
    if first is not None:
        assert out.splitlines()[0] == first


def test_piped_trash_keeps_the_whole_title(piped: Run) -> None:
    piped("rm", "1")
    fields = piped("trash").stdout.splitlines()[0].split("\t")
    assert fields[:2] == ["1", LONG]


def test_a_terminal_still_gets_the_table(piped: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("READLOG_FORCE_TTY", "1")
    out = piped("list").stdout
    assert "\t" not in out and "…" in out and "Title" in out


def test_json_field_selection(piped: Run) -> None:
    records = json.loads(piped("list", "--json", "id,title,url").stdout)
    assert records[-1] == {"id": 1, "title": LONG, "url": "https://example.com/0"}
    assert all(list(r) == ["id", "title", "url"] for r in records)
    assert json.loads(piped("list", "--json=id").stdout) == [{"id": 3}, {"id": 2}, {"id": 1}]
    found = json.loads(piped("search", "eighty", "--json", "id,snippet").stdout)
    assert found == [{"id": 1, "snippet": found[0]["snippet"]}] and "**eighty**" in found[0]["snippet"]


def test_json_alone_still_prints_whole_records(piped: Run) -> None:
    assert "summary" in json.loads(piped("list", "--json").stdout)[0]
    assert [r["id"] for r in json.loads(piped("search", "--json", "eighty").stdout)] == [1]  # a word, not fields


def test_an_unknown_json_field_is_a_usage_error_naming_the_fields(piped: Run) -> None:
    done = piped("list", "--json", "id,titel", code=2)
    assert "titel" in done.stderr and "title" in done.stderr and "url" in done.stderr
    assert done.stdout == ""
    assert "snippet" in piped("list", "--json", "snippet", code=2).stderr  # search's field only


# ---- a program gets every row: list, search, trash and history without --limit ----------------

MANY = 25  # more than a screen (page_size 20, history's 20)


@pytest.fixture
def many(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """MANY bookmarks, one of them read, output not a terminal."""
    run("import", str(_bookmarks(tmp_path / "many.html", MANY)))
    run("read", "1")
    monkeypatch.delenv("READLOG_FORCE_TTY")
    return run


def _ids(out: str) -> list[str]:
    return [line.split("\t")[0] for line in out.splitlines()]


def test_a_pipe_gets_every_match_unless_limited(many: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    """``readlog list --unread | wc -l`` counts every unread entry, as ``git log | wc -l`` counts
    every commit; --limit still limits; a terminal keeps its page and its footer."""
    assert len(_ids(many("list").stdout)) == MANY
    assert len(_ids(many("list", "--unread").stdout)) == MANY - 1
    assert len(_ids(many("search", "Bookmark").stdout)) == MANY - 1  # entry 1 has the long title
    assert len(_ids(many("list", "--limit", "5").stdout)) == 5
    assert len(_ids(many("search", "Bookmark", "-n", "3").stdout)) == 3
    assert len(_ids(many("list", "--limit", "0").stdout)) == MANY
    monkeypatch.setenv("READLOG_FORCE_TTY", "1")
    table = many("list", "--unread").stdout.splitlines()
    assert table[-1] == f"Showing 20 of {MANY - 1} entries; --limit 0 shows all" and len(table) == 1 + 20 + 1


@pytest.mark.parametrize("tty", ["", "1"])
def test_json_gets_every_match_unless_limited(many: Run, monkeypatch: pytest.MonkeyPatch, tty: str) -> None:
    """``readlog list --json | jq length``: every match, on a terminal too."""
    monkeypatch.setenv("READLOG_FORCE_TTY", tty)
    assert len(json.loads(many("list", "--json").stdout)) == MANY
    assert len(json.loads(many("search", "Bookmark", "--json", "id").stdout)) == MANY - 1
    assert len(json.loads(many("list", "--json", "-n", "4").stdout)) == 4


def test_trash_and_history_give_a_program_every_row(many: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    for n in range(2, MANY + 1):  # MANY - 1 removals: with the import and the read, MANY + 1 actions
        many("rm", str(n))
    assert len(_ids(many("trash").stdout)) == MANY - 1
    assert len(json.loads(many("trash", "--json").stdout)) == MANY - 1
    assert len(_ids(many("history").stdout)) == MANY + 1
    assert len(json.loads(many("history", "--json").stdout)) == MANY + 1
    assert len(_ids(many("history", "-n", "2").stdout)) == 2
    monkeypatch.setenv("READLOG_FORCE_TTY", "1")
    assert len(json.loads(many("history", "--json").stdout)) == MANY + 1
    assert "Showing 20 of 24 entries in the trash" in many("trash").stdout
    assert len(many("history").stdout.splitlines()) == 1 + 20  # a header and a screen


# ---- real pipes and the options after the command (child processes) ----------------------------


def _import_3000(lib: Path) -> None:
    done = subprocess.run(
        [*READLOG, "--db", str(lib), "import", str(_bookmarks(lib.parent / "big.html", 3000))],
        env=child_env(lib),
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


@pytest.fixture
def big(built: Built, tmp_path: Path) -> Path:
    """A library whose list is far bigger than a pipe's buffer (64 KiB), imported by a real
    readlog (once per test process; each test gets a copy)."""
    return built("3000-bookmarks", _import_3000, tmp_path / "big.db")


def _env(lib: Path, **extra: str) -> dict[str, str]:
    env = child_env(lib, READLOG_LANG="en", COLUMNS="40", **extra)
    env.pop("READLOG_FORCE_TTY", None)
    return env


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [["list", "--limit", "0"], ["list", "--limit", "0", "--json"], ["export"], ["search", "Bookmark", "-n", "0"]],
)
def test_a_reader_that_stops_early_ends_readlog_quietly(big: Path, args: list[str]) -> None:
    """``readlog list | head -1``: the reader takes one line and goes; readlog stops, silent, 141.

    The pipe is made small (4 KiB), so that readlog is still writing when the reader goes,
    whatever the system's pipe size (some hold a megabyte)."""
    read_end, write_end = os.pipe()
    with contextlib.suppress(OSError, AttributeError):
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    proc = subprocess.Popen([*READLOG, *args], env=_env(big), stdout=write_end, stderr=subprocess.PIPE, text=True)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as reader:
        first = reader.readline()
    assert proc.stderr is not None
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 141, err
    assert first and err == ""


@pytest.mark.slow
def test_piped_list_of_a_child_keeps_every_title_whole(big: Path) -> None:
    done = subprocess.run([*READLOG, "list", "--limit", "0"], env=_env(big), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 3000
    assert LONG in {line.split("\t")[2] for line in lines}


@pytest.mark.slow
def test_global_options_after_the_command(big: Path, tmp_path: Path) -> None:
    env = _env(tmp_path / "elsewhere.db")
    for args in (
        ["list", "--db", str(big), "--limit", "2"],
        ["list", "--limit", "2", f"--db={big}"],
        ["list", "--lang", "zh", "--db", str(big), "-n", "2"],
    ):
        done = subprocess.run([*READLOG, *args], env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, (args, done.stderr)
        assert len(done.stdout.splitlines()) == 2
    zh = subprocess.run(
        [*READLOG, "list", "--lang", "zh", "--db", str(big), "-n", "1"], env=env, capture_output=True, text=True
    )
    assert "\t未读\t" in zh.stdout
    assert not (tmp_path / "elsewhere.db").exists()


def test_hoisting_leaves_option_values_and_words_after_double_dash() -> None:
    from readlog.cli.dispatch import app_for
    from readlog.cli.hoisting import hoisted

    def moved(*args: str) -> list[str]:
        return hoisted(list(args), app_for(list(args)))

    assert moved("list", "--db", "x.db", "-n", "3") == ["--db", "x.db", "list", "-n", "3"]
    assert moved("list", "-n", "3", "--lang=zh") == ["--lang=zh", "list", "-n", "3"]
    assert moved("edit", "3", "--title", "--db", "--db", "y") == ["--db", "y", "edit", "3", "--title", "--db"]
    assert moved("search", "a", "--", "--db", "x") == ["search", "a", "--", "--db", "x"]
    assert moved("db", "check", "--db", "x") == ["--db", "x", "db", "check"]
    assert moved("--lang", "en", "list") == ["--lang", "en", "list"]
    assert moved("list", "--db") == ["list", "--db"]  # no value: left for click to report


def test_options_after_the_command_in_process(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through main(), the console entry point: the library named after the command is the one used."""
    import sys

    from readlog.cli.exiting import main

    other = tmp_path / "other.db"
    run("--db", str(other), "import", str(_bookmarks(tmp_path / "b.html", 2)))
    monkeypatch.setattr(sys, "argv", ["readlog", "list", "--db", str(other), "--json", "id"])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 0
    assert json.loads(capsys.readouterr().out) == [{"id": 2}, {"id": 1}]
