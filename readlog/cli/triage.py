"""triage: the interactive screen over the entries list's filters select."""

from __future__ import annotations

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs
from readlog.model.errors import ReadlogError

ALL = typer.Option(False, "--all", help="help_triage_everything")


@app.command()
@handle_errors
@filter_options
def triage(ctx: typer.Context, fa: FilterArgs = FilterArgs(), everything: bool = ALL) -> None:
    """help_cmd_triage"""
    opening = opening_filters(fa, everything)
    opening.filters()  # a mistyped option is said before the terminal is asked for
    if not on_a_terminal():
        raise ReadlogError.of("triage_needs_terminal")
    from readlog.triage import run

    state = state_of(ctx)
    out = state.out
    raise typer.Exit(
        run(
            state.library(),
            opening.api(),
            fa.search,
            lang=out.lang,
            columns=list(out.columns) if out.columns is not None else None,
            mark_read_on_show=state.mark_read_on_show,
            advance=state.triage_advance,
        )
    )


def opening_filters(fa: FilterArgs, everything: bool) -> FilterArgs:
    """The filters as typed, with --unread added when no option says which states to show
    (--all, --unread, --read, --starred, --archived, a saved view): triage is for what is
    still to read."""
    from dataclasses import replace

    if everything or fa.unread or fa.read or fa.starred or fa.archived or fa.view:
        return fa  # a saved view says which states it shows
    return replace(fa, unread=True)


def on_a_terminal() -> bool:
    """Whether both standard input and output are a terminal (a test seam)."""
    import sys

    from readlog.cli.organise import stdin_is_terminal

    return stdin_is_terminal() and sys.stdout is not None and sys.stdout.isatty()
