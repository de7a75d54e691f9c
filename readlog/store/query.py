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
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from readlog.model.errors import UsageError
from readlog.model.ids import MAX_ID
from readlog.model.written import NEW, Written
from readlog.store.common import IN_TEXT_ORDER, Row, dict_rows

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
    if (grouped := group_count(lib, f)) is not None:
        return grouped
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
    if (known := group_count(lib, f)) is not None:
        # a list of one source, category, tag or reading time, whose size the store keeps:
        # the walk in saved order stops at its last match (a tag no entry has reads nothing)
        if known <= offset:
            return iter(())
        limit = min(limit or MAX_ID, known - offset)
    hint = starred_index(f) or progress_index(f) or sparse_index(lib, f)
    if known is not None and (found := rare_tag(lib, f, known)):
        # the entries whose tags hold the tag's text (a few more than carry it), by rowid
        clause += " AND id IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)"
        params.append(found)
        hint = NO_INDEX
    indexed = " NOT INDEXED" if hint == NO_INDEX else f" INDEXED BY {hint}" if hint else ""
    sql = f"SELECT {columns} FROM entries{indexed} WHERE {clause} ORDER BY {order}"
    if limit or offset:
        sql += " LIMIT ? OFFSET ?"
        params += [limit or -1, offset]
    return _rows(lib, sql, params)


def _rows(lib: Store, sql: str, params: list[Any]) -> Iterator[Row]:
    yield from dict_rows(lib.conn, sql, params)


BY_IDS = 500  # rows fetched at a time by by_ids


def by_ids(lib: Store, ids: list[int], columns: str) -> Iterator[Row]:
    """The entries ``ids`` (``columns``, which hold id), in that order, BY_IDS at a time."""
    for start in range(0, len(ids), BY_IDS):
        part = ids[start : start + BY_IDS]
        sql = f"SELECT {columns} FROM entries WHERE id IN (SELECT value FROM json_each(?))"
        found = {r["id"]: r for r in dict_rows(lib.conn, sql, (json.dumps(part),))}
        yield from (found[i] for i in part if i in found)


def iter_rows(
    lib: Store, f: Filters, *, sort: str = "id", reverse: bool = False, columns: str | None = None
) -> Iterator[Row]:
    """Every column of the entries matching ``f``, streamed from the cursor.

    For export: memory stays flat however large the library is. Orders as
    ``select`` does (``sort="id", reverse=True`` is oldest id first). Each
    row also has the feed items the entry is (``feed_items``: a sorted list
    of (feed, id in it)) and its highlights (``highlights``), exchange.HELD_FIELDS,
    which are not columns. ``columns``: only these (SQL), without the feed items
    and highlights, for a format that writes only some fields.
    """
    if sort not in SORTS:
        raise UsageError.of("unknown_sort", name=repr(sort), names=", ".join(SORTS))
    descending = (sort in ("saved", "published", "read", "id")) != reverse
    order = SORTS[sort].format(d="DESC" if descending else "ASC", a="DESC" if reverse else "ASC")
    clause, params = where(lib, f)
    if columns is not None:
        yield from dict_rows(lib.conn, f"SELECT {columns} FROM entries WHERE {clause} ORDER BY {order}", params)
        return
    sql = f"SELECT *, {FEED_ITEMS}, {highlights_of_row()} FROM entries WHERE {clause} ORDER BY {order}"
    for row in dict_rows(lib.conn, sql, params):
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


# The size of a view of one group, as the counters of group_counts (schema 19) hold it:
# (state, archived) -> the expression of the counters. Other views of a group are counted.
GROUP_VIEWS = {
    (None, False): "entries - archived",
    ("unread", False): "unread",
    ("read", False): "entries - archived - unread",
    (None, None): "entries",
    ("unread", None): "entries - read",
    ("read", None): "read",
    (None, True): "archived",
}


def group_count(lib: Store, f: Filters) -> int | None:
    """How many entries a list of one source, category or tag, or of a reading time,
    holds (and no other filter but the state, read or unread, and archived), summed
    from the counters the store keeps of each spelling or each number of minutes;
    None for any other list."""
    named = [("source", f.source), ("category", f.category)] + [("tag", t) for t in f.tags]
    given = [(kind, name) for kind, name in named if name]
    timed = f.min_minutes is not None or f.max_minutes is not None
    dated = bool(f.since or f.before)
    counters = GROUP_VIEWS.get((f.state, f.archived))
    others = (
        f.starred
        or f.unstarred
        or f.ids is not None
        or f.dead
        or f.in_progress
        or f.not_in_progress
        or f.query is not None
    )
    if len(given) + timed + dated != 1 or counters is None or others:
        return None
    sql = f"SELECT coalesce(sum({counters}), 0) FROM group_counts WHERE kind = ? AND "
    if dated:
        return _dated_count(lib, f, sql)
    if timed:
        low = f.min_minutes if f.min_minutes is not None else -MAX_ID
        high = f.max_minutes if f.max_minutes is not None else MAX_ID
        sql += "CAST(name AS REAL) BETWEEN ? AND ?"
        return int(lib.conn.execute(sql, ("minutes", low, high)).fetchone()[0])
    ((kind, name),) = given
    return int(lib.conn.execute(sql + "name = ? COLLATE NOCASE", (kind, name)).fetchone()[0])


