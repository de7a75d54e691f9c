"""The library as a file: recognising it, connecting, `db check`'s inspection, SQLite errors as one line.

readlog knows its own library by a mark in the file's header, SQLite's
``application_id`` (schema 7 on), read from the first 100 bytes without
opening the file as a database. A file without the mark is looked into
read-only (nothing is created beside it) and taken only when it is empty,
or a library made before the mark, known by readlog's own migrations
(schemas 1-6, upgraded and marked on opening). Anything else is refused,
left byte for byte as it was.
"""

from __future__ import annotations

import functools
import os
import re
import sqlite3
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from readlog.model.errors import ReadlogError
from readlog.model.messages import Phrase, os_reason
from readlog.model.sanitize import shown_name
from readlog.settings import busy_timeout
from readlog.store.common import INDEX_FUNCTION, TWINS_FUNCTION, Row
from readlog.store.migrations import APPLICATION_ID, LATEST, UNMARKED

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER = 100  # bytes of SQLite's file header
NEW, OURS, UNMARKED_LIBRARY = "new", "ours", "unmarked"
# How many rows with text that is not UTF-8 `db check` names (it counts them all).
NOT_UTF8_SHOWN = 50


def _index_text(value: bytes | None) -> str | bytes | None:
    """fold.index_text, imported when a trigger first calls it (a command that only reads never does)."""
    from readlog.store.fold import index_text

    return index_text(value)


def holds_any(chars: str, *values: bytes | None) -> int:
    """1 when one of ``values``, each a value's bytes (SQL's ``CAST(x AS BLOB)``: text
    that is not UTF-8 reaches it whole), holds one of ``chars``, else 0; 1 as well for
    bytes that are not UTF-8 (the caller then asks the index). common.TWINS_FUNCTION
    in SQL, for search.tier_of: a scan in C a value."""
    search = _any_of(chars).search
    for value in values:
        if value is None:
            continue
        try:
            text = value.decode()
        except UnicodeDecodeError:
            return 1
        if search(text) is not None:
            return 1
    return 0


@functools.lru_cache(maxsize=32)
def _any_of(chars: str) -> re.Pattern[str]:
    return re.compile("[" + "".join(map(re.escape, chars)) + "]")


def _text(raw: bytes) -> str:
    """A TEXT value as str. Bytes that are not UTF-8 (written by another tool, or
    a damaged disk) read as U+FFFD, so one such row does not fail the whole query."""
    return raw.decode("utf-8", "replace")


class Connection(sqlite3.Connection):
    """sqlite3's connection with the search index's function, saying a schema that is not
    UTF-8 as an SQLite error.

    The triggers that keep the search index in step call fold.index_text by
    the name common.INDEX_FUNCTION: each connection readlog opens has it, and
    trusts the schema to call it (PRAGMA trusted_schema, off in some builds
    of SQLite, refuses any function an application adds from a trigger).
    A search's walk of the newest entries calls holds_any by the name
    common.TWINS_FUNCTION (search.tier_of).

    A damaged byte in the schema reaches Python in SQLite's message ("near
    \"C\xffEATE\"") or in a column name, which sqlite3 decodes strictly: the
    UnicodeDecodeError it raises instead is made the DatabaseError of a damaged
    file, which every caller already reports in one line.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.create_function(INDEX_FUNCTION, 1, _index_text, deterministic=True)
        self.create_function(TWINS_FUNCTION, -1, holds_any, deterministic=True)
        super().execute("PRAGMA trusted_schema = ON")

    def execute(self, *args: Any) -> sqlite3.Cursor:
        try:
            return super().execute(*args)
        except UnicodeDecodeError:
            raise not_text() from None

    def executemany(self, *args: Any) -> sqlite3.Cursor:
        try:
            return super().executemany(*args)
        except UnicodeDecodeError:
            raise not_text() from None

    def executescript(self, *args: Any) -> sqlite3.Cursor:
        try:
            return super().executescript(*args)
        except UnicodeDecodeError:
            raise not_text() from None


def not_text() -> sqlite3.DatabaseError:
    return sqlite3.DatabaseError("malformed database schema: it holds bytes that are not UTF-8")


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


def read_header(path: Path) -> bytes | None:
    """The first bytes of the file at ``path`` (SQLite's header), b"" for an
    empty file, None when there is no file; a directory, a device, a file that
    cannot be read or is not an SQLite database is refused with one line."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise unreachable(path, exc) from None
    if stat.S_ISDIR(st.st_mode):
        raise ReadlogError.of("library_is_dir", path=path)
    if not stat.S_ISREG(st.st_mode):
        raise ReadlogError.of("library_not_file", path=path)
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEADER)
    except OSError as exc:
        raise unreachable(path, exc) from None
    if head and not head.startswith(SQLITE_MAGIC):
        raise ReadlogError.of("not_library", path=path)
    if head and (len(head) < HEADER or not _sane(head)):
        raise ReadlogError.of("damaged", path=path, detail="file is not a database")
    return head


