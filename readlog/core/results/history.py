"""The recorded actions, and what undo took back."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class UndoneChange:
    """One entry's change that undo took back."""

    entry_id: int
    title: str
    kind: str  # read, starred, archived, tags, note, edit, rm, restore, add; "added" for an import's entry


@dataclass(frozen=True)
class Undone:
    """What ``undo`` reverted: the action (as history lists it) and each entry's change."""

    action: int
    command: str
    changes: tuple[UndoneChange, ...]
    dry_run: bool  # nothing was changed: this is what undo would do
    report: Any = field(default=None, repr=False, compare=False)  # the core's account, which the commands print
    # It added or deleted entries, or moved one to or from the trash, rather than only
    # changing entries in place: a list of entries shown must be read again.
    moved: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class Action:
    """One recorded action, as ``readlog history`` lists it."""

    id: int
    at: datetime | None
    command: str  # the command line it was recorded as, e.g. "star 3 4"
    summary: str
    changes: int  # entries it changed (or added)
    undone_at: datetime | None
    row: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # as stored (what the commands print)

    @property
    def undone(self) -> bool:
        return self.undone_at is not None

    @classmethod
    def of(cls, row: dict[str, Any]) -> Action:
        """The action of a row of history as the store gives it."""
        from readlog.model.messages import shown
        from readlog.model.stamps import from_iso

        return cls(
            id=row["id"],
            at=from_iso(row["at"]),
            command=row["command"],
            summary=shown(row["summary"] or ""),
            changes=int(row.get("changes") or 0) + int(row.get("added") or 0),
            undone_at=from_iso(row.get("undone_at")),
            row=row,
        )
