"""Which entries to show: Filters, their WHERE clause, counting, listing, streaming.

The functions take the open Store as their first argument (its methods
delegate here). A search's relevance order and its fast count live in
ranking.py; they are reached through the Store (``lib._by_relevance``,
``lib._search_count``), so that this module and ranking.py do not import
each other.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from readlog.model.errors import UsageError
from readlog.model.ids import MAX_ID
from readlog.model.written import NEW, Written
from readlog.store.common import IN_TEXT_ORDER, Row

if TYPE_CHECKING:
    from readlog.store.library import Store
    from readlog.store.search import Query

LIST_COLUMNS = (
    "id, title, source, category, url, published, saved_at, read_at, starred_at, archived_at, tags, "
    "note != '' AS has_note, minutes, dead_at, progress"
)
SORTS = {
    "saved": "saved_at {d}, published {d}, id {d}",
    "published": "published IS NULL, published {d}, saved_at {d}, id {d}",
    "title": "title COLLATE NOCASE {a}, id {a}",
    "source": "source COLLATE NOCASE {a}, saved_at DESC, id DESC",
    "read": "read_at IS NULL, read_at {d}, id {d}",
    "id": "id {d}",
}


# __init__ written out, __eq__ and __repr__ from Written: a dataclass all the same (model/written.py).
@dataclass(init=False, repr=False, eq=False)
class Filters(Written):
    """What to show; shared by list, search, export and bulk actions.

    ``state``: None (any), "unread" or "read". ``archived``: False hides
    archived entries (the default), True shows only them, None shows all.
    """

    state: str | None = None
    starred: bool = False
    unstarred: bool = False  # only entries without a star (the Python API's starred=False)
    source: str | None = None
    category: str | None = None
    since: str | None = None
    before: str | None = None
    tags: list[str] = field(default_factory=list)
    archived: bool | None = False
    query: Query | None = None
    ids: list[int] | None = None
    dead: bool = False  # only links found dead
    min_minutes: int | None = None  # reading time at least this (fetched entries only)
    max_minutes: int | None = None  # reading time at most this
    in_progress: bool = False  # only entries started, not finished, unread (store/progress.py)
    not_in_progress: bool = False  # only the others (the Python API's in_progress=False)

    def __init__(
        self,
        state: str | None = None,
        starred: bool = False,
        unstarred: bool = False,
        source: str | None = None,
        category: str | None = None,
        since: str | None = None,
        before: str | None = None,
        tags: list[str] = NEW,
        archived: bool | None = False,
        query: Query | None = None,
        ids: list[int] | None = None,
        dead: bool = False,
        min_minutes: int | None = None,
        max_minutes: int | None = None,
        in_progress: bool = False,
        not_in_progress: bool = False,
    ) -> None:
        self.state = state
        self.starred = starred
        self.unstarred = unstarred
        self.source = source
        self.category = category
        self.since = since
        self.before = before
        self.tags = [] if tags is NEW else tags
        self.archived = archived
        self.query = query
        self.ids = ids
        self.dead = dead
        self.min_minutes = min_minutes
        self.max_minutes = max_minutes
        self.in_progress = in_progress
        self.not_in_progress = not_in_progress


def where(lib: Store, f: Filters) -> tuple[str, list[Any]]:
    sql: list[str] = []
    params: list[Any] = []
    if f.state == "unread":
        sql.append("read_at IS NULL")
    elif f.state == "read":
        sql.append("read_at IS NOT NULL")
    if f.starred:
        sql.append("starred_at IS NOT NULL")
    if f.unstarred:
        sql.append("starred_at IS NULL")
    if f.archived is False:
        sql.append("archived_at IS NULL")
    elif f.archived is True:
        sql.append("archived_at IS NOT NULL")
    if f.source:
        sql.append("source = ? COLLATE NOCASE")
        params.append(f.source)
    if f.category:
        sql.append("category = ? COLLATE NOCASE")
        params.append(f.category)
    if f.since:
        sql.append("saved_at >= ?")
        params.append(f.since)
    if f.before:
        sql.append("saved_at < ?")
        params.append(f.before)
    for tag in f.tags:
        sql.append("EXISTS (SELECT 1 FROM json_each(entries.tags) WHERE value = ? COLLATE NOCASE)")
        params.append(tag)
    if f.ids is not None:
        sql.append("id IN (SELECT value FROM json_each(?))")
        params.append(json.dumps(f.ids))
    if f.dead:
        sql.append("dead_at IS NOT NULL")
    if f.min_minutes is not None:
        sql.append("minutes >= ?")
        params.append(f.min_minutes)
    if f.max_minutes is not None:
        sql.append("minutes <= ?")
        params.append(f.max_minutes)
    if f.in_progress or f.not_in_progress:
        from readlog.store.progress import IN_PROGRESS

        sql.append(IN_PROGRESS if f.in_progress else f"NOT coalesce({IN_PROGRESS}, 0)")
    if f.query is not None:
        from readlog.store.search import either, match_sql

        # what the entry holds, or else a highlight of it (ranking.highlight_match)
        match = either(match_sql(f.query, lib.vocabulary), lib._highlight_match(f.query))
        sql.append(match.sql)
        params.extend(match.params)
    return (" AND ".join(sql) or "1"), params


def count(lib: Store, f: Filters) -> int:
    """How many entries match. The everyday views (all, unread, read) are
    read from counters the database keeps (schema.VIEW_COUNTS); with a
    date range they are counted in a small partial index, because SQLite
    cannot know that the table's rows are large and would otherwise scan
    the whole table."""
    if f.query is not None and (fast := lib._search_count(f)) is not None:
        return fast
    hint = count_index(f)
    view = COUNTED_VIEWS.get(hint or "")
    if view and not (f.since or f.before):
        row = lib.conn.execute("SELECT n FROM view_counts WHERE view = ?", (view,)).fetchone()
        return int(row[0])
    clause, params = where(lib, f)
    indexed = f" INDEXED BY {hint}" if hint else ""
    sql = f"SELECT count(saved_at) FROM entries{indexed} WHERE {clause}"
    return int(lib.conn.execute(sql, params).fetchone()[0])


def select(
    lib: Store,
    f: Filters,
    *,
    sort: str | None = None,
    reverse: bool = False,
    limit: int = 0,
    columns: str = LIST_COLUMNS,
    offset: int = 0,
) -> list[Row]:
    """Entries matching ``f``: newest saved first, or by relevance for a
    search, or by ``sort``; ``limit`` 0 (or one beyond any library) means all.

    ``offset`` skips that many entries of the whole ordered list first (before
    ``reverse``): the triage screen fetches one window of a long list at a time.
    """
    return list(stream(lib, f, sort=sort, reverse=reverse, limit=limit, columns=columns, offset=offset))


def stream(
    lib: Store,
    f: Filters,
    *,
    sort: str | None = None,
    reverse: bool = False,
    limit: int = 0,
    columns: str = LIST_COLUMNS,
    offset: int = 0,
) -> Iterator[Row]:
    """``select``'s rows one at a time, read from the cursor as they are
    taken: ``list --limit 0`` of a large library never holds its rows.

    The arguments are checked at once (an unknown sort is a UsageError
    here, before anything is printed); the rows are read lazily. A search
    in reverse relevance order keeps the ids of its matches (not their
    rows) to turn them round.
    """
    limit = limit if limit < MAX_ID else 0
    offset = max(0, min(offset, MAX_ID))
    if f.query is not None and sort in (None, "relevance"):
        if not reverse:
            return lib._by_relevance(f, limit, columns, offset)
        ids = [r["id"] for r in lib._by_relevance(f, limit, "id", offset)]
        return by_ids(lib, ids[::-1], columns)
    sort = sort or "saved"
    if sort not in SORTS:
        raise UsageError.of("unknown_sort", name=repr(sort), names=", ".join(SORTS))
    descending = sort in ("saved", "published", "read", "id")
    if reverse:
        descending = not descending
    order = SORTS[sort].format(d="DESC" if descending else "ASC", a="DESC" if reverse else "ASC")
    clause, params = where(lib, f)
    hint = starred_index(f) or progress_index(f)
    indexed = f" INDEXED BY {hint}" if hint else ""
    sql = f"SELECT {columns} FROM entries{indexed} WHERE {clause} ORDER BY {order}"
    if limit or offset:
        sql += " LIMIT ? OFFSET ?"
        params += [limit or -1, offset]
    return _rows(lib, sql, params)


def _rows(lib: Store, sql: str, params: list[Any]) -> Iterator[Row]:
    for r in lib.conn.execute(sql, params):
        yield dict(r)


BY_IDS = 500  # rows fetched at a time by by_ids


def by_ids(lib: Store, ids: list[int], columns: str) -> Iterator[Row]:
    """The entries ``ids`` (``columns``, which hold id), in that order, BY_IDS at a time."""
    for start in range(0, len(ids), BY_IDS):
        part = ids[start : start + BY_IDS]
        sql = f"SELECT {columns} FROM entries WHERE id IN (SELECT value FROM json_each(?))"
        found = {r["id"]: dict(r) for r in lib.conn.execute(sql, (json.dumps(part),))}
        yield from (found[i] for i in part if i in found)


def iter_rows(lib: Store, f: Filters, *, sort: str = "id", reverse: bool = False) -> Iterator[Row]:
    """Every column of the entries matching ``f``, streamed from the cursor.

    For export: memory stays flat however large the library is. Orders as
    ``select`` does (``sort="id", reverse=True`` is oldest id first). Each
    row also has the feed items the entry is (``feed_items``: a sorted list
    of (feed, id in it)) and its highlights (``highlights``), exchange.HELD_FIELDS,
    which are not columns.
    """
    if sort not in SORTS:
        raise UsageError.of("unknown_sort", name=repr(sort), names=", ".join(SORTS))
    descending = (sort in ("saved", "published", "read", "id")) != reverse
    order = SORTS[sort].format(d="DESC" if descending else "ASC", a="DESC" if reverse else "ASC")
    clause, params = where(lib, f)
    sql = f"SELECT *, {FEED_ITEMS}, {highlights_of_row()} FROM entries WHERE {clause} ORDER BY {order}"
    for r in lib.conn.execute(sql, params):
        row = dict(r)
        items, marks = row["feed_items"], row["highlights"]
        row["feed_items"] = sorted(map(tuple, json.loads(items))) if items else []
        row["highlights"] = json.loads(marks) if marks else []
        yield row


# The feed items a row's entry is, as a JSON array of [feed, id in it] (in no
# particular order), or NULL when there is none, as for most entries.
FEED_ITEMS = (
    "(SELECT json_group_array(json_array(feed, guid)) FROM feed_items WHERE entry_id = entries.id HAVING count(*)) "
    "AS feed_items"
)


def highlights_of_row() -> str:
    """The highlights of a row's entry (store/highlights.py), as a JSON array of objects with
    exchange.HIGHLIGHT_FIELDS (readlog's own record of one) in their order in the text, or NULL
    when it has none."""
    from readlog.model.exchange import HIGHLIGHT_FIELDS

    fields = ", ".join(f"'{name}', {name}" for name in HIGHLIGHT_FIELDS)
    return (
        f"(SELECT json_group_array(json(h)) FROM (SELECT json_object({fields}) AS h "
        f"FROM highlights WHERE entry_id = entries.id ORDER BY {IN_TEXT_ORDER}) HAVING count(*)) AS highlights"
    )


def starred_index(f: Filters) -> str | None:
    """The small partial index of starred entries, for any view of them.

    Without statistics SQLite prefers an index that also gives the order
    (the source's or the whole library's) and then reads every row of it to
    find the few starred ones: 0.67 s for ``list --starred`` and 0.08 s with
    ``--source`` on 100,000 entries, against 0.01 s and under 1 ms here.
    """
    return "entries_starred" if f.starred and f.query is None and f.ids is None else None


def progress_index(f: Filters) -> str | None:
    """The small partial index of entries started and unread (m014's entries_in_progress),
    for ``--in-progress`` without a search, ids or a star (which have their own ways in)."""
    usable = f.in_progress and f.query is None and f.ids is None and not f.starred
    return "entries_in_progress" if usable else None


# The partial indexes whose rows are exactly a view that view_counts keeps.
COUNTED_VIEWS = {"entries_live": "live", "entries_unread": "unread", "entries_done": "done"}


def count_index(f: Filters) -> str | None:
    """The partial index that holds exactly the rows of the default and unread views."""
    if starred_index(f):
        return starred_index(f)
    if f.in_progress or f.not_in_progress:
        return progress_index(f)
    if f.archived is not False or f.starred or f.unstarred or f.source or f.category or f.tags or f.ids is not None:
        return None
    if f.dead or f.min_minutes is not None or f.max_minutes is not None:
        return None
    if f.query is not None:
        return None
    return {"unread": "entries_unread", "read": "entries_done"}.get(f.state or "", "entries_live")
