"""The Python API (readlog.open -> Library): each method against temporary
libraries, its changes recorded and undone like the commands', and what
``import readlog`` loads."""

from __future__ import annotations

import dataclasses
import io
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import readlog
from readlog.core.library import Library

from conftest import Built, Run, with_reading_digest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DIGEST = EXAMPLES / "reading-digest.txt"  # five entries, ids 1-5


@pytest.fixture
def lib(built: Built, tmp_path: Path) -> Iterator[Library]:
    """DIGEST's five entries, imported as of 2026-12-01: a copy of the library they were
    imported into once per test process (conftest.with_reading_digest)."""
    with readlog.open(with_reading_digest(built, tmp_path / "api.db")) as opened:
        yield opened


def export_text(lib: Library) -> str:
    buffer = io.StringIO()
    lib.export("jsonl", buffer)
    return buffer.getvalue()


# ---- the package ----------------------------------------------------------------------------


def test_all_names_resolve_and_version_is_the_leaf_modules() -> None:
    from readlog.model.version import __version__

    assert readlog.__version__ == __version__
    for name in readlog.__all__:
        assert getattr(readlog, name) is not None, name
    assert readlog.Entry.__module__ == "readlog.model.record"
    assert readlog.Library is Library
    assert issubclass(readlog.UsageError, readlog.ReadlogError)
    with pytest.raises(AttributeError):
        readlog.no_such_name  # noqa: B018


def test_open_without_a_path_is_the_library_the_cli_uses(library: Path, run: Run) -> None:
    run("import", str(DIGEST), "--as-of", "2026-12-01")
    with readlog.open() as lib:
        assert lib.path == library
        assert len(lib.entries()) == 5


def test_a_closed_library_says_so(tmp_path: Path) -> None:
    lib = readlog.open(tmp_path / "x.db")
    lib.close()
    lib.close()  # twice is harmless
    with pytest.raises(readlog.ReadlogError, match="closed"):
        lib.entries()


SCRIPT = """
import io, sys
import readlog
with readlog.open(sys.argv[1]) as lib:
    lib.import_path(sys.argv[2], as_of="2026-12-01")
    first = lib.entries(unread=True)[0]
    lib.star(first.id)
    lib.tag(first.id, add="x")
    assert lib.search("编译器")
    lib.undo()
    lib.export("jsonl", io.BytesIO())
    lib.export("markdown", io.StringIO())
heavy = ("typer", "rich", "textual", "click", "httpx", "trafilatura", "pycrdt", "readlog.sync")
print(" ".join(m for m in heavy if m in sys.modules))
"""


def test_the_api_loads_no_ui_or_network_library(tmp_path: Path) -> None:
    db = tmp_path / "lib.db"
    readlog.open(db).close()  # created here: making a library loads sqlite_utils (and it, click)
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(db), str(DIGEST)], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "", result.stdout


