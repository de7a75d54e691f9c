"""backup, db check, db rebuild-index: look after the library file itself."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from readlog.cli import handle_errors, state_of
from readlog.cli import registry as app
from readlog.model.errors import ReadlogError
from readlog.model.messages import say

if TYPE_CHECKING:
    from readlog.cli import State

db_app = typer.Typer(
    help="Check or repair the library file: check, rebuild-index.\n\n"
    "\b\nExamples:\n  readlog db check\n  readlog --db old.db db check --json\n  readlog db rebuild-index",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(db_app, name="db")


def default_backup_name(library: Path, when: datetime, n: int = 1) -> str:
    """readlog.db -> readlog-backup-20261203-081500.db (sorts by time; -2, -3 within one second)."""
    stamp = when.strftime("%Y%m%d-%H%M%S") + (f"-{n}" if n > 1 else "")
    return f"{library.stem}-backup-{stamp}{library.suffix or '.db'}"


def backup_target(library: Path, given: Optional[str], *, force: bool) -> Path:
    """Where the copy goes: PATH, a file inside PATH when it is a folder, or
    beside the library. Never the library itself; never over a file unless forced."""
    folder = library.parent
    if given is not None:
        target = Path(given).expanduser()
        if not target.is_dir():
            return _checked(library, target, force=force)
        folder = target
    now, n = datetime.now(), 1
    target = folder / default_backup_name(library, now)
    while target.exists():  # two backups within a second: keep both
        n += 1
        target = folder / default_backup_name(library, now, n)
    return _checked(library, target, force=force)


def _checked(library: Path, target: Path, *, force: bool) -> Path:
    from readlog.store import is_library_file

    if is_library_file(library, target):
        raise ReadlogError.of("backup_is_library", path=target)
    if target.exists() and not force:
        raise ReadlogError.of("backup_exists", path=target)
    if not target.parent.is_dir():
        raise ReadlogError.of("no_such_folder", path=target.parent)
    return target


@app.command()
@handle_errors
def backup(
    ctx: typer.Context,
    path: Optional[str] = typer.Argument(
        None, metavar="[PATH]", help="File or folder for the copy (default: beside the library)."
    ),
    force: bool = typer.Option(False, "--force", help="Replace PATH if it already exists."),
    as_json: bool = typer.Option(False, "--json", help="Print where the copy went as JSON."),
) -> None:
    """Write a consistent copy of the library (safe while another readlog writes).

    The copy is made with SQLite's online backup, checked, and only then put
    in place under its name, so a failed backup never leaves half a file.
    Open a copy with --db, or copy it over the library to restore it.

    \b
    Examples:
      readlog backup
      readlog backup ~/Backups/
      readlog backup reading-2026-12.db --force
    """
    state = state_of(ctx)
    lib = state.library()
    target = backup_target(lib.path, path, force=force)
    lib.backup(target)
    size = target.stat().st_size
    if as_json:
        state.out.json({"library": str(lib.path), "backup": str(target), "bytes": size})
    else:
        state.out.line(_safe(say("backed_up", state.out.lang, library=lib.path, target=target, size=size)))


@db_app.command("check")
@handle_errors
def check(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print the findings as JSON."),
) -> None:
    """Check the library file without changing it: integrity, schema, search index.

    Exit status 1 when something is wrong.

    \b
    Examples:
      readlog db check
      readlog --db old.db db check --json
    """
    from readlog.settings import library_path
    from readlog.store import inspect

    state = state_of(ctx)
    path, _ = library_path(state.db_option)
    report = inspect(path)  # no file, an empty one or another application's: one line
    problems = _problems(report)
    if as_json:
        state.out.json({**report, "ok": not problems, "problems": problems})
    else:
        _print_report(state, report, _problems(report, state.out.lang))
    if problems:
        raise ReadlogError("")


def _problems(report: dict[str, Any], lang: str = "en") -> list[str]:
    """What is wrong, in ``lang`` (the JSON output keeps English)."""
    found = (
        [] if report["integrity"] == ["ok"] else [say("problem_integrity", lang, detail=p) for p in report["integrity"]]
    )
    if report["entries"] is None:
        found.append(say("problem_entries", lang))
    if report["version"] > report["latest"]:
        found.append(say("problem_newer", lang, version=report["version"]))
    if report["index"] is not None and report["index"] != report["entries"]:
        found.append(say("problem_index", lang))
    found += [say("problem_schema", lang, name=name) for name in report["schema"]]
    for bad in report["not_utf8"]:
        key = "problem_not_utf8_entry" if bad["table"] == "entries" else "problem_not_utf8_row"
        found.append(say(key, lang, table=bad["table"], row=bad["row"], columns=", ".join(bad["columns"])))
    if report["not_utf8_rows"] > len(report["not_utf8"]):
        found.append(say("problem_not_utf8_more", lang, n=report["not_utf8_rows"] - len(report["not_utf8"])))
    return found


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
        index = say("check_index_n", lang, n=report["index"])
    entries = report["entries"] if report["entries"] is None else format(report["entries"], ",")
    sound = report["integrity"] == ["ok"] and not (report["schema"] or report["not_utf8"])
    lines = [
        say("check_library", lang, path=report["path"]),
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
    """Rebuild the search index from the entries (same as search --rebuild).

    \b
    Examples:
      readlog db rebuild-index
    """
    from readlog.cli import commands

    commands.rebuild_index(state_of(ctx))


def _safe(text: str) -> str:
    from readlog.model.sanitize import clean

    return clean(text, one_line=True)
