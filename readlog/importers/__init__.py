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
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from types import ModuleType

from readlog.infile import InputFile
from readlog.models import Entry, Problem

# name -> module; the order breaks ties in detection
FORMATS: dict[str, str] = {
    "digest": "readlog.importers.digest",
    "bookmarks": "readlog.importers.bookmarks",
}


@dataclass
class ParseContext:
    """What a parser needs besides the file: the reference time for stamps."""

    as_of: datetime


def module(name: str) -> ModuleType:
    return importlib.import_module(FORMATS[name])


def detect(text: str) -> str | None:
    """The most likely format for this text, or None when nothing fits."""
    best, best_score = None, 0
    for name in FORMATS:
        score = module(name).sniff(text)
        if score > best_score:
            best, best_score = name, score
    return best


def parse(name: str, infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    result: Iterator[Entry | Problem] = module(name).parse(infile, ctx)
    return result
