"""RSS (0.9x, 1.0, 2.0) and Atom feeds, and JSON Feed 1.0/1.1, from a file or standard input.

Each item becomes an unread entry: its link, its title and summary (HTML
stripped where the feed marks them as HTML, plain text kept as written),
its published date, tags from its categories, and the
feed's title as the source. Parsing is feedparser's (imported only here,
when a feed is imported): it copes with the broken feeds found in the wild
and reports them as "bozo", which becomes a problem line while the items
it could read are still imported.

The text is handed to feedparser as an in-memory stream: given a string it
would treat it as a URL or a file name to open. feedparser's own HTML
sanitizer is left off: readlog turns the HTML into text itself (scripts,
styles and a pasted page's <head> left out), which the sanitizer's output
only made worse (it let a page's title and a broken script's text through)
and slower (a second pass over every item's HTML, a third of the time).

An item's link is its own; an id (Atom <id>, an RSS <guid> that is a
permalink) stands in for it only where it is a web address; a podcast
episode without one takes its first enclosure's. Dates are read as RFC 822
or W3C-DTF, also with another language's month and weekday names.

A JSON Feed (https://jsonfeed.org/version/1.1) is read here too, with the
json module: the feedparser releases (6.0.x) do not parse it. Its items
become entries as an RSS feed's do, with the same identity: the feed's
home page (else its feed_url, else its title), and each item's ``id``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urljoin, urlsplit

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import (
    SUMMARY_LIMIT,
    html_line,
    html_summary,
    load_json,
    one_line,
    site_of,
    summary_of,
)
from readlog.inputs.limits import FEED_ENV, feed_limit
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem, normalize_url
from readlog.model.epoch import day_of, parse_time
from readlog.model.messages import Phrase

NAME = "feed"
# The root may carry a prefix (<rdf:RDF>, <atom:feed>, <r:rss>); a DOCTYPE may hold an internal
# subset of entity declarations ([ <!ENTITY ...> ]), whose ">"s do not end it.
_ROOT = re.compile(
    r"^\s*(?:<\?[^>]*\?>\s*|<!--.*?-->\s*|<!DOCTYPE[^>\[]*(?:\[.*?\]\s*)?>\s*)*"
    r"<(?:[\w.-]+:)?(?:rss|feed|RDF)[\s>]",
    re.S | re.I,
)
_ISO_DAY = re.compile(r"\s*\d{4}-\d{2}-\d{2}")
_HARMLESS = ("CharacterEncodingOverride", "NonXMLContentType")


_JSON_FEED = re.compile(r'"version"\s*:\s*"https?://jsonfeed\.org/version/', re.I)


def sniff(text: str) -> int:
    if _ROOT.match(text[:8192]):
        return 95
    return 95 if text.lstrip("\ufeff \t\r\n")[:1] == "{" and _JSON_FEED.search(text) else 0


# Month names as feeds written by localised software give them (setlocale, then strftime: "Di, 05 Mär 2024"),
# in German, French, Spanish, Italian, Portuguese, Dutch, Russian and Polish, full, short and genitive.
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            "januar janv janvier enero ene gennaio gen janeiro januari января январь янв stycznia styczeń sty",
            "februar févr fev février fevrier febrero febbraio fevereiro februari февраля февраль фев lutego luty lut",
            "märz mär mrz maerz mars marzo março marco maart mrt марта март мар marca marzec",
            "avril avr abril abr aprile apr april апреля апрель апр kwietnia kwiecień kwi",
            "mai mayo maggio mag maio mei мая май maja maj",
            "juni juin junio giugno giu junho июня июнь июн czerwca czerwiec cze",
            "juli juillet juil julio luglio lug julho июля июль июл lipca lipiec lip",
            "august août aout aoû agosto ago augustus августа август авг sierpnia sierpień sie",
            "septembre septiembre setiembre settembre set setembro сентября сентябрь сен сент września wrzesień wrz",
            "oktober okt octobre octubre ottobre ott outubro out октября октябрь окт października październik paź",
            "novembre noviembre novembro ноября ноябрь ноя listopada listopad lis",
            "dezember dez décembre déc decembre diciembre dic dicembre dezembro декабря декабрь дек"
            " grudnia grudzień gru",
        ),
        1,
    )
    for name in names.split()
}
_ENGLISH = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_WEEKDAY = re.compile(r"^\s*[^\W\d_]+\.?\s*,\s*(?=\d)")  # "Di, ", "jeu., ", "Чт, " before the day
_WORD = re.compile(r"[^\W\d_]+\.?")


def _in_english(raw: str) -> str | None:
    """A date written with another language's month name in English, its
    weekday left out, for the date parser; None when there is nothing to change."""
    text = _WEEKDAY.sub("", raw)
    changed = text != raw

    def month(m: re.Match[str]) -> str:
        nonlocal changed
        number = _MONTHS.get(m.group(0).rstrip(".").lower())
        if number is None:
            return m.group(0)
        changed = True
        return _ENGLISH[number - 1]

    text = _WORD.sub(month, text, count=0)
    return text if changed else None


def _feed_time(raw: Any) -> datetime | None:
    """A feed's date: RFC 822, W3C-DTF (a year alone, 2004, is that year), or
    either with another language's month and weekday names."""
    if not isinstance(raw, str):
        return None
    if re.fullmatch(r"\s*\d{4}\s*", raw):  # W3C-DTF's year: not 2004 seconds after 1970
        return parse_time(f"{raw.strip()}-01-01")
    when = parse_time(raw)
    if when is None:
        english = _in_english(raw)
        when = parse_time(english) if english else None
    return when


