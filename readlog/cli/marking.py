"""star, unstar, read, unread, archive, unarchive: change entries' state, by ids or by filters."""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import JSON_CHANGED, YES, filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs, by_ids

IDS = typer.Argument(None, metavar="[ID]...", help="help_opt_ids")


def state_command(name: str, state: str, on: bool, help_key: str) -> None:
    """Declare one state command: by ids, or by filters with a preview and a question."""

    def command(
        ctx: typer.Context,
        ids: Optional[list[str]] = IDS,
        fa: FilterArgs = FilterArgs(),
        yes: bool = YES,
        as_json: bool = JSON_CHANGED,
    ) -> None:
        if by_ids(ids or [], fa, name):
            from readlog.cli import commands

            commands.change_state(state_of(ctx), ids or [], state, on, name=name, as_json=as_json)
            return
        from readlog.cli import organise  # the bulk path (a change by ids needs none of that module)

        organise.run_bulk(state_of(ctx), name, fa, yes=yes, as_json=as_json)

    command.__doc__ = help_key  # its --help: the catalogue's text for this key
    app.command(name)(handle_errors(filter_options(command)))


state_command("star", "starred", True, "help_cmd_star")
state_command("unstar", "starred", False, "help_cmd_unstar")
state_command("read", "read", True, "help_cmd_read")
state_command("unread", "read", False, "help_cmd_unread")
state_command("archive", "archived", True, "help_cmd_archive")
state_command("unarchive", "archived", False, "help_cmd_unarchive")
