"""list, search, show: read the library."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

import typer

from readlog.cli import KeyedCommand
from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import LIMIT, filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs
from readlog.model.errors import UsageError

SORT = typer.Option(None, "--sort", help="help_list_sort")
REVERSE = typer.Option(False, "--reverse", help="help_list_reverse")
JSON = typer.Option(False, "--json", help="help_json_table")
JSON_FIELDS_HELP = "help_list_as_json"


class JsonFields(KeyedCommand):
    """A command whose --json may be followed by the fields to print
    (``--json id,title,url`` or ``--json=id,title``): the word after --json is
    taken out of the arguments into ``ctx.meta["json_fields"]`` before click
    parses them (this click has no options with an optional value). For
    search, whose words are its query, only a word with a comma or that names
    a field is taken (``search --json 内核`` still searches)."""

    words = False  # the command takes words of its own (search's query)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from readlog.cli import commands
        from readlog.cli.dispatch import value_options

        takes_value = value_options(self)
        args = list(args)
        i = 0
        while i < len(args):
            arg = args[i]
            if arg == "--":
                break
            if arg in takes_value:
                i += 2
                continue
            if arg.startswith("--json="):
                ctx.meta["json_fields"] = arg.split("=", 1)[1]
                args[i] = "--json"
            elif arg == "--json" and i + 1 < len(args):
                following = args[i + 1]
                known = "," in following or following in commands.json_field_names(search=True)
                if not following.startswith("-") and (known or not self.words):
                    ctx.meta["json_fields"] = following
                    del args[i + 1]
            i += 1
        return super().parse_args(ctx, args)


class SearchJsonFields(JsonFields):
    words = True


JSON_FIELDS = typer.Option(False, "--json", metavar="[FIELDS]", help=JSON_FIELDS_HELP)


@app.command("list", cls=JsonFields)
@handle_errors
@filter_options
def list_(
    ctx: typer.Context,
    fa: FilterArgs = FilterArgs(),
    sort: Optional[str] = SORT,
    reverse: bool = REVERSE,
    limit: Optional[int] = LIMIT,
    as_json: bool = JSON_FIELDS,
) -> None:
    """help_cmd_list"""
    from readlog.cli import commands

    fields = ctx.meta.get("json_fields") if as_json else None
    commands.show_list(
        state_of(ctx),
        fa,
        sort=sort,
        reverse=reverse,
        limit=limit,
        as_json=as_json if fields is None else fields,
    )


@app.command(cls=SearchJsonFields, context_settings={"ignore_unknown_options": True})
@handle_errors
@filter_options(search=False)
def search(
    ctx: typer.Context,
    words: Optional[list[str]] = typer.Argument(None, metavar="QUERY...", help="help_search_words"),
    fa: FilterArgs = FilterArgs(),
    sort: Optional[str] = SORT,
    reverse: bool = REVERSE,
    limit: Optional[int] = LIMIT,
    as_json: bool = JSON_FIELDS,
    rebuild: bool = typer.Option(False, "--rebuild", help="help_search_rebuild"),
) -> None:
    """help_cmd_search"""
    from readlog.cli import commands
    from readlog.core.filters import query_from_args

    state = state_of(ctx)
    query = query_from_args(words or [])
    if rebuild:
        commands.rebuild_index(state)
        if not query:
            return
    if not query:
        raise UsageError.of("search_needs_query")
    fields = ctx.meta.get("json_fields") if as_json else None
    commands.show_list(
        state,
        replace(fa, search=query),
        sort=sort,
        reverse=reverse,
        limit=limit,
        as_json=as_json if fields is None else fields,
    )


@app.command()
@handle_errors
def show(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID", help="help_show_entry_id"),
    mark_read: Optional[bool] = typer.Option(None, "--mark-read/--no-mark-read", "-r", help="help_show_mark_read"),
    full: bool = typer.Option(False, "--full", "-f", help="help_show_full"),
    pager: Optional[bool] = typer.Option(None, "--pager/--reader", help="help_show_pager"),
    as_json: bool = JSON,
) -> None:
    """help_cmd_show"""
    from readlog.cli import commands

    commands.show_entry(state_of(ctx), entry_id, mark_read=mark_read, as_json=as_json, full=full, pager=pager)
