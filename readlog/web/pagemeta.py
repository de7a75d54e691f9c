"""What a web page says about itself: title, description, site name,
canonical address, published date and language.

Read from the places publishers put them, best first: Open Graph
(``og:title``...), JSON-LD (``<script type="application/ld+json">``,
schema.org's Article and friends), the ordinary ``<meta>`` tags and
``<title>``, ``<link rel="canonical">`` and ``<html lang>``.

Pure: text in, a ``PageMeta`` out, never an exception, whatever the page
holds. Everything returned is one clean line (``sanitize.clean``), cut to
a sensible length; links are absolute http(s) addresses or ''. Only the
document's head is parsed with html.parser (the body is large and holds
no metadata but JSON-LD, which is found by a pattern), so this costs about
a millisecond per page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import unescape
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

from readlog.model.sanitize import clean
from readlog.model.stamps import valid_date

TITLE_MAX = 300
DESCRIPTION_MAX = 2000
NAME_MAX = 120
_BODY = re.compile(r"<body[\s>/]", re.I)
_HEAD_MAX = 300_000  # a page without <body> is parsed this far
_JSON_LD = re.compile(r"""<script\b[^>]*\btype\s*=\s*["']?application/ld\+json[^>]*>""", re.I)
_SCRIPT_END = re.compile(r"</script\s*>", re.I)
_JSON_LD_MAX = 500_000  # larger blocks are not metadata
_DATE = re.compile(r"^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?!\d)")
_COMPACT_DATE = re.compile(r"^\s*(\d{4})(\d{2})(\d{2})(?:\D|$)")
_LANG = re.compile(r"^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*$")
ARTICLE_TYPES = {
    "article",
    "newsarticle",
    "blogposting",
    "techarticle",
    "scholarlyarticle",
    "report",
    "analysisnewsarticle",
    "reportagenewsarticle",
    "opinionnewsarticle",
    "socialmediaposting",
    "webpage",
    "posting",
}
# <meta name=...> keys that hold a publication date, as sites and CMSs write them.
DATE_NAMES = (
    "article:published_time",
    "og:published_time",
    "citation_publication_date",
    "citation_date",
    "dc.date.issued",
    "dc.date",
    "dcterms.date",
    "dcterms.issued",
    "date",
    "pubdate",
    "publishdate",
    "publish_date",
    "parsely-pub-date",
    "sailthru.date",
)


@dataclass
class PageMeta:
    title: str = ""
    description: str = ""
    site_name: str = ""
    canonical_url: str = ""
    published: str | None = None  # YYYY-MM-DD as the page gives it
    lang: str = ""  # a primary language tag: zh, en, ...


class _Head(HTMLParser):
    """Collects <title>, <meta>, <link rel=canonical> and <html lang>; the first of each wins."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, str] = {}
        self.title: list[str] = []
        self.in_title = False
        self.title_done = False
        self.canonical = ""
        self.lang = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k.lower(): (v or "") for k, v in attrs if k}
        if tag == "html" and not self.lang:
            self.lang = a.get("lang", "") or a.get("xml:lang", "")
        elif tag == "title" and not self.title_done:
            self.in_title = True
        elif tag == "meta":
            key = (a.get("property") or a.get("name") or a.get("itemprop") or a.get("http-equiv") or "").lower()
            content = a.get("content", "")
            if key and content.strip() and key not in self.meta:
                self.meta[key.strip()] = content
        elif tag == "link" and not self.canonical:
            rels = a.get("rel", "").lower().split()
            if "canonical" in rels:
                self.canonical = a.get("href", "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title" and self.in_title:
            self.in_title = False
            self.title_done = True

    def handle_data(self, data: str) -> None:
        if self.in_title and sum(map(len, self.title)) < 10_000:
            self.title.append(data)


def extract(html: str, base_url: str = "") -> PageMeta:
    """The page's metadata; fields it does not give are empty."""
    head = _parse_head(html)
    ld = _json_ld(html)
    m = head.meta
    meta = PageMeta()
    meta.title = _line(
        _first(m.get("og:title"), ld.get("headline"), ld.get("name"), m.get("twitter:title"), "".join(head.title)),
        TITLE_MAX,
    )
    meta.description = _line(
        _first(m.get("og:description"), m.get("description"), ld.get("description"), m.get("twitter:description")),
        DESCRIPTION_MAX,
    )
    meta.site_name = _line(
        _first(m.get("og:site_name"), ld.get("publisher"), m.get("application-name")),
        NAME_MAX,
    )
    for candidate in (head.canonical, m.get("og:url"), ld.get("url"), ld.get("mainentityofpage")):
        meta.canonical_url = _absolute(candidate, base_url)
        if meta.canonical_url:
            break
    for candidate in (m.get("article:published_time"), ld.get("datepublished"), *(m.get(k) for k in DATE_NAMES)):
        meta.published = parse_date(candidate)
        if meta.published:
            break
    for candidate in (head.lang, m.get("og:locale"), ld.get("inlanguage"), m.get("content-language")):
        meta.lang = normal_lang(candidate)
        if meta.lang:
            break
    return meta


