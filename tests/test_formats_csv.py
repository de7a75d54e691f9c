"""CSV exports: Pocket (and its old HTML export), Instapaper, Readwise Reader, Raindrop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import FIXTURES, Run, write
from helpers import AS_OF, parse, real, utc

FORMATS = FIXTURES / "formats"


# ---------------------------------------------------------------- Pocket


def test_pocket_csv_extra_columns_pipe_tags_archive_and_damage() -> None:
    entries, problems = parse(FORMATS / "pocket-extra-columns.csv", "pocket")
    urls = {e.url: e for e in entries}
    assert len(entries) == 4
    assert urls["https://example.org/p2"].title == "Quoted, with comma"
    assert urls["https://example.org/p2"].tags == ["tech", "Rust", "long tag"]
    archived = urls["https://example.org/p2"]
    assert archived.read_at == archived.saved_at == utc(2020, 9, 15, 12, 25, 39)
    assert urls["https://example.org/p1"].read_at is None
    assert urls["https://example.org/p3"].title == "Multi line title"
    assert urls["https://example.org/p3"].saved_at == utc(2020, 9, 24, 15, 31, 36)  # milliseconds
    assert urls["https://example.org/p4"].saved_at is None
    # CRLF file: the multi-line record starts on line 4, so "no url" is line 7 and the bad time line 8
    assert [(p.line, p.message) for p in problems] == [
        (7, "row has no URL; skipped"),
        (8, "time_added 'soon' is not a time; saved time left unknown"),
    ]


def test_pocket_html_sections(run: Run) -> None:
    entries, problems = parse(FORMATS / "ril_export.html", "pocket")
    assert problems == []
    read = {e.title: e.read_at is not None for e in entries}
    assert read == {"Unread & one": False, "第二篇": False, "Archived one": True}
    assert entries[0].tags == ["news", "fr"] and entries[1].tags == []
    run("import", str(FORMATS / "ril_export.html"))
    assert len(run.json("list", "--read")) == 1


def test_real_pocket_csv(run: Run) -> None:
    entries, problems = parse(real("wallabag__pocket.csv"), "pocket")
    assert problems == [] and len(entries) == 7
    assert sum(e.read_at is not None for e in entries) == 2
    assert entries[0].title == "You Might Not Need jQuery"
    assert entries[0].saved_at == utc(2020, 9, 17, 6, 6, 28)
    assert entries[-1].title == "Des abeilles pour résoudre les « conflits » entre les humains et les élépha"
    run("import", str(real("wallabag__pocket.csv")))
    read = {r["title"] for r in run.json("list", "--read", "-n", "0")}
    assert read == {
        "ArchiveBox question: How do I import links from a RSS feed?",
        "Comment Konbini s’est fait piéger par un « père masculiniste »",
    }


def test_real_pocket_html() -> None:
    entries, problems = parse(real("wallabag__ril_export.html"), "pocket")
    assert problems == [] and len(entries) == 2
    assert entries[0].title.startswith("Tarn : Des lapins ravagent")
    assert entries[0].tags == ["ifttt", "new_entry_simple"]
    assert entries[0].saved_at == utc(2023, 7, 6, 7, 31, 35)
    assert all(e.read_at is None for e in entries)


# ---------------------------------------------------------------- Instapaper


def test_instapaper_folders_json_tags_and_missing_url() -> None:
    entries, problems = parse(FORMATS / "instapaper-new.csv", "instapaper")
    urls = {e.url.rsplit("/", 1)[1]: e for e in entries}
    assert urls["archived"].read_at == urls["archived"].saved_at == utc(2023, 11, 14, 22, 15)
    assert urls["archived"].tags == ["Alpha", "beta"]
    assert urls["archived"].summary == ""  # the selection is a highlight, made when the link was saved
    assert [(h.passage, h.made_at) for h in urls["archived"].highlights] == [
        ("A highlighted sentence.", utc(2023, 11, 14, 22, 15))
    ]
    assert urls["unread"].highlights == []
    assert urls["starred"].starred_at is not None and urls["starred"].read_at is None
    assert urls["folder"].tags == ["x", "Research Papers"]
    assert urls["unread"].read_at is None and urls["unread"].starred_at is None and urls["unread"].tags == []
    assert [(p.line, p.message) for p in problems] == [(6, "row has no URL; skipped")]


def test_instapaper_html_export_sections_are_its_folders(run: Run) -> None:
    """The HTML export (even under a borrowed Netscape doctype) reads like the CSV's Folder column."""
    entries, problems = parse(FORMATS / "instapaper-export.html", "instapaper")
    state = {e.title: (e.read_at is not None, e.starred_at is not None, e.tags) for e in entries}
    assert state == {
        "Notes on Raft & leases": (False, False, []),
        "内核调度笔记": (False, False, []),
        "Already read": (True, False, []),
        "A favourite": (False, True, []),
        "A paper": (False, False, ["Papers to print"]),
    }
    assert [p.message for p in problems] == ["link has no address (href); skipped"] and problems[0].line == 12
    result = run("import", str(FORMATS / "instapaper-export.html"), code=1)
    assert "(instapaper): 5 added" in result.stdout


