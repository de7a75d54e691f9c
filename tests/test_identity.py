"""Identity that loses nothing (issue 13).

A fragment is part of a link's identity (except a text fragment or an empty
``#``), a feed item's guid is its identity within its feed, merges are
reported in words and in --json with the ids merged into, a folder of a
merged record becomes a tag and a different title is kept, and an existing
library is re-keyed without changing an id or merging anything.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from readlog.model.entry import fingerprint, normalize_url
from readlog.store import migrations

from conftest import Run, write
from helpers import real

# ---- the fragment rule ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("https://example.com/#menu", "https://example.com/#other", False),
        ("https://example.com/", "https://example.com/#example", False),
        ("https://app.example/#/inbox", "https://app.example/#/archive", False),
        ("https://app.example/#!/a/1", "https://app.example/#!/a/2", False),
        ("https://example.com/page#", "https://example.com/page", True),
        ("https://example.com/page#:~:text=hello", "https://example.com/page", True),
        ("https://example.com/page#intro:~:text=hello", "https://example.com/page#intro", True),
        ("HTTPS://Example.COM:443/page/?utm_source=x#top", "https://example.com/page#top", True),
    ],
)
def test_fragment_is_part_of_identity(a: str, b: str, same: bool) -> None:
    assert (normalize_url(a) == normalize_url(b)) is same


_URLS = st.builds(
    lambda host, path, query, frag: f"https://{host}/{path}{query}{frag}",
    st.sampled_from(["example.com", "Example.ORG", "a.example:443"]),
    st.text(alphabet="abc/-_%.", max_size=12),
    st.sampled_from(["", "?a=1", "?utm_source=x&b=2", "?b=2&a=1"]),
    st.sampled_from(["", "#", "#x", "#/route", "#!/r", "#:~:text=a", "#s:~:text=b"]),
)


@given(_URLS)
def test_normalising_twice_changes_nothing(url: str) -> None:
    once = normalize_url(url)
    assert normalize_url(once) == once


# Links of every shape, plain ones included many times over: scheme and host in
# either case, ports, users, paths with spaces, controls, CJK and slashes,
# queries and fragments, and text that is not a link at all.
_PATH_CHARS = st.sampled_from([*"/ab.-_%~:;@!$&'()*+,=", " ", "\t", "\x00", "\x7f", "内", "\u3000"])
_ANY_LINKS = st.builds(
    lambda scheme, host, path, tail: f"{scheme}{host}{path}{tail}",
    st.sampled_from(["https://", "http://", "HTTP://", "ftp://", "https:/", "", "mailto:"]),
    st.sampled_from(
        ["example.com", "www.example.com", "Example.ORG", "a.example:8080", "u@h.example", "[::1]", "-x.", ""]
    ),
    st.one_of(st.text(alphabet=_PATH_CHARS, max_size=16), st.text(alphabet=_PATH_CHARS, max_size=16).map("/".__add__)),
    st.sampled_from(["", "", "", "?", "?a=1", "#", "#x", "/", "//"]),
) | st.builds(  # plain ones, and ones a character away from plain
    lambda scheme, host, path: f"{scheme}://{host}{path}",
    st.sampled_from(["https", "http", "Http"]),
    st.sampled_from(["example.com", "www.example.com", "a-b.example", "x9.example.", "www.", "Example.com"]),
    st.text(alphabet=_PATH_CHARS, max_size=16).map("/".__add__) | st.just(""),
)


@given(_ANY_LINKS)
def test_plain_links_are_keyed_as_urlsplit_keys_them(url: str) -> None:
    """The shortcut for plain links gives exactly what taking them apart gives."""
    from readlog.model.entry import _split_host, _split_key, site_of

    stripped = url.strip()
    host = _split_host(stripped)
    assert normalize_url(url) == (_split_key(stripped) if stripped else "")
    assert site_of(url) == (host[4:] if host.startswith("www.") else host)


# ---- the three real files that used to lose entries ------------------------------------------------


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("nb__example-firefox-bookmarks.html", 17),
        ("nb__example-chrome-bookmarks.html", 8),
        ("newsboat__atom10_1.xml", 3),
    ],
)
def test_real_files_keep_every_distinct_record(run: Run, name: str, count: int) -> None:
    first = run.json("import", str(real(name)))[0]
    assert first["added"] == count and first["merged"] == []
    assert len(run.json("list", "-n", "0")) == count
    again = run.json("import", str(real(name)))[0]
    assert (again["added"], again["updated"], again["unchanged"], again["skipped"]) == (0, 0, count, 0)


# ---- feed items ---------------------------------------------------------------------------------------

ATOM = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>{title}</title><id>{feed_id}</id>
  {entries}
</feed>
"""
ENTRY = (
    '<entry><title>{title}</title><id>{id}</id><link href="{link}"/><updated>2026-11-0{day}T00:00:00Z</updated></entry>'
)


