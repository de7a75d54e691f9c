"""What to read now: ``readlog next`` and ``lib.next``.

From the unread entries a filter selects (store/queue.py): those that fit the time there
is, by their reading time (what is left of one started), the oldest saved first; starred
entries still unread come first again once they have waited longer than a while (the
config's ``resurface_days``); with a time given, entries never fetched (their reading time
unknown) come after all that fit, and longer ones never. Each comes with why, in one line
(``Suggestion.reason``). Nothing here prints.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from readlog.model.record import Entry
    from readlog.store import Filters, Store

# How many entries next offers unless told (--count).
COUNT = 5
# How long a starred entry waits, unread, before it is offered first again (resurface_days).
RESURFACE_DAYS = 30
MOST_DAYS = 36_500  # a century: any longer is a mistake


@dataclass(frozen=True)
class Suggestion:
    """One entry to read next: the entry, why it is offered (``starred``: starred and
    waiting; ``fits``: it fits the time, or no time was given; ``unknown``: never fetched,
    its reading time unknown), and the minutes left to read it (None: not known)."""

    entry: Entry
    why: str
    minutes_left: int | None

    def reason(self, lang: str = "en", now: Any = None) -> str:
        """Why, in one line: "saved 3 weeks ago, 12 min", "starred 2 months ago and still
        unread, 7 min", "saved 2 days ago, 40% read, 7 min left", "saved 5 days ago,
        reading time unknown (not fetched)"."""
        from readlog.model import stamps
        from readlog.model.messages import say

        row = self.entry.row
        current = now or stamps.now()
        if self.why == "starred":
            parts = [say("next_why_starred", lang, ago=stamps.relative(row.get("starred_at"), current, lang))]
        else:
            parts = [say("next_why_saved", lang, ago=stamps.relative(row.get("saved_at"), current, lang))]
        progress = row.get("progress") or 0
        if self.minutes_left is None:
            parts.append(say("next_why_unknown", lang))
        elif 0 < progress < 1:
            parts.append(say("next_why_started", lang, percent=round(progress * 100), n=self.minutes_left))
        else:
            parts.append(say("label_minutes", lang, n=self.minutes_left))
        return say("next_why_joined", lang).join(parts)


def left_of(row: dict[str, Any]) -> int | None:
    """The whole minutes left to read of an entry: all of its reading time, or what is
    left of a started one (at least 1); None when it was never fetched."""
    minutes = row.get("minutes")
    if minutes is None:
        return None
    progress = min(max(float(row.get("progress") or 0), 0.0), 1.0)
    return max(1, math.ceil(minutes * (1 - progress) - 1e-9))


def suggest(
    lib: Store, f: Filters, *, minutes: int | None = None, count: int = COUNT, resurface_days: int = RESURFACE_DAYS
) -> list[Suggestion]:
    """Up to ``count`` entries of ``f`` to read next (see the module's doc), in order."""
    from readlog.model import stamps
    from readlog.model.record import RECORD_COLUMNS, Entry
    from readlog.store.queue import next_rows

    cutoff = stamps.to_iso(stamps.now() - timedelta(days=resurface_days)) or ""
    found = next_rows(lib, f, minutes=minutes, count=count, resurface=cutoff, columns=RECORD_COLUMNS)
    return [Suggestion(Entry.from_row(row), why, left_of(row)) for why, row in found]
