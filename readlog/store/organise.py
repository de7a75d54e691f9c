"""SQL for organising the library: tags, notes, undo and history.

Functions take an open ``Store`` rather than extending the class, so the
shared store module stays small. Every change is recorded as an event of an
action (see migrations.m003_events), which is what makes ``undo`` possible:
an event keeps the changed columns' values before and after. Column names
read back from events are checked against the table's real columns before
they reach SQL.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from readlog.model.errors import UsageError
from readlog.model.fields import MAX_TAGS
from readlog.model.tags import tag_list, unique_tags
from readlog.store.common import MAX_ID, Row, utcnow

if TYPE_CHECKING:
    from readlog.store.library import Store

PREVIEW_COLUMNS = "id, title, url, read_at, starred_at, archived_at, tags, note"
# Event kinds written by set_state (its ``state`` argument) and by this module.


def retag(current: Sequence[str], add: Sequence[str], remove: Sequence[str]) -> list[str]:
    """Tags after adding and removing, compared case-insensitively.

    An added tag that is already present (in any case) keeps its stored
    spelling; order is kept and new tags go at the end.
    """
    gone = {t.casefold() for t in unique_tags(remove)}
    return [t for t in unique_tags([*current, *add]) if t.casefold() not in gone]


def set_tags(
    lib: Store, ids: Sequence[int], add: Sequence[str], remove: Sequence[str], action_id: int
) -> list[tuple[Row, bool]]:
    """Add and remove tags on entries; record each change. Returns each entry
    (with its new tags) and whether it changed."""
    found = lib.titles(ids)
    results: list[tuple[Row, bool]] = []
    for entry_id in ids:
        row = dict(found[entry_id])
        before = tag_list(row["tags"])
        after = retag(before, add, remove)
        if len(after) > max(MAX_TAGS, len(before)):
            raise UsageError.of("too_many_tags", id=entry_id, n=len(after), limit=MAX_TAGS)
        changed = after != before
        if changed:
            value = json.dumps(after, ensure_ascii=False)
            lib.conn.execute("UPDATE entries SET tags = ? WHERE id = ?", (value, entry_id))
            lib._event(action_id, entry_id, "tags", {"tags": row["tags"]}, {"tags": value})
            row["tags"] = value
        results.append((row, changed))
    return results


def set_note(lib: Store, entry_id: int, note: str, action_id: int) -> bool:
    """Replace an entry's note (empty clears it); record the change. False if it was already so."""
    row = lib.conn.execute("SELECT note FROM entries WHERE id = ?", (entry_id,)).fetchone()
    before = row[0] if row else ""
    if before == note:
        return False
    lib.conn.execute("UPDATE entries SET note = ? WHERE id = ?", (note, entry_id))
    lib._event(action_id, entry_id, "note", {"note": before}, {"note": note})
    return True


def tag_counts(lib: Store) -> list[Row]:
    """Each tag with how many entries carry it and how many of those are
    unread (and not archived); tags differing only in case count as one,
    shown in their most common spelling. Most used first."""
    rows = lib.conn.execute(
        "SELECT j.value AS tag, count(*) AS entries, "
        "sum(e.read_at IS NULL AND e.archived_at IS NULL) AS unread "
        "FROM entries AS e, json_each(CASE WHEN json_valid(e.tags) THEN e.tags ELSE '[]' END) AS j "
        "WHERE j.type = 'text' GROUP BY j.value"
    ).fetchall()
    merged: dict[str, Row] = {}
    for r in sorted(rows, key=lambda r: -r["entries"]):
        key = r["tag"].casefold()
        if key in merged:
            merged[key]["entries"] += r["entries"]
            merged[key]["unread"] += r["unread"]
        else:
            merged[key] = {"tag": r["tag"], "entries": r["entries"], "unread": r["unread"]}
    return sorted(merged.values(), key=lambda r: (-r["entries"], r["tag"].casefold()))


# ---- history and undo ------------------------------------------------------


def forget(lib: Store, action_id: int) -> None:
    """Delete the record of an action that changed nothing, inside the
    transaction that started it. An action with events, or with an import
    that names it, is kept: it changed something, or says what was read."""
    lib.conn.execute(
        "DELETE FROM actions WHERE id = ? AND NOT EXISTS (SELECT 1 FROM events WHERE action_id = ?) "
        "AND NOT EXISTS (SELECT 1 FROM imports WHERE action_id = ?)",
        (action_id, action_id, action_id),
    )


def history(lib: Store, limit: int = 0) -> list[Row]:
    """Recorded actions, newest first, each with how many entries it changed
    (events plus, for an import, the entries it added)."""
    sql = (
        "SELECT a.id, a.at, a.command, a.summary, a.undone_at, "
        "(SELECT count(*) FROM events WHERE action_id = a.id AND kind != 'alias') AS changes, "
        "(SELECT count(*) FROM entries WHERE import_id IN (SELECT id FROM imports WHERE action_id = a.id)) AS added "
        "FROM actions AS a ORDER BY a.id DESC"
    )
    params: list[Any] = []
    if 0 < limit < MAX_ID:
        sql += " LIMIT ?"
        params.append(limit)
    return [dict(r) for r in lib.conn.execute(sql, params)]


