"""readlog rm, trash, restore: entries leave every view, come back whole, and stay gone on re-import."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from readlog.cli import organise
from readlog.model.entry import Entry
from readlog.model.messages import Phrase
from readlog.store import Counts, Store

import helpers
from conftest import DIGEST, Built, Run, write

BOOKMARKS = """\
<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="https://example.org/scheduler" ADD_DATE="1764547200" TAGS="os,sched">Why the scheduler starves tasks</A>
<DT><A HREF="https://example.org/btree" ADD_DATE="1764633600" TAGS="db">B-trees on one page</A>
</DL>
"""
NICKNAMES = {"垃圾回收器": "gc", "goroutine": "leak", "Rust": "rust", "scheduler": "sched", "B-trees": "btree"}


@pytest.fixture
def ids(run: Run, built: Built, library: Path, tmp_path: Path) -> dict[str, int]:
    """Three digest entries (gc, leak: Go Blog; rust) and two bookmarks with links (sched, btree):
    a copy of the library they were imported into once per test process. The two files are in
    tmp_path too, for the tests that import them again."""
    write(tmp_path / "digest.txt", DIGEST)
    write(tmp_path / "bookmarks.html", BOOKMARKS)

    def make(lib: Path) -> None:
        run("--db", str(lib), "import", str(write(lib.parent / "digest.txt", DIGEST)), "--as-of", "2026-11-01")
        run("--db", str(lib), "import", str(write(lib.parent / "bookmarks.html", BOOKMARKS)))

    built("trash-ids", make, library)
    rows = run.json("list", "-n", "0")
    return {next(n for k, n in NICKNAMES.items() if k in r["title"]): r["id"] for r in rows}


def _sql(db: Path, sql: str, *params: Any) -> list[Any]:
    conn = helpers.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        with conn:
            return [dict(r) for r in conn.execute(sql, params).fetchall()]
    finally:
        conn.close()


def _row(db: Path, entry_id: int) -> dict[str, Any] | None:
    rows = _sql(db, "SELECT * FROM entries WHERE id = ?", entry_id)
    return rows[0] if rows else None


def _listed(run: Run, *args: str) -> set[int]:
    return {r["id"] for r in run.json("list", "-n", "0", *args)}


def _trashed(run: Run) -> list[int]:
    return [r["id"] for r in run.json("trash", "-n", "0")]


def _check_ok(run: Run) -> None:
    report = run.json("db", "check")
    assert report["integrity"] == ["ok"] and report["index"] == report["entries"]


# ---- rm: out of every view -----------------------------------------------------------------


def test_rm_takes_an_entry_out_of_every_view(run: Run, ids: dict[str, int]) -> None:
    sched = str(ids["sched"])
    run("star", sched)
    run("tag", sched, "+keep")
    run("note", sched, "remember the starvation graphs")
    assert "5 entries" in run().stdout and "1 starred" in run().stdout
    result = run("rm", sched)
    assert f"{sched} moved to the trash: Why the scheduler starves tasks" in result.stdout
    assert f"readlog restore {sched} brings it back" in result.stdout
    assert int(sched) not in _listed(run) | _listed(run, "--starred") | _listed(run, "--archived")
    for query in ("scheduler", "starvation", "keep"):  # title, note, tag: the search index followed
        assert run.json("search", query) == []
    overview = run().stdout
    assert "4 entries" in overview and "0 starred" in overview
    assert {r["source"]: r["entries"] for r in run.json("sources")}["example.org"] == 1
    assert {t["tag"] for t in run.json("tags")} == {"db"}
    assert run.json("stats", "--since", "all")["entries"] == 4
    exported = run("export", "--format", "json").stdout
    assert "scheduler" not in exported and "B-trees" in exported
    assert _trashed(run) == [int(sched)]
    _check_ok(run)  # the view counters and the search index agree with the table


def test_reading_stats_leave_out_trashed_entries_until_restored(run: Run, ids: dict[str, int]) -> None:
    """Entries, saves and reads count the same entries: a trashed one counts in none."""
    gc = str(ids["gc"])
    read_before = run.json("stats", "--since", "all")["read"]
    run("read", gc)
    assert run.json("stats", "--since", "all")["read"] == read_before + 1
    run("rm", gc)
    assert run.json("stats", "--since", "all")["read"] == read_before
    run("restore", gc)
    assert run.json("stats", "--since", "all")["read"] == read_before + 1


@pytest.mark.parametrize(
    "command",
    [["show"], ["star"], ["read"], ["archive"], ["tag", "+x"], ["note", "text"], ["open", "--print"], ["rm"]],
)
def test_a_trashed_id_is_said_to_be_in_the_trash(run: Run, ids: dict[str, int], command: list[str]) -> None:
    gc = str(ids["gc"])
    run("rm", gc)
    args = [command[0], gc, *command[1:]]
    message = run(*args, code=1).stderr
    assert f"entry {gc} is in the trash (readlog restore {gc} brings it back)" in message
    assert "no entry with id 99" in run(command[0], "99", *command[1:], code=1).stderr


def test_rm_unknown_id_changes_nothing(run: Run, ids: dict[str, int]) -> None:
    result = run("rm", str(ids["gc"]), "99", code=1)
    assert "no entry with id 99; nothing was changed" in result.stderr
    assert _trashed(run) == [] and len(_listed(run)) == 5


# ---- restore: back whole ------------------------------------------------------------------


def test_restore_brings_back_every_column(run: Run, ids: dict[str, int], library: Path) -> None:
    sched = ids["sched"]
    run("read", str(sched))
    run("star", str(sched))
    run("archive", str(sched))
    run("tag", str(sched), "+keep", "+系统")
    run("note", str(sched), "a note\nwith two lines")
    _sql(
        library,
        "UPDATE entries SET fetched_at = '2026-11-30T10:00:00+00:00', fetch_status = 200, "
        "final_url = 'https://example.org/scheduler/', lang = 'en', words = 1234, minutes = 6, "
        "text = '# Starvation\n\nThe article text about virtual runtime.' WHERE id = ?",
        sched,
    )
    before = _row(library, sched)
    run("rm", str(sched))
    assert _row(library, sched) is None
    result = run("restore", str(sched))
    assert f"{sched} restored: Why the scheduler starves tasks" in result.stdout
    assert _row(library, sched) == before  # every column, state and text, under the same id
    assert [r["id"] for r in run.json("search", "virtual runtime", "--archived")] == [sched]
    assert _trashed(run) == []
    assert [h["command"] for h in run.json("history", "-n", "2")] == [f"restore {sched}", f"rm {sched}"]
    _check_ok(run)


def test_restore_errors_change_nothing(run: Run, ids: dict[str, int]) -> None:
    gc, leak = str(ids["gc"]), str(ids["leak"])
    run("rm", gc)
    assert f"entry {leak} is not in the trash" in run("restore", leak, code=1).stderr
    assert "no entry with id 99 in the trash" in run("restore", "99", code=1).stderr
    assert "nothing was changed" in run("restore", gc, "99", code=1).stderr
    assert _trashed(run) == [int(gc)]


def test_restore_refuses_when_another_entry_has_the_link(run: Run, ids: dict[str, int], library: Path) -> None:
    sched, btree = ids["sched"], ids["btree"]
    run("rm", str(sched))
    _sql(library, "UPDATE entries SET url_key = 'https://example.org/scheduler' WHERE id = ?", btree)
    message = run("restore", str(sched), code=1).stderr
    assert f"cannot restore entry {sched}: entry {btree} is the same article" in message
    assert _trashed(run) == [sched]


def test_restore_json(run: Run, ids: dict[str, int]) -> None:
    gc = ids["gc"]
    moved = run.json("rm", str(gc))
    assert [r["id"] for r in moved] == [gc] and moved[0]["deleted_at"] and "summary" in moved[0]
    back = run.json("restore", str(gc))
    assert [r["id"] for r in back] == [gc] and "deleted_at" not in back[0]


# ---- ids are never reused; re-imports do not bring entries back --------------------------------


def test_ids_are_never_reused_after_emptying_the_trash(run: Run, ids: dict[str, int], tmp_path: Path) -> None:
    highest = max(ids.values())
    run("rm", str(highest))
    assert "1 entry deleted for good" in run("trash", "--empty", "--yes").stdout
    assert f"no entry with id {highest} in the trash" in run("restore", str(highest), code=1).stderr
    assert f"no entry with id {highest}" in run("show", str(highest), code=1).stderr
    more = "科研议题 Query Weekly 2026-09-15\nA survey of incremental parsers.\nWorth keeping.\n"
    run("import", str(write(tmp_path / "more.txt", more)))
    new = _listed(run) - set(ids.values())
    assert len(new) == 1 and min(new) > highest


def test_reimport_does_not_bring_trashed_entries_back(run: Run, ids: dict[str, int], tmp_path: Path) -> None:
    gc, sched = ids["gc"], ids["sched"]
    run("rm", str(gc), str(sched))
    result = run("import", str(tmp_path / "digest.txt"), "--as-of", "2026-11-01")
    assert (
        "0 added, 0 updated, 2 already in the library (same text), 1 in the trash, not brought back, 0 skipped"
        in result.stdout
    )
    # Another export of the same link (a tracking parameter, another title) is the same article.
    again = BOOKMARKS.replace('scheduler"', 'scheduler/?utm_source=rss"').replace("Why the", "How the")
    report = run.json("import", str(write(tmp_path / "again.html", again)))
    assert (report[0]["added"], report[0]["updated"], report[0]["trashed"]) == (0, 0, 1)
    zh = run("--lang", "zh", "import", str(tmp_path / "digest.txt"), "--as-of", "2026-11-01").stdout
    assert "1 条在回收站中，未恢复" in zh
    assert sorted(_trashed(run)) == sorted([gc, sched]) and len(_listed(run)) == 3
    run("restore", str(gc))
    assert "0 added" in run("import", str(tmp_path / "digest.txt"), "--as-of", "2026-11-01").stdout
    assert len(_listed(run)) == 4  # restored, and the re-import merged into it


# ---- rm by filters ------------------------------------------------------------------------------


def test_rm_by_filters_previews_and_asks(run: Run, ids: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    refused = run("rm", "--source", "go blog", code=1)
    assert "2 entries will be moved to the trash" in refused.stdout and "--yes" in refused.stderr
    assert len(_listed(run)) == 5 and _trashed(run) == []
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: True)
    declined = run("rm", "--source", "Go Blog", input="n\n", code=1)
    assert "Change 2 entries?" in declined.stdout and _trashed(run) == []
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: False)
    moved = run.json("rm", "--source", "Go Blog", "--yes")
    assert {r["id"] for r in moved} == {ids["gc"], ids["leak"]} and all(r["deleted_at"] for r in moved)
    assert _listed(run) == {ids["rust"], ids["sched"], ids["btree"]}
    assert run("undo").stdout.count("restored from the trash") == 2
    assert len(_listed(run)) == 5


def test_rm_needs_ids_or_filters(run: Run, ids: dict[str, int]) -> None:
    assert "say which entries" in run("rm", code=2).stderr
    assert "not both" in run("rm", "1", "--source", "Go Blog", code=2).stderr


# ---- the trash -----------------------------------------------------------------------------------


def test_trash_lists_newest_deleted_first(run: Run, ids: dict[str, int], library: Path) -> None:
    assert "The trash is empty." in run("trash").stdout and run.json("trash") == []
    gc, leak = ids["gc"], ids["leak"]
    run("rm", str(gc))
    run("rm", str(leak))
    _sql(library, "UPDATE trash SET deleted_at = '2026-01-01T00:00:00+00:00' WHERE id = ?", gc)
    listed = run.json("trash")
    assert [r["id"] for r in listed] == [leak, gc]
    assert {"id", "title", "source", "url", "summary", "tags", "note", "deleted_at"} <= set(listed[0])
    assert listed[1]["deleted_at"].startswith("2026-01-01") or listed[1]["deleted_at"].startswith("2025-12-31")
    table = run("trash").stdout
    assert table.index("goroutine") < table.index("垃圾回收器") and "2 entries in the trash" in table
    assert "Showing 1 of 2 entries" in run("trash", "--limit", "1").stdout
    assert [r["id"] for r in run.json("trash", "--older-than", "30d")] == [gc]
    assert "--older-than" in run("trash", "--older-than", "someday", code=2).stderr
    assert "回收站共 2 条" in run("--lang", "zh", "trash").stdout


def test_empty_the_trash_asks_and_cannot_be_undone(
    run: Run, ids: dict[str, int], library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gc, leak = ids["gc"], ids["leak"]
    run("rm", str(gc), str(leak))
    _sql(library, "UPDATE trash SET deleted_at = '2026-01-01T00:00:00+00:00' WHERE id = ?", gc)
    refused = run("trash", "--empty", code=1)
    assert "2 entries will be deleted for good (this cannot be undone)" in refused.stdout
    assert "not deleting 2 entries without asking" in refused.stderr
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: True)
    declined = run("trash", "--empty", input="n\n", code=1)
    assert "Delete 2 entries for good? This cannot be undone." in declined.stdout
    assert sorted(_trashed(run)) == sorted([gc, leak])
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: False)
    assert run.json("trash", "--empty", "--older-than", "30d", "--yes") == {"deleted": 1, "ids": [gc]}
    assert _trashed(run) == [leak]
    assert run.json("history", "-n", "1")[0]["command"] == "trash --empty --older-than 30d"
    assert "1 entry deleted for good" in run("trash", "--empty", "--yes").stdout
    assert "The trash is empty." in run("trash", "--empty", "--yes").stdout
    assert _sql(library, "SELECT count(*) AS n FROM trash")[0]["n"] == 0


# ---- undo ----------------------------------------------------------------------------------------


def test_undo_rm_and_restore(run: Run, ids: dict[str, int], library: Path) -> None:
    gc, leak = ids["gc"], ids["leak"]
    run("star", str(gc))
    before = _sql(library, "SELECT * FROM entries ORDER BY id")
    run("rm", str(gc), str(leak))
    result = run("undo")
    assert result.stdout.count("restored from the trash") == 2
    assert _sql(library, "SELECT * FROM entries ORDER BY id") == before and _trashed(run) == []
    run("rm", str(gc))
    deleted_at = run.json("trash")[0]["deleted_at"]
    run("restore", str(gc))
    assert "moved back to the trash" in run("undo").stdout
    assert [(r["id"], r["deleted_at"]) for r in run.json("trash")] == [(gc, deleted_at)]
    assert "restored from the trash" in run("undo").stdout  # the rm before it
    assert _sql(library, "SELECT * FROM entries ORDER BY id") == before
    _check_ok(run)


def test_undo_stops_at_an_emptied_trash_and_takes_older_actions_by_number(run: Run, ids: dict[str, int]) -> None:
    run("read", str(ids["rust"]))  # 3
    run("rm", str(ids["gc"]))  # 4
    run("trash", "--empty", "--yes")  # 5
    assert "the trash was emptied in action 5; that cannot be undone" in run("undo", code=1).stderr
    assert run.json("show", str(ids["rust"]))["read_at"] is not None
    refused = run("undo", "4", "--yes", code=1)  # the rm: what it moved is gone for good
    assert f"entry {ids['gc']} was deleted for good by action 5" in refused.stderr
    result = run("undo", "3", "--yes")  # the read, by its number
    assert "read" in result.stdout and "marked unread again" in result.stdout
    assert run.json("show", str(ids["rust"]))["read_at"] is None


def _add(db: Path, url: str, title: str) -> int:
    """An entry created the way `readlog add` records it: no import, one `add` event."""
    lib = Store.open(db)
    try:
        with lib.transaction():
            action = lib.start_action(f"add {url}")
            lib.upsert([Entry(title=title, url=url, source="example.net")], None, action, Counts())  # type: ignore[arg-type]  # no import
            entry_id = int(lib.conn.execute("SELECT max(id) FROM entries").fetchone()[0])
            lib._event(action, entry_id, "add", None, {"id": entry_id})
            lib.set_action_summary(action, Phrase("did_add", added=1, known=0))
        return entry_id
    finally:
        lib.close()


def test_undo_add_deletes_the_entry_for_good(run: Run, ids: dict[str, int], library: Path, tmp_path: Path) -> None:
    added = _add(library, "https://example.net/new", "A new article")
    assert added in _listed(run)
    result = run("undo")
    assert f"{added} deleted (added by readlog add): A new article" in result.stdout
    assert added not in _listed(run) and _trashed(run) == [] and _row(library, added) is None
    assert run.json("search", "new article") == []
    # add, rm, then two undos: back from the trash, then gone for good.
    again = _add(library, "https://example.net/other", "Another article")
    assert again > added  # ids are never reused
    run("rm", str(again))
    assert "restored from the trash" in run("undo").stdout
    assert "deleted (added by readlog add)" in run("undo").stdout
    assert _row(library, again) is None and _trashed(run) == []
    _check_ok(run)


def test_zh_output(run: Run, ids: dict[str, int]) -> None:
    gc = str(ids["gc"])
    assert "已移到回收站" in run("--lang", "zh", "rm", gc).stdout
    assert "已恢复" in run("--lang", "zh", "restore", gc).stdout


def test_rm_dead_links_throws_away_only_those(run: Run, ids: dict[str, int], library: Path) -> None:
    _sql(
        library, "UPDATE entries SET dead_at = '2026-11-30T00:00:00+00:00', fetch_status = 404 WHERE id = ?", ids["gc"]
    )
    run("rm", "--dead", "--yes")
    assert _trashed(run) == [ids["gc"]]
    assert ids["gc"] not in _listed(run)


def test_core_curate_works_without_a_face(run: Run, ids: dict[str, int], library: Path) -> None:
    """core.curate takes the library and plain values and returns what changed:
    no State, no output, no question."""
    from readlog.core import curate
    from readlog.core.filters import trash_cutoff

    lib = Store.open(library)
    try:
        assert curate.edit(lib, ids["gc"], {"title": "GC tuning"}) == {"title": "GC tuning"}
        assert curate.edit(lib, ids["gc"], {"title": "GC tuning"}) == {}  # already so: no action
        moved = curate.remove(lib, [ids["gc"], ids["leak"]])
        assert sorted(r["id"] for r in moved) == sorted([ids["gc"], ids["leak"]])
        assert [r["id"] for r in curate.restore(lib, [ids["leak"]])] == [ids["leak"]]
        listing = curate.list_trash(lib, before=None, limit=0)
        assert [r["id"] for r in listing.rows] == [ids["gc"]] and listing.total == 1
        curate.remove(lib, [ids["rust"]])
        plan = curate.preview_empty(lib, before=trash_cutoff("2099-01-01"))
        assert sorted(plan.ids) == sorted([ids["gc"], ids["rust"]])
        # exactly the entries previewed go, not one trashed after the preview
        curate.remove(lib, [ids["leak"]])
        assert curate.empty_trash(lib, plan.ids, older_than="2099-01-01") == 2
        assert [r["id"] for r in curate.list_trash(lib, before=None, limit=0).rows] == [ids["leak"]]
    finally:
        lib.close()
    commands = [r["command"] for r in run.json("history", "-n", "0")]
    assert commands[:6] == [
        "trash --empty --older-than 2099-01-01",
        f"rm {ids['leak']}",
        f"rm {ids['rust']}",
        f"restore {ids['leak']}",
        f"rm {ids['gc']} {ids['leak']}",
        f"edit {ids['gc']} --title",
    ]
