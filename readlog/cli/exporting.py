"""export: take entries out in open formats (JSON Lines, JSON, CSV, Markdown, HTML, EPUB)."""

from __future__ import annotations

import os
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
    as_json: bool = typer.Option(False, "--json", help="help_export_json"),
    fa: FilterArgs = FilterArgs(),
) -> None:
    """help_cmd_export"""
    from readlog.core.library import Library

    name = Library.export_format(fmt, output)  # before the library is opened
    fa.filters()  # a usage error in the options' own words
    if as_json and (output is None or output == "-"):
        from readlog.model.errors import UsageError

        raise UsageError.of("export_json_needs_output")
    run_export(state_of(ctx), fa, name, output, as_json=as_json)


def run_export(state: State, fa: FilterArgs, name: str, output: str | None, *, as_json: bool = False) -> None:
    """Stream the matching entries through the format's writer to the output (``lib.export``)."""
    lib = state.library()
    given = {**fa.api(), "archived": True if fa.archived else None}
    to_file = output is not None and output != "-"
    if to_file:
        assert output is not None
        # An empty -o names the current folder (as Path("") does), which the export refuses as a
        # folder; markdown too, which writes a file per entry only to a folder named (-o . or -o DIR).
        if not output and name == "markdown":
            from readlog.model.errors import ReadlogError

            raise ReadlogError.of("export_is_dir", path=os.path.realpath("."))
        done = lib.export(name, output or ".", lang=state.out.lang, **given)
    else:
        sys.stdout.flush()
        binary: BinaryIO | None = getattr(sys.stdout, "buffer", None)
        done = lib.export(name, binary or sys.stdout, lang=state.out.lang, **given)  # text-only: embedded use
        if binary is not None:
            binary.flush()
    if as_json:
        state.out.json(summary(done, output))
        return
    _report(state, name, done, output if to_file else None)


def summary(done: Exported, output: str | None) -> dict[str, object]:
    """What --json says of an export: the same facts as the lines on stderr."""
    return {
        "format": done.format,
        "path": output,
        "written": int(done),
        "unchanged": done.unchanged,
        "skipped": done.skipped,
        "left_out": [{"id": entry_id, "title": title} for entry_id, title in done.left_out],
    }


def _report(state: State, name: str, done: Exported, output: str | None) -> None:
    from readlog.model.messages import say

    written, skipped, lang = int(done), done.skipped, state.out.lang
    for entry_id, title in done.left_out:
        state.out.notice(say("epub_left_out", lang, id=entry_id, title=title))
    if skipped and not done.left_out:
        state.out.notice(say("export_no_url", lang, entries=skipped, format=name))
    if output and name == "markdown" and done.unchanged + written and os.path.isdir(output):
        state.out.notice(say("exported_folder", lang, entries=written, path=output, unchanged=done.unchanged))
    elif output:
        state.out.notice(say("exported", lang, entries=written, path=output, format=name))
    elif written == 0 and not skipped:
        state.out.notice(say("export_none", lang))
