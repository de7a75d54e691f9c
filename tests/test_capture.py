"""Save, fetch and read articles without leaving the terminal (issue 12):
``add`` and ``fetch`` through the CLI against a real local server, then
``show --full``, ``list --dead``/``--min-time``/``--max-time``, search and
export of the fetched text, upgrades, and the pager."""

from __future__ import annotations

import json
import os
import pty
import select
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import readlog
from readlog.core import fetching
from readlog.model import length
from readlog.model.messages import shown
from readlog.web import article

import helpers
import webserver
from conftest import FIXTURES, ROOT, Run, write
from helpers import READLOG, child_env
from webserver import EN_TITLE, GB_TEXT, ZH_PARAGRAPHS, ZH_TITLE, Server

# The local server's fixtures.
server, web_server = webserver.server, webserver.web_server


def query(db: Path, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
    conn = helpers.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def execute(db: Path, sql: str, params: tuple[Any, ...] = ()) -> None:
    conn = helpers.connect(db)
    try:
        with conn:
            conn.execute(sql, params)
    finally:
        conn.close()


def add(run: Run, *args: str, code: int = 0) -> list[dict[str, Any]]:
    result = run("add", *args, "--json", code=code)
    return json.loads(result.stdout)


def show(run: Run, entry_id: int, *extra: str) -> dict[str, Any]:
    return json.loads(run("show", str(entry_id), *extra, "--json").stdout)


def fake_dns(monkeypatch: pytest.MonkeyPatch, failing: dict[str, int], aliases: dict[str, str] | None = None) -> None:
    """Name resolution fails for the named hosts ("*": all) with the given EAI code, and
    ``aliases`` name the local server; no query leaves the machine."""
    real = socket.getaddrinfo

    def fake(host: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode("ascii", "replace") if isinstance(host, bytes) else str(host)  # anyio passes bytes
        code = failing.get(name, failing.get("*"))
        if code is not None:
            raise socket.gaierror(code, "fake resolver")
        return real((aliases or {}).get(name, host), *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake)


# ---- add -----------------------------------------------------------------------------------


def test_add_reads_the_pages_metadata_and_records_the_action(run: Run, server: Server, library: Path) -> None:
    [result] = add(run, server.url("/meta"))
    assert (result["status"], result["fetched"], result["fetch_error"]) == ("added", True, None)
    entry = show(run, result["id"])
    assert entry["title"] == "The Open Graph title"
    assert entry["summary"] == "What the page says about itself, in one sentence."
    assert (entry["source"], entry["published"], entry["url"]) == ("Metadata Weekly", "2026-11-20", server.url("/meta"))
    assert entry["minutes"] is None and entry["fetched_at"] is None  # the article is fetch's job
    [event] = query(library, "SELECT kind, before, after, action_id FROM events")
    assert (event["kind"], event["before"], json.loads(event["after"])) == ("add", None, {"id": result["id"]})
    [action] = query(library, "SELECT command, summary FROM actions WHERE id = ?", (event["action_id"],))
    assert action["command"] == f"add {server.url('/meta')}" and shown(action["summary"]) == "1 added, 0 already saved"
    assert "add http" in run("history").stdout


def test_add_with_every_option(run: Run, server: Server) -> None:
    before = len(server.asked("/en?opts"))
    args = ["--title", "My [b]title[/b]", "--tag", "rust", "--tag", "#Rust", "--tag", "读书", "--note", "read later"]
    args += ["--star", "--read", "--source", "Friend", "--category", "Tech", "--no-fetch"]
    [result] = add(run, server.url("/en?opts"), *args)
    assert len(server.asked("/en?opts")) == before  # --no-fetch: no request at all
    entry = show(run, result["id"])
    assert (entry["title"], entry["source"], entry["category"], entry["note"]) == (
        "My [b]title[/b]",
        "Friend",
        "Tech",
        "read later",
    )
    assert entry["tags"] == ["rust", "读书"] and entry["starred"] and entry["read_at"]
    text = run("add", server.url("/zh?opts"), "--no-fetch").stdout
    assert "added" in text and "readlog fetch" in text


def test_add_a_known_link_changes_nothing_unless_asked(run: Run, server: Server, library: Path) -> None:
    [first] = add(run, server.url("/en?k=1"), "--no-fetch")
    snapshot = run("list", "--json").stdout
    events = len(query(library, "SELECT * FROM events"))
    variant = server.url("/en/?utm_source=news&k=1").replace("http://127.0.0.1", "HTTP://127.0.0.1")
    [again] = add(run, variant)
    assert (again["status"], again["id"], again["changes"]) == ("exists", first["id"], [])
    assert run("list", "--json").stdout == snapshot and len(query(library, "SELECT * FROM events")) == events
    assert f"{first['id']} already saved" in run("add", variant).stdout
    [changed] = add(run, variant, "--star", "--tag", "later", "--note", "n")
    assert changed["changes"] == ["starred", "tagged", "note saved"]
    kinds = [r["kind"] for r in query(library, "SELECT kind FROM events ORDER BY id")]
    assert kinds[-3:] == ["starred", "tags", "note"]
    run("undo")
    entry = show(run, first["id"])
    assert not entry["starred"] and entry["tags"] == [] and entry["note"] == ""


def test_undo_takes_an_added_link_back_and_its_id_is_never_reused(run: Run, server: Server) -> None:
    [first] = add(run, server.url("/en"), "--no-fetch", "--title", "Saved by hand")
    assert run.json("history", "-n", "1")[0]["command"].startswith("add ")
    assert "deleted (added by readlog add): Saved by hand" in run("undo").stdout
    assert run.json("list", "-n", "0") == []
    [again] = add(run, server.url("/en"), "--no-fetch")
    assert again["status"] == "added" and again["id"] > first["id"]


def test_add_a_page_whose_canonical_address_is_known(run: Run, server: Server) -> None:
    [first] = add(run, server.url("/meta-canonical"), "--no-fetch")
    [second] = add(run, server.url("/meta"))
    assert second["status"] == "exists" and second["id"] == first["id"]
    assert "already saved (same page)" in run("add", server.url("/meta")).stdout


def test_add_offline_saves_at_once_and_fetch_fills_it_in_later(
    run: Run, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = server.url("/meta?offline=1").replace("127.0.0.1", "reading.test")
    with monkeypatch.context() as offline:
        fake_dns(offline, {"*": socket.EAI_AGAIN})  # what a machine without a network says
        result = run("add", url)
    assert result.exit_code == 0 and "1 added" in result.stdout
    assert "could not read" in result.stderr and "readlog fetch 1" in result.stderr
    entry = show(run, 1)
    assert (entry["source"], entry["title"], entry["url"]) == ("reading.test", "", url)
    fake_dns(monkeypatch, {}, {"reading.test": "127.0.0.1"})  # back online
    run("fetch")
    entry = show(run, 1, "--full")
    assert entry["title"] == "The Open Graph title" and entry["source"] == "Metadata Weekly"
    assert entry["summary"].startswith("What the page says") and "coffee gets cold" in entry["text"]
    # what the fetch filled in is an event of its action: undo takes it back, the text stays
    assert "restored" in run("undo").stdout
    entry = show(run, 1, "--full")
    assert (entry["source"], entry["title"], entry["summary"]) == ("reading.test", "", "")
    assert "coffee gets cold" in entry["text"]


def test_add_failed_page_is_saved_with_its_host(run: Run, server: Server) -> None:
    [result] = add(run, server.url("/missing?add=1"))
    assert result["status"] == "added" and result["fetch_error"] == "HTTP 404"
    assert show(run, result["id"])["source"] == "127.0.0.1"


@pytest.mark.parametrize(
    ("path", "said", "later"),
    [
        ("/missing?said={n}", "{url}: the page answered HTTP 404; saved with the link only", False),
        ("/gone?said={n}", "{url}: the page answered HTTP 410; saved with the link only", False),
        ("/file.pdf?said={n}", "{url}: a PDF (application/pdf); saved with the link only, readlog does not", False),
        ("/picture.png?said={n}", "{url}: not a web page (image/png); saved with the link only, readlog", False),
        ("/loop/a?said={n}", "could not read {url} (redirect loop); saved with the link only", False),
        ("/down?said={n}", "could not read {url} (HTTP 503); saved with its host as the source. `readlog fetch", True),
        ("/slow?wait=1&said={n}", "could not read {url} (no answer within 0.4 s (timed out)); saved with its", True),
        ("/busy?key=said{n}&after=60", "could not read {url} (HTTP 429; the site asks to wait 60 s", True),
    ],
)
def test_add_says_what_became_of_a_page_it_could_not_read(
    run: Run, server: Server, path: str, said: str, later: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a page a later fetch may read (no answer, a timeout, 429, 5xx) is pointed at readlog fetch."""
    if path.startswith("/slow"):
        monkeypatch.setenv("READLOG_FETCH_TIMEOUT", "0.4")  # the page answers after 1 s
    url = server.url(path.format(n=1))
    result = run("add", url)
    assert said.format(url=url) in result.stderr and len(result.stderr.splitlines()) == 1
    assert ("`readlog fetch 1`" in result.stderr + result.stdout) is later
    assert "fills in the title later" not in result.stderr
    [record] = add(run, server.url(path.format(n=2)))
    assert (record["fetched"], record["fetch_later"]) == (False, later)


def test_add_says_what_became_of_a_page_in_chinese(run: Run, server: Server) -> None:
    err = run("--lang", "zh", "add", server.url("/missing?zh=1"), server.url("/file.pdf?zh=1")).stderr
    assert "网页返回 HTTP 404；只保存了链接" in err and "这是 PDF 文件（application/pdf）；只保存了链接" in err
    assert "readlog fetch" not in err
    err = run("--lang", "zh", "add", server.url("/down?zh=1")).stderr
    assert "`readlog fetch 3` 会再试一次并补全标题" in err


def test_a_pdf_is_named_after_its_file(run: Run, server: Server) -> None:
    [pdf] = add(run, server.url("/papers/Raft%20consensus%20%E8%AE%BA%E6%96%87.pdf"))
    assert pdf["entry"]["title"] == "Raft consensus 论文.pdf" and pdf["entry"]["source"] == "127.0.0.1"
    [bare] = add(run, server.url("/papers/"))
    assert bare["entry"]["title"] == ""
    out = run("add", server.url("/en?pdf=1"), server.url("/papers/x.pdf"))
    assert "`readlog fetch 3`" in out.stdout and "fetch 3 4" not in out.stdout  # the PDF is not worth a fetch


def test_fetch_by_id_tries_a_failed_page_again_at_once(run: Run, server: Server, library: Path) -> None:
    """By id, a page whose last try failed is fetched again now; by filters (or none) it waits a day."""
    add(run, server.url("/missing?again=1"), server.url("/en?again=1"), "--no-fetch")
    assert "1 dead: HTTP 404" in run("fetch", code=1).stdout
    asked = len(server.asked("/missing?again=1"))
    everything = run("fetch").stdout
    assert "Nothing to fetch, 2 skipped (fetched already or tried within a day" in everything
    by_filter = run("fetch", "--dead").stdout
    assert "1 skipped (tried within a day; readlog fetch ID or --refetch tries again now)" in by_filter
    assert "一天内试过；readlog fetch 编号" in run("--lang", "zh", "fetch", "--dead").stdout
    assert len(server.asked("/missing?again=1")) == asked
    again = run("fetch", "1", code=1)
    assert "1 dead: HTTP 404" in again.stdout and "tried within a day" not in again.stdout
    assert len(server.asked("/missing?again=1")) == asked + 1
    report = json.loads(run("fetch", "1", "2", "--json", code=1).stdout)
    assert (report["failed"], report["skipped"], report["tried_recently"]) == (1, 1, 0)
    assert "1 skipped (fetched already; --refetch fetches again)" in run("fetch", "2").stdout
    with readlog.open(library) as lib:  # the API too
        assert lib.fetch([1]).failed == 1 and len(server.asked("/missing?again=1")) == asked + 3


def test_add_loads_only_what_one_page_needs(run: Run, server: Server, library: Path) -> None:
    """add reads a page's head: no article extractor, and not httpx's command-line client (click,
    pygments, rich's progress bars). Run as ``python -m readlog``: the suite's clock would load pytest."""
    add(run, server.url("/en?loads=0"), "--no-fetch")  # the library exists: opening it loads no more
    args = [sys.executable, "-X", "importtime", "-m", "readlog", "add", server.url("/meta?loads=1")]
    done = subprocess.run(args, env=child_env(library), capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0 and "added: The Open Graph title" in done.stdout
    loaded = {
        line.rsplit("|", 1)[-1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and line.split("|")[1].strip().isdigit() and int(line.split("|")[1]) > 50
        # (a blocked import is listed too, taking a few µs)
    }
    assert "httpx" in loaded and "readlog.web.pagemeta" in loaded
    heavy = loaded & {"httpx._main", "click", "pygments", "rich.progress", "trafilatura", "lxml"}
    assert not heavy, heavy


@pytest.mark.parametrize(
    "bad",
    ["javascript:alert(1)", "ftp://example.com/file", "example.com/page", "http://", "https://exa\x1b[2Jmple.com/", ""],
)
def test_add_refuses_what_is_not_a_web_address(run: Run, bad: str, library: Path) -> None:
    result = run("add", "https://fine.example/ok", bad, "--no-fetch", code=2)
    assert result.stderr.startswith("readlog: ") and result.stderr.count("\n") == 1 and "\x1b" not in result.stderr
    assert run.json("list") == []


def test_add_title_with_several_links_is_a_usage_error(run: Run) -> None:
    result = run("add", "https://a.example/1", "https://a.example/2", "--title", "x", code=2)
    assert "one URL" in result.stderr


def test_add_reads_links_from_standard_input(run: Run, server: Server) -> None:
    lines = f"{server.url('/en?s=1')}\n\n# a comment\n  {server.url('/zh?s=1')}  \n{server.url('/en?s=1')}\n"
    results = json.loads(run("add", "-", "--no-fetch", "--json", input=lines).stdout)
    assert [r["status"] for r in results] == ["added", "added"]
    assert {e["url"] for e in run.json("list")} == {server.url("/en?s=1"), server.url("/zh?s=1")}


def test_add_a_link_in_the_trash(run: Run, library: Path) -> None:
    [result] = add(run, "https://trash.example/post", "--no-fetch", "--title", "Thrown away")
    row = query(library, "SELECT * FROM entries WHERE id = ?", (result["id"],))[0]
    execute(  # what `readlog rm` does: the row moves to the trash
        library,
        "INSERT INTO trash (id, fingerprint, url_key, deleted_at, row) VALUES (?, ?, ?, ?, ?)",
        (row["id"], row["fingerprint"], row["url_key"], "2026-12-01T00:00:00+00:00", json.dumps(dict(row))),
    )
    execute(library, "DELETE FROM entries WHERE id = ?", (row["id"],))
    out = run("add", "https://trash.example/post/", "--star", code=1)
    assert f"in the trash as #{row['id']}; `readlog restore {row['id']}` brings it back" in out.stderr
    assert run.json("list") == []


# ---- fetch -----------------------------------------------------------------------------------


def test_save_fetch_and_read_in_the_terminal(run: Run, server: Server, library: Path) -> None:
    """The whole story: save two links, fetch them, read one with its reading time."""
    add(run, server.url("/zh"), server.url("/en"), "--no-fetch")
    report = json.loads(run("fetch", "--json").stdout)
    assert (report["fetched"], report["failed"], report["dead"], report["skipped"]) == (2, 0, 0, 0)
    zh, en = show(run, 1, "--full"), show(run, 2, "--full")
    assert zh["lang"] == "zh" and en["lang"] == "en" and zh["fetch_status"] == 200 and en["final_url"]
    assert all(p in zh["text"] for p in ZH_PARAGRAPHS) and f"# {EN_TITLE}" in en["text"]
    assert zh["words"] == article.measure(zh["text"]).words and zh["minutes"] == 1
    assert en["minutes"] == max(1, round(en["words"] / length.WORDS_PER_MINUTE))
    assert zh["title"] == f"{ZH_TITLE} - Test Site"  # filled from the page: add --no-fetch left it empty
    detail = run("show", "2").stdout
    assert f"{en['minutes']} min read" in detail and "· en" in detail and "article fetched just now" in detail
    full = run("show", "2", "--full").stdout
    assert "Two speeds" in full and "• words a minute for English" in full and "│ An estimate" in full
    assert "minutes = words / 230 + characters / 400" in full
    listed = run("list").stdout
    assert "Time" in listed and f"{en['minutes']} min" in listed
    assert "2 fetched, 0 failed (0 dead)" in run("history").stdout
    assert "约" in run("--lang", "zh", "show", "1").stdout and "分钟" in run("--lang", "zh", "list").stdout


def test_a_page_is_counted_by_the_character_or_the_word_as_it_is_written(run: Run, server: Server) -> None:
    """A Chinese page is so many characters read at the speed of Chinese, an English one so
    many words at the speed of English, and a page that mixes them adds the two."""
    add(run, server.url("/zh"), server.url("/en"), server.url("/mixed"), "--no-fetch")
    run("fetch")
    for entry_id in (1, 2, 3):
        entry = show(run, entry_id, "--full")
        characters, words = length.count(entry["text"])
        assert entry["words"] == characters + words
        assert entry["minutes"] == max(1, round(characters / 330 + words / 238))
        said = run("show", str(entry_id)).stdout
        if entry_id == 2:
            assert characters == 0 and f"article fetched just now · {words:,} words" in said
        else:
            assert characters > words > (0 if entry_id == 3 else -1)
            assert f"article fetched just now · {characters + words:,} characters" in said
            zh = run("--lang", "zh", "show", str(entry_id)).stdout
            assert f"· {characters + words:,} 字" in zh
    assert "· 190 个词" in run("--lang", "zh", "show", "2").stdout


def test_dead_links_are_recorded_listed_and_retried_only_daily(run: Run, server: Server, library: Path) -> None:
    add(run, server.url("/missing"), server.url("/gone"), server.url("/flaky?key=cli"), server.url("/en"), "--no-fetch")
    result = run("fetch", code=1)
    assert "2 fetched, 2 failed (2 dead)" in result.stdout
    assert "dead: HTTP 404" in result.stdout and "dead: HTTP 410" in result.stdout
    dead = run.json("list", "--dead")
    assert sorted(e["url"] for e in dead) == [server.url("/gone"), server.url("/missing")]
    assert all(e["dead"] and e["fetch_status"] in (404, 410) for e in dead)
    assert "dead link: HTTP 404, found just now" in run("show", "1").stdout
    assert "dead" in run("list").stdout
    asked = len(server.asked("/missing"))
    again = run("fetch")  # nothing left to do today
    assert "Nothing to fetch" in again.stdout and "4 skipped" in again.stdout
    assert len(server.asked("/missing")) == asked
    execute(library, "UPDATE entries SET fetched_at = '2000-01-01T00:00:00+00:00' WHERE dead_at IS NOT NULL")
    run("fetch", code=1)  # a day later: tried again
    assert len(server.asked("/missing")) == asked + 1
    run("fetch", "1", "--refetch", code=1)  # --refetch: at once
    assert len(server.asked("/missing")) == asked + 2
    assert [e["id"] for e in run.json("list", "--dead", "--source", "127.0.0.1")] == [2, 1]


def test_a_failed_fetch_never_erases_text_fetched_before(run: Run, server: Server) -> None:
    add(run, server.url("/once?key=erase"), "--no-fetch")
    run("fetch")
    before = show(run, 1, "--full")
    assert EN_TITLE in before["text"] and not before["dead"]
    run("fetch", "--refetch", code=1)  # the link has died since
    after = show(run, 1, "--full")
    assert after["dead"] and after["fetch_status"] == 404 and after["fetch_error"] == "HTTP 404"
    assert (after["text"], after["words"], after["minutes"], after["lang"]) == (
        before["text"],
        before["words"],
        before["minutes"],
        before["lang"],
    )
    assert "Two speeds" in run("show", "1", "--full").stdout


def test_fetch_follows_redirects_and_reads_every_kind_of_page(run: Run, server: Server) -> None:
    paths = ["/redirect/3", "/gb18030", "/file.pdf", "/endless", "/plain.txt", "/loop/a", "/empty", "/busy?key=f"]
    add(run, *(server.url(p) for p in paths), "--no-fetch")
    report = json.loads(run("fetch", "--json", "--jobs", "2", code=1).stdout)
    pages = {p["url"].split(":", 2)[2].split("/", 1)[1]: p for p in report["pages"]}
    assert pages["redirect/3"]["final_url"] == server.url("/en") and pages["redirect/3"]["ok"]
    assert pages["gb18030"]["ok"] and pages["gb18030"]["lang"] == "zh"
    assert GB_TEXT in show(run, 2, "--full")["text"]
    assert "application/pdf" in pages["file.pdf"]["error"] and not pages["file.pdf"]["dead"]
    assert "larger than" in pages["endless"]["error"] and not pages["endless"]["dead"]
    assert pages["plain.txt"]["ok"] and "Second paragraph of plain text." in show(run, 5, "--full")["text"]
    assert pages["loop/a"]["error"] == "redirect loop" and not pages["loop/a"]["dead"]
    assert pages["empty"]["error"] == "no article text found on the page"
    assert pages["busy?key=f"]["ok"]  # 429, waited as asked, then fetched
    assert report["fetched"] == 4 and report["failed"] == 4 and report["dead"] == 0


def test_a_page_full_of_escapes_and_markup_stays_text(run: Run, server: Server, library: Path) -> None:
    add(run, server.url("/hostile"))
    run("fetch")
    [row] = query(library, "SELECT title, text FROM entries")
    for value in (row["title"], row["text"]):
        assert "\x1b" not in value and "\x07" not in value and "\x00" not in value and "\u202e" not in value
        assert "]0;pwned" not in value and "[2J" not in value
    for args in (["show", "1", "--full"], ["show", "1"], ["list"], ["search", "rich"]):
        out = run(*args).stdout
        assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
    full = run("show", "1", "--full").stdout
    assert "[link=https://evil.example]click me[/link]" in full and "[bold]rich markup[/bold]" in full
    assert "# this is not a heading" in full and "- not a list item" in full and "> and not a quote" in full


def test_ctrl_c_keeps_what_was_fetched(run: Run, server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    add(run, *(server.url(f"/en?c={i}") for i in range(5)), "--no-fetch")
    real = fetching._digest

    def interrupting(page: Any) -> Any:
        if page.url.endswith("c=2"):  # the third page fetched (newest saved first)
            raise KeyboardInterrupt
        return real(page)

    monkeypatch.setattr(fetching, "_digest", interrupting)
    result = run("fetch", "--jobs", "1", code=130)
    assert "fetch interrupted: 2 of 5 pages saved" in result.stderr
    fetched = {e["url"] for e in run.json("list") if e["fetched_at"]}
    assert fetched == {server.url("/en?c=4"), server.url("/en?c=3")}
    assert "interrupted: 2 fetched" in run("history").stdout
    monkeypatch.setattr(fetching, "_digest", real)
    assert "3 fetched" in run("fetch").stdout  # the rest, and only the rest


def test_fetch_chooses_entries_by_ids_and_filters(run: Run, server: Server, tmp_path: Path) -> None:
    add(run, server.url("/en?f=1"), "--no-fetch", "--source", "One")
    add(run, server.url("/en?f=2"), "--no-fetch", "--source", "Two")
    run("import", str(write(tmp_path / "d.txt", "技术文章 Digest 2026-10-01\n没有链接的条目摘要。\n推荐收录。\n")))
    assert "1 fetched" in run("fetch", "2").stdout and show(run, 1)["fetched_at"] is None
    assert "1 fetched" in run("fetch", "--source", "one").stdout
    out = run("fetch", "--refetch").stdout
    assert "2 fetched" in out and "1 without a link" in out
    assert "ids or filters" in run("fetch", "1", "--source", "One", code=2).stderr
    assert "no entry with id 99" in run("fetch", "99", code=1).stderr
    assert "--jobs" in run("fetch", "--jobs", "0", code=2).stderr
    record = json.loads(run("fetch", "--json").stdout)
    assert record == {
        "action": None,
        "fetched": 0,
        "failed": 0,
        "dead": 0,
        "skipped": 2,
        "tried_recently": 0,
        "no_link": 1,
        "pages": [],
    }


def test_no_such_host_is_dead_only_when_the_network_works(
    run: Run, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_dns(monkeypatch, {"no-such-host.invalid": socket.EAI_NONAME}, {"reading.test": "127.0.0.1"})
    add(run, "http://no-such-host.invalid/a", server.url("/en?dns=1"), "--no-fetch")
    alone = run("fetch", code=1)  # only a server found by its address answered: name lookups are unproven
    assert "or the network is down" in alone.stdout and run.json("list", "--dead") == []
    add(run, server.url("/en?dns=2").replace("127.0.0.1", "reading.test"), "--no-fetch")
    both = run("fetch", code=1)  # retried at once (no answer came); now a host found by name answered
    assert "dead: no such host" in both.stdout
    assert [e["url"] for e in run.json("list", "--dead")] == ["http://no-such-host.invalid/a"]


def test_fetch_progress_bar_counts() -> None:
    import io

    from rich.console import Console

    from readlog.render.capture import fetch_progress
    from readlog.render.output import Output

    out = Output("en", width=100)
    out.err = Console(file=io.StringIO(), force_terminal=True, width=100)
    with fetch_progress(out, 3) as bar:
        bar.advance(True, False)
        bar.advance(True, False)
        bar.advance(False, True)
    shown = out.err.file.getvalue()  # type: ignore[attr-defined]
    assert "3/3" in shown and "✓ 2" in shown and "✗ 1" in shown


# ---- list, show, search, export ---------------------------------------------------------------


def test_reading_time_filters_and_column(run: Run, server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    add(run, server.url("/long"), server.url("/en?t=1"), server.url("/zh?t=1"), server.url("/file.pdf?t=1"))
    run("fetch", code=1)
    long_minutes, words = show(run, 1)["minutes"], show(run, 1)["words"]
    assert words > 19_000 and long_minutes == round(words / length.WORDS_PER_MINUTE)
    assert {e["id"] for e in run.json("list", "--max-time", "10")} == {2, 3}
    assert [e["id"] for e in run.json("list", "--min-time", "30")] == [1]
    assert [e["id"] for e in run.json("list", "--min-time", str(long_minutes), "--max-time", str(long_minutes))] == [1]
    assert "--min-time" in run("list", "--min-time", "5", "--max-time", "2", code=2).stderr
    run("list", "--min-time", "-1", code=2)
    table = run("list").stdout
    assert f"{long_minutes} min" in table and "Time" in table
    assert f"{long_minutes} 分钟" in run("--lang", "zh", "list").stdout
    monkeypatch.setenv("COLUMNS", "56")
    narrow = run("list").stdout
    # When space is short what says least goes first: Saved ("just now" in every row), not the reading time.
    assert "Time" in narrow and "Title" in narrow and "Saved" not in narrow
    run("read", "--max-time", "10", "--yes")  # the bulk filters take them too
    assert {e["id"] for e in run.json("list", "--read")} == {2, 3}


def test_show_json_fields(run: Run, server: Server) -> None:
    add(run, server.url("/en?j=1"), "--no-fetch")
    plain = show(run, 1)
    assert plain["minutes"] is None and plain["dead"] is False and "text" not in plain
    run("fetch")
    plain, full = show(run, 1), show(run, 1, "--full")
    for key in ("minutes", "words", "lang", "fetched_at", "fetch_status", "dead", "final_url"):
        assert key in plain and plain[key] == full[key]
    assert full["text"].startswith(f"# {EN_TITLE}") and plain["fetch_status"] == 200
    listed = run.json("list")[0]
    assert listed["minutes"] == plain["minutes"] and listed["lang"] == "en"


def test_show_full_without_text_says_how_to_get_it(run: Run) -> None:
    add(run, "https://nothing.example/x", "--no-fetch")
    result = run("show", "1", "--full")
    assert "readlog fetch 1" in result.stdout


def test_search_finds_article_text_ranked_below_title_and_verdict(run: Run, server: Server, tmp_path: Path) -> None:
    digest = (
        "技术文章 Coffee Notes 2026-10-01\nCoffee and deadlines: a short note.\n推荐收录，因为写得清楚。\n"
        "技术文章 Other Notes 2026-10-02\n一篇讲排版的短文。\n推荐收录，因为提到 coffee 的比喻。\n"
    )
    run("import", str(write(tmp_path / "d.txt", digest)))
    add(run, server.url("/en?search=1"), "--no-fetch", "--title", "Estimates")
    run("fetch")
    found = run.json("search", "coffee")
    assert [e["title"] for e in found][:2] == ["Coffee and deadlines: a short note", "一篇讲排版的短文"]
    assert found[2]["title"] == "Estimates" and "**coffee**" in found[2]["snippet"]
    assert "**coffee** gets cold" in found[2]["snippet"]
    assert [e["title"] for e in run.json("search", "two speeds")] == ["Estimates"]


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_export_carries_the_text_and_import_restores_it(run: Run, server: Server, tmp_path: Path, fmt: str) -> None:
    add(run, server.url("/zh?x=1"), server.url("/missing?x=1"), server.url("/en?x=never"), "--no-fetch")
    run("fetch", "1", "2", code=1)  # the third is never fetched: its record has empty fetch fields
    if fmt == "csv":
        table = tmp_path / "out.csv"
        run("export", "--format", "csv", "-o", str(table))
        fresh = tmp_path / "from-csv.db"
        run("--db", str(fresh), "import", str(table))
        for original in (show(run, 1, "--full"), show(run, 2, "--full"), show(run, 3, "--full")):
            restored = json.loads(run("--db", str(fresh), "show", str(original["id"]), "--full", "--json").stdout)
            assert restored == original
        return
    out = tmp_path / "out.jsonl"
    run("export", "--format", "jsonl", "-o", str(out))
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    good = next(r for r in records if r["url"].endswith("/zh?x=1"))
    assert ZH_PARAGRAPHS[0] in good["text"] and good["lang"] == "zh" and good["fetch_status"] == 200
    assert good["minutes"] == 1 and good["words"] > 100 and good["fetched_at"] and good["dead_at"] is None
    dead = next(r for r in records if r["url"].endswith("/missing?x=1"))
    assert dead["dead_at"] and dead["fetch_error"] == "HTTP 404" and dead["text"] == ""
    only_dead = [json.loads(line) for line in run("export", "--dead").stdout.splitlines()]
    assert [r["url"] for r in only_dead] == [dead["url"]]
    fresh = tmp_path / "fresh.db"
    run("--db", str(fresh), "import", str(out))
    for original in (show(run, 1, "--full"), show(run, 2, "--full"), show(run, 3, "--full")):
        restored = json.loads(run("--db", str(fresh), "show", str(original["id"]), "--full", "--json").stdout)
        assert restored == original


def test_a_version_3_library_upgrades_then_add_and_fetch_work(run: Run, server: Server, tmp_path: Path) -> None:
    lib = tmp_path / "old" / "readlog.db"
    lib.parent.mkdir()
    shutil.copyfile(FIXTURES / "libraries" / "v3.db", lib)
    first = run("--db", str(lib), "add", server.url("/en?v3=1"))
    assert "from schema 3 to" in first.stderr
    [new] = [e for e in run.json("--db", str(lib), "list", "-n", "0") if e["url"] == server.url("/en?v3=1")]
    assert new["title"] == f"{EN_TITLE} - Test Site"
    run("--db", str(lib), "fetch", str(new["id"]))
    assert json.loads(run("--db", str(lib), "show", str(new["id"]), "--json").stdout)["minutes"] >= 1
    assert run.json("--db", str(lib), "search", "coffee")[0]["id"] == new["id"]


@pytest.mark.parametrize("command", ["add", "fetch"])
def test_help_has_examples(run: Run, command: str) -> None:
    text = run(command, "--help").stdout
    assert "Examples:" in text and f"readlog {command}" in text


# ---- the pager ---------------------------------------------------------------------------------


def _run_on_a_terminal(args: list[str], env: dict[str, str], timeout: float = 30) -> str:
    """Run readlog with a pseudo-terminal as standard input and output; what it wrote there."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([*READLOG, *args], stdin=follower, stdout=follower, stderr=follower, env=env)
    os.close(follower)
    chunks, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.1)
        if ready:
            try:
                data = os.read(leader, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        elif proc.poll() is not None:
            break
    proc.wait(timeout=5)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.slow
def test_long_article_is_paged_on_a_terminal(run: Run, server: Server, library: Path, tmp_path: Path) -> None:
    add(run, server.url("/long?pager=1"), server.url("/zh?pager=1"), "--no-fetch")
    run("fetch")
    paged = tmp_path / "paged.txt"
    env = child_env(base={k: v for k, v in os.environ.items() if not k.startswith(("READLOG_", "LESS"))})
    env.update({"READLOG_DB": str(library), "READLOG_LANG": "en", "COLUMNS": "80", "LINES": "24", "TERM": "xterm"})
    env.update({"PAGER": f"cat > {paged}", "PYTHONPATH": str(ROOT)})
    screen = _run_on_a_terminal(["show", "1", "--full", "--pager"], env)  # the system pager, not readlog's reader
    assert paged.exists(), screen[-2000:]
    text = paged.read_text(encoding="utf-8")
    assert "Paragraph 0:" in text and "Paragraph 199:" in text and "A very long article" in text  # all of it
    assert "Paragraph 0:" not in screen  # and the screen nothing of it
    paged.unlink()
    short = _run_on_a_terminal(["show", "2", "--full", "--pager"], env)
    assert not paged.exists() and ZH_PARAGRAPHS[0][:10] in short  # shorter than the screen: no pager


@pytest.mark.parametrize("value", ["-1", "0", "inf", "soon"])
def test_a_fetch_setting_that_is_not_a_number_above_zero_is_a_usage_error(
    run: Run, server: Server, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    add(run, server.url("/en?setting=1"), "--no-fetch")
    monkeypatch.setenv("READLOG_FETCH_TIMEOUT", value)
    result = run("fetch", code=2)
    assert "READLOG_FETCH_TIMEOUT" in result.stderr and result.stderr.count("\n") == 1
