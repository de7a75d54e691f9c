"""star, unstar, read, unread: change an entry's state."""

from __future__ import annotations

import typer

from readlog.cli import app, handle_errors, state_of

IDS = typer.Argument(..., metavar="ID...", help="Entry ids and ranges, e.g. 3 5 8-12.")


def _state_command(name: str, state: str, on: bool, summary: str) -> None:
    def command(
        ctx: typer.Context,
        ids: list[str] = IDS,
        as_json: bool = typer.Option(False, "--json", help="Print the changed entries as JSON."),
    ) -> None:
        from readlog import commands

        commands.change_state(state_of(ctx), ids, state, on, name=name, as_json=as_json)

    command.__doc__ = f"""{summary}

    Unknown ids are reported and nothing is changed.

    \b
    Examples:
      readlog {name} 12
      readlog {name} 3 5 8-12
    """
    app.command(name)(handle_errors(command))


_state_command("star", "starred", True, "Star entries.")
_state_command("unstar", "starred", False, "Remove the star from entries.")
_state_command("read", "read", True, "Mark entries read.")
_state_command("unread", "read", False, "Mark entries unread.")
