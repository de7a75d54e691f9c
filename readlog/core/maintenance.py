"""The library file itself: open it, check it, back it up, restore a backup, rebuild its search index.

Values in, values out; nothing printed. The faces open the library through
core.library.open_for_command (the upgrade's notices and progress go to the
callbacks they pass) and turn an SQLite failure met mid-command into one line
with ``database_error``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from readlog.model.errors import ReadlogError

if TYPE_CHECKING:
    from readlog.store import Store

Row = dict[str, Any]
Progress = Callable[[str, int | None], Any]


# ---- opening ------------------------------------------------------------------------


def library_file(db: str | None = None) -> Path:
    """The library file ``--db`` names, else $READLOG_DB, the config file's, or the user data folder's."""
    from readlog.settings import library_path

    return library_path(db)[0]


def database_error(exc: sqlite3.Error, path: Path) -> ReadlogError:
    """One line for an SQLite failure met while working on the library at
    ``path``: busy, read-only, or a damaged file. What a command says and
    what the Python API raises (core.arguments, core.library) for one met midway."""
    from readlog.store import database_error as error

    return error(exc, path)


# ---- checking -----------------------------------------------------------------------


def check(path: Path) -> Row:
    """Look at the library file without changing it, as ``readlog db check`` does.

    Returns the findings (path, version, latest, entries, index, highlights and
    highlights_index (the rows of the highlights and of their index), journal,
    integrity) with ``ok`` and the ``problems`` found (in English). A file
    that does not exist, or cannot be reached, is a ReadlogError (store.inspect).
    """
    from readlog.store import inspect

    report = inspect(path)
    found = problems(report)
    return {**report, "ok": not found, "problems": found}


def problems(report: Row, lang: str = "en") -> list[str]:
    """What is wrong with a checked library, in ``lang``."""
    from readlog.model.messages import say

    found = (
        [] if report["integrity"] == ["ok"] else [say("problem_integrity", lang, detail=p) for p in report["integrity"]]
    )
    if report["entries"] is None:
        found.append(say("problem_entries", lang))
    if report["version"] > report["latest"]:
        found.append(say("problem_newer", lang, version=report["version"]))
    highlights = report.get("highlights"), report.get("highlights_index")
    out_of_step = report["index"] is not None and report["index"] != report["entries"]
    if out_of_step or (None not in highlights and highlights[0] != highlights[1]):
        found.append(say("problem_index", lang))
    found += [say("problem_schema", lang, name=name) for name in report["schema"]]
    for bad in report["not_utf8"]:
        key = "problem_not_utf8_entry" if bad["table"] == "entries" else "problem_not_utf8_row"
        found.append(say(key, lang, table=bad["table"], row=bad["row"], columns=", ".join(bad["columns"])))
    if report["not_utf8_rows"] > len(report["not_utf8"]):
        found.append(say("problem_not_utf8_more", lang, n=report["not_utf8_rows"] - len(report["not_utf8"])))
    return found


# ---- backing up ---------------------------------------------------------------------


@dataclass(frozen=True)
class Backup:
    """Where a backup went: the library copied, the copy, and its size in bytes."""

    library: Path
    target: Path
    bytes: int


def default_backup_name(library: Path, when: datetime, n: int = 1) -> str:
    """readlog.db -> readlog-backup-20261203-081500.db (sorts by time; -2, -3 within one second)."""
    stamp = when.strftime("%Y%m%d-%H%M%S") + (f"-{n}" if n > 1 else "")
    return f"{library.stem}-backup-{stamp}{library.suffix or '.db'}"


def backup_target(library: Path, given: str | None, *, force: bool) -> Path:
    """Where the copy goes: ``given``, a file inside it when it is a folder, or
    beside the library. Never the library itself; never over a file unless forced."""
    folder = library.parent
    if given is not None:
        from readlog.settings import expand

        target = expand(given, "backup", "PATH")
        if not target.is_dir():
            return _checked(library, target, force=force)
        folder = target
    now, n = datetime.now(), 1
    target = folder / default_backup_name(library, now)
    while target.exists():  # two backups within a second: keep both
        n += 1
        target = folder / default_backup_name(library, now, n)
    return _checked(library, target, force=force)


def _checked(library: Path, target: Path, *, force: bool) -> Path:
    from readlog.store import is_library_file

    if is_library_file(library, target):
        raise ReadlogError.of("backup_is_library", path=target)
    if target.exists() and not force:
        raise ReadlogError.of("backup_exists", path=target)
    if not target.parent.is_dir():
        raise ReadlogError.of("no_such_folder", path=target.parent)
    return target


def backup(lib: Store, given: str | None = None, *, force: bool = False) -> Backup:
    """Write a consistent, checked copy of the library, as ``readlog backup [PATH]`` does
    (``given``: a file or folder; default beside the library)."""
    target = backup_target(lib.path, given, force=force)
    lib.backup(target)
    return Backup(lib.path, target, target.stat().st_size)


# ---- restoring ----------------------------------------------------------------------


@dataclass(frozen=True)
class Restore:
    """A backup put in place of the library (``restore``), or about to be
    (``restore_plan``): the library and the backup; the backup's entries and
    schema version; planned only, the library's entries now (None when there
    is none or it cannot be read) and whether there is a file to keep; where
    the library it replaced was kept (None: not yet, or there was none)."""

    library: Path
    backup: Path
    entries: int
    version: int
    replacing: int | None = None
    there: bool = False
    kept: Path | None = None


def _backup_file(library: Path, given: str) -> Path:
    from readlog.settings import expand
    from readlog.store import is_library_file

    backup = expand(given, "backup", "BACKUP")
    if is_library_file(library, backup):
        raise ReadlogError.of("restore_is_library", path=backup)
    return backup


def restore_plan(library: Path, given: str) -> Restore:
    """What ``restore`` would do, found without changing anything: the backup
    ``given`` names, checked as ``restore`` checks it, and the library now."""
    from readlog.store import copies

    backup = _backup_file(library, given)
    entries, version = copies.look_at_backup(backup)
    there, replacing = copies.current(library)
    return Restore(library, backup, entries, version, replacing, there)


def restore(library: Path, given: str) -> Restore:
    """Put the backup ``given`` names in place of the library, as ``readlog db
    restore`` does: only a sound readlog library (its mark, SQLite's
    quick_check, its schema; an older schema is upgraded when next opened),
    never while another readlog has the library open. The library replaced is
    kept beside it first, under a name ``backup`` would give it; what a crashed
    readlog left beside it is never replayed onto the backup. Anything wrong
    is a ReadlogError, and then nothing was changed."""
    from readlog.model.messages import os_reason
    from readlog.store import copies

    backup = _backup_file(library, given)
    try:
        library.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ReadlogError.of("library_folder_failed", path=str(library), reason=os_reason(exc)) from None
    keep = backup_target(library, None, force=False)
    entries, version, kept = copies.restore(library, backup, keep)
    return Restore(library, backup, entries, version, kept=kept)


# ---- the search index ---------------------------------------------------------------


def rebuild_index(lib: Store, progress: Progress | None = None) -> int:
    """Re-create the search index and the view counters from the entries, as
    ``readlog db rebuild-index`` does; returns how many entries were indexed."""
    return lib.rebuild_index(progress)
