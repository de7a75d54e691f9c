"""CSV exports of read-later apps: Instapaper, Readwise Reader and Raindrop.

Each has a header row; columns are found by name (case-insensitive), so
extra, missing or reordered columns do no harm.

* Instapaper: ``URL,Title,Selection,Folder[,Timestamp,Tags]``. Selection
  is the passage the reader had selected when saving: a highlight, made
  when the link was saved. Folder
  ``Unread``; ``Archive`` means read; ``Starred`` means starred; any other
  folder is the user's own and becomes a tag. Tags are a JSON array.
* Readwise's highlights export (``Highlight,Book Title,...``) is read by
  formats/highlights.py under the same format name.
* Readwise Reader: ``Title,URL,ID,Document tags,Saved date,Reading
  progress,Location,Seen``. Tags are a Python-style list. Location
  ``archive`` means read. ``feed`` rows (items from subscribed feeds that
  were never saved) and ``shortlist`` rows are imported as unread, tagged
  with their location, so nothing is lost and they can be told apart.
* wallabag: ``Title;URL;Content;Tags;MIME Type;Language;Creation date``,
  every cell quoted, ``;`` between them. Content is the article's HTML,
  kept as a plain-text summary (as from wallabag's JSON); tags are joined
  with ``, ``; the date is written day first (``d/m/Y h:i:s``).
* Raindrop: ``id,title,note,excerpt,url,folder,tags,created,cover,
  highlights,favorite``. note -> note, highlights (``Highlight:`` and
  ``Note:`` lines, highlights.raindrop_highlights) -> highlights, excerpt
  (character references such as ``&nbsp;`` decoded) -> summary,
  folder -> category, favorite -> starred.

Each file's delimiter is sniffed from its first lines (common.csv_table),
so a file saved again by a spreadsheet with ``;`` or tabs reads the same.
Apps record no reading time, so a read or star gets the saved time (or the
import's reference time when there is none).
"""

from __future__ import annotations

import ast
import html
import json
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import NamedTuple

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats import highlights
from readlog.inputs.formats.common import (
    Format,
    csv_header,
    day_first_time,
    html_summary,
    linked_rows,
    one_line,
    reading_progress,
    section_links,
    site_of,
    split_tags,
    summary_of,
    truthy,
)
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import parse_time
from readlog.model.highlight import Highlight

Row = dict[str, str]


def _list_cell(text: str) -> list[str]:
    """Tags written as a JSON array, a Python list, or comma-separated."""
    text = (text or "").strip()
    if text.startswith("["):
        for load in (json.loads, ast.literal_eval):
            try:
                value = load(text)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            if isinstance(value, list):
                return [" ".join(str(v).split()) for v in value if str(v).strip()]
        text = text.strip("[]")
    return [t.strip("'\" ") for t in split_tags(text) if t.strip("'\" ")]


def _rows(
    infile: InputFile, ctx: ParseContext, convert: Callable[[int, Row, ParseContext], Iterator[Entry | Problem]]
) -> Iterator[Entry | Problem]:
    for item in linked_rows(infile):
        if isinstance(item, Problem):
            yield item
            continue
        line, row, _ = item
        yield from convert(line, row, ctx)


def _time(row: Row, column: str, line: int) -> tuple[datetime | None, Problem | None]:
    raw = row.get(column, "").strip()
    if not raw:
        return None, None
    when = parse_time(raw)
    if when is None:
        return None, Problem(line, "import_time_unreadable", {"column": column, "raw": raw[:30]})
    return when, None


class _SavedList(NamedTuple):
    """Where the CSV of a read-later list (Instapaper, Readwise Reader) keeps
    what an entry needs: the columns of its saved time, summary and tags, the
    columns its note may be in (the first that holds one is taken), and what
    the row's folder says (``folder``: read, starred, or a tag)."""

    saved: str
    summary: str
    tags: str
    notes: tuple[str, ...]
    folder: Callable[[Entry, Row, ParseContext], None]
    selection: str = ""  # the column of a passage the reader selected when saving (a highlight)

    def row(self, line: int, row: Row, ctx: ParseContext) -> Iterator[Entry | Problem]:
        url = row["url"].strip()
        saved, problem = _time(row, self.saved, line)
        if problem:
            yield problem
        entry = Entry(
            title=one_line(row.get("title", "")) or url,
            url=url,
            source=site_of(url),
            summary=summary_of(row.get(self.summary, "")),
            note=next(filter(None, (row.get(column, "").strip() for column in self.notes)), ""),
            saved_at=saved,
            tags=_list_cell(row.get(self.tags, "")),
            line=line,
        )
        selected = row.get(self.selection, "").strip() if self.selection else ""
        if selected:
            entry.highlights.append(Highlight(passage=selected, made_at=saved))
        self.folder(entry, row, ctx)
        yield entry


# ---------------------------------------------------------------- Instapaper


_INSTAPAPER_HTML = re.compile(r"<title>\s*Instapaper: Export\s*</title>", re.I)


def _instapaper_sniff(text: str) -> int:
    if _INSTAPAPER_HTML.search(text[:4096]):
        return 100
    header = csv_header(text)
    if not {"url", "title", "folder"} <= header:
        return 0
    return 95 if "selection" in header else 60


