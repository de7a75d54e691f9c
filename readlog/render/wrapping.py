"""Line breaking for mixed Chinese and English text: ``wrap``, ``break_offsets``, ``wrap_parts``.

A line may break between any two CJK characters and at spaces, never inside
a Latin word, never right after a number (it keeps its unit), and never
before closing nor after opening punctuation (kinsoku). Plain text in, plain
text out: no rich renderables here, only rich's measure of terminal cells.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from rich.cells import cell_len

from readlog.render.kinsoku import NO_LINE_END, NO_LINE_START

# CJK, Hangul, full-width forms and CJK punctuation: a line may break between any two of them.
_WIDE = (("\u2e80", "\u9fff"), ("\uac00", "\ud7af"), ("\uf900", "\ufaff"), ("\uff00", "\uffef"), ("\u3000", "\u303f"))
_WIDE_FROM = min(lo for lo, _ in _WIDE)  # below it nothing is wide (Latin, digits, most punctuation)
_TOKENS = re.compile(r"\s+|\S+")


def _pieces(paragraph: str) -> Iterator[str]:
    """Whitespace runs, runs of other characters, and each wide character alone.

    Done by hand: a regular expression with the wide ranges in a character
    class takes ~5 ms to compile, half the time the detail view needs."""
    for token in _TOKENS.findall(paragraph):
        if token.isascii() or token.isspace():
            yield token
            continue
        run = ""
        for ch in token:
            if _is_wide(ch):
                if run:
                    yield run
                    run = ""
                yield ch
            else:
                run += ch
        if run:
            yield run


# Text that ends in a number: digits (with . or , between them, a % after them)
# that are not part of a name such as p99 or v1.2. A line never breaks right
# after a number, so it stays with its unit ("12 min", "200 行", "“12（cache）").
_NUMBER_END = re.compile(r"(?<![A-Za-z0-9.,])[0-9](?:[0-9.,]*[0-9])?%?$")
_NUMBER_LAST = frozenset("0123456789%")


def _ends_in_number(text: str, end: int) -> bool:
    """Whether ``text[:end]`` ends in a number (looked for in its last 64
    characters: a chain of glued numbers can make a unit long)."""
    return text[end - 1] in _NUMBER_LAST and _NUMBER_END.search(text, max(0, end - 64), end) is not None


def _glued(before: str, after: str) -> bool:
    """Whether a line may not break between ``before`` and ``after`` (both not empty)."""
    return after[0] in NO_LINE_START or before[-1] in NO_LINE_END or _ends_in_number(before, len(before))


def _units(paragraph: str) -> Iterator[tuple[str, bool]]:
    """The paragraph's units, each with whether a space came before it: its
    pieces glued wherever a line may not break between them: before closing
    punctuation and after opening punctuation (across a space too), after a
    number (it keeps what follows it, "12 min")."""
    unit, spaced, space = "", False, False
    for piece in _pieces(paragraph):
        if piece.isspace():
            space = True
            continue
        if unit and _glued(unit, piece):
            unit += " " + piece if space else piece
        else:
            if unit:
                yield unit, spaced
            unit, spaced = piece, space
        space = False
    if unit:
        yield unit, spaced


def _ascii_units(paragraph: str) -> Iterator[tuple[str, bool]]:
    """_units() for a paragraph of plain ASCII, where pieces are the words
    str.split() finds (a 20,000-word article: 90 -> 10 ms)."""
    units: list[str] = []
    for word in paragraph.split():
        last = units[-1] if units else ""
        if last and _glued(last, word):
            units[-1] += " " + word
        else:
            units.append(word)
    return ((unit, True) for unit in units)


def wrap(text: str, width: int) -> str:
    """Wrap mixed Chinese and English text to ``width`` terminal cells.

    Rich wraps only at spaces, which leaves ragged lines when a paragraph is
    mostly Chinese; here a line may break between any two CJK characters and
    at spaces, never inside a Latin word, never right after a number (it keeps
    its unit), never before closing punctuation nor after opening punctuation
    (kinsoku: 》 never starts a line, 《 never ends one).

    Only where a line is too narrow to keep these rules (a run of glued text
    wider than the line) is one broken, the lightest that will do: a number
    parted from its unit before a word cut, a word cut before a kinsoku rule
    broken (see _split_unit); a character wider than the line has one of its own.
    """
    width = max(width, 1)
    out: list[str] = []
    for paragraph in text.split("\n"):
        if paragraph.isascii() and not _NOT_PLAIN_ASCII.search(paragraph):
            out += _fill(_ascii_units(paragraph), width, len)
        else:
            out += _fill(_units(paragraph), width, cell_len)
    return "\n".join(out)


def break_offsets(text: str, width: int) -> list[int]:
    """Where wrap() breaks one line of ``text`` (no line breaks in it), as
    offsets into ``text``: each is where a new line starts (its first
    character that is not a space). The shape of rich's own ``divide_line``,
    so that rich can wrap text by wrap()'s rules (help screens in Chinese)."""
    offsets: list[int] = []
    at = len(text) - len(text.lstrip())  # an indented line keeps its indent: its lines are narrower
    for i, line in enumerate(wrap(text, max(width - at, 1)).split("\n")):
        while at < len(text) and text[at].isspace():
            at += 1
        if i:
            offsets.append(at)
        for ch in line:  # wrap() keeps every character but spaces, in order
            if not ch.isspace():
                at = text.index(ch, at) + 1
    return [o for o in offsets if 0 < o < len(text)]


