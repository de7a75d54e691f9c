"""Pieces the export importers share: record readers for CSV and JSON that
keep line numbers, tag splitting, and the site a URL belongs to.

Kept here so that each importer module is only the mapping from one app's
fields to an Entry, and so that every importer reports damage the same way.
"""

from __future__ import annotations

import csv
import functools
import itertools
import json
import re
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from html.parser import HTMLParser
from typing import Any

from readlog.inputs.formats.htmltext import html_to_text
from readlog.inputs.reader import MAX_LINE, InputFile
from readlog.model.entry import Entry, Problem, site_of  # noqa: F401  (importers take it from here)
from readlog.model.fields import margin
from readlog.model.messages import Phrase

# Characters of an article's body (a feed item's content, wallabag's) kept as
# its summary: the article itself stays at its URL. A summary, excerpt or
# description an app wrote is kept whole, up to the summary's limit (model/fields.py).
SUMMARY_LIMIT = 2000
Parser = Callable[[InputFile, Any], Iterator[Entry | Problem]]


@dataclass(frozen=True)
class Format:
    """One input shape living inside a module that holds several (registered as ``module:NAME``)."""

    name: str
    sniff: Callable[[str], int]
    parse: Parser


def split_tags(text: str, separators: str = ",") -> list[str]:
    """Tags from a delimited string, blanks dropped."""
    parts = re.split("[" + re.escape(separators) + "]", text or "")
    return [" ".join(p.split()) for p in parts if p.strip()]


