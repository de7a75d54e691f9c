"""What a tag is: one spelling rule and one reader for the stored list.

Tags arrive from many places (import files, ``readlog tag +x``, ``--tag x``
filters, merges of duplicate entries); all of them go through
``normalise_tag`` so that ``#Rust``, `` rust `` and ``Rust`` are one tag,
compared without regard to case and stored with the first spelling seen.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from readlog.model.sanitize import clean


def normalise_tag(tag: object) -> str:
    """Cleaned of control and invisible characters, whitespace collapsed, ends
    trimmed, leading '#' marks (and the spaces between them) dropped: the
    stored form, and the form a filter compares with. Normalising a
    normalised tag changes nothing, so a tag comes back from an export as
    it was stored."""
    return clean(tag, one_line=True).lstrip("# ").rstrip()  # "# # x": every leading mark, so twice is once


def unique_tags(tags: Iterable[object]) -> list[str]:
    """Normalised tags without blanks or repeats (ignoring case), first spelling kept."""
    seen: dict[str, str] = {}
    for tag in tags:
        t = normalise_tag(tag)
        if t and t.casefold() not in seen:
            seen[t.casefold()] = t
    return list(seen.values())


def tag_list(raw: Any) -> list[str]:
    """The tags held in an entries.tags value: a JSON list, or a list already
    decoded; anything damaged reads as no tags rather than an error."""
    if isinstance(raw, list):
        return [str(t) for t in raw]
    if not raw or raw == "[]":
        return []
    try:
        value = json.loads(raw)
    except (TypeError, ValueError):
        return []
    return [str(t) for t in value] if isinstance(value, list) else []


def tag_verb(add: Sequence[str], remove: Sequence[str]) -> str:
    """What a change of tags does, in the bulk commands' words: retagged, tagged or untagged."""
    return "retagged" if add and remove else "tagged" if add else "untagged"