def _sane(head: bytes) -> bool:
    """SQLite's header as SQLite writes it: a page size that is a power of two
    from 512 to 65536 (1 meaning 65536) and the fixed payload fractions."""
    size = int.from_bytes(head[16:18], "big")
    return (size == 1 or (512 <= size <= 32768 and size & (size - 1) == 0)) and head[21:24] == b"\x40\x20\x20"


def unreachable(path: Path, exc: OSError) -> ReadlogError:
    """The library file (or a folder on its way) cannot be read: one line naming it."""
    if isinstance(exc, PermissionError):
        return ReadlogError.of("library_no_access", path=path)
    return ReadlogError.of("library_unreachable", path=path, reason=os_reason(exc))


def recognise(path: Path, head: bytes) -> str:
    """What the existing file at ``path`` is, found without changing it or
    creating anything beside it: NEW (empty: a library may be made in it),
    OURS (it carries readlog's mark) or UNMARKED_LIBRARY (a library made before
    the mark). Another application's database is refused."""
    if not head:
        return NEW
    mark = int.from_bytes(head[68:72], "big")
    if mark == APPLICATION_ID:
        return OURS
    if mark:
        raise ReadlogError.of("not_library_sqlite", path=path)
    conn = peek(path)
    try:
        return kind_of(conn, path)[0]
    except sqlite3.DatabaseError as exc:
        raise database_error(exc, path) from None
    finally:
        conn.close()


def peek(path: Path) -> sqlite3.Connection:
    """A read-only connection that leaves nothing beside the file. SQLite reads
    a WAL database through -wal and -shm files, making them if they are not
    there; with neither a -wal nor a -journal file the database file is whole,
    and SQLite is told it cannot change (immutable), which reads it as it is."""
    whole = not any(os.path.lexists(f"{path}{suffix}") for suffix in ("-wal", "-journal"))
    uri = path.resolve().as_uri() + ("?mode=ro&immutable=1" if whole else "?mode=ro")
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, factory=Connection)
    except sqlite3.Error as exc:
        raise database_error(exc, path) from None
    conn.text_factory = _text
    return conn


def kind_of(conn: sqlite3.Connection, path: Path) -> tuple[str, int]:
    """(NEW, OURS or UNMARKED_LIBRARY, the schema version) of an open file, or
    the error refusing another application's database."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    mark = int(conn.execute("PRAGMA application_id").fetchone()[0])
    if mark == APPLICATION_ID:
        return OURS, version
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    if not mark and not names and version == 0:
        return NEW, version
    if not mark and 0 < version <= len(UNMARKED) and {"_sqlite_migrations", "entries"} <= names:
        try:
            applied = [
                r[0]
                for r in conn.execute(
                    "SELECT name FROM _sqlite_migrations WHERE migration_set = 'readlog' ORDER BY rowid"
                )
            ]
        except sqlite3.OperationalError:  # a migrations table of another shape: another tool's
            applied = []
        if applied == UNMARKED[:version]:
            return UNMARKED_LIBRARY, version
    raise ReadlogError.of("not_library_sqlite", path=path)


def writable(path: Path) -> bool:
    folder = path.parent if str(path.parent) else Path(".")
    if path.exists() and not os.access(path, os.W_OK):
        return False
    return os.access(folder, os.W_OK)


def not_writable(path: Path) -> Phrase:
    """Why readlog cannot write the library at ``path`` (the file, or its
    folder where SQLite keeps its journal): a read-only file system, a mode
    that lets nobody write, or permissions that do not let this user (the
    file or folder belongs to another, says whose); else that it was
    opened read-only."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.exists() and not os.access(path, os.W_OK):
        target, what = path, Phrase("not_writable_file")
    elif not os.access(folder, os.W_OK):
        target, what = folder, Phrase("not_writable_folder", folder=shown_name(str(folder)))
    else:
        return Phrase("not_writable_opened")
    try:
        st = os.stat(target)
        read_only_system = bool(os.statvfs(target).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # statvfs: not on every system
        return Phrase("not_writable_opened")
    if read_only_system:
        return Phrase("not_writable_system", what=what)
    mode = f"{stat.S_IMODE(st.st_mode):o}"
    if not st.st_mode & 0o222:
        return Phrase("not_writable_mode", what=what, mode=mode)
    return Phrase("not_writable_owner", what=what, mode=mode, owner=_user(st.st_uid), user=_user(os.geteuid()))


def _user(uid: int) -> str:
    """A user's name, else the number."""
    try:
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return str(uid)


def connect(path: Path, writable: bool) -> sqlite3.Connection:
    timeout = busy_timeout()
    try:
        conn: sqlite3.Connection
        if writable:
            conn = sqlite3.connect(path, timeout=timeout, isolation_level=None, factory=Connection)
            try:
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.Error as exc:
                conn.close()  # now, not when collected: nothing is left beside a file that is no library
                if not no_shared_memory(exc):
                    raise
                try:
                    conn = without_shared_memory(path, timeout)
                except sqlite3.Error:
                    raise exc from None  # not the -shm file after all: the first failure says why
        else:
            uri = path.resolve().as_uri() + "?mode=ro"
            conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None, factory=Connection)
            try:
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.OperationalError:
                conn.close()  # a WAL library in a read-only folder: nobody can be writing it
                conn = sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None, factory=Connection)
    except sqlite3.DatabaseError as exc:
        raise database_error(exc, path) from None
    except sqlite3.Error as exc:
        raise ReadlogError.of("library_unreachable", path=str(path), reason=str(exc)) from None
    conn.row_factory = sqlite3.Row
    conn.text_factory = _text
    conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    return conn


