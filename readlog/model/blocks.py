"""The stored text of a fetched article as blocks.

fetch stores an article's text as light Markdown (headings, paragraphs,
``- `` lists, fenced code, ``> `` quotes, ``\\`` before a line that is
literal text). It is page text, so it is data: ``parse`` knows only that
subset and gives blocks of plain lines, cleaned (sanitize.clean), which
``show --full`` lays out for the terminal (render.article) and the EPUB
export writes as XHTML (core.export_epub).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from readlog.model.sanitize import clean

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^((?:  )*)- (.*)$")
_FENCE = re.compile(r"^(`{3,})\s*$")


@dataclass
class Block:
    kind: str  # heading, para, item, code, quote
    level: int = 0  # heading level, or list depth
    lines: list[str] = field(default_factory=list)


def parse(text: str) -> list[Block]:
    """The stored Markdown as blocks; any line that fits no rule is paragraph text."""
    blocks: list[Block] = []
    current: Block | None = None
    fence = ""
    for line in clean(text, keep_tabs=True).split("\n"):
        if fence:
            if line.rstrip() == fence:
                fence, current = "", None
            else:
                blocks[-1].lines.append(line)
            continue
        if not line.strip():
            current = None
            continue
        if (m := _FENCE.match(line)) is not None:
            fence, current = m.group(1), None
            blocks.append(Block("code"))
            continue
        if (m := _HEADING.match(line)) is not None:
            blocks.append(Block("heading", len(m.group(1)), [m.group(2)]))
            current = None
            continue
        if (m := _ITEM.match(line)) is not None:
            blocks.append(Block("item", len(m.group(1)) // 2, [m.group(2)]))
            current = None
            continue
        kind = "quote" if line.startswith(">") else "para"
        body = line[1:].removeprefix(" ") if kind == "quote" else line
        body = body[1:] if body.startswith("\\") else body
        if current is None or current.kind != kind:
            current = Block(kind)
            blocks.append(current)
        current.lines.append(body)
    return blocks
