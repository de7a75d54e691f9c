"""JSON files: Omnivore and wallabag exports, Firefox and Chrome bookmark files."""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from readlog.inputs.formats.common import json_records
from readlog.model.entry import Problem

from conftest import FIXTURES, Run, write
from helpers import parse, real, utc

FORMATS = FIXTURES / "formats"


# ---------------------------------------------------------------- Omnivore


def test_omnivore_damaged_record_costs_only_itself() -> None:
    entries, problems = parse(FORMATS / "omnivore-damaged.json", "omnivore")
    assert [e.title for e in entries] == ["First fine", "Third fine"]
    first = entries[0]
    assert first.read_at == utc(2024, 10, 31, 13, 1, 28, 320000)  # Archived: read when last updated
    assert first.saved_at == utc(2024, 10, 29, 16, 30, 11)
    assert first.published == "2024-10-28"
    assert first.tags == ["One", "Two"] and first.summary == "Desc one"
    assert entries[1].read_at is None
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [(17, "record 2"), (27, "record 4")]
    assert "no url" in problems[1].message


def test_cut_short_json_keeps_what_came_before(tmp_path: Path) -> None:
    text = (FORMATS / "omnivore-damaged.json").read_text(encoding="utf-8")
    cut = text[: text.index('"id": "3"') + 30]
    entries, problems = parse(write(tmp_path / "metadata_0_to_20.json", cut), "omnivore")
    assert [e.title for e in entries] == ["First fine"]
    assert problems and all(p.line > 0 for p in problems)


def test_json_records_handles_one_line_and_garbage() -> None:
    items = list(json_records('[{"a": 1},{"a": 2}, {"a": ]  , {"a": 4}]'))
    values = [i[2] for i in items if not isinstance(i, Problem)]
    assert values == [{"a": 1}, {"a": 2}, {"a": 4}]
    assert sum(isinstance(i, Problem) for i in items) == 1
    assert list(json_records('{"single": true}')) == [(1, 1, {"single": True})]
    (problem,) = list(json_records("not json at all"))
    assert isinstance(problem, Problem)


def test_real_omnivore(run: Run) -> None:
    entries, problems = parse(real("wallabag__omnivore.json"), "omnivore")
    assert problems == [] and len(entries) == 20
    assert sum(e.read_at is not None for e in entries) == 1
    assert entries[0].title.startswith("Malgré la crise du marché des montres")
    assert entries[0].saved_at == utc(2024, 10, 29, 16, 30, 11)
    assert entries[2].tags == ["RSS", "TEST"]
    run("import", str(real("wallabag__omnivore.json")))
    assert len(run.json("list", "-n", "0")) == 20
    assert len(run.json("list", "--read", "-n", "0")) == 1


# ---------------------------------------------------------------- wallabag


def test_wallabag_states_tags_content_and_annotations() -> None:
    entries, problems = parse(FORMATS / "wallabag.json", "wallabag")
    assert problems == []
    first, plain = entries
    assert first.saved_at == utc(2016, 9, 8, 9, 55, 58)
    assert first.read_at == first.starred_at == utc(2016, 9, 9, 9, 57, 16)
    assert first.tags == ["Reading", "plain"]
    assert first.summary == "Para one.\nPara two & more."  # HTML stripped, script dropped
    assert first.note == ""
    assert [(h.passage, h.note) for h in first.highlights] == [("a quoted bit", "my thought")]
    assert plain.read_at is None and plain.starred_at is None and plain.summary == ""


def test_wallabag_long_content_is_shortened(tmp_path: Path) -> None:
    body = "<p>" + "word " * 3000 + "</p>"
    record = {"title": "Long", "url": "https://example.org/l", "is_archived": 0, "is_starred": 0, "content": body}
    text = json.dumps([record])
    (entry,), _ = parse(write(tmp_path / "w.json", text), "wallabag")
    assert 1000 < len(entry.summary) <= 2001 and entry.summary.endswith("…")


def test_real_wallabag() -> None:
    entries, problems = parse(real("wallabag__wallabag-v2-read.json"), "wallabag")
    assert problems == [] and len(entries) == 2
    assert entries[0].title.startswith("Wikimedia Foundation removes The Diary of Anne Frank")
    assert entries[0].read_at is not None and entries[1].read_at is None
    assert entries[0].saved_at == utc(2016, 9, 8, 9, 55, 58)
    assert entries[0].saved_at is not None and entries[0].saved_at.utcoffset() == timedelta(hours=2)
    assert entries[1].summary.startswith("This release fixes") and "<" not in entries[1].summary


# ---------------------------------------------------------------- Firefox JSON backup


def test_firefox_backup_tree() -> None:
    entries, problems = parse(FORMATS / "firefox-backup.json", "firefox")
    # tag folders are left out; a place: query is a bookmark the import skips as not a web link
    assert [e.title for e in entries] == ["Rust book", "Most Visited", "Toolbar link"]
    entries = [e for e in entries if not e.url.startswith("place:")]
    book = entries[0]
    assert book.category == "Dev" and book.tags == ["Rust", "learning"] and book.summary == "The book"
    assert book.saved_at == utc(2022, 8, 1, 2, 20, 6, 847000)
    assert entries[1].category == "Bookmarks Toolbar"
    assert len(problems) == 1 and "No uri" in problems[0].message