def no_shared_memory(exc: sqlite3.Error) -> bool:
    """Whether SQLite failed to make or map a WAL library's ``-shm`` file (a full
    disk leaves no room for its 32 KB; a file system may not map it)."""
    name = getattr(exc, "sqlite_errorname", None)
    if name is None:  # Python 3.10 names no error: any I/O error may be the -shm file's
        return "disk I/O error" in str(exc)
    return name.startswith("SQLITE_IOERR_SHM")


def without_shared_memory(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection to a WAL library that needs no ``-shm`` file.

    In EXCLUSIVE locking mode, set before the first read, SQLite keeps the WAL
    index in this process's memory instead of the -shm file, and holds an
    exclusive lock on the library until the connection closes. It reads the
    library and its -wal as always (a writer's committed transactions
    included) and writes them where there is room. Safe with other readlogs:
    while the lock is held none of them can open the library (they wait, then
    say it is busy), so no one reads a WAL index this process does not share.
    Opening the file read-only or immutable instead would not be: that reads
    the main file without the WAL, missing what another process committed, or
    meeting pages half checkpointed."""
    conn = sqlite3.connect(path, timeout=timeout, isolation_level=None, factory=Connection)
    try:
        conn.execute("PRAGMA locking_mode=EXCLUSIVE")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except BaseException:
        conn.close()
        raise
    return conn


# Less free space than this where the library lies, and an I/O error there is taken for a full disk.
NEARLY_FULL = 1 << 20


def disk_full(exc: sqlite3.Error, path: Path) -> bool:
    """Whether an SQLite failure on the library at ``path`` is a full disk:
    SQLITE_FULL, or an I/O error (making the -shm or -wal file, growing one)
    where the disk has (next to) no room left."""
    name = getattr(exc, "sqlite_errorname", "")
    if name == "SQLITE_FULL" or "database or disk is full" in str(exc):
        return True
    if not name.startswith("SQLITE_IOERR") and "disk I/O error" not in str(exc):
        return False
    try:
        room = os.statvfs(path.parent if str(path.parent) else ".")
    except OSError:
        return False
    return room.f_bavail * room.f_frsize < NEARLY_FULL


def inspect(path: Path) -> Row:
    """What `readlog db check` reports, read without changing or upgrading the file.

    Keys: ``version``, ``latest``, ``entries``, ``integrity`` (a list of
    SQLite's findings, ``["ok"]`` when sound), ``schema`` (names of readlog's
    tables, indexes and triggers whose definition is damaged or not the one
    readlog made), ``not_utf8`` (rows holding text that is not UTF-8: table,
    row and columns, the first NOT_UTF8_SHOWN of them) and ``not_utf8_rows``
    (how many), ``index`` (entries in the search index, or None), ``journal``.
    """
    head = read_header(path)
    if head is None or recognise(path, head) == NEW:
        raise ReadlogError.of("no_library_yet", path=path)
    conn = connect(path, writable=False)
    try:
        return inspect_connection(conn, path)
    finally:
        conn.close()


def inspect_connection(conn: sqlite3.Connection, path: Path) -> Row:
    """``inspect`` of a library already open (one in memory has no file to open again)."""
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
        journal = conn.execute("PRAGMA journal_mode").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise database_error(exc, path) from None
    try:
        # quick_check: every page and b-tree, every row's types and NOT NULL. What integrity_check
        # adds, each index entry looked up in its table, grew faster than the library (2.2 s at
        # 100,000 entries, 34 s at 1,000,000: issue 38); the rows are counted against the index.
        integrity = [r[0] for r in conn.execute("PRAGMA quick_check(20)")]
    except sqlite3.DatabaseError as exc:
        integrity = [str(exc)]
    schema = schema_damage(conn, version)
    not_utf8, rows = _not_utf8(conn) if integrity == ["ok"] and not schema else ([], 0)
    entries, index = _count(conn, "entries", tables), _count(conn, "entries_fts_docsize", tables)
    # The highlights' index (schema 14) is in step when it has a row for each highlight.
    highlights, marked = _count(conn, "highlights", tables), _count(conn, "highlights_fts_docsize", tables)
    if "view_counts" in tables and integrity == ["ok"] and not schema:
        kept = dict(conn.execute("SELECT view, n FROM view_counts").fetchall())
        from readlog.store.schema import view_recounts

        for view, n in view_recounts(conn).items():
            if kept.get(view) != n:
                integrity.append(
                    f"the {view} counter says {kept.get(view)} but there are {n}; run readlog db rebuild-index"
                )
        if "group_counts" in tables:
            from readlog.store.schema import group_counters, group_recounts

            if group_counters(conn) != group_recounts(conn):
                integrity.append(
                    "the counts of sources, categories and tags are not a recount; run readlog db rebuild-index"
                )
        if len(integrity) > 1:
            integrity.remove("ok")
    return {
        "path": str(path),
        "version": version,
        "latest": LATEST,
        "entries": entries,
        "integrity": integrity,
        "schema": schema,
        "not_utf8": not_utf8,
        "not_utf8_rows": rows,
        "index": index,
        "highlights": highlights,
        "highlights_index": marked,
        "journal": journal,
    }


def normalised(sql: str | None) -> str:
    """SQL as SQLite keeps it, with whitespace runs made one space (ALTER TABLE and
    CREATE TABLE write the same columns with different spacing)."""
    return re.sub(r"\s+", " ", sql or "").replace("( ", "(").replace(" )", ")").strip()


def schema_of(conn: sqlite3.Connection) -> dict[tuple[str, str], bytes | None]:
    """Every object of the schema, (type, name) -> its SQL, as the bytes stored
    (a damaged byte must not be read as U+FFFD and pass), without SQLite's own
    tables and sqlite-utils' record of migrations (whose table each version of
    sqlite-utils writes its own way)."""
    rows = conn.execute(
        "SELECT type, CAST(name AS BLOB), CAST(sql AS BLOB) FROM sqlite_master "
        "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name != '_sqlite_migrations'"
    )
    return {(kind, _text(name)): sql for kind, name, sql in rows}


def schema_damage(conn: sqlite3.Connection, version: int) -> list[str]:
    """Names of the tables, indexes, triggers and views whose definition is not
    the one readlog's migrations write for schema ``version``: a damaged byte in
    a column's name, a missing or changed object. Objects readlog did not make
    are not its business."""
    try:
        found = schema_of(conn)
    except sqlite3.DatabaseError:
        return ["sqlite_master"]
    damaged = set()
    for (_, name), sql in found.items():
        try:
            (sql or b"").decode("utf-8")
        except UnicodeDecodeError:
            damaged.add(name)
    if 0 < version <= LATEST:
        for (kind, name), sql in expected_schema(version).items():
            have = found.get((kind, name), b"")
            if name not in damaged and (have is None or normalised(_text(have)) != normalised(_text(sql or b""))):
                damaged.add(name)
    return sorted(damaged)


@functools.cache
def expected_schema(version: int) -> Mapping[tuple[str, str], bytes | None]:
    """The schema readlog's migrations build for ``version``, made in memory once
    per process: for the current schema by the statements of store/empty.py (the
    migrations' own result written out, which tests/test_migrations.py holds equal
    to them: 5 ms against 78 for replaying thirteen migrations), for an older one
    by the migrations up to it."""
    from readlog.store import empty

    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        if version == empty.VERSION:
            empty.make(conn)
        else:
            from sqlite_utils import Database

            from readlog.store.migrations import migrate

            migrate(Database(conn, execute_plugins=False), upto=version)
        return MappingProxyType(schema_of(conn))
    finally:
        conn.close()


def _not_utf8(conn: sqlite3.Connection) -> tuple[list[Row], int]:
    """The rows of readlog's tables holding text that is not UTF-8 (the first
    NOT_UTF8_SHOWN of them: table, row and columns) and how many there are.
    The search index's own tables hold no text of their own and are skipped."""
    tables = [
        (name, "without rowid" in normalised(sql).lower())
        for name, sql in conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' "
            "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'entries\\_fts\\_%' ESCAPE '\\'"
        )
    ]
    found: list[Row] = []
    count = 0
    shapes = [(t, wr, [r[1] for r in conn.execute("SELECT * FROM pragma_table_info(?)", (t,))]) for t, wr in tables]
    conn.text_factory = bytes
    try:
        for table, without_rowid, columns in shapes:
            if not columns:
                continue
            key = _quote(columns[0]) if without_rowid else "rowid"
            for key_value, bad in _bad_text(conn, table, key, columns, by_rowid=not without_rowid):
                count += 1
                if len(found) < NOT_UTF8_SHOWN:
                    label = _text(key_value) if isinstance(key_value, bytes) else key_value
                    found.append({"table": table, "row": label, "columns": bad})
    except sqlite3.DatabaseError:
        pass  # a damaged page: quick_check has said so
    finally:
        conn.text_factory = _text
    return found, count


