"""triage: the interactive screen over the entries list's filters select."""

from __future__ import annotations

import typer

from readlog.cli import handle_errors, state_of
from readlog.cli import registry as app
from readlog.cli.options import filter_options
from readlog.core.filters import FilterArgs
from readlog.model.errors import ReadlogError


@app.command()
@handle_errors
@filter_options
def triage(ctx: typer.Context, fa: FilterArgs = FilterArgs()) -> None:
    """Go through entries one key at a time: star, read, archive, tag, note, open, undo.

    Opens a full-screen list of the entries the filters select (the same
    filters, columns and order as list) beside the selected entry's detail.
    Keys: j/k move, Enter opens, s star, r read, a archive, t tags, n note,
    o open the link, / search, f cycles unread/starred/all, u undo, ? help,
    q quit. Every change is saved at once, as its own action in history.
    Needs a terminal; exit status 0 when the reader quits.

    \b
    Examples:
      readlog triage --unread
      readlog triage --source "Go Blog" --since 2w
      readlog --lang zh triage --tag rust
    """
    f = fa.filters()
    import sys

    from readlog.cli.organise import stdin_is_terminal

    if not (stdin_is_terminal() and sys.stdout is not None and sys.stdout.isatty()):
        raise ReadlogError.of("triage_needs_terminal")
    from readlog.triage import run

    raise typer.Exit(run(state_of(ctx), f, fa.search))
