"""SQL for saving links (add); what fetching them found is in store/fetching.py.

Functions take an open ``Store`` as store/organise.py does. ``add``
creates entries one at a time with plain SQL (not sqlite-utils, whose
import alone would cost ``add --no-fetch`` a sixth of a second) and records
an ``add`` event for each.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from readlog.store.common import Row

if TYPE_CHECKING:
    from readlog.store.library import Store
    from readlog.store.merge import Prepared


@dataclass
class Known:
    """An entry a URL already belongs to: in the library, or in the trash."""

    id: int
    title: str
    in_trash: bool
    row: Row


def find(lib: Store, item: Prepared) -> Known | None:
    """The entry (or trashed entry) with this fingerprint or normalised URL."""
    row, _ = lib._known([item]).match(item)
    if row is not None:
        return Known(row["id"], row["title"], False, row)
    trashed = lib.conn.execute(
        "SELECT id, row FROM trash WHERE fingerprint = ? OR (url_key != '' AND url_key = ?) ORDER BY id DESC LIMIT 1",
        (item.fingerprint, item.url_key),
    ).fetchone()
    if trashed is None:
        return None
    try:
        title = json.loads(trashed["row"]).get("title", "")
    except (ValueError, AttributeError):
        title = ""
    return Known(trashed["id"], title if isinstance(title, str) else "", True, {})


def insert(lib: Store, row: Row, action_id: int) -> int:
    """Store a new entry (a row from merge.new_row) under the next id; record its ``add`` event."""
    row = {**row, "id": lib._highest_id() + 1}
    columns = list(row)  # merge.new_row's fixed keys, never user text
    lib.conn.execute(
        f"INSERT INTO entries ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
        [row[c] for c in columns],
    )
    lib._event(action_id, row["id"], "add", None, {"id": row["id"]})
    return int(row["id"])
