"""Big views stream (issue 24, friction item 2): ``list --limit 0`` and ``search --limit 0``
write each entry as it is read, piped, as ``--json`` and as a table, and never hold them all;
so do ``list`` and ``search`` into a pipe or as ``--json``, which give every match (issue 33).

What is tested is the structure, not the time (speed is in benchmarks/run.py): the core
yields a lazy iterator; the first line is written before most rows were even read from
the library; the output is the same as when it was laid out whole (whole lines, JSON byte
for byte, the ranking's order).
"""

from __future__ import annotations

import inspect
import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import readlog.render.output
import readlog.render.table
from readlog.core.reading import SNIPPET_ROWS, each_record
from readlog.render.output import TABLE_ROWS, Output
from readlog.store import Filters, Store
from readlog.store.fold import EARLY, FTS5_RANGES, PREMAP, SPACES, chain, early, fold, fold_spans
from readlog.store.search import parse_query, snippet

from conftest import Built, Run
from helpers import examples, netscape_file

N = 1200  # entries: more than two of the table's chunks (TABLE_ROWS) and of the pipe's batches
LONG = "A title about kernels far too long for any terminal table, so only a whole line keeps it: " + "word " * 30
LONG = LONG.strip()


def _bookmarks(path: Path, n: int) -> Path:
    """A Netscape bookmark file of ``n`` links about kernels, the first with the long title."""
    titles = (LONG if i == 0 else f"Streamed entry {i} about kernels and their schedulers" for i in range(n))
    return netscape_file(path, ((f"https://stream.example/{i}", t, 1764000000 + i) for i, t in enumerate(titles)))


def _many(path: Path) -> None:
    import readlog

    with readlog.open(path) as made:
        assert made.import_path(_bookmarks(path.parent / "many.html", N)).added == N


@pytest.fixture
def many(built: Built, library: Path, run: Run) -> Run:
    """The tests' own library (READLOG_DB): a copy of the one of N entries, made once per test process."""
    built("streamed", _many, library)
    return run


class _Rows:
    """How many rows SQLite has handed to readlog so far (every row passes the row factory)."""

    made = 0


class CountingRow(sqlite3.Row):
    def __new__(cls, cursor: sqlite3.Cursor, row: tuple[Any, ...]) -> CountingRow:
        _Rows.made += 1
        return super().__new__(cls, cursor, row)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> type[_Rows]:
    """Count the rows read from the library (libraries opened from now on)."""
    monkeypatch.setattr(sqlite3, "Row", CountingRow)
    _Rows.made = 0
    return _Rows


@pytest.fixture
def first_write(monkeypatch: pytest.MonkeyPatch, counted: type[_Rows]) -> list[int]:
    """The rows read from the library when the command first wrote to standard output."""
    seen: list[int] = []
    real_write, real_lines = readlog.render.output._write, readlog.render.table.TableLines.__rich_console__

    def write_(text: str, *args: Any) -> None:
        if text and not seen:
            seen.append(counted.made)
        real_write(text, *args)

    def lines(self: Any, console: Any, options: Any) -> Any:
        if not seen:
            seen.append(counted.made)
        return real_lines(self, console, options)

    monkeypatch.setattr(readlog.render.output, "_write", write_)
    monkeypatch.setattr(readlog.render.table.TableLines, "__rich_console__", lines)
    return seen


def _piped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("READLOG_FORCE_TTY")
    monkeypatch.setenv("COLUMNS", "40")


# ---- through the command line --------------------------------------------------------------


@pytest.mark.parametrize("limit", [["--limit", "0"], []])  # into a pipe, all of them either way
@pytest.mark.parametrize("args", [["list"], ["search", "kernels"]])
def test_piped_big_views_are_whole_lines_written_as_they_are_read(
    many: Run, monkeypatch: pytest.MonkeyPatch, first_write: list[int], args: list[str], limit: list[str]
) -> None:
    _piped(monkeypatch)
    out = many(*args, *limit).stdout
    lines = out.splitlines()
    assert len(lines) == N and out.endswith("\n")
    fields = [line.split("\t") for line in lines]
    assert {f[0] for f in fields} == {str(i) for i in range(1, N + 1)}
    assert all(len(f) == len(fields[0]) and "…" not in f[2] for f in fields)
    assert LONG in {f[2] for f in fields}
    if args[0] == "search":
        assert all("kernels" in f[4] for f in fields)
    assert first_write and first_write[0] < N // 2, f"first line written after {first_write} rows of {N}"


