"""Hostile files and mistakes found by probing readlog as an attacker would.

Each test is one finding: a file or an argument that used to crash a
command, lose data or mislead, and what readlog does with it now.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from readlog.inputs.vet import vet
from readlog.model.stamps import parse_when

from conftest import Run, write
from helpers import READLOG, child_env


def _wallabag(tmp_path: Path, records: list[dict[str, object]], name: str = "wb.json") -> Path:
    base = {"is_archived": 0, "is_starred": 0, "tags": [], "content": "<p>body</p>"}
    return write(tmp_path / name, json.dumps([{**base, **r} for r in records]))


def _import_one(run: Run, tmp_path: Path, title: str, url: str) -> None:
    run("import", str(_wallabag(tmp_path, [{"title": title, "url": url, "created_at": "2024-01-01"}])))


# ---- times at the edges of the calendar ------------------------------------------


def test_year_1_and_year_9999_times_are_problems_not_crashes(run: Run, tmp_path: Path) -> None:
    far = _wallabag(
        tmp_path,
        [
            {
                "title": "early",
                "url": "https://a.example/1",
                "is_archived": 1,
                "created_at": "0001-01-01T00:00:00+05:00",
            },
            {
                "title": "late",
                "url": "https://a.example/2",
                "is_starred": 1,
                "created_at": "9999-12-31T23:59:59-05:00",
                "published_at": "0001-01-01T00:00:00Z",
            },
        ],
    )
    good = write(
        tmp_path / "good.csv", "title,url,time_added,tags,status\nfine,https://b.example/,1700000000,,unread\n"
    )
    result = run("import", str(far), str(good), "--json", code=1)  # problems: exit 1, but nothing stops
    files = json.loads(result.stdout)
    assert [f["added"] for f in files] == [2, 1]
    problems = json.dumps(files[0]["problems"])
    assert "saved time 0001-01-01 00:00:00 is out of range" in problems
    assert "9999-12-31" in problems
    rows = {r["title"]: r for r in run.json("list", "-n", "0")}
    assert rows["early"]["read_at"]  # the read state survives its unreadable date
    assert rows["late"]["starred_at"]
    assert rows["late"]["published"] is None
    for args in (("list",), ("show", str(rows["late"]["id"])), ("stats", "--since", "all"), ("history",)):
        out = run(*args)
        assert "Traceback" not in out.output
    assert "late" in run("list").stdout


@pytest.mark.parametrize("stamp", ["5", "2020", "86399"])
def test_tiny_epochs_are_not_1970(run: Run, tmp_path: Path, stamp: str) -> None:
    path = write(tmp_path / "p.csv", f"title,url,time_added,tags,status\nx,https://c.example/,{stamp},,unread\n")
    result = run("import", str(path), code=1)
    assert "out of range (1980-2999)" in result.stderr
    assert run.json("list")[0]["saved_at"] > "2020"


def test_vet_keeps_times_in_range_and_replaces_the_rest() -> None:
    from readlog.model.entry import Entry

    as_of = datetime(2026, 5, 1, tzinfo=timezone.utc)
    ok = datetime(1999, 1, 1, tzinfo=timezone(timedelta(hours=8)))
    e = Entry(title="t", saved_at=ok, read_at=datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=5))))
    keep, problems = vet(e, as_of)
    assert keep
    assert e.saved_at == ok and e.read_at == as_of
    assert len(problems) == 1 and "read time" in problems[0].message


# ---- damaged and oddly shaped files -----------------------------------------------


def test_utf8_cut_inside_a_character_keeps_the_rest(run: Run, tmp_path: Path) -> None:
    text = "title,url,time_added,tags,status\n第一,https://d.example/1,1700000000,,unread\n第二,https://d.example/2,1700000000,,unread\n结"
    path = tmp_path / "cut.csv"
    path.write_bytes(text.encode("utf-8")[:-1])
    result = run("import", str(path), code=1)
    assert "ends in the middle of a character" in result.stderr
    assert "2 added" in result.stdout


def test_deeply_nested_json_is_a_problem_not_a_traceback(run: Run, tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    marked = write(tmp_path / "deep.jsonl", '{"readlog": 1, "x": ' + deep + "}\n")
    first_line = write(tmp_path / "first.json", "{" + '"a":' * 50_000 + "1" + "}" * 50_000 + "\n")
    firefox = write(
        tmp_path / "ff.json",
        '{"type": "text/x-moz-place-container", "children": [' + deep + "]}",
    )
    for path in (marked, first_line, firefox):
        result = run("import", str(path), code=None)
        assert result.exit_code in (1,), result.output
        assert "Traceback" not in result.output
        assert "nested too deeply" in result.stderr or "cannot tell which format" in result.stderr


def test_browser_trees_with_wrong_types_keep_the_good_bookmarks(run: Run, tmp_path: Path) -> None:
    chrome = {
        "roots": {
            "bookmark_bar": {
                "children": [
                    {"type": "folder", "name": "odd", "children": 7},
                    {"type": "url", "name": "kept", "url": "https://e.example/", "date_added": "13300000000000000"},
                ]
            },
            "other": [],
        },
        "version": 1,
    }
    path = write(tmp_path / "Bookmarks", json.dumps(chrome).replace('"version"', '"date_added": 0, "version"'))
    assert "1 added" in run("import", str(path), "--format", "chrome").stdout
    firefox = {
        "type": "text/x-moz-place-container",
        "root": ["placesRoot"],
        "annos": 3,
        "children": [{"type": "text/x-moz-place", "title": "ff", "uri": "https://f.example/", "dateAdded": 1.7e15}],
    }
    assert "1 added" in run("import", str(write(tmp_path / "ff.json", json.dumps(firefox)))).stdout


def test_a_number_too_long_is_named_as_such(run: Run, tmp_path: Path) -> None:
    path = write(
        tmp_path / "wb.json", '[{"title": "x", "url": "https://g.example/", "created_at": ' + "9" * 5000 + "}]"
    )
    err = run("import", str(path), "--format", "wallabag", code=1).stderr
    assert "digits" in err and "nested" not in err


# ---- text is stored clean, so what is shown can be typed back -----------------------


def test_stored_names_are_the_names_filters_match(run: Run, tmp_path: Path) -> None:
    record = {
        "title": "t\x1b]0;owned\x07itle",
        "url": "https://h.example/",
        "domain_name": "x",
        "content": "<p>visible\x1b]8;;https://evil.example/\x1b\\PWNED\x1b]8;;\x1b\\</p>",
        "tags": ["a\u200bb", "c\x00d"],
        "created_at": "2024-01-01T00:00:00Z",
    }
    run("import", str(_wallabag(tmp_path, [record])))
    row = run.json("list")[0]
    assert row["title"] == "title"
    assert row["tags"] == ["ab", "cd"]
    assert run.json("list", "--tag", "ab")[0]["id"] == row["id"]
    names = [s["source"] for s in run.json("sources")]
    assert len(run.json("list", "--source", names[0])) == 1
    shown = run("show", str(row["id"]), "--json").stdout
    assert "\\u001b" not in shown and "evil.example" not in shown
    assert run.json("search", "evil") == []  # the hidden link target is gone, not just hidden
    assert "PWNED" in run.json("search", "PWNED")[0]["snippet"]  # the link's visible text stays


def test_notes_and_tags_typed_with_control_characters(run: Run, tmp_path: Path) -> None:
    _import_one(run, tmp_path, "n", "https://i.example/")
    run("note", "1", "line\x00one\x1b[2J\tindented")
    run("tag", "1", "+x\x00y")
    row = run.json("show", "1")
    assert row["note"] == "lineone\tindented"
    assert row["tags"] == ["xy"]
    assert [t["tag"] for t in run.json("tags")] == ["xy"]
    assert len(run.json("search", "lineone")) == 1


# ---- the library file and the terminal ---------------------------------------------


def test_export_never_writes_over_the_library(run: Run, tmp_path: Path, library: Path) -> None:
    _import_one(run, tmp_path, "keep", "https://j.example/")
    before = library.read_bytes()
    for target in (str(library), f"{library}-wal"):
        assert "that is the library itself" in run("export", "-o", target, "-f", "jsonl", code=1).stderr
        run("export", "-o", target, code=2)  # without --format, .db names no export format
    link = tmp_path / "hard.db"
    os.link(library, link)
    assert "that is the library itself" in run("export", "-o", str(link), "-f", "csv", code=1).stderr
    assert library.read_bytes() == before
    assert run.json("list")[0]["title"] == "keep"


@pytest.mark.parametrize("columns", ["0", "1", "5"])
def test_a_terminal_too_narrow_still_shows_the_list(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    _import_one(run, tmp_path, "visible", "https://k.example/")
    monkeypatch.setenv("COLUMNS", columns)
    assert "visible" in run("list").stdout
    assert "visible" in run("show", "1").stdout


# ---- arguments -------------------------------------------------------------------------


def test_since_today_starts_at_midnight() -> None:
    ref = datetime(2026, 6, 15, 14, 30).astimezone()
    today = parse_when("today", reference=ref, day_start=True)
    assert (today.hour, today.minute, today.date()) == (0, 0, ref.date())
    assert parse_when("yesterday", reference=ref, day_start=True).date() == ref.date() - timedelta(days=1)
    assert parse_when("昨天", reference=ref, day_start=True).hour == 0
    assert parse_when("today", reference=ref) == ref  # --as-of keeps the moment


def test_usage_mistakes_exit_2(run: Run, tmp_path: Path) -> None:
    _import_one(run, tmp_path, "u", "https://l.example/")
    for args in (
        ("star", ""),
        ("tag", "", "+x"),
        ("read", " , "),
        ("--lang", "fr", "list"),
        ("list", "--sort", "bogus"),
    ):
        result = run(*args, code=2)
        assert "Traceback" not in result.output
    assert run.json("list")[0]["starred_at"] is None


def test_usage_errors_are_one_line_on_stderr(tmp_path: Path) -> None:
    env = child_env(tmp_path / "x.db", NO_COLOR="1")
    for args, expect in (
        (["lsit"], "No such command 'lsit'"),
        (["list", "--bogus"], "No such option: --bogus"),
        (["--lang", "fr", "list"], "not a language readlog speaks"),
        (["show"], "Missing argument 'ID'"),
    ):
        done = subprocess.run([*READLOG, *args], capture_output=True, text=True, env=env)
        assert done.returncode == 2
        assert done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("readlog: ") and expect in lines[0], done.stderr


def test_editor_that_deletes_the_file_or_cannot_be_parsed(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _import_one(run, tmp_path, "e", "https://m.example/")
    run("note", "1", "kept")
    monkeypatch.delenv("VISUAL", raising=False)
    remover = write(tmp_path / "rm.py", "import os, sys\nos.remove(sys.argv[1])\n")
    monkeypatch.setenv("EDITOR", f"{sys.executable} {remover}")
    assert "note kept" in run("note", "1").stdout
    monkeypatch.setenv("EDITOR", "vim 'unbalanced")
    err = run("note", "1", code=1).stderr
    assert err.startswith("readlog: $EDITOR is not a command") and len(err.strip().splitlines()) == 1
    assert run.json("show", "1")["note"] == "kept"


def test_links_that_run_code_are_not_kept(run: Run, tmp_path: Path) -> None:
    csv_file = write(
        tmp_path / "p.csv",
        "title,url,time_added,tags,status\n"
        "bad,javascript:alert(document.cookie),1700000000,,unread\n"
        "worse, JavaScript:alert(1),1700000000,,unread\n"
        "inline,data:text/html;base64,PHNjcmlwdD4=,1700000000,,unread\n"
        "fine,https://n.example/,1700000000,,unread\n",
    )
    bookmarklet = write(
        tmp_path / "b.html",
        '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="javascript:void(open(1))">Save it</A>\n</DL>\n',
    )
    result = run("import", str(csv_file), str(bookmarklet), code=1)
    assert result.stderr.count("code, not a page; skipped") == 3  # in the CSV, each on its line
    assert "1 bookmarklet (javascript: links run code, they are not pages); skipped" in result.stderr  # a browser's
    assert [r["title"] for r in run.json("list")] == ["fine"]


def test_a_device_as_the_library_is_refused_clearly(run: Run) -> None:
    for args in (("list",), ("db", "check")):
        err = run("--db", os.devnull, *args, code=1).stderr
        assert err.strip() == f"readlog: {os.devnull}: not a regular file (a device or a pipe); a library is a file"


def test_an_empty_since_or_before_is_refused_not_ignored(run: Run, tmp_path: Path) -> None:
    _import_one(run, tmp_path, "kept", "https://o.example/")
    for option in ("--since", "--before"):
        assert "needs a value" in run("read", "--yes", option, "", code=2).stderr
        run("list", option, " ", code=2)
    assert run.json("list")[0]["read_at"] is None


def test_a_whole_file_json_with_a_huge_number_is_a_problem(run: Run, tmp_path: Path) -> None:
    record = '{"url": "https://p.example/x", "n": ' + "1" * 5000 + "}"
    chrome = '{"roots": {"bookmark_bar": {"children": []}}, "date_added": ' + "1" * 5000 + "}"
    for name, text, fmt in (("links.json", record, "links"), ("Bookmarks", chrome, "chrome")):
        result = run("import", str(write(tmp_path / name, text)), "--format", fmt, code=1)
        assert "digits" in result.stderr and "Traceback" not in result.output


def test_utf32_with_its_byte_order_mark(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "u32.csv"
    path.write_bytes("title,url,time_added,tags,status\nA,https://q.example/1,1700000000,,unread\n".encode("utf-32"))
    assert "1 added" in run("import", str(path)).stdout