# An event's entry is still somewhere: in the library or in the trash (not
# deleted for good by `trash --empty`, an undone import or an undone add).
STILL_THERE = (
    "(EXISTS (SELECT 1 FROM entries WHERE id = ev.entry_id) OR EXISTS (SELECT 1 FROM trash WHERE id = ev.entry_id))"
)


def last_undoable(lib: Store) -> Row | None:
    """The newest action not yet undone that changed something still there.

    Actions that changed nothing (``read 3`` on an entry already read, an
    import that only skipped), or only entries since deleted for good, are
    passed over, so ``undo`` always reverts something the user can see.
    """
    row = lib.conn.execute(
        "SELECT a.* FROM actions AS a WHERE a.undone_at IS NULL AND ("
        f"EXISTS (SELECT 1 FROM events AS ev WHERE ev.action_id = a.id AND ev.kind != 'alias' AND {STILL_THERE}) OR "
        "EXISTS (SELECT 1 FROM entries WHERE import_id IN (SELECT id FROM imports WHERE action_id = a.id))"
        ") ORDER BY a.id DESC LIMIT 1"
    ).fetchone()
    return dict(row) if row else None


@dataclass
class Reverted:
    """One entry's change taken back by undo."""

    entry_id: int
    title: str
    kind: str  # an event kind, or "added" for an entry an import added
    before: Row = field(default_factory=dict)  # the values restored
    after: Row = field(default_factory=dict)  # the values that were undone


@dataclass
class UndoReport:
    """What undo did: the action and each entry change it reverted."""

    action: Row
    changes: list[Reverted] = field(default_factory=list)


def undo(lib: Store, action: Row) -> UndoReport:
    """Revert one action inside the caller's transaction and mark it undone.

    Events are reverted newest first by writing back their ``before``
    values; an ``rm``, ``restore`` or ``add`` event moves or deletes its
    entry instead (store/curate.undo_event), and events of entries since
    deleted for good are passed over. Entries an import added are deleted
    (the search index follows through its triggers, and AUTOINCREMENT means
    their ids are never reused) and the import's record is removed, so the
    library is as it was before that import.
    """
    from readlog.store.curate import SPECIAL_UNDO, undo_event

    report = UndoReport(action)
    columns = _entry_columns(lib)
    events = lib.conn.execute(
        "SELECT ev.entry_id, ev.kind, ev.before, ev.after, "
        "coalesce(e.title, json_extract(t.row, '$.title')) AS title FROM events AS ev "
        "LEFT JOIN entries AS e ON e.id = ev.entry_id LEFT JOIN trash AS t ON t.id = ev.entry_id "
        f"WHERE ev.action_id = ? AND {STILL_THERE} ORDER BY ev.id DESC",
        (action["id"],),
    ).fetchall()
    for ev in events:
        if ev["kind"] == "alias":  # a title another record came with: history, nothing to revert
            continue
        before = _json_row(ev["before"])
        if ev["kind"] in SPECIAL_UNDO:  # the entry moves (trash, restore) or goes (add)
            undo_event(lib, ev["kind"], ev["entry_id"], before)
            report.changes.append(Reverted(ev["entry_id"], ev["title"], ev["kind"], before, _json_row(ev["after"])))
            continue
        values = {k: v for k, v in before.items() if k in columns}
        if values:
            assignments = ", ".join(f"{k} = ?" for k in values)  # names checked against the table
            lib.conn.execute(f"UPDATE entries SET {assignments} WHERE id = ?", [*values.values(), ev["entry_id"]])
        # The entry as undo leaves it: an edit's title is the one put back, not the one taken away.
        title = values["title"] if "title" in values else ev["title"]
        report.changes.append(Reverted(ev["entry_id"], title, ev["kind"], values, _json_row(ev["after"])))
    imports = [r[0] for r in lib.conn.execute("SELECT id FROM imports WHERE action_id = ?", (action["id"],))]
    if imports:
        marks = json.dumps(imports)
        added = lib.conn.execute(
            "SELECT id, title FROM entries WHERE import_id IN (SELECT value FROM json_each(?)) ORDER BY id", (marks,)
        ).fetchall()
        report.changes.extend(Reverted(r["id"], r["title"], "added") for r in added)
        # The feed items the import recorded, on entries it added or merged into.
        lib.conn.execute("DELETE FROM feed_items WHERE import_id IN (SELECT value FROM json_each(?))", (marks,))
        lib.conn.execute("DELETE FROM entries WHERE import_id IN (SELECT value FROM json_each(?))", (marks,))
        lib.conn.execute("DELETE FROM imports WHERE id IN (SELECT value FROM json_each(?))", (marks,))
    lib.conn.execute("UPDATE actions SET undone_at = ? WHERE id = ?", (utcnow(), action["id"]))
    return report


def _entry_columns(lib: Store) -> set[str]:
    """Columns undo may write back: every column of entries but the id."""
    return {r[1] for r in lib.conn.execute("PRAGMA table_info(entries)")} - {"id"}


def _json_row(raw: str | None) -> Row:
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
