"""How an upgrade shows its long steps, and the one such step: filling the
search index in slices of ids. Part of the frozen migrations (never edited
once released)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from contextvars import ContextVar
from typing import Any

# Set by migrate() for the length of an upgrade: how to show progress (a factory like render.Output.progress).
showing: ContextVar[Callable[[str, int | None], Any] | None] = ContextVar("readlog_progress", default=None)
REBUILD_CHUNK = 5000


def fill_index(conn: object, insert: str) -> None:
    """Empty the search index, then run ``insert`` (an INSERT ... SELECT ... FROM
    entries, to which ``WHERE id > ? AND id <= ?`` is added) over every
    entry, a slice of ids at a time, showing progress for a large library;
    the caller's transaction makes it all-or-nothing."""
    execute = conn.execute  # type: ignore[attr-defined]
    execute("INSERT INTO entries_fts(entries_fts) VALUES ('delete-all')")
    total = execute("SELECT count(*) FROM entries").fetchone()[0]
    factory = showing.get()
    bar = factory("building the search index", total) if factory and total > REBUILD_CHUNK else nullcontext()
    step = "SELECT max(id) FROM (SELECT id FROM entries WHERE id > ? ORDER BY id LIMIT ?)"
    with bar as shown:
        low, done = -(2**63), 0
        while (high := execute(step, (low, REBUILD_CHUNK)).fetchone()[0]) is not None:
            execute(insert + "WHERE id > ? AND id <= ?", (low, high))
            done, low = min(total, done + REBUILD_CHUNK), high
            if shown is not None:
                shown.update(done, done)
