"""Saved views: ``readlog view save NAME [FILTERS] [--sort ...]``, ``readlog views``,
``readlog view rm NAME``, and ``@NAME`` (the Python API's ``view=NAME``) wherever filters
are taken.

A view keeps the filters as they were given (the Python API's filter arguments, and a sort):
``since: "7d"`` stays ``7d``, so that the view moves with the day. Used with more filters,
the view's are the defaults: a filter given beside it wins, and tags add up (``@short --tag
rust``: the view's entries that also have the tag rust). Saving and removing are actions in
history, taken back by undo. Nothing here prints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from readlog.model import shell
from readlog.model.errors import ReadlogError, UsageError
from readlog.model.messages import Phrase

if TYPE_CHECKING:
    from readlog.store import Store

MOST_NAME = 64
# A name is a word: letters of any script, digits, and - _ . + (so that @NAME is one word of
# a command line); no space, no @ inside.
_NAME = re.compile(r"^[^\W][\w.+-]*$")


def view_name(name: Any) -> str:
    """A view's name as given (a leading @ dropped); a UsageError when it is no name."""
    if not isinstance(name, str):
        raise UsageError.of("view_bad_name", name=str(name)[:MOST_NAME])
    name = name.strip()
    name = name[1:] if name.startswith("@") else name
    if not name or len(name) > MOST_NAME or not _NAME.match(name):
        from readlog.model.sanitize import clean

        raise UsageError.of("view_bad_name", name=clean(name, one_line=True)[:MOST_NAME])
    return name


@dataclass(frozen=True)
class View:
    """A saved view: its name, the filters it keeps (as the Python API takes them:
    ``lib.entries(**view.filters)``), when it was made and last changed."""

    name: str
    filters: dict[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None
    updated_at: datetime | None = None

    def with_filters(self, given: dict[str, Any]) -> dict[str, Any]:
        """The view's filters with ``given`` over them (a filter given wins; tags add up)."""
        return merged(self.filters, given)

    def words(self) -> list[str]:
        """The view as the options that make it (``--unread --max-time 10 --sort title``)."""
        from readlog.core.filters import api_filter_args

        f = dict(self.filters)
        sort, reverse = f.pop("sort", None), f.pop("reverse", False)
        words = api_filter_args({**f, "archived": f.get("archived") or False}).words()
        if f.get("archived") is None and "archived" in f:
            words.append("--all")  # archived and not: said by --all where a command takes it
        if sort:
            words += ["--sort", str(sort)]
        if reverse:
            words.append("--reverse")
        return words

    @classmethod
    def of(cls, row: dict[str, Any]) -> View:
        from readlog.model.stamps import from_iso

        return cls(row["name"], dict(row["filters"]), from_iso(row["created_at"]), from_iso(row["updated_at"]))


# What each outcome of saving or removing a view is said as (its history summary too).
SAID = {
    "saved": "did_view_saved",
    "changed": "did_view_changed",
    "unchanged": "did_view_unchanged",
    "removed": "did_view_removed",
}


@dataclass(frozen=True)
class ViewSaved:
    """What saving or removing a view did: the action (None when nothing changed), the
    view's name, and ``saved``, ``changed``, ``unchanged`` or ``removed``."""

    action: int | None
    name: str
    did: str

    @property
    def said(self) -> str:
        """The catalogue's key for what was done (``did_view_saved``...)."""
        return SAID[self.did]


def kept(filters: dict[str, Any]) -> dict[str, Any]:
    """The filters a view keeps (core/arguments.VIEW_FILTERS, as save_view checked them), as
    typed (times as text), None and empty ones left out."""
    out: dict[str, Any] = {}
    for name, value in filters.items():
        if (
            (value is None and name != "archived")
            or value == []
            or (name in ("reverse", "archived") and value is False)
        ):
            continue  # not given, or the default (archived entries left out, the usual order); archived=None: both
        if isinstance(value, datetime):
            value = value.isoformat(timespec="seconds")
        elif isinstance(value, date):
            value = value.isoformat()
        elif name == "tag":
            value = [value] if isinstance(value, str) else list(value)
        out[name] = value
    return out


def merged(stored: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """The filters of a view used with others: each given filter wins over the view's (None
    counts as not given); tags add up."""
    out = {**stored}
    for name, value in given.items():
        if value is None:
            continue
        if name == "tag" and stored.get("tag"):
            extra = [value] if isinstance(value, str) else list(value)
            out["tag"] = list(dict.fromkeys([*stored["tag"], *extra]))
        else:
            out[name] = value
    return out


def one(lib: Store, name: str) -> View:
    """The view ``name`` (case aside); ReadlogError (``no_view``) when there is none."""
    from readlog.store import views

    found = views.get(lib, view_name(name))
    if found is None:
        raise ReadlogError.of("no_view", name=view_name(name))
    return View.of(found)


def filters_of(lib: Store, name: str) -> dict[str, Any]:
    """The filters the view ``name`` keeps; ReadlogError (``no_view``) when there is none."""
    return dict(one(lib, name).filters)


def save(lib: Store, name: str, filters: dict[str, Any]) -> ViewSaved:
    """Keep ``filters`` (checked by the caller) as the view ``name``, one action."""
    from readlog.store import views

    name = view_name(name)
    with lib.transaction():
        action = lib.start_action(shell.join(["view", "save", name, *View(name, filters).words()]))
        did = views.put(lib, name, filters, action)
        if did == "unchanged":
            lib.forget_action(action)
            return ViewSaved(None, name, did)
        done = ViewSaved(action, name, did)
        lib.set_action_summary(action, Phrase(done.said, name=name))
    return done


def remove(lib: Store, name: str) -> ViewSaved:
    """Remove the view ``name``, one action; ReadlogError (``no_view``) when there is none."""
    from readlog.store import views

    name = view_name(name)
    with lib.transaction():
        action = lib.start_action(shell.join(["view", "rm", name]))
        was = views.remove(lib, name, action)
        if was is None:
            raise ReadlogError.of("no_view", name=name)
        lib.set_action_summary(action, Phrase("did_view_removed", name=was["name"]))
    return ViewSaved(action, was["name"], "removed")


def listed(lib: Store) -> list[View]:
    from readlog.store import views

    return [View.of(r) for r in views.listed(lib)]
