"""A plain list of links, one a line: the shape people keep by hand.

Three shapes share it:

* one link per line, optionally followed by its title
  (``https://example.org/post  A post worth reading``);
* a Markdown list of ``[title](link)`` items (``- [ ]``/``- [x]`` task
  items too: a ticked one is read), with text after the link as its summary
  and a heading above as the category, as a Netscape folder;
* newsboat's ``urls`` file: a link per line followed by tags, a quoted
  ``"~Name"`` as its title, ``"query:..."`` lines (saved searches, not
  links) left out. A file named ``urls``, or whose lines carry quoted tags,
  is read this way.

Blank lines and ``#`` comments are passed over; in a plain list, any other
line is reported and skipped, while the prose of a Markdown file is not: in
Markdown, an item is a list item that begins with its link, or a line that
is a link alone (see _markdown_item); a link inside a sentence is not one.
Links that are not web links are skipped with their reason by the import
gate, like every format's.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterator

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import csv_table, one_line, site_of
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem

NAME = "urls"
_LINK = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://\S+|(?:about|place|mailto):\S+")
_WEB_LINE = re.compile(r"<?https?://\S", re.I)
_MD_LINK = re.compile(
    r"\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*<?([^()\s<>]+(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)"
)
_ITEM = re.compile(r"(?:[-*+]|\d{1,4}[.)])\s+(?:\[([ xX])\]\s+)?")
_HEADING = re.compile(r"(#{1,6})\s+(.+?)\s*#*\s*$")
_QUOTED = re.compile(r'^\S+\s+.*"[^"\s][^"]*"\s*$|^"query:', re.M)
_SEPARATOR = " \t-–—|:"


_WORD = re.compile(r"\w")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_IMAGE = re.compile(r"\s*!\[[^\]]*\]\([^()]*\)\s*")
_EMPHASIS = "*_` "  # what may stand around an item's link: **[micro](...)**


def _meaningful(text: str) -> list[str]:
    """The lines that say what the file is: not blank, not comments or headings, not a
    Markdown page's links within itself (a table of contents, "back to top")."""
    lines = []
    for raw in text.splitlines()[:400]:
        line = raw.strip()
        if line and not line.startswith(("#", '"query:')) and line not in ("---", "***") and not _in_page(line):
            lines.append(line)
    return lines[:200]


def _in_page(line: str) -> bool:
    """A Markdown line whose first link, before any word, points within the document."""
    item = _ITEM.match(line)
    rest = line[item.end() :] if item else line
    link = _MD_LINK.search(rest)
    return link is not None and not _WORD.search(rest[: link.start()]) and not _SCHEME.match(link.group(2))


def _is_link_line(line: str) -> bool:
    item = _ITEM.match(line)
    rest = line[item.end() :] if item else line
    if _WEB_LINE.match(rest):
        return True
    found = _markdown_item(rest, listed=item is not None)
    return found is not None and _WEB_LINE.match(found[0].group(2)) is not None


def _markdown_item(rest: str, *, listed: bool) -> tuple[re.Match[str], str] | None:
    """The link a Markdown line stands for, and the text after it (its summary),
    or None when the line is no item.

    A list item is an item when its first link comes before any word of it
    (``- [Helix](https://...) - an editor``, ``* **[micro](...)**``); a line
    outside a list only when it is that link alone or followed by a separator
    (``[Helix](https://...) - an editor``). A link inside a sentence
    (``see [its book](...) for a tour``) is part of the text it is in, not an
    item; nor is a link within the document or its repository (a table of
    contents, ``contributing.md``) or a picture's (a badge)."""
    link = _MD_LINK.search(rest)
    if link is None or _WORD.search(rest[: link.start()]):
        return None
    if not _SCHEME.match(link.group(2)) or _IMAGE.fullmatch(link.group(1)):
        return None
    after = rest[link.end() :].lstrip(_EMPHASIS)
    if not listed and after and after[0] not in _SEPARATOR:
        return None
    return link, after.strip(_SEPARATOR)


