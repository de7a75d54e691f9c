"""Changing entries' state, each call one recorded action, as ``readlog star``,
``read``, ``archive`` (and their un-), ``tag``, ``note``, ``progress`` and
``highlight`` do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from readlog.core.api.base import Base, Ids, Tags
from readlog.core.arguments import STATE_COMMANDS, _checked
from readlog.model.errors import BadValue

if TYPE_CHECKING:
    from readlog.core.highlights import Marked
    from readlog.core.progress import Progressed
    from readlog.core.results import Change


class States(Base):
    """Starring, reading, archiving, tagging, noting, progress and highlights."""

    @_checked()
    def star(self, ids: Ids) -> Change:
        return self._set(ids, "starred", True)

    @_checked()
    def unstar(self, ids: Ids) -> Change:
        return self._set(ids, "starred", False)

    @_checked()
    def mark_read(self, ids: Ids) -> Change:
        return self._set(ids, "read", True)

    @_checked()
    def mark_unread(self, ids: Ids) -> Change:
        return self._set(ids, "read", False)

    @_checked()
    def archive(self, ids: Ids) -> Change:
        return self._set(ids, "archived", True)

    @_checked()
    def unarchive(self, ids: Ids) -> Change:
        return self._set(ids, "archived", False)

    def _set(self, ids: Any, which: str, on: bool) -> Change:
        from readlog.core import actions
        from readlog.core.results import Change

        name = STATE_COMMANDS[(which, on)]
        action, results = actions.set_state(self.store, ids, which, on, name=name)
        return Change.of(action, results)

    @_checked()
    def tag(self, ids: Ids, add: Tags = (), remove: Tags = ()) -> Change:
        """Add and remove tags, as ``readlog tag IDS +TAG -TAG`` does (one action)."""
        from readlog.core import actions
        from readlog.core.filters import parse_tag_args
        from readlog.core.results import Change

        words = [*(f"+{t}" for t in add), *(f"-{t}" for t in remove)]
        _, plus, minus = parse_tag_args(words)  # the command's checks: no empty tag, not both
        action, results = actions.tag_ids(self.store, ids, plus, minus)  # type: ignore[arg-type]
        return Change.of(action, results)

    @_checked()
    def note(self, entry_id: int, text: str | None) -> Change:
        """Replace the entry's note with ``text``; None removes it. An empty
        text (or one of spaces) is not a note and removes nothing: BadValue."""
        from readlog.core import actions
        from readlog.core.filters import clean_note
        from readlog.core.results import Change

        note = "" if text is None else clean_note(text)
        if text is not None and not note:
            raise BadValue.of("api_note_empty", id=entry_id)
        action, what = actions.write_note(self.store, entry_id, note, clear=text is None)
        changed = what != "unchanged"
        return Change(action if changed else None, (entry_id,) if changed else (), () if changed else (entry_id,))

    @_checked()
    def progress(self, entry_id: int, amount: float | str | None = None, *, done: bool = False) -> Progressed:
        """Say how far the entry was read: ``amount`` "40%", 40 or 0.4 (a number above 1 is a
        percent); ``done=True`` (no amount): all of it, and mark it read, in one action."""
        from readlog.core.progress import record

        if (amount is None) != done:
            raise BadValue.of("progress_and_done" if done else "progress_which")
        return record(self.store, entry_id, float(amount or 0), done=done)  # checked: a fraction

    # ---- highlights --------------------------------------------------------------------------

    @_checked()
    def highlight(self, entry_id: int, passage: str, *, note: str | None = None, force: bool = False) -> Marked:
        """Keep ``passage`` as a highlight of the entry, with your ``note`` on it, as
        ``readlog highlight ID PASSAGE`` does: one action in history, taken back by
        ``undo()``. When the entry has fetched text the passage must occur in it
        (white space and case aside): ReadlogError unless ``force``. A passage the
        entry has already changes nothing (``Marked.action`` is None)."""
        from readlog.core.highlights import mark

        return mark(self.store, entry_id, passage, note or "", force=force)


# The Library method of each state command (readlog star, read, ...; triage's s, r and a).
STATE_METHODS = {
    "star": "star",
    "unstar": "unstar",
    "read": "mark_read",
    "unread": "mark_unread",
    "archive": "archive",
    "unarchive": "unarchive",
}
