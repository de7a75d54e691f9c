"""What ``readlog next`` prints: each entry to read with why, in one line under it on a
terminal; whole tab-separated lines into a pipe (id, minutes left, why, title, link);
records for ``--json``. Imported text passes through ``clean`` before it is shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from readlog.model import stamps
from readlog.model.messages import say
from readlog.model.sanitize import clean
from readlog.render.records import entry_line, entry_record

if TYPE_CHECKING:
    from readlog.core.queue import Suggestion
    from readlog.render.output import Output


def suggestions(out: Output, found: Sequence[Suggestion], minutes: int | None) -> None:
    """The entries to read next, in order, each with why."""
    if not found:
        message = "next_none" if minutes is None else "next_none_time"
        out.line(say(message, out.lang, n=minutes), style="dim")
        return
    current = stamps.now()
    if out.piped:
        out.fields(
            (
                s.entry.id,
                "" if s.minutes_left is None else s.minutes_left,
                s.reason(out.lang, current),
                clean(s.entry.row.get("title") or "", one_line=True),
                clean(s.entry.row.get("url") or "", link=True),
            )
            for s in found
        )
        return
    for s in found:
        row = s.entry.row
        mark = "★ " if s.why == "starred" else ""
        out.print(entry_line(s.entry.id, mark, row.get("title") or row.get("url") or "", "yellow"), no_wrap=True)
        out.print(Text("      " + s.reason(out.lang, current), style="dim"))


def records(found: Sequence[Suggestion], lang: str) -> list[dict[str, Any]]:
    """``--json``: each entry as show --json gives it, with why (``why``: starred, fits or
    unknown; ``reason``: the line a terminal shows) and the minutes left to read."""
    current = stamps.now()
    return [
        {**entry_record(s.entry.row), "why": s.why, "minutes_left": s.minutes_left, "reason": s.reason(lang, current)}
        for s in found
    ]
