"""The plain writer (render/plain.py) writes exactly what rich would.

A one-line confirmation, a notice, an error and the lines for a pipe are
written without loading rich where the plain writer can say what rich prints;
everywhere else rich prints them. These tests hold the two to the same bytes:
the writer against rich's Console for any line, style, stream and environment
(NO_COLOR, FORCE_COLOR, TTY_COMPATIBLE, a dumb terminal, the width), and the
Output object's lines written both ways.
"""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from rich.console import Console

from readlog.render import plain
from readlog.render.output import Output
from readlog.render.plain import SGR, Line

STYLES = ["", *SGR]
# Environments rich reads: colour off or forced, a terminal declared, a dumb terminal.
ENVIRONMENTS: list[dict[str, str]] = [
    {},
    {"NO_COLOR": "1"},
    {"NO_COLOR": ""},
    {"FORCE_COLOR": "1"},
    {"FORCE_COLOR": ""},
    {"TTY_COMPATIBLE": "0"},
    {"TTY_COMPATIBLE": "1"},
    {"TERM": "dumb"},
    {"TERM": "xterm-256color", "COLORTERM": "truecolor"},
    {"FORCE_COLOR": "1", "NO_COLOR": "1", "TERM": "unknown"},
    {"TERM": "dumb", "LINES": "20"},
]
SIGNALS = ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TERM", "COLORTERM", "COLUMNS", "LINES")


class Stream(io.StringIO):
    """A text stream that says whether it is a terminal."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def environment(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    for name in SIGNALS:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)


def by_rich(line: Line, tty: bool, room: int, options: dict[str, Any]) -> str:
    stream = Stream(tty)
    console = Console(file=stream, highlight=False, markup=False, emoji=False, width=room)
    console.print(line.__rich__(), **options)
    return stream.getvalue()


words = st.one_of(
    st.text(alphabet=st.sampled_from([*"abc xyz 12", "标", "题", "é", "…"]), max_size=40),
    st.text(
        alphabet=st.sampled_from([*"abc xyz 12", "标", "题", "é", "…", "\t", "\u3000", "\u0301", "\x07", "\n"]),
        max_size=30,
    ),
)
lines = st.builds(
    lambda pieces, whole: Line(pieces[0][0], whole) if whole else _made(pieces),
    st.lists(st.tuples(words, st.sampled_from(STYLES)), min_size=1, max_size=4),
    st.sampled_from([*STYLES, "", "", "italic"]),
)


def _made(pieces: list[tuple[str, str]]) -> Line:
    line = Line()
    for text, style in pieces:
        line.append(text, style)
    return line


# Output's ways of printing a line: as a whole line (soft wrap), cut to the width, folded to it.
WAYS: list[dict[str, Any]] = [
    {"soft_wrap": True},
    {"no_wrap": True, "overflow": "ellipsis"},
    {"no_wrap": True},
    {},
]


@example(line=Line("标题" * 10), tty=True, env={}, room=30, way=WAYS[1])
@given(
    line=lines, tty=st.booleans(), env=st.sampled_from(ENVIRONMENTS), room=st.integers(1, 60), way=st.sampled_from(WAYS)
)
def test_the_plain_writer_writes_what_rich_writes(
    line: Line, tty: bool, env: dict[str, str], room: int, way: dict[str, Any]
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        environment(patch, env)
        stream = Stream(tty)
        said = plain.written(line, stream, None if way.get("soft_wrap") else room)
        if said is not None:
            assert said == by_rich(line, tty, room, way)


@pytest.mark.parametrize("env", ENVIRONMENTS, ids=lambda e: " ".join(f"{k}={v}" for k, v in e.items()) or "bare")
@pytest.mark.parametrize("tty", [True, False])
def test_every_style_is_written_as_rich_writes_it(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], tty: bool
) -> None:
    """The writer does write (it is not always handing back to rich): each style alone,
    as a whole line's style, and a line of pieces in every style."""
    environment(monkeypatch, env)
    pieces = Line()
    for style in STYLES:
        line = Line(f"a {style} line 标题", style)
        said = plain.written(line, Stream(tty), 80)
        assert said is not None
        assert said == by_rich(line, tty, 80, {"no_wrap": True, "overflow": "ellipsis"})
        pieces.append(f"{style or 'plain'}: ", style).append("标题 ")
    said = plain.written(pieces, Stream(tty), None)
    assert said == by_rich(pieces, tty, 80, {"soft_wrap": True})
    if tty and env in ({}, {"TERM": "xterm-256color", "COLORTERM": "truecolor"}):
        assert "\x1b[36m" in (said or "")  # colours on a terminal


