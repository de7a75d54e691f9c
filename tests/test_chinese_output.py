"""--lang zh reaches every message users meet: errors (from the catalogue in
messages.py), click's usage errors, tag/note/undo/history output, the bulk
preview and its question, db check, backup and the Markdown export."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from readlog.cli import organise
from readlog.model.errors import ReadlogError
from readlog.model.messages import say
from readlog.render.organise import _chinese

from conftest import Built, Run, with_examples
from helpers import texts

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def lib(built: Built, library: Path) -> None:
    """The examples imported as of 2026-12-01 into the test's library (a copy of one
    imported once per test process)."""
    with_examples(built, library)


def zh(run: Run, *args: str, code: int = 0, input: str | None = None) -> tuple[str, str]:
    result = run("--lang", "zh", *args, code=code, input=input)
    return result.stdout, result.stderr


def _fields(text: str) -> set[str]:
    # a field's root name (a date's d.month is d)
    return {re.split(r"[.[]", name)[0] for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_message_has_chinese_with_the_same_fields() -> None:
    english, chinese = texts("en"), texts("zh")

    def fields(said: list[str]) -> set[str]:
        return set().union(*(_fields(text) for text in said))

    unlike = [
        key for key, said in english.items() if not all(chinese.get(key, [""])) or fields(chinese[key]) != fields(said)
    ]
    assert unlike == []
    only_values = (  # nothing but their fields and punctuation (a date's numbers, a separator)
        "bad_option_value",
        "usage_no_option",
        "import_where",
        "label_hit_in",
        "stats_week_label",
        "stats_month_label",
        "stats_year_label",
        "stats_years_label",
        "history_words_label_colon",
        "history_words_colon",
        "curate_sep",
        "fetch_then",  # two reasons joined by Chinese punctuation
        "list_joiner",  # the enumeration comma
        "next_why_joined",  # the parts of why next offers an entry: a Chinese comma
        "fetch_size_mb",  # a size: Chinese writes the unit MB too
        "feed_follow_failed",  # an address and why
    )
    not_chinese = [
        key for key, said in chinese.items() if not all(CJK.search(t) for t in said) and key not in only_values
    ]
    assert not_chinese == []


def test_every_screen_word_has_the_same_fields_in_chinese() -> None:
    for english, chinese in _chinese().items():
        assert _fields(chinese) == _fields(english), english


def test_errors_are_said_in_english_and_localised_on_demand() -> None:
    error = ReadlogError.of("no_entry", id=42)
    assert str(error) == "no entry with id 42" and error.localized("zh") == "没有编号为 42 的条目"
    assert ReadlogError("plain").localized("zh") == "plain"
    assert say("question", "zh", entries=3) == "要修改这 3 条吗？" and say("question", entries=1) == "Change 1 entry?"


@pytest.mark.parametrize(
    ("args", "code", "expected"),
    [
        (["show", "999"], 1, "没有编号为 999 的条目"),
        (["read", "5-3"], 2, "范围 '5-3' 是倒着的"),
        (["read", "abc"], 2, "不是编号或范围"),
        (["list", "--unread", "--read"], 2, "--unread 和 --read 不能同时使用"),
        (["list", "--limit", "-1"], 2, "--limit 必须是 0"),
        (["tag", "3"], 2, "请指明标签"),
        (["read"], 2, "请指明哪些条目"),
        (["undo"], 1, "没有可撤销的操作"),
        (["export", "--format", "bogus"], 2, "未知导出格式"),
        (["import", "nope.txt"], 1, "没有这个文件"),
        (["list", "--since", "someday"], 2, "--since："),
    ],
)
def test_common_errors_in_chinese(run: Run, lib: None, args: list[str], code: int, expected: str) -> None:
    if args == ["undo"]:
        while run("undo", code=None).exit_code == 0:
            pass
    _, err = zh(run, *args, code=code)
    assert expected in err and len(err.strip().splitlines()) == 1, err


def test_library_errors_in_chinese(run: Run, tmp_path: Path) -> None:
    not_a_library = tmp_path / "notes.db"
    not_a_library.write_text("hello", encoding="utf-8")
    _, err = zh(run, "--db", str(not_a_library), "list", code=1)
    assert "不是 readlog 书库" in err
    _, err = zh(run, "--db", str(tmp_path), "list", code=1)
    assert "是目录，不是书库文件" in err


def test_busy_and_damaged_libraries_in_chinese() -> None:
    import sqlite3

    from readlog.store import database_error

    busy = database_error(sqlite3.OperationalError("database is locked"), Path("x.db"))
    assert "书库正忙" in busy.localized("zh") and "busy" in str(busy)
    damaged = database_error(sqlite3.DatabaseError("file is not a database"), Path("x.db"))
    assert "已损坏" in damaged.localized("zh") and "damaged" in str(damaged)
    readonly = database_error(sqlite3.OperationalError("attempt to write a readonly database"), Path("x.db"))
    assert "只读" in readonly.localized("zh")


def test_click_usage_errors_in_chinese(tmp_path: Path) -> None:
    def readlog(*args: str) -> subprocess.CompletedProcess[str]:
        env = {"READLOG_DB": str(tmp_path / "lib.db"), "PATH": "/usr/bin:/bin", "READLOG_CONFIG": str(tmp_path / "c")}
        return subprocess.run([sys.executable, "-m", "readlog", *args], env=env, capture_output=True, text=True)

    bogus = readlog("--lang", "zh", "list", "--bogus").stderr
    assert bogus.startswith("readlog: 没有这个选项：--bogus（见 '") and bogus.endswith("list --help'）\n")
    assert "需要一个子命令" in readlog("--lang", "zh", "db").stderr
    assert "缺少参数 'ID'。" in readlog("--lang", "zh", "show").stderr
    english = readlog("list", "--bogus").stderr
    assert english.startswith("readlog: No such option: --bogus (see '") and english.endswith("list --help')\n")


def test_tag_note_undo_history_in_chinese(run: Run, lib: None) -> None:
    out, _ = zh(run, "tag", "3", "+系统")
    assert "加标签：" in out and "#系统" in out
    out, _ = zh(run, "note", "3", "再读一遍")
    assert "笔记已保存：" in out
    out, _ = zh(run, "history")
    assert "编号" in out and "命令" in out
    out, _ = zh(run, "undo", "--dry-run")
    assert out.startswith("将撤销操作") and "笔记已删除" in out and "没有做任何修改（--dry-run）" in out
    out, _ = zh(run, "undo")
    assert out.startswith("已撤销操作")
    out, _ = zh(run, "undo")
    assert "标签已移除" in out
    out, _ = zh(run, "tags")
    assert out.startswith("标签") and "#系统" not in out


def test_bulk_preview_and_question_in_chinese(run: Run, lib: None, monkeypatch: pytest.MonkeyPatch) -> None:
    out, err = zh(run, "read", "--source", "evening-reads", code=1)
    assert re.search(r"\d+ 条将标为已读：", out) and "不经确认不会修改" in err and "--yes" in err
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: True)
    out, err = zh(run, "read", "--source", "evening-reads", input="n\n", code=1)
    assert re.search(r"要修改这 \d+ 条吗？ \[y/N\]", out) and "没有做任何修改" in err
    out, _ = zh(run, "read", "--source", "evening-reads", "--yes")
    assert re.search(r"\d+ 条已标为已读（操作 \d+；readlog undo 可撤销）", out)
    out, _ = zh(run, "read", "--source", "evening-reads", "--yes")
    assert "都已标为已读；无需修改。" in out
    out, _ = zh(run, "tag", "--source", "evening-reads", "+慢读", "--yes")
    assert re.search(r"\d+ 条将加标签 \+慢读：", out)


def test_db_check_and_backup_in_chinese(run: Run, lib: None, tmp_path: Path) -> None:
    out, _ = zh(run, "db", "check")
    for word in ("书库：", "结构版本：", "（最新）", "条目：", "搜索索引：", "日志模式：", "完整性：正常"):
        assert word in out, word
    out, _ = zh(run, "backup", str(tmp_path / "copy.db"))
    assert out.startswith("已将 ") and "字节）" in out
    _, err = zh(run, "backup", str(tmp_path / "copy.db"), code=1)
    assert "已经存在" in err


def test_markdown_export_headings_in_chinese(run: Run, lib: None) -> None:
    run("star", "3")
    out, _ = zh(run, "export", "-f", "markdown")
    assert out.startswith("# 阅读清单\n") and "由 readlog 于 " in out and "收藏于 " in out
    assert re.search(r"\n\d+ 条 · 已读 \d+ · 星标 \d+\n$", out)
    english = run("export", "-f", "markdown").stdout
    assert english.startswith("# Reading list\n") and "saved " in english