class Bounded(list[str]):
    """Pieces of one field's text as a parser finds them, kept up to ``most``
    characters (fields.margin): the rest is dropped unread, and the vetting
    gate cuts what is kept to the field's limit and counts it. A 20 MB title
    then costs an import no more than one at the limit."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most, self.size = most, 0

    def add(self, data: str) -> None:
        room = self.most - self.size
        if room > 0:
            piece = data[:room]
            self.append(piece)
            self.size += len(piece)


def one_line(text: str) -> str:
    """Plain text on one line, as written: ``Vec<T>`` keeps its ``<T>``."""
    return " ".join(text.split()) if text else ""


def html_line(html: str) -> str:
    """The visible text of an HTML fragment, on one line (only for fields that are HTML)."""
    return one_line(html_to_text(html)) if html else ""


def html_summary(html: str, limit: int = SUMMARY_LIMIT) -> str:
    """Plain text of an HTML body (wallabag's content, a feed's HTML summary), cut near ``limit``."""
    return summary_of(html_to_text(html or ""), limit)


def summary_of(text: str, limit: int | None = None) -> str:
    """Plain text as written, stripped; with ``limit``, cut at a paragraph or
    word boundary near it (for an article's body, never for a summary)."""
    text = (text or "").strip()
    if limit is None or len(text) <= limit:
        return text
    cut = text[:limit]
    for mark in ("\n", "。", ". ", " "):
        at = cut.rfind(mark)
        if at > limit * 0.6:
            cut = cut[: at + len(mark)]
            break
    return cut.rstrip() + "…"


def truthy(value: object) -> bool:
    """Booleans as exports write them: true/false, 1/0, yes/no."""
    if isinstance(value, str):
        return value.strip().lower() in {"1", "true", "yes", "y", "t"}
    return bool(value)


_DAY_FIRST = re.compile(r"(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?")


def day_first_time(raw: str) -> datetime | None:
    """A date written day first (``31/12/2020 11:30:00``, ``31.12.2020 11:30``)
    as UTC, or None when ``raw`` is not one: the way wallabag's CSV writes its
    dates, and spreadsheets in the locales that use ``;`` between cells."""
    m = _DAY_FIRST.fullmatch(raw.strip())
    if m is None:
        return None
    day, month, year = int(m.group(1)), int(m.group(3)), int(m.group(4))
    hour, minute, second = (int(g) if g else 0 for g in m.group(5, 6, 7))
    try:
        return datetime(year, month, day, hour, minute, second, tzinfo=timezone.utc)
    except ValueError:
        return None


# ---------------------------------------------------------------- CSV


# The delimiters a CSV file may use: the comma; the semicolon of spreadsheets
# saved where the comma is the decimal mark (German, French, Spanish, Italian,
# Dutch, Russian, Polish Excel and LibreOffice) and of wallabag's export; the
# tab of .tsv files; the pipe. Listed in the order that settles a tie.
DELIMITERS = (",", ";", "\t", "|")
SAMPLE_RECORDS = 12  # the header and the rows after it that decide the delimiter
_WEB_CELL = re.compile(r"\s*https?://[^\s/]\S*\s*", re.I)
_LINK_NAME = re.compile(r"url|link|href|uri", re.I)


@dataclass(frozen=True)
class Table:
    """What the first lines of a CSV file say about all of it: its delimiter,
    its header's cells (as written) and the first rows after it."""

    delimiter: str
    header: list[str]
    rows: list[list[str]]

    def link_column(self) -> int | None:
        """The column whose cells are web links (most of those filled in the
        first rows), whatever it is called; None when no column is."""
        best, best_count = None, 0
        for i in range(len(self.header)):
            filled = [r[i] for r in self.rows if i < len(r) and r[i].strip()]
            links = sum(1 for cell in filled if _WEB_CELL.fullmatch(cell))
            if links and links * 2 > len(filled) and links > best_count:
                best, best_count = i, links
        return best


def _records(text: str, delimiter: str) -> list[list[str]]:
    """The first records of ``text`` read with ``delimiter``, up to the first
    that cannot be read so; the last line is left out when ``text`` is a
    sample that cuts it off."""
    lines = re.split(r"\r\n?|\n", text)
    if len(lines) > 1:
        lines.pop()  # the end of the text: empty after a line end, else perhaps cut off
    reader = csv.reader((line + "\n" for line in lines), delimiter=delimiter, strict=True)
    out: list[list[str]] = []
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                out.append(row)
                if len(out) >= SAMPLE_RECORDS:
                    break
    except csv.Error:
        pass
    return out


@functools.lru_cache(maxsize=8)
def csv_table(text: str) -> Table | None:
    """The delimiter of a CSV file, sniffed once from its first lines, with
    its header and first rows; None when the text is no table.

    Each of ``DELIMITERS`` found in the first line is tried on the header and
    the rows after it. One that splits the header into two cells or more is a
    candidate; one that also reads every row into as many cells is better,
    and better still with a column of web links (found by its cells, or by
    a header named like a link). Among equals the first listed wins, so a
    file the comma reads is read with the comma, as it always was.
    """
    text = text.lstrip("\ufeff")[: 1 << 16]
    first = re.split(r"\r\n?|\n", text, maxsplit=1)[0]
    if len(first) > 2000 or not any(d in first for d in DELIMITERS):
        return None
    lines = text if "\n" in text or "\r" in text else text + "\n"  # a file of one line is whole
    best: tuple[int, Table] | None = None
    for delimiter in DELIMITERS:
        if delimiter not in first:
            continue
        records = _records(lines, delimiter)
        if not records or len(records[0]) < 2:
            continue
        table = Table(delimiter, records[0], records[1:])
        score = 0
        if all(len(row) == len(table.header) for row in table.rows):
            linked = table.link_column() is not None or any(_LINK_NAME.search(c) for c in table.header)
            score = 2 if linked else 1
        if best is None or score > best[0]:
            best = (score, table)
    return best[1] if best else None


def csv_delimiter(text: str) -> str:
    """The delimiter of the CSV file that starts with ``text`` (the comma when none is found)."""
    table = csv_table(text)
    return table.delimiter if table else ","


def csv_header(text: str) -> set[str]:
    """The lower-cased column names of the first line of ``text`` (for sniffing)."""
    table = csv_table(text)
    if table is None:
        return set()
    return {c.strip().lower() for c in table.header}


class _Feed:
    """Lines for csv.reader (``lines``), remembering which ones the current record took."""

    def __init__(self, source: Iterator[tuple[int, str]]) -> None:
        self.taken: list[tuple[int, str]] = []
        self.lines = self._lines(source)

    def _lines(self, source: Iterator[tuple[int, str]]) -> Iterator[str]:
        taken = self.taken  # cleared, never replaced, between records
        for item in source:  # a generator: a line costs a third of what a __next__ method did
            taken.append(item)
            yield item[1] + "\n"


def csv_rows(
    infile: InputFile, longest: int = MAX_LINE, delimiter: str | None = None
) -> Iterator[tuple[int, dict[str, str]] | Problem]:
    """Rows as {lower-case column name: value}, each with the line it starts on.

    The delimiter is the file's, sniffed once from its first lines
    (``csv_table``) unless given.
    Columns are found by name, so extra or reordered columns do no harm.
    An unreadable row becomes a Problem and reading goes on; a quote that is
    never closed costs only its own row (the lines after it are read again).
    A line (or a cell) longer than ``longest`` characters is skipped and
    reported (readlog's own CSV passes the longest its export writes).
    """
    csv.field_size_limit(max(csv.field_size_limit(), longest))
    if delimiter is None:
        delimiter = csv_delimiter(infile.sniff_text())
    header: list[str] | None = None
    lines: Iterator[tuple[int, str]] = infile.lines(longest)
    while True:
        feed = _Feed(lines)
        reader = csv.reader(feed.lines, delimiter=delimiter, strict=True)
        replay: list[tuple[int, str]] = []
        while True:
            feed.taken.clear()
            try:
                row = next(reader)
            except StopIteration:
                break
            except csv.Error as exc:
                start = feed.taken[0][0] if feed.taken else 0
                if "end of data" in str(exc) and len(feed.taken) > 1:
                    yield Problem(start, "import_csv_quote_unclosed")
                    replay = feed.taken[1:]
                    break
                yield Problem(start, "import_csv_row_unreadable", {"detail": str(exc)})
                continue
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = [c.strip().lstrip("\ufeff").lower() for c in row]
                continue
            yield feed.taken[0][0], {name: (row[i] if i < len(row) else "") for i, name in enumerate(header)}
        if not replay:
            break
        lines = itertools.chain(replay, lines)
    for number in infile.long_lines:
        yield Problem(number, "import_line_too_long_row")


def linked_rows(infile: InputFile) -> Iterator[tuple[int, dict[str, str], str] | Problem]:
    """CSV rows that carry a usable URL, as (line, row, url); a row without
    one becomes a Problem, since every read-later export keys on the link."""
    for item in csv_rows(infile):
        if isinstance(item, Problem):
            yield item
            continue
        line, row = item
        url = row.get("url", "").strip()
        bad = url_problem(url, line) if url else Problem(line, "import_row_no_url")
        if bad:
            yield bad
            continue
        yield line, row, url


@dataclass
class Link:
    """One ``<a href>`` of an exported reading list, with the heading it is under."""

    line: int
    attrs: dict[str, str]
    title: str
    section: str


class _SectionLinks(HTMLParser):
    """Links grouped under <h1>/<h2> headings ("Unread", "Read Archive",
    "Starred"...), the shape of Pocket's and Instapaper's HTML exports."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[Link] = []
        self.section = ""
        self.heading: Bounded | None = None
        self.anchor: tuple[int, dict[str, str]] | None = None
        self.text = Bounded(margin("title"))

    def close_anchor(self) -> None:
        if self.anchor is not None:
            (line, attrs), self.anchor = self.anchor, None
            self.out.append(Link(line, attrs, " ".join("".join(self.text).split()), self.section))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("h1", "h2"):
            self.close_anchor()
            self.heading = Bounded(margin("category"))
        elif tag == "a":
            self.close_anchor()
            self.anchor, self.text = (self.getpos()[0], {k: v or "" for k, v in attrs}), Bounded(margin("title"))
        elif tag in ("li", "ul", "ol"):
            self.close_anchor()

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self.close_anchor()
        elif tag in ("h1", "h2") and self.heading is not None:
            self.section = " ".join("".join(self.heading).split())
            self.heading = None

    def handle_data(self, data: str) -> None:
        if self.anchor is not None:
            self.text.add(data)
        elif self.heading is not None:
            self.heading.add(data)


def section_links(infile: InputFile) -> Iterator[Link | Problem]:
    """Each link of a sectioned HTML reading list, streamed; a link without
    an address, or with one that is not a web address, is a Problem."""
    parser = _SectionLinks()

    def drain() -> Iterator[Link | Problem]:
        for link in parser.out:
            url = link.attrs.get("href", "").strip()
            bad = url_problem(url, link.line) if url else Problem(link.line, "import_link_no_href")
            yield bad or link
        parser.out.clear()

    for _, chunk in infile.text_chunks():
        parser.feed(chunk)
        yield from drain()
    parser.close()
    parser.close_anchor()
    yield from drain()


def url_problem(url: str, line: int, where: Phrase | None = None) -> Problem | None:
    """Why ``url`` cannot be a saved link (no scheme such as https:), or None when it can."""
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:\S", url):
        return None
    return Problem(line, "import_not_a_url", {"url": url[:60]}, where)


# ---------------------------------------------------------------- JSON


_SPACE = re.compile(r"[ \t\r\n]*")
_NEXT_OBJECT = re.compile(r",\s*\{")
# Characters past a decoding error that the decoder may have looked at (a
# \uXXXX escape, -Infinity): an error closer than this to the end of a
# window may be the window's doing.
_LOOKAHEAD = 16
WINDOW = 64  # characters decoded at first; widened for a record that needs more


def _skip_space(text: str, i: int) -> int:
    return _SPACE.match(text, i).end()  # type: ignore[union-attr]


class _Lines:
    """Line numbers of offsets into one text, counted from the last offset asked
    about (forwards or backwards), so asking in order costs one pass."""

    def __init__(self, text: str) -> None:
        self.text, self.pos, self.line = text, 0, 1

    def at(self, offset: int) -> int:
        if offset >= self.pos:
            self.line += self.text.count("\n", self.pos, offset)
        else:
            self.line -= self.text.count("\n", offset, self.pos)
        self.pos = offset
        return self.line


class _Resync:
    """Where reading may resume after a damaged record: the next object after
    a comma, preferably one indented like the records before it.

    Offsets asked about only grow, so the text is searched once: the
    candidates found ahead are kept (all of them, and those at the records'
    column), each column is measured from the newline before it found on
    the way, and a search that reached the end is never repeated. Asking
    again at every one of many damaged records costs no more than one pass.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.found = _NEXT_OBJECT.finditer(text)
        self.done = False
        self.ahead: deque[tuple[int, int]] = deque()  # (offset of "{", its column), in order
        self.aligned: deque[int] = deque()  # offsets of those at ``self.column``
        self.column: int | None = None
        self.newline = -1  # the last newline before the last candidate found
        self.scanned = 0

    def after(self, start: int, column: int | None) -> int | None:
        """The first candidate after ``start``: at ``column`` if any is, else the first."""
        if column != self.column:
            self.column = column
            self.aligned = deque(at for at, col in self.ahead if col == column)
        while True:
            while self.ahead and self.ahead[0][0] <= start:
                self.ahead.popleft()
            while self.aligned and self.aligned[0] <= start:
                self.aligned.popleft()
            if self.aligned:
                return self.aligned[0]
            if self.done or (column is None and self.ahead):
                return self.ahead[0][0] if self.ahead else None
            self._next()

    def _next(self) -> None:
        m = next(self.found, None)
        if m is None:
            self.done = True
            return
        at = m.end() - 1
        newline = self.text.rfind("\n", self.scanned, at)
        self.newline = newline if newline >= 0 else self.newline
        self.scanned = at
        column = at - (self.newline + 1)
        self.ahead.append((at, column))
        if column == self.column:
            self.aligned.append(at)


def _decode(decoder: json.JSONDecoder, text: str, i: int, window: int) -> tuple[Any, int]:
    """The value starting at ``i`` and where it ends, decoded from a slice of
    the text around it (widened while the value may run past it).

    On every error the json module counts the lines from the start of the
    text it was given; given the whole file, many damaged records would
    cost time in proportion to the square of its size. A ValueError raised
    here carries ``pos`` as an offset into the whole text.
    """
    while True:
        piece = text[i : i + window]
        whole = i + window >= len(text)
        try:
            value, end = decoder.raw_decode(piece)
        except json.JSONDecodeError as exc:
            cut = exc.pos >= len(piece) - _LOOKAHEAD or exc.msg.startswith("Unterminated string")
            if whole or not cut:
                exc.pos += i
                raise
        else:
            if whole or end < len(piece):  # a value ending at the cut might go on (a number)
                return value, i + end
        window *= 2


def json_records(text: str) -> Iterator[tuple[int, int, Any] | Problem]:
    """(record number, line, value) for each element of a top-level JSON array.

    Elements are decoded one at a time, so a damaged record costs only
    itself: reading resumes at the next object that starts like the others.
    A single top-level object counts as one record. The work is in
    proportion to the text, however many records are damaged.
    """
    decoder = json.JSONDecoder()
    lines = _Lines(text)
    i = _skip_space(text, 0)
    if text[i : i + 1] != "[":
        try:
            value = json.loads(text)
        except (ValueError, RecursionError) as exc:
            yield Problem(getattr(exc, "lineno", 0), "import_json_invalid", {"detail": json_error(exc)})
            return
        yield 1, 1, value
        return
    resync = _Resync(text)
    i, number, column, measured, window = i + 1, 0, None, False, WINDOW
    while True:
        i = _skip_space(text, i)
        if i >= len(text):
            yield Problem(lines.at(len(text)), "import_json_list_unclosed")
            return
        if text[i] == "]":
            if _skip_space(text, i + 1) >= len(text):
                return
            resume = resync.after(i, column)  # a "]" inside a record damaged earlier
            if resume is None:
                yield Problem(lines.at(i), "import_json_text_after")
                return
            i = resume
            continue
        if number and text[i] == ",":
            i = _skip_space(text, i + 1)
        number += 1
        line = lines.at(i)
        try:
            value, end = _decode(decoder, text, i, window)
        except (ValueError, RecursionError) as exc:
            pos = getattr(exc, "pos", i)
            where = Phrase("import_at_record", number=number)
            yield Problem(lines.at(max(pos, i)), "import_json_record_invalid", {"detail": json_error(exc)}, where)
            resume = resync.after(i, column)
            if resume is None:
                return
            i, window = resume, WINDOW  # a damaged record's neighbours may be as short as it is
            continue
        if not measured:
            measured, newline = True, text.rfind("\n", 0, i)
            column = i - (newline + 1) if newline >= 0 else None
        window = max(window, 2 * (end - i))  # the records after it are likely no longer
        yield number, line, value
        i = end


def load_json(text: str) -> tuple[Any, Problem | None]:
    """A whole file's JSON value, or the problem that stops all of it from
    being read (a syntax error, nesting too deep, a number too long)."""
    try:
        return json.loads(text), None
    except (ValueError, RecursionError) as exc:
        line = exc.lineno if isinstance(exc, json.JSONDecodeError) else 0
        return None, Problem(line, "import_json_file_invalid", {"detail": json_error(exc)})


def json_error(exc: Exception) -> object:
    """Why JSON could not be decoded, in words: the decoder's message, too
    deep a nesting (a phrase of the catalogue), or a number too long to convert."""
    if isinstance(exc, json.JSONDecodeError):
        return exc.msg
    if isinstance(exc, RecursionError):
        return Phrase("import_json_too_deep")
    return str(exc).split(";")[0]


class ToRead:
    """Pinboard's rule for what was read, in a file of bookmarks (Netscape
    HTML's TOREAD, Pinboard XML's ``toread``): a file that marks unread links
    marks every one of them, so once one record carries the mark, a record
    without it was read; a file that never carries it leaves all unread.
    Records without the mark wait until the first mark decides (``ready``),
    at most ``PENDING`` of them, to bound memory: then the file is taken not
    to mark any."""

    PENDING = 20_000

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.uses_toread: bool | None = None  # None: no mark seen yet
        self.undecided: list[Any] = []  # entries without the mark while that is unknown

    def place(self, entry: Any, marked: bool) -> None:
        """An entry as it is parsed, ``marked`` when its record carries the mark (of any value)."""
        if marked:
            self.decide(uses_toread=True)
        elif self.uses_toread:
            self.mark_read(entry)
        elif self.uses_toread is None:
            self.undecided.append(entry)

    def mark_read(self, entry: Any) -> None:
        if entry.read_at is None:
            entry.read_at = entry.saved_at or self.ctx.as_of

    def decide(self, *, uses_toread: bool) -> None:
        """Settle whether the file marks unread records, and so the held-back ones."""
        if self.uses_toread is not None:
            return
        self.uses_toread = uses_toread
        if uses_toread:
            for entry in self.undecided:
                self.mark_read(entry)
        self.undecided.clear()

    def ready(self) -> bool:
        """Whether the entries parsed so far may be handed on: none waits on the decision."""
        if self.uses_toread is None and len(self.undecided) > self.PENDING:
            self.decide(uses_toread=False)
        return self.uses_toread is not None or not self.undecided


def reading_progress(value: object, *, percent: bool) -> float | None:
    """How far a source says the reader got, as a fraction: ``value`` a number or the text
    of one (``"35"``, ``"0.35"``, ``"35%"``), a percent when ``percent`` (Omnivore's 0-100),
    else a fraction (Readwise Reader's 0-1), a trailing ``%`` a percent either way. None for
    nothing read (0), and for what is no number; inputs/vet.py clamps the rest to 0..1."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip()
        if text.endswith("%"):
            text, percent = text[:-1].strip(), True
        try:
            value = float(text)
        except ValueError:
            return None
    if not isinstance(value, (int, float)) or value != value or value <= 0:
        return None
    return float(value) / 100 if percent else float(value)
