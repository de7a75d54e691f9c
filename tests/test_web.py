"""The polite HTTP client (readlog/web.py) against a real local server:
charsets, redirects, retries, Retry-After, timeouts, size caps, compression,
per-host limits, the User-Agent, and failures below HTTP."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog import __version__
from readlog.web import client as web
from readlog.web import decoding
from readlog.web.client import Limits, Page

import webserver
from helpers import examples
from webserver import EN_TITLE, GB_TEXT, ZH_TITLE, Server

# The local server's fixtures.
server, web_server = webserver.server, webserver.web_server


def get(url: str, **limits: Any) -> Page:
    pages = get_all([url], **limits)
    return pages[0]


def get_all(urls: list[str], **limits: Any) -> list[Page]:
    found: dict[int, Page] = {}
    jobs = [web.Job(i, u) for i, u in enumerate(urls)]
    web.run(jobs, Limits.from_env(**limits), process=lambda p: p, done=lambda k, p: found.setdefault(k, p))
    assert sorted(found) == list(range(len(urls)))
    return [found[i] for i in range(len(urls))]


def test_two_servers_in_one_process_each_record_their_own_requests(server: Server) -> None:
    """Each test module that takes the fixtures starts its own server; two modules in one
    worker once shared the handler's record, so one module's counts saw nothing."""
    other, servers = webserver.start()
    try:
        get(other.url("/en?whose=other"))
        get(server.url("/en?whose=mine"))
    finally:
        for httpd in servers:
            httpd.shutdown()
            httpd.server_close()
    assert [r.path for r in other.asked("/en?whose")] == ["/en?whose=other"]
    assert [r.path for r in server.asked("/en?whose")] == ["/en?whose=mine"]


def test_chinese_and_english_pages(server: Server) -> None:
    zh, en = get_all([server.url("/zh"), server.url("/en")])
    assert zh.ok and zh.status == 200 and zh.is_html and ZH_TITLE in zh.text and zh.charset == "utf-8"
    assert en.ok and EN_TITLE in en.text and en.final_url == server.url("/en")


def test_user_agent_and_accept_encoding(server: Server) -> None:
    get(server.url("/en?ua=1"))
    request = server.asked("/en?ua=1")[-1]
    assert request.headers["User-Agent"] == web.USER_AGENT and web.USER_AGENT.startswith(f"readlog/{__version__} (")
    assert {"gzip", "br"} <= {e.strip() for e in request.headers["Accept-Encoding"].split(",")}


def test_gb18030_declared_in_a_meta_tag(server: Server) -> None:
    page = get(server.url("/gb18030"))
    assert page.ok and page.charset == "gb18030"
    assert GB_TEXT in page.text  # 𠀀 is outside GBK: only a real GB18030 decoder reads it


def test_redirect_chain_is_followed_to_its_end(server: Server) -> None:
    page = get(server.url("/redirect/3"))
    assert page.ok and page.status == 200 and page.final_url == server.url("/en") and EN_TITLE in page.text
    assert len(server.asked("/redirect/")) >= 3


def test_redirects_are_capped(server: Server) -> None:
    page = get(server.url("/redirect/5"), max_redirects=2)
    assert not page.ok and "more than 2 redirects" in str(page.error) and not page.dead


def test_redirect_loop_is_detected(server: Server) -> None:
    before = len(server.asked("/loop/"))
    page = get(server.url("/loop/a"))
    assert not page.ok and str(page.error) == "redirect loop" and page.status == 302
    assert len(server.asked("/loop/")) - before == 2  # a, b, and back to a is seen without asking


def test_redirect_to_something_not_a_web_page(server: Server) -> None:
    page = get(server.url("/js-redirect"))
    assert not page.ok and "not a web page" in str(page.error)


def test_404_is_dead(server: Server) -> None:
    page = get(server.url("/missing"))
    assert (page.ok, page.status, page.dead, str(page.error)) == (False, 404, True, "HTTP 404")


def test_500_then_200_is_retried(server: Server) -> None:
    page = get(server.url("/flaky?key=web"))
    assert page.ok and page.status == 200 and EN_TITLE in page.text
    assert len(server.asked("/flaky?key=web")) == 2


def test_5xx_after_the_retries_is_dead(server: Server) -> None:
    before = len(server.asked("/down"))
    page = get(server.url("/down"), retries=2, backoff=0.01)
    assert (page.status, page.dead) == (503, True) and len(server.asked("/down")) - before == 3


def test_429_retry_after_is_honoured(server: Server) -> None:
    page = get(server.url("/busy?key=honour&after=3"))
    assert page.ok and ZH_TITLE in page.text
    first, second = server.asked("/busy?key=honour")
    assert second.at - first.at >= 0.29  # waited what the server asked (3 s, a tenth of it here), not the backoff
    assert server.waits == [3.0]


def test_429_asking_for_longer_than_the_cap_ends_the_attempt(server: Server) -> None:
    started = time.monotonic()
    page = get(server.url("/busy?key=cap&after=3600"))
    assert time.monotonic() - started < 2
    assert not page.ok and page.status == 429 and not page.dead  # rate-limited is not dead
    assert "asks to wait 3600 s" in str(page.error) and len(server.asked("/busy?key=cap")) == 1


def test_retry_wait_doubles_and_respects_the_cap() -> None:
    limits = Limits(backoff=0.5, max_wait=10)
    assert [web.retry_wait(None, a, limits) for a in range(3)] == [0.5, 1.0, 2.0]
    assert web.retry_wait(4, 0, limits) == 4 and web.retry_wait(11, 0, limits) is None


def test_slow_page_times_out(server: Server) -> None:
    started = time.monotonic()
    page = get(server.url("/slow?wait=3"), timeout=0.2)
    assert time.monotonic() - started < 1.5
    assert not page.ok and "timed out" in str(page.error) and page.status is None and not page.dead


def test_a_page_that_never_finishes_is_cut_off(server: Server) -> None:
    """Each read comes in time, but the page as a whole is limited (three times the timeout)."""
    started = time.monotonic()
    page = get(server.url("/drip"), timeout=0.25)
    assert time.monotonic() - started < 2
    assert not page.ok and "longer than 0.75 s" in str(page.error)


def test_endless_body_stops_at_the_size_cap(server: Server) -> None:
    page = get(server.url("/endless"), max_bytes=300_000)
    assert not page.ok and "larger than 300,000 bytes" in str(page.error) and page.status == 200 and not page.dead


@pytest.mark.parametrize("kind", ["gzip", "br"])
def test_compression_bomb_stops_at_the_size_cap(server: Server, kind: str) -> None:
    """8 MB of spaces in a few KB: decoding stops at the cap instead of filling memory."""
    page = get(server.url(f"/bomb?kind={kind}"), max_bytes=1_000_000)
    assert not page.ok and "larger than" in str(page.error) and page.text == ""


@pytest.mark.parametrize("kind", ["gzip", "deflate", "br"])
def test_a_damaged_compressed_page_fails_saying_so(server: Server, kind: str) -> None:
    page = get(server.url(f"/damaged?kind={kind}"))
    assert not page.ok and str(page.error) == "the page's compressed data is damaged"
    assert page.status == 200 and not page.dead and page.text == ""


@pytest.mark.parametrize(("path", "title"), [("/gzip", EN_TITLE), ("/br", ZH_TITLE)])
def test_compressed_pages(server: Server, path: str, title: str) -> None:
    page = get(server.url(path))
    assert page.ok and title in page.text


def test_non_html_file_is_refused_unread(server: Server) -> None:
    page = get(server.url("/file.pdf"))
    assert not page.ok and "application/pdf" in str(page.error) and page.status == 200 and not page.dead


def test_plain_text_is_read(server: Server) -> None:
    page = get(server.url("/plain.txt"))
    assert page.ok and not page.is_html and "Second paragraph" in page.text


def test_connection_refused(server: Server) -> None:
    spare = socket.socket()
    spare.bind(("127.0.0.1", 0))
    port = spare.getsockname()[1]
    spare.close()  # nothing listens there now
    page = get(f"http://127.0.0.1:{port}/")
    assert not page.ok and str(page.error) == "connection refused" and page.status is None and not page.dead


def test_no_such_host(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """Name resolution is faked for one host (no DNS query leaves the machine)."""
    real = socket.getaddrinfo

    def fake(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host in ("no-such-host.invalid", b"no-such-host.invalid"):  # anyio passes the name as bytes
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    page = get("http://no-such-host.invalid/page")
    assert (str(page.error), page.no_host, page.dead, page.status) == ("no such host", True, True, None)


def test_one_page_at_a_time_per_host_and_jobs_in_all(server: Server) -> None:
    settle(server)
    urls = [server.url(f"/hold?ms=150&n={i}", host) for i in range(3) for host in ("127.0.0.1", "127.0.0.2")]
    started = time.monotonic()
    pages = get_all(urls, jobs=4)
    elapsed = time.monotonic() - started
    assert all(p.ok for p in pages)
    assert server.most_in_flight["127.0.0.1"] == 1 and server.most_in_flight["127.0.0.2"] == 1
    assert server.most_in_flight["*"] == 2  # the two hosts did overlap
    assert elapsed < 6 * 0.15  # faster than one at a time


def settle(server: Server) -> None:
    """Wait for requests an earlier test left in flight (the server answers them
    after their client gave up), then count afresh."""
    deadline = time.monotonic() + 5
    while sum(server.in_flight.values()) and time.monotonic() < deadline:
        time.sleep(0.01)
    server.most_in_flight.clear()


def test_jobs_limit_the_pages_in_flight(server: Server) -> None:
    settle(server)
    urls = [server.url(f"/hold?ms=100&j={i}", host) for i in range(2) for host in ("127.0.0.1", "127.0.0.2")]
    assert all(p.ok for p in get_all(urls, jobs=1))
    assert server.most_in_flight["*"] == 1


# ---- charsets, without the network ------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "header", "expected"),
    [
        ("<meta charset=gbk><p>中文</p>".encode("gb18030"), "text/html", "gb18030"),
        (
            b'<meta http-equiv="content-type" content="text/html; charset=GB2312">' + "汉字".encode("gb2312"),
            "",
            "gb18030",
        ),
        ("<p>é</p>".encode("cp1252"), "text/html; charset=ISO-8859-1", "cp1252"),
        (b"\xef\xbb\xbf<p>x</p>", "text/html; charset=latin-1", "utf-8"),  # the BOM wins
        ("<p>x</p>".encode("utf-16-le"), "", "utf-8"),  # no BOM, not declared, valid UTF-8
        (b"\xff\xfe<\x00p\x00>\x00", "", "utf-16-le"),
        (b'<meta charset="utf-16"><p>x</p>', "", "utf-8"),  # readable as ASCII, so not UTF-16
        (b'<meta charset="no-such-charset"><p>caf\xc3\xa9</p>', "", "utf-8"),
        # codecs Python has that are not text encodings: never used, never a traceback
        (b'<meta charset="base64"><p>caf\xc3\xa9</p>', "", "utf-8"),
        (b"<p>caf\xc3\xa9</p>", "text/html; charset=rot13", "utf-8"),
        (b'<meta charset="zlib"><p>x</p>', "text/html; charset=hex", "utf-8"),
        ("没有声明的中文网页内容，用国标编码保存。".encode("gb18030"), "text/html", "gb18030"),
        ("Un caf\u00e9 sans d\u00e9claration".encode("cp1252"), "", "cp1252"),
    ],
)
def test_decode_finds_the_charset(data: bytes, header: str, expected: str) -> None:
    text, name = decoding.decode(data, header)
    assert name == expected
    assert "\ufffd" not in text or expected == "utf-8"


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=3000), st.text(max_size=60))
def test_decode_never_fails(data: bytes, header: str) -> None:
    text, name = decoding.decode(data, header)
    assert isinstance(text, str) and name


@settings(max_examples=examples(100), deadline=None)
@given(st.binary(max_size=5000), st.sampled_from(["gzip", "deflate", "br", "identity", "", "compress", "gzip, br"]))
def test_decoders_never_exceed_the_room_or_crash(data: bytes, encoding: str) -> None:
    decoder = decoding.decoder_for(encoding)
    if decoder is None:
        assert encoding in ("compress", "gzip, br")
        return
    try:
        out = decoder.feed(data, 1000)
    except decoding.Damaged:
        return
    assert len(out) <= max(1000, len(data) if encoding in ("identity", "") else 1000)


# ---- issue 25: hostile charsets, Retry-After, large pages ---------------------------------


@pytest.mark.parametrize("label", ["punycode", "idna", "rot13", "uu", "hex", "base64", "zlib", "bogus"])
def test_a_charset_that_is_not_a_web_encoding_is_detected(label: str) -> None:
    """Only the WHATWG Encoding Standard's labels are charsets; punycode's decoder
    is quadratic (a 1 MB page took minutes) and idna's loses the title."""
    assert decoding.charset(label) == ""
    data = "<title>标题 café</title>".encode() + b"<p>x</p>" * 100_000
    started = time.monotonic()
    text, name = decoding.decode(data, f"text/html; charset={label}")
    assert time.monotonic() - started < 1 and name == "utf-8" and "标题 café" in text


