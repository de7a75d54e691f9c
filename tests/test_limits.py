"""Each field has one documented limit (readlog/model/fields.py, docs/data-safety.md).

Whatever readlog stores comes back from its own export (jsonl, json, csv)
exactly: before, a 3,000,000-character note or a 3 MB article was exported
and then skipped on import ("line is too long to be a record"), and the
links importer cut summaries at about 2,000 characters without a word.
Text past a limit is cut where it comes in, with a notice (an import) or
refused (add, edit, note, tag); never at export or re-import. A bookmark
file with a 20 MB title no longer makes search take seconds and gigabytes.
"""

from __future__ import annotations

import json
import tempfile
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from test_export import build, cli, empty_library, moments, stored

from readlog.inputs.reader import MAX_LINE
from readlog.model import fields
from readlog.model.entry import Entry
from readlog.model.sanitize import clean

import helpers
from conftest import Run
from helpers import examples

FORMATS = ("jsonl", "json", "csv")
NOTE = fields.limit("note")
TITLE = fields.limit("title")


def _seed(run: Run, tmp_path: Path, **first: object) -> None:
    lines = [
        {"readlog": 1, "id": 1, "title": "一篇很长的文章", "url": "https://long.example/a", **first},
        {"readlog": 1, "id": 2, "title": "short", "url": "https://long.example/b", "note": "短"},
    ]
    path = tmp_path / "seed.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines), encoding="utf-8")
    run("import", str(path))


