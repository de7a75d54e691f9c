"""The schema's history: an ordered list of migrations, one module each.

Each migration is recorded by name in the library file itself
(``_sqlite_migrations``, sqlite-utils' own table) and, so that read
commands can check cheaply with plain sqlite3, the count of applied
migrations is mirrored in ``PRAGMA user_version``.

Once released, a migration module is never edited: a change to the schema
is a new module at the end of the list. So that changing the running code
can never change what an old migration does, a migration carries the SQL it
needs, frozen as it was released, and imports nothing from the live schema
(store/schema.py) or any other live module of the store; it may reuse what
an earlier migration module froze (m004 and m006 build on m002's search
index helpers), since those never change either. The one exception is
m005, which recomputes link keys with the identity rule of model/entry.py
(see its docstring). tests/test_migrations.py checks that a library
upgraded from every released schema ends exactly like a new one, and that
the live schema agrees with what the migrations build. A new library is made
from their result written out as statements (store/empty.py): after adding a
migration, run ``python -m readlog.store.empty`` (the tests say so until then).

From schema 7 a library carries readlog's mark, ``PRAGMA application_id``
(m007): store/files.py knows a library by it, and one made before the mark
by the names of its migrations (UNMARKED).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlite_utils import Database
    from sqlite_utils.migrations import Migrations

MIGRATION_SET = "readlog"

# The migrations in order: each is the function of that name in the module of
# that name. Their modules are imported only when an upgrade runs (functions()):
# a read command needs only LATEST, to compare with the file's user_version.
NAMES = (
    "m001_initial",
    "m002_search",
    "m003_events",
    "m004_reading",
    "m005_identity",
    "m006_fold_spaces_only_when_needed",
    "m007_application_id",
    "m008_fold_case_both_sides",
    "m009_history_indexes",
    "m010_one_copy_of_the_index_expressions",
    "m011_fold_width_and_joiners",
    "m012_messages_kept_as_meaning",
    "m013_index_fed_by_one_function",
    "m014_highlights_and_progress",
    "m015_saved_views",
    "m016_sync_state",
    "m017_feeds",
    "m018_unread_starred_index",
    "m019_group_counts",
)
LATEST = len(NAMES)


def functions() -> list[Callable[[Database], None]]:
    """Every migration's function, in order."""
    import importlib

    return [getattr(importlib.import_module(f"{__name__}.{name}"), name) for name in NAMES]


# readlog's mark in the header of every library from schema 7 on (PRAGMA application_id):
# the bytes "RLOG". m007 carries its own frozen copy; tests/test_migrations.py holds the two equal.
APPLICATION_ID = 0x524C4F47
# The migrations of the libraries made before the mark (schemas 1-6), by which they are known.
UNMARKED = list(NAMES[:6])


def migrate(db: Database, *, upto: int | None = None, progress: Callable[[str, int | None], Any] | None = None) -> int:
    """Apply pending migrations, or only those up to version ``upto``; return the version.

    Each migration runs in its own transaction together with its record, so
    an interrupted upgrade resumes where it stopped. ``progress`` shows long
    steps (building the search index).
    """
    from readlog.store.migrations.progress import showing

    migrations = _migrations()
    later = list(NAMES[upto:]) if upto is not None else []
    token = showing.set(progress)
    try:
        migrations.apply(db, stop_before=later or None)
    finally:
        showing.reset(token)
    version = len(migrations.applied(db))
    db.execute(f"PRAGMA user_version = {int(version)}")
    return version


def _migrations() -> Migrations:
    from sqlite_utils.migrations import Migrations

    migrations = Migrations(MIGRATION_SET)
    for fn in functions():
        migrations()(fn)
    return migrations
