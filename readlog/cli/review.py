"""sources, categories, stats, config: see what is in the library and how it is used."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.state import state_of

if TYPE_CHECKING:
    from readlog.cli.state import State

JSON = typer.Option(False, "--json", help="help_json_table")


def _groups(state: State, column: str, as_json: bool) -> None:
    from readlog.model import stamps
    from readlog.render import stats as view

    lib = state.library()
    rows = [t.row for t in (lib.sources() if column == "source" else lib.categories())]
    if as_json:
        state.out.json(view.groups_records(rows, column))
    elif state.out.piped and rows:
        state.out.fields(view.groups_fields(rows))
    else:
        state.out.print(view.groups_table(rows, column, state.out.lang, stamps.now()))


@app.command()
@handle_errors
def sources(ctx: typer.Context, as_json: bool = JSON) -> None:
    """help_cmd_sources"""
    _groups(state_of(ctx), "source", as_json)


@app.command()
@handle_errors
def categories(ctx: typer.Context, as_json: bool = JSON) -> None:
    """help_cmd_categories"""
    _groups(state_of(ctx), "category", as_json)


@app.command()
@handle_errors
def stats(
    ctx: typer.Context,
    since: Optional[str] = typer.Option(None, "--since", metavar="WHEN", help="help_stats_since"),
    as_json: bool = typer.Option(False, "--json", help="help_stats_as_json"),
) -> None:
    """help_cmd_stats"""
    from readlog.render import stats as view

    state = state_of(ctx)
    data = state.library().stats(since)
    if as_json:
        state.out.json(view.stats_record(data))
    else:
        state.out.print(view.stats_screen(data, state.out.lang))


@app.command()
@handle_errors
def config(
    ctx: typer.Context,
    path: bool = typer.Option(False, "--path", help="help_config_path"),
    init: bool = typer.Option(False, "--init", help="help_config_init"),
    as_json: bool = JSON,
) -> None:
    """help_cmd_config"""
    from readlog import settings
    from readlog.render import stats as view

    state = state_of(ctx)
    file = settings.config_file()
    if path:
        state.out.line(str(file))
        return
    if init:
        settings.write_template(file)
        from readlog.model.messages import say

        state.out.line(say("config_written", state.out.lang, path=str(file)))
        return
    effective = settings.effective(state.db_option, state.lang_option)
    _, unknown = settings.load(file)
    lang = state.out.lang
    for key in unknown:
        state.out.notice(view.t(lang, "unknown_key", key=key, known=", ".join(settings.DEFAULTS)))
    if as_json:
        state.out.json(
            {
                "config_file": str(file),
                "exists": file.exists(),
                "settings": {s.key: {"value": _plain(s.value), "from": s.origin} for s in effective},
            }
        )
        return
    line = view.t(lang, "config_file", path=view.home_path(str(file)))
    state.out.line(line if file.exists() else f"{line} {view.t(lang, 'config_missing')}", style="dim")
    state.out.print(view.settings_table(effective, lang))


def _plain(value: object) -> object:
    return value if isinstance(value, (bool, int, list)) or value is None else str(value)
