"""Kindle's ``My Clippings.txt``: the highlights, notes and bookmarks a Kindle keeps.

Each clipping is a record ended by a line of ``==========``::

    The Title (Author)                                 <- title line
    - Your Highlight on page 21 | Location 318-319 | Added on Monday, May 6, 2024 8:01:09 AM
                                                       <- blank
    The passage.                                       <- text (none for a bookmark)
    ==========

The header (second line) is written in the device's language (``- 您在第 21 页（位置
#318-319）的标注 | 添加于 2024年5月6日星期一 上午8:01:09``, ``- 115ページ|位置No.
1323-1325のハイライト |作成日: …``, ``– Ваш выделенный отрывок на странице 117 | Место
1349–1350 | Добавлено: …``), and one file often mixes languages. It is read by its
structure: a dash, then parts separated by ``|``, the last of them the date. Numbers are
the location (a range ``120-122``, ``#120-122``, ``1332 t/m 1333``, or an old Kindle's
``318-19``, which is 318-319) unless the language marks one as the page. The kind is
known by its word in any of the languages Kindle writes (``KINDS``); without a known
word, a record with text is a highlight and one without text a bookmark. A date that
cannot be read leaves the time unknown; a date written without a zone (as Kindle
writes them all) is taken as UTC.

Each book (title and author) becomes one entry without a link, its author the source,
its clippings the highlights in the order of the file: a note at a place within (or at
the end of) a highlight's range is that highlight's note; the copies Kindle writes when
a passage is highlighted again (a later clipping whose range overlaps and whose passage
contains the earlier one or is contained in it) are one highlight, with the longer
passage and the later time; a highlight without text is dropped, as is Kindle's notice
in place of one (``<You have reached the clipping limit for this item>``). At each place in
a book, only the NEAR highlights nearest in the file are compared (``_Index``), so that a
file of any shape is read in linear time.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from readlog.inputs.detect import ParseContext
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.highlight import Highlight

NAME = "kindle"

_SEPARATOR = re.compile(r"^\ufeff*\s*={10}\s*$")
_HEADER = re.compile(r"^\ufeff*\s*[-–—]\s*(\S.*)$")
_INVISIBLE = "\ufeff\u200b\u200e\u200f"

# The word for each kind in the languages Kindle writes, lower-cased: en, de, es, fr,
# it, pt, nl, ru, zh, ja, from real files (tests/fixtures/kindle/README.md names them);
# traditional Chinese's and Korean's as other parsers list them, no file of them seen.
KINDS: dict[str, tuple[str, ...]] = {
    "bookmark": (
        "bookmark", "lesezeichen", "marcador", "signet", "segnalibro", "bladwijzer",
        "закладка", "书签", "書籤", "ブックマーク", "북마크",
    ),
    "note": ("note", "notiz", "nota", "notitie", "заметка", "笔记", "筆記", "メモ", "메모"),
    "highlight": (
        "highlight", "markierung", "subrayado", "surlignement", "evidenziazione", "destaque",
        "markering", "выделенный", "标注", "標註", "ハイライト", "하이라이트",
    ),
}  # fmt: skip
_KIND_WORDS = re.compile(
    "|".join(sorted((re.escape(w) for words in KINDS.values() for w in words), key=len, reverse=True)),
    re.I,
)
_KIND_OF = {w: kind for kind, words in KINDS.items() for w in words}

# A page: the language's word before the number (page, Seite, página, pagina, страница),
# or after it (ページ, 页, 頁, 페이지). Every other number is a location.
_PAGE_BEFORE = re.compile(r"(?:page|seite|p[áa]gina|страниц\w*)\s*([0-9]+|[ivxlcdm]+\b)", re.I)
_PAGE_AFTER = re.compile(r"(?<![0-9])([0-9]+)\s*(?:ページ|页|頁|페이지)")
_RANGE = re.compile(r"([0-9]+)(?:\s*(?:[-–—~〜]|t/m)\s*([0-9]+))?")

_MONTHS: dict[str, int] = {}
for _number, _names in enumerate(
    (
        "january jan januar janvier enero gennaio janeiro januari jänner январь января",
        "february feb februar février febrero febbraio fevereiro februari февраль февраля",
        "march mar märz mars marzo março maart март марта",
        "april apr avril abril aprile апрель апреля",
        "may mai mayo maggio maio mei май мая",
        "june jun juni juin junio giugno junho июнь июня",
        "july jul juli juillet julio luglio julho июль июля",
        "august aug août agosto augustus август августа",
        "september sep sept septembre septiembre setiembre settembre setembro сентябрь сентября",
        "october oct oktober octobre octubre ottobre outubro октябрь октября",
        "november nov novembre noviembre novembro ноябрь ноября",
        "december dec dezember décembre diciembre dicembre dezembro декабрь декабря",
    ),
    1,
):
    _MONTHS.update(dict.fromkeys(_names.split(), _number))

_CJK_DATE = re.compile(r"([0-9]{4})\s*[年년]\s*([0-9]{1,2})\s*[月월]\s*([0-9]{1,2})\s*[日일]")
_TIME = re.compile(r"([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?(?:\s*([AaPp])\.?\s*[Mm]\b\.?)?")
_MORNING = ("上午", "午前", "오전", "凌晨", "早上")
_AFTERNOON = ("下午", "午後", "오후", "晚上", "中午")
_ZONE = re.compile(r"(?:GMT|UTC)\s*([+-])\s*([0-9]{1,2}):?([0-9]{2})?")
_WORD = re.compile(r"[^\W\d_]+")
_NUMBER = re.compile(r"(?<![0-9])[0-9]{1,4}(?![0-9])")


def sniff(text: str) -> int:
    """Sure when a record has Kindle's shape: a title line, a header line that starts
    with a dash and holds a ``|``, and later a line of ten ``=``."""
    lines = text.split("\n", 400)[:400]
    records = 0
    start = 0
    for i, line in enumerate(lines):
        if _SEPARATOR.match(line.rstrip("\r")):
            if _record_shape(lines[start:i]):
                records += 1
            start = i + 1
    return 95 if records else 0


def _record_shape(lines: list[str]) -> bool:
    rows = [line.strip(_INVISIBLE + " \t\r") for line in lines]
    while rows and not rows[0]:
        rows.pop(0)
    return len(rows) >= 2 and bool(_HEADER.match(rows[1])) and "|" in rows[1] and bool(rows[0])


@dataclass
class _Clip:
    kind: str
    text: str
    start: int | None
    end: int | None
    location: str
    page: str
    made_at: datetime | None
    line: int
    note: str = ""


@dataclass
class _Book:
    title: str
    author: str
    line: int
    clips: list[_Clip]


def split_title(line: str) -> tuple[str, str]:
    """(title, author) from a title line: the author is in the last parentheses,
    ``(Author)`` or full-width ``（作者）``, which may hold parentheses of their own."""
    line = line.strip(_INVISIBLE + " \t")
    if not line.endswith((")", "）")):
        return line, ""
    depth = 0
    for i in range(len(line) - 1, -1, -1):
        char = line[i]
        if char in ")）":
            depth += 1
        elif char in "(（":
            depth -= 1
            if depth == 0:
                title, author = line[:i].rstrip(), line[i + 1 : -1].strip()
                return (title, author) if title else (line, "")
    return line, ""


def kind_of(header: str) -> str | None:
    """The kind a header's word names, in any of Kindle's languages (None when no word is known)."""
    found = _KIND_WORDS.search(header)
    return _KIND_OF[found.group(0).lower()] if found else None


def _expand(start: str, end: str) -> int:
    """An old Kindle's short range end (``318-19`` is 318-319) written out."""
    if len(end) >= len(start) or int(end) >= int(start):
        return int(end)
    whole = int(start[: len(start) - len(end)] + end)
    return whole if whole >= int(start) else whole + 10 ** len(end)


