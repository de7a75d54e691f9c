"""What ``readlog`` alone shows of the library."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from readlog.model.record import Entry


@dataclass(frozen=True)
class Overview:
    """The library at a glance, as ``readlog`` alone shows it (``lib.overview()``)."""

    total: int  # entries (not those in the trash)
    unread: int
    starred: int
    newest: tuple[Entry, ...]  # the five newest unread entries, newest saved first
    # The last import that finished, as stored: its path, format, finished_at
    # (UTC, ISO), added, updated, unchanged and skipped; None before the first.
    last_import: dict[str, Any] | None

    @classmethod
    def of(cls, counts: dict[str, Any], newest: Sequence[dict[str, Any]]) -> Overview:
        """What core.reading.overview reads: the counts and last import, and the newest unread rows."""
        from readlog.model.record import Entry

        return cls(
            total=int(counts["total"] or 0),
            unread=int(counts["unread"] or 0),
            starred=int(counts["starred"] or 0),
            newest=tuple(Entry.from_row(row) for row in newest),
            last_import=counts.get("last_import"),
        )
