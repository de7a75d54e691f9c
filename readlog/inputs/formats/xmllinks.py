"""Lists of links written as XML: one importer for every app that writes its
records as elements, whatever it calls them.

* Pinboard's XML export and the Delicious API dump:
  ``<posts><post href="..." description="Title" extended="note" tag="a b"
  time="2020-01-02T03:04:05Z" toread="yes"/></posts>``;
* XBEL (Floccus, Konqueror, Falkon, Midori, GNOME Web):
  ``<folder><title>Reading</title><bookmark href="..." added="..."><title>T</title><desc>D</desc></bookmark></folder>``;
* OPML reading lists: ``<outline text="T" type="link" url="..."/>``, or
  outlines with only an ``htmlUrl``.

A link record is an element that carries a web address in an attribute
named like one (``href``, ``url``, ``htmlUrl``...), or in a child element
(``<url>https://...</url>``) beside something about it. Its fields are its
attributes and the text of its child elements (a child holding a list,
``<tags><tag>a</tag></tags>``, gives a list), read by the names the ``links``
importer knows, so a Pinboard post means the same in XML as in JSON
(``description`` is the title when there is no other, ``extended`` the
summary, ``tag`` the tags). The elements around a record that carry a name
(a folder's ``<title>``, an outline's ``text``) give its category, joined as
bookmark folders are (``Tech/Rust``); the root element's own title does not.
An element named as a link (``<link href="..."/>``) is a field of the
record around it, and one named as a picture or an icon is never a record.

OPML outlines with an ``xmlUrl`` (or of type ``rss``) are feed
subscriptions, and those of type ``include`` other outline files: neither
is an article, and each is skipped with its reason.

Reading state: as in Netscape bookmark files, Pinboard marks unread posts
``toread="yes"`` and writes nothing on read ones, so in a file that uses
``toread`` anywhere a record without it was read. Records are held back
until the first ``toread`` decides (common.ToRead).

Parsing is expat's, streamed, with no DTD: a file that declares its own
entities (``<!ENTITY``, the way to an entity bomb or to reading a local
file) is refused at the declaration, external entities are never fetched,
nesting deeper than DEEPEST and a tag or comment longer than LONGEST end
the parse with a problem. XML that is not well-formed keeps what was read
before the damage, and the damage is reported with its line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import Bounded, ToRead, one_line
from readlog.inputs.formats.links import _NOT_THE_LINK, _WEB, record_entry
from readlog.inputs.formats.links import URL as URL_NAMES
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.fields import margin
from readlog.model.messages import Phrase

NAME = "xml"
DEEPEST = 200  # levels of nesting followed
LONGEST = 1 << 20  # characters a tag, comment or declaration may run to
PIECE = 1 << 16  # characters handed to expat at a time
MOST_VALUES = 1000  # values kept of one child element repeated (tags), and of a list's items

# Attributes that hold a record's address. ``xmlUrl`` makes a record too, to be skipped as a subscription.
_LINK_ATTRS = (*URL_NAMES, "htmlurl", "xmlurl")
# Elements that are never records, whatever address they carry: pictures, media, an item's enclosure.
_NOT_A_RECORD = re.compile(_NOT_THE_LINK.pattern + r"|enclosure|media|audio|video|stylesheet|script|favicon", re.I)
_NAMES = ("title", "text", "name", "label")  # what names a folder (an element around records)
_FEED_TYPES = {"rss", "atom", "feed"}
# Roots that are another format's: feeds (feeds.py), property lists (browsers.py), web pages and
# drawings, and the tags a page or a Netscape bookmark file (netscape.py) starts with.
_NOT_MINE = {
    "rss", "feed", "rdf", "plist", "html", "svg", "xhtml",
    "head", "body", "meta", "title", "dl", "dt", "dd", "a", "p", "div", "ul", "ol", "li", "h1", "h2", "h3", "table",
}  # fmt: skip
_DECLARED = re.compile(r"\s*<\?xml[\s?]", re.I)

_ROOT = re.compile(
    r"\s*(?:<\?[^>]*\?>\s*|<!--.*?-->\s*|<!DOCTYPE[^>\[]*(?:\[.*?\]\s*)?>\s*)*<([A-Za-z_][\w.:-]*)[\s/>]", re.S
)
_ATTR_LINK = re.compile(
    r"<([A-Za-z_][\w.:-]*)\s[^<>]*?(?<![\w.:-])(?:[\w.-]+:)?(?:"
    + "|".join(_LINK_ATTRS)
    + r")\s*=\s*[\"']\s*[A-Za-z][A-Za-z0-9+.-]*:",
    re.I,
)
_CHILD_LINK = re.compile(r"<(?:[\w.-]+:)?(?:url|link|href|uri)>\s*https?://", re.I)
_CHILD_TITLE = re.compile(r"<(?:[\w.-]+:)?title>", re.I)


def _local(name: str) -> str:
    """An element's or attribute's name without its namespace prefix, as the links importer keys it."""
    return re.sub(r"[^a-z0-9]", "", name.rpartition(":")[2].lower())


def sniff(text: str) -> int:
    root = _ROOT.match(text)
    if root is None or _local(root.group(1)) in _NOT_MINE:
        return 0
    sure = 20 if _DECLARED.match(text) else 0  # without a declaration, any format made for the file is surer
    if any(not _NOT_A_RECORD.search(m.group(1)) for m in _ATTR_LINK.finditer(text, root.start(1))):
        return 60 + sure
    if len(_CHILD_LINK.findall(text)) >= 2 and _CHILD_TITLE.search(text):
        return 45 + sure
    return 0


@dataclass
class _Element:
    name: str  # local name, as links keys it
    line: int
    attrs: dict[str, str]
    record: bool  # a record by its attributes
    fields: dict[str, Any] = field(default_factory=dict)  # what its child elements hold
    text: Bounded | None = None
    parent_of: int = 0  # child elements
    leaves: int = 0  # those that hold only text
    leaf_children: list[str] = field(default_factory=list)  # their text (the first MOST_VALUES)
    holds_records: bool = False

    def folder(self) -> str:
        """The name this element gives the records inside it, if any."""
        for key in _NAMES:
            value = self.attrs.get(key) or self.fields.get(key)
            if isinstance(value, list):
                value = value[0] if value else ""
            if isinstance(value, str) and value.strip():
                return one_line(value)
        return ""


class _Stop(Exception):
    """Ends the parse at a problem (raised inside an expat handler, which passes it on)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.key)
        self.problem = problem


