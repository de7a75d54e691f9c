"""Highlights from the exports people have (issue 35): each importer fills
Entry.highlights (the passage, the reader's note on it, when, where, colour)
and leaves in the entry's note only the reader's own words on the whole entry.

The files are in tests/fixtures/highlights (README.md there says which is real
and where each shape comes from). What the store keeps of highlights lands
separately: through the CLI these tests check only the entries and their notes."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from readlog.inputs import archive
from readlog.inputs import detect as importers
from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.highlights import omnivore_highlights, raindrop_highlights
from readlog.inputs.reader import open_stream
from readlog.inputs.vet import vet
from readlog.model import fields
from readlog.model.entry import Entry
from readlog.model.highlight import Highlight

from conftest import FIXTURES, Run, write
from helpers import AS_OF, parse, split, utc

HERE = FIXTURES / "highlights"


def _marks(entry: Entry) -> list[tuple[str, str, datetime | None]]:
    return [(h.passage, h.note, h.made_at) for h in entry.highlights]


def _zip(folder: Path, to: Path, top: str = "") -> Path:
    """``folder``'s files in a zip archive, as the app handed them out (or inside one folder, ``top``)."""
    with zipfile.ZipFile(to, "w", compression=zipfile.ZIP_DEFLATED) as out:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                out.write(path, top + path.relative_to(folder).as_posix())
    return to


def _notes(run: Run) -> dict[str, str]:
    shown = [*run.json("list", "-n", "0"), *run.json("list", "-n", "0", "--archived")]
    return {r["title"]: r["note"] for r in shown}


# ---------------------------------------------------------------- wallabag (a real export)


def test_wallabag_annotations_are_highlights_with_their_notes_and_times() -> None:
    (entry,), problems = parse(HERE / "wallabag-annotations.json", "wallabag")
    assert problems == []
    assert entry.note == ""
    assert _marks(entry) == [
        ("some quoted text", "my imported annotation", utc(2024, 1, 2, 9)),
        ("a highlight without a note", "", None),
        ("no text at all", "", None),
    ]
    assert all(h.position is None and h.location == "" for h in entry.highlights)  # ranges count inside an element


def test_wallabag_annotations_through_the_cli_leave_the_note_empty(run: Run) -> None:
    result = run("import", str(HERE / "wallabag-annotations.json"), "--as-of", "2026-01-01")
    assert "(wallabag): 1 added" in result.stdout
    assert _notes(run) == {"An entry with annotations": ""}


# ---------------------------------------------------------------- Pocket's 2025 zip


def test_pocket_2025_annotations_are_highlights_of_the_listed_articles() -> None:
    entries, problems = parse(HERE / "pocket-2025" / "annotations" / "part_000000.json", "links")
    assert problems == []
    assert {e.url: _marks(e) for e in entries} == {
        "https://essays.example.org/slow-reading": [
            ("A book read slowly is a different book.", "", utc(2025, 1, 1, 1)),
            ("Attention is trained,\nnot given.", "", utc(2025, 1, 1, 1, 1)),
        ],
        "https://zh.example.cn/manDu": [("读得慢，记得久。", "", utc(2025, 1, 2, 1))],
    }
    assert [e.note for e in entries] == ["", ""]


def test_pocket_2025_zip_imports_its_list_then_its_annotations(run: Run, tmp_path: Path) -> None:
    zipped = _zip(HERE / "pocket-2025", tmp_path / "pocket.zip")
    results = {r["file"]: r for r in json.loads(run("import", str(zipped), "--json").stdout)}
    assert results[f"{zipped}:part_000000.csv"]["added"] == 3
    assert results[f"{zipped}:annotations/part_000000.json"]["format"] == "links"
    assert _notes(run) == {"Slow reading": "", "慢读的理由": "", "Nothing marked": ""}
    again = {r["file"]: r for r in json.loads(run("import", str(zipped), "--json").stdout)}
    assert again[f"{zipped}:part_000000.csv"]["added"] == 0


# ---------------------------------------------------------------- Omnivore's zip

QUEUES = [
    ("Latency grows without bound near saturation.", "Little's law, again."),
    ("Backpressure is a feature.\nNot a failure.", ""),
    ("Keep the queue short.", ""),
]
QUEUEING_ZH = [
    ("利用率接近一时，等待时间急剧上升。", "这就是为什么要留余量。"),
    ("Measure the wait, not the work.", ""),
]


def _omnivore(entries: list[Entry]) -> dict[str, tuple[str, list[tuple[str, str]]]]:
    return {e.title: (e.note, [(h.passage, h.note) for h in e.highlights]) for e in entries}


