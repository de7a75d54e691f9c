"""``show --full``: the fetched article, rendered for the terminal.

The stored text is the light Markdown that article.py writes (headings,
paragraphs, ``- `` lists, fenced code, ``> `` quotes, ``\\`` before a line
that is literal text). It is page text, so it is data: this small renderer
knows only that subset and builds ``rich.text.Text`` from it, never rich's
Markdown or markup. Prose is wrapped with render.wrapping.wrap (which breaks between
CJK characters); code keeps its spaces and is folded at the edge.

When standard output is a terminal and the article is longer than the
screen, it opens in readlog's reader (triage/reader.py, passed in by the
face), which keeps how far it was read; with ``--pager`` (or without a
terminal on standard input) everything goes through the system pager
(rich's console.pager, which uses $PAGER, else less); ``LESS=-R`` is set
when LESS is unset so that less shows the styles.
"""

from __future__ import annotations

import contextlib
import os
from typing import TYPE_CHECKING

import rich.pager
from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text

from readlog.model.blocks import Block, parse
from readlog.model.highlight import MARK_CLOSE, MARK_OPEN, mark_passages
from readlog.model.messages import say
from readlog.render.wrapping import wrap

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from rich.console import Console, ConsoleOptions
    from rich.style import Style

    from readlog.render.output import Output, Row

MAX_WIDTH = 100  # prose is easier to read in lines no longer than this


# A laid-out line: its parts, each (text, style); one rich Text is made from
# all of them at the end (a Text per line costs more than the layout itself).
Line = list[tuple[str, str]]
HEADING_STYLES = {1: "bold underline", 2: "bold"}


def layout(text: str, width: int) -> list[Line]:
    """The article as terminal lines of at most ``width`` cells each (20 at least)."""
    width = max(20, width)
    lines: list[Line] = []
    previous = ""
    for block in parse(text):
        if lines and not (block.kind == "item" and previous == "item"):
            lines.append([])
        lines.extend(_block(block, width))
        previous = block.kind
    return lines


def render(text: str, width: int, passages: list[str] | None = None) -> list[Text]:
    """The article as one rich Text per line, ``passages`` marked where they are (⟦ ⟧)."""
    return [Text.assemble(*line) for line in marked_layout(text, width, passages or [])]


def passages_of(row: Row) -> list[str]:
    """The passages an entry's highlights mark (its row as lib.get reads it); notes and bookmarks have none."""
    return [h["passage"] for h in row.get("highlights") or () if h.get("passage")]


def marked_layout(text: str, width: int, passages: list[str]) -> list[Line]:
    """``layout`` with the highlighted ``passages`` marked where they are (⟦ ⟧, styled)."""
    if not passages:
        return layout(text, width)
    return _marked(layout(mark_passages(text, passages)[0], width))


class Lines:
    """Laid-out lines as a rich renderable: segments straight to the console,
    without a Text object per line (rich would make one for each when
    splitting a long Text, ~30 ms for a 20,000-word article). The pieces
    were cleaned by parse(), so they hold no control characters."""

    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        styles: dict[str, Style] = {}
        for line in self.lines:
            for piece, name in line:
                if name and name not in styles:
                    styles[name] = console.get_style(name)
                yield Segment(piece, styles[name] if name else None)
            yield Segment.line()


def _block(block: Block, width: int) -> list[Line]:
    if block.kind == "heading":
        style = HEADING_STYLES.get(block.level, "bold italic")
        return [[(line, style)] for line in wrap(" ".join(block.lines), width).split("\n")]
    if block.kind == "item":
        indent = "  " * min(block.level, 8)
        bullet = "•" if block.level == 0 else "◦"
        body = wrap(" ".join(block.lines), max(10, width - len(indent) - 2)).split("\n")
        return [[(indent + bullet + " ", "cyan"), (body[0], "")], *([(indent + "  " + line, "")] for line in body[1:])]
    if block.kind == "code":
        return [[(piece, "green")] for line in block.lines for piece in _fold(line.expandtabs(4), width)]
    if block.kind == "quote":
        wrapped = wrap("\n".join(block.lines), max(10, width - 2)).split("\n")
        return [[("│ ", "dim"), (line, "italic")] for line in wrapped]
    return [[(line, "")] for line in wrap("\n".join(block.lines), width).split("\n")]