def atom(path: Path, items: list[tuple[str, str, str]], *, feed_id: str = "tag:feeds.example,2026:a") -> Path:
    entries = "\n".join(ENTRY.format(title=t, id=i, link=link, day=n % 9 + 1) for n, (t, i, link) in enumerate(items))
    return write(path, ATOM.format(title="Feed A", feed_id=feed_id, entries=entries))


def test_items_of_one_feed_with_their_own_ids_stay_apart(run: Run, tmp_path: Path) -> None:
    feed = atom(
        tmp_path / "a.xml",
        [("Part one", "urn:1", "https://news.example/story"), ("Part two", "urn:2", "https://news.example/story")],
    )
    assert run.json("import", str(feed))[0]["added"] == 2
    titles = sorted(r["title"] for r in run.json("list", "-n", "0"))
    assert titles == ["Part one", "Part two"]


def test_items_without_ids_sharing_a_link_are_one_article(run: Run, tmp_path: Path) -> None:
    rss = write(
        tmp_path / "r.xml",
        '<rss version="2.0"><channel><title>R</title><link>https://r.example/</link>'
        "<item><title>Once</title><link>https://r.example/p</link></item>"
        "<item><title>Twice</title><link>https://r.example/p</link></item></channel></rss>",
    )
    result = run.json("import", str(rss))[0]
    assert result["added"] == 1 and result["unchanged"] == 1
    assert result["merged"][0]["match"] == "link"


def test_the_same_link_across_files_is_one_article(run: Run, tmp_path: Path) -> None:
    pocket = write(
        tmp_path / "p.csv",
        "title,url,time_added,tags,status\nSaved in Pocket,https://news.example/story,1700000000,,unread\n",
    )
    pocket_id = run.json("import", str(pocket))
    assert pocket_id[0]["added"] == 1
    (entry,) = run.json("list", "-n", "0")
    feed = atom(
        tmp_path / "a.xml",
        [("Part one", "urn:1", "https://news.example/story"), ("Part two", "urn:2", "https://news.example/story")],
    )
    result = run.json("import", str(feed))[0]
    # the first item is the article Pocket had; the second is another item of the same feed
    assert result["added"] == 1
    assert [m["into"] for m in result["merged"]] == [entry["id"]]
    assert result["merged"][0]["match"] == "link"
    again = run.json("import", str(feed))[0]
    assert again["added"] == 0 and {m["match"] for m in again["merged"]} == {"feed item"}
    assert len(run.json("list", "-n", "0")) == 2


def test_a_guid_that_names_another_feeds_item_is_not_confused(run: Run, tmp_path: Path) -> None:
    one = atom(tmp_path / "1.xml", [("First", "1", "https://a.example/1")], feed_id="tag:a")
    two = atom(tmp_path / "2.xml", [("Other", "1", "https://b.example/9")], feed_id="tag:b")
    run("import", str(one))
    assert run.json("import", str(two))[0]["added"] == 1


# ---- what a merge reports and keeps --------------------------------------------------------------------

NETSCAPE = """<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><H3>Tech</H3>
<DL><p>
<DT><A HREF="https://blog.example/post" ADD_DATE="1700000000">Original title</A>
<DT><A HREF="https://blog.example/other" ADD_DATE="1700000000">Other</A>
</DL><p>
<DT><H3>Later</H3>
<DL><p>
<DT><A HREF="https://blog.example/post/" ADD_DATE="1710000000">A title of its own</A>
</DL><p>
</DL>
"""


