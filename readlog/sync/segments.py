"""The target folder: each device's numbered segment files, written and read.

Layout: ``TARGET/<device id>/<number>.rls``, one folder per device, which only
that device writes into; a segment is written once, whole, under a name no
file had (never over one, never a temporary file), and never changed after.
A segment is a header (MAGIC and the format's version, one byte) followed by
frames: the payload's length and CRC-32 (4 bytes each, big-endian), then the
payload: one byte of kind and the zlib-compressed body. A frame whose bytes
are not all there yet, or whose checksum is wrong, stops the reading of that
device where it is (the replication engine may still be writing the file),
unless the device has written a later segment since: then the rest of the
file is damaged for good, reported and passed over.

Anything else found in the folder (another program's file, a replication
engine's conflict copy, a segment of a newer format) is reported and skipped,
but for the files replication engines keep there for themselves (ENGINE).
Nothing here touches the library; no UI.
"""

from __future__ import annotations

import os
import re
import stat
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

MAGIC = b"RLSYNC"
VERSION = 1
HEADER = MAGIC + bytes([VERSION]) + b"\n"
FRAME = struct.Struct(">II")
SUFFIX = ".rls"
DEVICE = re.compile(r"[0-9a-f]{16}")
SEGMENT = re.compile(r"(\d{8})\.rls")
# The names replication engines give the copies they make of a file changed on two
# machines at once: Syncthing's ``NAME.sync-conflict-DATE-TIME-DEVICE.EXT``, Dropbox's
# ``NAME (conflicted copy DATE).EXT`` and the like.
CONFLICT = re.compile(r"\.sync-conflict-|\(conflicted copy|\bconflicted copy\b", re.IGNORECASE)
# The files a replication engine or a file manager keeps in the folder for itself: Syncthing's
# folder marker, ignore list, old versions and the temporary file it writes a segment into
# before renaming it (a segment arrives whole), Dropbox's marker and cache, the Finder's
# and Explorer's folder settings. Passed over without a word: they are in every such folder.
ENGINE = re.compile(
    r"\.stfolder|\.stignore|\.stversions|\.syncthing\..*\.tmp|~syncthing~.*\.tmp"
    r"|\.dropbox(?:\.attr|\.cache)?|\.DS_Store|desktop\.ini",
    re.DOTALL,
)
# The kinds of frame: a CRDT update; records of entries (their whole rows, JSON).
UPDATE = b"U"
RECORDS = b"C"


@dataclass(frozen=True)
class Skipped:
    """A file passed over, and why: ``conflict`` (a replication engine's conflict copy),
    ``foreign`` (not readlog's), ``newer`` (a later readlog's format), ``damaged`` (a
    checksum or frame that cannot be right, with a later segment written since),
    ``incomplete`` (still being written, read when complete); and, said by the engine, an
    entry moved to the trash (``path``: its link) because another has its link (``same_link``)."""

    path: str
    reason: str


@dataclass
class Position:
    """How far a device's segments have been read: the segment and the byte in it."""

    segment: int = 0
    offset: int = 0


@dataclass
class Read:
    """What reading the other devices found: each device's frames (kind, body) in order,
    where each now stands, and the files passed over."""

    frames: dict[str, list[tuple[bytes, bytes]]] = field(default_factory=dict)
    positions: dict[str, Position] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)


def encode(kind: bytes, body: bytes) -> bytes:
    payload = kind + zlib.compress(body, 6)
    return FRAME.pack(len(payload), zlib.crc32(payload)) + payload


