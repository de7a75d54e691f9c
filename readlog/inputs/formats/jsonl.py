"""readlog's own export, read back: JSON Lines (or the JSON array form).

Each record carries a ``"readlog": 1`` marker, every field and every state
(model/exchange.py, docs/export-format.md). Entries come back with their
saved, read, starred and archived times, tags, note, import time,
fingerprint, feed items and - when the library has not used them yet -
their ids, so exporting and importing into an empty library reproduces
the library field by field. A damaged line is reported with its number
and the rest still imports.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import json_error, json_records
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem, refingerprint
from readlog.model.exchange import FETCH_FIELDS, FETCH_NUMBERS, FETCH_TIMES, FIELDS, MARKER, TIME_FIELDS
from readlog.model.fields import record_chars
from readlog.model.highlight import KINDS, Highlight
from readlog.model.ids import MAX_ID
from readlog.model.messages import Phrase
from readlog.model.stamps import localize, valid_date

NAME = "jsonl"
TEXT_FIELDS = ("title", "source", "category", "summary", "verdict", "url", "saved_raw", "note")
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_FINGERPRINT = re.compile(r"[0-9a-f]{32}")
_MARKED_LINE = re.compile(r'\{\s*"readlog"\s*:\s*\d')
_MARKED_ARRAY = re.compile(r'\[\s*\{\s*"readlog"\s*:\s*\d')


@dataclass
class Restored(Entry):
    """An entry from readlog's own export: also its id, import time,
    fingerprint and feed items.

    The store keeps ``restore_id`` when the library has never given that id
    out, and ``imported_at`` as it was. The stored fingerprint is kept so
    that identity survives even where merging filled fields after the
    entry was first fingerprinted; with it, the record is the entry with
    that fingerprint or one of its feed items, never another entry with
    its link (merge.Known). A record without one (written by hand, see
    docs/export-format.md) is matched as any app's record.
    """

    restore_id: int | None = None
    imported_at: datetime | None = None
    stored_fingerprint: str = ""
    fetched: dict[str, Any] | None = None  # the fetch columns, ready to store (see _fetched)
    feed_items: list[tuple[str, str]] = field(default_factory=list)  # (feed, id there)

    def fingerprint(self, url_key: str | None = None) -> str:
        if self.stored_fingerprint:  # an export from before fragments counted carries the old key's
            return refingerprint(self.url, self.stored_fingerprint)
        return super().fingerprint(url_key)

    def items(self) -> list[tuple[str, str]]:
        return list(self.feed_items)

    def by_link(self) -> bool:
        return not self.stored_fingerprint


def sniff(text: str) -> int:
    """Certain for marked records; fairly sure for unmarked ones with every field."""
    text = text.lstrip()
    if _MARKED_ARRAY.match(text) or _MARKED_LINE.match(text):
        return 100
    if not text.startswith("{"):
        return 0
    try:
        first = json.loads(re.split(r"\r\n?|\n", text, maxsplit=1)[0])
    except (ValueError, RecursionError):
        return 0
    if isinstance(first, dict) and (MARKER in first or set(FIELDS) <= set(first)):
        return 90
    return 0


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    if infile.sniff_text().lstrip().startswith("["):
        yield from _parse_array(infile)
        return
    long_seen = 0
    for number, line in infile.lines(record_chars()):
        if len(infile.long_lines) > long_seen:
            long_seen = len(infile.long_lines)
            yield Problem(number, "import_line_too_long_record")
            continue
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as exc:
            yield Problem(number, "import_json_record_invalid", {"detail": _reason(exc)})
            continue
        yield restore(obj, number, "line")


def _parse_array(infile: InputFile) -> Iterator[Entry | Problem]:
    """The ``--format json`` form: one array of the same records, decoded one
    by one so that a damaged record costs only itself."""
    if not infile.sniff_text().lstrip().startswith("["):
        yield Problem(1, "import_not_readlog_array")
        return
    for item in json_records(infile.read_text()):
        if isinstance(item, Problem):
            yield item
            continue
        number, line, obj = item
        restored = restore(obj, line, "record")
        if isinstance(restored, Problem):
            restored = restored.within(Phrase("import_at_record", number=number))
        yield restored


class _Bad(ValueError):
    """A field that cannot be read back: the problem's catalogue key and its values."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(key)
        self.key, self.fields = key, fields


_EMPTY = {"line": "import_empty_line", "record": "import_empty_record", "row": "import_empty_row"}
_KINDS: dict[type, str] = {
    bool: "import_kind_bool",
    int: "import_kind_number",
    float: "import_kind_number",
    list: "import_kind_list",
    dict: "import_kind_object",
}


def _reason(exc: ValueError | RecursionError) -> object:
    if isinstance(exc, json.JSONDecodeError):
        return Phrase("import_json_at_column", reason=exc.msg, column=exc.colno)
    return json_error(exc)


def restore(obj: Any, line: int, what: str = "line") -> Restored | Problem:
    """One record -> a Restored entry, or a Problem naming the first bad field."""
    if not isinstance(obj, dict):
        return Problem(line, "import_not_json_object", {"kind": type(obj).__name__})
    try:
        entry = Restored(line=line)
        for name, value in _text_fields(obj).items():
            setattr(entry, name, value)
        entry.published = _published(obj.get("published"))
        entry.tags = _tags(obj.get("tags"))
        times = {name: _time(obj.get(name), name) for name in TIME_FIELDS}
        entry.restore_id = _id(obj.get("id"))
        entry.fetched = _fetched(obj)
        entry.feed_items = _feed_items(obj.get("feed_items"))
        entry.highlights = _highlights(obj.get("highlights"))
        entry.progress = _progress(obj.get("progress"))
        entry.progress_at = _time(obj.get("progress_at"), "progress_at") if entry.progress is not None else None
    except _Bad as exc:
        return Problem(line, exc.key, exc.fields)
    except ValueError as exc:  # what a library refused, in its own words
        return Problem(line, "import_field_unreadable", {"detail": str(exc)})
    entry.saved_at, entry.imported_at = times["saved_at"], times["imported_at"]
    entry.read_at, entry.starred_at, entry.archived_at = times["read_at"], times["starred_at"], times["archived_at"]
    fp = obj.get("fingerprint")
    entry.stored_fingerprint = fp if isinstance(fp, str) and _FINGERPRINT.fullmatch(fp) else ""
    if not (entry.title or entry.url or entry.summary or entry.note or entry.stored_fingerprint):
        return Problem(line, _EMPTY[what])
    return entry


