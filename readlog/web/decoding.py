"""A page's bytes to its text, without the network: the body decompressed
(gzip, deflate, br) in bounded steps, so that a compression bomb never holds
more than the size cap; the charset the page declares (BOM, HTTP header,
``<meta>``) or the one it is detected to be in, GB18030 included. Pure
functions of bytes; web/client.py feeds them what the network brings.
"""

from __future__ import annotations

import codecs
import re
import zlib

# How a page names its charset in the first bytes: <meta charset="x">,
# <meta http-equiv="Content-Type" content="text/html; charset=x">, <?xml encoding="x"?>.
_META_CHARSET = re.compile(rb"""<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_XML_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_.:-]+)""", re.I)
_HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.I)
# The charsets a page may declare are the WHATWG Encoding Standard's labels
# (what browsers accept, looked up by webencodings); a label outside it
# (punycode, idna, rot13, base64...: names Python has, but not text
# encodings a page can be in) is no declaration at all, and the charset is
# detected. Where browsers read an encoding as its superset, so does
# readlog: GBK (and GB2312) as GB18030, Big5 with the HKSCS additions,
# EUC-KR as windows-949; "Latin-1" and ASCII are windows-1252 there already.
_SUPERSETS = {"gbk": "gb18030", "big5": "big5hkscs", "euc-kr": "cp949", "x-user-defined": ""}


class Damaged(Exception):
    """Compressed bytes that cannot be decompressed (the client says why the page failed)."""


def cut(data: bytes, most: int) -> bytes:
    """The first ``most`` bytes of a page, ending before a tag (or a line)
    where one starts in the last quarter: what is parsed of a larger page."""
    head = data[:most]
    end = max(head.rfind(b"<", most * 3 // 4), head.rfind(b"\n", most * 3 // 4))
    return head[:end] if end > 0 else head


def looks_like_html(data: bytes) -> bool:
    head = data[:1024].lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html", b"<head", b"<meta", b"<title", b"<!--"))


# ---- bounded decompression ----------------------------------------------------------


class _Identity:
    def feed(self, data: bytes, room: int) -> bytes:
        return data

    def flush(self, room: int) -> bytes:
        return b""


class _Zlib:
    """gzip or deflate, never producing more than ``room`` bytes per call."""

    def __init__(self, wbits: int) -> None:
        self.wbits = wbits
        self.d = zlib.decompressobj(wbits)
        self.started = False

    def feed(self, data: bytes, room: int) -> bytes:
        if room <= 0:
            return b""
        try:
            try:
                out = self.d.decompress(data, room)
            except zlib.error:
                if self.started or self.wbits != zlib.MAX_WBITS:
                    raise
                self.wbits, self.d = -zlib.MAX_WBITS, zlib.decompressobj(-zlib.MAX_WBITS)  # raw deflate
                out = self.d.decompress(data, room)
        except zlib.error:
            raise Damaged from None
        self.started = True
        # Whatever did not fit stays in unconsumed_tail; the caller stops at the cap anyway.
        if self.d.unconsumed_tail and len(out) < room:
            out += self.feed(self.d.unconsumed_tail, room - len(out))
        return out

    def flush(self, room: int) -> bytes:
        return self.d.flush(max(1, room)) if room > 0 else b""


class _Brotli:
    def __init__(self) -> None:
        import brotli

        self.d = brotli.Decompressor()

    def feed(self, data: bytes, room: int) -> bytes:
        import brotli

        try:
            out = self.d.process(data, output_buffer_limit=max(1, room))
            while len(out) < room and not self.d.can_accept_more_data():
                out += self.d.process(b"", output_buffer_limit=room - len(out))
        except brotli.error:
            raise Damaged from None
        return out

    def flush(self, room: int) -> bytes:
        return b""


def reads_brotli() -> bool:
    """Whether br can be read within the size cap (brotli 1.2 or later)."""
    try:
        import brotli
    except ImportError:
        return False
    return hasattr(brotli.Decompressor(), "can_accept_more_data")


def decoder_for(encoding: str) -> _Identity | _Zlib | _Brotli | None:
    """A bounded decoder for a Content-Encoding, or None when it cannot be read."""
    names = [e.strip().lower() for e in encoding.split(",") if e.strip() and e.strip().lower() != "identity"]
    if not names:
        return _Identity()
    if len(names) > 1:
        return None
    name = names[0]
    if name in ("gzip", "x-gzip"):
        return _Zlib(16 + zlib.MAX_WBITS)
    if name == "deflate":
        return _Zlib(zlib.MAX_WBITS)
    if name == "br" and reads_brotli():
        return _Brotli()
    return None


# ---- text ----------------------------------------------------------------------------


def decode(data: bytes, content_type: str = "") -> tuple[str, str]:
    """The page's text and the charset it was read in.

    In a browser's order: a byte-order mark, the HTTP header's charset, a
    ``<meta>`` (or XML) declaration in the first 2 KB; else UTF-8 when the
    bytes are valid UTF-8, else the best guess. Bytes the charset cannot
    read become U+FFFD rather than failing the page.
    """
    boms = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
    for bom, name in boms:
        if data.startswith(bom):
            return data[len(bom) :].decode(name, errors="replace"), name
    head = data[:2048]
    in_header = _HEADER_CHARSET.search(content_type)
    declared = [in_header.group(1) if in_header else ""]
    for found in (_META_CHARSET.search(head), _XML_ENCODING.search(head)):
        declared.append(found.group(1).decode("ascii", "replace") if found else "")
    for i, raw in enumerate(declared):
        name = charset(raw) if raw else ""
        if name.startswith("utf-16") and i > 0:
            name = "utf-8"  # a declaration readable as ASCII cannot be in UTF-16
        if name:
            return data.decode(name, errors="replace"), name
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    guessed = _guess(data)
    return data.decode(guessed, errors="replace"), guessed


def charset(name: str) -> str:
    """Python's codec name for a declared charset: '' when the label is not
    one of the WHATWG Encoding Standard's (then the charset is detected)."""
    import webencodings

    found = webencodings.lookup(name.strip().strip("\"'"))
    if found is None:
        return ""
    return _SUPERSETS.get(found.name, found.codec_info.name)


def _guess(data: bytes) -> str:
    """A charset for bytes that declare none and are not UTF-8: GB18030 when
    they read as Chinese, else windows-1252 (a browser's default)."""
    try:
        text = data[:20000].decode("gb18030")
    except UnicodeDecodeError:
        return "cp1252"
    high = sum(1 for ch in text if ord(ch) > 0x7F)
    han = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
    return "gb18030" if high and han / high > 0.8 else "cp1252"
