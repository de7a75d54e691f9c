"""Shapes found in read-later apps' real exports kept in public repositories
(Pocket's 2025 zip with its annotations folder, highlight lists beside link
records). The fixtures are our own, in the same shapes."""

from __future__ import annotations

from datetime import datetime, timezone

from readlog.model.highlight import Highlight

from conftest import FIXTURES, Run
from helpers import parse

FORMATS = FIXTURES / "formats"


def test_pocket_annotations_are_highlights_not_the_note() -> None:
    entries, problems = parse(FORMATS / "pocket-annotations.json", "links")
    assert problems == []
    assert {e.title: e.note for e in entries} == {"What cities say": "", "Small identities": ""}
    assert {e.title: [(h.passage, h.made_at) for h in e.highlights] for e in entries} == {
        "What cities say": [
            ("Every city sends a message.", datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc)),
            ("Ambition takes many forms.\nSome quiet.", datetime(2023, 11, 14, 22, 15, tzinfo=timezone.utc)),
        ],
        "Small identities": [("Keep it small.", datetime(2023, 11, 14, 22, 16, 40, tzinfo=timezone.utc))],
    }


def test_highlights_with_their_own_notes_leave_the_record_note_alone() -> None:
    (entry,), problems = parse(FORMATS / "highlights-with-notes.json", "links")
    assert problems == []
    assert entry.note == "Reread before the design review."
    assert entry.highlights == [
        Highlight(passage="Latency grows without bound near saturation.", note="Little's law"),
        Highlight(passage="Backpressure is a feature.", note="quote this"),
    ]


def test_highlights_written_in_one_csv_cell_are_a_passage_a_line(run: Run) -> None:
    """Diigo's CSV puts a bookmark's highlights in one ``annotations`` cell,
    a ``Highlight: `` line each (the label is not the passage); a number there
    is a count, not a passage."""
    entries, problems = parse(FORMATS / "diigo-annotations.csv", "links")
    assert problems == []
    assert [e.note for e in entries] == ["", "", ""]
    assert {e.title: [h.passage for h in e.highlights] for e in entries} == {
        "Queueing for engineers": [
            "Utilisation near one is a cliff.",
            "Measure the wait, not the work.",
        ],
        "Counted elsewhere": [],
        "Plain link": [],
    }
    assert entries[0].summary == "Why queues grow" and entries[0].tags == ["ops", "queues"]
    result = run("import", str(FORMATS / "diigo-annotations.csv"), "--as-of", "2026-01-01")
    assert "(links): 3 added" in result.stdout
    again = run("import", str(FORMATS / "diigo-annotations.csv"), "--as-of", "2026-01-01")
    assert "0 added, 0 updated, 3 already in the library" in again.stdout
