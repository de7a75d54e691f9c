"""The Python API as one facade: in-memory libraries, the types it returns,
counts and filters computed in SQL, transactions, paging, and the methods
that stand for every command."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import readlog
from readlog.core.library import Library

from conftest import Built, with_reading_digest
from helpers import examples

ROOT = Path(__file__).resolve().parent.parent
DIGEST = ROOT / "examples" / "reading-digest.txt"  # five entries, ids 1-5


@pytest.fixture
def lib(built: Built, tmp_path: Path) -> Iterator[Library]:
    """DIGEST's five entries, imported as of 2026-12-01: a copy of the library they were
    imported into once per test process (conftest.with_reading_digest)."""
    with readlog.open(with_reading_digest(built, tmp_path / "api.db")) as opened:
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
    import inspect
    import re

    for name in dir(Library):
        method = getattr(Library, name)
        if name.startswith("_") or not callable(method):
            continue
        returned = str(inspect.signature(method).return_annotation)
        for type_name in re.findall(r"[A-Z]\w*", returned):
            assert type_name in readlog.__all__ or type_name in ("Iterator", "Path", "None"), (name, type_name)
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


# ---- transactions ----------------------------------------------------------------------------


def history_commands(lib: Library) -> list[str]:
    return [a.command for a in lib.history(limit=None)]


def test_a_transaction_is_one_action_and_one_undo(lib: Library) -> None:
    before = history_commands(lib)
    with lib.transaction():
        lib.star([1, 2])
        lib.tag(1, add=["go"])
        lib.mark_read(2)
        lib.note(3, "later")
    assert [e.id for e in lib.entries(starred=True, sort="id", reverse=True)] == [1, 2]
    commands = history_commands(lib)
    assert commands[1:] == before
    assert commands[0] == "star 1 2; tag 1 +go; read 2; note 3"
    assert lib.history(limit=1)[0].summary == "2 of 2 changed; 1 of 1 changed; 1 of 1 changed; note saved"
    undone = lib.undo()
    assert undone.command == commands[0]
    assert sorted((c.entry_id, c.kind) for c in undone.changes) == [
        (1, "starred"),
        (1, "tags"),
        (2, "read"),
        (2, "starred"),
        (3, "note"),
    ]
    assert lib.count(starred=True) == 0 and lib.get(1).tags == () and not lib.get(3).note
    assert not lib.get(2).read


def test_nested_transactions_join_the_outer_one(lib: Library) -> None:
    with lib.transaction():
        lib.star(1)
        with lib.transaction():
            lib.archive(2)
        lib.star(1)  # already starred: changes nothing, and is not in the command
    assert lib.history(limit=1)[0].command == "star 1; archive 2"
    lib.undo()
    assert not lib.get(1).starred and not lib.get(2).archived


def test_an_error_rolls_the_whole_transaction_back(lib: Library) -> None:
    before = history_commands(lib)
    with pytest.raises(RuntimeError), lib.transaction():
        lib.star(1)
        lib.archive(2)
        raise RuntimeError("stop")
    assert history_commands(lib) == before
    assert not lib.get(1).starred and not lib.get(2).archived


def test_an_error_caught_inside_takes_back_only_its_call(lib: Library) -> None:
    with lib.transaction():
        lib.star(1)
        with pytest.raises(readlog.ReadlogError):
            lib.star([2, 99])  # no entry 99: that call changes nothing
        lib.mark_read(3)
    assert lib.history(limit=1)[0].command == "star 1; read 3"
    assert not lib.get(2).starred


def test_a_transaction_that_changes_nothing_records_nothing(lib: Library) -> None:
    before = history_commands(lib)
    with lib.transaction():
        lib.unstar(1)
    assert history_commands(lib) == before


def test_what_cannot_join_a_transaction_says_so(lib: Library) -> None:
    with lib.transaction():
        lib.star(1)
        for call in (lambda: lib.undo(), lambda: lib.fetch([1])):
            with pytest.raises(readlog.BadValue, match="transaction"):
                call()
    assert lib.get(1).starred


def test_the_commands_see_a_transaction_as_one_action(lib: Library, run: object) -> None:
    with lib.transaction():
        lib.star(1)
        lib.archive(1)
    said = run("--db", str(lib.path), "--lang", "zh", "history", "--limit", "1").output  # type: ignore[operator]
    assert "1 条中修改了 1 条；1 条中修改了 1 条" in said and "changed" not in said
    result = run("--db", str(lib.path), "undo", "--yes")  # type: ignore[operator]
    assert "star 1; archive 1" in result.output
    assert not lib.get(1).starred and not lib.get(1).archived


# ---- paging ----------------------------------------------------------------------------------


def test_offset_pages_through_entries_and_search(lib: Library) -> None:
    every = [e.id for e in lib.entries(sort="id")]
    assert [e.id for e in lib.entries(sort="id", limit=2, offset=2)] == every[2:4]
    assert [e.id for e in lib.entries(sort="id", offset=4)] == every[4:]
    assert lib.entries(offset=10) == []
    found = [e.id for e in lib.search("the", limit=0)]
    assert [e.id for e in lib.search("the", limit=1, offset=1)] == found[1:2]
    with pytest.raises(readlog.BadValue):
        lib.entries(offset=-1)
    with pytest.raises(readlog.BadArgument):
        lib.entries(offset="2")  # type: ignore[arg-type]


def test_iter_entries_streams_what_entries_lists(lib: Library) -> None:
    lib.star(3)
    stream = lib.iter_entries(starred=False, sort="title")
    assert iter(stream) is stream
    assert [e.id for e in stream] == [e.id for e in lib.entries(starred=False, sort="title")]
    with pytest.raises(readlog.UsageError):
        lib.iter_entries(sort="nonsense")  # said at once, not when first read
    with pytest.raises(readlog.BadArgument):
        lib.iter_entries(limit=3)


def test_list_and_search_print_what_entries_gives(lib: Library, run: object) -> None:
    """The commands print the entries the API gives: their rows and snippets ride
    along unseen (not in repr, not compared), and the filters only the commands
    had (dead, min_time, max_time) are the API's too."""
    import dataclasses
    import json

    every = lib.entries(archived=None, sort="id")
    entry = every[0]
    assert entry.row["id"] == entry.id and entry.snippets is None
    assert "row=" not in repr(entry) and "snippets" not in repr(entry)
    assert entry == dataclasses.replace(entry, row={}, snippets=("x", ("x", [], "title")))
    lib.archive(2)
    db = str(lib.path)
    listed = json.loads(run("--db", db, "list", "--archived", "--sort", "id", "--json").stdout)  # type: ignore[operator]
    assert [r["id"] for r in listed] == [e.id for e in lib.entries(archived=True, sort="id")] == [2]
    found = lib.search("编译器 OR Rust", limit=0)
    searched = json.loads(run("--db", db, "search", "编译器", "OR", "Rust", "--json").stdout)  # type: ignore[operator]
    assert [(r["id"], r["snippet"]) for r in searched] == [(e.id, e.snippets[0]) for e in found if e.snippets]
    assert (
        len(searched) == len(found) > 0
        and "**" in searched[0]["snippet"]
        and lib.count_about(search="编译器 OR Rust").n == len(found)
    )
    assert lib.count_about() == (lib.count(),) * 3 and lib.count_about().exact
    assert lib.entries(dead=True) == [] and lib.count(dead=True) == 0
    assert lib.entries(min_time=1) == [] and lib.count(max_time=10_000) == 0  # nothing fetched: no reading time
    assert [e.id for e in lib.iter_entries(min_time=1)] == []
    with pytest.raises(readlog.BadValue):
        lib.entries(min_time=-1)


