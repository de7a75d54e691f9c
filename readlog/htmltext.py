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
