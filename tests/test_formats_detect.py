"""Which format a file is, machine timestamps, and importers that never crash on bad input."""

from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs import detect as importers
from readlog.inputs.detect import ParseContext
from readlog.inputs.reader import InputFile, close_input, open_input
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import from_epoch, from_webkit, parse_time

from conftest import FIXTURES, ROOT, SHARED, Run, write
from helpers import examples

FORMATS = FIXTURES / "formats"
AS_OF = datetime(2026, 12, 1, tzinfo=timezone.utc)
EXPECTED = {
    FORMATS / "netscape-mixed.html": "netscape",
    FORMATS / "ril_export.html": "pocket",
    FORMATS / "pocket-extra-columns.csv": "pocket",
    FORMATS / "instapaper-new.csv": "instapaper",
    FORMATS / "readwise.csv": "readwise",
    FORMATS / "raindrop.csv": "raindrop",
    FORMATS / "omnivore-damaged.json": "omnivore",
    FORMATS / "wallabag.json": "wallabag",
    FORMATS / "firefox-backup.json": "firefox",
    FORMATS / "chrome-Bookmarks.json": "chrome",
    FORMATS / "safari-Bookmarks.plist": "safari",
    FORMATS / "instapaper-export.html": "instapaper",
    FORMATS / "atom.xml": "feed",
    FORMATS / "pinboard-posts.xml": "xml",
    FORMATS / "delicious-posts.xml": "xml",
    FORMATS / "floccus.xbel": "xml",
    FORMATS / "reading-list.opml": "xml",
    FORMATS / "subscriptions.opml": "xml",
    FORMATS / "wallabag.csv": "wallabag",
    FORMATS / "excel-de-semicolon.csv": "links",
    FORMATS / "links.tsv": "links",
    FORMATS / "Write-ahead logging.url": "shortcut",
    FORMATS / "raft.desktop": "shortcut",
    FORMATS / "MVCC in practice.webloc": "shortcut",
    FIXTURES / "kindle" / "en-zh.txt": "kindle",
    FIXTURES / "kindle" / "mixed-languages.txt": "kindle",
    FIXTURES / "kindle" / "bom-per-record.txt": "kindle",
    FIXTURES / "kindle" / "old-kindle.txt": "kindle",
    FIXTURES / "digest.txt": "digest",
    FIXTURES / "bookmarks.txt": "bookmarks",
    ROOT / "examples" / "browser-bookmarks.html": "netscape",
    ROOT / "examples" / "pocket.csv": "pocket",
    ROOT / "examples" / "instapaper.csv": "instapaper",
    ROOT / "examples" / "readwise.csv": "readwise",
    ROOT / "examples" / "raindrop.csv": "raindrop",
    ROOT / "examples" / "omnivore-metadata.json": "omnivore",
    ROOT / "examples" / "wallabag.json": "wallabag",
    ROOT / "examples" / "firefox-bookmarks.json": "firefox",
    ROOT / "examples" / "chrome-Bookmarks.json": "chrome",
    ROOT / "examples" / "feed.xml": "feed",
}
REAL = {
    "buku__Bookmarks": "chrome",
    "linkding__simple_valid_import_file.html": "netscape",
    "nb__example-chrome-bookmarks.html": "netscape",
    "nb__example-firefox-bookmarks-backup.json": "firefox",
    "nb__example-firefox-bookmarks.html": "netscape",
    "newsboat__atom10_1.xml": "feed",
    "newsboat__rss.xml": "feed",
    "wallabag__instapaper-export.csv": "instapaper",
    "wallabag__omnivore.json": "omnivore",
    "wallabag__pocket.csv": "pocket",
    "wallabag__ril_export.html": "pocket",
    "wallabag__wallabag-v2-read.json": "wallabag",
}
MY_FORMATS = sorted(set(EXPECTED.values()) - {"digest", "bookmarks"})


