"""What each command does: the parsed arguments -> the core -> render.

The glue between the option declarations and the core (core/reading.py,
core/importing.py, core/actions.py), which does the work and returns values.
No SQL, no logic of its own and no rich here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from readlog.core.filters import parse_ids
from readlog.model.errors import ReadlogError, UsageError

if TYPE_CHECKING:
    from collections.abc import Iterator

    from readlog.cli.state import State
    from readlog.store import Filters


def json_field_names(*, search: bool) -> tuple[str, ...]:
    """The keys of list's and search's JSON records, read off render.entry_record
    itself (search adds its snippet), so ``--json FIELDS`` can never drift from it."""
    from readlog.render.records import entry_record

    return (*entry_record({"id": 0}), *(("snippet",) if search else ()))


def json_fields(value: str | bool | None, *, search: bool) -> list[str] | None:
    """The fields ``--json FIELDS`` asks for (None: every field); a usage
    error naming the valid ones for a name that is not a field."""
    if not isinstance(value, str):
        return None
    valid = json_field_names(search=search)
    names = [n.strip() for n in value.split(",") if n.strip()]
    unknown = [n for n in names if n not in valid]
    if unknown or not names:
        raise UsageError.of("json_unknown_fields", names=", ".join(unknown) or repr(value), valid=",".join(valid))
    return list(dict.fromkeys(names))


def show_list(
    state: State, f: Filters, *, sort: str | None, reverse: bool, limit: int | None, as_json: str | bool | None
) -> None:
    """list and search: each entry written as it is read (a long list is never held).

    A table's footer says how many match in all; where the exact figure
    would cost more than the screen (a dense two-character search in a
    large library), it says about how many (core.reading.matching_about).
    ``--json`` and piped output have no footer, and give every match
    without ``--limit`` (State.listed); ``--limit 0`` counts what it shows."""
    from readlog.core.reading import each_entry, matching_about

    fields = json_fields(as_json, search=f.query is not None)
    count = state.listed(limit, as_json=bool(as_json))
    lib = state.library().store
    if as_json:
        from readlog.core.reading import marked
        from readlog.render.records import entry_record

        found = each_entry(lib, f, sort=sort, reverse=reverse, limit=count, columns="*")

        def records() -> Iterator[dict[str, Any]]:
            for row, snip in found:
                record = entry_record(row)
                if f.query is not None:
                    record["snippet"] = marked(snip or ("", []))
                yield record if fields is None else {k: record.get(k) for k in fields}

        state.out.json_items(records())
        return
    found = each_entry(lib, f, sort=sort, reverse=reverse, limit=count, title_last=True)
    state.out.entries(found, lambda shown: matching_about(lib, f, count, shown), searched=f.query is not None)


def show_entry(state: State, entry_id: int, *, mark_read: bool | None, as_json: bool, full: bool = False) -> None:
    from readlog.core.reading import show

    if mark_read is None:
        mark_read = state.mark_read_on_show
    row = show(state.library().store, entry_id, mark_read=mark_read)
    if as_json:
        from readlog.render.records import entry_record

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
        from readlog.render.records import entry_record

        lib = state.library().store
        state.out.json([entry_record(lib.get(row["id"]) or row) for row, _ in results])


# The Library method of each state command.
METHODS = {
    "star": "star",
    "unstar": "unstar",
    "read": "mark_read",
    "unread": "mark_unread",
    "archive": "archive",
    "unarchive": "unarchive",
}


def _change(state: State, ids: list[int], which: str, on: bool, *, name: str, quiet: bool) -> list[Any]:
    results = list(getattr(state.library(), METHODS[name])(ids).rows)
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
    from readlog.core.importing import import_files, prepare

    name, reference = prepare(fmt, as_of, encoding)  # usage errors before the library is opened
    results = import_files(
        state.library().store,
        paths,
        fmt=name,
        as_of=reference,
        encoding=encoding,
        strict=strict,
        progress=None if as_json else state.out.progress,
    )
    state.out.import_results(results, as_json=as_json)
    if any(r.failed for r in results):  # a problem, or an error
        raise ReadlogError("")  # exit 1; the problems were already printed


def rebuild_index(state: State) -> None:
    from readlog.model.messages import say

    count = state.library().rebuild_index(progress=state.out.progress)

    state.out.line(say("index_rebuilt", state.out.lang, n=count))


def overview(state: State) -> None:
    from readlog.core.reading import overview

    lib = state.library().store
    data, newest = overview(lib)
    state.out.overview(data, newest, str(lib.path))
