"""readlog's own exchange format: the fields of its JSON Lines record and
its CSV columns, shared by the writer (core/export.py) and the readers
(inputs/formats/jsonl.py, readlog_csv.py). docs/export-format.md describes
them; a field added here is added there.
"""

from __future__ import annotations

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
# What fetch found (schema 4), after the fields above; kept out of FIELDS, which
# also recognises exports made before these existed.
FETCH_FIELDS = ("words", "minutes", "lang", "fetched_at", "fetch_status", "fetch_error", "dead_at", "final_url", "text")
FETCH_TIMES = ("fetched_at", "dead_at")
FETCH_NUMBERS = ("words", "minutes", "fetch_status")
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
    *FETCH_FIELDS,
)
# Spreadsheets run a cell that starts with one of these as a formula; such a
# cell gets a leading "'" (shown as text), and so does one that starts with
# "'" itself, so that the importer can always take exactly one off again.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
CELL_QUOTE = "'"
