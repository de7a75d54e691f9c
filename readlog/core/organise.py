"""The library's tags and its history of actions. Values in, values out;
nothing printed. (The changes themselves, undo among them, are core/actions.py's.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from readlog.store import Store

Row = dict[str, Any]


def tags(lib: Store) -> list[Row]:
    """Each tag in use with how many entries carry it and how many of them
    are unread, as ``readlog tags`` lists them."""
    from readlog.store.organise import tag_counts

    return tag_counts(lib)


def history(lib: Store, limit: int = 20) -> list[Row]:
    """Recorded actions, newest first, as ``readlog history`` lists them
    (``limit`` 0: all; negative: UsageError). Each row: id, at, command,
    summary, changes and added (entries changed and added), undone_at."""
    from readlog.core.filters import check_limit
    from readlog.store.organise import history as recorded

    return recorded(lib, check_limit(limit))


def last_undoable(lib: Store) -> Row | None:
    """The action ``readlog undo`` would revert now (its row: id, at, command,
    summary), or None when there is nothing to undo."""
    from readlog.store.organise import last_undoable as newest

    return newest(lib)