def _fold(line: str, width: int) -> list[str]:
    """A code line cut into pieces of at most ``width`` cells (never wrapped at spaces)."""
    if cell_len(line) <= width:
        return [line]
    pieces, current, used = [], "", 0
    for ch in line:
        w = cell_len(ch)
        if used + w > width:
            pieces.append(current)
            current, used = "", 0
        current += ch
        used += w
    pieces.append(current)
    return pieces


# The marks shown for where a highlighted passage begins and ends (model.highlight's
# MARK_OPEN and MARK_CLOSE): visible without colour and in a pipe, and styled on a terminal
# that has colour.
SHOWN_MARKS = {MARK_OPEN: "⟦", MARK_CLOSE: "⟧"}
MARKED_STYLE = "reverse"


def _marked(lines: list[Line]) -> list[Line]:
    """Lines with the passages between the marks styled, and the marks shown as ⟦ ⟧."""
    inside = False
    out: list[Line] = []
    for line in lines:
        pieces: Line = []
        for piece, style in line:
            if MARK_OPEN not in piece and MARK_CLOSE not in piece:
                pieces.append((piece, f"{style} {MARKED_STYLE}".strip() if inside else style))
                continue
            current = ""
            for ch in piece:
                if ch in SHOWN_MARKS:
                    if current:
                        pieces.append((current, f"{style} {MARKED_STYLE}".strip() if inside else style))
                    pieces.append((SHOWN_MARKS[ch], "bold yellow"))
                    inside, current = ch == MARK_OPEN, ""
                else:
                    current += ch
            if current:
                pieces.append((current, f"{style} {MARKED_STYLE}".strip() if inside else style))
        out.append(pieces)
    return out


def show_full(out: Output, row: Row, reader: Callable[[], None] | None = None) -> None:
    """The entry's panel, then its article, its highlighted passages marked (⟦ ⟧).
    Longer than the screen on a terminal: ``reader`` shows it when given (readlog's own
    reader, which keeps how far it was read: the face passes it) and standard input is a
    terminal too, else the system pager."""
    text = row.get("text") or ""
    passages = passages_of(row)
    console = out.out
    lines = marked_layout(text, min(console.width, MAX_WIDTH), passages) if text else []
    if lines and console.is_terminal and len(lines) + 8 > console.height:
        import sys

        if reader is not None and sys.stdin is not None and sys.stdin.isatty():
            reader()
            return
        os.environ.setdefault("LESS", "-R")
        with console.pager(pager=Pager(out), styles=True):
            _print(out, row, lines)
        return
    _print(out, row, lines)
    if not text:
        out.line(out.label("article_hint", id=row["id"]), style="dim")


class Pager(rich.pager.Pager):
    """The system pager ($PAGER, else less, else more), and the text printed
    as it is when there is none, or it fails: a pager that does not exist or
    exits with an error (PAGER=false) would otherwise leave the screen empty
    and the command reporting success. A failure is said in one line on
    standard error."""

    def __init__(self, out: Output) -> None:
        self.out = out

    def show(self, content: str) -> None:
        import shutil
        import subprocess
        import sys

        command = os.environ.get("PAGER") or next((p for p in ("less", "more") if shutil.which(p)), None)
        if not command or sys.stdin is None or not sys.stdin.isatty():
            self._print(content)
            return
        try:
            proc = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, errors="backslashreplace")
        except OSError as exc:
            self._failed(command, exc.strerror or str(exc), content)
            return
        try:
            with proc.stdin as pipe, contextlib.suppress(KeyboardInterrupt):  # type: ignore[union-attr]
                pipe.write(content)  # Ctrl-C here: the pager has the terminal, let it finish
        except OSError:
            pass  # the pager quit before reading everything (or never read at all: its status says)
        while True:
            try:
                status = proc.wait()
                break
            except KeyboardInterrupt:  # as the pager itself does, so the terminal is left usable
                pass
        if status != 0:
            self._failed(command, say("pager_status", self.out.lang, code=status), content)

    def _failed(self, command: str, detail: str, content: str) -> None:
        self.out.error(say("pager_failed", self.out.lang, pager=command, detail=detail))
        self._print(content)

    def _print(self, content: str) -> None:
        file = self.out.out.file
        file.write(content)
        file.flush()


def _print(out: Output, row: Row, lines: list[Line]) -> None:
    out.entry_detail(row, full=True)
    if lines:
        out.out.print(Text(""))
        out.out.print(Lines(lines))
