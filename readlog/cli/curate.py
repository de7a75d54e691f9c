"""edit, rm, trash, restore: correct entries, delete them, and bring them back.

Only typer is imported at module level; the work is in readlog/curate.py.
"""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import handle_errors, organise, state_of
from readlog.cli import registry as app
from readlog.core.filters import FilterArgs

F = organise


@app.command()
@handle_errors
def edit(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID", help="The entry's id."),
    title: Optional[str] = typer.Option(None, "--title", help="New title."),
    url: Optional[str] = typer.Option(None, "--url", help='Its link (http or https); "" removes it.'),
    source: Optional[str] = typer.Option(None, "--source", help="Where it comes from."),
    category: Optional[str] = typer.Option(None, "--category", help='Its category; "" for none.'),
    published: Optional[str] = typer.Option(
        None, "--published", metavar="YYYY-MM-DD", help='The day it was published; "" when unknown.'
    ),
    summary: Optional[str] = typer.Option(None, "--summary", help="New summary."),
    verdict: Optional[str] = typer.Option(None, "--verdict", help="New verdict."),
    as_json: bool = typer.Option(False, "--json", help="Print the entry as JSON afterwards."),
) -> None:
    """Correct an entry: set fields with options, or edit them all in $EDITOR.

    Without options the entry opens in $VISUAL or $EDITOR as a short,
    commented form; what you change is saved when you quit. A form that
    cannot be read changes nothing, and your text is kept in a file the
    error names. A link lets later imports of that link merge into the
    entry. readlog undo takes an edit back.

    \b
    Examples:
      readlog edit 12 --title "How the scheduler starves background tasks"
      readlog edit 19 --url https://example.org/scheduler
      readlog edit 19 --published 2026-11-02 --category 系统
      readlog edit 19
    """
    from readlog.core import curate

    options = {
        "title": title,
        "url": url,
        "source": source,
        "category": category,
        "published": published,
        "summary": summary,
        "verdict": verdict,
    }
    given = {name: value for name, value in options.items() if value is not None}
    curate.edit(state_of(ctx), entry_id, given, as_json=as_json)


@app.command()
@handle_errors
def rm(
    ctx: typer.Context,
    ids: Optional[list[str]] = typer.Argument(None, metavar="[ID]...", help="Entry ids and ranges (or use filters)."),
    unread: bool = F.UNREAD,
    read: bool = F.READ,
    starred: bool = F.STARRED,
    source: Optional[str] = F.SOURCE,
    category: Optional[str] = F.CATEGORY,
    since: Optional[str] = F.SINCE,
    before: Optional[str] = F.BEFORE,
    tag: Optional[list[str]] = F.TAG,
    archived: bool = F.ARCHIVED,
    search: Optional[str] = F.SEARCH,
    dead: bool = F.DEAD,
    min_time: Optional[int] = F.MIN_TIME,
    max_time: Optional[int] = F.MAX_TIME,
    yes: bool = typer.Option(False, "--yes", help="Move the entries the filters match without asking."),
    as_json: bool = typer.Option(False, "--json", help="Print the entries moved to the trash as JSON."),
) -> None:
    """Move entries to the trash: they leave every list, search and count.

    readlog restore ID (or readlog undo) brings them back with all their
    state; readlog trash lists them. A re-import does not bring a trashed
    entry back. By filters, readlog shows what will go and asks first
    (--yes skips the question; without a terminal --yes is required).

    \b
    Examples:
      readlog rm 12
      readlog rm 3 5 8-12
      readlog rm --source "Old Blog" --before 2025-01-01
      readlog rm --dead --yes
    """
    from readlog.core import curate

    fa = FilterArgs(
        unread, read, starred, source, category, since, before, tag or [], archived, search, dead, min_time, max_time
    )
    curate.remove(state_of(ctx), ids or [], fa, yes=yes, as_json=as_json)


@app.command()
@handle_errors
def trash(
    ctx: typer.Context,
    empty: bool = typer.Option(False, "--empty", help="Delete the entries in the trash for good (asks first)."),
    older_than: Optional[str] = typer.Option(
        None, "--older-than", metavar="WHEN", help="Only entries deleted before then: 30d, 2w, 2026-11-01."
    ),
    yes: bool = typer.Option(False, "--yes", help="With --empty: delete without asking."),
    limit: Optional[int] = typer.Option(None, "--limit", "-n", help="How many to list; 0 means all."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List the entries in the trash, newest deleted first, or empty it.

    --empty deletes them for good, which cannot be undone: readlog shows
    what will go and asks first (--yes skips the question; without a
    terminal --yes is required). Their ids are never given out again.

    \b
    Examples:
      readlog trash
      readlog trash --json
      readlog trash --empty --older-than 30d
      readlog restore 12
    """
    from readlog.core import curate

    state = state_of(ctx)
    if empty:
        curate.empty_trash(state, older_than=older_than, yes=yes, as_json=as_json)
    else:
        curate.show_trash(state, older_than=older_than, limit=limit, as_json=as_json)


@app.command()
@handle_errors
def restore(
    ctx: typer.Context,
    ids: list[str] = typer.Argument(..., metavar="ID...", help="Ids and ranges of entries in the trash."),
    as_json: bool = typer.Option(False, "--json", help="Print the restored entries as JSON."),
) -> None:
    """Bring entries back from the trash, with all their state.

    Read, star and archive marks, tags, the note and everything else come
    back under the same id. If any id is not in the trash, nothing changes.

    \b
    Examples:
      readlog restore 12
      readlog restore 3 5 8-12
      readlog trash
    """
    from readlog.core import curate

    curate.restore(state_of(ctx), ids, as_json=as_json)
