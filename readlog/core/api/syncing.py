"""Sync between machines, as ``readlog sync`` does it: sync, sync_status (the use case of
readlog/sync; Library takes these from Syncing here, as each area's methods from theirs).

The target is a folder (its path); a library remembers the last one it synced
with, so that ``sync()`` without one uses it. Errors the user can act on (no
target yet, a target that is not a folder or cannot be written) are
ReadlogErrors; what the target holds that cannot be read is in the result.
readlog/sync (and pycrdt with it) is imported only when a sync runs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from readlog.core.api.base import Base
from readlog.core.arguments import _checked
from readlog.model.errors import ReadlogError
from readlog.model.messages import os_reason

if TYPE_CHECKING:
    from readlog.core.results.sync import Synced, SyncStatus
    from readlog.store import Store

TARGET = "target"


class Syncing(Base):
    """The sync methods of Library."""

    @_checked()
    def sync(self, target: str | os.PathLike[str] | None = None) -> Synced:
        """Send this library's changes to the folder ``target`` and take in the other
        devices', as ``readlog sync`` does (docs/sync.md); without ``target``, the folder
        it last synced with. Returns what was sent, received and skipped (Synced)."""
        return sync(self.store, target)  # type: ignore[arg-type]  # checked: a str or None

    @_checked()
    def sync_forget(self) -> str | None:
        """Stop syncing, as ``readlog sync --forget`` does: forget the target, so that
        ``sync()`` without one no longer syncs; the target forgotten (None: there was none).
        The library keeps all it holds, and its device id and how far it had sent and read:
        ``sync(target)`` with the same target takes up again where it stopped, sending what
        changed meanwhile. Changes no entry, view or feed, so nothing to undo."""
        return forget(self.store)

    @_checked()
    def sync_status(self) -> SyncStatus:
        """What ``readlog sync --status`` says: this library's device id and target, each
        other device seen (when changes were last received from it, how many of its frames
        are not taken in yet), and how many changes made here wait to be sent."""
        return status(self.store)


def sync(lib: Store, target: str | None = None) -> Synced:
    """Sync the library with the folder ``target`` (else the one it last synced with)."""
    from readlog.core.results.sync import SkippedFile, Synced
    from readlog.store import syncing
    from readlog.sync import gitremote
    from readlog.sync.engine import sync as run

    given = target if target is not None else syncing.get_state(lib, TARGET)
    if not given:
        raise ReadlogError.of("sync_no_target")
    if gitremote.is_git(str(given)):
        where = str(given)
        if "://" not in where and "@" not in where:
            where = str(Path(os.path.expanduser(where)).absolute())
    else:
        folder = Path(os.path.expanduser(str(given))).absolute()
        if not folder.is_dir():
            raise ReadlogError.of("sync_not_folder", path=str(folder))
        where = str(folder)
    try:
        if gitremote.is_git(where):
            from readlog.sync.engine import device_of

            cache = gitremote.cache_for(lib.path, where)
            done = gitremote.through(where, cache, device_of(lib)[0], lambda folder: run(lib, folder))
            done.target = where
        else:
            done = run(lib, Path(where))
    except OSError as exc:
        raise ReadlogError.of("sync_failed", path=where, reason=os_reason(exc)) from None
    except Exception as exc:  # dulwich's errors (a remote that cannot be reached or read)
        if type(exc).__module__.split(".")[0] != "dulwich":
            raise
        raise ReadlogError.of("sync_failed", path=where, reason=str(exc) or type(exc).__name__) from None
    if target is not None and syncing.get_state(lib, TARGET) != where:
        with lib.transaction():
            syncing.set_state(lib, TARGET, where)
    skipped = tuple(SkippedFile(s.path, s.reason) for s in done.skipped)
    return Synced(done.device, done.target, done.sent, done.received, done.action, tuple(done.devices), skipped)


def forget(lib: Store) -> str | None:
    """Forget the library's sync target; the one forgotten, or None."""
    from readlog.store import syncing

    with lib.transaction():
        target = syncing.get_state(lib, TARGET)
        if target:
            syncing.set_state(lib, TARGET, None)
    return str(target) if target else None


def status(lib: Store) -> SyncStatus:
    """Where the library stands with sync: the library's marks and the history since, and
    the target's files counted from where they were read (never the network: for a git
    remote, the copy its last sync fetched)."""
    import json

    from readlog.core.results.sync import DeviceSeen, SyncStatus
    from readlog.store import syncing
    from readlog.sync import gitremote, segments

    device = syncing.get_state(lib, "device")
    target = syncing.get_state(lib, TARGET)
    seen = json.loads(syncing.get_state(lib, "seen") or "{}")
    unsent = bool(json.loads(syncing.get_state(lib, "outbox") or "[]"))
    if device:
        marks = syncing.Marks(**json.loads(syncing.get_state(lib, "marks") or "{}"))
        pending = syncing.changed_since(lib, marks).count()
    else:
        pending = syncing.holdings(lib)
    counts: dict[str, int] | None = None
    if device and target:
        folder = (
            gitremote.cache_for(lib.path, str(target)) / "folder" if gitremote.is_git(str(target)) else Path(target)
        )
        if folder.is_dir():
            raw = json.loads(syncing.get_state(lib, "positions") or "{}")
            positions = {name: segments.Position(*pos) for name, pos in raw.items()}
            counts = segments.unread(folder, str(device), positions)
    names = sorted(set(seen) | set(counts or {}))
    devices = tuple(
        DeviceSeen(
            str(name), str(seen[name]) if name in seen else None, None if counts is None else counts.get(name, 0)
        )
        for name in names
    )
    return SyncStatus(str(device) if device else None, str(target) if target else None, devices, pending, unsent)
