"""Highlights as records of their own (issue 35): kept by ``readlog highlight`` and the API,
listed by ``readlog highlights``, shown by ``show``, taken back by undo, kept through the
trash and gone with an entry deleted for good, carried by readlog's own exports and read
back by its import without repeats, and made by the upgrade to schema 14 out of the
passages earlier imports quoted into notes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import readlog
from readlog.store.migrations import migrate
from readlog.store.migrations.m014_highlights_and_progress import highlight_key_v14, split_quoted_note_v14

from conftest import FIXTURES, Run
from helpers import connect

ARTICLE = (
    "第一段。\n\nThe query system caches at a finer grain,\nso rebuilds take a third less time.\n\n"
    "查询系统缓存的粒度更细。"
)


def _seed(tmp_path: Path, run: Run, **first: Any) -> None:
    """Two entries from readlog's own JSON Lines: the first with fetched text."""
    records = [
        {"readlog": 1, "id": 1, "title": "增量编译", "url": "https://blog.example/a", "text": ARTICLE, "words": 20,
         "fetched_at": "2026-11-30T10:00:00+00:00", **first},
        {"readlog": 1, "id": 2, "title": "No text yet", "url": "https://blog.example/b"},
    ]  # fmt: skip
    path = tmp_path / "seed.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    run("import", str(path))


def _rows(library: Path) -> list[tuple[Any, ...]]:
    with connect(library) as conn:
        rows = conn.execute("SELECT entry_id, kind, passage, note, position FROM highlights ORDER BY id").fetchall()
    conn.close()
    return [tuple(r) for r in rows]


