"""Shapes found in real export files kept in public repositories (importers'
test fixtures): Safari plists written without node types, Falkon's Chrome-shaped
bookmarks without dates, bookmark trees whose folders are typed, property-list
keys that name their type (``TitleString``). The fixtures are our own, in the
same shapes."""

from __future__ import annotations

import json
import plistlib
from datetime import datetime, timezone
from pathlib import Path

from conftest import FIXTURES, Run
from helpers import parse

FORMATS = FIXTURES / "formats"


def test_safari_plist_without_node_types_reads_as_safari() -> None:
    entries, problems = parse(FORMATS / "safari-untyped.plist", "safari")
    assert problems == []
    rows = {e.title: e for e in entries}
    assert {t: e.category for t, e in rows.items()} == {
        "LSM trees, slowly": "Favourites/Storage",
        "Paxos made plain": "Reading List",
    }
    paxos = rows["Paxos made plain"]
    assert paxos.summary == "Two phases and a quorum."
    assert paxos.saved_at == datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone.utc)


def test_safari_plist_without_node_types_binary(run: Run, tmp_path: Path) -> None:
    tree = plistlib.loads((FORMATS / "safari-untyped.plist").read_bytes())
    binary = tmp_path / "Bookmarks.plist"
    binary.write_bytes(plistlib.dumps(tree, fmt=plistlib.FMT_BINARY))
    (report,) = run.json("import", str(binary))
    assert report["format"] == "safari" and report["added"] == 2 and report["problems"] == []
    (again,) = run.json("import", str(binary))
    assert again["added"] == 0


def test_plist_keys_that_name_their_type() -> None:
    """A property list of links written by another browser (``TitleString``
    beside ``URLString``): the title is the title, not the address."""
    entries, problems = parse(FORMATS / "browser-links.plist", "links")
    assert problems == []
    assert [(e.title, e.url) for e in entries] == [
        ("Column stores", "https://notes.example.net/columns"),
        ("Vectorised execution", "https://notes.example.net/vectors"),
    ]


def test_falkon_bookmarks_without_dates_read_as_chrome() -> None:
    entries, problems = parse(FORMATS / "falkon-bookmarks.json", "chrome")
    assert problems == []  # an empty folder and a separator are not bookmarks
    rows = {e.title: e for e in entries}
    assert set(rows) == {"B-tree splits", "Unsorted one"}
    splits = rows["B-tree splits"]
    assert splits.category == "Bookmarks Toolbar/Databases"
    assert splits.summary == "How a B-tree splits a full page."
    assert splits.saved_at is None
    assert rows["Unsorted one"].category == ""  # "other" is the top level, as in Chrome


def test_chrome_mobile_bookmarks_are_top_level_as_in_its_html_export() -> None:
    """Chrome's HTML export writes "Other bookmarks" and "Mobile bookmarks"
    without their folder: a bookmark keeps one category from either file."""
    entries, _ = parse(FORMATS / "chrome-Bookmarks.json", "chrome")
    assert {e.title: e.category for e in entries}["Phone"] == ""


def test_typed_folders_and_separators_are_never_records(run: Run) -> None:
    for name, titles in (
        ("links-bookmark-tree.json", {"Write-ahead logs": "Reading", "Bloom filters": ""}),
        ("links-bookmark-tree-array.json", {"Skip lists": "Toolbar"}),
    ):
        entries, problems = parse(FORMATS / name, "links")
        assert problems == [], name
        assert {e.title: e.category for e in entries} == titles
    (report,) = run.json("import", str(FORMATS / "links-bookmark-tree.json"))
    assert report["added"] == 2 and report["skipped"] == 0
    assert json.dumps(report["problems"]) == "[]"
