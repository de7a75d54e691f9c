"""Followed feeds, as ``readlog follow``, ``feeds``, ``unfollow`` and ``refresh`` keep
them: follow, feeds, unfollow, refresh (core/feeds.py does the work)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from readlog.core.api.base import Base
from readlog.core.arguments import _checked, _text, _text_or_none, _urls

if TYPE_CHECKING:
    from readlog.core.feeds import Feed, Followed, Refreshed


def _names_or_none(value: Any, name: str) -> list[str] | None:
    """Feeds named by title or address: one, an iterable of them, or None for every feed due."""
    return None if value is None else [n.strip() for n in _urls(value, name)]


class Feeds(Base):
    """Followed feeds: following is an action undo takes back, and so is each refresh."""

    @_checked(sender=_text_or_none, list_id=_text_or_none)
    def follow(self, urls: str | list[str], *, sender: str | None = None, list_id: str | None = None) -> Followed:
        """Follow each feed: its address, a page's address (the feed the page names in a
        ``<link rel="alternate">``, found by downloading the page), an OPML file of
        subscriptions, or a mailbox a mail tool fills (a Maildir folder or an mbox file,
        only read: its messages from ``sender`` and of the list ``list_id`` when given,
        each a part of the address or List-Id); as ``readlog follow`` does. One action,
        taken back by ``undo()``. Uses the network for addresses; an address that names no
        feed is in ``failed``."""
        from readlog.core.feeds import follow

        self._alone("follow")
        return follow(self.store, list(urls), sender=sender, list_id=list_id)  # a list, as checked

    @_checked()
    def feeds(self) -> list[Feed]:
        """Every followed feed, in the order followed, as ``readlog feeds`` lists them."""
        from readlog.core.feeds import listed

        return listed(self.store)

    @_checked()
    def feeds_opml(self) -> str:
        """The followed feeds as an OPML file (``readlog feeds --export opml``)."""
        from readlog.core.feeds import listed, opml

        return opml(listed(self.store))

    @_checked(name_or_url=_text)
    def unfollow(self, name_or_url: str) -> Feed:
        """Stop following a feed (by its address or its title), as ``readlog unfollow`` does:
        one action, taken back by ``undo()``; the entries it brought stay."""
        from readlog.core.feeds import unfollow

        return unfollow(self.store, name_or_url)

    @_checked(names=_names_or_none)
    def refresh(
        self,
        names: str | list[str] | None = None,
        *,
        jobs: int = 4,
        fetch: bool = False,
        progress: Callable[[int], Any] | None = None,
    ) -> Refreshed:
        """Download the feeds named (address or title), else every feed that is due, and add
        their new items as unread entries, as ``readlog refresh`` does: conditional requests
        (an unchanged feed costs a 304), items known by their id within their feed, one action
        for all, taken back by ``undo()``. A failing feed is reported and waits longer before
        the next refresh; the others go on. ``fetch``: fetch the new items' pages too.
        ``progress``: as fetch() takes it. Uses the network."""
        from readlog.core.feeds import refresh

        self._alone("refresh")
        return refresh(self.store, names, jobs=jobs, fetch=fetch, progress=progress)  # a list or None, as checked
