"""backup, db check, db restore, db rebuild-index: look after the library file itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import typer

from readlog.cli import KeyedGroup, Registry
from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.state import state_of
from readlog.model.errors import ReadlogError
from readlog.model.messages import count, say

if TYPE_CHECKING:
    from readlog.cli.state import State
    from readlog.core.maintenance import Restore

db_app = Registry(
    cls=KeyedGroup,
    help="help_cmd_db",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(db_app, name="db")


@app.command()
@db_app.command("backup")  # the same command, beside check and restore
@handle_errors
def backup(
    ctx: typer.Context,
    path: Optional[str] = typer.Argument(None, metavar="[PATH]", help="help_backup_path"),
    force: bool = typer.Option(False, "--force", help="help_backup_force"),
    as_json: bool = typer.Option(False, "--json", help="help_backup_as_json"),
) -> None:
    """help_cmd_backup"""
    state = state_of(ctx)
    lib = state.library()
    target = lib.backup(path, force=force)
    size = target.stat().st_size
    if as_json:
        state.out.json({"library": str(lib.path), "backup": str(target), "bytes": size})
    else:
        line = say("backed_up", state.out.lang, library=lib.path, target=target, size=size)
        state.out.line(_safe(line))


@db_app.command("check")
@handle_errors
def check(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="help_db_check_as_json"),
) -> None:
    """help_cmd_db_check"""
    from readlog.core import maintenance

    state = state_of(ctx)
    report = maintenance.check(maintenance.library_file(state.db_option))
    if as_json:
        state.out.json(report)
    else:
        _print_report(state, report, maintenance.problems(report, state.out.lang))
    if not report["ok"]:
        raise ReadlogError("")


def _print_report(state: State, report: dict[str, Any], problems: list[str]) -> None:
    lang = state.out.lang
    version, latest = report["version"], report["latest"]
    if version == latest:
        schema = say("check_current", lang, version=version)
    else:
        schema = say("check_older", lang, version=version, latest=latest)
    if version < latest:
        schema += say("check_upgrade", lang)
    if report["index"] is None:
        index = say("check_index_none", lang)
    else:
        index = count(report["index"], lang)
    entries = report["entries"] if report["entries"] is None else format(report["entries"], ",")
    sound = report["integrity"] == ["ok"] and not (report["schema"] or report["not_utf8"])
    lines = [
        say("label_library", lang, path=report["path"]),
        say("check_schema", lang, schema=schema),
        say("check_entries", lang, n=entries),
        say("check_index", lang, index=index),
        say("check_journal", lang, journal=report["journal"]),
        say("check_ok" if sound else "check_damaged", lang),
    ]
    for line in lines + [say("check_problem", lang, problem=p) for p in problems]:
        state.out.line(_safe(line))


@db_app.command("rebuild-index")
@handle_errors
def rebuild_index(ctx: typer.Context) -> None:
    """help_cmd_db_rebuild_index"""
    from readlog.cli import commands

    commands.rebuild_index(state_of(ctx))


@db_app.command("restore")
@handle_errors
def restore(
    ctx: typer.Context,
    path: str = typer.Argument(..., metavar="BACKUP", help="help_db_restore_path"),
    yes: bool = typer.Option(False, "--yes", help="help_db_restore_yes"),
    as_json: bool = typer.Option(False, "--json", help="help_db_restore_as_json"),
) -> None:
    """help_cmd_db_restore"""
    from readlog.core import maintenance

    state = state_of(ctx)
    library = maintenance.library_file(state.db_option)
    if not yes:
        _ask_to_restore(state, maintenance.restore_plan(library, path), to_err=as_json)
    done = maintenance.restore(library, path)
    if as_json:
        record = {"library": str(done.library), "backup": str(done.backup), "entries": done.entries}
        state.out.json({**record, "kept": None if done.kept is None else str(done.kept)})
        return
    lang = state.out.lang
    said = dict(backup=done.backup, library=done.library, entries=done.entries)
    line = say("restored_new", lang, **said) if done.kept is None else say("restored", lang, kept=done.kept, **said)
    state.out.line(_safe(line))


def _ask_to_restore(state: State, plan: Restore, *, to_err: bool) -> None:
    """What a restore will replace with what, then the question (see organise.confirm)."""
    from readlog.cli.organise import confirm

    lang = state.out.lang
    if plan.replacing is not None:
        now = say("restore_library", lang, path=plan.library, entries=plan.replacing)
    else:
        now = say("restore_library_unreadable" if plan.there else "restore_library_none", lang, path=plan.library)
    lines = [now, say("restore_backup", lang, path=plan.backup, entries=plan.entries, version=plan.version)]
    if plan.there:
        lines.append(say("restore_keeps", lang))
    for line in lines:
        (state.out.notice if to_err else state.out.line)(_safe(line))
    confirm(state, plan.entries, "restore_question", "restore_no_terminal")


def _safe(text: str) -> str:
    from readlog.model.sanitize import clean

    return clean(text, one_line=True)
