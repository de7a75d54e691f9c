"""Reading the library: the entries a view holds, what a search found in each,
one entry to show, and the overview. Values in, values out; nothing printed."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice, repeat
from typing import TYPE_CHECKING, Any

from readlog.core.filters import check_limit

if TYPE_CHECKING:
    from readlog.store import Count as Count  # the footer's count, as the faces name it (render.output)
    from readlog.store import Filters, Store
    from readlog.store.search import BothSnippets

Row = dict[str, Any]


def both_snippets(rows: list[Row], f: Filters, lib: Any) -> dict[int, BothSnippets]:
    """Each row's two snippets (BothSnippets), its texts read once for all the rows."""
    from readlog.store.search import BothSnippets, needles_of

    assert f.query is not None
    texts = lib.texts([r["id"] for r in rows])
    needles = needles_of(f.query)
    return {r["id"]: BothSnippets(texts.get(r["id"], []), f.query, needles) for r in rows}


def each_record(
    lib: Store,
    f: Filters,
    *,
    sort: str | None = None,
    reverse: bool = False,
    limit: int = 0,
    offset: int = 0,
    fields: Sequence[str] | None = None,
) -> Iterator[tuple[Row, BothSnippets | None]]:
    """The entries ``f`` matches, one at a time, with model.record.RECORD_COLUMNS, each
    with its two snippets in a search (``both_snippets``, SNIPPET_ROWS rows
    at a time), else None: what the Python API gives and the commands print.
    The arguments are checked at once; the rows are read lazily. ``fields``:
    only the columns of these fields of readlog.Entry (model.record.COLUMNS)."""
    from readlog.model.record import RECORD_COLUMNS, columns_of

    check_limit(limit)
    columns = RECORD_COLUMNS if fields is None else columns_of(fields)
    rows = lib.stream(f, sort=sort, reverse=reverse, limit=limit, columns=columns, offset=offset)
    if f.query is None:
        return zip(rows, repeat(None))
    return _with_both(rows, f, lib)


def _with_both(rows: Iterator[Row], f: Filters, lib: Store) -> Iterator[tuple[Row, BothSnippets | None]]:
    while chunk := list(islice(rows, SNIPPET_ROWS)):
        found = both_snippets(chunk, f, lib)
        for row in chunk:
            yield row, found[row["id"]]


# A search's snippets are found for this many rows at a time (one query for their texts).
SNIPPET_ROWS = 100


def page(lib: Store, f: Filters, *, limit: int, offset: int = 0) -> list[Row]:
    """``limit`` of the entries ``f`` matches from ``offset`` on, in the order
    ``readlog list`` (or ``search``) gives them, with the list's columns."""
    return lib.select(f, limit=limit, offset=offset)


def window(lib: Store, f: Filters, *, limit: int, offset: int = 0) -> list[Row]:
    """``page``'s rows, each with ``_snippet`` in a search (the snippet a table
    shows, ``BothSnippets``' second): what a screen draws of a window of its list."""
    rows = page(lib, f, limit=limit, offset=offset)
    if f.query is not None and rows:
        found = both_snippets(rows, f, lib)
        for row in rows:
            row["_snippet"] = found[row["id"]][1]
    return rows


def matches(lib: Store, f: Filters, entry_id: int) -> bool:
    """Whether ``f`` selects the entry ``entry_id`` (as it is now)."""
    from dataclasses import replace

    return lib.count(replace(f, ids=[entry_id])) > 0


def entry(lib: Store, entry_id: int) -> Row:
    """One entry's row (every column); an id in the trash or unknown is a ReadlogError saying which."""
    from readlog.core.filters import no_entry

    row = lib.get(entry_id)
    if row is None:
        raise no_entry(lib, entry_id)
    return row


def overview(lib: Store) -> tuple[Row, list[Row]]:
    """What ``readlog`` alone shows: the counts and last import, and the five newest unread entries."""
    from readlog.store import Filters

    return lib.overview(), lib.select(Filters(state="unread"), limit=5)
