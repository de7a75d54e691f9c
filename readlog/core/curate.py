"""What edit, rm, trash and restore do: check arguments, call the store, render.

The glue between cli/curate.py (which only declares options) and the store
(store/curate.py, store/trash.py). Values a user types go through the same
gate as imported ones (``vet.vet``: clean text, no links that run code),
then the checks an edit adds: a link must be http(s) and nobody else's, a
date must be a real day. No SQL and no rich here.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from readlog.model.errors import ReadlogError, UsageError

if TYPE_CHECKING:
    from readlog.cli import State
    from readlog.core.filters import FilterArgs
    from readlog.store import Library

Row = dict[str, Any]
# The fields edit sets, in the order the form and --help give them.
FIELDS = ("title", "url", "source", "category", "published", "summary", "verdict")
_DAY = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")


# ---- checking values ---------------------------------------------------------------


def vetted(values: dict[str, str], label: Callable[[str], str]) -> dict[str, str | None]:
    """``values`` as they would be stored, or ValueError naming the field
    (``label(field)``: --url on the command line, url in the form).

    Text is cleaned as imports clean it (one-line fields folded to one line;
    blank lines around a summary or verdict dropped); a published date
    becomes YYYY-MM-DD, or None for "".
    """
    from datetime import datetime, timezone

    from readlog.inputs.vet import vet
    from readlog.model.entry import Entry

    entry = Entry()
    for name, value in values.items():
        if name != "published":
            setattr(entry, name, value)
    keep, _ = vet(entry, datetime.now(timezone.utc))
    if not keep:
        raise ValueError(f"{label('url')}: {entry.url!r} is a link that runs code, not a page")
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
    """'2026-11-01', '2026/11/1' -> '2026-11-01'; '' -> None; anything else is a ValueError."""
    from readlog.model.stamps import valid_date

    text = value.strip()
    if not text:
        return None
    m = _DAY.fullmatch(text)
    day = valid_date(int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None
    if day is None or not "1000" <= day < "3000":
        raise ValueError(f'{label}: {value!r} is not a date; write it as YYYY-MM-DD, or "" for none')
    return day


def _check_link(url: str, label: str) -> None:
    from readlog.model.entry import is_web_address

    if not is_web_address(url):
        raise ValueError(f"{label}: {url!r} is not a web address; give an http:// or https:// link")


# ---- edit ----------------------------------------------------------------------------


def edit(state: State, entry_id: int, given: dict[str, str], *, as_json: bool) -> None:
    """Set the fields given as options, or, with none, edit the entry's form in the editor."""
    from readlog.core import filters
    from readlog.render import curate as show

    lib = state.library()
    row = lib.get(entry_id)
    if row is None:
        raise filters.no_entry(lib, entry_id)
    if given:
        try:
            values = vetted(given, lambda name: f"--{name}")
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        words = ["edit", str(entry_id), *(f"--{name}" for name in FIELDS if name in given)]
        changed, why = apply_edit(lib, entry_id, values, shlex.join(words)), "same"
    else:
        changed, why = _edit_in_editor(state, lib, row)
    after = lib.get(entry_id) or row
    if as_json:
        from readlog.render import entry_record

        state.out.json(entry_record(after))
    else:
        show.edited(state.out, after, [f for f in FIELDS if f in changed], why)


def apply_edit(lib: Library, entry_id: int, values: dict[str, str | None], command: str) -> Row:
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
                where = " (in the trash)" if owner[1] else ""
                raise ReadlogError(f"entry {owner[0]}{where} already has the link {url}; nothing was changed")
            changes["url_key"] = key
        if not changes:
            return {}
        action = lib.start_action(command)
        changed = store.edit(lib, entry_id, changes, action)
        lib.set_action_summary(action, "changed " + ", ".join(f for f in FIELDS if f in changed))
    return changed


def _edit_in_editor(state: State, lib: Library, row: Row) -> tuple[Row, str]:
    """Open the entry's form; apply what changed. A form that cannot be read,
    or holds a value that cannot be stored, changes nothing, and the text
    typed is saved to a file the error names."""
    from readlog.cli.entryform import read_form, write_form
    from readlog.cli.organise import edit_text

    entry_id = row["id"]
    text = edit_text(
        write_form(row),
        f"readlog-edit-{entry_id}-",
        suffix=".toml",
        subject="the entry",
        instead=f"give the changes as options (readlog edit {entry_id} --title ...)",
    )
    if text is None:
        return {}, "not_saved"
    try:
        form = read_form(text)
        current = {name: row[name] if row[name] is not None else "" for name in FIELDS}
        edits = {name: value for name, value in form.items() if value != current[name]}
        values = vetted(edits, lambda name: name)
        return apply_edit(lib, entry_id, values, f"edit {entry_id}"), "same" if edits else "saved_as_is"
    except (ValueError, ReadlogError) as exc:
        saved = save_draft(text, entry_id, lib.path)
        kept = f"your text is saved in {saved}" if saved else "your text could not be saved anywhere"
        raise ReadlogError(f"{exc}; nothing was changed, and {kept}") from None


