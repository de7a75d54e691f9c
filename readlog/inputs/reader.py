"""Open an input file as a stream of decoded lines, checking it on the way.

Everything an importer reads comes through here, so that encodings, byte
order marks, line ends, binary data and over-long lines are handled once.
The file is read in chunks: memory stays bounded however large it is, and
its sha256 is computed as a side effect of reading it.
"""

from __future__ import annotations

import codecs
import hashlib
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, BinaryIO, cast

from readlog.inputs import legacy
from readlog.inputs.limits import READ_ENV, read_limit, too_large
from readlog.inputs.unpack import is_stdin, unwrap
from readlog.model.errors import ReadlogError, UnreadableInput, UsageError
from readlog.model.messages import Phrase, detail, os_reason
from readlog.model.sanitize import shown_name

CHUNK = 1 << 20
SNIFF = 1 << 16
MAX_LINE = 2_000_000  # characters; longer lines are reported and skipped unread (but see lines())
ZIP_MAGIC = b"PK\x03\x04"
WHOLE = "limit_whole"  # the catalogue key of what a cap on a file read whole says


@dataclass
class InputFile:
    """An opened input: its name, first bytes for shape detection, and lines.

    ``long_lines`` collects the numbers of lines skipped for being longer
    than MAX_LINE, so importers can report them; ``notes`` collects other
    damage found while reading, reported after the entries. A feed that is
    not UTF-8 and names no encoding is read in the legacy encoding that
    fits it best (legacy.py), named in ``guessed_encoding``.
    """

    name: str
    stream: BinaryIO
    encoding: str
    head: bytes
    size: int | None
    digest: hashlib._Hash = field(default_factory=hashlib.sha256)
    bytes_read: int = 0
    long_lines: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # catalogue keys (import_gzip_cut...)
    format_hint: str | None = None  # the format a file that only one application writes is in (mozLz4: firefox)
    guessed_encoding: str = ""  # set when the encoding was guessed (a feed neither UTF-8 nor declared)
    # When the file was last written, where that is known (not for standard input): the default
    # reference time of relative stamps (收藏16 天前), since an export is written when it is made.
    modified: datetime | None = None
    modified_by: str = ""  # whose time that is: "file" (its own), "archive" (the zip archive's)
    # The files beside this one in its export, by their path from it ("highlights/a-slug.md"):
    # an opener of each, or None where there is none. Omnivore's export keeps an item's highlights
    # in highlights/<slug>.md beside its metadata_*.json (formats/highlights.py).
    companion: Callable[[str], InputFile | None] | None = None
    path: str = ""  # the file on disk it is read from, when it is one (not standard input, not unpacked)
    folder: str = ""  # a folder read as one input (a Maildir: formats/mail.py), its stream empty

    @property
    def sha256(self) -> str:
        return self.digest.hexdigest()

    def sniff_text(self) -> str:
        """The first 64 KiB decoded, for deciding which importer to use."""
        return self.head[:SNIFF].decode(self.encoding, errors="ignore").lstrip("\ufeff")

    def _chunks(self) -> Iterator[bytes]:
        pending = self.head
        while pending:
            self.digest.update(pending)
            self.bytes_read += len(pending)
            yield pending
            try:
                pending = self.stream.read(CHUNK)
            except OSError as exc:  # a disk error, or a damaged archive member (see archive.py)
                raise UnreadableInput.of(
                    "input_unreadable_past", name=self.name, at=self.bytes_read, detail=_reason(exc)
                ) from None
        self.notes.extend(getattr(self.stream, "notes", ()))  # what an unpacking layer let pass

    def raw_chunks(self) -> Iterator[bytes]:
        """The file's bytes in pieces, as they are (a message's: formats/mail.py),
        stopping with an error past the read cap (READLOG_MAX_READ_MB)."""
        limit = read_limit()
        for chunk in self._chunks():
            if self.bytes_read > limit:
                raise too_large(self.name, WHOLE, limit)
            yield chunk

    def read_bytes(self) -> bytes:
        """The whole file's bytes, within the read cap."""
        return b"".join(self.raw_chunks())

    def drain(self) -> None:
        """Read the file to its end without keeping it (its checksum and size are
        counted), for a format that reads the file on disk by its path."""
        for _ in self._chunks():
            pass

    def text_chunks(self) -> Iterator[tuple[int, str]]:
        """Decoded text in pieces, each with the line number it starts on."""
        decoder = codecs.getincrementaldecoder(self.encoding)(errors="strict")
        line = 1
        for raw in self._chunks():
            try:
                text = decoder.decode(raw)
            except UnicodeError as exc:
                if not isinstance(exc, UnicodeDecodeError):
                    raise not_text(self.name, self.encoding, str(exc), explicit=False) from None
                good = decoder.decode(raw[: exc.start], final=False) if exc.start else ""
                where = line + good.count("\n")
                raise bad_byte(self.name, self.encoding, where, raw[exc.start], explicit=False) from None
            if text:
                yield line, text
                line += text.count("\n")
        try:
            tail = decoder.decode(b"", final=True)
        except UnicodeError:
            tail = ""
            self.notes.append("import_char_cut")
        if tail:
            yield line, tail

    def read_text(self, limit: int | None = None, *, env: str = READ_ENV, what: str = WHOLE) -> str:
        """The whole file as text, for formats that must be parsed whole (JSON).

        Stops with an error past ``limit`` bytes (default: READLOG_MAX_READ_MB),
        naming ``env`` as the way to raise it; line ends are normalised chunk
        by chunk, so the text is held about twice at most, never more.
        """
        limit = read_limit() if limit is None else limit
        if self.size is not None and self.size > limit:
            raise too_large(self.name, what, limit, env)
        parts: list[str] = []
        for text in self._unix_chunks():
            if self.bytes_read > limit:
                raise too_large(self.name, what, limit, env)
            parts.append(text)
        return "".join(parts).lstrip("\ufeff")

    def _unix_chunks(self) -> Iterator[str]:
        """Decoded text in pieces with every CRLF and lone CR turned into LF
        (a CRLF split between two pieces included)."""
        after_cr = False
        for _, text in self.text_chunks():
            if after_cr and text.startswith("\n"):
                text = text[1:]
            after_cr = text.endswith("\r")
            yield text.replace("\r\n", "\n").replace("\r", "\n")

    def lines(self, longest: int = MAX_LINE) -> Iterator[tuple[int, str]]:
        """(line number, text) for each line, without its line end.

        CRLF and lone CR count as line ends. A line longer than ``longest``
        characters is consumed without being kept; its number goes to
        ``long_lines`` and an empty string stands in for it. readlog's own
        formats pass the longest line their export can write
        (fields.record_chars), so that nothing readlog stores is skipped
        on the way back; any other format's lines stop at MAX_LINE.
        """
        number = 1
        parts: list[str] = []  # the line not ended yet, in pieces (kept only while it is short enough)
        size = 0
        skipping = False  # the line not ended yet is too long: its text is not kept
        long_lines = self.long_lines
        for text in self._unix_chunks():
            pieces = text.split("\n")
            tail = pieces.pop()  # the start of a line that a later piece ends
            for piece in pieces:  # each ends a line: the fast path is a piece that is a whole line
                if parts or skipping:
                    size += len(piece)
                    if not skipping and size > longest:
                        skipping = True
                        long_lines.append(number)
                    line = "" if skipping else "".join(parts) + piece
                    parts, size, skipping = [], 0, False
                elif len(piece) > longest:
                    long_lines.append(number)
                    line = ""
                else:
                    line = piece
                if number == 1:
                    line = line.lstrip("\ufeff")
                yield number, line
                number += 1
            if not skipping:
                parts.append(tail)
                size += len(tail)
                if size > longest:
                    skipping, parts, size = True, [], 0
                    long_lines.append(number)
        if parts or skipping:
            line = "".join(parts)
            yield number, line.lstrip("\ufeff") if number == 1 else line


