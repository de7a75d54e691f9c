"""Followed feeds: ``readlog follow``, ``feeds``, ``unfollow`` and ``refresh`` (issue 37).

``follow`` takes a feed's address, or a page's (the feed it names in a ``<link
rel="alternate">``, found by downloading the page), or an OPML file of subscriptions
(followed as listed, without a download). ``refresh`` downloads each due feed through
the polite client of ``fetch`` (web/client.py: one request at a time per host, limits,
retries), asking with the ETag and Last-Modified of the last answer, so an unchanged
feed costs a 304 and no parsing; a changed one is imported by the feed importer, through
the same path as ``readlog import`` (inputs/ingest.py), so an item is known by its id
within its feed: a refresh twice adds nothing, and an item already imported from a file
is not added again. Every feed of one refresh is one action (undo takes back its items),
each feed's items stored in their own transaction as the feed arrives, so Ctrl-C keeps
what is stored. A failing feed is reported, and waits longer before the next refresh
(BACKOFF, doubling up to a day, or the server's Retry-After when longer); a feed's own
time to live (RSS ``<ttl>``, ``sy:updatePeriod``) is honoured too. Nothing here prints.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from html.parser import HTMLParser
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

from readlog.model import shell
from readlog.model.errors import ReadlogError, UsageError
from readlog.model.messages import Phrase, Said

if TYPE_CHECKING:
    from readlog.store import Store
    from readlog.web.client import Page

# The wait after a failed check, doubled with each failure in a row, up to a day.
BACKOFF = timedelta(minutes=15)
MOST_WAIT = timedelta(days=1)
# The link types that name a feed on a page.
FEED_LINK_TYPES = ("application/rss+xml", "application/atom+xml", "application/feed+json", "application/json")
# sy:updatePeriod in seconds (the RSS syndication module), divided by sy:updateFrequency.
_PERIODS = {"hourly": 3600, "daily": 86400, "weekly": 7 * 86400, "monthly": 30 * 86400, "yearly": 365 * 86400}
_TTL = re.compile(rb"<ttl>\s*(\d{1,7})\s*</ttl>", re.I)
_SY_PERIOD = re.compile(rb"<sy:updatePeriod>\s*(\w+)\s*</sy:updatePeriod>", re.I)
_SY_FREQUENCY = re.compile(rb"<sy:updateFrequency>\s*(\d{1,6})\s*</sy:updateFrequency>", re.I)


@dataclass(frozen=True)
class Feed:
    """A followed feed as ``readlog feeds`` lists it: its address, title and site, when it
    was followed, last checked and last read well, the items the last refresh added, the
    last error ('' when the last check went well), the failures in a row, and when it is
    next due (None: at the next refresh)."""

    url: str
    title: str
    site_url: str = ""
    added_at: datetime | None = None
    last_checked_at: datetime | None = None
    last_ok_at: datetime | None = None
    last_new: int | None = None
    last_error: Said = ""
    failures: int = 0
    next_check_at: datetime | None = None

    @property
    def name(self) -> str:
        """What the feed is called: its title, else its address."""
        return self.title or self.url

    @classmethod
    def of(cls, row: dict[str, Any]) -> Feed:
        from readlog.model.messages import kept
        from readlog.model.stamps import from_iso

        return cls(
            url=row["url"],
            title=row["title"] or "",
            site_url=row["site_url"] or "",
            added_at=from_iso(row["added_at"]),
            last_checked_at=from_iso(row["last_checked_at"]),
            last_ok_at=from_iso(row["last_ok_at"]),
            last_new=row["last_new"],
            last_error=kept(row["last_error"]) if row["last_error"] else "",
            failures=int(row["failures"] or 0),
            next_check_at=from_iso(row["next_check_at"]),
        )


@dataclass
class Followed:
    """What ``follow`` did: the action (None when nothing was followed), the feeds it
    followed, those followed already, and each address it could not follow, with why."""

    action: int | None = None
    added: list[Feed] = field(default_factory=list)
    already: list[Feed] = field(default_factory=list)
    failed: list[tuple[str, Said]] = field(default_factory=list)


@dataclass
class FeedChecked:
    """One feed's refresh: ``new`` (items added), ``unchanged`` (the server said 304, or the
    feed held nothing new), ``failed`` (``error`` says why), or ``waiting`` (not due before
    ``next_check_at``; named feeds are never waiting)."""

    url: str
    title: str
    status: str
    added: int = 0
    error: Said = ""
    next_check_at: datetime | None = None
    entry_ids: list[int] = field(default_factory=list)  # the entries its items added

    @property
    def name(self) -> str:
        return self.title or self.url


@dataclass
class Refreshed:
    """What ``refresh`` did: the action its items are recorded under (None when none was
    stored), each feed's result in the order they finished, and the fetch of the new items'
    pages when asked (``--fetch``)."""

    action: int | None = None
    feeds: list[FeedChecked] = field(default_factory=list)
    fetched: Any = None  # a core.fetching.FetchReport

    @property
    def added(self) -> int:
        return sum(f.added for f in self.feeds)

    @property
    def failed(self) -> int:
        return sum(1 for f in self.feeds if f.status == "failed")


# ---- follow, feeds, unfollow --------------------------------------------------------


def listed(lib: Store) -> list[Feed]:
    """Every followed feed, in the order they were followed."""
    from readlog.store import feeds

    return [Feed.of(r) for r in feeds.listed(lib)]


def find(lib: Store, name: str) -> dict[str, Any]:
    """The feed ``name`` names: its address, else its title (case aside; one feed only)."""
    from readlog.store import feeds

    given = name.strip()
    row = feeds.get(lib, given)
    if row is not None:
        return row
    same = [r for r in feeds.listed(lib) if (r["title"] or "").casefold() == given.casefold()]
    if len(same) == 1:
        return same[0]
    if same:
        raise UsageError.of("feed_ambiguous", name=given, urls=", ".join(r["url"] for r in same))
    raise ReadlogError.of("no_feed", name=given)


def follow(
    lib: Store, given: Sequence[str], *, limits: Any = None, sender: str | None = None, list_id: str | None = None
) -> Followed:
    """Follow each feed address, page address (its feed found by download), OPML file, or
    mailbox (a Maildir or an mbox: core/mailboxes.py, with the filters ``sender`` and
    ``list_id``); one action for all. An address that is none of these is a UsageError
    before anything is downloaded; one that names no feed is reported in ``failed``."""
    import os

    from readlog.core import mailboxes
    from readlog.model.entry import is_web_address

    listed_in_files: list[tuple[str, str, str]] = []  # (feed url, title, site) from OPML and mailboxes
    addresses: list[str] = []
    for item in given:
        if is_web_address(item):
            addresses.append(item)
        elif mailboxes.is_mailbox(item):
            listed_in_files.append((mailboxes.address_of(item, sender, list_id), mailboxes.title_of(item), ""))
        elif os.path.isfile(item):
            listed_in_files.extend(opml_feeds(item))
        else:
            raise UsageError.of("follow_not_address", given=item)
    report = Followed()
    found = list(listed_in_files)
    if addresses:
        found.extend(_discover(addresses, report, limits))
    from readlog.store import feeds

    with lib.transaction():
        action = lib.start_action(shell.join(["follow", *given]))
        for url, title, site in found:
            row = feeds.add(lib, url, title, site, action)
            if row is None:
                was = feeds.get(lib, url)
                if was is not None and all(f.url != url for f in report.already):
                    report.already.append(Feed.of(was))
            else:
                report.added.append(Feed.of(row))
        if not report.added:
            lib.forget_action(action)
        else:
            report.action = action
            lib.set_action_summary(action, Phrase("did_follow", n=len(report.added)))
    return report


def unfollow(lib: Store, name: str) -> Feed:
    """Stop following the feed ``name`` names (its address or its title): one action,
    taken back by undo; the items it brought stay."""
    from readlog.store import feeds

    with lib.transaction():
        row = find(lib, name)
        action = lib.start_action(shell.join(["unfollow", name]))
        feeds.remove(lib, row["url"], action)
        lib.set_action_summary(action, Phrase("did_unfollow", name=row["title"] or row["url"]))
    return Feed.of(row)


def opml_feeds(path: str) -> list[tuple[str, str, str]]:
    """The feeds an OPML file lists (each ``<outline xmlUrl=...>``, at any depth): address,
    title and site. A file that is not OPML, or lists none, is a ReadlogError."""
    import xml.etree.ElementTree as ET

    from readlog.model.entry import is_web_address
    from readlog.model.sanitize import shown_name

    try:
        with open(path, "rb") as f:
            root = ET.fromstring(f.read(10 * 2**20))
    except (OSError, ET.ParseError):
        raise ReadlogError.of("follow_not_opml", name=shown_name(path)) from None
    out = []
    for outline in root.iter("outline"):
        url = (outline.get("xmlUrl") or "").strip()
        if url and is_web_address(url):
            title = (outline.get("title") or outline.get("text") or "").strip()
            out.append((url, title, (outline.get("htmlUrl") or "").strip()))
    if root.tag != "opml" or not out:
        raise ReadlogError.of("follow_not_opml", name=shown_name(path))
    return out


def opml(feeds: Sequence[Feed]) -> str:
    """The feeds as an OPML 2.0 file of subscriptions (``readlog feeds --export opml``)."""
    from xml.sax.saxutils import quoteattr

    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<opml version="2.0">',
        "  <head><title>readlog feeds</title></head>",
        "  <body>",
    ]
    for f in feeds:
        if f.url.startswith("mailbox:"):
            continue  # a mailbox on this machine is no subscription another reader can follow
        site = f" htmlUrl={quoteattr(f.site_url)}" if f.site_url else ""
        lines.append(
            f'    <outline type="rss" text={quoteattr(f.name)} title={quoteattr(f.name)} '
            f"xmlUrl={quoteattr(f.url)}{site}/>"
        )
    lines += ["  </body>", "</opml>", ""]
    return "\n".join(lines)


class _Links(HTMLParser):
    """The feeds a page names: ``<link rel="alternate" type="application/rss+xml" href=...>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []  # (href, title)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "link":
            return
        a = {k.lower(): (v or "") for k, v in attrs}
        rels = a.get("rel", "").lower().split()
        if "alternate" in rels and a.get("type", "").split(";")[0].strip().lower() in FEED_LINK_TYPES and a.get("href"):
            self.found.append((a["href"].strip(), a.get("title", "").strip()))


