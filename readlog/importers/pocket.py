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
from html.parser import HTMLParser

from readlog.epoch import from_epoch
from readlog.importers import ParseContext
from readlog.importers.common import csv_header, linked_rows, one_line, site_of, split_tags
from readlog.infile import InputFile
from readlog.models import Entry, Problem

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
        return Problem(line, f"time_added {raw[:30]!r} is not a time; saved time left unknown")
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


class _RilParser(HTMLParser):
    """Collects the links of ril_export.html, knowing which section each is in."""

    def __init__(self, ctx: ParseContext) -> None:
        super().__init__(convert_charrefs=True)
        self.ctx = ctx
        self.out: list[Entry | Problem] = []
        self.read_section = False
        self.heading: list[str] | None = None
        self.anchor: tuple[int, dict[str, str]] | None = None
        self.text: list[str] = []

    def _close(self) -> None:
        if self.anchor is None:
            return
        (line, attrs), self.anchor = self.anchor, None
        url = attrs.get("href", "").strip()
        if not url:
            self.out.append(Problem(line, "link has no address (href); skipped"))
            return
        added = attrs.get("time_added", "")
        problem = _check_time(added, line)
        if problem:
            self.out.append(problem)
        tags = split_tags(attrs.get("tags", ""))
        self.out.append(_entry(url, "".join(self.text), added, tags, self.read_section, line, self.ctx))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("h1", "h2"):
            self._close()
            self.heading = []
        elif tag == "a":
            self._close()
            self.anchor, self.text = (self.getpos()[0], {k: v or "" for k, v in attrs}), []
        elif tag in ("li", "ul"):
            self._close()

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._close()
        elif tag in ("h1", "h2") and self.heading is not None:
            title = " ".join("".join(self.heading).split()).lower()
            self.read_section = "archive" in title or title == "read"
            self.heading = None

    def handle_data(self, data: str) -> None:
        if self.anchor is not None:
            self.text.append(data)
        elif self.heading is not None:
            self.heading.append(data)


def _parse_html(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    parser = _RilParser(ctx)
    for _, chunk in infile.text_chunks():
        parser.feed(chunk)
        yield from parser.out
        parser.out.clear()
    parser.close()
    parser._close()
    yield from parser.out


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    if _is_csv(infile.sniff_text()):
        return _parse_csv(infile, ctx)
    return _parse_html(infile, ctx)
