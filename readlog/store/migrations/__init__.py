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
the live schema agrees with what the migrations build.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from readlog.store.migrations import (
    m001_initial,
    m002_search,
    m003_events,
    m004_reading,
    m005_identity,
    m006_fold_spaces_only_when_needed,
    m008_fold_case_both_sides,
)
from readlog.store.migrations.progress import showing

if TYPE_CHECKING:
    from sqlite_utils import Database
    from sqlite_utils.migrations import Migrations

MIGRATION_SET = "readlog"

MIGRATIONS: list[Callable[[Database], None]] = [
    m001_initial.m001_initial,
    m002_search.m002_search,
    m003_events.m003_events,
    m004_reading.m004_reading,
    m005_identity.m005_identity,
    m006_fold_spaces_only_when_needed.m006_fold_spaces_only_when_needed,
    # m007 (the library's application_id) comes from another branch; schema 8 folds case on both sides.
    m008_fold_case_both_sides.m008_fold_case_both_sides,
]
LATEST = len(MIGRATIONS)


def migrate(db: Database, *, upto: int | None = None, progress: Callable[[str, int | None], Any] | None = None) -> int:
    """Apply pending migrations, or only those up to version ``upto``; return the version.

    Each migration runs in its own transaction together with its record, so
    an interrupted upgrade resumes where it stopped. ``progress`` shows long
    steps (building the search index).
    """
    migrations = _migrations()
    later = [fn.__name__ for fn in MIGRATIONS[upto:]] if upto is not None else []
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
    for fn in MIGRATIONS:
        migrations()(fn)
    return migrations
