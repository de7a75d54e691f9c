"""edit, rm, trash, restore: correct entries, delete them, and bring them back.

Only typer is imported at module level. The changes are the Library's
(lib.edit, lib.edit_form, lib.rm, lib.plan and lib.apply for rm by filters,
lib.trash, lib.empty_trash, lib.restore), as a script makes them; here are
the options, the editor form, the questions and what is printed
(render/curate.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from readlog.cli import registry as app
from readlog.cli.errors import handle_errors
from readlog.cli.options import filter_options
from readlog.cli.state import state_of
from readlog.core.filters import FilterArgs

if TYPE_CHECKING:
    from readlog.cli.state import State
    from readlog.core.library import Library

Row = dict[str, Any]


@app.command()
@handle_errors
def edit(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID", help="help_opt_entry_id"),
    title: Optional[str] = typer.Option(None, "--title", help="help_edit_title"),
    url: Optional[str] = typer.Option(None, "--url", help="help_edit_url"),
    source: Optional[str] = typer.Option(None, "--source", help="help_edit_source"),
    category: Optional[str] = typer.Option(None, "--category", help="help_edit_category"),
    published: Optional[str] = typer.Option(None, "--published", metavar="YYYY-MM-DD", help="help_edit_published"),
    summary: Optional[str] = typer.Option(None, "--summary", help="help_edit_summary"),
    verdict: Optional[str] = typer.Option(None, "--verdict", help="help_edit_verdict"),
    as_json: bool = typer.Option(False, "--json", help="help_note_as_json"),
) -> None:
    """help_cmd_edit"""
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
    _edit(state_of(ctx), entry_id, given, as_json=as_json)


def _edit(state: State, entry_id: int, given: dict[str, str], *, as_json: bool) -> None:
    """Set the fields given as options, or, with none, edit the entry's form in the editor."""
    from readlog.core import filters
    from readlog.render import curate as show

    library = state.library()
    lib = library.store
    row = lib.get(entry_id)
    if row is None:
        raise filters.no_entry(lib, entry_id)
    if given:
        changed, why = library.edit(entry_id, **given).fields, "same"
    else:
        changed, why = _edit_in_editor(state, library, row)
    after = lib.get(entry_id) or row
    if as_json:
        from readlog.render.records import entry_record

        state.out.json(entry_record(after))
    else:
        show.edited(state.out, after, changed, why)


def _edit_in_editor(state: State, library: Library, row: Row) -> tuple[tuple[str, ...], str]:
    """Open the entry's form; apply what changed.

    A form that cannot be read, or holds a value that cannot be stored, is
    opened again (as ``git commit`` and ``kubectl edit`` do) with the
    user's text kept and the error in a comment at its top; emptying it,
    saving it unchanged or quitting without saving cancels, and nothing
    changes. Without a terminal on standard input it is not reopened: the
    error is said, nothing changes, and the text typed is saved to a file
    the error names."""
    from readlog.cli import organise
    from readlog.cli.entryform import read_form, write_form
    from readlog.model.errors import ReadlogError
    from readlog.model.messages import say
    from readlog.model.record import Entry

    lib = library.store
    was = Entry.from_row(row)  # the fields the form shows: only those changed in it are stored
    entry_id = row["id"]
    prefix = f"readlog-edit-{entry_id}-"
    text = organise.edit_text(write_form(row), prefix, suffix=".toml", form=entry_id)
    if text is None:
        return (), "not_saved"
    for round_ in range(1, REOPEN_MOST + 2):
        try:
            values = read_form(text)
            as_is = all(value == (row[name] if row[name] is not None else "") for name, value in values.items())
            return library.edit_form(entry_id, values, was=was).fields, "saved_as_is" if as_is else "same"
        except (ValueError, ReadlogError) as exc:
            error = clean_error(exc)
            if isinstance(exc, ReadlogError) and exc.key is not None:
                said = exc.parts or [(exc.key, exc.params)]
            else:
                said = [("edit_form_unusable", {"detail": error})]
        if not organise.stdin_is_terminal() or round_ > REOPEN_MOST:
            saved = save_draft(text, entry_id, lib.path)
            kept = ("edit_kept_draft", {"path": str(saved)}) if saved else ("edit_lost_draft", {})
            raise ReadlogError.of_all(*said, kept) from None
        state.out.error(say("edit_form_reopened", state.out.lang, error=error))
        body = without_header(text)
        form = form_header(form_problem(body) or error, state.out.lang) + body.removesuffix("\n")
        again = organise.edit_text(form, prefix, suffix=".toml", form=entry_id)
        if again is None or again == form + "\n" or not form_body(again):  # edit_text ends the file with a newline
            cancelled = say("edit_cancelled", state.out.lang)
            if again is not None and not form_body(again):  # emptied: nothing worth keeping
                raise ReadlogError(cancelled)
            raise ReadlogError(f"{cancelled}; {_kept(body, entry_id, lib.path, state.out.lang)}")
        text = again
    raise AssertionError("unreachable")  # pragma: no cover


