"""Short titles for entries whose shape has none (digests)."""

from __future__ import annotations

import re
import unicodedata

MAX_CELLS = 60  # terminal cells: 30 Chinese characters or 60 Latin ones

_SENTENCE_END = re.compile(r"(?<=[。！？!?；;])|(?<=\.)(?=\s)")
_CLAUSE_END = re.compile(r"[，,：:、]")


def cells(text: str) -> int:
    """Terminal width of text: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cut(text: str, limit: int) -> str:
    out, used = [], 0
    for ch in text:
        w = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        if used + w > limit - 1:
            break
        out.append(ch)
        used += w
    cut = "".join(out)
    space = cut.rfind(" ")
    if space > len(cut) * 0.6:
        cut = cut[:space]
    return cut.rstrip(" ,，、：:;；-") + "…"


def derive_title(summary: str) -> str:
    """The first sentence, or failing that the first clause, of a summary,
    cut to MAX_CELLS with an ellipsis; never the whole paragraph."""
    text = " ".join(summary.split())
    if not text:
        return ""
    first = _SENTENCE_END.split(text, maxsplit=1)[0].strip()
    first = first.rstrip("。！？!?；;.")
    if cells(first) > MAX_CELLS:
        clause = _CLAUSE_END.split(first, maxsplit=1)[0].strip()
        if 4 <= cells(clause) <= MAX_CELLS:
            return clause
        return _cut(first, MAX_CELLS)
    return first
