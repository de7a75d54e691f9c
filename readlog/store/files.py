"""The library as a file: header checks, connecting, `db check`'s inspection, SQLite errors as one line."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from readlog.model.errors import ReadlogError
from readlog.settings import busy_timeout
from readlog.store.common import Row
from readlog.store.migrations import LATEST

SQLITE_MAGIC = b"SQLite format 3\x00"


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


def check_header(path: Path) -> None:
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


def writable(path: Path) -> bool:
    folder = path.parent if str(path.parent) else Path(".")
    if path.exists() and not os.access(path, os.W_OK):
        return False
    return os.access(folder, os.W_OK)


def connect(path: Path, writable: bool) -> sqlite3.Connection:
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
    check_header(path)
    conn = connect(path, writable=False)
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
        from readlog.store.schema import view_recounts

        for view, n in view_recounts(conn).items():
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
        "latest": LATEST,
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
        return busy_or(exc, path)
    if isinstance(exc, sqlite3.OperationalError) and "disk I/O" not in text and "malformed" not in text:
        return ReadlogError(f"{path}: {text}")
    return ReadlogError.of("damaged", path=path, detail=text)


def busy_or(exc: sqlite3.OperationalError, path: Path) -> ReadlogError:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return ReadlogError.of("busy", path=path, seconds=busy_timeout())
    if "readonly" in text or "read-only" in text:
        return ReadlogError.of("read_only", path=path)
    return ReadlogError(f"{path}: {text}")