def _article(chars: int) -> str:
    """An article of ``chars`` characters: paragraphs, then one paragraph longer than any line
    readlog reads from another app's file (2,000,000 characters)."""
    paragraph = '第一段，有“引号”、逗号, and "quotes"\tand a tab.\n'
    head = paragraph * (chars // 3 // len(paragraph))
    return (head + "长" * chars)[:chars]


def _restored_in_every_format(run: Run, library: Path, tmp_path: Path, *, added: int) -> list[tuple[str, Path]]:
    """Export the library in each lossless format and import each export into a fresh
    library: every one must add ``added`` entries with no problem and nothing cut, and
    export and store exactly what the library does. Returns (format, fresh library)."""
    original = run("export").stdout
    restored = []
    for fmt in FORMATS:
        backup = tmp_path / f"backup.{fmt}"
        run("export", "-f", fmt, "-o", str(backup))
        fresh = tmp_path / f"fresh-{fmt}.db"
        result = json.loads(run("--db", str(fresh), "import", str(backup), "--json").stdout)[0]
        assert (result["added"], result["problems"], result["cut"]) == (added, [], {}), fmt
        assert run("--db", str(fresh), "export").stdout == original, fmt
        assert stored(fresh) == stored(library), fmt
        restored.append((fmt, fresh))
    return restored


# Longer than any line readlog reads from another app's file (reader.MAX_LINE), each of the two
# on its own: a record of readlog's own holds them whole, in every lossless export.
PAST_ANY_LINE = MAX_LINE + 100_000


@pytest.mark.slow
def test_a_note_and_an_article_each_longer_than_any_line_come_back_from_the_export(
    run: Run, library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(fields.NOTE_ENV, str(PAST_ANY_LINE))  # the note's limit raised, as documented
    assert fields.limit("text") >= PAST_ANY_LINE  # the article's own limit is higher still
    note = ("笔记，第一行\n" + 'a, "quoted"\tline\n') * (PAST_ANY_LINE // 20)
    note = (note + "x" * PAST_ANY_LINE)[:PAST_ANY_LINE]
    fetched = {"text": _article(PAST_ANY_LINE), "words": 1, "fetched_at": "2026-11-30T10:00:00+00:00"}
    _seed(run, tmp_path, note=note, **fetched)  # in one record: each change of the entry indexes it again
    assert len(run.json("show", "1")["note"]) == PAST_ANY_LINE
    for fmt, fresh in _restored_in_every_format(run, library, tmp_path, added=2):
        with helpers.connect(fresh) as conn:
            lengths = conn.execute("SELECT length(note), length(text) FROM entries WHERE id = 1").fetchone()
        conn.close()
        assert lengths == (PAST_ANY_LINE, PAST_ANY_LINE), fmt


def test_every_field_at_its_limit_comes_back_exactly(run: Run, library: Path, tmp_path: Path) -> None:
    """The longest record readlog writes, in every lossless format."""
    long = {name: ('长 "x", y\t' * fields.limit(name))[: fields.limit(name)] for name in ("summary", "verdict")}
    record = {
        "readlog": 1,
        "id": 1,
        "title": ('标题, "t" ' * TITLE)[: TITLE - 1] + "z",
        "source": "s" * fields.limit("source"),
        "category": "c" * fields.limit("category"),
        "url": "https://long.example/" + "p" * (fields.limit("url") - 21),
        "saved_raw": "r" * fields.limit("saved_raw"),
        "tags": [f"{i:04}" + "t" * (fields.limit("tag") - 4) for i in range(fields.MAX_TAGS)],
        "note": ("\u2028笔记\n" * NOTE)[:NOTE],  # written as six characters each by JSON
        **{k: v.replace("\t", "\n") for k, v in long.items()},
    }
    seed = tmp_path / "seed.jsonl"
    seed.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    result = json.loads(run("import", str(seed), "--json").stdout)[0]
    assert (result["added"], result["problems"], result["cut"]) == (1, [], {})
    assert len(_restored_in_every_format(run, library, tmp_path, added=1)) == len(FORMATS)


def test_a_20_mb_title_is_cut_with_a_notice_and_search_stays_fast(run: Run, library: Path, tmp_path: Path) -> None:
    page = tmp_path / "bookmarks.html"
    title = "word " * (20 * 2**20 // 5)
    page.write_text(
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        f'<DT><A HREF="https://big.example/a">{title}</A>\n'
        '<DT><A HREF="https://big.example/b">Normal</A>\n</DL><p>\n',
        encoding="utf-8",
    )
    result = run("import", str(page))
    assert "1 title was cut to 4,096 characters, the limit" in result.stderr
    assert "2 added" in result.stdout
    listed = run.json("list")
    assert sorted(len(e["title"]) for e in listed) == [6, TITLE]
    assert [e["id"] for e in run.json("search", "word")] == [1]
    fresh = tmp_path / "again.db"
    report = json.loads(run("--db", str(fresh), "import", str(page), "--json").stdout)[0]
    assert report["cut"] == {"title": 1} and report["problems"] == []


def test_an_import_counts_each_field_it_cuts(run: Run, tmp_path: Path) -> None:
    records = [
        {"readlog": 1, "title": "t" * (TITLE + 1), "url": f"https://cut.example/{i}", "note": "n" * (NOTE + 5)}
        for i in range(3)
    ]
    records[0]["tags"] = ["x" * 1100, *(f"tag{i}" for i in range(fields.MAX_TAGS + 2))]
    path = tmp_path / "over.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    result = run("import", str(path))
    assert "3 titles were cut to 4,096 characters, the limit" in result.stderr
    assert "3 notes were cut to 1,048,576 characters, the limit; set READLOG_MAX_NOTE_CHARS" in result.stderr
    assert "1 tag was cut to 1,024 characters" in result.stderr
    assert "3 tags beyond 1,000 on one entry were dropped" in result.stderr
    again = json.loads(run("--db", str(tmp_path / "b.db"), "import", str(path), "--json").stdout)[0]
    assert again["cut"] == {"title": 3, "note": 3, "tag": 1, "tags": 3}
    rows = run.json("list", "--limit", "0")
    assert {len(r["title"]) for r in rows} == {TITLE}
    assert max(len(r["tags"]) for r in rows) == fields.MAX_TAGS
    zh = run("--lang", "zh", "--db", str(tmp_path / "c.db"), "import", str(path))
    assert "3 个标题被截断为 4,096 个字符（上限）" in zh.stderr


def test_the_links_importer_keeps_a_long_summary_whole(run: Run, tmp_path: Path) -> None:
    excerpt = "An excerpt that goes on. " * 400  # 10,000 characters
    path = tmp_path / "links.json"
    path.write_text(json.dumps([{"url": "https://links.example/a", "title": "A", "excerpt": excerpt}]))
    result = json.loads(run("import", str(path), "--json").stdout)[0]
    assert (result["format"], result["added"]) == ("links", 1)
    assert run.json("show", "1")["summary"] == excerpt.strip()


def test_typed_text_past_a_limit_is_refused_not_cut(run: Run, tmp_path: Path) -> None:
    _seed(run, tmp_path)
    err = run("note", "1", "-", input="n" * (NOTE + 1), code=2).stderr
    assert "the note is 1,048,577 characters long; at most 1,048,576 fit; set READLOG_MAX_NOTE_CHARS" in err
    assert run.json("show", "1")["note"] == ""
    run("note", "1", "-", input="n" * NOTE)
    assert len(run.json("show", "1")["note"]) == NOTE
    err = run("edit", "2", "--title", "t" * (TITLE + 1), code=2).stderr
    assert "--title is 4,097 characters long; at most 4,096 fit" in err
    run("edit", "2", "--title", "t" * TITLE)
    assert run("tag", "2", "+" + "x" * 1025, code=2).stderr.count("at most 1,024 fit") == 1
    err = run("add", "--no-fetch", "--note", "n" * (NOTE + 1), "https://long.example/new", code=2).stderr
    assert "--note is 1,048,577 characters long" in err
    assert len(run.json("list")) == 2


def test_a_limit_set_to_nonsense_is_a_usage_error(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _seed(run, tmp_path)
    monkeypatch.setenv(fields.NOTE_ENV, "lots")
    err = run("note", "1", "hello", code=2).stderr
    assert "READLOG_MAX_NOTE_CHARS='lots': give a number of characters" in err


def test_a_line_longer_than_any_record_is_still_skipped(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Own formats read lines up to the longest record they write, and no longer."""
    from readlog.inputs.formats import jsonl

    monkeypatch.setattr(jsonl, "record_chars", lambda: 1000)
    path = tmp_path / "x.jsonl"
    path.write_text(
        json.dumps({"readlog": 1, "title": "x" * 2000}) + "\n" + json.dumps({"readlog": 1, "title": "ok"}) + "\n"
    )
    result = json.loads(run("import", str(path), "--json", code=1).stdout)[0]
    assert result["added"] == 1
    assert result["problems"] == [
        {
            "line": 1,
            "message": "line is too long to be a record; skipped",
            "key": "import_line_too_long_record",
            "count": 1,
        }
    ]


# ---- the property: exported at the limits, imported into a fresh library, the same ------------

PIECES = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8"),
        st.sampled_from(list("中文标题数据库，。“”\n\t\",'=+-@|\\[]{}<>\u2028\u3000 ")),
    ),
    min_size=1,
    max_size=12,
)


def _sized(name: str) -> st.SearchStrategy[str]:
    """A field's text: short, or a random piece repeated to just under, at or past its limit."""
    most = fields.limit(name)
    lengths = st.sampled_from([0, 1, 7, most - 1, most, most + 3])
    return st.builds(lambda piece, n: (piece * (n // len(piece) + 1))[:n], PIECES, lengths)


_LOWER = {fields.NOTE_ENV: "20000", fields.ARTICLE_ENV: "60000"}  # the long fields' limits, lowered to keep it quick


@settings(
    max_examples=examples(8),
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking megabytes of text takes minutes
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_records_up_to_the_limits_come_back_from_every_lossless_export(
    monkeypatch: pytest.MonkeyPatch, data: st.DataObject
) -> None:
    for env, value in _LOWER.items():
        monkeypatch.setenv(env, value)
    batch = data.draw(
        st.lists(
            st.builds(
                Entry,
                title=_sized("title"),
                summary=_sized("summary"),
                verdict=_sized("verdict"),
                source=_sized("source"),
                category=_sized("category"),
                url=st.builds(lambda p: "https://limit.example/" + p, _sized("url")),
                published=st.none() | st.dates().map(str),
                saved_at=moments,
                saved_raw=_sized("saved_raw"),
                read_at=moments,
                starred_at=moments,
                tags=st.lists(_sized("tag"), max_size=3),
                note=_sized("note"),
            ),
            min_size=1,
            max_size=3,
        )
    )
    texts = data.draw(st.lists(_sized("text"), min_size=len(batch), max_size=len(batch)))
    fmt = data.draw(st.sampled_from(FORMATS))
    with tempfile.TemporaryDirectory() as folder:
        a, b, dump = Path(folder) / "a.db", Path(folder) / "b.db", Path(folder) / f"a.{fmt}"
        a.write_bytes(empty_library())
        b.write_bytes(empty_library())
        build(a, batch)  # vetted as every import is: each field cleaned and cut to its limit
        with helpers.connect(a) as conn:
            ids = [r[0] for r in conn.execute("SELECT id FROM entries ORDER BY id")]
            for entry_id, text in zip(ids, texts, strict=False):  # entries with one link are one
                text = clean(clean(text, keep_tabs=True)[: fields.limit("text")], keep_tabs=True)  # as fetch has it
                conn.execute("UPDATE entries SET text = ?, fetched_at = ? WHERE id = ?", (text, _NOW, entry_id))
        conn.close()
        cli("--db", str(a), "export", "-f", fmt, "-o", str(dump))
        result = json.loads(cli("--db", str(b), "import", str(dump), "--json"))[0]
        assert (result["problems"], result["cut"]) == ([], {})
        assert cli("--db", str(b), "export") == cli("--db", str(a), "export")
        assert cli("--db", str(b), "export", "-f", fmt) == dump.read_text(encoding="utf-8")
        assert stored(b) == stored(a)


_NOW = datetime(2026, 11, 30, 10).isoformat() + "+00:00"
