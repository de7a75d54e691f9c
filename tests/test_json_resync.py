"""Reading past damaged records of a JSON array takes work in proportion to
the file, however many records are broken and however they are laid out.

Untimed: the text is a str subclass that adds up the characters each
search, count and slice goes over, and the module's compiled patterns are
wrapped to add up how far each search advanced. Before the fix 8,000 bad
records (80 KB) took about 60 s, the work growing with the square of the
count; here 4x the records must cost at most about 4x the work.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from readlog.inputs.formats import common
from readlog.model.entry import Problem


class Counted(str):
    """Text that counts the characters scanned by the str methods the reader uses."""

    work = 0

    def _span(self, start: int | None, end: int | None) -> tuple[int, int]:
        start = 0 if start is None else max(0, start + len(self) if start < 0 else start)
        end = len(self) if end is None else max(0, min(len(self), end + len(self) if end < 0 else end))
        return start, end

    def count(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        s, e = self._span(start, end)
        Counted.work += max(0, e - s)
        return str.count(self, sub, s, e)

    def find(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        s, e = self._span(start, end)
        found = str.find(self, sub, s, e)
        Counted.work += max(0, (found + len(sub) if found >= 0 else e) - s)
        return found

    def rfind(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        s, e = self._span(start, end)
        found = str.rfind(self, sub, s, e)
        Counted.work += max(0, e - (found if found >= 0 else s))
        return found

    def __getitem__(self, key: Any) -> str:  # type: ignore[override]
        if isinstance(key, slice):
            s, e, _ = key.indices(len(self))
            Counted.work += max(0, e - s)
        else:
            Counted.work += 1
        return str.__getitem__(self, key)


class CountedPattern:
    """A compiled pattern that adds to Counted.work how far each search went."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        last = pos
        for m in self.pattern.finditer(text, pos, endpos):
            Counted.work += m.end() - last
            last = m.end()
            yield m
        Counted.work += max(0, min(len(text), endpos) - last)

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        m = self.pattern.match(text, pos, endpos)
        Counted.work += (m.end() - pos) if m else 1
        return m

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        m = self.pattern.search(text, pos, endpos)
        Counted.work += (m.end() if m else min(len(text), endpos)) - pos
        return m

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pattern, name)


GOOD = '{"url": "https://a.example/0"}'
SHAPES: dict[str, Callable[[int], str]] = {
    "one line": lambda n: f"[{GOOD}, " + ", ".join('{"u" 1}' for _ in range(n)) + "]",
    "indented": lambda n: f"[\n  {GOOD},\n" + ",\n".join('  {"u" 1}' for _ in range(n)) + "\n]",
    "indented otherwise": lambda n: f"[\n  {GOOD},\n" + ",\n".join(' {"u" 1}' for _ in range(n)) + "\n]",
    "strings left open": lambda n: f"[{GOOD}, " + ", ".join('{"u": "x}' for _ in range(n)) + "]",
    "stray brackets": lambda n: f"[{GOOD}], " + ", ".join('{"u" 1}]' for _ in range(n)) + "]",
    "deep damage": lambda n: f"[{GOOD}, " + ", ".join('{"u": [[[{"v" 1}]]]}' for _ in range(n)) + "]",
}


def work(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[Any]]:
    for name, value in list(vars(common).items()):
        if isinstance(value, re.Pattern):
            monkeypatch.setattr(common, name, CountedPattern(value))
    Counted.work = 0
    out = list(common.json_records(Counted(text)))
    monkeypatch.undo()
    return Counted.work, out


@pytest.mark.parametrize("shape", SHAPES)
def test_resync_work_grows_linearly(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    n = 1000
    small_text, big_text = SHAPES[shape](n), SHAPES[shape](4 * n)
    small, small_out = work(small_text, monkeypatch)
    big, big_out = work(big_text, monkeypatch)
    # the behaviour is kept: the good record is read, every broken one reported with its line
    for out, count in ((small_out, n), (big_out, 4 * n)):
        assert [item[2] for item in out if not isinstance(item, Problem)][:1] == [{"url": "https://a.example/0"}]
        assert sum(1 for item in out if isinstance(item, Problem) and "skipped" in item.message) >= count
    assert big <= 5 * small, f"{shape}: work {small:,} for {n} bad records, {big:,} for {4 * n}"
    assert big <= 25 * len(big_text), f"{shape}: {big:,} characters scanned for a text of {len(big_text):,}"


def test_records_and_lines_are_still_reported() -> None:
    text = '[\n  {"url": "https://a.example/1"},\n  {"u" 1},\n  {"url": "https://a.example/3"},\n  {"u": }\n]'
    out = list(common.json_records(text))
    good = [(item[0], item[1], item[2]["url"]) for item in out if not isinstance(item, Problem)]
    assert good == [(1, 2, "https://a.example/1"), (3, 4, "https://a.example/3")]
    assert [(p.line, p.message.split(":")[0]) for p in out if isinstance(p, Problem)] == [
        (3, "record 2"),
        (5, "record 4"),
    ]
