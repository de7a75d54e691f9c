"""What ``readlog follow``, ``feeds``, ``unfollow`` and ``refresh`` print: one line a feed
(its title, else its address), whole tab-separated lines into a pipe, records for
``--json``. Titles, addresses and errors pass through ``clean``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from readlog.model import stamps
from readlog.model.messages import say, shown
from readlog.model.sanitize import clean

if TYPE_CHECKING:
    from readlog.core.feeds import Feed, FeedChecked, Followed, Refreshed
    from readlog.render.output import Output


def _c(text: str) -> str:
    return clean(text, one_line=True)


def followed(out: Output, result: Followed) -> None:
    """A line for each feed followed, each followed already, and each address that named no feed."""
    for feed in result.added:
        out.print(Text(say("feed_followed", out.lang, name=_c(feed.name), url=_c(feed.url)), style="green"))
    for feed in result.already:
        out.print(Text(say("feed_already", out.lang, name=_c(feed.name), url=_c(feed.url)), style="dim"))
    for url, error in result.failed:
        out.error(say("feed_follow_failed", out.lang, url=url, error=shown(error, out.lang)))


def unfollowed(out: Output, feed: Feed) -> None:
    out.print(Text(say("did_unfollow", out.lang, name=_c(feed.name)), style="green"))


def _state(out: Output, feed: Feed) -> str:
    if feed.last_checked_at is None:
        return say("feed_never", out.lang)
    when = stamps.relative(feed.last_checked_at, lang=out.lang)
    if feed.last_error:
        return say("feed_state_failed", out.lang, when=when, error=_c(shown(feed.last_error, out.lang)))
    return say("feed_state", out.lang, when=when, n=feed.last_new or 0)


def listing(out: Output, feeds: Sequence[Feed]) -> None:
    """Every followed feed: its title, its address, and what its last refresh found."""
    if not feeds:
        out.line(say("feeds_none", out.lang), style="dim")
        return
    if out.piped:
        out.fields((_c(f.name), _c(f.url), _state(out, f)) for f in feeds)
        return
    for f in feeds:
        line = Text(_c(f.name), style="bold")
        line.append("  ")
        line.append(_c(f.url), style="dim")
        out.print(line, no_wrap=True)
        out.print(Text("  " + _state(out, f), style="red" if f.last_error else ""), no_wrap=True)


def _line(out: Output, feed: FeedChecked) -> Text:
    name = _c(feed.name)
    if feed.status == "new":
        return Text(say("feed_line_new", out.lang, name=name, n=feed.added), style="green")
    if feed.status == "failed":
        return Text(say("feed_line_failed", out.lang, name=name, error=_c(shown(feed.error, out.lang))), style="red")
    if feed.status == "waiting":
        when = stamps.local_iso(feed.next_check_at.isoformat() if feed.next_check_at else None) or ""
        return Text(say("feed_line_waiting", out.lang, name=name, when=when[:16].replace("T", " ")), style="dim")
    return Text(say("feed_line_unchanged", out.lang, name=name), style="dim")


def refreshed(out: Output, report: Refreshed) -> None:
    """A summary line per feed, then the total."""
    if not report.feeds:
        out.line(say("feeds_none", out.lang), style="dim")
        return
    for feed in report.feeds:
        # One line each; a failure's reason is never cut short (it wraps), the others end in … when too long.
        failed = feed.status == "failed"
        out.print(_line(out, feed), no_wrap=not failed, overflow="fold" if failed else "ellipsis")
    checked = sum(1 for f in report.feeds if f.status != "waiting")
    out.line(say("refresh_total", out.lang, n=report.added, feeds=checked, failed=report.failed))


def refresh_progress(out: Output, total: int) -> Any:
    """The bar of a refresh: fetch's (done/total, good and failed), on a terminal only."""
    from readlog.render.capture import fetch_progress

    return fetch_progress(out, total)


def _when(value: Any) -> str | None:
    return stamps.local_iso(value.isoformat()) if value is not None else None


def record(feed: Feed, lang: str = "en") -> dict[str, Any]:
    """A feed for --json."""
    return {
        "url": feed.url,
        "title": feed.title,
        "site_url": feed.site_url,
        "added_at": _when(feed.added_at),
        "last_checked_at": _when(feed.last_checked_at),
        "last_ok_at": _when(feed.last_ok_at),
        "last_new": feed.last_new,
        "last_error": shown(feed.last_error, lang) or None,
        "failures": feed.failures,
        "next_check_at": _when(feed.next_check_at),
    }


def refresh_record(report: Refreshed, lang: str = "en") -> dict[str, Any]:
    """A refresh for --json: each feed's result and the totals."""
    return {
        "action": report.action,
        "added": report.added,
        "failed": report.failed,
        "feeds": [
            {
                "url": f.url,
                "title": f.title,
                "status": f.status,
                "added": f.added,
                "error": shown(f.error, lang) or None,
                "next_check_at": _when(f.next_check_at),
                "entries": f.entry_ids,
            }
            for f in report.feeds
        ],
    }


def follow_record(result: Followed, lang: str = "en") -> dict[str, Any]:
    return {
        "action": result.action,
        "followed": [record(f, lang) for f in result.added],
        "already": [record(f, lang) for f in result.already],
        "failed": [{"url": u, "error": shown(e, lang)} for u, e in result.failed],
    }
