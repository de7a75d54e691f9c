"""History summaries and fetch errors are kept as meaning (a catalogue key and its fields):
every kind of action the CLI records says what it did in Chinese under --lang zh, with no
English word, while --json keeps the English; and every kind of fetch failure is said in
Chinese in fetch and show."""

from __future__ import annotations

import json
import re

import pytest

import webserver
from conftest import ROOT, Run
from webserver import Server

server, web_server = webserver.server, webserver.web_server

HAN = re.compile(r"[\u4e00-\u9fff]")


def _zh_summaries(run: Run) -> dict[str, str]:
    """command -> summary, as ``--lang zh history`` prints them into a pipe (id, when, command, summary, undone)."""
    lines = run("--lang", "zh", "history", "--limit", "0").stdout.splitlines()
    return {fields[2]: fields[3] for fields in (line.split("\t") for line in lines)}


def test_every_kind_of_action_says_what_it_did_in_chinese(
    run: Run, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("READLOG_FORCE_TTY")  # history into a pipe: whole fields, tab-separated
    run("import", str(ROOT / "examples"), "--as-of", "2026-12-01")
    missing = server.url("/missing")
    commands = [
        ("star", "3", "4"),
        ("unstar", "4"),
        ("read", "3"),
        ("unread", "3"),
        ("archive", "6"),
        ("unarchive", "6"),
        ("tag", "3", "+kept"),
        ("note", "3", "a note"),
        ("note", "3", "--clear"),
        ("archive", "--tag", "kept", "--yes"),
        ("edit", "3", "--title", "新标题", "--category", "系统", "--verdict", "好"),
        ("rm", "5"),
        ("restore", "5"),
        ("rm", "7"),
        ("trash", "--empty", "--yes"),
    ]
    for args in commands:
        run(*args)
    [added] = [r["id"] for r in json.loads(run("add", missing, "--no-fetch", "--json").stdout)]
    run("fetch", str(added), code=1)
    undone = run("--lang", "zh", "undo").stdout  # history marks it undone, in Chinese too
    assert "已撤销操作" in undone and not re.search("[A-Za-z]", undone.split("（", 1)[1].split("）", 1)[0]), undone
    zh = _zh_summaries(run)
    english = {r["command"]: r["summary"] for r in json.loads(run("history", "--limit", "0", "--json").stdout)}
    assert len(zh) == len(english) == len(commands) + 3  # each command once, the import, add and fetch
    for command, summary in zh.items():
        assert summary and HAN.search(summary) and not re.search("[A-Za-z]", summary), (command, summary)
        assert english[command] and re.search("[a-z]", english[command]) and not HAN.search(english[command])
    assert zh["edit 3 --title --category --verdict"] == "修改了 标题、分类、收录理由"
    assert english["edit 3 --title --category --verdict"] == "changed title, category, verdict"
    assert zh[f"fetch {added}"].startswith("抓取 0 篇，失败 1 篇")
    lines = run("--lang", "zh", "history", "--limit", "0").stdout.splitlines()
    assert [line.split("\t")[4] for line in lines if line.count("\t") == 4] == ["已撤销"]


# Each kind of failure the test server can give: its path, and what may stay in Latin letters.
FAILURES = [
    ("/missing", "HTTP"),
    ("/gone", "HTTP"),
    ("/file.pdf", "application/pdf|HTML|readlog"),
    ("/picture.png", "image/png|HTML|readlog"),
    ("/empty", ""),
    ("/loop", ""),
]


@pytest.mark.parametrize(("path", "kept"), FAILURES)
def test_every_kind_of_fetch_failure_is_said_in_chinese(run: Run, server: Server, path: str, kept: str) -> None:
    url = server.url(path)
    run("add", url, "--no-fetch")
    [outcome] = json.loads(run("fetch", "1", "--json", code=None).stdout)["pages"]
    english = outcome["error"]
    assert english and not HAN.search(english)
    said = run("--lang", "zh", "fetch", "1", "--refetch", code=None).stdout
    [line] = [line for line in said.splitlines() if line.strip().startswith("1 ")]
    reason = line.split("：", 1)[1].split("  http", 1)[0]
    assert HAN.search(reason) and reason.strip() != english, said
    assert not re.search("[A-Za-z]", re.sub(kept or "^$", "", reason)), reason
    shown = run("--lang", "zh", "show", "1").stdout
    assert reason.strip() in shown
    assert json.loads(run("show", "1", "--json").stdout)["fetch_error"] == english  # scripts keep English
