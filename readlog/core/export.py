"""Take everything out: stored rows -> text in open formats.

Pure functions over rows as the store returns them (``SELECT *``): no SQL,
no terminal. Each format is a generator of text pieces so that a library of
any size is written in constant memory. JSON Lines, JSON and CSV are lossless
and are what ``readlog import`` reads back; Markdown and the Netscape
bookmark file are for people and browsers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from html import escape
from itertools import groupby
from typing import Any, BinaryIO

from readlog.model.entry import is_web_link
from readlog.model.exchange import (
    CSV_COLUMNS,
    CSV_LISTS,
    FETCH_FIELDS,
    FETCH_NUMBERS,
    FETCH_TIMES,
    FIELDS,
    HIGHLIGHT_FIELDS,
    MARKER,
    SCHEMA_VERSION,
    TIME_FIELDS,
    cell,
    json_text,
)
from readlog.model.messages import say, shown
from readlog.model.sanitize import clean, holds_controls, strip_controls
from readlog.model.stamps import from_iso, local_iso
from readlog.model.tags import tag_list

Row = dict[str, Any]

_MD_SPECIAL = set("\\`*_[]<>|~&!#")
# In a Markdown link destination: what would end the link or the line, and what
# CommonMark would decode (a backslash escape, "&colon;", "&#x61;"), kept as written.
_URL_UNSAFE = {
    " ": "%20",
    "(": "%28",
    ")": "%29",
    "<": "%3C",
    ">": "%3E",
    "\n": "",
    "\r": "",
    "\t": "",
    "\\": "\\\\",
    "&": "\\&",
}


@dataclass
class Tally:
    """What an export wrote: entries written, and those left out (no URL in
    html, no fetched text in epub: these also as (id, title) in ``left_out``);
    of the files a Markdown folder export wrote, those already as they were."""

    written: int = 0
    skipped: int = 0
    unchanged: int = 0
    left_out: list[tuple[int, str]] = field(default_factory=list)


def time_out(value: str | None) -> str | None:
    """A stored UTC time in the user's zone with its offset (ISO 8601).

    A value that is not a readable time is passed through unchanged, so the
    export never loses what the library holds.
    """
    if not value:
        return None
    try:
        return local_iso(value) or value
    except (OverflowError, OSError, ValueError):  # a time at the edge of the calendar
        return value


def tags_of(row: Row) -> list[str]:
    return tag_list(row.get("tags"))


def _shown_tags(row: Row) -> list[str]:
    return [tag for tag in (clean(t, one_line=True) for t in tags_of(row)) if tag]


def _plain(row: Row) -> Row:
    """The row without control characters: text readlog stored itself has
    none (its inputs clean everything, sanitize.clean), so this changes only
    what an older version or another tool left in the library; JSON, CSV and
    a terminal showing the file then carry no escape sequence out."""
    if not holds_controls("".join([v for v in row.values() if isinstance(v, str)])):
        return row  # nearly every row: one scan of its text, nothing to take out
    return {k: strip_controls(v) if isinstance(v, str) else v for k, v in row.items()}


# The fields people read in Markdown and HTML, cleaned as list and show clean them.
_ONE_LINE = ("title", "source", "category", "url")
_MULTILINE = ("summary", "verdict", "note")


def _shown(row: Row) -> Row:
    """The row as list and show would print it: sanitize.clean on every text
    field (escape sequences, control and invisible characters gone)."""
    out = dict(row)
    for name in _ONE_LINE:
        if isinstance(out.get(name), str):
            out[name] = clean(out[name], one_line=True)
    for name in _MULTILINE:
        if isinstance(out.get(name), str):
            out[name] = clean(out[name], keep_tabs=True)
    return out


def record(row: Row) -> dict[str, Any]:
    """The lossless JSON shape of one entry (docs/export-format.md).
    Control characters are left out of its text (``_plain``); nothing else
    changes. A feed item's feed and id are its identity and are written as
    they are (json_text escapes any control character in them)."""
    row = _plain(row)
    out: dict[str, Any] = {MARKER: SCHEMA_VERSION}
    for name in FIELDS:
        if name in TIME_FIELDS:
            out[name] = time_out(row.get(name))
        elif name == "tags":
            out[name] = [strip_controls(tag) for tag in tags_of(row)]
        elif name in ("id", "published"):
            out[name] = row.get(name)
        else:
            out[name] = row.get(name) or ""
    out["progress"] = row.get("progress")
    out["progress_at"] = time_out(row.get("progress_at"))
    for name in FETCH_FIELDS:
        if name in FETCH_TIMES:
            out[name] = time_out(row.get(name))
        elif name in FETCH_NUMBERS:
            out[name] = row.get(name)
        elif name == "fetch_error":  # kept as its meaning; an export says it in English, as it always did
            out[name] = shown(row.get(name) or "")
        else:
            out[name] = row.get(name) or ""
    out["feed_items"] = [{"feed": feed, "guid": guid} for feed, guid in row.get("feed_items") or ()]
    out["highlights"] = [
        {name: time_out(h.get(name)) if name == "made_at" else h.get(name) for name in HIGHLIGHT_FIELDS}
        for h in row.get("highlights") or ()
    ]
    return out


def to_jsonl(rows: Iterable[Row], tally: Tally) -> Iterator[str]:
    """One JSON object per line; newlines and line separators inside text are escaped."""
    for row in rows:
        tally.written += 1
        rec = record(row)
        yield json_text(rec, exact=bool(rec["feed_items"] or rec["highlights"])) + "\n"


def to_json(rows: Iterable[Row], tally: Tally) -> Iterator[str]:
    """A JSON array of the same records as JSON Lines, indented for reading."""
    yield "["
    for row in rows:
        rec = record(row)
        text = json_text(rec, indent=2, exact=bool(rec["feed_items"] or rec["highlights"])).replace("\n", "\n  ")
        yield ("\n  " if tally.written == 0 else ",\n  ") + text
        tally.written += 1
    yield "\n]\n" if tally.written else "]\n"


def to_csv(rows: Iterable[Row], tally: Tally) -> Iterator[str]:
    """A header row, then one row per entry; UTF-8 with a byte-order mark.

    Every field of the JSON Lines record, so ``readlog import`` reads it
    back whole (inputs/formats/readlog_csv.py). A list (tags, feed items)
    is a JSON array in its cell, empty for none; where a spreadsheet may
    start a cell, text that would start a formula gets a ``'`` so that
    spreadsheets show it as text instead of running it, whichever of , ; or
    tab they split lines on (exchange.cell).
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    yield "\ufeff" + buffer.getvalue()
    for row in rows:
        rec = record(row)
        for name in CSV_LISTS:
            rec[name] = json_text(rec[name], exact=True) if rec[name] else ""
        buffer.seek(0)
        buffer.truncate()
        writer.writerow([cell(rec[c]) for c in CSV_COLUMNS])
        tally.written += 1
        yield buffer.getvalue()