def test_show_prints_what_get_gives_and_marks_read_as_mark_read_does(lib: Library, run: object) -> None:
    import json

    from readlog.render.records import entry_record

    entry = lib.get(4)
    assert entry.row["other_titles"] == [] and "other_titles" not in repr(entry)
    shown = json.loads(run("--db", str(lib.path), "show", "4", "--json", "--mark-read").stdout)  # type: ignore[operator]
    assert shown == json.loads(json.dumps(entry_record(lib.get(4).row))) and shown["read_at"]
    assert lib.get(4).read and lib.history(limit=1)[0].command == "read 4"


def test_the_trash_listing_prints_what_trash_gives(lib: Library, run: object) -> None:
    import json

    lib.rm([1, 2, 3])
    db = str(lib.path)
    listed = json.loads(run("--db", db, "trash", "--json").stdout)  # type: ignore[operator]
    trashed = lib.trash()
    assert [r["id"] for r in listed] == [t.id for t in trashed] and {t.id for t in trashed} == {1, 2, 3}
    assert [r["title"] for r in listed] == [t.row["title"] for t in trashed] and "row=" not in repr(trashed[0])
    assert lib.trash_count() == 3 and len(lib.trash(limit=2)) == 2 and lib.trash_count(older_than="2000-01-01") == 0
    out = run("--db", db, "trash", "--limit", "2").stdout  # type: ignore[operator]
    assert "2" in out and "3" in out.splitlines()[-1]  # the footer counts all three


