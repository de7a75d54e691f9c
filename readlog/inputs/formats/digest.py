"""The curated-digest shape: entries back to back, three lines each.

    工程实践 Amazon Science 2026/09/25      <- header: category, source, date
    文章复盘 ...                           <- summary paragraph
    推荐收录，因为 ...                      <- the curator's verdict

Entry boundaries are found by the shape of the header line, never by
counting lines, so a damaged entry cannot shift the ones after it. A header
without a date is recognised when its category was already seen on a dated
header, or when it stands where a header is due (after a complete entry).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from readlog.inputs.detect import ParseContext
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.stamps import valid_date

NAME = "digest"

_DATE = r"(?P<y>\d{4})[/-](?P<m>\d{1,2})[/-](?P<d>\d{1,2})"
_SP = r"[ \t\u3000]+"
_CAT = r"(?P<cat>[^\s\d][^\s]{0,23})"
_DATED = re.compile(rf"^{_CAT}{_SP}(?P<src>\S.{{0,99}}?){_SP}{_DATE}$")
_DATE_ONLY = re.compile(rf"^{_CAT}{_SP}{_DATE}$")
_UNDATED = re.compile(rf"^{_CAT}{_SP}(?P<src>\S.{{0,99}})$")
_NOT_IN_HEADER = re.compile(r"[，。！？；、“”<>]|https?://")
_BAD_END = tuple("。.!！?？,，;；:：…、")
_VERDICT_START = re.compile(r"^(推荐收录|收录理由|收录价值|推荐理由|值得收录|不推荐|Verdict|Worth)", re.I)
MAX_HEADER = 160


@dataclass
class Header:
    line: int
    category: str
    source: str
    date: str | None
    bad_date: str | None = None


@dataclass
class _Pending:
    header: Header
    body: list[tuple[int, str]] = field(default_factory=list)


def match_header(text: str) -> tuple[Header, bool] | None:
    """(header, dated) if ``text`` has the shape of a header line, else None."""
    if len(text) > MAX_HEADER or _NOT_IN_HEADER.search(text) or text.endswith(_BAD_END):
        return None
    m = _DATED.match(text) or _DATE_ONLY.match(text)
    dated = m is not None
    if m is None:
        m = _UNDATED.match(text)
        if m is None or len(m.group("src").split()) > 8:
            return None
    if not any(c.isalpha() for c in m.group("cat")):
        return None
    src = m.groupdict().get("src") or ""
    header = Header(0, m.group("cat"), src.strip(), None)
    if dated:
        raw = f"{m.group('y')}/{m.group('m')}/{m.group('d')}"
        header.date = valid_date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
        if header.date is None:
            header.bad_date = raw
    return header, dated


def sniff(text: str) -> int:
    lines = [line.strip() for line in text.splitlines() if line.strip()][:60]
    if not lines:
        return 0
    first = match_header(lines[0])
    dated = sum(1 for line in lines if (h := match_header(line)) and h[1])
    if first and first[1]:
        return 90
    if dated >= 2 and dated * 3 >= len(lines) * 0.5:
        return 70
    return 0


def _split_body(body: list[tuple[int, str]]) -> tuple[str, str]:
    """Summary and verdict from an entry's paragraphs.

    Two paragraphs are summary then verdict. With more, the verdict starts at
    the last paragraph that opens like one (推荐收录...), else it is the last.
    """
    texts = [t for _, t in body]
    if len(texts) == 1:
        return texts[0], ""
    start = len(texts) - 1
    for i in range(len(texts) - 1, 0, -1):
        if _VERDICT_START.match(texts[i]):
            start = i
            break
    return "\n".join(texts[:start]), "\n".join(texts[start:])


def _finish(p: _Pending) -> Iterator[Entry | Problem]:
    from readlog.inputs.formats.titles import derive_title, identity_title  # loaded by a parse, not a sniff

    h = p.header
    if h.bad_date:
        yield Problem(h.line, "import_digest_bad_date", {"date": h.bad_date})
    if not p.body:
        yield Problem(h.line, "import_digest_entry_empty", {"category": h.category, "source": h.source})
        return
    summary, verdict = _split_body(p.body)
    if not verdict:
        yield Problem(h.line, "import_digest_no_verdict")
    yield Entry(
        title=derive_title(summary),
        identity_title=identity_title(summary),
        summary=summary,
        verdict=verdict,
        source=h.source,
        category=h.category,
        published=h.date,
        line=h.line,
    )


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    seen_categories: set[str] = set()
    pending: _Pending | None = None
    preamble_reported = False
    long_seen = 0
    for number, raw in infile.lines():
        if len(infile.long_lines) > long_seen:
            long_seen = len(infile.long_lines)
            yield Problem(number, "import_line_too_long_entry")
            continue
        if not raw:
            continue
        text = raw.strip().lstrip("\ufeff").strip()
        if not text:
            continue
        found = match_header(text)
        if found:
            header, dated = found
            due = pending is None or len(pending.body) >= 2
            if dated or header.category in seen_categories or (due and not _VERDICT_START.match(text)):
                if dated:
                    seen_categories.add(header.category)
                if pending is not None:
                    yield from _finish(pending)
                header.line = number
                pending = _Pending(header)
                continue
        if pending is None:
            if not preamble_reported:
                yield Problem(number, "import_digest_preamble")
                preamble_reported = True
            continue
        pending.body.append((number, text))
    if pending is not None:
        yield from _finish(pending)
