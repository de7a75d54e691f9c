"""readlog export in every format, and the round trip through readlog's own JSON Lines."""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import sqlite3
import tempfile
import time
from datetime import datetime, timedelta, timezone
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs.formats import jsonl
from readlog.inputs.vet import vet
from readlog.model import exchange
from readlog.model.entry import Entry
from readlog.store import Counts, Store

from conftest import Run, write
from helpers import examples

UTC = timezone.utc
CST = timezone(timedelta(hours=8))
T0 = datetime(2026, 11, 1, 9, 30, tzinfo=CST)
IGNORED = ("import_id", "updated_at")  # bookkeeping of the import itself, not of the entry


def build(path: Path, entries: list[Entry]) -> None:
    """A library made through the store API, independent of the importers,
    from entries vetted the way every import vets them. Links that are not
    web links are kept (web_only=False): a library made before that rule
    holds them, and readlog's own exports must give them back."""
    entries = [e for e in entries if vet(e, datetime(2026, 1, 1, tzinfo=timezone.utc), web_only=False)[0]]
    lib = Store.open(path)
    try:
        with lib.transaction():
            action = lib.start_action("test")
            import_id = lib.begin_import("test", "", "test", "", action)
            lib.upsert(entries, import_id, action, Counts())
    finally:
        lib.close()


def stored(path: Path) -> list[dict[str, Any]]:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute("SELECT * FROM entries ORDER BY id").fetchall()
        return [{k: v for k, v in dict(r).items() if k not in IGNORED} for r in rows]
    finally:
        conn.close()


SAMPLE = [
    Entry(
        title="调度器为什么会饿死后台任务",
        summary="一篇关于调度公平性的长文。\n第二段 with [bold]markup[/bold] and <b>tags</b>",
        source="evening-reads",
        category="技术文章",
        url="https://example.org/sched?utm_source=x",
        published="2026-10-30",
        saved_at=T0,
        saved_raw="收藏16 天前",
        read_at=T0 + timedelta(days=1),
        tags=["内核", "os"],
        note='a "quoted" note\twith a tab',
    ),
    Entry(
        title='=HYPERLINK("http://evil")',
        summary="formula-looking title",
        source="Rust Blog",
        url="https://example.org/a (1)",
        saved_at=T0 + timedelta(hours=1),
        starred_at=T0 + timedelta(hours=2),
        tags=["rust", "a,b"],
    ),
    Entry(
        title="No link here 😀",
        summary="text only entry",
        source="evening-reads",
        verdict="推荐收录",
        saved_at=T0 + timedelta(hours=2),
        archived_at=T0 + timedelta(days=3),
    ),
    Entry(
        title="<script>alert(1)</script> & [x](y)",
        summary="escape me",
        source="rust blog",
        url='https://example.org/q?a=1&b="2"',
        saved_at=T0 + timedelta(days=40),
        read_at=T0 + timedelta(days=41),
        starred_at=T0 + timedelta(days=41),
    ),
]


@pytest.fixture
def sample(library: Path) -> Path:
    build(library, SAMPLE)
    return library


def records(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line]


# ---- jsonl / json --------------------------------------------------------------


def test_jsonl_has_every_field_and_state(run: Run, sample: Path) -> None:
    out = records(run("export").stdout)
    assert [r["id"] for r in out] == [1, 2, 3, 4]
    fields = ["readlog", *exchange.FIELDS, *exchange.PROGRESS_FIELDS, *exchange.FETCH_FIELDS, *exchange.HELD_FIELDS]
    assert all(list(r) == fields and r["readlog"] == 1 for r in out)
    first = out[0]
    assert first["title"] == SAMPLE[0].title and first["summary"] == SAMPLE[0].summary
    assert first["tags"] == ["内核", "os"] and first["note"] == SAMPLE[0].note
    assert first["saved_raw"] == "收藏16 天前" and first["published"] == "2026-10-30"
    assert datetime.fromisoformat(first["saved_at"]) == T0
    assert datetime.fromisoformat(first["read_at"]) == T0 + timedelta(days=1)
    assert first["starred_at"] is None and first["archived_at"] is None
    assert datetime.fromisoformat(out[2]["archived_at"]) == T0 + timedelta(days=3)  # archived is exported too
    assert all(len(r["fingerprint"]) == 32 for r in out)


