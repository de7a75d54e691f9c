"""star, unstar, read, unread, archive, unarchive: change entries' state, by ids or by filters."""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import organise
from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import JSON_CHANGED, YES, filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs

IDS = typer.Argument(None, metavar="[ID]...", help="Entry ids and ranges, e.g. 3 5 8-12 (or use filters).")


def state_command(name: str, state: str, on: bool, summary: str) -> None:
    """Declare one state command: by ids, or by filters with a preview and a question."""

    def command(
        ctx: typer.Context,
        ids: Optional[list[str]] = IDS,
        fa: FilterArgs = FilterArgs(),
        yes: bool = YES,
        as_json: bool = JSON_CHANGED,
    ) -> None:
        organise.change_state(state_of(ctx), ids or [], fa, state, on, name=name, yes=yes, as_json=as_json)

    command.__doc__ = f"""{summary}

    By ids: unknown ids are reported and nothing is changed. By filters:
    readlog shows how many entries will change and asks first; --yes skips
    the question, and without a terminal --yes is required.

    \b
    Examples:
      readlog {name} 12
      readlog {name} 3 5 8-12
      readlog {name} --source "Go Blog" --before 2026-01-01
    """
    app.command(name)(handle_errors(filter_options(command)))


state_command("star", "starred", True, "Star entries.")
state_command("unstar", "starred", False, "Remove the star from entries.")
state_command("read", "read", True, "Mark entries read.")
state_command("unread", "read", False, "Mark entries unread.")
state_command("archive", "archived", True, "Archive entries: they leave the default list and keep their state.")
state_command("unarchive", "archived", False, "Bring archived entries back to the default list.")
