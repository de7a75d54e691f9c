"""How a parsed entry meets the library: identity and merging rules.

Kept apart from store.py (which only runs SQL) because these are the rules
a user relies on when re-importing: nothing duplicated, nothing erased.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from readlog.models import Entry, normalize_url
from readlog.stamps import to_iso
from readlog.tags import tag_list, unique_tags

TEXT_FIELDS = ("title", "summary", "verdict", "source", "category", "url", "published", "note", "saved_raw")


@dataclass
class Prepared:
    """An entry with its identity computed and times in storage form."""

    entry: Entry
    fingerprint: str
    url_key: str
    saved_at: str | None
    read_at: str | None
    starred_at: str | None
    archived_at: str | None
    tags: list[str]


def prepare(batch: Sequence[Entry]) -> list[Prepared]:
    return [
        Prepared(
            entry=e,
            fingerprint=e.fingerprint(key),
            url_key=key,
            saved_at=to_iso(e.saved_at),
            read_at=to_iso(e.read_at),
            starred_at=to_iso(e.starred_at),
            archived_at=to_iso(e.archived_at),
            tags=unique_tags(e.tags),
        )
        for e in batch
        for key in (normalize_url(e.url),)
    ]


def new_row(p: Prepared, now: str, import_id: int) -> dict[str, Any]:
    e = p.entry
    return {
        "fingerprint": p.fingerprint,
        "url_key": p.url_key,
        "title": e.title,
        "source": e.source,
        "category": e.category,
        "summary": e.summary,
        "verdict": e.verdict,
        "url": e.url,
        "published": e.published,
        "saved_at": p.saved_at or now,
        "saved_raw": e.saved_raw,
        "imported_at": now,
        "updated_at": now,
        "read_at": p.read_at,
        "starred_at": p.starred_at,
        "archived_at": p.archived_at,
        "note": e.note,
        "tags": json.dumps(p.tags, ensure_ascii=False),
        "import_id": import_id,
    }


def merge(old: dict[str, Any], p: Prepared) -> dict[str, Any]:
    """The changes that bring ``p`` into the stored row ``old``.

    Empty fields are filled, never overwritten; the earliest saved time
    wins; tags are unioned; read/starred/archived are set when the import
    says so and never cleared.
    """
    e = p.entry
    changes: dict[str, Any] = {}
    for name in TEXT_FIELDS:
        value = getattr(e, name)
        if value and not old.get(name):
            changes[name] = value
    if p.saved_at and p.saved_at < old["saved_at"]:
        changes["saved_at"] = p.saved_at
        if e.saved_raw:
            changes["saved_raw"] = e.saved_raw
    for name in ("read_at", "starred_at", "archived_at"):
        value = getattr(p, name)
        if value and not old.get(name):
            changes[name] = value
    if p.tags:
        current = tag_list(old.get("tags"))
        union = unique_tags([*current, *p.tags])
        if union != current:
            changes["tags"] = json.dumps(union, ensure_ascii=False)
    if p.url_key and not old.get("url_key"):
        changes["url_key"] = p.url_key
    return changes
