"""What to read next (``readlog next``): the unread entries a filter selects, in the order
they are offered, read a few at a time along an index.

Three groups, each oldest saved first (the others read along the unread entries' index,
entries_unread, in its order, so that a page stops after its rows however large the library):

1. ``starred``: starred and still unread, starred no later than ``resurface`` (they have waited
   long enough to be offered again), and fitting the time (read along the index of the
   unread starred entries, entries_unread_starred, in its order);
2. ``fits``: every other unread entry whose reading time (what is left of it, for one
   started) fits the time; all of them when no time is given;
3. ``unknown``: with a time given, the entries never fetched, whose reading time is not
   known: after all that fit.

An entry longer than the time is never offered. Nothing here prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from readlog.store.query import LIST_COLUMNS, where

if TYPE_CHECKING:
    from readlog.store.library import Store
    from readlog.store.query import Filters

Row = dict[str, Any]
# The minutes still to read of an entry (what is left of a started one), as SQL.
LEFT = "(minutes * (1.0 - min(max(coalesce(progress, 0), 0), 1)))"
GROUPS = ("starred", "fits", "unknown")


def next_rows(
    lib: Store, f: Filters, *, minutes: int | None, count: int, resurface: str, columns: str = LIST_COLUMNS
) -> list[tuple[str, Row]]:
    """Up to ``count`` unread entries of ``f`` to read next (their ``columns``, which hold
    id), each with its group (see above): ``minutes`` the time there is (None: any),
    ``resurface`` the stored time before which a star makes an entry come first again."""
    f.state, f.archived = "unread", False  # what next offers: never a read or archived entry
    clause, params = where(lib, f)
    fits = "1" if minutes is None else f"minutes IS NOT NULL AND {LEFT} <= ?"
    fit_params: list[Any] = [] if minutes is None else [minutes]
    # Each group read along an index in its order, so that a page stops after its rows: the
    # starred ones along the unread starred entries' index, the others along the unread
    # entries'. A search or ids have their own ways in.
    plain = f.query is None and f.ids is None
    groups = [
        ("starred", f"starred_at IS NOT NULL AND starred_at <= ? AND {fits}", [resurface, *fit_params]),
        ("fits", fits, fit_params),
    ]
    if minutes is not None:
        groups.append(("unknown", "minutes IS NULL", []))
    found: list[tuple[str, Row]] = []
    seen: set[int] = set()
    for group, condition, more in groups:
        index = ("entries_unread_starred" if group == "starred" else "entries_unread") if plain else ""
        hint = f" INDEXED BY {index}" if index else ""
        if len(found) >= count:
            break
        # The starred ones already offered are left out of the later groups by id, never re-read.
        sql = (
            f"SELECT {columns} FROM entries{hint} "
            f"WHERE ({clause}) AND ({condition}) ORDER BY saved_at, published, id LIMIT ?"
        )
        want = count - len(found) + len(seen)
        for r in lib.conn.execute(sql, [*params, *more, want]):
            if r["id"] not in seen and len(found) < count:
                seen.add(r["id"])
                found.append((group, dict(r)))
    return found