def test_making_a_new_library_loads_no_ui_library_of_readlogs_own(tmp_path: Path) -> None:
    code = (
        "import sys, readlog\n"
        "readlog.open(sys.argv[1]).close()\n"
        "print(' '.join(m for m in ('typer', 'rich', 'textual', 'httpx', 'trafilatura') if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "new.db")], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


# ---- importing ------------------------------------------------------------------------------


def test_import_report_and_reimport_adds_nothing(lib: Library) -> None:
    before = export_text(lib)
    report = lib.import_path(str(DIGEST), as_of="2026-12-01")
    assert (report.added, report.updated, report.unchanged, report.skipped) == (0, 0, 5, 0)
    assert report.ok and report.problems == () and report.errors == ()
    (file,) = report.files
    assert file.name == str(DIGEST) and file.format == "digest" and file.unchanged == 5
    assert export_text(lib) == before


def test_import_a_directory_reports_each_file(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(EXAMPLES / "pocket.csv", folder)
    shutil.copy(EXAMPLES / "feed.xml", folder)
    with readlog.open(tmp_path / "d.db") as lib:
        report = lib.import_path(folder)
        assert len(report.files) == 2 and report.added == sum(f.added for f in report.files) > 2
        assert {f.format for f in report.files} == {"pocket", "feed"}


def test_import_problems_are_reported_not_raised(lib: Library, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"readlog": 1, "title": "ok", "url": "https://a.example/1"}\n{not json\n', encoding="utf-8")
    report = lib.import_path(bad)
    assert report.added == 1 and not report.ok
    assert report.problems and report.problems[0].line == 2


def test_import_errors(lib: Library, tmp_path: Path) -> None:
    with pytest.raises(readlog.ReadlogError):
        lib.import_path(tmp_path / "missing.txt")
    with pytest.raises(readlog.UsageError, match="format"):
        lib.import_path(DIGEST, format="nonsense")
    with pytest.raises(readlog.BadValue, match="as_of"):
        lib.import_path(DIGEST, as_of="not a date")


def test_as_of_takes_a_datetime(tmp_path: Path) -> None:
    from datetime import datetime, timezone

    stamped = tmp_path / "saved.txt"
    shutil.copy(EXAMPLES / "read-later.txt", stamped)
    with readlog.open(tmp_path / "a.db") as one, readlog.open(tmp_path / "b.db") as two:
        one.import_path(stamped, as_of="2026-12-01T12:00:00+00:00")
        two.import_path(stamped, as_of=datetime(2026, 12, 1, 12, tzinfo=timezone.utc))
        assert [e.saved_at for e in one.entries()] == [e.saved_at for e in two.entries()]


# ---- reading --------------------------------------------------------------------------------


def test_entries_are_frozen_records_with_aware_times(lib: Library) -> None:
    entry = lib.get(4)
    assert isinstance(entry, readlog.Entry)
    assert entry.id == 4 and entry.source == "Rust Blog" and entry.category == "技术文章"
    assert entry.saved_at is not None and entry.saved_at.tzinfo is not None
    assert entry.published is not None and entry.published.isoformat() == "2026-10-30"
    assert (entry.read, entry.starred, entry.archived, entry.tags, entry.note) == (False, False, False, (), "")
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.title = "changed"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del entry.note


def test_an_entry_behaves_as_the_frozen_dataclass_its_fields_declare(lib: Library) -> None:
    """Entry's methods are written out (not generated at import, which costs ~2.5 ms
    a command): they must still be what @dataclass(frozen=True) would make of its
    fields, whatever field is added later."""
    import inspect

    fields = dataclasses.fields(readlog.Entry)
    assert list(inspect.signature(readlog.Entry).parameters) == [f.name for f in fields]
    entry = lib.get(4)
    compared = [f.name for f in fields if f.compare]
    assert compared == [f.name for f in fields if f.repr] and "row" not in compared
    Model = dataclasses.make_dataclass(
        "Entry", [(f.name, f.type, f) for f in fields], frozen=True, namespace={"__qualname__": "Entry"}
    )
    model = Model(**{f.name: getattr(entry, f.name) for f in fields})
    assert repr(entry) == repr(model)
    assert hash(entry) == hash(model)
    changed = dataclasses.replace(entry, title="another", row={})
    assert changed != entry and changed.title == "another" and changed.row == {}
    assert dataclasses.replace(entry, row={}, snippets=None) == entry
    assert dataclasses.asdict(entry)["title"] == entry.title
    assert entry != model  # another class, as two dataclasses are


def test_get_unknown_or_trashed_ids(lib: Library, run: Run, library: Path) -> None:
    with pytest.raises(readlog.ReadlogError, match="no entry with id 99"):
        lib.get(99)
    with pytest.raises(readlog.ReadlogError, match="no entry with id 0"):
        lib.get(0)
    with pytest.raises(readlog.UsageError):
        lib.get("3")  # type: ignore[arg-type]
    with readlog.open(library) as cli_lib:
        cli_lib.import_path(DIGEST, as_of="2026-12-01")
    run("rm", "3")
    with readlog.open() as cli_lib, pytest.raises(readlog.ReadlogError, match="in the trash"):
        cli_lib.get(3)


def test_entries_filters(lib: Library) -> None:
    assert [e.id for e in lib.entries()] == [e.id for e in lib.entries(unread=True)]
    assert len(lib.entries()) == 5 and lib.count() == 5
    lib.mark_read([1, 2])
    lib.star(2)
    lib.archive(5)
    assert {e.id for e in lib.entries(unread=False)} == {1, 2}
    assert {e.id for e in lib.entries(unread=True)} == {3, 4}
    assert [e.id for e in lib.entries(starred=True)] == [2]
    assert {e.id for e in lib.entries(starred=False)} == {1, 3, 4}
    assert lib.count(starred=False) == 3
    assert [e.id for e in lib.entries(archived=True)] == [5]
    assert len(lib.entries(archived=None)) == 5
    assert [e.id for e in lib.entries(source="rust blog")] == [4]
    assert len(lib.entries(limit=2)) == 2
    assert [e.id for e in lib.entries(sort="id", reverse=True)] == [1, 2, 3, 4]
    lib.tag([1, 4], add=["a", "b"])
    lib.tag(1, remove="b")
    assert {e.id for e in lib.entries(tag="a")} == {1, 4}
    assert [e.id for e in lib.entries(tag=["a", "b"])] == [4]
    with pytest.raises(readlog.UsageError):
        lib.entries(limit=-1)
    with pytest.raises(readlog.UsageError):
        lib.entries(source="  ")
    with pytest.raises(readlog.UsageError):
        lib.count(colour="red")


def test_search(lib: Library) -> None:
    assert [e.id for e in lib.search("编译器")] == [4]
    assert [e.id for e in lib.search("编译器", unread=False)] == []
    assert len(lib.search("推荐收录", limit=2)) == 2
    with pytest.raises(readlog.UsageError):
        lib.search("  ")


# ---- changing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "undo_method", "field"),
    [("star", "unstar", "starred"), ("mark_read", "mark_unread", "read"), ("archive", "unarchive", "archived")],
)
def test_state_changes(lib: Library, method: str, undo_method: str, field: str) -> None:
    change = getattr(lib, method)([3, 4])
    assert change.changed == (3, 4) and change.unchanged == ()
    assert getattr(lib.get(3), field) and getattr(lib.get(4), field)
    again = getattr(lib, method)(3)
    assert again.changed == () and again.unchanged == (3,)
    back = getattr(lib, undo_method)(range(3, 5))
    assert back.changed == (3, 4)
    assert not getattr(lib.get(3), field)
    recorded = {"mark_read": "read", "mark_unread": "unread"}
    assert lib.history(1)[0].command == f"{recorded.get(undo_method, undo_method)} 3 4"


def test_state_changes_are_recorded_like_the_commands(lib: Library) -> None:
    lib.star([3, 4])
    lib.mark_read(2)
    lib.archive(1)
    lib.unarchive(1)
    lib.mark_unread(2)
    lib.unstar(4)
    commands = [a.command for a in lib.history(6)]
    assert commands == ["unstar 4", "unread 2", "unarchive 1", "archive 1", "read 2", "star 3 4"]


def test_unknown_ids_change_nothing(lib: Library) -> None:
    before = export_text(lib)
    actions = len(lib.history(0))
    for call in (
        lambda: lib.star([1, 99]),
        lambda: lib.mark_read(99),
        lambda: lib.archive([2, 3, 2**70]),
        lambda: lib.tag([1, 99], add="x"),
        lambda: lib.note(99, "hello"),
    ):
        with pytest.raises(readlog.ReadlogError):
            call()
    for bad in ([], "3", [True], [1.5], None):
        with pytest.raises(readlog.UsageError):
            lib.star(bad)  # type: ignore[arg-type]
    assert export_text(lib) == before and len(lib.history(0)) == actions


def test_tag_and_note(lib: Library) -> None:
    change = lib.tag([1, 2], add=["Rust", "later"])
    assert change.changed == (1, 2)
    assert lib.get(1).tags == ("Rust", "later")
    lib.tag(1, remove="later")
    assert lib.get(1).tags == ("Rust",)
    assert lib.history(1)[0].command == "tag 1 -later"
    for add, remove in ((["  "], ()), ((), ()), ("x", "x"), ([3], ())):
        with pytest.raises(readlog.UsageError):
            lib.tag(1, add=add, remove=remove)  # type: ignore[arg-type]
    assert lib.note(2, "  first\tline \n").changed == (2,)
    assert lib.get(2).note == "first\tline"
    assert lib.note(2, "first\tline").unchanged == (2,)
    assert lib.note(2, None).changed == (2,) and lib.get(2).note == ""
    assert lib.history(1)[0].command == "note 2 --clear"


def test_add(lib: Library, run: Run) -> None:
    entry = lib.add("https://example.com/post", tags=["x", "x"], star=True, note="n", category="c")
    assert entry.url == "https://example.com/post" and entry.source == "example.com"
    assert entry.tags == ("x",) and entry.starred and entry.note == "n" and entry.category == "c"
    again = lib.add("https://EXAMPLE.com/post", read=True)
    assert again.id == entry.id and again.read
    assert len(lib.entries()) == 6
    with pytest.raises(readlog.UsageError):
        lib.add("ftp://example.com/x")
    assert lib.history(1)[0].command.startswith("add ")


def test_add_a_link_in_the_trash(tmp_path: Path, library: Path, run: Run) -> None:
    run("add", "https://example.com/gone", "--no-fetch")
    run("rm", "1")
    with readlog.open() as lib, pytest.raises(readlog.ReadlogError, match="in the trash"):
        lib.add("https://example.com/gone")


# ---- history and undo -----------------------------------------------------------------------


def test_undo_reverts_api_changes_one_by_one(lib: Library) -> None:
    start = export_text(lib)
    lib.star(1)
    starred = export_text(lib)
    lib.tag(1, add="x")
    undone = lib.undo()
    assert undone.command == "tag 1 +x" and [c.kind for c in undone.changes] == ["tags"] and not undone.dry_run
    assert export_text(lib) == starred
    dry = lib.undo(dry_run=True)
    assert dry.dry_run and dry.command == "star 1" and export_text(lib) == starred
    lib.undo()
    assert export_text(lib) == start
    history = lib.history(3)
    assert [a.undone for a in history] == [True, True, False]
    assert history[0].undone_at is not None and history[2].command.startswith("import ")
    lib.undo()  # the import
    assert lib.entries() == []
    with pytest.raises(readlog.ReadlogError, match="nothing to undo"):
        lib.undo()


def test_api_and_commands_share_history_and_undo(library: Path, run: Run) -> None:
    with readlog.open() as lib:
        lib.import_path(DIGEST, as_of="2026-12-01")
        lib.star(2)
        lib.note(2, "from python")
    shown = run.json("history")
    assert [a["command"] for a in shown[:2]] == ["note 2", "star 2"]
    run("undo")
    with readlog.open() as lib:
        assert lib.get(2).note == "" and lib.get(2).starred
        run("archive", "3")
        assert lib.undo().command == "archive 3"
        assert not lib.get(3).archived
        assert lib.undo().command == "star 2"
    assert run.json("show", "2")["starred_at"] is None


def test_history_limit(lib: Library) -> None:
    lib.star(1)
    lib.star(2)
    assert len(lib.history(0)) == 3 and len(lib.history(2)) == 2
    assert lib.history(1)[0].changes == 1 and lib.history(0)[-1].changes == 5
    with pytest.raises(readlog.UsageError):
        lib.history(-1)


# ---- export ---------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["jsonl", "json", "csv", "markdown", "html"])
def test_export_formats_to_a_path_and_to_streams(lib: Library, tmp_path: Path, fmt: str, run: Run) -> None:
    path = tmp_path / f"out.{fmt}"
    assert lib.export(fmt, path) == 5 - (fmt == "html") * len([e for e in lib.entries() if not e.url])
    binary = io.BytesIO()
    lib.export(fmt, binary)
    text = io.StringIO()
    lib.export(fmt, str(path) + ".2")
    lib.export(fmt, text)
    assert path.read_bytes() == binary.getvalue() == Path(str(path) + ".2").read_bytes()
    assert text.getvalue().encode("utf-8") == binary.getvalue()


def test_export_is_the_commands_export(lib: Library, run: Run, tmp_path: Path) -> None:
    lib.archive(3)
    path = tmp_path / "api.jsonl"
    lib.export(None, path)  # by extension
    cli = tmp_path / "cli.jsonl"
    run("--db", str(lib.path), "export", "-o", str(cli))
    assert path.read_text(encoding="utf-8") == cli.read_text(encoding="utf-8")
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 5
    starred = io.StringIO()
    lib.star(4)
    assert lib.export("jsonl", starred, starred=True) == 1
    with pytest.raises(readlog.UsageError):
        lib.export("pdf", io.BytesIO())
    assert lib.export("jsonl", io.BytesIO(), starred=False) == 4  # filtered in SQL, as entries() and count() are
    with pytest.raises(readlog.ReadlogError):
        lib.export("jsonl", lib.path)  # never over the library itself
    assert lib.get(1)  # still there


# ---- any changes, as many undos: the library as it was ----------------------------------------

CHANGE = st.one_of(
    st.tuples(
        st.sampled_from(["star", "unstar", "mark_read", "mark_unread", "archive", "unarchive"]),
        st.lists(st.integers(1, 5), min_size=1, max_size=3),
    ),
    st.tuples(
        st.just("tag"),
        st.lists(st.integers(1, 5), min_size=1, max_size=3),
        st.lists(st.sampled_from(["a", "b", "中文"]), max_size=2),
        st.lists(st.sampled_from(["c", "a"]), max_size=1),
    ),
    st.tuples(st.just("note"), st.integers(1, 5), st.sampled_from([None, "note", "备注 x"])),
)


@pytest.fixture(scope="module")
def template() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "template.db"
        with readlog.open(path) as lib:
            lib.import_path(DIGEST, as_of="2026-12-01")
            lib.star(2)
            lib.tag(3, add="a")
        yield path


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(CHANGE, max_size=8))
def test_any_changes_then_as_many_undos_give_back_the_start(template: Path, changes: list[tuple]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lib.db"
        shutil.copy(template, path)
        with readlog.open(path) as lib:
            start = export_text(lib)
            done = 0
            for change in changes:
                name = change[0]
                if name == "tag":
                    _, ids, add, remove = change
                    remove = [t for t in remove if t not in add]
                    if not add and not remove:
                        continue
                    result = lib.tag(ids, add=add, remove=remove)
                elif name == "note":
                    result = lib.note(change[1], change[2])
                else:
                    result = getattr(lib, name)(change[1])
                done += bool(result.changed)  # undo passes over actions that changed nothing
            for _ in range(done):
                lib.undo()
            assert export_text(lib) == start
            # the template's import, star and tag remain (actions that changed nothing are never undone)
            assert sum(1 for a in lib.history(0) if not a.undone and a.changes) == 3
