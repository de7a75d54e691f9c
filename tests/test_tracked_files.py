"""No binary file is tracked by git outside tests/fixtures/.

Wheels, databases, archives and downloads were committed by mistake once;
this catches the next one by content (NUL bytes or a known binary magic),
not by name, so a renamed or extension-less binary is caught too.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT

ALLOWED = "tests/fixtures/"
MAGICS = {
    b"PK\x03\x04": "zip archive (or wheel)",
    b"PK\x05\x06": "empty zip archive",
    b"\x1f\x8b": "gzip",
    b"SQLite format 3\x00": "SQLite database",
    b"\x7fELF": "ELF executable",
    b"%PDF-": "PDF",
    b"\x89PNG\r\n\x1a\n": "PNG image",
    b"GIF8": "GIF image",
    b"\xff\xd8\xff": "JPEG image",
    b"BZh": "bzip2",
    b"\xfd7zXZ\x00": "xz",
    b"7z\xbc\xaf\x27\x1c": "7-zip archive",
    b"\x28\xb5\x2f\xfd": "zstd",
    b"bplist00": "binary property list",
    b"mozLz40\x00": "Firefox LZ4",
    b"\xcf\xfa\xed\xfe": "Mach-O executable",
    b"MZ": "Windows executable",
}


def binary_kind(head: bytes) -> str | None:
    """What binary ``head`` starts like, or None for text."""
    for magic, kind in MAGICS.items():
        if head.startswith(magic):
            return kind
    return "NUL bytes" if b"\x00" in head else None


def tracked_files(root: Path) -> list[str]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    found = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True, timeout=30)
    if found.returncode != 0:
        pytest.skip("not a git checkout")
    return [name for name in found.stdout.decode("utf-8", "surrogateescape").split("\0") if name]


def test_detector_tells_binary_from_text() -> None:
    assert binary_kind(b"PK\x03\x04\x14\x00") == "zip archive (or wheel)"
    assert binary_kind(b"text\x00more") == "NUL bytes"
    assert binary_kind("技术文章 Rust Blog\n".encode()) is None
    assert binary_kind(b"MZ") == "Windows executable" and binary_kind(b"Mz. text") is None


def test_no_binary_file_is_tracked_outside_fixtures() -> None:
    offenders = []
    for name in tracked_files(ROOT):
        if name.startswith(ALLOWED):
            continue
        path = ROOT / name
        if not path.is_file():
            continue  # deleted in the working tree, or a submodule
        with open(path, "rb") as fh:
            kind = binary_kind(fh.read(8192))
        if kind:
            offenders.append(f"{name} ({kind})")
    assert not offenders, "binary files tracked by git outside tests/fixtures/: " + ", ".join(offenders)
