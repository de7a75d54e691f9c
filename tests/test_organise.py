"""Organise: tags, notes, archive, bulk actions with a preview, undo, history, open."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.cli import organise
from readlog.core import actions
from readlog.model.entry import Entry
from readlog.store import Counts, Store
from readlog.store.organise import retag

from conftest import DIGEST, FIXTURES, Run, write
from helpers import examples

# The same three entries, the first without its date: importing DIGEST after it fills the date in.
UNDATED = DIGEST.replace("技术文章 Go Blog 2025-10-02", "技术文章 Go Blog")


def _import(run: Run, path: Path, *extra: str) -> None:
    run("import", str(path), "--format", "digest", *extra)


@pytest.fixture
def digest(run: Run, tmp_path: Path) -> dict[str, int]:
    """Three digest entries saved at known times: the Go Blog two in 2025, Rust in 2026."""
    text = DIGEST
    path = write(tmp_path / "digest.txt", text)
    _import(run, path, "--as-of", "2026-11-01")
    rows = run.json("list", "-n", "0")
    names = {"垃圾回收器": "gc", "goroutine": "leak", "Rust": "rust"}
    return {next(n for k, n in names.items() if k in r["title"]): r["id"] for r in rows}


def _rows(run: Run, *args: str) -> dict[int, Any]:
    return {r["id"]: r for r in run.json("list", "-n", "0", *args)}


def _table(db: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def _add(db: Path, **fields: Any) -> int:
    """Store one entry through the library API (for fields no text format carries, such as a URL)."""
    lib = Store.open(db)
    try:
        with lib.transaction():
            action = lib.start_action("test setup")
            import_id = lib.begin_import("setup", "", "test", "2026-11-01T00:00:00+00:00", action)
            lib.upsert([Entry(**fields)], import_id, action, Counts())
        return int(lib.conn.execute("SELECT max(id) FROM entries").fetchone()[0])
    finally:
        lib.close()


# ---- tags ----------------------------------------------------------------------


def test_tag_add_remove_and_filter(run: Run, digest: dict[str, int]) -> None:
    go, rust = digest["gc"], digest["rust"]
    out = run("tag", str(go), str(rust), "+lang", "+Perf", "+数据库")
    assert out.stdout.count("tagged") == 2
    run("tag", str(go), "-perf", "+LANG", "+gc")  # case-insensitive: LANG is already there as lang
    rows = _rows(run)
    assert rows[go]["tags"] == ["lang", "数据库", "gc"]
    assert rows[rust]["tags"] == ["lang", "Perf", "数据库"]
    assert {r["id"] for r in run.json("list", "--tag", "lang", "--tag", "perf")} == {rust}
    assert {r["id"] for r in run.json("search", "数据库")} == {go, rust}  # tags are searched
    assert "#lang" in run("list").stdout and "#gc" in run("show", str(go)).stdout


def test_tag_names_that_look_like_options(run: Run, digest: dict[str, int]) -> None:
    go = str(digest["gc"])
    run("tag", go, "+html", "+go", "+s", "+2026")
    run("tag", "-html", go, "-s", "-2026")  # -h is help and -s a short option elsewhere; here they are tags
    assert _rows(run)[int(go)]["tags"] == ["go"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1"], "say which tags"),
        (["1", "rust"], "neither an id nor a tag"),
        (["1", "+rust", "-Rust"], "both added and removed"),
        (["1", "+"], "empty tag"),
        (["1", "--sorce", "x", "+a"], "no such option: --sorce"),
        (["+a"], "say which entries"),
        (["1", "--source", "Go Blog", "+a"], "ids or filters, not both"),
    ],
)
def test_tag_usage_errors(run: Run, digest: dict[str, int], args: list[str], message: str) -> None:
    result = run("tag", *args, code=2)
    assert message in result.stderr and "Traceback" not in result.output


def test_tag_unknown_id_changes_nothing(run: Run, digest: dict[str, int]) -> None:
    result = run("tag", "1", "99", "+x", code=1)
    assert "99" in result.stderr
    assert all(r["tags"] == [] for r in _rows(run).values())


def test_tags_counts(run: Run, digest: dict[str, int]) -> None:
    ids = sorted(digest.values())
    run("tag", *map(str, ids), "+all")
    run("tag", str(ids[0]), str(ids[1]), "+two")
    run("read", str(ids[0]))
    run("archive", str(ids[1]))
    counts = run.json("tags")
    assert counts == [
        {"tag": "all", "entries": 3, "unread": 1},
        {"tag": "two", "entries": 2, "unread": 0},
    ]
    table = run("tags").stdout
    assert "#all" in table and "#two" in table and table.index("#all") < table.index("#two")


def test_tags_empty(run: Run) -> None:
    assert run.json("tags") == []
    assert "No tags yet" in run("tags").stdout


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.sampled_from(["a", "A", "b", "数据", "Go", "go", "c d"]), max_size=5),
    st.lists(st.sampled_from(["a", "B", "x", "GO"]), max_size=3),
    st.lists(st.sampled_from(["A", "b", "y"]), max_size=3),
)
def test_retag_properties(current: list[str], add: list[str], remove: list[str]) -> None:
    result = retag(current, add, remove)
    folded = [t.casefold() for t in result]
    assert len(folded) == len(set(folded))  # no duplicates, whatever the case
    gone = {t.casefold() for t in remove}
    assert not gone & set(folded)
    for tag in [*current, *add]:
        assert tag.casefold() in gone or tag.casefold() in folded
    assert retag(result, [], []) == result


# ---- bulk actions ----------------------------------------------------------------


def _bookmarks(run: Run) -> dict[int, Any]:
    """The bookmark fixture: saved 2026-11-15 (第一篇), 2026-11-17 (第三篇) and 2026-11-30 (compilers)."""
    run("import", str(FIXTURES / "bookmarks.txt"), "--format", "bookmarks", "--as-of", "2026-12-01T00:00:00+00:00")
    return {r["id"]: r for r in run.json("list", "--source", "my-reading", "-n", "0")}


def test_bulk_read_preview_refuses_without_terminal(run: Run, digest: dict[str, int]) -> None:
    _bookmarks(run)
    result = run("read", "--source", "MY-READING", "--before", "2026-11-20", code=1)
    assert "2 entries will be marked read" in result.stdout
    assert "第一篇" in result.stdout and "第三篇" in result.stdout and "compilers" not in result.stdout
    assert "--yes" in result.stderr
    assert run.json("list", "--read") == []  # nothing changed


def test_bulk_read_with_yes(run: Run, digest: dict[str, int]) -> None:
    rows = _bookmarks(run)
    first = next(i for i, r in rows.items() if "第一篇" in r["title"])
    run("read", str(first))
    result = run("read", "--source", "my-reading", "--before", "2026-11-20", "--yes")
    assert "1 entry will be marked read (2 match, 1 already are)" in result.stdout
    assert "1 entry marked read" in result.stdout
    read = run.json("list", "--read")
    assert len(read) == 2 and all("compilers" not in r["title"] for r in read)
    again = run("read", "--source", "my-reading", "--before", "2026-11-20", "--yes")
    assert "all already marked read" in again.stdout


def test_bulk_asks_on_a_terminal(run: Run, digest: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: True)
    declined = run("star", "--source", "Go Blog", input="n\n", code=1)
    assert "Change 2 entries?" in declined.stdout and "nothing was changed" in declined.stderr
    assert run.json("list", "--starred") == []
    run("star", "--source", "Go Blog", input="y\n")
    assert len(run.json("list", "--starred")) == 2


def test_bulk_json_and_no_matches(run: Run, digest: dict[str, int]) -> None:
    changed = run.json("unread", "--read", "--yes")
    assert changed == []
    records = run.json("star", "--search", "编译器", "--yes")
    assert [r["source"] for r in records] == ["Rust Blog"] and records[0]["starred"] is True
    assert "No entries match" in run("read", "--source", "nobody", "--yes").stdout


def test_bulk_needs_ids_or_filters(run: Run, digest: dict[str, int]) -> None:
    assert "say which entries" in run("read", code=2).stderr
    assert "not both" in run("read", "1", "--source", "Go Blog", code=2).stderr
    assert "--since" in run("read", "--since", "someday", code=2).stderr


def test_bulk_tag_by_filter(run: Run, digest: dict[str, int]) -> None:
    run("tag", "--source", "Go Blog", "+go", code=1)  # no terminal, no --yes: refused
    assert run.json("tags") == []
    result = run("tag", "--source", "Go Blog", "+go", "--yes")
    assert "2 entries will be tagged +go" in result.stdout
    assert [t["entries"] for t in run.json("tags")] == [2]


# ---- archive --------------------------------------------------------------------


def test_archive_hides_and_keeps_state(run: Run, digest: dict[str, int]) -> None:
    rust = digest["rust"]
    run("star", str(rust))
    assert "archived" in run("archive", str(rust)).stdout
    assert rust not in _rows(run)
    archived = run.json("list", "--archived")
    assert [r["id"] for r in archived] == [rust] and archived[0]["starred"] is True and archived[0]["archived"]
    run("unarchive", "--source", "rust blog", "--yes")
    assert _rows(run)[rust]["starred"] is True and _rows(run)[rust]["archived"] is False


def test_archive_by_filter(run: Run, digest: dict[str, int]) -> None:
    run("archive", "--source", "Go Blog", "--yes")
    assert len(run.json("list", "--archived")) == 2 and len(run.json("list")) == 1


# ---- notes -----------------------------------------------------------------------


def test_note_text_show_search_clear(run: Run, digest: dict[str, int]) -> None:
    go = str(digest["gc"])
    assert "note saved" in run("note", go, "re-read", "the", "benchmarks").stdout
    assert _rows(run)[int(go)]["note"] == "re-read the benchmarks"
    assert "re-read the benchmarks" in run("show", go).stdout
    assert [r["id"] for r in run.json("search", "benchmarks")] == [int(go)]
    assert "note kept" in run("note", go, "   ").stdout  # empty keeps the old note
    assert _rows(run)[int(go)]["note"] == "re-read the benchmarks"
    assert "note cleared" in run("note", go, "--clear").stdout
    assert _rows(run)[int(go)]["note"] == ""
    assert run.json("search", "benchmarks") == []


def test_an_empty_note_keeps_the_old_one_and_says_how_to_remove_it(run: Run, digest: dict[str, int]) -> None:
    go = str(digest["gc"])
    run("note", go, "keep me")
    for empty in ([""], ["-"]):
        out = run("note", go, *empty, input="").stdout
        assert "note kept" in out and "--clear removes the note" in out, out
    assert "--clear 才会删除笔记" in run("--lang", "zh", "note", go, "").stdout
    assert _rows(run)[int(go)]["note"] == "keep me"


def test_note_from_stdin_and_errors(run: Run, digest: dict[str, int]) -> None:
    go = str(digest["gc"])
    run("note", go, "-", input="第一行\n第二行\n")
    assert _rows(run)[int(go)]["note"] == "第一行\n第二行"
    assert "no entry with id 99" in run("note", "99", "x", code=1).stderr
    assert "not both" in run("note", go, "x", "--clear", code=2).stderr


def _editor(tmp_path: Path, body: str) -> str:
    script = write(tmp_path / "editor.py", body)
    return f"{sys.executable} {script}"


def test_note_in_editor(run: Run, digest: dict[str, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    go = str(digest["gc"])
    run("note", go, "old note")
    monkeypatch.delenv("VISUAL", raising=False)
    # The editor sees the old note and appends a line.
    appender = "import sys\np = sys.argv[1]\nt = open(p, encoding='utf-8').read()\n"
    appender += "open(p, 'w', encoding='utf-8').write(t + '编辑过\\n')\n"
    monkeypatch.setenv("EDITOR", _editor(tmp_path, appender))
    run("note", go)
    assert _rows(run)[int(go)]["note"] == "old note\n编辑过"
    # Quitting without saving, or saving an empty file, keeps the note.
    monkeypatch.setenv("EDITOR", _editor(tmp_path, "pass\n"))
    assert "note kept" in run("note", go).stdout
    monkeypatch.setenv("EDITOR", _editor(tmp_path, "import sys\nopen(sys.argv[1], 'w').write('\\n')\n"))
    assert "note kept" in run("note", go).stdout
    monkeypatch.setenv("EDITOR", _editor(tmp_path, "raise SystemExit(3)\n"))
    assert "status 3" in run("note", go, code=1).stderr
    assert _rows(run)[int(go)]["note"] == "old note\n编辑过"


# ---- undo ------------------------------------------------------------------------


def _entries(db: Path) -> list[tuple[Any, ...]]:
    return _table(db, "SELECT * FROM entries ORDER BY id")


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (["read", "{id}"], "marked unread again"),
        (["star", "{id}"], "unstarred again"),
        (["archive", "{id}"], "unarchived again"),
        (["tag", "{id}", "+x", "+y"], "tags removed"),
        (["note", "{id}", "a note"], "note removed"),
        (["read", "--source", "Go Blog", "--yes"], "marked unread again"),
        (["tag", "--source", "Go Blog", "+go", "--yes"], "tags removed"),
    ],
)
def test_undo_each_kind_of_change(
    run: Run, digest: dict[str, int], library: Path, command: list[str], words: str
) -> None:
    entry = str(digest["gc"])
    before = _entries(library)
    run(*(a.replace("{id}", entry) for a in command))
    assert _entries(library) != before
    result = run("undo")
    assert words in result.stdout and "Undid action" in result.stdout
    assert _entries(library) == before


@pytest.mark.parametrize(
    ("setup", "command", "words"),
    [
        (["read", "{id}"], ["unread", "{id}"], "marked read again"),
        (["star", "{id}"], ["unstar", "{id}"], "starred again"),
        (["archive", "{id}"], ["unarchive", "{id}"], "archived again"),
        (["note", "{id}", "kept"], ["note", "{id}", "--clear"], "note restored"),
        (["tag", "{id}", "+keep"], ["tag", "{id}", "-keep"], "tags restored"),
    ],
)
def test_undo_of_taking_a_state_back(
    run: Run, digest: dict[str, int], library: Path, setup: list[str], command: list[str], words: str
) -> None:
    entry = str(digest["gc"])
    run(*(a.replace("{id}", entry) for a in setup))
    before = _entries(library)
    run(*(a.replace("{id}", entry) for a in command))
    assert _entries(library) != before
    result = run("undo")
    assert words in result.stdout
    assert _entries(library) == before


def test_undo_restores_previous_tags_and_note(run: Run, digest: dict[str, int], library: Path) -> None:
    go = str(digest["gc"])
    run("tag", go, "+a")
    run("note", go, "first")
    before = _entries(library)
    run("tag", go, "-a", "+b")
    run("note", go, "second")
    assert "note restored" in run("undo").stdout
    assert "tags restored" in run("undo").stdout and "#a" in run("show", go).stdout
    assert _entries(library) == before


def test_undo_twice_and_nothing_left(run: Run, digest: dict[str, int]) -> None:
    go, rust = digest["gc"], digest["rust"]
    run("read", str(go))
    run("star", str(rust))
    run("read", str(go))  # changes nothing: undo passes over it
    assert "star" in run("undo").stdout
    assert _rows(run)[rust]["starred"] is False and _rows(run)[go]["read_at"] is not None
    run("undo")
    assert _rows(run)[go]["read_at"] is None
    assert "import" in run("undo").stdout  # the digest import itself
    assert run.json("list") == []
    assert "nothing to undo" in run("undo", code=1).stderr


def test_undo_dry_run_changes_nothing(run: Run, digest: dict[str, int], library: Path) -> None:
    run("star", "--source", "Go Blog", "--yes")
    before = _entries(library)
    result = run("undo", "--dry-run")
    assert "Would undo" in result.stdout and "Nothing was changed" in result.stdout
    assert _entries(library) == before
    report = run.json("undo")
    assert report["dry_run"] is False and len(report["changes"]) == 2
    assert {c["kind"] for c in report["changes"]} == {"starred"}


def test_undo_import_removes_its_entries(run: Run, digest: dict[str, int], library: Path, tmp_path: Path) -> None:
    before = _entries(library)
    imports = _table(library, "SELECT count(*) FROM imports")
    run("import", str(FIXTURES / "bookmarks.txt"), "--format", "bookmarks", "--as-of", "2026-12-01")
    assert len(_rows(run)) == 6 and run.json("search", "缓存一致性")
    highest = max(_rows(run))
    result = run("undo")
    assert "removed (added by the import)" in result.stdout
    assert _entries(library) == before
    assert _table(library, "SELECT count(*) FROM imports") == imports
    assert run.json("search", "缓存一致性") == []  # the search index followed
    assert run.json("search", "compilers") == []
    # Importing again gives new ids: ids are never reused.
    run("import", str(FIXTURES / "bookmarks.txt"), "--format", "bookmarks", "--as-of", "2026-12-01")
    assert min(set(_rows(run)) - set(before_ids(before))) > highest


def before_ids(rows: list[tuple[Any, ...]]) -> list[int]:
    return [r[0] for r in rows]


def test_undo_import_that_merged_restores_old_values(run: Run, tmp_path: Path, library: Path) -> None:
    _import(run, write(tmp_path / "undated.txt", UNDATED), "--as-of", "2026-11-01")
    run("star", "1")
    before = _entries(library)
    # A later digest with the date and an extra entry; saved earlier, too.
    extra = "科研议题 Query Weekly 2026-09-15\nA survey of incremental parsers.\nWorth keeping.\n"
    _import(run, write(tmp_path / "dated.txt", DIGEST + extra), "--as-of", "2026-10-01")
    rows = _rows(run)
    assert len(rows) == 4 and rows[1]["published"] == "2025-10-02"
    result = run("undo")
    assert "restored" in result.stdout and "removed (added by the import)" in result.stdout
    assert _entries(library) == before
    assert _rows(run)[1]["published"] is None and _rows(run)[1]["starred"] is True


# ---- history ---------------------------------------------------------------------


def test_history_newest_first(run: Run, digest: dict[str, int]) -> None:
    run("read", "1")
    run("tag", "2", "+x")
    run("undo")
    history = run.json("history")
    assert [h["command"] for h in history][:2] == ["tag 2 +x", "read 1"]
    assert history[0]["undone"] is True and history[1]["undone"] is False
    assert history[-1]["command"].startswith("import ") and history[-1]["changes"] == 3
    assert [h["id"] for h in history] == sorted((h["id"] for h in history), reverse=True)
    assert len(run.json("history", "--limit", "1")) == 1
    table = run("history").stdout
    assert table.index("tag 2 +x") < table.index("read 1") and "undone" in table
    assert "--limit" in run("history", "--limit", "-1", code=2).stderr


def test_history_empty(run: Run) -> None:
    assert "No actions" in run("history").stdout


# ---- open ------------------------------------------------------------------------


def test_open(run: Run, library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run("history")  # creates the library
    opened: list[str] = []
    monkeypatch.setattr(actions, "launch", lambda url: not opened.append(url))
    with_url = _add(library, title="Linked", url="https://example.com/a?b=1", source="s")
    without = _add(library, title="Plain", source="s", summary="no link")
    hostile = _add(library, title="Hostile", url="javascript:alert(1)", source="s")
    run("open", str(with_url), "--mark-read")
    assert opened == ["https://example.com/a?b=1"] and _rows(run)[with_url]["read_at"] is not None
    assert run("open", str(with_url), "--print").stdout.strip() == "https://example.com/a?b=1"
    assert "has no link" in run("open", str(without), code=1).stderr
    assert "not a web address" in run("open", str(hostile), code=1).stderr
    assert "no entry with id 999" in run("open", "999", code=1).stderr
    assert len(opened) == 1
    monkeypatch.setattr(actions, "launch", lambda url: False)
    assert "could not start a browser" in run("open", str(with_url), code=1).stderr


@pytest.mark.parametrize(
    "url",
    ["https://e.org/\x1b]0;pwned\x07", "https://e.org/\u202eexe.txt", "https://e.org/\x9b31m", "https://e.\u200borg/"],
)
def test_open_refuses_links_holding_control_characters(
    run: Run, library: Path, monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    run("history")
    opened: list[str] = []
    monkeypatch.setattr(actions, "launch", lambda u: not opened.append(u))
    entry = _add(library, title="Sneaky", url=url, source="s")
    for args in (("open", str(entry)), ("open", str(entry), "--print")):
        result = run(*args, code=1)
        assert "not a web address" in result.stderr and "\x1b" not in result.stderr and "\u202e" not in result.stderr
        assert result.stdout == ""
    assert opened == []


# ---- help ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", ["tag", "tags", "note", "archive", "unarchive", "undo", "history", "open", "read", "star"]
)
def test_help_has_examples(run: Run, command: str) -> None:
    text = run(command, "--help").stdout
    assert "Examples:" in text and f"readlog {command}" in text


def test_one_spelling_rule_for_tags_everywhere(run: Run, library: Path, tmp_path: Path) -> None:
    """'#Rust', ' rust ' and 'RUST' are one tag in imports, merges, tag and --tag."""
    run("history")
    first = _add(library, title="A", url="https://e.org/a", source="s", tags=["#Rust", " rust ", "Go"])
    assert run.json("show", str(first))["tags"] == ["Rust", "Go"]
    _add(library, title="A", url="https://e.org/a", source="s", tags=["RUST", "#cli"])  # same URL: merged
    assert run.json("show", str(first))["tags"] == ["Rust", "Go", "cli"]
    run("tag", str(first), "+#go", "+  new   tag ", "--yes")
    assert run.json("show", str(first))["tags"] == ["Rust", "Go", "cli", "new tag"]
    for spelling in ("rust", "#RUST", " Rust "):
        assert [r["id"] for r in run.json("list", "--tag", spelling)] == [first]
    run("tag", str(first), "-#RUST", "--yes")
    assert run.json("show", str(first))["tags"] == ["Go", "cli", "new tag"]


def test_core_bulk_previews_then_changes_exactly_the_previewed(run: Run, digest: dict[str, int], library: Path) -> None:
    """core.bulk without a face: preview says what would change and how many
    matched; apply changes the targets given (one action, the command and its
    filters in history), not an entry that came to match in between."""
    from readlog.core import bulk
    from readlog.core.filters import FilterArgs

    run("read", str(digest["leak"]))
    fa = FilterArgs(source="Go Blog")
    change = bulk.state_change("read", True, name="read")
    lib = Store.open(library)
    try:
        plan = bulk.preview(lib, change, fa)
        assert plan.targets == [digest["gc"]] and plan.matched == 2
        run("unread", str(digest["leak"]))  # now it would match too, but was not previewed
        done = bulk.apply(lib, change, plan.targets, fa, matched=plan.matched)
        assert [r["id"] for r in done.changed] == [digest["gc"]]
        tagging = bulk.tag_change(["go"], [])
        assert bulk.preview(lib, tagging, FilterArgs(tags=["nothing-has-this"])).matched == 0
    finally:
        lib.close()
    rows = _rows(run)
    assert rows[digest["gc"]]["read_at"] and not rows[digest["leak"]]["read_at"]
    last = run.json("history", "-n", "1")[0]
    assert last["command"] == "read --source 'Go Blog'" and last["id"] == done.action