def _bad_text(
    conn: sqlite3.Connection, table: str, key: str, columns: list[str], *, by_rowid: bool
) -> Iterator[tuple[Any, list[str]]]:
    """The rows of ``table`` holding text that is not UTF-8: (their ``key``, those columns).

    A table with rowids gives each row's text values as one string of bytes, a
    newline between them: it is UTF-8 exactly when each value is (an ASCII byte
    ends any sequence begun before it), so a row is decoded once, and read again
    value by value only when it is bad."""
    picked = ", ".join(f"CASE WHEN typeof({_quote(c)}) = 'text' THEN {_quote(c)} END" for c in columns)
    if not by_rowid:  # readlog's tables without rowids are small (feed items, counters)
        for row in conn.execute(f"SELECT {key}, {picked} FROM {_quote(table)}"):
            bad = [c for c, value in zip(columns, row[1:], strict=True) if value is not None and not _utf8(value)]
            if bad:
                yield row[0], bad
        return
    whole = " || x'0a' || ".join(
        f"coalesce(CASE WHEN typeof({_quote(c)}) = 'text' THEN CAST({_quote(c)} AS BLOB) END, x'')" for c in columns
    )
    for rowid, joined in conn.execute(f"SELECT rowid, CAST({whole} AS BLOB) FROM {_quote(table)}"):
        if _utf8(joined):
            continue
        values = conn.execute(f"SELECT {picked} FROM {_quote(table)} WHERE rowid = ?", (rowid,)).fetchone()
        yield rowid, [c for c, value in zip(columns, values, strict=True) if value is not None and not _utf8(value)]


