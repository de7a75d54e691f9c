"""More JSON exports: Google Reader's stream of starred items, JSON Feed, and
the lists of links that bookmarking apps and APIs write (Linkding, Hacker
News search, Raindrop, Tiny Tiny RSS, Readwise Reader), each found by what
its fields hold; containers, link objects and origin/author objects are
never entries of their own."""

from __future__ import annotations

import json
import re
import string
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from readlog.inputs.formats import feeds, links

from conftest import FIXTURES, Run, write
from helpers import AS_OF, detected, parse, parse_with

FORMATS = FIXTURES / "formats"


def test_google_reader_items_are_the_entries(run: Run) -> None:
    path = FORMATS / "greader-starred.json"
    assert detected(path) == "links"
    entries, problems = parse(path, "links")
    assert problems == []
    assert [e.url for e in entries] == [
        "https://blog.example.net/2020/compaction",  # canonical, before the alternate
        "https://other.example.com/posts/two",  # the text/html alternate, not the audio one
        "https://third.example.org/p/3",  # the only alternate
    ]
    first, second, third = entries
    assert (first.title, first.source, first.tags) == (
        "Compacting a log-structured store",
        "Example Blog",  # the origin's title
        ["Tech", "Storage engines"],  # labels; the states are not tags
    )
    assert first.summary == "Why compaction runs in the background & what it costs."  # the HTML as text
    assert first.published == "2020-09-13"
    assert first.read_at == AS_OF and first.starred_at == AS_OF  # .../state/com.google/read and /starred
    assert (second.summary, second.tags, second.read_at) == ("The whole post, in HTML.", ["Reading"], None)
    assert second.starred_at is not None  # user/1005/state/com.google/starred: any user id
    assert (third.summary, third.source) == ("Plain words <here>", "Third")
    result = run.json("import", str(path), "--as-of", "2026-12-01")[0]
    assert (result["format"], result["added"], result["problems"]) == ("links", 3, [])
    rows = run.json("list", "-n", "0")
    assert sorted(r["title"] for r in rows) == [
        "Compacting a log-structured store",
        "Only a plain alternate",
        "Second post, unread",
    ]
    assert all(r["starred"] for r in rows)


def test_json_feed_imports_as_a_feed(run: Run) -> None:
    path = FORMATS / "jsonfeed-1.1.json"
    assert detected(path) == "feed"
    entries, problems = parse(path, "feed")
    assert problems == []
    btrees, note, linked = entries
    assert (btrees.url, btrees.title, btrees.summary, btrees.source) == (
        "https://feed.example.org/2024/btrees",
        "B-trees, again",
        "Why B-trees still win.",  # its summary, before its content
        "My Feed",
    )
    assert (btrees.published, btrees.tags) == ("2024-03-01", ["databases", "trees"])
    assert (note.url, note.published) == ("https://feed.example.org/2024/short-note", "2024-03-05")  # made absolute
    assert note.summary == "A short note without a title: LSM trees trade reads for writes."
    assert (linked.url, linked.summary) == ("https://elsewhere.example.com/article", "Worth reading.")
    assert {(e.feed, e.guid) for e in entries} == {
        ("link:https://feed.example.org", "https://feed.example.org/2024/btrees"),
        ("link:https://feed.example.org", "2"),
        ("link:https://feed.example.org", "3"),
    }
    first = run.json("import", str(path))[0]
    assert (first["format"], first["added"]) == ("feed", 3)
    again = run.json("import", str(path))[0]
    assert (again["added"], again["updated"], again["unchanged"]) == (0, 0, 3)


def test_json_feed_version_1(tmp_path: Path) -> None:
    entries, problems = parse(FORMATS / "jsonfeed-1.0.json", "feed")
    assert problems == []
    assert [(e.title, e.summary, e.source, e.guid) for e in entries] == [
        ("First", "Plain <text> stays.", "Old Style Feed", "101"),  # content_text kept as written
        ("Second", "An HTML body", "Old Style Feed", "102"),  # content_html as text
    ]
    broken = write(tmp_path / "f.json", '{"version": "https://jsonfeed.org/version/1", "items": [1, {"id": "x"}]}')
    entries, problems = parse(broken, "feed")
    assert entries == []
    assert [p.message for p in problems] == [
        "item 1: not an object; skipped",
        "item 2: no link, title or text; skipped",
    ]


