"""HTML fragments (summaries in exports and feeds) to plain text.

Uses the standard library's html.parser, which tolerates the broken markup
real exports contain. Image addresses are kept as ``image: URL`` lines so
the detail view can offer them as links.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

_BLOCKS = {
    "p",
    "div",
    "br",
    "li",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "tr",
    "blockquote",
    "pre",
    "figure",
    "figcaption",
    "section",
    "article",
    "dd",
    "dt",
    "hr",
    "table",
}
_SKIP = {"script", "style", "head", "title", "noscript", "template"}
_TAG_HINT = re.compile(r"<\s*/?\s*[a-zA-Z][^>]*>|&[#a-zA-Z0-9]+;")


class _Stripper(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self.skip += 1
        elif tag == "img":
            src = dict(attrs).get("src")
            if src:
                self.out.append(f"\nimage: {src.strip()}\n")
        elif tag in _BLOCKS:
            self.out.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in _BLOCKS:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(data)


def looks_like_html(text: str) -> bool:
    return bool(_TAG_HINT.search(text))


def html_to_text(fragment: str) -> str:
    """Visible text of an HTML fragment, paragraphs kept, spacing tidied."""
    if not looks_like_html(fragment):
        return fragment.strip()
    parser = _Stripper()
    try:
        parser.feed(fragment)
        parser.close()
    except Exception:  # html.parser is lenient, but never let markup stop an import
        return unescape(re.sub(r"<[^>]*>", " ", fragment)).strip()
    text = "".join(parser.out)
    lines = [" ".join(line.split()) for line in text.split("\n")]
    paragraphs = "\n".join(line for line in lines if line)
    return paragraphs.strip()


# ---- markup pasted into plain text (bookmark lists) -------------------------------------

# Elements a web page's text carries when it is copied with its markup.
# Anything else in angle brackets (Vec<T>, <title> in prose, a < b > c) is text.
_PAGE_TAGS = (
    "a|abbr|b|blockquote|br|cite|code|del|div|em|figcaption|figure|h[1-6]|hr|i|img|ins|kbd|li|mark|ol|p|picture|"
    "pre|q|s|small|source|span|strong|sub|sup|table|tbody|td|tfoot|th|thead|tr|u|ul"
)
_ATTRIBUTES = r"""(?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>`]+))?)*"""
_PAGE_TAG = re.compile(rf"<(/?)({_PAGE_TAGS})(?![\w-])({_ATTRIBUTES})\s*/?>", re.I)
_INLINE = {"a", "abbr", "b", "cite", "code", "del", "em", "i", "ins", "kbd", "mark", "q", "s", "small", "span"}
_INLINE |= {"strong", "sub", "sup", "u", "source", "picture"}
_SRC = re.compile(r"""\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`]+))""", re.I)


def holds_copied_markup(text: str) -> bool:
    """Whether plain text holds markup copied from a page, judged by evidence
    prose does not have: a page tag with attributes (``<img src=...>``,
    ``<a href=...>``), a ``<br>`` or ``<hr>``, or a page tag closed after
    it was opened (``<p>...</p>``). ``a <b> c`` or ``Vec<T>`` is not."""
    opened: set[str] = set()
    for m in _PAGE_TAG.finditer(text):
        closing, name, attributes = m.group(1), m.group(2).lower(), m.group(3)
        if attributes.strip() or name in ("br", "hr"):
            return True
        if closing and name in opened:
            return True
        opened.add(name)
    return False


def copied_markup_to_text(text: str) -> str:
    """Plain text that may hold markup copied from a web page (the bookmark-list
    shape): with evidence of markup, page tags become line breaks (blocks),
    ``image: URL`` lines (images) or nothing (inline), and entities are
    decoded; every other angle bracket stays as written. Without evidence,
    the text is returned unchanged."""
    if not holds_copied_markup(text):
        return text
    out, last = [], 0
    for m in _PAGE_TAG.finditer(text):
        out.append(unescape(text[last : m.start()]))
        last = m.end()
        name = m.group(2).lower()
        if name == "img":
            src = _SRC.search(m.group(3))
            out.append(f"\nimage: {unescape(next(g for g in src.groups() if g is not None)).strip()}\n" if src else "")
        elif name not in _INLINE:
            out.append("\n")
    out.append(unescape(text[last:]))
    lines = [" ".join(line.split()) for line in "".join(out).split("\n")]
    return "\n".join(line for line in lines if line)