@pytest.mark.parametrize("limit", [["--limit", "0"], []])  # --json: all of them either way
@pytest.mark.parametrize("args", [["list"], ["search", "kernels"], ["list", "--json", "id,title"]])
def test_json_of_a_big_view_streams_the_same_bytes(
    many: Run, monkeypatch: pytest.MonkeyPatch, first_write: list[int], args: list[str], limit: list[str]
) -> None:
    _piped(monkeypatch)
    out = many(*args, *limit, *([] if "--json" in args else ["--json"])).stdout
    records = json.loads(out)
    assert out == json.dumps(records, ensure_ascii=False, indent=2) + "\n"  # as json.dumps writes the whole list
    assert len(records) == N and LONG in {r["title"] for r in records}
    if args[0] == "search":
        assert all("**kernels**" in r["snippet"] for r in records)
    assert first_write and first_write[0] < N // 2, f"first record written after {first_write} rows of {N}"


def test_an_empty_view_is_an_empty_json_list(many: Run) -> None:
    assert many("search", "nowhere-to-be-found", "--json").stdout == "[]\n"
    assert many("search", "nowhere-to-be-found", "--json", "--limit", "0").stdout == "[]\n"


def test_a_long_table_is_written_in_chunks_with_every_id_whole(many: Run, first_write: list[int]) -> None:
    """Oldest id first: the first chunk's ids have three digits, later ones four; none is cut."""
    out = many("list", "--limit", "0", "--sort", "id", "--reverse").stdout
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["ID", "Title"] and sum("Title" in line for line in lines) == 1
    assert lines[-1] == f"Showing {N} of {N} entries"
    assert [int(line.split()[0]) for line in lines[1:-1]] == list(range(1, N + 1))
    assert all(len(line.rstrip()) <= 100 for line in lines)
    assert first_write and first_write[0] < N // 2, f"first lines printed after {first_write} rows of {N}"
    assert TABLE_ROWS < N // 2


def test_a_short_table_still_has_one_header_and_its_footer(many: Run) -> None:
    lines = many("list", "--limit", "5").stdout.splitlines()
    assert len(lines) == 7 and lines[0].split()[:2] == ["ID", "Title"]
    assert lines[-1] == f"Showing 5 of {N} entries; --limit 0 shows all"