def feed_links(html: str, base: str) -> list[str]:
    """The feeds a page names, as absolute addresses, in the page's order."""
    parser = _Links()
    try:
        parser.feed(html[: 2**20])
        parser.close()
    except (AssertionError, ValueError):
        pass
    return list(dict.fromkeys(urljoin(base, href) for href, _ in parser.found))


def _fetch_all(urls: Sequence[str], limits: Any) -> dict[str, Page]:
    from readlog.web import client

    jobs = [client.Job(url, url, feed=True) for url in dict.fromkeys(urls)]
    pages: dict[str, Page] = {}
    client.run(jobs, limits or client.Limits.from_env(), process=lambda page: page, done=pages.__setitem__)
    return pages


def _discover(addresses: Sequence[str], report: Followed, limits: Any) -> list[tuple[str, str, str]]:
    """Each address's feed: itself when it is one, else the first feed its page names."""
    found: list[tuple[str, str, str]] = []
    pages = _fetch_all(addresses, limits)
    named: dict[str, str] = {}  # a page's feed -> the page
    for url in addresses:
        page = pages[url]
        if not page.ok:
            report.failed.append((url, page.error))
        elif page.is_html:
            links = feed_links(page.text, page.final_url)
            if links:
                named.setdefault(links[0], url)
            else:
                report.failed.append((url, Phrase("follow_no_feed_on_page")))
        else:
            info = _feed_info(page.data)
            if info is None:
                report.failed.append((url, Phrase("follow_not_feed")))
            else:
                found.append((url, *info))
    if named:
        second = _fetch_all(list(named), limits)
        for url, page in second.items():
            info = _feed_info(page.data) if page.ok and not page.is_html else None
            if info is None:
                report.failed.append((named[url], page.error or Phrase("follow_not_feed")))
            else:
                found.append((url, *info))
    return found


