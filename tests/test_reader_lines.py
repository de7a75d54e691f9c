"""InputFile.lines(): the line splitter every line-based format reads through.

The splitter takes whole lines from each decoded piece in one step and keeps
only the line that runs across pieces; these properties check it against the
plain definition, over any text cut into any pieces, with lines longer than
the longest kept."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs.reader import InputFile

from helpers import examples

LINE_TEXT = st.text(st.sampled_from(["a", "长", "\n", "\ufeff", " ", "b"]), max_size=60)


def _split(pieces: list[str], longest: int) -> tuple[list[tuple[int, str]], list[int]]:
    infile = object.__new__(InputFile)  # only what lines() uses: its pieces and long_lines
    infile.long_lines = []

    def unix_chunks() -> Iterator[str]:
        yield from pieces

    infile._unix_chunks = unix_chunks  # type: ignore[method-assign]
    return list(infile.lines(longest)), infile.long_lines


def _expected(pieces: list[str], longest: int) -> tuple[list[tuple[int, str]], list[int]]:
    """Every line of the text numbered from 1 (a text that ends with a line end has an
    empty last line; no pieces, no lines); a line longer than ``longest`` is an empty
    string, its number in the second list; the first line loses its byte order marks."""
    if not pieces:
        return [], []
    text = "".join(pieces)
    lines, long = [], []
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > longest:
            long.append(number)
            line = ""
        lines.append((number, line.lstrip("\ufeff") if number == 1 else line))
    return lines, long


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(LINE_TEXT, max_size=6), st.integers(0, 12))
def test_lines_are_the_text_split_at_line_ends_whatever_the_pieces(pieces: list[str], longest: int) -> None:
    assert _split(pieces, longest) == _expected(pieces, longest)


def test_lines_examples() -> None:
    assert _split(["a\nb", "c\n\n", "d"], 10) == ([(1, "a"), (2, "bc"), (3, ""), (4, "d")], [])
    assert _split(["\ufeffab", "cdef\nok\n"], 3) == ([(1, ""), (2, "ok"), (3, "")], [1])
    assert _split(["xxxx", "\n", "yy"], 3) == ([(1, ""), (2, "yy")], [1])
    assert _split([], 3) == ([], [])
