"""readlog's own CSV export, read back (``readlog export --format csv``).

The columns are the JSON Lines fields (exchange.CSV_COLUMNS), recognised by
their names. Each row is turned into the JSON Lines record it came from and
restored the same way (jsonl.restore), so ids, times, states, tags, notes,
fingerprints, what fetch found (the article text too) and feed items come
back as JSON Lines would bring them. Two things the export does for
spreadsheets are undone: the ``'`` put wherever a spreadsheet may start a
cell, before text that would start a formula (exchange.uncell), and the
JSON array of a column holding a list (tags, feed items). A CSV from an
earlier readlog, whose tags were joined with ``|``, still imports; one from
before feed items has none.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import csv_header, csv_rows
from readlog.inputs.formats.jsonl import restore
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.exchange import (
    CSV_COLUMNS,
    FETCH_FIELDS,
    FETCH_NUMBERS,
    FIELDS,
    HELD_FIELDS,
    TIME_FIELDS,
    uncell,
)
from readlog.model.fields import record_chars

NAME = "readlog-csv"
# The columns no other app's CSV has together: enough to know the file as readlog's.
_OWN = {"id", "fingerprint", "saved_raw", "imported_at", "read_at", "starred_at", "archived_at", "verdict"}


def sniff(text: str) -> int:
    return 100 if csv_header(text) >= _OWN else 0


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    for item in csv_rows(infile, record_chars()):
        if isinstance(item, Problem):
            yield item
            continue
        line, row = item
        yield restore(record(row), line, "row")


def record(row: dict[str, str]) -> dict[str, Any]:
    """The JSON Lines record a CSV row was written from."""
    obj: dict[str, Any] = {}
    for name in FIELDS:
        if name not in CSV_COLUMNS:
            continue
        value = uncell(row.get(name, ""))
        if name == "id":
            obj[name] = int(value) if value.strip().isdigit() else (value or None)
        elif name == "tags":
            obj[name] = tags(value)
        elif name in TIME_FIELDS or name == "published":
            obj[name] = value or None
        else:
            obj[name] = value
    progress = uncell(row.get("progress") or "").strip()  # a CSV from before schema 14 has none
    try:
        obj["progress"] = float(progress) if progress else None
    except ValueError:
        obj["progress"] = progress  # which jsonl.restore reports as not a number
    obj["progress_at"] = uncell(row.get("progress_at") or "") or None
    for name in FETCH_FIELDS:  # a CSV from before fetch existed has none of these: the defaults apply
        value = uncell(row.get(name) or "")
        if name in FETCH_NUMBERS:
            obj[name] = int(value) if value.strip().isdigit() else None
        else:
            obj[name] = value or (None if name in ("fetched_at", "dead_at") else "")
    for name in HELD_FIELDS:  # a CSV from before these existed has none: None, as in JSON Lines
        obj[name] = json_list(uncell(row.get(name) or ""))
    return obj


def json_list(value: str) -> Any:
    """A cell holding a list as a JSON array: the list, None for an empty
    cell, else the text itself (which jsonl.restore reports as not a list)."""
    if not value.strip():
        return None
    try:
        return json.loads(value)
    except (ValueError, RecursionError):
        return value


def tags(value: str) -> list[str]:
    """A JSON array of tags; a cell from an earlier readlog joined them with "|"."""
    if not value.strip():
        return []
    if value.lstrip().startswith("["):
        try:
            found = json.loads(value)
        except (ValueError, RecursionError):
            found = None
        if isinstance(found, list) and all(isinstance(t, str) for t in found):
            return found
    return [t for t in value.split("|") if t.strip()]