def _feed_info(data: bytes) -> tuple[str, str] | None:
    """A feed's title and site, or None when ``data`` is no feed."""
    from readlog.inputs.formats.feeds import sniff

    head = data[:8192].decode("utf-8", "replace")
    if not sniff(head):
        return None
    if head.lstrip("\ufeff \t\r\n")[:1] == "{":
        import json

        try:
            obj = json.loads(data)
        except ValueError:
            return None
        return str(obj.get("title") or "").strip(), str(obj.get("home_page_url") or "").strip()
    import feedparser

    info = feedparser.parse(io.BytesIO(data), sanitize_html=False).feed
    return _one_line(info.get("title") or ""), str(info.get("link") or "").strip()


def _one_line(text: str) -> str:
    from readlog.model.sanitize import clean

    return clean(text, one_line=True)


# ---- refresh --------------------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def ttl_of(data: bytes) -> int | None:
    """A feed's own time to live in seconds: RSS ``<ttl>`` (minutes), else the syndication
    module's ``sy:updatePeriod`` divided by ``sy:updateFrequency``; None when it names none."""
    head = data[:65536]
    m = _TTL.search(head)
    if m:
        return int(m.group(1)) * 60 or None
    period = _SY_PERIOD.search(head)
    if period and period.group(1).decode().lower() in _PERIODS:
        frequency = _SY_FREQUENCY.search(head)
        times = max(1, int(frequency.group(1))) if frequency else 1
        return _PERIODS[period.group(1).decode().lower()] // times
    return None


