"""list, search, show: read the library."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

import typer
from typer.core import TyperCommand

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import LIMIT, filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs
from readlog.model.errors import UsageError

SORT = typer.Option(None, "--sort", help="saved, published, title, source, read, id (search: relevance).")
REVERSE = typer.Option(False, "--reverse", help="Reverse the order.")
JSON = typer.Option(False, "--json", help="Print JSON instead of a table.")
JSON_FIELDS_HELP = "Print JSON instead of a table; --json id,title,url prints only those fields."


class JsonFields(TyperCommand):
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
    """List entries, newest saved first.

    \b
    Examples:
      readlog list --unread
      readlog list --starred --source "Go Blog"
      readlog list --since 2w --sort published --json
      readlog list --limit 0 --json id,title,url
      readlog list --unread --max-time 10
      readlog list --dead
    """
    from readlog.cli import commands

    fields = ctx.meta.get("json_fields") if as_json else None
    commands.show_list(
        state_of(ctx),
        fa.filters(),
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
    words: Optional[list[str]] = typer.Argument(
        None, metavar="QUERY...", help='Words (all must match), "a phrase", -exclude, a OR b.'
    ),
    fa: FilterArgs = FilterArgs(),
    sort: Optional[str] = SORT,
    reverse: bool = REVERSE,
    limit: Optional[int] = LIMIT,
    as_json: bool = JSON_FIELDS,
    rebuild: bool = typer.Option(False, "--rebuild", help="Rebuild the search index, then search (if QUERY given)."),
) -> None:
    """Search titles, sources, categories, summaries, verdicts, notes, tags and fetched article text.

    Any two or more consecutive characters match, in Chinese or English,
    case-insensitively. Results: title hits first, then verdict, note, tag,
    source and category hits, then the rest (summaries and article text);
    newest saved first within each. In --json, the `snippet`
    marks each hit with `**`. A word right after --json is taken as its
    FIELDS only when it has a comma or names a field (--json title).

    \b
    Examples:
      readlog search 内核调度
      readlog search '"type checker" -rust'
      readlog search 内核 -调度 --limit 5
      readlog search SQLite OR DuckDB --unread --json
    """
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
        replace(fa, search=query).filters(),
        sort=sort,
        reverse=reverse,
        limit=limit,
        as_json=as_json if fields is None else fields,
    )


@app.command()
@handle_errors
def show(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID", help="The entry's id (from list)."),
    mark_read: Optional[bool] = typer.Option(
        None, "--mark-read/--no-mark-read", "-r", help="Also mark it read (default: the config's mark_read_on_show)."
    ),
    full: bool = typer.Option(False, "--full", "-f", help="Also the article's text (after readlog fetch), paged."),
    as_json: bool = JSON,
) -> None:
    """Show one entry: summary, verdict, links, reading time; --full reads the article.

    Showing does not change the entry unless you pass --mark-read (or set
    mark_read_on_show = true in the config file; --no-mark-read overrides it).
    With --full the article fetched by readlog fetch follows, wrapped to the
    terminal and shown in $PAGER when it is longer than the screen.

    \b
    Examples:
      readlog show 12
      readlog show 12 --full
      readlog show 12 --mark-read
      readlog show 12 --json
    """
    from readlog.cli import commands

    commands.show_entry(state_of(ctx), entry_id, mark_read=mark_read, as_json=as_json, full=full)
