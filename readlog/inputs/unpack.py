"""Compressed inputs, opened as the text inside them.

Exports and feeds are sometimes gzipped (``export.json.gz``, a feed saved
with its transfer encoding), and Firefox keeps its bookmark backups as
``bookmarks-*.jsonlz4``: JSON compressed with LZ4 behind a ``mozLz40\\0``
header. Either is recognised by its first bytes, whatever the file is
called, and read as the text inside, so detection and parsing never see
the difference. gzip is streamed; an LZ4 block must be decoded whole, so
its declared size is bounded.

Safari keeps bookmarks and its Reading List in ``Bookmarks.plist``, a
binary property list (or XML after ``plutil -convert xml1``). A property
list is read as its JSON equivalent (dates as ISO 8601 in UTC, binary
data left out), which the ``safari`` importer then walks like any JSON.
An XML plist's ``<date>`` values are passed on as the text they hold:
plistlib refuses what ``plutil`` writes as often as not (fractions of a
second, ``2024-05-01T10:20:30.123456Z``), and the importer reads times
itself.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import sys
import zipfile
import zlib
from collections.abc import Callable
from datetime import datetime
from typing import BinaryIO, cast

from readlog.inputs.limits import bomb, bomb_like, read_limit, too_large
from readlog.model.errors import ReadlogError
from readlog.model.messages import Phrase, say

GZIP_MAGIC = b"\x1f\x8b"
BPLIST_MAGIC = b"bplist00"
_XML_PLIST = re.compile(rb"^(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*>\s*)?<!DOCTYPE\s+plist", re.I)
MOZLZ4_MAGIC = b"mozLz40\x00"
_XML_DATE = re.compile(rb"<date>([^<]*)</date>")


class Decoded(io.BytesIO):
    """The text inside a file that only one application writes: ``format_name`` names
    it, so that detection never has to guess (a mozLz4 file is Firefox's)."""

    def __init__(self, data: bytes, format_name: str) -> None:
        super().__init__(data)
        self.format_name = format_name


# How much compressed data a gzip reader is given at a time. The bomb check compares what came
# out with what went in (``taken``); a reader that takes more at once than it has decompressed
# makes the data look less expanded than it is. Python's gzip asks for 8 KiB up to 3.11 and for
# 128 KiB from 3.12, which let a bomb run to 14 MB instead of stopping soon after 8 MB: giving it
# 8 KiB at most keeps the count within 8 KiB of what was decompressed, on every version.
PACKED_STEP = 8 * 1024


class Prefixed:
    """A stream whose first bytes were already read: they are given back first.
    ``step``: the most one read gives (fewer bytes than asked is allowed of a stream)."""

    def __init__(self, head: bytes, stream: BinaryIO, *, step: int | None = None) -> None:
        self.head, self.stream = head, stream
        self.step = step
        self.taken = 0  # bytes given out so far

    def read(self, size: int = -1) -> bytes:
        if self.step is not None and not 0 <= size <= self.step:
            size = self.step
        if not self.head:
            data = self.stream.read(size)
        elif size < 0:
            data, self.head = self.head + self.stream.read(), b""
        else:
            data, self.head = self.head[:size], self.head[size:]
        self.taken += len(data)
        return data

    def close(self) -> None:
        self.stream.close()


class Guarded:
    """A decompressing stream (gzip data, an archive member): its damage surfaces
    as OSError, which readers report per file instead of failing, and it
    stops with an error past ``limit`` bytes of output or, when ``packed``
    tells how many compressed bytes went in, at the expansion of a
    compression bomb (limits.py). ``what`` names the data in damage reports,
    ``name`` the file in errors."""

    def __init__(
        self,
        stream: object,
        what: str,
        *,
        name: str = "",
        limit: int | None = None,
        packed: Callable[[], int] | None = None,
    ) -> None:
        self.stream, self.name, self.source = stream, what, name or say(what)  # what: a catalogue key
        self.limit = read_limit() if limit is None else limit
        self.packed = packed
        self.given = 0
        self.notes: list[str] = []  # damage that cost nothing (catalogue keys); read by InputFile
        self.ended = False

    def read(self, size: int = -1) -> bytes:
        """Up to ``size`` bytes, gathered with read1 so that damage found
        after some data never discards the data already decoded."""
        out = bytearray()
        while not self.ended and (size < 0 or len(out) < size):
            piece = self._read1(size - len(out) if size >= 0 else -1)
            if not piece:
                break
            out += piece
        self.given += len(out)
        if self.given > self.limit:
            raise too_large(self.source, "limit_compressed_expands", self.limit)
        if self.packed is not None and bomb_like(self.given, self.packed()):
            raise bomb(self.source, self.given, self.packed())
        return bytes(out)

    def _read1(self, size: int) -> bytes:
        if self.ended:
            return b""
        try:
            return cast(bytes, self.stream.read1(size))  # type: ignore[attr-defined]
        except gzip.BadGzipFile as exc:
            if not str(exc).startswith("Not a gzipped file"):
                raise Damaged(self.name, exc) from None
            # Bytes after the last complete member (padding from a download
            # or a copy tool): the data is whole; gzip -d says the same.
            return self._end("import_gzip_trailing")
        except EOFError as exc:
            if isinstance(self.stream, gzip.GzipFile):  # a download cut short: keep what arrived
                return self._end("import_gzip_cut")
            raise Damaged(self.name, exc) from None
        except (zlib.error, ValueError, zipfile.BadZipFile) as exc:
            raise Damaged(self.name, exc) from None
        except OSError as exc:  # a read error of the file underneath
            raise Damaged(self.name, exc) from None

    def _end(self, note: str) -> bytes:
        self.ended = True
        self.notes.append(note)
        return b""

    def close(self) -> None:
        self.stream.close()  # type: ignore[attr-defined]


class Damaged(OSError):
    """Compressed data that cannot be read on: said by its catalogue key
    (``input_damaged``, what was damaged and the library's own reason), so
    that ``messages.detail`` says it in the user's language."""

    def __init__(self, what: str, exc: BaseException) -> None:
        self.key = "input_damaged"
        self.params: dict[str, object] = {"what": Phrase(what), "detail": str(exc)}
        super().__init__(say(self.key, "en", **self.params))


def is_stdin(stream: object) -> bool:
    """Whether ``stream`` is standard input (never closed by readlog); False when stdin is closed."""
    return sys.stdin is not None and stream is getattr(sys.stdin, "buffer", None)


def unwrap(name: str, stream: BinaryIO, head: bytes) -> BinaryIO | None:
    """The decompressed stream when ``head`` starts a gzip or mozLz4 file, else None."""
    if head.startswith(GZIP_MAGIC):
        packed = Prefixed(head, stream, step=PACKED_STEP)
        inner = gzip.GzipFile(fileobj=cast(BinaryIO, packed), mode="rb")
        return cast(BinaryIO, Guarded(inner, "input_gzip_data", name=name, packed=lambda: packed.taken))
    if head.startswith(MOZLZ4_MAGIC):
        return Decoded(_mozlz4(name, _whole(name, head, stream)), "firefox")
    if head.startswith(BPLIST_MAGIC) or _XML_PLIST.match(head):
        return io.BytesIO(_plist_as_json(name, _whole(name, head, stream)))
    return None


def _whole(name: str, head: bytes, stream: BinaryIO) -> bytes:
    """The whole file (it cannot be decoded in pieces), refusing a huge one."""
    chunks, size, limit = [head], len(head), read_limit()
    while chunk := stream.read(1 << 20):
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise too_large(name, "limit_whole", limit)
    if not is_stdin(stream):
        stream.close()  # all of it is in memory now
    return b"".join(chunks)


def _plist_as_json(name: str, data: bytes) -> bytes:
    import plistlib
    from xml.parsers.expat import ExpatError

    if not data.startswith(BPLIST_MAGIC):  # dates as text: plistlib reads no fraction of a second
        data = _XML_DATE.sub(rb"<string>\1</string>", data)
    try:  # a cut-off XML plist fails in expat; a binary one may refer to itself (a cycle)
        value = plistlib.loads(data)
        return _json_within(name, value)
    except (
        plistlib.InvalidFileException, ExpatError, ValueError, TypeError, KeyError, IndexError, OverflowError,
        RecursionError, AttributeError,
    ):  # fmt: skip
        raise ReadlogError.of("plist_damaged", name=name) from None


def _json_within(name: str, value: object) -> bytes:
    """``value`` as JSON, stopping at the read cap: a binary property list may
    list one array many times over, each holding another (a few KB on disk,
    gigabytes written out), so the JSON is built piece by piece and counted."""
    limit, size, pieces = read_limit(), 0, []
    for piece in json.JSONEncoder(default=_plist_value, ensure_ascii=False).iterencode(value):
        size += len(piece)
        if size > limit:
            raise too_large(name, "limit_plist_json", limit)
        pieces.append(piece)
    return "".join(pieces).encode("utf-8")


def _plist_value(value: object) -> object:
    """JSON for what a property list holds beyond JSON's types."""
    if isinstance(value, datetime):
        return value.replace(tzinfo=None).isoformat() + "Z"  # plistlib gives UTC without a zone
    return None  # binary data and archiver UIDs carry nothing readlog keeps


def _mozlz4(name: str, data: bytes) -> bytes:
    size, limit = int.from_bytes(data[8:12], "little"), read_limit()
    if size > limit:
        raise too_large(name, "limit_lz4_declared", limit, size=size)
    try:
        return lz4_block(data[12:], size)
    except (IndexError, ValueError):
        raise ReadlogError.of("lz4_damaged", name=name) from None


def lz4_block(src: bytes, size: int) -> bytes:
    """Decode one LZ4 block (the format's sequences of literals and back-references)
    to exactly ``size`` bytes; ValueError or IndexError when it is malformed."""
    out = bytearray()
    i, end = 0, len(src)
    while i < end:
        token = src[i]
        i += 1
        literals, i = _length(src, i, token >> 4)
        if len(out) + literals > size:
            raise ValueError("more data than declared")
        out += src[i : i + literals]
        i += literals
        if i >= end:
            break  # the last sequence holds only literals
        offset = src[i] | src[i + 1] << 8
        i += 2
        if not 0 < offset <= len(out):
            raise ValueError("match offset outside the data")
        length, i = _length(src, i, token & 15)
        length += 4
        if len(out) + length > size:  # checked before the copy: a hostile length never allocates
            raise ValueError("more data than declared")
        start = len(out) - offset
        if offset >= length:
            out += out[start : start + length]
        else:  # the match overlaps what it writes: a repeating pattern
            whole, part = divmod(length, offset)
            pattern = out[start:]
            out += pattern * whole + pattern[:part]
    if len(out) != size:
        raise ValueError("less data than declared")
    return bytes(out)


def _length(src: bytes, i: int, nibble: int) -> tuple[int, int]:
    """A length whose 4-bit value 15 continues in the following bytes."""
    if nibble != 15:
        return nibble, i
    while True:
        extra = src[i]
        i += 1
        nibble += extra
        if extra != 255:
            return nibble, i