def _guess_encoding(head: bytes, requested: str | None) -> str:
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):  # before UTF-16: FF FE starts both
        return "utf-32"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    if not requested:
        for start, encoding in _XML_STARTS:
            if head.startswith(start):
                return encoding
    return requested or _declared_encoding(head) or "utf-8"


# How an XML document without a byte-order mark starts ("<?" or "<" followed by
# its root) in UTF-32 and UTF-16: the XML specification's own rule (appendix F).
_XML_STARTS = (
    (b"\x00\x00\x00<", "utf-32-be"),
    (b"<\x00\x00\x00", "utf-32-le"),
    (b"\x00<\x00?", "utf-16-be"),
    (b"<\x00?\x00", "utf-16-le"),
)


_XML_DECLARATION = re.compile(rb"""<\?xml[^>]{0,200}?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]{0,39})["']""")


def _declared_encoding(head: bytes) -> str | None:
    """The encoding an XML file (a feed) names in its declaration, e.g. ISO-8859-1."""
    m = _XML_DECLARATION.match(head)
    if not m:
        return None
    try:
        name = codecs.lookup(m.group(1).decode("ascii")).name
        return name if "<?xml".encode(name) == b"<?xml" else None  # only ASCII-compatible ones
    except (LookupError, UnicodeError):
        return None