@pytest.mark.parametrize(
    ("label", "codec"),
    [
        ("UTF-8", "utf-8"),
        ("gb2312", "gb18030"),
        ("latin1", "cp1252"),
        ("ks_c_5601-1987", "cp949"),
        ("koi8-r", "koi8-r"),
    ],
)
def test_web_encoding_labels_are_read(label: str, codec: str) -> None:
    assert decoding.charset(label) == codec


@pytest.mark.parametrize("label", ["punycode", "idna"])
def test_a_page_declaring_punycode_keeps_its_title(server: Server, label: str) -> None:
    page = get(server.url(f"/charset?name={label}"))
    assert page.ok and page.charset == "utf-8" and ZH_TITLE in page.text


@pytest.mark.parametrize(("value", "seconds"), [("30", 30.0), ("30.5", 31.0), ("0", 0.0), ("0.2", 1.0), ("soon", None)])
def test_retry_after_is_whole_seconds_rounded_up(value: str, seconds: float | None) -> None:
    assert web._retry_after(value) == seconds


def test_retry_after_with_a_fraction_is_said_as_the_wait_it_means(server: Server) -> None:
    page = get(server.url("/busy?key=frac&after=30.5"), max_wait=30)
    assert not page.ok and not page.dead and server.waits == []
    assert "asks to wait 31 s, longer than readlog waits (30 s)" in str(page.error)


