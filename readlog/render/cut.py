"""Cutting rich text to a width as a reader would: ``cut`` (an ellipsis, never
inside a number nor between a number and its unit) and ``fit_hit`` (a search
hit's context cut around the hit, in a ``MatchCell``)."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text

from readlog.render.kinsoku import NO_LINE_END

_NUMBER_TAIL = re.compile(r"\d(?:[\d,.]*\d)?( ?)([A-Za-z%]+|[^\W\d_A-Za-z])?$")
# Chinese words that count things or time: a number before one of them is kept with it.
_CJK_UNITS = set("分秒时天日周月年条个行字词次倍万亿页篇元位人项处种")


def cut(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` cells with an ellipsis, as a reader would cut
    it: no blank nor opening punctuation before the ellipsis, and never inside a number nor between a
    number and its unit: "1 added, 0 updated" cut after "0 up" ends
    "1 added,…", not "0 up…" (nor "12 min" as "1…")."""
    if text.cell_len <= width:
        return text
    plain, used, end = text.plain, 0, 0
    for end, ch in enumerate(plain):  # noqa: B007 (end is used after the loop)
        used += cell_len(ch)
        if used > width - 1:
            break
    end = _number_safe(plain, end)
    while end > 0 and (plain[end - 1].isspace() or plain[end - 1] in NO_LINE_END):
        end -= 1  # nor a blank nor opening punctuation before the ellipsis: "标题…", not "标题（…"
    out = text[:end]
    out.append("…")
    out.end, out.no_wrap = text.end, text.no_wrap
    return out


def _number_safe(plain: str, end: int) -> int:
    """Where to cut ``plain`` at or before ``end`` so that a number and its
    unit either stay whole or both go."""
    if end >= len(plain):
        return end
    if plain[end].isdigit() and end and (plain[end - 1].isdigit() or plain[end - 1] in ",."):
        start = end  # inside a number: back to its start
        while start and (plain[start - 1].isdigit() or plain[start - 1] in ",."):
            start -= 1
        if not (start and plain[start - 1].isascii() and plain[start - 1].isalpha()):
            return start
    found = _NUMBER_TAIL.search(plain, 0, end)
    if found is None:
        return end
    start = found.start()
    if start and plain[start - 1].isascii() and (plain[start - 1].isalnum() or plain[start - 1] in ".,"):
        return end  # p99, v1.2: a name, not a number
    following = plain[end]
    after = plain[end + 1] if end + 1 < len(plain) else ""
    unit = found.group(2)
    if unit:  # only a unit cut short goes
        return start if unit.isascii() and following.isascii() and following.isalpha() else end
    if following == " ":
        following = after
    elif following in ",." and after.isdigit():
        return start
    return start if (following.isascii() and following.isalnum()) or following in _CJK_UNITS else end


class MatchCell(Text):
    """A Match cell: its label's length (in characters) and its first hit,
    so that fit_hit can cut it to its column around the hit; ``in_title``
    when the hit is only in the title."""

    label_len = 0
    hit: tuple[int, int] | None = None
    in_title = False


def fit_hit(text: Text, width: int) -> Text:
    """A Match cell cut to ``width`` cells around its first hit: the hit whole
    (wide characters count two cells), a little of what comes before it, as
    much as fits of what follows, an ellipsis where text was left out; the
    label ("tag: ") stays unless it leaves the hit no room."""
    if not isinstance(text, MatchCell) or text.hit is None or text.cell_len <= width:
        return text
    plain = text.plain
    hs, he = text.hit
    label = text.label_len
    first, last = label, len(plain)
    lead = plain.startswith("…", first) and first < hs
    trail = plain.endswith("…") and last - 1 >= he
    first += lead
    last -= trail
    hit_cells = cell_len(plain[hs:he])
    if cell_len(plain[:label]) + hit_cells + 2 > width:
        label = 0
    label_cells = cell_len(plain[:label])

    def cells(a: int, b: int) -> int:
        return label_cells + (a > first or lead) + cell_len(plain[a:b]) + (b < last or trail)

    a, b = hs, he
    if cells(a, b) > width:
        return cut(text[hs:], width)
    before = min(10, (width - label_cells - hit_cells) // 3)
    while a > first and cell_len(plain[a - 1 : hs]) <= before and cells(a - 1, b) <= width:
        a -= 1
    while b < last and cells(a, b + 1) <= width:
        b += 1
    while a > first and cells(a - 1, b) <= width:
        a -= 1
    if a > first and plain[a - 1 : a + 1].isascii() and plain[a - 1 : a + 1].isalnum():
        space = plain.find(" ", a, hs)  # not from the middle of a word
        if space >= 0:
            a = space + 1
    out = text[:label] if label else Text()
    if a > first or lead:
        out.append("…")
    out.append_text(text[a:b])
    if b < last or trail:
        out.append("…")
    return out
