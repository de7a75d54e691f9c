"""The Python API: ``readlog.open(path)`` -> a Library, the same operations
as the commands, as values (docs/python-api.md).

A thin facade over the core: every change goes through the functions the
commands and the triage screen use (actions.py, capture.py, importing.py,
exporting.py), so it is recorded the same way (``readlog history``) and
undone by the same undo, from the command line or ``lib.undo()``. Nothing
here prints; errors are ReadlogError (UsageError for arguments that cannot
work). No UI library and no face is imported, and the network modules only
by ``add(fetch=True)`` and ``fetch()``.

The methods live by area in readlog/core/api/ (entries, states, changes,
history, inputs, outputs: one class each); Library, here, combines them and
opens, closes and names the library. This module stays the import path of
the faces and of scripts: ``from readlog.core.library import Library``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

# Named here as before: the argument types, and the state commands and their methods
# for the faces, which reach the core through this module (tests/test_architecture.py).
from readlog.core.api.base import Ids as Ids
from readlog.core.api.base import Tags as Tags
from readlog.core.api.changes import Changes
from readlog.core.api.entries import Entries
from readlog.core.api.feeds import Feeds
from readlog.core.api.history import History
from readlog.core.api.inputs import Inputs
from readlog.core.api.outputs import Outputs
from readlog.core.api.states import STATE_METHODS as STATE_METHODS
from readlog.core.api.states import States
from readlog.core.api.syncing import Syncing
from readlog.core.api.views import Views
from readlog.core.arguments import STATE_COMMANDS as STATE_COMMANDS
from readlog.core.arguments import _checked, _flag, _path
from readlog.model.errors import BadValue

if TYPE_CHECKING:
    from readlog.model.messages import Phrase
    from readlog.store import Store


# ---- the library --------------------------------------------------------------------------


class Library(Entries, States, Changes, History, Inputs, Outputs, Views, Syncing, Feeds):
    """An open readlog library: ``readlog.open(path)``, best in a ``with`` block.

    A Library belongs to the thread that opened it: open one in each thread
    (each has its own connection); using it from another raises UsageError.
    """

    def __init__(self, store: Store) -> None:
        self._store: Store | None = store
        self._thread = threading.get_ident()

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *, memory: bool = False) -> Library:
        """Open (creating if needed, upgrading if older) the library at ``path``,
        else the one the ``readlog`` command uses ($READLOG_DB, else the config file's, else the user data folder's).
        ``memory=True`` (or the path ``":memory:"``, as sqlite3 takes it): a new, empty
        library held in memory, no file made, gone once closed."""
        from readlog.settings import expand, library_path
        from readlog.store import Store

        if _flag(memory, "memory") or path == ":memory:":
            if path is not None and path != ":memory:":
                raise BadValue.of("api_memory_and_path")
            return cls(Store.memory())
        where = expand(_path(path, "path"), "library", "readlog.open()") if path is not None else library_path(None)[0]
        return cls(Store.open(where))

    # ---- opening and closing ----------------------------------------------------------

    @property
    def path(self) -> Path:
        """The library file."""
        return self.store.path

    @_checked(opened=False)
    def close(self) -> None:
        """Close the library (again: nothing happens)."""
        if self._store is not None:
            self.store.close()
            self._store = None

    def __enter__(self) -> Library:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<readlog.Library {str(self._store.path) if self._store else 'closed'!r}>"


def __getattr__(name: str) -> Any:
    """The result types, which this module once defined (``from readlog.core.library
    import Change``), loaded when first named: the commands open a Library on every
    run, and need none of them to list entries."""
    from readlog.core import results  # its package holds only the names and their modules

    if name in results.__all__:
        return getattr(results, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def open_for_command(
    db: str | None,
    *,
    notice: Callable[[Phrase], None] | None = None,
    progress: Callable[[str, int | None], Any] | None = None,
) -> Library:
    """The library a command's --db names (else what ``readlog.open()`` opens),
    with the face's ``notice`` of an upgrade and ``progress`` of its long steps."""
    # Not through core.maintenance (library_file): every command opens a library, and that
    # module (backups, restores and their result types) costs ~1.5 ms to import.
    from readlog.settings import library_path
    from readlog.store import Store

    return Library(Store.open(library_path(db)[0], notice=notice, progress=progress))
