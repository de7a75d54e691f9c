"""next: what to read now (``readlog next --time 15m``).

A Library call (``lib.next``), as a script makes it. Only typer is imported at module level."""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs
from readlog.model.errors import UsageError


@app.command("next")
@handle_errors
@filter_options
def next_(
    ctx: typer.Context,
    time: Optional[str] = typer.Option(None, "--time", "-t", metavar="TIME", help="help_next_time"),
    count: int = typer.Option(5, "--count", "-c", metavar="N", help="help_next_count"),
    open_first: bool = typer.Option(False, "--open", help="help_next_open"),
    as_json: bool = typer.Option(False, "--json", help="help_json_plain"),
    fa: FilterArgs = FilterArgs(),
) -> None:
    """help_cmd_next"""
    from readlog.core.filters import parse_minutes

    if count < 1:
        raise UsageError.of("next_bad_count", value=count)
    minutes = None if time is None else parse_minutes(time)  # a usage error before the library is opened
    fa.filters()  # likewise a mistyped option
    state = state_of(ctx)
    lib = state.library()
    found = lib.next(minutes, count=count, resurface_days=state.resurface_days, **fa.api())
    from readlog.render import queue

    if as_json:
        state.out.json(queue.records(found, state.out.lang))
    else:
        queue.suggestions(state.out, found, minutes)
    if open_first and found:
        from readlog.model.messages import say

        url = lib.open_link(found[0].entry.id)
        if not as_json:
            state.out.line(say("opened", state.out.lang, url=url), style="dim")
