"""The polite HTTP client behind ``add`` and ``fetch``.

One page at a time per host and at most ``jobs`` pages at once; timeouts on
connecting and on every read, and a limit on a whole page; redirects
followed by hand (capped, loops detected, only to http and https); retries
with doubling waits on 429 and 5xx, honouring ``Retry-After`` up to a cap;
the body read as a stream and decoded (gzip, deflate, br) in bounded steps,
so neither a never-ending page nor a compression bomb can hold more than
the size cap in memory; the text decoded by the charset the page declares
(BOM, HTTP header, ``<meta>``), GB18030 included. The decoding itself, a
pure function of the bytes, is web/decoding.py's.

httpx is imported inside the functions that use it: this module is loaded
only by the commands that go to the network (tests/test_startup.py).
Results are plain ``Page`` records; nothing here touches the library.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import math
import os
import re
import socket
import ssl
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar
from urllib.parse import urljoin, urlsplit

from readlog.model.entry import is_web_address
from readlog.model.errors import UsageError
from readlog.model.messages import Phrase, Said
from readlog.model.version import __version__
from readlog.web.decoding import Damaged, cut, decode, decoder_for, looks_like_html, reads_brotli

if TYPE_CHECKING:
    import httpx

# Where a site's operator can read what readlog is; empty until the project
# has a public home page (the User-Agent then names only the program).
PROJECT_URL = ""
USER_AGENT = f"readlog/{__version__} ({'+' + PROJECT_URL if PROJECT_URL else 'personal reading tracker'})"

RETRY_STATUSES = {429, 500, 502, 503, 504}
# Statuses that say "not now" rather than "not here": never a dead link.
TRANSIENT_STATUSES = {408, 425, 429}
REDIRECTS = {301, 302, 303, 307, 308}
HTML_TYPES = ("text/html", "application/xhtml+xml")
TEXT_TYPES = ("text/plain",)
# What a feed is served as, besides HTML (a page that names its feed) and plain text; a feed
# fetch (``feed=True``) accepts these too, an article's fetch does not.
FEED_TYPES = (
    "application/rss+xml",
    "application/atom+xml",
    "application/xml",
    "text/xml",
    "application/feed+json",
    "application/rdf+xml",
    "application/json",
)
NOT_MODIFIED = 304


@dataclass(frozen=True)
class Limits:
    """How patient and how greedy a fetch may be.

    ``from_env`` lets the environment shorten the waits (tests use
    READLOG_FETCH_TIMEOUT and READLOG_FETCH_BACKOFF so that a slow page or a
    retry costs a fraction of a second).
    """

    timeout: float = 20.0  # seconds to connect, and between two reads of a page
    page_seconds: float = 60.0  # the longest one page may take, all reads together
    max_bytes: int = 10 * 2**20  # the largest page kept, after decompression
    # A page is cut to this size before it is parsed: trafilatura's time grows with the square of a
    # page's paragraphs (1 MB: 3 s, 2 MB: 11 s, 9.5 MB: minutes), so this is what bounds it.
    parse_bytes: int = 2**20
    max_redirects: int = 10
    retries: int = 2  # further attempts after a 429 or 5xx
    backoff: float = 1.0  # the wait before the first retry, doubled for each next one
    max_wait: float = 30.0  # the longest Retry-After honoured; a longer one ends the attempt
    jobs: int = 4  # pages at once (always one at a time per host)

    @classmethod
    def from_env(cls, **overrides: Any) -> Limits:
        """The defaults, with READLOG_FETCH_TIMEOUT / _BACKOFF / _MAX_WAIT / _MAX_BYTES /
        _PARSE_BYTES applied, then ``overrides``."""
        values: dict[str, Any] = {}
        timeout = _env_float("READLOG_FETCH_TIMEOUT")
        if timeout is not None:
            values.update(timeout=timeout, page_seconds=timeout * 3)
        for key, env in (("backoff", "READLOG_FETCH_BACKOFF"), ("max_wait", "READLOG_FETCH_MAX_WAIT")):
            value = _env_float(env)
            if value is not None:
                values[key] = value
        for key, env in (("max_bytes", "READLOG_FETCH_MAX_BYTES"), ("parse_bytes", "READLOG_FETCH_PARSE_BYTES")):
            size = _env_float(env)
            if size is not None:
                values[key] = int(size)
        limits = replace(cls(), **values)
        if "timeout" in overrides and "page_seconds" not in overrides:
            overrides["page_seconds"] = overrides["timeout"] * 3
        return replace(limits, **overrides)


def _env_float(name: str) -> float | None:
    """A number above 0 from $name; None when unset or empty. Anything else
    (0, -1, inf, text) is a usage error, as for readlog's other settings."""
    from readlog.model.environment import env_number

    found = env_number(name)
    if found is None:
        return None
    value, raw = found
    if not 0 < value < 1e12:  # also false for nan and inf
        raise UsageError.of("bad_positive", env=name, raw=raw[:40])
    return value


