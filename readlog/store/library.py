"""The Store: one open library file, and every operation on it as a method.

The class is kept whole (every caller holds one ``Store`` and calls its
methods), but it holds only opening and upgrading, the connection,
transactions, actions and events, and the small reads and writes of single
entries. The larger concerns live in sibling modules as functions that take
the Store first, and its methods delegate to them:

* query.py: Filters, the WHERE clause, count, select, stream, iter_rows;
* ranking.py: a search's relevance order, its fast count, the index's vocabulary;
* imports.py: an import's record, upsert, bulk insert, id allocation;
* files.py: header checks, connecting, inspection, SQLite errors as one line;
* copies.py: whole copies of the file (backup, and restore's, done without a Store).

Delegation rather than mixins: each module reads as plain functions over an
open library, mypy checks them without self-type tricks, and the modules
reach each other through the Store's methods where importing would make a
loop (query asks ``lib._by_relevance``, which lives in ranking.py, which
imports query).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from readlog.model.errors import ReadlogError
from readlog.model.ids import MAX_ID
from readlog.model.messages import Phrase, os_reason, stored
from readlog.store import (
    common,  # common.utcnow(), looked up on each call: the store's one clock
    query,
)
from readlog.store.common import STATE_COLUMNS, Row
from readlog.store.files import (
    OURS,
    busy_or,
    connect,
    database_error,
    disk_full,
    kind_of,
    not_writable,
    read_header,
    recognise,
    writable,
)
from readlog.store.migrations import LATEST, migrate
from readlog.store.query import Filters

if TYPE_CHECKING:
    from sqlite_utils import Database

    from readlog.model.entry import Entry
    from readlog.store.common import Count
    from readlog.store.counts import Counts
    from readlog.store.ranking import Walked
    from readlog.store.search import MatchSQL, Query


class Store:
    """An open library file."""

    def __init__(self, path: Path, conn: sqlite3.Connection, *, readonly: bool) -> None:
        self.path = path
        self.conn = conn
        self.readonly = readonly
        self._db: Database | None = None
        # Remembered until the next write (see ranking.vocabulary() and ranking.fts_count()).
        self._vocab: dict[str, dict[str, dict[str, int]]] = {}  # prefix -> trigram -> column -> entries
        self._fts_counts: dict[str, int] = {}
        self._walked: Walked | None = None  # what the last walk of the newest entries saw (ranking.cheap_count)
        self._progress: Callable[[str, int | None], Any] | None = None
        self._bulk = False  # inside bulk_insert()
        self._columns: set[str] | None = None  # entries' columns, read once (see imports.check_columns)
        self._depth = 0  # transactions open: the outermost is SQLite's, those inside it savepoints
        self._group: Group | None = None  # inside grouped(): the one action every change joins

    # ---- opening -------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        notice: Callable[[Phrase], None] | None = None,
        progress: Callable[[str, int | None], Any] | None = None,
    ) -> Store:
        """Open (creating if needed) and upgrade the library at ``path``.

        ``progress`` (like render.Output.progress) shows long upgrade steps.

        A file that is not a readlog library, is damaged, or was made by a
        newer readlog is refused with a clear error and left untouched: a
        library is made only where there is no file or an empty one (see
        files.recognise).
        """
        head = read_header(path)
        if head is not None:
            recognise(path, head)  # looks read-only: another application's file is refused as it was
        else:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise ReadlogError.of("library_folder_failed", path=str(path), reason=os_reason(exc)) from None
        exists = head is not None
        can_write = writable(path)
        if not exists and not can_write:
            raise ReadlogError.of("library_folder_not_writable", path=str(path), reason=not_writable(path))
        if not exists:
            _create_from_template(path)
        conn = connect(path, can_write)
        lib = cls(path, conn, readonly=not can_write)
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

    @classmethod
    def memory(cls) -> Store:
        """A new, empty library held in memory (``readlog.open(memory=True)``):
        no file is made, and it is gone once closed."""
        from readlog.store.files import Connection, _text

        conn = sqlite3.connect(":memory:", isolation_level=None, factory=Connection)
        _template().backup(conn)
        conn.row_factory = sqlite3.Row
        conn.text_factory = _text
        lib = cls(Path(":memory:"), conn, readonly=False)
        lib._prepare(None)
        return lib

    def _prepare(self, notice: Callable[[Phrase], None] | None) -> None:
        # Again on this connection: the file may have changed since recognise() looked.
        kind, version = kind_of(self.conn, self.path)
        if kind == OURS and version > LATEST:
            raise ReadlogError.of("newer", path=self.path, version=version, latest=LATEST)
        if not self.readonly:
            mode = self.conn.execute("PRAGMA journal_mode").fetchone()[0]
            if mode.lower() != "wal":
                try:
                    self.conn.execute("PRAGMA journal_mode=WAL")
                except sqlite3.OperationalError as exc:
                    if not disk_full(exc, self.path):
                        raise
                    # No room to switch (a backup copy is in rollback-journal mode): read as it
                    # is; a write says the disk is full, and the next open on a disk with room switches.
        if version < LATEST:
            self._upgrade(version, notice)
        self.conn.execute("PRAGMA foreign_keys=OFF")
        # A damaged byte in a column's name is found here, where it costs a statement's
        # compilation, rather than in the middle of a command (see files.Connection).
        self.conn.execute("SELECT * FROM entries LIMIT 0")

    def _upgrade(self, version: int, notice: Callable[[Phrase], None] | None) -> None:
        if self.readonly:
            raise ReadlogError.of("upgrade_read_only", path=self.path, reason=not_writable(self.path))
        if version > 0:
            copy = self.path.with_name(f"{self.path.name}.v{version}-backup-{datetime.now():%Y%m%d-%H%M%S}")
            self.backup(copy)
            if notice:
                notice(Phrase("library_upgrading", version=version, latest=LATEST, path=str(copy)))
        # All migrations in one write transaction, re-checked under the lock:
        # two processes opening an old (or new) library at once must not both
        # migrate it, and an interrupted upgrade leaves the old schema whole.
        with self.transaction():
            if self.conn.execute("PRAGMA user_version").fetchone()[0] < LATEST:
                migrate(self.db, progress=self._progress)

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
        """A consistent, checked copy at ``target``, written whole or not at all (see copies.py)."""
        from readlog.store import copies

        copies.backup(self, target)

    # ---- transactions --------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction; the lock is taken at the start, so a busy
        library is reported before anything changes. Inside another (a group of
        changes, ``grouped``), a savepoint: an error takes back only its own part."""
        if self._depth:
            yield from self._savepoint()
            return
        if self.readonly:
            raise ReadlogError.of("read_only", path=self.path, reason=not_writable(self.path))
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise busy_or(exc, self.path) from None
        self._forget_cached()
        self._depth = 1
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
                raise busy_or(exc, self.path) from None
        finally:
            self._depth = 0

    def _savepoint(self) -> Iterator[None]:
        name = f"inner{self._depth}"  # made of a number: nothing outside goes into the statement
        parts = len(self._group.parts) if self._group else 0
        self.conn.execute(f"SAVEPOINT {name}")
        self._forget_cached()
        self._depth += 1
        try:
            yield
        except BaseException:
            self.conn.execute(f"ROLLBACK TO {name}")
            self.conn.execute(f"RELEASE {name}")
            if self._group is not None and len(self._group.parts) > parts:
                del self._group.parts[parts:]  # the part rolled back is not in the group's command
                self._write_group()
            raise
        else:
            self.conn.execute(f"RELEASE {name}")
        finally:
            self._depth -= 1

    def _forget_cached(self) -> None:
        self._vocab.clear()
        self._fts_counts.clear()
        self._walked = None

    @contextmanager
    def grouped(self) -> Iterator[None]:
        """Every change inside is one transaction and one action in history
        (its command the changes' commands joined by "; "), taken back by one
        undo; inside another, it joins that one. An error rolls it all back:
        nothing is recorded. A group that changed nothing leaves no action."""
        if self._group is not None:
            yield
            return
        with self.transaction():
            action = self.start_action("")
            self._group = Group(action)
            try:
                yield
            finally:
                self._group = None
            self.forget_action(action)  # kept only if a change in it was

    def forget_action(self, action_id: int) -> None:
        """Delete the record of an action that changed nothing, inside the
        transaction that started it. An action with events, a change of a saved
        view or a followed feed, or an import that names it, is kept: it changed
        something, or says what was read.
        Inside a group of changes (grouped), only that change leaves the
        group's command; the group's action is forgotten at its end if empty.
        (Here rather than in store/organise.py: a command that changed nothing
        calls it, and that module's undo types cost ~2.5 ms to import.)"""
        if self.ungroup(action_id):
            return
        from readlog.store.changelog import LOGS  # saved views and followed feeds changed by it

        kept = "".join(f" AND NOT {log.exists_sql()}" for log in LOGS)
        self.conn.execute(
            "DELETE FROM actions AS a WHERE id = ? AND NOT EXISTS (SELECT 1 FROM events WHERE action_id = ?) "
            f"AND NOT EXISTS (SELECT 1 FROM imports WHERE action_id = ?){kept}",
            (action_id, action_id, action_id),
        )

    @property
    def grouping(self) -> bool:
        """Whether a group of changes (``grouped``) is open."""
        return self._group is not None

    def start_action(self, command: str, summary: Phrase | None = None) -> int:
        """A new action; its summary (what it did) is kept as meaning, not words (messages.stored)."""
        if self._group is not None:
            self._group.parts.append([command, summary])
            self._write_group()
            return self._group.action
        said = stored(summary) if summary is not None else ""
        cur = self.conn.execute(
            "INSERT INTO actions (at, command, summary) VALUES (?, ?, ?)", (common.utcnow(), command, said)
        )
        return int(cur.lastrowid or 0)

    def set_action_summary(self, action_id: int, summary: Phrase) -> None:
        """What the action did, as a catalogue key and its fields (JSON in the
        summary column, see messages.stored): the column it always had, so no
        table changes and undo, backups and older copies keep working; history
        says it in the reader's language."""
        if self._group is not None and action_id == self._group.action:
            if self._group.parts:
                self._group.parts[-1][1] = summary
            self._write_group()
            return
        self.conn.execute("UPDATE actions SET summary = ? WHERE id = ?", (stored(summary), action_id))

    def newest_action(self) -> int:
        """The number of the newest action recorded (0: none)."""
        return int(self.conn.execute("SELECT max(id) FROM actions").fetchone()[0] or 0)

    def ungroup(self, action_id: int) -> bool:
        """Inside a group: the last change, which changed nothing, leaves the
        group's command (True); outside one (False), the caller forgets the action."""
        if self._group is None or action_id != self._group.action:
            return False
        if self._group.parts:
            self._group.parts.pop()
            self._write_group()
        return True

    def _write_group(self) -> None:
        group = self._group
        assert group is not None
        command = "; ".join(p[0] for p in group.parts)
        said: Phrase | None = None
        # What each change did, one after the other ("a; b; c" as a; (b; c)), with the sentence
        # that joins two reasons of a failed fetch: one sentence, one key (and kept as data).
        for part in reversed([p[1] for p in group.parts if p[1] is not None]):
            said = part if said is None else Phrase("fetch_then", first=part, then=said)
        summary = stored(said) if said is not None else ""
        self.conn.execute("UPDATE actions SET command = ?, summary = ? WHERE id = ?", (command, summary, group.action))

    # ---- reading (query.py, ranking.py) --------------------------------

    def _where(self, f: Filters) -> tuple[str, list[Any]]:
        return query.where(self, f)

    def count(self, f: Filters) -> int:
        """How many entries match (see query.count)."""
        return query.count(self, f)

    def cheap_count(self, f: Filters) -> Count:
        """How many entries match, exact when that costs little, else an
        estimate within sure bounds (see ranking.cheap_count)."""
        from readlog.store import ranking

        return ranking.cheap_count(self, f)

    # Entries matching a Filters, in order, as a list or read one at a time:
    # query.select and query.stream themselves, as methods.
    select = query.select
    stream = query.stream

    def iter_rows(
        self, f: Filters, *, sort: str = "id", reverse: bool = False, columns: str | None = None
    ) -> Iterator[Row]:
        """Every column of the entries matching ``f`` (or only ``columns``), streamed (see query.iter_rows)."""
        return query.iter_rows(self, f, sort=sort, reverse=reverse, columns=columns)

    def vocabulary(self, prefix: str) -> list[str]:
        """Indexed trigrams that start with ``prefix`` (see ranking.vocabulary)."""
        from readlog.store import ranking

        return ranking.vocabulary(self, prefix)

    def highlight_vocabulary(self, prefix: str) -> list[str]:
        """Trigrams of the highlights' index that start with ``prefix`` (see ranking.highlight_vocabulary)."""
        from readlog.store import ranking

        return ranking.highlight_vocabulary(self, prefix)

    def _highlight_match(self, query: Query) -> MatchSQL:
        from readlog.store import ranking

        return ranking.highlight_match(self, query)

    def _search_count(self, f: Filters) -> int | None:
        from readlog.store import ranking

        return ranking.search_count(self, f)

    def _by_relevance(self, f: Filters, limit: int, columns: str, offset: int = 0) -> Iterator[Row]:
        from readlog.store import ranking

        return ranking.by_relevance(self, f, limit, columns, offset)

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

    def texts(self, ids: Sequence[int]) -> dict[int, list[tuple[str, Any]]]:
        """The searchable fields of some entries as (name, value), title first,
        the fetched article's text, then their highlights (``highlight``: a passage,
        ``highlight_note``: the note on it), for snippets; tags as a list."""
        from readlog.model.tags import tag_list

        names = ("title", "summary", "verdict", "note", "source", "category", "tags", "text")
        rows = self.conn.execute(
            f"SELECT id, {', '.join(names)} FROM entries WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps(list(ids)),),
        )
        found = {
            r[0]: [(name, tag_list(v) if name == "tags" else v) for name, v in zip(names, r[1:], strict=True)]
            for r in rows
        }
        # Then each highlight's passage and the note on it, newest first: the snippet of an
        # entry found in its highlights only (their search tier) is the passage that holds a hit.
        marks = self.conn.execute(
            "SELECT entry_id, passage, note FROM highlights WHERE entry_id IN (SELECT value FROM json_each(?)) "
            "ORDER BY coalesce(made_at, added_at) DESC, id DESC",
            (json.dumps(list(found)),),
        )
        for entry_id, passage, note in marks:
            found[entry_id] += [("highlight", passage), ("highlight_note", note)]
        return found

    def overview(self) -> Row:
        one = self.conn.execute(
            "SELECT coalesce(sum(entries), 0) AS total, "
            "(SELECT n FROM view_counts WHERE view = 'unread') AS unread, coalesce(sum(starred), 0) AS starred "
            "FROM group_counts WHERE kind = 'source'"  # each entry is in one source's counters
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
        now = common.utcnow()
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
                common.utcnow(),
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

    # ---- imports (imports.py) ------------------------------------------------

    def begin_import(self, path: str, sha256: str, fmt: str, as_of: str, action_id: int) -> int:
        from readlog.store import imports

        return imports.begin_import(self, path, sha256, fmt, as_of, action_id)

    def finish_import(self, import_id: int, counts: Counts, problems: int, sha256: str) -> None:
        from readlog.store import imports

        imports.finish_import(self, import_id, counts, problems, sha256)

    def import_committed(self, import_id: int) -> bool:
        """Whether that import was committed (see imports.import_committed)."""
        from readlog.store import imports

        return imports.import_committed(self, import_id)

    def upsert(self, batch: Sequence[Entry], import_id: int, action_id: int, counts: Counts) -> None:
        """Store a batch of parsed entries: new ones are added, known ones merged (see imports.upsert)."""
        from readlog.store import imports

        imports.upsert(self, batch, import_id, action_id, counts)

    def bulk_insert(self) -> contextlib.AbstractContextManager[None]:
        """Inside a transaction: suspend the per-row insert triggers (see imports.bulk_insert)."""
        from readlog.store import imports

        return imports.bulk_insert(self)

    def _known(self, prepared: Sequence[Any]) -> Any:
        from readlog.store import imports

        return imports.known(self, prepared)

    def _highest_id(self) -> int:
        from readlog.store import imports

        return imports.highest_id(self)

    # ---- maintenance -----------------------------------------------------------

    def rebuild_index(self, progress: Callable[[str, int | None], Any] | None = None) -> int:
        """Re-create the search index and the view counters from the entries
        (for a library whose index was lost or damaged)."""
        from readlog.store import schema

        with self.transaction():
            schema.rebuild_index(self.conn, progress)
            schema.recount_views(self.conn)
        return int(self.conn.execute("SELECT count(*) FROM entries").fetchone()[0])


# A new library is a copy of an empty one made in memory, once per process: made
# by the statements of store/empty.py, the migrations' own result written out
# (a fifteenth of the instructions of importing sqlite-utils and replaying the
# migrations, which still make it when those statements lag behind), then copied.
# tests/test_migrations.py checks that the two make the same library, and compares
# a new library with one upgraded from every earlier schema.
_TEMPLATES: dict[int, sqlite3.Connection] = {}


class Group:
    """The action a group of changes (Store.grouped) is recorded as, and the
    command and summary of each change in it, in order."""

    def __init__(self, action: int) -> None:
        self.action = action
        self.parts: list[list[Any]] = []  # [command, summary (a Phrase or None)]


def _template() -> sqlite3.Connection:
    template = _TEMPLATES.get(LATEST)
    if template is None:
        from readlog.store import empty

        template = sqlite3.connect(":memory:", isolation_level=None)
        if empty.VERSION == LATEST:
            empty.make(template)
        else:
            from sqlite_utils import Database

            migrate(Database(template, execute_plugins=False))
        _TEMPLATES[LATEST] = template
    return template


def _create_from_template(path: Path) -> None:
    """Write a new, empty library at ``path`` unless a file appears there first.

    The copy is made under a temporary name beside it and linked into place,
    which fails if another process created the library meanwhile (then that
    one is opened): a library is never written over. Where the file system
    cannot link, nothing is created here and the migrations make the library
    in place, as they always did.
    """
    temporary = path.with_name(f".{path.name}.new-{os.getpid()}")
    try:
        target = sqlite3.connect(temporary)
        try:
            _template().backup(target)
        finally:
            target.close()
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    except (OSError, sqlite3.Error):
        pass  # made in place by the migrations instead (Store._upgrade)
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