def test_real_firefox_backup_matches_its_html_export(run: Run) -> None:
    entries, problems = parse(real("nb__example-firefox-bookmarks-backup.json"), "firefox")
    assert problems == [] and len(entries) == 17
    urls = {e.url: e for e in entries}
    assert urls["http://example.org/#menu"].category == "Example Folder Menu/Example Nested Folder Menu"
    assert urls["http://example.net/#toolbar"].tags == ["tag4", "tag5", "tag1"]
    assert urls["https://support.mozilla.org/en-US/products/firefox"].category == "Mozilla Firefox"
    run("import", str(real("nb__example-firefox-bookmarks-backup.json")))
    assert len(run.json("list", "-n", "0")) == 17  # "#menu", "#toolbar", "#other" are links of their own
    # the HTML export of the profile: the five mozilla.org bookmarks are known; the example ones are
    # https:// there but http:// in the backup, so those twelve are new
    result = run("import", str(real("nb__example-firefox-bookmarks.html")))
    assert "12 added, 0 updated, 5 already in the library (same link)" in result.stdout
    assert len(run.json("list", "-n", "0")) == 29


# ---------------------------------------------------------------- Chrome Bookmarks


def test_chrome_bookmarks_dates_since_1601_and_roots() -> None:
    entries, problems = parse(FORMATS / "chrome-Bookmarks.json", "chrome")
    rows = {e.title: e for e in entries}
    assert rows["On the bar"].saved_at == utc(2017, 9, 9, 7, 38, 12, 911928)
    assert rows["On the bar"].category == "Bookmarks bar"
    assert rows["Zero date"].saved_at is None and rows["Zero date"].category == "Bookmarks bar/Sub"
    assert rows["Other one"].category == ""  # "Other bookmarks" is the top level, as in Chrome's HTML export
    assert rows["Phone"].category == ""  # so is "Mobile bookmarks"
    assert len(problems) == 1 and "No url" in problems[0].message


def test_real_chrome_bookmarks(run: Run) -> None:
    entries, problems = parse(real("buku__Bookmarks"), "chrome")
    assert problems == [] and len(entries) == 43
    rows = {e.title: e for e in entries}
    assert rows["Google"].saved_at == utc(2017, 9, 9, 7, 38, 12, 911928)
    assert rows["Voyager"].category == "Bookmarks bar"
    imported = "Bookmarks bar/Imported From Firefox (2011-09-02, 06:03:50)"
    assert rows["Ubuntu"].category == f"{imported}/Ubuntu and Free Software links"
    assert len(problems) == 0


# ---------------------------------------------------------------- what a browser file holds besides web pages


def test_real_chrome_file_with_start_pages_imports_every_web_link_and_exits_0(run: Run) -> None:
    """buku's real Chrome profile file: 29 of its bookmarks are not web pages (the browser's
    own start pages, file:///.startpage/N/index.html, and an apt:// link). Expected in a
    browser's file: one line per reason with its count, and the import succeeds."""
    import readlog

    path = str(real("buku__Bookmarks"))
    result = run("import", path)
    assert "14 added, 0 updated, 29 skipped" in result.stdout and "problem" not in result.stdout
    assert result.stderr.splitlines() == [
        f"{path}: 28 bookmarks of file: links, which are not web pages; skipped",
        f"{path}: 1 bookmark of apt: links, which are not web pages; skipped",
    ]
    assert len(run.json("list", "-n", "0")) == 14
    (again,) = run.json("import", path)  # the same counts in --json, one counted kind a line
    assert [(p["key"], p["count"], p["line"]) for p in again["problems"]] == [
        ("import_not_web_bookmarks", 28, 0),
        ("import_not_web_bookmarks", 1, 0),
    ]
    assert again["skipped"] == 29
    zh = run("--lang", "zh", "import", path)
    assert zh.stderr.splitlines() == [
        f"{path}：28 个 file: 书签不是网页；已跳过",
        f"{path}：1 个 apt: 书签不是网页；已跳过",
    ]
    with readlog.open(os.environ["READLOG_DB"]) as lib:
        report = lib.import_path(path)
    assert report.ok and report.skipped == 29 and [p.count for p in report.problems] == [28, 1]


def _chrome(path: Path, links: list[tuple[str, str]]) -> Path:
    """A Chrome ``Bookmarks`` file, as the browser writes it, of (name, url) bookmarks on the bar."""
    nodes = [
        {"date_added": "13300000000000000", "guid": f"g{i}", "id": str(i + 10), "name": name, "type": "url", "url": url}
        for i, (name, url) in enumerate(links)
    ]
    folder = {"children": [], "date_added": "13300000000000000", "id": "", "type": "folder"}
    roots = {
        "bookmark_bar": {**folder, "children": nodes, "id": "1", "name": "Bookmarks bar"},
        "other": {**folder, "id": "2", "name": "Other bookmarks"},
        "synced": {**folder, "id": "3", "name": "Mobile bookmarks"},
    }
    path.write_text(json.dumps({"checksum": "0" * 32, "roots": roots, "version": 1}, indent=3), encoding="utf-8")
    return path


