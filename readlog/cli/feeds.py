"""follow, feeds, unfollow, refresh: followed feeds, whose new items a refresh adds as
unread entries.

Each is a Library call (``lib.follow``, ``lib.feeds``, ``lib.unfollow``, ``lib.refresh``),
as a script makes it. Only typer is imported at module level."""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.state import state_of
from readlog.model.errors import ReadlogError

JSON = typer.Option(False, "--json", help="help_json_plain")


@app.command("follow")
@handle_errors
def follow(
    ctx: typer.Context,
    given: list[str] = typer.Argument(..., metavar="URL|FILE.opml|MAILBOX...", help="help_follow_given"),
    sender: Optional[str] = typer.Option(None, "--from", metavar="ADDRESS", help="help_follow_from"),
    list_id: Optional[str] = typer.Option(None, "--list-id", metavar="ID", help="help_follow_list_id"),
    as_json: bool = JSON,
) -> None:
    """help_cmd_follow"""
    from readlog.render import feeds as show

    state = state_of(ctx)
    result = state.library().follow(given, sender=sender, list_id=list_id)
    if as_json:
        state.out.json(show.follow_record(result, state.out.lang))
    else:
        show.followed(state.out, result)
    if result.failed:
        raise ReadlogError("")  # exit 1; each failure was said


@app.command("feeds")
@handle_errors
def feeds_(
    ctx: typer.Context,
    as_json: bool = JSON,
    export: Optional[str] = typer.Option(None, "--export", metavar="opml", help="help_feeds_export"),
) -> None:
    """help_cmd_feeds"""
    from readlog.render import feeds as show

    state = state_of(ctx)
    if export is not None and export.strip().lower() != "opml":
        from readlog.model.errors import UsageError

        raise UsageError.of("feeds_export_format", given=export)
    lib = state.library()
    if export is not None:
        state.out.raw(lib.feeds_opml())
        return
    found = lib.feeds()
    if as_json:
        state.out.json([show.record(f, state.out.lang) for f in found])
        return
    show.listing(state.out, found)


@app.command("unfollow")
@handle_errors
def unfollow(
    ctx: typer.Context,
    name: str = typer.Argument(..., metavar="NAME|URL", help="help_unfollow_name"),
    as_json: bool = JSON,
) -> None:
    """help_cmd_unfollow"""
    from readlog.render import feeds as show

    state = state_of(ctx)
    gone = state.library().unfollow(name)
    if as_json:
        state.out.json({**show.record(gone, state.out.lang), "unfollowed": True})
        return
    show.unfollowed(state.out, gone)


@app.command("refresh")
@handle_errors
def refresh(
    ctx: typer.Context,
    names: Optional[list[str]] = typer.Argument(None, metavar="[NAME]...", help="help_refresh_names"),
    jobs: int = typer.Option(4, "--jobs", "-j", help="help_fetch_jobs"),
    fetch: bool = typer.Option(False, "--fetch", help="help_refresh_fetch"),
    as_json: bool = JSON,
) -> None:
    """help_cmd_refresh"""
    from readlog.core.filters import check_jobs
    from readlog.render import feeds as show

    check_jobs(jobs)  # before the library is opened
    state = state_of(ctx)
    report = state.library().refresh(
        names or None,
        jobs=jobs,
        fetch=fetch,
        progress=None if as_json else (lambda total: show.refresh_progress(state.out, total)),
    )
    if as_json:
        state.out.json(show.refresh_record(report, state.out.lang))
    else:
        show.refreshed(state.out, report)
    if report.failed:
        raise ReadlogError("")  # exit 1; each failure was listed
