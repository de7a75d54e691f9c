"""``--help`` in Chinese: every command's and option's help text, and
typer's and click's own words around them (Usage, the panel titles,
[default: ...], [required], the help option), said through the catalogue
(the ``help_`` key each declaration names); English help is the same
keys' English (docs/cli-reference.md, checked by cog in test_docs)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import typer
from rich.cells import cell_len

from readlog.cli import app
from readlog.model.messages import catalogue, keys, known, wording

from conftest import Run
from helpers import READLOG, child_env

CJK = re.compile(r"[\u3400-\u9fff]")
# An English word of prose: letters with a lower-case one among them, perhaps
# followed by a sentence's punctuation. Option names (--json), metavars (PATH,
# <str>), values with digits or dots (2w, x.db), lists joined by commas
# (id,title,url), paths and variables ($EDITOR) are not.
PROSE_WORD = re.compile(r"[A-Za-z]*[a-z][A-Za-z]*['’]?[a-z]*[.,;:!?)]?")
TYPER_WORDS = ("Usage", "Options", "Commands", "Arguments", "[default", "[required]", "Show this message")


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


FULL = typer.main.get_command(app)
COMMANDS = dict(_commands(FULL))


def english_runs(screen: str) -> list[str]:
    """Runs of three or more English words of prose in a help screen, outside
    the example command lines (the lines under Examples/示例 up to a blank one)."""
    found: list[str] = []
    in_examples = False
    for line in screen.splitlines():
        text = re.sub(r"[│╭╮╰╯─]", " ", line).strip()
        if text in ("Examples:", "示例："):
            in_examples = True
            continue
        if not text:
            in_examples = False
        if in_examples:
            continue
        run: list[str] = []
        for token in [*text.split(), ""]:
            if token and PROSE_WORD.fullmatch(token):
                run.append(token)
                continue
            if len(run) >= 3:
                found.append(" ".join(run))
            run = []
    return found


def test_the_check_finds_english_in_every_english_help(run: Run) -> None:
    """The detector is meaningful: each English help screen has prose it catches."""
    for path in COMMANDS:
        assert english_runs(run(*path, "--help").stdout), path


@pytest.mark.parametrize("path", list(COMMANDS), ids=lambda p: " ".join(p) or "readlog")
def test_every_help_screen_is_wholly_chinese(run: Run, path: tuple[str, ...]) -> None:
    screen = run("--lang", "zh", *path, "--help").stdout
    assert english_runs(screen) == [], screen
    assert not [w for w in TYPER_WORDS if w in screen], screen
    assert "用法：readlog" in screen and "选项" in screen


def test_every_help_text_of_every_command_and_option_is_a_key_in_both_languages() -> None:
    """Each help text a declaration gives is a ``help_`` key of the catalogue (no module
    holds the sentences), with an English and a Chinese text."""
    missing = []
    for path, command in COMMANDS.items():
        for text in filter(None, _texts(command)):
            chinese = wording(text, "zh") if text.startswith("help_") and known(text) else None
            if chinese is None or not CJK.search(chinese):
                missing.append(f"{' '.join(path) or 'readlog'}: {text[:60]!r}")
            elif text not in catalogue("zh") or not wording(text).strip():
                missing.append(f"{' '.join(path) or 'readlog'}: {text} has no text of its own in one language")
    assert missing == []


def test_every_help_key_is_declared_or_a_typer_word() -> None:
    """No unused key: each help_ key is named by some declaration, or says one of typer's words."""
    declared = set()
    for command in COMMANDS.values():
        declared.update(filter(None, _texts(command)))
    said_by_typer = {
        "help_usage",
        "help_options_metavar",
        "help_command_metavar",
        "help_panel_arguments",
        "help_panel_options",
        "help_panel_commands",
        "help_default",
        "help_required",
        "help_env_var",
        "help_help_option",
    }
    stale = [k for k in keys("help_") if k not in said_by_typer and k not in declared]
    assert stale == []