def test_export_says_what_the_command_reports(lib: Library, tmp_path: Path) -> None:
    import io

    assert readlog.Library.export_format(None, "a.md") == lib.export_format("md") == "markdown"
    assert readlog.Library.export_format(None) == readlog.Library.export_format(None, "-") == "jsonl"
    with pytest.raises(readlog.BadValue):
        readlog.Library.export_format(None, "a.bogus")
    with pytest.raises(readlog.BadArgument):
        readlog.Library.export_format(3)  # type: ignore[arg-type]
    lib.store.conn.execute("UPDATE entries SET url = 'https://example.com/a' WHERE id = 1")
    done = lib.export(None, tmp_path / "all.jsonl")
    assert done == 5 and done.skipped == 0 and done.format == "jsonl" and repr(done) == "5"
    html = lib.export("html", io.BytesIO())
    assert (html, html.skipped, html.format) == (1, 4, "html")  # a bookmark file holds only entries with a link


def test_has_text_is_the_same_however_the_entry_is_read(lib: Library) -> None:
    lib.store.conn.execute("UPDATE entries SET text = 'An article.' WHERE id = 1")
    assert lib.get(1).has_text and not lib.get(2).has_text
    assert {e.id: e.has_text for e in lib.entries()} == {e.id: e.id == 1 for e in lib.entries()}
    assert [e.has_text for e in lib.iter_entries(archived=None) if e.id == 1] == [True]


# ---- every command has a method ------------------------------------------------------------

