"""SQL for ``readlog sync`` (readlog/sync holds the rest; schema 16 made its tables).

Functions take an open ``Store`` as store/organise.py does. What sync keeps
between runs is in ``sync_state`` (named values) and ``sync_known`` (the
fingerprint of each entry id it has seen). Local changes are found from the
history, not by reading the library: the events written since the last sync
(and those of actions undone since), and the entries added since. Received
changes are written here with the same events the commands write (``read``,
``starred``, ``archived``, ``tags``, ``note``, ``edit``; ``add`` for a new
entry), so that history shows them and ``undo`` takes them back like any other.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from readlog.store.changelog import FEEDS, VIEWS
from readlog.store.common import STATE_COLUMNS, Row

if TYPE_CHECKING:
    from readlog.store.library import Store

# Columns that are the library's own and never travel: the id (each library gives its
# own, never reused) and the import that added the entry (a record of this library's).
LOCAL_COLUMNS = ("id", "import_id")
# The name under which an entry's highlights are said to have changed (in Local.touched).
HIGHLIGHTS = "#highlights"
# A highlight's fields that travel (store/highlights.py; ``added_at`` orders those without a time).
HIGHLIGHT_FIELDS = ("kind", "passage", "note", "made_at", "location", "page", "position", "colour", "added_at")
# The event kind a received change of a column is recorded as (others: ``edit``).
_KIND = {**{column: state for state, column in STATE_COLUMNS.items()}, "tags": "tags", "note": "note"}


def get_state(lib: Store, name: str) -> Any:
    row = lib.conn.execute("SELECT value FROM sync_state WHERE name = ?", (name,)).fetchone()
    return row[0] if row else None


def set_state(lib: Store, name: str, value: Any) -> None:
    lib.conn.execute("INSERT OR REPLACE INTO sync_state (name, value) VALUES (?, ?)", (name, value))


def holdings(lib: Store) -> int:
    """How many entries (in the trash or not), saved views and followed feeds the library holds:
    what its first sync sends."""
    return int(
        lib.conn.execute(
            "SELECT (SELECT count(*) FROM entries) + (SELECT count(*) FROM trash) + (SELECT count(*) FROM views) "
            "+ (SELECT count(*) FROM feeds WHERE url NOT LIKE 'mailbox:%')"
        ).fetchone()[0]
    )


def columns(lib: Store) -> list[str]:
    """The entries' columns that travel: all but LOCAL_COLUMNS, in the table's order."""
    return [r[1] for r in lib.conn.execute("PRAGMA table_info(entries)") if r[1] not in LOCAL_COLUMNS]


@dataclass
class Marks:
    """How far the history had been read at a sync: the newest event, the newest
    entry id given out, and the time (an action undone at or after it is new)."""

    event: int = 0
    entry: int = 0
    at: str = ""
    undone: list[int] = field(default_factory=list)  # the actions undone at ``at`` itself, already seen
    views: int = 0  # the newest row of view_changes
    feeds: int = 0  # the newest row of feed_changes


def marks_now(lib: Store, at: str) -> Marks:
    from readlog.store.imports import highest_id

    newest = lib.conn.execute("SELECT coalesce(max(id), 0) FROM events").fetchone()[0]
    seen = [r[0] for r in lib.conn.execute("SELECT id FROM actions WHERE undone_at >= ? ORDER BY id", (at,))]
    views, feeds = (_newest(lib, log.table) for log in (VIEWS, FEEDS))
    return Marks(int(newest), highest_id(lib), at, seen, views, feeds)


def _newest(lib: Store, table: str) -> int:
    return int(lib.conn.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0])  # a schema's name


@dataclass
class Local:
    """What changed here since the marks: the columns each entry id's events
    touched, the entry ids added since, and whether an action was undone."""

    touched: dict[int, set[str]] = field(default_factory=dict)
    added: list[int] = field(default_factory=list)
    undone: bool = False
    views: set[str] = field(default_factory=set)  # the names of the saved views changed
    feeds: set[str] = field(default_factory=set)  # the addresses of the followed feeds changed

    def any(self) -> bool:
        return bool(self.touched or self.added or self.undone or self.views or self.feeds)

    def count(self) -> int:
        """How many things changed: entries (changed or added), saved views, followed feeds."""
        return len(self.touched.keys() | set(self.added)) + len(self.views) + len(self.feeds)


def changed_since(lib: Store, marks: Marks) -> Local:
    """The local changes since ``marks``: read from the events and the ids, not the entries."""
    found = Local()

    def note(entry_id: int, before: str | None, after: str | None, kind: str = "") -> None:
        cols = found.touched.setdefault(entry_id, set())
        if kind in ("highlight", "highlight_replaced"):  # store/highlights: EVENT, REPLACED
            cols.add(HIGHLIGHTS)
            return
        for raw in (before, after):
            try:
                value = json.loads(raw) if raw else {}
            except ValueError:
                value = {}
            if isinstance(value, dict):
                cols.update(k for k in value if isinstance(k, str))

    for entry_id, before, after, kind in lib.conn.execute(
        "SELECT entry_id, before, after, kind FROM events WHERE id > ? AND kind != 'alias'", (marks.event,)
    ):
        note(entry_id, before, after, kind)
    if marks.at:  # the time has a second's grain: an action undone in the second of the last sync may be new
        seen = json.dumps(marks.undone)
        undone = lib.conn.execute(
            "SELECT ev.entry_id, ev.before, ev.after, ev.kind FROM events AS ev JOIN actions AS a "
            "ON a.id = ev.action_id WHERE a.undone_at >= ? AND a.id NOT IN (SELECT value FROM json_each(?)) "
            "AND ev.kind != 'alias'",
            (marks.at, seen),
        ).fetchall()
        for entry_id, before, after, kind in undone:
            note(entry_id, before, after, kind)
        found.undone = bool(
            lib.conn.execute(
                "SELECT 1 FROM actions WHERE undone_at >= ? AND id NOT IN (SELECT value FROM json_each(?)) LIMIT 1",
                (marks.at, seen),
            ).fetchone()
        )
    for log, mark, names in ((VIEWS, marks.views, found.views), (FEEDS, marks.feeds, found.feeds)):
        # Each change logged since, and those of the actions undone since (undo logs none).
        names.update(r[0] for r in lib.conn.execute(f"SELECT {log.key} FROM {log.table} WHERE id > ?", (mark,)))
        if marks.at and found.undone:
            names.update(
                r[0]
                for r in lib.conn.execute(
                    f"SELECT c.{log.key} FROM {log.table} AS c JOIN actions AS a ON a.id = c.action_id "
                    "WHERE a.undone_at >= ? AND a.id NOT IN (SELECT value FROM json_each(?))",
                    (marks.at, seen),
                )
            )
    found.added = [
        r[0]
        for r in lib.conn.execute(
            "SELECT id FROM entries WHERE id > ? UNION SELECT id FROM trash WHERE id > ? ORDER BY 1",
            (marks.entry, marks.entry),
        )
    ]
    if found.undone:  # an undone import deletes the entries it added, with no event: known ids now gone
        for (entry_id,) in lib.conn.execute(
            "SELECT k.entry_id FROM sync_known AS k WHERE NOT EXISTS (SELECT 1 FROM entries WHERE id = k.entry_id) "
            "AND NOT EXISTS (SELECT 1 FROM trash WHERE id = k.entry_id)"
        ):
            found.touched.setdefault(entry_id, set())
    return found


def tags_at(lib: Store, ids: Iterable[int], marks: Marks) -> dict[int, str]:
    """The tags (JSON, as stored) each of these entries had at the last sync, for those
    whose tags changed since: the ``before`` of the first change since, else (an action
    undone since, whose change came before the sync) the ``after`` of the last one undone."""
    marks_json = json.dumps(sorted(set(ids)))
    found: dict[int, str] = {}
    for entry_id, before in lib.conn.execute(
        "SELECT entry_id, json_extract(before, '$.tags') FROM events WHERE id > ? "
        "AND entry_id IN (SELECT value FROM json_each(?)) AND json_type(before, '$.tags') = 'text' ORDER BY id",
        (marks.event, marks_json),
    ):
        found.setdefault(entry_id, before)
    if marks.at:
        for entry_id, after in lib.conn.execute(
            "SELECT ev.entry_id, json_extract(ev.after, '$.tags') FROM events AS ev JOIN actions AS a "
            "ON a.id = ev.action_id WHERE a.undone_at >= ? AND a.id NOT IN (SELECT value FROM json_each(?)) "
            "AND ev.id <= ? AND ev.entry_id IN (SELECT value FROM json_each(?)) "
            "AND json_type(ev.after, '$.tags') = 'text' ORDER BY ev.id DESC",
            (marks.at, json.dumps(marks.undone), marks.event, marks_json),
        ):
            found.setdefault(entry_id, after)
    return found


@dataclass
class Where:
    """Where an entry id stands: its row (every column), and whether it is in the trash;
    ``row`` None when it is neither in the library nor in the trash."""

    fingerprint: str | None
    row: Row | None
    trashed: bool


def where(lib: Store, entry_id: int) -> Where:
    row = lib.conn.execute("SELECT * FROM entries WHERE id = ?", (entry_id,)).fetchone()
    if row is not None:
        return Where(row["fingerprint"], dict(row), False)
    trashed = lib.conn.execute("SELECT row FROM trash WHERE id = ?", (entry_id,)).fetchone()
    if trashed is not None:
        value = json.loads(trashed[0])
        return Where(value.get("fingerprint"), value, True)
    known = lib.conn.execute("SELECT fingerprint FROM sync_known WHERE entry_id = ?", (entry_id,)).fetchone()
    return Where(known[0] if known else None, None, False)


def added_rows(lib: Store, ids: list[int]) -> list[Where]:
    """Where each of these entry ids stands, read in two statements (those neither
    in the library nor in the trash left out): the entries added since a sync."""
    marks = json.dumps(sorted(set(ids)))
    found = {
        r["id"]: Where(r["fingerprint"], dict(r), False)
        for r in lib.conn.execute("SELECT * FROM entries WHERE id IN (SELECT value FROM json_each(?))", (marks,))
    }
    for entry_id, raw in lib.conn.execute(
        "SELECT id, row FROM trash WHERE id IN (SELECT value FROM json_each(?))", (marks,)
    ):
        value = json.loads(raw)
        found.setdefault(entry_id, Where(value.get("fingerprint"), value, True))
    return [found[i] for i in ids if i in found and found[i].fingerprint]


def find(lib: Store, fingerprint: str) -> tuple[int, bool] | None:
    """The id of the entry with this fingerprint and whether it is in the trash, or None."""
    row = lib.conn.execute("SELECT id FROM entries WHERE fingerprint = ?", (fingerprint,)).fetchone()
    if row is not None:
        return int(row[0]), False
    trashed = lib.conn.execute(
        "SELECT id FROM trash WHERE fingerprint = ? ORDER BY id DESC LIMIT 1", (fingerprint,)
    ).fetchone()
    return (int(trashed[0]), True) if trashed else None


def know(lib: Store, ids: Iterable[int]) -> None:
    """Remember the fingerprints of these entry ids (in the library or the trash)."""
    marks = json.dumps(sorted(set(ids)))
    lib.conn.execute(
        "INSERT OR REPLACE INTO sync_known (entry_id, fingerprint) "
        "SELECT id, fingerprint FROM entries WHERE id IN (SELECT value FROM json_each(?)) "
        "UNION ALL SELECT id, fingerprint FROM trash WHERE id IN (SELECT value FROM json_each(?))",
        (marks, marks),
    )


def set_bases(lib: Store, bases: Iterable[tuple[str, int]]) -> None:
    """Remember which record (its hash) each entry's columns came from: (hash, entry id) pairs."""
    lib.conn.executemany("UPDATE sync_known SET base = ? WHERE entry_id = ?", list(bases))


