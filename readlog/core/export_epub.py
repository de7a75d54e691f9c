"""The EPUB book: the chosen entries' fetched text, a chapter each, for e-readers.

``readlog export -f epub -o unread.epub`` makes one EPUB 3 book with ebooklib
(imported here only, and only when a book is made): a chapter per entry that
has fetched text (its title, source, link and reading time, then the text as
the paragraphs, headings, lists, quotes and code that fetch stored, the
entry's highlights marked with ``<mark>`` where ``show --full`` marks them,
those that occur nowhere and the notes on them after the text), a
table of contents (EPUB 3 nav and EPUB 2 NCX, for older readers), and the
title, language (``zh`` when most chapters are Chinese, else ``en``),
identifier and date a library shelf shows. Entries without fetched text are
left out and listed (``Tally.left_out``). Images are left out: fetch keeps none.

Everything from an entry is data: it is cleaned (sanitize.clean), stripped of
what XML cannot hold, and escaped, so that no title or text, however hostile
(``<script>``, control characters, lone surrogates), can make the book
invalid or put markup in it.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, BinaryIO

from readlog.model.blocks import parse
from readlog.model.highlight import MARK_CLOSE, MARK_OPEN, mark_passages
from readlog.model.messages import say
from readlog.model.sanitize import clean

if TYPE_CHECKING:
    from readlog.core.export import Tally
    from readlog.model.highlight import Highlight

Row = dict[str, Any]
HighlightsOf = Callable[[Row], Sequence["Highlight"]]

# Characters XML 1.0 cannot hold at all (controls apart from tab and newline, lone
# surrogates, U+FFFE and U+FFFF): clean() leaves some of them, so they go here too.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_MARKS = re.compile(f"([{MARK_OPEN}{MARK_CLOSE}])")
_CJK = re.compile("[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f]")


def xml_text(text: object, *, one_line: bool = False) -> str:
    """Text as XHTML character data: cleaned, without what XML cannot hold, escaped."""
    return escape(_NOT_XML.sub("", clean(text, one_line=one_line)), quote=True)


def href(url: str) -> str:
    """A link as a valid URI (epubcheck checks each): what a URI cannot hold
    as written (a space, a quote, a Chinese character) percent-encoded as UTF-8,
    and a ``%`` that starts no escape written as ``%25``."""
    from urllib.parse import quote

    return quote(_STRAY_PERCENT.sub("%25", url.strip()), safe=":/?#[]@!$&'()*+,;=%~")


_STRAY_PERCENT = re.compile("%(?![0-9A-Fa-f]{2})")


def language(row: Row) -> str:
    """``zh`` or ``en``: the entry's language as fetch found it, else by its title and text."""
    lang = str(row.get("lang") or "").strip().lower()
    if lang:
        return "zh" if lang.startswith("zh") else "en"
    sample = str(row.get("title") or "") + str(row.get("text") or "")[:2000]
    return "zh" if len(_CJK.findall(sample)) * 5 > len(sample.strip()) > 0 else "en"


class _Marker:
    """Turns the mark characters model.highlight.mark_passages put in the text into
    ``<mark>`` elements, block by block: a passage that runs on into the next block is
    closed at the end of one and opened again at the start of the next, so that every
    element stays well formed."""

    def __init__(self) -> None:
        self.inside = False

    def __call__(self, text: str) -> str:
        out = ["<mark>"] if self.inside else []
        for piece in _MARKS.split(text):
            if piece == MARK_OPEN:
                if not self.inside:
                    out.append("<mark>")
                self.inside = True
            elif piece == MARK_CLOSE:
                if self.inside:
                    out.append("</mark>")
                self.inside = False
            elif piece:
                out.append(escape(piece, quote=True))
        if self.inside:
            out.append("</mark>")
        return "".join(out).replace("<mark></mark>", "")


def body(text: str, passages: Sequence[str]) -> tuple[list[str], set[int]]:
    """The fetched text's blocks as XHTML elements, each passage marked where the terminal
    marks it (its first occurrence, white space and case aside: model.highlight.mark_passages),
    and the indexes of the passages so marked."""
    safe, used = mark_passages(_NOT_XML.sub("", text), list(passages))
    marked = _Marker()
    parts: list[str] = []
    items: list[str] = []

    def close_list() -> None:
        if items:
            parts.append("<ul>" + "".join(items) + "</ul>")
            items.clear()

    for block in parse(safe):
        if block.kind == "item":
            items.append(f"<li>{marked(' '.join(block.lines))}</li>")
            continue
        close_list()
        if block.kind == "code":
            parts.append("<pre><code>" + marked("\n".join(block.lines)) + "</code></pre>")
        elif block.kind == "heading":
            level = min(6, block.level + 1)  # the chapter's title is its h1
            parts.append(f"<h{level}>{marked(' '.join(block.lines))}</h{level}>")
        else:
            line = " ".join(" ".join(block.lines).split())
            para = f"<p>{marked(line)}</p>"
            parts.append(f"<blockquote>{para}</blockquote>" if block.kind == "quote" else para)
    close_list()
    return parts, used


