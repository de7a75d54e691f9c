"""Exports that cannot run code.

CSV: no cell starts a formula, as a spreadsheet splits the lines: with the
comma, the semicolon (Excel in German or French) or the tab, reading quotes
or not; and readlog's own import still gives back every character.
"""

from __future__ import annotations

import csv
import io
import json
import re
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from test_export import build, cli, empty_library, stored

from readlog.core import export
from readlog.model.entry import Entry

from helpers import examples

# ---- CSV ------------------------------------------------------------------------------

FORMULA = ("=", "+", "-", "@", "\t", "\r")
SEPARATORS = (",", ";", "\t")
CELL_PIECES = ["x", " ", ",", ";", "\t", "\n", '"', "'", "=", "+", "-", "@", '=HYPERLINK("http://evil")', "调度"]
CELLS = st.one_of(st.lists(st.sampled_from(CELL_PIECES), max_size=8).map("".join), st.text(max_size=12))


def cells_read(text: str, separator: str) -> list[str]:
    """Every cell of ``text`` as a spreadsheet splitting on ``separator`` finds
    them: once reading quotes (a quoted cell may hold separators and lines),
    once not (every separator and line break starts a cell)."""
    quoted = [c for record in csv.reader(io.StringIO(text, newline=""), delimiter=separator) for c in record]
    plain = [c for line in re.split("\r\n|\r|\n", text) for c in line.split(separator)]
    return quoted + plain


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(CELLS, min_size=1, max_size=6))
def test_no_csv_cell_starts_a_formula_whatever_the_separator(texts: list[str]) -> None:
    rows = [
        {"id": i, "title": t, "url": "https://example.org/", "note": t, "tags": json.dumps([t, t])}
        for i, t in enumerate(texts)
    ]
    text = "".join(export.to_csv(rows, export.Tally())).removeprefix("\ufeff")
    for separator in SEPARATORS:
        risky = [c for c in cells_read(text, separator) if c.startswith(FORMULA)]
        assert not risky, (separator, risky)


def test_a_title_after_a_semicolon_is_no_formula_in_excel() -> None:
    """The issue's case: Excel in German or French splits on ";"."""
    text = "".join(export.to_csv([{"id": 1, "title": 'x;=HYPERLINK("http://evil")'}], export.Tally()))
    assert not [c for c in cells_read(text, ";") if c.startswith(FORMULA)]


hostile_entries = st.builds(
    Entry,
    title=CELLS,
    summary=CELLS,
    note=CELLS,
    source=CELLS,
    url=st.just("https://example.org/"),
    tags=st.lists(CELLS, max_size=2),
)


@settings(max_examples=examples(25), deadline=None)
@given(st.lists(hostile_entries, min_size=1, max_size=6))
def test_guarded_cells_import_back_exactly(batch: list[Entry]) -> None:
    """A library's CSV export has no formula cell, and what the guard adds,
    readlog's import takes off again, character for character."""
    with tempfile.TemporaryDirectory() as folder:
        a, b, sheet = Path(folder) / "a.db", Path(folder) / "b.db", Path(folder) / "a.csv"
        a.write_bytes(empty_library())
        b.write_bytes(empty_library())
        build(a, batch)
        cli("--db", str(a), "export", "-o", str(sheet))
        text = sheet.read_text(encoding="utf-8-sig")
        assert not [c for s in SEPARATORS for c in cells_read(text, s) if c.startswith(FORMULA)]
        result = json.loads(cli("--db", str(b), "import", str(sheet), "--json"))[0]
        assert result["format"] == "readlog-csv" and result["problems"] == []
        assert stored(b) == stored(a)
