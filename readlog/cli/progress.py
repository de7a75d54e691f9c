"""progress: say how far an entry was read (``readlog progress 12 40%``, ``--done``).

A Library call (``lib.progress``), as a script makes it. Only typer is imported at module level."""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.state import state_of
from readlog.model.errors import UsageError


@app.command()
@handle_errors
def progress(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID", help="help_opt_entry_id"),
    amount: Optional[str] = typer.Argument(None, metavar="[AMOUNT]", help="help_progress_amount"),
    done: bool = typer.Option(False, "--done", help="help_progress_done"),
    as_json: bool = typer.Option(False, "--json", help="help_progress_as_json"),
) -> None:
    """help_cmd_progress"""
    if amount is not None and done:
        raise UsageError.of("progress_and_done")
    if amount is None and not done:
        raise UsageError.of("progress_which")
    state = state_of(ctx)
    lib = state.library()
    result = lib.progress(entry_id, amount, done=done)  # a bad amount: a usage error, nothing changed
    row = lib.store.get(entry_id) or {}
    if as_json:
        from readlog.render.records import entry_record

        state.out.json(entry_record(row))
        return
    from readlog.render.records import progressed

    state.out.print(progressed(state.out, result, row), no_wrap=True)