def place(parts: list[str]) -> tuple[str, str, int | None, int | None]:
    """(location, page, start, end) from a header's parts before the date: the page
    where the language marks one (or, in a language not known, the number of the first
    of two parts that hold one: Kindle writes the page before the location), every
    other number the location."""
    text = " | ".join(parts)
    page = ""
    span = (0, 0)
    marked = _PAGE_BEFORE.search(text) or _PAGE_AFTER.search(text)
    if marked:
        page, span = marked.group(1), (marked.start(1), marked.end(1))
        ranged = _RANGE.match(text, marked.start(1)) if page.isdigit() else None
        if ranged and ranged.group(2):
            page, span = _written(ranged), ranged.span()
    numbers = [m for m in _RANGE.finditer(text) if not span[0] <= m.start() < span[1]]
    if not numbers:
        return "", page, None, None
    if not marked and len(numbers) > 1 and "|" in text[numbers[0].end() : numbers[-1].start()]:
        page = _written(numbers[0])
    last = numbers[-1] if not marked and page else numbers[0]
    first = int(last.group(1))
    end = _expand(last.group(1), last.group(2)) if last.group(2) else first
    return _written(last), page, first, max(first, end)


def _written(m: re.Match[str]) -> str:
    """A number or range as the record keeps it: digits, a range written out in full."""
    return f"{m.group(1)}-{_expand(m.group(1), m.group(2))}" if m.group(2) else m.group(1)