def md_escape(text: str) -> str:
    """Inline Markdown text: one line, every markup character backslash-escaped."""
    flat = " ".join(text.split())
    return "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in flat)


def md_url(url: str) -> str:
    """A link destination that cannot end the link early or break the line,
    and that a CommonMark reader takes as ``url`` itself: no character
    reference or backslash escape in it is decoded into something else."""
    return "".join(_URL_UNSAFE.get(ch, ch) for ch in url.strip())


def linkable(url: str) -> bool:
    """Whether ``url`` may be written as a link a reader can follow: a web
    link (entry.is_web_link) or a ``mailto:`` address. Any other scheme, and
    text that only a decoder would turn into one (``javascript&colon;``), is
    written as text, so that no export holds a link that runs code."""
    return is_web_link(url) or url.strip().lower().startswith("mailto:")


def _source_key(row: Row) -> str:
    # The same grouping as SQL's COLLATE NOCASE (ASCII letters only).
    return str(row.get("source") or "").translate(_ASCII_LOWER)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _md_item(row: Row, lang: str = "en") -> str:
    row = _shown(row)
    title = str(row.get("title") or row.get("url") or say("md_untitled", lang))
    url = str(row.get("url") or "")
    if linkable(url):
        label = f"[{md_escape(title)}]({md_url(url)})"
    else:  # no link, or one that is not for reading: shown as text
        label = md_escape(title) + (f" ({md_escape(url)})" if url.strip() and url != title else "")
    mark = "x" if row.get("read_at") else " "
    details = []
    saved = time_out(row.get("saved_at"))
    if saved:
        details.append(say("md_saved", lang, date=saved[:10]))
    tags = _shown_tags(row)
    if tags:
        details.append(say("md_tags", lang, tags=", ".join(md_escape(t) for t in tags)))
    star = " ★" if row.get("starred_at") else ""
    archived = say("md_archived", lang) if row.get("archived_at") else ""
    line = f"- [{mark}] {label}{star}{archived}"
    if details:
        line += " — " + " · ".join(details)
    note = str(row.get("note") or "")
    if note.strip():
        line += "\n  > " + md_escape(note)
    return line + "\n"


