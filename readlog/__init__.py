"""readlog: a private, local, fast reading tracker for the terminal.

Also a Python library (docs/python-api.md)::

    import readlog

    with readlog.open() as lib:  # the library the readlog command uses
        for entry in lib.entries(unread=True, limit=10):
            print(entry.id, entry.title)

Importing this package stays cheap (the command line imports it on every
run): the API's classes are loaded when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.model.errors import BadArgument, BadValue, ReadlogError, UsageError
from readlog.model.lazy import lazy_names
from readlog.model.version import __version__

if TYPE_CHECKING:
    import os

    from readlog.core.capture import Added
    from readlog.core.feeds import Feed, FeedChecked, Followed, Refreshed
    from readlog.core.fetching import FetchReport, Outcome
    from readlog.core.highlights import Marked
    from readlog.core.library import Action, Change, ImportedFile, ImportReport, Library, Undone, UndoneChange
    from readlog.core.progress import Progressed
    from readlog.core.queue import Suggestion
    from readlog.core.results import Checked, Emptied, Exported, Overview, Plan, TagCount, Tally, Trashed
    from readlog.core.results.sync import DeviceSeen, SkippedFile, Synced, SyncStatus
    from readlog.core.views import View, ViewSaved
    from readlog.model.entry import Problem
    from readlog.model.marks import Highlight
    from readlog.model.record import Entry
    from readlog.store.common import Count
    from readlog.store.stats import Stats

__all__ = [
    "Action",
    "Added",
    "BadArgument",
    "BadValue",
    "Change",
    "Checked",
    "Count",
    "DeviceSeen",
    "Emptied",
    "Entry",
    "Exported",
    "Feed",
    "FeedChecked",
    "FetchReport",
    "Followed",
    "Highlight",
    "ImportReport",
    "ImportedFile",
    "Library",
    "Marked",
    "Outcome",
    "Overview",
    "Plan",
    "Problem",
    "Progressed",
    "ReadlogError",
    "Refreshed",
    "SkippedFile",
    "Stats",
    "Suggestion",
    "SyncStatus",
    "Synced",
    "TagCount",
    "Tally",
    "Trashed",
    "Undone",
    "UndoneChange",
    "UsageError",
    "View",
    "ViewSaved",
    "__version__",
    "open",
]

# Where each lazily loaded name lives.
_LAZY = {
    "Action": "readlog.core.library",
    "Change": "readlog.core.library",
    "ImportReport": "readlog.core.library",
    "ImportedFile": "readlog.core.library",
    "Library": "readlog.core.library",
    "Undone": "readlog.core.library",
    "UndoneChange": "readlog.core.library",
    "Added": "readlog.core.capture",
    "FetchReport": "readlog.core.fetching",
    **dict.fromkeys(("Feed", "FeedChecked", "Followed", "Refreshed"), "readlog.core.feeds"),
    "Outcome": "readlog.core.fetching",
    "Marked": "readlog.core.highlights",
    "Progressed": "readlog.core.progress",
    "Suggestion": "readlog.core.queue",
    "View": "readlog.core.views",
    "ViewSaved": "readlog.core.views",
    "SkippedFile": "readlog.core.results",
    "DeviceSeen": "readlog.core.results",
    "Synced": "readlog.core.results",
    "SyncStatus": "readlog.core.results",
    "Highlight": "readlog.model.marks",
    **dict.fromkeys(
        ("Checked", "Emptied", "Exported", "Overview", "Plan", "TagCount", "Tally", "Trashed"), "readlog.core.results"
    ),
    "Count": "readlog.store.common",
    "Stats": "readlog.store.stats",
    "Problem": "readlog.model.entry",
    "Entry": "readlog.model.record",
}
__getattr__ = lazy_names(globals(), _LAZY)
del lazy_names  # not a name of this package (dir())


def open(path: str | os.PathLike[str] | None = None, *, memory: bool = False) -> Library:
    """Open (creating if needed) the library at ``path``; without one, the
    library the ``readlog`` command uses ($READLOG_DB, else the config
    file's, else the user data folder's). ``memory=True`` (or the path
    ``":memory:"``): a new library held in memory, no file made. Use it in
    a ``with`` block, or call ``close()``."""
    from readlog.core.library import Library

    return Library.open(path, memory=memory)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