def base_of(lib: Store, entry_id: int) -> str | None:
    row = lib.conn.execute("SELECT base FROM sync_known WHERE entry_id = ?", (entry_id,)).fetchone()
    return str(row[0]) if row else None


def same_links(lib: Store, ids: Iterable[int]) -> list[tuple[str, str, str]]:
    """Pairs of entries in the library with one link, at least one of them among ``ids``:
    (the link, a fingerprint, the other's). Items of one feed that share a link (merge.Known
    lets them) are no such pair."""
    marks = json.dumps(sorted(set(ids)))
    return [
        (str(r[0]), str(r[1]), str(r[2]))
        for r in lib.conn.execute(
            "SELECT e.url, e.fingerprint, o.fingerprint FROM entries AS e JOIN entries AS o "
            "ON o.url_key = e.url_key AND o.id != e.id WHERE e.id IN (SELECT value FROM json_each(?)) "
            "AND e.url_key != '' AND NOT EXISTS (SELECT 1 FROM feed_items AS mine JOIN feed_items AS theirs "
            "ON theirs.feed = mine.feed WHERE mine.entry_id = e.id AND theirs.entry_id = o.id)",
            (marks,),
        )
    ]


def action_kept(lib: Store, action_id: int) -> bool:
    """Whether the action is still recorded (one that changed nothing is forgotten)."""
    return lib.conn.execute("SELECT 1 FROM actions WHERE id = ?", (action_id,)).fetchone() is not None


