"""The bookmark-list shape: a read-later app's saved list, copied out.

    smolnero                        <- collection name (becomes the source)
    第一性原理思考（GitHub）          <- optional description
    蠕虫式驻留：劫持整个 GPU 的调度权   <- title
    作者梳理 ...                     <- summary, one or more paragraphs
    收藏16 天前                      <- when it was saved, relative to the export

Paragraphs are separated by blank lines; each entry ends at its stamp line,
so entry boundaries come from the stamps, not from counting paragraphs.

The text is plain (``Vec<T>`` stays as written). A title or summary may
hold markup copied with a page (``<b>...</b>``, ``<figure><img src=...>``):
only with clear evidence of it are page tags turned into text and image
lines (htmltext.copied_markup_to_text).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.htmltext import copied_markup_to_text
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.stamps import is_relative_stamp, parse_stamp

NAME = "bookmarks"
_STAMPISH = re.compile(
    r"(前|ago|刚刚|just now|昨天|前天|yesterday|\d{4}\s*[-/.年]|\d{4}$"
    r"|\d\s*月\s*\d{1,2}\s*[日号]?$|\d{2}-\d{2}(?:\s*\d{1,2}:\d{2})?$)",  # this year's day: 11月2日, 11-02 14:30
    re.I,
)
Paragraph = tuple[int, str]


def stamp_of(text: str, ctx: ParseContext) -> tuple[bool, object]:
    """(is a stamp line, resolved time) for one paragraph."""
    if "\n" in text or len(text) > 60 or not _STAMPISH.search(text):
        return False, None
    when = parse_stamp(text, ctx.reference)
    if when is not None and is_relative_stamp(text):
        ctx.used = True  # the import says which date "3 天前" was counted from
    return when is not None, when


def sniff(text: str) -> int:
    from readlog.model.stamps import now

    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    if len(paragraphs) < 3:
        return 0
    ref = now()
    stamps = sum(1 for p in paragraphs[:200] if len(p) <= 60 and parse_stamp(p, ref) is not None)
    if stamps == 0:
        return 0
    return 85 if stamps * 4 >= min(len(paragraphs), 200) * 0.5 else 50


def _paragraphs(infile: InputFile) -> Iterator[Paragraph | int]:
    """Paragraphs with their first line number; an int marks a skipped long line."""
    start, lines = 0, list[str]()
    long_seen = 0
    for number, raw in infile.lines():
        if len(infile.long_lines) > long_seen:
            long_seen = len(infile.long_lines)
            yield number
            continue
        text = raw.strip()
        if text:
            if not lines:
                start = number
            lines.append(text)
        elif lines:
            yield start, "\n".join(lines)
            lines = []
    if lines:
        yield start, "\n".join(lines)


def _title_like(text: str) -> bool:
    return "\n" not in text and len(text) <= 120 and "<" not in text and not text.endswith(("。", "."))


def _entry(block: list[Paragraph], source: str, stamp: Paragraph | None, when: object) -> Entry:
    (line, title), rest = block[0], block[1:]
    summary = "\n\n".join(copied_markup_to_text(t) for _, t in rest)
    return Entry(
        title=" ".join(copied_markup_to_text(title).split()),
        summary=summary.strip(),
        source=source,
        saved_at=when if stamp else None,  # type: ignore[arg-type]
        saved_raw=stamp[1] if stamp else "",
        line=line,
    )


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    source: str | None = None
    first_block = True
    block: list[Paragraph] = []
    for item in _paragraphs(infile):
        if isinstance(item, int):
            yield Problem(item, "import_line_too_long_entry")
            continue
        line, text = item
        if source is None:
            source = " ".join(text.split())
            if "\n" in text or len(source) > 200:
                yield Problem(line, "import_collection_first")
                source = source[:80]
            continue
        is_stamp, when = stamp_of(text, ctx)
        if not is_stamp:
            block.append(item)
            continue
        if not block:
            yield Problem(line, "import_stamp_orphan", {"stamp": text})
            continue
        if first_block and len(block) >= 3 and _title_like(block[1][1]):
            block = block[1:]  # the collection's description line
        first_block = False
        yield _entry(block, source, item, when)
        block = []
    if first_block and len(block) <= 1:
        yield Problem(block[0][0] if block else 0, "import_stamps_none")
        return
    if block:
        if first_block and len(block) >= 3 and _title_like(block[1][1]):
            block = block[1:]
        yield Problem(block[0][0], "import_stamp_missing")
        yield _entry(block, source or "", None, None)