# Each command of ``readlog`` and the Library methods a script calls for it. A
# command added without a method (or a line here) fails the test below.
COMMAND_METHODS: dict[str, tuple[str, ...]] = {
    "import": ("import_path", "import_paths", "check_import"),
    "add": ("add", "add_many", "check_add"),
    "fetch": ("fetch",),
    "export": ("export",),
    "list": ("entries", "iter_entries", "count"),
    "search": ("search",),
    "show": ("get", "article"),
    "star": ("star", "plan", "apply"),
    "unstar": ("unstar", "plan", "apply"),
    "read": ("mark_read", "plan", "apply"),
    "unread": ("mark_unread", "plan", "apply"),
    "archive": ("archive", "plan", "apply"),
    "unarchive": ("unarchive", "plan", "apply"),
    "tag": ("tag", "plan", "apply"),
    "tags": ("tags",),
    "note": ("note",),
    "progress": ("progress",),
    "next": ("next",),
    "views": ("views",),
    "view save": ("save_view", "view"),
    "view rm": ("remove_view",),
    "follow": ("follow",),
    "feeds": ("feeds", "feeds_opml"),
    "unfollow": ("unfollow",),
    "refresh": ("refresh",),
    "highlight": ("highlight",),
    "highlights": ("highlights",),
    "edit": ("edit", "edit_form"),
    "rm": ("rm", "plan", "apply"),
    "trash": ("trash", "empty_trash"),
    "restore": ("restore",),
    "undo": ("undo", "undoable"),
    "history": ("history",),
    "open": ("link", "open_link"),
    "sources": ("sources",),
    "categories": ("categories",),
    "stats": ("stats",),
    "backup": ("backup",),
    "sync": ("sync", "sync_status", "sync_forget"),
    "db check": ("check",),
    "db backup": ("backup",),
    "db rebuild-index": ("rebuild_index",),
}
# Commands that are no operation on a library, and why.
NOT_OF_A_LIBRARY = {
    "triage": "a screen: it calls the methods above (rows, matches, star, tag, note, undoable, undo, ...)",
    "config": "the command line's own settings file",
    "completion": "the shell's completion script",
    "db": "a group of the commands above",
    "view": "a group of the commands above",
    "db restore": "puts a backup in place of the library file, which must not be open meanwhile",
}


def test_every_command_maps_to_library_methods() -> None:
    import typer

    from readlog.cli import app

    root = typer.main.get_command(app)

    def names(group: object, prefix: str = "") -> list[str]:
        ctx = group.context_class(group)  # type: ignore[attr-defined]
        found = []
        for name in group.list_commands(ctx):  # type: ignore[attr-defined]
            command = group.get_command(ctx, name)  # type: ignore[attr-defined]
            found.append(prefix + name)
            if hasattr(command, "list_commands"):
                found += names(command, f"{prefix}{name} ")
        return found

    commands = names(root)
    assert sorted(commands) == sorted({*COMMAND_METHODS, *NOT_OF_A_LIBRARY})
    for command, methods in COMMAND_METHODS.items():
        for method in methods:
            assert callable(getattr(Library, method, None)), (command, method)


# ---- the methods of the commands -----------------------------------------------------------


def test_plan_then_apply_changes_what_the_plan_showed(lib: Library) -> None:
    plan = lib.plan("star", source="Morning Paper Club - systems")
    assert plan.ids == (3,) and plan.matched == 1
    assert plan.command == "star --source 'Morning Paper Club - systems'"
    assert not lib.get(3).starred  # a plan changes nothing
    done = lib.apply(plan)
    assert done.changed == (3,) and lib.get(3).starred
    assert lib.history(limit=1)[0].command == plan.command
    again = lib.plan("star", source="Morning Paper Club - systems")
    assert again.ids == () and again.matched == 1
    assert lib.apply(again).action is None
    tagged = lib.apply(lib.plan("tag", add=["later"], unread=True))
    assert len(tagged.changed) == 5 and all("later" in e.tags for e in lib.entries())
    lib.undo()
    assert lib.tags() == []
    trashed = lib.apply(lib.plan("rm", starred=True))
    assert trashed.changed == (3,) and [t.id for t in lib.trash()] == [3]


def test_plan_refuses_what_the_commands_refuse(lib: Library) -> None:
    with pytest.raises(readlog.BadValue):
        lib.plan("star")  # no filter: which entries?
    with pytest.raises(readlog.BadValue):
        lib.plan("explode", unread=True)
    with pytest.raises(readlog.BadValue):
        lib.plan("star", starred=False)
    with pytest.raises(readlog.BadValue):
        lib.plan("star", unread=True, add=["x"])
    with pytest.raises(readlog.BadArgument):
        lib.apply("star")  # type: ignore[arg-type]


