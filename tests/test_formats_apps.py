"""Shapes found in read-later apps' real exports kept in public repositories
(Pocket's 2025 zip with its annotations folder, highlight lists beside link
records). The fixtures are our own, in the same shapes."""

from __future__ import annotations

from conftest import FIXTURES
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
