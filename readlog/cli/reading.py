"""list, search, show: read the library."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import typer

from readlog.cli import handle_errors, state_of
from readlog.cli import registry as app
from readlog.model.errors import UsageError

if TYPE_CHECKING:
    from readlog.store import Filters


def filters(
    unread: bool = False,
    read: bool = False,
    starred: bool = False,
    source: Optional[str] = None,
    category: Optional[str] = None,
    since: Optional[str] = None,
    before: Optional[str] = None,
    tags: Optional[list[str]] = None,
    archived: bool = False,
    search: Optional[str] = None,
    dead: bool = False,
    min_time: Optional[int] = None,
    max_time: Optional[int] = None,
) -> Filters:
    from readlog.core.filters import make_filters

    return make_filters(
        unread=unread,
        read=read,
        starred=starred,
        source=source,
        category=category,
        since=since,
        before=before,
        tags=tags or [],
        archived=archived,
        search=search,
        dead=dead,
        min_time=min_time,
        max_time=max_time,
    )


UNREAD = typer.Option(False, "--unread", help="Only unread entries.")
READ = typer.Option(False, "--read", help="Only read entries.")
STARRED = typer.Option(False, "--starred", help="Only starred entries.")
SOURCE = typer.Option(None, "--source", help="Only this source (case-insensitive).")
CATEGORY = typer.Option(None, "--category", help="Only this category.")
SINCE = typer.Option(None, "--since", metavar="WHEN", help="Saved since: 2026-11-01, 7d, 2w, 3mo.")
BEFORE = typer.Option(None, "--before", metavar="WHEN", help="Saved before: 2026-01-01, 30d.")
TAG = typer.Option(None, "--tag", help="Only entries with this tag (repeat for all of several).")
ARCHIVED = typer.Option(False, "--archived", help="Show archived entries instead of the others.")
DEAD = typer.Option(False, "--dead", help="Only links found dead (readlog fetch found them gone).")
MIN_TIME = typer.Option(None, "--min-time", metavar="MINUTES", help="Only articles taking at least this long to read.")
MAX_TIME = typer.Option(None, "--max-time", metavar="MINUTES", help="Only articles read in at most this many minutes.")
SORT = typer.Option(None, "--sort", help="saved, published, title, source, read, id (search: relevance).")
REVERSE = typer.Option(False, "--reverse", help="Reverse the order.")
LIMIT = typer.Option(None, "--limit", "-n", help="How many to show; 0 means all (default: one screen).")
JSON = typer.Option(False, "--json", help="Print JSON instead of a table.")


@app.command("list")
@handle_errors
def list_(
    ctx: typer.Context,
    unread: bool = UNREAD,
    read: bool = READ,
    starred: bool = STARRED,
    source: Optional[str] = SOURCE,
    category: Optional[str] = CATEGORY,
    since: Optional[str] = SINCE,
    before: Optional[str] = BEFORE,
    tag: Optional[list[str]] = TAG,
    archived: bool = ARCHIVED,
    search: Optional[str] = typer.Option(None, "--search", "-s", metavar="QUERY", help="Only entries matching QUERY."),
    dead: bool = DEAD,
    min_time: Optional[int] = MIN_TIME,
    max_time: Optional[int] = MAX_TIME,
    sort: Optional[str] = SORT,
    reverse: bool = REVERSE,
    limit: Optional[int] = LIMIT,
    as_json: bool = JSON,
) -> None:
    """List entries, newest saved first.

    \b
    Examples:
      readlog list --unread
      readlog list --starred --source "Go Blog"
      readlog list --since 2w --sort published --json
      readlog list --unread --max-time 10
      readlog list --dead
    """
    from readlog.cli import commands

    f = filters(unread, read, starred, source, category, since, before, tag, archived, search, dead, min_time, max_time)
    commands.show_list(state_of(ctx), f, sort=sort, reverse=reverse, limit=limit, as_json=as_json)


@app.command(context_settings={"ignore_unknown_options": True})
@handle_errors
def search(
    ctx: typer.Context,
    words: Optional[list[str]] = typer.Argument(
        None, metavar="QUERY...", help='Words (all must match), "a phrase", -exclude, a OR b.'
    ),
    unread: bool = UNREAD,
    read: bool = READ,
    starred: bool = STARRED,
    source: Optional[str] = SOURCE,
    category: Optional[str] = CATEGORY,
    since: Optional[str] = SINCE,
    before: Optional[str] = BEFORE,
    tag: Optional[list[str]] = TAG,
    archived: bool = ARCHIVED,
    dead: bool = DEAD,
    min_time: Optional[int] = MIN_TIME,
    max_time: Optional[int] = MAX_TIME,
    sort: Optional[str] = SORT,
    reverse: bool = REVERSE,
    limit: Optional[int] = LIMIT,
    as_json: bool = JSON,
    rebuild: bool = typer.Option(False, "--rebuild", help="Rebuild the search index, then search (if QUERY given)."),
) -> None:
    """Search titles, sources, categories, summaries, verdicts, notes, tags and fetched article text.

    Any two or more consecutive characters match, in Chinese or English,
    case-insensitively. Results: title hits first, then verdict, note, tag,
    source and category hits, then the rest (summaries and article text);
    newest saved first within each. In --json, the `snippet`
    marks each hit with `**`.

    \b
    Examples:
      readlog search 内核调度
      readlog search '"type checker" -rust'
      readlog search 内核 -调度 --limit 5
      readlog search SQLite OR DuckDB --unread --json
    """
    from readlog.cli import commands
    from readlog.store.search import query_from_args

    state = state_of(ctx)
    query = query_from_args(words or [])
    if rebuild:
        commands.rebuild_index(state)
        if not query:
            return
    if not query:
        raise UsageError.of("search_needs_query")
    f = filters(unread, read, starred, source, category, since, before, tag, archived, query, dead, min_time, max_time)
    commands.show_list(state, f, sort=sort, reverse=reverse, limit=limit, as_json=as_json)


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
