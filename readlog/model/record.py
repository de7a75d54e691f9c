"""``readlog.Entry``: one stored entry as the Python API returns it.

A read-only snapshot of a row of the library (a frozen dataclass): changing
an entry goes through the library (``lib.star(entry.id)``), which records the
change like the commands do. Not to be confused with
``readlog.model.entry.Entry``, the mutable record an importer fills in while
it parses a file, before the entry has an id or a place in the library.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from readlog.model.stamps import from_iso
from readlog.model.tags import tag_list

if TYPE_CHECKING:
    from readlog.model.marks import Highlight


# A frozen dataclass (dataclasses.fields, replace and asdict work, type checkers
# refuse assignments) whose __init__, __repr__, __eq__ and __hash__ are written
# out below rather than generated: generating them costs ~2 ms at import, and
# every list, search and show imports this module (benchmarks/, issue 34).
@dataclass(frozen=True, init=False, repr=False, eq=False)
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
    has_note: bool  # there is a note (``note`` holds it)
    # How far it was read, 0 to 1 (``readlog progress``); None: never said.
    progress: float | None
    # The titles other records of it had (as ``readlog show`` lists them): read by
    # ``lib.get``, () in lists; neither shown in repr nor compared.
    other_titles: tuple[str, ...] = field(default=(), repr=False, compare=False)
    # Its highlights (readlog.Highlight), in their order in the text: read by ``lib.get``, () in lists.
    highlights: tuple[Highlight, ...] = field(default=(), repr=False, compare=False)
    # What the commands print of it, hidden from repr and comparison: the row
    # as it was read, and in a search its snippets: the text around its first
    # hit with each hit between ** (as search --json gives it), and (text,
    # spans, field) around its first hit outside the title when there is one.
    row: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    snippets: Any = field(default=None, repr=False, compare=False)  # None, or a pair (core.reading.BothSnippets)

    def __init__(
        self,
        id: int,
        title: str,
        url: str,
        source: str,
        category: str,
        summary: str,
        verdict: str,
        note: str,
        tags: tuple[str, ...],
        published: date | None,
        saved_at: datetime | None,
        read_at: datetime | None,
        starred_at: datetime | None,
        archived_at: datetime | None,
        read: bool,
        starred: bool,
        archived: bool,
        minutes: int | None,
        words: int | None,
        lang: str,
        fetched_at: datetime | None,
        dead: bool,
        has_text: bool,
        has_note: bool,
        progress: float | None = None,
        other_titles: tuple[str, ...] = (),
        highlights: tuple[Highlight, ...] = (),
        row: dict[str, Any] | None = None,
        snippets: Any = None,
    ) -> None:
        put = object.__setattr__
        put(self, "id", id)
        put(self, "title", title)
        put(self, "url", url)
        put(self, "source", source)
        put(self, "category", category)
        put(self, "summary", summary)
        put(self, "verdict", verdict)
        put(self, "note", note)
        put(self, "tags", tags)
        put(self, "published", published)
        put(self, "saved_at", saved_at)
        put(self, "read_at", read_at)
        put(self, "starred_at", starred_at)
        put(self, "archived_at", archived_at)
        put(self, "read", read)
        put(self, "starred", starred)
        put(self, "archived", archived)
        put(self, "minutes", minutes)
        put(self, "words", words)
        put(self, "lang", lang)
        put(self, "fetched_at", fetched_at)
        put(self, "dead", dead)
        put(self, "has_text", has_text)
        put(self, "has_note", has_note)
        put(self, "progress", progress)
        put(self, "other_titles", other_titles)
        put(self, "highlights", highlights)
        put(self, "row", {} if row is None else row)
        put(self, "snippets", snippets)

    def _compared(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _COMPARED)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _COMPARED)
        return f"{self.__class__.__qualname__}({shown})"

    @classmethod
    def from_row(cls, row: dict[str, Any], snippets: Any = None) -> Entry:
        """The record of a row as the store returns it (``SELECT *`` or
        RECORD_COLUMNS). Each field is read from the row when it is
        first asked for: ``readlog list --limit 0`` prints rows of a whole library
        and asks for none of them."""
        entry = object.__new__(cls)
        held = entry.__dict__  # frozen: set here, not through __setattr__
        held["row"] = row
        held["snippets"] = snippets
        if "other_titles" in row:  # get() reads them (the field's default, (), is the class's)
            held["other_titles"] = tuple(row["other_titles"])
        if "highlights" in row:  # likewise
            from readlog.model.marks import Highlight

            held["highlights"] = tuple(Highlight.from_row(h) for h in row["highlights"])
        return entry

    if not TYPE_CHECKING:  # to a type checker an Entry has its fields, not any name

        def __getattr__(self, name: str) -> Any:
            """A field of an entry made by from_row, read from its row (once)."""
            read = _FROM_ROW.get(name)
            row = self.__dict__.get("row")
            if read is None or row is None:
                raise AttributeError(f"{self.__class__.__name__!r} object has no attribute {name!r}")
            keys = _KEYS.get(name)
            if keys is not None and not any(key in row for key in keys):
                from readlog.model.messages import say

                read_ones = ", ".join(n for n in _COMPARED if any(key in row for key in _KEYS[n]))
                raise AttributeError(say("api_field_not_read", name=name, fields=read_ones))
            value = read(row)
            object.__setattr__(self, name, value)
            return value


# The fields compared, hashed and shown in repr: all but the row and the snippets.
_COMPARED = (
    "id",
    "title",
    "url",
    "source",
    "category",
    "summary",
    "verdict",
    "note",
    "tags",
    "published",
    "saved_at",
    "read_at",
    "starred_at",
    "archived_at",
    "read",
    "starred",
    "archived",
    "minutes",
    "words",
    "lang",
    "fetched_at",
    "dead",
    "has_text",
    "has_note",
    "progress",
)


def _text(name: str) -> Callable[[dict[str, Any]], str]:
    return lambda row: row.get(name) or ""


def _time(name: str) -> Callable[[dict[str, Any]], datetime | None]:
    return lambda row: from_iso(row.get(name))


def _flag(name: str) -> Callable[[dict[str, Any]], bool]:
    return lambda row: bool(row.get(name))


# How each field comes from a stored row (from_row).
_FROM_ROW: dict[str, Callable[[dict[str, Any]], Any]] = {
    "id": lambda row: int(row["id"]),
    **{name: _text(name) for name in ("title", "url", "source", "category", "summary", "verdict", "note", "lang")},
    "tags": lambda row: tuple(tag_list(row.get("tags"))),
    "published": lambda row: _day(row.get("published")),
    **{name: _time(name) for name in ("saved_at", "read_at", "starred_at", "archived_at", "fetched_at")},
    "read": _flag("read_at"),
    "starred": _flag("starred_at"),
    "archived": _flag("archived_at"),
    "minutes": lambda row: row.get("minutes"),
    "words": lambda row: row.get("words"),
    "progress": lambda row: None if row.get("progress") is None else float(row["progress"]),
    "dead": _flag("dead_at"),
    "has_text": lambda row: bool(row.get("text") or row.get("has_text")),  # SELECT * or RECORD_COLUMNS
    "has_note": lambda row: bool(row.get("note") or row.get("has_note")),
}

# The column each field is read from, as a query selects it (``entries(fields=...)``
# reads only those of the fields named), and the keys of a row that hold it.
COLUMNS: dict[str, str] = {
    **{name: name for name in _COMPARED},
    "read": "read_at",
    "starred": "starred_at",
    "archived": "archived_at",
    "dead": "dead_at",
    "has_text": "text != '' AS has_text",
    "has_note": "note != '' AS has_note",
}
_KEYS: dict[str, tuple[str, ...]] = {
    **{name: (column.rsplit(" ", 1)[-1],) for name, column in COLUMNS.items()},
    "has_text": ("has_text", "text"),
    "has_note": ("has_note", "note"),
}


def columns_of(fields: Sequence[str]) -> str:
    """The columns a query selects to read ``fields`` (and the id) of each entry."""
    return ", ".join(dict.fromkeys(COLUMNS[name] for name in ("id", *fields)))


# What the Python API reads of each entry by default: every field (the article's text
# only as has_text: it can be long), and what ``list --json`` prints beside them.
RECORD_COLUMNS = columns_of(_COMPARED) + ", fetch_status, fetch_error, final_url"


def _day(value: Any) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None
