"""fetch against pages that used to hang it or lose their title (issue 25):
charsets that are not text encodings, pages larger than what is parsed,
Retry-After on a 503, and a reading-time filter too large for SQLite."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

import webserver
from conftest import Run
from webserver import ZH_TITLE, Server

# The local server's fixtures.
server, web_server = webserver.server, webserver.web_server


def fetch(run: Run, *urls: str, code: int = 0) -> dict[str, Any]:
    run("add", *urls, "--no-fetch")
    return json.loads(run("fetch", "--json", code=code).stdout)


@pytest.mark.parametrize("label", ["punycode", "idna", "rot13"])
def test_a_page_declaring_a_codec_that_is_no_web_encoding_keeps_its_title(run: Run, server: Server, label: str) -> None:
    started = time.monotonic()
    report = fetch(run, server.url(f"/charset?name={label}"))
    assert time.monotonic() - started < 5
    [page] = report["pages"]
    assert page["ok"] and page["lang"] == "zh" and page["notice"] is None
    assert ZH_TITLE in json.loads(run("show", "1", "--json").stdout)["title"]


def test_a_page_without_a_readable_title_says_so(run: Run, server: Server) -> None:
    report = fetch(run, server.url("/notitle"))
    [page] = report["pages"]
    assert page["ok"] and page["notice"] == "no readable title on the page; the entry keeps the title it had"
    result = run("fetch", "--refetch")
    assert "#1: no readable title on the page" in result.stderr


def test_a_page_larger_than_the_parse_limit_is_cut_with_a_notice(
    run: Run, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("READLOG_FETCH_PARSE_BYTES", "60000")
    report = fetch(run, server.url("/big?kind=p&kb=300"))
    [page] = report["pages"]
    assert (
        page["ok"]
        and page["notice"].startswith("the page is 30")
        and "readlog read its first 60,000 bytes" in page["notice"]
    )
    text = json.loads(run("show", "1", "--full", "--json").stdout)["text"]
    assert "Paragraph 1:" in text and "Paragraph 2000:" not in text


def test_a_503_with_retry_after_is_retried_not_dead(run: Run, server: Server) -> None:
    report = fetch(run, server.url("/unavailable?key=cli&after=1"))
    [page] = report["pages"]
    assert page["ok"] and not page["dead"] and server.waits == [1.0]


def test_a_503_asking_for_a_long_wait_is_not_a_dead_link(run: Run, server: Server) -> None:
    report = fetch(run, server.url("/unavailable?key=cli-long&after=30.5&times=9"), code=1)
    [page] = report["pages"]
    assert not page["ok"] and not page["dead"] and "asks to wait 31 s" in page["error"]
    assert run("list", "--dead", "--json").stdout.strip() in ("[]", "")


@pytest.mark.parametrize("option", ["--max-time", "--min-time"])
@pytest.mark.parametrize("value", ["99999999999999999999", "525601", "-1"])
def test_a_reading_time_out_of_range_is_a_usage_error(run: Run, option: str, value: str) -> None:
    result = run("list", option, value, code=2)
    assert f"{option} takes minutes, 0 to 525,600" in result.stderr and "Traceback" not in result.stderr
    assert "SQLite" not in result.stderr