OMNIVORE = {
    "Queues under load": ("", QUEUES),
    "排队论入门": ("先读这一篇，再读原书。", QUEUEING_ZH),
    "Nothing highlighted": ("", []),
}


def test_omnivore_highlight_files_beside_the_metadata_are_read_with_it() -> None:
    entries, problems = parse(HERE / "omnivore-export" / "metadata_0_to_3.json", "omnivore")
    assert problems == []
    assert _omnivore(entries) == OMNIVORE


def test_omnivore_highlight_files_in_the_zip_are_read_with_the_metadata(tmp_path: Path) -> None:
    zipped = _zip(HERE / "omnivore-export", tmp_path / "omnivore.zip")
    with archive.members(str(zipped), None) as (files, passed):
        assert [name for name, _ in files] == [f"{zipped}:metadata_0_to_3.json"]
        assert [name for name, _ in passed] == [f"{zipped}:content/"]  # highlights/ is read, not passed over
        infile = files[0][1]()
        try:
            entries, problems = split(list(importers.parse("omnivore", infile, ParseContext(as_of=AS_OF))))
        finally:
            infile.stream.close()
    assert problems == []
    assert _omnivore(entries) == OMNIVORE


def test_omnivore_zip_through_the_cli(run: Run, tmp_path: Path) -> None:
    zipped = _zip(HERE / "omnivore-export", tmp_path / "omnivore.zip")
    result = run("import", str(zipped), "--as-of", "2026-01-01")
    assert "metadata_0_to_3.json (omnivore): 3 added" in result.stdout
    assert "highlights/" not in result.stdout + result.stderr
    assert _notes(run) == {"Queues under load": "", "排队论入门": "先读这一篇，再读原书。", "Nothing highlighted": ""}
    again = run("import", str(zipped), "--as-of", "2026-01-01")
    assert "0 added, 0 updated, 3 already in the library" in again.stdout


def test_omnivore_zip_of_a_zipped_folder_finds_the_highlights_inside_it(tmp_path: Path) -> None:
    zipped = _zip(HERE / "omnivore-export", tmp_path / "omnivore.zip", top="Omnivore export/")
    with archive.members(str(zipped), None) as (files, passed):
        infile = files[0][1]()
        try:
            entries, problems = split(list(importers.parse("omnivore", infile, ParseContext(as_of=AS_OF))))
        finally:
            infile.stream.close()
    assert problems == [] and [name for name, _ in passed] == [f"{zipped}:Omnivore export/content/"]
    assert _omnivore(entries) == OMNIVORE


def test_omnivore_folder_through_the_cli_does_not_call_highlights_skipped(run: Run) -> None:
    result = run("import", str(HERE / "omnivore-export"), "--as-of", "2026-01-01")
    assert "3 added" in result.stdout
    assert "omnivore-export/highlights" not in result.stdout + result.stderr
    assert "omnivore-export/content: skipped" in result.stdout  # the pages are still passed over


def test_omnivore_slug_never_reaches_out_of_the_export(tmp_path: Path) -> None:
    (tmp_path / "secret.md").write_text("> not this one\n", encoding="utf-8")
    record = {"title": "t", "url": "https://o.example/1", "savedAt": "2024-01-01T00:00:00Z", "labels": []}
    records = [{**record, "slug": slug} for slug in ("../secret", "..", "/etc/passwd", "a\\b", "c:d")]
    (tmp_path / "export").mkdir()
    path = write(tmp_path / "export" / "metadata_0_to_5.json", json.dumps(records))
    entries, problems = parse(path, "omnivore")
    assert problems == [] and all(e.highlights == [] for e in entries)


def test_omnivore_highlights_file_shapes() -> None:
    """Labels are not a note; a note-only block before any quote is the item's note;
    a quote's lines may be quoted or not; the back link to the app is not the passage."""
    note, marks = omnivore_highlights(
        "\ufeffMy words on it all.\n\n> one\n> two [⤴️](https://omnivore.app/me/s#1)\n\n#a #b\n\nmine\n\nmore mine\n\n"
        "> 三\n\n"
    )
    assert note == "My words on it all."
    assert [(h.passage, h.note) for h in marks] == [("one\ntwo", "mine\n\nmore mine"), ("三", "")]
    assert omnivore_highlights("\n\n  \n") == ("", [])


# ---------------------------------------------------------------- Readwise's highlights CSV


