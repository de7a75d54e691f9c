"""The only module with SQL: open the library, query it, change it.

Reads use plain sqlite3 so that read commands start fast; sqlite_utils is
loaded only when a migration or an import needs it. Every statement is
parameterised: no user text is ever formatted into SQL (column names come
from fixed tables in this module).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from readlog.model.errors import ReadlogError, UsageError
from readlog.settings import busy_timeout
from readlog.store import migrations

if TYPE_CHECKING:
    from sqlite_utils import Database

    from readlog.model.entry import Entry
    from readlog.store.search import Query

SQLITE_MAGIC = b"SQLite format 3\x00"
# The largest id SQLite can store (a signed 64-bit integer); larger numbers
# typed by a user can match nothing and must not reach SQLite (OverflowError).
MAX_ID = 2**63 - 1
# An id from readlog's own export is kept only below this (2**53, the largest
# whole number every JSON reader holds exactly): a hostile or damaged export
# cannot push the next free id to the end of the id space.
RESTORE_ID_LIMIT = 2**53
LIST_COLUMNS = (
    "id, title, source, category, url, published, saved_at, read_at, starred_at, archived_at, tags, "
    "note != '' AS has_note, minutes, dead_at"
)
SORTS = {
    "saved": "saved_at {d}, published {d}, id {d}",
    "published": "published IS NULL, published {d}, saved_at {d}, id {d}",
    "title": "title COLLATE NOCASE {a}, id {a}",
    "source": "source COLLATE NOCASE {a}, saved_at DESC, id DESC",
    "read": "read_at IS NULL, read_at {d}, id {d}",
    "id": "id {d}",
}
# A search walks the entries in order and probes the index when at least
# 1/DENSE of them match (see _by_relevance); a lone two-character term walks
# at most WALK of the newest entries (see _walk_for_pair).
DENSE = 4
WALK = 2000
# Beyond this many skipped entries a dense search stops probing row by row (see _by_relevance).
DEEP = 1000
STATE_COLUMNS = {"read": "read_at", "starred": "starred_at", "archived": "archived_at"}
Row = dict[str, Any]


IMPORT_CACHE_KIB = 65536


def utcnow() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class Filters:
    """What to show; shared by list, search, export and bulk actions.

    ``state``: None (any), "unread" or "read". ``archived``: False hides
    archived entries (the default), True shows only them, None shows all.
    """

    state: str | None = None
    starred: bool = False
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


@dataclass
class Merged:
    """An incoming record taken as an entry the library already had."""

    line: int
    into: int  # the entry's id
    match: str  # why: merge.SAME_ITEM, SAME_LINK or SAME_TEXT
    changed: bool  # whether the record added something to the entry


@dataclass
class Counts:
    """What one import did: entries added, entries the records updated,
    records already in the library with nothing new (``unchanged``), and
    records that could not be imported at all (``skipped``, each with a
    problem saying why)."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    merged: list[Merged] = field(default_factory=list)
    trashed: int = 0  # matched an entry in the trash: not brought back


