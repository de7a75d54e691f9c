"""view save, view rm, views: saved views (named filters), used as @NAME (or --view NAME)
wherever filters are taken.

Each is a Library call (``lib.save_view``, ``lib.remove_view``, ``lib.views``), as a
script makes it. Only typer is imported at module level."""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import KeyedGroup, Registry
from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs

view_app = Registry(
    cls=KeyedGroup,
    help="help_cmd_view",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(view_app, name="view")

NAME = typer.Argument(..., metavar="NAME", help="help_view_name")
JSON = typer.Option(False, "--json", help="help_json_plain")


@view_app.command("save")
@handle_errors
@filter_options
def save(
    ctx: typer.Context,
    name: str = NAME,
    sort: Optional[str] = typer.Option(None, "--sort", help="help_list_sort"),
    reverse: bool = typer.Option(False, "--reverse", help="help_list_reverse"),
    as_json: bool = JSON,
    fa: FilterArgs = FilterArgs(),
) -> None:
    """help_cmd_view_save"""
    fa.filters()  # a usage error in the options' own words, before the library is opened
    state = state_of(ctx)
    lib = state.library()
    given = {**fa.api(), "sort": sort, "reverse": reverse or None}
    if fa.view:  # saved from another view: its filters, beneath those given here
        given = lib.view(fa.view).with_filters(given)
    given.pop("view", None)
    result = lib.save_view(name, **{k: v for k, v in given.items() if v is not None})
    from readlog.render import views

    if as_json:
        state.out.json(views.record(lib.view(result.name)))
        return
    views.saved(state.out, result, lib.view(result.name))


@view_app.command("rm")
@handle_errors
def rm(ctx: typer.Context, name: str = NAME, as_json: bool = JSON) -> None:
    """help_cmd_view_rm"""
    state = state_of(ctx)
    result = state.library().remove_view(name)
    if as_json:
        state.out.json({"name": result.name, "removed": True, "action": result.action})
        return
    from readlog.render import views

    views.removed(state.out, result)


@app.command("views")
@handle_errors
def views_(ctx: typer.Context, as_json: bool = JSON) -> None:
    """help_cmd_views"""
    state = state_of(ctx)
    found = state.library().views()
    from readlog.render import views

    if as_json:
        state.out.json([views.record(v) for v in found])
        return
    views.listing(state.out, found)
