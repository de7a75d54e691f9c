"""Netscape bookmark HTML: what Firefox, Chrome, Safari, Edge, linkding,
Pinboard and Raindrop export.

    <DT><H3>Tech</H3>
    <DL><p>
        <DT><A HREF="https://..." ADD_DATE="1616337559" TAGS="rust,cli" TOREAD="1">Title</A>
        <DD>An optional description
    </DL><p>

The format is loose HTML: <DT> and <p> are never closed, tag and attribute
names come in either case, titles and URLs carry entities. It is parsed
by tagsoup.py, which reads tags as the standard library's tolerant
html.parser does in less time, fed in chunks so a large file is never held
whole. Folders (<H3> followed by <DL>) become the
category path ``Tech/Rust``.

A bookmark whose link is relative to the app that exported the file (a
Shaarli note: ``HREF="?lY47tw"``) has no address: it is kept without one,
with its title, text and tags.

Reading state: browsers write no TOREAD attribute, and their bookmarks are
imported unread. Apps with a reading list (linkding, Pinboard) mark unread
bookmarks TOREAD="1" and write nothing on read ones, so in a file that uses
the attribute anywhere, a bookmark without it was read. readlog's own
export writes TOREAD="1" or "0" on every bookmark. Whether a file uses the
attribute is known only when the first one appears, so bookmarks without
it are held back until then (at most ToRead.PENDING of them, to bound memory;
past that the file is taken not to use it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import Bounded, ToRead, site_of, split_tags
from readlog.inputs.formats.tagsoup import TagSoup
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import from_epoch
from readlog.model.fields import margin

NAME = "netscape"
_DOCTYPE = re.compile(r"<!DOCTYPE\s+NETSCAPE-Bookmark-file", re.I)
_DT_A = re.compile(r"<dt>\s*<a\s[^>]*href\s*=", re.I)
_DL = re.compile(r"<dl[\s>]", re.I)
_FOLDER_TAGS = {"h2", "h3", "h4", "h5", "h6"}
_UNREAD = {"1", "yes", "true", "on"}
# Vivaldi writes its separators as bookmarks of this address, titled "---".
SEPARATOR_URLS = frozenset({"http://bookmark.placeholder.url/", "https://bookmark.placeholder.url/"})
_HIDDEN = {"script", "style"}
# Where an HREF that lost its closing quote ran on into the next attribute or tag.
_UNCLOSED = re.compile(r"\s+[A-Za-z_-]+=|\s*[<>\n]")


def sniff(text: str) -> int:
    if _DOCTYPE.search(text[:4096]):
        return 98  # an app's own title (Instapaper: Export) says more than the doctype it borrows
    if _DT_A.search(text) and _DL.search(text):
        return 70
    return 0


@dataclass
class _Anchor:
    line: int
    attrs: dict[str, str]
    text: Bounded


class _Parser(TagSoup):
    """Turns the tag soup into bookmarks; finished items collect in ``out``."""

    def __init__(self, ctx: ParseContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.toread = ToRead(ctx)  # whether the file marks its unread bookmarks (TOREAD)
        self.out: list[Entry | Problem] = []
        self.folders: list[str] = []
        self.opened: list[bool] = []  # for each open <DL>: did it push a folder name?
        self.heading: Bounded | None = None
        self.folder_name: str | None = None
        self.anchor: _Anchor | None = None
        self.last: Entry | None = None
        self.description: Bounded | None = None
        self.hidden = False  # inside <script> or <style>
        # How much of a title, description and folder name is worth collecting, read once a file.
        self.margins = {name: margin(name) for name in ("title", "summary", "category")}

    # -- finishing things

    def _close_anchor(self) -> None:
        if self.anchor is None:
            return
        anchor, self.anchor = self.anchor, None
        self.last = self._entry(anchor)

    def _flush(self) -> None:
        """End the current bookmark: its title and description are complete."""
        self._close_anchor()
        if self.last is not None and self.description is not None:
            self.last.summary = "\n".join(" ".join(p.split()) for p in "".join(self.description).split("\n")).strip()
        if self.last is not None:
            self.out.append(self.last)
        self.last, self.description = None, None

    def _entry(self, anchor: _Anchor) -> Entry | None:
        href = (anchor.attrs.get("href") or "").strip()
        title = " ".join("".join(anchor.text).split())
        if not href:
            self.out.append(Problem(anchor.line, "import_bookmark_no_href", {"title": title[:60]}))
            return None
        cut = _UNCLOSED.search(href)
        if cut:
            href = href[: cut.start()]
            self.out.append(Problem(anchor.line, "import_href_unclosed", {"title": title[:60], "href": href}))
        if not_a_bookmark(href):
            return None
        if relative(href):  # a note of the app that exported the file (Shaarli: "?lY47tw")
            href = ""
        entry = Entry(
            title=title or href,
            url=href,
            source=site_of(href) if href else "",
            category="/".join(self.folders),
            tags=split_tags(anchor.attrs.get("tags") or ""),
            line=anchor.line,
        )
        raw = (anchor.attrs.get("add_date") or "").strip()
        if raw:
            entry.saved_at = from_epoch(raw)
            if entry.saved_at is None and raw != "0":
                self.out.append(
                    Problem(anchor.line, "import_saved_time_unreadable", {"column": "ADD_DATE", "raw": raw[:30]})
                )
        toread = anchor.attrs.get("toread")
        self.toread.place(entry, marked=toread is not None)
        if toread is not None and toread.strip().lower() not in _UNREAD:
            self.toread.mark_read(entry)
        return entry

    # -- tokenizer callbacks (tag and attribute names arrive lower-cased)

    def _end_heading(self) -> None:
        if self.heading is not None:
            self.folder_name = " ".join("".join(self.heading).split()) or "(untitled)"
            self.heading = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self.hidden = True
            return
        if tag in ("a", "dt", "dd", "dl"):
            self._end_heading()  # an unclosed <H3>
        if self.description is not None and tag in ("br", "p"):
            self.description.append("\n")
            return
        if tag == "a" and self.description is None:
            self._flush()
            self.anchor = _Anchor(self.getpos()[0], _attributes(attrs), Bounded(self.margins["title"]))
        elif tag == "dt":
            self._flush()
            self.folder_name = None  # a folder heading with no <DL> after it is an empty folder
        elif tag == "dd":
            self._close_anchor()
            self.description = Bounded(self.margins["summary"]) if self.last is not None else None
        elif tag in _FOLDER_TAGS:
            self._flush()
            self.heading = Bounded(self.margins["category"])
        elif tag == "dl":
            self._flush()
            pushed = self.folder_name is not None
            if pushed:
                self.folders.append(self.folder_name or "")
            self.opened.append(pushed)
            self.folder_name = None

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = False
        elif tag == "a":
            self._close_anchor()
        elif tag in _FOLDER_TAGS:
            self._end_heading()
        elif tag == "dl":
            self._flush()
            if self.opened and self.opened.pop() and self.folders:
                self.folders.pop()

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return  # the text of <script> and <style> is not a title or a description
        if self.anchor is not None:
            self.anchor.text.add(data)
        elif self.heading is not None:
            self.heading.add(data)
        elif self.description is not None:
            self.description.add(data)


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    parser = _Parser(ctx)
    for _, chunk in infile.text_chunks():
        parser.feed(chunk)
        if parser.toread.ready():
            yield from parser.out
            parser.out.clear()
    parser.close()
    parser._flush()
    parser.toread.decide(uses_toread=False)
    yield from parser.out


def not_a_bookmark(href: str) -> bool:
    """Whether a link is a browser's drawing, not a bookmark: a Vivaldi
    separator, left out with no problem. Firefox's saved queries
    (``place:sort=8``, "Most Visited") are bookmarks of a link that is not a
    web link, skipped with that reason like any other (vet.py)."""
    low = href.strip().lower()
    return (low if low.endswith("/") else low + "/") in SEPARATOR_URLS


def relative(href: str) -> bool:
    """Whether a bookmark's link is relative to the app that wrote the file
    (``?lY47tw``, ``/shaare/lY47tw``, ``#note``, ``./page``): Shaarli links its
    notes, which have no address of their own, so. No base says where it
    points, so the bookmark is kept, with its title and text, without a link.
    A network-path link (``//host/page``) is not relative in this sense."""
    return href.startswith(("?", "#", "./", "../")) or (href.startswith("/") and not href.startswith("//"))


def _attributes(attrs: list[tuple[str, str | None]]) -> dict[str, str]:
    """An anchor's attributes: the first of a repeated name wins (as in
    browsers), and a bare TOREAD, as HTML reads a bare attribute, is true."""
    found: dict[str, str] = {}
    for name, value in attrs:
        if name not in found:
            found[name] = value if value is not None else ("1" if name == "toread" else "")
    return found
