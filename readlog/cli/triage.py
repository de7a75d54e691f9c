"""triage: the interactive screen over the entries list's filters select."""

from __future__ import annotations

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs
from readlog.model.errors import ReadlogError

ALL = typer.Option(False, "--all", help="Read and unread entries alike (the default is the unread ones).")


@app.command()
@handle_errors
@filter_options
def triage(ctx: typer.Context, fa: FilterArgs = FilterArgs(), everything: bool = ALL) -> None:
    """Go through entries one key at a time: star, read, archive, tag, note, open, undo.

    Opens a full-screen list of the entries the filters select (the same
    filters, columns and order as list) beside the selected entry's detail:
    the unread ones unless --all, --read, --starred or --archived says
    otherwise. Keys: j/k move, Enter opens, s star, r read, a archive (each
    then moves to the next entry; triage_advance = false in the config file
    stays), t tags, n note, o open the link, / search, f cycles
    unread/starred/all, u undo, ? help, q quit. Every change is saved at
    once, as its own action in history. Needs a terminal; exit status 0 when
    the reader quits (q), 130 after Ctrl-C.

    \b
    Examples:
      readlog triage
      readlog triage --all --source "Go Blog" --since 2w
      readlog --lang zh triage --starred --tag rust
    """
    f = opening_filters(fa, everything).filters()
    if not on_a_terminal():
        raise ReadlogError.of("triage_needs_terminal")
    from readlog.triage import run

    state = state_of(ctx)
    out = state.out
    raise typer.Exit(
        run(
            state.library(),
            f,
            fa.search,
            lang=out.lang,
            columns=list(out.columns) if out.columns is not None else None,
            mark_read_on_show=state.mark_read_on_show,
            advance=state.triage_advance,
        )
    )


def opening_filters(fa: FilterArgs, everything: bool) -> FilterArgs:
    """The filters as typed, with --unread added when no option says which states to show
    (--all, --unread, --read, --starred, --archived): triage is for what is still to read."""
    from dataclasses import replace

    if everything or fa.unread or fa.read or fa.starred or fa.archived:
        return fa
    return replace(fa, unread=True)


def on_a_terminal() -> bool:
    """Whether both standard input and output are a terminal (a test seam)."""
    import sys

    from readlog.cli.organise import stdin_is_terminal

    return stdin_is_terminal() and sys.stdout is not None and sys.stdout.isatty()
