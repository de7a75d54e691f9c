"""add, fetch: save links from the terminal and download their articles."""

from __future__ import annotations

import sys
from typing import Any, Optional, TextIO

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
    urls: list[str] = typer.Argument(..., metavar="URL...", help="help_add_urls"),
    title: Optional[str] = typer.Option(None, "--title", help="help_add_title"),
    tags: Optional[list[str]] = typer.Option(None, "--tag", help="help_add_tags"),
    note: Optional[str] = typer.Option(None, "--note", metavar="TEXT", help="help_add_note"),
    star: bool = typer.Option(False, "--star", help="help_add_star"),
    read: bool = typer.Option(False, "--read", help="help_add_read"),
    source: Optional[str] = typer.Option(None, "--source", help="help_add_source"),
    category: Optional[str] = typer.Option(None, "--category", help="help_add_category"),
    no_fetch: bool = typer.Option(False, "--no-fetch", help="help_add_no_fetch"),
    as_json: bool = typer.Option(False, "--json", help="help_add_as_json"),
) -> None:
    """help_cmd_add"""
    from readlog.core.library import Library
    from readlog.render import capture as show

    state = state_of(ctx)
    given: dict[str, Any] = {"title": title, "tags": tags or [], "note": note, "source": source, "category": category}
    links = read_urls(urls, sys.stdin)
    Library.check_add(links, **given)  # usage errors before the library is opened
    results = state.library().add_many(links, star=star, read=read, fetch=not no_fetch, **given)
    if as_json:
        state.out.json(show.added_records(results))
    else:
        show.added(state.out, results)
    if any(r.status == "trash" for r in results):
        raise ReadlogError("")  # exit 1: a link was not saved (said above)


def read_urls(values: list[str], stdin: TextIO | None) -> list[str]:
    """The URLs given, with ``-`` replaced by standard input's lines (blank lines and # comments skipped)."""
    urls: list[str] = []
    for value in values:
        if value == "-":
            if stdin is None or stdin.closed:
                raise ReadlogError.of("stdin_closed_add")
            urls += [line.strip() for line in stdin.read().splitlines() if line.strip() and not line.startswith("#")]
        else:
            urls.append(value.strip())
    return urls


@app.command()
@handle_errors
@filter_options
def fetch(
    ctx: typer.Context,
    ids: Optional[list[str]] = typer.Argument(None, metavar="[ID]...", help="help_fetch_ids"),
    fa: FilterArgs = FilterArgs(),
    refetch: bool = typer.Option(False, "--refetch", help="help_fetch_refetch"),
    jobs: int = typer.Option(4, "--jobs", "-j", help="help_fetch_jobs"),
    as_json: bool = typer.Option(False, "--json", help="help_import_as_json"),
) -> None:
    """help_cmd_fetch"""
    from readlog.core.filters import check_jobs, parse_ids
    from readlog.render import capture as show

    state = state_of(ctx)
    if ids and fa.given():
        from readlog.model.errors import UsageError

        raise UsageError.of("ids_or_filters")
    numbers = parse_ids(ids) if ids else None
    if fa.given():
        fa.filters()  # a usage error in the options' own words, before the library is opened
    words = ["fetch", *(ids or []), *fa.words(), *(["--refetch"] if refetch else [])]
    check_jobs(jobs)  # before the library is opened
    report = state.library().fetch(
        numbers,
        refetch=refetch,
        jobs=jobs,
        progress=None if as_json else (lambda total: show.fetch_progress(state.out, total)),
        as_typed=shell.join(words),
        **(fa.api() if fa.given() else {}),
    )
    if as_json:
        state.out.json(show.fetch_record(report))
    else:
        show.fetched(state.out, report)
    if report.failed:
        raise ReadlogError("")  # exit 1; each failure was listed
