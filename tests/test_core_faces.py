"""The operations the CLI and the triage screen share, called as plain functions.

The faces (cli/, triage/) reach the store only through these core functions
(tests/test_architecture.py checks their imports); here each one is called
with plain values and its result checked against what the command prints.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from readlog.core import actions, maintenance, organise, review
from readlog.core.filters import FilterArgs, query_from_args, with_search
from readlog.core.library import Library, open_for_command
from readlog.core.reading import matches, page
from readlog.model.errors import ReadlogError, UsageError
from readlog.store import Filters, Store

from conftest import DIGEST, Run, write


@pytest.fixture
def api(run: Run, tmp_path: Path, library: Path) -> Library:
    run("import", str(write(tmp_path / "digest.txt", DIGEST)), "--as-of", "2026-11-01")
    notices: list[str] = []
    opened = open_for_command(str(library), notice=notices.append)
    assert notices == []  # nothing to upgrade
    return opened


@pytest.fixture
def lib(api: Library) -> Store:
    return api.store


def test_open_library_uses_the_path_the_cli_would(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert maintenance.library_file(None) == library  # $READLOG_DB
    store = open_for_command(None).store
    assert store.path == library and library.exists()
    store.close()
    error = maintenance.database_error(sqlite3.OperationalError("database is locked"), library)
    assert isinstance(error, ReadlogError) and str(library) in str(error)


def test_sources_categories_and_stats_match_the_commands(run: Run, lib: Store) -> None:
    assert [(r["name"], r["entries"]) for r in review.sources(lib)] == [
        (r["source"], r["entries"]) for r in run.json("sources")
    ]
    assert {r["name"] for r in review.categories(lib)} == {"技术文章", "工程实践"}
    data = review.stats(lib, "all")
    shown = run.json("stats", "--since", "all")
    assert (data.backlog, data.saved, data.since.isoformat(timespec="seconds")) == (3, 3, shown["since"])
    assert (shown["backlog"], shown["saved"]) == (3, 3)
    with pytest.raises(UsageError):
        review.stats(lib, "2099-01-01")


def test_tags_history_and_the_undoable_action(run: Run, api: Library, lib: Store) -> None:
    first = api.entries(archived=None, sort="id", limit=1)[0].id  # the newest, as the triage screen finds it
    assert first == max(r["id"] for r in run.json("list", "-n", "0"))
    action, _ = actions.tag_ids(lib, [first], ["rust"], [])
    assert [(r["tag"], r["entries"]) for r in organise.tags(lib)] == [("rust", 1)]
    assert organise.history(lib, 1)[0]["id"] == action == organise.last_undoable(lib)["id"]  # type: ignore[index]
    assert [r["id"] for r in organise.history(lib, 0)] == [r["id"] for r in run.json("history", "-n", "0")]
    with pytest.raises(UsageError):
        organise.history(lib, -1)
    report = actions.undo_last(lib)
    assert not actions.moved_entries(report)  # tags changed in place
    imported = actions.undo_last(lib)
    assert actions.moved_entries(imported) and organise.last_undoable(lib) is None


def test_reading_a_view_page_by_page(api: Library, lib: Store) -> None:
    f = FilterArgs(unread=True).filters()
    assert api.count(unread=True) == 3
    ids = [r["id"] for r in page(lib, f, limit=2)] + [r["id"] for r in page(lib, f, limit=2, offset=2)]
    assert sorted(ids) == sorted(r["id"] for r in lib.select(f)) and len(set(ids)) == 3
    actions.set_state(lib, [ids[0]], "read", True, name="read")
    assert api.get(ids[0]).read_at is not None
    assert not matches(lib, f, ids[0]) and matches(lib, Filters(), ids[0])
    with pytest.raises(ReadlogError, match="999"):
        api.get(999)
    searching = with_search(Filters(), query_from_args(["Go", "-goroutine"]))
    assert searching.query is not None and lib.count(searching) == 1 == api.count(search="Go -goroutine")
    with pytest.raises(UsageError):
        query_from_args(["--unred"])


def test_check_and_backup_return_values(lib: Store, tmp_path: Path) -> None:
    report = maintenance.check(lib.path)
    assert report["ok"] is True and report["problems"] == [] and report["entries"] == 3
    done = maintenance.backup(lib, str(tmp_path))
    assert done.library == lib.path and done.target.parent == tmp_path and done.bytes == done.target.stat().st_size
    assert maintenance.check(done.target)["entries"] == 3
    with pytest.raises(ReadlogError):
        maintenance.backup(lib, str(done.target))  # never over a file unless forced
    assert maintenance.backup(lib, str(done.target), force=True).target == done.target
    assert maintenance.rebuild_index(lib) == 3
    with pytest.raises(ReadlogError):
        maintenance.check(tmp_path / "missing.db")
