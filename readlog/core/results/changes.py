"""What one call changed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Change:
    """What a change to entries did: the recorded action (``readlog history``;
    None when nothing changed, which is not recorded) and which entries
    changed; the others were already as asked."""

    action: int | None
    changed: tuple[int, ...]
    unchanged: tuple[int, ...]
    fields: tuple[str, ...] = ()  # edit: the fields that changed
    # Each entry's stored row as the change left it, with whether it changed (what the commands print).
    rows: tuple[tuple[dict[str, Any], bool], ...] = field(default=(), repr=False, compare=False)

    @classmethod
    def of(cls, action: int | None, results: Sequence[tuple[dict[str, Any], bool]]) -> Change:
        """The change of the core's (row, changed) pairs; its action only if something changed."""
        changed = tuple(int(row["id"]) for row, did in results if did)
        unchanged = tuple(int(row["id"]) for row, did in results if not did)
        return cls(action if changed else None, changed, unchanged, rows=tuple(results))

    @classmethod
    def edited(cls, entry_id: int, changed: dict[str, Any], action: int) -> Change:
        """The change of an edit: the core's changed columns (none: nothing recorded), its fields in edit's order."""
        from readlog.core.curate import FIELDS

        if not changed:
            return cls(None, (), (entry_id,))
        return cls(action, (entry_id,), (), tuple(name for name in FIELDS if name in changed))
