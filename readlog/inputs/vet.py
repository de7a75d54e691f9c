"""What an entry must be before it is stored, whichever importer made it.

Importers read what a file says; this is the one gate between them and the
library. Text is stored clean (``sanitize.clean``): terminal escape
sequences, control and invisible characters never reach the database, so a
hidden OSC payload cannot be found by search or copied into an export, and
a source or tag shown by ``sources``/``tags`` is exactly the name that
``--source``/``--tag`` filters on. Times must fall in the years readlog can
place on a calendar and show relative to today; a year-1 or year-9999 stamp
is reported as a problem on its line and replaced by the import time, not
allowed to stop the import or every later ``list``.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

from readlog.model.entry import Entry, Problem
from readlog.model.sanitize import clean

EARLIEST = datetime(1980, 1, 1, tzinfo=timezone.utc)  # before the web; smaller epochs are damage
LATEST = datetime(3000, 1, 1, tzinfo=timezone.utc)
_ONE_LINE = ("title", "source", "category", "url", "saved_raw")
_MULTILINE = ("summary", "verdict", "note")
_TIMES = ("saved_at", "read_at", "starred_at", "archived_at", "imported_at")
CODE_SCHEMES = {"javascript", "vbscript", "data"}
_SCHEME = re.compile(r"\s*([A-Za-z][A-Za-z0-9+.-]*):")
_LABELS = {"saved_at": "saved", "read_at": "read", "starred_at": "starred", "archived_at": "archived"}


def vet(entry: Entry, as_of: datetime) -> tuple[bool, list[Problem]]:
    """Clean ``entry`` in place: whether to keep it, and the problems found.

    A link that runs code (``javascript:``, ``vbscript:``, ``data:``) is
    a bookmarklet or an attack, not something to read: the entry is not
    kept, since an HTML export or a browser would run it. A time out of
    range is replaced by the import's reference time ``as_of``: a read,
    star or archive stays set (only its date was unreadable), and a saved
    time falls back the way a missing one does.
    """
    for name in _ONE_LINE:
        setattr(entry, name, clean(getattr(entry, name), one_line=True))
    for name in _MULTILINE:
        setattr(entry, name, clean(getattr(entry, name), keep_tabs=True))
    scheme = _SCHEME.match(entry.url)
    if scheme and scheme.group(1).lower() in CODE_SCHEMES:
        return False, [
            Problem(entry.line, f"{entry.title[:60]!r} links to {scheme.group(1).lower()}: code, not a page; skipped")
        ]
    if entry.published is not None and not _plausible_day(entry.published):
        entry.published = None
    problems = []
    for name in _TIMES:
        value = getattr(entry, name, None)
        if value is not None and not in_range(value):
            setattr(entry, name, as_of)
            what = _LABELS.get(name, "imported")
            problems.append(
                Problem(entry.line, f"{what} time {_show(value)} is out of range (1980-2999); the import time is used")
            )
    return True, problems


def in_range(value: datetime) -> bool:
    """True when ``value`` lies in the years readlog stores and shows."""
    aware = value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)
    try:
        return EARLIEST <= aware < LATEST
    except OverflowError:
        return False


def _plausible_day(day: str) -> bool:
    """A published date readlog can sort and show: YYYY-MM-DD from year 1000 on."""
    return len(day) == 10 and day[:4].isdigit() and day >= "1000"


def _show(value: datetime) -> str:
    return value.replace(tzinfo=None).isoformat(sep=" ", timespec="seconds")
