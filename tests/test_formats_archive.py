"""Zip archives (Pocket's and Omnivore's exports) import like a directory."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from conftest import FIXTURES, ROOT, Run

FORMATS = FIXTURES / "formats"


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def _imported(run: Run, *args: str, code: int = 0) -> list[dict[str, object]]:
    return list(json.loads(run("import", *args, "--json", code=code).stdout))


def test_pocket_style_archive_imports_its_files_then_the_data_in_its_folders(run: Run, tmp_path: Path) -> None:
    """Pocket's 2025 zip: the list at the top, its highlights in annotations/*.json (read after it, so
    they land on the entries the list made); a folder of pages (Omnivore's content/) is listed as skipped."""
    csv = (ROOT / "examples" / "pocket.csv").read_bytes()
    first = next(r for r in csv.decode().splitlines()[1:] if r.strip())
    url = next(cell for cell in first.split(",") if cell.startswith("http"))
    highlights = json.dumps([{"url": url, "title": "x", "highlights": [{"quote": "A passage kept."}]}]).encode()
    archive = _zip(
        tmp_path / "pocket.zip",
        {"part_000000.csv": csv, "annotations/part_000000.json": highlights, "content/a.html": b"<p>page</p>"},
    )
    imported = _imported(run, str(archive))
    results = {r["file"]: r for r in imported}
    part = results[f"{archive}:part_000000.csv"]
    assert part["format"] == "pocket" and part["added"] > 0
    assert [r["file"] for r in imported].index(f"{archive}:annotations/part_000000.json") > [
        r["file"] for r in imported
    ].index(f"{archive}:part_000000.csv")
    assert results[f"{archive}:annotations/part_000000.json"]["format"] == "links"
    assert "only those are read" in str(results[f"{archive}:content/"]["skipped_because"])
    notes = {r["url"]: r["note"] for r in run.json("list", "-n", "0", "--archived")} | {
        r["url"]: r["note"] for r in run.json("list", "-n", "0")
    }
    assert notes[url] == ""  # the passage is a highlight now, no longer quoted into the note
    titles = {r["title"] for r in run.json("list", "-n", "0", "--archived")} | {
        r["title"] for r in run.json("list", "-n", "0")
    }
    assert len(titles) == part["added"]
    again = {r["file"]: r for r in _imported(run, str(archive))}
    assert again[f"{archive}:part_000000.csv"]["added"] == 0  # re-import: nothing twice


def test_archive_of_a_zipped_folder_looks_inside_that_folder(run: Run, tmp_path: Path) -> None:
    meta = (ROOT / "examples" / "omnivore-metadata.json").read_bytes()
    archive = _zip(
        tmp_path / "omnivore.zip",
        {"export/metadata_0_to_20.json": meta, "export/content/a.html": b"<html><p>text</p></html>"},
    )
    results = {r["file"]: r for r in _imported(run, str(archive))}
    assert results[f"{archive}:export/metadata_0_to_20.json"]["format"] == "omnivore"
    assert f"{archive}:export/content/" in results


def test_damaged_member_costs_only_itself(run: Run, tmp_path: Path) -> None:
    good = (FIXTURES / "digest.txt").read_bytes()
    archive = _zip(tmp_path / "two.zip", {"a.txt": good, "b.txt": good.replace(b"2026", b"2025") * 50})
    with zipfile.ZipFile(archive) as z:
        info = z.getinfo("b.txt")
        start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    data = bytearray(archive.read_bytes())
    for i in range(start + 40, start + 60):
        data[i] ^= 0xFF
    archive.write_bytes(bytes(data))
    result = run("import", str(archive), code=1)
    assert "Traceback" not in result.stderr
    assert f"{archive}:b.txt" in result.stderr and "readlog: " in result.stderr
    assert "a.txt (digest): 3 added" in result.stdout


def test_archive_problems_are_one_line_errors(run: Run, tmp_path: Path) -> None:
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"PK\x03\x04 then nothing a zip needs")
    assert "damaged zip archive" in run("import", str(broken), code=1).stderr
    nothing = _zip(tmp_path / "pictures.zip", {"a.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00"})
    assert "no file in this archive has a format" in run("import", str(nothing), code=1).stderr
    empty = _zip(tmp_path / "empty.zip", {})
    result = run("import", str(empty), code=1)
    assert "the archive is empty" in result.stderr
    piped = _zip(tmp_path / "p.zip", {"a.txt": (FIXTURES / "digest.txt").read_bytes()})
    assert "give its path" in run("import", "-", input=piped.read_bytes(), code=1).stderr