def _fetched(obj: dict[str, Any]) -> dict[str, Any]:
    """What fetch found, as the columns store it: cleaned text, whole numbers,
    UTC times; the columns' defaults for what the record lacks (an entry
    never fetched, an export from before fetch existed). Every record gives
    all nine, so the rows of one batch always have the same columns."""
    from readlog.model.sanitize import clean
    from readlog.model.stamps import to_iso

    out: dict[str, Any] = {}
    for name in FETCH_FIELDS:
        value = obj.get(name)
        if name in FETCH_TIMES:
            out[name] = to_iso(_time(value, name))
        elif name in FETCH_NUMBERS:
            if value is not None and (type(value) is not int or not 0 <= value <= 10**9):
                raise _Bad("import_field_not_count", name=name, kind=_kind(value))
            out[name] = value
        else:
            if value is None:
                value = ""
            if not isinstance(value, str):
                raise _Bad("import_field_not_text", name=name, kind=_kind(value))
            out[name] = clean(value, keep_tabs=True) if name == "text" else clean(value, one_line=True)
    return out


def _text_fields(obj: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name in TEXT_FIELDS:
        value = obj.get(name)
        if value is None:
            value = ""
        if not isinstance(value, str):
            raise _Bad("import_field_not_text", name=name, kind=_kind(value))
        out[name] = value
    return out


def _published(value: Any) -> str | None:
    if value is None or value == "":
        return None
    m = _DATE.fullmatch(value.strip()) if isinstance(value, str) else None
    if m and valid_date(int(m.group(1)), int(m.group(2)), int(m.group(3))):
        # the day as readlog writes it: \d also takes other scripts' digits (２０２６), which
        # would be stored as written and sorted after every other year
        return "{:04d}-{:02d}-{:02d}".format(*(int(part) for part in m.groups()))
    raise _Bad("import_field_not_date", kind=_kind(value))


def _tags(value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise _Bad("import_field_not_tags")
    return list(value)


_ITEM_KEYS = {"name": "feed_items", "feed": "feed", "guid": "guid"}  # named in the problem as the file has them


def _feed_items(value: Any) -> list[tuple[str, str]]:
    """The feed items a record names: objects with a "feed" and a "guid", both text that is not empty."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Bad("import_field_not_feed_items", **_ITEM_KEYS)
    out = []
    for item in value:
        feed, guid = (item.get("feed"), item.get("guid")) if isinstance(item, dict) else (None, None)
        if not (isinstance(feed, str) and feed and isinstance(guid, str) and guid):
            raise _Bad("import_field_not_feed_items", **_ITEM_KEYS)
        out.append((feed, guid))
    return out


def _highlights(value: Any) -> list[Highlight]:
    """The highlights a record holds (exchange.HIGHLIGHT_FIELDS): objects whose passage, note,
    location, page and colour are text, kind one of model/highlight.py's, position a whole
    number or null, made_at a time; a note or bookmark may have no passage."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Bad("import_field_not_highlights")
    out = []
    for item in value:
        if not isinstance(item, dict):
            raise _Bad("import_field_not_highlights")
        texts: dict[str, Any] = {
            k: item.get(k) if item.get(k) is not None else "" for k in ("passage", "note", "location", "page", "colour")
        }
        kind, position = item.get("kind", "highlight"), item.get("position")
        if (
            not all(isinstance(v, str) for v in texts.values())
            or kind not in KINDS
            or not (position is None or (type(position) is int and 0 <= position <= MAX_ID))
            or not (texts["passage"] or texts["note"] or kind == "bookmark")
        ):
            raise _Bad("import_field_not_highlights")
        out.append(Highlight(kind=kind, made_at=_time(item.get("made_at"), "made_at"), position=position, **texts))
    return out


def _id(value: Any) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 1 <= value <= MAX_ID:
        raise _Bad("import_field_not_id", value=repr(value)[:76])  # the whole sentence within 120 characters
    return value


def _progress(value: Any) -> float | None:
    """How far the entry was read: a number from 0 to 1, or null (never said)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise _Bad("import_field_not_progress", name="progress", kind=_kind(value))
    return float(value)


def _time(value: Any, name: str) -> datetime | None:
    """ISO 8601; with an offset as readlog writes it, else taken as local time."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise _Bad("import_field_not_time", name=name, kind=_kind(value))
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        dt = datetime.fromisoformat(text)
    except ValueError:
        raise _Bad("import_field_time_unreadable", name=name, value=value[:40]) from None
    try:
        return localize(dt).astimezone(timezone.utc)
    except OverflowError:
        raise _Bad("import_field_time_out_of_range", name=name, value=value[:40]) from None


def _kind(value: Any) -> object:
    """What a value is, as a field error names it: "a number" (a phrase of the catalogue), else its type's name."""
    key = _KINDS.get(type(value))
    return Phrase(key) if key else type(value).__name__
