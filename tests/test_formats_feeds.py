"""RSS and Atom feeds, from files and standard input."""

from __future__ import annotations

import json
from pathlib import Path

from readlog.model.entry import Entry, Problem

from conftest import FIXTURES, ROOT, Run, write
from helpers import parse as parse_as
from helpers import real

FORMATS = FIXTURES / "formats"


def parse(path: Path) -> tuple[list[Entry], list[Problem]]:
    return parse_as(path, "feed")


def test_atom_titles_summaries_dates_and_source() -> None:
    entries, problems = parse(FORMATS / "atom.xml")
    assert problems == []
    one, two = entries
    assert one.title == "Bold title" and one.summary == "Hello world"  # HTML stripped, script gone
    assert one.source == two.source == "Atom & Friends"
    assert one.published == "2025-01-01"  # the date in the feed's own zone, not shifted to UTC
    assert one.tags == ["rust"] and one.url == "https://atom.example.org/one"
    assert two.published == "2024-12-31" and two.summary == "Plain summary"
    assert one.read_at is None and one.saved_at is None


def test_rss_in_a_declared_legacy_encoding() -> None:
    entries, problems = parse(FORMATS / "rss-latin1.xml")
    assert problems == []
    (entry,) = entries
    assert entry.source == "Café feed" and entry.title == "Créme brélée"
    assert entry.published == "2025-01-06"


def test_feed_from_standard_input(run: Run) -> None:
    text = (ROOT / "examples" / "feed.xml").read_text(encoding="utf-8")
    result = run("import", "-", input=text.encode("utf-8"))
    assert "<stdin> (feed): 2 added" in result.stdout
    rows = {r["title"]: r for r in run.json("list", "-n", "0")}
    assert rows["How we cut p99 latency in half"]["summary"] == "A story about queues, timeouts and one bad default."
    assert rows["日志系统的取舍"]["source"] == "Example Engineering Blog"
    assert rows["日志系统的取舍"]["published"] == "2025-11-26"


def test_reimporting_a_later_feed_adds_only_new_items(run: Run, tmp_path: Path) -> None:
    item = "<item><title>{0}</title><link>https://f.example.org/{0}</link></item>"
    feed = '<?xml version="1.0"?><rss version="2.0"><channel><title>F</title>{}</channel></rss>'
    run("import", str(write(tmp_path / "a.xml", feed.format(item.format("a") + item.format("b")))))
    result = run("import", str(write(tmp_path / "b.xml", feed.format(item.format("b") + item.format("c")))))
    assert "1 added" in result.stdout
    assert sorted(r["title"] for r in run.json("list", "-n", "0")) == ["a", "b", "c"]


def test_broken_feed_reports_a_problem_and_keeps_items(run: Run, tmp_path: Path) -> None:
    text = (
        '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Broken</title>\n'
        "<item><title>Kept</title><link>https://b.example.org/1</link></item>\n"
        "<item><title>Also & kept</title><link>https://b.example.org/2</link></item>\n"
    )
    result = run("import", str(write(tmp_path / "broken.xml", text)), "--json", code=1)
    (report,) = json.loads(result.stdout)
    assert report["format"] == "feed" and report["added"] == 2
    assert "not well-formed" in report["problems"][0]["message"]
    assert report["problems"][0]["line"] >= 1


def test_item_without_link_title_or_text_is_reported(tmp_path: Path) -> None:
    text = '<rss version="2.0"><channel><title>T</title><item></item><item><title>ok</title></item></channel></rss>'
    entries, problems = parse(write(tmp_path / "f.xml", text))
    assert [e.title for e in entries] == ["ok"]
    assert [p.message for p in problems] == ["item 1: no link, title or text; skipped"]


def test_real_rss_on_one_line() -> None:
    entries, problems = parse(real("newsboat__rss.xml"))
    assert problems == [] and len(entries) == 8
    assert entries[0].title == "Teh Saxxi"
    assert entries[0].url == "http://aksmoblog.blogspot.com/2006/12/teh-saxxi.html"
    assert entries[0].published == "2006-12-20"
    assert {e.source for e in entries} == {"AK's moblog"}


def test_real_atom_edge_cases(run: Run) -> None:
    entries, problems = parse(real("newsboat__atom10_1.xml"))
    assert problems == []
    assert [e.title for e in entries] == [
        "A gentle introduction to Atom testing",
        "A missing rel attribute",
        "alternate link isn't first",
    ]
    # every entry's alternate link is the same page, but each has its own <id>: three entries
    assert {e.url for e in entries} == {"http://example.com/atom_testing.html"}
    assert len({e.guid for e in entries}) == 3
    assert {e.published for e in entries} == {"2008-12-30"}
    result = run("import", str(real("newsboat__atom10_1.xml")))
    assert "3 added" in result.stdout
    again = run("import", str(real("newsboat__atom10_1.xml")))
    assert "0 added, 0 updated, 3 already in the library (same feed item)" in again.stdout
    assert len(run.json("list", "-n", "0")) == 3


def test_relative_links_are_resolved_and_script_links_left_out(tmp_path: Path) -> None:
    text = (
        '<rss version="2.0"><channel><title>T</title><link>https://site.example.org/blog/</link>'
        "<item><title>Relative</title><link>posts/1</link></item>"
        "<item><title>Script</title><link>javascript:alert(1)</link></item>"
        "<item><title>Broken</title><link>http://[::1</link></item>"
        "</channel></rss>"
    )
    entries, problems = parse(write(tmp_path / "f.xml", text))
    assert [(e.title, e.url) for e in entries] == [
        ("Relative", "https://site.example.org/blog/posts/1"),
        ("Script", ""),
        ("Broken", ""),
    ]
    assert [p.message.split(":")[0] for p in problems] == ["item 2", "item 3"]


def test_impossible_feed_dates_are_not_rolled_into_real_ones(run: Run, tmp_path: Path) -> None:
    def item(n: int, date: str) -> str:
        return f"<item><title>t{n}</title><link>https://feed.example/{n}</link><pubDate>{date}</pubDate></item>"

    dates = ["2020-02-30T10:00:00Z", "0001-01-01T00:00:00Z", "June 2003", "Tue, 03 Jun 2003 09:39:21 GMT"]
    body = "".join(item(n, d) for n, d in enumerate(dates))
    path = write(
        tmp_path / "f.xml", f'<?xml version="1.0"?><rss version="2.0"><channel><title>F</title>{body}</channel></rss>'
    )
    run("import", str(path))
    published = {r["title"]: r["published"] for r in run.json("list", "-n", "0")}
    assert published == {"t0": None, "t1": None, "t2": "2003-06-01", "t3": "2003-06-03"}
