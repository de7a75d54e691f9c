"""A real HTTP server on 127.0.0.1 (and 127.0.0.2, a second host) for the
fetch and add tests: every kind of page the web client must handle.

Pages are written here, for these tests. The server runs in a thread for
the whole test session (one per xdist worker); pages that change from one
request to the next (500 then 200, 429 then 200) keep their state per
``key`` query parameter, so tests never see each other's requests. Nothing
here reaches outside the machine.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlsplit

import pytest

ZH_TITLE = "终端里的转义序列为什么危险"
ZH_PARAGRAPHS = [
    "终端把某些字节当作命令而不是文字：移动光标、改变颜色、设置窗口标题，甚至写入剪贴板。",
    "如果一个程序把网页上抓来的文字原样打印出来，页面作者就可以在文字里藏一段转义序列，让终端替他做事。",
    "这篇文章用几个小实验说明这种攻击怎样发生：先清屏，再伪造一行看起来正常的输出，最后把一段命令悄悄放进剪贴板。",
    "防御的办法并不复杂。把所有外来文字当作数据，在显示之前去掉控制字符和转义序列，并且不要让富文本库去解释其中的方括号。",
    "作者最后提醒，日志、文件名和书签标题都可能带着这样的字节，任何来自别处的字符串都值得同样的小心。",
]
EN_TITLE = "Why reading time estimates are usually wrong"
EN_PARAGRAPHS = [
    "Most reading time estimates divide a word count by a fixed speed and call it a day. That is a fine start, "
    "but the number people actually care about is whether they can finish the piece before their coffee gets cold.",
    "Readers slow down for dense technical prose, for code samples and for tables, and they speed up for narrative. "
    "A single average hides all of that, which is why the estimate should be rounded and treated as a hint.",
    "Counting words is harder than it looks once more than one language is involved. Chinese and Japanese are "
    "written without spaces, so every character has to count on its own, and at its own speed.",
    "The practical answer is to keep two speeds, one for words and one for characters, and to say which were used. "
    "Users can then judge for themselves whether the article really takes twelve minutes or closer to twenty.",
]


MIXED_TITLE = "Rust 编译器的 incremental compilation 是怎样工作的"
MIXED_PARAGRAPHS = [
    "Rust 的编译器把每一次编译拆成许多 query，每个 query 的结果都带着它读过的输入，存进磁盘上的 dep graph。",
    "下一次编译时，rustc 先比较输入的 fingerprint：没有变的 query 直接重用上次的结果，变了的才重新计算。",
    "The red-green algorithm marks each node of the graph as changed or unchanged, and stops as soon as a "
    "recomputed result turns out to be the same as before, so that a small edit does not rebuild the whole crate.",
    "作者的结论是：增量编译在大型 workspace 里能省下一半以上的时间，但 codegen unit 的划分仍然决定了上限。",
]


def article_html(title: str, paragraphs: list[str], *, lang: str, head: str = "", extra: str = "") -> str:
    body = "\n".join(f"<p>{p}</p>" for p in paragraphs)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{title} - Test Site</title>{head}'
        f"</head><body><nav><a href='/'>Home</a> <a href='/about'>About</a></nav>"
        f"<article><h1>{title}</h1>\n{body}\n{extra}</article>"
        f"<footer>Copyright the test site. All rights reserved.</footer></body></html>"
    )


ZH_PAGE = article_html(ZH_TITLE, ZH_PARAGRAPHS, lang="zh-CN")
MIXED_PAGE = article_html(MIXED_TITLE, MIXED_PARAGRAPHS, lang="zh-CN")
EN_PAGE = article_html(
    EN_TITLE,
    EN_PARAGRAPHS,
    lang="en",
    extra=(
        "<h2>Two speeds</h2><ul><li>words a minute for English</li><li>characters a minute for Chinese</li></ul>"
        "<pre><code>minutes = words / 230 + characters / 400\n    # rounded, at least one</code></pre>"
        "<blockquote><p>An estimate is a promise you cannot keep exactly.</p></blockquote>"
    ),
)
META_HEAD = """
<meta property="og:title" content="The Open Graph title">
<meta property="og:description" content="What the page says about itself, in one sentence.">
<meta property="og:site_name" content="Metadata Weekly">
<meta property="og:url" content="/meta?canonical=1">
<meta name="description" content="The plain meta description, which Open Graph outranks.">
<link rel="canonical" href="/meta-canonical">
<meta property="article:published_time" content="2026-11-20T08:30:00+08:00">
<script type="application/ld+json">
{"@context": "https://schema.org", "@graph": [
  {"@type": "WebSite", "name": "Metadata Weekly site", "url": "/"},
  {"@type": "NewsArticle", "headline": "The JSON-LD headline", "datePublished": "2026-11-19",
   "publisher": {"@type": "Organization", "name": "Metadata Weekly Inc."}, "inLanguage": "en-GB"}
]}
</script>
"""
META_PAGE = article_html("The page title", EN_PARAGRAPHS, lang="en", head=META_HEAD)
# Only JSON-LD: the headline and publisher name must be found there.
JSONLD_PAGE = article_html(
    "Plain title | Some Site",
    EN_PARAGRAPHS[:2],
    lang="en",
    head='<script type="application/ld+json">{"@type": "BlogPosting", "headline": "Headline from JSON-LD", '
    '"description": "Description from JSON-LD.", "datePublished": "2025-03-04T10:00:00Z", '
    '"publisher": {"name": "LD Publisher"}}</script>',
)
GB_TEXT = "国标扩展字符页面：这一页用 GB18030 编码，并且只在 meta 标签里声明。𠀀是扩展区的字。"
GB_PAGE = (
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb18030">'
    "<title>GB18030 编码测试</title></head><body><article><h1>GB18030 编码测试</h1>"
    + "".join(f"<p>{GB_TEXT}第{i}段，多写几句，让正文足够长，提取器才会保留它。</p>" for i in range(5))
    + "</article></body></html>"
).encode("gb18030")
ESC = "\x1b"
HOSTILE_TITLE = f"Totally normal{ESC}]0;pwned{ESC}\\ title [bold red]markup[/] \u202eevil"
HOSTILE_PAGE = article_html(
    HOSTILE_TITLE,
    [
        f"Clear the screen{ESC}[2J{ESC}[H and then pretend all is well. This paragraph is long enough to be kept.",
        f"Copy to clipboard{ESC}]52;c;cm0gLXJmIH4K{ESC}\\ silently, with bells\x07 and a null\x00 or two here.",
        "[link=https://evil.example]click me[/link] and [bold]rich markup[/bold] stays text, every bracket.",
        "Zero width\u200b joiners\u200d and bidi \u2066overrides\u2069 vanish; the rest of this sentence stays.",
        "# this is not a heading but a paragraph that starts with a hash, so it must stay a paragraph",
    ],
    lang="en",
    extra="<p>- not a list item either, just a dash at the start of a paragraph of text</p>"
    "<p>&gt; and not a quote, although it starts with a greater-than sign in the page</p>"
    f"<pre><code>```\nfenced inside code{ESC}[31m red\n```</code></pre>",
)
# An article without any title: no <title>, no og:title, no headline.
NOTITLE_PAGE = article_html("", EN_PARAGRAPHS, lang="en").replace("<title> - Test Site</title>", "")
PLAIN_TEXT = "A plain text page.\n\n# Not a heading\nJust text, line by line.\n\nSecond paragraph of plain text.\n"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"
BIG_ARTICLE_WORDS = 20_000


def long_article(words: int) -> str:
    """An English article of about ``words`` words, in paragraphs of about 100 that all differ
    (an extractor drops repeated paragraphs, as it should)."""
    vocabulary = "careful readers keep notes while they read long articles about systems tools memory disks"
    vocabulary += " networks queues caches schedulers compilers parsers editors terminals fonts colours pages"
    words_used = vocabulary.split(" ")
    paragraphs = []
    for i in range(max(1, words // 100)):
        chosen = [words_used[(i * 7 + j * j) % len(words_used)] for j in range(99)]
        paragraphs.append(f"Paragraph {i}: " + " ".join(chosen) + ".")
    return article_html("A very long article", paragraphs, lang="en")


@dataclass
class Request:
    host: str
    path: str
    headers: dict[str, str]
    at: float


@dataclass
class Server:
    """The running server: its base URLs and what it was asked."""

    port: int
    port2: int
    requests: list[Request] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    in_flight: dict[str, int] = field(default_factory=dict)
    most_in_flight: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    waits: list[float] = field(default_factory=list)  # the retry waits the client asked for
    # The feeds /feed serves, by ?key=: how many items each has now (a test adds some between
    # refreshes), and the conditional requests each was asked (304 or not).
    feed_items: dict[str, int] = field(default_factory=dict)
    conditional: dict[str, int] = field(default_factory=dict)

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        port = self.port2 if host == "127.0.0.2" else self.port
        return f"http://{host}:{port}{path}"

    def asked(self, path_start: str) -> list[Request]:
        with self.lock:
            return [r for r in self.requests if r.path.startswith(path_start)]


def _pages() -> dict[str, Callable[[Handler, dict[str, str]], None]]:
    def html(body: str | bytes, status: int = 200, ctype: str = "text/html; charset=utf-8") -> Callable[..., None]:
        data = body.encode("utf-8") if isinstance(body, str) else body
        return lambda h, q: h.reply(status, data, ctype)

    return {
        "/zh": html(ZH_PAGE),
        "/en": html(EN_PAGE),
        "/mixed": html(MIXED_PAGE),
        "/meta": html(META_PAGE),
        "/jsonld": html(JSONLD_PAGE),
        "/gb18030": html(GB_PAGE, ctype="text/html"),
        "/hostile": html(HOSTILE_PAGE),
        "/plain.txt": html(PLAIN_TEXT, ctype="text/plain; charset=utf-8"),
        "/file.pdf": html(PDF, ctype="application/pdf"),
        "/papers": html(PDF, ctype="application/pdf"),
        "/picture.png": html(PNG, ctype="image/png"),
        "/missing": html("<html><body>not here</body></html>", status=404),
        "/gone": html("<html><body>gone for good</body></html>", status=410),
        "/empty": html("<html><head><title>Nothing</title></head><body></body></html>"),
        "/long": html(long_article(BIG_ARTICLE_WORDS)),
        "/redirect": Handler.redirect_chain,
        "/loop": Handler.loop,
        "/flaky": Handler.flaky,
        "/busy": Handler.busy,
        "/down": Handler.down,
        "/once": Handler.once,
        "/slow": Handler.slow,
        "/drip": Handler.drip,
        "/endless": Handler.endless,
        "/gzip": Handler.gzipped,
        "/br": Handler.brotli,
        "/bomb": Handler.bomb,
        "/damaged": Handler.damaged,
        "/hold": Handler.hold,
        "/unavailable": Handler.unavailable,
        "/charset": Handler.charset,
        "/notitle": html(NOTITLE_PAGE),
        "/big": Handler.big,
        "/js-redirect": lambda h, q: h.send_redirect("javascript:alert(1)"),
        "/feed": Handler.feed,
        "/feedpage": Handler.feed_page,
    }


class Handler(BaseHTTPRequestHandler):
    server_version = "readlog-test/1"
    protocol_version = "HTTP/1.1"
    state: Server
    pages: ClassVar[dict[str, Callable[[Handler, dict[str, str]], None]]] = {}

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        host = self.headers.get("Host", "")
        with self.state.lock:
            self.state.requests.append(Request(host, self.path, dict(self.headers.items()), time.monotonic()))
        page = self.pages.get(parts.path) or self.pages.get("/" + parts.path.strip("/").split("/")[0])
        if page is None:
            self.reply(404, b"<html><body>no such test page</body></html>", "text/html")
            return
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up: fine
            page(self, query)

    # ---- helpers -------------------------------------------------------------------

    def reply(self, status: int, data: bytes, ctype: str, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def send_redirect(self, location: str, status: int = 302) -> None:
        self.send_response(status)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def count(self, query: dict[str, str]) -> int:
        key = f"{urlsplit(self.path).path}:{query.get('key', '')}"
        with self.state.lock:
            self.state.counts[key] = self.state.counts.get(key, 0) + 1
            return self.state.counts[key]

    # ---- pages that do something -------------------------------------------------------

    def redirect_chain(self, query: dict[str, str]) -> None:
        """/redirect/3 -> /redirect/2 -> /redirect/1 -> /en (301, 302, 307 in turn)."""
        n = int(urlsplit(self.path).path.rsplit("/", 1)[-1] or 0)
        target = "/en" if n <= 1 else f"/redirect/{n - 1}"
        self.send_redirect(target, (301, 302, 307)[n % 3])

    def loop(self, query: dict[str, str]) -> None:
        """/loop/a -> /loop/b -> /loop/a ..."""
        here = urlsplit(self.path).path
        self.send_redirect("/loop/b" if here.endswith("/a") else "/loop/a")

    def flaky(self, query: dict[str, str]) -> None:
        """500 on the first request for a key, the English article after."""
        if self.count(query) == 1:
            self.reply(500, b"<html><body>oops</body></html>", "text/html")
        else:
            self.reply(200, EN_PAGE.encode(), "text/html; charset=utf-8")

    def busy(self, query: dict[str, str]) -> None:
        """429 with Retry-After (?after=SECONDS) the first time, then the Chinese article."""
        if self.count(query) == 1:
            self.reply(429, b"slow down", "text/plain", {"Retry-After": query.get("after", "1")})
        else:
            self.reply(200, ZH_PAGE.encode(), "text/html; charset=utf-8")

    def unavailable(self, query: dict[str, str]) -> None:
        """503 with Retry-After (?after=SECONDS) the first ?times= (1) requests for a key, then the English article."""
        if self.count(query) <= int(query.get("times", "1")):
            self.reply(503, b"down for a moment", "text/plain", {"Retry-After": query.get("after", "1")})
        else:
            self.reply(200, EN_PAGE.encode(), "text/html; charset=utf-8")

    def charset(self, query: dict[str, str]) -> None:
        """The Chinese article in UTF-8, its header declaring ?name= (punycode, idna, rot13...) as the charset."""
        self.reply(200, ZH_PAGE.replace('<meta charset="utf-8">', "").encode(), f"text/html; charset={query['name']}")

    def big(self, query: dict[str, str]) -> None:
        """A page of ?kb= kilobytes of <li> items (?kind=li) or paragraphs (?kind=p)."""
        self.reply(
            200, big_page(query.get("kind", "p"), int(query.get("kb", "100")) * 1024), "text/html; charset=utf-8"
        )

    def once(self, query: dict[str, str]) -> None:
        """The English article the first time for a key, 404 after: a link that dies."""
        if self.count(query) == 1:
            self.reply(200, EN_PAGE.encode(), "text/html; charset=utf-8")
        else:
            self.reply(404, b"<html><body>gone</body></html>", "text/html")

    def down(self, query: dict[str, str]) -> None:
        """503 every time."""
        self.reply(503, b"<html><body>down</body></html>", "text/html")

    def slow(self, query: dict[str, str]) -> None:
        """Answers only after ?wait= seconds (default 3): past any test timeout."""
        time.sleep(float(query.get("wait", "3")))
        self.reply(200, EN_PAGE.encode(), "text/html; charset=utf-8")

    def drip(self, query: dict[str, str]) -> None:
        """Headers at once, then a byte every 0.05 s for 4 s: no read waits long, the page never ends."""
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", "100000")
        self.end_headers()
        for _ in range(80):
            self.wfile.write(b" ")
            self.wfile.flush()
            time.sleep(0.05)

    def endless(self, query: dict[str, str]) -> None:
        """An HTML page that never ends (no length; up to 64 MB, or until the client leaves)."""
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(b"<html><body><p>")
        chunk = b"endless " * 8192
        for _ in range(1000):
            self.wfile.write(chunk)
        self.close_connection = True

    def gzipped(self, query: dict[str, str]) -> None:
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            self.reply(406, b"gzip only", "text/plain")
            return
        self.reply(200, gzip.compress(EN_PAGE.encode()), "text/html; charset=utf-8", {"Content-Encoding": "gzip"})

    def brotli(self, query: dict[str, str]) -> None:
        import brotli

        if "br" not in self.headers.get("Accept-Encoding", ""):
            self.reply(406, b"br only", "text/plain")
            return
        self.reply(200, brotli.compress(ZH_PAGE.encode()), "text/html; charset=utf-8", {"Content-Encoding": "br"})

    def bomb(self, query: dict[str, str]) -> None:
        """?kind=gzip|br: a small body that decompresses to 8 MB of spaces."""
        kind = query.get("kind", "gzip")
        self.reply(200, bomb(kind), "text/html", {"Content-Encoding": kind})

    def damaged(self, query: dict[str, str]) -> None:
        """?kind=gzip|deflate|br: a body said to be compressed that is not (a gzip header, then noise)."""
        self.reply(200, b"\x1f\x8b\x08\x00" + bytes(range(256)) * 8, "text/html", {"Content-Encoding": query["kind"]})

    def feed(self, query: dict[str, str]) -> None:
        """An RSS feed of ``state.feed_items[key]`` items (3 unless a test says otherwise), newest
        first, with an ETag and Last-Modified that change with it; a conditional request for the
        same answers 304 (counted in ``state.conditional``). ?ttl= MINUTES: an RSS <ttl>;
        ?links=here: the items link to this server's English article (/en?feed=KEY&item=N)."""
        key = query.get("key", "")
        with self.state.lock:
            n = self.state.feed_items.setdefault(key, 3)
            if "If-None-Match" in self.headers or "If-Modified-Since" in self.headers:
                self.state.conditional[key] = self.state.conditional.get(key, 0) + 1
        etag = f'"{key}-{n}"'
        modified = f"Mon, {n + 1:02d} Nov 2026 08:00:00 GMT"
        headers = {"ETag": etag, "Last-Modified": modified}
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            for k, v in headers.items():
                self.send_header(k, v)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        here = f"http://{self.headers.get('Host', '')}/en?feed={key}&amp;item=" if query.get("links") == "here" else ""
        body = feed_xml(key, n, query.get("ttl", ""), here).encode()
        self.reply(200, body, "application/rss+xml; charset=utf-8", headers)

    def feed_page(self, query: dict[str, str]) -> None:
        """A blog's home page that names its feed (/feed?key=) in a <link rel="alternate">."""
        key = query.get("key", "")
        page = article_html(
            EN_TITLE,
            EN_PARAGRAPHS,
            lang="en",
            head=f'<link rel="alternate" type="application/rss+xml" title="Feed {key}" href="/feed?key={key}">',
        )
        self.reply(200, page.encode(), "text/html; charset=utf-8")

    def hold(self, query: dict[str, str]) -> None:
        """Answers after ?ms= milliseconds, counting how many requests each host has in flight."""
        host = self.headers.get("Host", "").split(":")[0]
        with self.state.lock:
            self.state.in_flight[host] = self.state.in_flight.get(host, 0) + 1
            self.state.most_in_flight[host] = max(self.state.most_in_flight.get(host, 0), self.state.in_flight[host])
            total = sum(self.state.in_flight.values())
            self.state.most_in_flight["*"] = max(self.state.most_in_flight.get("*", 0), total)
        try:
            time.sleep(int(query.get("ms", "100")) / 1000)
            self.reply(200, EN_PAGE.encode(), "text/html; charset=utf-8")
        finally:
            with self.state.lock:
                self.state.in_flight[host] -= 1


