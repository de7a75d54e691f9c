"""Input shapes: detect which one a file is, and parse it into entries.

Every importer module has the same two functions:

* ``sniff(text) -> int``: how sure it is (0-100) that the first 64 KiB of
  decoded text is its shape;
* ``parse(infile, ctx) -> Iterator[Entry | Problem]``: entries and
  line-numbered problems, streamed, never raising for bad content.

Importers know nothing about the database or the terminal.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem

# name -> module; the order breaks ties in detection
FORMATS: dict[str, str] = {
    "digest": "readlog.inputs.formats.digest",
    "bookmarks": "readlog.inputs.formats.bookmarks",
    "jsonl": "readlog.inputs.formats.jsonl",
    "readlog-csv": "readlog.inputs.formats.readlog_csv",
    "netscape": "readlog.inputs.formats.netscape",
    "pocket": "readlog.inputs.formats.pocket",
    "instapaper": "readlog.inputs.formats.csv_exports:INSTAPAPER",
    "readwise": "readlog.inputs.formats.csv_exports:READWISE",
    "raindrop": "readlog.inputs.formats.csv_exports:RAINDROP",
    "omnivore": "readlog.inputs.formats.json_exports:OMNIVORE",
    "wallabag": "readlog.inputs.formats.json_exports:WALLABAG",
    "firefox": "readlog.inputs.formats.browsers:FIREFOX",
    "chrome": "readlog.inputs.formats.browsers:CHROME",
    "safari": "readlog.inputs.formats.browsers:SAFARI",
    "feed": "readlog.inputs.formats.feeds",
    "xml": "readlog.inputs.formats.xmllinks",
    "shortcut": "readlog.inputs.formats.shortcut",
    "kindle": "readlog.inputs.formats.kindle",
    "mail": "readlog.inputs.formats.mail",
    "urls": "readlog.inputs.formats.urls",
    "links": "readlog.inputs.formats.links",
}


class ParseContext:
    """What a parser needs besides the file: the reference time for stamps
    that are relative (收藏16 天前) or missing. Reading ``as_of`` marks it
    ``used``, so that the import can say which reference it counted from."""

    def __init__(self, as_of: datetime) -> None:
        self.reference = as_of  # read without marking it used, by a parser that marks it itself
        self.used = False

    @property
    def as_of(self) -> datetime:
        self.used = True
        return self.reference


def module(name: str) -> Any:
    """The importer for a format: a module, or ``module:NAME`` for one of several shapes in a module."""
    path, _, attr = FORMATS[name].partition(":")
    found = importlib.import_module(path)
    return getattr(found, attr) if attr else found


_JSON_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|.)", re.S)
_KEPT_ESCAPES = '"\\'  # what stays escaped, so that the text remains the same JSON


def _unescape(m: re.Match[str]) -> str:
    code = m.group(1)
    if code == "/":
        return "/"
    if len(code) == 5:
        char = chr(int(code[1:], 16))
        if char >= " " and char not in _KEPT_ESCAPES and not "\ud800" <= char <= "\udfff":
            return char
    return m.group(0)


def sniffable(text: str) -> str:
    """The text the sniffers look at: JSON with its escaped characters written
    out (PHP writes every ``/`` as ``\\/``, some writers ``\\u002F``), so
    that a key or a link is recognised however it was escaped. Quotes,
    backslashes and control characters stay escaped, and other text is
    left as it is."""
    if text.lstrip("\ufeff \t\r\n")[:1] not in ("[", "{") or "\\" not in text:
        return text
    return _JSON_ESCAPE.sub(_unescape, text)


def detect(text: str) -> str | None:
    """The most likely format for this text, or None when nothing fits."""
    best, best_score = None, 0
    text = sniffable(text)
    for name in FORMATS:
        score = module(name).sniff(text)
        if score > best_score:
            best, best_score = name, score
    return best


def parse(name: str, infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    """The entries and problems of one file in format ``name``.

    Structure nested deeper than Python can follow ends the file's parse
    with a problem, keeping what was read before it; what the input layer
    noticed (a character cut off at the end) is reported after the entries.
    """
    try:
        yield from module(name).parse(infile, ctx)
    except RecursionError:
        yield Problem(0, "import_too_deep")
    for note in infile.notes:
        yield Problem(0, note)
