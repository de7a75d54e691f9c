"""The changes a user makes to entries, each one recorded action in one transaction.

Shared by the commands (``read``, ``star``, ``archive``, ``tag``, ``note``,
``undo``, ``open``) and the triage screen, so that a key on the screen and a
command line make the same change: the same rows and events written, the same
line in ``readlog history``, undone by the same ``readlog undo``. Nothing here
prints; the caller says what happened. No SQL here either: that is the store's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from readlog.model import shell
from readlog.model.errors import ReadlogError, UsageError
from readlog.model.messages import Phrase

if TYPE_CHECKING:
    from readlog.store import Store
    from readlog.store.organise import UndoReport

Row = dict[str, Any]


def set_state(lib: Store, ids: Sequence[int], which: str, on: bool, *, name: str) -> tuple[int, list[tuple[Row, bool]]]:
    """Set or clear read/starred/archived on entries, as ``readlog NAME IDS`` does.

    Unknown ids change nothing (ReadlogError). Returns the action's id, and
    each entry with whether it changed."""
    ids = list(ids)
    with lib.transaction():  # checked inside: another process may delete entries meanwhile
        lib.require(ids)
        action = lib.start_action(shell.join([name, *ids[:50]]))
        results = lib.set_state(ids, which, on, action)
        changed = sum(1 for _, c in results if c)
        lib.set_action_summary(action, Phrase("did_change_of", changed=changed, n=len(ids)))
        if not changed:
            lib.forget_action(action)
    return action, results


def tag_ids(
    lib: Store, ids: Sequence[int], add: Sequence[str], remove: Sequence[str]
) -> tuple[int, list[tuple[Row, bool]]]:
    """Add and remove tags on entries by id, as ``readlog tag IDS +TAG -TAG`` does.

    Returns the action's id, and each entry (with its new tags) with whether it changed."""
    from readlog.store.organise import set_tags

    ids = list(ids)
    words = [*(f"+{t}" for t in add), *(f"-{t}" for t in remove)]
    with lib.transaction():
        lib.require(ids)
        action = lib.start_action(shell.join(["tag", *ids[:50], *words]))
        results = set_tags(lib, ids, add, remove, action)
        changed = sum(1 for _, c in results if c)
        lib.set_action_summary(action, Phrase("did_change_of", changed=changed, n=len(ids)))
        if not changed:
            lib.forget_action(action)
    return action, results


def write_note(lib: Store, entry_id: int, note: str, *, clear: bool = False) -> tuple[int, str]:
    """Replace an entry's note (``note`` already cleaned; empty removes it), as
    ``readlog note ID TEXT`` (or ``--clear``) does. Returns the action's id and
    what happened: "saved", "cleared" or "unchanged"."""
    from readlog.store.organise import set_note

    with lib.transaction():
        lib.require([entry_id])
        action = lib.start_action(shell.join(["note", entry_id, *(["--clear"] if clear else [])]))
        did = set_note(lib, entry_id, note, action)
        what = ("cleared" if not note else "saved") if did else "unchanged"
        said = {"cleared": "did_note_cleared", "saved": "did_note_saved", "unchanged": "did_note_unchanged"}[what]
        lib.set_action_summary(action, Phrase(said))
        if not did:
            lib.forget_action(action)
    return action, what


class _DryRun(Exception):
    """Raised inside the undo transaction to roll it back after reporting."""


def undo_last(lib: Store, *, dry_run: bool = False, only: int | None = None) -> UndoReport:
    """Revert the newest action not yet undone, as ``readlog undo`` does, or
    say why it cannot (ReadlogError, nothing changed): it is never jumped
    over for an older one (``undo_action`` takes those, by number).

    ``dry_run`` rolls the revert back and reports what it would do. ``only``
    refuses (changing nothing) unless that action is the one that would be
    undone: a screen that asked the user about one action must not undo
    another that a second readlog recorded meanwhile.
    """
    return _undo(lib, None, dry_run=dry_run, only=only)


def undo_action(lib: Store, number: int, *, dry_run: bool = False, expect: UndoReport | None = None) -> UndoReport:
    """Revert the action ``number`` (as ``readlog history`` lists it), older or
    not, as ``readlog undo ACTION`` does; a ReadlogError, changing nothing,
    when it cannot be taken back or an action since changed what it changed
    (store.organise.hindrance). ``expect``: the preview (a ``dry_run``) the
    user agreed to; anything else would be undone now is refused."""
    return _undo(lib, number, dry_run=dry_run, expect=expect)


