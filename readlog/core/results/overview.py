"""What ``readlog`` alone shows of the library."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from readlog.model.record import Entry


@dataclass(frozen=True)
class Overview:
    """The library at a glance, as ``readlog`` alone shows it (``lib.overview()``)."""

    total: int  # entries (not those in the trash)
    unread: int
    starred: int
    # The last import that finished, as stored: its path, format, finished_at
    # (UTC, ISO), added, updated, unchanged and skipped; None before the first.
    last_import: dict[str, Any] | None
    # The five newest unread entries' rows, as the command prints them (``newest``: as Entry records).
    rows: tuple[dict[str, Any], ...] = field(default=(), repr=False)

    @property
    def newest(self) -> tuple[Entry, ...]:
        """The five newest unread entries, newest saved first."""
        from readlog.model.record import Entry

        return tuple(Entry.from_row(row) for row in self.rows)

    @classmethod
    def of(cls, counts: dict[str, Any], newest: Sequence[dict[str, Any]]) -> Overview:
        """What core.reading.overview reads: the counts and last import, and the newest unread rows."""
        return cls(
            total=int(counts["total"] or 0),
            unread=int(counts["unread"] or 0),
            starred=int(counts["starred"] or 0),
            last_import=counts.get("last_import"),
            rows=tuple(newest),
        )
