"""A change planned for every entry the filters select, to look at before it is made."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Plan:
    """What a change to every entry the filters select would do (``lib.plan``),
    to look at before ``lib.apply(plan)`` changes exactly those entries."""

    command: str  # as history will record it, with its filters: "star --source 'Go Blog'"
    ids: tuple[int, ...]  # the entries it would change
    matched: int  # the entries the filters select, changed or not
    rows: tuple[dict[str, Any], ...] = field(default=(), repr=False, compare=False)  # each one's id, title, state
    change: Any = field(default=None, repr=False, compare=False)  # the core's change and filters, for apply
    filters: Any = field(default=None, repr=False, compare=False)