def test_edit_rm_restore_and_the_trash_are_the_commands(lib: Library, run: object) -> None:
    edited = lib.edit(2, title="A better title", summary="")
    assert edited.fields == ("title", "summary") and edited.changed == (2,)
    assert lib.get(2).title == "A better title"
    assert lib.edit(2, title="A better title").action is None
    with pytest.raises(readlog.BadValue):
        lib.edit(2, url="javascript:alert(1)")
    with pytest.raises(readlog.ReadlogError):
        lib.edit(99, title="x")
    removed = lib.rm([1, 4])
    assert removed.changed == (1, 4) and lib.count() == 3
    with pytest.raises(readlog.ReadlogError):
        lib.get(1)
    listed = lib.trash()
    assert sorted(t.id for t in listed) == [1, 4] and all(t.action == removed.action for t in listed)
    assert lib.restore(1).changed == (1,)
    preview = lib.empty_trash(dry_run=True)
    assert preview.ids == (4,) and preview.dry_run and lib.trash()
    lib.rm(5)
    gone = lib.empty_trash(only=preview.ids)  # only what the dry run showed
    assert gone.ids == (4,) and [t.id for t in lib.trash()] == [5]
    out = run("--db", str(lib.path), "history", "--limit", "3")  # type: ignore[operator]
    assert "trash --empty" in out.output and "rm 5" in out.output


def test_what_the_library_holds(lib: Library) -> None:
    lib.tag([1, 2], add=["go"])
    lib.mark_read(1)
    assert [(t.name, t.entries, t.unread) for t in lib.tags()] == [("go", 2, 1)]
    sources = lib.sources()
    assert sum(s.entries for s in sources) == 5 and all(s.latest_saved for s in sources)
    assert sum(c.entries for c in lib.categories()) == 5
    stats = lib.stats(since="all")
    assert stats.total == 5 and stats.read == 1
    assert lib.article(1) == ""
    with pytest.raises(readlog.ReadlogError):
        lib.link(1)  # the digest's first entry has no link of its own
    entry = lib.add("https://example.com/post")
    assert lib.link(entry.id) == "https://example.com/post"
    with lib.store.transaction():
        lib.store.conn.execute("UPDATE entries SET text = ? WHERE id = ?", ("# Heading\n\nBody.", entry.id))
    assert lib.article(entry.id) == "# Heading\n\nBody."


def test_the_file_methods(lib: Library, tmp_path: Path) -> None:
    checked = lib.check()
    assert checked.ok and checked.problems == () and checked.report["entries"] == 5
    assert lib.rebuild_index() == 5
    copy = lib.backup(tmp_path / "copy.db")
    assert copy == tmp_path / "copy.db"
    with readlog.open(copy) as again:
        assert again.count() == 5
    with pytest.raises(readlog.ReadlogError):
        lib.backup(tmp_path / "copy.db")  # never over a file unless forced
    assert lib.backup(tmp_path / "copy.db", force=True) == copy
    with lib.transaction(), pytest.raises(readlog.BadValue):
        lib.empty_trash()
    with readlog.open(memory=True) as scratch:
        assert scratch.check().ok
        with pytest.raises(readlog.BadValue):
            scratch.backup()


def test_undo_takes_back_what_its_dry_run_showed_or_nothing(lib: Library) -> None:
    first = lib.star(1).action
    lib.tag(2, add=["x"])
    preview = lib.undo(first, dry_run=True)
    assert preview.dry_run and [c.entry_id for c in preview.changes] == [1]
    done = lib.undo(first, expect=preview)
    assert not done.dry_run and not lib.get(1).starred
    again = lib.undo(dry_run=True)
    lib.tag(2, add=["y"])  # the newest action is no longer the one the dry run showed
    with pytest.raises(readlog.ReadlogError):
        lib.undo(expect=again)
    assert lib.get(2).tags == ("x", "y")
    with pytest.raises(readlog.BadArgument):
        lib.undo(expect="yes")  # type: ignore[arg-type]


