"""The intake commands and the overview through the Python API (issue 34, item 1):
``readlog`` alone, ``import``, ``add`` and ``fetch`` call the Library methods a
script calls, and print what they give."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import readlog
from readlog.core.library import Library

from conftest import Run

ROOT = Path(__file__).resolve().parent.parent
DIGEST = ROOT / "examples" / "reading-digest.txt"  # five entries, ids 1-5


@pytest.fixture
def lib(library: Path, run: Run) -> Iterator[Library]:
    """The library the commands use (READLOG_DB), with the digest imported by the command."""
    run("import", str(DIGEST), "--as-of", "2026-12-01")
    with readlog.open() as opened:
        yield opened


# ---- readlog alone ---------------------------------------------------------------------------


def test_overview_is_what_readlog_alone_shows(lib: Library, run: Run) -> None:
    lib.star(2)
    lib.mark_read([1, 5])
    glance = lib.overview()
    assert (glance.total, glance.unread, glance.starred) == (5, 3, 1)
    assert [e.id for e in glance.newest] == [e.id for e in lib.entries(unread=True)][:5]
    assert all(isinstance(e, readlog.Entry) and not e.read for e in glance.newest)
    assert glance.last_import is not None and glance.last_import["added"] == 5
    assert glance.last_import["path"].endswith("reading-digest.txt")
    out = run().stdout
    assert "5 entries · 3 unread · 1 starred" in out and "5 added" in out
    assert all(e.title in out for e in glance.newest)


def test_overview_of_an_empty_library(tmp_path: Path) -> None:
    with readlog.open(memory=True) as scratch:
        glance = scratch.overview()
        assert (glance.total, glance.unread, glance.starred, glance.newest, glance.last_import) == (0, 0, 0, (), None)
        scratch.close()
        with pytest.raises(readlog.ReadlogError):
            scratch.overview()
