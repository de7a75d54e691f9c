"""What a sync did (Library.sync, core/api/syncing.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SkippedFile:
    """A file in the target that a sync passed over, and why: ``conflict`` (a replication
    engine's conflict copy), ``foreign`` (not readlog's), ``newer`` (a later readlog's:
    read once this one is upgraded), ``damaged`` (cannot be read, and its device has
    written on since), ``incomplete`` (still being written: read once it is whole)."""

    path: str
    reason: str


@dataclass(frozen=True)
class Synced:
    """What ``sync()`` did: this library's device id and the target folder; how many
    entries' changes it sent and how many entries it changed here (the action that
    recorded them, which ``undo()`` takes back; None when nothing changed here); the
    other devices whose files it read; the files it passed over."""

    device: str
    target: str
    sent: int
    received: int
    action: int | None
    devices: tuple[str, ...]
    skipped: tuple[SkippedFile, ...]


@dataclass(frozen=True)
class SyncStatus:
    """What ``sync_status()`` says: this library's device id and the folder it syncs with
    (None before its first sync); each other device whose changes it received and when
    it last did (UTC, ISO 8601); and whether changes made here wait to be sent (made
    since the last sync, or left unsent by an interrupted one)."""

    device: str | None
    target: str | None
    devices: tuple[tuple[str, str], ...]
    pending: bool