def test_merge_is_reported_in_words_and_keeps_folder_and_title(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "b.html", NETSCAPE)
    result = run("import", str(path))
    assert "2 added, 0 updated, 1 already in the library (same link), 0 skipped" in result.stdout
    data = run.json("import", str(path))[0]
    (row,) = [r for r in run.json("list", "-n", "0") if r["url"] == "https://blog.example/post"]
    assert {m["into"] for m in data["merged"]} >= {row["id"]}
    assert row["category"] == "Tech" and "Later" in row["tags"]  # the other folder became a tag
    shown = run.json("show", str(row["id"]))
    assert shown["other_titles"] == ["A title of its own"]
    assert "Also saved as" in run("show", str(row["id"])).stdout


def test_zh_summary_names_the_reason(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "b.html", NETSCAPE)
    result = run("--lang", "zh", "import", str(path))
    assert "1 条已在书库中（链接相同）" in result.stdout


def test_undoing_the_import_forgets_the_other_title(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "b.html", NETSCAPE)
    run("import", str(path))
    (row,) = [r for r in run.json("list", "-n", "0") if r["url"] == "https://blog.example/post"]
    later = NETSCAPE.replace("A title of its own", "Third title").replace("Later", "Elsewhere")
    run("import", str(write(tmp_path / "c.html", later)))
    shown = run.json("show", str(row["id"]))
    assert shown["other_titles"] == ["A title of its own", "Third title"] and "Elsewhere" in shown["tags"]
    run("undo")
    shown = run.json("show", str(row["id"]))
    assert shown["other_titles"] == ["A title of its own"] and "Elsewhere" not in shown["tags"]


def test_skipped_is_only_for_records_not_imported(run: Run, tmp_path: Path) -> None:
    text = (
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        '<DT><A HREF="javascript:alert(1)">Bookmarklet</A>\n'
        '<DT><A HREF="https://ok.example/">Fine</A>\n'
        '<DT><A HREF="https://ok.example/#">Fine again</A>\n'
        "</DL>\n"
    )
    out = run("import", "--json", str(write(tmp_path / "b.html", text)))  # a browser's bookmarklet: counted, no failure
    result = json.loads(out.stdout)[0]
    assert (result["added"], result["unchanged"], result["skipped"]) == (1, 1, 1)
    assert any("run code, they are not pages); skipped" in p["message"] for p in result["problems"])


# ---- the re-keying migration ---------------------------------------------------------------------------


def _old_library(path: Path, urls: list[str]) -> None:
    """A schema-4 library holding ``urls`` keyed as readlog did before (no fragments)."""
    from sqlite_utils import Database

    path.parent.mkdir(parents=True, exist_ok=True)
    db = Database(path)
    migrations.migrate(db, upto=4)
    for i, url in enumerate(urls, 1):
        old_key = normalize_url(url).split("#")[0]
        db["entries"].insert(
            {
                "fingerprint": fingerprint("", "", "", "", url_key=old_key),
                "url_key": old_key,
                "url": url,
                "title": f"Entry {i}",
                "saved_at": "2026-11-01T00:00:00+00:00",
                "imported_at": "2026-11-01T00:00:00+00:00",
                "updated_at": "2026-11-01T00:00:00+00:00",
            }
        )
    db.conn.close()


def test_upgrade_rekeys_without_changing_ids_or_merging(run: Run, library: Path, tmp_path: Path) -> None:
    _old_library(library, ["https://example.com/#menu", "https://example.org/", "https://example.net/#/route"])
    before = sorted((r["id"], r["url"]) for r in run.json("list", "-n", "0"))
    assert [i for i, _ in before] == [1, 2, 3]
    conn = sqlite3.connect(library)
    keys = dict(conn.execute("SELECT id, url_key FROM entries"))
    conn.close()
    assert keys == {1: "https://example.com#menu", 2: "https://example.org", 3: "https://example.net#/route"}
    # a later import of the same links merges into them; other fragments of them are new links
    bookmarks = write(
        tmp_path / "b.html",
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        '<DT><A HREF="https://example.com/#menu">Menu</A>\n'
        '<DT><A HREF="https://example.com/#toolbar">Toolbar</A>\n'
        '<DT><A HREF="https://example.org/">Org</A>\n'
        "</DL>\n",
    )
    result = run.json("import", str(bookmarks))[0]
    assert result["added"] == 1 and sorted(m["into"] for m in result["merged"]) == [1, 2]
    assert sorted((r["id"], r["url"]) for r in run.json("list", "-n", "0"))[:3] == before


