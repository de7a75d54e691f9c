"""The Highlight record an importer fills in: one thing a reader marked in an entry.

Importers attach them to the entry they belong to (``model.entry.Entry.highlights``),
in the order the source gives them; the store keeps each as a record of its own
(issue 35), apart from the entry's note, which holds only the reader's own words
on the whole entry.

Three kinds, as e-readers and read-later apps make them:

- ``highlight``: a passage of the text, with the reader's note on it when there is one;
- ``note``: the reader's words at a place in the text, on no passage (a Kindle note
  with no highlight at its location);
- ``bookmark``: a place in the text, with neither passage nor note.

Where it is, when the source says: ``location`` is the source's own place in the text
written neutrally, as digits (a Kindle location or range, ``"120-122"``; never a word
of the device's language), ``page`` likewise (``"12"``, ``"xii"``), and ``position``
the character offset of the passage in the entry's text when the source counts one.
``made_at`` is when the reader made it (timezone-aware; a time the source gives
without a zone is taken as UTC), ``colour`` a colour name the source gives (``yellow``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

KINDS = ("highlight", "note", "bookmark")


@dataclass
class Highlight:
    """One highlight, note or bookmark in an entry, as an importer found it."""

    passage: str = ""
    note: str = ""
    kind: str = "highlight"
    made_at: datetime | None = None
    location: str = ""
    page: str = ""
    position: int | None = None
    colour: str = ""


def locate(text: str, passage: str) -> int | None:
    """Where ``passage`` begins in ``text`` (a character offset), reading any run
    of white space in either as one and ignoring case; None when it is not there."""
    span = locate_span(text, passage)
    return span[0] if span else None


def locate_span(text: str, passage: str) -> tuple[int, int] | None:
    """Where ``passage`` begins and ends in ``text``, as ``locate`` finds it."""
    words = passage.split()
    if not words or not text:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    found = re.search(pattern, text, re.IGNORECASE)
    return found.span() if found else None


# Where a marked passage begins and ends in a text while it is laid out or written out
# (two private-use characters, one cell wide each): the terminal shows them as ⟦ ⟧
# (render/article.py), the EPUB as <mark> (core/export_epub.py). Both mark the same places.
MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"


def mark_passages(text: str, passages: list[str]) -> tuple[str, set[int]]:
    """``text`` with each passage's first occurrence (white space and case aside, as
    ``readlog highlight`` finds it: ``locate_span``) between MARK_OPEN and MARK_CLOSE,
    and the indexes of the passages so marked; passages not found, or overlapping one
    marked already, are left unmarked. Mark characters already in ``text`` are dropped."""
    text = text.replace(MARK_OPEN, "").replace(MARK_CLOSE, "")
    spans: list[tuple[int, int]] = []
    marked: set[int] = set()
    for index, passage in enumerate(passages):
        span = locate_span(text, passage)
        if span and not any(span[0] < end and start < span[1] for start, end in spans):
            spans.append(span)
            marked.add(index)
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + MARK_OPEN + text[start:end] + MARK_CLOSE + text[end:]
    return text, marked
