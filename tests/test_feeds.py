"""Followed feeds (issue 37): the web client's conditional requests, follow / feeds /
unfollow / refresh through the API and the CLI, against the local server's feeds that
change between requests (tests/webserver.py /feed, /feedpage)."""

from __future__ import annotations

import asyncio
from typing import Any

import webserver
from webserver import Server

from readlog.web import client

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
