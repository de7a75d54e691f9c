"""The fallback for any other list of links (JSON or CSV), keys found by common names."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs import detect as importers
from readlog.inputs.detect import ParseContext
from readlog.model.entry import Entry, Problem

from conftest import Run, write
from helpers import AS_OF, examples
from helpers import parse as parse_as


def parse(path: Path) -> tuple[list[Entry], list[Problem]]:
    return parse_as(path, "links")


def test_pinboard_style_json(tmp_path: Path) -> None:
    records = [
        {
            "href": "https://a.example/1",
            "description": "First",
            "extended": "Why it matters",
            "time": "2024-03-01T10:00:00Z",
            "toread": "yes",
            "tags": "rust cli",
        },
        {
            "href": "https://a.example/2",
            "description": "Second",
            "extended": "",
            "time": "2023-01-01T10:00:00Z",
            "toread": "no",
            "tags": "",
        },
    ]
    entries, problems = parse(write(tmp_path / "pins.json", json.dumps(records)))
    first, second = entries
    assert (first.title, first.summary, first.tags) == ("First", "Why it matters", ["rust", "cli"])
    assert first.saved_at == datetime(2024, 3, 1, 10, tzinfo=timezone.utc) and first.read_at is None
    assert second.read_at == second.saved_at  # not on the to-read list: read
    assert problems == []


def test_wrapped_list_nested_urls_and_states(tmp_path: Path) -> None:
    data = {
        "exportedAt": "2026-11-01",
        "bookmarks": [
            {
                "Title": "Nested",
                "content": {"type": "link", "url": "https://b.example/n"},
                "createdAt": 1_700_000_000_000,
                "archived": True,
                "favourited": True,
                "labels": [{"name": "db"}],
            },
            {"title": "Only text", "content": {"type": "text", "text": "a thought"}},
            {
                "title": "Status",
                "URL": "https://b.example/s",
                "Status": "Archive",
                "read_at": "2026-02-02T08:00:00+08:00",
            },
        ],
    }
    entries, problems = parse(write(tmp_path / "export.json", json.dumps(data)))
    nested, note, status = entries
    assert (note.url, note.title, note.summary) == ("", "Only text", "a thought")  # a note: an entry without a link
    assert nested.url == "https://b.example/n" and nested.tags == ["db"] and nested.starred_at is not None
    assert nested.saved_at == datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc)  # milliseconds
    assert nested.read_at == nested.saved_at
    assert status.read_at == datetime(2026, 2, 2, tzinfo=timezone.utc)
    assert problems == []


def test_id_keyed_object_of_records(tmp_path: Path) -> None:
    data = {
        "status": 1,
        "list": {
            "9": {
                "given_url": "https://c.example/x",
                "resolved_title": "API item",
                "time_added": "1600000000",
                "favorite": "1",
                "tags": {"go": {"tag": "go"}},
            }
        },
    }
    (entry,), _ = parse(write(tmp_path / "api.json", json.dumps(data)))
    assert (entry.title, entry.tags, entry.starred_at is not None) == ("API item", ["go"], True)


def test_csv_with_its_own_column_names(run: Run, tmp_path: Path) -> None:
    text = (
        "Link,Name,Date Added,Is Read,Favorite,Tags\n"
        "https://d.example/1,One,2025-05-01,yes,0,a|b\n"
        ",No link,,,,\n"
        "https://d.example/2,Two,1700000000,no,1,\n"
    )
    entries, problems = parse(write(tmp_path / "links.csv", text))
    one, two = entries
    assert one.read_at is not None and one.tags == ["a", "b"] and one.starred_at is None
    assert two.read_at is None and two.starred_at is not None
    assert [(p.line, p.message) for p in problems] == [(3, "row at line 3: no URL; skipped")]
    result = run("import", str(tmp_path / "links.csv"), code=1)
    assert "(links): 2 added" in result.stdout


def test_json_without_records_is_one_problem(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "conf.json", json.dumps({"url": "https://e.example", "nested": {"a": 1}}))
    entries, _ = parse(path)
    assert [e.url for e in entries] == ["https://e.example"]  # a single link record is a list of one
    other = write(tmp_path / "other.json", json.dumps({"homepage": "https://e.example", "items": [{"link": 3}]}))
    result = run("import", str(other), "--format", "links", code=1)
    assert "no list of records" in result.stderr


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=10,
)
keys = st.sampled_from(
    [
        "url",
        "href",
        "title",
        "tags",
        "time",
        "read",
        "toread",
        "status",
        "favorite",
        "labels",
        "created_at",
        "extended",
        "x",
    ]
)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.dictionaries(keys, values, max_size=8), min_size=1, max_size=5))
def test_any_values_under_known_keys_import_or_are_problems(records: list[dict[str, Any]]) -> None:
    for record in records:
        record.setdefault("url", "https://f.example/x")
    text = json.dumps(records, default=str)
    from io import BytesIO

    from readlog.inputs.reader import open_stream

    infile = open_stream("t.json", BytesIO(text.encode()), None)
    items = list(importers.parse("links", infile, ParseContext(as_of=AS_OF)))
    assert len(items) == len(records)
    for item in items:
        assert isinstance(item, (Entry, Problem))


def test_pocket_api_json_status_numbers(run: Run, tmp_path: Path) -> None:
    def item(n: int, status: str) -> dict[str, str]:
        return {
            "item_id": str(n),
            "given_url": f"https://pocket.example/{n}",
            "resolved_title": f"article {n}",
            "status": status,
            "time_added": "1700000000",
        }

    data = {"status": 1, "list": {str(n): item(n, s) for n, s in ((1, "0"), (2, "1"), (3, "2"))}}
    path = write(tmp_path / "pocket-api.json", json.dumps(data))
    result = run("import", str(path), code=1)
    assert "deleted in Pocket (status 2); skipped" in result.stderr
    rows = {r["title"]: r for r in run.json("list", "-n", "0")}
    assert set(rows) == {"article 1", "article 2"}
    assert rows["article 1"]["read_at"] is None and rows["article 2"]["read_at"]
