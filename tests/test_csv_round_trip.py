"""readlog's own CSV export imports back, field by field, as JSON Lines does.

Before: the file was detected as a generic list of links, stars and
states were lost, and tags joined with "|" could not hold a "|". Now the
header is recognised (format readlog-csv), tags are a JSON array in their
column, and a leading "'" added against spreadsheet formulas is taken off
again.
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from test_export import build, cli, empty_library, entries, stored

from conftest import Run
from helpers import examples

ROWS = [
    {
        "readlog": 1,
        "id": 7,
        "title": "=SUM(A1:A9) is not a formula here",
        "source": "'quoted' source",
        "category": "-dash",
        "summary": 'line one\nline two, with "quotes" and a | bar',
        "verdict": "+worth it",
        "url": "https://csv.example/a",
        "published": "2026-10-30",
        "saved_at": "2026-11-01T09:30:00+08:00",
        "saved_raw": "收藏16 天前",
        "imported_at": "2026-11-02T10:00:00+08:00",
        "read_at": "2026-11-03T11:00:00+08:00",
        "starred_at": "2026-11-04T12:00:00+08:00",
        "archived_at": "2026-11-05T13:00:00+08:00",
        "tags": ["a|b", "c,d", "[x]", "数据库", "'q"],
        "note": "@mention and\ttab",
    },
    {"readlog": 1, "id": 9, "title": "plain", "url": "", "summary": "no url, no tags", "tags": []},
]


def _library_from(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "seed.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ROWS), encoding="utf-8")
    run("import", str(path))


def test_csv_export_imports_back_with_every_field(run: Run, tmp_path: Path) -> None:
    _library_from(run, tmp_path)
    original = run("export").stdout
    sheet = tmp_path / "export.csv"
    run("export", "-o", str(sheet))
    fresh = str(tmp_path / "fresh.db")
    result = json.loads(run("--db", fresh, "import", str(sheet), "--json").stdout)[0]
    assert (result["format"], result["added"], result["problems"]) == ("readlog-csv", 2, [])
    assert run("--db", fresh, "export").stdout == original  # ids, times, states, tags, note: all of it
    assert run("--db", fresh, "export", "-f", "csv").stdout == sheet.read_text(encoding="utf-8")


def test_the_csv_stays_pleasant_and_safe_in_a_spreadsheet(run: Run, tmp_path: Path) -> None:
    _library_from(run, tmp_path)
    text = run("export", "-f", "csv").stdout
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    first = rows[0]
    assert first["title"] == "'=SUM(A1:A9) is not a formula here"  # shown as text, never run
    assert first["source"] == "''quoted' source"  # a real leading quote is doubled, so it survives
    assert json.loads(first["tags"]) == ["a|b", "c,d", "[x]", "数据库", "'q"]
    assert "数据库" in first["tags"]  # readable, not \\u escapes
    assert rows[1]["tags"] == ""  # no tags: an empty cell


def test_a_csv_from_an_earlier_readlog_still_imports(run: Run, tmp_path: Path) -> None:
    """Tags were joined with "|" before the JSON array."""
    from readlog.model.exchange import CSV_COLUMNS

    row = dict.fromkeys(CSV_COLUMNS, "")
    row.update(id="3", title="old", url="https://old.example/", tags="rust|go", read_at="2026-11-03T11:00:00+00:00")
    path = tmp_path / "old.csv"
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS)
    writer.writeheader()
    writer.writerow(row)
    path.write_text("\ufeff" + out.getvalue(), encoding="utf-8")
    assert "(readlog-csv): 1 added" in run("import", str(path)).stdout
    (entry,) = run.json("list", "--read")
    assert (entry["id"], entry["tags"], entry["read_at"][:10]) == (3, ["rust", "go"], "2026-11-03")


def test_a_damaged_row_is_reported_with_its_line(run: Run, tmp_path: Path) -> None:
    from readlog.model.exchange import CSV_COLUMNS

    good = dict.fromkeys(CSV_COLUMNS, "") | {"id": "1", "title": "good", "url": "https://ok.example/"}
    bad = dict.fromkeys(CSV_COLUMNS, "") | {"id": "x", "title": "bad id", "url": "https://bad.example/"}
    late = dict.fromkeys(CSV_COLUMNS, "") | {"id": "2", "title": "bad time", "read_at": "yesterday-ish"}
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS)
    writer.writeheader()
    writer.writerows([good, bad, late])
    path = tmp_path / "damaged.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    result = run("import", str(path), code=1)
    assert "line 3:" in result.stderr and '"id"' in result.stderr
    assert "line 4:" in result.stderr and "read_at" in result.stderr
    assert [r["title"] for r in run.json("list")] == ["good"]


@settings(max_examples=examples(25), deadline=None)
@given(st.lists(entries, min_size=1, max_size=8))
def test_csv_round_trip_over_generated_entries(batch: list) -> None:  # type: ignore[type-arg]
    """export csv -> import into a fresh library -> export again: the same data."""
    with tempfile.TemporaryDirectory() as folder:
        a, b, sheet = Path(folder) / "a.db", Path(folder) / "b.db", Path(folder) / "a.csv"
        a.write_bytes(empty_library())
        b.write_bytes(empty_library())
        build(a, batch)
        cli("--db", str(a), "export", "-o", str(sheet))
        result = json.loads(cli("--db", str(b), "import", str(sheet), "--json"))[0]
        assert result["format"] == "readlog-csv" and result["problems"] == []
        assert cli("--db", str(b), "export", "-f", "csv") == sheet.read_text(encoding="utf-8")
        assert cli("--db", str(b), "export") == cli("--db", str(a), "export")
        assert stored(b) == stored(a)