@pytest.mark.parametrize("env", ENVIRONMENTS, ids=lambda e: " ".join(f"{k}={v}" for k, v in e.items()) or "bare")
@pytest.mark.parametrize("columns", [None, "33", "120", "x"])
@pytest.mark.parametrize("tty", [True, False])
@pytest.mark.parametrize("given_width", [None, 50])
def test_the_width_is_riches(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], columns: str | None, tty: bool, given_width: int | None
) -> None:
    environment(monkeypatch, env)
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    stream = Stream(tty)
    console = Console(file=stream, width=given_width)
    assert plain.width(stream, given_width) == console.width
    assert plain.is_terminal(stream) == console.is_terminal


def output_lines(out: Output) -> None:
    """Every line the Output object may hand to the plain writer."""
    long = "标题" * 40 + " a very long title indeed"
    wide = "标题" * 25  # fewer characters than the width, more cells
    rows = [({"id": 5, "title": "第4篇"}, True), ({"id": 8, "title": wide}, True), ({"id": 7, "title": ""}, False)]
    out.state_changes(rows, "star")
    out.error("no entry with id 99")
    out.notice("upgrading the library")
    out.more(25)
    # A line that does not fit has rich make its console: the lines after it are rich's.
    out.state_changes([*rows, ({"id": 123456, "title": long}, False), *rows], "archive")
    out.error("no entry with id 99")
    out.error("bad\ttab " + long)
    out.notice("upgrading the library")
    out.line("a line", style="dim")
    out.line("plain " + long)
    out.more(25)
    from readlog.render.records import entry_line

    out.print(entry_line(12, "tagged: ", "Title 标题", "green", "#a #b", "blue"), no_wrap=True, overflow="ellipsis")
    out.print(entry_line(13, "note saved: ", long, "dim"), no_wrap=True)
    out.entries(iter([]), lambda shown: 0, searched=False)  # "No entries." on stderr when piped


@pytest.mark.parametrize("env", ENVIRONMENTS, ids=lambda e: " ".join(f"{k}={v}" for k, v in e.items()) or "bare")
@pytest.mark.parametrize("tty", [True, False])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_output_writes_the_same_bytes_with_or_without_rich(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], tty: bool, lang: str
) -> None:
    environment(monkeypatch, {"COLUMNS": "70", **env})
    monkeypatch.delenv("READLOG_FORCE_TTY", raising=False)

    def written(use_plain: bool) -> tuple[str, str]:
        out_stream, err_stream = Stream(tty), Stream(tty)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(sys, "stdout", out_stream)
            patch.setattr(sys, "stderr", err_stream)
            patch.setattr(plain, "usable", lambda: use_plain)
            output_lines(Output(lang))
        return out_stream.getvalue(), err_stream.getvalue()

    by_plain, by_rich_only = written(True), written(False)
    assert by_plain == by_rich_only
    assert "第4篇" in by_plain[0] and "no entry with id 99" in by_plain[1]


def test_a_short_line_does_not_load_rich_a_long_one_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output makes rich's consoles only when a line needs them (here: one too long for its width)."""
    environment(monkeypatch, {"COLUMNS": "60"})
    monkeypatch.setattr(sys, "stdout", Stream(False))
    out = Output()
    out.state_changes([({"id": 5, "title": "short"}, True)], "star")
    assert out._out is None
    out.state_changes([({"id": 6, "title": "long " * 20}, True)], "star")
    assert out._out is not None
    assert sys.stdout.getvalue().splitlines()[1].endswith("…")
