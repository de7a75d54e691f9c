"""SQL for the trash: entries moved out of the library, and back.

A trashed entry leaves ``entries`` (and with it every view, count and the
search index, which follow by triggers) and waits in ``trash`` as its whole
row in JSON, under the same id; its fingerprint and normalised URL stay
queryable, so a re-import can tell that it was thrown away. Restoring
re-inserts the row exactly as it was. Deleting from the trash is for good;
AUTOINCREMENT still remembers the id, so it is never given out again.

Each move is an event of the caller's action (kinds ``rm`` and
``restore``; before/after hold ``deleted_at``), which is what undo reads;
so is each deletion for good (kind ``purge``), which undo never reverts.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from readlog.model.errors import ReadlogError
from readlog.store.common import Row, utcnow

if TYPE_CHECKING:
    from readlog.store.library import Store

# The event kind of an entry deleted for good (``trash --empty``).
PURGE = "purge"
# The event kind of a trashed entry deleted for good by a received deletion (sync): its
# ``before`` keeps all it held (``drop``), so that undo puts it back (``undrop``).
DROP = "drop"
# What a listing needs from a trashed row, without parsing its JSON (which
# holds the article text) in Python.
LISTED = (
    "id, deleted_at, action_id, json_extract(row, '$.title') AS title, json_extract(row, '$.source') AS source, "
    "json_extract(row, '$.url') AS url, json_extract(row, '$.saved_at') AS saved_at"
)


def _ids_json(ids: Iterable[int]) -> str:
    return json.dumps(sorted(set(ids)))


def move(lib: Store, ids: Sequence[int], action_id: int) -> list[tuple[Row, bool]]:
    """Move entries to the trash, each with an ``rm`` event; returns each moved
    row (all its columns, and ``deleted_at``) and True, as the bulk path
    expects. Ids that name no entry are passed over (the caller checks them
    first)."""
    now = utcnow()
    found = {
        r["id"]: dict(r)
        for r in lib.conn.execute(
            "SELECT * FROM entries WHERE id IN (SELECT value FROM json_each(?))", (_ids_json(ids),)
        )
    }
    rows = [found[i] for i in ids if i in found]
    lib.conn.executemany(
        "INSERT INTO trash (id, fingerprint, url_key, deleted_at, action_id, row) VALUES (?, ?, ?, ?, ?, ?)",
        [(r["id"], r["fingerprint"], r["url_key"], now, action_id, json.dumps(r, ensure_ascii=False)) for r in rows],
    )
    lib.conn.execute("DELETE FROM entries WHERE id IN (SELECT value FROM json_each(?))", (_ids_json(found),))
    for r in rows:
        lib._event(action_id, r["id"], "rm", {"deleted_at": None}, {"deleted_at": now})
        r["deleted_at"] = now  # for the caller; not part of the stored row
    return [(r, True) for r in rows]


def put_back(lib: Store, entry_id: int, deleted_at: str | None) -> None:
    """Move one entry back to the trash without an event (undoing a restore),
    with the time it was first deleted and the action that deleted it."""
    row = lib.get(entry_id)
    if row is None:
        return
    # The rm that put it there: an rm since undone (rm, restore, rm, then undo twice) is not it.
    found = lib.conn.execute(
        "SELECT ev.action_id FROM events AS ev JOIN actions AS a ON a.id = ev.action_id "
        "WHERE ev.entry_id = ? AND ev.kind = 'rm' AND a.undone_at IS NULL ORDER BY ev.id DESC LIMIT 1",
        (entry_id,),
    ).fetchone()
    lib.conn.execute(
        "INSERT INTO trash (id, fingerprint, url_key, deleted_at, action_id, row) VALUES (?, ?, ?, ?, ?, ?)",
        (
            entry_id,
            row["fingerprint"],
            row["url_key"],
            deleted_at or utcnow(),
            found[0] if found else None,
            json.dumps(row, ensure_ascii=False),
        ),
    )
    lib.conn.execute("DELETE FROM entries WHERE id = ?", (entry_id,))


def restore(lib: Store, ids: Sequence[int], action_id: int | None, *, check: bool = True) -> list[Row]:
    """Re-insert trashed entries under their own ids with every column they
    had; each gets a ``restore`` event unless ``action_id`` is None (undoing
    an ``rm``). Raises ReadlogError, changing nothing more, when an entry
    in the library now has the same fingerprint or link (unless ``check`` is
    False: a sync, which settles two entries with one link afterwards)."""
    trashed = {r["id"]: dict(r) for r in _trashed_rows(lib, ids)}
    if check:
        check_restorable(lib, list(trashed.values()))
    columns = _columns(lib)
    restored: list[Row] = []
    for entry_id in ids:
        if entry_id not in trashed:
            continue
        t = trashed[entry_id]
        row = {k: v for k, v in json.loads(t["row"]).items() if k in columns}
        row["id"] = entry_id
        names = ", ".join(row)  # checked against the table's columns above
        marks = ", ".join("?" for _ in row)
        lib.conn.execute(f"INSERT INTO entries ({names}) VALUES ({marks})", list(row.values()))
        lib.conn.execute("DELETE FROM trash WHERE id = ?", (entry_id,))
        if action_id is not None:
            lib._event(action_id, entry_id, "restore", {"deleted_at": t["deleted_at"]}, {"deleted_at": None})
        restored.append(row)
    return restored


def check_restorable(lib: Store, trashed: Sequence[Row]) -> None:
    """Refuse to bring back an entry whose identity another entry took meanwhile:
    two entries with one link would split what later imports merge."""
    for t in trashed:
        clash = lib.conn.execute("SELECT id FROM entries WHERE fingerprint = ?", (t["fingerprint"],)).fetchone()
        if clash is None and t["url_key"]:  # '' is every digest entry's key: never look it up
            # Items of one feed with their own ids may share a link (merge.Known): not a clash.
            clash = lib.conn.execute(
                "SELECT id FROM entries AS e WHERE url_key = ? AND NOT EXISTS (SELECT 1 FROM feed_items AS mine "
                "JOIN feed_items AS theirs ON theirs.feed = mine.feed WHERE mine.entry_id = ? "
                "AND theirs.entry_id = e.id) LIMIT 1",
                (t["url_key"], t["id"]),
            ).fetchone()
        if clash:
            raise ReadlogError.of("restore_clash", id=t["id"], other=clash[0])


def _trashed_rows(lib: Store, ids: Iterable[int]) -> list[Any]:
    return lib.conn.execute(
        "SELECT * FROM trash WHERE id IN (SELECT value FROM json_each(?))", (_ids_json(ids),)
    ).fetchall()


def _columns(lib: Store) -> set[str]:
    return {r[1] for r in lib.conn.execute("PRAGMA table_info(entries)")}


def in_trash(lib: Store, ids: Iterable[int]) -> list[int]:
    """Which of ``ids`` are in the trash, in order."""
    return [
        r[0]
        for r in lib.conn.execute(
            "SELECT id FROM trash WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id", (_ids_json(ids),)
        )
    ]


def listing(lib: Store, *, before: str | None = None, limit: int = 0, full: bool = False) -> list[Row]:
    """Trashed entries deleted before ``before`` (all when None), newest
    deleted first. ``full`` gives every column of each stored row (for
    --json), else just what a table shows."""
    columns = "id, deleted_at, action_id, row" if full else LISTED
    sql = f"SELECT {columns} FROM trash"
    params: list[Any] = []
    if before is not None:
        sql += " WHERE deleted_at < ?"
        params.append(before)
    sql += " ORDER BY deleted_at DESC, id DESC"
    if limit:
        sql += " LIMIT ?"
        params.append(limit)
    rows = [dict(r) for r in lib.conn.execute(sql, params)]
    if full:
        rows = [{**json.loads(r.pop("row")), **r} for r in rows]
    return rows


def count(lib: Store, *, before: str | None = None) -> int:
    if before is None:
        return int(lib.conn.execute("SELECT count(*) FROM trash").fetchone()[0])
    return int(lib.conn.execute("SELECT count(*) FROM trash WHERE deleted_at < ?", (before,)).fetchone()[0])


def delete(lib: Store, ids: Sequence[int], action_id: int) -> int:
    """Delete trashed entries for good, each with a ``purge`` event of the
    caller's action; how many went. Their feed items go with them (only for ids
    still in the trash: another readlog may have restored one).

    The event is what undo reads to say that the action cannot be taken back,
    and which entries it took from the actions before it: its ``before`` keeps
    when the entry was trashed and the import that added it (none of the
    entry's text: what is deleted for good is gone)."""
    gone = lib.conn.execute(
        "SELECT id, deleted_at, json_extract(row, '$.import_id') FROM trash "
        "WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id",
        (_ids_json(ids),),
    ).fetchall()
    lib.conn.execute(
        "DELETE FROM feed_items WHERE entry_id IN (SELECT id FROM trash WHERE id IN (SELECT value FROM json_each(?)))",
        (_ids_json(ids),),
    )
    cur = lib.conn.execute("DELETE FROM trash WHERE id IN (SELECT value FROM json_each(?))", (_ids_json(ids),))
    from readlog.store.highlights import forget_entries

    forget_entries(lib, [r[0] for r in gone])
    for entry_id, deleted_at, import_id in gone:
        lib._event(action_id, entry_id, PURGE, {"deleted_at": deleted_at, "import_id": import_id}, None)
    return cur.rowcount


def drop(lib: Store, ids: Sequence[int], action_id: int) -> int:
    """Delete trashed entries for good as a received deletion does (sync): each with a
    ``drop`` event whose ``before`` keeps its trash row, highlights and feed items, so
    that undoing the action puts it back whole (``undrop``). How many went."""
    from readlog.store.highlights import forget_entries, rows_of

    marks = _ids_json(ids)
    rows = {
        r["id"]: dict(r)
        for r in lib.conn.execute("SELECT * FROM trash WHERE id IN (SELECT value FROM json_each(?))", (marks,))
    }
    marks_of: dict[int, list[Row]] = {}
    for h in rows_of(lib, rows):
        marks_of.setdefault(h["entry_id"], []).append(h)
    items: dict[int, list[Row]] = {}
    for r in lib.conn.execute("SELECT * FROM feed_items WHERE entry_id IN (SELECT value FROM json_each(?))", (marks,)):
        items.setdefault(r["entry_id"], []).append(dict(r))
    lib.conn.execute("DELETE FROM feed_items WHERE entry_id IN (SELECT value FROM json_each(?))", (_ids_json(rows),))
    lib.conn.execute("DELETE FROM trash WHERE id IN (SELECT value FROM json_each(?))", (_ids_json(rows),))
    forget_entries(lib, rows)
    for entry_id, row in sorted(rows.items()):
        kept = {"trash": row, "highlights": marks_of.get(entry_id, []), "feed_items": items.get(entry_id, [])}
        lib._event(action_id, entry_id, DROP, kept, None)
    return len(rows)


def undrop(lib: Store, before: Row) -> None:
    """Put back an entry ``drop`` deleted, from its event's ``before``: into the trash, with
    its highlights and feed items (the ``rm`` before it, undone next, restores it)."""
    from readlog.store.highlights import put_back

    row = before.get("trash")
    if not isinstance(row, dict):
        return
    names = [n[1] for n in lib.conn.execute("PRAGMA table_info(trash)") if n[1] in row]
    lib.conn.execute(  # names checked against the table's columns
        f"INSERT OR REPLACE INTO trash ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})",
        [row[n] for n in names],
    )
    put_back(lib, before.get("highlights") or [])
    for item in before.get("feed_items") or []:
        lib.conn.execute(
            "INSERT OR IGNORE INTO feed_items (feed, guid, entry_id, import_id) VALUES (?, ?, ?, ?)",
            (item.get("feed"), item.get("guid"), item.get("entry_id"), item.get("import_id")),
        )


Links = dict[str, list[set[str]]]  # a link -> for each trashed entry holding it, the feeds it holds items of


def identities(lib: Store, fingerprints: Sequence[str], url_keys: Sequence[str]) -> tuple[set[str], Links]:
    """What of the given identities belongs to trashed entries: the
    fingerprints, and each link with, for each trashed entry holding it,
    the feeds that entry holds items of (merge.Known.trashed decides)."""
    found = {
        r[0]
        for r in lib.conn.execute(
            "SELECT fingerprint FROM trash WHERE fingerprint IN (SELECT value FROM json_each(?))",
            (json.dumps(list(fingerprints)),),
        )
    }
    links: Links = {}
    urls = [u for u in url_keys if u]  # '' is every digest entry's key: never look it up
    if urls:
        for url_key, feeds in lib.conn.execute(
            "SELECT t.url_key, (SELECT json_group_array(f.feed) FROM feed_items AS f WHERE f.entry_id = t.id) "
            "FROM trash AS t WHERE t.url_key IN (SELECT value FROM json_each(?))",
            (json.dumps(urls),),
        ):
            links.setdefault(url_key, []).append(set(json.loads(feeds)))
    return found, links


def no_entry(lib: Store, ids: Sequence[int], *, unchanged: bool = False) -> ReadlogError:
    """The error for ids that name no entry: a trashed one is said to be in the
    trash, with the command that brings it back; ``unchanged`` adds that
    nothing was changed."""
    trashed = set(in_trash(lib, ids))
    parts: list[tuple[str, dict[str, Any]]] = []
    held = [i for i in ids if i in trashed]
    if held:
        words = " ".join(str(i) for i in held[:10])
        parts.append(("in_trash", {"n": len(held), "ids": shown_ids(held), "words": words}))
    unknown = [i for i in ids if i not in trashed]
    if unknown:
        parts.append(("no_entry", {"id": shown_ids(unknown)}))
    if unchanged:
        parts.append(("nothing_changed", {}))
    return ReadlogError.of_all(*parts)


def shown_ids(ids: Sequence[int]) -> str:
    """Ids as a message names them: the first ten, then "..." if there are more."""
    return ", ".join(str(i) for i in ids[:10]) + (" ..." if len(ids) > 10 else "")
