"""Followed feeds (issue 37): the web client's conditional requests, follow / feeds /
unfollow / refresh through the API and the CLI, against the local server's feeds that
change between requests (tests/webserver.py /feed, /feedpage)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import readlog
from readlog.web import client

import webserver
from conftest import Run
from webserver import Server

server, web_server = webserver.server, webserver.web_server


def _get(url: str, **ask: Any) -> client.Page:
    async def go() -> client.Page:
        async with client._client(client.Limits.from_env()) as http:
            return await client.get(http, url, client.Limits.from_env(), **ask)

    return asyncio.run(go())


def test_a_feed_fetch_keeps_the_validators_and_a_conditional_request_gets_a_304(server: Server) -> None:
    url = server.url("/feed?key=client")
    page = _get(url, feed=True)
    assert page.ok and page.status == 200 and not page.not_modified
    assert page.content_type == "application/rss+xml"
    assert page.etag == '"client-3"' and page.last_modified == "Mon, 04 Nov 2026 08:00:00 GMT"
    assert b"<title>Feed client</title>" in page.data
    again = _get(url, feed=True, etag=page.etag, last_modified=page.last_modified)
    assert again.ok and again.status == 304 and again.not_modified and again.data == b"" and again.text == ""
    assert again.etag == page.etag
    sent = server.asked("/feed?key=client")[-1].headers
    assert sent["If-None-Match"] == '"client-3"' and sent["If-Modified-Since"] == page.last_modified
    assert server.conditional["client"] == 1


def test_an_article_fetch_still_refuses_a_feed(server: Server) -> None:
    page = _get(server.url("/feed?key=article"))
    assert not page.ok and "application/rss+xml" in str(page.error)
    assert "If-None-Match" not in server.asked("/feed?key=article")[-1].headers


def test_a_feed_fetch_of_a_page_decodes_its_html(server: Server) -> None:
    page = _get(server.url("/feedpage?key=p"), feed=True)
    assert page.ok and page.is_html and 'rel="alternate"' in page.text


# ---- the API ------------------------------------------------------------------------


def _titles(lib: Any) -> list[str]:
    return sorted(e.title for e in lib.entries(archived=None))


def test_follow_by_feed_and_by_page_then_refresh_twice_then_two_more(server: Server, library: Path) -> None:
    by_feed, by_page = server.url("/feed?key=a1"), server.url("/feedpage?key=b1")
    with readlog.open(library) as lib:
        followed = lib.follow([by_feed, by_page])
        assert not followed.failed and followed.action
        assert [(f.url, f.title) for f in lib.feeds()] == [
            (by_feed, "Feed a1"),
            (server.url("/feed?key=b1"), "Feed b1"),
        ]
        first = lib.refresh()
        assert first.added == 6 and first.failed == 0 and first.action
        assert {f.status for f in first.feeds} == {"new"}
        rows = lib.entries()
        assert len(rows) == 6 and all(e.read_at is None for e in rows)
        assert {e.source for e in rows} == {"Feed a1", "Feed b1"}
        asked = len(server.asked("/feed?key=a1"))
        second = lib.refresh()
        assert second.added == 0 and second.action is None
        assert {f.status for f in second.feeds} == {"unchanged"}
        assert server.conditional == {**server.conditional, "a1": 1, "b1": 1}
        assert len(server.asked("/feed?key=a1")) == asked + 1
        assert server.asked("/feed?key=a1")[-1].headers["If-None-Match"] == '"a1-3"'
        server.feed_items["a1"] = 5
        third = lib.refresh()
        assert third.added == 2
        assert [f.added for f in third.feeds if f.url == by_feed] == [2]
        assert len(lib.entries()) == 8
        assert lib.refresh().added == 0


def test_an_item_already_imported_from_a_file_is_not_added_again(server: Server, library: Path, tmp_path: Path) -> None:
    from webserver import feed_xml

    saved = tmp_path / "feed.xml"
    saved.write_text(feed_xml("f1", 2), encoding="utf-8")
    with readlog.open(library) as lib:
        lib.import_path(str(saved))
        assert len(lib.entries()) == 2
        lib.follow(server.url("/feed?key=f1"))
        assert lib.refresh().added == 1  # post 3 only
        assert _titles(lib) == ["Post 1 of f1", "Post 2 of f1", "Post 3 of f1"]


def test_a_failing_feed_is_reported_and_the_others_go_on(server: Server, library: Path) -> None:
    good, bad, html = server.url("/feed?key=g1"), server.url("/down"), server.url("/en")
    with readlog.open(library) as lib:
        lib.follow(good)
        followed = lib.follow([bad, html])
        assert [u for u, _ in followed.failed] == [bad, html] and followed.action is None
        # followed from an OPML file, the failing feed is followed without a download
        done = lib.refresh()
        assert done.added == 3
        from readlog.store import feeds as stored

        with lib.transaction():
            stored.add(lib.store, bad, "Down", "", lib.store.start_action("follow"))
        result = lib.refresh()
        by_url = {f.url: f for f in result.feeds}
        assert by_url[bad].status == "failed" and "503" in str(by_url[bad].error)
        assert by_url[good].status == "unchanged"
        failing = {f.url: f for f in lib.feeds()}[bad]
        assert failing.failures == 1 and failing.next_check_at is not None and failing.last_error
        # not due again before its back-off
        assert {f.url: f.status for f in lib.refresh().feeds}[bad] == "waiting"
        assert {f.url: f.status for f in lib.refresh(["Down"]).feeds} == {bad: "failed"}
        assert {f.url: f for f in lib.feeds()}[bad].failures == 2


def test_backoff_doubles_up_to_a_day_and_honours_retry_after_and_ttl(server: Server, library: Path) -> None:
    from datetime import timedelta

    from readlog.core.feeds import backoff, ttl_of

    assert [backoff(n) for n in (1, 2, 3)] == [timedelta(minutes=15), timedelta(minutes=30), timedelta(hours=1)]
    assert backoff(30) == timedelta(days=1)
    assert backoff(1, retry_after=7200) == timedelta(hours=2)
    assert ttl_of(b"<rss><channel><ttl>90</ttl>") == 5400
    assert ttl_of(b"<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>") == 43200
    assert ttl_of(b"<rss/>") is None
    url = server.url("/feed?key=t1&ttl=120")
    with readlog.open(library) as lib:
        lib.follow(url)
        lib.refresh()
        assert {f.url: f.status for f in lib.refresh().feeds} == {url: "waiting"}


def test_undo_of_a_refresh_and_of_a_follow(server: Server, library: Path) -> None:
    url = server.url("/feed?key=u1")
    with readlog.open(library) as lib:
        lib.follow(url)
        lib.refresh()
        assert len(lib.entries()) == 3
        lib.undo()  # the refresh: its items go, and the next refresh reads the feed whole again
        assert lib.entries() == [] and [f.url for f in lib.feeds()] == [url]
        assert lib.refresh().added == 3
        lib.undo()
        lib.undo()  # the follow
        assert lib.feeds() == [] and lib.entries() == []
        lib.follow(url)
        gone = lib.unfollow("Feed u1")
        assert gone.url == url and lib.feeds() == []
        lib.undo()
        assert [f.url for f in lib.feeds()] == [url]


def test_opml_in_and_out(library: Path, tmp_path: Path) -> None:
    subscriptions = tmp_path / "subs.opml"
    subscriptions.write_text(
        '<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="Tech">'
        '<outline type="rss" text="One" xmlUrl="https://one.example/feed.xml" htmlUrl="https://one.example/"/>'
        '<outline type="rss" title="二" text="2" xmlUrl="https://two.example/atom"/></outline></body></opml>',
        encoding="utf-8",
    )
    with readlog.open(library) as lib:
        lib.follow(str(subscriptions))
        assert [(f.url, f.title) for f in lib.feeds()] == [
            ("https://one.example/feed.xml", "One"),
            ("https://two.example/atom", "二"),
        ]
        out = lib.feeds_opml()
        again = tmp_path / "again.opml"
        again.write_text(out, encoding="utf-8")
    from readlog.core.feeds import opml_feeds

    assert opml_feeds(str(again)) == [
        ("https://one.example/feed.xml", "One", "https://one.example/"),
        ("https://two.example/atom", "二", ""),
    ]


# ---- the CLI ------------------------------------------------------------------------


def test_the_commands(server: Server, run: Run, tmp_path: Path) -> None:
    feed, page = server.url("/feed?key=c1"), server.url("/feedpage?key=c2")
    out = run("follow", feed, page).stdout
    assert f"followed Feed c1 ({feed})" in out and "followed Feed c2" in out
    assert "already followed: Feed c1" in run("follow", feed).stdout
    listed = run("feeds").stdout
    assert "Feed c1" in listed and "never refreshed" in listed
    done = run("refresh").stdout
    assert "Feed c1: 3 new items" in done and "6 new items; feeds checked: 2, failed: 0" in done
    again = run.json("refresh")
    assert again["added"] == 0 and {f["status"] for f in again["feeds"]} == {"unchanged"}
    server.feed_items["c1"] = 5
    assert "Feed c1: 2 new items" in run("refresh", "Feed c1").stdout
    assert len(run.json("list")) == 8
    records = run.json("feeds")
    assert [(r["title"], r["last_new"]) for r in records] == [("Feed c1", 2), ("Feed c2", 0)]
    opml = run("feeds", "--export", "opml").stdout
    assert opml.startswith("<?xml") and f'xmlUrl="{feed.replace("&", "&amp;")}"' in opml
    assert "unfollowed Feed c2" in run("unfollow", "Feed c2").stdout
    assert [r["title"] for r in run.json("feeds")] == ["Feed c1"]
    run("undo")
    assert len(run.json("feeds")) == 2


def test_failures_and_usage(server: Server, run: Run) -> None:
    bad = run("follow", server.url("/en"), code=1)
    assert "the page names no feed" in bad.stderr
    assert "neither a web address nor an OPML file" in run("follow", "no-such-file", code=2).stderr
    assert "no followed feed named nope" in run("unfollow", "nope", code=1).stderr
    assert "feeds --export takes opml" in run("feeds", "--export", "csv", code=2).stderr


def test_chinese(server: Server, run: Run) -> None:
    feed = server.url("/feed?key=z1")
    assert "已关注 Feed z1" in run("--lang", "zh", "follow", feed).stdout
    out = run("--lang", "zh", "refresh").stdout
    assert "Feed z1：3 条新条目" in out and "检查了 1 个订阅源，新增 3 条，失败 0 个" in out
    assert "没有新条目" in run("--lang", "zh", "refresh").stdout


def test_undo_of_a_refresh_waits_for_a_later_refresh_of_the_same_feed(server: Server, library: Path) -> None:
    from readlog.model.errors import ReadlogError

    url = server.url("/feed?key=w1")
    with readlog.open(library) as lib:
        lib.follow(url)
        first = lib.refresh().action
        server.feed_items["w1"] = 4
        second = lib.refresh().action
        assert first and second and first != second
        try:
            lib.undo(first)
        except ReadlogError as exc:
            assert f"readlog undo {second}" in str(exc)
        else:
            raise AssertionError("undone over a later refresh")
        lib.undo(second)
        lib.undo(first)
        assert lib.entries() == []


def test_ctrl_c_keeps_the_feeds_already_stored(server: Server, library: Path, monkeypatch: Any) -> None:
    import pytest

    from readlog.core import feeds

    first, second = server.url("/feed?key=k1"), server.url("/feed?key=k2")
    stored = feeds._store_page
    calls = []

    def then_stop(*args: Any) -> Any:
        calls.append(args[1]["url"])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return stored(*args)

    with readlog.open(library) as lib:
        lib.follow([first, second])
        monkeypatch.setattr(feeds, "_store_page", then_stop)
        with pytest.raises(KeyboardInterrupt):
            lib.refresh(jobs=1)
        monkeypatch.setattr(feeds, "_store_page", stored)
        kept = {f.url: f for f in lib.feeds()}
        assert len(lib.entries()) == 3 and kept[calls[0]].last_new == 3 and kept[calls[1]].last_checked_at is None
        assert lib.refresh().added == 3  # the other feed's, the next time


def test_fetch_fetches_the_new_items_pages(server: Server, library: Path) -> None:
    url = server.url("/feed?key=x1&links=here")
    with readlog.open(library) as lib:
        lib.follow(url)
        done = lib.refresh(fetch=True)
        assert done.added == 3 and done.fetched.fetched == 3
        assert all(e.fetched_at is not None for e in lib.entries())


def test_a_long_retry_after_is_honoured(server: Server, library: Path) -> None:
    from datetime import datetime, timedelta, timezone

    from readlog.store import feeds as stored

    busy = server.url("/unavailable?key=r1&times=99&after=7200")
    with readlog.open(library) as lib:
        with lib.transaction():
            stored.add(lib.store, busy, "Busy", "", lib.store.start_action("follow"))
        result = lib.refresh().feeds[0]
        assert result.status == "failed" and result.next_check_at is not None
        now = datetime.now(timezone.utc)
        assert timedelta(hours=1, minutes=59) < result.next_check_at - now <= timedelta(hours=2, seconds=5)