def made_at(text: str) -> datetime | None:
    """The time a header's date part gives, in any of Kindle's languages, or None."""
    try:
        return _when(text)
    except (ValueError, OverflowError):
        return None


def _when(text: str) -> datetime | None:
    clock = _TIME.search(text)
    hour = minute = second = 0
    rest = text
    if clock:
        hour, minute, second = int(clock.group(1)), int(clock.group(2)), int(clock.group(3) or 0)
        pm = clock.group(4)
        before = text[: clock.start()]
        if (pm and pm.lower() == "p") or before.rstrip().endswith(_AFTERNOON):
            hour = hour % 12 + 12 if not before.rstrip().endswith("中午") or hour < 11 else hour
        elif (pm and pm.lower() == "a") or before.rstrip().endswith(_MORNING):
            hour %= 12
        rest = text[: clock.start()] + " " + text[clock.end() :]
    cjk = _CJK_DATE.search(rest)
    if cjk:
        year, month, day = int(cjk.group(1)), int(cjk.group(2)), int(cjk.group(3))
    else:
        months = [_MONTHS[w] for w in (m.group(0).lower() for m in _WORD.finditer(rest)) if w in _MONTHS]
        zone_free = _ZONE.sub(" ", rest)
        numbers = [n for n in _NUMBER.findall(zone_free)]
        if not months or not numbers:
            return None
        month = months[0]
        years = [n for n in numbers if len(n) == 4]
        days = [n for n in numbers if len(n) <= 2]
        if years:
            year = int(years[0])
        elif len(days) >= 2:  # Kindle for PC's "3 December 12": day, month, two-digit year
            year = 2000 + int(days.pop(1))
        else:
            return None
        if not days:
            return None
        day = int(days[0])
    if not 1980 <= year <= 2999:
        return None
    return datetime(year, month, day, hour, minute, second, tzinfo=_zone(text))


def _zone(text: str) -> timezone:
    found = _ZONE.search(text)
    if not found:
        return timezone.utc
    sign = -1 if found.group(1) == "-" else 1
    return timezone(sign * timedelta(hours=int(found.group(2)), minutes=int(found.group(3) or 0)))


def _records(infile: InputFile) -> Iterator[list[tuple[int, str]]]:
    """Each record's lines (number, text); the last one even when the file ends
    before its end line (a file cut short)."""
    lines: list[tuple[int, str]] = []
    for number, raw in infile.lines():
        if "==========" in raw and _SEPARATOR.match(raw):
            yield lines
            lines = []
        else:
            lines.append((number, raw))
    if lines:
        yield lines


def _clip(lines: list[tuple[int, str]]) -> tuple[str, _Clip] | Problem | None:
    """A record read: (title line, clipping), a Problem, or None for a record with nothing in it."""
    rows = [(n, text.lstrip(_INVISIBLE).rstrip()) for n, text in lines]
    while rows and not rows[0][1].strip():
        rows.pop(0)
    if not rows:
        return None
    line, title = rows[0]
    if len(rows) < 2 or not _HEADER.match(rows[1][1]):
        return Problem(line, "import_kindle_unreadable")
    header = _HEADER.match(rows[1][1]).group(1)  # type: ignore[union-attr]
    parts = [p.strip() for p in header.split("|")]
    when = made_at(parts[-1]) if len(parts) > 1 else None
    location, page, start, end = place(parts[:-1] if len(parts) > 1 else parts)
    body = [text for _, text in rows[2:]]
    while body and not body[0].strip():
        body.pop(0)
    text = "\n".join(body).strip()
    kind = kind_of(" ".join(parts[:-1] if len(parts) > 1 else parts)) or ("highlight" if text else "bookmark")
    return title, _Clip(kind, text, start, end, location, page, when, line)


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    books: dict[tuple[str, str], _Book] = {}
    titles: dict[str, tuple[str, str]] = {}  # title line -> (title, author): a book's line comes again and again
    for lines in _records(infile):
        read = _clip(lines)
        if read is None:
            continue
        if isinstance(read, Problem):
            yield read
            continue
        title_line, clip = read
        named = titles.get(title_line)
        if named is None:
            named = titles[title_line] = split_title(title_line)
        title, author = named
        book = books.get((title, author))
        if book is None:
            book = books[(title, author)] = _Book(title, author, clip.line, [])
        book.clips.append(clip)
    for book in books.values():
        times = [c.made_at for c in book.clips if c.made_at is not None]  # before merging changes any
        highlights = _highlights(book.clips)
        yield Entry(
            title=book.title,
            source=book.author,
            saved_at=min(times) if times else None,
            highlights=highlights,
            line=book.line,
        )