class _Parser:
    def __init__(self, ctx: ParseContext) -> None:
        self.ctx = ctx
        self.stack: list[_Element] = []
        self.out: list[Entry | Problem] = []
        self.records = 0
        self.toread = ToRead(ctx)  # whether the file marks its unread posts (Pinboard's toread)
        self.quiet = 0  # characters handed to expat since it last reported anything
        self.text_margin = max(margin("title"), margin("summary"), margin("note"))
        p = self.expat = expat.ParserCreate()
        p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        p.EntityDeclHandler = self._entity
        p.StartElementHandler = self._start
        p.EndElementHandler = self._end
        p.CharacterDataHandler = self._data
        p.CommentHandler = p.ProcessingInstructionHandler = self._heard
        p.StartDoctypeDeclHandler = p.EndDoctypeDeclHandler = self._heard

    # -- feeding

    def feed(self, text: str, final: bool = False) -> None:
        for at in range(0, max(len(text), 1), PIECE):
            piece = text[at : at + PIECE]
            self.quiet += len(piece)
            if self.quiet > LONGEST:
                raise _Stop(Problem(self.expat.CurrentLineNumber, "import_xml_too_long"))
            self.expat.Parse(piece, final and at + PIECE >= len(text))

    def damaged(self, exc: expat.ExpatError) -> Problem:
        detail = expat.ErrorString(exc.code) if exc.code else str(exc)
        return Problem(exc.lineno, "import_xml_damaged", {"detail": detail, "count": self.records})

    # -- expat's handlers

    def _heard(self, *_: object) -> None:
        self.quiet = 0

    def _entity(self, name: str, *_: object) -> None:
        raise _Stop(Problem(self.expat.CurrentLineNumber, "import_xml_entity", {"name": name[:60]}))

    def _start(self, tag: str, attrs: dict[str, str]) -> None:
        self.quiet = 0
        if len(self.stack) >= DEEPEST:
            raise _Stop(Problem(self.expat.CurrentLineNumber, "import_too_deep"))
        keyed: dict[str, str] = {}
        for key, value in attrs.items():
            keyed.setdefault(_local(key), value)
        name = _local(tag)
        record = (
            bool(self.stack)
            and name not in URL_NAMES
            and not _NOT_A_RECORD.search(name)
            and any((keyed.get(k) or "").strip() for k in _LINK_ATTRS)
        )
        if self.stack:
            self.stack[-1].parent_of += 1
        self.stack.append(_Element(name, self.expat.CurrentLineNumber, keyed, record, text=Bounded(self.text_margin)))

    def _data(self, data: str) -> None:
        self.quiet = 0
        if self.stack and self.stack[-1].text is not None:
            self.stack[-1].text.add(data)

    def _end(self, tag: str) -> None:
        self.quiet = 0
        element = self.stack.pop()
        parent = self.stack[-1] if self.stack else None
        if element.record or (parent is not None and self._by_children(element)):
            self._record(element)
            if parent is not None:
                parent.holds_records = True
            return
        if parent is None:
            return
        parent.holds_records = parent.holds_records or element.holds_records
        if len(self.stack) == 1:
            return  # the root's own fields are nobody's: it is neither a record nor a folder
        if not element.parent_of:  # it holds only text: a field of the element around it
            value = "".join(element.text or ()).strip()
            if element.name in URL_NAMES and not value:  # <link href="..."/>
                value = next((element.attrs[k] for k in _LINK_ATTRS if element.attrs.get(k)), "")
            parent.leaves += 1
            if len(parent.leaf_children) < MOST_VALUES:
                parent.leaf_children.append(value)
            _add(parent.fields, element.name, value)
        elif element.parent_of == element.leaves and not element.holds_records:
            _add(parent.fields, element.name, element.leaf_children)  # <tags><tag>a</tag>...</tags>
        element.fields.clear()

    def _by_children(self, element: _Element) -> bool:
        """Whether an element is a record by what its child elements hold: a web
        address under a link's name, and no records inside it (a collection
        may carry its own link)."""
        if element.holds_records or element.name in URL_NAMES or _NOT_A_RECORD.search(element.name):
            return False
        return any(isinstance(element.fields.get(k), (str, list)) and _web(element.fields[k]) for k in URL_NAMES)

    # -- records

    def _record(self, element: _Element) -> None:
        self.records += 1
        fields = {
            k: (v if k in _LISTS or not isinstance(v, list) else (v[0] if v else "")) for k, v in element.fields.items()
        }
        record: dict[str, Any] = {**fields, **element.attrs}
        for alias, name in _ALIASES:
            if record.get(alias) and not record.get(name):
                record[name] = record[alias]
        folders = [f for f in (e.folder() for e in self.stack[1:]) if f]
        skipped = _not_an_article(record, element.line)
        if skipped is not None:
            self.out.append(skipped)
            return
        item = record_entry(record, element.line, self.ctx, folders)
        if isinstance(item, Problem):
            self.out.append(item)
            return
        self.toread.place(item, marked="toread" in record)
        self.out.append(item)


