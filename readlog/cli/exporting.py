"""export: take entries out in open formats (JSON Lines, JSON, CSV, Markdown, HTML)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, BinaryIO, Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs

if TYPE_CHECKING:
    from readlog.cli.state import State
    from readlog.core.export import Tally
    from readlog.store import Filters


@app.command("export")
@handle_errors
@filter_options
def export(
    ctx: typer.Context,
    fmt: Optional[str] = typer.Option(
        None,
        "--format",
        "-f",
        help="help_export_fmt",
    ),
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="FILE", help="help_export_output"),
    fa: FilterArgs = FilterArgs(),
) -> None:
    """help_cmd_export"""

    from readlog.core.exporting import choose_format

    name = choose_format(fmt, output)
    f = fa.filters()
    f.archived = True if fa.archived else None
    run_export(state_of(ctx), f, name, output)


def run_export(state: State, f: Filters, name: str, output: str | None) -> None:
    """Stream the matching rows through the format's writer to the output."""
    from readlog.core.exporting import export_to

    lib = state.library().store
    to_file = output is not None and output != "-"
    if to_file:
        assert output is not None
        tally = export_to(lib, f, name, output, lang=state.out.lang)
    else:
        sys.stdout.flush()
        binary: BinaryIO | None = getattr(sys.stdout, "buffer", None)
        tally = export_to(lib, f, name, binary or sys.stdout, lang=state.out.lang)  # text-only: embedded use
        if binary is not None:
            binary.flush()
    _report(state, name, tally, output if to_file else None)


def _report(state: State, name: str, tally: Tally, output: str | None) -> None:
    from readlog.model.messages import say

    written, skipped, lang = tally.written, tally.skipped, state.out.lang
    if skipped:
        state.out.notice(say("export_no_url", lang, entries=skipped, format=name))
    if output:
        state.out.notice(say("exported", lang, entries=written, path=output, format=name))
    elif written == 0 and not skipped:
        state.out.notice(say("export_none", lang))
