"""Real exports in the shapes their applications write them (issue 24): Safari
plists with fractions of a second, Pinboard's escaped JSON, Vivaldi's
separators, Firefox backups without type keys, feeds in legacy encodings."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from test_unpack import mozlz4

from readlog.inputs import legacy
from readlog.inputs.detect import detect, sniffable

from conftest import FIXTURES, Run
from helpers import parse

FORMATS = FIXTURES / "formats"


def _imported(run: Run, path: Path, *args: str) -> dict:
    return json.loads(run("import", str(path), "--json", *args, code=None).stdout)[0]


# ---------------------------------------------------------------- Safari


def test_safari_xml_plist_dates_with_fractions_of_a_second() -> None:
    entries, problems = parse(FORMATS / "safari-ReadingList-fractions.plist", "safari")
    assert problems == []
    by_url = {e.url: e for e in entries}
    assert len(by_url) == 4
    alloc = by_url["https://mem.example.org/alloc"]
    assert alloc.category == "Reading List" and alloc.summary == "How the allocator hands out pages."
    assert alloc.saved_at == datetime(2024, 5, 1, 10, 20, 30, 123456, tzinfo=timezone.utc)
    flame = by_url["https://perf.example.com/flame"]
    assert flame.saved_at == datetime(2024, 6, 2, 8, 0, 0, 100000, tzinfo=timezone.utc)
    assert flame.read_at == datetime(2024, 6, 3, 9, 15, 45, 987000, tzinfo=timezone.utc)
    assert by_url["https://plain.example.com/seconds"].saved_at == datetime(2024, 7, 4, 12, tzinfo=timezone.utc)
    assert by_url["https://blog.example.net/lock-free"].category == "Favourites"


@pytest.mark.parametrize("stamp", ["2024-05-01T10:20:30.1Z", "2024-05-01T10:20:30.123456789Z", "bogus", ""])
def test_any_date_text_in_an_xml_plist_never_stops_the_import(run: Run, tmp_path: Path, stamp: str) -> None:
    text = (FORMATS / "safari-ReadingList-fractions.plist").read_text()
    plist = tmp_path / "Bookmarks.plist"
    plist.write_text(text.replace("2024-05-01T10:20:30.123456Z", stamp))
    result = _imported(run, plist)
    assert (result["format"], result["added"], result["error"]) == ("safari", 4, None)


# ---------------------------------------------------------------- escaped JSON


def test_pinboard_json_with_escaped_slashes_is_detected(run: Run) -> None:
    result = _imported(run, FORMATS / "pinboard-escaped.json")
    assert (result["format"], result["added"], result["problems"]) == ("links", 3, [])
    rows = {r["url"]: r for r in run.json("list", "--limit", "0")}
    assert set(rows) == {
        "https://example.com/a",
        "https://docs.example.org/guide/intro?x=1&y=2",
        "http://old.example.net/~user/page",
    }
    assert rows["https://docs.example.org/guide/intro?x=1&y=2"]["title"] == "Café guide — intro"


def test_json_escapes_are_read_before_sniffing_and_the_json_stays_the_same() -> None:
    raw = r'{"bookmarks": [{"\u0075rl": "https:\u002F\u002Fa.example\/x", "title": "q\"\\\/ \u4e2d"}]}'
    plain = sniffable(raw)
    assert json.loads(plain) == json.loads(raw)
    assert '"url": "https://a.example/x"' in plain
    assert detect(raw) == "links"
    firefox = '{"type": "text\\/x-moz-place-container", "children": []}'
    assert detect(firefox) == "firefox"
    csv_text = "url,title\nhttps:\\/\\/a.example,x\n"
    assert sniffable(csv_text) == csv_text  # only JSON is unescaped


# ---------------------------------------------------------------- Vivaldi


def test_vivaldi_separators_are_not_entries() -> None:
    entries, problems = parse(FORMATS / "vivaldi-bookmarks.html", "netscape")
    assert problems == []
    assert [e.url for e in entries] == [
        "https://vivaldi.example.com/blog",
        "https://news.example.org/",
        "https://long.example.net/essay",
    ]
    assert entries[-1].category == "Bookmarks Bar/Reading"


def test_vivaldi_separators_in_its_bookmarks_json_are_not_entries(run: Run, tmp_path: Path) -> None:
    data = json.loads((FORMATS / "chrome-Bookmarks.json").read_text())
    children = data["roots"]["bookmark_bar"]["children"]
    before = len(children)
    separator = {
        "date_added": "13300000000000000",
        "name": "---",
        "type": "url",
        "url": "http://bookmark.placeholder.url/",
    }
    children.insert(0, {**separator, "id": "900", "guid": "s1"})
    path = tmp_path / "Bookmarks"
    path.write_text(json.dumps(data))
    plain = _imported(run, FORMATS / "chrome-Bookmarks.json")
    result = _imported(run, path)
    assert before and result["format"] == "chrome"
    assert result["added"] == 0 and result["unchanged"] + result["updated"] == plain["added"]


# ---------------------------------------------------------------- Firefox without type keys


def test_mozlz4_backup_without_type_keys_is_read_as_firefox(run: Run, tmp_path: Path) -> None:
    backup = tmp_path / "bookmarks-2026-11-30_3_xyz.jsonlz4"
    backup.write_bytes(mozlz4((FORMATS / "firefox-untyped.json").read_bytes()))
    result = _imported(run, backup)
    assert (result["format"], result["added"]) == ("firefox", 3)
    assert [p["message"] for p in result["problems"]] == [
        "1 bookmark of place: links, which are not web pages; skipped"
    ]
    rows = {r["url"]: r for r in run.json("list", "--limit", "0")}
    assert set(rows) == {
        "https://kernel.example.org/sched",
        "https://rust.example.com/borrow",
        "https://typed.example.net/",
    }
    assert rows["https://rust.example.com/borrow"]["category"] == "Rust"
    assert rows["https://typed.example.net/"]["category"] == "Bookmarks Toolbar"
    assert sorted(rows["https://kernel.example.org/sched"]["tags"]) == ["kernel", "linux"]


def test_untyped_firefox_json_reads_with_format_firefox(run: Run) -> None:
    result = _imported(run, FORMATS / "firefox-untyped.json", "--format", "firefox")
    assert (result["format"], result["added"]) == ("firefox", 3)


def test_mozlz4_in_a_directory_is_firefox_too(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "backup.jsonlz4").write_bytes(mozlz4((FORMATS / "firefox-untyped.json").read_bytes()))
    result = _imported(run, folder)
    assert (result["format"], result["added"]) == ("firefox", 3)


# ---------------------------------------------------------------- feeds in legacy encodings


@pytest.mark.parametrize(
    ("name", "encoding", "source", "title"),
    [
        ("rss-cp1252-undeclared.xml", "cp1252", "Le café du coin", "Les élèves à Besançon 0"),
        ("rss-latin2-undeclared.xml", "iso-8859-2", "Wiadomości z Łodzi", "Zażółć gęślą jaźń 0"),
    ],
)
def test_undeclared_legacy_feed_is_read_and_the_encoding_said(
    run: Run, name: str, encoding: str, source: str, title: str
) -> None:
    result = _imported(run, FORMATS / name)
    assert (result["format"], result["added"], result["problems"], result["encoding"]) == ("feed", 3, [], encoding)
    titles = {r["title"]: r for r in run.json("list", "--limit", "0")}
    assert titles[title]["source"] == source
    said = run("import", str(FORMATS / name), code=None)
    assert f"read as {encoding}" in said.stderr
    zh = run("--lang", "zh", "import", str(FORMATS / name), code=None)
    assert f"按 {encoding} 读取" in zh.stderr


def test_a_utf8_or_declared_feed_says_nothing_about_its_encoding(run: Run) -> None:
    for name in ("atom.xml", "rss-latin1.xml"):
        assert _imported(run, FORMATS / name)["encoding"] is None


def test_other_files_not_in_utf8_are_still_refused(run: Run, tmp_path: Path) -> None:
    # (a CSV file is guessed at since spreadsheets save them so: see test_formats_csv_more.py)
    path = tmp_path / "list.txt"
    path.write_bytes("https://a.example/ Café\nhttps://b.example/ Thé\n".encode("cp1252"))
    result = run("import", str(path), code=1)
    assert "not valid utf-8" in result.stderr


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("Größere Änderungen für Übersetzer: schöne Grüße aus München, „Zitat“ – Straße.", "cp1252"),
        ("El niño comió piñata en España; ¿dónde está? ¡Qué día más bonito!", "cp1252"),
        ("Não há ação sem razão; o coração da população.", "cp1252"),
        ("Zażółć gęślą jaźń. Łódź i Kraków są pięknymi miastami.", "iso-8859-2"),
        ("Příliš žluťoučký kůň úpěl ďábelské ódy.", "iso-8859-2"),
        ("Slovenský jazyk: ľad, šťastie, ťava, žaba.", "iso-8859-2"),
    ],
)
def test_the_legacy_encoding_that_reads_best_is_chosen(text: str, encoding: str) -> None:
    doc = f'<?xml version="1.0"?>\n<rss><channel><item><description>{text}</description></item></channel></rss>'
    data = doc.encode(encoding)
    assert legacy.looks_like_feed(data)
    assert legacy.guess(data) == encoding


def test_a_firefox_node_with_a_uri_is_a_bookmark_whatever_its_type_code(run: Run, tmp_path: Path) -> None:
    """Backups written by other tools (sync add-ons, converters) get typeCode wrong: a node
    with a link is a bookmark all the same, and a folder or separator without one is not."""
    bookmark = {"dateAdded": 1710000000000000, "lastModified": 1710000000000000}
    backup = {
        "guid": "root________",
        "title": "",
        "type": "text/x-moz-place-container",
        "typeCode": 2,
        "root": "placesRoot",
        "children": [
            {
                "guid": "menu________",
                "title": "menu",
                "typeCode": 2,
                "root": "bookmarksMenuFolder",
                "children": [
                    {**bookmark, "title": "As a folder", "typeCode": 2, "uri": "https://a.example.org/folder"},
                    {**bookmark, "title": "As a separator", "typeCode": 3, "uri": "https://a.example.org/sep"},
                    {**bookmark, "title": "Unknown code", "typeCode": 7, "uri": "https://a.example.org/seven"},
                    {**bookmark, "title": "As written", "typeCode": 1, "uri": "https://a.example.org/one"},
                    {"title": "", "typeCode": 3},
                    {"title": "Empty folder", "typeCode": 2, "children": []},
                ],
            }
        ],
    }
    path = tmp_path / "bookmarks-2026-11-30.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    result = _imported(run, path)
    assert (result["format"], result["added"], result["skipped"], result["problems"]) == ("firefox", 4, 0, [])
    titles = {r["url"]: r["title"] for r in run.json("list", "--limit", "0")}
    assert titles == {
        "https://a.example.org/folder": "As a folder",
        "https://a.example.org/sep": "As a separator",
        "https://a.example.org/seven": "Unknown code",
        "https://a.example.org/one": "As written",
    }
