"""The plain writer: a line of styled words written as rich would write it,
without loading rich (~40 ms of a short command's start-up).

A confirmation (``    5 starred: Title``), a notice, an error, "... and 3
more" and every line for a pipe need no layout: their bytes are their words,
each styled word wrapped in the SGR codes of its style when the stream is a
terminal (none under NO_COLOR for colours; none at all for a pipe, a file or
a dumb terminal). ``Line`` holds such a line; the Output object (output.py)
writes it here when ``written`` can say exactly what rich would print, and
hands it to rich otherwise (``Line.__rich__``): a line that would have to be
cut or wrapped to its width, a style not in ``SGR``, a control character,
Windows, a Jupyter kernel. Which streams rich takes for a terminal, its
width and its NO_COLOR are read the way rich reads them (``is_terminal``,
``width``); tests/test_plain_writer.py holds the two writers to the same bytes.
"""

from __future__ import annotations

import builtins
import os
import sys
from typing import TYPE_CHECKING, Any, Optional, TextIO

if TYPE_CHECKING:
    from rich.text import Text

# The styles lines are printed in, as the SGR parameters rich writes for each:
# (with colours, under NO_COLOR, which keeps the attributes and drops the colours).
SGR: dict[str, tuple[str, str]] = {
    "bold": ("1", "1"),
    "dim": ("2", "2"),
    "red": ("31", ""),
    "green": ("32", ""),
    "yellow": ("33", ""),
    "blue": ("34", ""),
    "cyan": ("36", ""),
    "bold red": ("1;31", "1"),
    "bold blue": ("1;34", "1"),
}
# A terminal rich writes no colour to (nor attributes), however it is asked.
DUMB_TERMINALS = ("dumb", "unknown")


class Line:
    """One line of text in styled pieces, as ``rich.text.Text`` builds it with
    ``append``; ``style`` is the whole line's (a piece then has none of its own)."""

    __slots__ = ("pieces", "style")

    def __init__(self, text: str = "", style: str = "") -> None:
        self.pieces: list[tuple[str, str]] = []
        self.style = style
        self.append(text)

    def append(self, text: str, style: str = "") -> Line:
        if text:  # as Text.append: an empty piece leaves no span behind
            self.pieces.append((text, style))
        return self

    @property
    def plain(self) -> str:
        return "".join(text for text, _ in self.pieces)

    def __rich__(self) -> Text:
        """The same line as rich's Text, for rich to print (or to lay out in a table)."""
        from rich.text import Text

        text = Text(style=self.style)
        for piece, style in self.pieces:
            text.append(piece, style=style or None)
        return text


def usable() -> bool:
    """Whether rich would write to a plain text stream here: not on Windows (its
    console API), nor in a Jupyter kernel (rich's check: ``get_ipython`` exists)."""
    return os.name != "nt" and not hasattr(builtins, "get_ipython")


def is_terminal(stream: Any) -> bool:
    """Whether rich's Console takes ``stream`` for a terminal (Console.is_terminal):
    TTY_COMPATIBLE, then FORCE_COLOR, then the stream's own ``isatty``."""
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return False
    environ = os.environ
    compatible = environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    forced = environ.get("FORCE_COLOR")
    if forced is not None:
        return forced != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return False if isatty is None else bool(isatty())
    except ValueError:  # closed
        return False


def _dumb(stream: Any) -> bool:
    return is_terminal(stream) and os.environ.get("TERM", "").lower() in DUMB_TERMINALS


def _std_fileno(stream: Optional[TextIO], default: int) -> int:
    try:
        return stream.fileno() if stream is not None else default
    except Exception:
        return default


def width(stream: Any, given: int | None = None) -> int:
    """The width of rich's Console on ``stream`` made with ``width=given``
    (Console.size): ``given``, else $COLUMNS, when $LINES is set too; else 80
    on a dumb terminal; else ``given``, else $COLUMNS, else the size of the
    first of standard input, output and error that is a terminal, else 80."""
    environ = os.environ
    columns, lines = environ.get("COLUMNS"), environ.get("LINES")
    fixed = given if given is not None else int(columns) if columns is not None and columns.isdigit() else None
    if fixed is not None and lines is not None and lines.isdigit():
        return fixed  # a width and a height known: rich asks nothing else
    if _dumb(stream):
        return 80
    if fixed is not None:
        return fixed
    found = None
    for fd in (
        _std_fileno(sys.__stdin__, 0),
        _std_fileno(sys.__stdout__, 1),
        _std_fileno(sys.__stderr__, 2),
    ):
        try:
            found = os.get_terminal_size(fd)[0]
        except (AttributeError, ValueError, OSError):
            continue
        break
    return found or 80


def cells_at_most(text: str) -> int:
    """At least as many cells as ``text`` takes on a terminal: one for each
    character before U+0300 (rich counts each such printable one as one), two
    for any other (the most rich counts for one)."""
    if text.isascii():
        return len(text)
    return len(text) + sum(1 for ch in text if ch >= "\u0300")


def written(line: Line, stream: Any, room: int | None) -> str | None:
    """What rich prints for ``line`` on ``stream`` (its end of line included),
    or None where only rich can say: a style not in SGR, a piece styled in a
    styled line, a control character, or (``room``: the width it must fit in,
    else it would be cut or wrapped) a line that may not fit."""
    style = line.style
    pieces = line.pieces
    for text, piece_style in pieces:
        if piece_style and (style or piece_style not in SGR):
            return None
        if not text.isprintable():  # rich strips some control characters, expands tabs, splits lines
            return None
    if style and style not in SGR:
        return None
    plain = "".join(text for text, _ in pieces)
    if room is not None and cells_at_most(plain) > room:
        return None
    if not plain or not is_terminal(stream) or _dumb(stream):
        return plain + "\n"
    colour = 1 if os.environ.get("NO_COLOR", "") != "" else 0
    if style:
        codes = SGR[style][colour]
        return (f"\x1b[{codes}m{plain}\x1b[0m" if codes else plain) + "\n"
    out = []
    for text, piece_style in pieces:
        codes = SGR[piece_style][colour] if piece_style else ""
        out.append(f"\x1b[{codes}m{text}\x1b[0m" if codes else text)
    return "".join(out) + "\n"