def _instapaper_folder(entry: Entry, row: Row, ctx: ParseContext) -> None:
    folder = " ".join(row.get("folder", "").split())
    when = entry.saved_at or ctx.as_of
    if folder.lower() == "archive":
        entry.read_at = when
    elif folder.lower() == "starred":
        entry.starred_at = when
    elif folder and folder.lower() != "unread":
        entry.tags.append(folder)


_INSTAPAPER = _SavedList(
    saved="timestamp", summary="", tags="tags", notes=(), folder=_instapaper_folder, selection="selection"
)


# ---------------------------------------------------------------- Readwise Reader


def _readwise_sniff(text: str) -> int:
    header = csv_header(text)
    if {"url", "title", "location"} <= header and header & {"saved date", "document tags"}:
        return 95
    return highlights.readwise_sniff(text)


def _readwise(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    """Reader's export of documents, or Readwise's export of highlights (formats/highlights.py)."""
    if highlights.readwise_sniff(infile.sniff_text()):
        return highlights.readwise_parse(infile, ctx)
    return _rows(infile, ctx, _READWISE.row)


def _readwise_location(entry: Entry, row: Row, ctx: ParseContext) -> None:
    entry.progress = reading_progress(row.get("reading progress", ""), percent=False)  # Reader's 0 to 1
    location = row.get("location", "").strip().lower()
    if location == "archive":
        entry.read_at = entry.saved_at or ctx.as_of
    elif location in ("feed", "shortlist"):
        entry.tags.append(location)


_READWISE = _SavedList(
    saved="saved date", summary="summary", tags="document tags", notes=("note", "notes"), folder=_readwise_location
)


# ---------------------------------------------------------------- Raindrop


def _raindrop_sniff(text: str) -> int:
    header = csv_header(text)
    if {"url", "title", "folder"} <= header and header & {"excerpt", "favorite", "created", "highlights"}:
        return 95
    return 0


_REFERENCE = re.compile(r"&(?:#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);", re.I)


def _raindrop_excerpt(text: str) -> str:
    """The excerpt as a real backup writes it: the page's description, its
    character references (``&nbsp;``) left in; decoded, a no-break space as a space."""
    return html.unescape(text).replace("\xa0", " ") if _REFERENCE.search(text) else text


def _raindrop_row(line: int, row: Row, ctx: ParseContext) -> Iterator[Entry | Problem]:
    url = row["url"].strip()
    saved, problem = _time(row, "created", line)
    if problem:
        yield problem
    note = row.get("note", "").strip()
    folder = " ".join(row.get("folder", "").split())
    entry = Entry(
        title=one_line(row.get("title", "")) or url,
        url=url,
        source=site_of(url),
        summary=summary_of(_raindrop_excerpt(row.get("excerpt", ""))),
        note=note,
        category="" if folder.lower() == "unsorted" else folder,
        saved_at=saved,
        tags=_list_cell(row.get("tags", "")),
        line=line,
        highlights=highlights.raindrop_highlights(row.get("highlights", "")),
    )
    if truthy(row.get("favorite", "")):
        entry.starred_at = entry.saved_at or ctx.as_of
    yield entry


def _parser(
    convert: Callable[[int, Row, ParseContext], Iterator[Entry | Problem]],
) -> Callable[..., Iterator[Entry | Problem]]:
    def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
        return _rows(infile, ctx, convert)

    return parse


# ---------------------------------------------------------------- wallabag (CSV)

_WALLABAG = {"title", "url", "content", "mime type", "language", "creation date"}


def wallabag_sniff(text: str) -> int:
    """wallabag's CSV export, by its header (the ``wallabag`` format reads its JSON too)."""
    header = csv_header(text)
    return 95 if {"url", "content"} <= header and len(header & _WALLABAG) >= 4 else 0


def _wallabag_row(line: int, row: Row, ctx: ParseContext) -> Iterator[Entry | Problem]:
    url = row["url"].strip()
    raw = row.get("creation date", "").strip()
    saved = (day_first_time(raw) or parse_time(raw)) if raw else None
    if raw and saved is None:
        yield Problem(line, "import_time_unreadable", {"column": "creation date", "raw": raw[:30]})
    yield Entry(
        title=one_line(row.get("title", "")) or url,
        url=url,
        source=site_of(url),
        summary=html_summary(row.get("content", "")),
        saved_at=saved,
        tags=split_tags(row.get("tags", "")),
        line=line,
    )


def wallabag_parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    return _rows(infile, ctx, _wallabag_row)


def _instapaper(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    """The CSV export, or the HTML one: a list of links under a heading per
    folder (Unread, Archive, Starred, the user's own), read like the CSV's
    Folder column."""
    if not _INSTAPAPER_HTML.search(infile.sniff_text()[:4096]):
        yield from _rows(infile, ctx, _INSTAPAPER.row)
        return
    for link in section_links(infile):
        if isinstance(link, Problem):
            yield link
            continue
        row = {"url": link.attrs["href"], "title": link.title, "folder": link.section}
        yield from _INSTAPAPER.row(link.line, row, ctx)


INSTAPAPER = Format("instapaper", _instapaper_sniff, _instapaper)
READWISE = Format("readwise", _readwise_sniff, _readwise)
RAINDROP = Format("raindrop", _raindrop_sniff, _parser(_raindrop_row))