@dataclass
class Page:
    """What one attempt to get a page found.

    ``error`` is '' for a page whose text is in ``text``. ``dead`` marks a
    link that is gone (an HTTP error status after the retries, or no such
    host); ``status`` is None when no response came at all.
    """

    url: str
    final_url: str = ""
    status: int | None = None
    content_type: str = ""
    text: str = ""
    charset: str = ""
    language: str = ""  # the Content-Language header's first tag
    error: Said = ""  # a phrase of the catalogue, or the network library's own words
    dead: bool = False
    no_host: bool = False  # the host name does not exist (or the machine is offline)
    retry_after: float | None = None
    notice: Said = ""  # said beside a good page: it was cut, for one
    seconds: float = 0.0  # how long the (last) attempt took
    cut_off: bool = False  # the page was larger than the size cap, or slower than the time cap
    # A conditional request's answers (a feed's refresh): the ETag and Last-Modified to ask again
    # with, and whether the server said it has not changed since (304: a success with no body).
    etag: str = ""
    last_modified: str = ""
    not_modified: bool = False
    data: bytes = b""  # a feed fetch's body as it came (decompressed, not decoded): the importer reads it

    @property
    def ok(self) -> bool:
        return not self.error

    @property
    def later(self) -> bool:
        """Whether a failed page may be read another time: no answer came
        (offline, a timeout, a refusal), the server said "not now" (429,
        5xx), or the page was past this attempt's size or time cap."""
        if self.ok:
            return False
        status = self.status
        return status is None or status >= 500 or status in TRANSIENT_STATUSES or self.cut_off

    @property
    def is_html(self) -> bool:
        return self.content_type in HTML_TYPES


class _Failure(Exception):
    """Ends one attempt with a reason (and the status when a response came)."""

    def __init__(self, reason: Phrase, status: int | None = None) -> None:
        super().__init__(str(reason))
        self.reason, self.status = reason, status


def host_of(url: str) -> str:
    """The host name of a URL, lower-case, '' when it has none."""
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


# ---- running many pages --------------------------------------------------------

K = TypeVar("K")
R = TypeVar("R")


@dataclass
class Job(Generic[K]):
    key: K
    url: str
    etag: str = ""  # sent as If-None-Match
    last_modified: str = ""  # sent as If-Modified-Since
    feed: bool = False  # a feed's fetch: feed types accepted, the body kept as bytes


def run(
    jobs: Sequence[Job[K]],
    limits: Limits,
    *,
    process: Callable[[Page], R],
    done: Callable[[K, R], None],
    started: Callable[[K], None] | None = None,
) -> None:
    """Fetch every job's page and hand each result to ``done`` as it arrives.

    ``process`` turns a Page into the caller's result in a worker thread
    (text extraction is CPU work that must not hold up the downloads);
    ``done`` runs on the calling thread, one result at a time, so it may
    write to the library. Ctrl-C stops at once: every result already
    handed to ``done`` stays handed.
    """
    asyncio.run(_run(jobs, limits, process, done, started))


