"""The Python API as one facade: in-memory libraries, the types it returns,
counts and filters computed in SQL, transactions, paging, and the methods
that stand for every command."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import readlog
from readlog.core.library import Library

ROOT = Path(__file__).resolve().parent.parent
DIGEST = ROOT / "examples" / "reading-digest.txt"  # five entries, ids 1-5


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    with readlog.open(tmp_path / "api.db") as opened:
        assert opened.import_path(DIGEST, as_of="2026-12-01").added == 5
        yield opened


# ---- in memory ----------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["path", "flag"])
def test_a_library_in_memory_makes_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    folder = tmp_path / "here"
    folder.mkdir()
    monkeypatch.chdir(folder)
    with readlog.open(":memory:") if how == "path" else readlog.open(memory=True) as lib:
        assert lib.import_path(DIGEST, as_of="2026-12-01").added == 5
        lib.star(2)
        assert lib.count() == 5
        assert [e.id for e in lib.entries(starred=True)] == [2]
        assert lib.undo().command == "star 2"
        assert "memory" in repr(lib)
    assert os.listdir(folder) == []


def test_two_libraries_in_memory_are_apart() -> None:
    with readlog.open(memory=True) as one, readlog.open(memory=True) as two:
        one.import_path(DIGEST, as_of="2026-12-01")
        assert one.count() == 5 and two.count() == 0


def test_memory_with_another_path_is_refused(tmp_path: Path) -> None:
    with pytest.raises(readlog.BadValue):
        readlog.open(tmp_path / "x.db", memory=True)
    with pytest.raises(readlog.BadArgument):
        readlog.open(memory="yes")  # type: ignore[arg-type]
    assert not (tmp_path / "x.db").exists()


# ---- the types the methods return ------------------------------------------------------------


def test_every_type_a_method_returns_is_exported() -> None:
    assert readlog.FetchReport.__module__ == "readlog.core.fetching"
    assert readlog.Outcome.__module__ == "readlog.core.fetching"
    for name in ("FetchReport", "Outcome"):
        assert name in readlog.__all__ and name in dir(readlog)


# ---- filters and counts in SQL -------------------------------------------------------------


def test_not_starred_and_count_are_read_in_sql(lib: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    lib.star([1, 3])
    assert [e.id for e in lib.entries(starred=False, sort="id")] == [5, 4, 2]
    assert [e.id for e in lib.entries(starred=False, sort="id", limit=2)] == [5, 4]
    expected = {(): 5, (("starred", False),): 3, (("starred", True),): 2, (("starred", False), ("unread", True)): 3}
    from readlog.store import query

    def no_rows(*args: object, **kwargs: object) -> None:
        raise AssertionError("count() read the rows")

    monkeypatch.setattr(query, "stream", no_rows)
    monkeypatch.setattr(query, "_rows", no_rows)
    monkeypatch.setattr(readlog.Entry, "from_row", no_rows)
    for filters, n in expected.items():
        assert lib.count(**dict(filters)) == n, filters


def test_export_of_entries_without_a_star(lib: Library) -> None:
    lib.star(1)
    buffer = io.StringIO()
    assert lib.export("jsonl", buffer, starred=False) == 4
    assert '"id": 1,' not in buffer.getvalue()
