"""readlog's own exports restore every entry, with what makes it that entry.

Before: three items of one feed, each with its own id, sharing one link,
were three entries and three exported records, and importing the export
into an empty library gave one entry ("2 already in the library (same
link)"): a record of readlog's own format was matched by its link, as a
record of another app's file is. The export also left out the feed items
an entry is, so the restored library did not know them: an entry that
took in a feed's item by its link took it in again, as a new item, when
the feed was imported into the restored library.

Now a record carrying its fingerprint is matched by that and by the feed
items it carries (``feed_items``, now exported), never by its link.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
import time_machine
from hypothesis import given, settings
from hypothesis import strategies as st
from test_export import empty_library

from readlog.model import fields

from conftest import Run, write
from helpers import examples, netscape_file, real

LOSSLESS = {"jsonl": "jsonl", "json": "json", "csv": "csv"}  # format -> file extension
LINK = "https://shared.example.org/post"

# Three items of one Atom feed with their own ids and one link, as newsboat's test feed has them.
FEED = f"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>共享链接的订阅源</title>
<id>urn:feed:shared</id>
<entry><title>First item</title><link href="{LINK}"/><id>urn:item:1</id><content>第一条</content></entry>
<entry><title>第二条</title><link rel="alternate" href="{LINK}"/><id>urn:item:2</id><content>two</content></entry>
<entry><title>Third item</title><link href="{LINK}"/><id>urn:item:3</id><content>third</content></entry>
</feed>
"""


def counts(run: Run, *args: str) -> dict[str, Any]:
    """The import's counts (--json) for one file."""
    out = run.json(*args)[0]
    return {k: out[k] for k in ("added", "updated", "unchanged", "problems")}


def held(run: Run, *db: str) -> list[tuple[int, list[dict[str, str]]]]:
    """Each exported entry's id and feed items."""
    records = [json.loads(line) for line in run(*db, "export").stdout.splitlines()]
    return [(r["id"], r.get("feed_items")) for r in records]


def restored(run: Run, tmp_path: Path, fmt: str, name: str = "new") -> str:
    """The library exported in ``fmt`` and imported into an empty one; its --db."""
    backup = tmp_path / f"{name}.{LOSSLESS[fmt]}"
    run("export", "-f", fmt, "-o", str(backup))
    fresh = str(tmp_path / f"{name}.db")
    assert counts(run, "--db", fresh, "import", str(backup), "--json")["problems"] == []
    assert run("--db", fresh, "export", "-f", fmt).stdout == backup.read_text(encoding="utf-8")
    return fresh


@pytest.mark.parametrize("fmt", LOSSLESS)
def test_items_of_one_feed_that_share_a_link_come_back_whole(run: Run, tmp_path: Path, fmt: str) -> None:
    feed = write(tmp_path / "feed.xml", FEED)
    run("import", str(feed))
    backup = tmp_path / f"b.{LOSSLESS[fmt]}"
    run("export", "-f", fmt, "-o", str(backup))
    fresh = str(tmp_path / "new.db")
    assert counts(run, "--db", fresh, "import", str(backup), "--json") == {
        "added": 3,
        "updated": 0,
        "unchanged": 0,
        "problems": [],
    }
    assert run("--db", fresh, "export").stdout == run("export").stdout  # ids, fields, feed items
    # the restored library knows the items as the original does: the feed adds nothing to either
    for db in (fresh, str(tmp_path / "lib" / "readlog.db")):
        assert counts(run, "--db", db, "import", str(feed), "--json")["added"] == 0
        assert counts(run, "--db", db, "import", str(backup), "--json")["added"] == 0
    assert run("--db", fresh, "export", "-f", fmt).stdout == backup.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_the_newsboat_feed_comes_back_whole(run: Run, tmp_path: Path, fmt: str) -> None:
    feed = real("newsboat__atom10_1.xml")
    run("import", str(feed))
    backup = tmp_path / f"b.{LOSSLESS[fmt]}"
    run("export", "-o", str(backup))
    fresh = str(tmp_path / "new.db")
    result = run("--db", fresh, "import", str(backup))
    assert "3 added" in result.stdout and "already in the library" not in result.stdout
    assert run("--db", fresh, "export").stdout == run("export").stdout
    assert "0 added" in run("--db", fresh, "import", str(feed)).stdout


def test_the_export_names_each_entrys_feed_items(run: Run, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "feed.xml", FEED)))
    records = [json.loads(line) for line in run("export").stdout.splitlines()]
    assert [r["feed_items"] for r in records] == [
        [{"feed": "id:urn:feed:shared", "guid": f"urn:item:{n}"}] for n in (1, 2, 3)
    ]


