"""E-mail: a message (.eml), an mbox, or a Maildir folder, each message an entry.

``read_path`` reads one of them from disk without a library; ``parse`` is the
import format's.

A message is recognised by its header (a block of ``Name: value`` lines with
a ``From:`` or ``Received:`` among them, and a ``Date:``, ``Subject:``,
``Message-ID:`` or ``MIME-Version:``), an mbox by the ``From `` line that
starts each of its messages (whatever the file is called), a Maildir by its
``cur/``, ``new/`` and ``tmp/`` folders (``is_maildir``: the import opens it
with ``open_maildir``). The standard library's ``mailbox`` splits an mbox
and lists a Maildir's messages (those in ``cur/`` and ``new/``; ``tmp/`` holds
deliveries not finished), and nothing is ever changed in either. Each
message is read by inputs/message.py (``entry_of``); the problems of a
message in an mbox or a Maildir are said of it ("message 3").
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator

from readlog.inputs.detect import ParseContext
from readlog.inputs.limits import READ_ENV, read_limit
from readlog.inputs.message import entry_of
from readlog.inputs.reader import InputFile, looks_like_mail
from readlog.model.entry import Entry, Problem
from readlog.model.messages import Phrase
from readlog.model.sanitize import shown_name

NAME = "mail"


def sniff(text: str) -> int:
    """Sure of a message's header, or of an mbox's first ``From `` line followed by one."""
    return 95 if looks_like_mail(text[:16384].encode("latin-1", "replace")) else 0


def is_maildir(path: str) -> bool:
    """A folder with the three folders of a Maildir in it."""
    return all(os.path.isdir(os.path.join(path, sub)) for sub in ("cur", "new", "tmp"))


def open_maildir(path: str) -> InputFile:
    """A Maildir folder as an input whose parse reads its messages (``folder``)."""
    return InputFile(
        name=shown_name(path),
        stream=io.BytesIO(),
        encoding="utf-8",
        head=b"",
        size=None,
        format_hint=NAME,
        folder=path,
    )


def read_path(path: str) -> Iterator[Entry | Problem]:
    """The entries and problems of a message file, an mbox or a Maildir on disk,
    without a library: the reading of a mailbox for anything besides ``import``
    (a followed Maildir's refresh). Nothing in the mailbox is changed."""
    from readlog.inputs.reader import close_input, open_input
    from readlog.model.stamps import now

    infile = open_maildir(path) if os.path.isdir(path) and is_maildir(path) else open_input(path)
    try:
        yield from parse(infile, ParseContext(as_of=now()))
    finally:
        close_input(infile)


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    if infile.folder:
        yield from _maildir(infile)
    elif infile.head.startswith(b"From "):
        yield from _mbox(infile)
    else:
        data = infile.read_bytes()
        entry, problems = entry_of(data)
        yield from problems
        if entry is not None:
            yield entry


def _each(number: int, data: bytes) -> Iterator[Entry | Problem]:
    entry, problems = entry_of(data, where=Phrase("import_at_message", number=number))
    yield from problems
    if entry is not None:
        yield entry


def _mbox(infile: InputFile) -> Iterator[Entry | Problem]:
    """An mbox's messages, split by ``mailbox.mbox``: the file itself when it is
    one on disk, else (standard input, a gzipped mbox) its bytes in a temporary file."""
    import mailbox
    import tempfile

    if infile.path:
        infile.drain()  # its checksum and size, as of every file imported
        yield from _messages(mailbox.mbox(infile.path, create=False))
        return
    with tempfile.TemporaryDirectory(prefix="readlog-mbox-") as folder:
        spooled = os.path.join(folder, "mbox")
        with open(spooled, "wb") as out:
            for chunk in infile.raw_chunks():
                out.write(chunk)
        yield from _messages(mailbox.mbox(spooled, create=False))


def _messages(box: object) -> Iterator[Entry | Problem]:
    limit = read_limit()
    try:
        keys = list(box.iterkeys())  # type: ignore[attr-defined]
        for number, key in enumerate(keys, 1):
            try:
                data = box.get_bytes(key)  # type: ignore[attr-defined]
            except (OSError, KeyError) as exc:  # a Maildir's message moved or removed meanwhile
                yield Problem(0, "import_mail_unreadable", {"detail": type(exc).__name__}, _at(number))
                continue
            if len(data) > limit:
                yield Problem(0, "import_mail_too_large", {"size": len(data), "env": READ_ENV}, _at(number))
                continue
            yield from _each(number, data)
    finally:
        box.close()  # type: ignore[attr-defined]


def _at(number: int) -> Phrase:
    return Phrase("import_at_message", number=number)


def _maildir(infile: InputFile) -> Iterator[Entry | Problem]:
    """A Maildir's messages, in the order of their names (the time each came)."""
    import mailbox

    folder = infile.folder or ""
    box = mailbox.Maildir(folder, factory=None, create=False)
    sorted_box = _Sorted(box, infile)
    yield from _messages(sorted_box)


class _Sorted:
    """A Maildir whose keys are listed sorted, each message's bytes counted into
    the input's checksum and size (as a file's are)."""

    def __init__(self, box: object, infile: InputFile) -> None:
        self.box, self.infile = box, infile

    def iterkeys(self) -> list[str]:
        return sorted(self.box.iterkeys())  # type: ignore[attr-defined]

    def get_bytes(self, key: str) -> bytes:
        data: bytes = self.box.get_bytes(key)  # type: ignore[attr-defined]
        self.infile.digest.update(data)
        self.infile.bytes_read += len(data)
        return data

    def close(self) -> None:
        self.box.close()  # type: ignore[attr-defined]
