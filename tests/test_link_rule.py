"""One rule for what an entry may link to, whichever importer read it:
web links (http or https with a host) and entries without a link are
entries; anything else is skipped, with its reason in the summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.model.entry import is_web_address, is_web_link, link_problem

from conftest import FIXTURES, Run, write
from helpers import examples

FORMATS = FIXTURES / "formats"


@pytest.mark.parametrize(
    "url",
    [
        "https://a.example/x",
        "http://a.example",
        "HTTPS://A.example/p?q=1#f",
        "https://[::1]:8080/",
        "http://a.example/a b",
    ],
)
def test_web_links_are_entries(url: str) -> None:
    assert is_web_link(url) and link_problem(url) is None


@pytest.mark.parametrize(
    "url",
    [
        "file:///home/me/start.html",
        "about:blank",
        "apt://vlc",
        "httpss://typo.example/",
        "https:/host.example/x",
        "https:host.example",
        "https://",
        "http:///path",
        "place:sort=8",
        "ftp://files.example/x",
        "mailto:me@example.org",
        "chrome://settings",
        "http://[broken",
    ],
)
def test_everything_else_is_not(url: str) -> None:
    assert not is_web_link(url) and not is_web_address(url)
    assert link_problem(url) == f"not a web link ({url})"


def test_no_link_is_no_problem() -> None:
    assert link_problem("") is None and link_problem("  ") is None


def test_a_bookmark_file_keeps_only_its_web_links(run: Run) -> None:
    """A browser's file: its bookmarks that are not web pages are counted by scheme (start
    pages, Firefox's saved queries), the web links written wrong reported each."""
    result = run("import", str(FORMATS / "netscape-not-web.html"), "--json", code=1)
    (report,) = json.loads(result.stdout)
    assert [e["url"] for e in run.json("list")] == ["http://plain.example/", "https://good.example/article"]
    assert [(p["message"], p["count"]) for p in report["problems"]] == [
        ("'Typo scheme': not a web link (httpss://typo.example/a); skipped", 1),
        ("'One slash': not a web link (https:/one-slash.example/b); skipped", 1),
        ("1 bookmark of file: links, which are not web pages; skipped", 1),
        ("1 bookmark of about: links, which are not web pages; skipped", 1),
        ("1 bookmark of apt: links, which are not web pages; skipped", 1),
        ("1 bookmark of place: links, which are not web pages; skipped", 1),
    ]
    assert report["skipped"] == 6


def test_firefox_place_queries_are_skipped_with_their_reason(run: Run) -> None:
    """Counted in a file known as Firefox's; said on its line in one read as a JSON list of links."""
    said = {
        "firefox-backup.json": "1 bookmark of place: links, which are not web pages; skipped",
        "firefox-untyped.json": "'Most Visited': not a web link (place:sort=8&maxResults=10); skipped",
    }
    for name, message in said.items():
        result = run("import", str(FORMATS / name), "--json", code=1)
        (report,) = json.loads(result.stdout)
        assert message in [p["message"] for p in report["problems"]]
        assert not any(e["url"].startswith("place:") for e in run.json("list", "-n", "0"))


def test_the_rule_holds_for_other_importers_and_is_said(run: Run, tmp_path: Path) -> None:
    result = run("import", str(FORMATS / "links-not-web.json"), code=1)
    assert [e["url"] for e in run.json("list")] == ["https://good.example/j"]
    assert "not a web link (file:///C:/Users/me/notes.html); skipped" in result.stderr
    assert "not a web link (ftp://files.example/pub/x.tar.gz); skipped" in result.stderr
    assert "not a web link (https:/no-host); skipped" in result.stderr
    assert "3 skipped" in result.stdout


def test_readlog_own_export_gives_back_what_the_library_held(run: Run, tmp_path: Path) -> None:
    record = {"readlog": 1, "title": "Old", "url": "file:///x.html", "saved_at": "2026-01-01T00:00:00+00:00"}
    path = write(tmp_path / "backup.jsonl", json.dumps(record) + "\n")
    run("import", str(path))
    assert [e["url"] for e in run.json("list")] == ["file:///x.html"]


@settings(max_examples=examples(200), deadline=None)
@given(
    st.sampled_from(["http", "https"]),
    st.from_regex(r"[a-z0-9][a-z0-9.-]{0,20}", fullmatch=True),
    st.one_of(
        st.just(""),
        st.text(st.characters(blacklist_characters="?#", min_codepoint=0x21), max_size=20).map("/{}".format),
    ),
)
def test_a_plain_link_is_judged_as_urlsplit_judges_it(scheme: str, host: str, path: str) -> None:
    """is_web_link's shortcut for plain links (http(s), a host name, a path) says what
    the rule through urlsplit says of them."""
    from urllib.parse import urlsplit

    url = f"{scheme}://{host}{path}"
    parts = urlsplit(url)
    assert is_web_link(url) == bool(
        parts.scheme in ("http", "https") and parts.hostname and url[len(scheme) + 1 :].startswith("//")
    )
