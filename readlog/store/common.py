"""Values every module of the store shares: rows, the clock, state columns, a count that may be
an estimate. (The id limit is model/ids.py's; what an import did is counts.py's.)"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import sqlite3

STATE_COLUMNS = {"read": "read_at", "starred": "starred_at", "archived": "archived_at"}
# The SQL function through which the search index's triggers feed it every value
# (store/schema.py): fold.index_text, registered on each connection readlog opens
# (files.Connection). Part of the schema from 13 on (migrations/m013).
INDEX_FUNCTION = "readlog_index_text"
# The SQL function that tells whether a value (as its bytes) holds one of some characters:
# files.holds_any, registered on each connection as INDEX_FUNCTION is; only queries call it
# (search.tier_of, for a word's twins), never the schema.
TWINS_FUNCTION = "readlog_holds_any"
# An entry's highlights in their order in its text where that is known, else as they were made
# (store/highlights.py's of_entry, and the export's query.highlights_of_row).
IN_TEXT_ORDER = "position IS NULL, position, coalesce(made_at, added_at), id"
Row = dict[str, Any]


def dict_rows(conn: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> Iterator[Row]:
    """The rows of ``sql`` as dicts, read from the cursor as they are taken.

    The cursor gives plain tuples, zipped with the column names: a whole
    library's rows are made a third faster than through sqlite3.Row and
    ``dict(row)``, which the connection's row factory would give.
    """
    cur = conn.execute(sql, params)
    cur.row_factory = None  # read at each fetch: this cursor's rows are tuples
    names = [d[0] for d in cur.description]
    for values in cur:
        yield dict(zip(names, values, strict=True))


def utcnow() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Count(NamedTuple):
    """How many entries match: ``n``, somewhere between ``low`` and ``high``
    (both sure). Exact when the two meet (``Count.of``); otherwise ``n`` is
    an estimate within them (see ranking.cheap_count). A NamedTuple: a
    frozen dataclass would cost every command ~1 ms to define."""

    n: int
    low: int
    high: int

    @classmethod
    def of(cls, n: int) -> Count:
        """An exact count."""
        return cls(n, n, n)

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def rounded(self) -> int:
        """The figure to say: exact as it is; an estimate with two significant
        figures (90,874 -> 91,000), or as many more as keep it within its bounds."""
        if self.exact:
            return self.n
        digits = 2
        while True:
            step = 10 ** max(len(str(self.n)) - digits, 0)
            near = (self.n + step // 2) // step * step
            if step == 1 or self.low <= near <= self.high:
                return near
            digits += 1