# Names apps give a field that the links importer knows by another: an
# outline's ``text`` is its title, XBEL's ``desc`` its summary, an
# outline's ``htmlUrl`` its link.
_ALIASES = (("text", "title"), ("desc", "summary"), ("htmlurl", "url"))
_LISTS = {"tags", "tag", "labels", "keywords", "category", "categories", "subject"}


def _add(fields: dict[str, Any], name: str, value: Any) -> None:
    """A child's value under its name; a name given again makes a list (``<tag>a</tag><tag>b</tag>``)."""
    if name not in fields:
        fields[name] = value
        return
    before = fields[name]
    if isinstance(value, list):
        return  # a second list under one name: the first is kept
    if not isinstance(before, list):
        fields[name] = before = [before]
    if len(before) < MOST_VALUES:
        before.append(value)


def _web(value: str | list[str]) -> bool:
    first = value[0] if isinstance(value, list) and value else value
    return isinstance(first, str) and bool(_WEB.match(first))


def _not_an_article(record: dict[str, Any], line: int) -> Problem | None:
    """A feed subscription or an included outline file (OPML): why it is skipped, else None."""
    kind = str(record.get("type") or "").strip().lower()
    feed = str(record.get("xmlurl") or "").strip()
    if feed or kind in _FEED_TYPES:
        reason = Phrase("link_feed_subscription", url=(feed or str(record.get("url") or ""))[:200])
    elif kind == "include":
        reason = Phrase("link_outline_include", url=str(record.get("url") or "")[:200])
    else:
        return None
    title = one_line(str(record.get("title") or ""))
    if title:
        return Problem(line, "import_link_refused_titled", {"title": title[:60], "reason": reason})
    return Problem(line, "import_link_refused", {"reason": reason})


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    parser = _Parser(ctx)
    ending: Problem | None = None
    try:
        for _, chunk in infile.text_chunks():
            parser.feed(chunk)
            if parser.toread.ready():
                yield from parser.out
                parser.out.clear()
        parser.feed("", final=True)
    except expat.ExpatError as exc:
        ending = parser.damaged(exc)
    except _Stop as stop:
        ending = stop.problem
    parser.toread.decide(uses_toread=False)
    yield from parser.out
    if ending is not None:
        yield ending
