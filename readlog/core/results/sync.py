"""What a sync did (Library.sync, core/api/syncing.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SkippedFile:
    """A file in the target that a sync passed over, and why: ``conflict`` (a replication
    engine's conflict copy), ``foreign`` (not readlog's), ``newer`` (a later readlog's:
    read once this one is upgraded), ``damaged`` (cannot be read, and its device has
    written on since), ``incomplete`` (still being written: read once it is whole); or an
    entry (``path``: its link) that a sync moved to the trash: ``same_link`` (another entry
    has its link; the one with the greater fingerprint goes, the same on every device)."""

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
class DeviceSeen:
    """Another device as ``sync_status()`` knows it: its id, when changes were last received
    from it (UTC, ISO 8601; None: never yet), and how many of the frames it wrote in the
    target are not taken in yet (None: the target could not be read; for a git remote,
    counted in the copy the last sync fetched)."""

    device: str
    received_at: str | None
    unread: int | None


@dataclass(frozen=True)
class SyncStatus:
    """What ``sync_status()`` says: this library's device id and the folder it syncs with
    (None before its first sync); each other device seen (DeviceSeen); how many changes made
    here wait to be sent (entries, saved views and followed feeds changed since the last
    sync; before the first, all the library holds), and whether an interrupted sync left
    an update unsent (``unsent``: written by the next sync)."""

    device: str | None
    target: str | None
    devices: tuple[DeviceSeen, ...]
    pending: int
    unsent: bool = False