def test_a_backup_meets_a_library_that_holds_one_of_its_entries(run: Run, tmp_path: Path) -> None:
    """A record is merged into the entry with its fingerprint (or one of its
    feed items), never into another entry because they share a link."""
    bookmarks = netscape_file(tmp_path / "bookmarks.html", [(LINK, "Bookmarked", 1764000000)])
    run("import", str(bookmarks))
    run("import", str(write(tmp_path / "feed.xml", FEED)))  # item 1 joins the bookmark; 2 and 3 are their own
    backup = tmp_path / "b.jsonl"
    run("export", "-o", str(backup))
    other = str(tmp_path / "other.db")
    run("--db", other, "import", str(bookmarks))
    assert counts(run, "--db", other, "import", str(backup), "--json") == {
        "added": 2,
        "updated": 1,  # the bookmark: the summary and date item 1 gave it, and its feed item
        "unchanged": 0,
        "problems": [],
    }
    assert (
        held(run, "--db", other)
        == held(run)
        == [
            (1, [{"feed": "id:urn:feed:shared", "guid": "urn:item:1"}]),
            (2, [{"feed": "id:urn:feed:shared", "guid": "urn:item:2"}]),
            (3, [{"feed": "id:urn:feed:shared", "guid": "urn:item:3"}]),
        ]
    )
    assert counts(run, "--db", other, "import", str(tmp_path / "feed.xml"), "--json")["added"] == 0


def test_the_restored_library_tells_a_feeds_new_item_apart_as_the_original_does(run: Run, tmp_path: Path) -> None:
    """An entry holding an item of a feed never takes in another item of that
    feed because they share a link: the restored entry must know its item."""
    run("import", str(netscape_file(tmp_path / "bookmarks.html", [(LINK, "Bookmarked", 1764000000)])))
    run("import", str(write(tmp_path / "feed.xml", FEED.split("<entry><title>第二条")[0] + "</feed>\n")))
    fresh = restored(run, tmp_path, "jsonl")
    first, second = FEED.index("<entry><title>First"), FEED.index("<entry><title>第二条")
    later = write(tmp_path / "later.xml", FEED[:first] + FEED[second:])  # a day later: item 1 gone, 2 and 3 new
    for db in (str(tmp_path / "lib" / "readlog.db"), fresh):
        assert counts(run, "--db", db, "import", str(later), "--json")["added"] == 2, db
    assert run("--db", fresh, "export").stdout == run("export").stdout


def test_an_export_from_before_feed_items_still_imports(run: Run, tmp_path: Path) -> None:
    """Records without ``feed_items``: each comes back
    as an entry of its own (its fingerprint is its identity); one without a
    fingerprint, made by hand, is matched as any other app's record."""
    run("import", str(write(tmp_path / "feed.xml", FEED)))
    old = []
    for line in run("export").stdout.splitlines():
        record = json.loads(line)
        record.pop("feed_items", None)
        old.append(json.dumps(record, ensure_ascii=False))
    fresh = str(tmp_path / "new.db")
    path = write(tmp_path / "old.jsonl", "\n".join(old) + "\n")
    assert counts(run, "--db", fresh, "import", str(path), "--json")["added"] == 3
    # each entry's fingerprint is made from its item's id: the feed still finds them
    assert counts(run, "--db", fresh, "import", str(tmp_path / "feed.xml"), "--json")["added"] == 0
    assert run("--db", fresh, "export").stdout == run("export").stdout
    hand = {"readlog": 1, "title": "by hand", "url": LINK}
    path = write(tmp_path / "hand.jsonl", json.dumps(hand) + "\n")
    assert counts(run, "--db", fresh, "import", str(path), "--json")["unchanged"] == 1


def _at_the_limits(n: int) -> dict[str, Any]:
    """A record with ``n`` feed items, the first three with ids as long as an
    entry keeps (one all line separators, which JSON writes as six characters each)."""
    most = fields.ITEM_ID_CHARS
    long = [("f" * most, "g" * most), ("中" * most, "\u2028" * most), ("\x9b" + "f" * (most - 1), '"' * most)]
    return {
        "readlog": 1,
        "id": 1,
        "title": "limits",
        "url": LINK,
        "feed_items": [{"feed": f, "guid": g} for f, g in long] + [{"feed": "f", "guid": f"{i}"} for i in range(n - 3)],
    }


