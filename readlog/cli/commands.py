"""What each command does: the parsed arguments -> the core -> render.

The glue between the option declarations and the Library (core/library.py),
which does the work and returns values.
No SQL, no logic of its own and no rich here.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from readlog.core.filters import parse_ids
from readlog.model.errors import ReadlogError, UsageError

if TYPE_CHECKING:
    from collections.abc import Iterator

    from readlog.cli.state import State
    from readlog.core.filters import FilterArgs


def json_field_names(*, search: bool) -> tuple[str, ...]:
    """The keys of list's and search's JSON records, read off render.entry_record
    itself (search adds its snippet and the field it is in), so ``--json FIELDS`` can never drift from it."""
    from readlog.render.records import entry_record

    return (*entry_record({"id": 0}), *(("snippet", "snippet_in") if search else ()))


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
    state: State, fa: FilterArgs, *, sort: str | None, reverse: bool, limit: int | None, as_json: str | bool | None
) -> None:
    """list and search: ``lib.entries``, or ``lib.iter_entries`` for every match,
    each entry written as it is read (a long list is never held).

    A table's footer says how many match in all; where the exact figure
    would cost more than the screen (a dense two-character search in a
    large library), it says about how many (``lib.count_about``).
    ``--json`` and piped output have no footer, and give every match
    without ``--limit`` (State.listed); ``--limit 0`` counts what it shows."""
    fa.filters()  # a usage error in the options' own words, before anything is read
    searched = fa.search is not None
    fields = json_fields(as_json, search=searched)
    count = state.listed(limit, as_json=bool(as_json))
    lib = state.library()
    given = fa.api()
    filters = dict(given)  # what count_about takes: no fields
    # A screen's worth as a list; every match (--limit 0, --json, a pipe) one at a time.
    if not as_json:
        from readlog.render.output import TABLE_FIELDS

        given["fields"] = TABLE_FIELDS
    found = (
        lib.entries(**given, sort=sort, reverse=reverse, limit=count)
        if count
        else lib.iter_entries(**given, sort=sort, reverse=reverse)
    )
    if as_json:
        from readlog.render.records import entry_record

        def records() -> Iterator[dict[str, Any]]:
            for entry in found:
                record = entry_record(entry.row)
                if searched:
                    record["snippet"] = entry.snippets[0] if entry.snippets is not None else ""
                    record["snippet_in"] = entry.snippets.field if entry.snippets is not None else ""
                yield record if fields is None else {k: record.get(k) for k in fields}

        state.out.json_items(records())
        return

    def total(shown: int) -> Any:  # a number, or the Count the footer says
        return lib.count_about(**filters) if count and shown == count else shown

    if searched:
        rows: Iterable[tuple[Any, Any]] = (
            (entry.row, None if entry.snippets is None else entry.snippets[1]) for entry in found
        )
    else:  # (in C: a whole library's list goes through here)
        rows = zip(map(attrgetter("row"), found), repeat(None))
    state.out.entries(rows, total, searched=searched)


def show_entry(
    state: State, entry_id: int, *, mark_read: bool | None, as_json: bool, full: bool = False, pager: bool | None = None
) -> None:
    """show: ``lib.mark_read`` first (one recorded action) when it marks read, then ``lib.get``.
    A long article on a terminal opens in readlog's reader (triage/reader.py), which keeps how
    far it was read, unless ``pager`` (--pager, else the config's use_pager) asks for $PAGER."""
    if mark_read is None:
        mark_read = state.mark_read_on_show
    lib = state.library()
    if mark_read:
        lib.mark_read(entry_id)
    row = lib.get(entry_id).row
    if as_json:
        from readlog.render.records import entry_record

        state.out.json(entry_record(row, full=full))
    elif full:
        from readlog.render.article import show_full

        if state.use_pager if pager is None else pager:
            show_full(state.out, row)
            return

        def reader() -> None:
            from readlog.model.errors import EXIT_INTERRUPTED
            from readlog.triage.reader import read

            if read(lib, row, lang=state.out.lang) == EXIT_INTERRUPTED:
                raise KeyboardInterrupt  # Ctrl-C in the reader: status 130, as anywhere

        show_full(state.out, row, reader=reader)
    else:
        state.out.entry_detail(row)


def change_state(state: State, values: list[str], which: str, on: bool, *, name: str, as_json: bool) -> None:
    ids = parse_ids(values)
    results = _change(state, ids, which, on, name=name, quiet=as_json)
    if as_json:
        from readlog.render.records import entry_record

        lib = state.library().store
        state.out.json([entry_record(lib.get(row["id"]) or row) for row, _ in results])


def _change(state: State, ids: list[int], which: str, on: bool, *, name: str, quiet: bool) -> list[Any]:
    from readlog.core.library import STATE_METHODS

    results = list(getattr(state.library(), STATE_METHODS[name])(ids).rows)
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
    from readlog.core.library import Library

    Library.check_import(fmt, as_of, encoding)  # usage errors before the library is opened
    report = state.library().import_paths(
        paths,
        as_of,
        format=fmt,
        encoding=encoding,
        strict=strict,
        progress=None if as_json else state.out.progress,
    )
    state.out.import_results(report.files, as_json=as_json)
    if not report.ok:  # a problem, or an error
        raise ReadlogError("")  # exit 1; the problems were already printed


def rebuild_index(state: State) -> None:
    from readlog.model.messages import say

    count = state.library().rebuild_index(progress=state.out.progress)

    state.out.line(say("index_rebuilt", state.out.lang, n=count))


def overview(state: State) -> None:
    lib = state.library()
    state.out.overview(lib.overview(), str(lib.path))