def test_503_with_retry_after_is_retried_after_the_wait(server: Server) -> None:
    page = get(server.url("/unavailable?key=once&after=2"), max_wait=5)
    assert page.ok and page.status == 200 and EN_TITLE in page.text and not page.dead
    assert server.waits == [2.0] and len(server.asked("/unavailable?key=once")) == 2


def test_503_asking_for_longer_than_the_cap_is_not_dead(server: Server) -> None:
    page = get(server.url("/unavailable?key=long&after=3600"))
    assert (page.ok, page.status, page.dead) == (False, 503, False) and server.waits == []
    assert "asks to wait 3600 s" in str(page.error) and len(server.asked("/unavailable?key=long")) == 1


def test_a_large_page_is_cut_before_it_is_parsed(server: Server) -> None:
    page = get(server.url("/big?kind=li&kb=200"), parse_bytes=50_000)
    assert page.ok and 37_000 < len(page.text) <= 50_000 and page.text.rstrip().endswith("</li>")
    assert str(page.notice) == "the page is 205,029 bytes; readlog read its first 50,000 bytes"
    whole = get(server.url("/big?kind=li&kb=40"), parse_bytes=50_000)
    assert whole.ok and str(whole.notice) == "" and whole.text.endswith("</html>")


def test_the_page_time_covers_extraction(server: Server) -> None:
    """--the per-page bound (page_seconds) holds for download and extraction together:
    a page still being read when it runs out fails with a message, at once."""
    found: dict[int, tuple[Page, float]] = {}
    started = time.monotonic()

    def slow(page: Page) -> Page:
        if page.ok:
            time.sleep(1.2)
        return page

    limits = Limits.from_env(timeout=0.1)  # 0.3 s for a page
    web.run(
        [web.Job(0, server.url("/en"))],
        limits,
        process=slow,
        done=lambda k, p: found.setdefault(k, (p, time.monotonic())),
    )
    page, at = found[0]
    assert at - started < 1.0 and not page.ok and not page.dead
    assert str(page.error).startswith("the page took longer than 0.3 s to download and read")


