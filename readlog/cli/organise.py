"""tag, tags, note, undo, history, open: shape the pile.

Also the bulk path shared with the state commands (cli/marking.py) and rm: a
command given filters instead of ids shows what will change (``lib.plan``),
asks, and changes exactly those entries (``lib.apply``). Every change is a
Library call, as a script makes it.
Only typer is imported at module level, so that this module costs nothing
on the read paths that import the app.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import JSON_CHANGED, YES, filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs, by_ids, parse_tag_args
from readlog.model.errors import ReadlogError, UsageError

if TYPE_CHECKING:
    from readlog.cli.state import State

Row = dict[str, Any]
HISTORY_PAGE = 20  # the actions history shows on a terminal without --limit


# ---- the bulk path (the changes themselves are the Library's plan and apply) --------------


def stdin_is_terminal() -> bool:
    """Whether a question can be asked (a test seam); False when standard input is closed."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except ValueError:  # closed by the time we ask
        return False


def run_bulk(
    state: State,
    command: str,
    fa: FilterArgs,
    *,
    yes: bool,
    as_json: bool,
    records: Callable[[Row], Row] | None = None,
    add: list[str] | None = None,
    remove: list[str] | None = None,
) -> None:
    """Preview what the filters select (``lib.plan``), ask (unless --yes), then
    change exactly those entries (``lib.apply``).

    Without a terminal to ask on and without --yes, nothing is changed and
    the exit status is 1: a script must say --yes rather than have readlog
    guess. --json prints ``records`` of the changed rows (rm: the rows it
    moved, which are no longer entries), else the changed entries as they
    are now.
    """
    from readlog.render import organise as show

    lib = state.library()
    plan = lib.plan(command, add=add or [], remove=remove or [], **fa.api())
    change = plan.change
    if not plan.ids:
        show.nothing_to_do(state.out, change.phrase, plan.matched, change.detail) if not as_json else state.out.json([])
        return
    show.preview(state.out, change.phrase, list(plan.rows), plan.matched, to_err=as_json, detail=change.detail)
    if not yes:
        confirm(state, len(plan.ids))
    done = lib.apply(plan)
    changed = [row for row, did in done.rows if did]
    if as_json and records is not None:
        state.out.json([records(row) for row in changed])
    elif as_json:
        _print_entries(state, [row["id"] for row in changed])
    else:
        show.bulk_done(state.out, change.phrase, len(changed), done.action or 0, change.detail)


def confirm(state: State, count: int, question: str = "question", refusal: str = "no_terminal", **params: Any) -> None:
    """Ask before changing ``count`` entries; stop (exit 1, nothing changed) on
    no, and when there is no terminal to ask on (Ctrl-C: exit 130).
    ``question`` and ``refusal`` are catalogue keys (the shared wording,
    "Change 3 entries?", by default), said with ``entries`` = ``count``
    and ``params``."""
    from readlog.model.messages import say

    if not stdin_is_terminal():
        raise ReadlogError.of(refusal, entries=count)
    text = say(question, state.out.lang, entries=count, **params)
    try:
        answer = typer.confirm(text, default=False)
    except typer.Abort as exc:  # click turns Ctrl-C and end of input alike into Abort
        if isinstance(exc.__context__, KeyboardInterrupt):
            raise KeyboardInterrupt from None  # exit 130, as any interruption
        raise ReadlogError.of("no_answer") from None
    if not answer:
        raise ReadlogError.of("nothing_changed")


def _print_entries(state: State, ids: list[int]) -> None:
    from readlog.render.records import entry_record

    lib = state.library().store
    state.out.json([entry_record(row) for row in (lib.get(i) for i in ids) if row is not None])


# ---- tags ------------------------------------------------------------------------


