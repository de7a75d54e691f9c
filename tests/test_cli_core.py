"""The core slice through the CLI: import, list, show, star, read."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import helpers
from conftest import FIXTURES, ROOT, Run, write


def test_import_both_shapes_and_list(run: Run) -> None:
    result = run("import", str(FIXTURES / "digest.txt"), str(FIXTURES / "bookmarks.txt"), "--as-of", "2026-12-01")
    assert "3 added" in result.stdout
    rows = run.json("list", "--limit", "0")
    assert len(rows) == 6
    sources = {r["source"] for r in rows}
    assert sources == {"Example Systems Blog", "Phil Example - databases", "Parsers Weekly", "my-reading"}
    keys = {"id", "title", "source", "category", "summary", "verdict", "url", "published", "saved_at", "read_at"}
    assert keys | {"starred"} <= set(rows[0])


def test_digest_fields(run: Run) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    rows = {r["source"]: r for r in run.json("list", "-n", "0")}
    first = rows["Example Systems Blog"]
    assert first["category"] == "技术文章"
    assert first["published"] == "2026-10-02"
    assert first["title"] == "一个内核调度器的新实验"
    assert first["verdict"].startswith("推荐收录")
    assert rows["Phil Example - databases"]["published"] is None
    assert rows["Parsers Weekly"]["published"] == "2026-09-15"


def test_bookmark_stamps_resolved_against_as_of(run: Run) -> None:
    with pytest.MonkeyPatch.context() as zone:
        zone.setenv("TZ", "UTC")
        time.tzset()
        try:
            run("import", str(FIXTURES / "bookmarks.txt"), "--as-of", "2026-12-01T12:00:00+00:00")
            rows = {r["title"]: r for r in run.json("list", "-n", "0")}
        finally:
            zone.undo()
            time.tzset()
    assert {title: r["saved_at"] for title, r in rows.items()} == {
        "第一篇：缓存一致性协议入门": "2026-11-15T12:00:00+00:00",  # 收藏16 天前
        "Second post: on compilers": "2026-12-01T09:00:00+00:00",  # 收藏 3 小时前
        "第三篇：只有标题和一段话": "2026-11-17T12:00:00+00:00",  # Saved 2 weeks ago
    }
    compilers = rows["Second post: on compilers"]
    assert "<" not in compilers["summary"] and "compilers" in compilers["summary"]
    assert "https://example.com/a.png" in compilers["summary"]
    assert all(r["source"] == "my-reading" for r in rows.values())


def test_reimport_is_idempotent_and_keeps_state(run: Run, tmp_path: Path) -> None:
    run("import", str(FIXTURES / "bookmarks.txt"), "--as-of", "2026-12-01")
    first = run.json("list", "-n", "0")
    run("star", str(first[0]["id"]))
    run("read", str(first[1]["id"]))
    # a week later the same list is exported again: every stamp moved on
    later = (FIXTURES / "bookmarks.txt").read_text(encoding="utf-8")
    later = later.replace("收藏16 天前", "收藏23 天前").replace("收藏 3 小时前", "收藏7 天前")
    later = later.replace("Saved 2 weeks ago", "Saved 3 weeks ago")
    result = run("import", str(write(tmp_path / "later.txt", later)), "--as-of", "2026-12-08")
    assert "0 added" in result.stdout
    again = {r["id"]: r for r in run.json("list", "-n", "0")}
    assert len(again) == 3
    assert again[first[0]["id"]]["starred"] is True
    assert again[first[1]["id"]]["read_at"] is not None
    for row in first:
        assert again[row["id"]]["saved_at"] == row["saved_at"]


def test_reimport_same_file_adds_nothing(run: Run) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    result = run("import", str(FIXTURES / "digest.txt"))
    assert "0 added, 0 updated, 3 already in the library (same text), 0 skipped" in result.stdout
    assert len(run.json("list", "-n", "0")) == 3


def test_star_read_ranges_and_unknown_ids(run: Run, library: Path) -> None:
    run("import", str(FIXTURES / "digest.txt"), str(FIXTURES / "bookmarks.txt"))
    result = run("read", "1", "3-4")
    assert "marked read" in result.stdout
    assert {r["id"] for r in run.json("list", "--read")} == {1, 3, 4}
    failed = run("star", "2", "99", code=1)
    assert "99" in failed.stderr and "Traceback" not in failed.output
    assert run.json("list", "--starred") == []  # nothing changed, not even 2
    run("star", "2")
    assert [r["id"] for r in run.json("list", "--starred")] == [2]
    run("unstar", "2")
    run("unread", "3")
    assert {r["id"] for r in run.json("list", "--read")} == {1, 4}
    run("read", "x-y", code=2)


def test_show_does_not_change_state(run: Run) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    out = run("show", "1").stdout
    assert "作者介绍了一个内核调度器的新实验" in out and "Verdict" in out
    assert run.json("show", "1")["read_at"] is None
    run("show", "1", "--mark-read")
    assert run.json("show", "1")["read_at"] is not None
    assert "no entry with id 42" in run("show", "42", code=1).stderr


def test_list_filters(run: Run) -> None:
    run("import", str(FIXTURES / "digest.txt"), str(FIXTURES / "bookmarks.txt"), "--as-of", "2026-12-01")
    assert {r["source"] for r in run.json("list", "--source", "parsers weekly")} == {"Parsers Weekly"}
    assert {r["category"] for r in run.json("list", "--category", "技术文章")} == {"技术文章"}
    recent = run.json("list", "--since", "2026-11-20", "-n", "0")
    assert {r["title"] for r in recent} >= {"Second post: on compilers"}
    assert "第一篇：缓存一致性协议入门" not in {r["title"] for r in recent}
    titles = [r["title"] for r in run.json("list", "--sort", "title", "-n", "0")]
    assert titles == sorted(titles, key=str.casefold)
    assert len(run.json("list", "-n", "2")) == 2
    run("list", "--since", "last tuesday-ish", code=2)
    run("list", "--unread", "--read", code=2)


def test_list_table_and_footer(run: Run) -> None:
    run("import", str(FIXTURES / "digest.txt"), str(FIXTURES / "bookmarks.txt"), "--as-of", "2026-12-01")
    out = run("list", "-n", "4").stdout
    assert "Showing 4 of 6 entries" in out
    assert "\x1b[" not in out  # not a terminal: no colour
    assert "ago" in out or "just now" in out
    for line in out.splitlines():
        assert len(line) <= 100


def test_footer_totals_match_each_filtered_view(run: Run) -> None:
    """The footer's total is the size of the view asked for, not of the library."""
    run("import", str(FIXTURES / "digest.txt"), str(FIXTURES / "bookmarks.txt"), "--as-of", "2026-12-01")
    ids = [r["id"] for r in run.json("list", "-n", "0")]
    run("star", str(ids[0]))
    run("read", str(ids[1]))
    run("archive", str(ids[2]))
    views = [
        ("--starred",),
        ("--unread",),
        ("--read",),
        ("--archived",),
        ("--unread", "--starred"),
        ("--source", run.json("list", "-n", "1")[0]["source"]),
        (),
    ]
    for view in views:
        total = len(run.json("list", *view, "-n", "0"))
        assert f"of {total} entries" in run("list", *view, "-n", "1").stdout, view