BROWSER_LINKS = [
    ("Home", "file:///home/me/start.html"),
    ("Scheduler notes", "https://kernel.example.org/sched"),
    ("Save to readlog", "javascript:void(open('https://readlog.example/add?u='+location.href))"),
    ("Settings", "chrome://settings/"),
    ("Blank", "about:blank"),
    ("Notes", "file:///home/me/notes.html"),
    ("Word count", "javascript:alert(document.body.innerText.split(/\\s+/).length)"),
    ("MVCC", "https://db.example.com/mvcc"),
]


def test_a_browser_file_counts_what_is_not_a_web_page_and_succeeds(run: Run, tmp_path: Path) -> None:
    path = _chrome(tmp_path / "Bookmarks", BROWSER_LINKS)
    result = run("import", str(path))
    assert "2 added, 0 updated, 6 skipped" in result.stdout and "problem" not in result.stdout
    assert result.stderr.splitlines() == [
        f"{path}: 2 bookmarks of file: links, which are not web pages; skipped",
        f"{path}: 2 bookmarklets (javascript: links run code, they are not pages); skipped",
        f"{path}: 1 bookmark of chrome: links, which are not web pages; skipped",
        f"{path}: 1 bookmark of about: links, which are not web pages; skipped",
    ]
    assert sorted(e["title"] for e in run.json("list")) == ["MVCC", "Scheduler notes"]


def test_a_damaged_web_link_in_a_browser_file_keeps_its_line_and_fails(run: Run, tmp_path: Path) -> None:
    """What loses something a person saved is a problem: a web link written wrong."""
    import readlog

    links = [*BROWSER_LINKS, ("Typo", "https:/kernel.example.org/typo"), ("Doubled", "httpss://db.example.com/")]
    path = _chrome(tmp_path / "Bookmarks", links)
    result = run("import", str(path), code=1)
    assert "2 added, 0 updated, 8 skipped, 2 problems" in result.stdout
    said = result.stderr.splitlines()
    assert f"{path}: 'Typo': not a web link (https:/kernel.example.org/typo); skipped" in said
    assert f"{path}: 'Doubled': not a web link (httpss://db.example.com/); skipped" in said
    assert f"{path}: 2 bookmarks of file: links, which are not web pages; skipped" in said and len(said) == 6
    with readlog.open(os.environ["READLOG_DB"]) as lib:
        assert not lib.import_path(str(path)).ok


def test_safari_bookmarks_and_reading_list() -> None:
    entries, problems = parse(FORMATS / "safari-Bookmarks.plist", "safari")
    rows = {e.title: e for e in entries}
    assert {t: e.category for t, e in rows.items()} == {
        "Guide to the kernel scheduler": "Favourites",
        "MVCC 入门": "Favourites/数据库",
        "Menu item": "",
        "Raft in practice": "Reading List",
        "Already viewed": "Reading List",
    }
    raft, viewed = rows["Raft in practice"], rows["Already viewed"]
    assert raft.saved_at == datetime(2026, 11, 20, 8, 0, tzinfo=timezone.utc) and raft.read_at is None
    assert raft.summary == "A look at leader election and log compaction."
    assert viewed.read_at == datetime(2026, 10, 2, 21, 0, tzinfo=timezone.utc)
    assert rows["Menu item"].saved_at is None  # Safari keeps no date for bookmarks outside the Reading List
    assert [p.message for p in problems] == ["bookmark 6 ('No address'): no URLString; skipped"]


def test_safari_binary_plist_as_found_on_disk(run: Run, tmp_path: Path) -> None:
    import plistlib

    tree = plistlib.loads((FORMATS / "safari-Bookmarks.plist").read_bytes())
    binary = tmp_path / "Bookmarks.plist"
    binary.write_bytes(plistlib.dumps(tree, fmt=plistlib.FMT_BINARY))
    result = run("import", str(binary), code=1)  # one bookmark without an address
    assert "(safari): 5 added" in result.stdout
    assert {r["title"] for r in run.json("list", "--unread", "-n", "0")} >= {"Raft in practice", "MVCC 入门"}
    damaged = tmp_path / "damaged.plist"
    damaged.write_bytes(binary.read_bytes()[:-40])
    assert "damaged property list" in run("import", str(damaged), code=1).stderr


@pytest.mark.parametrize("fmt", ["firefox", "chrome", "omnivore", "wallabag"])
def test_broken_json_is_one_numbered_problem(run: Run, tmp_path: Path, fmt: str) -> None:
    path = write(tmp_path / "broken.json", '{\n  "roots": {\n    "x": [1, 2,,]\n')
    result = run("import", str(path), "--format", fmt, "--json", code=1)
    assert "Traceback" not in result.output
    (report,) = json.loads(result.stdout)
    assert report["added"] == 0 and report["problems"]
    assert report["problems"][0]["line"] in (1, 3)
