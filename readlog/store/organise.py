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
from readlog.model.ids import MAX_ID
from readlog.model.tags import tag_list, unique_tags
from readlog.store.changelog import LOGS
from readlog.store.common import Row, utcnow

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
    shown in their most common spelling. Most used first. Read from the
    counters the store keeps (schema 19's group_counts), not recounted."""
    rows = lib.conn.execute(
        "SELECT name AS tag, entries, unread FROM group_counts WHERE kind = 'tag' AND entries != 0 ORDER BY name"
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
# How a readlog before the ``purge`` events recorded emptying the trash: an
# action without events, recorded as this command (and its --older-than).
EMPTY_COMMAND = "trash --empty"
# An action changed something undo would take back or must stop at: it has
# events, or an import of it added entries or recorded feed items, or it is
# an emptied trash recorded without events. Imports that found everything
# already there (kept in history as the record of what was read) and fetches
# that filled in no field are the actions that are not.
CHANGED_SOMETHING = (
    "(EXISTS (SELECT 1 FROM events WHERE action_id = a.id) "
    + "".join(f"OR {log.exists_sql()} " for log in LOGS)
    + "OR EXISTS (SELECT 1 FROM imports AS i "
    "WHERE i.action_id = a.id AND (i.added > 0 OR EXISTS (SELECT 1 FROM entries WHERE import_id = i.id) "
    "OR EXISTS (SELECT 1 FROM feed_items WHERE import_id = i.id))) "
    f"OR a.command = '{EMPTY_COMMAND}' OR a.command LIKE '{EMPTY_COMMAND} %')"
)


def last_undoable(lib: Store) -> Row | None:
    """The newest action not yet undone that changed something: the one
    ``undo`` takes back, or says why it cannot (``hindrance``).

    Only the actions that changed nothing undo would take back (an import
    that found everything already there, a fetch that filled in no field)
    are passed over; an action that cannot be taken back, such as emptying
    the trash, is never jumped over.
    """
    row = lib.conn.execute(
        f"SELECT a.* FROM actions AS a WHERE a.undone_at IS NULL AND {CHANGED_SOMETHING} ORDER BY a.id DESC LIMIT 1"
    ).fetchone()
    return dict(row) if row else None


def find_action(lib: Store, action_id: int) -> Row | None:
    """One recorded action by its number (as ``history`` lists it), or None."""
    if not 0 < action_id <= MAX_ID:
        return None
    row = lib.conn.execute("SELECT * FROM actions WHERE id = ?", (action_id,)).fetchone()
    return dict(row) if row else None


@dataclass
class Hindrance:
    """Why undoing an action now would not give back the library as it would be
    without that action (see ``hindrance``)."""

    reason: str  # "emptied", "nothing", "gone", "deleted", "changed", "view_changed" or "feed_changed"
    entries: list[int] = field(default_factory=list)  # the entries concerned
    later: Row | None = None  # the later action that deleted or changed them


def hindrance(lib: Store, act: Row) -> Hindrance | None:
    """Why ``act`` cannot be undone now, or None when it can.

    emptied: it deleted entries for good (``trash --empty``). nothing: it
    changed nothing undo takes back. deleted: entries it changed were
    deleted for good since, by ``later``; gone: the same, by a readlog that
    left no record of which. changed: ``later``, the newest action not
    undone that changed its entries again since: undoing ``act`` would
    delete or move an entry changed since (one it added, moved to or from
    the trash), or write its ``before`` values over a later change of the
    same columns (an entry's other columns may have changed since: undo
    leaves them). Actions undone since do not count: undoing them wrote
    back what they had changed.
    """
    from readlog.store.curate import SPECIAL_UNDO
    from readlog.store.trash import DROP, PURGE

    number = act["id"]
    events = lib.conn.execute("SELECT entry_id, kind, before FROM events WHERE action_id = ?", (number,)).fetchall()
    command = str(act["command"])
    if any(ev["kind"] == PURGE for ev in events) or (
        not events and (command == EMPTY_COMMAND or command.startswith(EMPTY_COMMAND + " "))
    ):
        return Hindrance("emptied")
    # Whether anything was done since that undo has not taken back (the newest action: nothing).
    since = lib.conn.execute(
        "SELECT 1 FROM events AS ev JOIN actions AS a ON a.id = ev.action_id "
        "WHERE ev.action_id > ? AND a.undone_at IS NULL LIMIT 1",
        (number,),
    ).fetchone()
    imports = lib.conn.execute("SELECT id, added FROM imports WHERE action_id = ?", (number,)).fetchall()
    marks = json.dumps([r["id"] for r in imports])
    expected = sum(r["added"] for r in imports)  # entries its imports added
    found = 0  # of those, how many are still in the library
    added: list[int] = []  # their ids, in the library or (moved there by a later rm) in the trash
    purged: dict[int, int] = {}  # their ids deleted for good since -> the action that did it
    items = False
    if imports:
        found = lib.conn.execute(
            "SELECT count(*) FROM entries WHERE import_id IN (SELECT value FROM json_each(?))", (marks,)
        ).fetchone()[0]
        items = bool(
            lib.conn.execute(
                "SELECT 1 FROM feed_items WHERE import_id IN (SELECT value FROM json_each(?)) LIMIT 1", (marks,)
            ).fetchone()
        )
    if imports and since:
        added = [
            r[0]
            for r in lib.conn.execute(
                "SELECT id FROM entries WHERE import_id IN (SELECT value FROM json_each(?)) UNION ALL "
                "SELECT id FROM trash WHERE action_id > ? "
                "AND json_extract(row, '$.import_id') IN (SELECT value FROM json_each(?))",
                (marks, number, marks),
            )
        ]
        purged = dict(
            lib.conn.execute(
                "SELECT entry_id, action_id FROM events WHERE kind = ? AND action_id > ? "
                "AND json_extract(before, '$.import_id') IN (SELECT value FROM json_each(?))",
                (PURGE, number, marks),
            ).fetchall()
        )
    logged = [log for log in LOGS if log.changed(lib, number)]  # saved views, followed feeds
    if not events and not items and not expected and not found and not logged:
        return Hindrance("nothing")
    for log in logged:
        if (since_then := log.changed_since(lib, number)) is not None:
            return Hindrance(log.refused, [], find_action(lib, since_then))
    whole = set(added)  # entries undo deletes or moves
    columns: dict[int, set[str]] = {}  # entry -> the columns undo writes back
    for ev in events:
        if ev["kind"] in SPECIAL_UNDO:
            whole.add(ev["entry_id"])
        elif ev["kind"] != "alias":
            columns.setdefault(ev["entry_id"], set()).update(_json_row(ev["before"]))
    touched = json.dumps(sorted({ev["entry_id"] for ev in events if ev["kind"] != "alias"}))
    here = {
        r[0]
        for r in lib.conn.execute(
            "SELECT id FROM entries WHERE id IN (SELECT value FROM json_each(?)) "
            "UNION SELECT id FROM trash WHERE id IN (SELECT value FROM json_each(?))",
            (touched, touched),
        )
    }
    dropped = {ev["entry_id"] for ev in events if ev["kind"] == DROP}  # it deleted them itself: undo puts them back
    lost = sorted(set(json.loads(touched)) - here - dropped | set(purged))  # deleted for good since
    unrecorded = expected - max(found, len(added)) - len(purged)  # the same, with no record of it
    if lost or unrecorded > 0:
        purges = dict(purged)
        purges.update(
            lib.conn.execute(
                "SELECT entry_id, action_id FROM events "
                "WHERE kind = ? AND entry_id IN (SELECT value FROM json_each(?))",
                (PURGE, json.dumps([i for i in lost if i not in purges])),
            ).fetchall()
        )
        if unrecorded > 0 or any(i not in purges for i in lost):
            return Hindrance("gone", [i for i in lost if i not in purges])
        by = max(purges[i] for i in lost)
        return Hindrance("deleted", [i for i in lost if purges[i] == by], find_action(lib, by))
    if not since:
        return None
    later: dict[int, set[int]] = {}  # later action -> the entries of ``act`` it changed
    for ev in lib.conn.execute(
        "SELECT ev.action_id, ev.entry_id, ev.kind, ev.before FROM events AS ev JOIN actions AS a "
        "ON a.id = ev.action_id WHERE ev.action_id > ? AND a.undone_at IS NULL "
        "AND ev.entry_id IN (SELECT value FROM json_each(?))",
        (number, json.dumps(sorted(whole | set(columns)))),
    ):
        entry_id, kind = ev["entry_id"], ev["kind"]
        if entry_id in whole or kind in SPECIAL_UNDO or kind == PURGE:
            clash = True
        else:
            clash = kind != "alias" and bool(columns.get(entry_id, set()) & set(_json_row(ev["before"])))
        if clash:
            later.setdefault(ev["action_id"], set()).add(entry_id)
    if later:
        newest = max(later)
        return Hindrance("changed", sorted(later[newest]), find_action(lib, newest))
    return None


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
    views: list[Row] = field(default_factory=list)  # the saved views it wrote back (store/views.py)
    feeds: list[Row] = field(default_factory=list)  # the followed feeds it wrote back (store/feeds.py)


def undo(lib: Store, action: Row) -> UndoReport:
    """Revert one action inside the caller's transaction and mark it undone
    (the caller has checked ``hindrance`` first: nothing later stands in the way).

    Events are reverted newest first by writing back their ``before``
    values; an ``rm``, ``restore`` or ``add`` event moves or deletes its
    entry instead (store/curate.undo_event). Entries its imports added are
    deleted (the search index follows through its triggers, and
    AUTOINCREMENT means their ids are never reused) and the imports'
    records are removed, so the library is as it would be without that
    action. An action may hold several imports: one command's files.
    """
    from readlog.store.curate import SPECIAL_UNDO, undo_event
    from readlog.store.highlights import EVENT as HIGHLIGHT
    from readlog.store.highlights import REPLACED, put_back
    from readlog.store.highlights import forget_action as forget_highlights
    from readlog.store.trash import DROP, PURGE

    report = UndoReport(action)
    columns = _entry_columns(lib)
    # An entry the action deleted for good itself (a received deletion, ``drop``) is put back whole.
    events = lib.conn.execute(
        "SELECT ev.entry_id, ev.kind, ev.before, ev.after, coalesce(e.title, json_extract(t.row, '$.title'), "
        "json_extract(json_extract(d.before, '$.trash.row'), '$.title')) AS title FROM events AS ev "
        "LEFT JOIN entries AS e ON e.id = ev.entry_id LEFT JOIN trash AS t ON t.id = ev.entry_id "
        "LEFT JOIN events AS d ON d.action_id = ev.action_id AND d.entry_id = ev.entry_id AND d.kind = ? "
        f"WHERE ev.action_id = ? AND ({STILL_THERE} OR d.id IS NOT NULL) ORDER BY ev.id DESC",
        (DROP, action["id"]),
    ).fetchall()
    for ev in events:
        if ev["kind"] == "alias":  # a title another record came with: history, nothing to revert
            continue
        if ev["kind"] == HIGHLIGHT:  # deleted below with every highlight the action made
            report.changes.append(Reverted(ev["entry_id"], ev["title"], ev["kind"], {}, _json_row(ev["after"])))
            continue
        if ev["kind"] == REPLACED:  # changed or deleted by a received change: written back as it was
            kept = _json_row(ev["before"]).get("highlight")
            put_back(lib, [kept] if isinstance(kept, dict) else [])
            report.changes.append(Reverted(ev["entry_id"], ev["title"], ev["kind"], {}, _json_row(ev["after"])))
            continue
        if ev["kind"] == PURGE:  # deleted for good: hindrance() refuses such an action
            raise AssertionError("an emptied trash cannot be undone")
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
    forget_highlights(lib, action["id"])
    from readlog.store import feeds, views

    report.views = views.undo(lib, action["id"])
    report.feeds = feeds.undo(lib, action["id"])
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
