"""Whole copies of the library file: a backup, and a backup put back in place of the library.

Every copy is written under a temporary name in its target's folder, with
permissions no wider than the files it comes from or replaces (``mode_for``),
synced, and renamed into place: a failed or interrupted copy (Ctrl-C, and
SIGTERM or SIGHUP alike: model.errors.signals_as_interrupt) leaves neither
half a file nor the temporary one and its journal. A copy of a library is
made with SQLite's online backup, consistent while another readlog writes and
with the library's WAL in it, as one self-contained file (rollback journal).

``restore`` replaces the library with a backup. Copying a backup over the
library by hand goes wrong after a crash: SQLite replays the ``-wal`` the
crashed writer left beside the library onto the copy. Here the library is
held exclusively (no other readlog has it open), kept as a backup of its own
(its WAL included), taken out of WAL mode (its WAL checkpointed into it and
removed), its ``-shm`` and ``-journal`` removed, and only then is the checked
copy of the backup renamed over it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from readlog.model.errors import ReadlogError, signals_as_interrupt
from readlog.model.messages import Phrase, os_reason
from readlog.settings import busy_timeout
from readlog.store.files import (
    NEW,
    Connection,
    connect,
    disk_full,
    kind_of,
    not_writable,
    peek,
    read_header,
    recognise,
    schema_damage,
    writable,
)
from readlog.store.migrations import LATEST

if TYPE_CHECKING:
    from readlog.store.library import Store

JOURNALS = ("-wal", "-shm", "-journal")


# ---- writing a file in place of another ------------------------------------------------


def mode_for(*paths: Path) -> int:
    """The permissions of a file written from, or over, ``paths``: what a new
    file gets under the umask, less every permission that one of the existing
    ``paths`` lacks (a library or a file replaced that only its owner may read
    gives a copy only its owner may read)."""
    umask = os.umask(0)
    os.umask(umask)
    mode = 0o666 & ~umask
    for path in paths:
        try:
            mode &= stat.S_IMODE(os.stat(path).st_mode)
        except OSError:
            continue  # not there yet: nothing to keep to
    return mode


def create(path: Path, mode: int) -> int:
    """A new, empty file at ``path`` with exactly ``mode``, open for writing (its descriptor)."""
    Path(path).unlink(missing_ok=True)  # left by a crashed process with this process's id
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
    os.fchmod(fd, mode)
    return fd


def sync(path: Path) -> None:
    """Make what was written to the file at ``path`` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def rename(written: Path, target: Path) -> None:
    """Rename the synced file ``written`` to ``target`` and sync the folder, so
    that after a crash ``target`` is either what it was or the whole new file."""
    os.replace(written, target)
    try:
        folder = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(folder)
    except OSError:
        pass  # a file system that does not sync folders
    finally:
        os.close(folder)


def write_copy(
    source: sqlite3.Connection,
    target: Path,
    *,
    mode: int,
    vet: Callable[[sqlite3.Connection], None] | None = None,
) -> None:
    """Write the database ``source`` is connected to as one file at ``target``,
    replacing whatever is there only once the copy is whole; ``vet`` looks at
    the copy first and may refuse it by raising."""
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    with signals_as_interrupt():
        try:
            os.close(create(partial, mode))  # SQLite's journal for it takes the same mode
            dest = sqlite3.connect(partial, isolation_level=None, factory=Connection)
            try:
                source.backup(dest)
                dest.execute("PRAGMA journal_mode=DELETE")
                if vet is not None:
                    vet(dest)
            finally:
                dest.close()
            sync(partial)
            rename(partial, target)
        finally:
            for leftover in ("", *JOURNALS):
                Path(f"{partial}{leftover}").unlink(missing_ok=True)