def _undo(
    lib: Store, number: int | None, *, dry_run: bool, only: int | None = None, expect: UndoReport | None = None
) -> UndoReport:
    from readlog.store import organise as store

    report = None
    try:
        with lib.transaction():
            if number is None:
                action = store.last_undoable(lib)
                if action is None:
                    raise ReadlogError.of("nothing_to_undo")
                if only is not None and action["id"] != only:
                    raise ReadlogError.of("undo_changed_meanwhile")
            else:
                action = store.find_action(lib, number)
                if action is None:
                    raise ReadlogError.of("undo_no_action", id=number)
                if action["undone_at"]:
                    raise ReadlogError.of("undo_already", id=number, command=_command(action))
            refused = refusal(lib, action, newest=number is None)
            if refused is not None:
                raise refused
            report = store.undo(lib, action)
            if expect is not None and _changes(report) != _changes(expect):
                raise ReadlogError.of("undo_changed_meanwhile")
            if dry_run:
                raise _DryRun
    except _DryRun:
        pass
    assert report is not None
    return report


def _command(action: Row) -> str:
    from readlog.model.sanitize import clean

    return clean(str(action["command"]), one_line=True)


def _changes(report: UndoReport) -> list[tuple[int, str]]:
    return [(c.entry_id, c.kind) for c in report.changes]


# The message of each reason store.organise.hindrance gives (said of how many entries it holds back).
_REFUSALS = {
    "emptied": "undo_emptied",
    "nothing": "undo_nothing",
    "gone": "undo_gone",
    "deleted": "undo_deleted",
    "changed": "undo_changed",
    "view_changed": "undo_view_changed",
    "feed_changed": "undo_feed_changed",
}


def refusal(lib: Store, action: Row, *, newest: bool = True) -> ReadlogError | None:
    """Why ``action`` (a row of history) cannot be undone now, as one line, or
    None when it can; for the newest action (what ``undo_last`` would take),
    with how to undo an older one instead."""
    from readlog.store.organise import hindrance as hindrance_of
    from readlog.store.trash import shown_ids

    hindrance = hindrance_of(lib, action)
    if hindrance is None:
        return None

    said: dict[str, Any] = {"id": action["id"], "command": _command(action)}
    if hindrance.reason == "emptied":
        said = {"id": action["id"]}
    elif hindrance.later is not None:
        later = {"later": hindrance.later["id"], "later_command": _command(hindrance.later)}
        said = {**said, "n": len(hindrance.entries), "ids": shown_ids(hindrance.entries), **later}
    parts = [(_REFUSALS[hindrance.reason], said)]
    if newest:
        parts.append(("undo_older_hint", {}))
    return ReadlogError.of_all(*parts)


def moved_entries(report: UndoReport) -> bool:
    """Whether an undo added or deleted entries, or moved one to or from the
    trash (rather than only changing entries in place): a view listing the
    entries must then be read again."""
    from readlog.store.curate import SPECIAL_UNDO

    return any(c.kind == "added" or c.kind in SPECIAL_UNDO for c in report.changes)


def link_to_open(row: Row, number: int | None = None) -> str:
    """The entry's link, or its ``number``-th link as show lists them
    (model.links: its own first, then those in its summary), if it is a web
    address that may be handed to a browser.

    Only http and https; a link that sanitising would change holds control,
    bidi or zero-width characters and is never opened or printed raw. An
    entry without a link of its own but with others says how to open them.
    """
    from readlog.model.entry import is_web_address
    from readlog.model.links import entry_links
    from readlog.model.sanitize import clean

    entry_id = row["id"]
    links = entry_links(row)
    if number is not None:
        if not links:
            raise ReadlogError.of("no_link", id=entry_id)
        if not 1 <= number <= len(links):
            raise UsageError.of("open_link_number", id=entry_id, number=number, n=len(links))
        url = links[number - 1].url.strip()
    else:
        url = (row.get("url") or "").strip()
    if not url:
        if links:
            raise ReadlogError.of("open_no_own_link", id=entry_id, n=len(links))
        raise ReadlogError.of("no_link", id=entry_id)
    if not is_web_address(url):
        raise ReadlogError.of("not_web", id=entry_id, url=clean(url, one_line=True))
    return url


def launch(url: str) -> bool:
    """Open a web address in the browser; False when no browser could be started.

    The standard library's webbrowser says whether it found and started a
    browser; click's launch falls back to it but reports success either way.
    This is also the seam tests replace.
    """
    import webbrowser

    try:
        return webbrowser.open(url)
    except webbrowser.Error:
        return False