def test_a_feed_read_as_a_list_of_links_is_a_container() -> None:
    """Given to ``links``, a JSON Feed is its items: the top-level object holds
    records, so it is not one (its ``version`` address is not a link)."""
    entries, problems = parse_with(links, FORMATS / "jsonfeed-1.1.json")
    assert [e.url for e in entries] == ["https://feed.example.org/2024/btrees", "https://elsewhere.example.com/article"]
    assert entries[0].summary == "Why B-trees still win." and entries[1].summary == "Worth reading."
    assert [p.message for p in problems] == ["record 2: '/2024/short-note' is not a URL; skipped"]
    assert parse_with(feeds, FORMATS / "jsonfeed-1.1.json")[0][0].title == "B-trees, again"


def test_addresses_that_are_not_the_records_link(tmp_path: Path) -> None:
    data = [
        {"title": "Schema only", "$schema": "https://schema.example/v1", "license": "https://licenses.example/by"},
        {"title": "Kept", "self": "https://api.example/r/2", "page": "https://kept.example/p"},
    ]
    entries, problems = parse_with(links, write(tmp_path / "r.json", json.dumps(data)))
    assert [e.url for e in entries] == ["https://kept.example/p"]
    assert [p.message for p in problems] == ["record 1: no URL; skipped"]


def test_linkding_api_page() -> None:
    entries, problems = parse(FORMATS / "linkding-api.json", "links")
    assert problems == []
    wal, later = entries
    assert (wal.url, wal.title, wal.summary, wal.note, wal.tags) == (
        "https://wal.example.com/post",  # not the archive snapshot, not the next page
        "What the WAL is for",  # the page's title, when the bookmark has none
        "Logging before writing.",
        "check the fsync part",
        ["databases", "durability"],
    )
    assert wal.read_at == wal.saved_at == datetime(2024, 4, 1, 8, tzinfo=timezone.utc)  # is_archived
    assert (later.title, later.summary, later.read_at) == ("Read me later", "A long one", None)


def test_hacker_news_search_hits() -> None:
    entries, problems = parse(FORMATS / "hn-search.json", "links")
    assert problems == []
    show, ask = entries
    assert (show.url, show.title, show.tags) == ("https://kv.example.dev/", "Show HN: A tiny key-value store", [])
    assert show.saved_at == datetime(2024, 1, 10, 12, tzinfo=timezone.utc)
    assert (ask.url, ask.title, ask.summary) == (
        "",
        "Ask HN: How do you back up SQLite?",
        "I use .backup nightly. What else?",
    )


def test_raindrop_api_items() -> None:
    entries, problems = parse(FORMATS / "raindrop-api.json", "links")
    assert problems == []
    raft, paxos = entries
    assert (raft.url, raft.summary, raft.tags) == (
        "https://raft.example.org/paper",
        "Consensus for the rest of us.",
        ["consensus"],
    )
    assert raft.starred_at == raft.saved_at  # important
    assert paxos.starred_at is None and paxos.url == "https://paxos.example.org/"


def test_tiny_tiny_rss_articles() -> None:
    entries, problems = parse(FORMATS / "ttrss-starred.json", "links")
    assert problems == []
    zero, readahead = entries
    assert (zero.source, zero.summary, zero.tags) == ("IO Weekly", "sendfile & splice explained.", ["io"])
    assert zero.starred_at is not None and zero.read_at is not None  # marked, not unread
    assert (readahead.source, readahead.starred_at, readahead.read_at) == ("IO Weekly", None, None)


def test_readwise_reader_api_keeps_the_original_link() -> None:
    entries, problems = parse(FORMATS / "readwise-reader-api.json", "links")
    assert problems == []
    assert [e.url for e in entries] == ["https://essay.example.org/on-indexes", "https://news.example.com/later"]
    essay = entries[0]
    assert (essay.source, essay.published, essay.tags) == ("Essay Site", "2023-11-01", ["indexing"])
    assert essay.read_at is not None and entries[1].read_at is None  # location: archive / later