def test_large_pages_are_parsed_one_at_a_time(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web, "LARGE_PAGE", 20_000)
    settle(server)
    lock, now, most = __import__("threading").Lock(), [0], [0]

    def parse(page: Page) -> Page:
        with lock:
            now[0] += 1
            most[0] = max(most[0], now[0])
        time.sleep(0.15)
        with lock:
            now[0] -= 1
        return page

    urls = [server.url(f"/big?kind=p&kb=30&n={i}", host) for i in range(2) for host in ("127.0.0.1", "127.0.0.2")]
    found: dict[int, Page] = {}
    web.run([web.Job(i, u) for i, u in enumerate(urls)], Limits.from_env(jobs=4), process=parse, done=found.setdefault)
    assert len(found) == 4 and all(p.ok for p in found.values()) and most[0] == 1
    small = [server.url(f"/hold?ms=1&large={i}", host) for i in range(2) for host in ("127.0.0.1", "127.0.0.2")]
    now[0] = most[0] = 0
    web.run([web.Job(i, u) for i, u in enumerate(small)], Limits.from_env(jobs=4), process=parse, done=found.setdefault)
    assert most[0] >= 2  # small pages are still parsed side by side


# ---- TLS: verified, the certificate store read only when a TLS connection is made ----------------


@pytest.fixture
def tls_server(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """An HTTPS server on 127.0.0.1 with a certificate made for this test (by openssl), and a fresh
    TLS context for the client; yields (url, the certificate's path)."""
    import shutil
    import ssl
    import subprocess
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make a certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    make = "req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3 -subj /CN=127.0.0.1"
    make += " -addext subjectAltName=IP:127.0.0.1"
    subprocess.run(["openssl", *make.split(), "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            data = webserver.EN_PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    for name in ("SSL_CERT_FILE", "SSL_CERT_DIR", *webserver.PROXIES):
        monkeypatch.delenv(name, raising=False)
    web._tls.cache_clear()
    try:
        yield f"https://127.0.0.1:{httpd.server_address[1]}/en", cert
    finally:
        web._tls.cache_clear()
        httpd.shutdown()
        httpd.server_close()


def test_the_certificate_store_is_read_only_for_tls(server: Server, tls_server: Any) -> None:
    assert get(server.url("/en?tls=1")).ok
    assert web._tls().cert_store_stats()["x509_ca"] == 0  # http only: the store was never read
    url, _ = tls_server
    page = get(url)  # a certificate no public authority signed: refused
    assert not page.ok and "CERTIFICATE_VERIFY_FAILED" in str(page.error) and page.status is None
    assert web._tls().cert_store_stats()["x509_ca"] > 100  # certifi's store, read for it


def test_tls_trusts_ssl_cert_file(tls_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    url, cert = tls_server
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # as httpx honours it
    page = get(url)
    assert page.ok and EN_TITLE in page.text and web._tls().cert_store_stats()["x509_ca"] == 1