def _sorted(items: list[dict[str, str]]) -> list[dict[str, str]]:
    """Feed items in the order the export writes them: by feed, then id."""
    return sorted(items, key=lambda i: (i["feed"], i["guid"]))


def test_feed_items_at_their_limits_come_back(run: Run, tmp_path: Path) -> None:
    record = _at_the_limits(fields.MAX_FEED_ITEMS)
    seed = write(tmp_path / "seed.jsonl", json.dumps(record, ensure_ascii=False) + "\n")
    assert counts(run, "import", str(seed), "--json")["problems"] == []
    for fmt, ext in LOSSLESS.items():
        fresh = restored(run, tmp_path, fmt, name=fmt)
        out = json.loads(run("--db", fresh, "export").stdout)
        assert out["feed_items"] == _sorted(record["feed_items"]), fmt
        assert "\x9b" not in (tmp_path / f"{fmt}.{ext}").read_text(encoding="utf-8")  # written as \u009b


def test_feed_items_past_the_limits_are_not_kept_and_counted(run: Run, tmp_path: Path) -> None:
    record = _at_the_limits(fields.MAX_FEED_ITEMS + 2)
    record["feed_items"][0]["guid"] += "!"  # one character too long: not an id readlog keeps
    seed = write(tmp_path / "seed.jsonl", json.dumps(record, ensure_ascii=False) + "\n")
    result = run("import", str(seed))
    assert "2 feed item ids were not kept" in result.stderr + result.stdout
    out = json.loads(run("export").stdout)
    assert out["feed_items"] == _sorted(record["feed_items"][1 : fields.MAX_FEED_ITEMS + 1])
    # a feed item sharing the link merges into the full entry without becoming one of its items
    feed = write(tmp_path / "feed.xml", FEED.replace("urn:feed:shared", "urn:feed:another"))
    run("import", str(feed))
    assert json.loads(run("export").stdout.splitlines()[0])["feed_items"] == out["feed_items"]


# ---- the property: any library, exported and imported into an empty one, exports the same -------

FEEDS = ("urn:feed:a", "https://feed-b.example/")  # an Atom feed's id; an RSS feed's link
LINKS = ("https://shared.example/p", "https://shared.example/p#part", "https://other.example/q", "")
GUIDS = ("g1", "g2", "g3", "")  # "" for an item without an id of its own
TITLES = ("Shared post", "共享的文章", "Another title")
TEXTS = ("", "一段摘要", "a summary")
SOURCES = ("Go Blog", "Rust 周报")
DIGESTS = ("作者介绍了调度器的新实验，前台延迟降低了四成。", "A short survey of incremental parsers for editors.")
CHANGES = ("read", "star", "archive", "tag", "note", "title", "url", "rm")

_items = st.tuples(st.sampled_from(GUIDS), st.sampled_from(LINKS), st.sampled_from(TITLES), st.sampled_from(TEXTS))
_imports = st.one_of(
    st.tuples(st.just("feed"), st.sampled_from(range(len(FEEDS))), st.lists(_items, min_size=1, max_size=4)),
    st.tuples(
        st.just("bookmarks"),
        st.lists(st.tuples(st.sampled_from(LINKS[:-1]), st.sampled_from(TITLES)), min_size=1, max_size=3),
    ),
    st.tuples(
        st.just("digest"),
        st.lists(st.tuples(st.sampled_from(SOURCES), st.sampled_from(DIGESTS)), min_size=1, max_size=2),
    ),
)
_changes = st.tuples(st.just("change"), st.sampled_from(CHANGES), st.integers(0, 9))
_steps = st.builds(lambda first, rest: [first, *rest], _imports, st.lists(_imports | _changes, max_size=7))


def _feed(path: Path, which: int, items: list[tuple[str, str, str, str]]) -> Path:
    """An Atom feed (the first of FEEDS) or an RSS feed (the second) with these (id, link, title, summary) items."""
    if which == 0:
        body = "".join(
            f"<entry><title>{title}</title>"
            + (f'<link href="{link}"/>' if link else "")
            + (f"<id>{guid}</id>" if guid else "")
            + f"<content>{text}</content></entry>"
            for guid, link, title, text in items
        )
        doc = f'<feed xmlns="http://www.w3.org/2005/Atom"><title>订阅 A</title><id>{FEEDS[0]}</id>{body}</feed>'
    else:
        body = "".join(
            f"<item><title>{title}</title>"
            + (f"<link>{link}</link>" if link else "")
            + (f'<guid isPermaLink="false">{guid}</guid>' if guid else "")
            + f"<description>{text}</description></item>"
            for guid, link, title, text in items
        )
        doc = f'<rss version="2.0"><channel><title>Feed B</title><link>{FEEDS[1]}</link>{body}</channel></rss>'
    return write(path, '<?xml version="1.0" encoding="utf-8"?>\n' + doc + "\n")