def to_markdown(rows: Iterable[Row], tally: Tally, *, today: str = "", lang: str = "en") -> Iterator[str]:
    """A reading list grouped by source: ``- [x]`` read, ``- [ ]`` unread, ★ starred.

    Expects rows sorted by source (``Store.iter_rows(sort="source")``);
    within a source, the order given is kept. Its own words (headings,
    "saved", the totals) are in ``lang``; the entries' text as written.
    """
    yield f"# {say('md_title', lang)}\n"
    if today:
        yield f"\n{say('md_exported', lang, date=today)}\n"
    read = starred = 0
    for _, group in groupby(rows, key=_source_key):
        items = list(group)
        name = clean(items[0].get("source") or "", one_line=True) or say("md_no_source", lang)
        yield f"\n## {md_escape(name)}\n\n"
        for row in items:
            tally.written += 1
            read += bool(row.get("read_at"))
            starred += bool(row.get("starred_at"))
            yield _md_item(row, lang)
    if tally.written:
        yield f"\n{say('md_footer', lang, entries=tally.written, read=read, starred=starred)}\n"
    else:
        yield f"\n{say('md_empty', lang)}\n"


def _epoch(value: str | None) -> str:
    dt = from_iso(value)
    try:
        return str(int(dt.timestamp())) if dt else ""
    except (OverflowError, OSError, ValueError):
        return ""


def _html_item(row: Row) -> str:
    row = _shown(row)
    url = str(row.get("url") or "")
    title = " ".join(str(row.get("title") or url).split())
    attrs = [f'HREF="{escape(url.strip(), quote=True)}"']
    added = _epoch(row.get("saved_at"))
    if added:
        attrs.append(f'ADD_DATE="{added}"')
    tags = [t.replace(",", " ") for t in _shown_tags(row)]
    if tags:
        attrs.append(f'TAGS="{escape(",".join(tags), quote=True)}"')
    attrs.append('TOREAD="0"' if row.get("read_at") else 'TOREAD="1"')
    line = f"    <DT><A {' '.join(attrs)}>{escape(title, quote=False)}</A>\n"
    summary = str(row.get("summary") or "").strip()
    if summary:
        line += f"    <DD>{escape(summary, quote=False)}\n"
    return line


HTML_HEAD = """<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
"""


def to_html(rows: Iterable[Row], tally: Tally) -> Iterator[str]:
    """The Netscape bookmark file browsers and read-later apps import.

    ``TOREAD="1"`` marks unread entries and ``TOREAD="0"`` read ones (apps
    that know only "1" treat anything else as read); tags go in ``TAGS`` (commas inside a
    tag become spaces). Entries without a web or ``mailto:`` link (``linkable``)
    cannot be bookmarks: they are left out and counted in ``tally.skipped``.
    """
    yield HTML_HEAD
    for row in rows:
        if not linkable(clean(row.get("url") or "", one_line=True)):
            tally.skipped += 1
            continue
        tally.written += 1
        yield _html_item(row)
    yield "</DL><p>\n"


Writer = Callable[[Iterable[Row], Tally], Iterator[str]]
FORMATS: dict[str, Writer] = {
    "jsonl": to_jsonl,
    "json": to_json,
    "csv": to_csv,
    "markdown": to_markdown,
    "html": to_html,
}
# The columns a format writes, where it writes only some (Store.iter_rows reads only these: an
# entry's fetched text, feed items and highlights are not read for a reading list or bookmarks).
COLUMNS = {
    "markdown": "id, title, url, source, read_at, saved_at, tags, starred_at, archived_at, note",
    "html": "id, title, url, saved_at, tags, read_at, summary",
}
# How each format wants its rows ordered: (sort, reverse) for Store.iter_rows.
ORDER = {"markdown": ("source", False)}
DEFAULT_ORDER = ("id", True)  # oldest id first
EXTENSIONS = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".csv": "csv",
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".epub": "epub",
}


def render(fmt: str, rows: Iterable[Row], tally: Tally, *, today: str = "", lang: str = "en") -> Iterator[str]:
    """Text pieces of ``rows`` in ``fmt`` (one of FORMATS); Markdown's own words in ``lang``."""
    if fmt == "markdown":
        return to_markdown(rows, tally, today=today or datetime.now().astimezone().date().isoformat(), lang=lang)
    return FORMATS[fmt](rows, tally)


def write(pieces: Iterable[str], stream: BinaryIO) -> None:
    """Write the pieces as UTF-8 whatever the terminal's encoding, in blocks."""
    block: list[str] = []
    size = 0
    for piece in pieces:
        block.append(piece)
        size += len(piece)
        if size >= 1 << 16:
            stream.write("".join(block).encode("utf-8"))
            block, size = [], 0
    stream.write("".join(block).encode("utf-8"))