def chapter(row: Row, highlights: Sequence[Highlight], lang: str) -> str:
    """One entry's chapter as the body of an XHTML document."""
    from readlog.core.export import linkable

    title = clean(row.get("title") or row.get("url") or "", one_line=True) or say("md_untitled", lang)
    parts = [f"<h1>{xml_text(title)}</h1>"]
    details = []
    source = clean(row.get("source") or "", one_line=True)
    if source:
        details.append(xml_text(source))
    minutes = row.get("minutes")
    if isinstance(minutes, int) and minutes > 0:
        details.append(xml_text(say("epub_minutes", lang, minutes=minutes)))
    if details:
        parts.append('<p class="meta">' + " · ".join(details) + "</p>")
    url = clean(row.get("url") or "", link=True)
    if url:
        shown = xml_text(url)
        link = f'<a href="{escape(href(url), quote=True)}">{shown}</a>' if linkable(url) else shown
        parts.append(f'<p class="meta">{link}</p>')
    passages = [clean(h.passage) for h in highlights]
    elements, used = body(str(row.get("text") or ""), passages)
    parts += elements
    rest = [h for i, h in enumerate(highlights) if i not in used or h.note.strip()]
    if rest:
        parts.append(f"<h2>{xml_text(say('notes_highlights', lang))}</h2>")
        for mark in rest:
            if mark.passage.strip():
                parts.append(f"<blockquote><p>{xml_text(mark.passage, one_line=True)}</p></blockquote>")
            for para in clean(mark.note).split("\n\n"):
                if para.strip():
                    parts.append(f"<p>{xml_text(para, one_line=True)}</p>")
    return "\n".join(parts)


def book_language(langs: Sequence[str]) -> str:
    return "zh" if langs and sum(lang == "zh" for lang in langs) * 2 > len(langs) else "en"


def write_book(
    rows: Iterable[Row],
    stream: BinaryIO,
    tally: Tally,
    *,
    highlights_of: HighlightsOf,
    lang: str = "en",
    today: str = "",
) -> None:
    """Write the book of the rows that have fetched text to ``stream`` (which
    must be seekable, or written in one piece by the caller). The rows without
    are counted in ``tally.left_out`` (id, title); a book with no chapter is
    not written (the caller says so)."""
    from ebooklib import epub

    book = epub.EpubBook()
    chapters = []
    langs: list[str] = []
    ids: list[int] = []
    for row in rows:
        if not str(row.get("text") or "").strip():
            tally.left_out.append((int(row["id"]), clean(row.get("title") or row.get("url") or "", one_line=True)))
            tally.skipped += 1
            continue
        chapter_lang = language(row)
        title = _NOT_XML.sub("", clean(row.get("title") or row.get("url") or "", one_line=True))
        page = epub.EpubHtml(
            title=title or say("md_untitled", chapter_lang),
            file_name=f"entry-{int(row['id'])}.xhtml",
            lang=chapter_lang,
        )
        page.content = "<html><body>" + chapter(row, highlights_of(row), chapter_lang) + "</body></html>"
        book.add_item(page)
        chapters.append(page)
        langs.append(chapter_lang)
        ids.append(int(row["id"]))
        tally.written += 1
    if not chapters:
        return
    book_lang = book_language(langs)
    book.set_identifier("urn:uuid:" + str(uuid.uuid5(uuid.NAMESPACE_URL, f"readlog:{today}:{ids}")))
    book.set_title(say("epub_title", book_lang, entries=len(chapters), date=today))
    book.set_language(book_lang)
    book.add_author("readlog")
    book.add_metadata("DC", "date", today)
    book.toc = chapters
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = ["nav", *chapters]
    # No page-list in the nav: fetched text has no printed pages, and ebooklib would parse
    # every chapter again to look for them (a third of its time for a 1,000-chapter book).
    epub.write_epub(stream, book, {"epub3_pages": False})
