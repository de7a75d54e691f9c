"""Plain text stays as written; HTML is stripped only where a format carries HTML.

`Vec<T>` lost its `<T>` and `<title>` swallowed the rest of a field when
every importer sent every field through the HTML stripper. Each format's
fields are decided one by one: CSV and JSON exports, digests, bookmark
lists and readlog's own export carry plain text; Netscape files, Pocket's
and Instapaper's HTML exports, wallabag's content and feeds' HTML
constructs carry HTML, whose escapes (`&lt;T&gt;`) come back as text.
"""

from __future__ import annotations

import csv
import io
import json
import plistlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Run
from helpers import examples

PLAIN = "Vec<T> is a < b > c, then <title> and the rest"
ESCAPED = "Vec&lt;T&gt; is a &lt; b &gt; c, then &lt;title&gt; and the rest"


def _csv(header: list[str], *rows: list[str]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


# name -> (file name, content, fields that must hold PLAIN)
PLAIN_FORMATS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "digest": (
        "digest.txt",
        f"技术文章 Rust Blog 2026-10-30\n{PLAIN}.\n推荐收录，因为 {PLAIN}\n",
        ("title", "summary", "verdict"),
    ),
    "bookmarks": ("list.txt", f"evening-reads\n\n{PLAIN}\n\n{PLAIN}\n\n收藏3 天前\n", ("title", "summary")),
    "pocket": (
        "pocket.csv",
        _csv(
            ["title", "url", "time_added", "tags", "status"], [PLAIN, "https://p.example/1", "1700000000", "", "unread"]
        ),
        ("title",),
    ),
    "instapaper": (
        "instapaper.csv",
        _csv(
            ["URL", "Title", "Selection", "Folder", "Timestamp"],
            ["https://i.example/1", PLAIN, PLAIN, "Unread", "1700000000"],
        ),
        ("title",),  # the selection is a highlight (tests/test_formats_highlights.py)
    ),
    "readwise": (
        "readwise.csv",
        _csv(
            ["Title", "URL", "ID", "Document tags", "Saved date", "Location", "Seen", "Summary", "Note"],
            [PLAIN, "https://r.example/1", "1", "", "2026-11-01", "new", "false", PLAIN, PLAIN],
        ),
        ("title", "summary", "note"),
    ),
    "raindrop": (
        "raindrop.csv",
        _csv(
            ["id", "title", "note", "excerpt", "url", "folder", "tags", "created", "cover", "highlights", "favorite"],
            ["1", PLAIN, PLAIN, PLAIN, "https://d.example/1", PLAIN, "", "2026-11-01T00:00:00Z", "", "", "false"],
        ),
        ("title", "summary", "category"),
    ),
    "omnivore": (
        "metadata_0_to_1.json",
        json.dumps(
            [
                {
                    "title": PLAIN,
                    "description": PLAIN,
                    "url": "https://o.example/1",
                    "savedAt": "2026-11-01T00:00:00Z",
                    "slug": "s",
                    "labels": [],
                }
            ]
        ),
        ("title", "summary"),
    ),
    "wallabag": (
        "wallabag.json",
        json.dumps(
            [
                {
                    "title": PLAIN,
                    "url": "https://w.example/1",
                    "is_archived": 0,
                    "is_starred": 0,
                    "content": f"<p>{ESCAPED}</p>",
                }
            ]
        ),
        ("title", "summary"),
    ),
    "firefox": (
        "bookmarks.json",
        json.dumps(
            {
                "type": "text/x-moz-place-container",
                "root": "placesRoot",
                "children": [
                    {
                        "type": "text/x-moz-place-container",
                        "title": PLAIN,
                        "children": [
                            {
                                "type": "text/x-moz-place",
                                "title": PLAIN,
                                "uri": "https://f.example/1",
                                "annos": [{"name": "bookmarkProperties/description", "value": PLAIN}],
                            }
                        ],
                    }
                ],
            }
        ),
        ("title", "summary", "category"),
    ),
    "chrome": (
        "Bookmarks",
        json.dumps(
            {
                "roots": {
                    "bookmark_bar": {
                        "type": "folder",
                        "name": PLAIN,
                        "children": [
                            {
                                "type": "url",
                                "name": PLAIN,
                                "url": "https://c.example/1",
                                "date_added": "13300000000000000",
                            }
                        ],
                    }
                }
            }
        ),
        ("title", "category"),
    ),
    "safari": (
        "Bookmarks.plist",
        plistlib.dumps(
            {
                "WebBookmarkType": "WebBookmarkTypeList",
                "Children": [
                    {
                        "WebBookmarkType": "WebBookmarkTypeLeaf",
                        "URLString": "https://s.example/1",
                        "URIDictionary": {"title": PLAIN},
                        "ReadingList": {"PreviewText": PLAIN},
                    }
                ],
            }
        ).decode(),
        ("title", "summary"),
    ),
    "links-json": (
        "links.json",
        json.dumps(
            [{"href": "https://l.example/1", "title": PLAIN, "extended": PLAIN, "note": PLAIN, "collection": PLAIN}]
        ),
        ("title", "summary", "note", "category"),
    ),
    "links-csv": (
        "links.csv",
        _csv(["Link", "Name", "Excerpt"], ["https://l.example/2", PLAIN, PLAIN]),
        ("title", "summary"),
    ),
    "jsonl": (
        "backup.jsonl",
        json.dumps({"readlog": 1, "title": PLAIN, "summary": PLAIN, "note": PLAIN}) + "\n",
        ("title", "summary", "note"),
    ),
}

