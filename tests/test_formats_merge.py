"""One article saved in several apps: recognised by normalised URL and merged, never duplicated."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from conftest import Run, write

POCKET = (
    "title,url,time_added,tags,status\nFrom Pocket,https://Example.org/article/?utm_source=rss&fbclid=1,{t},a|b,{s}\n"
)
NETSCAPE = (
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="{url}" ADD_DATE="{t}" TAGS="B,c">From browser</A>\n'
)
INSTAPAPER = "URL,Title,Selection,Folder,Timestamp,Tags\nhttps://example.org/article,From Instapaper,,{f},{t},[]\n"
RAINDROP = (
    "id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n"
    "1,From Raindrop,a note,,https://example.org/article#,Reading,d,2024-01-01T00:00:00Z,,,false\n"
)


def _only(run: Run) -> dict:
    rows = run.json("list", "-n", "0", "--read") + run.json("list", "-n", "0", "--unread")
    assert len(rows) == 1, rows
    return rows[0]


def _saved(row: dict) -> datetime:
    return datetime.fromisoformat(row["saved_at"]).astimezone(timezone.utc)


def test_same_article_from_four_apps_is_one_entry(run: Run, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "pocket.csv", POCKET.format(t=1700000000, s="archive"))))
    run(
        "import",
        str(
            write(
                tmp_path / "b.html",
                NETSCAPE.format(url="https://example.org/article#:~:text=From%20browser", t=1600000000),
            )
        ),
    )
    run("import", str(write(tmp_path / "i.csv", INSTAPAPER.format(f="Starred", t=1650000000))))
    result = run("import", str(write(tmp_path / "r.csv", RAINDROP)))
    assert "0 added" in result.stdout
    row = _only(run)
    assert row["title"] == "From Pocket"  # the first import's text is kept; empty fields are filled
    assert row["note"] == "a note" and row["category"] == "Reading"
    assert _saved(row) == datetime(2020, 9, 13, 12, 26, 40, tzinfo=timezone.utc)  # the earliest saved time
    assert sorted(t.lower() for t in row["tags"]) == ["a", "b", "c", "d"]  # unioned, case-insensitively
    assert row["read_at"] is not None and row["starred"] is True


def test_later_imports_never_clear_read_or_star(run: Run, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "i.csv", INSTAPAPER.format(f="Starred", t=1650000000))))
    run("import", str(write(tmp_path / "p.csv", POCKET.format(t=1700000000, s="archive"))))
    read_at = _only(run)["read_at"]
    # a later unread export of the same list, a raindrop export without the favourite flag, a bookmark
    run("import", str(write(tmp_path / "p2.csv", POCKET.format(t=1700000000, s="unread"))))
    run("import", str(write(tmp_path / "r.csv", RAINDROP)))
    run("import", str(write(tmp_path / "b.html", NETSCAPE.format(url="https://example.org/article", t=1710000000))))
    row = _only(run)
    assert row["read_at"] == read_at and row["starred"] is True
    assert _saved(row) == datetime(2022, 4, 15, 5, 20, tzinfo=timezone.utc)  # 1650000000: still the earliest


def test_reading_state_arrives_from_a_later_import(run: Run, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "b.html", NETSCAPE.format(url="https://example.org/article/", t=1600000000))))
    assert _only(run)["read_at"] is None
    run("import", str(write(tmp_path / "p.csv", POCKET.format(t=1700000000, s="archive"))))
    row = _only(run)
    assert row["read_at"] is not None
    assert _saved(row) == datetime(2020, 9, 13, 12, 26, 40, tzinfo=timezone.utc)


def test_different_pages_stay_apart(run: Run, tmp_path: Path) -> None:
    text = (
        "title,url,time_added,tags,status\n"
        "A,https://example.org/article?id=1,1700000000,,unread\n"
        "B,https://example.org/article?id=2,1700000000,,unread\n"
        "C,https://example.org/other,1700000000,,unread\n"
    )
    result = run("import", str(write(tmp_path / "p.csv", text)))
    assert "3 added" in result.stdout