def _looks_binary(head: bytes, encoding: str) -> bool:
    """NUL bytes mark binary data, but a stray one or two in a long text
    export (seen in real files) should not cost the user the whole import."""
    if encoding.startswith(("utf-16", "utf-32")):
        return False
    sample = head[:8192]
    return sample.count(0) > max(2, len(sample) // 1000)


def _only_nul_bytes(head: bytes) -> bool:
    """Whether a start with nothing but white space and NULs is NUL bytes, not
    blank UTF-16 or UTF-32 text: only NULs, or no byte-order mark and more
    NULs than the stray few a text export may hold (``_looks_binary``)."""
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # the UTF-32 marks start the same way
        return False
    if head and not head.strip(b"\x00"):
        return True
    return head.count(0) > 2 and _utf16_without_bom(head) is None


def _utf16_without_bom(head: bytes) -> str | None:
    """'utf-16-le' or 'utf-16-be' when the NULs fall where UTF-16 text puts them.

    The ASCII in UTF-16 text (line ends, digits, spaces) puts its zero bytes
    on one side of each pair; binary data has them anywhere.
    """
    sample = head[: len(head[:8192]) // 2 * 2]
    if len(sample) < 4:
        return None
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if max(even, odd) * 5 < len(sample) // 2:
        return None  # too few NULs for text that is mostly ASCII in UTF-16
    guess = "utf-16-le" if odd > 4 * even else "utf-16-be" if even > 4 * odd else None
    if guess is None:
        return None
    try:
        sample.decode(guess)
    except UnicodeDecodeError:
        return None
    return guess


def open_input(path: str, encoding: str | None = None) -> InputFile:
    """Open ``path`` (``-`` for standard input) for importing.

    Raises ReadlogError, naming the file, when it is missing, a directory,
    empty, binary, or not text in the expected encoding.
    """
    encoding = _encoding(encoding)
    if path == "-":
        if sys.stdin is None:
            raise ReadlogError.of("stdin_closed_import")
        return open_stream("<stdin>", sys.stdin.buffer, None, encoding)
    name = shown_name(path)  # a name that is not UTF-8 is read all the same, and named with escapes
    if not os.path.exists(path):
        raise ReadlogError.of("no_such_file", path=name)
    if os.path.isdir(path):
        raise ReadlogError.of("input_is_dir", path=name)
    try:
        stream = open(path, "rb")  # noqa: SIM115 - closed by the caller via close_input
        st = os.fstat(stream.fileno())
    except OSError as exc:
        raise UnreadableInput.of("input_unreadable", name=name, reason=os_reason(exc)) from None
    infile = open_stream(name, stream, st.st_size, encoding, modified=mtime(st.st_mtime), modified_by="file")
    infile.companion = _beside(path, encoding)
    if infile.stream is stream:  # not unpacked (gzip): the file on disk is what is read
        infile.path = path
    return infile


def _beside(path: str, encoding: str | None) -> Callable[[str], InputFile | None]:
    """The opener of the files beside ``path`` (InputFile.companion): a relative
    path of plain names, never out of the file's folder; None for a path that is
    no regular file there."""
    folder = os.path.dirname(path)

    def companion(relative: str) -> InputFile | None:
        if not companion_path(relative):
            return None
        found = os.path.join(folder, *relative.split("/"))
        return open_input(found, encoding) if os.path.isfile(found) else None

    return companion


def companion_path(relative: str) -> bool:
    """Whether ``relative`` is a path a companion may be looked up by: names
    joined by ``/``, none empty, none starting with a dot (no ``..``), no
    backslash, colon or control character."""
    parts = relative.split("/")
    return all(p and not p.startswith(".") and not re.search(r"[\\:\x00-\x1f\x7f]", p) for p in parts)


@dataclass(frozen=True)
class Stream:
    """A file a program opened and hands to import (the Python API's
    ``import_path(stream)``), binary or text, under the name its report
    gives it: read as standard input is, from where it stands, and never
    closed by readlog."""

    name: str
    stream: Any

    def open(self, encoding: str | None) -> InputFile:
        borrowed = _Borrowed(self.stream)
        try:
            borrowed.read(0)  # the first piece tells text from bytes
        except OSError as exc:
            raise UnreadableInput.of("input_unreadable", name=self.name, reason=_reason(exc)) from None
        if borrowed.text:
            if encoding is not None:
                raise UsageError.of("import_text_stream_encoding", name=self.name)
            encoding = "utf-8"  # the text is handed on as UTF-8, whatever its file declares
        return open_stream(self.name, cast(BinaryIO, borrowed), None, encoding)


class _Borrowed:
    """A program's open file as the reader reads input: bytes, at most as
    many as asked (a text stream's text encoded as UTF-8), and a close()
    that leaves the file open for its owner."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.text: bool | None = None
        self.pending = b""
        self.ended = False

    def read(self, size: int = -1) -> bytes:
        while not self.ended and (size < 0 or len(self.pending) < max(size, 1)):
            piece = self._piece(CHUNK if size < 0 else max(size - len(self.pending), 1))
            self.ended = not piece
            self.pending += piece
        cut = len(self.pending) if size < 0 else size
        data, self.pending = self.pending[:cut], self.pending[cut:]
        return data

    def _piece(self, size: int) -> bytes:
        try:
            data = self.stream.read(size)
        except ValueError as exc:  # a closed file
            raise OSError(str(exc)) from None
        if isinstance(data, str):
            self.text = True
            return data.encode("utf-8", "backslashreplace")  # a lone surrogate is shown, as in names
        if data is None:  # a non-blocking stream with nothing more now: taken as its end
            return b""
        if isinstance(data, (bytes, bytearray, memoryview)):
            self.text = False
            return bytes(data)
        raise NotRead(type(data).__name__)

    def close(self) -> None:
        pass


class NotRead(OSError):
    """A stream whose read() gives neither bytes nor text, said by its catalogue key."""

    def __init__(self, kind: str) -> None:
        self.key = "input_read_gave"
        self.params: dict[str, object] = {"kind": kind}
        super().__init__(Phrase(self.key, **self.params).said())


def mtime(seconds: float) -> datetime | None:
    """A file's modification time as an aware datetime (None when the system gives an impossible one)."""
    try:
        return datetime.fromtimestamp(seconds, timezone.utc)
    except (OverflowError, OSError, ValueError):
        return None


def open_stream(
    name: str,
    stream: BinaryIO,
    size: int | None,
    encoding: str | None = None,
    *,
    modified: datetime | None = None,
    modified_by: str = "",
) -> InputFile:
    """Check the start of an opened stream (a file, standard input, a member
    of an archive) and wrap it for reading; the stream is closed on failure.
    ``modified``: when it was last written, if known (and whose time that is)."""
    try:
        encoding = _encoding(encoding)
        try:
            head = stream.read(SNIFF)
            unwrapped = unwrap(name, stream, head)
            hint = getattr(unwrapped, "format_name", None)
            if unwrapped is not None:  # gzip or mozLz4: read the text inside
                stream, size = unwrapped, None
                head = stream.read(SNIFF)
        except OSError as exc:
            raise UnreadableInput.of("input_unreadable", name=name, reason=_reason(exc)) from None
        if head.startswith(ZIP_MAGIC):
            raise ReadlogError.of("input_zip_on_stdin", name=name)
        if not head.strip(b" \t\r\n\x0b\x0c\xef\xbb\xbf\xff\xfe\x00"):
            if _only_nul_bytes(head):  # a file of zeros (a preallocated or wiped file) is data, not empty text
                raise ReadlogError.of("binary_file", name=name)
            raise ReadlogError.of("empty_file", name=name)
        mail = looks_like_mail(head)
        enc = _guess_encoding(head, encoding)
        guessed = None if mail else _legacy_encoding(head, enc, encoding)
        enc = "latin-1" if mail else guessed or enc  # a message's parts name their own charsets
        if not mail and _looks_binary(head, enc):
            utf16 = _utf16_without_bom(head)
            if utf16:
                raise ReadlogError.of("input_utf16_no_bom", name=name, encoding=utf16)
            raise ReadlogError.of("binary_file", name=name)
        if not mail:
            _check_head(name, head, enc, explicit=encoding is not None)
    except ReadlogError:
        if not is_stdin(stream):
            stream.close()
        raise
    return InputFile(
        name=name,
        stream=stream,
        encoding=enc,
        head=head,
        size=size,
        format_hint=hint,
        guessed_encoding=guessed or "",
        modified=modified,
        modified_by=modified_by if modified is not None else "",
    )


_FIELD_NAME = re.compile(rb"[!-9;-~]+(?=:)")
_SENDER_FIELDS = frozenset({b"from", b"received", b"return-path", b"delivered-to", b"sender"})
_MESSAGE_FIELDS = frozenset({b"date", b"subject", b"message-id", b"mime-version"})


def looks_like_mail(head: bytes) -> bool:
    """Whether a file starts as an e-mail message (an .eml) or an mbox does (a
    ``From `` line, then a message): a header of ``Name: value`` lines
    (continued by indented ones) up to a blank line, naming its sender
    (``From:``, ``Received:``...) and something only a message has
    (``Date:``, ``Subject:``, ``Message-ID:``, ``MIME-Version:``). Such a file
    is bytes that its parts decode each in their charset (formats/mail.py),
    not text in one encoding."""
    lines = head[:16384].split(b"\n")
    if lines[0].startswith(b"From "):
        lines = lines[1:]
    names: set[bytes] = set()
    for line in lines[:-1]:  # the last may be cut off
        line = line.rstrip(b"\r")
        if not line:
            break
        if line[:1] in (b" ", b"\t"):
            if not names:
                return False
            continue
        found = _FIELD_NAME.match(line)
        if found is None:
            return False
        names.add(found.group(0).lower())
    return bool(names & _SENDER_FIELDS) and bool(names & _MESSAGE_FIELDS)


def _legacy_encoding(head: bytes, enc: str, requested: str | None) -> str | None:
    """For a file that names no encoding (or names UTF-8) and is not UTF-8:
    Chinese or Japanese text in GB18030, Big5 or Shift_JIS (any file); a feed
    in cp1252 or latin-2; a CSV or tab-separated file in cp1252, cp1250 or
    cp1251, as spreadsheets save them. None for any other file, which keeps
    the strict check and its hint."""
    declared = _declared_encoding(head)
    if requested or enc != "utf-8" or declared not in (None, "utf-8"):
        return None
    if declared and _UTF8_SEQUENCE.search(head):
        return None  # UTF-8 with a stray byte: no single encoding reads it, and the error says where
    try:
        codecs.getincrementaldecoder("utf-8")(errors="strict").decode(head, final=False)
        return None
    except UnicodeDecodeError:
        pass
    cjk = legacy.guess_cjk(head)  # any text: a digest, a list of links, a CSV from Excel in GBK
    if cjk:
        return cjk
    feed = legacy.looks_like_feed(head)
    if not feed and not legacy.looks_like_table(head):
        return None
    return legacy.guess(head, legacy.CANDIDATES if feed else legacy.TABLE_CANDIDATES)


# A character of two bytes or more in UTF-8 (é is C3 A9): a file holding one is UTF-8, whatever else it holds.
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")

# Text codecs that are not encodings of files: idna and punycode read host
# names, not documents (and punycode's decoder takes time that grows with the
# square of the size); "undefined" refuses everything.
NOT_FILE_ENCODINGS = frozenset({"idna", "punycode", "undefined"})


def _encoding(requested: str | None) -> str | None:
    """The codec's canonical name for --encoding, or None to detect it.

    Only encodings of text are accepted: a name Python does not know, or a
    codec that turns bytes into bytes (rot13, hex, uu, zlib, base64), is a
    usage error (exit 2), found before any file is read.
    """
    if not requested:
        return None
    try:
        name = codecs.lookup(requested).name
    except (LookupError, ValueError):  # ValueError: a name with a NUL in it
        raise UsageError.of("encoding_unknown", name=requested) from None
    codec = codecs.lookup(name)
    if not getattr(codec, "_is_text_encoding", True) or name in NOT_FILE_ENCODINGS:
        raise UsageError.of("encoding_not_text", name=requested, codec=name)
    return name


def check_encoding(requested: str | None) -> None:
    """Raise UsageError when --encoding names no encoding of text (see _encoding)."""
    _encoding(requested)


# Encodings whose decoder learns the byte order from a byte-order mark the text must start with.
# Python words the error for a missing mark differently from one version to the next (a bare
# UnicodeError up to 3.12, a UnicodeDecodeError at byte 0 from 3.13), so readlog says it itself.
NEEDS_BOM = {
    "utf-16": (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE),
    "utf-32": (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE),
}


def _check_head(name: str, head: bytes, encoding: str, *, explicit: bool) -> None:
    """Fail early, before any parsing, when the start is not in the encoding."""
    marks = NEEDS_BOM.get(codecs.lookup(encoding).name)
    if marks and head and not head.startswith(marks):
        detail = Phrase("input_no_bom", le=f"{encoding}-le", be=f"{encoding}-be")
        raise not_text(name, encoding, detail, explicit=explicit)
    try:
        codecs.getincrementaldecoder(encoding)(errors="strict").decode(head, final=False)
    except UnicodeDecodeError as exc:
        line = head[: exc.start].count(b"\n") + 1
        raise bad_byte(name, encoding, line, head[exc.start], explicit=explicit) from None
    except UnicodeError as exc:  # e.g. UTF-16 asked for, and the file has no byte-order mark
        raise not_text(name, encoding, str(exc), explicit=explicit) from None


def _encoding_hint(explicit: bool) -> object:
    from readlog.model.messages import Phrase

    return Phrase("encoding_check" if explicit else "encoding_hint")


def bad_byte(name: str, encoding: str, line: int, byte: int, *, explicit: bool) -> ReadlogError:
    """The error for a byte that is not text in ``encoding``, on ``line``."""
    hint = _encoding_hint(explicit)
    return ReadlogError.of("input_bad_byte", name=name, line=line, encoding=encoding, byte=f"{byte:02x}", hint=hint)


def not_text(name: str, encoding: str, detail: str | Phrase, *, explicit: bool) -> ReadlogError:
    """The error for a file that cannot be decoded as ``encoding`` at all."""
    return ReadlogError.of("input_not_text", name=name, encoding=encoding, detail=detail, hint=_encoding_hint(explicit))


def close_input(infile: InputFile) -> None:
    if not is_stdin(infile.stream):
        infile.stream.close()


def _reason(exc: OSError) -> object:
    """Why reading stopped: damage an unpacking layer names (unpack.Damaged),
    the system's usual reasons in the user's language, else the error's text."""
    if hasattr(exc, "key"):
        return detail(exc)
    said = os_reason(exc)
    return said if isinstance(said, Phrase) else str(exc)