def _published(item: Any) -> str | None:
    present = set(item.keys())  # item.get("updated") would fall back to "published" with a warning
    for key in ("published", "updated", "created"):
        raw = item[key] if key in present else None
        when = _feed_time(raw) if raw else None
        if when is not None:
            return day_of(when)
        if isinstance(raw, str) and _ISO_DAY.match(raw):
            return None  # 2020-02-30: feedparser would roll it on to March 1
    for key in ("published_parsed", "updated_parsed"):
        parsed = item[key] if key in present else None
        if parsed:
            year, month, day, hour, minute, second = parsed[:6]
            return day_of(datetime(year, month, day, hour, minute, second, tzinfo=timezone.utc))
    return None


def _is_html(detail: Any) -> bool:
    """Whether a feed text construct is HTML (RSS descriptions, Atom type="html"
    or "xhtml") rather than plain text (Atom type="text", most titles)."""
    return "html" in str((detail or {}).get("type") or "text/html")


def _text(parent: Any, key: str) -> str:
    """A text construct (title, the feed's title) on one line: HTML stripped, plain text as written."""
    value = parent.get(key) or ""
    return html_line(value) if _is_html(parent.get(f"{key}_detail")) else one_line(value)


def _summary(item: Any) -> str:
    text, detail = item.get("summary") or "", item.get("summary_detail")
    if not text and item.get("content"):
        text, detail = item["content"][0].get("value", ""), item["content"][0]
    return html_summary(text) if _is_html(detail) else summary_of(text, SUMMARY_LIMIT)


def _web_address(link: str, base: str) -> str | None:
    """The item's link made absolute against the feed's; None for non-web links such as javascript:."""
    try:
        if link and not re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", link) and base:
            link = urljoin(base, link)
        if link and urlsplit(link).scheme.lower() not in ("http", "https"):
            return None
    except ValueError:
        return None
    return link


def _is_web(link: str) -> bool:
    try:
        parts = urlsplit(link)
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.netloc)


def _item_link(item: Any, base: str) -> tuple[str, bool]:
    """An item's link, and whether it is an enclosure's: its own link; else,
    for a podcast episode without one, its first enclosure with a web address
    (the episode's audio). Pictures in media:content are not the item's link.

    An item's id is taken for its link (by feedparser) only where it is a
    web address (an RSS guid that is a permalink): an id such as
    ``urn:uuid:…`` or ``tag:site,2005:1`` names the item, it does not link
    to it, so such an item has no link rather than one that is "not web"."""
    link = (item.get("link") or "").strip()
    if item.get("guidislink") and not _is_web(link):
        link = ""
    if link:
        return link, False
    found = _first_web(item.get("enclosures"), "href", base)
    return found, bool(found)


def _bozo(feed: Any, count: int) -> Problem | None:
    exc = feed.get("bozo_exception")
    if not feed.get("bozo") or exc is None or type(exc).__name__ in _HARMLESS:
        return None
    line = exc.getLineNumber() if hasattr(exc, "getLineNumber") else 0
    message = str(getattr(exc, "getMessage", lambda: exc)()) or type(exc).__name__
    if count:
        return Problem(line or 0, "import_feed_malformed", {"detail": message, "count": count})
    return Problem(line or 0, "import_feed_unreadable", {"detail": message})


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    text = infile.read_text(feed_limit(), env=FEED_ENV, what="limit_feed_whole")
    if text.lstrip("\ufeff \t\r\n")[:1] == "{":
        yield from _json_feed(text)
        return
    import feedparser

    data = text.encode("utf-8")
    feed = feedparser.parse(
        io.BytesIO(data),
        response_headers={"content-type": "application/xml; charset=utf-8"},
        resolve_relative_uris=True,
        sanitize_html=False,
    )
    items = feed.get("entries") or []
    problem = _bozo(feed, len(items))
    if problem:
        yield problem
    info = feed.get("feed") or {}
    source = _text(info, "title") or site_of(info.get("link") or "")
    base = (info.get("link") or "").strip()
    feed = _feed_identity(info)
    for number, item in enumerate(items, 1):
        link, enclosed = _item_link(item, base)
        url = _web_address(link, base)
        if url is None:
            where = Phrase("import_at_item", number=number)
            yield Problem(0, "import_feed_link_not_web", {"link": link[:60]}, where)
            url = ""
        title = _text(item, "title")
        summary = _summary(item)
        if not url and not title and not summary:
            yield Problem(0, "import_feed_item_empty", {}, Phrase("import_at_item", number=number))
            continue
        tags = [one_line(t.get("term") or "") for t in item.get("tags") or [] if t.get("term")]
        yield _item_entry(
            title, url, summary, source, _published(item), tags, feed, _plain(item.get("id")), enclosed=enclosed
        )