def test_undoable_is_what_undo_takes_and_undo_expecting_it_takes_only_that(lib: Library) -> None:
    with readlog.open(memory=True) as empty:
        assert empty.undoable() is None
    star = lib.star(1).action
    newest = lib.undoable()
    assert newest is not None and (newest.id, newest.command, newest.undone) == (star, "star 1", False)
    assert lib.get(1).starred  # asking reverts nothing
    lib.tag(2, add=["x"])  # recorded after the action was shown (another readlog, say)
    for call in (lambda: lib.undo(expect=newest), lambda: lib.undo(star, expect=lib.undoable())):
        with pytest.raises(readlog.ReadlogError) as caught:
            call()
        assert caught.value.key == "undo_changed_meanwhile"
    assert lib.get(2).tags == ("x",) and lib.get(1).starred  # nothing was undone
    tagged = lib.undoable()
    assert tagged is not None and lib.undo(expect=tagged, dry_run=True).dry_run and lib.get(2).tags == ("x",)
    done = lib.undo(expect=tagged)
    assert (done.action, done.moved) == (tagged.id, False) and lib.get(2).tags == ()
    lib.rm(3)
    moved = lib.undo(expect=lib.undoable())
    assert moved.moved and lib.get(3).id == 3  # back from the trash: a list must be read again
    lib.rm(4)
    lib.empty_trash()
    with pytest.raises(readlog.ReadlogError) as caught:
        lib.undoable()  # why not, before anything is tried: as undo() says it
    with pytest.raises(readlog.ReadlogError) as undone:
        lib.undo()
    assert caught.value.key == undone.value.key == "undo_emptied" and str(caught.value) == str(undone.value)


def test_rows_are_the_entries_as_the_list_draws_them(lib: Library) -> None:
    lib.star(2)
    lib.note(3, "a note")
    filters: dict[str, Any]
    for filters in ({}, {"unread": True}, {"starred": True}, {"search": "编译器"}, {"archived": None}):
        entries = lib.entries(**filters)
        rows = lib.rows(**filters)
        assert [row["id"] for row in rows] == [entry.id for entry in entries]
        for row, entry in zip(rows, entries, strict=True):
            assert (row["title"], bool(row["starred_at"]), bool(row["has_note"])) == (
                entry.title,
                entry.starred,
                bool(entry.note),
            )
            assert ("_snippet" in row) == ("search" in filters)
            if "search" in filters:
                assert entry.snippets is not None and row["_snippet"] == entry.snippets[1]
    assert [row["id"] for row in lib.rows(limit=2, offset=1)] == [entry.id for entry in lib.entries(limit=2, offset=1)]
    assert "summary" not in lib.rows(limit=1)[0]  # no long text is read
    with pytest.raises(readlog.BadValue):
        lib.rows(limit=-1)
    with pytest.raises(readlog.BadArgument):
        lib.rows(sort="id")


def test_matches_says_whether_the_filters_select_an_entry_as_it_is_now(lib: Library) -> None:
    assert lib.matches(1) and lib.matches(1, unread=True) and not lib.matches(1, unread=False)
    lib.mark_read(1)
    assert lib.matches(1, unread=False) and not lib.matches(1, unread=True)
    lib.archive(1)
    assert not lib.matches(1) and lib.matches(1, archived=True) and lib.matches(1, archived=None)
    assert not lib.matches(99)
    found = [entry.id for entry in lib.search("编译器")]
    assert found and [i for i in range(1, 6) if lib.matches(i, search="编译器")] == sorted(found)
    with pytest.raises(readlog.BadArgument):
        lib.matches(1, colour="red")


