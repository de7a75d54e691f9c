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
        help="help_import_paths",
    ),
    fmt: str = typer.Option(
        "auto",
        "--format",
        "-f",
        help=("help_import_fmt"),
    ),
    as_of: Optional[str] = typer.Option(
        None,
        "--as-of",
        metavar="DATETIME",
        help=("help_import_as_of"),
    ),
    encoding: Optional[str] = typer.Option(None, "--encoding", help="help_import_encoding"),
    strict: bool = typer.Option(False, "--strict", help="help_import_strict"),
    as_json: bool = typer.Option(False, "--json", help="help_import_as_json"),
) -> None:
    """help_cmd_import"""
    from readlog.cli import commands

    commands.run_import(state_of(ctx), paths, fmt=fmt, as_of=as_of, encoding=encoding, strict=strict, as_json=as_json)
