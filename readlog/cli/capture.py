"""add, fetch: save links from the terminal and download their articles."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs
from readlog.model import shell
from readlog.model.errors import ReadlogError


@app.command()
@handle_errors
def add(
    ctx: typer.Context,
    urls: list[str] = typer.Argument(..., metavar="URL...", help="Links to save; - reads them from standard input."),
    title: Optional[str] = typer.Option(None, "--title", help="The title (else the page's own)."),
    tags: Optional[list[str]] = typer.Option(None, "--tag", help="A tag (repeat for several)."),
    note: Optional[str] = typer.Option(None, "--note", metavar="TEXT", help="A note."),
    star: bool = typer.Option(False, "--star", help="Star it."),
    read: bool = typer.Option(False, "--read", help="Mark it read."),
    source: Optional[str] = typer.Option(None, "--source", help="The source (else the site's name, or its host)."),
    category: Optional[str] = typer.Option(None, "--category", help="A category."),
    no_fetch: bool = typer.Option(False, "--no-fetch", help="Save at once without reading the page."),
    as_json: bool = typer.Option(False, "--json", help="Print what was done as JSON."),
) -> None:
    """Save links: the page's title, description, site and date are read at once.

    A link already in the library (the same address once normalised) is
    reported with its id and changed only as the options say (--star, --tag,
    ...). When the page cannot be read the link is saved anyway, with its
    host as the source, and readlog says why: offline, a timeout or a busy
    server (readlog fetch fills it in later), or a page that is gone, a PDF
    or an image (saved with the link only). readlog fetch downloads the
    article text. Only http and https links are taken.

    \b
    Examples:
      readlog add https://example.com/post
      readlog add https://example.com/post --tag rust --star
      readlog add https://a.example/x https://b.example/y --no-fetch
      pbpaste | readlog add -
    """
    from readlog.core import capture
    from readlog.model.tags import unique_tags
    from readlog.render import capture as show

    state = state_of(ctx)
    opts = capture.AddOptions(
        title=title,
        tags=unique_tags(tags or []),
        note=note,
        star=star,
        read=read,
        source=source,
        category=category,
        fetch=not no_fetch,
    )
    links = capture.read_urls(urls, sys.stdin)
    capture.check_add(links, opts)  # usage errors before the library is opened
    results = capture.add(state.library().store, links, opts)
    if as_json:
        lib = state.library().store
        entries = {r.id: row for r in results if r.status != "trash" and (row := lib.get(r.id)) is not None}
        state.out.json(show.added_records(results, entries))
    else:
        show.added(state.out, results)
    if any(r.status == "trash" for r in results):
        raise ReadlogError("")  # exit 1: a link was not saved (said above)


@app.command()
@handle_errors
@filter_options
def fetch(
    ctx: typer.Context,
    ids: Optional[list[str]] = typer.Argument(None, metavar="[ID]...", help="Entry ids and ranges (or use filters)."),
    fa: FilterArgs = FilterArgs(),
    refetch: bool = typer.Option(False, "--refetch", help="Fetch again, even pages fetched already."),
    jobs: int = typer.Option(4, "--jobs", "-j", help="Pages downloaded at once (one at a time per site)."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
) -> None:
    """Download entries' pages and keep their article text, length and language.

    Without ids or filters: every entry with a link that was never fetched,
    and those whose last try failed (a page that answered with an error, or
    a dead link, at most once a day; one named by its id at once).
    --refetch fetches the chosen entries again, pages read well included.
    Ctrl-C stops at once and keeps every page already fetched. Exit status
    1 when a page could not be fetched (each is listed, dead links as such:
    see readlog list --dead).

    \b
    Examples:
      readlog fetch
      readlog fetch 12 15-18
      readlog fetch --source "Go Blog" --refetch
      readlog fetch --dead --refetch --jobs 8
    """
    from readlog.core import fetching
    from readlog.core.filters import parse_ids
    from readlog.render import capture as show

    state = state_of(ctx)
    if ids and fa.given():
        from readlog.model.errors import UsageError

        raise UsageError.of("ids_or_filters")
    numbers = parse_ids(ids) if ids else None
    f = fa.filters() if fa.given() else None
    words = ["fetch", *(ids or []), *fa.words(), *(["--refetch"] if refetch else [])]
    fetching.check_jobs(jobs)  # before the library is opened
    report = fetching.fetch(
        state.library().store,
        numbers,
        f,
        refetch=refetch,
        jobs=jobs,
        command=shell.join(words),
        progress=None if as_json else (lambda total: show.fetch_progress(state.out, total)),
    )
    if as_json:
        state.out.json(show.fetch_record(report))
    else:
        show.fetched(state.out, report)
    if report.failed:
        raise ReadlogError("")  # exit 1; each failure was listed