def _parse_head(html: str) -> _Head:
    found = _BODY.search(html, 0, _HEAD_MAX)
    head = _Head()
    try:
        head.feed(html[: found.start() if found else _HEAD_MAX])
        head.close()
    except Exception:  # html.parser is lenient, but a page must never stop a fetch; keep what was read
        pass
    return head


def _json_ld(html: str) -> dict[str, Any]:
    """The fields of the page's main JSON-LD node (an article if there is one),
    keys lower-cased, values reduced to text."""
    best: dict[str, Any] = {}
    for block in _JSON_LD.finditer(html):
        # Each block's end is looked for within _JSON_LD_MAX of its start, and
        # a block that never ends ends the search: however many unclosed
        # blocks a hostile page holds, the work stays linear in its size.
        end = _SCRIPT_END.search(html, block.end(), block.end() + _JSON_LD_MAX)
        if end is None:
            break
        raw = html[block.end() : end.start()]
        try:
            data = json.loads(raw.strip().removeprefix("<!--").removesuffix("-->"))
        except (ValueError, RecursionError):
            continue
        for node in _nodes(data):
            better = bool(_types(node) & ARTICLE_TYPES) and not _types(best) & ARTICLE_TYPES
            if better or (not best and ("headline" in node or "name" in node)):
                best = node
    return {k.lower(): _text(v, k.lower()) for k, v in best.items() if isinstance(k, str)}


def _nodes(data: Any, depth: int = 0) -> list[dict[str, Any]]:
    """The objects at the top of a JSON-LD document and in its @graph (not deeper)."""
    if depth > 3:
        return []
    if isinstance(data, list):
        return [n for item in data[:50] for n in _nodes(item, depth + 1)]
    if isinstance(data, dict):
        graph = data.get("@graph")
        return [data, *(_nodes(graph, depth + 1) if isinstance(graph, list) else [])]
    return []


def _types(node: dict[str, Any]) -> set[str]:
    kind = node.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return {k.lower() for k in kinds if isinstance(k, str)}


def _text(value: Any, key: str, depth: int = 0) -> str:
    """A JSON-LD value as text: strings as they are, the first of a list, an
    object's name (publisher), @id or url (mainEntityOfPage), or @value."""
    if depth > 4:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return next((t for t in (_text(v, key, depth + 1) for v in value[:20]) if t), "")
    if isinstance(value, dict):
        for field in ("name", "@value", "@id", "url"):
            if field in value:
                found = _text(value[field], key, depth + 1)
                if found:
                    return found
    return ""


def _first(*values: Any) -> str:
    for value in values:
        if isinstance(value, str) and clean(value, one_line=True):
            return value
    return ""


def _line(value: str, limit: int) -> str:
    text = clean(unescape(value) if "&" in value else value, one_line=True)
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text


def _absolute(value: Any, base: str) -> str:
    """An absolute http(s) address from a possibly relative link, else ''."""
    if not isinstance(value, str):
        return ""
    link = clean(value, link=True)
    if not link or " " in link or len(link) > 2000:
        return ""
    try:
        full = urljoin(base, link) if base else link
        parts = urlsplit(full)
        if parts.scheme.lower() in ("http", "https") and parts.hostname:
            return full
    except ValueError:
        pass
    return ""


def parse_date(value: Any) -> str | None:
    """YYYY-MM-DD from 2026-11-20, 2026-11-20T08:00:00+08:00, 2026/11/20,
    2026年11月20日 or 20261120; None when it is not a real date (the date
    is taken as written, in the publisher's own time zone)."""
    if not isinstance(value, str) or len(value) > 200:
        return None
    found = _DATE.match(value) or _COMPACT_DATE.match(value)
    if not found:
        return None
    year, month, day = (int(g) for g in found.groups())
    if not 1000 <= year <= 2999:
        return None
    return valid_date(year, month, day)


def normal_lang(value: Any) -> str:
    """The primary language subtag, lower-case: 'zh-Hans-CN' -> 'zh', 'en_US' -> 'en'; '' if not a tag."""
    if not isinstance(value, str):
        return ""
    found = _LANG.match(value.strip())
    return found.group(1).lower() if found else ""