def backoff(failures: int, retry_after: float | None = None) -> timedelta:
    """The wait after ``failures`` failed checks in a row: BACKOFF doubled for each after the
    first, up to MOST_WAIT, or the server's Retry-After when longer."""
    wait = min(MOST_WAIT, BACKOFF * 2 ** max(0, min(failures - 1, 20)))
    if retry_after is not None:
        wait = max(wait, timedelta(seconds=retry_after))
    return wait


ProgressFactory = Callable[[int], Any]


def refresh(
    lib: Store,
    names: Sequence[str] | None = None,
    *,
    jobs: int = 4,
    fetch: bool = False,
    progress: ProgressFactory | None = None,
    limits: Any = None,
) -> Refreshed:
    """Download the feeds named (by address or title), else every feed that is due, and
    import their new items; one action for them all. ``progress``: called with how many
    feeds it will download, a context manager whose value's ``advance(ok, failed)`` is called
    after each (as ``fetch``'s). ``fetch``: then fetch the new items' pages too."""
    from contextlib import nullcontext

    from readlog.core.filters import check_jobs
    from readlog.model.stamps import from_iso
    from readlog.store import feeds
    from readlog.web import client

    check_jobs(jobs)
    now = _now()
    report = Refreshed()
    if names:
        rows = list({r["url"]: r for r in (find(lib, n) for n in names)}.values())
    else:
        rows = feeds.listed(lib)
    due = []
    for row in rows:
        next_check = from_iso(row["next_check_at"])
        if not names and next_check is not None and next_check > now:
            report.feeds.append(FeedChecked(row["url"], row["title"], "waiting", next_check_at=next_check))
        else:
            due.append(row)
    if not due:
        return report
    recorded = _recorded(shell.join(["refresh", *(names or [])]))
    from readlog.core import mailboxes

    for row in [r for r in due if r["url"].startswith(mailboxes.SCHEME)]:  # on this machine: read first
        report.feeds.append(_refresh_mailbox(lib, row, recorded, now))
    due = [r for r in due if not r["url"].startswith(mailboxes.SCHEME)]
    if not due:
        report.action = recorded.id or None
        return _fetched(lib, report, fetch, jobs)
    limits = limits or client.Limits.from_env(jobs=jobs)
    by_url = {r["url"]: r for r in due}
    jobs_list = [client.Job(r["url"], r["url"], r["etag"] or "", r["last_modified"] or "", feed=True) for r in due]
    bar = progress(len(due)) if progress else nullcontext(None)
    with bar as step:

        def done(url: str, page: Page) -> None:
            checked = _store_page(lib, by_url[url], page, recorded, now)
            report.feeds.append(checked)
            if step is not None:
                step.advance(checked.status != "failed", False)

        client.run(jobs_list, limits, process=lambda page: page, done=done)
    report.action = recorded.id or None
    return _fetched(lib, report, fetch, jobs)


def _fetched(lib: Store, report: Refreshed, fetch: bool, jobs: int) -> Refreshed:
    """``report``, with the new items' pages fetched when ``fetch`` asks for it."""
    if fetch:
        ids = [i for f in report.feeds for i in f.entry_ids]
        if ids:
            from readlog.core.fetching import fetch_chosen

            report.fetched = fetch_chosen(lib, ids, {}, refetch=False, jobs=jobs, progress=None, command=None)
    return report