def test_edit_form_stores_only_what_the_form_changed(lib: Library) -> None:
    was = lib.get(2)
    lib.edit(2, category="Meanwhile")  # changed after the form was written, and not in it
    form = {"title": "From the form", "category": was.category, "url": was.url, "summary": was.summary}
    done = lib.edit_form(2, form, was=was)
    assert (done.fields, done.changed) == (("title",), (2,))
    after = lib.get(2)
    assert (after.title, after.category) == ("From the form", "Meanwhile")
    assert lib.history(limit=1)[0].command == "edit 2"
    same = lib.edit_form(2, {"title": "From the form", "category": "Meanwhile"})  # against what is stored now
    assert (same.action, same.unchanged, same.fields) == (None, (2,), ())
    with pytest.raises(readlog.BadValue) as caught:
        lib.edit_form(2, {"published": "someday"})
    assert str(caught.value).startswith("published: ")  # the form's name for it, not --published
    with pytest.raises(readlog.ReadlogError):
        lib.edit_form(99, {"title": "x"})
    assert lib.undo().command == "edit 2" and lib.get(2).title == was.title


def test_open_link_hands_the_link_to_the_browser(lib: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    from readlog.core import actions

    opened: list[str] = []
    monkeypatch.setattr(actions, "launch", lambda url: not opened.append(url))
    entry = lib.add("https://example.com/post")
    assert lib.open_link(entry.id) == lib.link(entry.id) == "https://example.com/post"
    with pytest.raises(readlog.ReadlogError):
        lib.open_link(1)  # the digest's first entry has no link of its own
    assert opened == ["https://example.com/post"]
    monkeypatch.setattr(actions, "launch", lambda url: False)
    with pytest.raises(readlog.ReadlogError) as caught:
        lib.open_link(entry.id)
    assert caught.value.key == "no_browser" and "https://example.com/post" in str(caught.value)


# ---- a transaction, whatever it holds, is undone whole ---------------------------------------

STEPS = st.lists(
    st.tuples(
        st.sampled_from(["star", "unstar", "mark_read", "mark_unread", "archive", "unarchive", "tag", "note", "rm"]),
        st.lists(st.integers(1, 6), min_size=1, max_size=3),
    ),
    min_size=1,
    max_size=6,
)


def _state(lib: Library) -> list[tuple[object, ...]]:
    return [(e.id, e.read, e.starred, e.archived, e.tags, e.note) for e in lib.entries(archived=None, sort="id")] + [
        ("trash", t.id) for t in lib.trash()
    ]


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS, fail=st.booleans())
def test_any_transaction_is_one_undo_or_nothing(tmp_path: Path, steps: list[tuple[str, list[int]]], fail: bool) -> None:
    with readlog.open(memory=True) as lib:
        lib.import_path(DIGEST, as_of="2026-12-01")
        before, actions = _state(lib), len(lib.history(limit=None))
        try:
            with lib.transaction():
                for method, ids in steps:
                    try:
                        if method == "tag":
                            lib.tag(ids, add=["t"])
                        elif method == "note":
                            lib.note(ids[0], "n")
                        else:
                            getattr(lib, method)(ids)
                    except readlog.ReadlogError:
                        pass  # an unknown id (6) or one in the trash: that call changes nothing
                if fail:
                    raise RuntimeError("stop")
        except RuntimeError:
            pass
        recorded = len(lib.history(limit=None)) - actions
        if fail or recorded == 0:  # rolled back, or nothing in it changed anything
            assert _state(lib) == before and recorded == 0
            return
        assert recorded == 1
        lib.undo()
        assert _state(lib) == before


def test_an_id_no_entry_can_have_is_refused_as_the_commands_always_did(lib: Library, run: object) -> None:
    """Through the Library, ``star 0`` and ``restore 0`` still name the id and say nothing changed."""
    said = run("--db", str(lib.path), "star", "0", "2", code=1)  # type: ignore[operator]
    assert "no entry with id 0; nothing was changed" in said.output
    said = run("--db", str(lib.path), "restore", "0", code=1)  # type: ignore[operator]
    assert "no entry with id 0 in the trash; nothing was changed" in said.output
    assert not lib.get(2).starred
