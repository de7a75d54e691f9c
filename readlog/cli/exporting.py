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
    from readlog.core.results import Exported


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
    from readlog.core.library import Library

    name = Library.export_format(fmt, output)  # before the library is opened
    fa.filters()  # a usage error in the options' own words
    run_export(state_of(ctx), fa, name, output)


def run_export(state: State, fa: FilterArgs, name: str, output: str | None) -> None:
    """Stream the matching entries through the format's writer to the output (``lib.export``)."""
    lib = state.library()
    given = {**fa.api(), "archived": True if fa.archived else None}
    to_file = output is not None and output != "-"
    if to_file:
        assert output is not None
        # An empty -o names the current folder (as Path("") does), which the export refuses as a folder.
        done = lib.export(name, output or ".", lang=state.out.lang, **given)
    else:
        sys.stdout.flush()
        binary: BinaryIO | None = getattr(sys.stdout, "buffer", None)
        done = lib.export(name, binary or sys.stdout, lang=state.out.lang, **given)  # text-only: embedded use
        if binary is not None:
            binary.flush()
    _report(state, name, done, output if to_file else None)


def _report(state: State, name: str, done: Exported, output: str | None) -> None:
    from readlog.model.messages import say

    written, skipped, lang = int(done), done.skipped, state.out.lang
    if skipped:
        state.out.notice(say("export_no_url", lang, entries=skipped, format=name))
    if output:
        state.out.notice(say("exported", lang, entries=written, path=output, format=name))
    elif written == 0 and not skipped:
        state.out.notice(say("export_none", lang))
