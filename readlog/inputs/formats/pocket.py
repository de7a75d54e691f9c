"""Pocket exports, both shapes (Pocket closed in 2025; users kept these files).

* ``ril_export.html`` (the old export): an "Unread" and a "Read Archive"
  section, each a list of ``<li><a href time_added tags>Title</a>``.
* The CSV export (``part_000000.csv``): ``title,url,time_added,tags,status``
  with tags separated by ``|`` and status ``unread`` or ``archive``. Later
  exports add columns (``cursor``, ...), so columns are read by name.

Archived items are imported as read. Pocket records no reading time, so the
saved time stands in for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import csv_header, linked_rows, one_line, section_links, site_of, split_tags
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import from_epoch

NAME = "pocket"
_HTML_MARK = re.compile(r"<a\s[^>]*\btime_added\s*=", re.I)
_TITLE = re.compile(r"<title>\s*Pocket Export\s*</title>", re.I)


def _is_csv(text: str) -> bool:
    return {"url", "time_added"} <= csv_header(text)


def sniff(text: str) -> int:
    header = csv_header(text)
    if {"url", "time_added"} <= header and ({"status", "title"} & header):
        return 95
    if _TITLE.search(text[:4096]) or _HTML_MARK.search(text):
        return 95 if _HTML_MARK.search(text) else 60
    return 0


def _entry(url: str, title: str, added: str, tags: list[str], read: bool, line: int, ctx: ParseContext) -> Entry:
    saved = from_epoch(added) if added else None
    read_at: datetime | None = (saved or ctx.as_of) if read else None
    return Entry(
        title=one_line(title) or url,
        url=url,
        source=site_of(url),
        saved_at=saved,
        read_at=read_at,
        tags=tags,
        line=line,
    )


def _check_time(raw: str, line: int) -> Problem | None:
    raw = raw.strip()
    if raw and raw != "0" and from_epoch(raw) is None:
        return Problem(line, "import_saved_time_unreadable", {"column": "time_added", "raw": raw[:30]})
    return None


def _parse_csv(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    for item in linked_rows(infile):
        if isinstance(item, Problem):
            yield item
            continue
        line, row, url = item
        status = row.get("status", "").strip().lower()
        added = row.get("time_added", "")
        problem = _check_time(added, line)
        if problem:
            yield problem
        tags = split_tags(row.get("tags", ""), "|")
        yield _entry(url, row.get("title", ""), added, tags, status in ("archive", "archived", "read"), line, ctx)


def _parse_html(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    for link in section_links(infile):
        if isinstance(link, Problem):
            yield link
            continue
        added = link.attrs.get("time_added", "")
        problem = _check_time(added, link.line)
        if problem:
            yield problem
        section = link.section.lower()
        read = "archive" in section or section == "read"
        tags = split_tags(link.attrs.get("tags", ""))
        yield _entry(link.attrs["href"].strip(), link.title, added, tags, read, link.line, ctx)


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    if _is_csv(infile.sniff_text()):
        return _parse_csv(infile, ctx)
    return _parse_html(infile, ctx)
