"""What one import did, counted (store/imports.py fills it in). Apart from common.py because
defining two dataclasses costs ~2 ms, which every command opening the library would pay."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Merged:
    """An incoming record taken as an entry the library already had."""

    line: int
    into: int  # the entry's id
    match: str  # why: merge.SAME_ITEM, SAME_LINK or SAME_TEXT
    changed: bool  # whether the record added something to the entry


@dataclass
class Counts:
    """What one import did: entries added, entries the records updated,
    records already in the library with nothing new (``unchanged``), and
    records that could not be imported at all (``skipped``, each with a
    problem saying why)."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    merged: list[Merged] = field(default_factory=list)
    trashed: int = 0  # matched an entry in the trash: not brought back
    highlights: int = 0  # highlights added (model/highlight.py), to new entries and to known ones
    highlights_dropped: int = 0  # not kept: the entry they were for had no room left (store/highlights.room)
