"""``readlog sync``: the face of Library.sync and sync_status (core/api/syncing.py)."""

from __future__ import annotations

from typing import Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.state import state_of
from readlog.model.messages import say
from readlog.model.sanitize import clean


@app.command()
@handle_errors
def sync(
    ctx: typer.Context,
    target: Optional[str] = typer.Argument(None, metavar="[TARGET]", help="help_sync_target"),
    show_status: bool = typer.Option(False, "--status", help="help_sync_status"),
    as_json: bool = typer.Option(False, "--json", help="help_sync_as_json"),
    forget: bool = typer.Option(False, "--forget", help="help_sync_forget"),
) -> None:
    """help_cmd_sync"""
    state = state_of(ctx)
    lib = state.library()
    lang = state.out.lang
    if forget:
        pending = lib.sync_status().pending
        forgotten = lib.sync_forget()
        if as_json:
            state.out.json({"forgotten": forgotten, "pending": pending if forgotten else 0})
        elif forgotten is None:
            state.out.line(say("sync_forget_none", lang))
        else:
            state.out.line(say("sync_forgotten", lang, target=clean(forgotten, one_line=True)))
            if pending:
                state.out.line(say("sync_forgotten_pending", lang, n=pending))
        return
    if show_status:
        now = lib.sync_status()
        if as_json:
            state.out.json(
                {
                    "device": now.device,
                    "target": now.target,
                    "devices": [
                        {"device": d.device, "received_at": d.received_at, "unread": d.unread} for d in now.devices
                    ],
                    "pending": now.pending,
                    "unsent": now.unsent,
                }
            )
            return
        if now.device is None:
            state.out.line(say("sync_status_never", lang))
        else:
            state.out.line(say("sync_status_device", lang, device=now.device, target=clean(now.target or "")))
        for d in now.devices:
            seen = say("sync_status_seen", lang, device=d.device, at=d.received_at) if d.received_at else ""
            seen = seen or say("sync_status_not_seen", lang, device=d.device)
            if d.unread:
                seen = say("sync_status_unread", lang, seen=seen, n=d.unread)
            state.out.line(seen)
        if now.pending:
            state.out.line(say("sync_status_pending", lang, n=now.pending))
        elif now.unsent:
            state.out.line(say("sync_status_unsent", lang))
        else:
            state.out.line(say("sync_status_nothing_pending", lang))
        return
    done = lib.sync(target)
    if as_json:
        state.out.json(
            {
                "device": done.device,
                "target": done.target,
                "sent": done.sent,
                "received": done.received,
                "action": done.action,
                "devices": list(done.devices),
                "skipped": [{"path": s.path, "reason": s.reason} for s in done.skipped],
            }
        )
        return
    for skipped in done.skipped:
        reason = say(f"sync_skip_{skipped.reason}", lang)
        state.out.line(say("sync_skipped", lang, path=clean(skipped.path, one_line=True), reason=reason))
    state.out.line(
        say("synced", lang, target=clean(done.target, one_line=True), sent=done.sent, received=done.received)
    )
