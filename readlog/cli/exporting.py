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
        help="jsonl (lossless, the default), json, csv (both lossless too), markdown or html (Netscape bookmarks). "
        "Without it, -o FILE's extension decides.",
    ),
    output: Optional[str] = typer.Option(
        None, "--output", "-o", metavar="FILE", help="Write to FILE (replaced whole at the end); default: stdout."
    ),
    fa: FilterArgs = FilterArgs(),
) -> None:
    """Export entries: every field and state, to stdout or a file.

    Takes the same filters as list, but includes archived entries unless
    --archived asks for only those. jsonl, json and csv keep everything,
    and `readlog import` reads them back (ids, times, states, tags and notes
    included); csv is UTF-8 with a BOM for spreadsheets. markdown is a
    reading list grouped by source; html is a Netscape bookmark file for
    browsers and read-later apps (entries without a web or mailto link are
    left out and counted on stderr).

    \b
    Examples:
      readlog export -o backup.jsonl
      readlog export --format csv --starred > starred.csv
      readlog export --unread --since 2w -o to-read.md
      readlog export -f html -o bookmarks.html
    """

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
