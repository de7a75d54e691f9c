"""A page's bytes to its text (web/decoding.py), without the network: the bounded
decompressors, the cut of a large page, the guess that a body is HTML.
(The charset rules themselves are tested in test_web.py.)"""

from __future__ import annotations

import gzip
import zlib

import pytest

from readlog.web.decoding import Damaged, cut, decode, decoder_for, looks_like_html

PAGE = ("<html><title>内核调度</title><p>" + "缓存失效策略 cache invalidation, " * 400 + "</p></html>").encode()


def _brotli(data: bytes) -> bytes:
    import brotli  # imported where it is used, as in readlog's own code

    return bytes(brotli.compress(data, quality=1))


def _raw_deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush()


COMPRESSED = {
    "gzip": gzip.compress(PAGE),
    "deflate": zlib.compress(PAGE),  # as HTTP says deflate: with zlib's header
    "br": _brotli(PAGE),
}


def _whole(encoding: str, data: bytes, step: int = 1000) -> bytes:
    """``data`` fed to the decoder in pieces of ``step`` bytes, with room for everything."""
    decoder = decoder_for(encoding)
    assert decoder is not None
    out = b"".join(decoder.feed(data[i : i + step], 10**9) for i in range(0, len(data), step))
    return out + decoder.flush(10**9)


@pytest.mark.parametrize("encoding", sorted(COMPRESSED))
def test_each_decoder_gives_back_the_page(encoding: str) -> None:
    assert _whole(encoding, COMPRESSED[encoding]) == PAGE


def test_deflate_without_its_header_is_read_too() -> None:
    """Some servers send raw deflate under Content-Encoding: deflate; browsers read it."""
    assert _whole("deflate", _raw_deflate(PAGE)) == PAGE


BOMBS = {"gzip": gzip.compress, "deflate": zlib.compress, "br": _brotli}


@pytest.mark.parametrize("encoding", ["gzip", "deflate"])
def test_a_decoder_fills_the_room_it_is_given_and_no_more(encoding: str) -> None:
    """A compression bomb's first piece gives exactly the room left (the cap is then
    reached), not more and not less, whatever the piece would grow to."""
    decoder = decoder_for(encoding)
    assert decoder is not None
    assert len(decoder.feed(BOMBS[encoding](b"\0" * 5_000_000), 70_000)) == 70_000


@pytest.mark.parametrize("room", [1_000, 70_000, 1_000_000])
def test_brotli_fills_the_room_and_stops_within_a_block_of_it(room: int) -> None:
    """brotli's output limit is a hint it rounds up to its own blocks: a bomb's
    first piece fills the room and stops soon after, never the whole bomb."""
    decoder = decoder_for("br")
    assert decoder is not None
    out = decoder.feed(BOMBS["br"](b"\0" * 3_000_000), room)
    assert room <= len(out) <= 2 * room + 2**15


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br"])
def test_damaged_compressed_bytes_are_said_to_be_damaged(encoding: str) -> None:
    decoder = decoder_for(encoding)
    assert decoder is not None
    with pytest.raises(Damaged):
        decoder.feed(b"\x1f\x8b\x08\x00" + bytes(range(256)) * 4, 10_000)


@pytest.mark.parametrize(
    ("encoding", "readable"),
    [("", True), ("identity", True), ("IDENTITY", True), ("x-gzip", True), ("GZIP", True), ("compress", False),
     ("gzip, br", False), ("zstd", False)],
)  # fmt: skip
def test_only_an_encoding_that_can_be_read_has_a_decoder(encoding: str, readable: bool) -> None:
    decoder = decoder_for(encoding)
    assert (decoder is not None) == readable
    if decoder is not None and encoding.lower() in ("", "identity"):
        assert decoder.feed(b"as it is", 3) == b"as it is" and decoder.flush(3) == b""


def test_a_large_page_is_cut_before_a_tag_in_its_last_quarter() -> None:
    data = b"<p>" + b"x" * 800 + b"</p><p>" + b"y" * 1000
    assert cut(data, 1000) == data[:807]  # before the "<p>" at 807, not inside it
    lines = b"x" * 780 + b"\n" + b"y" * 1000
    assert cut(lines, 1000) == b"x" * 780  # or before a line that starts there
    early = b"<p>" + b"x" * 700 + b"</p><p>" + b"y" * 1000  # its last "<" (707) is before the last quarter
    assert cut(early, 1000) == early[:1000]
    assert cut(b"short", 1000) == b"short"


@pytest.mark.parametrize(
    ("head", "html"),
    [(b"<!DOCTYPE html><p>x", True), (b"\n  <html lang=zh>", True), (b"<!-- saved page -->", True),
     (b"<TITLE>x</TITLE>", True), (b"plain text <html> later", False), (b"%PDF-1.7", False), (b"", False)],
)  # fmt: skip
def test_a_body_without_a_content_type_is_html_by_its_first_tag(head: bytes, html: bool) -> None:
    assert looks_like_html(head) is html


def test_undeclared_bytes_that_are_not_utf8_are_guessed() -> None:
    """GB18030 when they read as Chinese, windows-1252 (a browser's default) else."""
    assert decode("没有声明编码的中文网页".encode("gb18030")) == ("没有声明编码的中文网页", "gb18030")
    assert decode("naïve café".encode("cp1252")) == ("naïve café", "cp1252")
