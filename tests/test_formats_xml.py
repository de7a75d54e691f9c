"""Lists of links written as XML (xmllinks.py): Pinboard's and Delicious's
posts, XBEL bookmarks, OPML reading lists and subscription lists, any other
XML whose elements carry links; and XML written to hurt."""

from __future__ import annotations

import json
import time
from datetime import datetime, timezone
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs import detect as importers
from readlog.model.entry import Entry, Problem

from conftest import FIXTURES, Run, write
from helpers import detected, examples
from helpers import parse as parse_as

FORMATS = FIXTURES / "formats"


def parse(path: Path) -> tuple[list[Entry], list[Problem]]:
    return parse_as(path, "xml")


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)  # type: ignore[misc]


def by_url(entries: list[Entry]) -> dict[str, Entry]:
    return {e.url: e for e in entries}


# ---------------------------------------------------------------- Pinboard and Delicious


def test_pinboard_posts_mean_what_they_mean_in_pinboard_json(tmp_path: Path) -> None:
    entries, problems = parse(FORMATS / "pinboard-posts.xml")
    assert problems == []
    got = by_url(entries)
    generics = got["https://go.example/blog/generics"]
    assert (generics.title, generics.summary, generics.tags) == (
        "Generics & you",
        "Type parameters, a year on.",
        [
            "go",
            "generics",
        ],
    )
    assert generics.saved_at == utc(2024, 4, 30, 21, 15) and generics.read_at is None  # toread="yes"
    wal = got["https://sqlite.example/wal.html"]
    assert wal.read_at == wal.saved_at == utc(2023, 11, 2, 9)  # no toread in a file that uses it: read
    assert got["https://notes.example/untitled"].summary == "A note with no title"
    # The same posts as Pinboard's JSON export writes them (toread "no" on read ones) make the same entries.
    posts = [
        {
            "href": e.url,
            "description": "" if e.title == e.url else e.title,
            "extended": e.summary,
            "tags": " ".join(e.tags),
            "time": e.saved_at.isoformat() if e.saved_at else "",
            "toread": "no" if e.read_at else "yes",
        }
        for e in entries
    ]
    from_json, json_problems = parse_as(write(tmp_path / "pins.json", json.dumps(posts)), "links")
    assert json_problems == []
    fields = ("url", "title", "summary", "tags", "saved_at", "read_at", "category", "starred_at")
    assert [[getattr(e, f) for f in fields] for e in from_json] == [[getattr(e, f) for f in fields] for e in entries]


def test_delicious_posts_without_toread_arrive_unread() -> None:
    entries, problems = parse(FORMATS / "delicious-posts.xml")
    assert problems == []
    assert [(e.title, e.tags, e.read_at) for e in entries] == [
        ("CSS layouts without tables", ["css", "design"], None),
        ("Unicode for programmers", ["unicode"], None),
    ]
    assert entries[0].summary == "still useful" and entries[0].saved_at == utc(2008, 3, 14, 18, 22, 1)


def test_a_toread_mark_late_in_the_file_decides_the_posts_before_it(tmp_path: Path) -> None:
    posts = [f'<post href="https://p.example/{i}" description="Post {i} {"x" * 200}" time="2020-01-01T00:00:00Z"/>'
             for i in range(6000)]  # fmt: skip
    posts.append('<post href="https://p.example/last" description="Last" toread="yes"/>')
    entries, problems = parse(write(tmp_path / "late.xml", '<?xml version="1.0"?>\n<posts>\n' + "\n".join(posts)
                                    + "\n</posts>\n"))  # fmt: skip
    assert problems == [] and len(entries) == 6001
    assert all(e.read_at == utc(2020, 1, 1) for e in entries[:-1]) and entries[-1].read_at is None
    assert entries[-1].line == 6003  # lines counted across the reader's chunks


# ---------------------------------------------------------------- XBEL