def _scores(text: str) -> dict[str, int]:
    return {name: importers.module(name).sniff(text) for name in importers.FORMATS}


@pytest.mark.parametrize("path", sorted(EXPECTED), ids=lambda p: p.name)
def test_each_shape_is_detected_as_itself_and_nothing_else_is_sure(path: Path) -> None:
    infile = open_input(str(path))  # as an import sees it: property lists arrive as JSON
    try:
        text = infile.sniff_text()
    finally:
        close_input(infile)
    scores = _scores(text)
    assert importers.detect(text) == EXPECTED[path]
    others = [s for name, s in scores.items() if name != EXPECTED[path]]
    assert max(others) < scores[EXPECTED[path]]


@pytest.mark.parametrize("name", sorted(REAL))
def test_real_files_are_detected(name: str) -> None:
    path = SHARED / "realworld" / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    assert importers.detect(path.read_text(encoding="utf-8")[:65536]) == REAL[name]


@pytest.mark.parametrize(
    "text",
    [
        "just some words\nwith no shape at all\n",
        "<html><body><p>An article about <a href='https://x.org'>links</a>.</p></body></html>",
        '{"name": "package", "version": "1.0.0", "dependencies": {}}',
        "[1, 2, 3]",
        "a,b,c\n1,2,3\n",
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>',
        '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><p><a href="https://x.org">x</a></p></html>',
        '<?xml version="1.0"?><project><name>lib</name><licenses><license><url>https://x.org/l</url></license>',
    ],
)
def test_unrelated_text_is_not_claimed(text: str) -> None:
    assert all(_scores(text)[name] == 0 for name in MY_FORMATS)


def test_examples_each_import_cleanly_alone(run: Run) -> None:
    for path in sorted((ROOT / "examples").iterdir()):
        result = run("import", str(path), "--as-of", "2026-12-01")
        said = result.output.replace(str(path), "")  # the path itself may hold the word (a folder named problems)
        assert "added" in result.stdout and "problem" not in said, path


# ---------------------------------------------------------------- timestamps


def test_epoch_units_by_magnitude() -> None:
    t = datetime(2021, 3, 21, 14, 39, 19, tzinfo=timezone.utc)
    assert from_epoch(1616337559) == from_epoch("1616337559000") == from_epoch(1616337559000000) == t
    assert from_epoch("1616337559000000000") == t
    assert from_epoch(0) is None and from_epoch("-5") is None and from_epoch("soon") is None
    assert from_epoch("nan") is None and from_epoch(10**30) is None


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(min_value=100_000_000, max_value=99_999_999_999))
def test_seconds_milliseconds_and_microseconds_agree(seconds: int) -> None:
    when = from_epoch(seconds)
    assert when is not None and when.tzinfo is not None
    assert from_epoch(seconds * 1000) == when == from_epoch(seconds * 1_000_000)


def test_chrome_time_since_1601() -> None:
    assert from_webkit("13149416292911928") == datetime(2017, 9, 9, 7, 38, 12, 911928, tzinfo=timezone.utc)
    assert from_webkit("0") is None and from_webkit("x") is None


@pytest.mark.parametrize(
    ("raw", "utc", "offset"),
    [
        ("2016-09-08T11:55:58+0200", "2016-09-08T09:55:58", 2),
        ("2024-10-29T16:30:11.000Z", "2024-10-29T16:30:11", 0),
        ("2023-11-15 18:09:23+00:00", "2023-11-15T18:09:23", 0),
        ("2023-11-18T08:00:00+08:00", "2023-11-18T00:00:00", 8),
        ("2023-11-18T08:00:00", "2023-11-18T08:00:00", 0),
        ("Tue, 25 Nov 2025 09:00:00 +0800", "2025-11-25T01:00:00", 8),
        ("1700000000", "2023-11-14T22:13:20", 0),
    ],
)
def test_parse_time_keeps_the_zone(raw: str, utc: str, offset: int) -> None:
    when = parse_time(raw)
    assert when is not None and when.utcoffset() == timedelta(hours=offset)
    assert when.astimezone(timezone.utc).replace(tzinfo=None).isoformat() == utc