# How many times a form that cannot be used is opened again before readlog gives up.
REOPEN_MOST = 10
HEADER_MARK = "# readlog: "
_HEADER_LINES = 3


def clean_error(exc: BaseException) -> str:
    from readlog.model.sanitize import clean

    return clean(str(exc), one_line=True) or type(exc).__name__


def form_header(error: str, lang: str) -> str:
    """The comment at the top of a form opened again: the error, and how to cancel."""
    from readlog.model.messages import say

    lines = [say("edit_form_error", lang, error=error), say("edit_form_how", lang), ""]
    assert len(lines) == _HEADER_LINES
    return "".join(f"{HEADER_MARK}{line}".rstrip() + "\n" if line else "#\n" for line in lines)


def without_header(text: str) -> str:
    """The form without the comment a reopening put at its top."""
    lines = text.removeprefix("\ufeff").split("\n")
    while lines and (lines[0].startswith(HEADER_MARK.rstrip()) or lines[0] == "#"):
        lines.pop(0)
    return "\n".join(lines)


def form_problem(body: str) -> str | None:
    """Why ``body`` cannot be read as a form, with line numbers counted
    below the header it is about to get (None when it reads: the problem
    is then in a value, and needs no line number)."""
    from readlog.cli.entryform import FormError, read_form

    try:
        read_form("#\n" * _HEADER_LINES + body)
    except FormError as exc:
        return clean_error(exc)
    return None


def form_body(text: str) -> bool:
    """Whether a form holds anything but comments and blank lines."""
    return any(line.strip() and not line.lstrip().startswith("#") for line in text.split("\n"))


def _kept(text: str, entry_id: int, library: Path, lang: str = "en") -> str:
    from readlog.model.messages import say

    saved = save_draft(text, entry_id, library)
    return say("edit_text_kept", lang, path=saved) if saved else say("edit_text_lost", lang)


def save_draft(text: str, entry_id: int, library: Path) -> Path | None:
    """Keep a form that could not be applied: in the user's cache folder
    (``drafts/``), else beside the library, else the temporary folder. None
    when nowhere can be written."""
    import tempfile
    from datetime import datetime

    from platformdirs import user_cache_path

    name = f"edit-{entry_id}-{datetime.now():%Y%m%d-%H%M%S}"
    for folder in (user_cache_path("readlog", appauthor=False) / "drafts", library.parent, Path(tempfile.gettempdir())):
        for n in range(100):
            path = folder / f"{name}{f'-{n}' if n else ''}.toml"
            try:
                folder.mkdir(parents=True, exist_ok=True)
                with open(path, "x", encoding="utf-8") as fh:
                    fh.write(text)
                return path
            except FileExistsError:
                continue
            except OSError:
                break
    return None