def test_jsonl_round_trip_into_empty_library(run: Run, sample: Path, tmp_path: Path) -> None:
    dump = tmp_path / "backup.jsonl"
    run("export", "-o", str(dump))
    other = tmp_path / "other.db"
    result = run("--db", str(other), "import", str(dump), "--format", "jsonl")
    assert "4 added" in result.stdout
    assert stored(other) == stored(sample)
    again = run("--db", str(other), "export").stdout
    assert again == dump.read_text(encoding="utf-8")
    # importing the same backup again changes nothing
    assert "0 added" in run("--db", str(other), "import", str(dump), "--format", "jsonl").stdout
    assert stored(other) == stored(sample)


def test_jsonl_export_is_detected_on_import(run: Run, sample: Path, tmp_path: Path) -> None:
    dump = tmp_path / "backup.jsonl"
    run("export", "-o", str(dump))
    text = dump.read_text(encoding="utf-8")
    assert jsonl.sniff(text) == 100
    assert jsonl.sniff(text.replace('{"readlog": 1, ', "{")) == 90
    assert jsonl.sniff('{"title": "x"}\n') == 0 and jsonl.sniff("技术文章 Rust Blog\n") == 0
    out = run.json("--db", str(tmp_path / "b.db"), "import", str(dump))
    assert out[0]["format"] == "jsonl" and out[0]["added"] == 4