def _dated_count(lib: Store, f: Filters, sql: str) -> int:
    """How many entries were saved from ``f.since`` to before ``f.before``: the day counters
    of the days strictly between the two (each day's every entry is in the range, as text
    compares), and the entries of the first and last day counted in the index of saved
    times, from the moment named to the day's end."""
    low, high = f.since or None, f.before or None
    first, last = (low[:10] if low else None), (high[:10] if high else None)
    bounds = [("name > ?", first), ("name < ?", last)]
    days = sql + (" AND ".join(c for c, v in bounds if v is not None) or "1")
    n = int(lib.conn.execute(days, ["day", *(v for _, v in bounds if v is not None)]).fetchone()[0])
    edges = []
    if low is not None and first is not None:
        end = _after_prefix(first)
        edges.append((low, min(end, high) if high is not None else end))
    if high is not None and last is not None and (first is None or last > first):
        edges.append((max(last, low) if low is not None else last, high))
    for start, end in edges:
        edge = replace(f, since=start or None, before=end or None)
        clause, params = where(lib, edge)
        hint = count_index(edge)
        indexed = f" INDEXED BY {hint}" if hint else ""
        n += int(lib.conn.execute(f"SELECT count(saved_at) FROM entries{indexed} WHERE {clause}", params).fetchone()[0])
    return n


def _after_prefix(prefix: str) -> str:
    """The least text above every text that starts with ``prefix`` (its last character raised)."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


# A partial index of few rows (dead links, fetched entries) is read, and its matches
# sorted, when it holds fewer than SPARSE rows of the filter; else the walk in saved
# order meets its matches often enough.
SPARSE = 20000
SPARSE_INDEXES = {"entries_dead": "dead_at IS NOT NULL", "entries_minutes": "minutes >= ? AND minutes <= ?"}


def sparse_index(lib: Store, f: Filters) -> str | None:
    """entries_dead for ``--dead``, entries_minutes for a reading time, when it holds few
    of the filter's rows: without it the list walks every entry in saved order to find
    the few that match (2.4 s for a ``list --dead`` of none on 1,000,000 entries)."""
    if f.query is not None or f.ids is not None:
        return None
    if f.dead:
        name, params = "entries_dead", []
    elif f.min_minutes is not None or f.max_minutes is not None:
        low = f.min_minutes if f.min_minutes is not None else -MAX_ID
        name, params = "entries_minutes", [low, f.max_minutes if f.max_minutes is not None else MAX_ID]
    else:
        return None
    probe = f"SELECT count(*) FROM (SELECT 1 FROM entries INDEXED BY {name} WHERE {SPARSE_INDEXES[name]} LIMIT ?)"
    held = int(lib.conn.execute(probe, [*params, SPARSE]).fetchone()[0])
    return name if held < SPARSE else None


# A tag carried by fewer than one entry in RARE of the library is listed from the
# entries the search index finds its text in, not by walking the library in saved
# order (which reads RARE / 20 entries or more for each screenful: 134 ms for a tag of
# 34 entries at 100,000).
RARE = 200
NO_INDEX = "NOT INDEXED"  # the rowids the search index gives, then the sort; no index of entries


def rare_tag(lib: Store, f: Filters, known: int) -> str | None:
    """For a list of one rare tag (``known``: how many entries carry it), the search of the
    tags column that finds every entry carrying it; None when the walk is the better way
    or the index cannot be asked: a tag of fewer than three characters, or one whose text
    the index holds changed (fold.unchanged_by_index), is found only by the walk."""
    from readlog.store.fold import fold, unchanged_by_index

    if len(f.tags) != 1 or f.source or f.category or not unchanged_by_index(f.tags[0]):
        return None
    text = fold(f.tags[0])
    if len(text) < 3:
        return None
    live = lib.conn.execute("SELECT n FROM view_counts WHERE view = 'live'").fetchone()[0]
    if known * RARE >= live:
        return None
    return 'tags : "' + text.replace('"', '""') + '"'
