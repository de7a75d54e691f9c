"""One e-mail message (a newsletter) as an entry: the reading half of newsletters.

``entry_of(data)`` takes a message's bytes (or an ``email.message.Message``
already parsed) and gives the entry it is and the problems found on the way,
never raising for what the message holds; the ``mail`` import format
(formats/mail.py) calls it for each message of an .eml file, an mbox or a
Maildir, and so can anything else that reads mailboxes; ``item_of`` tells,
from the header alone, which entry a message would be (a refresh's way of
passing over messages seen before without reading them). Messages are read
by the standard library (``email``, policy ``default``), never by hand.

* the subject is the title (RFC 2047 words decoded; ``Re:``/``Fwd:`` kept);
* the sender's display name is the source, else the name of its list
  (``List-Id``), else the sender's address;
* the ``Date`` is the saved time (an unreadable one is reported, and the
  entry is saved as one without a time is);
* the HTML body's main text is the article text, found by the same
  extraction as ``fetch`` (web/article.py) and measured as it measures,
  so the entry counts as fetched; a message with only plain text keeps that;
* the link is the message's "view online" link, else ``List-Post`` or
  ``Archived-At`` when it is a web address, else none. Click-tracking
  redirects are unwrapped where the target is in the link, and dropped
  where it is not (``untracked``); utm_* and the other tracking parameters
  (entry.TRACKING_PARAMS) are taken off;
* the identity is the Message-ID (the entry is an item of the feed
  ``MAIL_FEED``), so a message is never imported twice, and with a link the
  link's identity holds as for any entry; a message without a Message-ID
  gets one made from its sender, date and subject.
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit

from readlog.model.entry import TRACKING_PARAMS, Entry, Problem, is_web_link
from readlog.model.exchange import FETCH_FIELDS
from readlog.model.messages import Phrase
from readlog.model.sanitize import clean

if TYPE_CHECKING:
    from email.message import Message

MAIL_FEED = "mail:message-id"  # the "feed" every message is an item of, by its Message-ID
# Labels in a charset that GB18030 extends: read as GB18030, as mail clients do (a "gb2312"
# message often holds characters only GBK has).
_GB = frozenset({"gb2312", "gbk", "gb18030", "x-gbk", "cp936", "euc-cn", "csgb2312", "gb_2312-80"})
# A "view online" link's words (lower case, spaces folded), in English and Chinese.
VIEW_ONLINE = (
    "view online",
    "view in browser",
    "view in your browser",
    "view this email in your browser",
    "view this email in a browser",
    "view email in browser",
    "view this post on the web",
    "view on the web",
    "read online",
    "read on the web",
    "open in browser",
    "在浏览器中查看",
    "在浏览器中打开",
    "浏览器中查看",
    "网页版",
    "在线阅读",
    "在线查看",
)
_URL = re.compile(r"https?://[^\s<>\"')\]]+", re.I)
_PLAIN_VIEW = re.compile(
    "(?:" + "|".join(re.escape(p) for p in VIEW_ONLINE) + r")[^\n]{0,40}?(https?://[^\s<>\"')\]]+)", re.I
)
_TERMINAL_CONTROL = re.compile("[\x1b\x90-\x9f]")
_TARGET_PARAMS = ("url", "u", "redirect", "redirect_url", "target", "dest", "destination", "link", "r")
# Click trackers whose target is not in the link: such a link is dropped rather than kept.
_TRACKERS = (
    (re.compile(r"(?:^|\.)list-manage\.com$"), re.compile(r"^/track/click")),
    (re.compile(r"(?:^|\.)substack\.com$"), re.compile(r"^/redirect/")),
    (re.compile(r"^email\.mg\d*\.substack\.com$"), re.compile(r"^/c/")),
    (re.compile(r"(?:^|\.)sendgrid\.net$"), re.compile(r"^/ls/click")),
    (re.compile(r"(?:^|\.)mandrillapp\.com$"), re.compile(r"^/track/click")),
    (re.compile(r"(?:^|\.)convertkit-mail\d*\.com$"), re.compile(r"^/")),
    (re.compile(r"(?:^|\.)ct\.sendgrid\.net$"), re.compile(r"^/")),
)
_JWT_PART = re.compile(r"^[A-Za-z0-9_-]{8,}$")


@dataclass
class Newsletter(Entry):
    """A message's entry: also the article text read from it, as the fetch
    columns store it (``fetched``, applied by store/imports.restore to a
    new entry; ``fills_text``: to an entry it meets that has no text yet)."""

    fetched: dict[str, Any] | None = None
    fills_text: bool = True


def parse_bytes(data: bytes) -> Message:
    """A message's bytes read by the standard library, under policy ``default``
    (its headers' parses remembered: ``_policy``)."""
    import email

    return email.message_from_bytes(data, policy=_policy())


@functools.cache
def _policy() -> Any:
    """``email.policy.default``, remembering the header objects it makes of each
    (name, value): the email package parses a header again each time it is read
    (``get_body`` reads each part's Content-Type a dozen times), which was half
    the time of reading a newsletter. Header objects are strings, never changed,
    so one made before is as good as a new one."""
    import email.policy

    parse = functools.lru_cache(maxsize=2048)(email.policy.default.header_fetch_parse)

    class Remembering(email.policy.EmailPolicy):
        def header_fetch_parse(self, name: str, value: str) -> Any:
            if hasattr(value, "name") or not isinstance(value, str):
                return super().header_fetch_parse(name, value)
            return parse(name, value)

    return Remembering()


def entry_of(
    message: bytes | Message, *, line: int = 0, where: Phrase | None = None
) -> tuple[Newsletter | None, list[Problem]]:
    """The entry a message is (None when it holds nothing to read) and the
    problems found, each said of ``where`` (the message's place in its file)."""
    problems: list[Problem] = []

    def problem(key: str, **fields: object) -> None:
        problems.append(Problem(line, key, dict(fields), where))

    try:
        msg = parse_bytes(message) if isinstance(message, (bytes, bytearray)) else message
        subject = _header(msg, "subject", problem)
        sender, address = _sender(msg, problem)
        source = sender or _list_name(_header(msg, "list-id", problem)) or address
        when = _date(msg, problem)
        html, plain = _bodies(msg, problem)
        _damage(msg, problem)
        url = _view_online(html, plain) or _header_link(msg, problem)
        text, lang = _article(html, plain, url)
    except Exception as exc:  # the email package on a hostile message: the message is reported, never a traceback
        return None, [*problems, Problem(line, "import_mail_unreadable", {"detail": _said(exc)}, where)]
    if not (subject or text or url):
        problem("import_mail_empty")
        return None, problems
    entry = Newsletter(
        title=subject or _title_from(text),
        source=source,
        url=url,
        saved_at=when,
        feed=MAIL_FEED,
        guid=_identity(msg, sender or address, when, subject),
        line=line,
    )
    entry.fetched = _fetched(text, lang)
    return entry, problems


def item_of(message: bytes | Message) -> tuple[str, str] | None:
    """The feed item a message's entry is (``MAIL_FEED``, its Message-ID or the id
    made without one), read from its header alone: what tells a message already
    imported from a new one before its body is read (None when it cannot be read)."""
    ignore = lambda *_, **__: None  # noqa: E731 - problems are entry_of's to report
    try:
        msg = parse_bytes(message) if isinstance(message, (bytes, bytearray)) else message
        sender, address = _sender(msg, ignore)
        return MAIL_FEED, _identity(msg, sender or address, _date(msg, ignore), _header(msg, "subject", ignore))
    except Exception:
        return None


def _said(exc: BaseException) -> str:
    return clean(f"{type(exc).__name__}: {exc}", one_line=True)[:120]


def _header(msg: Message, name: str, problem: Any) -> str:
    """A header's value, decoded, on one line; '' when missing or unreadable (reported)."""
    try:
        value = msg.get(name)
        text = "" if value is None else str(value)
    except Exception:  # a malformed header that the email package cannot take apart
        problem("import_mail_header", header=name.title())
        return ""
    return " ".join(clean(text, one_line=True).split())


def _sender(msg: Message, problem: Any) -> tuple[str, str]:
    """The sender's display name and address ('' for what it lacks)."""
    try:
        value = msg.get("from")
        addresses = getattr(value, "addresses", ()) if value is not None else ()
        if addresses:
            first = addresses[0]
            return _one_line(first.display_name), _one_line(first.addr_spec.strip("<>"))
        return "", _one_line(str(value or ""))
    except Exception:
        problem("import_mail_header", header="From")
        return "", ""


def _one_line(text: str) -> str:
    return " ".join(clean(text, one_line=True).split())


def _list_name(list_id: str) -> str:
    """The list's name in ``List-Id: Name <id.host>``, else its id."""
    name, _, rest = list_id.partition("<")
    name = name.strip().strip('"').strip()
    return name or rest.rstrip(">").strip()


def _date(msg: Message, problem: Any) -> datetime | None:
    """The Date header as an aware time (a zone of ``-0000``, unknown, is taken
    as UTC); None when it is missing, and also, reported, when unreadable."""
    try:
        value = msg.get("date")
    except Exception:
        problem("import_mail_header", header="Date")
        return None
    if value is None:
        return None
    when = getattr(value, "datetime", None)
    if not isinstance(when, datetime):
        problem("import_mail_date", value=_one_line(str(value))[:60])
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def _bodies(msg: Message, problem: Any) -> tuple[str, str]:
    """The HTML body and the plain-text body, each '' when the message has none;
    attachments are never taken for the body."""
    html = plain = ""
    part = msg.get_body(preferencelist=("html",))  # type: ignore[attr-defined]
    if part is not None:
        html = _text(part, problem)
    part = msg.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
    if part is not None:
        plain = _text(part, problem)
    return html, plain


# What the email package notes of a body it could read only in part (email.errors), by name.
_BODY_DEFECTS = (
    "StartBoundaryNotFoundDefect",
    "CloseBoundaryNotFoundDefect",
    "MultipartInvariantViolationDefect",
    "InvalidBase64PaddingDefect",
    "InvalidBase64CharactersDefect",
    "InvalidBase64LengthDefect",
    "MissingHeaderBodySeparatorDefect",
)


def _damage(msg: Message, problem: Any) -> None:
    """One problem (one line) for the damage the email package found in the
    message's body, named by the first kind of it (a multipart without its
    boundary, base64 that is not): what it could read is kept."""
    found = {type(d).__name__ for part in msg.walk() for d in getattr(part, "defects", ())}
    for name in _BODY_DEFECTS:
        if name in found:
            problem("import_mail_body_damaged", defect=name.removesuffix("Defect"))
            return


def _text(part: Message, problem: Any) -> str:
    """A part's text: its transfer encoding undone (base64, quoted-printable) by the
    email package, its bytes read in its charset (a Chinese one as GB18030)."""
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        return ""
    charset = (part.get_content_charset() or "utf-8").lower()
    codec = "gb18030" if charset in _GB else charset
    try:
        return data.decode(codec)
    except LookupError:
        problem("import_mail_charset_unknown", charset=_one_line(charset)[:40], fallback="UTF-8")
        codec = "utf-8"
    except UnicodeDecodeError:
        problem("import_mail_charset_wrong", charset=_one_line(charset)[:40])
    try:
        return data.decode(codec, errors="replace")
    except LookupError:  # a codec that only fails on use
        return data.decode("utf-8", errors="replace")


def _article(html: str, plain: str, url: str) -> tuple[str, str]:
    """The article text (fetch's light Markdown) and the language its HTML declares:
    the HTML's main text, else the plain-text body, else (a letter of a few
    lines, which the extraction does not take for an article) the HTML's
    visible text, scripts and styles left out."""
    from readlog.web import article, pagemeta
    from readlog.web.client import LARGE_PAGE

    if html.strip():
        if _TERMINAL_CONTROL.search(html):  # as fetch does: escape sequences removed whole first
            html = clean(html, keep_tabs=True)
        text = article.extract(_without_layout_tables(html), url, fast=len(html) > LARGE_PAGE)
        if text:
            return text, pagemeta.extract(html, url).lang
    if plain.strip():
        return article.from_plain(plain), ""
    if html.strip():  # a letter too short for the extraction to take it for an article: its visible text
        from readlog.inputs.formats.htmltext import html_to_text

        return article.from_plain(html_to_text(html).replace("\n", "\n\n")), ""
    return "", ""


_LAYOUT_TAGS = ("table", "tbody", "thead", "tfoot", "tr", "td", "th")
_BLOCKS = "p|h1|h2|h3|h4|h5|h6|ul|ol|blockquote|pre|table|div"


def _without_layout_tables(html: str) -> str:
    """A message's HTML with the tables it is laid out by made plain blocks: mail
    is laid out in tables (one cell holding the whole letter), which the
    extraction would read as a table of data, its paragraphs run together. A
    table whose cells hold paragraphs, headings, lists or tables is layout; a
    table of data (cells of words) stays a table."""
    import lxml.html

    try:
        doc = lxml.html.document_fromstring(html)
    except Exception:  # lxml on a hostile body: the extraction gets it as it came
        return html
    layout = [t for t in doc.iter("table") if t.xpath(f".//td//*[self::{' or self::'.join(_BLOCKS.split('|'))}]")]
    if not layout:
        return html
    parts = [el for t in layout for el in t.iter(*_LAYOUT_TAGS[1:]) if next(el.iterancestors("table")) is t]
    for el in [*layout, *parts]:  # a table of data inside the layout keeps its rows and cells
        el.tag = "div"
    return str(lxml.html.tostring(doc, encoding="unicode"))


def _fetched(text: str, lang: str) -> dict[str, Any]:
    """The fetch columns for a message's text, as fetch stores a page's: measured
    alike, counted as fetched when the message is read; without text, the
    columns of an entry never fetched (every message's entry gives all nine,
    so that the rows of one batch have the same columns)."""
    from readlog.model.stamps import now, to_iso
    from readlog.web import article

    if not text:
        return dict.fromkeys(FETCH_FIELDS) | {"lang": "", "fetch_error": "", "final_url": "", "text": ""}
    measured = article.measure(text, lang)
    return {
        "words": measured.words,
        "minutes": measured.minutes,
        "lang": measured.lang,
        "fetched_at": to_iso(now()),
        "fetch_status": None,
        "fetch_error": "",
        "dead_at": None,
        "final_url": "",
        "text": text,
    }


def _title_from(text: str) -> str:
    from readlog.inputs.formats.titles import derive_title

    return derive_title(text)


def _identity(msg: Message, sender: str, when: datetime | None, subject: str) -> str:
    """The Message-ID, or, for a message without one, an id made from its
    sender, date and subject (the same each time it is read)."""
    try:
        found = str(msg.get("message-id") or "")
    except Exception:
        found = ""
    found = "".join(clean(found, one_line=True).split())
    if found.strip("<>"):
        return found if found.startswith("<") else f"<{found.strip('<>')}>"
    from hashlib import sha256

    basis = "\0".join((sender.casefold(), when.isoformat() if when else "", subject))
    return "made:" + sha256(basis.encode("utf-8", "surrogatepass")).hexdigest()[:32]


# ---- the link ------------------------------------------------------------------------


def _view_online(html: str, plain: str) -> str:
    """The message's "view online" link, unwrapped; '' when it has none (or only a tracker)."""
    for href in _view_links_html(html) if html else []:
        found = untracked(href)
        if found:
            return found
    for m in _PLAIN_VIEW.finditer(plain[:20000]) if plain else []:
        found = untracked(m.group(1))
        if found:
            return found
    return ""


def _view_links_html(html: str) -> list[str]:
    """The targets of the links whose text is a "view online" phrase, in order."""
    import lxml.html

    try:
        doc = lxml.html.document_fromstring(html[:2_000_000])
    except Exception:  # lxml on a hostile body: no link rather than a failed message
        return []
    found = []
    for a in doc.iter("a"):
        href = (a.get("href") or "").strip()
        words = " ".join(a.text_content().split()).lower()
        if href and words and any(p in words for p in VIEW_ONLINE) and len(words) < 120:
            found.append(href)
    return found


def _header_link(msg: Message, problem: Any) -> str:
    """List-Post's or Archived-At's web address, when one of them holds one."""
    for name in ("list-post", "archived-at"):
        value = _header(msg, name, problem)
        m = _URL.search(value)
        if m:
            found = untracked(m.group(0).rstrip(">"))
            if found:
                return found
    return ""


def untracked(url: str, depth: int = 0) -> str:
    """A link as a reader should keep it: a click-tracking redirect unwrapped
    when its target is in it (a ``url=``/``u=``/``redirect=``/``target=``
    parameter holding a web address, Substack's ``/redirect/`` whose token
    names it), '' for a tracker whose target is not in it (Mailchimp's
    list-manage.com/track/click); utm_* and the other tracking parameters
    taken off; '' for anything but a web link."""
    url = clean(url.strip(), link=True)
    if not is_web_link(url) or depth > 3:
        return ""
    try:
        parts = urlsplit(url)
    except ValueError:
        return ""
    host = (parts.hostname or "").lower()
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key.lower() in _TARGET_PARAMS:
            target = unquote(value) if "%" in value and "://" not in value else value
            if is_web_link(target.strip()):
                return untracked(target, depth + 1)
    if host == "substack.com" or host.endswith(".substack.com"):
        target = _substack_target(parts.path, parts.query)
        if target:
            return untracked(target, depth + 1)
    if any(h.search(host) and p.search(parts.path) for h, p in _TRACKERS):
        return ""
    return _without_tracking(parts)


def _substack_target(path: str, query: str) -> str:
    """The target of Substack's redirect link: the ``e`` of the token (a JWT)
    in its path or its ``j`` parameter; '' when none names a web address."""
    if not path.startswith("/redirect/"):
        return ""
    tokens = [p for p in path.split("/") if p.count(".") == 2]
    tokens += [v for k, v in parse_qsl(query) if k == "j"]
    for token in tokens:
        payload = token.split(".")[1] if token.count(".") == 2 else ""
        if not _JWT_PART.match(payload):
            continue
        try:
            data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        except (binascii.Error, ValueError, UnicodeDecodeError):
            continue
        target = data.get("e") if isinstance(data, dict) else None
        if isinstance(target, str) and is_web_link(target):
            return target
    return ""


def _without_tracking(parts: Any) -> str:
    """The link without utm_* and the other tracking parameters, the rest as written."""
    if not parts.query:
        return urlunsplit(parts)
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    kept = [(k, v) for k, v in pairs if not k.lower().startswith("utm_") and k.lower() not in TRACKING_PARAMS]
    if len(kept) == len(pairs):
        return urlunsplit(parts)
    return urlunsplit(parts._replace(query=urlencode(kept)))