def test_the_examples_keep_their_command_lines(run: Run) -> None:
    english, chinese = run("search", "--help").stdout, run("--lang", "zh", "search", "--help").stdout
    commands = [line.strip() for line in english.splitlines() if line.strip().startswith("readlog search ")]
    assert commands and all(c in chinese for c in commands)
    assert "示例：" in chinese and "[必填]" not in chinese


def test_chinese_help_never_reaches_an_english_run(run: Run) -> None:
    from typer import rich_utils

    english = run("list", "--help").stdout
    assert "用法" in run("--lang", "zh", "list", "--help").stdout
    assert run("list", "--help").stdout == english
    assert "Usage: readlog list [OPTIONS]" in english and "Options" in english and not CJK.search(english)
    assert (rich_utils.OPTIONS_PANEL_TITLE, rich_utils.DEFAULT_STRING) == ("Options", "[default: {}]")


def test_the_language_comes_from_the_environment(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("READLOG_LANG", "zh")
    screen = run("import", "--help").stdout
    assert "从导出文件导入条目" in screen and "[必填]" in screen and "[默认：auto]" in screen
    assert "Usage" not in run("--lang", "zh", "db", code=2).stdout  # a group without its command


@pytest.mark.parametrize("columns", [80, 40])
@pytest.mark.parametrize("path", [(), ("import",), ("list",), ("triage",), ("db",)])
def test_chinese_help_wraps_at_any_width(
    run: Run, monkeypatch: pytest.MonkeyPatch, columns: int, path: tuple[str, ...]
) -> None:
    """No line wider than the terminal, and no text cut off with an ellipsis
    where the English is not (a run of Chinese has no spaces to wrap at)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    chinese = run("--lang", "zh", *path, "--help").stdout
    english = run(*path, "--help").stdout
    assert max(cell_len(line) for line in chinese.splitlines()) <= columns
    assert chinese.count("…") <= english.count("…"), chinese


def test_the_console_entry_point_says_help_in_chinese(tmp_path: Any) -> None:
    import subprocess

    env = child_env(tmp_path / "lib.db", READLOG_LANG="en", COLUMNS="80")  # --lang after the command beats it
    done = subprocess.run(
        [*READLOG, "list", "--help", "--lang", "zh"], env=env, capture_output=True, text=True, timeout=60
    )
    assert (
        done.returncode == 0
        and "用法：" in done.stdout
        and "list [选项]" in done.stdout
        and "只要未读的条目。" in done.stdout
    )
    assert english_runs(done.stdout) == []


NO_LINE_START = "，。、；：！？）》」』】”"
ENV_NAME = re.compile(r"\$?READLOG_[A-Z_]+")


@pytest.mark.parametrize("columns", [60, 80])
def test_chinese_help_breaks_lines_where_chinese_may_break(
    run: Run, monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    """rich would break a run of Chinese anywhere (a line starting with 。) and
    fold a name in two (READLOG_FORC|E_TTY); the help screens wrap by
    readlog's own rules: no line starts with closing punctuation, and a name
    narrower than the column stays whole."""
    monkeypatch.setenv("COLUMNS", str(columns))
    for path in COMMANDS:
        chinese = run("--lang", "zh", *path, "--help").stdout
        starts = [
            chunk
            for line in chinese.splitlines()
            for chunk in re.split(r"\s{2,}|[│╭╮╰╯]", line)
            if chunk.strip() and chunk.strip()[0] in NO_LINE_START
        ]
        assert starts == [], (path, starts)
        names = set(ENV_NAME.findall(" ".join(wording(t, "zh") for t in _texts(COMMANDS[path]) if known(t))))
        assert all(name in chinese for name in names if len(name) < columns - 30), (path, names, chinese)


def _texts(command: Any) -> list[str]:
    texts = [command.help, command.short_help, command.epilog]
    texts += [p.help for p in command.params if getattr(p, "help", None)]
    return [t for t in texts if t]