def test_xbel_folders_titles_descriptions_and_times() -> None:
    entries, problems = parse(FORMATS / "floccus.xbel")
    assert problems == []
    got = by_url(entries)
    uring = got["https://lwn.example/Articles/1/"]
    assert (uring.title, uring.summary, uring.category) == ("A look at io_uring", "Asynchronous I/O, explained.",
                                                            "Reading")  # fmt: skip
    assert uring.saved_at == utc(2021, 1, 2, 3, 4, 5) and uring.read_at is None and uring.tags == []
    assert got["https://db.example/mvcc"].category == "Reading/Databases"  # nested folders, as Netscape's
    top = got["https://top.example/"]
    assert top.category == "" and top.saved_at == utc(2020, 5, 6, 5, 8, 9)  # the root's own <title> is no folder
    assert len(entries) == 4  # the separator and the alias are no bookmarks; file:/// is left to the link rule


def test_xbel_import_keeps_web_links_and_says_why_the_rest_is_skipped(run: Run) -> None:
    result = run("import", str(FORMATS / "floccus.xbel"), "--as-of", "2026-12-01", code=1)
    assert "(xml): 3 added" in result.stdout and "1 skipped" in result.stdout
    assert "line 22: 'My notes': not a web link (file:///home/me/notes.html); skipped" in result.stderr
    rows = {r["url"]: r for r in run.json("list", "-n", "0")}
    assert rows["https://db.example/mvcc"]["category"] == "Reading/Databases"


# ---------------------------------------------------------------- OPML


def test_opml_reading_list_links_and_their_outline_categories() -> None:
    entries, problems = parse(FORMATS / "reading-list.opml")
    assert problems == []
    got = by_url(entries)
    tail = got["https://research.example/tail-at-scale"]
    assert (tail.title, tail.category, tail.saved_at) == ("The tail at scale", "Systems", utc(2024, 7, 2, 8, 30))
    cache = got["https://cache.example/eviction"]  # htmlUrl alone
    assert (cache.title, cache.category, cache.summary) == ("Cache eviction, simply", "Systems/Caches",
                                                            "LRU, LFU and friends.")  # fmt: skip
    assert got["https://menu.example/café"].title == "Café notes"  # read in the encoding the file declares
    assert len(entries) == 3  # the outline with no link is a thought, not a link


def test_a_subscription_list_says_what_it_is(run: Run) -> None:
    path = str(FORMATS / "subscriptions.opml")
    result = run("import", path, "--as-of", "2026-12-01", code=1)
    assert "(xml): 0 added, 0 updated, 3 skipped" in result.stdout
    assert (
        "line 6: 'Example Blog': a feed subscription, not an article (https://blog.example/feed.xml); skipped"
        in result.stderr
    )
    assert "line 9: 'More lists': an outline kept in another file, not an article" in result.stderr
    (report,) = json.loads(run("import", path, "--as-of", "2026-12-01", "--json", code=1).stdout)
    assert [p["line"] for p in report["problems"]] == [6, 7, 9] and report["skipped"] == 3
    assert all("not an article" in p["message"] for p in report["problems"])
    assert run.json("list", "-n", "0") == []
    zh = run("--lang", "zh", "import", path, "--as-of", "2026-12-01", code=1)
    assert "这是订阅源，不是文章（https://another.example/atom.xml）" in zh.stderr


# ---------------------------------------------------------------- other XML lists of links