def _fill(units: Iterable[tuple[str, bool]], width: int, measure: Callable[[str], int]) -> list[str]:
    """Units to lines of at most ``width`` cells, as many on a line as fit; a
    unit wider than a line starts one and is split."""
    out: list[str] = []
    line, used = "", 0
    for unit, spaced in units:
        w = measure(unit)
        gap = 1 if spaced and line else 0
        if used + gap + w <= width:
            line, used = line + " " * gap + unit, used + gap + w
            continue
        if line:
            out.append(line)
        if w <= width:
            line, used = unit, w
            continue
        *heads, line = _split_unit(unit, width)
        out += heads
        used = measure(line)
    out.append(line)
    return out


# A unit of printable ASCII with no space, no kinsoku punctuation and no number (a digit
# after anything but a letter or a digit), such as a long token or a hex or base62 blob:
# every break in it costs the same (a word cut), so it is cut every ``width`` characters,
# which is what _split_general finds, 25 times slower.
_TOKEN_OTHER = "".join(
    re.escape(chr(c))
    for c in range(0x21, 0x7F)
    if not chr(c).isalnum() and chr(c) not in NO_LINE_START and chr(c) not in NO_LINE_END
)
_UNIFORM_ASCII = re.compile(rf"[A-Za-z][A-Za-z0-9]*(?:[{_TOKEN_OTHER}]+[A-Za-z][A-Za-z0-9]*)*[{_TOKEN_OTHER}]*")


def _split_unit(unit: str, width: int) -> list[str]:
    """A unit wider than a line, in lines of at most ``width`` cells, each
    broken where it costs least (_break_cost), as late as fits among equals; a
    character wider than the line has a line of its own."""
    if unit.isascii() and _UNIFORM_ASCII.fullmatch(unit):
        return [unit[i : i + width] for i in range(0, len(unit), width)]
    return _split_general(unit, width)


def _split_general(unit: str, width: int) -> list[str]:
    """_split_unit for any unit."""
    lines: list[str] = []
    start, end = 0, len(unit)
    left = cell_len(unit)  # the cells from start on: measured once, not again for each line
    while start < end:
        if left <= width:
            lines.append(unit[start:])
            break
        best, best_cost, taken = start + 1, (True, True, True, True), cell_len(unit[start])
        full = solid = 0  # cells from start, and up to the last non-space
        for i in range(start, end):
            ch = unit[i]
            if i > start and not ch.isspace():
                if solid > width:
                    break
                cost = (*_break_cost(unit, i), False)
                if cost <= best_cost:
                    best, best_cost, taken = i, cost, full
            full += cell_len(ch)
            if not ch.isspace():
                solid = full
        lines.append(unit[start:best].rstrip())
        start, left = best, left - taken
        while start < end and unit[start].isspace():
            start, left = start + 1, left - cell_len(unit[start])
    return lines


def _break_cost(unit: str, i: int) -> tuple[bool, bool, bool]:
    """What a line break before ``unit[i]`` breaks, worst first: a kinsoku
    rule (closing punctuation starts the line, opening punctuation ends it), a
    word (between two narrow characters), a number and its unit."""
    j = i
    while unit[j - 1].isspace():
        j -= 1
    before, after = unit[j - 1], unit[i]
    kinsoku = after in NO_LINE_START or before in NO_LINE_END
    word = j == i and not _is_wide(before) and not _is_wide(after)
    return kinsoku, word, _ends_in_number(unit, j)


def wrap_parts(parts: Iterable[str], width: int, sep: str = " · ") -> str:
    """Parts joined by ``sep`` and wrapped to ``width`` cells between parts,
    each part kept whole on one line when it fits ("saved 3 days ago
    (2026-11-28)", "12 min read", "#system design"); a longer one is wrapped."""
    lines: list[str] = []
    line = ""
    for part in parts:
        joined = line + sep + part if line else part
        if cell_len(joined) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        pieces = wrap(part, width).split("\n")
        lines += pieces[:-1]
        line = pieces[-1]
    lines.append(line)
    return "\n".join(lines)


# Printable ASCII and the whitespace str.split() and the pattern above agree on.
_NOT_PLAIN_ASCII = re.compile(r"[^\x20-\x7e\t\x0b\x0c\r]")


def _is_wide(ch: str) -> bool:
    return ch >= _WIDE_FROM and any(lo <= ch <= hi for lo, hi in _WIDE)
