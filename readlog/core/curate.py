"""What edit, rm, trash and restore do: check values, change the store, say what changed.

Between the faces (cli/curate.py asks, opens the editor and renders) and
the store (store/curate.py, store/trash.py). Functions take the library and
plain values and return what happened; nothing here prints, asks or opens
an editor. Values a user types go through the same gate as imported ones
(``vet.vet``: clean text, no links that run code), then the checks an edit
adds: a link must be http(s) and nobody else's, a date must be a real day.
Emptying the trash is two steps, ``preview_empty`` and ``empty_trash``, so
that a face can show what will go and ask in between. No SQL here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from readlog.model import shell
from readlog.model.errors import ReadlogError, UsageError
from readlog.model.messages import Phrase

if TYPE_CHECKING:
    from readlog.store import Store

Row = dict[str, Any]
# The fields edit sets, in the order the form and --help give them.
FIELDS = ("title", "url", "source", "category", "published", "summary", "verdict")
# Each field's word in history's "changed title, url": as edit names it (render/curate.field_name).
FIELD_WORDS = {
    "title": "curate_field_title",
    "url": "curate_field_url",
    "source": "label_hit_source",
    "category": "label_hit_category",
    "published": "curate_field_published",
    "summary": "curate_field_summary",
    "verdict": "label_hit_verdict",
}
_DAY = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")


# ---- checking values ---------------------------------------------------------------


def vetted(values: dict[str, str], label: Callable[[str], str]) -> dict[str, str | None]:
    """``values`` as they would be stored, or a UsageError naming the field
    (``label(field)``: --url on the command line, url in the form).

    Text is cleaned as imports clean it (one-line fields folded to one line;
    blank lines around a summary or verdict dropped) and must fit its
    field's limit; a published date becomes YYYY-MM-DD, or None for "".
    """
    from datetime import datetime, timezone

    from readlog.inputs.vet import vet
    from readlog.model.entry import Entry
    from readlog.model.fields import too_long
    from readlog.model.sanitize import clean

    entry = Entry()
    for name, value in values.items():
        if name != "published":
            setattr(entry, name, value)
    cuts: dict[str, int] = {}
    keep, _ = vet(entry, datetime.now(timezone.utc), cuts, web_only=False)  # the link: _check_link below
    for name in cuts:  # typed text is refused, never cut (model/fields.py)
        raise too_long(name, len(clean(values[name], keep_tabs=True)), label(name))
    if not keep:
        raise UsageError.of("edit_link_runs_code", option=label("url"), url=repr(entry.url))
    out: dict[str, str | None] = {}
    for name, value in values.items():
        if name == "published":
            out[name] = _day(value, label(name))
        elif name in ("summary", "verdict"):
            out[name] = str(getattr(entry, name)).rstrip().lstrip("\n")
        else:
            out[name] = getattr(entry, name)
    if out.get("url"):
        _check_link(str(out["url"]), label("url"))
    return out


def _day(value: str, label: str) -> str | None:
    """'2026-11-01', '2026/11/1' -> '2026-11-01'; '' -> None; anything else is a UsageError."""
    from readlog.model.stamps import valid_date

    text = value.strip()
    if not text:
        return None
    m = _DAY.fullmatch(text)
    day = valid_date(int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None
    if day is None or not "1000" <= day < "3000":
        raise UsageError.of("edit_not_a_date", option=label, value=repr(value))
    return day


def _check_link(url: str, label: str) -> None:
    from readlog.model.entry import is_web_address

    if not is_web_address(url):
        raise UsageError.of("edit_not_web", option=label, url=repr(url))


# ---- edit ----------------------------------------------------------------------------


def edit(lib: Store, entry_id: int, given: dict[str, str]) -> Row:
    """Set the fields given as options (``{"title": ...}``), as ``readlog edit
    ID --title ...`` does. A value that cannot be stored is a UsageError
    naming its option. Returns the changed columns (empty when none differ)."""
    from readlog.core import filters

    if lib.get(entry_id) is None:
        raise filters.no_entry(lib, entry_id)
    values = vetted(given, lambda name: f"--{name}")
    words = ["edit", str(entry_id), *(f"--{name}" for name in FIELDS if name in given)]
    return apply_edit(lib, entry_id, values, shell.join(words))


def edit_form(lib: Store, entry_id: int, form: dict[str, str], was: Row | None = None) -> Row:
    """Apply an edited form (fields, as text) to the entry, recorded as ``edit
    ID``: the fields that differ from ``was`` (its row when the form was
    written; None: as stored now) are checked and stored. Returns the changed
    columns. A value that cannot be stored is a UsageError naming its field
    as the form does; a link another entry has is a ReadlogError."""
    from readlog.core import filters

    if was is None and (was := lib.get(entry_id)) is None:
        raise filters.no_entry(lib, entry_id)
    edits = {name: value for name, value in form.items() if value != (was[name] if was[name] is not None else "")}
    values = vetted(edits, lambda name: name)
    return apply_edit(lib, entry_id, values, f"edit {entry_id}")


def apply_edit(lib: Store, entry_id: int, values: dict[str, str | None], command: str) -> Row:
    """Store the values that differ from the entry's, as one action with one
    ``edit`` event; nothing (and no action) when none differ. Returns the
    changed columns."""
    from readlog.core import filters
    from readlog.model.entry import fingerprint, normalize_url
    from readlog.store import curate as store

    with lib.transaction():  # checked inside: another readlog may change the entry meanwhile
        row = lib.get(entry_id)
        if row is None:
            raise filters.no_entry(lib, entry_id)
        changes: Row = {k: v for k, v in values.items() if row[k] != v}
        if "url" in changes:
            url = str(changes["url"] or "")
            key = normalize_url(url) if url else ""
            owner = store.link_owner(lib, key, fingerprint(url, "", "", "", url_key=key), entry_id) if key else None
            if owner is not None:
                key = "edit_link_owned_trash" if owner[1] else "edit_link_owned"
                raise ReadlogError.of(key, id=owner[0], url=url)
            changes["url_key"] = key
        if not changes:
            return {}
        action = lib.start_action(command)
        changed = store.edit(lib, entry_id, changes, action)
        lib.set_action_summary(
            action, Phrase("did_edit", fields=[Phrase(FIELD_WORDS[f]) for f in FIELDS if f in changed])
        )
    return changed


# ---- rm, restore and the trash ---------------------------------------------------------


def remove(lib: Store, ids: Sequence[int]) -> list[Row]:
    """Move entries to the trash by id, all or none (an unknown id changes
    nothing), as one action. Returns the rows moved. By filters:
    core.bulk with ``bulk.trash_change()``."""
    from readlog.store import trash

    ids = list(ids)
    with lib.transaction():  # checked inside: another readlog may change entries meanwhile
        lib.require(ids)
        action = lib.start_action(shell.join(["rm", *ids[:50]]))
        rows = [row for row, _ in trash.move(lib, ids, action)]
        lib.set_action_summary(action, Phrase("did_trash", n=len(rows)))
    return rows


def restore(lib: Store, ids: Sequence[int]) -> list[Row]:
    """Bring entries back from the trash, all or none, as one action; the rows restored."""
    from readlog.store import trash

    ids = list(ids)
    with lib.transaction():
        held = set(trash.in_trash(lib, ids))
        absent = [i for i in ids if i not in held]
        if absent:
            live = set(absent) - set(lib.missing(absent))
            said = [("not_in_trash", {"id": i}) for i in absent[:3] if i in live]
            said += [("none_in_trash", {"id": i}) for i in absent[:3] if i not in live]
            raise ReadlogError.of_all(*said, ("nothing_changed", {}))
        action = lib.start_action(shell.join(["restore", *ids[:50]]))
        rows = trash.restore(lib, ids, action)
        lib.set_action_summary(action, Phrase("did_restore", n=len(rows)))
    return rows


@dataclass
class TrashListing:
    rows: list[Row]  # newest deleted first
    total: int  # in the trash (deleted before ``before``), listed or not
    before: str | None  # the cutoff as stored, or None for all


def list_trash(lib: Store, *, before: str | None, limit: int, full: bool = False) -> TrashListing:
    """The entries in the trash (deleted before ``before``, a cutoff from
    ``core.filters.trash_cutoff``, when given), at most ``limit`` (0: all); ``full``:
    every stored column (for JSON)."""
    from readlog.store import trash

    if limit < 0:
        raise UsageError.of("bad_limit")
    rows = trash.listing(lib, before=before, limit=limit, full=full)
    total = len(rows) if not limit or len(rows) < limit else trash.count(lib, before=before)
    return TrashListing(rows, total, before)


@dataclass
class EmptyPreview:
    """What ``trash --empty`` would delete for good."""

    rows: list[Row]  # the trashed entries, newest deleted first
    before: str | None  # the cutoff as stored

    @property
    def ids(self) -> list[int]:
        return [row["id"] for row in self.rows]


def preview_empty(lib: Store, *, before: str | None) -> EmptyPreview:
    """The trashed entries ``empty_trash`` would delete (those deleted before
    ``before``, a cutoff from ``core.filters.trash_cutoff``; all when None)."""
    from readlog.store import trash

    return EmptyPreview(trash.listing(lib, before=before), before)


def empty_trash(lib: Store, ids: Sequence[int], *, older_than: str | None = None) -> int:
    """Delete exactly the trashed entries ``ids`` (what ``preview_empty`` showed)
    for good, as one action recorded as ``trash --empty``, with the entries it
    deleted (an action undo cannot take back, and says so); how many went
    (fewer when another readlog restored some meanwhile: none, and nothing is
    recorded)."""
    from readlog.store import trash

    with lib.transaction():
        words = ["trash", "--empty", *(["--older-than", older_than] if older_than else [])]
        action = lib.start_action(shell.join(words))
        gone = trash.delete(lib, list(ids), action)
        lib.set_action_summary(action, Phrase("did_empty", n=gone))
        if not gone:
            lib.forget_action(action)
    return gone