def test_times_keep_their_instant_across_time_zones(
    run: Run, sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def zone(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    original = os.environ.get("TZ")
    try:
        zone("Asia/Shanghai")
        text = run("export").stdout
        assert records(text)[0]["saved_at"] == "2026-11-01T09:30:00+08:00"
        dump = write(tmp_path / "cst.jsonl", text)
        zone("America/New_York")
        run("--db", str(tmp_path / "b.db"), "import", str(dump), "-f", "jsonl")
    finally:
        if original is None:
            monkeypatch.delenv("TZ")
        else:
            monkeypatch.setenv("TZ", original)
        time.tzset()
    assert stored(tmp_path / "b.db") == stored(sample)


def test_json_is_an_array_of_the_same_records(run: Run, sample: Path, tmp_path: Path) -> None:
    data = json.loads(run("export", "--format", "json").stdout)
    assert data == records(run("export").stdout)
    dump = tmp_path / "all.json"
    run("export", "-o", str(dump))  # the extension picks json
    assert json.loads(dump.read_text(encoding="utf-8")) == data
    run("--db", str(tmp_path / "b.db"), "import", str(dump), "-f", "jsonl")
    assert stored(tmp_path / "b.db") == stored(sample)
    assert json.loads(run("export", "-f", "json", "--source", "nobody").stdout) == []


def test_ids_kept_only_when_never_used(run: Run, tmp_path: Path) -> None:
    lines = [
        {"readlog": 1, "id": 10, "title": "ten", "url": "https://e.org/10"},
        {"readlog": 1, "id": 4, "title": "four", "url": "https://e.org/4"},
        {"readlog": 1, "id": 20, "title": "twenty", "url": "https://e.org/20"},
        {"readlog": 1, "title": "no id", "url": "https://e.org/none"},
    ]
    dump = write(tmp_path / "ids.jsonl", "".join(json.dumps(r) + "\n" for r in lines))
    run("import", str(dump), "-f", "jsonl")
    ids = {r["title"]: r["id"] for r in run.json("list", "-n", "0")}
    assert ids == {"ten": 10, "four": 11, "twenty": 20, "no id": 21}
    # into a library that already used ids 1..2: nothing is reused or collides
    other = tmp_path / "c.db"
    build(other, [Entry(title="a", url="https://e.org/a"), Entry(title="b", url="https://e.org/b")])
    run("--db", str(other), "import", str(dump), "-f", "jsonl")
    got = sorted(r["id"] for r in stored(other))
    assert got == [1, 2, 10, 11, 20, 21]


def test_damaged_jsonl_lines_are_reported_and_the_rest_imports(run: Run, tmp_path: Path) -> None:
    good = {"readlog": 1, "title": "fine", "url": "https://e.org/ok", "saved_at": "2026-11-01T08:00:00+08:00"}
    text = "\n".join(
        [
            json.dumps(good),
            '{"readlog": 1, "title": "cut off',
            "[1, 2]",
            json.dumps({**good, "url": "https://e.org/2", "tags": "not-a-list"}),
            json.dumps({**good, "url": "https://e.org/3", "read_at": "yesterday-ish"}),
            "",
            json.dumps({**good, "url": "https://e.org/4", "id": -3}),
            json.dumps({**good, "url": "https://e.org/5", "title": 5}),
            "{}",
            json.dumps({**good, "url": "https://e.org/6", "title": "also fine"}),
        ]
    )
    dump = write(tmp_path / "bad.jsonl", text)
    result = run("import", str(dump), "-f", "jsonl", "--json", code=1)
    out = json.loads(result.stdout)[0]
    assert out["added"] == 2
    lines = {p["line"]: p["message"] for p in out["problems"]}
    assert set(lines) == {2, 3, 4, 5, 7, 8, 9}
    assert "not valid JSON" in lines[2] and "object" in lines[3] and '"tags"' in lines[4]
    assert '"read_at"' in lines[5] and '"id"' in lines[7] and '"title"' in lines[8]
    titles = {r["title"] for r in run.json("list", "-n", "0")}
    assert titles == {"fine", "also fine"}


def test_damaged_json_array_names_the_record(run: Run, tmp_path: Path) -> None:
    dump = write(tmp_path / "bad.json", '[{"readlog": 1, "title": "ok"}, {"readlog": 1, "saved_at": 5, "title": "x"}]')
    out = json.loads(run("import", str(dump), "-f", "jsonl", "--json", code=1).stdout)
    assert out[0]["added"] == 1
    assert out[0]["problems"][0]["message"].startswith("record 2:")
    broken = write(tmp_path / "broken.json", '[{"readlog": 1,\n "title": ]')
    result = run("import", str(broken), "-f", "jsonl", code=1)
    assert "line 2" in result.stderr


def test_damaged_record_in_json_array_costs_only_itself(run: Run, tmp_path: Path) -> None:
    records = [
        '{"readlog": 1, "title": "first", "url": "https://e.org/1"}',
        '{"readlog": 1, "title": "cut',
        '{"readlog": 1, "title": "third", "url": "https://e.org/3"}',
    ]
    dump = write(tmp_path / "partly.json", "[\n" + ",\n".join(records) + "\n]")
    out = json.loads(run("import", str(dump), "-f", "jsonl", "--json", code=1).stdout)[0]
    assert out["added"] == 2 and out["problems"]
    assert {r["title"] for r in run.json("list")} == {"first", "third"}


@pytest.mark.parametrize(
    ("field", "value"),
    [("id", 2**66), ("published", "\x1b[31m2026-01-01"), ("published", "2026-02-30"), ("published", "soon")],
)
def test_out_of_range_or_malformed_fields_skip_the_record(run: Run, tmp_path: Path, field: str, value: object) -> None:
    good = {"readlog": 1, "title": "ok", "url": "https://e.org/ok"}
    bad = {"readlog": 1, "title": "bad", "url": "https://e.org/bad", field: value}
    dump = write(tmp_path / "d.jsonl", json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    out = json.loads(run("import", str(dump), "--json", code=1).stdout)[0]
    assert out["added"] == 1 and f'"{field}"' in out["problems"][0]["message"]
    assert run.json("list")[0]["title"] == "ok"


# ---- csv -------------------------------------------------------------------------


def test_csv_has_bom_header_and_one_row_per_entry(run: Run, sample: Path, tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    run("export", "-o", str(target))
    raw = target.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert list(rows[0]) == list(exchange.CSV_COLUMNS)
    assert len(rows) == 4
    first = rows[0]
    assert first["title"] == SAMPLE[0].title and first["summary"] == SAMPLE[0].summary  # newline kept
    assert json.loads(first["tags"]) == ["内核", "os"] and first["note"] == SAMPLE[0].note
    assert first["read_at"] and not first["starred_at"]
    assert rows[1]["title"] == "'" + SAMPLE[1].title  # not run as a formula
    assert json.loads(rows[1]["tags"]) == ["rust", "a,b"]


# ---- markdown ----------------------------------------------------------------------


def test_markdown_groups_by_source_with_marks_and_links(run: Run, sample: Path) -> None:
    text = run("export", "--format", "markdown").stdout
    assert text.startswith("# Reading list\n")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert [h.casefold() for h in headings] == ["## evening-reads", "## rust blog"]  # one group per source
    items = [line for line in text.splitlines() if line.startswith("- [")]
    assert len(items) == 4
    sched = next(i for i in items if "调度器" in i)
    assert sched.startswith("- [x] [调度器为什么会饿死后台任务](https://example.org/sched?utm_source=x)")
    assert "★" not in sched and "内核" in sched
    starred = next(i for i in items if "HYPERLINK" in i)
    assert starred.startswith("- [ ] ") and "★" in starred and "(https://example.org/a%20%281%29)" in starred
    hostile = next(i for i in items if "script" in i)
    assert "\\<script\\>" in hostile and "\\[x\\]" in hostile and "\\&" in hostile and "★" in hostile
    assert "No link here 😀" in text and "(archived)" in text
    assert "4 entries · 2 read · 2 starred" in text


# ---- html --------------------------------------------------------------------------


class Bookmarks(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.links.append(dict(attrs))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_is_a_netscape_bookmark_file(run: Run, sample: Path) -> None:
    result = run("export", "--format", "html")
    assert result.stdout.startswith("<!DOCTYPE NETSCAPE-Bookmark-file-1>")
    assert "<script>" not in result.stdout
    parser = Bookmarks()
    parser.feed(result.stdout)
    links = {link["href"]: link for link in parser.links}
    assert set(links) == {SAMPLE[0].url, SAMPLE[1].url, SAMPLE[3].url}  # entity-escaped URLs come back whole
    assert links[SAMPLE[0].url]["tags"] == "内核,os" and links[SAMPLE[0].url]["toread"] == "0"
    assert links[SAMPLE[1].url]["toread"] == "1" and links[SAMPLE[1].url]["tags"] == "rust,a b"
    assert links[SAMPLE[0].url]["add_date"] == str(int(T0.timestamp()))
    assert "<script>alert(1)</script> & [x](y)" in "".join(parser.text)
    assert "1 entry without a web or mailto link left out" in result.stderr


# ---- filters and output ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "titles"),
    [
        ((), {0, 1, 2, 3}),
        (("--unread",), {1, 2}),
        (("--read",), {0, 3}),
        (("--starred",), {1, 3}),
        (("--source", "RUST BLOG"), {1, 3}),
        (("--tag", "内核"), {0}),
        (("--archived",), {2}),
        (("--since", "2026-12-01"), {3}),
        (("--before", "2026-11-01T03:00:00+00:00"), {0, 1}),
        (("--search", "调度"), {0}),
        (("--starred", "--unread"), {1}),
    ],
)
def test_filters(run: Run, sample: Path, args: tuple[str, ...], titles: set[int]) -> None:
    out = records(run("export", *args).stdout)
    assert {r["title"] for r in out} == {SAMPLE[i].title for i in titles}


def test_output_file_and_errors(run: Run, sample: Path, tmp_path: Path) -> None:
    target = tmp_path / "list.md"
    target.write_text("old contents")
    result = run("export", "-o", str(target))
    assert result.stdout == ""
    assert "exported 4 entries" in result.stderr and "(markdown)" in result.stderr
    assert target.read_text(encoding="utf-8").startswith("# Reading list")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    missing = run("export", "-o", str(tmp_path / "nope" / "x.jsonl"), code=1)
    assert missing.stderr.startswith("readlog: ") and len(missing.stderr.strip().splitlines()) == 1
    (tmp_path / "folder.jsonl").mkdir()
    run("export", "-o", str(tmp_path / "folder.jsonl"), code=1)
    bad = run("export", "--format", "xml", code=2)
    assert "jsonl" in bad.stderr
    run("export", "--read", "--unread", code=2)
    assert "no entries matched" in run("export", "--source", "nobody").stderr


def test_a_file_name_that_names_no_format_is_refused(run: Run, sample: Path, tmp_path: Path) -> None:
    """``export -o out.pdf`` wrote JSON Lines into out.pdf: a usage error now, before
    anything is written, saying what to do; an extension readlog knows still decides."""
    for name, what in (("out.pdf", ".pdf"), ("backup", "no extension")):
        refused = run("export", "-o", str(tmp_path / name), code=2)
        assert refused.stderr.startswith("readlog: ") and len(refused.stderr.splitlines()) == 1
        assert what in refused.stderr and "--format" in refused.stderr and ".jsonl" in refused.stderr
        assert not (tmp_path / name).exists() and refused.stdout == ""
    assert "--format" in run("--lang", "zh", "export", "-o", str(tmp_path / "out.pdf"), code=2).stderr
    run("export", "-o", str(tmp_path / "out.pdf"), "--format", "csv")
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"\xef\xbb\xbfid,title")
    run("export", "-o", str(tmp_path / "LIST.MD"))
    assert (tmp_path / "LIST.MD").read_text(encoding="utf-8").startswith("# Reading list")


def test_help_has_examples(run: Run) -> None:
    text = run("export", "--help").stdout
    assert "Examples:" in text and "readlog export" in text


# ---- round trip over generated entries -----------------------------------------------------

PIECES = [
    "调度",
    "内核",
    "阅读",
    "the",
    " ",
    "\n",
    "\t",
    '"',
    "'",
    "\\",
    "[bold]",
    "[/]",
    "<b>",
    "&amp;",
    "😀",
    "\u2028",
    "\r\n",
    "\x00",
    "\u200b",
    "\x1b[31m",
    "=1+1",
]
texts = st.one_of(
    st.text(max_size=25),
    st.lists(st.sampled_from(PIECES), max_size=8).map("".join),
)
moments = st.none() | st.datetimes(
    min_value=datetime(1990, 1, 1), max_value=datetime(2090, 1, 1), timezones=st.sampled_from([UTC, CST])
)
urls = st.one_of(
    st.just(""),
    st.text(alphabet="abc/?=&é中 ", max_size=12).map(lambda p: "https://Example.org/" + p),
    st.sampled_from(["HTTP://example.ORG/x/?utm_source=a#f", "mailto:someone@example.org", "not a url"]),
)
entries = st.builds(
    Entry,
    title=texts,
    summary=texts,
    verdict=texts,
    source=texts,
    category=texts,
    url=urls,
    published=st.none() | st.dates().map(str),
    saved_at=moments,
    saved_raw=texts,
    read_at=moments,
    starred_at=moments,
    archived_at=moments,
    tags=st.lists(texts, max_size=4),
    note=texts,
)


@functools.lru_cache(maxsize=1)
def empty_library() -> bytes:
    """An empty, migrated library file to copy, so examples do not re-run the migrations."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "empty.db"
        Store.open(path).close()
        return path.read_bytes()


def cli(*args: str) -> str:
    return str(Run()(*args).stdout)


@settings(max_examples=examples(25), deadline=None)
@given(st.lists(entries, min_size=1, max_size=8))
def test_round_trip_over_generated_entries(batch: list[Entry]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        a, b, dump = Path(folder) / "a.db", Path(folder) / "b.db", Path(folder) / "a.jsonl"
        a.write_bytes(empty_library())
        b.write_bytes(empty_library())
        build(a, batch)
        cli("--db", str(a), "export", "-o", str(dump))
        result = cli("--db", str(b), "import", str(dump), "-f", "jsonl", "--json")
        assert json.loads(result)[0]["problems"] == []
        assert cli("--db", str(b), "export") == dump.read_text(encoding="utf-8")
        assert stored(b) == stored(a)
