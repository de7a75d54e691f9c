"""What each command does: resolve arguments, call the store, render.

The glue between cli.py (which only declares options) and the modules that
do the work. No SQL and no rich here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from readlog.core.filters import no_entry, parse_ids
from readlog.core.reading import snippets
from readlog.model.errors import ReadlogError, UsageError

if TYPE_CHECKING:
    from readlog.cli import State
    from readlog.store import Filters


def show_list(state: State, f: Filters, *, sort: str | None, reverse: bool, limit: int | None, as_json: bool) -> None:
    if limit is not None and limit < 0:
        raise UsageError.of("bad_limit")
    lib = state.library()
    from readlog.store import LIST_COLUMNS

    count = state.page_size if limit is None else limit
    rows = lib.select(f, sort=sort, reverse=reverse, limit=count, columns="*" if as_json else LIST_COLUMNS)
    found = snippets(rows, f, lib) if f.query is not None else None
    if as_json:
        from readlog.render import entry_record
        from readlog.store.search import marked

        records = []
        for row in rows:
            record = entry_record(row)
            if found is not None:
                record["snippet"] = marked(*found.get(row["id"], ("", [])))
            records.append(record)
        state.out.json(records)
        return
    total = len(rows) if count == 0 or len(rows) < count else lib.count(f)
    state.out.entries_table(rows, total, snippets=found)


def show_entry(state: State, entry_id: int, *, mark_read: bool | None, as_json: bool, full: bool = False) -> None:
    if mark_read is None:
        mark_read = state.mark_read_on_show
    lib = state.library()
    if mark_read:
        _change(state, [entry_id], "read", True, name="read", quiet=True)
    row = lib.get(entry_id)
    if row is None:
        raise no_entry(lib, entry_id)
    row["other_titles"] = lib.other_titles(entry_id)
    if as_json:
        from readlog.render import entry_record

        state.out.json(entry_record(row, full=full))
    elif full:
        from readlog.render.article import show_full

        show_full(state.out, row)
    else:
        state.out.entry_detail(row)


def change_state(state: State, values: list[str], which: str, on: bool, *, name: str, as_json: bool) -> None:
    ids = parse_ids(values)
    results = _change(state, ids, which, on, name=name, quiet=as_json)
    if as_json:
        from readlog.render import entry_record

        lib = state.library()
        state.out.json([entry_record(lib.get(row["id"]) or row) for row, _ in results])


def _change(state: State, ids: list[int], which: str, on: bool, *, name: str, quiet: bool) -> list[Any]:
    from readlog.core import actions

    _, results = actions.set_state(state.library(), ids, which, on, name=name)
    if not quiet:
        state.out.state_changes(results, name)
    return results


def run_import(
    state: State,
    paths: list[str],
    *,
    fmt: str,
    as_of: str | None,
    encoding: str | None,
    strict: bool,
    as_json: bool,
) -> None:
    from readlog.inputs import detect as importers
    from readlog.inputs import ingest, limits
    from readlog.model.stamps import now, parse_when

    limits.check()  # a cap set to nonsense is a usage error before any file is read
    fmt = fmt.strip().lower()
    if fmt != "auto" and fmt not in importers.FORMATS:
        raise UsageError.of("unknown_format", name=fmt, known=", ".join(importers.FORMATS))

    try:
        reference = parse_when(as_of) if as_of else now()
    except (ValueError, OverflowError) as exc:
        raise UsageError.of("bad_option_value", option="--as-of", detail=str(exc)) from None
    from readlog.inputs.vet import in_range

    if not in_range(reference):
        raise UsageError.of("as_of_range", value=as_of)
    lib = state.library()
    results = ingest.import_files(
        lib,
        paths,
        fmt=fmt,
        as_of=reference,
        encoding=encoding,
        strict=strict,
        progress=None if as_json else state.out.progress,
    )
    state.out.import_results(results, as_json=as_json)
    if any(r.error or r.problems for r in results):
        raise ReadlogError("")  # exit 1; the problems were already printed


def rebuild_index(state: State) -> None:
    count = state.library().rebuild_index(state.out.progress)
    from readlog.model.messages import say

    state.out.line(say("index_rebuilt", state.out.lang, n=count))


def overview(state: State) -> None:
    from readlog.store import Filters

    lib = state.library()
    data = lib.overview()
    newest = lib.select(Filters(state="unread"), limit=5)
    state.out.overview(data, newest, str(lib.path))
