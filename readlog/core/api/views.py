"""Saved views, as ``readlog view save``, ``readlog views`` and ``readlog view rm`` keep
them: save_view, views, view, remove_view. A view is used by passing its name as ``view=``
to any method that takes filters (core/arguments.py puts its filters beneath those given)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from readlog.core.api.base import Base
from readlog.core.arguments import CHECKS, VIEW_FILTERS, _checked

if TYPE_CHECKING:
    from readlog.core.views import View, ViewSaved


def _as_given(value: Any, name: str) -> Any:
    """A view's filter as it was given: checked by save_view, kept as typed."""
    return value


# save_view takes the filters as given (checked inside, kept as typed).
_AS_GIVEN = dict.fromkeys(VIEW_FILTERS, _as_given)


class Views(Base):
    """Saved views: named filters, kept in the library, each change an action undo takes back."""

    @_checked(filters=VIEW_FILTERS, **_AS_GIVEN)  # type: ignore[arg-type]  # each a Check, as _checked takes
    def save_view(self, name: str, **filters: Any) -> ViewSaved:
        """Keep the filters (as ``entries()`` takes them, and ``sort``, ``reverse``) as the
        view ``name``, as ``readlog view save NAME [FILTERS]`` does: one action in history,
        taken back by ``undo()``; a view of that name (case aside) is replaced. Times stay as
        given (``since="7d"`` moves with the day). Use it as ``entries(view=name)``, or with
        any method that takes filters."""
        from readlog.core.filters import api_filters
        from readlog.core.views import kept, save
        from readlog.store.query import SORTS

        given = kept(filters)
        checked = {key: CHECKS[key](value, key) for key, value in given.items() if key not in ("sort", "reverse")}
        api_filters(**checked)  # a contradiction (unread and read), an empty source: said now
        sort = CHECKS["sort"](given.get("sort"), "sort")
        CHECKS["reverse"](given.get("reverse", False), "reverse")
        if sort is not None and sort not in SORTS:
            from readlog.model.errors import UsageError

            raise UsageError.of("unknown_sort", name=repr(sort), names=", ".join(SORTS))
        return save(self.store, name, given)

    @_checked()
    def views(self) -> list[View]:
        """Every saved view, by name, as ``readlog views`` lists them."""
        from readlog.core.views import listed

        return listed(self.store)

    @_checked()
    def view(self, name: str) -> View:
        """The saved view ``name`` (case aside; a leading @ allowed); ReadlogError when there is none."""
        from readlog.core.views import one

        return one(self.store, name)

    @_checked()
    def remove_view(self, name: str) -> ViewSaved:
        """Remove the saved view ``name``, as ``readlog view rm NAME`` does: one action,
        taken back by ``undo()``; ReadlogError when there is none."""
        from readlog.core.views import remove

        return remove(self.store, name)