async def _run(
    jobs: Sequence[Job[K]],
    limits: Limits,
    process: Callable[[Page], R],
    done: Callable[[K, R], None],
    started: Callable[[K], None] | None,
) -> None:
    """Hosts take turns; a host never has two pages in flight, and at most
    ``limits.jobs`` pages are in flight altogether. Only that many tasks
    exist at any time, however many pages there are."""
    queues: dict[str, deque[Job[K]]] = {}
    for job in jobs:
        queues.setdefault(host_of(job.url), deque()).append(job)
    ready = deque(queues)  # hosts with pages waiting and none in flight
    active: dict[asyncio.Task[R], tuple[str, K]] = {}
    large = asyncio.Semaphore(1)  # one large page parsed at a time, whatever ``jobs`` is
    async with _client(limits) as client:
        try:
            while ready or active:
                while ready and len(active) < max(1, limits.jobs):
                    host = ready.popleft()
                    job = queues[host].popleft()
                    if started:
                        started(job.key)
                    task = asyncio.ensure_future(_one(client, job, limits, process, large))
                    active[task] = (host, job.key)
                finished, _ = await asyncio.wait(active, return_when=asyncio.FIRST_COMPLETED)
                for task in finished:
                    host, key = active.pop(task)
                    if queues[host]:
                        ready.append(host)
                    done(key, task.result())
        finally:
            for task in active:
                task.cancel()
            if active:
                await asyncio.gather(*active, return_exceptions=True)


# Pages whose text is longer than this are parsed one at a time: parsing
# takes about 100 bytes of memory per byte of page (tens of MB for these).
LARGE_PAGE = 512 * 1024


async def _one(
    client: httpx.AsyncClient, job: Job[Any], limits: Limits, process: Callable[[Page], R], large: asyncio.Semaphore
) -> R:
    """Download a page and hand it to ``process`` in a thread, all within
    ``limits.page_seconds``: download, decoding and extraction together.
    A page past its time is handed over again as a failure; the thread
    that was reading it finishes in the background (it cannot be stopped,
    but the page was cut to ``limits.parse_bytes``, so it ends soon), and
    a large page keeps its turn until then, so memory stays bounded."""
    asked: dict[str, Any] = {"etag": job.etag, "last_modified": job.last_modified, "feed": job.feed}
    page = await get(client, job.url, limits, **{k: v for k, v in asked.items() if v})  # an article's: as ever
    is_large = len(page.text) > LARGE_PAGE
    if is_large:
        await large.acquire()
    loop = asyncio.get_running_loop()
    started = loop.time()
    work = loop.run_in_executor(None, process, page)
    if is_large:
        work.add_done_callback(lambda _: large.release())
    left = limits.page_seconds - page.seconds
    try:
        return await asyncio.wait_for(asyncio.shield(work), timeout=max(left, 0.01))
    except asyncio.TimeoutError:
        took = page.seconds + loop.time() - started
        late = replace(page, text="", notice="", error=_say("fetch_too_long", seconds=took, most=limits.page_seconds))
        return process(late)


def _client(limits: Limits) -> httpx.AsyncClient:
    httpx = import_httpx()
    pool = httpx.Limits(max_connections=max(1, limits.jobs), max_keepalive_connections=max(1, limits.jobs))
    return httpx.AsyncClient(
        headers={
            "User-Agent": USER_AGENT,
            "Accept": "text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.1",
            "Accept-Encoding": ", ".join(("gzip", "deflate", *(["br"] if reads_brotli() else []))),
        },
        timeout=httpx.Timeout(limits.timeout),
        limits=pool,
        verify=_tls(),
        follow_redirects=False,  # followed by hand: capped, loops found, only to web addresses
    )


