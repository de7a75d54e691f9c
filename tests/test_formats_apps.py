"""Shapes found in read-later apps' real exports kept in public repositories
(Pocket's 2025 zip with its annotations folder, highlight lists beside link
records). The fixtures are our own, in the same shapes."""

from __future__ import annotations

from conftest import FIXTURES, Run
from helpers import parse

FORMATS = FIXTURES / "formats"


def test_pocket_annotations_keep_their_highlights_as_the_note() -> None:
    entries, problems = parse(FORMATS / "pocket-annotations.json", "links")
    assert problems == []
    notes = {e.title: e.note for e in entries}
    assert notes == {
        "What cities say": "> Every city sends a message.\n\n> Ambition takes many forms.\n> Some quiet.",
        "Small identities": "> Keep it small.",
    }


def test_highlights_with_their_own_notes_follow_the_record_note() -> None:
    (entry,), problems = parse(FORMATS / "highlights-with-notes.json", "links")
    assert problems == []
    assert entry.note == (
        "Reread before the design review.\n\n"
        "> Latency grows without bound near saturation.\nLittle's law\n\n"
        "> Backpressure is a feature.\nquote this"
    )


def test_highlights_written_in_one_csv_cell_are_a_passage_a_line(run: Run) -> None:
    """Diigo's CSV puts a bookmark's highlights in one ``annotations`` cell,
    a line each; a number there is a count, not a passage."""
    entries, problems = parse(FORMATS / "diigo-annotations.csv", "links")
    assert problems == []
    assert {e.title: e.note for e in entries} == {
        "Queueing for engineers": (
            "> Highlight: Utilisation near one is a cliff.\n\n> Highlight: Measure the wait, not the work."
        ),
        "Counted elsewhere": "",
        "Plain link": "",
    }
    assert entries[0].summary == "Why queues grow" and entries[0].tags == ["ops", "queues"]
    result = run("import", str(FORMATS / "diigo-annotations.csv"), "--as-of", "2026-01-01")
    assert "(links): 3 added" in result.stdout
    again = run("import", str(FORMATS / "diigo-annotations.csv"), "--as-of", "2026-01-01")
    assert "0 added, 0 updated, 3 already in the library" in again.stdout
