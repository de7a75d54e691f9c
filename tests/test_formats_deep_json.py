"""JSON exports whose link records sit deeper than one level, or under key
names no app list knows: found by what their fields hold."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from readlog.inputs import detect as importers

from conftest import FIXTURES, Run, write
from helpers import detected, parse

FORMATS = FIXTURES / "formats"


def test_linkwarden_collections_of_links(run: Run) -> None:
    entries, problems = parse(FORMATS / "linkwarden-backup.json", "links")
    assert problems == []
    rows = {e.url: e for e in entries}
    assert list(rows) == ["https://wal.example/article", "https://papers.example/raft.pdf", "https://lsm.example/zh"]
    wal = rows["https://wal.example/article"]
    assert (wal.title, wal.summary, wal.tags) == (
        "Understanding write-ahead logs",
        "How databases survive a crash.",
        ["databases", "storage"],
    )
    assert wal.category == "Unorganized"  # the collection, as a Netscape folder
    assert wal.saved_at == datetime(2024, 5, 1, 10, tzinfo=timezone.utc)
    assert rows["https://papers.example/raft.pdf"].title == "https://papers.example/raft.pdf"  # no name: the link
    zh = rows["https://lsm.example/zh"]
    assert (zh.title, zh.category, zh.tags) == ("日志结构合并树", "Research", ["数据库"])
    result = run("import", str(FORMATS / "linkwarden-backup.json"))
    assert "(links): 3 added" in result.stdout


def test_karakeep_link_fields_inside_content(run: Run) -> None:
    entries, problems = parse(FORMATS / "karakeep-export.json", "links")
    thought, handshake, pin = entries
    assert (thought.url, thought.title, thought.summary) == ("", "A thought written down, no link", thought.summary)
    assert (handshake.title, handshake.summary, handshake.note) == (
        "The three-way handshake",  # the page's title inside content, when the bookmark has none
        "SYN, SYN-ACK, ACK.",
        "read again",
    )
    assert handshake.read_at is not None and handshake.starred_at is not None and handshake.tags == ["networking"]
    assert (pin.title, pin.summary, pin.tags) == ("My own title", "Pinning explained", ["rust", "async"])
    assert [p.message for p in problems] == ["record 4: no URL; skipped"]  # an uploaded image: not in the export


def test_karakeep_export_as_karakeep_writes_it(run: Run) -> None:
    """Karakeep's export: ``bookmarks[]`` with ``content`` a link, a text or
    null (an uploaded file, which the export leaves out), ``archived``, a
    note, tags, and the ids of the ``lists`` it is in (named at the top)."""
    path = FORMATS / "karakeep-lists.json"
    assert detected(path) == "links"
    entries, problems = parse(path, "links")
    paper, untitled, idea = entries
    assert (paper.url, paper.title, paper.note) == (
        "https://leaderless.example/paper",
        "Consensus without a leader",
        "compare with Raft",
    )
    assert paper.category == "Reading queue" and paper.tags == ["distributed", "papers", "Systems"]
    assert paper.read_at == paper.saved_at == datetime.fromtimestamp(1760000000, timezone.utc)  # archived
    assert paper.starred_at is None
    assert (untitled.title, untitled.category, untitled.read_at) == ("https://untitled.example/post?id=7", "", None)
    assert (idea.url, idea.title, idea.category, idea.tags) == (
        "",
        "记一个想法：把索引按时间分片",
        "Reading queue",
        ["ideas"],
    )
    assert idea.summary == "记一个想法：把索引按时间分片。之后再细看。"
    assert [p.message for p in problems] == ["record 4: no URL; skipped"]
    result = json.loads(run("import", str(path), "--json", code=1).stdout)[0]
    assert (result["format"], result["added"], result["skipped"]) == ("links", 3, 1)
    again = json.loads(run("import", str(path), "--json", code=1).stdout)[0]
    assert (again["added"], again["updated"]) == (0, 0)  # the note without a link is not duplicated either


def test_linkwarden_pinned_links_import_once_starred(run: Run) -> None:
    path = FORMATS / "linkwarden-pinned.json"
    entries, problems = parse(path, "links")
    assert problems == []
    assert [e.url for e in entries] == ["https://pinned.example/filed", "https://filed.example/only"]
    pinned, filed = entries
    assert pinned.starred_at == pinned.saved_at == datetime(2024, 5, 1, 10, tzinfo=timezone.utc)
    assert (pinned.category, pinned.tags) == ("Unorganized", ["keep"])  # the collection's copy, with its tags
    assert pinned.summary == "Kept at the top of the dashboard."  # what only the pinned copy has
    assert filed.starred_at is None
    result = run.json("import", str(path), "--json")[0]
    assert (result["added"], result["unchanged"], result["merged"]) == (2, 0, [])
    rows = {r["url"]: r for r in run.json("list", "-n", "0")}
    assert rows["https://pinned.example/filed"]["starred"] is True


def test_a_pinned_link_found_nowhere_else_stays(tmp_path: Path) -> None:
    data = {
        "collections": [{"name": "A", "links": [{"name": "One", "url": "https://one.example/"}]}],
        "pinnedLinks": [{"name": "Shared with me", "url": "https://other.example/x", "createdAt": "2024-01-01"}],
    }
    entries, _ = parse(write(tmp_path / "lw.json", json.dumps(data)), "links")
    assert [(e.title, e.category, e.starred_at is not None) for e in entries] == [
        ("One", "A", False),
        ("Shared with me", "", True),
    ]


def test_records_under_other_key_names(run: Run) -> None:
    path = FORMATS / "links-other-keys.json"
    assert detected(path) == "links"
    entries, problems = parse(path, "links")
    assert problems == []
    assert [(e.url, e.title, e.category) for e in entries] == [
        ("https://one.example/a", "First article", "Reading"),
        ("https://two.example/b", "Second article", "Reading"),  # not its favicon
    ]
    assert entries[0].saved_at == datetime(2025, 3, 1, 9, tzinfo=timezone.utc) and entries[0].tags == ["x"]


def test_an_array_of_collections(tmp_path: Path) -> None:
    data = [
        {"name": "Work", "links": [{"url": "https://w.example/1", "name": "W1"}]},
        {"name": "Home", "links": [{"url": "https://h.example/1", "name": "H1"}, {"url": "https://h.example/2"}]},
    ]
    entries, problems = parse(write(tmp_path / "c.json", json.dumps(data)), "links")
    assert problems == []
    assert [(e.title, e.category) for e in entries] == [("W1", "Work"), ("H1", "Home"), ("https://h.example/2", "Home")]


def test_nested_folders_make_a_path(tmp_path: Path) -> None:
    data = {
        "folders": [
            {"title": "Tech", "children": [{"title": "DB", "children": [{"href": "https://d.example/", "title": "D"}]}]}
        ]
    }
    (entry,), _ = parse(write(tmp_path / "tree.json", json.dumps(data)), "links")
    assert entry.category == "Tech/DB"


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "pkg", "homepage": "https://pkg.example", "version": "1.0.0"}',
        '{"icons": [{"src": "https://x.example/a.png", "name": "a"}, {"src": "https://x.example/b.png", "name": "b"}]}',
        '{"items": [{"image": "https://x.example/a.png", "title": "a"}, {"image": "https://x.example/b.png"}]}',
        '{"config": {"server": "https://x.example", "mirror": "https://y.example"}}',
    ],
)
def test_other_json_is_not_taken_for_links(text: str) -> None:
    assert importers.module("links").sniff(text) == 0
