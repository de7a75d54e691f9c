"""Importing a directory: every recognised file in it, the rest listed as skipped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import FIXTURES, ROOT, Run, write

FORMATS = FIXTURES / "formats"


def _export_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "exports"
    folder.mkdir()
    shutil.copy(ROOT / "examples" / "pocket.csv", folder / "part_000000.csv")
    shutil.copy(ROOT / "examples" / "feed.xml", folder / "feed.xml")
    write(folder / "README.txt", "These are my exports.\n")
    (folder / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64))
    (folder / "nested").mkdir()
    shutil.copy(ROOT / "examples" / "wallabag.json", folder / "nested" / "wallabag.json")
    return folder


def test_directory_imports_recognised_files_and_lists_the_rest(run: Run, tmp_path: Path) -> None:
    folder = _export_folder(tmp_path)
    result = run("import", str(folder))
    out = result.stdout
    assert f"{folder / 'part_000000.csv'} (pocket): 2 added" in out
    assert f"{folder / 'feed.xml'} (feed): 2 added" in out
    assert f"{folder / 'README.txt'}: skipped (format not recognised)" in out
    assert f"{folder / 'photo.png'}: skipped (binary data, not a text export)" in out
    assert f"{folder / 'nested'}: skipped (a folder; folders inside are not searched)" in out
    titles = {r["title"] for r in run.json("list", "-n", "0")}
    assert len(titles) == 4 and "Fuzzing a parser in an afternoon" not in titles  # nested: not searched


def test_directory_json_report(run: Run, tmp_path: Path) -> None:
    folder = _export_folder(tmp_path)
    report = {Path(r["file"]).name: r for r in json.loads(run("import", str(folder), "--json").stdout)}
    assert report["README.txt"]["skipped_because"] == "format not recognised"
    assert report["README.txt"]["format"] is None
    assert report["feed.xml"]["skipped_because"] is None and report["feed.xml"]["added"] == 2
    assert set(report) == {"part_000000.csv", "feed.xml", "README.txt", "photo.png", "nested"}


def test_format_option_narrows_a_directory(run: Run, tmp_path: Path) -> None:
    folder = _export_folder(tmp_path)
    result = run("import", str(folder), "--format", "feed")
    assert f"{folder / 'part_000000.csv'}: skipped (looks like pocket, not feed)" in result.stdout
    assert {r["source"] for r in run.json("list", "-n", "0")} == {"Example Engineering Blog"}


def test_empty_or_unrecognised_directory_is_an_error(run: Run, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("import", str(empty), code=1)
    assert f"{empty}: the directory is empty" in result.stderr
    notes = tmp_path / "notes"
    notes.mkdir()
    write(notes / "a.txt", "just words\n")
    result = run("import", str(notes), code=1)
    assert "a.txt: skipped (format not recognised)" in result.stdout
    assert "no file in this directory has a format readlog recognises" in result.stderr


def test_directory_and_files_together_and_problems_still_count(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    shutil.copy(FORMATS / "raindrop.csv", folder / "raindrop.csv")  # has one damaged date
    result = run("import", str(folder), str(ROOT / "examples" / "feed.xml"), code=1)
    assert "raindrop.csv (raindrop): 3 added" in result.stdout
    assert "line 4" in result.stderr
    assert "feed.xml (feed): 2 added" in result.stdout