def test_records_found_by_what_their_elements_hold(tmp_path: Path) -> None:
    text = """<?xml version="1.0"?>
<export app="SomeApp">
  <collection name="Research">
    <items>
      <item>
        <title>Child elements</title>
        <url>https://child.example/a</url>
        <created>1700000000</created>
        <tags><tag>one</tag><tag>two words</tag></tags>
        <image url="https://child.example/a.png"/>
      </item>
      <item><title>Atom-style link</title><link href="https://child.example/b"/><note>mine</note></item>
      <entry href="https://attr.example/c" title="Attribute" starred="true"/>
    </items>
  </collection>
</export>
"""
    entries, problems = parse(write(tmp_path / "export.xml", text))
    assert problems == []
    assert [(e.url, e.title, e.category) for e in entries] == [
        ("https://child.example/a", "Child elements", "Research"),
        ("https://child.example/b", "Atom-style link", "Research"),
        ("https://attr.example/c", "Attribute", "Research"),
    ]
    assert entries[0].tags == ["one", "two words"] and entries[0].saved_at == utc(2023, 11, 14, 22, 13, 20)
    assert entries[1].note == "mine" and entries[2].starred_at is not None


def test_feeds_stay_feeds_and_pages_are_not_lists(tmp_path: Path) -> None:
    atom = (FORMATS / "atom.xml").read_text(encoding="utf-8")
    assert importers.module("xml").sniff(atom) == 0 and importers.detect(atom) == "feed"
    rss = '<?xml version="1.0"?>\n<!-- a comment -->\n<rss version="2.0"><channel><link>https://x.example/</link>'
    assert importers.module("xml").sniff(rss) == 0
    xhtml = '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><a href="https://x.example/">x</a>'
    assert importers.module("xml").sniff(xhtml) == 0
    icons = '<?xml version="1.0"?><theme><icon url="https://x.example/i.png"/><logo href="https://x.example/l"/>'
    assert importers.module("xml").sniff(icons) == 0
    assert detected(write(tmp_path / "bookmarks.xbel", '<xbel><bookmark href="https://x.example/"/></xbel>')) == "xml"


# ---------------------------------------------------------------- damage and hostile files


def test_damaged_xml_keeps_what_came_before_and_names_the_line(run: Run, tmp_path: Path) -> None:
    text = (
        '<?xml version="1.0"?>\n<posts>\n<post href="https://ok.example/1" description="one"/>\n'
        '<post href="https://ok.example/2" description="two"/>\n<post href="https://ok.example/3" & />\n'
        '<post href="https://ok.example/4"/>\n</posts>\n'
    )
    entries, problems = parse(write(tmp_path / "damaged.xml", text))
    assert [e.title for e in entries] == ["one", "two"]
    assert [(p.line, p.key, p.fields["count"]) for p in problems] == [(5, "import_xml_damaged", 2)]
    cut = write(
        tmp_path / "cut.xbel",
        '<xbel><folder><title>F</title>\n<bookmark href="https://ok.example/"/>\n<bookmark href="https://cut.example/"><tit',
    )
    result = run("import", str(cut), code=1)
    assert "(xml): 1 added" in result.stdout
    assert "line 3: damaged XML (unclosed token); 1 record(s) before this line were read" in result.stderr


def _hostile(run: Run, path: Path, said: str) -> None:
    started = time.monotonic()
    result = run("import", str(path), "--format", "xml", code=1)
    assert time.monotonic() - started < 10
    assert "Traceback" not in result.output
    problems = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(problems) == 1 and said in problems[0], result.stderr


def test_an_entity_bomb_is_refused_at_its_declaration(run: Run, tmp_path: Path) -> None:
    entities = ['<!ENTITY a "aaaaaaaaaa">'] + [
        f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(9)
    ]
    text = '<?xml version="1.0"?>\n<!DOCTYPE posts [\n' + "\n".join(entities) + "\n]>\n"
    text += '<posts><post href="https://x.example/" description="&j;"/></posts>\n'
    _hostile(run, write(tmp_path / "bomb.xml", text), "line 3: the file declares its own XML entity 'a'")
    assert run.json("list", "-n", "0") == []