def import_httpx() -> Any:
    """httpx, without loading its command-line client.

    ``import httpx`` also imports ``httpx._main`` whenever click is
    installed (sqlite-utils brings it): click, pygments and rich's progress
    bars, about 40% of httpx's import time, for a command readlog never
    runs. Marking that module missing while httpx loads makes httpx skip it
    (it then defines a stub ``httpx.main``); the mark is taken away after, so
    an explicit ``import httpx._main`` elsewhere still works."""
    if "httpx" not in sys.modules and "httpx._main" not in sys.modules:
        sys.modules["httpx._main"] = None  # type: ignore[assignment]
        try:
            import httpx
        finally:
            if "httpx._main" in sys.modules and sys.modules["httpx._main"] is None:
                del sys.modules["httpx._main"]
    import httpx

    return httpx


class _Trust(ssl.SSLContext):
    """The TLS context of every fetch: certificates verified and host names
    checked as httpx does by default (its certifi store, or $SSL_CERT_FILE
    / $SSL_CERT_DIR), but the store (about 90 ms to read) is read at the
    first TLS connection, not before: a page on http:// never pays for it.
    asyncio (and anyio) start TLS through ``wrap_bio``, blocking sockets
    through ``wrap_socket``; both read the store first."""

    _lock = threading.Lock()
    _loaded = False

    def load_trust(self) -> None:
        with self._lock:
            if self._loaded:
                return
            cafile, capath = os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR")
            if cafile:
                self.load_verify_locations(cafile=cafile)
            elif capath:
                self.load_verify_locations(capath=capath)
            else:
                import certifi

                self.load_verify_locations(cafile=certifi.where())
            self._loaded = True

    def wrap_socket(self, *args: Any, **kwargs: Any) -> ssl.SSLSocket:
        self.load_trust()
        return super().wrap_socket(*args, **kwargs)

    def wrap_bio(self, *args: Any, **kwargs: Any) -> ssl.SSLObject:
        self.load_trust()
        return super().wrap_bio(*args, **kwargs)


@functools.cache
def _tls() -> ssl.SSLContext:
    """One context per process; PROTOCOL_TLS_CLIENT requires a valid certificate and checks the host name."""
    context = _Trust(ssl.PROTOCOL_TLS_CLIENT)
    if sys.version_info >= (3, 13):  # as ssl.create_default_context sets them there
        context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN | ssl.VERIFY_X509_STRICT
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
    return context


# ---- one page --------------------------------------------------------------------


async def get(
    client: httpx.AsyncClient,
    url: str,
    limits: Limits,
    *,
    etag: str = "",
    last_modified: str = "",
    feed: bool = False,
) -> Page:
    """One page with its retries: 429 and 5xx are tried again after a
    doubling wait, or after the server's Retry-After when it sends one, up
    to ``limits.max_wait``. A page that asks for a longer wait is not dead
    (its server said "not now", not "not here").

    A conditional request when ``etag`` or ``last_modified`` is given
    (If-None-Match, If-Modified-Since): a 304 is a good page with no text
    (``not_modified``). ``feed``: a feed's fetch, which also accepts the
    types feeds are served as (FEED_TYPES) and keeps the body as bytes."""
    attempt = 0
    ask = _Ask(etag, last_modified, feed)
    while True:
        page = await _attempt(client, url, limits, ask)
        if page.status not in RETRY_STATUSES or attempt >= limits.retries:
            break
        wait = retry_wait(page.retry_after, attempt, limits)
        if wait is None:
            waits = _say("fetch_asks_to_wait", seconds=page.retry_after, most=limits.max_wait)
            page.error = Phrase("fetch_then", first=page.error, then=waits)
            break
        await _pause(wait)
        attempt += 1
    if page.status is not None and page.status >= 400:
        asked_to_wait = page.status in RETRY_STATUSES and page.retry_after is not None
        page.dead = page.status not in TRANSIENT_STATUSES and not asked_to_wait
    return page


async def _pause(seconds: float) -> None:
    """The wait before a retry (tests put a shorter one in its place)."""
    await asyncio.sleep(seconds)


