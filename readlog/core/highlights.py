"""Highlights: marking a passage of an entry, and listing what was marked.

``readlog highlight ID PASSAGE``, ``lib.highlight(...)`` and (later) the triage
screen make the same change here: one recorded action in one transaction, taken
back by ``readlog undo``. Nothing here prints; the caller says what happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from readlog.model import shell
from readlog.model.errors import ReadlogError, UsageError
from readlog.model.messages import Phrase

if TYPE_CHECKING:
    from readlog.store import Store
    from readlog.store.query import Filters


@dataclass(frozen=True)
class Marked:
    """What marking a passage did: the recorded action and the new highlight's id
    (both None when the entry had that highlight already), and whether the
    passage was found in the entry's fetched text (None: the entry has none)."""

    action: int | None
    entry_id: int
    highlight: int | None
    in_text: bool | None
    position: int | None = None


def mark(lib: Store, entry_id: int, passage: str, note: str = "", *, force: bool = False) -> Marked:
    """Keep ``passage`` as a highlight of the entry, with the reader's ``note`` on it.

    The passage must occur in the entry's fetched text when it has one: a
    ReadlogError (``highlight_not_in_text``, changing nothing) says so unless
    ``force``. An empty passage is a UsageError. Marking a passage the entry has
    already changes nothing."""
    from readlog.core.filters import clean_note
    from readlog.model.highlight import Highlight, locate
    from readlog.model.stamps import now
    from readlog.store import highlights

    passage, note = clean_note(passage), clean_note(note)
    if not passage:
        raise UsageError.of("highlight_empty")
    with lib.transaction():
        lib.require([entry_id])
        text = (lib.get(entry_id) or {}).get("text") or ""
        position = locate(text, passage) if text else None
        if text and position is None and not force:
            raise ReadlogError.of("highlight_not_in_text", id=entry_id)
        left, chars = highlights.room(lib, entry_id)
        if left <= 0 or len(passage) + len(note) > chars:
            from readlog.model.fields import HIGHLIGHT_CHARS, MAX_HIGHLIGHTS

            raise UsageError.of("highlight_no_room", id=entry_id, limit=MAX_HIGHLIGHTS, chars=HIGHLIGHT_CHARS)
        action = lib.start_action(shell.join(["highlight", entry_id, *(["--force"] if force else [])]))
        added, _ = highlights.add(lib, entry_id, [Highlight(passage, note, made_at=now(), position=position)], action)
        lib.set_action_summary(action, Phrase("did_highlight" if added else "did_highlight_unchanged"))
        if not added:
            lib.forget_action(action)
    return Marked(
        action if added else None,
        entry_id,
        added[0] if added else None,
        (position is not None) if text else None,
        position,
    )


def listed(
    lib: Store, ids: list[int] | None = None, limit: int = 0, offset: int = 0, f: Filters | None = None
) -> list[dict[str, Any]]:
    """Highlights newest first, each with its entry's title, link and source: of the
    entries ``ids`` (each must exist: ReadlogError), of those ``f`` selects, or of the
    whole library."""
    from readlog.store import highlights

    if ids is not None:
        lib.require(ids)
    return highlights.listed(lib, ids, limit, offset, f)


def of_entry(lib: Store, entry_id: int) -> list[dict[str, Any]]:
    from readlog.store import highlights

    return highlights.of_entry(lib, entry_id)
