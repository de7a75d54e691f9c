"""The documentation cannot drift from the program.

* docs/cli-reference.md names every command and every option of every
  command (walked from the click commands of ``readlog.cli.app``), and is
  exactly what its cog block generates now (``cog --check``).
* Every ``$ readlog ...`` example in a ``console`` block of docs/guide.md
  and of README.md is run, in order, against one library per file (each
  file's first example imports examples/ with --as-of 2026-12-01), under
  the suite's fixed clock (one second further for each example, standing
still while it runs), in an 80-column terminal, in the UTC time zone,
  and what it prints (standard output and standard error, as a terminal
  shows them) must be the text that follows it, line for line.

Examples that reach the web use the suite's local server: the docs write it
as ``http://127.0.0.1:50000``, which is swapped for the server's real address
in the command and back in the output. The library's temporary path is
shown as ``~/.local/share/readlog/readlog.db``, where a new user's would be.

After a deliberate change of output, ``READLOG_UPDATE_DOCS=1 pytest
tests/test_docs.py`` writes what the commands print now into the files;
read the diff before committing it.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import time_machine
import typer

from readlog.cli import app

import webserver
from conftest import FIXED_NOW, ROOT, Run
from webserver import Server

server, web_server = webserver.server, webserver.web_server

REFERENCE = ROOT / "docs" / "cli-reference.md"
EXAMPLED = [ROOT / "docs" / "guide.md", ROOT / "README.md"]
DOC_SERVER = "http://127.0.0.1:50000"
DOC_LIBRARY = "~/.local/share/readlog/readlog.db"
COLUMNS = "80"
UPDATE = os.environ.get("READLOG_UPDATE_DOCS") == "1"


# ---------------------------------------------------------------- the reference


def commands(group: Any, prefix: str = "readlog") -> Iterator[tuple[str, Any]]:
    """Every command under ``group`` (a click group), with its full name (``readlog db check``)."""
    ctx = group.context_class(group)  # typer may vendor its own click
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        yield f"{prefix} {name}", command
        if hasattr(command, "list_commands"):
            yield from commands(command, f"{prefix} {name}")


def sections(text: str) -> dict[str, str]:
    """The reference's sections, by their ``## readlog ...`` heading."""
    parts = re.split(r"^## (readlog(?: [\w-]+)*)\n", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_the_reference_names_every_command_and_option() -> None:
    root = typer.main.get_command(app)
    assert hasattr(root, "list_commands")
    found = sections(REFERENCE.read_text(encoding="utf-8"))
    everything = [("readlog", root), *commands(root)]
    assert len(everything) > 30  # the walk found the commands (and db's)
    missing = [name for name, _ in everything if name not in found]
    assert not missing, f"commands not in {REFERENCE.name}: {missing}"
    absent = []
    for name, command in everything:
        for param in command.params:
            if param.param_type_name == "option" and not getattr(param, "hidden", False):
                absent += [f"{name} {opt}" for opt in (*param.opts, *param.secondary_opts) if opt not in found[name]]
    assert not absent, f"options not in their command's section of {REFERENCE.name}: {absent}"


def test_the_reference_is_what_cog_generates_now() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("TERMINAL_WIDTH", "FORCE_COLOR", "PY_COLORS")}
    done = subprocess.run(
        [sys.executable, "-m", "cogapp", "--check", str(REFERENCE.relative_to(ROOT))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, (
        f"{REFERENCE.name} is out of date; run: cog -r docs/cli-reference.md\n{done.stdout}{done.stderr}"
    )


# ---------------------------------------------------------------- the examples


@dataclass
class Example:
    line: int  # index of the "$ readlog" line in the file's lines
    end: int  # index just past its output
    command: str
    output: list[str]


def examples(lines: list[str]) -> list[Example]:
    """The ``$ readlog`` examples of the file's ``console`` blocks, with the lines that follow each."""
    found: list[Example] = []
    in_console = in_block = False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            in_console, in_block = (not in_block and line.strip() == "```console"), not in_block
            continue
        if not in_console:
            continue
        if line.startswith("$ "):
            assert line.startswith("$ readlog"), f"line {i + 1}: only readlog commands are run: {line}"
            found.append(Example(i, i + 1, line[2:], []))
        elif found and found[-1].end == i:
            found[-1].output.append(line)
            found[-1].end = i + 1
    for example in found:  # a blank line before the next command or the block's end is not output
        while example.output and not example.output[-1].strip():
            example.output.pop()
            example.end -= 1
    return found


def printed(result: Any, library: Path, base: str) -> list[str]:
    text = result.output.replace(base, DOC_SERVER).replace(str(library), DOC_LIBRARY)
    return [line.rstrip() for line in text.rstrip("\n").split("\n")] if text.strip() else []


@pytest.fixture
def utc() -> Iterator[None]:
    """Dates print in the UTC time zone, wherever the suite runs."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.mark.parametrize("doc", EXAMPLED, ids=lambda p: p.name)
def test_every_example_prints_what_the_docs_say(
    doc: Path,
    server: Server,
    library: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    utc: None,
    fixed_clock: time_machine.Coordinates,
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(work)  # relative paths as the docs write them; files an example writes stay here
    monkeypatch.setenv("COLUMNS", COLUMNS)
    monkeypatch.setenv("EDITOR", "false")  # nothing waits for an editor
    monkeypatch.delenv("VISUAL", raising=False)
    base = server.url("")
    lines = doc.read_text(encoding="utf-8").split("\n")
    found = examples(lines)
    assert found and found[0].command.startswith("readlog import examples/ --as-of 2026-12-01"), doc.name
    run = Run()  # each command's click command built once per process, as for the other tests (conftest)
    wrong = []
    for number, example in enumerate(found):
        # The suite's clock, one second further for each example and standing still while it runs:
        # entries saved by one command never share a second with the next one's (ties would order
        # them by chance), and "just now" stays just now.
        fixed_clock.move_to(FIXED_NOW + timedelta(seconds=number), tick=False)
        args = [arg.replace(DOC_SERVER, base) for arg in shlex.split(example.command)[1:]]
        result = run(*args, code=None)
        got = printed(result, library, base)
        if got != [line.rstrip() for line in example.output]:
            wrong.append((example, got))
    if UPDATE and wrong:
        for example, got in reversed(wrong):
            lines[example.line + 1 : example.end] = got
        doc.write_text("\n".join(lines), encoding="utf-8")
    report = "\n\n".join(
        f"{doc.name}:{ex.line + 1}: $ {ex.command}\n--- the docs say\n"
        + "\n".join(ex.output)
        + "\n--- it prints\n"
        + "\n".join(got)
        for ex, got in wrong
    )
    assert not wrong, report


SYNC_PAGE = ROOT / "docs" / "sync.md"
# The device ids docs/sync.md shows, in the order the machines first print theirs (each is made at random).
SYNC_DEVICES = ["3f2a9c0d1e4b5a6c", "9b8e7f6a5d4c3b2a"]


def test_the_sync_page_prints_what_it_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, utc: None, fixed_clock: time_machine.Coordinates
) -> None:
    """docs/sync.md's ``MACHINE$ readlog ...`` examples, run in order, each machine its own
    library, ``~`` a temporary home holding the shared folder ``~/Sync/readlog``; device ids
    are shown as the page names them (SYNC_DEVICES, in the order they first appear)."""
    import re

    home = tmp_path / "home"
    (home / "Sync" / "readlog").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("COLUMNS", COLUMNS)
    lines = SYNC_PAGE.read_text(encoding="utf-8").split("\n")
    found: list[tuple[int, int, str, str, list[str]]] = []  # (line, end, machine, command, output)
    in_console = False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            in_console = line.strip() == "```console"
            continue
        prompt = re.match(r"(\w+)\$ (readlog .*)", line) if in_console else None
        if prompt:
            found.append((i, i + 1, prompt[1], prompt[2], []))
        elif in_console and found and found[-1][1] == i:
            found[-1][4].append(line)
            found[-1] = (found[-1][0], i + 1, *found[-1][2:])
    assert len(found) > 5
    run = Run()
    devices: dict[str, str] = {}
    wrong = []
    for number, (start, end, machine, command, output) in enumerate(found):
        fixed_clock.move_to(FIXED_NOW + timedelta(seconds=number), tick=False)
        args = shlex.split(command)[1:]
        result = run("--db", str(tmp_path / f"{machine}.db"), *args, code=None)
        text = result.output.replace(str(home), "~")
        for device in re.findall(r"\b[0-9a-f]{16}\b", text):
            devices.setdefault(device, SYNC_DEVICES[len(devices) % len(SYNC_DEVICES)])
        for device, shown in devices.items():
            text = text.replace(device, shown)
        got = [line.rstrip() for line in text.rstrip("\n").split("\n")] if text.strip() else []
        if got != output:
            wrong.append((start, end, command, output, got))
    if UPDATE and wrong:
        for start, end, _, _, got in reversed(wrong):
            lines[start + 1 : end] = got
        SYNC_PAGE.write_text("\n".join(lines), encoding="utf-8")
    assert not wrong, "\n\n".join(
        f"sync.md:{start + 1}: $ {command}\n--- the docs say\n" + "\n".join(said) + "\n--- it prints\n" + "\n".join(got)
        for start, _, command, said, got in wrong
    )


def test_examples_are_found_with_their_output() -> None:
    text = "```console\n$ readlog list\nID  Title\n\n$ readlog tags\n```\n$ readlog no\n```sh\n$ readlog no\n```\n"
    found = examples(text.split("\n"))
    assert [(e.command, e.output) for e in found] == [("readlog list", ["ID  Title"]), ("readlog tags", [])]


# ---------------------------------------------------------------- the formats' count and sections

NUMBERS = {
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "twenty-one": 21, "twenty-two": 22, "twenty-three": 23, "twenty-four": 24,
}  # fmt: skip


def test_the_docs_count_the_formats_readlog_has_and_describe_each() -> None:
    """Three pages say how many formats import reads; each says the number FORMATS holds,
    and docs/formats.md has a section for every one of them."""
    from readlog.inputs.detect import FORMATS

    said = {
        page: re.findall(r"\b(\w+(?:-\w+)?) (?:import )?formats\b", (ROOT / page).read_text(encoding="utf-8"), re.I)
        for page in ("README.md", "docs/formats.md", "docs/guide.md")
    }
    counts = {page: [NUMBERS[w.lower()] for w in words if w.lower() in NUMBERS] for page, words in said.items()}
    assert all(counts.values()), counts
    assert {n for found in counts.values() for n in found} == {len(FORMATS)}, counts
    sections = re.findall(r"^### `([\w-]+)`", (ROOT / "docs" / "formats.md").read_text(encoding="utf-8"), re.M)
    assert set(FORMATS) <= set(sections), set(FORMATS) - set(sections)
