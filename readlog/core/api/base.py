"""What every area of the Library relies on: the store it holds, read through
``store`` (closed, or another thread's: an error before SQLite is touched), the
types of its arguments, and the refusal of a call that cannot join a transaction."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Union

from readlog.model.errors import BadValue, ReadlogError, UsageError

if TYPE_CHECKING:
    from readlog.model.record import Entry
    from readlog.store import Store

Ids = Union[int, Iterable[int]]
Tags = Union[str, Iterable[str]]


class Base:
    """The state of an open Library that the areas' methods use: ``_store``
    (None once closed) and ``_thread``, the thread that opened it, set by
    Library.__init__."""

    _store: Store | None
    _thread: int

    @property
    def store(self) -> Store:
        """The store underneath (readlog.store): not part of the documented API."""
        if self._store is None:
            raise ReadlogError.of("api_library_closed")
        if threading.get_ident() != self._thread:  # before SQLite, which refuses with its own error
            raise UsageError.of("api_other_thread")
        return self._store

    def _alone(self, method: str) -> None:
        """``method`` cannot join a group of changes: it writes from another
        connection, or cannot be undone, or undoes."""
        if self.store.grouping:
            raise BadValue.of("api_in_transaction", method=method)

    if TYPE_CHECKING:  # the methods one area calls of another (entries.py defines it)

        def get(self, entry_id: int) -> Entry: ...