def feed_xml(key: str, n: int, ttl: str = "", links: str = "") -> str:
    """An RSS 2.0 feed titled "Feed KEY" with items 1..n (newest first), each with its guid;
    ``links``: where the items link, their number after it (else example.org, never fetched)."""
    items = "".join(
        f"<item><title>Post {i} of {key}</title><link>{links + str(i) if links else f'http://example.org/{key}/post-{i}'}</link>"
        f"<guid isPermaLink='false'>{key}-{i}</guid><pubDate>Mon, {i:02d} Nov 2026 08:00:00 GMT</pubDate>"
        f"<description>Item number {i}.</description></item>"
        for i in range(n, 0, -1)
    )
    more = f"<ttl>{ttl}</ttl>" if ttl else ""
    return (
        f"<?xml version='1.0' encoding='utf-8'?><rss version='2.0'><channel><title>Feed {key}</title>"
        f"<link>http://example.org/{key}/</link><description>A test feed</description>{more}{items}</channel></rss>"
    )


@functools.cache
def big_page(kind: str, size: int) -> bytes:
    """About ``size`` bytes of HTML: one long list of <li> items, or paragraphs that all differ."""
    words = [
        "careful",
        "readers",
        "keep",
        "notes",
        "while",
        "they",
        "read",
        "long",
        "articles",
        "about",
        "systems",
        "tools",
        "memory",
        "disks",
    ]
    head = f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>A big page of {kind}</title></head>"
    parts, n, i = [head + "<body><article><h1>A big page</h1>" + ("<ul>" if kind == "li" else "")], 0, 0
    while n < size:
        line = " ".join(words[(i * 7 + j * j) % len(words)] for j in range(10))
        part = f"<li>Item {i}: {line}</li>\n" if kind == "li" else f"<p>Paragraph {i}: {line}.</p>\n"
        parts.append(part)
        n, i = n + len(part), i + 1
    parts.append(("</ul>" if kind == "li" else "") + "</article></body></html>")
    return "".join(parts).encode()


