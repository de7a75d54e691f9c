"""CSV files whose cells are not separated by commas: wallabag's export,
spreadsheets saved in locales where the comma is the decimal mark (``;``),
tab-separated files, the pipe; headers in other languages; legacy encodings."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs.formats.common import csv_delimiter, csv_header

from conftest import FIXTURES, Run, write
from helpers import detected, examples, parse, utc

FORMATS = FIXTURES / "formats"


def _resaved(source: Path, target: Path, delimiter: str, *, bom: bool = False) -> Path:
    """``source`` as a spreadsheet saves it again with another delimiter (quoting only where needed)."""
    with open(source, encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    target.write_bytes((b"\xef\xbb\xbf" if bom else b"") + out.getvalue().encode("utf-8"))
    return target


def _facts(entries: list) -> list[tuple]:  # type: ignore[type-arg]
    return [(e.line, e.url, e.title, e.tags, e.summary, e.note, e.saved_at, e.read_at, e.starred_at) for e in entries]


# ---------------------------------------------------------------- wallabag


def test_wallabag_csv_export(run: Run) -> None:
    entries, problems = parse(FORMATS / "wallabag.csv", "wallabag")
    wal, groesse, ftp, dated = entries  # the ftp link is skipped by the import, as in every format
    assert ftp.url == "ftp://wb.example/file"
    assert (wal.title, wal.url) == ("Wal & durability; a primer", "https://wb.example/wal")
    assert wal.tags == ["databases", "storage"]
    # Content is HTML: a plain-text summary, as from wallabag's JSON; Vec<T> stays text
    assert wal.summary == (
        "Why logs\nA write-ahead log makes crashes safe; it is written first, then applied.\nVec<T> stays text."
    )
    assert wal.saved_at == utc(2020, 3, 4, 5, 6, 7)  # d/m/Y: the 4th of March
    assert (groesse.title, groesse.saved_at, groesse.tags) == ("Ein Artikel über Größe", utc(2021, 12, 31, 11, 30), [])
    assert dated.saved_at is None
    assert [str(p) for p in problems] == ["line 5: creation date 'someday' is not a time; left unknown"]
    result = run("import", str(FORMATS / "wallabag.csv"), code=1)
    assert "(wallabag): 3 added, 0 updated, 1 skipped" in result.stdout
    assert "line 4: 'Not a link': not a web link (ftp://wb.example/file); skipped" in result.stderr


# ---------------------------------------------------------------- spreadsheets in other locales


def test_german_excel_export_with_semicolons_and_a_bom(run: Run) -> None:
    entries, problems = parse(FORMATS / "excel-de-semicolon.csv", "links")
    first, quoted, local = entries  # the file:/// link is skipped by the import, as in every format
    assert local.url == "file:///C:/Users/ich/notiz.html"
    # "Adresse der Seite" is no name readlog knows: the column of web links is the link
    assert (first.url, first.title) == ("https://de.example/groesse-1", "Über Größe, Teil 1")
    assert first.tags == ["technik", "rust"]
    assert first.note == "Preis 12,50 €"
    assert first.saved_at == first.read_at == utc(2020, 3, 4, 5, 6)  # 04.03.2020, Gelesen: WAHR
    assert (quoted.title, quoted.saved_at, quoted.read_at) == ('Zitat "mit" Semikolon; ja', utc(2021, 12, 31), None)
    assert [(p.line, p.key) for p in problems] == [(4, "import_no_url")]
    result = run("import", str(FORMATS / "excel-de-semicolon.csv"), "--json", code=1)
    report = json.loads(result.stdout)[0]
    assert (report["format"], report["added"], report["skipped"]) == ("links", 2, 2)


def test_tab_separated_file_with_a_header_is_read_by_its_columns(run: Run) -> None:
    assert detected(FORMATS / "links.tsv") == "links"
    entries, problems = parse(FORMATS / "links.tsv", "links")
    assert [(e.url, e.title, e.tags) for e in entries] == [
        ("https://tsv.example/one", "One, two and three", ["reading", "later"]),
        ("https://tsv.example/two", "A | piped title", []),
    ]  # the header is no "not a link" line, the tags are not glued to the title
    assert [(p.line, p.key) for p in problems] == [(4, "import_not_a_url")]


def test_pipe_separated_file_and_chinese_header(run: Run, tmp_path: Path) -> None:
    path = write(
        tmp_path / "links.txt",
        "标题|链接|标签|创建时间\n读写锁|https://zh.example/rw|并发,锁|2024-05-01 08:00:00\n另一篇|https://zh.example/b||\n",
    )
    entries, problems = parse(path, "links")
    assert problems == []
    assert [(e.title, e.url, e.tags) for e in entries] == [
        ("读写锁", "https://zh.example/rw", ["并发", "锁"]),
        ("另一篇", "https://zh.example/b", []),
    ]
    assert entries[0].saved_at == utc(2024, 5, 1, 8)


def test_a_markdown_table_of_links(tmp_path: Path) -> None:
    path = write(
        tmp_path / "links.md",
        "| Title | Where |\n|---|:---:|\n| Raft | https://md.example/raft |\n| WAL | https://md.example/wal |\n",
    )
    entries, problems = parse(path, "links")
    assert problems == [] and [(e.title, e.url) for e in entries] == [
        ("Raft", "https://md.example/raft"),
        ("WAL", "https://md.example/wal"),
    ]


def test_a_column_of_links_under_any_header_name(tmp_path: Path) -> None:
    path = write(tmp_path / "export.csv", "Nazwa,Adres strony,Etykiety\nPierwsza,https://pl.example/1,a\n")
    entries, problems = parse(path, "links")
    assert problems == [] and [(e.title, e.url, e.tags) for e in entries] == [
        ("Pierwsza", "https://pl.example/1", ["a"])
    ]


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("pocket-extra-columns.csv", "pocket"),
        ("instapaper-new.csv", "instapaper"),
        ("readwise.csv", "readwise"),
        ("raindrop.csv", "raindrop"),
    ],
)
@pytest.mark.parametrize("delimiter", [";", "\t", "|"], ids=["semicolon", "tab", "pipe"])
def test_app_exports_saved_again_by_a_spreadsheet_read_the_same(
    tmp_path: Path, name: str, fmt: str, delimiter: str
) -> None:
    comma, comma_problems = parse(FORMATS / name, fmt)
    resaved = _resaved(FORMATS / name, tmp_path / name, delimiter, bom=True)
    entries, problems = parse(resaved, fmt)
    assert _facts(entries) == _facts(comma)
    assert [(p.line, p.key) for p in problems] == [(p.line, p.key) for p in comma_problems]


def test_readlog_csv_saved_again_with_semicolons_restores_the_library(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run("import", str(FORMATS / "raindrop.csv"), code=1)  # one row's date is unreadable
    exported = write(tmp_path / "backup.csv", run("export", "--format", "csv").stdout)
    before = run("export").stdout
    resaved = _resaved(exported, tmp_path / "backup-de.csv", ";", bom=True)
    assert detected(resaved) == "readlog-csv"
    monkeypatch.setenv("READLOG_DB", str(tmp_path / "other" / "readlog.db"))
    result = run("import", str(resaved))
    assert "(readlog-csv): 3 added" in result.stdout
    assert run("export").stdout == before


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("Titel;Link;Schlagwörter\r\nÜber Größe und Maß;https://de.example/1;Bücher\r\n", "cp1252"),
        ("Titre;Lien;Étiquettes\r\nLe cœur a ses raisons;https://fr.example/1;société\r\n", "cp1252"),
        ("Название;Ссылка;Метки\r\nПервая статья о базах;https://ru.example/1;новости\r\n", "cp1251"),
        ("Tytuł;Link;Tagi\r\nZażółć gęślą jaźń;https://pl.example/1;książki\r\n", "cp1250"),
    ],
)
def test_spreadsheets_in_windows_encodings(run: Run, tmp_path: Path, text: str, encoding: str) -> None:
    path = tmp_path / "export.csv"
    path.write_bytes(text.encode(encoding))
    report = json.loads(run("import", str(path), "--json").stdout)[0]
    assert (report["format"], report["added"], report["encoding"]) == ("links", 1, encoding)
    title, url, tag = text.split("\r\n")[1].split(";")
    assert [(e["title"], e["url"], e["tags"]) for e in run.json("list")] == [(title, url, [tag])]


# ---------------------------------------------------------------- the delimiter rule

_WORD = st.text(alphabet=st.characters(categories=["L", "N"]), min_size=1, max_size=8)
_CELL = st.text(alphabet=st.sampled_from('ab c,;|\t"\nxé1'), max_size=12)
_URL = st.builds(lambda path: f"https://example.org/{path}", st.text(alphabet="abc123-_/.", max_size=10))


@settings(max_examples=examples(200), deadline=None)
@given(
    delimiter=st.sampled_from([",", ";", "\t", "|"]),
    names=st.lists(_WORD, min_size=1, max_size=5),
    link_at=st.integers(min_value=0, max_value=5),
    rows=st.lists(st.lists(_CELL, min_size=5, max_size=5), min_size=0, max_size=8),
    link_name=st.sampled_from(["url", "Link", "Adresse", "网址", "x"]),
    bom=st.booleans(),
)
def test_the_delimiter_is_the_one_that_reads_the_table(
    delimiter: str, names: list[str], link_at: int, rows: list[list[str]], link_name: str, bom: bool
) -> None:
    """Whatever the other cells hold (other delimiters, quotes, line breaks),
    the delimiter found is the one the table was written with, for a header
    of two cells or more and a column of links (named like one, or not)."""
    link_at = min(link_at, len(names))
    header = [*names[:link_at], link_name, *names[link_at:]]
    cells = [[*r[:link_at], f"https://row{i}.example/", *r[link_at : len(names)]] for i, r in enumerate(rows)]
    table = [header, *cells]
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(table)
    text = ("\ufeff" if bom else "") + out.getvalue()
    assert csv_delimiter(text) == delimiter
    assert csv_header(text) == {c.strip().lower() for c in header}


@pytest.mark.parametrize(
    "text",
    [
        "just words\nand more words\n",
        "title,url\nOne, with a comma,https://x.example/1\n",  # a damaged comma file stays a comma file
    ],
)
def test_the_comma_stays_when_nothing_reads_better(text: str) -> None:
    assert csv_delimiter(text) == ","