def test_readwise_highlights_become_one_entry_per_book() -> None:
    entries, problems = parse(HERE / "readwise-highlights.csv", "readwise")
    assert problems == []
    books = {e.title: e for e in entries}
    assert list(books) == ["The Slow Book", "慢读", "Queues under load"]
    slow = books["The Slow Book"]
    assert (slow.url, slow.source, slow.note, slow.tags) == ("", "Mara Ellison", "", [])
    assert slow.highlights == [
        Highlight(
            passage="Attention is trained, not given.\nA page read twice is a different page.",
            note="Key idea",
            made_at=utc(2024, 5, 14, 9, 12),
            location="1234",
            colour="yellow",
        ),
        Highlight(passage='She said "hello".', made_at=utc(2024, 5, 15, 9, 12), location="1300", colour="blue"),
        Highlight(note="A note with no passage", kind="note", made_at=utc(2024, 5, 15, 9, 20), location="1400"),
    ]
    assert books["慢读"].source == "林一"
    assert books["慢读"].highlights == [
        Highlight(
            passage="慢慢读，才读得进去。",
            note="重读时再看",
            made_at=utc(2024, 6, 1, 1, 2, 3),
            page="12",
            colour="pink",
        )
    ]
    queues = books["Queues under load"]
    assert queues.tags == ["systems", "queues"]
    (mark,) = queues.highlights
    assert (mark.location, mark.page, mark.position) == ("", "", None)  # "order" counts highlights, not text


def test_readwise_highlights_through_the_cli(run: Run) -> None:
    path = str(HERE / "readwise-highlights.csv")
    assert "(readwise): 3 added" in run("import", path, "--as-of", "2026-01-01").stdout
    assert _notes(run) == {"The Slow Book": "", "慢读": "", "Queues under load": ""}
    assert "0 added, 0 updated, 3 already in the library" in run("import", path, "--as-of", "2026-01-01").stdout


def test_readwise_reader_documents_are_still_read_as_before() -> None:
    entries, problems = parse(FIXTURES / "formats" / "readwise.csv", "readwise")
    assert problems == [] and len(entries) == 4 and all(e.highlights == [] for e in entries)
    assert [e.title for e in entries] == ["Archived article", "Later article", "Feed item", "Shortlisted"]


def test_readwise_time_that_is_not_a_time_is_said(tmp_path: Path) -> None:
    path = write(
        tmp_path / "readwise.csv",
        "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at\n"
        "A passage,A book,Someone,,,,,offset,120,yesterday-ish\n",
    )
    (entry,), problems = parse(path, "readwise")
    assert [p.message for p in problems] == ["highlighted at 'yesterday-ish' is not a time; left unknown"]
    assert entry.highlights == [Highlight(passage="A passage", position=120)]


_CELL = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).map(str.strip)


@given(st.lists(st.tuples(_CELL, _CELL, st.sampled_from(["", "yellow", "blue"])), min_size=1, max_size=8))
def test_readwise_rows_come_back_as_written(rows: list[tuple[str, str, str]]) -> None:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Highlight", "Book Title", "Book Author", "Note", "Color", "Location Type", "Location"])
    for passage, note, colour in rows:
        writer.writerow([passage, "一本书", "Author", note, colour, "location", "7"])
    infile = open_stream("r.csv", io.BytesIO(out.getvalue().encode()), None)
    entries, problems = split(list(importers.parse("readwise", infile, ParseContext(as_of=AS_OF))))
    kept = [(p, n, c) for p, n, c in rows if p or n]
    assert problems == []
    assert [(h.passage, h.note, h.colour) for e in entries for h in e.highlights] == kept
    assert len(entries) == (1 if kept else 0)


# ---------------------------------------------------------------- Raindrop, Instapaper, Diigo


def test_raindrop_highlights_cell_is_highlights_and_their_notes() -> None:
    entries, problems = parse(HERE / "raindrop-highlights.csv", "raindrop")
    assert problems == []
    rows = {e.title: e for e in entries}
    assert rows["Queues under load"].note == "Read before the review."
    assert _marks(rows["Queues under load"]) == [
        ("Latency grows without bound near saturation.", "Little's law", None),
        ("Backpressure is a feature.", "", None),
    ]
    assert _marks(rows["排队论入门"]) == [("利用率接近一时，\n等待时间急剧上升。", "留余量", None)]
    assert rows["Plain"].highlights == [] and rows["Plain"].note == ""


def test_raindrop_cells_only_a_note_or_without_labels() -> None:
    assert raindrop_highlights("Note: only my words") == [Highlight(note="only my words", kind="note")]
    assert raindrop_highlights("one passage\n\nanother") == [
        Highlight(passage="one passage"),
        Highlight(passage="another"),
    ]
    assert raindrop_highlights("  ") == []


_LINE = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=30).map(str.strip)


