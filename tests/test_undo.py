"""One import command, however many files it read, is one action: history
lists it once and undo takes back all of it."""

from __future__ import annotations

import sqlite3
import zipfile
from pathlib import Path
from typing import Any

import readlog

from conftest import DIGEST, Run, write

# A read-later app's saved list, copied out (the bookmark-list shape of the smolnero seed):
# the collection, its description, then each entry's title, summary and when it was saved.
SAVED = """\
smolnero

第一性原理思考（GitHub）

调度器的一生：从时间片到抢占

作者回顾了内核调度器的几次重写，以及每次重写解决的问题。

收藏16 天前

B 树在磁盘上的样子

一篇图解：页、分裂与合并，附带一个小型实现。

收藏20 天前

正则引擎的回溯为什么会爆炸

用三个例子说明回溯的代价，以及线性时间引擎的做法。

收藏3 天前

写给后端的缓存一致性入门

从 MESI 讲到应用层缓存失效，配有时序图。

收藏1 天前
"""

# Three more lists in the same shape, for a directory and several files.
MORE = [
    f"list {n}\n\n第 {n} 组文章\n\n{title}\n\n{summary}\n\n收藏{days} 天前\n"
    for n, (title, summary, days) in enumerate(
        [
            ("编译器里的寄存器分配", "图着色与线性扫描各自的代价。", 2),
            ("WAL 是怎样让数据库不丢数据的", "从日志顺序写讲到检查点。", 5),
            ("一次内存泄漏的排查记录", "pprof 与火焰图，一步一步找到泄漏点。", 9),
        ],
        start=1,
    )
]


# A bookmarks file with a problem (a bookmarklet is never imported): --strict imports none of it.
STRICT = """\
<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="javascript:alert(1)">Bookmarklet</A>
<DT><A HREF="https://ok.example/">Fine</A>
</DL>
"""
# DIGEST without the first entry's date: importing DIGEST after it fills the date in.
UNDATED = DIGEST.replace("技术文章 Go Blog 2025-10-02", "技术文章 Go Blog")


def _sql(db: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def _state(db: Path) -> tuple[list[Any], list[Any], list[Any]]:
    """Every entry, every trashed entry and every action as stored."""
    return (
        _sql(db, "SELECT * FROM entries ORDER BY id"),
        _sql(db, "SELECT * FROM trash ORDER BY id"),
        _sql(db, "SELECT * FROM actions ORDER BY id"),
    )


def _history(run: Run) -> list[dict[str, Any]]:
    return list(run.json("history", "--limit", "0"))


# ---- one command, one action ------------------------------------------------------------------


def test_one_import_command_is_one_action(run: Run, tmp_path: Path, library: Path) -> None:
    """Issue 33, item 3: `readlog import examples/` then `readlog undo` took back only the last file."""
    run("import", str(write(tmp_path / "undated.txt", UNDATED)), "--format", "digest", "--as-of", "2026-11-01")
    before = _state(library)
    folder = tmp_path / "exports"
    folder.mkdir()
    for n, text in enumerate(MORE, start=1):
        write(folder / f"list{n}.txt", text)
    write(folder / "digest.txt", DIGEST)  # fills in the date the first import did not have
    result = run("import", str(folder), "--as-of", "2026-11-01")
    assert result.stdout.count("(bookmarks)") == 3 and "1 updated" in result.stdout
    history = _history(run)
    assert len(history) == 2 and history[0]["command"] == f"import {folder}"
    assert history[0]["summary"].startswith("3 added, 1 updated, 2 already in the library")
    undone = run("undo")
    assert "Undid action 2" in undone.stdout and undone.stdout.count("removed (added by the import)") == 3
    assert "restored published" in undone.stdout
    assert _state(library)[:2] == before[:2]
    assert _sql(library, "SELECT count(*) FROM imports") == [(1,)]
    assert "Undid action 1" in run("undo").stdout


def test_several_files_and_a_zip_are_one_action(run: Run, tmp_path: Path, library: Path) -> None:
    paths = [write(tmp_path / f"list{n}.txt", text) for n, text in enumerate(MORE[:2], start=1)]
    archive = tmp_path / "more.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("saved.txt", SAVED)
        zf.writestr("list3.txt", MORE[2])
    run("import", *map(str, paths), str(archive), "--as-of", "2026-12-01")
    (action,) = _history(run)
    assert action["command"] == f"import {paths[0]} {paths[1]} {archive}" and action["changes"] == 7
    assert len(_sql(library, "SELECT id FROM imports")) == 4  # each file still its own record
    assert len(run("undo").stdout.splitlines()) >= 7
    assert _sql(library, "SELECT count(*) FROM entries") == [(0,)]
    assert _sql(library, "SELECT count(*) FROM imports") == [(0,)]


def test_a_file_rolled_back_does_not_take_the_commands_action_with_it(run: Run, tmp_path: Path) -> None:
    """The action is stored with the first file that commits: a file before it that failed
    (rolled back by --strict, or not readable at all) leaves nothing behind."""
    empty = write(tmp_path / "a-empty.txt", "")
    strict = write(tmp_path / "b-strict.html", STRICT)  # a bookmarklet: a problem, so --strict rolls it back
    good = write(tmp_path / "c-good.txt", MORE[0])
    run("import", str(empty), str(strict), str(good), "--strict", "--as-of", "2026-12-01", code=1)
    (action,) = _history(run)
    assert action["command"] == f"import {empty} {strict} {good}" and action["summary"].startswith("1 added")
    assert run("undo").stdout.count("removed (added by the import)") == 1


# ---- the Python API ------------------------------------------------------------------------------


def test_the_api_imports_a_directory_as_one_action(tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    for n, text in enumerate(MORE, start=1):
        write(folder / f"list{n}.txt", text)
    with readlog.open(tmp_path / "lib.db") as lib:
        report = lib.import_path(folder, as_of="2026-12-01")
        assert report.added == 3 and len(report.files) == 3
        (action,) = lib.history(limit=0)
        assert action.command == f"import {folder}" and action.changes == 3
        undone = lib.undo()
        assert len(undone.changes) == 3 and lib.count() == 0
