"""Raindrop's and Diigo's highlights in the layouts their real exports have
(issue 35): a real Raindrop backup excerpt, and Diigo's CSV in the layout of a
real export, read through the parser, the CLI and the API, with hostile cells.

tests/fixtures/highlights/README.md says where each file and layout comes from."""

from __future__ import annotations

import csv
import html
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import readlog
from readlog.inputs.formats.highlights import diigo_annotations, raindrop_highlights
from readlog.model.highlight import Highlight

from conftest import FIXTURES, Run, write
from helpers import parse, utc

HERE = FIXTURES / "highlights"
RAINDROP = HERE / "raindrop-real.csv"
DIIGO = HERE / "diigo-library-export.csv"
DIIGO_FULL = HERE / "diigo-full-export.csv"


def _pairs(marks: list[Highlight]) -> list[tuple[str, str]]:
    return [(h.passage, h.note) for h in marks]


# ---------------------------------------------------------------- Raindrop: a real backup


def test_a_real_raindrop_backup_gives_its_highlights_and_plain_excerpts() -> None:
    entries, problems = parse(RAINDROP, "raindrop")
    assert problems == [] and len(entries) == 5
    rows = {e.url: e for e in entries}
    queue = rows["https://github.com/bee-queue/bee-queue"]
    assert _pairs(queue.highlights) == [("A simple, fast, robust job/task queue for Node.js, backed by Redis.", "")]
    assert queue.title.startswith("bee-queue/bee-queue: A simple, fast") and queue.category == ""
    assert queue.saved_at == utc(2024, 9, 3, 20, 6, 53, 347000) and queue.starred_at is None
    public = rows["https://raindrop.io/lmorchard/public-47164517"]  # the cell unquoted
    assert _pairs(public.highlights) == [("lmorchard's public boomarks", "")] and public.tags == ["bookmarks"]
    assert sum(len(e.highlights) for e in entries) == 2
    vortex = rows["https://makerworld.com/en/models/497301#profileld-411727"]
    assert vortex.summary.startswith("The Design Building on the well received  impossible passthrough illusion.")
    assert "&nbsp;" not in vortex.summary and "\xa0" not in vortex.summary
    bart = rows["https://blog.paperspace.com/bart-model-for-text-summarization-part1/"]
    assert bart.tags == ["ai", "text", "bart", "ml"]


def test_a_real_raindrop_backup_through_the_cli_and_the_api(run: Run, tmp_path: Path) -> None:
    first = json.loads(run("import", str(RAINDROP), "--json").stdout)
    assert [(f["format"], f["added"], f["highlights"]) for f in first] == [("raindrop", 5, 2)]
    assert sorted(h["passage"] for h in run.json("highlights", "--limit", "0")) == [
        "A simple, fast, robust job/task queue for Node.js, backed by Redis.",
        "lmorchard's public boomarks",
    ]
    again = json.loads(run("import", str(RAINDROP), "--json").stdout)
    assert sum(f["highlights"] for f in again) == 0
    with readlog.open(tmp_path / "api.db") as lib:
        report = lib.import_path(RAINDROP, "2026-01-01")
        assert report.ok and sorted(h.passage for h in lib.highlights()) == [
            "A simple, fast, robust job/task queue for Node.js, backed by Redis.",
            "lmorchard's public boomarks",
        ]
        lib.undo()
        assert lib.highlights() == []


def test_raindrop_cells_read_alike_however_the_highlights_are_set_apart() -> None:
    """The real backup shows ``Highlight:`` with no space after it; how two
    highlights are set apart is not shown by any public file, so a blank line,
    a line break or a space after the label all read the same."""
    want = [("Latency grows near saturation.", "Little's law"), ("Backpressure is a feature.", "")]
    for cell in (
        "Highlight:Latency grows near saturation.\nNote:Little's law\n\nHighlight:Backpressure is a feature.",
        "Highlight:Latency grows near saturation.\nNote:Little's law\nHighlight:Backpressure is a feature.",
        "Highlight: Latency grows near saturation.\r\nNote: Little's law\r\nHighlight: Backpressure is a feature.\r\n",
        "HIGHLIGHT : Latency grows near saturation.\nnote: Little's law\nHighlight:Backpressure is a feature.",
    ):
        assert _pairs(raindrop_highlights(cell)) == want, cell
    assert raindrop_highlights("Highlight:\nNote:") == []
    assert raindrop_highlights("Note:a\nNote:b") == [Highlight(note="a\n\nb", kind="note")]


