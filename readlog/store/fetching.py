"""SQL for fetch: which entries to fetch, and what fetching them found.

Functions take an open ``Store`` as store/organise.py does.
``record_fetches`` writes a batch of results in one short transaction; a
failed fetch never touches the text, length or language a good one stored
before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from readlog.model.entry import is_web_address
from readlog.model.ids import MAX_ID
from readlog.model.messages import Phrase, Said
from readlog.model.messages import stored as meaning
from readlog.store.common import Row
from readlog.store.query import Filters

if TYPE_CHECKING:
    from readlog.store.library import Store

# A page that failed with a response (an HTTP error, not a web page, too
# large), or whose host does not exist, is tried again after this long;
# one that got no answer at all (offline, a timeout) on the next fetch.
RETRY_AFTER_DAYS = 1


@dataclass
class Target:
    id: int
    url: str
    title: str


@dataclass
class Selection:
    """What a fetch will do: the entries to fetch, and how many it passes over."""

    targets: list[Target]
    done: int = 0  # fetched already (or failed less than a day ago)
    recent: int = 0  # of ``done``: those that failed less than a day ago
    no_link: int = 0  # entries without a web address


PENDING = (
    "(fetched_at IS NULL OR (fetch_error != '' AND ((fetch_status IS NULL AND dead_at IS NULL) OR fetched_at < ?)))"
)


def select_targets(lib: Store, f: Filters | None, *, refetch: bool, now: str, failed: bool = False) -> Selection:
    """Entries to fetch: those ``f`` matches (every entry when None) that have
    a web address and have not been fetched, or whose last attempt failed:
    at once when no answer came, after RETRY_AFTER_DAYS when one did (a
    dead link included). ``failed`` takes every failed one at once (entries
    named by id), ``refetch`` takes them all. Newest saved first."""
    from datetime import datetime, timedelta

    where, params = lib._where(f) if f is not None else ("1", [])
    rows = lib.conn.execute(
        f"SELECT id, url, title, {PENDING} AS pending, fetch_error != '' AS failed "
        f"FROM entries WHERE {where} ORDER BY saved_at DESC, id DESC",
        [(datetime.fromisoformat(now) - timedelta(days=RETRY_AFTER_DAYS)).isoformat(timespec="seconds"), *params],
    ).fetchall()
    selection = Selection([])
    for r in rows:
        if not is_web_address((r["url"] or "").strip()):
            selection.no_link += 1
        elif refetch or r["pending"] or (failed and r["failed"]):
            selection.targets.append(Target(r["id"], r["url"].strip(), r["title"]))
        else:
            selection.done += 1
            selection.recent += bool(r["failed"])
    return selection


@dataclass
class Fetched:
    """What one fetch found, to be stored (see record_fetches)."""

    entry_id: int
    at: str
    status: int | None
    error: Said = ""  # kept as its meaning (messages.stored)
    dead: bool = False
    final_url: str = ""
    text: str = ""
    words: int | None = None
    minutes: int | None = None
    lang: str = ""
    title: str = ""
    summary: str = ""
    site_name: str = ""
    published: str | None = None
    notice: Said = ""  # said to the user (the page was cut, its title unreadable), not stored


def record_fetches(lib: Store, results: Sequence[Fetched], action_id: int) -> int:
    """Store a batch of fetch results in one transaction; returns how many
    entries were still there to be updated.

    A good fetch sets the text and what was measured, clears the error and
    the dead mark, and fills the title, summary, published date and source
    when they are empty (the source also when it is only the link's host,
    as ``add`` leaves it offline). A failed one records the attempt and
    marks the link dead (keeping the first time it was found dead), and
    leaves the text of an earlier good fetch alone. What a fetch fills in of
    the entry's own fields is a ``fetch`` event of ``action_id``, so undo
    can take it back (the article text and what was measured stay: they
    are the fetch's record, not the user's).
    """
    from readlog.model.entry import site_of

    stored = 0
    with lib.transaction():
        for r in results:
            if not 0 < r.entry_id <= MAX_ID:
                continue
            row = lib.conn.execute(
                "SELECT url, title, summary, source, published FROM entries WHERE id = ?", (r.entry_id,)
            ).fetchone()
            if row is None:  # removed meanwhile
                continue
            stored += 1
            if r.error:
                lib.conn.execute(
                    "UPDATE entries SET fetched_at = ?, fetch_status = ?, fetch_error = ?, "
                    "dead_at = CASE WHEN ? THEN coalesce(dead_at, ?) ELSE dead_at END WHERE id = ?",
                    (r.at, r.status, meaning(r.error), r.dead, r.at, r.entry_id),
                )
                continue
            values: dict[str, Any] = {
                "fetched_at": r.at,
                "fetch_status": r.status,
                "fetch_error": "",
                "dead_at": None,
                "final_url": r.final_url,
                "lang": r.lang,
                "words": r.words,
                "minutes": r.minutes,
                "text": r.text,
                "updated_at": r.at,
            }
            for column, value in (("title", r.title), ("summary", r.summary), ("published", r.published)):
                if value and not row[column]:
                    values[column] = value
            if r.site_name and (not row["source"] or row["source"] == site_of(row["url"])):
                values["source"] = r.site_name
            assignments = ", ".join(f"{k} = ?" for k in values)  # names from the fixed keys above
            lib.conn.execute(f"UPDATE entries SET {assignments} WHERE id = ?", [*values.values(), r.entry_id])
            filled: Row = {k: values[k] for k in ("title", "summary", "published", "source") if k in values}
            if filled:
                lib._event(action_id, r.entry_id, "fetch", {k: row[k] for k in filled}, filled)
    return stored


def set_summary(lib: Store, action_id: int, summary: Phrase) -> None:
    """The fetch action's summary, as its pages are stored (history shows it)."""
    with lib.transaction():
        lib.set_action_summary(action_id, summary)


def start_fetch(lib: Store, command: str) -> int:
    with lib.transaction():
        return lib.start_action(command, Phrase("did_start"))