WIDE = 1000  # locations: wider than any highlight Kindle lets a reader make (about 150 bytes each)
NEAR = 32  # of the highlights that start at one place, those compared: the nearest in the file


class _Index:
    """The highlights of a book by the location they start at, for finding those a range
    overlaps without going through all of them, so that reading stays linear in the file:
    at each start, only the NEAR highlights nearest in the file to the one asked about are
    candidates (Kindle writes its copies of a passage highlighted again one after the
    other, and a note beside its highlight). The rare range wider than WIDE is kept apart,
    so that it never widens every search."""

    def __init__(self) -> None:
        self.by_start: dict[int, list[int]] = {}  # start -> positions in the list, in file order
        self.wide: list[int] = []
        self.widest = 0

    def add(self, start: int, end: int, at: int) -> None:
        if end - start > WIDE:
            self.wide.append(at)
            return
        self.by_start.setdefault(start, []).append(at)
        self.widest = max(self.widest, end - start)

    def near(self, start: int, end: int, at: int) -> list[int]:
        """Positions of the highlights that may overlap start..end, nearest to position ``at``."""
        found: list[int] = []
        for first in range(start - self.widest, end + 1):
            bucket = self.by_start.get(first)
            if bucket:
                i = bisect_left(bucket, at)
                found.extend(bucket[max(0, i - NEAR) : i + NEAR])
        i = bisect_left(self.wide, at)
        found.extend(self.wide[max(0, i - NEAR) : i + NEAR])
        return found


def _is_notice(text: str) -> bool:
    """Kindle's notice in place of a passage (the clipping limit), written within < >."""
    return text.startswith("<") and text.endswith(">") and "\n" not in text


def _highlights(clips: list[_Clip]) -> list[Highlight]:
    kept: list[_Clip | None] = []
    index = _Index()
    for clip in clips:
        if clip.kind == "highlight":
            if not clip.text or _is_notice(clip.text):
                continue
            if clip.start is not None and clip.end is not None:
                same = _duplicate(clip, kept, index)
                earlier = kept[same] if same is not None else None
                if earlier is not None:
                    _merge(earlier, clip)
                    continue
                index.add(clip.start, clip.end, len(kept))
        elif clip.kind == "note" and not clip.text:
            continue
        kept.append(clip)
    for at, note in enumerate(kept):
        if note is not None and note.kind == "note" and note.start is not None:
            target = _annotated(note, at, kept, index)
            owner = kept[target] if target is not None else None
            if owner is not None:
                owner.note = f"{owner.note}\n{note.text}" if owner.note else note.text
                kept[at] = None
    return [
        Highlight(
            passage=c.text if c.kind == "highlight" else "",
            note=c.note if c.kind == "highlight" else (c.text if c.kind == "note" else ""),
            kind=c.kind,
            made_at=c.made_at,
            location=c.location,
            page=c.page,
        )
        for c in kept
        if c is not None
    ]


def _duplicate(clip: _Clip, kept: list[_Clip | None], index: _Index) -> int | None:
    """The earlier highlight this one is a copy of, when Kindle wrote one on highlighting again."""
    assert clip.start is not None and clip.end is not None
    found = None
    for at in index.near(clip.start, clip.end, len(kept)):
        other = kept[at]
        if other is None or other.start is None or other.end is None or (found is not None and at < found):
            continue
        if other.start <= clip.end and clip.start <= other.end and (other.text in clip.text or clip.text in other.text):
            found = at
    return found


def _merge(kept: _Clip, again: _Clip) -> None:
    if len(again.text) > len(kept.text):
        kept.text, kept.start, kept.end, kept.location = again.text, again.start, again.end, again.location
        kept.page = again.page or kept.page
    if again.made_at is not None and (kept.made_at is None or again.made_at > kept.made_at):
        kept.made_at = again.made_at


def _annotated(note: _Clip, at: int, kept: list[_Clip | None], index: _Index) -> int | None:
    """The highlight a note is on: one whose range holds the note's place, the nearest
    before the note in the file, else the nearest after it."""
    assert note.start is not None
    best: int | None = None
    for other_at in index.near(note.start, note.start, at):
        other = kept[other_at]
        if other is None or other.start is None or other.end is None or not other.start <= note.start <= other.end:
            continue
        if best is None or _closer(other_at, best, at):
            best = other_at
    return best


def _closer(candidate: int, best: int, at: int) -> bool:
    if (candidate < at) != (best < at):
        return candidate < at
    return abs(candidate - at) < abs(best - at)