def _item_entry(
    title: str,
    url: str,
    summary: str,
    source: str,
    published: str | None,
    tags: list[str],
    feed: str,
    guid: str,
    *,
    enclosed: bool = False,
) -> Entry:
    """An item's entry. Without a title it is named by its link, or, where
    that link is only its enclosure (an audio file's address), by its text."""
    from readlog.inputs.formats.titles import derive_title, identity_title  # loaded by a parse, not a sniff

    named_by_link = bool(url) and not (enclosed and summary)
    return Entry(
        title=title or (url if named_by_link else derive_title(summary)),
        identity_title=None if title or named_by_link else identity_title(summary),
        url=url,
        source=source or site_of(url),
        summary=summary,
        published=published,
        tags=[t for t in tags if t],
        feed=feed,
        guid=guid,
    )


def _json_feed(text: str) -> Iterator[Entry | Problem]:
    """A JSON Feed's items, as an RSS feed's: link (``url``, else
    ``external_url``, else the first attachment's, made absolute), title (plain text), summary (the
    ``summary``, else ``content_html`` as text, else ``content_text``),
    ``date_published`` (else ``date_modified``), tags, the feed's title as
    the source, and the item's ``id`` as its identity in the feed."""
    data, problem = load_json(text)
    if problem:
        yield problem
        return
    items = data.get("items") if isinstance(data, dict) else None
    if not isinstance(items, list):
        yield Problem(1, "import_no_records")
        return
    base = _plain(data.get("home_page_url")) or _plain(data.get("feed_url"))
    source = one_line(_plain(data.get("title"))) or site_of(base)
    feed = _feed_identity({"link": base, "title": _plain(data.get("title"))})
    for number, item in enumerate(items, 1):
        where = Phrase("import_at_item", number=number)
        if not isinstance(item, dict):
            yield Problem(0, "import_not_an_object", {}, where)
            continue
        link = _plain(item.get("url")) or _plain(item.get("external_url"))
        enclosed = False
        if not link:  # a podcast episode: its first attachment with a web address
            link = _first_web(item.get("attachments"), "url", base)
            enclosed = bool(link)
        url = _web_address(link, base)
        if url is None:
            yield Problem(0, "import_feed_link_not_web", {"link": link[:60]}, where)
            url = ""
        title = one_line(_plain(item.get("title")))
        summary = summary_of(_plain(item.get("summary")), SUMMARY_LIMIT)
        if not summary and _plain(item.get("content_html")):
            summary = html_summary(item["content_html"])
        summary = summary or summary_of(_plain(item.get("content_text")), SUMMARY_LIMIT)
        if not url and not title and not summary:
            yield Problem(0, "import_feed_item_empty", {}, where)
            continue
        listed = item.get("tags")
        tags = [one_line(_plain(t)) for t in listed] if isinstance(listed, list) else []
        ident = item.get("id")
        guid = str(ident).strip() if isinstance(ident, (str, int)) and not isinstance(ident, bool) else ""
        yield _item_entry(
            title,
            url,
            summary,
            source,
            _json_date(item),
            tags,
            feed,
            guid,
            enclosed=enclosed,
        )


def _first_web(files: Any, key: str, base: str) -> str:
    """The first web address, made absolute, under ``key`` in a list of an
    item's files (an RSS item's enclosures, a JSON Feed item's attachments); '' for none."""
    for file in files if isinstance(files, list) else []:
        href = _plain(file.get(key)) if isinstance(file, dict) else ""
        found = _web_address(href, base) if href else None
        if found and _is_web(found):
            return found
    return ""


def _json_date(item: dict[str, Any]) -> str | None:
    for key in ("date_published", "date_modified"):
        value = item.get(key)
        when = parse_time(value) if isinstance(value, str) and value.strip() else None
        if when is not None:
            return day_of(when)
    return None


def _feed_identity(info: Any) -> str:
    """What names the feed an item belongs to: its Atom id, else its link,
    else its title. An item's guid is its identity within this feed."""
    for key in ("id", "link", "title"):
        value = _plain(info.get(key))
        if value:
            return f"{key}:{normalize_url(value) if key == 'link' else value}"
    return ""


def _plain(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""
