"""Relative stamps (收藏3 天前) count from when the export was made: by
default the file's modification time (a zip member's own time, else the
archive's), now for standard input; --as-of given explicitly wins. The
import says which reference it used, in both languages and in --json."""

from __future__ import annotations

import json
import os
import zipfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from conftest import FIXED_NOW, Run, write

BOOKMARKS = """\
my-list

第一篇：缓存入门

从 MESI 讲起。

收藏3 天前

Second post: compilers

An essay about passes.

Saved 2 hours ago
"""
DATED = """\
my-list

只有日期的一篇

一段话。

2026-11-15
"""
MODIFIED = datetime(2026, 11, 25, 10, 30, tzinfo=timezone.utc)  # a week before the test clock's now


def _utc(value: str) -> datetime:
    return datetime.fromisoformat(value).astimezone(timezone.utc)


def _saved(run: Run) -> dict[str, datetime]:
    return {e["title"]: _utc(e["saved_at"]) for e in run.json("list", "-n", "0")}


def _touch(path: Path, when: datetime) -> Path:
    os.utime(path, (when.timestamp(), when.timestamp()))
    return path


def test_relative_stamps_count_from_the_files_modification_time(run: Run, tmp_path: Path) -> None:
    path = _touch(write(tmp_path / "saved.txt", BOOKMARKS), MODIFIED)
    result = run("import", str(path))
    assert "counted from 2026-11-25" in result.stderr and "when the file was last modified" in result.stderr
    saved = _saved(run)
    assert saved["第一篇：缓存入门"] == MODIFIED - timedelta(days=3)
    assert saved["Second post: compilers"] == MODIFIED - timedelta(hours=2)
    (report,) = run.json("import", str(path), "--json")
    assert report["as_of_from"] == "file" and _utc(report["as_of"]) == MODIFIED


def test_the_reference_is_said_in_chinese(run: Run, tmp_path: Path) -> None:
    path = _touch(write(tmp_path / "saved.txt", BOOKMARKS), MODIFIED)
    err = run("--lang", "zh", "import", str(path)).stderr
    assert "相对时间" in err and "文件的修改时间" in err and "2026-11-25" in err


def test_an_explicit_as_of_wins(run: Run, tmp_path: Path) -> None:
    path = _touch(write(tmp_path / "saved.txt", BOOKMARKS), MODIFIED)
    (report,) = run.json("import", str(path), "--as-of", "2026-12-01T00:00:00+00:00", "--json")
    assert report["as_of_from"] == "given"
    assert _saved(run)["第一篇：缓存入门"] == datetime(2026, 11, 28, tzinfo=timezone.utc)


def test_standard_input_counts_from_now(run: Run) -> None:
    (report,) = json.loads(run("import", "-", "--json", input=BOOKMARKS).stdout)
    assert report["as_of_from"] == "now"
    assert abs(_saved(run)["第一篇：缓存入门"] - (FIXED_NOW - timedelta(days=3))) < timedelta(minutes=5)


def test_a_modification_time_in_the_future_is_not_used(run: Run, tmp_path: Path) -> None:
    path = _touch(write(tmp_path / "saved.txt", BOOKMARKS), FIXED_NOW + timedelta(days=30))
    (report,) = run.json("import", str(path), "--json")
    assert report["as_of_from"] == "now"
    assert "counted from" in run("import", str(path)).stderr


def test_no_note_when_no_stamp_is_relative(run: Run, tmp_path: Path) -> None:
    path = _touch(write(tmp_path / "dated.txt", DATED), MODIFIED)
    result = run("import", str(path))
    assert "counted from" not in result.stderr
    (report,) = run.json("import", str(path), "--json")
    assert report["as_of_from"] == "file"  # --json gives the reference always


def test_a_directory_uses_each_files_own_time(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    _touch(write(folder / "a.txt", BOOKMARKS), MODIFIED)
    _touch(write(folder / "b.txt", BOOKMARKS.replace("my-list", "other-list")), MODIFIED - timedelta(days=10))
    reports = {Path(r["file"]).name: r for r in run.json("import", str(folder), "--json")}
    assert _utc(reports["a.txt"]["as_of"]) == MODIFIED
    assert _utc(reports["b.txt"]["as_of"]) == MODIFIED - timedelta(days=10)


def test_a_zip_member_uses_its_own_time_else_the_archives(run: Run, tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr(zipfile.ZipInfo("dated.txt", date_time=(2026, 11, 20, 8, 0, 0)), BOOKMARKS)
        z.writestr(zipfile.ZipInfo("undated.txt", date_time=(1980, 1, 1, 0, 0, 0)), BOOKMARKS.replace("my", "x"))
    _touch(archive, MODIFIED)
    reports = {r["file"].rsplit(":", 1)[1]: r for r in run.json("import", str(archive), "--json")}
    assert reports["dated.txt"]["as_of_from"] == "file"
    assert _utc(reports["dated.txt"]["as_of"]) == datetime(2026, 11, 20, 8, 0).astimezone(timezone.utc)  # local
    assert reports["undated.txt"]["as_of_from"] == "archive"
    assert _utc(reports["undated.txt"]["as_of"]) == MODIFIED
    assert "when the archive was last modified" in run("import", str(archive)).stderr


def test_the_api_reports_the_reference(tmp_path: Path, library: Path) -> None:
    import readlog

    path = _touch(write(tmp_path / "saved.txt", BOOKMARKS), MODIFIED)
    with readlog.open(library) as lib:
        report = lib.import_path(path)
        given = lib.import_path(path, as_of="2026-12-01")
    (imported,) = report.files
    assert imported.as_of == MODIFIED and imported.as_of_from == "file"
    assert given.files[0].as_of_from == "given"


@pytest.mark.parametrize("when", [datetime(1970, 1, 2, tzinfo=timezone.utc)])
def test_a_modification_time_out_of_range_is_not_used(run: Run, tmp_path: Path, when: datetime) -> None:
    path = _touch(write(tmp_path / "saved.txt", BOOKMARKS), when)
    (report,) = run.json("import", str(path), "--json")
    assert report["as_of_from"] == "now"
