"""Reading progress: how far an entry was read, said as ``40%``, ``40`` or ``0.4``.

``readlog progress ID 40%`` and ``lib.progress(id, "40%")`` make the same change
here: one recorded action in one transaction, taken back by ``readlog undo``
(the event keeps the columns before and after). ``done`` sets it to 100% and
marks the entry read in that same action. Nothing here prints.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from readlog.model import shell
from readlog.model.errors import UsageError
from readlog.model.messages import Phrase

if TYPE_CHECKING:
    from readlog.store import Store

_NUMBER = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(%?)\s*$")


def _shown(value: Any) -> str:
    from readlog.model.sanitize import clean

    return clean(str(value), one_line=True)[:40]


def parse_progress(value: Any) -> float:
    """How far, as a fraction 0 to 1: ``"40%"`` and ``40`` are percents, ``0.4`` a
    fraction (a number above 1 is a percent; 1 is all of it). Anything else, or
    past 100%, is a UsageError (``progress_bad``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise UsageError.of("progress_bad", value=_shown(value))
    if isinstance(value, str):
        m = _NUMBER.match(value)
        if m is None:
            raise UsageError.of("progress_bad", value=_shown(value))
        number, percent = float(m.group(1)), bool(m.group(2))
    else:
        number, percent = float(value), False
    if not math.isfinite(number) or number < 0:
        raise UsageError.of("progress_bad", value=_shown(value))
    fraction = number / 100 if percent or number > 1 else number
    if fraction > 1:
        raise UsageError.of("progress_bad", value=_shown(value))
    return round(fraction, 4)


@dataclass(frozen=True)
class Progressed:
    """What recording progress did: the action (None when nothing changed), the
    entry, its progress now, and whether it was marked read."""

    action: int | None
    entry_id: int
    progress: float
    marked_read: bool = False


def record(lib: Store, entry_id: int, fraction: float, *, done: bool = False) -> Progressed:
    """Set how far the entry was read (``fraction`` as parse_progress gives it); ``done``:
    all of it, and mark it read, in the one action."""
    from readlog.store.progress import set_progress

    if done:
        fraction = 1.0
    with lib.transaction():
        lib.require([entry_id])
        words = ["progress", entry_id, "--done" if done else f"{fraction * 100:g}%"]
        action = lib.start_action(shell.join(words))
        changed = set_progress(lib, entry_id, fraction, action)
        marked = bool(done and lib.set_state([entry_id], "read", True, action)[0][1])
        said = "did_progress_done" if done else "did_progress" if changed else "did_progress_unchanged"
        lib.set_action_summary(action, Phrase(said, percent=round(fraction * 100)))
        if not changed and not marked:
            lib.forget_action(action)
            return Progressed(None, entry_id, fraction)
    return Progressed(action, entry_id, fraction, marked)
