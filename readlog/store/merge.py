"""How a parsed entry meets the library: identity and merging rules.

Kept apart from store.py (which only runs SQL) because these are the rules
a user relies on when re-importing: nothing duplicated, nothing erased, and
nothing that is a different record lost by being merged.

Identity, strongest first:

* a feed item with an id is that item of that feed (``feed_items``);
* the fingerprint: the normalised link (fragment included, see
  models.normalize_url), or source + title + summary without a link;
* the same normalised link: the same article, from whichever app or file,
  except that an entry already holding an item of a feed never takes in
  another item (another id) of the same feed.

A record of readlog's own export carries its entry's identity (its
fingerprint and the feed items the entry is): it is matched by that alone,
never by its link (``Entry.by_link``), so that a backup gives back every
entry the library held, whatever another app's file with the same links
would merge.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from readlog.model.entry import Entry, normalize_url
from readlog.model.fields import MAX_FEED_ITEMS
from readlog.model.stamps import to_iso
from readlog.model.tags import tag_list, unique_tags

Row = dict[str, Any]
# json.dumps(tags, ensure_ascii=False), without making a new encoder for each entry.
_tags_json = json.JSONEncoder(ensure_ascii=False).encode
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
    progress_at: str | None  # when the progress was said (None: when it is stored)
    tags: list[str]
    items: list[tuple[str, str]]  # the feed items it is, (feed, id there): Entry.items
    by_link: bool  # whether an entry with its link is it: Entry.by_link

    @property
    def feeds(self) -> set[str]:
        """The feeds it is an item of."""
        return {feed for feed, _ in self.items}


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
            progress_at=to_iso(e.progress_at),
            tags=unique_tags(e.tags),
            items=e.items(),
            by_link=e.by_link(),
        )
        for e in batch
        for key in (normalize_url(e.url),)
    ]


# Why an incoming record was taken as an entry already known (import summary, --json).
SAME_ITEM, SAME_LINK, SAME_TEXT = "feed item", "link", "text"


@dataclass
class Known:
    """The stored (or just added) rows a batch can meet, by each kind of identity.

    The store fills it with the rows the batch's keys select; ``remember``
    adds each new row, so that a record meeting one earlier in the same
    file is matched by the same rules.
    """

    by_fingerprint: dict[str, Row] = field(default_factory=dict)
    by_link: dict[str, list[Row]] = field(default_factory=dict)
    by_item: dict[tuple[str, str], Row] = field(default_factory=dict)
    items_of: dict[int, set[tuple[str, str]]] = field(default_factory=dict)  # entry id -> the feed items it is
    # What is in the trash: items, fingerprints, and links (each with the feeds its trashed owner holds items of).
    trashed_items: set[tuple[str, str]] = field(default_factory=set)
    trashed_fingerprints: set[str] = field(default_factory=set)
    trashed_links: dict[str, list[set[str]]] = field(default_factory=dict)

    def trashed(self, p: Prepared) -> bool:
        """True when ``p`` (matching no entry in the library) is an entry the user
        threw away, by the same rules as match: one of its feed items, its
        fingerprint, or its link (when ``p.by_link``), unless the trashed owner
        of the link is another item of one of ``p``'s own feeds."""
        if any(item in self.trashed_items for item in p.items):
            return True
        if p.fingerprint in self.trashed_fingerprints:
            return True
        owners = self.trashed_links.get(p.url_key, []) if p.url_key and p.by_link else []
        return any(p.feeds.isdisjoint(feeds) for feeds in owners)

    def match(self, p: Prepared) -> tuple[Row | None, str]:
        """The entry ``p`` is, and why; (None, "") for a new one, or for one whose
        feed item belongs to an entry in the trash: its own identity comes first,
        so no other entry is it because it has the same link (``trashed`` then says so)."""
        for item in p.items:
            if item in self.by_item:
                return self.by_item[item], SAME_ITEM
        if any(item in self.trashed_items for item in p.items):
            return None, ""
        row = self.by_fingerprint.get(p.fingerprint)
        if row is not None:
            return row, SAME_LINK if p.url_key and row.get("url_key") == p.url_key else SAME_TEXT
        for row in self.by_link.get(p.url_key, []) if p.url_key and p.by_link else []:
            if p.feeds.isdisjoint(feed for feed, _ in self.items_of.get(row["id"], ())):
                return row, SAME_LINK
        return None, ""

    def remember(self, row: Row, p: Prepared, items: Sequence[tuple[str, str]]) -> None:
        """Index ``row`` (new, or just merged with ``p``) under ``p``'s keys too,
        and under ``items``, the feed items of ``p`` it is now (new_items)."""
        self.by_fingerprint.setdefault(row["fingerprint"], row)
        for key in {row.get("url_key") or "", p.url_key} - {""}:
            rows = self.by_link.setdefault(key, [])
            if all(r is not row for r in rows):
                rows.append(row)
        for item in items:
            self.by_item[item] = row
            self.items_of.setdefault(row["id"], set()).add(item)

    def new_items(self, row: Row | None, p: Prepared) -> list[tuple[str, str]]:
        """The feed items of ``p`` that its entry ``row`` (None: a new one) is to
        be recorded as: those no entry (nor one in the trash) is yet, while it
        is fewer than fields.MAX_FEED_ITEMS (so that its export stays within
        what an import reads)."""
        held = self.items_of.get(row["id"], set()) if row is not None else set()
        fresh = [i for i in dict.fromkeys(p.items) if i not in self.by_item and i not in self.trashed_items]
        return fresh[: max(0, MAX_FEED_ITEMS - len(held))]


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
        "tags": _tags_json(p.tags),
        "import_id": import_id,
        "progress": e.progress,
        "progress_at": (p.progress_at or now) if e.progress is not None else None,
    }