def set_columns(lib: Store, entry_id: int, values: Row, action_id: int) -> Row:
    """Set received values on an entry, recording each change as the command that
    makes it would (see _KIND); returns the columns that changed."""
    row = lib.get(entry_id)
    if row is None:
        return {}
    changes = {k: v for k, v in values.items() if k in row and k not in LOCAL_COLUMNS and row[k] != v}
    if not changes:
        return {}
    assignments = ", ".join(f"{k} = ?" for k in changes)  # names checked against the row's columns
    lib.conn.execute(f"UPDATE entries SET {assignments} WHERE id = ?", [*changes.values(), entry_id])
    edits = {k: v for k, v in changes.items() if k not in _KIND}
    for column, value in changes.items():
        if column in _KIND:
            lib._event(action_id, entry_id, _KIND[column], {column: row[column]}, {column: value})
    if edits:
        lib._event(action_id, entry_id, "edit", {k: row[k] for k in edits}, edits)
    return changes


def insert_many(lib: Store, records: list[Row], action_id: int, known: set[str]) -> list[int]:
    """Received entries (their records: every column that travels) added under this
    library's next ids, each with an ``add`` event as ``readlog add`` records, the
    search index and the view counters fed once for all as a bulk import feeds them;
    ``known``: the columns that travel here (``columns``). Their ids, in order."""
    from readlog.store.imports import highest_id
    from readlog.store.schema import index_inserted

    first = highest_id(lib) + 1
    rows = [{**{k: v for k, v in r.items() if k in known}, "id": first + i} for i, r in enumerate(records)]
    with lib.bulk_insert():
        by_columns: dict[tuple[str, ...], list[Row]] = {}
        for row in rows:
            by_columns.setdefault(tuple(row), []).append(row)
        for names, group in by_columns.items():  # names checked against the table (``known``)
            lib.conn.executemany(
                f"INSERT INTO entries ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})",
                [[row[n] for n in names] for row in group],
            )
        index_inserted(lib.conn, first, first + len(rows) - 1, rows)
    for row in rows:
        lib._event(action_id, row["id"], "add", None, {"id": row["id"]})
    ids = [int(row["id"]) for row in rows]
    know(lib, ids)
    return ids


