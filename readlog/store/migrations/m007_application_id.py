"""Schema 7: the library carries readlog's mark, SQLite's application_id. Frozen: never edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database

# The bytes "RLOG" read as one big-endian 32-bit number, as SQLite stores it at offset 68 of the file.
APPLICATION_ID = 0x524C4F47


def m007_application_id(db: Database) -> None:
    """The library carries readlog's own mark: ``PRAGMA application_id`` is "RLOG".

    Until now readlog took any SQLite file with a ``_sqlite_migrations``
    table, or with a ``user_version`` set, for one of its libraries, so a
    database another sqlite-utils tool (or another application) made was
    upgraded into a readlog library. From this schema on a library is known
    by the mark in its header, read without opening it as a database; a
    library made before the mark (schemas 1-6) is known by readlog's own
    migrations in ``_sqlite_migrations`` and gets the mark when it is
    upgraded. The mark is part of the header page, so it is written in the
    same transaction as the rest of the upgrade.
    """
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
