"""What the Library's methods return: plain, frozen values (docs/python-api.md).

Nothing here reads the library; the Library (core/library.py) makes these
from what the core functions give. Each kind lives in a small module of its
own, loaded when a name is first used: making a dataclass costs over a
millisecond, and ``readlog star`` needs one of them, not all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from readlog.model.lazy import lazy_names

if TYPE_CHECKING:
    from readlog.core.results.changes import Change
    from readlog.core.results.exports import Exported
    from readlog.core.results.history import Action, Undone, UndoneChange
    from readlog.core.results.imports import ImportedFile, ImportReport
    from readlog.core.results.overview import Overview
    from readlog.core.results.plans import Plan
    from readlog.core.results.review import Checked, TagCount, Tally
    from readlog.core.results.sync import DeviceSeen, SkippedFile, Synced, SyncStatus
    from readlog.core.results.trash import Emptied, Trashed

_HOMES = {
    "Action": ".history",
    "Change": ".changes",
    "Checked": ".review",
    "DeviceSeen": ".sync",
    "Emptied": ".trash",
    "Exported": ".exports",
    "ImportReport": ".imports",
    "ImportedFile": ".imports",
    "Overview": ".overview",
    "Plan": ".plans",
    "SkippedFile": ".sync",
    "Synced": ".sync",
    "SyncStatus": ".sync",
    "TagCount": ".review",
    "Tally": ".review",
    "Trashed": ".trash",
    "Undone": ".history",
    "UndoneChange": ".history",
}

__all__ = [
    "Action",
    "Change",
    "Checked",
    "DeviceSeen",
    "Emptied",
    "Exported",
    "ImportReport",
    "ImportedFile",
    "Overview",
    "Plan",
    "SkippedFile",
    "SyncStatus",
    "Synced",
    "TagCount",
    "Tally",
    "Trashed",
    "Undone",
    "UndoneChange",
]


__getattr__ = lazy_names(globals(), _HOMES)
del lazy_names  # not a name of this package (dir())