@given(st.lists(st.tuples(_LINE.filter(bool), _LINE), min_size=1, max_size=6))
def test_raindrop_cells_come_back_as_written(marks: list[tuple[str, str]]) -> None:
    marks = [(p, n) for p, n in marks if not p.lower().startswith(("highlight", "note"))]
    cell = "\n\n".join(f"Highlight:{p}" + (f"\nNote:{n}" if n else "") for p, n in marks)
    assert [(h.passage, h.note) for h in raindrop_highlights(cell)] == marks


def test_instapaper_selection_is_a_highlight_made_when_saved() -> None:
    entries, problems = parse(HERE / "instapaper-selection.csv", "instapaper")
    assert problems == []
    assert {e.title: _marks(e) for e in entries} == {
        "Queues under load": [("Latency grows without bound near saturation.", "", utc(2024, 3, 1, 8))],
        "排队论入门": [("利用率接近一时，等待时间急剧上升。", "", utc(2024, 3, 3, 8))],
        "Plain": [],
    }
    assert all(e.summary == "" and e.note == "" for e in entries)


def test_diigo_annotations_in_chinese_are_a_passage_a_line(tmp_path: Path) -> None:
    path = write(
        tmp_path / "diigo.csv",
        'title,url,tags,description,comments,annotations,created_at\n"排队","https://q.example/zh","","","",'
        '"利用率接近一时，等待急剧上升。\n只看等待，不看工作。","2021/03/04 05:06:07 +0000"\n',
    )
    (entry,), problems = parse(path, "links")
    assert problems == [] and entry.note == ""
    assert [h.passage for h in entry.highlights] == ["利用率接近一时，等待急剧上升。", "只看等待，不看工作。"]


# ---------------------------------------------------------------- hostile values, cut where fields are cut


def test_control_characters_are_cleaned_from_highlights() -> None:
    entry = Entry(
        title="t",
        url="https://h.example/1",
        highlights=[
            Highlight(passage="a\x1b]8;;https://evil/\x07passage\x1b[31m", note="my\x00 note", colour="yel\u202elow"),
            Highlight(passage="\x1b[2J", note="\u200b"),  # nothing left once cleaned: dropped
            Highlight(kind="bookmark", location="12\n0"),
        ],
    )
    keep, problems = vet(entry, AS_OF)
    assert keep and problems == []
    assert [(h.kind, h.passage, h.note, h.colour, h.location) for h in entry.highlights] == [
        ("highlight", "apassage", "my note", "yellow", ""),
        ("bookmark", "", "", "", "12 0"),
    ]


def test_huge_passages_and_notes_are_cut_and_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(fields.NOTE_ENV, "100")
    entry = Entry(
        title="t",
        url="https://h.example/1",
        highlights=[Highlight(passage="长" * 5_000_000, note="n" * 300), Highlight(passage="short", colour="c" * 1000)],
    )
    cuts: dict[str, int] = {}
    keep, _ = vet(entry, AS_OF, cuts)
    assert keep
    assert [len(h.passage) for h in entry.highlights] == [100, 5]
    assert len(entry.highlights[0].note) == 100 and len(entry.highlights[1].colour) == fields.limit("place")
    assert cuts == {"passage": 1, "highlight_note": 1, "place": 1}
    assert "1 highlighted passage was cut to 100 characters" in " ".join(fields.notices(cuts))


def test_too_many_highlights_on_one_entry_are_dropped_and_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fields, "MAX_HIGHLIGHTS", 3)
    entry = Entry(title="t", url="https://h.example/1", highlights=[Highlight(passage=str(i)) for i in range(5)])
    cuts: dict[str, int] = {}
    vet(entry, AS_OF, cuts)
    assert [h.passage for h in entry.highlights] == ["0", "1", "2"] and cuts == {"highlights": 2}
    assert fields.notices(cuts) == [
        "2 highlights beyond 3 (or 16,777,216 characters of them) on one entry were dropped"
    ]
    assert fields.notices(cuts, "zh") == ["单个条目超过 3 条（或合计 16,777,216 个字符）的 2 条高亮已丢弃"]


def test_highlight_times_out_of_range_or_without_a_zone() -> None:
    naive, ancient = datetime(2024, 1, 2, 3, 4, 5), datetime(1900, 1, 1, tzinfo=timezone.utc)
    entry = Entry(
        title="t",
        url="https://h.example/1",
        highlights=[Highlight(passage="a", made_at=naive, position=-4), Highlight(passage="b", made_at=ancient)],
    )
    vet(entry, AS_OF)
    assert [(h.made_at, h.position) for h in entry.highlights] == [(utc(2024, 1, 2, 3, 4, 5), None), (None, None)]
