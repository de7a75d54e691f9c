"""The names a library holds (its tags, sources, categories), read for shell completion.

One quick query on a read-only connection that changes and creates nothing:
a missing file stays missing, an existing one gets no -wal or -shm files
beside it (as files.peek), a library of another version or a file that is
no library gives no names. Nothing of readlog is imported here, so that a
completion costs a Python start, sqlite3 and this query.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def _distinct(column: str, index_where: str) -> str:
    """The distinct values of ``column`` (ignoring case) in one statement that
    reads the library's partial index on it (``column COLLATE NOCASE``, for
    the entries ``index_where`` selects) one seek per value, not a row per
    entry: 0.3 ms instead of 250 ms on 100,000 entries; the entries outside
    that index (archived ones) are read through their own index."""
    step = f"SELECT {column} FROM entries WHERE {index_where} AND {column} != ''"
    order = f"ORDER BY {column} COLLATE NOCASE LIMIT 1"
    return (
        f"WITH RECURSIVE seen(v) AS (SELECT ({step} {order}) UNION ALL "
        f"SELECT ({step} AND {column} COLLATE NOCASE > seen.v {order}) FROM seen WHERE seen.v IS NOT NULL) "
        f"SELECT v FROM seen WHERE v IS NOT NULL UNION "
        f"SELECT {column} FROM entries WHERE archived_at IS NOT NULL AND {column} != ''"
    )


def _counted(kind: str) -> str:
    """The names of ``kind`` the library's counters hold (schema 19's group_counts, kept by
    triggers): one row per name, whatever the number of entries (a million entries' tags
    were read entry by entry before: 10x the CLI floor)."""
    return f"SELECT name FROM group_counts WHERE kind = '{kind}' AND entries > 0 AND name != ''"


# name -> the query giving its distinct values (the one place that says which
# names the library offers; saved views add theirs here).
QUERIES = {
    "tags": _counted("tag"),
    "sources": _counted("source"),
    "categories": _counted("category"),
    "views": "SELECT name FROM views",  # saved views (schema 15; an older library offers none)
}
# For a library made before the counters (schema 18 and older, not yet upgraded): the tags
# read from every tagged entry, the sources and categories along their indexes.
BEFORE_COUNTERS = {
    "tags": (
        "SELECT DISTINCT j.value FROM entries AS e, "
        "json_each(CASE WHEN json_valid(e.tags) THEN e.tags ELSE '[]' END) AS j "
        "WHERE e.tags != '[]' AND j.type = 'text' AND j.value != ''"
    ),
    "sources": _distinct("source", "archived_at IS NULL"),
    "categories": _distinct("category", "archived_at IS NULL"),
}
# A completion waits this long for a writer's lock at most, then offers nothing.
BUSY_MS = 200


def names(path: Path, which: str) -> list[str]:
    """The distinct values of ``which`` (a key of QUERIES) in the library at ``path``;
    [] for a missing, unreadable or foreign file, never an exception of SQLite."""
    sql = QUERIES[which]
    if not os.path.isfile(path):
        return []
    whole = not any(os.path.lexists(f"{path}{suffix}") for suffix in ("-wal", "-journal"))
    try:
        uri = path.resolve().as_uri() + ("?mode=ro&immutable=1" if whole else "?mode=ro")
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_MS / 1000)
    except (sqlite3.Error, OSError, ValueError):
        return []
    conn.text_factory = lambda raw: raw.decode("utf-8", "replace")
    try:
        try:
            rows = conn.execute(sql).fetchall()
        except sqlite3.OperationalError:
            if which not in BEFORE_COUNTERS:
                raise
            rows = conn.execute(BEFORE_COUNTERS[which]).fetchall()  # no counters yet: an older library
        found: dict[str, str] = {}  # names differing only in case are one, as the filters match them
        for (value,) in rows:
            if isinstance(value, str):
                found.setdefault(value.casefold(), value)
        return list(found.values())
    except sqlite3.Error:
        return []
    finally:
        conn.close()
