#!/usr/bin/env python3
"""The import floor: the least a digest import with full-text search can cost.

Usage: python benchmarks/floor_import.py [--netscape] FILE LIBRARY_FILE

Streams a digest-shaped file (three lines per entry: ``<category> <source>
[date]``, summary, verdict), splits it with the bare minimum of parsing, and
inserts the entries into a plain table that has an FTS5 trigram index over
the same text columns readlog searches (title, source, category, summary,
verdict), kept in step by a trigger, all in one transaction. Only the
standard library: whatever readlog spends beyond this is its own overhead
(validation, fingerprints, duplicate checks, bookkeeping, sqlite-utils).

With --netscape FILE is a Netscape bookmark file, read with the standard
library's html.parser (as issue 6 asks of readlog) by the smallest handler
that collects each link's title, description and tags.
"""

from __future__ import annotations

import re
import sqlite3
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

DATE = re.compile(r"\s+\d{4}[/-]\d{1,2}[/-]\d{1,2}$")
COLUMNS = ("title", "source", "category", "summary", "verdict")
SCHEMA = f"""
CREATE TABLE entries (id INTEGER PRIMARY KEY, {", ".join(f"{c} TEXT NOT NULL" for c in COLUMNS)});
CREATE VIRTUAL TABLE entries_fts USING fts5({", ".join(COLUMNS)}, content='entries', content_rowid='id',
    tokenize='trigram');
CREATE TRIGGER entries_ai AFTER INSERT ON entries BEGIN
    INSERT INTO entries_fts(rowid, {", ".join(COLUMNS)}) VALUES (new.id, {", ".join("new." + c for c in COLUMNS)});
END;
"""


def entries(path: Path) -> Iterator[tuple[str, str, str, str, str]]:
    """(title, source, category, summary, verdict) for each three-line group."""
    group: list[str] = []
    with open(path, encoding="utf-8-sig") as fh:
        for line in fh:
            if line.strip():
                group.append(line.strip())
            if len(group) == 3:
                header, summary, verdict = group
                category, _, source = DATE.sub("", header).partition(" ")
                yield summary[:30], source, category, summary, verdict
                group = []


class _Links(HTMLParser):
    """Collects (title, source, category, summary, verdict) rows: title, tags, <DD> text."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.into = -1  # 0: the link's title, 3: its description

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.rows.append(["", "", dict(attrs).get("tags") or "", "", ""])
            self.into = 0
        elif tag == "dd" and self.rows:
            self.into = 3
        elif tag in ("dt", "dl", "h3"):
            self.into = -1

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self.into = -1

    def handle_data(self, data: str) -> None:
        if self.into >= 0:
            self.rows[-1][self.into] += data


def bookmarks(path: Path) -> Iterator[tuple[str, ...]]:
    parser = _Links()
    with open(path, encoding="utf-8-sig") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), ""):
            parser.feed(chunk)
            yield from (tuple(r) for r in parser.rows[:-1])
            del parser.rows[:-1]
    parser.close()
    yield from (tuple(r) for r in parser.rows)


def main(argv: list[str]) -> int:
    netscape = argv[:1] == ["--netscape"]
    argv = argv[1:] if netscape else argv
    if len(argv) != 2:
        sys.stderr.write("usage: floor_import.py [--netscape] FILE LIBRARY_FILE\n")
        return 2
    conn = sqlite3.connect(argv[1], isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.executescript(SCHEMA)
    conn.execute("BEGIN")
    conn.executemany(
        f"INSERT INTO entries ({', '.join(COLUMNS)}) VALUES ({', '.join('?' for _ in COLUMNS)})",
        (bookmarks if netscape else entries)(Path(argv[0])),
    )
    conn.execute("COMMIT")
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