def test_hostile_raindrop_cells(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Quoted only where needed, as Raindrop writes: an empty cell, quotes and
    commas and CRLF in one, Chinese, and more highlights than an entry holds."""
    from readlog.model import fields
    from readlog.store import highlights as stored_highlights

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "title", "note", "excerpt", "url", "folder", "tags", "created", "cover", "highlights"])
    writer.writerow(["1", "Empty", "", "", "https://r.example/1", "Unsorted", "", "2024-09-03T20:06:53.347Z", "", ""])
    quoted = 'Highlight:She said ""no"", then, quietly, ""yes"".\r\nNote:a note, with ""quotes""\r\n'
    writer.writerow(["2", "Quotes", "", "", "https://r.example/2", "Unsorted", "", "", "", quoted.replace('""', '"')])
    writer.writerow(["3", "中文", "", "", "https://r.example/3", "阅读", "", "", "", "Highlight:慢读\nNote:记得久"])
    many = "\n".join(f"Highlight:passage {n}" for n in range(25))
    writer.writerow(["4", "Many", "", "", "https://r.example/4", "Unsorted", "", "", "", many])
    path = write(tmp_path / "raindrop.csv", out.getvalue())
    entries, problems = parse(path, "raindrop")
    assert problems == []
    marks = {e.title: _pairs(e.highlights) for e in entries}
    assert marks["Empty"] == [] and marks["中文"] == [("慢读", "记得久")] and len(marks["Many"]) == 25
    assert marks["Quotes"] == [('She said "no", then, quietly, "yes".', 'a note, with "quotes"')]
    for module in (fields, stored_highlights):
        monkeypatch.setattr(module, "MAX_HIGHLIGHTS", 20)
    result = run("import", str(path), code=None)
    assert "5 highlights beyond 20" in result.stderr
    assert len(run.json("highlights", "--limit", "0")) == 20 + 2


# ---------------------------------------------------------------- Diigo: the layout of a real export


def test_diigo_annotations_are_highlights_as_text_with_their_sticky_notes() -> None:
    entries, problems = parse(DIIGO, "links")
    assert problems == []
    assert {e.title: _pairs(e.highlights) for e in entries} == {
        "Queueing theory - Wikipedia, the free encyclopedia": [
            (
                "Queueing theory[1]\u200b is the mathematical study of waiting lines, or queues",
                "What does queueing theory study?",
            ),
            (
                "Little's law relates the arrival rate to the time spent & the number waiting",
                "Which law ties arrivals to waiting?",
            ),
        ],
        "Authentication — Requests documentation": [("from requests_oauthlib import OAuth1", "")],
        "排队论入门 - 维基百科": [("利用率接近一时，等待时间急剧上升。", "留余量"), ("只看等待，不看工作", "")],
    }
    assert all(e.note == "" and e.summary == "" and e.tags == [] for e in entries)


def test_diigo_annotations_through_the_cli_and_the_api(run: Run, tmp_path: Path) -> None:
    first = json.loads(run("import", str(DIIGO), "--json").stdout)
    assert [(f["format"], f["added"], f["highlights"]) for f in first] == [("links", 3, 5)]
    stored = {h["passage"]: h["note"] for h in run.json("highlights", "--limit", "0")}
    assert stored["Queueing theory[1] is the mathematical study of waiting lines, or queues"] == (
        "What does queueing theory study?"
    )  # the zero-width space the page had is cleaned away when stored
    assert stored["利用率接近一时，等待时间急剧上升。"] == "留余量" and stored["只看等待，不看工作"] == ""
    assert "Sticky note" not in json.dumps(stored) and "<" not in "".join(stored)
    with readlog.open(tmp_path / "api.db") as lib:
        assert lib.import_path(DIIGO, "2026-01-01").ok
        assert len(lib.highlights()) == 5
        [entry] = [e for e in lib.entries(limit=None) if e.title.startswith("排队论")]
        assert [(h.passage, h.note) for h in lib.get(entry.id).highlights] == [
            ("利用率接近一时，等待时间急剧上升。", "留余量"),
            ("只看等待，不看工作", ""),
        ]


def test_diigo_full_export_in_its_real_layout(run: Run, tmp_path: Path) -> None:
    """The library's export (Tools, Export, CSV): ``Highlight:`` and ``Sticky
    notes:`` with no space after them, a highlight's HTML running over lines,
    a note over lines and paragraphs written as typed, tags joined by commas,
    ``no_tag`` for none, and times without a zone."""
    entries, problems = parse(DIIGO_FULL, "links")
    assert problems == []
    queues, zh, plain = entries
    assert _pairs(queues.highlights) == [
        ("Little’s law: the number waiting equals the arrival rate times the wait.", ""),
        (
            "Utilisation near one is a cliff.\nMeasure the wait, not the work.",
            'Definition needed:\n\n"arrival rate" of what? Tom & Jerry',
        ),
        ("Backpressure is a feature", ""),
    ]
    assert queues.tags == ["queues", "ops", "warteschlangen"] and queues.saved_at == utc(2024, 5, 7, 5, 24, 4)
    assert queues.summary == "Why waiting grows near saturation." and queues.note == ""
    assert _pairs(zh.highlights) == [("利用率接近一时，等待时间急剧上升。", "留余量")]
    assert zh.tags == plain.tags == [] and plain.highlights == []
    first = json.loads(run("import", str(DIIGO_FULL), "--json").stdout)
    assert [(f["added"], f["highlights"]) for f in first] == [(3, 4)]
    assert {h["note"] for h in run.json("highlights", "--limit", "0")} >= {"留余量", ""}
    with readlog.open(tmp_path / "api.db") as lib:
        assert lib.import_path(DIIGO_FULL, "2026-01-01").ok
        assert sorted(t.name for t in lib.tags()) == ["ops", "queues", "warteschlangen"]  # no "no_tag"


def _diigo_csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n")
    writer.writerow(["title", "url", "tags", "description", "comments", "annotations", "created_at"])
    writer.writerows(rows)
    return out.getvalue()


def test_hostile_diigo_cells(run: Run, tmp_path: Path) -> None:
    """Empty cells, a highlight running over lines, quotes and commas in it, a
    note before any highlight, Chinese, and a cell of a million characters."""
    long_passage = "长" * 1_000_000
    rows = [
        ["Empty", "https://d.example/empty", "", "", "", "", ""],
        [
            "Lines",
            "https://d.example/lines",
            "a b",
            "",
            "",
            'Sticky note: on the page\nHighlight: <p>one "quoted", with commas</p>\n<p>and a second line</p>\n'
            "Sticky note: mine\nSticky note: another\nHighlight:   \nSticky note: on no passage\n"
            "Highlight: 中文 &lt;T&gt;",
            "2024/11/14 05:48:28 +0000",
        ],
        ["Long", "https://d.example/long", "", "", "", f"Highlight: {long_passage}\nSticky note: 长", ""],
    ]
    path = write(tmp_path / "diigo.csv", _diigo_csv(rows))
    entries, problems = parse(path, "links")
    assert problems == []
    marks = {e.title: e.highlights for e in entries}
    assert marks["Empty"] == []
    assert marks["Lines"] == [
        Highlight(note="on the page", kind="note"),
        Highlight(passage='one "quoted", with commas\nand a second line', note="mine\n\nanother"),
        Highlight(note="on no passage", kind="note"),
        Highlight(passage="中文 <T>"),
    ]
    assert _pairs(marks["Long"]) == [(long_passage, "长")]
    assert entries[1].saved_at == utc(2024, 11, 14, 5, 48, 28) and entries[1].tags == ["a", "b"]
    result = run("import", str(path), "--json", code=None)
    assert json.loads(result.stdout)[0]["added"] == 3
    stored = run.json("highlights", "--limit", "0")
    assert len(stored) == 5 and long_passage in {h["passage"] for h in stored}  # kept whole: under the limit


def test_an_unlabelled_annotations_cell_is_still_a_passage_a_line() -> None:
    assert diigo_annotations("one\ntwo") is None  # read by the links format as two passages
    assert diigo_annotations("") is None and diigo_annotations("7") is None


_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp", "Cf")), min_size=1, max_size=30).map(
    lambda s: " ".join(s.split())
)


@given(st.lists(st.tuples(_TEXT.filter(bool), _TEXT), min_size=1, max_size=6))
def test_diigo_cells_come_back_as_written(marks: list[tuple[str, str]]) -> None:
    """A cell as Diigo writes one (each passage as HTML, escaped; its note on
    the line after) gives back each passage and note."""
    labels = ("highlight", "sticky")
    marks = [(p, n) for p, n in marks if not n.lower().startswith(labels)]
    cell = "\n".join(f"Highlight: {html.escape(p)}" + (f"\nSticky note: {n}" if n else "") for p, n in marks)
    assert _pairs(diigo_annotations(cell) or []) == marks