def _utf8(value: bytes) -> bool:
    try:
        value.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _count(conn: sqlite3.Connection, table: str, tables: set[str]) -> int | None:
    """Rows in one of readlog's own tables (a fixed name), or None if absent or unreadable."""
    if table not in tables:
        return None
    try:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    except sqlite3.DatabaseError:
        return None


def database_error(exc: sqlite3.Error, path: Path) -> ReadlogError:
    """One line for an SQLite failure: a full disk, busy, read-only, or a damaged file.

    Used when opening and by the CLI for errors in the middle of a command,
    so a damaged page found late still ends in a message, not a traceback.
    """
    text = str(exc)
    if disk_full(exc, path):
        return ReadlogError.of("disk_full", path=path)
    if isinstance(exc, sqlite3.OperationalError) and any(
        w in text for w in ("locked", "busy", "readonly", "read-only")
    ):
        return busy_or(exc, path)
    # A library readlog recognised but whose tables lack what readlog made: a damaged schema.
    missing = any(w in text for w in ("no such column", "no such table", "has no column named"))
    if isinstance(exc, sqlite3.OperationalError) and not missing and "disk I/O" not in text and "malformed" not in text:
        return ReadlogError(f"{path}: {text}")
    return ReadlogError.of("damaged", path=path, detail=text)


def busy_or(exc: sqlite3.OperationalError, path: Path) -> ReadlogError:
    text = str(exc)
    if disk_full(exc, path):
        return ReadlogError.of("disk_full", path=path)
    if "locked" in text or "busy" in text:
        return ReadlogError.of("busy", path=path, seconds=busy_timeout())
    if "readonly" in text or "read-only" in text:
        return ReadlogError.of("read_only", path=path, reason=not_writable(path))
    return ReadlogError(f"{path}: {text}")