# HTML formats: their escapes come back as the same plain text, and it is not stripped a second time.
HTML_FORMATS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "netscape": (
        "bookmarks.html",
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        f'<DT><A HREF="https://n.example/1" ADD_DATE="1700000000">{ESCAPED}</A>\n<DD>{ESCAPED}\n</DL><p>\n',
        ("title", "summary"),
    ),
    "pocket-html": (
        "ril_export.html",
        "<!DOCTYPE html><html><head><title>Pocket Export</title></head><body><h1>Unread</h1><ul>"
        f'<li><a href="https://ph.example/1" time_added="1700000000" tags="">{ESCAPED}</a></li></ul></body></html>',
        ("title",),
    ),
    "instapaper-html": (
        "instapaper-export.html",
        "<!DOCTYPE html><html><head><title>Instapaper: Export</title></head><body><h1>Unread</h1><ol>"
        f'<li><a href="https://ih.example/1">{ESCAPED}</a></li></ol></body></html>',
        ("title",),
    ),
    "rss": (
        "feed.xml",
        '<?xml version="1.0"?><rss version="2.0"><channel><title>F</title><item>'
        f"<title>{ESCAPED}</title><link>https://rss.example/1</link>"
        f"<description>&lt;p&gt;{ESCAPED.replace('&', '&amp;')}&lt;/p&gt;</description></item></channel></rss>",
        ("title", "summary"),
    ),
    "atom-text": (
        "atom.xml",
        '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title type="text">F</title><entry>'
        f'<title type="text">{ESCAPED}</title><link href="https://atom.example/1"/>'
        f'<summary type="text">{ESCAPED}</summary></entry></feed>',
        ("title", "summary"),
    ),
}


def _import(run: Run, tmp_path: Path, name: str, content: str) -> list[dict[str, Any]]:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    run("import", str(path), "--as-of", "2026-12-01", code=None)
    return list(run.json("list", "-n", "0", "--archived")) + list(run.json("list", "-n", "0"))


@pytest.mark.parametrize("fmt", list(PLAIN_FORMATS) + list(HTML_FORMATS))
def test_text_fields_keep_angle_brackets(run: Run, tmp_path: Path, fmt: str) -> None:
    name, content, fields = {**PLAIN_FORMATS, **HTML_FORMATS}[fmt]
    rows = _import(run, tmp_path, name, content)
    assert rows, f"{fmt}: nothing imported"
    for row in rows:
        for field in fields:
            if field == "title" and fmt == "digest":
                assert row["title"].startswith("Vec<T> is a < b > c"), row["title"]
                continue
            assert PLAIN in row[field], f"{fmt} {field}: {row[field]!r}"


def test_feed_html_is_still_stripped(run: Run, tmp_path: Path) -> None:
    feed = (
        '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">'
        '<title type="html">&lt;b&gt;Blog&lt;/b&gt;</title>'
        '<entry><title type="html">&lt;i&gt;Fast&lt;/i&gt; Vec&amp;lt;T&amp;gt;</title><link href="https://h.example/1"/>'
        '<summary type="html">&lt;p&gt;One&lt;/p&gt;&lt;p&gt;Two &lt;img src="https://h.example/i.png"&gt;&lt;/p&gt;'
        "</summary></entry></feed>"
    )
    rows = _import(run, tmp_path, "html.xml", feed)
    assert [(r["title"], r["source"]) for r in rows] == [("Fast Vec<T>", "Blog")]
    assert rows[0]["summary"] == "One\nTwo\nimage: https://h.example/i.png"


def test_bookmark_list_titles_and_summaries_with_copied_markup(run: Run, tmp_path: Path) -> None:
    text = (
        "evening-reads\n\n<b>调度器</b>为什么会饿死后台任务\n\n"
        '<figure><img src="https://example.org/s.png"></figure><p>一篇长文：Vec&lt;T&gt;。</p>\n\n收藏2 周前\n\n'
        f"{PLAIN}\n\n{PLAIN}\n\n收藏3 天前\n"
    )
    rows = {r["title"]: r["summary"] for r in _import(run, tmp_path, "list.txt", text)}
    assert rows == {"调度器为什么会饿死后台任务": "image: https://example.org/s.png\n一篇长文：Vec<T>。", PLAIN: PLAIN}


def test_bookmark_list_markup_copied_from_a_page_is_converted() -> None:
    from readlog.inputs.formats.htmltext import copied_markup_to_text

    pasted = '<figure> <img src="https://cdn.example/a.png"> </figure>当我继续深入 Vec&lt;T&gt;，<b>重要</b>。'
    assert copied_markup_to_text(pasted) == "image: https://cdn.example/a.png\n当我继续深入 Vec<T>，重要。"


@pytest.mark.parametrize(
    "text",
    [PLAIN, "a <b> c", "Option<&T> and HashMap<K, V>", "x <img> y", "1 < 2 && 3 > 2", "<title>alone</title> here"],
)
def test_bookmark_list_prose_is_left_as_written(text: str) -> None:
    from readlog.inputs.formats.htmltext import copied_markup_to_text

    assert copied_markup_to_text(text) == text


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("abcT <>/&;=\"'-xyz中文")), max_size=60))
def test_prose_without_markup_evidence_is_never_changed(text: str) -> None:
    """Text with no tag carrying attributes, no closing tag and no <br>/<img>/<hr> is left alone."""
    from readlog.inputs.formats.htmltext import copied_markup_to_text, holds_copied_markup

    if not holds_copied_markup(text):
        assert copied_markup_to_text(text) == text