def highlights_of(lib: Store, entry_id: int) -> dict[str, str]:
    """An entry's highlights as sync sends them: key -> its HIGHLIGHT_FIELDS (JSON)."""
    fields = ", ".join(HIGHLIGHT_FIELDS)
    return {
        r[0]: json.dumps(dict(zip(HIGHLIGHT_FIELDS, r[1:], strict=True)), ensure_ascii=False, sort_keys=True)
        for r in lib.conn.execute(f"SELECT key, {fields} FROM highlights WHERE entry_id = ?", (entry_id,))
    }


def set_highlights(lib: Store, entry_id: int, marks: dict[str, str], action_id: int) -> bool:
    """Make the entry's highlights these (key -> fields, JSON): the new ones added as
    ``readlog highlight`` adds them (a ``highlight`` event of the action, which undo
    takes back), the changed ones rewritten, those gone deleted (each a ``highlight_replaced``
    event keeping its whole row, which undo writes back). Whether any changed."""
    from readlog.store.highlights import EVENT, REPLACED, rows_of

    have = highlights_of(lib, entry_id)
    changed = False
    was = {h["key"]: h for h in rows_of(lib, [entry_id])}
    for mark in sorted(have.keys() - marks.keys()):
        lib.conn.execute("DELETE FROM highlights WHERE entry_id = ? AND key = ?", (entry_id, mark))
        lib._event(action_id, entry_id, REPLACED, {"highlight": was[mark]}, None)
        changed = True
    fields = ", ".join(HIGHLIGHT_FIELDS)
    new = sorted(
        ((json.loads(raw), mark) for mark, raw in marks.items() if have.get(mark) != raw),
        key=lambda pair: (str(pair[0].get("added_at")), pair[1]),
    )
    for value, mark in new:
        values = [value.get(f) for f in HIGHLIGHT_FIELDS]
        if mark in have:
            assignments = ", ".join(f"{f} = ?" for f in HIGHLIGHT_FIELDS)
            lib.conn.execute(
                f"UPDATE highlights SET {assignments} WHERE entry_id = ? AND key = ?", [*values, entry_id, mark]
            )
            lib._event(action_id, entry_id, REPLACED, {"highlight": was[mark]}, {"highlight": was[mark]["id"]})
        else:
            cur = lib.conn.execute(
                f"INSERT INTO highlights (entry_id, {fields}, action_id, key) "
                f"VALUES (?, {', '.join('?' for _ in HIGHLIGHT_FIELDS)}, ?, ?)",
                [entry_id, *values, action_id, mark],
            )
            passage = str(value.get("passage") or "")[:200]
            lib._event(action_id, entry_id, EVENT, None, {"highlight": int(cur.lastrowid or 0), "passage": passage})
        changed = True
    return changed