def _say(key: str, **params: Any) -> Phrase:
    """Why a page failed, as its meaning: kept with its entry and said in the reader's language."""
    return Phrase(key, **params)


def retry_wait(retry_after: float | None, attempt: int, limits: Limits) -> float | None:
    """Seconds to wait before retry number ``attempt + 1``; None when the
    server asks for longer than ``limits.max_wait`` (try another day)."""
    if retry_after is not None:
        return retry_after if retry_after <= limits.max_wait else None
    return limits.backoff * 2**attempt


@dataclass(frozen=True)
class _Ask:
    """What a request asks beyond the page: the conditions, and whether it is a feed's."""

    etag: str = ""
    last_modified: str = ""
    feed: bool = False

    def headers(self) -> dict[str, str]:
        headers = {}
        if self.etag:
            headers["If-None-Match"] = self.etag
        if self.last_modified:
            headers["If-Modified-Since"] = self.last_modified
        if self.feed:
            headers["Accept"] = FEED_ACCEPT
        return headers


FEED_ACCEPT = (
    "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, "
    "text/xml;q=0.9, text/html;q=0.5, */*;q=0.1"
)


async def _attempt(client: httpx.AsyncClient, url: str, limits: Limits, ask: _Ask | None = None) -> Page:
    import httpx

    page = Page(url=url, final_url=url)
    started = time.monotonic()
    try:
        await asyncio.wait_for(_follow(client, page, limits, ask or _Ask()), timeout=limits.page_seconds)
    except asyncio.TimeoutError:
        page.error = _say("fetch_slower_than", most=limits.page_seconds)
        page.cut_off = True
    except _Failure as exc:
        page.error = exc.reason
        page.status = exc.status if exc.status is not None else page.status
    except Damaged:
        page.error = _say("fetch_compression_damaged")
    except httpx.TimeoutException:
        page.error = _say("fetch_timed_out", seconds=limits.timeout)
    except httpx.TooManyRedirects:
        page.error = _say("fetch_too_many_redirects")
    except (httpx.HTTPError, OSError, ValueError, UnicodeError, LookupError) as exc:
        page.error, page.no_host = network_error(exc)
        page.dead = page.no_host
    page.seconds = time.monotonic() - started
    return page


def network_error(exc: BaseException) -> tuple[Said, bool]:
    """A short reason for a failure below HTTP, and whether the host name
    does not exist (as opposed to a network that is down or a refusal)."""
    for cause in _chain(exc):
        if isinstance(cause, socket.gaierror):
            if cause.errno in (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME)):
                return _say("fetch_no_host"), True
            return _say("fetch_lookup_failed", reason=cause.strerror or str(cause)), False
        if isinstance(cause, ConnectionRefusedError) or getattr(cause, "errno", None) == errno.ECONNREFUSED:
            return _say("fetch_refused"), False
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200], False


