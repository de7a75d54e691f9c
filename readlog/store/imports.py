"""Storing imported records: the import's record, upsert (new entries added,
known ones merged), the bulk-insert mode, the identities already known, and
id allocation (ids kept from readlog's own export, or the next free one).

The functions take the open Store first (its methods delegate here).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from readlog.model.errors import ReadlogError
from readlog.model.ids import MAX_ID
from readlog.store import common  # common.utcnow(), looked up on each call: the store's one clock
from readlog.store.common import Row
from readlog.store.counts import Counts, Merged

if TYPE_CHECKING:
    from readlog.model.entry import Entry
    from readlog.model.highlight import Highlight
    from readlog.store.library import Store

# An id from readlog's own export is kept only below this (2**53, the largest
# whole number every JSON reader holds exactly): a hostile or damaged export
# cannot push the next free id to the end of the id space.
RESTORE_ID_LIMIT = 2**53
IMPORT_CACHE_KIB = 65536
# The search index keeps what a bulk import feeds it in memory up to this many bytes before
# writing it out as a segment (FTS5's "hashsize", 1 MB by default). Larger segments mean
# fewer of them to merge again and again as the library grows: 30,000 digest entries index
# in about a fifth less CPU time, for about 20 MB more memory at the peak (measured).
IMPORT_FTS_HASH_BYTES = 16 << 20
FTS_DEFAULT_HASH = 1 << 20


def begin_import(lib: Store, path: str, sha256: str, fmt: str, as_of: str, action_id: int) -> int:
    # An import writes ten indexes and the search index in one transaction;
    # with SQLite's default 2 MB page cache their pages spill to the WAL and
    # are read back again and again as the library grows. 64 MB keeps them
    # in memory: 100,000 entries import about 10% faster (measured), and the
    # peak stays near 100 MB. Read commands keep the small default.
    lib.conn.execute(f"PRAGMA cache_size = -{IMPORT_CACHE_KIB}")
    cur = lib.conn.execute(
        "INSERT INTO imports (started_at, path, sha256, format, as_of, action_id) VALUES (?, ?, ?, ?, ?, ?)",
        (common.utcnow(), path, sha256, fmt, as_of, action_id),
    )
    return int(cur.lastrowid or 0)


def finish_import(lib: Store, import_id: int, counts: Counts, problems: int, sha256: str) -> None:
    lib.conn.execute(
        "UPDATE imports SET finished_at = ?, added = ?, updated = ?, unchanged = ?, skipped = ?, problems = ?, "
        "sha256 = ? WHERE id = ?",
        (common.utcnow(), counts.added, counts.updated, counts.unchanged, counts.skipped, problems, sha256, import_id),
    )


def import_committed(lib: Store, import_id: int) -> bool:
    """Whether the import ``import_id`` is in the library for good: finished
    and committed (inside a transaction still open it is not yet)."""
    if lib.conn.in_transaction:
        return False
    row = lib.conn.execute("SELECT finished_at FROM imports WHERE id = ?", (import_id,)).fetchone()
    return bool(row and row[0])


def upsert(lib: Store, batch: Sequence[Entry], import_id: int, action_id: int, counts: Counts) -> None:
    """Store a batch of parsed entries: new ones are added, known ones merged.

    Which entry a record is follows merge.Known (feed item, fingerprint,
    link). Merging keeps the earliest saved time, unions tags, fills
    empty fields and never clears a read, star or archive that is
    already set; a different title is kept as an ``alias`` event of the
    entry. Existing rows are looked up for the whole batch at once.
    A new entry whose identity belongs to an entry in the trash is not
    added (``counts.trashed``): what the user deleted stays deleted.
    """
    from readlog.store.merge import merge, new_row, other_title, prepare

    now = common.utcnow()
    prepared = prepare(batch)
    known_ = known(lib, prepared)
    next_id = [highest_id(lib) + 1]
    inserts: list[Row] = []
    items: list[tuple[str, str, int]] = []
    pending: set[int] = set()  # id() of rows not inserted yet: a duplicate inside the batch folds into them
    marked_new: list[tuple[int, Sequence[Highlight]]] = []  # highlights of the entries this batch adds
    marked_old: list[tuple[int, Sequence[Highlight]]] = []  # and of those it merges into
    for item in prepared:
        old, why = known_.match(item)
        if old is None and known_.trashed(item):
            counts.trashed += 1  # the user threw it away: a re-import does not bring it back
            continue
        if old is None:
            row = new_row(item, now, import_id)
            restore(lib, row, item.entry, next_id)
            inserts.append(row)
            pending.add(id(row))
            fresh = known_.new_items(None, item)
            known_.remember(row, item, fresh)
            items += [(*i, row["id"]) for i in fresh]
            counts.added += 1
            if item.entry.highlights:
                marked_new.append((row["id"], item.entry.highlights))
            continue
        fresh = known_.new_items(old, item)
        items += [(*i, old["id"]) for i in fresh]
        known_.remember(old, item, fresh)
        changes = merge(old, item)
        _fill_text(lib, old, item.entry)
        alias = other_title(old, item)
        if alias:
            lib._event(action_id, old["id"], "alias", None, {"title": alias})
        if changes and id(old) not in pending:
            before = {k: old.get(k) for k in (*changes, "updated_at")}  # all undo needs to restore
            update_row(lib, old["id"], {**changes, "updated_at": now})
            lib._event(action_id, old["id"], "import-update", before, changes)
            counts.updated += 1
        else:
            counts.unchanged += 1  # nothing new, or folded into a row of this batch not inserted yet
        counts.merged.append(Merged(item.entry.line, old["id"], why, bool(changes) and id(old) not in pending))
        old.update(changes)
        if item.entry.highlights:
            (marked_new if id(old) in pending else marked_old).append((old["id"], item.entry.highlights))
    if inserts:
        insert_rows(lib, inserts)
    if marked_new or marked_old:
        from readlog.store import highlights

        counts.highlights += highlights.add_new(lib, marked_new, action_id)
        for entry_id, marks in marked_old:
            added, no_room = highlights.add(lib, entry_id, marks, action_id)
            counts.highlights += len(added)
            counts.highlights_dropped += no_room
    if items:
        lib.conn.executemany(
            "INSERT OR REPLACE INTO feed_items (feed, guid, entry_id, import_id) VALUES (?, ?, ?, ?)",
            [(*i, import_id or None) for i in items],
        )


def _fill_text(lib: Store, old: Row, entry: Entry) -> None:
    """The article text a record brings (a newsletter's: inputs/message.py, ``fills_text``)
    given to the entry it is when that entry has none yet, as a fetch would store
    it: the text and what was measured are fetch's record, not an event to undo
    (store/fetching.record_fetches)."""
    fetched = getattr(entry, "fetched", None)
    if not getattr(entry, "fills_text", False) or not isinstance(fetched, dict) or not fetched.get("text"):
        return
    if old.get("text") or "text" not in old:
        return
    values = {k: fetched[k] for k in ("words", "minutes", "lang", "fetched_at", "fetch_status", "fetch_error", "text")}
    update_row(lib, old["id"], values)
    old.update(values)


def insert_rows(lib: Store, rows: list[Row]) -> None:
    """Insert new entries (every row has the same columns, from merge.new_row);
    in a bulk import, index them in one go (see bulk_insert)."""
    columns = list(rows[0])
    check_columns(lib, columns)
    sql = f"INSERT INTO entries ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    lib.conn.executemany(
        sql, map(itemgetter(*columns), rows) if len(columns) > 1 else [[r[c] for c in columns] for r in rows]
    )
    if lib._bulk:
        from readlog.store.schema import index_inserted  # only a bulk import: add and merge need no schema

        index_inserted(lib.conn, min(r["id"] for r in rows), max(r["id"] for r in rows), rows)


def check_columns(lib: Store, names: Iterable[str]) -> None:
    """Column names bound for SQL must be the table's own (they come from
    merge.py and the importers, never from a file, but are checked anyway)."""
    if lib._columns is None:
        lib._columns = {r[1] for r in lib.conn.execute("PRAGMA table_info(entries)")}
    unknown = set(names) - lib._columns
    if unknown:
        raise ValueError(f"not a column of entries: {sorted(unknown)}")


def update_row(lib: Store, entry_id: int, values: Row) -> None:
    check_columns(lib, values)
    assignments = ", ".join(f"{k} = ?" for k in values)
    lib.conn.execute(f"UPDATE entries SET {assignments} WHERE id = ?", [*values.values(), entry_id])


@contextmanager
def bulk_insert(lib: Store) -> Iterator[None]:
    """Inside a transaction: suspend the per-row insert triggers
    (schema.INSERT_TRIGGERS) and do their work once per batch instead.

    The triggers are dropped and re-created inside the caller's
    transaction: a rollback, Ctrl-C or a crash puts them back with
    everything else, and other connections never see them missing.
    """
    if not lib.conn.in_transaction:
        raise RuntimeError("bulk_insert needs an open transaction")
    from readlog.store.schema import INSERT_TRIGGERS

    names = json.dumps(list(INSERT_TRIGGERS))
    saved = lib.conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (SELECT value FROM json_each(?))",
        (names,),
    ).fetchall()
    for name, _ in saved:
        lib.conn.execute(f"DROP TRIGGER {name}")  # a name from schema.INSERT_TRIGGERS
    hashsize = _fts_hashsize(lib, IMPORT_FTS_HASH_BYTES)
    lib._bulk = True
    try:
        yield
    finally:
        lib._bulk = False
    _fts_hashsize(lib, hashsize)
    for _, sql in saved:
        lib.conn.execute(sql)


def _fts_hashsize(lib: Store, size: int | None) -> int | None:
    """Set the search index's in-memory limit (FTS5 ``hashsize``) inside the open
    transaction, returning the one it had (None: FTS5's default, which ``size`` None
    restores by removing the setting again, leaving the library as it was)."""
    row = lib.conn.execute("SELECT v FROM entries_fts_config WHERE k = 'hashsize'").fetchone()
    given = FTS_DEFAULT_HASH if size is None else size
    lib.conn.execute("INSERT INTO entries_fts(entries_fts, rank) VALUES ('hashsize', ?)", (given,))
    if size is None:
        lib.conn.execute("DELETE FROM entries_fts_config WHERE k = 'hashsize'")
    return None if row is None else int(row[0])


def known(lib: Store, prepared: Sequence[Any]) -> Any:
    """merge.Known filled with the stored (and trashed) rows the batch's keys select."""
    from readlog.store import trash
    from readlog.store.merge import Known

    found = Known()
    fps = [p.fingerprint for p in prepared]
    urls = [p.url_key for p in prepared if p.url_key]
    pairs = [list(item) for p in prepared for item in p.items]
    rows = lib.conn.execute(
        "SELECT * FROM entries WHERE fingerprint IN (SELECT value FROM json_each(?))", (json.dumps(fps),)
    ).fetchall()
    if urls:
        # Named: with statistics of a library of digest entries (every key '') the planner would
        # take each key for one that all entries share, and read the whole library for each batch.
        rows += lib.conn.execute(
            "SELECT * FROM entries INDEXED BY entries_url_key WHERE url_key IN (SELECT value FROM json_each(?)) "
            "ORDER BY id",
            (json.dumps(urls),),
        ).fetchall()
    by_id: dict[int, Row] = {}
    for r in rows:
        by_id.setdefault(r["id"], dict(r))
    if pairs:
        for feed, guid, entry_id in lib.conn.execute(
            "SELECT f.feed, f.guid, f.entry_id FROM json_each(?) AS j JOIN feed_items AS f "
            "ON f.feed = json_extract(j.value, '$[0]') AND f.guid = json_extract(j.value, '$[1]')",
            (json.dumps(pairs),),
        ):
            row = by_id.get(entry_id) or lib.get(entry_id)
            if row is not None:
                by_id[entry_id] = row
                found.by_item[(feed, guid)] = row
            elif trash.in_trash(lib, [entry_id]):
                found.trashed_items.add((feed, guid))
            # else: its entry was deleted for good; the item is new again and the row is re-pointed
    if by_id and pairs:
        for entry_id, feed, guid in lib.conn.execute(
            "SELECT entry_id, feed, guid FROM feed_items WHERE entry_id IN (SELECT value FROM json_each(?))",
            (json.dumps(list(by_id)),),
        ):
            found.items_of.setdefault(entry_id, set()).add((feed, guid))
    for row in sorted(by_id.values(), key=lambda r: r["id"]):
        found.by_fingerprint[row["fingerprint"]] = row
        if row["url_key"]:
            found.by_link.setdefault(row["url_key"], []).append(row)
    found.trashed_fingerprints, found.trashed_links = trash.identities(lib, fps, urls)
    return found


