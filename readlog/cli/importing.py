"""import: bring entries in."""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.state import state_of


@app.command("import")
@handle_errors
def import_(
    ctx: typer.Context,
    paths: list[str] = typer.Argument(
        ...,
        metavar="PATH...",
        help="Export files, directories or zip archives of them, to import; - reads standard input.",
    ),
    fmt: str = typer.Option(
        "auto",
        "--format",
        "-f",
        help=(
            "Input format, detected from the content by default: digest, bookmarks, jsonl, readlog-csv, netscape, "
            "pocket, instapaper, readwise, raindrop, omnivore, wallabag, firefox, chrome, safari, feed, xml, "
            "shortcut, urls, links."
        ),
    ),
    as_of: Optional[str] = typer.Option(
        None,
        "--as-of",
        metavar="DATETIME",
        help=(
            "When the export was made, for stamps like 收藏16 天前 (default: when the file was last modified; "
            "now for standard input)."
        ),
    ),
    encoding: Optional[str] = typer.Option(
        None, "--encoding", help="Text encoding, e.g. gb18030 (default: UTF-8/16 by BOM)."
    ),
    strict: bool = typer.Option(False, "--strict", help="Import a file only if it has no problems at all."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
) -> None:
    """Import entries from export files; re-importing never duplicates.

    Each file is one transaction; the whole command is one action, which
    readlog undo takes back whole. Problems are reported with line numbers and
    the rest of the file still imports (exit status 1 so scripts notice).

    \b
    Examples:
      readlog import digest.txt
      readlog import saved.txt --as-of 2026-12-01
      cat export.txt | readlog import - --format bookmarks
      readlog import bookmarks.html pocket.csv metadata_0_to_20.json
      readlog import ~/exports/ pocket-export.zip
      curl -s https://blog.rust-lang.org/feed.xml | readlog import -
    """
    from readlog.cli import commands

    commands.run_import(state_of(ctx), paths, fmt=fmt, as_of=as_of, encoding=encoding, strict=strict, as_json=as_json)