def copy_bytes(source: Path, target: Path, mode: int) -> None:
    """``source`` byte for byte at ``target`` (a library SQLite cannot read as one)."""
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        with open(source, "rb") as src, os.fdopen(create(partial, mode), "wb") as dst:
            shutil.copyfileobj(src, dst)
        sync(partial)
        rename(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def reason(exc: sqlite3.Error | OSError, path: Path) -> object:
    """Why a copy could not be written, as a phrase of the catalogue where there is one."""
    if isinstance(exc, OSError):
        return os_reason(exc)
    return Phrase("os_disk_full") if disk_full(exc, path) else str(exc)


# ---- backup -------------------------------------------------------------------------------


def backup(lib: Store, target: Path) -> None:
    """A checked copy of the open library at ``target`` (see the module's docstring)."""

    def sound(copy: sqlite3.Connection) -> None:
        check = copy.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise ReadlogError.of("backup_check_failed", path=str(lib.path), detail=str(check))

    try:
        write_copy(lib.conn, target, mode=mode_for(lib.path, target), vet=sound)
    except (sqlite3.Error, OSError) as exc:
        raise ReadlogError.of("backup_not_written", path=str(target), reason=reason(exc, target)) from None


# ---- restore ------------------------------------------------------------------------------


def open_backup(path: Path) -> sqlite3.Connection:
    """A connection to the backup file at ``path``, refused when it is no
    readlog library (a missing or empty file, another application's database,
    one holding nothing). It reads the backup as SQLite does, through its own
    WAL when one lies beside it, and changes nothing of what it holds."""
    try:
        head = read_header(path)
        if head is None:
            raise ReadlogError.of("restore_no_backup", path=path)
        if not head or recognise(path, head) == NEW:
            raise ReadlogError.of("restore_not_library", path=path)
        whole = not any(os.path.lexists(f"{path}{suffix}") for suffix in ("-wal", "-journal"))
        conn = peek(path) if whole else connect(path, writable(path))
    except ReadlogError as exc:
        if exc.key in ("not_library", "not_library_sqlite"):
            raise ReadlogError.of("restore_not_library", path=path) from None
        if exc.key == "damaged":
            raise ReadlogError.of("restore_damaged", path=path, detail=exc.params.get("detail", "")) from None
        raise
    conn.execute("PRAGMA query_only = 1")
    return conn


def vet_backup(conn: sqlite3.Connection, path: Path) -> tuple[int, int]:
    """(entries, schema version) of a backup that is a sound readlog library:
    readlog's (or a library made before the mark), not newer than this
    readlog, passing SQLite's quick_check, its schema the one readlog made.
    Anything else is refused in one line naming ``path``."""
    try:
        kind, version = kind_of(conn, path)
        if kind == NEW:
            raise ReadlogError.of("restore_not_library", path=path)
        if version > LATEST:
            raise ReadlogError.of("newer", path=path, version=version, latest=LATEST)
        check = [str(r[0]) for r in conn.execute("PRAGMA quick_check(5)")]
        if check != ["ok"]:
            raise ReadlogError.of("restore_damaged", path=path, detail="; ".join(check))
        damaged = schema_damage(conn, version)
        if damaged:
            raise ReadlogError.of("restore_damaged", path=path, detail=Phrase("problem_schema", name=damaged[0]))
        return int(conn.execute("SELECT count(*) FROM entries").fetchone()[0]), version
    except ReadlogError as exc:
        if exc.key == "not_library_sqlite":
            raise ReadlogError.of("restore_not_library", path=path) from None
        raise
    except sqlite3.DatabaseError as exc:
        raise ReadlogError.of("restore_damaged", path=path, detail=str(exc)) from None


def look_at_backup(path: Path) -> tuple[int, int]:
    """(entries, schema version) of the backup at ``path``, checked as ``restore`` checks it."""
    conn = open_backup(path)
    try:
        return vet_backup(conn, path)
    finally:
        conn.close()


def current(library: Path) -> tuple[bool, int | None]:
    """Whether there is a library at ``library`` that a restore would keep,
    and how many entries it holds (None when it cannot be read as a library)."""
    try:
        head = read_header(library)
    except ReadlogError as exc:
        if exc.key == "damaged":
            return True, None
        raise
    if not head or recognise(library, head) == NEW:  # another application's file is refused here
        return False, None
    try:
        conn = connect(library, writable(library))
    except ReadlogError:
        return True, None
    try:
        return True, int(conn.execute("SELECT count(*) FROM entries").fetchone()[0])
    except sqlite3.Error:
        return True, None
    finally:
        conn.close()


def restore(library: Path, backup: Path, keep: Path) -> tuple[int, int, Path | None]:
    """Put the library saved in ``backup`` in place of ``library``; the library
    replaced, if there is one, is kept at ``keep`` first. Returns the backup's
    entries and schema version, and where the replaced library was kept (None:
    there was none).

    Nothing changes unless the backup is sound (``vet_backup``, on the very
    copy that is put in place) and no other readlog has the library open."""
    staged = library.with_name(f".{library.name}.restore-{os.getpid()}")
    with signals_as_interrupt():
        try:
            source = open_backup(backup)
            found: list[tuple[int, int]] = []

            def sound(copy: sqlite3.Connection) -> None:  # the very copy that will be the library
                found.append(vet_backup(copy, backup))

            try:
                write_copy(source, staged, mode=mode_for(backup, library), vet=sound)
            except (sqlite3.OperationalError, OSError) as exc:
                raise ReadlogError.of("restore_not_written", path=library, reason=reason(exc, library)) from None
            except sqlite3.DatabaseError as exc:  # a damaged page met while copying the backup
                raise ReadlogError.of("restore_damaged", path=backup, detail=str(exc)) from None
            finally:
                source.close()
            kept = _replace(library, staged, keep)
            return (*found[0], kept)
        finally:
            staged.unlink(missing_ok=True)


def _replace(library: Path, staged: Path, keep: Path) -> Path | None:
    """Keep ``library`` at ``keep`` (when there is one), clear what lies beside
    it, and rename ``staged`` over it."""
    holder, there = _hold(library)
    kept = keep if there else None
    cleared = False
    try:
        try:
            if kept is not None:
                _keep(holder, library, kept)
            if holder is not None:
                # Out of WAL mode, under the lock: its WAL checkpointed into it, and removed.
                # Should that fail, it is kept whole already, and its files beside it go below.
                with contextlib.suppress(sqlite3.Error):
                    holder.execute("PRAGMA journal_mode=DELETE")
            cleared = True
            for suffix in JOURNALS:
                Path(f"{library}{suffix}").unlink(missing_ok=True)
            rename(staged, library)  # synced when it was written
        except (sqlite3.Error, OSError) as exc:
            raise ReadlogError.of("restore_not_written", path=library, reason=reason(exc, library)) from None
        finally:
            if not cleared and kept is not None:  # nothing was changed: no second copy is left either
                for suffix in ("", "-wal"):
                    Path(f"{kept}{suffix}").unlink(missing_ok=True)
    finally:
        # Closed after the rename: a readlog that opened the old file meanwhile
        # waited for the lock, and now finds it renamed out of its name, out of
        # WAL mode, with none of the new library's files: SQLite lets it read,
        # refuses it a write (SQLITE_READONLY_DBMOVED), and this connection,
        # closing a moved file, deletes nothing by name.
        if holder is not None:
            holder.close()
    return kept


def _keep(holder: sqlite3.Connection | None, library: Path, keep: Path) -> None:
    """A copy of the library at ``keep``: a consistent one through ``holder``,
    else (a library SQLite cannot read or copy) its bytes as they are, with its
    own WAL beside it as ``keep``'s."""
    mode = mode_for(library)
    if holder is not None:
        try:
            write_copy(holder, keep, mode=mode)
            return
        except sqlite3.OperationalError:
            raise  # a full disk, an I/O error: nothing is restored
        except sqlite3.DatabaseError:
            pass  # a damaged page: kept byte for byte
    for suffix in ("", "-wal"):
        if os.path.lexists(f"{library}{suffix}"):
            copy_bytes(Path(f"{library}{suffix}"), Path(f"{keep}{suffix}"), mode)


def _hold(library: Path) -> tuple[sqlite3.Connection | None, bool]:
    """(a connection holding the library exclusively, or None when SQLite
    cannot read it; whether there is a library to keep). Another
    application's file is refused; a library another readlog has open is
    refused as busy."""
    try:
        head = read_header(library)
        if not head or recognise(library, head) == NEW:
            return None, False
    except ReadlogError as exc:
        if exc.key == "damaged":
            return None, True
        raise
    timeout = busy_timeout()
    try:
        conn = sqlite3.connect(library, timeout=timeout, isolation_level=None, factory=Connection)
    except sqlite3.Error:
        return None, True
    try:
        # An exclusive lock kept until closed: in WAL mode every other connection
        # to the library holds a shared lock for as long as it is open, so this
        # waits for them (the busy timeout), then refuses. Set before the first
        # read, it also keeps the WAL index in memory: no -shm file is used.
        conn.execute("PRAGMA locking_mode=EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("COMMIT")
    except sqlite3.OperationalError as exc:
        conn.close()
        text = str(exc)
        if "locked" in text or "busy" in text:
            raise ReadlogError.of("restore_busy", path=library, seconds=timeout) from None
        if "readonly" in text or "read-only" in text:
            raise ReadlogError.of("read_only", path=library, reason=not_writable(library)) from None
        if disk_full(exc, library):
            raise ReadlogError.of("disk_full", path=library) from None
        return None, True
    except sqlite3.DatabaseError:
        conn.close()
        return None, True
    return conn, True
