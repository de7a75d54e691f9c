"""Netscape bookmark HTML: dates in s/ms/µs, folders, tags, entities, loose markup, damage."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from readlog.model.entry import Entry, Problem

from conftest import FIXTURES, Run, write
from helpers import AS_OF, real
from helpers import parse as parse_as

FORMATS = FIXTURES / "formats"
T_2021 = datetime(2021, 3, 21, 14, 39, 19, tzinfo=timezone.utc)


def parse(path: Path) -> tuple[list[Entry], list[Problem]]:
    return parse_as(path, "netscape")


def by_url(entries: list[Entry]) -> dict[str, Entry]:
    return {e.url: e for e in entries}


def test_dates_in_seconds_milliseconds_and_microseconds_agree() -> None:
    entries = by_url(parse(FORMATS / "netscape-mixed.html")[0])
    for url in ("seconds", "millis", "micros"):
        assert entries[f"https://example.com/{url}"].saved_at == T_2021
    assert all(e.saved_at is None or e.saved_at.tzinfo is not None for e in entries.values())


def test_attributes_in_either_case_tags_description_and_entities() -> None:
    entries = by_url(parse(FORMATS / "netscape-mixed.html")[0])
    first = entries["https://example.com/seconds"]
    assert first.title == "Seconds & more"
    assert first.tags == ["Alpha", "beta"]
    assert first.summary == "first description"
    assert entries["https://example.com/millis"].tags == ["gamma"]  # lower-case tag and attributes
    rust = entries["https://example.com/rust?a=1&b=2"]  # &amp; in the URL decoded
    assert rust.title == "Rust <news> — 第一"
    assert rust.summary == "Multi-line\ndescription é"
    # the file marks its to-read bookmarks with TOREAD="1"; the others were read
    assert entries["https://example.com/micros"].read_at is None
    assert entries["https://example.com/seconds"].read_at == T_2021
    assert entries["https://example.com/no-date"].read_at == AS_OF


def test_folders_become_category_paths_even_with_unclosed_tags() -> None:
    entries = by_url(parse(FORMATS / "netscape-mixed.html")[0])
    assert entries["https://example.com/rust?a=1&b=2"].category == "Tech/Rust"
    assert entries["https://example.com/unclosed"].title == "Unclosed anchor"
    assert entries["https://example.com/unclosed"].category == "Tech"
    assert entries["https://example.com/in-tech"].category == "Tech"
    assert entries["https://example.com/top"].category == ""  # a heading with no <DL> is not a folder
    assert entries["https://example.com/seconds"].category == ""


def test_damage_is_reported_with_line_numbers_and_the_rest_imports() -> None:
    entries, problems = parse(FORMATS / "netscape-mixed.html")
    assert [(p.line, p.message.split(" ")[0]) for p in problems] == [(27, "bookmark"), (28, "ADD_DATE")]
    assert "No address here" in problems[0].message
    urls = {e.url for e in entries}
    assert "https://example.com/bad-date" in urls and "https://example.com/no-date" in urls
    web = [e for e in entries if not e.url.startswith("place:")]  # Firefox's smart folders: vetted out on import
    assert len(web) == 9 and len(entries) == 10


def test_cli_import_reports_problems_and_exit_status(run: Run) -> None:
    result = run("import", str(FORMATS / "netscape-mixed.html"), code=1)
    assert "(netscape): 9 added" in result.stdout and "2 skipped" in result.stdout  # no HREF, and place:
    assert "line 27" in result.stderr and "line 28" in result.stderr
    assert "1 bookmark of place: links, which are not web pages; skipped" in result.stderr  # Firefox's saved query
    rows = {r["url"]: r for r in run.json("list", "-n", "0")}
    assert rows["https://example.com/rust?a=1&b=2"]["category"] == "Tech/Rust"
    assert rows["https://example.com/seconds"]["tags"] == ["Alpha", "beta"]
    assert datetime.fromisoformat(rows["https://example.com/micros"]["saved_at"]) == T_2021


def test_streams_chunks_and_crlf(tmp_path: Path) -> None:
    """A file far bigger than one read chunk, with CRLF line ends, keeps its line numbers."""
    lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<DL><p>"]
    for i in range(6000):
        lines.append(f'<DT><A HREF="https://example.org/{i}" ADD_DATE="{1600000000 + i}">Post {i} {"x" * 150}</A>')
    lines.append('<DT><A ADD_DATE="1">broken</A>')
    lines.append("</DL>")
    path = tmp_path / "big.html"
    path.write_bytes("\r\n".join(lines).encode())
    entries, problems = parse(path)
    assert len(entries) == 6000
    assert entries[-1].line == 6002
    assert [p.line for p in problems] == [6003]


def test_detected_without_doctype_and_overridable(run: Run, tmp_path: Path) -> None:
    text = '<dl><dt><a href="https://example.org/x" add_date="1600000000">X</a></dl>'
    path = write(tmp_path / "plain.html", text)
    assert parse(path)[0][0].url == "https://example.org/x"
    run("import", str(path), "--format", "netscape")
    assert run.json("list")[0]["title"] == "X"


def test_browser_files_without_toread_arrive_unread(tmp_path: Path) -> None:
    text = '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p><DT><A HREF="https://example.org/b" ADD_DATE="1">B</A></DL>'
    (entry,), _ = parse(write(tmp_path / "b.html", text))
    assert entry.read_at is None


def test_reading_list_marks_decide_even_when_the_first_appears_late(tmp_path: Path) -> None:
    """A file that marks unread bookmarks anywhere (here after 100 KiB of read
    ones) means its unmarked bookmarks were read, however early they come."""
    read = "".join(
        f'<DT><A HREF="https://example.org/read/{i}" ADD_DATE="1616337559">Read {i} {"x" * 80}</A>\n'
        for i in range(1200)
    )
    late = '<DT><A HREF="https://example.org/later" TOREAD="1">Later</A>\n'
    path = write(tmp_path / "late.html", f"<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n{read}{late}</DL>\n")
    assert path.stat().st_size > 100_000
    entries, problems = parse(path)
    assert problems == [] and len(entries) == 1201
    assert [e.title for e in entries if e.read_at is None] == ["Later"]
    assert entries[0].read_at == T_2021


def test_explicit_toread_zero_is_read_and_one_unread(tmp_path: Path) -> None:
    text = (
        "<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p>"
        '<DT><A HREF="https://e.org/a" TOREAD="0">A</A>'
        '<DT><A HREF="https://e.org/b" toread="1">B</A>'
        '<DT><A HREF="https://e.org/c">C</A></DL>'
    )
    entries, _ = parse(write(tmp_path / "t.html", text))
    assert {e.title: e.read_at is not None for e in entries} == {"A": True, "B": False, "C": True}


def test_readlog_html_export_round_trips_read_state(run: Run, tmp_path: Path) -> None:
    run("import", str(FORMATS / "ril_export.html"))
    out = tmp_path / "out.html"
    run("export", "--format", "html", "-o", str(out))
    entries, problems = parse(out)
    assert problems == []
    assert {e.title: e.read_at is not None for e in entries} == {
        "Unread & one": False,
        "第二篇": False,
        "Archived one": True,
    }


def test_real_linkding_file_with_three_date_units() -> None:
    entries, problems = parse(real("linkding__simple_valid_import_file.html"))
    assert problems == []
    assert all(e.read_at == T_2021 for e in entries)  # TOREAD="0": not on the reading list
    assert [e.title for e in entries] == ["test title 1", "test title 2", "test title 3"]
    assert [e.tags for e in entries] == [["tag1"], ["tag2"], ["tag3"]]
    assert [e.summary for e in entries] == ["test description 1", "test description 2", "test description 3"]
    assert {e.saved_at for e in entries} == {T_2021}


def test_real_chrome_html_folders(run: Run) -> None:
    entries, problems = parse(real("nb__example-chrome-bookmarks.html"))
    assert problems == [] and len(entries) == 8
    assert all(e.read_at is None for e in entries)
    org = by_url(entries)["https://example.org/"]
    assert org.category == "Bookmarks/Example Bookmark Folder/Example Nested Folder"
    assert org.saved_at == datetime(2022, 7, 31, 18, 54, 4, tzinfo=timezone.utc)
    # the four "#example" bookmarks differ from the first four by their fragment: links of their own
    result = run("import", str(real("nb__example-chrome-bookmarks.html")))
    assert "8 added" in result.stdout
    rows = {r["url"]: r for r in run.json("list", "-n", "0")}
    assert len(rows) == 8
    assert datetime.fromisoformat(rows["https://example.org/"]["saved_at"]) == org.saved_at


def test_real_firefox_html_tags_and_folders(run: Run) -> None:
    entries, problems = parse(real("nb__example-firefox-bookmarks.html"))
    assert problems == [] and len(entries) == 17
    urls = by_url(entries)
    assert urls["https://example.org/#menu"].category == "Example Folder Menu/Example Nested Folder Menu"
    assert urls["https://example.org/#menu"].tags == ["tag2", "tag6", "tag7"]
    assert urls["https://www.mozilla.org/en-US/firefox/central/"].category == "Bookmarks Toolbar"
    assert urls["https://example.edu/#other"].category == "Other Bookmarks"
    run("import", str(real("nb__example-firefox-bookmarks.html")))
    rows = {r["title"]: r for r in run.json("list", "-n", "0")}
    assert len(rows) == 17
    assert sorted(rows["Example Com Menu"]["tags"]) == sorted(urls["https://example.com/#menu"].tags)


def test_hostile_anchors(tmp_path: Path) -> None:
    """A lost closing quote, a bare TOREAD, a repeated HREF and a script in a title."""
    path = write(
        tmp_path / "odd.html",
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        '<DT><A HREF="https://a.example/one ADD_DATE="1600000000">One</A>\n'
        '<DT><A HREF="https://b.example/two" ADD_DATE="1600000000">Two</A>\n'
        '<DT><A HREF="https://c.example/three" ADD_DATE="1600000000" TOREAD>Three</A>\n'
        '<DT><A HREF="https://d.example/four" HREF="https://evil.example/">Four<script>alert(1)</script></A>\n'
        "</DL>\n",
    )
    entries, problems = parse(path)
    by_title = {e.title: e for e in entries}
    assert set(by_title) == {"One", "Two", "Three", "Four"}
    assert by_title["One"].url == "https://a.example/one"
    assert any("misses its closing quote" in p.message and p.line == 3 for p in problems)
    assert by_title["Three"].read_at is None  # a bare TOREAD is TOREAD="1"
    assert by_title["Two"].read_at is not None  # the file uses TOREAD, Two has none: read
    assert by_title["Four"].url == "https://d.example/four"


# ---- Shaarli: a note's link is relative to the instance (issue 33 item 15) -------------------------

SHAARLI = """<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     Do Not Edit! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Shaarli export of all bookmarks on Mon, 09 Nov 26 10:00:00 +0100</H1>
<DL><p>
<DT><A HREF="?Xq3bVw" ADD_DATE="1762678800" PRIVATE="1" TAGS="note,调度">读书笔记：调度器的公平性</A>
<DD>CFS 用红黑树按虚拟运行时间排序。
Second line of the note, with a link: https://kernel.example.org/cfs
<DT><A HREF="https://example.org/wal" ADD_DATE="1762592400" PRIVATE="0" TAGS="db">Write-ahead logging</A>
<DD>How logs make crashes safe.
<DT><A HREF="?lY47tw" ADD_DATE="1762506000" PRIVATE="0" TAGS="">Untagged note without text</A>
</DL><p>
"""


def test_a_shaarli_note_is_an_entry_without_a_link(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "bookmarks_all_20261109_100000.html", SHAARLI)
    entries, problems = parse(path)
    assert problems == []
    assert [(e.title, e.url, e.source, e.tags) for e in entries] == [
        ("读书笔记：调度器的公平性", "", "", ["note", "调度"]),
        ("Write-ahead logging", "https://example.org/wal", "example.org", ["db"]),
        ("Untagged note without text", "", "", []),
    ]
    assert entries[0].summary.startswith("CFS 用红黑树") and entries[0].summary.endswith("/cfs")
    (result,) = run.json("import", str(path))  # every note and link came in
    assert (result["added"], result["skipped"], result["problems"]) == (3, 0, [])
    notes = {e["title"]: e for e in run.json("list", "--limit", "0")}
    assert notes["读书笔记：调度器的公平性"]["url"] == ""
    assert notes["读书笔记：调度器的公平性"]["summary"].startswith("CFS 用红黑树")
