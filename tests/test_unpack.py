"""Compressed inputs: gzip and Firefox's mozLz4 backups read as the text inside."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from readlog.inputs.unpack import MOZLZ4_MAGIC, lz4_block

from conftest import FIXTURES, Run

FORMATS = FIXTURES / "formats"
DIGEST = (FIXTURES / "digest.txt").read_bytes()


def _literal_block(data: bytes) -> bytes:
    """An LZ4 block holding ``data`` as one run of literals (valid, if uncompressed)."""
    n = len(data)
    if n < 15:
        return bytes([n << 4]) + data
    rest, extra = n - 15, bytearray()
    while rest >= 255:
        extra.append(255)
        rest -= 255
    extra.append(rest)
    return bytes([0xF0]) + bytes(extra) + data


def mozlz4(data: bytes) -> bytes:
    return MOZLZ4_MAGIC + len(data).to_bytes(4, "little") + _literal_block(data)


def test_back_references_including_overlapping_ones() -> None:
    # "ab", then 6 bytes copied from 2 back (overlapping: a repeating pattern), then "!"
    block = bytes([0x22]) + b"ab" + (2).to_bytes(2, "little") + bytes([0x10]) + b"!"
    assert lz4_block(block, 9) == b"abababab!"
    # a long match: length nibble 15 continued by 255 + 10 (15 + 255 + 10 + 4 = 284)
    block = bytes([0x1F]) + b"z" + (1).to_bytes(2, "little") + bytes([255, 10]) + bytes([0x10]) + b"."
    assert lz4_block(block, 286) == b"z" * 285 + b"."


@given(st.binary(max_size=2000))
def test_literal_blocks_round_trip(data: bytes) -> None:
    assert lz4_block(_literal_block(data), len(data)) == data


@pytest.mark.parametrize(
    "block",
    [
        bytes([0x22]) + b"ab" + (5).to_bytes(2, "little"),  # offset before the start
        bytes([0x22]) + b"ab" + (0).to_bytes(2, "little"),  # offset zero
        bytes([0x50]) + b"ab",  # literals cut short
        bytes([0xF0]),  # a length that never ends
    ],
)
def test_malformed_blocks_are_refused(block: bytes) -> None:
    with pytest.raises((ValueError, IndexError)):
        lz4_block(block, 64)


def test_firefox_jsonlz4_backup_imports(run: Run, tmp_path: Path) -> None:
    data = (FORMATS / "firefox-backup.json").read_bytes()
    backup = tmp_path / "bookmarks-2026-11-30_12_abc.jsonlz4"
    backup.write_bytes(mozlz4(data))
    plain = json.loads(run("import", str(FORMATS / "firefox-backup.json"), "--json", code=None).stdout)[0]
    result = json.loads(run("import", str(backup), "--json", code=None).stdout)[0]
    assert result["format"] == "firefox" and result["updated"] + result["unchanged"] == plain["added"]
    assert result["skipped"] == plain["skipped"] == 2  # the bookmark without a uri, and a place: query
    assert len(result["merged"]) == plain["added"]


def test_gzipped_export_imports(run: Run, tmp_path: Path) -> None:
    packed = tmp_path / "digest.txt.gz"
    packed.write_bytes(gzip.compress((FIXTURES / "digest.txt").read_bytes()))
    assert "(digest): 3 added" in run("import", str(packed)).stdout
    assert "(digest): 3 added" in run("--db", str(tmp_path / "b.db"), "import", "-", input=packed.read_bytes()).stdout


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        (
            "bad.gz",
            (lambda z: z[:40] + bytes(b ^ 0x5A for b in z[40:80]) + z[80:])(gzip.compress(DIGEST * 400)),
            "damaged gzip",
        ),
        ("cut.jsonlz4", mozlz4(b'{"a": 1}')[:-3], "damaged LZ4"),
        ("huge.jsonlz4", MOZLZ4_MAGIC + (2**31).to_bytes(4, "little") + b"\x10x", "more than readlog reads"),
    ],
)
def test_damaged_compressed_files_are_one_line_errors(
    run: Run, tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    result = run("import", str(path), code=1)
    assert message in result.stderr and "Traceback" not in result.stderr


def test_gzip_cut_short_or_padded_keeps_what_is_there(run: Run, tmp_path: Path) -> None:
    rows = "".join(f"row {i},https://gz.example/{i},1700000000,,unread\n" for i in range(3000))
    packed = gzip.compress(("title,url,time_added,tags,status\n" + rows).encode())
    cut, padded = tmp_path / "cut.csv.gz", tmp_path / "padded.csv.gz"
    cut.write_bytes(packed[: len(packed) * 2 // 3])
    padded.write_bytes(packed + b"\x00garbage after the data")
    result = run("import", str(cut), code=1)
    assert "the gzip data ends too soon" in result.stderr
    saved = len(run.json("list", "-n", "0"))
    assert 1000 < saved < 3000
    result = run("import", str(padded), code=1)
    assert "trailing bytes after the gzip data were ignored" in result.stderr
    assert len(run.json("list", "-n", "0")) == 3000


def test_lz4_match_longer_than_declared_fails_before_copying() -> None:
    """A hostile block asks for a ~1 GB run from a 1-byte pattern; the
    declared size is 10, so it must fail without building the run."""
    block = bytes([0x1F]) + b"a" + b"\x01\x00" + b"\xff" * 4_000_000 + b"\x00" + bytes([0x10]) + b"z"
    with pytest.raises(ValueError, match="more data than declared"):
        lz4_block(block, 10)


def test_cut_or_circular_property_lists_are_damaged_files(run: Run, tmp_path: Path) -> None:
    import plistlib

    whole = plistlib.dumps({"WebBookmarkType": "WebBookmarkTypeList", "Children": []}, fmt=plistlib.FMT_XML)
    cut = tmp_path / "cut.plist"
    cut.write_bytes(whole[: len(whole) // 2])
    # a binary plist whose only array lists itself
    cycle = tmp_path / "cycle.plist"
    cycle.write_bytes(
        b"bplist00\xa1\x01\xa1\x01\x10\x01\x08\n\x0c"
        + bytes(6)
        + b"\x01\x01"
        + bytes(7)
        + b"\x03"
        + bytes(15)
        + b"\x0e"
    )
    for path in (cut, cycle):
        result = run("import", str(path), code=1)
        assert result.stderr.strip() == f"readlog: {path}: a damaged property list (plist)"
