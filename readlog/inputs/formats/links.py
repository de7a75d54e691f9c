"""Any other list of saved links: JSON or CSV whose records carry a URL.

Read-later apps come and go (Pocket, Omnivore, Matter, GoodLinks, Pinboard,
Karakeep...), and each exports records of much the same facts under its own
names. When no importer knows a file, this one looks for those facts under
the names apps commonly give them - ``url``/``href``/``link``, ``title``,
``excerpt``/``extended``, ``tags``/``labels``, ``created_at``/``time_added``,
``starred``/``favorite``, ``read``/``archived``/``toread``/``status`` - in
any case and with or without ``_`` or ``-``. Records are a top-level JSON
array, the one list of records inside a top-level object (``{"bookmarks":
[...]}``, Pocket's API ``{"list": {id: {...}}}``), or CSV rows. Its sniff
scores low, so a file an app-specific importer recognises never lands here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import (
    csv_header,
    csv_rows,
    json_records,
    load_json,
    one_line,
    site_of,
    summary_of,
    url_problem,
)
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import day_of, parse_time

NAME = "links"
Record = dict[str, Any]

URL = ("url", "href", "link", "uri", "urlstring", "resolvedurl", "givenurl", "originalurl", "sourceurl", "pageurl")
TITLE = ("title", "resolvedtitle", "giventitle", "name", "pagetitle")
SUMMARY = ("excerpt", "extended", "summary", "description", "selection", "preview", "previewtext", "abstract")
NOTE = ("note", "notes", "comment", "annotation")
TAGS = ("tags", "labels", "tag", "keywords", "documenttags")
SAVED = (
    "savedat", "addedat", "createdat", "timeadded", "dateadded", "datesaved", "saved", "added", "created",
    "time", "timestamp", "date", "bookmarkedat",
)  # fmt: skip
PUBLISHED = ("publishedat", "published", "datepublished", "pubdate")
READ_AT = ("readat", "dateread", "finishedat", "archivedat", "lastreadat")
READ = ("read", "isread", "archived", "isarchived", "finished", "done")
UNREAD = ("toread", "unread", "isunread", "readlater")
STATE = ("status", "state", "location", "folder", "readingstatus")
STARRED = ("starred", "isstarred", "favorite", "favourite", "isfavorite", "favorited", "favourited", "liked", "pinned")
SOURCE = ("sitename", "site", "domain", "publisher")  # not "source": apps put the client there ("web", "ios")
CATEGORY = ("collection", "category", "list")
_READ_STATES = {"read", "archive", "archived", "finished", "done", "completed"}
_WEB = re.compile(r"\s*https?://[^/\s]", re.I)
_NOT_THE_LINK = re.compile(r"src|image|icon|avatar|thumb|cover|logo|feed|rss|preview|screenshot|banner|photo", re.I)
_TITLE_KEY = re.compile(r'"(?:title|name)"\s*:\s*"', re.I)
_LINK_PAIR = re.compile(r'"([A-Za-z_ -]{1,30})"\s*:\s*"(?:https?|ftp)://', re.I)


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def sniff(text: str) -> int:
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] in "[{":
        keys = [_key(m.group(1)) for m in _LINK_PAIR.finditer(text)]
        if any(k in URL for k in keys):
            return 40
        # Records under other names: one key holding web addresses again and
        # again (not an image's or a feed's), beside titles.
        repeated = [k for k, n in Counter(keys).items() if n >= 2 and not _NOT_THE_LINK.search(k)]
        if repeated and _TITLE_KEY.search(text):
            return 30
    if {_key(c) for c in csv_header(text)} & set(URL):
        return 40
    return 0


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    text = infile.sniff_text().lstrip("\ufeff \t\r\n")
    if text[:1] == "[":
        yield from _from_array(infile, ctx)
    elif text[:1] == "{":
        yield from _from_object(infile, ctx)
    else:
        for item in csv_rows(infile):
            if isinstance(item, Problem):
                yield item
            else:
                yield _entry(item[1], item[0], f"row at line {item[0]}", ctx)


def _from_array(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    for item in json_records(infile.read_text()):
        if isinstance(item, Problem):
            yield item
        elif isinstance(item[2], dict) and not _is_record(item[2]) and _holds_records(item[2]):
            for number, (record, folders) in enumerate(_records_in(item[2], [_name(item[2])], 0), 1):
                yield _entry(record, item[1], f"record {item[0]}.{number}", ctx, folders)
        elif isinstance(item[2], dict):
            yield _entry(item[2], item[1], f"record {item[0]}", ctx)
        else:
            yield Problem(item[1], f"record {item[0]}: not an object; skipped")


def _from_object(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    data, problem = load_json(infile.read_text())
    if problem:
        yield problem
        return
    records = _find_records(data)
    if records is None:
        yield Problem(1, "found no list of records with a URL in this JSON; nothing imported")
        return
    for number, (record, folders) in enumerate(records, 1):
        yield _entry(record, 0, f"record {number}", ctx, folders)


DEEPEST = 12  # levels of nesting searched for records
Found = tuple[Record, list[str]]


def _find_records(data: Any) -> list[Found] | None:
    """The records of a top-level object, wherever they sit: itself when it
    is one link, else every object below it that is a link record, found by
    what its fields hold (a web address, with a title, time or tags beside
    it), not by the names of the keys above it. Each comes with the names
    of the collections it sits in (Linkwarden's ``collections[].links[]``),
    which become its category as a Netscape folder does. An object with no
    link beside link records is kept too, to be reported as one."""
    if not isinstance(data, dict):
        return None
    if _is_record(data):
        return [(data, [])]
    found = list(_records_in(data, [], 0))
    return found if any(_url(r) for r, _ in found) else None


def _holds_records(value: Any, depth: int = 0) -> bool:
    return any(_url(r) for r, _ in _records_in(value, [], depth))


def _records_in(value: Any, folders: list[str], depth: int) -> Iterator[Found]:
    """The records among the children of a list or an object (an id-keyed
    object of records is a list), in order, then those deeper down."""
    if depth > DEEPEST:
        return
    children = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else []
    objects = [c for c in children if isinstance(c, dict)]
    records = [c for c in objects if _is_record(c)]
    for child in children:
        if isinstance(child, list):
            yield from _records_in(child, folders, depth + 1)
        elif not isinstance(child, dict):
            continue
        elif _is_record(child):
            yield child, folders
        elif records and not _holds_records(child, depth + 1) and _looks_like_record(child):
            yield child, folders  # a sibling of records without a link: reported, not lost silently
        else:
            name = _name(child) if isinstance(value, list) else ""
            yield from _records_in(child, [*folders, name] if name else folders, depth + 1)


def _name(obj: Record) -> str:
    """A collection's name, for the records inside it."""
    fields = _fields(obj)
    return one_line(_text(_pick(fields, ("name", "title", "label", "collection", "folder"))))


def _is_record(obj: Record) -> bool:
    """A link record: a web address in a field, and something about it beside it."""
    return bool(_url(obj)) and _looks_like_record(obj)


def _looks_like_record(obj: Record) -> bool:
    fields = _fields(obj)
    if _pick(fields, URL) is not None:
        return True
    about = (*TITLE, *SUMMARY, *TAGS, *SAVED, "type")
    return any(k in fields for k in about)


def _fields(record: Record) -> dict[str, Any]:
    return {_key(k): v for k, v in record.items() if isinstance(k, str)}


def _pick(fields: dict[str, Any], names: Iterable[str]) -> Any:
    """The first of ``names`` present with a value (an empty string is no value)."""
    for name in names:
        value = fields.get(name)
        if value is not None and value != "" and value != []:
            return value
    return None


def _url(record: Record) -> str:
    """The record's address: under a name apps give it, inside a nested
    object (``{"content": {"url": ...}}``), or else in the one field whose
    value is a web address (not an image or an icon)."""
    fields = _fields(record)
    value = _pick(fields, URL)
    if value is None:
        nested = [v for v in record.values() if isinstance(v, dict)]
        value = next((u for u in (_pick(_fields(n), URL) for n in nested) if u is not None), None)
    if value is None:
        value = next(
            (v for k, v in fields.items() if isinstance(v, str) and _WEB.match(v) and not _NOT_THE_LINK.search(k)),
            None,
        )
    return value.strip() if isinstance(value, str) else ""


def _nested(record: Record) -> dict[str, Any]:
    """The fields of an object nested in the record that holds its link
    (Karakeep's ``content``), for what the record leaves out."""
    for value in record.values():
        if isinstance(value, dict) and _pick(_fields(value), URL) is not None:
            return _fields(value)
    return {}


def _entry(
    record: Record, line: int, where: str, ctx: ParseContext, folders: list[str] | None = None
) -> Entry | Problem:
    url = _url(record)
    if not url:
        return Problem(line, f"{where}: no URL; skipped")
    bad = url_problem(url)
    if bad:
        return Problem(line, f"{where}: {bad}")
    fields = {**_nested(record), **{k: v for k, v in _fields(record).items() if v is not None and v != ""}}
    if _pocket_status(fields) == "2":
        return Problem(line, f"{where}: deleted in Pocket (status 2); skipped")
    title = _text(_pick(fields, TITLE))
    summary_keys: tuple[str, ...] = SUMMARY
    if not title and _text(fields.get("description")):  # Pinboard: the description is the title
        title, summary_keys = _text(fields["description"]), tuple(k for k in SUMMARY if k != "description")
    saved = _time(_pick(fields, SAVED))
    entry = Entry(
        title=one_line(title) or url,
        url=url,
        source=_text(_pick(fields, SOURCE)) or site_of(url),
        category=one_line(_text(_pick(fields, CATEGORY))) or "/".join(folders or ()),
        summary=summary_of(_text(_pick(fields, summary_keys))),
        note=_text(_pick(fields, NOTE)),
        published=day_of(_time(_pick(fields, PUBLISHED))),
        saved_at=saved,
        tags=_tags(_pick(fields, TAGS)),
        line=line,
    )
    when = saved or ctx.as_of
    if _is_read(fields):
        entry.read_at = _time(_pick(fields, READ_AT)) or when
    if _flag(_pick(fields, STARRED)):
        entry.starred_at = when
    return entry


def _is_read(fields: dict[str, Any]) -> bool:
    if _pick(fields, READ_AT) is not None:
        return True
    if any(_flag(fields.get(k)) for k in READ):
        return True
    unread = _pick(fields, UNREAD)
    if unread is not None:
        return not _flag(unread)
    if _pocket_status(fields) == "1":
        return True
    state = _pick(fields, STATE)
    return isinstance(state, str) and state.strip().lower() in _READ_STATES


def _pocket_status(fields: dict[str, Any]) -> str | None:
    """Pocket's API (and exports made with it) numbers the state: "0" unread,
    "1" archived, "2" deleted. Only a record with Pocket's ``item_id`` is
    read this way; elsewhere a numeric status means something else."""
    if "itemid" not in fields:
        return None
    return str(fields.get("status", "")).strip()


def _flag(value: Any) -> bool:
    """true/false, 1/0, yes/no, as apps write them."""
    if isinstance(value, str):
        return value.strip().lower() in {"1", "true", "yes", "y", "t", "on"}
    return value is True or (isinstance(value, (int, float)) and not isinstance(value, bool) and value != 0)


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _time(value: Any) -> datetime | None:
    return parse_time(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else None


def _tags(value: Any) -> list[str]:
    """Tags as a list of names or of objects, an object keyed by tag (Pocket's
    API), or one string separated by commas, '|' or (Pinboard) spaces."""
    if isinstance(value, dict):
        value = list(value)
    if isinstance(value, str):
        text = value.strip().strip("[]")
        sep = "," if "," in text else "|" if "|" in text else None
        value = [t.strip().strip("'\"") for t in text.split(sep)]
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        if isinstance(item, dict):
            item = next((item[k] for k in ("name", "label", "title", "tag") if isinstance(item.get(k), str)), "")
        if isinstance(item, (str, int, float)) and not isinstance(item, bool) and str(item).strip():
            out.append(" ".join(str(item).split()))
    return out