def _digest(path: Path, entries: list[tuple[str, str]]) -> Path:
    return write(
        path,
        "".join(f"技术文章 {source} 2026-10-02\n{text}\n推荐收录，因为步骤可以照做。\n" for source, text in entries),
    )


def _ids(db: Path) -> list[int]:
    with sqlite3.connect(db) as conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM entries ORDER BY id")]
    conn.close()
    return ids


def _change(run: Run, db: str, what: str, entry_id: int) -> None:
    args = {
        "read": ["read", str(entry_id)],
        "star": ["star", str(entry_id)],
        "archive": ["archive", str(entry_id)],
        "tag": ["tag", str(entry_id), "+备份"],
        "note": ["note", str(entry_id), "a note, 一条笔记"],
        "title": ["edit", str(entry_id), "--title", "Edited 编辑过"],
        "url": ["edit", str(entry_id), "--url", "https://edited.example/x"],
        "rm": ["rm", str(entry_id), "--yes"],
    }[what]
    run("--db", db, *args, code=None)  # an edit to a link another entry has is refused: that is fine


_later = st.tuples(
    st.sampled_from(range(len(FEEDS))),
    st.lists(
        st.tuples(st.sampled_from(("g1", "g4", "")), st.sampled_from(LINKS), st.just("Later"), st.just("")),
        min_size=1,
        max_size=3,
    ),
)


@settings(max_examples=examples(8), deadline=None)
@given(steps=_steps, later=_later)
def test_any_library_comes_back_from_each_lossless_export(
    steps: list[tuple[Any, ...]], later: tuple[int, list[tuple[str, str, str, str]]]
) -> None:
    """Built by imports (feed items sharing links, items without links or ids,
    bookmarks, digests) and changes; exported in each lossless format and
    imported into an empty library, it exports the same, byte for byte. And
    the restored library behaves as the original: importing the same files
    again, then a later version of a feed (new items among the old), changes
    both alike (when nothing is in the trash, which no export holds)."""
    run = Run()
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        a = folder / "a.db"
        a.write_bytes(empty_library())
        files: list[Path] = []
        for n, step in enumerate(steps):
            if step[0] == "feed":
                files.append(_feed(folder / f"{n}.xml", step[1], step[2]))
            elif step[0] == "bookmarks":
                files.append(netscape_file(folder / f"{n}.html", [(u, t, 1764000000 + n) for u, t in step[1]]))
            elif step[0] == "digest":
                files.append(_digest(folder / f"{n}.txt", step[1]))
            else:
                ids = _ids(a)
                if ids:
                    _change(run, str(a), step[1], ids[step[2] % len(ids)])
                continue
            run("--db", str(a), "import", str(files[-1]), code=None)
        original = run("--db", str(a), "export").stdout
        if not original:
            return  # everything was thrown away: an empty export, nothing to import
        copies = {}
        for fmt, ext in LOSSLESS.items():
            dump = folder / f"a.{ext}"
            run("--db", str(a), "export", "-f", fmt, "-o", str(dump))
            b = copies[fmt] = folder / f"b-{fmt}.db"
            b.write_bytes(empty_library())
            result = run.json("--db", str(b), "import", str(dump))[0]
            assert (result["problems"], result["added"]) == ([], len(_ids(a))), fmt
            assert run("--db", str(b), "export", "-f", fmt).stdout == dump.read_text(encoding="utf-8"), fmt
            assert run("--db", str(b), "export").stdout == original, fmt
        with sqlite3.connect(a) as conn:
            trashed = conn.execute("SELECT count(*) FROM trash").fetchone()[0]
        conn.close()
        if trashed:
            return
        b = copies["jsonl"]
        # The clock stands still here: an entry new to both is imported into each at the same
        # second (with the suite's ticking clock, a second could turn between the two).
        with time_machine.travel(datetime.now(timezone.utc), tick=False):
            for path in [*files, _feed(folder / "later.xml", *later)]:
                again = [counts(run, "--db", str(db), "import", str(path), "--json") for db in (a, b)]
                assert again[0] == again[1], path.name
            assert run("--db", str(b), "export").stdout == run("--db", str(a), "export").stdout