def test_overview(run: Run) -> None:
    assert "empty" in run().stdout
    run("import", str(FIXTURES / "digest.txt"))
    out = run().stdout
    assert "3 unread" in out and "Last import" in out and "--help" in out


def test_overview_keeps_what_the_last_import_found_already_there(run: Run) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    again = run("import", str(FIXTURES / "digest.txt")).stdout
    assert "0 added, 0 updated, 3 already in the library" in again
    last = next(line for line in run().stdout.splitlines() if line.startswith("Last import"))
    assert last.endswith("0 added, 0 updated, 3 already in the library, 0 skipped"), last
    zh = next(line for line in run("--lang", "zh").stdout.splitlines() if line.startswith("上次导入"))
    assert "3 条已在书库中" in zh, zh


def test_import_records_each_file(run: Run, library: Path) -> None:
    run("import", str(FIXTURES / "bookmarks.txt"), "--as-of", "2026-12-01T00:00:00+00:00")
    conn = helpers.connect(library)
    row = conn.execute("SELECT path, sha256, format, as_of, added, updated, skipped FROM imports").fetchone()
    assert row[0].endswith("bookmarks.txt") and len(row[1]) == 64 and row[2] == "bookmarks"
    assert row[3].startswith("2026-12-01T00:00:00") and row[4:] == (3, 0, 0)


def test_stdin_and_format_override(run: Run) -> None:
    text = (FIXTURES / "digest.txt").read_text(encoding="utf-8")
    assert "3 added" in run("import", "-", input=text.encode()).stdout
    run("import", "-", "--format", "bookmarks", input=text.encode(), code=1)


def test_examples_import_cleanly(run: Run) -> None:
    files = sorted(str(p) for p in (ROOT / "examples").iterdir() if p.is_file())
    result = run("import", *files, "--as-of", "2026-12-01")
    assert "problem" not in result.output.replace(str(ROOT), "")  # a checkout's path may hold the word
    assert len(run.json("list", "-n", "0")) >= 8


def test_view_counters_stay_exact_through_every_change(run: Run, library: Path) -> None:
    """The footer's totals come from counters kept by triggers; they must match a recount."""
    run("import", str(FIXTURES / "digest.txt"), str(FIXTURES / "bookmarks.txt"), "--as-of", "2026-12-01")
    run("read", "1-3")
    run("unread", "2")
    run("archive", "4", "1")
    run("undo")
    run("archive", "5")
    conn = helpers.connect(library)
    conn.execute("DELETE FROM entries WHERE id = 6")
    conn.commit()
    kept = dict(conn.execute("SELECT view, n FROM view_counts").fetchall())
    live = conn.execute("SELECT count(*) FROM entries WHERE archived_at IS NULL").fetchone()[0]
    unread = conn.execute("SELECT count(*) FROM entries WHERE read_at IS NULL AND archived_at IS NULL").fetchone()[0]
    done = conn.execute("SELECT count(*) FROM entries WHERE read_at IS NOT NULL AND archived_at IS NULL").fetchone()[0]
    assert kept == {"live": live, "unread": unread, "done": done} == {"live": 4, "unread": 2, "done": 2}
    assert f"of {unread} entries" in run("list", "--unread", "-n", "1").stdout
    assert f"of {done} entries" in run("list", "--read", "-n", "1").stdout
    run("db", "check")
    conn.execute("UPDATE view_counts SET n = 99 WHERE view = 'unread'")
    conn.commit()
    assert "unread counter says 99" in run("db", "check", code=1).output
    run("db", "rebuild-index")
    run("db", "check")


def test_db_check_counts_the_search_index_with_its_plural(run: Run) -> None:
    """The index's count is said by the catalogue's plural (it said "1 entries" once)."""
    run("add", "https://example.org/one", "--no-fetch")
    assert "search index: 1 entry\n" in run("db", "check").stdout
    run("add", "https://example.org/two", "--no-fetch")
    assert "search index: 2 entries\n" in run("db", "check").stdout
    assert "搜索索引：2 条\n" in run("--lang", "zh", "db", "check").stdout