def save_draft(text: str, entry_id: int, library: Path) -> Path | None:
    """Keep a form that could not be applied: in the user's cache folder
    (``drafts/``), else beside the library, else the temporary folder. None
    when nowhere can be written."""
    import tempfile
    from datetime import datetime

    from platformdirs import user_cache_path

    name = f"edit-{entry_id}-{datetime.now():%Y%m%d-%H%M%S}"
    for folder in (user_cache_path("readlog", appauthor=False) / "drafts", library.parent, Path(tempfile.gettempdir())):
        for n in range(100):
            path = folder / f"{name}{f'-{n}' if n else ''}.toml"
            try:
                folder.mkdir(parents=True, exist_ok=True)
                with open(path, "x", encoding="utf-8") as fh:
                    fh.write(text)
                return path
            except FileExistsError:
                continue
            except OSError:
                break
    return None


# ---- rm, restore and the trash ---------------------------------------------------------


def remove(state: State, ids: list[str], fa: FilterArgs, *, yes: bool, as_json: bool) -> None:
    """Move entries to the trash: by ids at once, or by filters after a preview and a question."""
    from readlog.cli import organise
    from readlog.core.filters import parse_ids
    from readlog.render import curate as show
    from readlog.store import trash

    if not organise._by_ids(ids, fa, "rm"):
        change = organise.Change(
            command=["rm"],
            phrase="moved to the trash",
            wants=lambda row: True,
            apply=trash.move,
            records=lambda rows: [show.trash_record(r) for r in rows],
        )
        organise.run_bulk(state, change, fa, yes=yes, as_json=as_json)
        return
    targets = parse_ids(ids)
    lib = state.library()
    with lib.transaction():  # checked inside: another readlog may change entries meanwhile
        lib.require(targets)
        action = lib.start_action("rm " + " ".join(str(i) for i in targets[:50]))
        rows = [row for row, _ in trash.move(lib, targets, action)]
        lib.set_action_summary(action, f"{len(rows)} moved to the trash")
    if as_json:
        state.out.json([show.trash_record(r) for r in rows])
    else:
        show.trashed(state.out, rows)


def restore(state: State, values: list[str], *, as_json: bool) -> None:
    """Bring entries back from the trash, all or none."""
    from readlog.core.filters import parse_ids
    from readlog.render import curate as show
    from readlog.store import trash

    ids = parse_ids(values)
    lib = state.library()
    with lib.transaction():
        held = set(trash.in_trash(lib, ids))
        absent = [i for i in ids if i not in held]
        if absent:
            live = set(absent) - set(lib.missing(absent))
            said = [("not_in_trash", {"id": i}) for i in absent[:3] if i in live]
            said += [("none_in_trash", {"id": i}) for i in absent[:3] if i not in live]
            raise ReadlogError.of_all(*said, ("nothing_changed", {}))
        action = lib.start_action("restore " + " ".join(str(i) for i in ids[:50]))
        rows = trash.restore(lib, ids, action)
        lib.set_action_summary(action, f"{len(rows)} restored")
    if as_json:
        from readlog.render import entry_record

        state.out.json([entry_record(lib.get(r["id"]) or r) for r in rows])
    else:
        show.restored(state.out, rows)


def _cutoff(older_than: str | None) -> str | None:
    """--older-than as a stored time (it takes what --since takes), or None."""
    from readlog.core.filters import parse_when_option as _when

    return _when(older_than, "--older-than")


def show_trash(state: State, *, older_than: str | None, limit: int | None, as_json: bool) -> None:
    from readlog.render import curate as show
    from readlog.store import trash

    if limit is not None and limit < 0:
        raise UsageError("--limit must be 0 (all) or more")
    before = _cutoff(older_than)
    lib = state.library()
    count = state.page_size if limit is None else limit
    if as_json:
        state.out.json([show.trash_record(r) for r in trash.listing(lib, before=before, limit=count, full=True)])
        return
    rows = trash.listing(lib, before=before, limit=count)
    total = len(rows) if not count or len(rows) < count else trash.count(lib, before=before)
    show.trash_table(state.out, rows, total, before=before)


def empty_trash(state: State, *, older_than: str | None, yes: bool, as_json: bool) -> None:
    """Delete trashed entries for good, after a preview and a question."""
    from readlog.cli.organise import confirm
    from readlog.render import curate as show
    from readlog.store import trash

    before = _cutoff(older_than)
    lib = state.library()
    rows = trash.listing(lib, before=before)
    if not rows:
        if as_json:
            state.out.json({"deleted": 0, "ids": []})
        else:
            show.trash_table(state.out, [], 0, before=before)
        return
    show.empty_preview(state.out, rows, to_err=as_json)
    if not yes:
        confirm(state, len(rows), "Delete {n} for good? This cannot be undone.", "not deleting {n}")
    with lib.transaction():
        words = ["trash", "--empty", *(["--older-than", older_than] if older_than else [])]
        action = lib.start_action(shlex.join(words))
        gone = trash.delete(lib, [r["id"] for r in rows])  # exactly those shown
        lib.set_action_summary(action, f"{gone} deleted for good")
    if as_json:
        state.out.json({"deleted": gone, "ids": sorted(r["id"] for r in rows)})
    else:
        show.emptied(state.out, gone)