def test_undone_import_leaves_no_stale_feed_item(run: Run, tmp_path: Path) -> None:
    items = [("Part one", "urn:1", "https://news.example/story"), ("Part two", "urn:2", "https://news.example/story")]
    feed = atom(tmp_path / "a.xml", items)
    run("import", str(feed))
    run("undo")
    assert run.json("list", "-n", "0") == []
    run("import", str(feed))
    again = run.json("import", str(feed))[0]
    assert (again["added"], again["unchanged"]) == (0, 2)
    assert len(run.json("list", "-n", "0")) == 2


def test_trashed_feed_item_stays_away_and_comes_back_beside_its_sibling(run: Run, tmp_path: Path) -> None:
    items = [("Part one", "urn:1", "https://news.example/story"), ("Part two", "urn:2", "https://news.example/story")]
    feed = atom(tmp_path / "a.xml", items)
    run("import", str(feed))
    one = next(r["id"] for r in run.json("list", "-n", "0") if r["title"] == "Part one")
    run("rm", str(one))
    again = run.json("import", str(feed))[0]
    assert (again["added"], again["trashed"], again["unchanged"]) == (0, 1, 1)
    run("restore", str(one))  # the other item shares its link but is another item: no clash
    assert sorted(r["title"] for r in run.json("list", "-n", "0")) == ["Part one", "Part two"]


def test_a_trashed_item_keeps_out_only_itself_not_its_siblings(run: Run, tmp_path: Path) -> None:
    first = atom(tmp_path / "a.xml", [("Part one", "urn:1", "https://news.example/story")])
    run("import", str(first))
    (one,) = run.json("list", "-n", "0")
    run("rm", str(one["id"]))
    later = atom(
        tmp_path / "b.xml",
        [("Part one", "urn:1", "https://news.example/story"), ("Part two", "urn:2", "https://news.example/story")],
    )
    result = run.json("import", str(later))[0]
    assert (result["added"], result["trashed"]) == (1, 1)  # the new item of the feed is not taken for the trashed one
    assert [r["title"] for r in run.json("list", "-n", "0")] == ["Part two"]


def test_undoing_add_and_import_forgets_their_feed_items(run: Run, tmp_path: Path) -> None:
    run("add", "https://news.example/story", "--no-fetch")
    feed = atom(tmp_path / "a.xml", [("Part one", "urn:1", "https://news.example/story")])
    run("import", str(feed))  # the item merges into the added entry
    run("undo")  # the import
    run("undo")  # the add
    result = run.json("import", str(feed))[0]
    assert (result["added"], result["trashed"]) == (1, 0)
    assert run.json("import", str(feed))[0]["unchanged"] == 1


def test_an_older_export_is_keyed_by_todays_rule(run: Run, tmp_path: Path) -> None:
    old_key = "https://example.com"  # how readlog keyed https://example.com/#menu before fragments counted
    record = {
        "readlog": 1,
        "id": 7,
        "title": "Menu",
        "url": "https://example.com/#menu",
        "fingerprint": fingerprint("", "", "", "", url_key=old_key),
        "saved_at": "2026-11-01T00:00:00+00:00",
    }
    run("import", str(write(tmp_path / "old.jsonl", json.dumps(record) + "\n")))
    page = write(
        tmp_path / "b.html",
        '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="https://example.com/">Home</A>\n',
    )
    assert run.json("import", str(page))[0]["added"] == 1  # the home page is not the #menu entry
    assert sorted(r["title"] for r in run.json("list", "-n", "0")) == ["Home", "Menu"]