def test_real_instapaper_old_four_columns(run: Run) -> None:
    entries, problems = parse(real("wallabag__instapaper-export.csv"), "instapaper")
    assert problems == [] and len(entries) == 4
    state = {e.title: (e.read_at is not None, e.starred_at is not None, e.tags) for e in entries}
    assert state["AMP and React+Redux: Why Not?"] == (True, False, [])
    assert state["Why Foursquare / Swarm is still my favourite social network"] == (False, True, [])
    assert state["Dis donc Donald Trump, c'est quoi exactement «covfefe»?"] == (False, False, ["test_tag"])
    # no Timestamp column: read and star times fall back to the import's reference time
    assert entries[1].read_at == AS_OF
    run("import", str(real("wallabag__instapaper-export.csv")))
    assert len(run.json("list", "--starred")) == 1


# ---------------------------------------------------------------- Readwise Reader


def test_readwise_python_list_tags_locations_and_feed_rows() -> None:
    entries, problems = parse(FORMATS / "readwise.csv", "readwise")
    assert problems == []
    rows = {e.title: e for e in entries}
    assert rows["Archived article"].tags == ["systems", "it's quoted"]
    assert rows["Archived article"].read_at == utc(2023, 11, 15, 18, 9, 23)
    assert rows["Later article"].read_at is None and rows["Later article"].saved_at == utc(2023, 11, 16, 8)
    assert rows["Feed item"].tags == ["feed"] and rows["Feed item"].read_at is None
    assert rows["Shortlisted"].tags == ["x", "shortlist"]
    assert rows["Shortlisted"].saved_at == utc(2023, 11, 18, 0)  # +08:00 kept as the same moment


# ---------------------------------------------------------------- Raindrop


def test_raindrop_favorite_folder_note_highlights() -> None:
    entries, problems = parse(FORMATS / "raindrop.csv", "raindrop")
    rows = {e.title: e for e in entries}
    fav = rows["Favorite thing"]
    assert fav.starred_at == fav.saved_at == utc(2023, 1, 1, 12)
    assert fav.category == "Reading/Tech" and fav.tags == ["a", "b"]
    assert fav.note == "My note" and fav.summary == "An excerpt"
    assert [h.passage for h in fav.highlights] == ["Highlight one"]
    assert rows["Unsorted thing"].category == "" and rows["Unsorted thing"].starred_at is None
    assert rows["Bad date"].saved_at is None
    assert [(p.line, p.message) for p in problems] == [(4, "created 'not a date' is not a time; left unknown")]


# ---------------------------------------------------------------- all of them


@pytest.mark.parametrize(
    ("header", "fmt"),
    [
        ("title,url,time_added,tags,status", "pocket"),
        ("URL,Title,Selection,Folder,Timestamp,Tags", "instapaper"),
        ("Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen", "readwise"),
        ("id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite", "raindrop"),
    ],
)
def test_damaged_rows_are_numbered_and_the_rest_imports(run: Run, tmp_path: Path, header: str, fmt: str) -> None:
    columns = header.lower().split(",")
    good = ",".join("https://example.org/good" if c == "url" else "Good" if c == "title" else "" for c in columns)
    later = good.replace("good", "later").replace("Good", "Later")
    text = f'{header}\n{good}\nonly,two\n"unterminated, quote\n{later}\n'
    path = write(tmp_path / f"{fmt}.csv", text)
    result = run("import", str(path), "--json", code=1)
    (report,) = json.loads(result.stdout)
    assert report["format"] == fmt
    assert [p["line"] for p in report["problems"]] == [3, 4]
    assert "never closed" in report["problems"][1]["message"]
    assert report["added"] == 2  # the row after the unclosed quote is read again
    assert {r["title"] for r in run.json("list")} == {"Good", "Later"}


def test_extra_and_reordered_columns_are_found_by_name(run: Run, tmp_path: Path) -> None:
    text = (
        "status,Cursor,URL,Title,time_added,tags,extra\narchive,c1,https://example.org/x,Reordered,1700000000,a|b,zzz\n"
    )
    run("import", str(write(tmp_path / "p.csv", text)))
    (row,) = run.json("list", "-n", "0")
    assert (row["title"], row["tags"], row["read_at"] is not None) == ("Reordered", ["a", "b"], True)


def test_csv_with_old_mac_line_ends_is_detected(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "cr.csv"
    path.write_bytes(
        b"title,url,time_added,tags,status\rone,https://x.example/1,1700000000,,unread\r"
        b"two,https://x.example/2,1700000000,,archive\r"
    )
    assert "(pocket): 2 added" in run("import", str(path)).stdout
    assert [r["title"] for r in run.json("list", "--unread")] == ["one"]