@app.command(context_settings={"ignore_unknown_options": True, "help_option_names": ["--help"]})
@handle_errors
@filter_options(short=False)
def tag(
    ctx: typer.Context,
    items: Optional[list[str]] = typer.Argument(None, metavar="[ID]... +TAG... -TAG...", help="help_tag_items"),
    fa: FilterArgs = FilterArgs(),
    yes: bool = YES,
    as_json: bool = JSON_CHANGED,
) -> None:
    """help_cmd_tag"""
    ids, add, remove = parse_tag_args(items or [])
    state = state_of(ctx)
    if not by_ids(ids, fa, "tag"):
        run_bulk(state, "tag", fa, yes=yes, as_json=as_json, add=add, remove=remove)
        return
    from readlog.core.filters import parse_ids
    from readlog.model.tags import tag_list, tag_verb
    from readlog.render import organise as show

    verb = tag_verb(add, remove)
    results = list(state.library().tag(parse_ids(ids), add, remove).rows)
    if as_json:
        _print_entries(state, [row["id"] for row, _ in results])
    else:
        show.tag_changes(state.out, results, lambda row: tag_list(row["tags"]), verb)


@app.command("tags")
@handle_errors
def tags_(ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="help_json_plain")) -> None:
    """help_cmd_tags"""
    from readlog.render import organise as show

    state = state_of(ctx)
    rows = [{"tag": t.name, "entries": t.entries, "unread": t.unread} for t in state.library().tags()]
    if as_json:
        state.out.json(rows)
    else:
        show.tags_table(state.out, rows)


# ---- notes -------------------------------------------------------------------------


@app.command()
@handle_errors
def note(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID", help="help_opt_entry_id"),
    text: Optional[list[str]] = typer.Argument(None, metavar="[TEXT]...", help="help_note_text"),
    clear: bool = typer.Option(False, "--clear", help="help_note_clear"),
    as_json: bool = typer.Option(False, "--json", help="help_note_as_json"),
) -> None:
    """help_cmd_note"""
    state = state_of(ctx)
    lib = state.library().store
    row = lib.get(entry_id)
    if row is None:
        from readlog.core.filters import no_entry

        raise no_entry(lib, entry_id)
    if clear and text:
        raise UsageError.of("text_or_clear")
    new = "" if clear else _note_text(text or [], row["note"], entry_id)
    if new is None:
        what = "kept_empty"
    else:
        done = state.library().note(entry_id, None if clear else new)
        what = ("cleared" if clear else "saved") if done.changed else "unchanged"
    if as_json:
        from readlog.render.records import entry_record

        state.out.json(entry_record(lib.get(entry_id) or row))
    else:
        from readlog.render import organise as show

        show.note_result(state.out, row, what)


def _note_text(text: list[str], old: str, entry_id: int) -> str | None:
    """The new note from the arguments, standard input or the editor; None keeps the old one."""
    if text == ["-"]:
        if sys.stdin is None:
            raise ReadlogError.of("stdin_closed_note")
        value = sys.stdin.read()
    elif text:
        value = " ".join(text)
    else:
        edited = edit_text(old, f"readlog-note-{entry_id}-")
        value = edited if edited is not None else ""
    from readlog.core.filters import clean_note

    return clean_note(value) or None


def editor_command(form: int | None = None) -> list[str]:
    """$VISUAL, else $EDITOR, else the first editor found on PATH. ``form``:
    the id of the entry whose form is edited (else a note is), for what to
    do instead when there is no editor."""
    import shutil

    for var in ("VISUAL", "EDITOR"):
        value = os.environ.get(var, "").strip()
        if value:
            try:
                import shlex

                return shlex.split(value)
            except ValueError as exc:
                raise ReadlogError.of("editor_not_command", var=var, detail=str(exc), value=value) from None
    for name in ("sensible-editor", "nano", "vim", "vi", "notepad"):
        found = shutil.which(name)
        if found:
            return [found]
    raise ReadlogError.of("no_editor") if form is None else ReadlogError.of("no_editor_form", id=form)


