"""readlog's own exchange format: the fields of its JSON Lines record and
its CSV columns, shared by the writer (core/export.py) and the readers
(inputs/formats/jsonl.py, readlog_csv.py). docs/export-format.md describes
them; a field added here is added there.
"""

from __future__ import annotations

import json
import re
from typing import Any

# Bumped only when a field changes meaning, so that an older readlog would
# misread the file; new fields may be added freely (readers ignore keys they
# do not know).
SCHEMA_VERSION = 1
MARKER = "readlog"
TIME_FIELDS = ("saved_at", "imported_at", "read_at", "starred_at", "archived_at")
# The JSON Lines record, in this order (after the "readlog" marker).
FIELDS = (
    "id",
    "fingerprint",
    "title",
    "source",
    "category",
    "summary",
    "verdict",
    "url",
    "published",
    "saved_at",
    "saved_raw",
    "imported_at",
    "read_at",
    "starred_at",
    "archived_at",
    "tags",
    "note",
)
# How far it was read (schema 14), after the fields above: a fraction 0 to 1 and when
# that was said (None for both when never said); absent from exports made before it.
PROGRESS_FIELDS = ("progress", "progress_at")
# What fetch found (schema 4), after the fields above; kept out of FIELDS, which
# also recognises exports made before these existed.
FETCH_FIELDS = ("words", "minutes", "lang", "fetched_at", "fetch_status", "fetch_error", "dead_at", "final_url", "text")
FETCH_TIMES = ("fetched_at", "dead_at")
FETCH_NUMBERS = ("words", "minutes", "fetch_status")
# What the library holds of an entry's identity outside its row, last: the
# feed items it is, each {"feed": ..., "guid": ...} (its id in that feed), so
# that an import of the feed finds it. Empty for most entries; absent from
# exports made before it.
# Then its highlights (schema 14), each {"kind", "passage", "note", "made_at", "location",
# "page", "position", "colour"}, in their order in the text; absent from exports made before them.
HELD_FIELDS = ("feed_items", "highlights")
HIGHLIGHT_FIELDS = ("kind", "passage", "note", "made_at", "location", "page", "position", "colour")
CSV_COLUMNS = (
    "id",
    "title",
    "url",
    "source",
    "category",
    "published",
    "saved_at",
    "read_at",
    "starred_at",
    "archived_at",
    "tags",
    "note",
    "summary",
    "verdict",
    "saved_raw",
    "imported_at",
    "fingerprint",
    *PROGRESS_FIELDS,
    *FETCH_FIELDS,
    *HELD_FIELDS,
)
# CSV cells that hold a list, written as a JSON array ("" for an empty one).
CSV_LISTS = ("tags", *HELD_FIELDS)
# Spreadsheets run a cell that starts with = + - @ tab or carriage return as a
# formula (OWASP's CSV injection list). A spreadsheet may start a cell inside
# one of ours, too: after a ";" or a tab when it splits lines on those (Excel
# in German or French), after a line break when it reads no quotes, with the
# quotes it finds there taken off. So wherever a cell may start, text that goes
# on (after any '"') with one of those characters, or with "'", gets a "'"
# first (shown as text), and the importer takes exactly those off again
# (``uncell``).
CELL_QUOTE = "'"
_STARTS = ",;\t\r\n"  # what a cell may start after
_RISK = r"(?=\"*[=+\-@\t\r'])"  # what, where a cell starts, gets the quote
_RISK_FIRST = re.compile(_RISK)
_RISK_INSIDE = re.compile(f"[{_STARTS}]{_RISK}")
# One pattern for each character a cell may start after: a pattern that starts
# with a character is found quickly, where one that looks behind is tried at
# every place (an article's text, with a "- " item a line, in a fifth of the time).
_GUARDS = [(re.compile(re.escape(c) + _RISK), c + CELL_QUOTE) for c in _STARTS]
_UNGUARDS = [(re.compile(re.escape(c + CELL_QUOTE) + _RISK), c) for c in _STARTS]


def cell(value: Any) -> str:
    """A CSV cell's text with a ``'`` wherever a spreadsheet could start a formula."""
    text = "" if value is None else str(value)
    if text and _RISK_FIRST.match(text):
        text = CELL_QUOTE + text
    elif not _RISK_INSIDE.search(text):  # most cells
        return text
    for pattern, guarded in _GUARDS:
        text = pattern.sub(guarded, text)
    return text


def uncell(text: str) -> str:
    """A cell of readlog's CSV as it was before ``cell``: each ``'`` it added,
    and only those, taken off (a CSV from an earlier readlog, which guarded
    only the start of a cell, reads the same)."""
    if CELL_QUOTE not in text:
        return text
    if text.startswith(CELL_QUOTE) and _RISK_FIRST.match(text, 1):
        text = text[1:]
    for pattern, start in _UNGUARDS:
        text = pattern.sub(start, text)
    return text


# Characters json.dumps leaves raw that a line reader splits on (U+2028,
# U+2029, NEL) or a terminal acts on (DEL and the other C1 controls): each
# is written as its \\u escape, so that every record stays on one line and
# the file carries no control character. Text fields hold none but the line
# separators (the export strips the others); a feed item's ids are written
# exactly, and may hold any.
_LINE_BREAKERS = {"\u0085": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_RAW = str.maketrans({c: f"\\u{c:04x}" for c in (0x7F, *range(0x80, 0xA0), 0x2028, 0x2029)})
_RAW_FOUND = re.compile("[\x7f-\x9f\u2028\u2029]")


def json_text(data: Any, indent: int | None = None, *, exact: bool = False) -> str:
    """``data`` as JSON, UTF-8 text kept readable (Chinese as it is), with the
    line separators escaped; ``exact``: data that may hold DEL and C1 controls
    too (feed items), escaped as well. For a JSON Lines record, a JSON
    array's record, a CSV cell holding a list."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    if exact:
        return text.translate(_RAW) if _RAW_FOUND.search(text) else text
    for raw, escaped in _LINE_BREAKERS.items():  # three quick scans: most records hold none
        if raw in text:
            text = text.replace(raw, escaped)
    return text
