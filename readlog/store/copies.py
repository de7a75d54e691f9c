"""Whole copies of the library file: a backup, written whole or not at all.

Every copy is written under a temporary name in its target's folder, with
permissions no wider than the files it comes from or replaces (``mode_for``),
synced, and renamed into place: a failed or interrupted copy (Ctrl-C, and
SIGTERM or SIGHUP alike: model.errors.signals_as_interrupt) leaves neither
half a file nor the temporary one and its journal. A copy of a library is
made with SQLite's online backup, consistent while another readlog writes and
with the library's WAL in it, as one self-contained file (rollback journal).
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from readlog.model.errors import ReadlogError, signals_as_interrupt
from readlog.model.messages import Phrase, os_reason
from readlog.store.files import Connection, disk_full

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