# ---- containers of any shape ------------------------------------------------------------------

# Key names the importer reads as fields, and those of objects that tell who
# made a record or hold its pictures: the containers' keys are anything else.
_FIELDS = ("URL", "TITLE", "SUMMARY", "CONTENT", "NOTE", "TAGS", "SAVED", "PUBLISHED", "READ_AT", "READ", "UNREAD")
_MORE = ("STATE", "STARRED", "SOURCE", "CATEGORY", "LISTS", "PINNED", "BODY", "ORIGIN")
_RESERVED = {n for group in (*_FIELDS, *_MORE) for n in getattr(links, group, ())} | {
    "id", "href", "rel", "type", "mediatype", "hreflang", "length", "width", "height", "canonical", "alternate",
}  # fmt: skip
_ABOUT_IT = re.compile(r"(?:author|creator|contributor|owner|user|profile|account|origin|feed|source|publisher|hub)s?")
_FILES = re.compile(
    r"(?:attachment|enclosure|media|image|thumbnail|icon|avatar|cover|preview|screenshot|logo|banner)s?"
)


def _free(key: str) -> bool:
    plain = links._key(key)
    return bool(plain) and plain not in _RESERVED and not _ABOUT_IT.match(plain) and not _FILES.match(plain)


KEYS = st.text(string.ascii_letters + "_-$@", min_size=1, max_size=10).filter(_free)
WRAPPER = {"href": "https://container.example/", "type": "text/html"}


@st.composite
def _record(draw: st.DrawFn, i: int) -> dict[str, Any]:
    url = f"https://r{i}.example/a{i}"
    shape = draw(st.sampled_from(["url", "link", "href", "canonical", "alternate"]))
    record: dict[str, Any] = {"title": f"Record {i}"}
    if shape == "canonical":
        record["canonical"] = [{"href": url}]
    elif shape == "alternate":
        record["alternate"] = [
            {"href": f"https://r{i}.example/a.mp3", "type": "audio/mpeg"},
            {"href": url, "type": "text/html"},
        ]
    else:
        record[shape] = url
    if draw(st.booleans()):
        record["origin"] = {"streamId": "feed/1", "title": "A site", "htmlUrl": "https://site.example/"}
    if draw(st.booleans()):
        record["author"] = {"name": "A", "url": "https://people.example/a"}
    if draw(st.booleans()):
        record["self"] = f"https://api.example/r/{i}"
    return record


def _place(top: dict[str, Any], path: list[str], record: dict[str, Any]) -> None:
    """Put the record in the list at the end of ``path``, making the objects on the way."""
    node = top
    for key in path[:-1]:
        below = node.setdefault(key, {})
        if isinstance(below, list):  # a list of records already: an object among them
            below.append({})
            below = below[-1]
        node = below
    last = path[-1]
    while isinstance(node.get(last), dict):
        node = node[last]
    node.setdefault(last, []).append(record)


@st.composite
def _nested(draw: st.DrawFn) -> tuple[Any, list[str]]:
    """Records placed at paths of random keys; any object above them may
    carry a title, a link object, a version address and authors."""
    count = draw(st.integers(1, 6))
    top: dict[str, Any] = {}
    for i in range(count):
        _place(top, draw(st.lists(KEYS, min_size=1, max_size=4)), draw(_record(i)))
    containers = [top]
    while containers:
        node = containers.pop()
        for value in node.values():
            below = value if isinstance(value, list) else [value]
            containers += [c for c in below if isinstance(c, dict) and not str(c.get("title", "")).startswith("Record")]
        if draw(st.booleans()):
            node.update({"title": "A container", "alternate": [WRAPPER], "version": "https://schema.example/v1"})
        if draw(st.booleans()):
            node["authors"] = [{"name": "B", "url": "https://people.example/b"}]
    data = [top] if draw(st.booleans()) else top
    return data, [f"https://r{i}.example/a{i}" for i in range(count)]


