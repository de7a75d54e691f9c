"""An article's main text, its length and its language.

The text is found by trafilatura (Chinese and English pages alike) and
kept in ``entries.text`` as a light Markdown that ``show --full`` renders
(render/article.py):

* ``# Heading`` (one to six ``#``), a line of its own;
* paragraphs separated by a blank line (a single line break inside one is kept);
* ``- item`` list items, two more spaces of indent per level of nesting;
* fenced code blocks (a line of three or more backticks, the same line closes it);
* ``> quoted`` lines;
* a line that would otherwise read as one of the above starts with ``\\``,
  which the renderer drops: page text is data and can never become markup.

Every piece of page text passes through ``sanitize.clean`` first, so no
escape sequence or control character can reach the library.

Length and reading time are model/length.py's: each Chinese, Japanese or
Korean character counts as one and is read at ``length.CJK_PER_MINUTE``,
every other word at ``length.WORDS_PER_MINUTE``. trafilatura is imported
inside ``extract`` only: this module is loaded by
``fetch`` alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from readlog.model import length
from readlog.model.sanitize import clean

if TYPE_CHECKING:
    from lxml.etree import _Element

_MARKER = re.compile(r"^(?:#{1,6}\s|\s*- |>|```|\\)")
_FENCE = re.compile(r"^(`{3,})")
# fmt: off
_ENGLISH = frozenset([
    "the", "of", "and", "to", "a", "in", "is", "that", "it", "for", "was", "on", "are", "as", "with", "by",
    "be", "this", "have", "from", "or", "at", "not", "but", "an", "they", "which", "you", "we", "his", "her",
    "their", "has", "were", "been", "can", "more", "will", "one", "all", "would", "there", "what", "so", "if",
])
# fmt: on


@dataclass
class Article:
    text: str  # the light Markdown above
    words: int  # reading units: its Chinese, Japanese and Korean characters and its other words
    minutes: int | None  # None when there is no text
    lang: str


def measure(text: str, declared_lang: str = "") -> Article:
    """Count ``text`` (stored Markdown or plain text) and settle its language."""
    characters, words = length.count(text)
    minutes = length.minutes(characters, words)
    return Article(text=text, words=characters + words, minutes=minutes, lang=declared_lang or guess_lang(text))


def guess_lang(text: str) -> str:
    """zh, ja or ko from the share of CJK script; en from common English
    words; '' when the sample says neither."""
    sample = text[:20000]
    letters = sum(1 for ch in sample if ch.isalpha())
    if not letters:
        return ""
    kana = sum(1 for ch in sample if "\u3040" <= ch <= "\u30ff")
    hangul = sum(1 for ch in sample if "\uac00" <= ch <= "\ud7af")
    han = sum(1 for ch in sample if "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf")
    if kana > letters * 0.05:
        return "ja"
    if hangul > letters * 0.3:
        return "ko"
    if han > letters * 0.3:
        return "zh"
    tokens = [w.lower() for w in length.word().findall(sample)]
    if len(tokens) >= 5 and sum(1 for w in tokens if w in _ENGLISH) >= len(tokens) * 0.12:
        return "en"
    return ""


# ---- extraction --------------------------------------------------------------------


def extract(html: str, url: str = "", *, fast: bool = False) -> str:
    """The main text of an HTML page as the light Markdown; '' when none is found.

    ``fast`` skips trafilatura's second opinions (readability, jusText),
    which a large page makes slow and which matter little on one."""
    import trafilatura

    try:
        document = trafilatura.bare_extraction(
            html,
            url=url or None,
            fast=fast,
            output_format="xml",  # keeps the tree (document.body) without turning it into text first
            include_comments=False,
            include_tables=True,
            include_formatting=False,
            include_links=False,
            include_images=False,
        )
    except Exception:  # trafilatura and lxml on a hostile page: no text rather than a failed fetch
        return ""
    body = getattr(document, "body", None)
    if body is None:
        return ""
    return to_markdown(body)


def from_plain(text: str) -> str:
    """A text/plain page as the light Markdown: its paragraphs, every line literal."""
    paragraphs = re.split(r"\n\s*\n", clean(text.replace("\r\n", "\n"), keep_tabs=True))
    return "\n\n".join(_literal(p.strip("\n")) for p in paragraphs if p.strip())


def to_markdown(body: _Element) -> str:
    """trafilatura's XML body -> the light Markdown."""
    blocks: list[str] = []
    _blocks(body, blocks, depth=0)
    return "\n\n".join(b for b in blocks if b.strip())