@functools.cache
def bomb(kind: str) -> bytes:
    import brotli

    raw = b" " * (8 * 2**20)
    return gzip.compress(raw, compresslevel=1) if kind == "gzip" else brotli.compress(raw, quality=1)


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hung up (a timeout, a size cap) is expected here; anything else is printed."""
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def start() -> tuple[Server, list[ThreadingHTTPServer]]:
    """Serve the pages on 127.0.0.1 and 127.0.0.2 (ports chosen by the system)."""
    # A handler class of this server's own: each test module that takes the fixtures starts a
    # server, and a state kept on Handler itself would send one server's requests to the other's
    # record when two such modules run in the same worker.
    handler = type("BoundHandler", (Handler,), {"pages": _pages()})
    servers = [_QuietServer((host, 0), handler) for host in ("127.0.0.1", "127.0.0.2")]
    state = Server(servers[0].server_address[1], servers[1].server_address[1])
    handler.state = state
    for httpd in servers:
        threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return state, servers


@pytest.fixture(scope="session")
def web_server() -> Iterator[Server]:
    state, servers = start()
    try:
        yield state
    finally:
        for httpd in servers:
            httpd.shutdown()
            httpd.server_close()


FAST = {
    # Generous: a local page answers at once on a quiet machine, but on a loaded one it may take
    # longer than a second, and a test that is not about timeouts must not fail on one. A test
    # about timeouts sets its own, far from the page's own wait (a /slow page answering after 1 s
    # is given 0.4 s).
    "READLOG_FETCH_TIMEOUT": "5",
    "READLOG_FETCH_BACKOFF": "0.02",
    "READLOG_FETCH_MAX_WAIT": "5",
    "READLOG_FETCH_MAX_BYTES": "2000000",
}
PROXIES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


@pytest.fixture
def server(web_server: Server, monkeypatch: pytest.MonkeyPatch) -> Server:
    """The session's server, with the web client's waits cut short and no proxy in the way:
    a Retry-After of N seconds is waited N/10 s (``server.waits`` holds what was asked)."""
    import asyncio

    from readlog.web import client

    for name, value in FAST.items():
        monkeypatch.setenv(name, value)
    for name in PROXIES:
        monkeypatch.delenv(name, raising=False)
    web_server.waits = []

    async def short(seconds: float) -> None:
        web_server.waits.append(seconds)
        await asyncio.sleep(seconds / 10)

    monkeypatch.setattr(client, "_pause", short)
    return web_server
