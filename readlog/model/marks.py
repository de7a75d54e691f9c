"""``readlog.Highlight``: one stored highlight as the Python API returns it.

A read-only snapshot of a row of the library's highlights (issue 35), as
``lib.highlights(...)`` lists them and ``lib.get(id).highlights`` holds them.
Not to be confused with ``readlog.model.highlight.Highlight``, the mutable
record an importer fills in before the highlight has an id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from readlog.model.stamps import from_iso


@dataclass(frozen=True)
class Highlight:
    """A highlight (a passage, with the reader's note on it), a note at a place in
    the text, or a bookmark (``kind``). Times are timezone-aware (UTC) or None."""

    id: int
    entry_id: int
    kind: str  # "highlight", "note" or "bookmark"
    passage: str
    note: str
    made_at: datetime | None  # when the reader made it, when the source says
    added_at: datetime | None  # when it came into the library
    location: str  # the source's place in the text (a Kindle location), digits: "120-122"
    page: str
    position: int | None  # character offset of the passage in the entry's article text
    colour: str
    title: str = ""  # its entry's, in a listing (lib.highlights)
    url: str = ""
    source: str = ""
    # The row as the store gave it (what the commands print), hidden from repr and comparison.
    row: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Highlight:
        return cls(
            id=int(row["id"]),
            entry_id=int(row["entry_id"]),
            kind=str(row["kind"]),
            passage=str(row["passage"] or ""),
            note=str(row["note"] or ""),
            made_at=from_iso(row.get("made_at")),
            added_at=from_iso(row.get("added_at")),
            location=str(row.get("location") or ""),
            page=str(row.get("page") or ""),
            position=row.get("position"),
            colour=str(row.get("colour") or ""),
            title=str(row.get("title") or ""),
            url=str(row.get("url") or ""),
            source=str(row.get("source") or ""),
            row=row,
        )
