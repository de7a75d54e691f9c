"""Followed mailboxes: ``readlog follow PATH`` of a Maildir or an mbox that a mail tool
fills (mbsync, offlineimap, getmail, Thunderbird's local folders), and their refresh.

A followed mailbox is a feed whose address is ``mailbox:`` and the folder's or file's
absolute path, with the follow's filters after a ``?`` (``from``: the sender's address,
or part of it; ``list``: the List-Id, or part of it): following the same mailbox with
other filters is another follow. A refresh reads each message's header alone, passes
over those already in the library (their Message-ID, ``inputs/message.item_of``) and
those the filters leave out, and imports the rest through ``readlog import``'s reading
of mail (their text extracted as ``fetch`` does). The mailbox is only read: nothing in
it is moved, flagged or deleted. Nothing here prints.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, unquote, urlencode

if TYPE_CHECKING:
    from readlog.store import Store

SCHEME = "mailbox:"


def is_mailbox(path: str) -> bool:
    """A Maildir folder, or a file that starts as an mbox does (a ``From `` line, then a header)."""
    from readlog.inputs.formats.mail import is_maildir
    from readlog.inputs.reader import looks_like_mail

    if os.path.isdir(path):
        return is_maildir(path)
    try:
        with open(path, "rb") as fh:
            head = fh.read(16384)
    except OSError:
        return False
    return head.startswith(b"From ") and looks_like_mail(head)


def address_of(path: str, sender: str | None = None, list_id: str | None = None) -> str:
    """The followed mailbox's address: its absolute path, and its filters."""
    where = SCHEME + quote(os.path.abspath(path))
    wanted = {k: v.strip() for k, v in (("from", sender), ("list", list_id)) if v and v.strip()}
    return where + ("?" + urlencode(wanted) if wanted else "")


def parts_of(address: str) -> tuple[str, str, str]:
    """(path, sender, list) of a followed mailbox's address."""
    rest = address[len(SCHEME) :]
    path, _, query = rest.partition("?")
    wanted = parse_qs(query)
    return unquote(path), (wanted.get("from") or [""])[0], (wanted.get("list") or [""])[0]


def title_of(path: str) -> str:
    """What a followed mailbox is called until renamed: its folder's or file's name."""
    return os.path.basename(os.path.normpath(path)) or path


def _wanted(data: bytes, sender: str, list_id: str) -> bool:
    """Whether a message passes the follow's filters (its header alone is read)."""
    if not sender and not list_id:
        return True
    from email.parser import BytesHeaderParser
    from email.utils import getaddresses

    try:
        header = BytesHeaderParser().parsebytes(data)
        if sender:
            addresses = [a.casefold() for _, a in getaddresses([str(v) for v in header.get_all("from") or []])]
            if not any(sender.casefold() in a for a in addresses):
                return False
        if list_id and list_id.casefold() not in str(header.get("list-id") or "").casefold():
            return False
    except Exception:  # a header that cannot be read: not one the filters asked for
        return False
    return True


def unseen(lib: Store, address: str) -> list[bytes]:
    """The messages of the followed mailbox that the library has not imported and the
    follow's filters take, as they are in the mailbox (OSError when it cannot be read)."""
    import mailbox

    from readlog.inputs.message import item_of
    from readlog.store import feeds

    path, sender, list_id = parts_of(address)
    box: Any = mailbox.Maildir(path, factory=None, create=False) if os.path.isdir(path) else None
    if box is None:
        if not os.path.isfile(path):
            raise FileNotFoundError(path)
        box = mailbox.mbox(path, factory=None, create=False)
    found: list[bytes] = []
    try:
        for key in box.iterkeys():
            try:
                data = box.get_bytes(key)
            except (OSError, KeyError):
                continue  # moved or deleted meanwhile by the mail tool
            item = item_of(data)
            if item is not None and feeds.holds_item(lib, *item):
                continue
            if _wanted(data, sender, list_id):
                found.append(data)
    finally:
        if hasattr(box, "close"):
            box.close()
    return found


def as_mbox(messages: list[bytes]) -> bytes:
    """The messages as one mbox (``From `` lines escaped), for the import's reading of mail."""
    import mailbox
    import tempfile

    with tempfile.TemporaryDirectory(prefix="readlog-mail-") as folder:
        path = os.path.join(folder, "new.mbox")
        box = mailbox.mbox(path, create=True)
        try:
            for data in messages:
                box.add(data)
            box.flush()
        finally:
            box.close()
        with open(path, "rb") as fh:
            return fh.read()