def test_a_passage_is_kept_listed_shown_and_undone(run: Run, library: Path, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    # White space and case aside, the passage is found in the text, and where.
    out = run("highlight", "1", "the query system caches   at a finer grain, so rebuilds", "--note", "对比 Go").stdout
    assert "highlight kept" in out and "增量编译" in out
    assert _rows(library) == [(1, "highlight", "the query system caches   at a finer grain, so rebuilds", "对比 Go", 6)]
    assert (
        "highlight already there"
        in run("highlight", "1", "the query system caches   at a finer grain, so rebuilds").stdout
    )
    [listed] = run.json("highlights")
    assert (listed["entry_id"], listed["note"], listed["title"], listed["position"]) == (1, "对比 Go", "增量编译", 6)
    assert run.json("highlights", "2") == []
    shown = run.json("show", "1")
    assert [h["passage"] for h in shown["highlights"]] == [listed["passage"]]
    panel = run("show", "1").stdout
    assert "1 highlight (latest)" in panel and "> the query system caches" in panel and "对比 Go" in panel
    assert run("history").stdout.count("highlight 1") == 1  # the repeat changed nothing and is not recorded
    assert "highlight removed" in run("undo").stdout
    assert _rows(library) == [] and run.json("highlights") == []


def test_a_passage_the_fetched_text_lacks_is_refused_unless_forced(run: Run, library: Path, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    err = run("highlight", "1", "a sentence from the printed edition", code=1).stderr
    assert err.count("\n") == 1 and "entry 1's fetched text does not have this passage; --force keeps it" in err
    assert _rows(library) == []
    forced = run("highlight", "1", "a sentence from the printed edition", "--force")
    assert "highlight kept" in forced.stdout and "does not have this passage" in forced.stderr
    assert run("highlight", "2", "no text to check it against").exit_code == 0  # an entry never fetched
    assert _rows(library) == [
        (1, "highlight", "a sentence from the printed edition", "", None),
        (2, "highlight", "no text to check it against", "", None),
    ]
    assert "readlog: " in run("highlight", "1", "  \t ", code=2).stderr  # an empty passage: a usage error
    assert "readlog: " in run("highlight", "9", "x", code=1).stderr  # no such entry


def test_chinese_throughout(run: Run, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    assert "高亮已保存" in run("--lang", "zh", "highlight", "1", "查询系统缓存的粒度更细").stdout
    assert "高亮已存在" in run("--lang", "zh", "highlight", "1", "查询系统缓存的粒度更细").stdout
    assert "已抓取的正文中没有这段文字" in run("--lang", "zh", "highlight", "1", "不在文中", code=1).stderr
    assert "高亮已删除" in run("--lang", "zh", "undo").stdout
    assert "还没有高亮" in run("--lang", "zh", "highlights").stdout


def test_the_trash_keeps_them_and_emptying_it_deletes_them(run: Run, library: Path, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    run("highlight", "1", "查询系统缓存的粒度更细")
    run("highlight", "2", "kept with the second", "--note", "n")
    run("rm", "1")
    assert [h["entry_id"] for h in run.json("highlights")] == [2]  # a trashed entry's are not listed
    run("restore", "1")
    assert sorted(h["entry_id"] for h in run.json("highlights")) == [1, 2]
    run("rm", "1")
    run("trash", "--empty", "--yes")
    assert [r[0] for r in _rows(library)] == [2]  # deleted for good with their entry


FORMATS = ("jsonl", "json", "csv")


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_lossless_export_carries_them_and_a_second_import_adds_none(
    run: Run, library: Path, tmp_path: Path, fmt: str
) -> None:
    _seed(tmp_path, run)
    run("highlight", "1", "查询系统缓存的粒度更细", "--note", "第一条\n两行")
    run("highlight", "2", 'a passage, "quoted"\tand tabbed', "--force")
    backup = tmp_path / f"backup.{fmt}"
    run("export", "-f", fmt, "-o", str(backup))
    fresh = tmp_path / "fresh.db"
    first = json.loads(run("--db", str(fresh), "import", str(backup), "--json").stdout)[0]
    assert (first["added"], first["highlights"], first["problems"]) == (2, 2, [])
    assert _rows(fresh) == _rows(library)
    assert run("--db", str(fresh), "export").stdout == run("export").stdout
    again = json.loads(run("--db", str(fresh), "import", str(backup), "--json").stdout)[0]
    assert (again["added"], again["highlights"]) == (0, 0)
    assert _rows(fresh) == _rows(library)


def test_an_import_adding_to_entries_already_there_is_undone_alone(run: Run, library: Path, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    run("highlight", "1", "查询系统缓存的粒度更细")  # made by hand: stays
    record = {"readlog": 1, "id": 1, "title": "增量编译", "url": "https://blog.example/a", "highlights": [
        {"kind": "highlight", "passage": "查询系统缓存的粒度更细", "note": ""},  # already there
        {"kind": "highlight", "passage": "so rebuilds take a third less time", "note": "三成", "location": "12-13",
         "made_at": "2026-11-30T09:00:00+08:00", "colour": "yellow", "position": 60},
        {"kind": "bookmark", "location": "40"},
    ]}  # fmt: skip
    path = tmp_path / "more.jsonl"
    path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    report = json.loads(run("import", str(path), "--json").stdout)[0]
    assert (report["added"], report["highlights"]) == (0, 2)
    listed = run.json("highlights", "1")
    newest = next(h for h in listed if h["note"] == "三成")
    assert (newest["location"], newest["colour"], newest["made_at"]) == ("12-13", "yellow", "2026-11-30T01:00:00+00:00")
    assert {h["kind"] for h in listed} == {"highlight", "bookmark"}
    assert "Undid action" in run("undo").stdout
    assert [r[2] for r in _rows(library)] == ["查询系统缓存的粒度更细"]


@pytest.mark.parametrize(
    "value",
    ["a passage", [1], [{"passage": 3}], [{"kind": "scribble", "passage": "x"}], [{"passage": "x", "position": -1}],
     [{"kind": "highlight"}], [{"passage": "x", "made_at": "soon"}]],
)  # fmt: skip
def test_highlights_that_are_not_highlights_skip_the_record(run: Run, tmp_path: Path, value: object) -> None:
    path = tmp_path / "bad.jsonl"
    record = {"readlog": 1, "id": 1, "title": "T", "url": "https://x.example/", "highlights": value}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    report = json.loads(run("import", str(path), "--json", code=1).stdout)[0]  # a problem: exit 1
    assert report["added"] == 0 and report["skipped"] == 1
    assert report["problems"][0]["key"] in ("import_field_not_highlights", "import_field_time_unreadable")


def test_the_api_is_the_command(tmp_path: Path) -> None:
    with readlog.open(tmp_path / "api.db") as lib:
        entry = lib.add("https://example.org/a", title="A")
        marked = lib.highlight(entry.id, "一段话", note="好")
        assert (marked.highlight, marked.in_text, marked.position) == (1, None, None) and marked.action
        assert lib.highlight(entry.id, "一段话").action is None
        [h] = lib.get(entry.id).highlights
        assert (h.passage, h.note, h.kind, h.entry_id) == ("一段话", "好", "highlight", entry.id)
        assert [x.title for x in lib.highlights()] == ["A"] and lib.highlights([entry.id], limit=1)[0].id == 1
        with pytest.raises(readlog.ReadlogError):
            lib.highlights(99)
        with pytest.raises(readlog.BadArgument):
            lib.highlight(entry.id, 3)  # type: ignore[arg-type]
        with pytest.raises(readlog.BadValue):
            lib.highlight(entry.id, "   ")
        with lib.transaction():
            lib.highlight(entry.id, "二")
            lib.star(entry.id)
        lib.undo()  # the group, one action
        assert [x.passage for x in lib.highlights()] == ["一段话"] and not lib.get(entry.id).starred


# ---- the upgrade to schema 14 ------------------------------------------------------------


@given(
    kind=st.sampled_from(["highlight", "note", "bookmark"]),
    passage=st.text(max_size=20),
    note=st.text(max_size=20),
    location=st.text(max_size=6),
    page=st.text(max_size=4),
)
def test_the_live_key_is_the_one_schema_14_wrote(kind: str, passage: str, note: str, location: str, page: str) -> None:
    from readlog.store.highlights import key

    assert key(kind, passage, note, location, page) == highlight_key_v14(kind, passage, note, location, page)


_line = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=12).map(str.strip)
_lines = st.lists(_line.filter(lambda s: s and not s.startswith(">")), min_size=1, max_size=3).map("\n".join)


@given(
    own=st.one_of(st.just(""), _lines), marks=st.lists(st.tuples(_lines, st.one_of(st.just(""), _lines)), min_size=1)
)
def test_the_upgrade_takes_apart_what_the_links_importer_wrote(own: str, marks: list[tuple[str, str]]) -> None:
    """split_quoted_note_v14 reverses the layout inputs/formats/links.py gave a note up to
    schema 13 (its own words, then each highlight quoted with the reader's words on it)."""
    quoted = _quoted_up_to_schema_13(marks)
    note = "\n\n".join(part for part in (own, quoted) if part)
    assert split_quoted_note_v14(note) == (own, marks)


def _quoted_up_to_schema_13(marks: list[tuple[str, str]]) -> str:
    """The highlights of a record as links.py's ``_highlights`` wrote them into the note before
    issue 35 (each passage's lines after ``> ``, the reader's words below; a blank line between)."""
    out = []
    for quote, remark in marks:
        quoted = "\n".join(f"> {line}" for line in quote.splitlines()) if quote else ""
        part = "\n".join(p for p in (quoted, remark) if p)
        if part:
            out.append(part)
    return "\n\n".join(out)


def test_a_note_nobody_quoted_is_left_as_it_is() -> None:
    assert split_quoted_note_v14("my own words") is None
    assert split_quoted_note_v14("> a quote\n\nthen my own paragraph") is None  # written around a quote
    assert split_quoted_note_v14("") is None


def test_the_upgrade_moves_quoted_passages_out_of_notes(tmp_path: Path) -> None:
    """A schema-13 library with entries of each kind: imported from Pocket-like links with
    quoted highlights (one in the trash), one whose note the reader wrote since, one from
    readlog's own export (whose note is the reader's, whatever it holds)."""
    from sqlite_utils import Database

    path = tmp_path / "v13.db"
    shutil.copy(FIXTURES / "libraries" / "v13.db", path)
    conn = connect(path)
    quoted = "my own words\n\n> first passage\n> on two lines\nwhat I thought\n\n> second passage"
    conn.execute(
        "INSERT INTO imports (id, started_at, path, sha256, format, as_of, action_id) VALUES "
        "(90, '2026-11-01T00:00:00+00:00', 'p.json', '', 'links', '2026-11-01', NULL), "
        "(91, '2026-11-01T00:00:00+00:00', 'r.jsonl', '', 'jsonl', '2026-11-01', NULL)"
    )
    ids = [r[0] for r in conn.execute("SELECT id FROM entries ORDER BY id LIMIT 4")]
    conn.execute("UPDATE entries SET note = ?, import_id = 90 WHERE id IN (?, ?, ?)", (quoted, *ids[:3]))
    conn.execute("UPDATE entries SET note = ?, import_id = 91 WHERE id = ?", (quoted, ids[3]))
    conn.execute("INSERT INTO actions (id, at, command) VALUES (90, '2026-11-02T00:00:00+00:00', 'note')")
    conn.execute(
        "INSERT INTO events (action_id, at, entry_id, kind, before, after) VALUES (90, '2026-11-02', ?, 'note', ?, ?)",
        (ids[1], json.dumps({"note": ""}), json.dumps({"note": quoted})),
    )
    cursor = conn.execute("SELECT * FROM entries WHERE id = ?", (ids[2],))
    row = dict(zip([c[0] for c in cursor.description], cursor.fetchone(), strict=True))
    conn.execute(
        "INSERT INTO trash (id, fingerprint, url_key, deleted_at, row) VALUES (?, ?, ?, '2026-11-03', ?)",
        (ids[2], row["fingerprint"], row["url_key"], json.dumps(row, ensure_ascii=False)),
    )
    conn.execute("DELETE FROM entries WHERE id = ?", (ids[2],))
    conn.commit()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 13
    migrate(Database(conn))
    notes = dict(conn.execute("SELECT id, note FROM entries WHERE id IN (?, ?, ?)", (ids[0], ids[1], ids[3])))
    trashed = json.loads(conn.execute("SELECT row FROM trash WHERE id = ?", (ids[2],)).fetchone()[0])["note"]
    marks = conn.execute("SELECT entry_id, passage, note, added_at FROM highlights ORDER BY id").fetchall()
    conn.close()
    assert notes == {ids[0]: "my own words", ids[1]: quoted, ids[3]: quoted}
    assert trashed == "my own words"
    two = [("first passage\non two lines", "what I thought"), ("second passage", "")]
    assert [tuple(m) for m in marks] == [
        (i, p, n, "2026-11-01T00:00:00+00:00") for i in (ids[0], ids[2]) for p, n in two
    ]
    with readlog.open(path) as lib:  # the upgraded library reads them as any other
        assert [h.passage for h in lib.get(ids[0]).highlights] == [p for p, _ in two]
        assert lib.check().problems == ()


def test_an_entry_holds_as_many_highlights_as_one_line_of_the_export_carries(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from readlog.model import fields
    from readlog.store import highlights

    for module in (fields, highlights):
        monkeypatch.setattr(module, "MAX_HIGHLIGHTS", 2)
    _seed(tmp_path, run)
    run("highlight", "2", "one")
    run("highlight", "2", "two")
    assert "entry 2 has all the highlights one entry holds (2," in run("highlight", "2", "three", code=2).stderr
    record = {"readlog": 1, "id": 1, "title": "增量编译", "url": "https://blog.example/a",
              "highlights": [{"passage": p} for p in ("a", "b", "c", "d")]}  # fmt: skip
    path = tmp_path / "many.jsonl"
    path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    result = run("import", str(path))
    assert "2 highlights beyond 2 (or 16,777,216 characters of them) on one entry were dropped" in result.stderr
    assert sorted(h["passage"] for h in run.json("highlights", "1")) == ["a", "b"]
    monkeypatch.setattr(highlights, "HIGHLIGHT_CHARS", 5)  # the room in characters likewise
    assert run("highlight", "1", "查询系统缓存的粒度更细", code=2).exit_code == 2


HIGHLIGHTS = FIXTURES / "highlights"


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("instapaper-selection.csv", 2),
        ("omnivore-export/metadata_0_to_3.json", 5),
        ("raindrop-highlights.csv", 3),
        ("readwise-highlights.csv", 5),
        ("wallabag-annotations.json", 3),
        ("pocket-2025.zip", 3),
        ("pocket-2025", 3),  # the zip unpacked: its folder read as the zip is
        ("../kindle/en-zh.txt", 9),
    ],
)
def test_each_app_export_keeps_its_highlights_once_and_undo_takes_them_back(
    run: Run, library: Path, tmp_path: Path, name: str, kept: int
) -> None:
    path = HIGHLIGHTS / name
    if name.endswith(".zip"):  # Pocket's export as it downloads: the list and annotations/ in one zip
        import zipfile

        path = tmp_path / name
        with zipfile.ZipFile(path, "w") as z:
            for member in sorted((HIGHLIGHTS / "pocket-2025").rglob("*")):
                if member.is_file():
                    z.write(member, member.relative_to(HIGHLIGHTS / "pocket-2025").as_posix())
    first = json.loads(run("import", str(path), "--json").stdout)
    assert sum(f["highlights"] for f in first) == kept
    assert len(run.json("highlights", "--limit", "0")) == kept
    again = json.loads(run("import", str(path), "--json").stdout)
    assert sum(f["highlights"] for f in again) == 0 and len(_rows(library)) == kept
    run("undo")  # the second import changed nothing: the first is taken back
    assert _rows(library) == []


def test_the_markdown_folder_and_the_book_carry_the_stored_highlights(run: Run, tmp_path: Path) -> None:
    import zipfile

    _seed(tmp_path, run)
    run("highlight", "1", "查询系统缓存的粒度更细", "--note", "对比 Go")
    run("export", "-f", "markdown", "-o", str(tmp_path / "notes") + "/")
    [note] = [p for p in (tmp_path / "notes").iterdir() if p.name.endswith("-1.md")]
    text = note.read_text(encoding="utf-8")
    assert "> 查询系统缓存的粒度更细" in text and "对比 Go" in text
    run("export", "-f", "epub", "-o", str(tmp_path / "book.epub"))
    with zipfile.ZipFile(tmp_path / "book.epub") as book:
        pages = [book.read(n).decode("utf-8") for n in book.namelist() if n.endswith(".xhtml")]
    assert any("<mark>查询系统缓存的粒度更细</mark>" in page for page in pages)


def test_show_full_marks_each_passage_where_it_is_in_the_article(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _seed(tmp_path, run)
    run("highlight", "1", "CACHES at a finer grain, so rebuilds")  # across a line end, in another case
    run("highlight", "1", "粒度更细")
    run("highlight", "1", "not in the article", "--force")  # kept, but nowhere to mark
    for env in ({"NO_COLOR": "1"}, {"READLOG_FORCE_TTY": ""}):  # no colour; a pipe
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        out = run("show", "1", "--full").stdout
        assert "The query system ⟦caches at a finer grain,\nso rebuilds⟧ take a third less time." in out
        assert "查询系统缓存的⟦粒度更细⟧。" in out and out.count("⟦") == 2 == out.count("⟧")


def test_the_filters_choose_whose_highlights_are_listed(run: Run, library: Path, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    run("highlight", "1", "查询系统缓存的粒度更细")
    run("highlight", "2", "second entry's passage")
    run("read", "2")
    run("archive", "1")
    assert [h["entry_id"] for h in run.json("highlights", "--unread")] == [1]  # archived, still listed
    assert [h["entry_id"] for h in run.json("highlights", "--read")] == [2]
    assert [h["entry_id"] for h in run.json("highlights", "--archived")] == [1]
    assert [h["entry_id"] for h in run.json("highlights", "--search", "No text")] == [2]
    assert run.json("highlights", "--source", "nobody") == []
    with readlog.open(library) as lib:
        assert [h.entry_id for h in lib.highlights(unread=True)] == [1]
        assert [h.entry_id for h in lib.highlights(archived=False)] == [2]


def test_an_unpacked_pocket_export_reads_its_annotations_and_only_those(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "pocket"
    shutil.copytree(HIGHLIGHTS / "pocket-2025", folder)
    (folder / "annotations" / "notes.txt").write_text("not data", encoding="utf-8")
    (folder / "other").mkdir()
    report = json.loads(run("import", str(folder), "--json").stdout)
    skipped = {Path(r["file"]).name: r["skipped_because"] for r in report if r["skipped_because"]}
    assert skipped == {
        "notes.txt": "not a JSON or CSV file; only those are read from an export's folders",
        "other": "a folder; folders inside are not searched",
    }
    assert sum(r["highlights"] for r in report) == 3
    plain = tmp_path / "plain"  # without Pocket's list, a folder's folders are not searched
    shutil.copytree(HIGHLIGHTS / "pocket-2025" / "annotations", plain / "annotations")
    (plain / "list.txt").write_text("https://x.example/\n", encoding="utf-8")
    report = json.loads(run("import", str(plain), "--json").stdout)
    assert [r["skipped_because"] for r in report if Path(r["file"]).name == "annotations"] == [
        "a folder; folders inside are not searched"
    ]
