"""Changing entries beyond their state: every entry filters select, shown
first (plan, apply, as ``readlog star --source X`` does), an entry's fields
(edit, edit_form), and the trash (rm, restore, trash, trash_count, empty_trash)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING, Any

from readlog.core.api.base import Base, Ids, Tags
from readlog.core.arguments import FILTERS, PLANNED, _checked, _older_than, _text_or_none
from readlog.model.errors import BadValue

if TYPE_CHECKING:
    from readlog.core.results import Change, Emptied, Plan, Trashed
    from readlog.model.record import Entry
    from readlog.store import Store

PLAN_FILTERS = FILTERS


class Changes(Base):
    """Plans and their application, edits, the trash."""

    # ---- changing what the filters select: a plan, then apply it -----------------------------

    @_checked(filters=PLAN_FILTERS, since=_older_than, before=_older_than)
    def plan(self, command: str, *, add: Tags = (), remove: Tags = (), **filters: Any) -> Plan:
        """What ``command`` (star, unstar, read, unread, archive, unarchive, tag or
        rm) would do to every entry the filters select, as ``readlog star --source X``
        shows before it asks: the entries it would change, of how many matched.
        Nothing changes until ``apply(plan)``. ``add``/``remove``: the tags, for
        tag. Filters as entries() takes them (not ``starred=False``), at least one."""
        from readlog.core import bulk
        from readlog.core.filters import api_filter_args, by_ids, parse_tag_args
        from readlog.core.results import Plan

        if command == "tag":
            words = [*(f"+{t}" for t in add), *(f"-{t}" for t in remove)]
            _, plus, minus = parse_tag_args(words)
            change = bulk.tag_change(plus, minus)
        elif add or remove:
            raise BadValue.of("api_tags_for_tag")
        elif command == "rm":
            change = bulk.trash_change()
        else:
            which, on = PLANNED[command]
            change = bulk.state_change(which, on, name=command)
        fa = api_filter_args(filters)
        by_ids([], fa, command)  # no filters: which entries? (as the command says)
        preview = bulk.preview(self.store, change, fa)
        from readlog.model import shell

        line = shell.join([*change.command, *fa.words()])
        return Plan(line, tuple(preview.targets), preview.matched, tuple(preview.todo), change, fa)

    @_checked()
    def apply(self, plan: Plan) -> Change:
        """Make the change ``plan`` (from ``plan()``) showed, to exactly its entries
        (less any gone meanwhile), as one recorded action."""
        from readlog.core import bulk
        from readlog.core.results import Change

        if not plan.ids:
            return Change(None, (), ())
        done = bulk.apply(self.store, plan.change, plan.ids, plan.filters, matched=plan.matched)
        return Change.of(done.action, done.results)

    # ---- curating: edit, the trash -----------------------------------------------------------

    @_checked(url=_text_or_none)
    def edit(
        self,
        entry_id: int,
        *,
        title: str | None = None,
        url: str | None = None,
        source: str | None = None,
        category: str | None = None,
        published: str | None = None,
        summary: str | None = None,
        verdict: str | None = None,
    ) -> Change:
        """Correct an entry's fields, as ``readlog edit ID --title ...`` does (None:
        left as it is; "" empties a field). One recorded action when a value
        differs; ``Change.fields`` names the fields that changed."""
        from readlog.core import curate
        from readlog.core.results import Change

        given = {
            name: value
            for name, value in (
                ("title", title),
                ("url", url),
                ("source", source),
                ("category", category),
                ("published", published),
                ("summary", summary),
                ("verdict", verdict),
            )
            if value is not None
        }
        changed = curate.edit(self.store, entry_id, given) if given else {}
        if not given:
            self.get(entry_id)  # an unknown id says so
        return Change.edited(entry_id, changed, _last_action(self.store))

    @_checked()
    def edit_form(self, entry_id: int, form: Mapping[str, str], *, was: Entry | None = None) -> Change:
        """Apply the form ``readlog edit ID`` opens in the editor: ``form`` maps
        fields of edit() to text ("" empties one); those that differ from
        ``was`` (the entry as get() gave it when the form was written; None: as
        it is now) are checked as edit() checks them and stored, as one action
        recorded as ``edit ID``. A value that cannot be stored is BadValue naming
        the field as the form does (``title``, not ``--title``)."""
        from readlog.core import curate
        from readlog.core.results import Change

        if was is not None and was.id != entry_id:
            raise BadValue.of("api_was_other_entry", id=entry_id, was=was.id)
        changed = curate.edit_form(self.store, entry_id, dict(form), was.row if was is not None else None)
        return Change.edited(entry_id, changed, _last_action(self.store))

    @_checked()
    def rm(self, ids: Ids) -> Change:
        """Move entries to the trash, as ``readlog rm`` does: all or none (an unknown
        id changes nothing), one action; ``restore()`` or ``undo()`` brings them back."""
        from readlog.core import curate
        from readlog.core.results import Change

        rows = curate.remove(self.store, ids)  # type: ignore[arg-type]
        return Change.of(_last_action(self.store), [(row, True) for row in rows])

    @_checked()
    def restore(self, ids: Ids) -> Change:
        """Bring entries back from the trash with all their state, as ``readlog restore`` does."""
        from readlog.core import curate
        from readlog.core.results import Change

        rows = curate.restore(self.store, ids)  # type: ignore[arg-type]
        return Change.of(_last_action(self.store), [(row, True) for row in rows])

    @_checked()
    def trash(self, *, older_than: str | date | None = None, limit: int | None = None) -> list[Trashed]:
        """The entries in the trash, newest deleted first, as ``readlog trash`` lists
        them; ``older_than``: only those deleted before then (30d, 2w, a date)."""
        from readlog.core import curate
        from readlog.core.filters import trash_cutoff
        from readlog.core.results import Trashed
        from readlog.model.stamps import from_iso

        cutoff = trash_cutoff(older_than)
        rows = curate.list_trash(self.store, before=cutoff, limit=limit or 0, full=True).rows
        return [
            Trashed(
                id=r["id"],
                title=r.get("title") or "",
                source=r.get("source") or "",
                url=r.get("url") or "",
                saved_at=from_iso(r.get("saved_at")),
                deleted_at=from_iso(r["deleted_at"]),
                action=int(r["action_id"] or 0),
                row=r,
            )
            for r in rows
        ]

    @_checked()
    def trash_count(self, *, older_than: str | date | None = None) -> int:
        """How many entries are in the trash (deleted before ``older_than``, as trash() takes it)."""
        from readlog.core.filters import trash_cutoff
        from readlog.store import trash

        return trash.count(self.store, before=trash_cutoff(older_than))

    @_checked()
    def empty_trash(
        self, older_than: str | date | None = None, *, dry_run: bool = False, only: Ids | None = None
    ) -> Emptied:
        """Delete the entries in the trash for good (or those deleted before
        ``older_than``), as ``readlog trash --empty`` does: this cannot be undone
        and their ids are never given out again. ``dry_run=True`` changes nothing
        and gives what would go; ``only``: delete no entry but these (the ids a
        dry run gave, so that what was shown is what goes)."""
        from readlog.core import curate
        from readlog.core.filters import trash_cutoff
        from readlog.core.results import Emptied

        self._alone("empty_trash")
        cutoff = trash_cutoff(older_than)
        rows = curate.preview_empty(self.store, before=cutoff).rows
        if only is not None:
            keep = set(only)  # type: ignore[arg-type]  # checked: a list
            rows = [row for row in rows if row["id"] in keep]
        ids = [row["id"] for row in rows]
        if dry_run or not ids:
            return Emptied(tuple(ids), dry_run, tuple(rows))
        shown = older_than if isinstance(older_than, str) else None if older_than is None else str(older_than)
        gone = curate.empty_trash(self.store, ids, older_than=shown)
        return Emptied(tuple(ids) if gone else (), False, tuple(rows) if gone else ())


def _last_action(lib: Store) -> int:
    """The action the call just made (the newest; in a transaction, the group's)."""
    return lib.newest_action()
