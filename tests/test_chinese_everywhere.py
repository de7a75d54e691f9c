"""--lang zh for the errors and notices that were still English: add and
edit refusing a value, a time that cannot be read, undo of rm and restore,
fetch errors (in fetch, add and show; --json keeps the English), the
action summaries of history and undo, click's usual usage errors, and
Chinese punctuation in the lines add and fetch print."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from readlog.model.errors import ReadlogError
from readlog.model.messages import keys, say

import webserver
from conftest import Built, Run, with_examples
from helpers import texts
from webserver import Server

server, web_server = webserver.server, webserver.web_server

HAN = re.compile(r"[\u4e00-\u9fff]")
# What may stay in Latin letters in a Chinese line: options, quoted values, commands and formats.
NOT_WORDS = re.compile(r"--?\w[\w-]*|'[^']*'|readlog \w+|https?://|可选 [\w, ]+|\b(?:readlog|word|YYYY|MM|DD|THH)\b")


@pytest.fixture
def lib(built: Built, library: Path) -> None:
    """The examples imported as of 2026-12-01 into the test's library (a copy of one
    imported once per test process)."""
    with_examples(built, library)


def zh_error(run: Run, *args: str, code: int) -> str:
    err = run("--lang", "zh", *args, code=code).stderr
    assert len(err.strip().splitlines()) == 1, err
    return err


REFUSALS = [
    (["add", "ftp://x"], "不是网址：'ftp://x'（readlog add 只接受 http:// 和 https:// 链接）"),
    (["add", "https://a.example/", "https://b.example/", "--title", "T"], "--title 只能用于一个条目"),
    (["edit", "3", "--published", "2026-13-01"], "--published：'2026-13-01' 不是日期；请写成 YYYY-MM-DD"),
    (["edit", "3", "--url", "ftp://x"], "--url：'ftp://x' 不是网址；请给出 http:// 或 https:// 链接"),
    (["list", "--since", "bogus"], "--since：无法把 'bogus' 当作时间；请用 YYYY-MM-DD"),
    (["stats", "--since", "bogus"], "--since：无法把 'bogus' 当作时间"),
    (["list", "--sort", "bogus"], "未知的排序方式 'bogus'"),
    (["search", "--", '""'], "搜索内容是空的"),
    (["search", "--bogus"], "没有这个选项：--bogus（要排除一个词，请写 -word）"),
    (["trash", "--limit", "-1"], "--limit 必须是 0"),
    (["fetch", "--jobs", "0"], "--jobs 必须在 1 到"),
]


def test_refusals_are_wholly_chinese(run: Run, lib: None) -> None:
    for args, expected in REFUSALS:  # one library for all: each refusal changes nothing
        err = zh_error(run, *args, code=2)
        assert expected in err, (args, err)
        assert not re.search(r"[A-Za-z]{4,}", NOT_WORDS.sub("", err)), err


def test_the_same_refusals_stay_english_without_lang(run: Run, lib: None) -> None:
    assert "not a web address: 'ftp://x' (readlog add takes" in run("add", "ftp://x", code=2).stderr
    assert "--published: '2026-13-01' is not a date" in run("edit", "3", "--published", "2026-13-01", code=2).stderr
    assert "--since: cannot read 'bogus' as a time" in run("list", "--since", "bogus", code=2).stderr


def test_edit_refusal_through_the_api_names_the_field(tmp_path: object) -> None:
    from readlog.core.curate import vetted

    with pytest.raises(ReadlogError) as caught:
        vetted({"published": "2026-13-01"}, lambda name: name)
    assert caught.value.localized("zh") == "published：'2026-13-01' 不是日期；请写成 YYYY-MM-DD，或用 \"\" 表示没有"
    assert isinstance(caught.value, ReadlogError) and caught.value.exit_code == 2


def test_undo_of_rm_and_of_restore_in_chinese(run: Run, lib: None) -> None:
    run("rm", "3")
    run("restore", "3")
    out = run("--lang", "zh", "undo").stdout
    assert "已移回回收站：" in out and "moved back" not in out
    assert out.startswith("已撤销操作 ") and "（刚刚；恢复了 1 条）" in out
    out = run("--lang", "zh", "undo").stdout
    assert "已从回收站恢复：" in out and "from the trash" not in out and "1 条移到回收站" in out


def test_history_summaries_in_chinese_and_english(run: Run, lib: None) -> None:
    run("star", "3", "4")
    run("note", "3", "again")
    zh = run("--lang", "zh", "history").stdout
    assert "2 条中修改了 2 条" in zh and "笔记已保存" in zh and "新增 " in zh and "already in the library" not in zh
    en = [r["summary"] for r in json.loads(run("history", "--json").stdout)]  # scripts keep English
    assert en[:2] == ["note saved", "2 of 2 changed"] and "already in the library" in en[-1]


def test_fetch_errors_in_chinese_in_fetch_add_and_show(run: Run, server: Server) -> None:
    added = run("--lang", "zh", "add", server.url("/missing"))
    assert "网页返回 HTTP 404" in added.stderr and "the page answered" not in added.stderr
    assert re.search(r"\d+ 已添加：", added.stdout) and "已添加: " not in added.stdout
    out = run("--lang", "zh", "fetch", "1", "--refetch", code=1).stdout
    assert "失效：HTTP 404 错误" in out
    assert "HTTP 404 错误" in run("--lang", "zh", "show", "1").stdout
    assert json.loads(run("show", "1", "--json").stdout)["fetch_error"] == "HTTP 404"  # scripts keep English


def test_a_known_link_is_said_with_a_full_width_colon(run: Run, server: Server) -> None:
    run("add", server.url("/en"))
    out = run("--lang", "zh", "add", server.url("/en"), "--star").stdout
    assert "已经收藏过：" in out and "已经收藏过:" not in out and "加星标" in out


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["list", "--limit", "x"], "'--limit' / '-n' 的值无效：'x' 不是有效的整数。"),
        (["list", "--source"], "选项 '--source' 需要一个值。"),
        (["lst"], "没有这个命令：'lst'。是不是 'list'？"),
        (["db", "bogus"], "没有这个命令：'bogus'。"),
        (["show"], "缺少参数 'ID'。"),
        (["list", "a", "b"], "多余的参数（a b）"),
        (["list", "--unred"], "没有这个选项：--unred（可能是：--read, --source, --unread）"),
    ],
)
def test_clicks_usual_messages_in_chinese(args: list[str], expected: str) -> None:
    import sys
    from io import StringIO

    from readlog.cli.exiting import main
    from readlog.model.errors import EXIT_USAGE

    err, argv = StringIO(), sys.argv
    sys.stderr, sys.argv = err, ["readlog", "--lang", "zh", *args]
    try:
        with pytest.raises(SystemExit) as stopped:
            main()
    finally:
        sys.stderr, sys.argv = sys.__stderr__, argv
    assert stopped.value.code == EXIT_USAGE
    said = err.getvalue()
    assert expected in said and "Invalid" not in said and "No such" not in said, said


def test_what_is_kept_as_meaning_is_said_in_either_language() -> None:
    """A fetch error and a history summary are kept as key and fields (messages.stored), a
    reason inside a reason too, and said in the reader's language; an outside library's words
    stay as they are."""
    from readlog.model.messages import Phrase, shown, stored

    offline = stored(Phrase("fetch_maybe_offline", detail=Phrase("fetch_no_host")))
    assert shown(offline, "zh") == "没有这个主机（也可能是网络断了）"
    assert shown(offline, "en") == say("fetch_maybe_offline", detail=say("fetch_no_host"))
    waits = Phrase("fetch_asks_to_wait", seconds=900, most=60)
    waited = stored(Phrase("fetch_then", first=Phrase("fetch_http_status", status=429), then=waits))
    assert shown(waited, "zh").startswith("HTTP 429 错误；网站要求等待 900 秒")
    assert shown(waited) == say("fetch_http_status", status=429) + "; " + say(
        "fetch_asks_to_wait", seconds=900, most=60
    )
    outside = stored("[Errno 101] Network is unreachable")
    assert shown(outside, "zh") == shown(outside) == "[Errno 101] Network is unreachable"
    imported = stored(Phrase("did_import", added=12, updated=0, unchanged=3, skipped=1))
    assert shown(imported, "zh") == "新增 12 条，更新 0 条，3 条已在书库中，跳过 1 条"
    assert shown(imported) == "12 added, 0 updated, 3 already in the library, 1 skipped"


def test_a_phrase_inside_a_message_is_said_in_its_language() -> None:
    from readlog.model.messages import Phrase

    error = ReadlogError.of("input_too_large", name="x.json", what=Phrase("limit_whole"), size="1 MB", env="E")
    assert str(error).startswith("x.json: it is read whole, and holds more than 1 MB")
    assert error.localized("zh").startswith("x.json：它需要整个读入，而其大小超过 1 MB")


def test_every_key_the_translations_use_is_in_the_catalogue() -> None:
    from readlog.cli.usage import CLICK_MESSAGES

    assert set(CLICK_MESSAGES) <= set(keys())
    chinese = texts("zh")
    for key in CLICK_MESSAGES:
        assert all(HAN.search(text) for text in chinese[key]), key


def test_import_of_a_directory_says_why_files_were_passed_over(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    (folder / "inner").mkdir(parents=True)
    (folder / "notes.txt").write_text("x\n", encoding="utf-8")
    err = run("--lang", "zh", "import", str(folder), code=None)
    said = err.stdout + err.stderr
    assert "inner：已跳过（是文件夹；不会查找里面的文件夹）" in said.replace(str(folder) + "/", "")
    assert "无法识别格式" in said and "这个目录里没有 readlog 认识的格式的文件" in said
    records = json.loads(run("import", str(folder), "--json", code=None).stdout)
    assert {r["skipped_because"] for r in records} >= {"a folder; folders inside are not searched"}
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "目录是空的" in run("--lang", "zh", "import", str(empty), code=1).stderr


def test_the_systems_usual_reasons_in_chinese(run: Run, lib: None, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.json"
    err = zh_error(run, "export", "-o", str(target), code=1)
    assert "（没有这个文件或目录）" in err and "No such file" not in err
    assert "(No such file or directory)" in run("export", "-o", str(target), code=1).stderr
