"""JSON exports of read-later apps: Omnivore and wallabag (whose CSV export is read in csv_exports.py).

* Omnivore (shut down in 2024) exported ``metadata_*.json``: an array of
  ``{title, description, url, state, labels, savedAt, publishedAt, ...}``;
  state ``Archived`` means read (``Deleted`` is kept too, as read, so that
  nothing is lost), labels are tags. An item's highlights are in
  ``highlights/<slug>.md`` beside it (in the zip, or the folder it was
  unpacked to), read with it (formats/highlights.py).
* wallabag exports an array of ``{title, url, is_archived, is_starred,
  tags, created_at, content, ...}``; content is the article's HTML and is
  kept as a summary of plain text, shortened to a readable length.

Only wallabag's content is HTML; every other field (titles, Omnivore's
description) is plain text and kept as written, ``Vec<T>`` included.

Records are decoded one by one (common.json_records), so a damaged record
is reported with its line and the others still import.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats import csv_exports, highlights
from readlog.inputs.formats.common import (
    Format,
    html_summary,
    json_records,
    one_line,
    reading_progress,
    site_of,
    summary_of,
    truthy,
    url_problem,
)
from readlog.inputs.reader import InputFile, close_input
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import day_of, parse_time
from readlog.model.errors import ReadlogError
from readlog.model.highlight import Highlight
from readlog.model.messages import Phrase

Record = dict[str, Any]
_ARRAY_START = re.compile(r"^\s*\[")


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _names(value: Any, *keys: str) -> list[str]:
    """Tags given as strings or as objects ({"name": ...} / {"label": ...})."""
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        if isinstance(item, dict):
            item = next((item[k] for k in keys if isinstance(item.get(k), str)), "")
        if isinstance(item, (str, int, float)) and str(item).strip():
            out.append(" ".join(str(item).split()))
    return out


def _records(
    infile: InputFile, ctx: ParseContext, convert: Callable[[int, Record, ParseContext], Iterator[Entry | Problem]]
) -> Iterator[Entry | Problem]:
    for item in json_records(infile.read_text()):
        if isinstance(item, Problem):
            yield item
            continue
        number, line, record = item
        where = Phrase("import_at_record", number=number)
        if not isinstance(record, dict):
            yield Problem(line, "import_not_an_object", {}, where)
            continue
        if not _text(record.get("url")):
            yield Problem(line, "import_no_url_field", {}, where)
            continue
        bad = url_problem(_text(record.get("url")), line, where)
        if bad:
            yield bad
            continue
        for out in convert(line, record, ctx):
            yield out.within(where) if isinstance(out, Problem) else out


def _time(record: Record, key: str, line: int) -> tuple[datetime | None, Problem | None]:
    raw = record.get(key)
    if raw in (None, "", 0):
        return None, None
    when = parse_time(raw)
    if when is None:
        return None, Problem(line, "import_time_unreadable", {"column": key, "raw": str(raw)[:30]})
    return when, None


# ---------------------------------------------------------------- Omnivore


def _omnivore_sniff(text: str) -> int:
    if _ARRAY_START.match(text) and '"savedAt"' in text and ('"slug"' in text or '"labels"' in text):
        return 95
    return 0


def _omnivore(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    """The records of ``metadata_*.json``, each with the highlights of its
    ``highlights/<slug>.md`` beside it (in the export's zip or folder) when there is one."""

    def record(line: int, record: Record, ctx: ParseContext) -> Iterator[Entry | Problem]:
        return _omnivore_record(line, record, ctx, infile)

    return _records(infile, ctx, record)


def _omnivore_marks(record: Record, infile: InputFile, line: int) -> tuple[str, list[Highlight], Problem | None]:
    """The reader's note on the item and its highlights, from its highlights file."""
    slug = _text(record.get("slug"))
    if not slug or infile.companion is None:
        return "", [], None
    try:
        found = infile.companion(f"highlights/{slug}.md")
        if found is None:
            return "", [], None
        try:
            text = found.read_text()
        finally:
            close_input(found)
    except ReadlogError as exc:
        return "", [], Problem(line, "import_highlights_unreadable", {"detail": str(exc)})
    note, marks = highlights.omnivore_highlights(text)
    return note, marks, None


def _omnivore_record(line: int, record: Record, ctx: ParseContext, infile: InputFile) -> Iterator[Entry | Problem]:
    url = _text(record["url"])
    times = {}
    for key in ("savedAt", "publishedAt", "archivedAt", "updatedAt"):
        times[key], problem = _time(record, key, line)
        if problem and key == "savedAt":
            yield problem
    entry = Entry(
        title=one_line(_text(record.get("title"))) or url,
        url=url,
        source=_text(record.get("siteName")) or site_of(url),
        summary=summary_of(_text(record.get("description"))),
        published=day_of(times["publishedAt"]),
        saved_at=times["savedAt"],
        tags=_names(record.get("labels"), "name"),
        note=_text(record.get("note")),
        line=line,
    )
    note, entry.highlights, problem = _omnivore_marks(record, infile, line)
    if problem:
        yield problem
    entry.note = "\n\n".join(part for part in (entry.note, note) if part)
    if _text(record.get("state")).lower() in ("archived", "deleted"):
        entry.read_at = times["archivedAt"] or times["updatedAt"] or entry.saved_at or ctx.as_of
    # How far it was read, in percent: readingProgressPercent in what its API gave, readingProgress
    # in the metadata of its own export; said as of the record's last change.
    said = record.get("readingProgressPercent", record.get("readingProgress"))
    entry.progress = reading_progress(said, percent=True)
    entry.progress_at = (times["updatedAt"] or entry.saved_at) if entry.progress is not None else None
    yield entry


# ---------------------------------------------------------------- wallabag


def _wallabag_sniff(text: str) -> int:
    if re.match(r"^\s*[\[{]", text) and '"is_archived"' in text and '"is_starred"' in text:
        return 95
    return csv_exports.wallabag_sniff(text)


def _annotations(value: Any) -> list[Highlight]:
    """wallabag's annotations (Annotator's format: ``quote``, the reader's
    ``text`` on it, ``created_at``; its ``ranges`` count characters inside one
    element of the page, not in the article's text, so they are not a position)."""
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        if isinstance(item, dict):
            quote, text = _text(item.get("quote")), _text(item.get("text"))
            when = item.get("created_at") or item.get("updated_at")
            if quote or text:
                out.append(Highlight(passage=quote, note=text, made_at=parse_time(when) if when else None))
    return out


def _wallabag_record(line: int, record: Record, ctx: ParseContext) -> Iterator[Entry | Problem]:
    url = _text(record["url"])
    times = {}
    for key in ("created_at", "published_at", "archived_at", "starred_at", "updated_at"):
        times[key], problem = _time(record, key, line)
        if problem and key == "created_at":
            yield problem
    entry = Entry(
        title=one_line(_text(record.get("title"))) or url,
        url=url,
        source=site_of(url) or _text(record.get("domain_name")),
        summary=html_summary(_text(record.get("content"))),
        published=day_of(times["published_at"]),
        saved_at=times["created_at"],
        tags=_names(record.get("tags"), "label", "slug"),
        highlights=_annotations(record.get("annotations")),
        line=line,
    )
    fallback = times["updated_at"] or entry.saved_at or ctx.as_of
    if truthy(record.get("is_archived")):
        entry.read_at = times["archived_at"] or fallback
    if truthy(record.get("is_starred")):
        entry.starred_at = times["starred_at"] or fallback
    yield entry


def _wallabag(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    """The JSON export, or the CSV one (csv_exports.py)."""
    if csv_exports.wallabag_sniff(infile.sniff_text()):
        return csv_exports.wallabag_parse(infile, ctx)
    return _records(infile, ctx, _wallabag_record)


OMNIVORE = Format("omnivore", _omnivore_sniff, _omnivore)
WALLABAG = Format("wallabag", _wallabag_sniff, _wallabag)