def _blocks(parent: _Element, out: list[str], depth: int) -> None:
    text = _one_line(parent.text or "")
    if text:
        out.append(_literal(text))
    for el in parent:
        tag = el.tag if isinstance(el.tag, str) else ""
        if tag == "head":
            level = int(rend[1]) if (rend := el.get("rend") or "")[:1] == "h" and rend[1:2].isdigit() else 2
            title = _one_line(_inline(el))
            if title:
                out.append("#" * min(max(level, 1), 6) + " " + title)
        elif tag == "list":
            items = _items(el, 0)
            if items:
                out.append("\n".join(items))
        elif tag == "code":
            out.append(_fenced(_code_text(el)))
        elif tag == "quote":
            inner: list[str] = []
            _blocks(el, inner, depth + 1)
            lines = [line for block in inner for line in [*block.split("\n"), ""]][:-1]
            if lines:
                out.append("\n".join(("> " + line).rstrip() for line in lines))
        elif tag == "table":
            rows = [" | ".join(_one_line(_inline(cell)) for cell in row) for row in el.iter("row")]
            rows = [r for r in rows if r.strip(" |")]
            if rows:
                out.append("\n".join(_literal(r) for r in rows))
        elif tag in ("div", "section", "article", "main", "body") and depth < 20:
            _blocks(el, out, depth + 1)
        elif tag not in ("graphic", "lb", "ref") or _inline(el).strip():
            paragraph = _paragraph(_inline(el))
            if paragraph:
                out.append(paragraph)
        tail = _one_line(el.tail or "")
        if tail:
            out.append(_literal(tail))


def _items(list_el: _Element, depth: int) -> list[str]:
    out: list[str] = []
    for item in list_el:
        if item.tag != "item":
            continue
        nested = [child for child in item if child.tag == "list"]
        text = _one_line(_inline(item, skip=("list",)))
        if text:
            out.append("  " * depth + "- " + text)
        for sub in nested:
            if depth < 8:
                out.extend(_items(sub, depth + 1))
    return out


def _inline(el: _Element, skip: tuple[str, ...] = ()) -> str:
    """An element's text with its children's (not those named in ``skip``); <lb/> is a line break."""
    parts = [el.text or ""]
    for child in el:
        if child.tag == "lb":
            parts.append("\n")
        elif child.tag not in skip and isinstance(child.tag, str):
            parts.append(_inline(child, skip))
        parts.append(child.tail or "")
    return "".join(parts)


def _code_text(el: _Element) -> str:
    text = clean("".join(el.itertext()), keep_tabs=True)
    return text.strip("\n")


def _fenced(code: str) -> str:
    """A fence longer than any run of backticks that starts a line of the code."""
    longest = max((len(m.group(1)) for line in code.split("\n") if (m := _FENCE.match(line))), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{code}\n{fence}"


def _one_line(text: str) -> str:
    return clean(text, one_line=True)


def _paragraph(text: str) -> str:
    """A paragraph: clean lines (kept where the page broke them), no blank ones, each literal."""
    lines = [" ".join(line.split()) for line in clean(text).split("\n")]
    return "\n".join(_literal(line) for line in lines if line)


def _literal(text: str) -> str:
    """Each line of page text, escaped where it would read as Markdown syntax."""
    return "\n".join("\\" + line if _MARKER.match(line) else line for line in text.split("\n"))