def sniff(text: str) -> int:
    """Most lines (comments, headings and blank lines aside) are a web link,
    alone or with words after it, or a Markdown ``[title](link)`` item."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if not stripped or stripped[0] in "<{":
        return 0
    lines = _meaningful(stripped)
    links = sum(1 for line in lines if _is_link_line(line))
    if links == 0 or links < len(lines) * 0.6 or _is_table(stripped):
        return 0
    return 60 if links >= 2 else 30


def _is_table(text: str) -> bool:
    """A table with a header row (``url<TAB>title<TAB>tags``, then a row a
    line): the ``links`` format reads it by its columns. A list whose first
    line is a link, a comment or a heading is no such table."""
    if _WEB_LINE.match(text) or text.startswith(("#", "-", "*", "[")):
        return False
    table = csv_table(text)
    return (
        table is not None
        and table.link_column() is not None
        and not any(_WEB_LINE.match(cell.strip()) for cell in table.header)
    )


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    head = infile.sniff_text()
    markdown = _MD_LINK.search(head) is not None
    newsboat = os.path.basename(infile.name) == "urls" or (not markdown and _QUOTED.search(head) is not None)
    category = ""
    long_seen = 0
    for number, raw in infile.lines():
        if len(infile.long_lines) > long_seen:
            long_seen = len(infile.long_lines)
            yield Problem(number, "import_line_too_long_link")
            continue
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith('"query:') or line in ("---", "***"):
            continue
        if line.startswith("#"):
            heading = _HEADING.match(line)
            if markdown and heading:
                category = one_line(heading.group(2))
            continue
        item = _ITEM.match(line)
        ticked = bool(item and item.group(1) and item.group(1) in "xX")
        rest = line[item.end() :] if item else line
        if markdown and _MD_LINK.search(rest):
            found = _markdown_item(rest, listed=item is not None)
            if found is not None:  # else prose that mentions a link, not an item of the list
                link, after = found
                yield _entry(number, link.group(2), _plain(link.group(1)), category, ticked, ctx, summary=after)
            continue
        rest = rest.strip()
        if rest.startswith("<") and ">" in rest:  # <https://...> as Markdown writes a bare link
            rest = rest[1:].replace(">", "", 1)
        bare = _LINK.match(rest)
        if bare is None:
            if not markdown:
                yield Problem(number, "import_not_a_link", {"text": one_line(line)[:60]})
            continue
        words = rest[bare.end() :].strip()
        if newsboat:
            title, tags = _newsboat(words)
            yield _entry(number, bare.group(0), title, category, ticked, ctx, tags=tags)
        else:
            yield _entry(number, bare.group(0), one_line(words.strip(_SEPARATOR)), category, ticked, ctx)


def _newsboat(words: str) -> tuple[str, list[str]]:
    """newsboat's words after a link: tags, ``~Name`` the title, ``!`` (hidden) dropped."""
    try:
        tokens = shlex.split(words)
    except ValueError:
        tokens = words.replace('"', " ").split()
    title, tags = "", []
    for token in tokens:
        if token.startswith("~"):
            title = one_line(token[1:])
        elif token != "!" and token.strip():
            tags.append(one_line(token))
    return title, tags


def _plain(text: str) -> str:
    """A Markdown link text without its emphasis marks."""
    return one_line(re.sub(r"(\*\*|__|\*|`)", "", text))


def _entry(
    line: int,
    url: str,
    title: str,
    category: str,
    read: bool,
    ctx: ParseContext,
    *,
    summary: str = "",
    tags: list[str] | None = None,
) -> Entry:
    return Entry(
        title=title or url,
        url=url,
        source=site_of(url),
        category=category,
        summary=summary,
        tags=tags or [],
        read_at=ctx.as_of if read else None,
        line=line,
    )