def test_search_in_reverse_is_the_ranking_turned_round(many: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    _piped(monkeypatch)
    forward = [line.split("\t")[0] for line in many("search", "kernels", "-n", "0").stdout.splitlines()]
    backward = [line.split("\t")[0] for line in many("search", "kernels", "-n", "0", "--reverse").stdout.splitlines()]
    assert len(forward) == N and backward == forward[::-1]


# ---- the core yields a lazy iterator -------------------------------------------------------------


@pytest.fixture
def lib(many: Run, library: Path, counted: type[_Rows]) -> Iterator[Store]:
    store = Store.open(library)
    try:
        yield store
    finally:
        store.close()


@pytest.mark.parametrize("query", [None, "kernels", "schedulers OR title"])
def test_the_core_yields_rows_lazily(lib: Store, counted: type[_Rows], query: str | None) -> None:
    f = Filters(query=parse_query(query) if query else None)
    before = counted.made
    found = each_record(lib, f, limit=0)
    assert iter(found) is found  # an iterator, read as it is taken (not a list)
    assert counted.made - before <= 2  # nothing read yet (but a count)
    row, snip = next(found)
    assert row["id"] and (snip is None) == (query is None)
    read = counted.made - before
    assert read <= 2 * SNIPPET_ROWS + 5, f"{read} rows read for the first of {N}"
    assert 1 + sum(1 for _ in found) == N


def test_the_store_streams_and_select_is_its_list(lib: Store, counted: type[_Rows]) -> None:
    f = Filters(query=parse_query("kernels"))
    before = counted.made
    rows = lib.stream(f)
    assert inspect.isgenerator(rows)
    first = next(rows)
    assert counted.made - before <= 5
    whole = lib.select(f)
    assert [first["id"], *(r["id"] for r in rows)] == [r["id"] for r in whole]
    reverse = lib.stream(f, reverse=True, columns="id, title")
    assert [r["id"] for r in reverse] == [r["id"] for r in whole][::-1]


def test_a_bad_sort_is_refused_before_anything_is_read(lib: Store) -> None:
    from readlog.model.errors import UsageError

    with pytest.raises(UsageError):
        each_record(lib, Filters(), sort="nonsense")


# ---- JSON written item by item ----------------------------------------------------------------

_SCALAR = st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.floats(allow_nan=False)
_JSON = st.recursive(
    _SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
# Shaped like an entry's record (render.entry_record), which json_items puts together itself.
_RECORD = st.dictionaries(st.text(max_size=6), _SCALAR | st.lists(st.text(max_size=6), max_size=3), max_size=6)


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(_JSON | _RECORD, max_size=5))
def test_json_items_writes_what_json_dumps_writes(items: list[Any]) -> None:
    import io
    import sys

    out = io.StringIO()
    real, sys.stdout = sys.stdout, out
    try:
        Output().json_items(iter(items))
    finally:
        sys.stdout = real
    assert out.getvalue() == json.dumps(items, ensure_ascii=False, indent=2) + "\n"


# ---- snippets: the fold in C gives what the fold character by character gave -----------------------


def _reference_snippet(texts: list[str], query: Any, width: int = 80) -> tuple[str, list[tuple[int, int]]]:
    """The snippet as it was found before, folding every text character by character."""
    needles = sorted({fold(t.text) for t in query.terms()}, key=len, reverse=True)
    for text in texts:
        flat = " ".join(t for t in re.split(f"[{re.escape(SPACES)}]+", text) if t)
        low, at = fold_spans(flat)
        hit = min((i for i in (low.find(n) for n in needles if n) if i >= 0), default=-1)
        if hit < 0:
            continue
        first = at[hit][0]
        start = 0 if first <= 24 else (flat.rfind(" ", first - 20, first) + 1 or first - 20)  # 20 before the hit
        end = min(len(flat), start + width)
        out = ("…" if start > 0 else "") + flat[start:end] + ("…" if end < len(flat) else "")
        low, at = fold_spans(out)
        spans: list[tuple[int, int]] = []
        for needle in needles:
            s = low.find(needle)
            while needle and s >= 0:
                e = s + len(needle)
                if not any(a < e and s < b for a, b in spans):
                    spans.append((s, e))
                s = low.find(needle, e)
        return out, [(at[a][0], at[b - 1][1]) for a, b in sorted(spans)]
    return "", []


_ALPHABET = st.sampled_from([*"aAiIsSkK内核调 \t\n\u3000\xa0ßẞİıﬁΐΰև\u0307ΣσςǅǄ", "Kernel", "x" * 40])


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(st.lists(_ALPHABET, max_size=60).map("".join), min_size=1, max_size=3),
    st.lists(st.lists(_ALPHABET, min_size=1, max_size=3).map("".join), min_size=1, max_size=2),
)
def test_snippets_are_those_of_the_fold_character_by_character(texts: list[str], words: list[str]) -> None:
    query = parse_query(" ".join('"' + w.replace('"', '""') + '"' for w in words if w.strip()) or "x")
    assert snippet(texts, query) == _reference_snippet(texts, query)


def test_fold_of_long_text_is_the_chain_for_every_character_it_changes() -> None:
    changed = [chr(c) for first, last, step, _ in FTS5_RANGES for c in range(first, last + 1, step)]
    changed += [old for old, _ in PREMAP] + list(EARLY)
    for ch in changed:
        text = f"内核 {ch}{ch.upper()} Kernel {ch}" * 20  # long, and not ASCII: the regular expression's way
        assert fold(text) == chain(early(text)), repr(ch)