@given(_nested())
def test_every_record_imports_once_whatever_holds_it(case: tuple[Any, list[str]]) -> None:
    data, urls = case
    with tempfile.TemporaryDirectory() as folder:
        entries, problems = parse_with(links, write(Path(folder) / "nested.json", json.dumps(data)))
    assert problems == []
    assert sorted(e.url for e in entries) == sorted(urls)  # each once; no container, link object or author
    assert all(e.title.startswith("Record ") for e in entries)


def test_origin_and_author_objects_are_never_entries(tmp_path: Path) -> None:
    """An item without a link beside items with one is a note (its HTML as
    text) or reported; the site and the person it names are not entries."""
    origin = {"streamId": "feed/1", "title": "Blog", "htmlUrl": "https://blog.example/"}
    data = {
        "items": [
            {"title": "Linked", "alternate": [{"href": "https://a.example/1", "type": "text/html"}], "origin": origin},
            {
                "title": "No link",
                "summary": {"content": "<p>Only <b>text</b> here.</p>"},
                "origin": origin,
                "author": {"name": "A", "url": "https://people.example/a"},
            },
            {"title": "Nothing", "origin": origin},
        ]
    }
    entries, problems = parse_with(links, write(tmp_path / "items.json", json.dumps(data)))
    assert [(e.title, e.url, e.summary, e.source) for e in entries] == [
        ("Linked", "https://a.example/1", "", "Blog"),
        ("No link", "", "Only text here.", ""),
    ]
    assert [p.message for p in problems] == ["record 3: no URL; skipped"]


def test_namespaced_keys_are_read_by_their_last_part(tmp_path: Path) -> None:
    """Readability's export names its fields article__url, article__title...; other apps write
    bookmark.url or dc:title. Such a key is read by its last part where no plain key says it."""
    data = {
        "bookmarks": [
            {
                "article__title": "Namespaced one",
                "article__url": "https://ns.example/1",
                "article__excerpt": "An excerpt",
                "date_added": "2019-03-04T05:06:07",
                "favorite": True,
                "archive": False,
                "date_archived": None,
            },
            {
                "article__title": "Namespaced two",
                "article__url": "https://ns.example/2",
                "date_added": "2019-03-05T05:06:07",
                "favorite": False,
                "archive": True,
                "date_archived": "2019-04-01T00:00:00",
            },
        ]
    }
    path = write(tmp_path / "readability.json", json.dumps(data, indent=2))
    assert detected(path) == "links"
    entries, problems = parse(path, "links")
    assert problems == []
    one, two = entries
    assert (one.title, one.url, one.summary) == ("Namespaced one", "https://ns.example/1", "An excerpt")
    assert one.starred_at is not None and one.read_at is None
    assert two.starred_at is None and two.read_at == datetime(2019, 4, 1, tzinfo=timezone.utc)
    dc = [
        {"dc:title": "Dublin Core", "dc:identifier": "x", "bookmark.url": "https://ns.example/3", "title": "Plain wins"}
    ]
    (three,), _ = parse_with(links, write(tmp_path / "dc.json", json.dumps(dc)))
    assert (three.title, three.url) == ("Plain wins", "https://ns.example/3")


def test_wallabag_version_1_flags_written_as_strings(tmp_path: Path) -> None:
    """wallabag 1 wrote each record twice over (by position and by name) with "0"/"1" flags."""
    data = [
        {"0": "7", "1": "Fav one", "2": "https://wb1.example/a", "3": "0", "4": "1",
         "id": "7", "title": "Fav one", "url": "https://wb1.example/a", "is_read": "0", "is_fav": "1",
         "content": "<p>Body <b>text</b></p>", "tags": "x,y"},
        {"0": "8", "1": "Read one", "2": "https://wb1.example/b", "3": "1", "4": "0",
         "id": "8", "title": "Read one", "url": "https://wb1.example/b", "is_read": "1", "is_fav": "0",
         "content": "", "tags": ""},
    ]  # fmt: skip
    entries, problems = parse(write(tmp_path / "wallabag-v1.json", json.dumps(data)), "links")
    assert problems == []
    fav, read = entries
    assert (fav.title, fav.starred_at is not None, fav.read_at, fav.tags) == ("Fav one", True, None, ["x", "y"])
    assert fav.summary == "Body text"
    assert (read.starred_at, read.read_at is not None) == (None, True)
