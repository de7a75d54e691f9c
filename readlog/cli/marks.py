"""highlight, highlights: keep passages of entries and list them.

Each is a Library call (``lib.highlight``, ``lib.highlights``), as a script makes it.
Only typer is imported at module level."""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import LIMIT, filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs


@app.command()
@handle_errors
def highlight(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID", help="help_opt_entry_id"),
    passage: str = typer.Argument(..., metavar="PASSAGE", help="help_highlight_passage"),
    note: Optional[str] = typer.Option(None, "--note", "-n", metavar="TEXT", help="help_highlight_note"),
    force: bool = typer.Option(False, "--force", help="help_highlight_force"),
    as_json: bool = typer.Option(False, "--json", help="help_highlight_as_json"),
) -> None:
    """help_cmd_highlight"""
    state = state_of(ctx)
    lib = state.library()
    result = lib.highlight(entry_id, passage, note=note, force=force)
    if as_json:
        from readlog.render.records import highlight_record

        kept = [h.row for h in lib.get(entry_id).highlights if h.id == result.highlight]
        added = result.highlight is not None
        state.out.json(
            {"added": added, "in_text": result.in_text, "highlight": highlight_record(kept[0]) if kept else None}
        )
        return
    from readlog.render import marks

    row = lib.store.get(entry_id) or {}
    marks.marked(state.out, result, row.get("title") or row.get("url") or "")


@app.command()
@handle_errors
@filter_options
def highlights(
    ctx: typer.Context,
    ids: Optional[list[str]] = typer.Argument(None, metavar="[ID]...", help="help_highlights_ids"),
    limit: Optional[int] = LIMIT,
    as_json: bool = typer.Option(False, "--json", help="help_json_plain"),
    fa: FilterArgs = FilterArgs(),
) -> None:
    """help_cmd_highlights"""
    from readlog.core.filters import parse_ids

    fa.filters()  # a usage error in the options' own words
    state = state_of(ctx)
    given = fa.api()
    chosen = parse_ids(ids) if ids else None
    if given.get("archived") is False:  # the options' default: archived entries' highlights count too
        given["archived"] = True if fa.archived else None
    # On a terminal, about a screen (a highlight takes a few lines); all into a pipe or with --json.
    count = state.listed(limit, as_json=as_json, page=max(3, state.page_size // 4))
    found = state.library().highlights(chosen, limit=count or None, **given)
    rows = [h.row for h in found]
    if as_json:
        from readlog.render.records import highlight_record

        state.out.json([highlight_record(r) for r in rows])
        return
    from readlog.render import marks

    marks.listing(state.out, rows)