@pytest.mark.parametrize("raw", ["", "never", "2024-13-45T00:00:00Z", "x" * 100, None, True])
def test_parse_time_rejects_garbage(raw: object) -> None:
    assert parse_time(raw) is None


# ---------------------------------------------------------------- no crash, whatever comes in


def _infile(text: str) -> InputFile:
    data = text.encode("utf-8")
    stream = io.BytesIO(data)
    head = stream.read(65536)
    return InputFile(name="fuzz", stream=stream, encoding="utf-8", head=head, size=len(data))


def _run_parser(name: str, text: str) -> list[Entry | Problem]:
    items = list(importers.parse(name, _infile(text), ParseContext(as_of=AS_OF)))
    assert all(isinstance(i, (Entry, Problem)) for i in items)
    for item in items:
        if isinstance(item, Entry):
            for stamp in (item.saved_at, item.read_at, item.starred_at):
                assert stamp is None or stamp.tzinfo is not None
    return items


SEEDS = [
    '<DT><A HREF="x" ADD_DATE="99999999999999999999999">t</A><DD><DL></DL></DL></DL>',
    '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><H3>f<DL><DT><A HREF="https://a.b">',
    'title,url,time_added\n"x,https://a.b,1\n\x00,\n',
    '[{"url": "https://a.b", "savedAt": [], "labels": {"a": 1}, "state": 5, "title": null}]',
    '[{"url": "https://a.b", "is_archived": "yes", "is_starred": {}, "tags": [null, 1, {"label": 2}]}]',
    '{"type": "text/x-moz-place-container", "children": [{"type": "text/x-moz-place", "uri": 5}, 7]}',
    '{"roots": {"bookmark_bar": {"children": [{"type": "url", "url": "x", "date_added": "-1"}, null]}}}',
    "<rss><channel><item><link>javascript:alert(1)</link><pubDate>yesterday</pubDate></item>",
    "[" * 5000,
    "{" * 5000,
]


@pytest.mark.parametrize("name", MY_FORMATS)
@pytest.mark.parametrize("seed", range(len(SEEDS)))
def test_hostile_inputs_never_raise(name: str, seed: int) -> None:
    _run_parser(name, SEEDS[seed])


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(MY_FORMATS),
    st.lists(st.sampled_from(['"', ",", "\n", "[", "]", "{", "}", ":", "<DT>", "<A HREF=", ">", "url", "1e400"]))
    .map("".join)
    .flatmap(lambda s: st.text(max_size=40).map(lambda t: s + t)),
)
def test_random_inputs_never_raise(name: str, text: str) -> None:
    _run_parser(name, text)


@pytest.mark.parametrize("name", MY_FORMATS)
def test_forced_format_on_the_wrong_file_is_a_clean_failure(run: Run, tmp_path: Path, name: str) -> None:
    path = write(tmp_path / "prose.txt", "just some words\nwith no shape at all\n")
    result = run("import", str(path), "--format", name, code=1)
    assert "Traceback" not in result.output
    assert run.json("list") == []


def test_import_help_names_every_format(run: Run) -> None:
    text = " ".join(run("import", "--help").stdout.split())
    for name in importers.FORMATS:
        assert name in text, name


def test_forcing_a_format_the_file_does_not_have_is_said(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "p.csv", "title,url,time_added,tags,status\none,https://x.example/1,1700000000,,unread\n")
    result = run("import", str(path), "--format", "digest", code=1)
    assert "this looks like pocket, not digest; read as digest because --format said so" in result.stderr
    ok = run("import", str(path), "--format", "pocket")
    assert "looks like" not in ok.stderr and "1 added" in ok.stdout
