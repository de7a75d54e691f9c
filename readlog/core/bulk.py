"""Changes to every entry the filters select: read, star, archive, tag, rm.

Two steps, so that a face can show what will change and ask before
anything does: ``preview`` says which entries the filters match and which
of them the change would alter; ``apply`` changes exactly those entries
(less any removed meanwhile by another readlog) as one recorded action,
whose history line is the command as typed with its filters. The question
between the two is the face's (cli/organise.py asks it on the terminal).
Nothing here prints or asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from readlog.model import shell
from readlog.model.messages import Phrase

if TYPE_CHECKING:
    from readlog.core.filters import FilterArgs
    from readlog.store import Store

Row = dict[str, Any]


@dataclass
class Change:
    """One kind of change that can be applied to many entries."""

    command: list[str]  # the command as recorded in history, without its filters
    phrase: str  # "marked read": what the entries will be (render.organise says it in each language)
    wants: Callable[[Row], bool]  # would this entry change?
    apply: Callable[[Store, list[int], int], list[tuple[Row, bool]]]
    only_archived: bool = False  # unarchive looks only at archived entries
    detail: str = ""  # what follows the phrase, as typed: "+rust -go"


@dataclass
class Preview:
    """What a change would do: the entries it would alter, of how many matched."""

    todo: list[Row]  # PREVIEW_COLUMNS of each entry that would change
    matched: int  # entries the filters select, changed or not

    @property
    def targets(self) -> list[int]:
        return [row["id"] for row in self.todo]


@dataclass
class Applied:
    """What a change did: its action in history and each entry with whether it changed."""

    action: int
    results: list[tuple[Row, bool]]
    matched: int

    @property
    def changed(self) -> list[Row]:
        """The rows that changed (for rm: the rows moved, which are no longer entries)."""
        return [row for row, did in self.results if did]


def preview(lib: Store, change: Change, fa: FilterArgs) -> Preview:
    """The entries the filters select that ``change`` would alter, and how many matched."""
    from readlog.store.organise import PREVIEW_COLUMNS

    f = fa.filters()
    if change.only_archived:
        f.archived = True
    rows = lib.select(f, limit=0, columns=PREVIEW_COLUMNS)
    return Preview([r for r in rows if change.wants(r)], len(rows))


def apply(lib: Store, change: Change, targets: Sequence[int], fa: FilterArgs, *, matched: int) -> Applied:
    """Change exactly ``targets`` (what ``preview`` returned, less any gone
    meanwhile) as one action recorded as the command with its filters;
    ``matched`` is how many the filters selected, for the history summary."""
    with lib.transaction():
        gone = set(lib.missing(targets))  # undone or removed by another readlog meanwhile
        ids = [i for i in targets if i not in gone]
        action = lib.start_action(shell.join([*change.command, *fa.words()]))
        results = change.apply(lib, ids, action)
        changed = sum(1 for _, did in results if did)
        lib.set_action_summary(action, Phrase("did_change_matching", changed=changed, matched=matched))
        if not changed:  # another readlog made the same change meanwhile
            lib.forget_action(action)
    return Applied(action, results, matched)


# ---- the changes -----------------------------------------------------------------------

_PHRASES = {"read": ("marked read", "marked unread"), "starred": ("starred", "unstarred")}


def state_change(which: str, on: bool, *, name: str) -> Change:
    """read/unread/star/unstar/archive/unarchive (``which``: read, starred, archived)."""
    from readlog.store import STATE_COLUMNS

    column = STATE_COLUMNS[which]
    phrase = _PHRASES.get(which, ("archived", "unarchived"))[0 if on else 1]
    return Change(
        command=[name],
        phrase=phrase,
        wants=lambda row: (row[column] is None) == on,
        apply=lambda lib, targets, action: lib.set_state(targets, which, on, action),
        only_archived=which == "archived" and not on,
    )


def tag_change(add: Sequence[str], remove: Sequence[str]) -> Change:
    """Add and remove tags (already normalised, as parse_tag_args gives them)."""
    from readlog.model.tags import tag_list, tag_verb
    from readlog.store.organise import retag, set_tags

    words = [*(f"+{t}" for t in add), *(f"-{t}" for t in remove)]
    return Change(
        command=["tag", *words],
        phrase=tag_verb(add, remove),
        detail=" ".join(words),
        wants=lambda row: retag(tag_list(row["tags"]), add, remove) != tag_list(row["tags"]),
        apply=lambda lib, targets, action: set_tags(lib, targets, add, remove, action),
    )


def trash_change() -> Change:
    """rm: move entries to the trash (every entry matched changes)."""
    from readlog.store import trash

    return Change(command=["rm"], phrase="moved to the trash", wants=lambda row: True, apply=trash.move)