def _store_page(lib: Store, row: dict[str, Any], page: Page, recorded: Any, now: datetime) -> FeedChecked:
    """Import one feed's download and store what its check found."""
    from readlog.inputs.reader import Stream
    from readlog.model.messages import stored
    from readlog.store import feeds

    url, title = row["url"], row["title"] or ""
    values: dict[str, Any] = {"last_checked_at": now.isoformat()}
    checked = FeedChecked(url, title, "unchanged")
    error: Said = ""
    if page.ok and page.not_modified:
        pass
    elif page.ok and not page.is_html:
        error = _import_items(lib, Stream(url, io.BytesIO(page.data)), "feed", recorded, checked)
        if not error:
            # A feed followed without its title (none in the OPML file): read it once. Not on every
            # refresh: a second parse of each changed feed would cost as much as its import.
            info = _feed_info(page.data) if not title else None
            if info and info[0]:
                values["title"] = checked.title = info[0]
            if info and info[1]:
                values["site_url"] = info[1]
    elif page.ok:
        error = Phrase("follow_not_feed")
    else:
        error = page.error
    if error:
        failures = int(row["failures"] or 0) + 1
        checked.status, checked.error = "failed", error
        values.update(failures=failures, last_error=stored(error))
        checked.next_check_at = now + backoff(failures, page.retry_after)
    else:
        ttl = ttl_of(page.data) if page.data else row["ttl_seconds"]
        values.update(
            failures=0,
            last_error=None,
            last_ok_at=now.isoformat(),
            etag=page.etag or None,
            last_modified=page.last_modified or None,
            ttl_seconds=ttl,
            last_new=checked.added,
        )
        wait = timedelta(seconds=ttl) if ttl else None
        if page.retry_after is not None:
            wait = max(wait or timedelta(0), timedelta(seconds=page.retry_after))
        checked.next_check_at = now + wait if wait else None
    values["next_check_at"] = checked.next_check_at.isoformat() if checked.next_check_at else None
    with lib.transaction():
        feeds.check_done(lib, url, values, recorded.id if checked.added else None)
    return checked


def _refresh_mailbox(lib: Store, row: dict[str, Any], recorded: Any, now: datetime) -> FeedChecked:
    """Read a followed mailbox's new messages into the library; what its check found."""
    from readlog.core.mailboxes import as_mbox, parts_of, title_of, unseen
    from readlog.inputs.reader import Stream
    from readlog.model.messages import Phrase, os_reason, stored
    from readlog.store import feeds

    url, title = row["url"], row["title"] or ""
    checked = FeedChecked(url, title, "unchanged")
    values: dict[str, Any] = {"last_checked_at": now.isoformat()}
    try:
        messages = unseen(lib, url)
    except OSError as exc:
        checked.status = "failed"
        checked.error = Phrase("follow_mailbox_unreadable", path=parts_of(url)[0], reason=os_reason(exc))
        messages = []
    if messages:
        stream = Stream(title_of(parts_of(url)[0]), io.BytesIO(as_mbox(messages)))
        if error := _import_items(lib, stream, "mail", recorded, checked):
            checked.status, checked.error = "failed", error
    if checked.status == "failed":
        values.update(failures=int(row["failures"] or 0) + 1, last_error=stored(checked.error))
    else:
        values.update(failures=0, last_error=None, last_ok_at=now.isoformat(), last_new=checked.added)
    values["next_check_at"] = None  # a mailbox on this machine: read whenever asked
    with lib.transaction():
        feeds.check_done(lib, url, values, recorded.id if checked.added else None)
    return checked


def _import_items(lib: Store, stream: Any, fmt: str, recorded: Any, checked: FeedChecked) -> Said:
    """Import a feed's download or a mailbox's new messages (``stream``, of the format ``fmt``)
    under the refresh's action, noting on ``checked`` what it added; '' when it was read, else why not."""
    from readlog.inputs import ingest
    from readlog.store import feeds

    results = ingest.import_files(lib, [stream], fmt=fmt, recorded=recorded)
    result = results[0] if results else None
    if result is None or result.error:
        return _said_of(result.failure if result else None)
    checked.added = result.counts.added
    checked.status = "new" if checked.added else "unchanged"
    checked.entry_ids = feeds.added_by(lib, result.import_id)
    return ""


def _said_of(failure: ReadlogError | None) -> Said:
    """A failed import's error, as its meaning when it has one."""
    if failure is None:
        return Phrase("follow_not_feed")
    if failure.key is not None and not failure.parts:
        return Phrase(failure.key, **failure.params)
    return str(failure)


def _recorded(command: str) -> Any:
    """The one action a refresh's feeds are recorded under (ingest.Recorded), its summary
    what the refresh added so far."""
    from readlog.inputs.ingest import Recorded

    class Refresh(Recorded):
        def summarise(self, lib: Store, action: int, counts: Any) -> None:
            lib.set_action_summary(action, Phrase("did_refresh", added=self.totals.added + counts.added))

    return Refresh(command)
