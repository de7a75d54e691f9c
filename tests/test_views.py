"""Saved views (issue 37, item 3): view save / views / view rm, @NAME (and --view) wherever
filters are taken, combined with more filters, kept as typed (a relative --since moves with
the day), undone as any change, and the same through the Python API."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import time_machine

import readlog
from readlog.cli.dispatch import app_for
from readlog.cli.hoisting import viewed

from conftest import Run
from helpers import FIXED_NOW


@pytest.fixture
def shelf(run: Run) -> None:
    """Six entries: tags, sources and saved times to filter on."""
    rows = [
        ("Rust 增量编译", "Rust Blog", ["rust"], 2),
        ("内核调度器", "LWN", ["kernel", "rust"], 5),
        ("B 树", "evening-reads", [], 9),
        ("Regex engines", "Julia Evans", ["rust"], 20),
        ("FTS5 trigram", "SQLite Forum", [], 40),
        ("Parsers", "Parsers Weekly", ["rust"], 60),
    ]
    lines = [
        json.dumps(
            {
                "readlog": 1,
                "title": title,
                "url": f"https://example.org/{i}",
                "source": source,
                "tags": tags,
                "saved_at": (FIXED_NOW - timedelta(days=days)).isoformat(),
            },
            ensure_ascii=False,
        )
        for i, (title, source, tags, days) in enumerate(rows, start=1)
    ]
    run("import", "-", "--format", "jsonl", input="\n".join(lines) + "\n")
    run("read", "3", "4")


def titles(run: Run, *args: str) -> list[str]:
    return [r["title"] for r in run.json("list", *args, "--limit", "0")]


def test_save_list_use_and_remove(run: Run, shelf: None) -> None:
    said = run("view", "save", "rusty", "--unread", "--tag", "rust", "--sort", "title").stdout
    assert said == "view rusty saved: --unread --tag rust --sort title\n"
    assert titles(run, "@rusty") == ["Parsers", "Rust 增量编译", "内核调度器"]  # by title, as saved
    assert titles(run, "--view", "rusty") == titles(run, "@rusty")
    assert titles(run, "@rusty", "--source", "LWN") == ["内核调度器"]  # more filters narrow it
    assert titles(run, "@rusty", "--tag", "kernel") == ["内核调度器"]  # tags add up
    assert titles(run, "@rusty", "--read") == ["Regex engines"]  # a filter given wins over the view's
    assert titles(run, "@RUSTY", "--sort", "saved") == ["Rust 增量编译", "内核调度器", "Parsers"]
    assert run("views").stdout == "@rusty  --unread --tag rust --sort title\n"
    [record] = run.json("views")
    assert record["name"] == "rusty" and record["filters"] == {"sort": "title", "tag": ["rust"], "unread": True}
    assert record["options"] == "--unread --tag rust --sort title"
    assert run("view", "save", "rusty", "--unread", "--tag", "rust", "--sort", "title").stdout.startswith(
        "view rusty unchanged"
    )
    assert run("view", "save", "rusty", "--tag", "rust").stdout == "view rusty changed: --tag rust\n"
    assert run("view", "rm", "@rusty").stdout == "view rusty removed\n"
    assert run("views").stdout == "No saved views yet: readlog view save NAME [FILTERS] saves one.\n"
    result = run("list", "@rusty", code=1)
    assert result.stderr == "readlog: no saved view named rusty (readlog views lists them)\n"


def test_at_name_wherever_filters_are_taken(run: Run, shelf: None, tmp_path: Path) -> None:
    run("view", "save", "old", "--before", "15d")
    assert [r["title"] for r in run.json("search", "@old", "trigram")] == ["FTS5 trigram"]
    assert [r["title"] for r in run.json("next", "@old")] == ["Parsers", "FTS5 trigram"]
    out = tmp_path / "old.md"
    run("export", "@old", "-o", str(out))
    text = out.read_text(encoding="utf-8")
    assert "Parsers" in text and "FTS5 trigram" in text and "Regex engines" in text and "B 树" not in text
    done = run.json("star", "@old", "--unread", "--yes")
    assert sorted(r["title"] for r in done) == ["FTS5 trigram", "Parsers"]
    # history keeps what the view meant then, as options
    assert run.json("history")[0]["command"].startswith("star --unread --before ")


def test_a_word_with_an_at_stays_where_it_is_no_view(run: Run, shelf: None) -> None:
    def rewritten(*args: str) -> list[str]:
        return viewed(list(args), app_for(list(args)))

    assert rewritten("list", "@a", "--tag", "x") == ["list", "--view", "a", "--tag", "x"]
    assert rewritten("view", "save", "b", "@a") == ["view", "save", "b", "--view", "a"]
    assert rewritten("list", "--source", "@home") == ["list", "--source", "@home"]  # an option's value
    assert rewritten("search", "--", "@home") == ["search", "--", "@home"]  # after --
    assert rewritten("note", "3", "@home") == ["note", "3", "@home"]  # note takes no filters
    assert rewritten("edit", "3", "--title", "@x") == ["edit", "3", "--title", "@x"]
    assert rewritten("list", "@") == ["list", "@"]
    run("note", "1", "@home")  # the note is the word as typed
    assert run.json("show", "1")["note"] == "@home"


def test_relative_times_move_with_the_day(
    run: Run, shelf: None, fixed_clock: time_machine.Coordinates, library: Path
) -> None:
    run("view", "save", "week", "--since", "7d")
    assert titles(run, "@week") == ["Rust 增量编译", "内核调度器"]
    assert run.json("views")[0]["filters"] == {"since": "7d"}  # kept as typed
    fixed_clock.move_to(FIXED_NOW + timedelta(days=4))
    assert titles(run, "@week") == ["Rust 增量编译"]


def test_undo_takes_back_a_save_a_change_and_a_removal(run: Run, shelf: None) -> None:
    run("view", "save", "a", "--unread")
    run("view", "save", "a", "--read")
    assert run("undo").stdout.startswith("Undid action")
    assert run.json("views")[0]["filters"] == {"unread": True}  # the change taken back
    run("view", "rm", "a")
    run("undo")
    assert run.json("views")[0]["filters"] == {"unread": True}  # the removal taken back
    run("undo")
    assert run.json("views") == []  # and the save
    assert run.json("history")[0]["undone"] is True


def test_an_older_save_is_not_undone_over_a_later_change(run: Run, shelf: None) -> None:
    run("view", "save", "a", "--unread")
    first = run.json("history")[0]["id"]
    run("view", "save", "b", "--read")
    run("view", "save", "a", "--starred")
    result = run("undo", str(first), "--yes", code=1)
    assert "a view it saved or removed was changed since by action" in result.stderr
    later = run.json("history")[0]["id"]
    run("undo", str(later), "--yes")
    run("undo", str(first), "--yes")
    assert [v["name"] for v in run.json("views")] == ["b"]


@pytest.mark.parametrize("name", ["", "two words", "a@b", "-x", "x" * 65, "a/b"])
def test_a_view_name_is_one_word(run: Run, name: str) -> None:
    result = run("view", "save", "--", name, code=2)
    assert result.stderr.startswith("readlog: not a view name:") and len(result.stderr.splitlines()) == 1


def test_chinese(run: Run, shelf: None) -> None:
    assert run("--lang", "zh", "view", "save", "短文", "--unread").stdout == "视图 短文 已保存：--unread\n"
    assert titles(run, "@短文")[:1] == ["Rust 增量编译"]
    assert run("--lang", "zh", "view", "rm", "短文").stdout == "视图 短文 已删除\n"
    assert (
        run("--lang", "zh", "list", "@短文", code=1).stderr
        == "readlog: 没有名为 短文 的视图（readlog views 列出它们）\n"
    )


def test_the_api(shelf: None, library: Path, fixed_clock: time_machine.Coordinates) -> None:
    with readlog.open(library) as lib:
        saved = lib.save_view("rusty", unread=True, tag="rust", sort="title")
        assert saved.did == "saved" and saved.action is not None
        assert lib.view("@rusty").filters == {"unread": True, "tag": ["rust"], "sort": "title"}
        assert [v.name for v in lib.views()] == ["rusty"]
        assert [e.title for e in lib.entries(view="rusty")] == ["Parsers", "Rust 增量编译", "内核调度器"]
        assert lib.count(view="rusty", source="LWN") == 1
        assert [e.title for e in lib.search("调度", view="rusty")] == ["内核调度器"]
        assert [s.entry.title for s in lib.next(view="rusty", count=1)] == ["Parsers"]
        assert lib.save_view("week", since=FIXED_NOW.date() - timedelta(days=7)).did == "saved"
        assert lib.view("week").filters == {"since": (FIXED_NOW.date() - timedelta(days=7)).isoformat()}
        with pytest.raises(readlog.BadArgument):
            lib.save_view("x", colour="red")
        with pytest.raises(readlog.BadArgument):
            lib.save_view("x", unread="yes")
        with pytest.raises(readlog.BadValue):
            lib.save_view("x", sort="nowhere")
        with pytest.raises(readlog.BadValue):
            lib.save_view("two words", unread=True)
        with pytest.raises(readlog.BadValue):
            lib.save_view("x", since="")
        with pytest.raises(readlog.ReadlogError):
            lib.entries(view="nope")
        with pytest.raises(readlog.ReadlogError):
            lib.remove_view("nope")
        assert lib.remove_view("RUSTY").did == "removed"
        lib.undo()
        assert [v.name for v in lib.views()] == ["rusty", "week"]


def _words(view: Any) -> list[str]:
    return list(view.words())


def test_a_view_reads_back_as_the_options_that_make_it(shelf: None, library: Path) -> None:
    with readlog.open(library) as lib:
        lib.save_view("all", archived=None, starred=True, min_time=3, max_time=9, reverse=True, sort="saved")
        assert _words(lib.view("all")) == [
            "--starred",
            "--min-time",
            "3",
            "--max-time",
            "9",
            "--all",
            "--sort",
            "saved",
            "--reverse",
        ]
