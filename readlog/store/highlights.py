"""SQL for highlights: what a reader marked in an entry, each a record of its own.

A highlight belongs to its entry by id (``entry_id``) and to the action that
made it (``action_id``): undoing that action deletes it, whether the action
was ``readlog highlight`` or an import that brought it. An entry moved to the
trash keeps its highlights here, unlisted (every listing joins ``entries``),
and gets them back when restored; deleted for good, or deleted by an undo,
its highlights go with it.

Identity within an entry is ``key`` (the same passage at the same place is
one highlight), so a re-import adds nothing it added before. The functions
take the open ``Store`` first, as the other store modules do.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import timezone
from typing import TYPE_CHECKING

from readlog.model.fields import HIGHLIGHT_CHARS, MAX_HIGHLIGHTS, highlight_chars
from readlog.model.ids import MAX_ID
from readlog.model.stamps import to_iso
from readlog.store import common
from readlog.store.common import IN_TEXT_ORDER, Row

if TYPE_CHECKING:
    from readlog.model.highlight import Highlight
    from readlog.store.library import Store
    from readlog.store.query import Filters

# The event a highlight made by itself (not with a new entry) is recorded as:
# ``after`` holds its id, which undo deletes with every highlight of the action.
EVENT = "highlight"
# The event a highlight changed or deleted by a received change (sync) is recorded as:
# ``before`` holds its whole row (``{"highlight": {...}}``), which undo writes back.
REPLACED = "highlight_replaced"
COLUMNS = "id, entry_id, kind, passage, note, made_at, location, page, position, colour, added_at, action_id"
NEWEST = "coalesce(h.made_at, h.added_at) DESC, h.id DESC"


def key(kind: str, passage: str, note: str, location: str, page: str) -> str:
    """A highlight's identity within its entry (m014's highlight_key_v14, which
    tests/test_highlights.py holds equal to this)."""
    from readlog.model.entry import _sha256

    parts = [kind, passage, "" if passage else note, location, page]
    return str(_sha256(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()[:32])


def _values(entry_id: int, h: Highlight, now: str, action_id: int) -> tuple[object, ...]:
    made = h.made_at
    if made is not None and made.tzinfo is None:
        made = made.replace(tzinfo=timezone.utc)  # a time without a zone is UTC (model/highlight.py)
    return (
        entry_id,
        h.kind,
        h.passage,
        h.note,
        to_iso(made),
        h.location,
        h.page,
        h.position,
        h.colour,
        now,
        action_id,
        key(h.kind, h.passage, h.note, h.location, h.page),
    )


_INSERT = (
    "INSERT OR IGNORE INTO highlights (entry_id, kind, passage, note, made_at, location, page, position, colour, "
    "added_at, action_id, key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def add_new(lib: Store, found: Iterable[tuple[int, Sequence[Highlight]]], action_id: int) -> int:
    """The highlights of entries this action added (an import's new entries): no
    event each, since undoing the action deletes the entries and, by
    ``action_id``, these. How many were added (repeats within an entry fold)."""
    now = common.utcnow()
    cur = lib.conn.executemany(_INSERT, (_values(e, h, now, action_id) for e, marks in found for h in marks))
    return max(0, cur.rowcount)  # the rows inserted, not those the search index's triggers wrote


def room(lib: Store, entry_id: int) -> tuple[int, int]:
    """How many more highlights the entry may take, and how many characters of them
    (fields.MAX_HIGHLIGHTS, HIGHLIGHT_CHARS: what one line of readlog's export holds)."""
    count, chars = lib.conn.execute(
        "SELECT count(*), coalesce(sum(length(passage) + length(note) + length(location) + length(page) "
        "+ length(colour)), 0) FROM highlights WHERE entry_id = ?",
        (entry_id,),
    ).fetchone()
    return MAX_HIGHLIGHTS - count, HIGHLIGHT_CHARS - chars


def add(lib: Store, entry_id: int, marks: Sequence[Highlight], action_id: int) -> tuple[list[int], int]:
    """Highlights of an entry that was already there (``readlog highlight``, or an
    import merging into it), each new one recorded as a ``highlight`` event of the
    action; those it has already are passed over, and those past its room
    (``room``) are not kept. Returns the new ones' ids and how many found no room."""
    now = common.utcnow()
    added: list[int] = []
    left, chars = room(lib, entry_id)
    for i, h in enumerate(marks):
        size = highlight_chars(h)
        if left <= 0 or size > chars:
            return added, len(marks) - i
        cur = lib.conn.execute(_INSERT, _values(entry_id, h, now, action_id))
        if cur.rowcount > 0:
            left, chars = left - 1, chars - size
        if cur.rowcount > 0 and cur.lastrowid:
            added.append(int(cur.lastrowid))
            lib._event(action_id, entry_id, EVENT, None, {"highlight": int(cur.lastrowid), "passage": h.passage[:200]})
    return added, 0


def of_entry(lib: Store, entry_id: int) -> list[Row]:
    """An entry's highlights in their order in the text when known, else as made."""
    return [
        dict(r)
        for r in lib.conn.execute(
            f"SELECT {COLUMNS} FROM highlights WHERE entry_id = ? ORDER BY {IN_TEXT_ORDER}",
            (entry_id,),
        )
    ]


def listed(
    lib: Store, ids: Sequence[int] | None = None, limit: int = 0, offset: int = 0, f: Filters | None = None
) -> list[Row]:
    """Highlights of entries in the library (not the trash), newest first, each
    with its entry's title, link and source; only of ``ids`` when given, and of
    the entries ``f`` selects (store/query.py's filters) when given."""
    sql = (
        f"SELECT {', '.join('h.' + c.strip() for c in COLUMNS.split(','))}, e.title AS title, e.url AS url, "
        "e.source AS source FROM highlights AS h JOIN entries AS e ON e.id = h.entry_id"
    )
    params: list[object] = []
    conditions: list[str] = []
    if ids is not None:
        conditions.append("h.entry_id IN (SELECT value FROM json_each(?))")
        params.append(json.dumps(sorted(set(ids))))
    if f is not None:
        from readlog.store.query import where

        clause, more = where(lib, f)
        # Asked of each highlight in the order listed (the newest first, by its index), so that a
        # page stops after its rows; the filters' columns are the inner entries' (they name them bare).
        conditions.append(f"EXISTS (SELECT 1 FROM entries WHERE entries.id = h.entry_id AND ({clause}))")
        params += more
    if conditions:
        sql += " WHERE " + " AND ".join(conditions)
    sql += f" ORDER BY {NEWEST}"
    if 0 < limit < MAX_ID:
        sql += " LIMIT ? OFFSET ?"
        params += [limit, max(0, offset)]
    elif offset > 0:
        sql += " LIMIT -1 OFFSET ?"
        params.append(offset)
    return [dict(r) for r in lib.conn.execute(sql, params)]


def forget_action(lib: Store, action_id: int) -> None:
    """Delete every highlight ``action_id`` made (undoing it)."""
    lib.conn.execute("DELETE FROM highlights WHERE action_id = ?", (action_id,))


def forget_entries(lib: Store, ids: Iterable[int]) -> None:
    """Delete the highlights of entries deleted for good."""
    lib.conn.execute(
        "DELETE FROM highlights WHERE entry_id IN (SELECT value FROM json_each(?))", (json.dumps(sorted(set(ids))),)
    )


def rows_of(lib: Store, ids: Iterable[int]) -> list[Row]:
    """The highlights of these entries, every column (to be written back by ``put_back``)."""
    return [
        dict(r)
        for r in lib.conn.execute(
            "SELECT * FROM highlights WHERE entry_id IN (SELECT value FROM json_each(?)) ORDER BY id",
            (json.dumps(sorted(set(ids))),),
        )
    ]


def put_back(lib: Store, rows: Iterable[Row]) -> None:
    """Write highlights back as they were (their whole rows, ids and all), over what they became."""
    columns = {r[1] for r in lib.conn.execute("PRAGMA table_info(highlights)")}
    for row in rows:
        values = {k: v for k, v in row.items() if k in columns}
        if "id" not in values:
            continue
        lib.conn.execute("DELETE FROM highlights WHERE id = ?", (values["id"],))
        names = ", ".join(values)  # checked against the table's columns
        lib.conn.execute(
            f"INSERT INTO highlights ({names}) VALUES ({', '.join('?' for _ in values)})", list(values.values())
        )