def edit_text(
    initial: str,
    prefix: str,
    *,
    suffix: str = ".md",
    form: int | None = None,
) -> str | None:
    """Open ``initial`` in the user's editor; the saved text, or None if it was not saved.

    ``form``: the id of the entry whose form is edited (else a note is), for
    the messages when no editor can run.
    """
    import subprocess
    import tempfile
    from pathlib import Path

    command = editor_command(form)
    if not os.environ.get("VISUAL") and not os.environ.get("EDITOR") and not stdin_is_terminal():
        raise ReadlogError.of("no_editor_terminal") if form is None else ReadlogError.of("no_terminal_form", id=form)
    fd, name = tempfile.mkstemp(prefix=prefix, suffix=suffix, text=True)
    path = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(initial + ("\n" if initial else ""))
        before = path.stat().st_mtime_ns
        try:
            code = subprocess.call([*command, str(path)])
        except OSError as exc:
            key = "editor_not_started" if form is None else "editor_not_started_form"
            from readlog.model.messages import os_reason

            raise ReadlogError.of(key, editor=repr(command[0]), reason=os_reason(exc)) from None
        if code != 0:
            raise ReadlogError.of("editor_failed" if form is None else "editor_failed_form", code=code)
        try:
            if path.stat().st_mtime_ns == before:
                return None
            return path.read_text(encoding="utf-8", errors="replace")
        except OSError:  # the editor moved or deleted the file instead of saving it
            return None
    finally:
        path.unlink(missing_ok=True)


# ---- undo and history ------------------------------------------------------------------


@app.command()
@handle_errors
def undo(
    ctx: typer.Context,
    number: Optional[int] = typer.Argument(None, metavar="[ACTION]", help="help_undo_number"),
    dry_run: bool = typer.Option(False, "--dry-run", help="help_undo_dry_run"),
    yes: bool = typer.Option(False, "--yes", help="help_undo_yes"),
    as_json: bool = typer.Option(False, "--json", help="help_undo_as_json"),
) -> None:
    """help_cmd_undo"""
    from readlog.render import organise as show

    state = state_of(ctx)
    lib = state.library()
    if number is None or dry_run or yes:
        report = lib.undo(number, dry_run=dry_run).report
        if as_json:
            state.out.json(show.undo_record(report, dry_run=dry_run))
        else:
            show.undo_report(state.out, report, dry_run=dry_run)
        return
    preview = lib.undo(number, dry_run=True)
    show.undo_report(state.out, preview.report, dry_run=True, to_err=as_json, asking=True)
    confirm(state, len(preview.changes), "undo_question", id=number)
    report = lib.undo(number, expect=preview).report  # refused if the library changed meanwhile
    if as_json:
        state.out.json(show.undo_record(report, dry_run=False))
    else:
        show.undo_report(state.out, report, dry_run=False, asking=True)


@app.command()
@handle_errors
def history(
    ctx: typer.Context,
    limit: Optional[int] = typer.Option(
        None,
        "--limit",
        "-n",
        help="help_history_limit",
    ),
    as_json: bool = typer.Option(False, "--json", help="help_json_plain"),
) -> None:
    """help_cmd_history"""
    from readlog.render import organise as show

    state = state_of(ctx)
    count = state.listed(limit, as_json=as_json, page=HISTORY_PAGE)  # before the library is opened
    rows = [action.row for action in state.library().history(count)]
    if as_json:
        state.out.json(show.history_records(rows))
    else:
        show.history_table(state.out, rows)


# ---- open -----------------------------------------------------------------------------


@app.command("open")
@handle_errors
def open_(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID", help="help_opt_entry_id"),
    number: Optional[int] = typer.Argument(None, metavar="[N]", help="help_open_number"),
    print_only: bool = typer.Option(False, "--print", help="help_open_print_only"),
    mark_read: bool = typer.Option(False, "--mark-read", "-r", help="help_open_mark_read"),
) -> None:
    """help_cmd_open"""
    state = state_of(ctx)
    if print_only:
        state.out.line(state.library().link(entry_id, number))
    else:
        from readlog.model.messages import say

        url = state.library().open_link(entry_id, number)
        state.out.line(say("opened", state.out.lang, url=url), style="dim")
    if mark_read:
        from readlog.cli import commands

        commands.change_state(state, [str(entry_id)], "read", True, name="read", as_json=False)