def numbers(folder: Path) -> list[int]:
    """The numbers of the segments in a device's folder, in order."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    return sorted(int(m.group(1)) for n in names if (m := SEGMENT.fullmatch(n)))


def write(target: Path, device: str, frames: list[tuple[bytes, bytes]]) -> Path:
    """Write one new segment of ``frames`` into the device's folder, under the number
    after the highest there, created exclusively and flushed to the disk."""
    folder = target / device
    folder.mkdir(parents=True, exist_ok=True)
    data = HEADER + b"".join(encode(k, b) for k, b in frames)
    number = (numbers(folder) or [0])[-1] + 1
    while True:
        path = folder / f"{number:08d}{SUFFIX}"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            number += 1
            continue
        break
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
    return path


class NotAFile(OSError):
    """A name in the folder that is not a regular file (a FIFO, a device, a socket): never
    opened for reading, which could wait for ever."""


def _open_regular(path: Path) -> BinaryIO:
    """The regular file ``path`` opened for reading; NotAFile for anything else. Opened without
    waiting (a FIFO with no writer would hold the sync, or --status, and the library's user, for good)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise NotAFile(str(path))
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def _read_regular(path: Path) -> bytes:
    """The bytes of the regular file ``path``; NotAFile for anything else."""
    with _open_regular(path) as f:
        return f.read()


def read_others(target: Path, me: str, positions: dict[str, Position]) -> Read:
    """Every frame the other devices wrote since ``positions``, and what was passed over."""
    found = Read()
    try:
        names = sorted(os.listdir(target))
    except FileNotFoundError:
        return found
    for name in names:
        path = target / name
        if name == me or ENGINE.fullmatch(name):
            continue
        if CONFLICT.search(name):
            found.skipped.append(Skipped(str(path), "conflict"))
        elif not DEVICE.fullmatch(name) or not path.is_dir():
            found.skipped.append(Skipped(str(path), "foreign"))
        else:
            start = positions.get(name, Position())
            frames, pos = _read_device(path, start, found.skipped)
            found.frames[name] = frames
            found.positions[name] = pos
    return found


def _read_device(folder: Path, start: Position, skipped: list[Skipped]) -> tuple[list[tuple[bytes, bytes]], Position]:
    frames: list[tuple[bytes, bytes]] = []
    for name in sorted(os.listdir(folder)):
        if SEGMENT.fullmatch(name) or ENGINE.fullmatch(name):
            continue
        skipped.append(Skipped(str(folder / name), "conflict" if CONFLICT.search(name) else "foreign"))
    segments = [n for n in numbers(folder) if n >= start.segment]
    pos = start
    for i, number in enumerate(segments):
        later = i + 1 < len(segments)
        offset = start.offset if number == start.segment else 0
        path = folder / f"{number:08d}{SUFFIX}"
        try:
            data = _read_regular(path)
        except NotAFile:
            skipped.append(Skipped(str(path), "foreign"))
            if later:
                continue
            return frames, Position(number, offset)
        except OSError:
            skipped.append(Skipped(str(path), "incomplete"))
            return frames, Position(number, offset)
        got, end, problem = _frames(data, offset)
        frames += got
        if problem is None:
            pos = Position(number, end)
            continue
        if problem != "newer" and later:  # the device has moved on: this file will not change
            skipped.append(Skipped(str(path), "foreign" if problem == "foreign" else "damaged"))
            pos = Position(number, len(data))
            continue
        # Read again next time: still being written, or (newer) readable once readlog is.
        skipped.append(Skipped(str(path), problem))
        return frames, Position(number, end)
    return frames, pos


def _frames(data: bytes, offset: int) -> tuple[list[tuple[bytes, bytes]], int, str | None]:
    """The whole frames of a segment from ``offset``, where they end, and what stopped
    the reading before the end: None, ``incomplete``, ``damaged``, ``newer`` or ``foreign``."""
    if offset == 0:
        if len(data) < len(HEADER):
            return [], 0, "incomplete" if HEADER.startswith(data[: len(HEADER)]) or not data else "foreign"
        if data[: len(MAGIC)] != MAGIC:
            return [], 0, "foreign"
        if data[len(MAGIC)] > VERSION:
            return [], 0, "newer"
        if data[: len(HEADER)] != HEADER:
            return [], 0, "damaged"
        offset = len(HEADER)
    found: list[tuple[bytes, bytes]] = []
    while offset < len(data):
        if offset + FRAME.size > len(data):
            return found, offset, "incomplete"
        size, crc = FRAME.unpack_from(data, offset)
        start = offset + FRAME.size
        if start + size > len(data):
            return found, offset, "incomplete"
        payload = data[start : start + size]
        if size < 1 or zlib.crc32(payload) != crc:
            return found, offset, "damaged"
        try:
            body = zlib.decompress(payload[1:])
        except zlib.error:
            return found, offset, "damaged"
        found.append((payload[:1], body))
        offset = start + size
    return found, offset, None


def unread(target: Path, me: str, positions: dict[str, Position]) -> dict[str, int]:
    """How many whole frames each other device has written past ``positions`` (those read),
    counted from the frames' headers alone (each payload is skipped, not read). A folder
    that cannot be read counts nothing."""
    counts: dict[str, int] = {}
    try:
        names = sorted(os.listdir(target))
    except OSError:
        return counts
    for name in names:
        folder = target / name
        if name == me or not DEVICE.fullmatch(name) or not folder.is_dir():
            continue
        start = positions.get(name, Position())
        counts[name] = sum(
            _count(folder / f"{number:08d}{SUFFIX}", start.offset if number == start.segment else 0)
            for number in numbers(folder)
            if number >= start.segment
        )
    return counts


def _count(path: Path, offset: int) -> int:
    """The whole frames of a segment from ``offset`` (0: its start, past the header)."""
    n = 0
    try:
        with _open_regular(path) as f:  # NotAFile (an OSError): no frames
            size = os.fstat(f.fileno()).st_size
            if offset == 0:
                if f.read(len(HEADER)) != HEADER:
                    return 0
                offset = len(HEADER)
            while offset + FRAME.size <= size:
                f.seek(offset)
                length, _ = FRAME.unpack(f.read(FRAME.size))
                if offset + FRAME.size + length > size:
                    break
                n += 1
                offset += FRAME.size + length
    except OSError:
        return n
    return n