class Library:
    """An open library file."""

    def __init__(self, path: Path, conn: sqlite3.Connection, *, readonly: bool) -> None:
        self.path = path
        self.conn = conn
        self.readonly = readonly
        self._db: Database | None = None
        # Remembered until the next write (see vocabulary() and _fts_count()).
        self._vocab: dict[str, dict[str, dict[str, int]]] = {}  # prefix -> trigram -> column -> entries
        self._fts_counts: dict[str, int] = {}
        self._progress: Callable[[str, int | None], Any] | None = None
        self._bulk = False  # inside bulk_insert()
        self._columns: set[str] | None = None  # entries' columns, read once (see _check_columns)

    # ---- opening -------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        notice: Callable[[str], None] | None = None,
        progress: Callable[[str, int | None], Any] | None = None,
    ) -> Library:
        """Open (creating if needed) and upgrade the library at ``path``.

        ``progress`` (like render.Output.progress) shows long upgrade steps.

        A file that is not a readlog library, is damaged, or was made by a
        newer readlog is refused with a clear error and left untouched.
        """
        exists = path.exists()
        if exists:
            _check_header(path)
        else:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise ReadlogError(f"{path}: cannot create the library folder ({exc.strerror})") from None
        writable = _writable(path)
        if not exists and not writable:
            raise ReadlogError(f"{path}: cannot create the library here (the folder is read-only)")
        conn = _connect(path, writable)
        lib = cls(path, conn, readonly=not writable)
        lib._progress = progress
        try:
            lib._prepare(notice)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise database_error(exc, path) from None
        except BaseException:
            conn.close()
            raise
        return lib

    def _prepare(self, notice: Callable[[str], None] | None) -> None:
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version > migrations.LATEST:
            raise ReadlogError.of("newer", path=self.path, version=version, latest=migrations.LATEST)
        if version == 0:
            tables = [r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
            if tables and "_sqlite_migrations" not in tables:
                raise ReadlogError.of("not_library_sqlite", path=self.path)
        if not self.readonly:
            mode = self.conn.execute("PRAGMA journal_mode").fetchone()[0]
            if mode.lower() != "wal":
                self.conn.execute("PRAGMA journal_mode=WAL")
        if version < migrations.LATEST:
            self._upgrade(version, notice)
        self.conn.execute("PRAGMA foreign_keys=OFF")

    def _upgrade(self, version: int, notice: Callable[[str], None] | None) -> None:
        if self.readonly:
            raise ReadlogError.of("upgrade_read_only", path=self.path)
        if version > 0:
            copy = self.path.with_name(f"{self.path.name}.v{version}-backup-{datetime.now():%Y%m%d-%H%M%S}")
            self.backup(copy)
            if notice:
                notice(
                    f"upgrading the library from schema {version} to {migrations.LATEST}; a copy was saved to {copy}"
                )
        # All migrations in one write transaction, re-checked under the lock:
        # two processes opening an old (or new) library at once must not both
        # migrate it, and an interrupted upgrade leaves the old schema whole.
        with self.transaction():
            if self.conn.execute("PRAGMA user_version").fetchone()[0] < migrations.LATEST:
                migrations.migrate(self.db, progress=self._progress)

    @property
    def db(self) -> Database:
        """sqlite-utils' view of the same connection, for schema work and writes.

        Without its plugins: loading them scans every installed package's
        entry points (~20 ms on each write command), and a third-party plugin
        has no business changing readlog's connection.
        """
        if self._db is None:
            from sqlite_utils import Database

            self._db = Database(self.conn, execute_plugins=False)
        return self._db

    def close(self) -> None:
        self.conn.close()

    def backup(self, target: Path) -> None:
        """A consistent copy through SQLite's online backup (safe while another
        process writes), checked, then renamed into place: an interrupted or
        failed backup never leaves a half-written file under ``target``. The
        copy is one self-contained file (rollback journal, not WAL)."""
        partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
        try:
            dest = sqlite3.connect(partial, isolation_level=None)
            try:
                self.conn.backup(dest)
                dest.execute("PRAGMA journal_mode=DELETE")
                check = dest.execute("PRAGMA quick_check").fetchone()[0]
            finally:
                dest.close()
            if check != "ok":
                raise ReadlogError(f"{self.path}: the copy failed its check ({check}); the library may be damaged")
            os.replace(partial, target)
        except sqlite3.Error as exc:
            raise ReadlogError(f"{target}: cannot write the backup ({exc})") from None
        except OSError as exc:
            raise ReadlogError(f"{target}: cannot write the backup ({exc.strerror})") from None
        finally:
            for leftover in ("", "-journal", "-wal", "-shm"):
                Path(f"{partial}{leftover}").unlink(missing_ok=True)

    # ---- transactions --------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction; the lock is taken at the start, so a busy
        library is reported before anything changes."""
        if self.readonly:
            raise ReadlogError.of("read_only", path=self.path)
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise _busy_or(exc, self.path) from None
        self._vocab.clear()
        self._fts_counts.clear()
        try:
            yield
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        else:
            try:
                self.conn.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise _busy_or(exc, self.path) from None

    def start_action(self, command: str, summary: str = "") -> int:
        cur = self.conn.execute(
            "INSERT INTO actions (at, command, summary) VALUES (?, ?, ?)", (utcnow(), command, summary)
        )
        return int(cur.lastrowid or 0)

    def set_action_summary(self, action_id: int, summary: str) -> None:
        self.conn.execute("UPDATE actions SET summary = ? WHERE id = ?", (summary, action_id))

    # ---- reading -------------------------------------------------------

    def _where(self, f: Filters) -> tuple[str, list[Any]]:
        sql: list[str] = []
        params: list[Any] = []
        if f.state == "unread":
            sql.append("read_at IS NULL")
        elif f.state == "read":
            sql.append("read_at IS NOT NULL")
        if f.starred:
            sql.append("starred_at IS NOT NULL")
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
        if f.query is not None:
            from readlog.store import search

            match = search.match_sql(f.query, self.vocabulary)
            sql.append(match.sql)
            params.extend(match.params)
        return (" AND ".join(sql) or "1"), params

    def vocabulary(self, prefix: str) -> list[str]:
        """Indexed trigrams that start with ``prefix`` (for two-character search terms).

        Remembered for the life of the connection (until the next write), since
        one search asks for the same prefix once per relevance tier.
        """
        found = self._trigrams(prefix)
        # Rarest first: FTS5 merges an OR of these lists measurably faster so (27 -> 22 ms at 100,000).
        return sorted(found, key=lambda t: sum(found[t].values()))

    def _trigrams(self, prefix: str) -> dict[str, dict[str, int]]:
        """Each indexed trigram starting with ``prefix``, with how many entries
        hold it in each column: SQLite's per-column vocabulary of the index,
        which costs no more to read than the plain one and tells which
        columns a two-character term can be in at all."""
        if prefix not in self._vocab:
            self.conn.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.entries_fts_columns USING fts5vocab(main, entries_fts, 'col')"
            )
            sql = "SELECT term, col, doc FROM temp.entries_fts_columns WHERE term >= ? AND term < ?"
            found: dict[str, dict[str, int]] = {}
            for term, column, docs in self.conn.execute(sql, (prefix, prefix + "\U0010ffff")):
                found.setdefault(term, {})[column] = docs
            self._vocab[prefix] = found
        return self._vocab[prefix]

    def _fts_count(self, expr: str) -> int:
        """How many entries the full-text expression matches, from the index
        alone (remembered until the next write: ranking and the count share it)."""
        if expr not in self._fts_counts:
            sql = "SELECT count(*) FROM entries_fts WHERE entries_fts MATCH ?"
            self._fts_counts[expr] = int(self.conn.execute(sql, (expr,)).fetchone()[0])
        return self._fts_counts[expr]

    def _search_modes(self, f: Filters, limit: int) -> Callable[[str | None], str | None]:
        """How each relevance tier should ask the index (search.MODES), or None
        to skip a tier that the index says is empty; decided from counts that
        the index gives cheaply."""
        from readlog.store import search

        assert f.query is not None
        whole = search.match_sql(f.query, self.vocabulary).fts
        if not limit or whole is None:
            return lambda fts: "lookup"
        entries = int(self.conn.execute("SELECT count(*) FROM entries").fetchone()[0])
        if self._fts_count(whole) * DENSE <= entries:
            return lambda fts: "lookup"
        if not search.is_simple(f.query):
            # Counting a tier would cost as much as asking it. Titles are short,
            # so title hits are few: look those up; walk the entries for the rest.
            title = search.match_sql(f.query, self.vocabulary, columns=search.TIERS[0]).fts
            return lambda fts: "lookup" if fts == title else "scan"

        def mode(fts: str | None) -> str | None:
            if fts is None:
                return "lookup"
            hits = self._fts_count(fts)
            return None if not hits else "probe" if hits * DENSE > entries else "lookup"

        return mode

    def _search_count(self, f: Filters) -> int | None:
        """The count of a plain search in the default view, without touching the
        rows: the index's count less the archived entries that match. None when
        the general count is needed (other filters, LIKE terms, exclusions)."""
        from dataclasses import replace

        from readlog.store import search

        assert f.query is not None
        match = search.match_sql(f.query, self.vocabulary)
        if match.sql == search.NEVER:
            return 0
        if not match.exact or match.fts is None or replace(f, query=None) != Filters():
            return None
        found = self._fts_count(match.fts)
        archived = int(self.conn.execute("SELECT count(*) FROM entries WHERE archived_at IS NOT NULL").fetchone()[0])
        if not archived or not found:
            return found
        if archived > 2000 or not search.is_simple(f.query):
            return None
        probe = search.match_sql(f.query, self.vocabulary, mode="probe")
        sql = f"SELECT count(*) FROM entries WHERE archived_at IS NOT NULL AND {probe.sql}"
        return found - int(self.conn.execute(sql, probe.params).fetchone()[0])

    def count(self, f: Filters) -> int:
        """How many entries match. The everyday views (all, unread, read) are
        read from counters the database keeps (migrations.VIEW_COUNTS); with a
        date range they are counted in a small partial index, because SQLite
        cannot know that the table's rows are large and would otherwise scan
        the whole table."""
        if f.query is not None and (fast := self._search_count(f)) is not None:
            return fast
        hint = _count_index(f)
        view = COUNTED_VIEWS.get(hint or "")
        if view and not (f.since or f.before):
            row = self.conn.execute("SELECT n FROM view_counts WHERE view = ?", (view,)).fetchone()
            return int(row[0])
        where, params = self._where(f)
        indexed = f" INDEXED BY {hint}" if hint else ""
        sql = f"SELECT count(saved_at) FROM entries{indexed} WHERE {where}"
        return int(self.conn.execute(sql, params).fetchone()[0])

    def select(
        self,
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
        limit = limit if limit < MAX_ID else 0
        offset = max(0, min(offset, MAX_ID))
        if f.query is not None and sort in (None, "relevance"):
            rows = self._by_relevance(f, limit, columns, offset)
            return rows[::-1] if reverse else rows
        sort = sort or "saved"
        if sort not in SORTS:
            raise UsageError(f"unknown sort {sort!r}; choose one of {', '.join(SORTS)}")
        descending = sort in ("saved", "published", "read", "id")
        if reverse:
            descending = not descending
        order = SORTS[sort].format(d="DESC" if descending else "ASC", a="DESC" if reverse else "ASC")
        where, params = self._where(f)
        hint = _starred_index(f)
        indexed = f" INDEXED BY {hint}" if hint else ""
        sql = f"SELECT {columns} FROM entries{indexed} WHERE {where} ORDER BY {order}"
        if limit or offset:
            sql += " LIMIT ? OFFSET ?"
            params += [limit or -1, offset]
        return [dict(r) for r in self.conn.execute(sql, params)]

    def _by_relevance(self, f: Filters, limit: int, columns: str, offset: int = 0) -> list[Row]:
        """Title hits first, then verdict/notes/tags/source hits, then the rest;
        newest saved first within each tier.

        Tiers are taken in turn and each is exhausted before the next, so the
        ids already taken are exactly the earlier tiers' rows. A tier's match
        implies the whole query's, so each query holds one full-text
        condition; when the index says most entries match it, the entries are
        walked in order and probed (a screenful is found at once), otherwise
        the matching ids are looked up and sorted.

        With an ``offset`` the earlier tiers' rows are never fetched: whole
        tiers are skipped by their counts and their rows are excluded by their
        match instead of by ids (same rows, same order).
        """
        from dataclasses import replace

        from readlog.store import search

        assert f.query is not None
        if not offset and (walked := self._walk_for_pair(f, limit, columns)) is not None:
            return walked
        where, params = self._where(replace(f, query=None))
        modes = self._search_modes(f, limit and limit + offset)
        by_match = offset > 0
        earlier: list[search.MatchSQL] = []  # the tiers already passed, as lookups
        taken: list[int] = []
        rows: list[Row] = []
        for tier in search.TIERS:
            lookup = match = search.match_sql(f.query, self.vocabulary, columns=tier)
            if match.sql == search.NEVER:
                break
            mode = modes(match.fts)
            if mode is None:
                continue
            if mode == "probe" and offset > DEEP:
                mode = "scan"  # probing costs per row walked, and skipping walks them all
            if mode != "lookup":
                match = search.match_sql(f.query, self.vocabulary, columns=tier, mode=mode)
            if by_match:
                exclude = "".join(f" AND NOT ({m.sql})" for m in earlier)
                excluded: list[Any] = [p for m in earlier for p in m.params]
            else:
                exclude, excluded = " AND id NOT IN (SELECT value FROM json_each(?))", [json.dumps(taken)]
            earlier.append(lookup)
            if offset:
                sql = f"SELECT count(*) FROM entries WHERE {where} AND {lookup.sql}{exclude}"
                size = int(self.conn.execute(sql, [*params, *lookup.params, *excluded]).fetchone()[0])
                if size <= offset:
                    offset -= size
                    continue
            sql = (
                f"SELECT {columns} FROM entries WHERE {where} AND {match.sql}{exclude} "
                "ORDER BY saved_at DESC, published DESC, id DESC"
            )
            args = [*params, *match.params, *excluded]
            if limit or offset:
                sql += " LIMIT ? OFFSET ?"
                args += [limit - len(rows) if limit else -1, offset]
                offset = 0
            found = [dict(r) for r in self.conn.execute(sql, args)]
            rows.extend(found)
            taken.extend(r["id"] for r in found)
            if limit and len(rows) >= limit:
                break
        return rows

    def _walk_for_pair(self, f: Filters, limit: int, columns: str) -> list[Row] | None:
        """A screenful for a lone two-character term without case (内核), found
        by walking the newest entries, when most entries match it.

        Such a term is an OR of every indexed trigram that starts with it (see
        search.py), and asking the index for a tier's rows merges all of
        their lists: time that grows with the library. The pair is exactly
        what ``instr`` finds in the stored text (it has no case to fold and no
        space), so each walked entry's tier is read from its columns, newest
        first, and the walk stops as soon as the screen is settled: a screen of
        title hits, or, when the index's vocabulary shows the pair in no title
        at all, a screen of the next tier. The index still counts the matches
        (one merge, for "Showing 20 of N"). None when this does not apply or
        WALK entries did not settle it: the tiers then run as usual.
        """
        from dataclasses import replace

        from readlog.store import search

        assert f.query is not None
        term = search.caseless_pair(f.query)
        if term is None or not 0 < limit <= WALK // 4:
            return None
        whole = search.match_sql(f.query, self.vocabulary).fts
        entries = int(self.conn.execute("SELECT count(*) FROM entries").fetchone()[0])
        if whole is None or self._fts_count(whole) * DENSE <= entries:
            return None
        # At most this many entries have the pair in their title (an entry may
        # hold several of its trigrams there); none when the vocabulary says so.
        in_titles = sum(cols.get("title", 0) for cols in self._trigrams(term.lower()).values())
        if in_titles and in_titles * DENSE <= entries:
            return None  # few title hits, anywhere in the library: the tiers find them faster
        where, params = self._where(replace(f, query=None))
        tier, tier_params = search.tier_of(term)
        sql = (
            f"SELECT {columns}, {tier} AS tier_ FROM entries WHERE {where} "
            "ORDER BY saved_at DESC, published DESC, id DESC LIMIT ?"
        )
        tiers: dict[int, list[Row]] = {1: [], 2: [], 3: []}
        walked = 0
        for r in self.conn.execute(sql, [*tier_params, *params, WALK]):
            walked += 1
            row = dict(r)
            found = row.pop("tier_")
            if found:
                tiers[found].append(row)
            # Settled: a screen of title hits, or (with none anywhere) a screen of the next tier.
            if len(tiers[1]) >= limit or (not in_titles and len(tiers[2]) >= limit):
                return [*tiers[1], *tiers[2]][:limit]
        if walked >= WALK:
            return None  # more entries than were walked: the tiers must decide
        return [*tiers[1], *tiers[2], *tiers[3]][:limit]

    def get(self, entry_id: int) -> Row | None:
        if not 0 < entry_id <= MAX_ID:  # no such id can exist; SQLite would raise OverflowError
            return None
        row = self.conn.execute("SELECT * FROM entries WHERE id = ?", (entry_id,)).fetchone()
        return dict(row) if row else None

    def other_titles(self, entry_id: int) -> list[str]:
        """Titles other records of this entry came with (``alias`` events of
        merges not undone), oldest first, without repeats."""
        rows = self.conn.execute(
            "SELECT json_extract(ev.after, '$.title') FROM events AS ev JOIN actions AS a ON a.id = ev.action_id "
            "WHERE ev.entry_id = ? AND ev.kind = 'alias' AND a.undone_at IS NULL ORDER BY ev.id",
            (entry_id,),
        )
        return list(dict.fromkeys(r[0] for r in rows if isinstance(r[0], str) and r[0]))

    def titles(self, ids: Sequence[int]) -> dict[int, Row]:
        rows = self.conn.execute(
            "SELECT id, title, read_at, starred_at, archived_at, tags, note FROM entries "
            "WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps(list(ids)),),
        )
        return {r["id"]: dict(r) for r in rows}

    def texts(self, ids: Sequence[int]) -> dict[int, list[str]]:
        """The searchable texts of some entries, title first and the fetched
        article's text last, for snippets."""
        rows = self.conn.execute(
            "SELECT id, title, summary, verdict, note, source, category, text FROM entries "
            "WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps(list(ids)),),
        )
        return {r[0]: [r[1], r[2], r[3], r[4], r[5], r[6], r[7]] for r in rows}

    def overview(self) -> Row:
        one = self.conn.execute(
            "SELECT (SELECT count(*) FROM entries) AS total, "
            "(SELECT n FROM view_counts WHERE view = 'unread') AS unread, "
            "(SELECT count(*) FROM entries INDEXED BY entries_starred WHERE starred_at IS NOT NULL) AS starred"
        ).fetchone()
        last = self.conn.execute(
            "SELECT * FROM imports WHERE finished_at IS NOT NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return {**dict(one), "last_import": dict(last) if last else None}

    # ---- changing state ----------------------------------------------------

    def set_state(self, ids: Sequence[int], state: str, on: bool, action_id: int) -> list[tuple[Row, bool]]:
        """Set or clear read/starred/archived on entries; record each change.

        Returns each entry with whether it actually changed.
        """
        column = STATE_COLUMNS[state]
        now = utcnow()
        found = self.titles(ids)
        result = []
        for entry_id in ids:
            row = found[entry_id]
            before = row[column]
            changed = (before is None) == on
            if changed:
                after = now if on else None
                self.conn.execute(f"UPDATE entries SET {column} = ? WHERE id = ?", (after, entry_id))
                self._event(action_id, entry_id, state, {column: before}, {column: after})
            result.append((row, changed))
        return result

    def _event(self, action_id: int, entry_id: int, kind: str, before: Row | None, after: Row | None) -> None:
        self.conn.execute(
            "INSERT INTO events (action_id, at, entry_id, kind, before, after) VALUES (?, ?, ?, ?, ?, ?)",
            (
                action_id,
                utcnow(),
                entry_id,
                kind,
                json.dumps(before, ensure_ascii=False) if before is not None else None,
                json.dumps(after, ensure_ascii=False) if after is not None else None,
            ),
        )

    def require(self, ids: Iterable[int]) -> None:
        """Stop, changing nothing, when any of ``ids`` names no entry."""
        missing = self.missing(ids)
        if missing:
            from readlog.store import trash

            raise trash.no_entry(self, missing, unchanged=True)

    def missing(self, ids: Iterable[int]) -> list[int]:
        wanted = sorted(set(ids))
        found = {
            r[0]
            for r in self.conn.execute(
                "SELECT id FROM entries WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(wanted),)
            )
        }
        return [i for i in wanted if i not in found]

    # ---- imports -----------------------------------------------------------

    def begin_import(self, path: str, sha256: str, fmt: str, as_of: str, action_id: int) -> int:
        # An import writes ten indexes and the search index in one transaction;
        # with SQLite's default 2 MB page cache their pages spill to the WAL and
        # are read back again and again as the library grows. 64 MB keeps them
        # in memory: 100,000 entries import about 10% faster (measured), and the
        # peak stays near 100 MB. Read commands keep the small default.
        self.conn.execute(f"PRAGMA cache_size = -{IMPORT_CACHE_KIB}")
        cur = self.conn.execute(
            "INSERT INTO imports (started_at, path, sha256, format, as_of, action_id) VALUES (?, ?, ?, ?, ?, ?)",
            (utcnow(), path, sha256, fmt, as_of, action_id),
        )
        return int(cur.lastrowid or 0)

    def finish_import(self, import_id: int, counts: Counts, problems: int, sha256: str) -> None:
        self.conn.execute(
            "UPDATE imports SET finished_at = ?, added = ?, updated = ?, unchanged = ?, skipped = ?, problems = ?, "
            "sha256 = ? WHERE id = ?",
            (utcnow(), counts.added, counts.updated, counts.unchanged, counts.skipped, problems, sha256, import_id),
        )

    def upsert(self, batch: Sequence[Entry], import_id: int, action_id: int, counts: Counts) -> None:
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

        now = utcnow()
        prepared = prepare(batch)
        known = self._known(prepared)
        next_id = [self._highest_id() + 1]
        inserts: list[Row] = []
        items: list[tuple[str, str, int]] = []
        pending: set[int] = set()  # id() of rows not inserted yet: a duplicate inside the batch folds into them
        for item in prepared:
            old, why = known.match(item)
            if old is None and known.trashed(item):
                counts.trashed += 1  # the user threw it away: a re-import does not bring it back
                continue
            if old is None:
                row = new_row(item, now, import_id)
                self._restore(row, item.entry, next_id)
                inserts.append(row)
                pending.add(id(row))
                known.remember(row, item)
                if item.item is not None:
                    items.append((*item.item, row["id"]))
                counts.added += 1
                continue
            if item.item is not None and item.item not in known.by_item:
                items.append((*item.item, old["id"]))
            known.remember(old, item)
            changes = merge(old, item)
            alias = other_title(old, item)
            if alias:
                self._event(action_id, old["id"], "alias", None, {"title": alias})
            if changes and id(old) not in pending:
                before = {k: old.get(k) for k in (*changes, "updated_at")}  # all undo needs to restore
                self._update_row(old["id"], {**changes, "updated_at": now})
                self._event(action_id, old["id"], "import-update", before, changes)
                counts.updated += 1
            else:
                counts.unchanged += 1  # nothing new, or folded into a row of this batch not inserted yet
            counts.merged.append(Merged(item.entry.line, old["id"], why, bool(changes) and id(old) not in pending))
            old.update(changes)
        if inserts:
            self._insert_rows(inserts)
        if items:
            self.conn.executemany(
                "INSERT OR REPLACE INTO feed_items (feed, guid, entry_id, import_id) VALUES (?, ?, ?, ?)",
                [(*i, import_id or None) for i in items],
            )

    def _insert_rows(self, rows: list[Row]) -> None:
        """Insert new entries (every row has the same columns, from merge.new_row);
        in a bulk import, index them in one go (see bulk_insert)."""
        columns = list(rows[0])
        self._check_columns(columns)
        sql = f"INSERT INTO entries ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        self.conn.executemany(sql, [[r[c] for c in columns] for r in rows])
        if self._bulk:
            migrations.index_inserted(self.conn, min(r["id"] for r in rows), max(r["id"] for r in rows))

    def _check_columns(self, names: Iterable[str]) -> None:
        """Column names bound for SQL must be the table's own (they come from
        merge.py and the importers, never from a file, but are checked anyway)."""
        if self._columns is None:
            self._columns = {r[1] for r in self.conn.execute("PRAGMA table_info(entries)")}
        unknown = set(names) - self._columns
        if unknown:
            raise ValueError(f"not a column of entries: {sorted(unknown)}")

    def _update_row(self, entry_id: int, values: Row) -> None:
        self._check_columns(values)
        assignments = ", ".join(f"{k} = ?" for k in values)
        self.conn.execute(f"UPDATE entries SET {assignments} WHERE id = ?", [*values.values(), entry_id])

    @contextmanager
    def bulk_insert(self) -> Iterator[None]:
        """Inside a transaction: suspend the per-row insert triggers
        (migrations.INSERT_TRIGGERS) and do their work once per batch instead.

        The triggers are dropped and re-created inside the caller's
        transaction: a rollback, Ctrl-C or a crash puts them back with
        everything else, and other connections never see them missing.
        """
        if not self.conn.in_transaction:
            raise RuntimeError("bulk_insert needs an open transaction")
        names = json.dumps(list(migrations.INSERT_TRIGGERS))
        saved = self.conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (SELECT value FROM json_each(?))",
            (names,),
        ).fetchall()
        for name, _ in saved:
            self.conn.execute(f"DROP TRIGGER {name}")  # a name from migrations.INSERT_TRIGGERS
        self._bulk = True
        try:
            yield
        finally:
            self._bulk = False
        for _, sql in saved:
            self.conn.execute(sql)

    def _known(self, prepared: Sequence[Any]) -> Any:
        """merge.Known filled with the stored (and trashed) rows the batch's keys select."""
        from readlog.store import trash
        from readlog.store.merge import Known

        known = Known()
        fps = [p.fingerprint for p in prepared]
        urls = [p.url_key for p in prepared if p.url_key]
        pairs = [list(p.item) for p in prepared if p.item is not None]
        rows = self.conn.execute(
            "SELECT * FROM entries WHERE fingerprint IN (SELECT value FROM json_each(?))", (json.dumps(fps),)
        ).fetchall()
        if urls:
            rows += self.conn.execute(
                "SELECT * FROM entries WHERE url_key IN (SELECT value FROM json_each(?)) ORDER BY id",
                (json.dumps(urls),),
            ).fetchall()
        by_id: dict[int, Row] = {}
        for r in rows:
            by_id.setdefault(r["id"], dict(r))
        if pairs:
            for feed, guid, entry_id in self.conn.execute(
                "SELECT f.feed, f.guid, f.entry_id FROM json_each(?) AS j JOIN feed_items AS f "
                "ON f.feed = json_extract(j.value, '$[0]') AND f.guid = json_extract(j.value, '$[1]')",
                (json.dumps(pairs),),
            ):
                row = by_id.get(entry_id) or self.get(entry_id)
                if row is not None:
                    by_id[entry_id] = row
                    known.by_item[(feed, guid)] = row
                elif trash.in_trash(self, [entry_id]):
                    known.trashed_items.add((feed, guid))
                # else: its entry was deleted for good; the item is new again and the row is re-pointed
        if by_id and any(p.item for p in prepared):
            for entry_id, feed in self.conn.execute(
                "SELECT entry_id, feed FROM feed_items WHERE entry_id IN (SELECT value FROM json_each(?))",
                (json.dumps(list(by_id)),),
            ):
                known.feeds_of.setdefault(entry_id, set()).add(feed)
        for row in sorted(by_id.values(), key=lambda r: r["id"]):
            known.by_fingerprint[row["fingerprint"]] = row
            if row["url_key"]:
                known.by_link.setdefault(row["url_key"], []).append(row)
        known.trashed_fingerprints, known.trashed_links = trash.identities(self, fps, urls)
        return known

    def optimize(self) -> None:
        """Refresh the query planner's statistics after a bulk change.

        Without them SQLite cannot tell that the partial indexes (starred,
        unread) are small, and picks a worse plan. analysis_limit keeps this
        to a few milliseconds however large the library is.
        """
        if not self.readonly:
            self.conn.execute("PRAGMA analysis_limit = 1000")
            self.conn.execute("ANALYZE")

    def rebuild_index(self, progress: Callable[[str, int | None], Any] | None = None) -> int:
        """Re-create the search index and the view counters from the entries
        (for a library whose index was lost or damaged)."""
        with self.transaction():
            migrations.rebuild_index(self.conn, progress)
            migrations.recount_views(self.conn)
        return int(self.conn.execute("SELECT count(*) FROM entries").fetchone()[0])

    # ---- export and restore (readlog export / the jsonl importer) -----------

    def iter_rows(self, f: Filters, *, sort: str = "id", reverse: bool = False) -> Iterator[Row]:
        """Every column of the entries matching ``f``, streamed from the cursor.

        For export: memory stays flat however large the library is. Orders as
        ``select`` does (``sort="id", reverse=True`` is oldest id first).
        """
        if sort not in SORTS:
            raise UsageError(f"unknown sort {sort!r}; choose one of {', '.join(SORTS)}")
        descending = (sort in ("saved", "published", "read", "id")) != reverse
        order = SORTS[sort].format(d="DESC" if descending else "ASC", a="DESC" if reverse else "ASC")
        where, params = self._where(f)
        for r in self.conn.execute(f"SELECT * FROM entries WHERE {where} ORDER BY {order}", params):
            yield dict(r)

    def _highest_id(self) -> int:
        """The highest entry id this library has ever given out (deleted ones included)."""
        row = self.conn.execute(
            "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'entries'), 0), "
            "coalesce((SELECT max(id) FROM entries), 0))"
        ).fetchone()
        return int(row[0])

    def _restore(self, row: Row, entry: Entry, next_id: list[int]) -> None:
        """Give a new row its id, and bring back the id, import time and fetch
        columns of an entry from readlog's own export (``restore_id``,
        ``imported_at``, ``fetched``, set by importers/jsonl.py).

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
            raise ReadlogError.of("ids_used_up", path=self.path)
        next_id[0] = row["id"] + 1
        imported = getattr(entry, "imported_at", None)
        if isinstance(imported, datetime):
            from readlog.model.stamps import to_iso

            row["imported_at"] = to_iso(imported)
        fetched = getattr(entry, "fetched", None)
        if isinstance(fetched, dict):  # what fetch found, from readlog's own export (all nine columns)
            row.update(fetched)


def _starred_index(f: Filters) -> str | None:
    """The small partial index of starred entries, for any view of them.

    Without statistics SQLite prefers an index that also gives the order
    (the source's or the whole library's) and then reads every row of it to
    find the few starred ones: 0.67 s for ``list --starred`` and 0.08 s with
    ``--source`` on 100,000 entries, against 0.01 s and under 1 ms here.
    """
    return "entries_starred" if f.starred and f.query is None and f.ids is None else None


# The partial indexes whose rows are exactly a view that view_counts keeps.
COUNTED_VIEWS = {"entries_live": "live", "entries_unread": "unread", "entries_done": "done"}


def _count_index(f: Filters) -> str | None:
    """The partial index that holds exactly the rows of the default and unread views."""
    if _starred_index(f):
        return _starred_index(f)
    if f.archived is not False or f.starred or f.source or f.category or f.tags or f.ids is not None:
        return None
    if f.dead or f.min_minutes is not None or f.max_minutes is not None:
        return None
    if f.query is not None:
        return None
    return {"unread": "entries_unread", "read": "entries_done"}.get(f.state or "", "entries_live")


def is_library_file(library: Path, target: Path) -> bool:
    """True when writing ``target`` would overwrite the library or one of its
    journal files, by name, through a symlink or through a hard link."""
    for own in (library, *(Path(f"{library}{s}") for s in ("-wal", "-shm", "-journal"))):
        try:
            if target.resolve() == own.resolve() or (own.exists() and target.exists() and target.samefile(own)):
                return True
        except OSError:
            continue
    return False


def _check_header(path: Path) -> None:
    if path.is_dir():
        raise ReadlogError.of("library_is_dir", path=path)
    if not path.is_file():
        raise ReadlogError.of("library_not_file", path=path)
    try:
        with open(path, "rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        raise ReadlogError(f"{path}: cannot read the library ({exc.strerror})") from None
    if head and head != SQLITE_MAGIC:
        raise ReadlogError.of("not_library", path=path)


def _writable(path: Path) -> bool:
    folder = path.parent if str(path.parent) else Path(".")
    if path.exists() and not os.access(path, os.W_OK):
        return False
    return os.access(folder, os.W_OK)


def _connect(path: Path, writable: bool) -> sqlite3.Connection:
    timeout = busy_timeout()
    try:
        if writable:
            conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        else:
            uri = path.resolve().as_uri() + "?mode=ro"
            conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
            try:
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.OperationalError:
                conn.close()  # a WAL library in a read-only folder: nobody can be writing it
                conn = sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None)
    except sqlite3.Error as exc:
        raise ReadlogError(f"{path}: cannot open the library ({exc})") from None
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    return conn


def inspect(path: Path) -> Row:
    """What `readlog db check` reports, read without changing or upgrading the file.

    Keys: ``version``, ``latest``, ``entries``, ``integrity`` (a list of
    SQLite's findings, ``["ok"]`` when sound), ``index`` (entries in the
    search index, or None), ``journal``.
    """
    _check_header(path)
    conn = _connect(path, writable=False)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
        if "_sqlite_migrations" not in tables:
            raise ReadlogError(f"{path}: an SQLite database, but not a readlog library")
        journal = conn.execute("PRAGMA journal_mode").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise database_error(exc, path) from None
    try:
        integrity = [r[0] for r in conn.execute("PRAGMA integrity_check(20)")]
    except sqlite3.DatabaseError as exc:
        integrity = [str(exc)]
    entries, index = _count(conn, "entries", tables), _count(conn, "entries_fts_docsize", tables)
    if "view_counts" in tables and integrity == ["ok"]:
        kept = dict(conn.execute("SELECT view, n FROM view_counts").fetchall())
        for view, n in migrations.view_recounts(conn).items():
            if kept.get(view) != n:
                integrity.append(
                    f"the {view} counter says {kept.get(view)} but there are {n}; run readlog db rebuild-index"
                )
        if len(integrity) > 1:
            integrity.remove("ok")
    conn.close()
    return {
        "path": str(path),
        "version": version,
        "latest": migrations.LATEST,
        "entries": entries,
        "integrity": integrity,
        "index": index,
        "journal": journal,
    }


def _count(conn: sqlite3.Connection, table: str, tables: set[str]) -> int | None:
    """Rows in one of readlog's own tables (a fixed name), or None if absent or unreadable."""
    if table not in tables:
        return None
    try:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    except sqlite3.DatabaseError:
        return None


def database_error(exc: sqlite3.Error, path: Path) -> ReadlogError:
    """One line for an SQLite failure: busy, read-only, or a damaged file.

    Used when opening and by the CLI for errors in the middle of a command,
    so a damaged page found late still ends in a message, not a traceback.
    """
    text = str(exc)
    if isinstance(exc, sqlite3.OperationalError) and any(
        w in text for w in ("locked", "busy", "readonly", "read-only")
    ):
        return _busy_or(exc, path)
    if isinstance(exc, sqlite3.OperationalError) and "disk I/O" not in text and "malformed" not in text:
        return ReadlogError(f"{path}: {text}")
    return ReadlogError.of("damaged", path=path, detail=text)


def _busy_or(exc: sqlite3.OperationalError, path: Path) -> ReadlogError:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return ReadlogError.of("busy", path=path, seconds=busy_timeout())
    if "readonly" in text or "read-only" in text:
        return ReadlogError.of("read_only", path=path)
    return ReadlogError(f"{path}: {text}")
