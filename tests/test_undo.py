"""Undo takes back the newest action or says why it cannot; an older one only by
its number, after a preview, and never over a later change; and one import
command, however many files it read, is one action."""

from __future__ import annotations

import sqlite3
import zipfile
from pathlib import Path
from typing import Any

import pytest

import readlog
from readlog.cli import organise
from readlog.core import curate
from readlog.model.errors import ReadlogError

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


# A bookmarks file with a problem (a web link written wrong): --strict imports none of it.
STRICT = """\
<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="httpss://typo.example/">Typo</A>
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


@pytest.fixture
def saved(run: Run, tmp_path: Path) -> Path:
    path = write(tmp_path / "saved.txt", SAVED)
    run("import", str(path), "--as-of", "2026-12-01")
    return path


# ---- the newest action, or why not -------------------------------------------------------


def test_undo_never_jumps_over_an_emptied_trash(run: Run, saved: Path, library: Path) -> None:
    """Issue 33, item 2, as reported: undo passed over the emptied trash, the rm and the tag
    (whose entry was gone) and undid the import, deleting entries never in the trash."""
    run("tag", "1", "+a")
    run("rm", "1", "--yes")
    run("trash", "--empty", "--yes")
    before = _state(library)
    result = run("undo", code=1)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "the trash was emptied in action 4; that cannot be undone" in result.stderr
    assert "readlog undo ACTION" in result.stderr
    assert _state(library) == before
    assert len(run.json("list", "-n", "0")) == 3
    assert "清空" in run("--lang", "zh", "undo", code=1).stderr
    assert "the trash was emptied in action 4" in run("undo", "--dry-run", code=1).stderr
    assert _state(library) == before


def test_an_emptied_trash_is_recorded_with_what_it_deleted(run: Run, saved: Path) -> None:
    run("rm", "1", "2", "--yes")
    run("trash", "--empty", "--yes")
    emptied = _history(run)[0]
    assert emptied["command"] == "trash --empty" and emptied["changes"] == 2


def test_undo_by_number_after_an_emptied_trash(run: Run, saved: Path, library: Path) -> None:
    run("star", "3")  # 2
    run("rm", "1", "--yes")  # 3
    run("trash", "--empty", "--yes")  # 4: entry 1 deleted for good
    before = _state(library)
    refused = run("undo", "3", "--yes", code=1)  # the rm: what it moved is gone
    assert "action 3 (rm 1) cannot be undone: entry 1 was deleted for good by action 4 (trash --empty)" in (
        refused.stderr
    )
    assert "the trash was emptied in action 4" in run("undo", "4", "--yes", code=1).stderr
    assert _state(library) == before
    done = run("undo", "2", "--yes")  # the star is independent of what was deleted
    assert "Undid action 2: star 3" in done.stdout and "unstarred again" in done.stdout
    assert run.json("show", "3")["starred"] is False
    assert [a["undone"] for a in _history(run)] == [False, False, True, False]


def test_a_trash_emptied_by_an_older_readlog_stops_undo_too(run: Run, saved: Path, library: Path) -> None:
    """A library whose trash was emptied by an older readlog: its action has no record of
    what it deleted, and the rm before it has nothing left to take back."""
    run("rm", "2", "--yes")
    run("trash", "--empty", "--yes")
    conn = sqlite3.connect(library)
    with conn:  # as an older readlog recorded it: an action without events
        conn.execute("DELETE FROM events WHERE kind = 'purge'")
    conn.close()
    before = _state(library)
    assert "the trash was emptied in action 3" in run("undo", code=1).stderr
    refused = run("undo", "2", "--yes", code=1)
    assert "action 2 (rm 2) cannot be undone: entries it changed have since been deleted for good" in refused.stderr
    assert _state(library) == before


# ---- an older action by its number ---------------------------------------------------------


def test_undo_by_number_previews_and_asks(
    run: Run, saved: Path, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run("tag", "2", "+later")  # 2
    run("star", "3")  # 3
    before = _state(library)
    dry = run("undo", "2", "--dry-run")
    assert "Would undo action 2: tag 2 +later" in dry.stdout and "tags removed" in dry.stdout
    assert "Nothing was changed (--dry-run)" in dry.stdout
    assert run.json("undo", "2", "--dry-run")["dry_run"] is True
    refused = run("undo", "2", code=1)  # no terminal to ask on, and no --yes
    assert "Would undo action 2" in refused.stdout and "--yes" in refused.stderr
    assert _state(library) == before
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: True)
    declined = run("undo", "2", input="n\n", code=1)
    assert "Undo action 2 (1 entry)?" in declined.stdout and "nothing was changed" in declined.stderr
    assert _state(library) == before
    taken = run("undo", "2", input="y\n")
    assert "Undid action 2: tag 2 +later" in taken.stdout
    shown = run.json("show", "2")
    assert shown["tags"] == [] and run.json("show", "3")["starred"] is True  # the newer star stays
    assert [a["undone"] for a in _history(run)] == [False, True, False]
    assert "action 2 (tag 2 +later) was undone already" in run("undo", "2", "--yes", code=1).stderr
    assert "Undid action 3: star 3" in run("undo").stdout  # the newest not yet undone
    assert "Undid action 1: import" in run("undo").stdout
    assert "nothing to undo" in run("undo", code=1).stderr


def test_undo_by_number_with_yes_and_json(run: Run, saved: Path) -> None:
    run("note", "4", "重读第二节")  # 2
    run("archive", "1")  # 3
    record = run.json("undo", "2", "--yes")
    assert record["action"]["id"] == 2 and record["dry_run"] is False
    assert [(c["id"], c["kind"]) for c in record["changes"]] == [(4, "note")]
    assert run.json("show", "4")["note"] == "" and run.json("show", "1")["archived"] is True


def test_undo_by_number_of_no_such_action(run: Run, saved: Path) -> None:
    assert "no action 9 (readlog history lists them)" in run("undo", "9", "--yes", code=1).stderr
    assert "no action 0" in run("undo", "0", "--yes", code=1).stderr
    assert "no action" in run("undo", str(2**70), "--yes", code=1).stderr


def test_undo_by_number_of_an_import_that_changed_nothing(run: Run, saved: Path) -> None:
    run("import", str(saved), "--as-of", "2026-12-01")  # 2: everything already there
    run("star", "1")  # 3
    assert "action 2 (import" in run("undo", "2", "--yes", code=1).stderr
    assert "changed nothing that undo takes back" in run("undo", "2", "--yes", code=1).stderr
    assert "Undid action 3" in run("undo").stdout
    assert "Undid action 1" in run("undo").stdout  # the re-import that changed nothing is passed over


@pytest.mark.parametrize(
    ("later", "command"),
    [
        (["tag", "2", "+x"], "tag 2 +x"),
        (["star", "2"], "star 2"),
        (["read", "2"], "read 2"),
        (["note", "2", "n"], "note 2"),
        (["edit", "2", "--title", "新标题"], "edit 2 --title"),
        (["rm", "2", "--yes"], "rm 2"),
    ],
)
def test_undo_of_an_import_whose_entries_changed_since_is_refused(
    run: Run, saved: Path, library: Path, later: list[str], command: str
) -> None:
    run(*later)  # 2
    before = _state(library)
    imported = _history(run)[-1]["command"]
    refused = run("undo", "1", "--yes", code=1)
    assert f"action 1 ({imported}) cannot be undone: entry 2 was changed since by action 2 ({command})" in (
        refused.stderr
    )
    assert refused.stderr.count("\n") == 1
    assert "cannot be undone" in run("undo", "1", "--dry-run", code=1).stderr
    assert _state(library) == before


def test_undo_by_number_refuses_to_write_over_a_later_change(run: Run, saved: Path, library: Path) -> None:
    run("star", "1", "2")  # 2
    run("unstar", "2")  # 3
    run("tag", "1", "+a")  # 4: another column of entry 1
    run("tag", "3", "+b")  # 5
    run("tag", "3", "+c")  # 6
    before = _state(library)
    refused = run("undo", "2", "--yes", code=1)
    assert "action 2 (star 1 2) cannot be undone: entry 2 was changed since by action 3 (unstar 2)" in refused.stderr
    refused = run("undo", "5", "--yes", code=1)  # undoing +b would take +c away too
    assert "entry 3 was changed since by action 6 (tag 3 +c)" in refused.stderr
    assert _state(library) == before
    run("undo", "3", "--yes")
    run("undo", "2", "--yes")  # now nothing later holds entry 2's star: entry 1's tag is another column
    shown = run.json("show", "1")
    assert shown["starred"] is False and shown["tags"] == ["a"]


def test_undo_by_number_of_a_restore_or_an_rm_refuses_a_later_change(run: Run, saved: Path, library: Path) -> None:
    run("rm", "1", "2", "--yes")  # 2
    run("restore", "1")  # 3
    run("tag", "1", "+kept")  # 4: undoing the restore would put the tag in the trash
    refused = run("undo", "3", "--yes", code=1)
    assert "entry 1 was changed since by action 4 (tag 1 +kept)" in refused.stderr
    refused = run("undo", "2", "--yes", code=1)  # the rm: entry 1 was restored since
    assert "entry 1 was changed since by action 4 (tag 1 +kept)" in refused.stderr


def test_a_changed_library_between_preview_and_answer_changes_nothing(
    run: Run, saved: Path, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run("star", "2")  # 2
    run("read", "3")  # 3
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: True)

    def meanwhile(*args: Any, **kwargs: Any) -> bool:
        with readlog.open(library) as other:  # another readlog, while the question waits
            other.unstar(2)
        return True

    monkeypatch.setattr(organise.typer, "confirm", meanwhile)
    refused = run("undo", "2", code=1)
    assert "entry 2 was changed since by action 4 (unstar 2)" in refused.stderr
    assert [a["undone"] for a in _history(run)][:3] == [False, False, False]


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
    strict = write(tmp_path / "b-strict.html", STRICT)  # a web link written wrong: a problem, so --strict rolls it back
    good = write(tmp_path / "c-good.txt", MORE[0])
    run("import", str(empty), str(strict), str(good), "--strict", "--as-of", "2026-12-01", code=1)
    (action,) = _history(run)
    assert action["command"] == f"import {empty} {strict} {good}" and action["summary"].startswith("1 added")
    assert run("undo").stdout.count("removed (added by the import)") == 1


# ---- the Python API ------------------------------------------------------------------------------


def test_the_api_undoes_by_number_with_the_same_refusals(tmp_path: Path) -> None:
    with readlog.open(tmp_path / "lib.db") as lib:
        lib.import_path(write(tmp_path / "saved.txt", SAVED), as_of="2026-12-01")  # 1
        lib.tag(2, add="x")  # 2
        lib.star(3)  # 3
        with pytest.raises(ReadlogError) as refused:
            lib.undo(action=1)
        assert refused.value.key == "undo_changed" and "by action 3 (star 3)" in str(refused.value)
        preview = lib.undo(action=2, dry_run=True)
        assert preview.dry_run and preview.action == 2 and [c.kind for c in preview.changes] == ["tags"]
        assert lib.get(2).tags == ("x",)
        undone = lib.undo(action=2)
        assert undone.command == "tag 2 +x" and lib.get(2).tags == () and lib.get(3).starred
        with pytest.raises(ReadlogError) as again:
            lib.undo(action=2)
        assert again.value.key == "undo_already"
        with pytest.raises(ReadlogError) as unknown:
            lib.undo(action=7)
        assert unknown.value.key == "undo_no_action"
        curate.remove(lib.store, [4])  # 4
        preview_empty = curate.preview_empty(lib.store, before=None)
        curate.empty_trash(lib.store, preview_empty.ids)  # 5
        with pytest.raises(ReadlogError) as emptied:
            lib.undo()
        assert emptied.value.key == "undo_emptied" and "action 5" in str(emptied.value)
        with pytest.raises(ReadlogError) as deleted:
            lib.undo(action=4)
        assert deleted.value.key == "undo_deleted"
        assert lib.undo(action=3).command == "star 3" and not lib.get(3).starred


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
