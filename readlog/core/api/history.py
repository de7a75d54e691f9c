"""History: changes grouped as one action (transaction), and taking actions
back (undo, undoable), as ``readlog history`` and ``readlog undo`` do."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

from readlog.core.api.base import Base
from readlog.core.arguments import _checked
from readlog.model.errors import ReadlogError

if TYPE_CHECKING:
    from readlog.core.library import Library
    from readlog.core.results import Action, Undone


class History(Base):
    """Transactions, undo and the list of recorded actions."""

    @_checked()
    @contextmanager
    def transaction(self) -> Iterator[Library]:
        """``with lib.transaction():`` every change inside is one transaction and
        one action in history (its command the changes' commands joined by "; "),
        taken back by one ``undo()``. Inside another, it joins that one. An
        exception leaving the block rolls every change in it back and records
        nothing; one caught inside takes back only the call that raised it.
        fetch(), undo(), empty_trash() and the file's upkeep cannot be part of one."""
        with self.store.grouped():
            yield cast("Library", self)  # History is one of Library's bases

    @_checked()
    def undo(
        self, action: int | None = None, *, dry_run: bool = False, expect: Undone | Action | None = None
    ) -> Undone:
        """Revert the newest action not yet undone (from the API, a command or
        the triage screen alike), as ``readlog undo`` does, or ``action``, an
        older one by its number, as ``readlog undo ACTION --yes`` does.
        ReadlogError, changing nothing, when there is nothing to undo or the
        action cannot be taken back (its ``key`` says why: undo_emptied,
        undo_gone, undo_deleted, undo_changed,
        undo_nothing, undo_already, undo_no_action). ``expect``: what a dry run
        said (``readlog undo ACTION`` shows it and asks), or the Action undoable()
        gave; if anything else would be undone now, ReadlogError
        (undo_changed_meanwhile) and nothing changes."""
        from readlog.core import actions
        from readlog.core.results import Action, Undone, UndoneChange

        self._alone("undo")
        if isinstance(expect, Action):
            if action not in (None, expect.id):
                raise ReadlogError.of("undo_changed_meanwhile")
            report = actions.undo_last(self.store, dry_run=dry_run, only=expect.id)
        elif expect is not None:
            if action is None:
                action = expect.action
            elif action != expect.action:
                raise ReadlogError.of("undo_changed_meanwhile")
            report = actions.undo_action(self.store, action, dry_run=dry_run, expect=expect.report)
        elif action is None:
            report = actions.undo_last(self.store, dry_run=dry_run)
        else:
            report = actions.undo_action(self.store, action, dry_run=dry_run)
        changes = tuple(UndoneChange(c.entry_id, c.title or "", c.kind) for c in report.changes)
        moved = actions.moved_entries(report)
        return Undone(int(report.action["id"]), str(report.action["command"]), changes, dry_run, report, moved)

    @_checked()
    def history(self, limit: int | None = 20) -> list[Action]:
        """Recorded actions, newest first, as ``readlog history`` lists them; ``limit`` None or 0 for all."""
        from readlog.core.organise import history
        from readlog.core.results import Action

        return [Action.of(r) for r in history(self.store, limit)]  # type: ignore[arg-type]

    @_checked()
    def undoable(self) -> Action | None:
        """The action ``undo()`` would revert now, as history() lists it, or None
        when there is nothing to undo; ReadlogError, saying why as undo() would,
        when it cannot be taken back. Cheap: nothing is reverted (a dry run
        reverts and rolls back). ``undo(expect=action)`` then reverts it only if it
        is still the newest, as the triage screen's u does."""
        from readlog.core import actions
        from readlog.core.organise import last_undoable
        from readlog.core.results import Action

        newest = last_undoable(self.store)
        if newest is None:
            return None
        refused = actions.refusal(self.store, newest)
        if refused is not None:
            raise refused
        return Action.of(newest)