def highest_id(lib: Store) -> int:
    """The highest entry id this library has ever given out (deleted ones included)."""
    row = lib.conn.execute(
        "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'entries'), 0), "
        "coalesce((SELECT max(id) FROM entries), 0))"
    ).fetchone()
    return int(row[0])


def restore(lib: Store, row: Row, entry: Entry, next_id: list[int]) -> None:
    """Give a new row its id, and bring back the id, import time and fetch
    columns of an entry from readlog's own export (``restore_id``,
    ``imported_at``, ``fetched``, set by inputs/formats/jsonl.py).

    Ids are given explicitly, exactly as AUTOINCREMENT would, so kept and
    fresh ids in one batch never collide. An exported id is kept when it is
    above every id this library has given out (always, into an empty
    library), so ids are never reused or renumbered; otherwise the entry
    gets the next free id. An id at or above RESTORE_ID_LIMIT is never
    kept, so the ids after it stay far from SQLite's largest.
    """
    wanted = getattr(entry, "restore_id", None)
    keep = isinstance(wanted, int) and next_id[0] <= wanted < RESTORE_ID_LIMIT
    row["id"] = wanted if keep else next_id[0]
    if row["id"] > MAX_ID:  # a library damaged before this limit existed
        raise ReadlogError.of("ids_used_up", path=lib.path)
    next_id[0] = row["id"] + 1
    imported = getattr(entry, "imported_at", None)
    if isinstance(imported, datetime):
        from readlog.model.stamps import to_iso

        row["imported_at"] = to_iso(imported)
    fetched = getattr(entry, "fetched", None)
    if isinstance(fetched, dict):  # what fetch found, from readlog's own export (all nine columns)
        row.update(fetched)