def _chain(exc: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in seen and len(seen) < 10:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


async def _follow(client: httpx.AsyncClient, page: Page, limits: Limits, ask: _Ask) -> None:
    """GET the page, following redirects by hand, and read its body into ``page``."""
    import httpx

    seen = {_loop_key(page.url)}
    current = page.url
    for _ in range(limits.max_redirects + 1):
        try:
            request = client.build_request("GET", current, headers=ask.headers())
        except httpx.InvalidURL:
            raise _Failure(_say("fetch_bad_address"), page.status) from None
        try:
            response = await client.send(request, stream=True)
        except httpx.InvalidURL:  # httpx reads a redirect's Location before handing the response back
            raise _Failure(_say("fetch_redirect_not_web"), page.status) from None
        try:
            page.status, page.final_url = response.status_code, current
            location = response.headers.get("location", "").strip()
            if response.status_code in REDIRECTS and location:
                target = urljoin(current, location)
                if not is_web_address(target):
                    raise _Failure(_say("fetch_redirect_not_web"), response.status_code)
                if _loop_key(target) in seen:
                    raise _Failure(_say("fetch_redirect_loop"), response.status_code)
                seen.add(_loop_key(target))
                current = target
                continue
            page.retry_after = _retry_after(response.headers.get("retry-after", ""))
            page.etag = response.headers.get("etag", "").strip()
            page.last_modified = response.headers.get("last-modified", "").strip()
            if response.status_code >= 400:
                raise _Failure(_say("fetch_http_status", status=response.status_code), response.status_code)
            if response.status_code == NOT_MODIFIED and (ask.etag or ask.last_modified):
                page.not_modified = True
                page.etag, page.last_modified = page.etag or ask.etag, page.last_modified or ask.last_modified
                return
            await _read(response, page, limits, ask.feed)
            return
        finally:
            await response.aclose()
    raise _Failure(_say("fetch_redirects_over", most=limits.max_redirects), page.status)


def _loop_key(url: str) -> str:
    return url.split("#", 1)[0]


def _retry_after(value: str) -> float | None:
    """Retry-After as whole seconds: delta-seconds, or an HTTP date.

    HTTP's delta-seconds are digits only; a fraction (``30.5``, sent by
    some servers) is read rounded up, so readlog never comes back sooner
    than it was asked to. Anything else is no Retry-After at all."""
    value = value.strip()
    if not value:
        return None
    if re.fullmatch(r"\d{1,9}(?:\.\d{1,6})?", value):
        return float(math.ceil(float(value)))
    from email.utils import parsedate_to_datetime  # 15 ms to import: only for a Retry-After date

    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    from datetime import datetime, timezone

    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return float(math.ceil(max(0.0, (when - datetime.now(timezone.utc)).total_seconds())))


async def _read(response: httpx.Response, page: Page, limits: Limits, feed: bool = False) -> None:
    """Check the type, stream and decode the body within the size cap, decode the text
    (a feed's: keep its bytes, for the importer to decode as a feed file is)."""
    header = response.headers.get("content-type", "")
    page.content_type = header.split(";", 1)[0].strip().lower()
    page.language = response.headers.get("content-language", "").split(",", 1)[0].strip()
    accepted = HTML_TYPES + TEXT_TYPES + (FEED_TYPES if feed else ())
    if page.content_type and page.content_type not in accepted:
        raise _Failure(_say("fetch_not_page", type=page.content_type), page.status)
    decoder = decoder_for(response.headers.get("content-encoding", ""))
    if decoder is None:
        encoding = response.headers.get("content-encoding", "")
        raise _Failure(_say("fetch_compression_unknown", encoding=encoding), page.status)
    body = bytearray()
    async for raw in response.aiter_raw():
        body += decoder.feed(raw, limits.max_bytes + 1 - len(body))
        if len(body) > limits.max_bytes:
            page.cut_off = True
            raise _Failure(_say("fetch_too_big", size=_size(limits.max_bytes)), page.status)
    body += decoder.flush(limits.max_bytes + 1 - len(body))
    if len(body) > limits.max_bytes:
        page.cut_off = True
        raise _Failure(_say("fetch_too_big", size=_size(limits.max_bytes)), page.status)
    data = bytes(body)
    if feed:
        page.data = data
        if page.content_type in FEED_TYPES or (not page.content_type and not looks_like_html(data)):
            return
    if not page.content_type:
        page.content_type = "text/html" if looks_like_html(data) else ""
        if not page.content_type:
            raise _Failure(_say("fetch_type_unknown"), page.status)
    if len(data) > limits.parse_bytes:
        data = cut(data, limits.parse_bytes)
        page.notice = _say("fetch_cut", size=_size(len(body)), most=_size(limits.parse_bytes))
    page.text, page.charset = decode(data, header)


def _size(n: int) -> Phrase:
    """A page's size, said in the reader's language with the reason it is part of."""
    return _say("fetch_size_mb", mb=n / 2**20) if n >= 2**20 else _say("fetch_size_bytes", n=n)
