"""``readlog.Entry``: one stored entry as the Python API returns it.

A read-only snapshot of a row of the library (a frozen dataclass): changing
an entry goes through the library (``lib.star(entry.id)``), which records the
change like the commands do. Not to be confused with
``readlog.model.entry.Entry``, the mutable record an importer fills in while
it parses a file, before the entry has an id or a place in the library.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from readlog.model.stamps import from_iso
from readlog.model.tags import tag_list


@dataclass(frozen=True)
class Entry:
    """A saved entry. Times are timezone-aware datetimes (UTC) or None."""

    id: int
    title: str
    url: str
    source: str
    category: str
    summary: str
    verdict: str
    note: str
    tags: tuple[str, ...]
    published: date | None  # the day it was published, when known
    saved_at: datetime | None
    read_at: datetime | None
    starred_at: datetime | None
    archived_at: datetime | None
    read: bool
    starred: bool
    archived: bool
    # What ``readlog fetch`` found (None or empty until the page was fetched):
    minutes: int | None  # estimated reading time
    words: int | None
    lang: str  # the article's language: zh, en, ...
    fetched_at: datetime | None
    dead: bool  # the link was found dead
    has_text: bool  # the article's text is kept in the library
    # The titles other records of it had (as ``readlog show`` lists them): read by
    # ``lib.get``, () in lists; neither shown in repr nor compared.
    other_titles: tuple[str, ...] = field(default=(), repr=False, compare=False)
    # What the commands print of it, hidden from repr and comparison: the row
    # as it was read, and in a search its snippets: the text around its first
    # hit with each hit between ** (as search --json gives it), and (text,
    # spans, field) around its first hit outside the title when there is one.
    row: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    snippets: tuple[Any, Any] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def from_row(cls, row: dict[str, Any], snippets: tuple[Any, Any] | None = None) -> Entry:
        """The record of a row as the store returns it (``SELECT *``)."""
        return cls(
            id=int(row["id"]),
            title=row.get("title") or "",
            url=row.get("url") or "",
            source=row.get("source") or "",
            category=row.get("category") or "",
            summary=row.get("summary") or "",
            verdict=row.get("verdict") or "",
            note=row.get("note") or "",
            tags=tuple(tag_list(row.get("tags"))),
            published=_day(row.get("published")),
            saved_at=from_iso(row.get("saved_at")),
            read_at=from_iso(row.get("read_at")),
            starred_at=from_iso(row.get("starred_at")),
            archived_at=from_iso(row.get("archived_at")),
            read=bool(row.get("read_at")),
            starred=bool(row.get("starred_at")),
            archived=bool(row.get("archived_at")),
            minutes=row.get("minutes"),
            words=row.get("words"),
            lang=row.get("lang") or "",
            fetched_at=from_iso(row.get("fetched_at")),
            dead=bool(row.get("dead_at")),
            has_text=bool(row.get("text") or row.get("has_text")),  # SELECT * or RECORD_COLUMNS
            other_titles=tuple(row.get("other_titles") or ()),
            row=row,
            snippets=snippets,
        )


def _day(value: Any) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None