def test_external_and_parameter_entities_are_never_read(run: Run, tmp_path: Path) -> None:
    secret = write(tmp_path / "secret.txt", "the secret")
    outside = f'<!DOCTYPE xbel [<!ENTITY e SYSTEM "{secret.as_uri()}">]>\n'
    text = '<?xml version="1.0"?>\n' + outside + '<xbel><bookmark href="https://x.example/"><title>&e;</title>'
    _hostile(run, write(tmp_path / "ext.xbel", text + "</bookmark></xbel>"), "XML entity 'e'")
    param = '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]>\n<x/>'
    _hostile(run, write(tmp_path / "param.xml", param), "XML entity 'p'")
    assert "the secret" not in json.dumps(run.json("list", "-n", "0"))


def test_nesting_too_deep_ends_the_parse_with_one_problem(run: Run, tmp_path: Path) -> None:
    text = '<xbel><bookmark href="https://first.example/"/>' + "<folder>" * 500_000 + "</folder>" * 500_000
    _hostile(run, write(tmp_path / "deep.xbel", text + "</xbel>"), "line 1: structure nested too deeply")
    assert [r["url"] for r in run.json("list")] == ["https://first.example/"]


def test_a_huge_attribute_is_given_up_on(run: Run, tmp_path: Path) -> None:
    text = '<?xml version="1.0"?>\n<posts>\n<post href="https://ok.example/" description="ok"/>\n'
    text += '<post href="https://x.example/" description="' + "x" * (3 << 20) + '"/>\n</posts>\n'
    _hostile(run, write(tmp_path / "huge.xml", text), "line 4: a tag, comment or declaration longer than 1 MB")
    assert [r["url"] for r in run.json("list")] == ["https://ok.example/"]


def test_long_text_is_not_a_long_tag(tmp_path: Path) -> None:
    text = '<xbel><bookmark href="https://x.example/"><title>T</title><desc>' + "word " * 600_000
    entries, problems = parse(write(tmp_path / "long.xbel", text + "</desc></bookmark></xbel>"))
    assert problems == [] and entries[0].summary.startswith("word word")


# ---------------------------------------------------------------- round trips

WORD = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp", "Co", "Cn"), blacklist_characters="\ufeff\ufffe"),
    min_size=1,
    max_size=12,
)
TITLE = st.lists(WORD, min_size=1, max_size=4).map(" ".join)  # one line, as titles are kept
TAGS = st.lists(st.text(st.characters(whitelist_categories=("L", "N")), min_size=1, max_size=8), min_size=1, max_size=4)
URL = st.builds(
    "https://{}.example/{}".format,
    st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12),
    st.text("abcdefghijklmnopqrstuvwxyz0123456789-._~/?=&%+#", max_size=30),
)


@settings(max_examples=examples(40), deadline=None)
@given(records=st.lists(st.tuples(TITLE, URL, TITLE, TAGS), min_size=1, max_size=6))
def test_written_titles_and_links_come_back_exactly(
    tmp_path_factory: pytest.TempPathFactory, records: list[tuple[str, str, str, list[str]]]
) -> None:
    folder = tmp_path_factory.mktemp("round")
    xbel = "".join(
        f"<folder><title>{escape(folder_name)}</title><bookmark href={quoteattr(url)}><title>{escape(title)}</title>"
        "</bookmark></folder>"
        for title, url, folder_name, _ in records
    )
    entries, problems = parse(write(folder / "b.xbel", f'<?xml version="1.0"?>\n<xbel version="1.0">{xbel}</xbel>'))
    assert problems == []
    assert [(e.title, e.url, e.category) for e in entries] == [(t, u, f) for t, u, f, _ in records]
    posts = "".join(f"<post href={quoteattr(url)} description={quoteattr(title)} tag={quoteattr(' '.join(tags))}/>\n"
                    for title, url, _, tags in records)  # fmt: skip
    entries, problems = parse(write(folder / "p.xml", f'<?xml version="1.0"?>\n<posts user="u">\n{posts}</posts>'))
    assert problems == []
    assert [(e.title, e.url, e.tags) for e in entries] == [(t, u, g) for t, u, _, g in records]
