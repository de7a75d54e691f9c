"""What ``readlog view save``, ``view rm`` and ``views`` print: a view is its name and the
options that make it (``short  --unread --max-time 10``); whole tab-separated lines into a
pipe; records for ``--json``. Names and filters pass through ``clean``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from readlog.model import shell, stamps
from readlog.model.messages import say
from readlog.model.sanitize import clean

if TYPE_CHECKING:
    from readlog.core.views import View, ViewSaved
    from readlog.render.output import Output


def _options(view: View) -> str:
    return clean(shell.join(view.words()), one_line=True)


def saved(out: Output, result: ViewSaved, view: View) -> None:
    """One line: the view saved (or changed, or unchanged) and its options."""
    line = Text(say(result.said, out.lang, name=clean(view.name, one_line=True)), style="green")
    if result.did == "unchanged":
        line.stylize("dim")
    options = _options(view)
    if options:
        line.append(": " if out.lang != "zh" else "：")
        line.append(options, style="bold")
    out.print(line, no_wrap=True)


def removed(out: Output, result: ViewSaved) -> None:
    out.print(Text(say("did_view_removed", out.lang, name=clean(result.name, one_line=True)), style="green"))


def listing(out: Output, views: Sequence[View]) -> None:
    """Every view: its name (as @NAME is typed) and its options."""
    if not views:
        out.line(say("views_none", out.lang), style="dim")
        return
    if out.piped:
        out.fields((clean(v.name, one_line=True), _options(v)) for v in views)
        return
    width = max(len(v.name) for v in views) + 2
    for v in views:
        line = Text(f"@{clean(v.name, one_line=True)}".ljust(width + 1), style="bold cyan")
        line.append(_options(v) or say("views_everything", out.lang))
        out.print(line, no_wrap=True)


def record(view: View) -> dict[str, Any]:
    """A view for --json: its name, its filters as the Python API takes them, the options."""
    return {
        "name": view.name,
        "filters": view.filters,
        "options": shell.join(view.words()),
        "created_at": stamps.local_iso(view.created_at.isoformat() if view.created_at else None),
        "updated_at": stamps.local_iso(view.updated_at.isoformat() if view.updated_at else None),
    }