@app.command()
@handle_errors
@filter_options
def rm(
    ctx: typer.Context,
    ids: Optional[list[str]] = typer.Argument(None, metavar="[ID]...", help="help_fetch_ids"),
    fa: FilterArgs = FilterArgs(),
    yes: bool = typer.Option(False, "--yes", help="help_rm_yes"),
    as_json: bool = typer.Option(False, "--json", help="help_rm_as_json"),
) -> None:
    """help_cmd_rm"""
    from readlog.core.filters import by_ids, parse_ids
    from readlog.render import curate as show

    state = state_of(ctx)
    if not by_ids(ids or [], fa, "rm"):
        from readlog.cli import organise

        organise.run_bulk(state, "rm", fa, yes=yes, as_json=as_json, records=show.trash_record)
        return
    targets = parse_ids(ids or [])  # a usage mistake is said before the library opens
    rows = [row for row, _ in state.library().rm(targets).rows]
    if as_json:
        state.out.json([show.trash_record(r) for r in rows])
    else:
        show.trashed(state.out, rows)


@app.command()
@handle_errors
def trash(
    ctx: typer.Context,
    empty: bool = typer.Option(False, "--empty", help="help_trash_empty"),
    older_than: Optional[str] = typer.Option(None, "--older-than", metavar="WHEN", help="help_trash_older_than"),
    yes: bool = typer.Option(False, "--yes", help="help_trash_yes"),
    limit: Optional[int] = typer.Option(
        None,
        "--limit",
        "-n",
        help="help_trash_limit",
    ),
    as_json: bool = typer.Option(False, "--json", help="help_json_plain"),
) -> None:
    """help_cmd_trash"""
    from readlog.core.filters import trash_cutoff
    from readlog.render import curate as show

    state = state_of(ctx)
    before = trash_cutoff(older_than)  # a usage mistake is said before the library opens
    if empty:
        _empty_trash(state, before, older_than=older_than, yes=yes, as_json=as_json)
        return
    count = state.listed(limit, as_json=as_json)
    lib = state.library()
    rows = [t.row for t in lib.trash(older_than=older_than, limit=count)]
    if as_json:
        state.out.json([show.trash_record(r) for r in rows])
        return
    total = len(rows) if not count or len(rows) < count else lib.trash_count(older_than=older_than)
    show.trash_table(state.out, rows, total, before=before)


def _empty_trash(state: State, before: str | None, *, older_than: str | None, yes: bool, as_json: bool) -> None:
    """Delete trashed entries for good, after a preview and a question."""
    from readlog.cli.organise import confirm
    from readlog.render import curate as show

    lib = state.library()
    plan = lib.empty_trash(older_than, dry_run=True)
    if not plan.ids:
        if as_json:
            state.out.json({"deleted": 0, "ids": []})
        else:
            show.trash_table(state.out, [], 0, before=before)
        return
    show.empty_preview(state.out, list(plan.rows), to_err=as_json)
    if not yes:
        confirm(state, len(plan.ids), "trash_empty_question", "trash_empty_no_terminal")
    gone = len(lib.empty_trash(older_than, only=plan.ids).ids)  # exactly those shown
    if as_json:
        state.out.json({"deleted": gone, "ids": sorted(plan.ids)})
    else:
        show.emptied(state.out, gone)


@app.command()
@handle_errors
def restore(
    ctx: typer.Context,
    ids: list[str] = typer.Argument(..., metavar="ID...", help="help_restore_ids"),
    as_json: bool = typer.Option(False, "--json", help="help_restore_as_json"),
) -> None:
    """help_cmd_restore"""
    from readlog.core.filters import parse_ids
    from readlog.render import curate as show

    state = state_of(ctx)
    targets = parse_ids(ids)
    lib = state.library()
    rows = [row for row, _ in lib.restore(targets).rows]
    if as_json:
        from readlog.render.records import entry_record

        state.out.json([entry_record(lib.store.get(r["id"]) or r) for r in rows])
    else:
        show.restored(state.out, rows)