def merge(old: dict[str, Any], p: Prepared) -> dict[str, Any]:
    """The changes that bring ``p`` into the stored row ``old``.

    Empty fields are filled, never overwritten (but see ``refreshed_title``);
    the earliest saved time wins; tags are unioned; read/starred/archived are set when the import
    says so and never cleared; progress only grows (the greater one is kept). A category (a browser folder, a digest's
    section) other than the entry's own becomes a tag, so that where else
    the article was filed is kept.
    """
    e = p.entry
    changes: dict[str, Any] = {}
    for name in TEXT_FIELDS:
        value = getattr(e, name)
        if value and not old.get(name):
            changes[name] = value
    if refreshed_title(old, p):
        changes["title"] = e.title
    if p.saved_at and p.saved_at < old["saved_at"]:
        changes["saved_at"] = p.saved_at
        if e.saved_raw:
            changes["saved_raw"] = e.saved_raw
    for name in ("read_at", "starred_at", "archived_at"):
        value = getattr(p, name)
        if value and not old.get(name):
            changes[name] = value
    if e.progress is not None and (old.get("progress") is None or e.progress > old["progress"]):
        changes["progress"] = e.progress  # the greater progress wins: reading never goes back
        changes["progress_at"] = p.progress_at or to_iso(datetime.now(timezone.utc))
    incoming = p.tags
    if e.category and old.get("category") and not same_text(e.category, old["category"]):
        incoming = [*incoming, e.category]
    if incoming:
        current = tag_list(old.get("tags"))
        union = unique_tags([*current, *incoming])
        if union != current:
            changes["tags"] = _tags_json(union)
    if p.url_key and not old.get("url_key"):
        changes["url_key"] = p.url_key
    return changes


def other_title(old: Row, p: Prepared) -> str | None:
    """The record's title when it differs from the entry's own (ignoring case
    and spacing): kept in the entry's history rather than dropped."""
    title = p.entry.title
    if title and old.get("title") and not same_text(title, old["title"]) and not refreshed_title(old, p):
        return title
    return None


def refreshed_title(old: Row, p: Prepared) -> bool:
    """Whether the stored title is one readlog made from the summary by an
    earlier rule, never edited since, which today's rule makes otherwise: it
    is then replaced (a digest's title is made from its summary, see
    inputs/formats/titles.py). A title the user gave or edited stays."""
    e = p.entry
    stored = old.get("title") or ""
    return (
        e.identity_title is not None
        and bool(e.title and stored)
        and same_text(stored, e.identity_title)
        and not same_text(stored, e.title)
    )


def same_text(a: str, b: str) -> bool:
    return " ".join(a.casefold().split()) == " ".join(b.casefold().split())
