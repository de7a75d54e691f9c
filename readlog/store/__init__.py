"""The store: the only package with SQL. Open the library, query it, change it.

Reads use plain sqlite3 so that read commands start fast; sqlite_utils is
loaded only when a migration or an import needs it. Every statement is
parameterised: no user text is ever formatted into SQL (column names come
from fixed tables in the store's modules).

The modules: library.py (the Store class: opening, upgrading,
transactions, actions and events, single entries; its methods delegate to
the modules below), query.py (Filters, the WHERE clause, count, select),
ranking.py (a search's relevance order), imports.py (upsert, bulk insert,
ids), files.py (the file: header, connection, inspection, errors),
copies.py (whole copies of the file: backup, restore),
schema.py (the live schema), migrations/ (the schema's history), and the
operations of the commands (search, merge, trash, curate, organise,
fetching, reading, stats), and values.py (the names shell completion offers).
Those modules import each other directly, never this package; this file
only re-exports the names the rest of readlog uses, each imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.model.lazy import lazy_names

if TYPE_CHECKING:
    from readlog.store.common import STATE_COLUMNS, Count, Row, utcnow
    from readlog.store.counts import Counts, Merged
    from readlog.store.files import database_error, inspect, is_library_file
    from readlog.store.library import Store
    from readlog.store.query import LIST_COLUMNS, SORTS, Filters

# Each re-exported name and its module, imported when the name is first used:
# a module of the store (values.py, which a shell completion reads) can then be
# imported without the rest.
_HOMES = {
    **dict.fromkeys(("STATE_COLUMNS", "Count", "Row", "utcnow"), ".common"),
    **dict.fromkeys(("Counts", "Merged"), ".counts"),
    **dict.fromkeys(("database_error", "inspect", "is_library_file"), ".files"),
    "Store": ".library",
    **dict.fromkeys(("LIST_COLUMNS", "SORTS", "Filters"), ".query"),
}


__getattr__ = lazy_names(globals(), _HOMES)
del lazy_names  # not a name of this package (dir())


__all__ = [
    "LIST_COLUMNS",
    "SORTS",
    "STATE_COLUMNS",
    "Count",
    "Counts",
    "Filters",
    "Merged",
    "Row",
    "Store",
    "database_error",
    "inspect",
    "is_library_file",
    "utcnow",
]
