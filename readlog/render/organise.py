"""Rendering for tags, notes, bulk previews, undo and history.

Kept beside render/output.py (the Output class) so that module stays
small; these functions print through an Output's consoles and follow the
same rules: imported text passes through ``clean`` and is handed to rich as
``Text``, never as markup.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from readlog.model import stamps
from readlog.model.messages import keys, say, wording
from readlog.model.sanitize import clean
from readlog.render.output import SHOWN
from readlog.render.plain import Line
from readlog.render.records import entry_line

if TYPE_CHECKING:
    from readlog.render.output import Output
    from readlog.store.organise import Reverted, UndoReport

Row = dict[str, Any]

# The English words of undo below are said in Chinese by the catalogue's history_words_ keys (tr).
# How undo describes putting a state column back: (value restored is empty, is set).
STATE_UNDONE = {
    "read_at": ("marked unread again", "marked read again"),
    "starred_at": ("unstarred again", "starred again"),
    "archived_at": ("unarchived again", "archived again"),
}

# How undo describes taking back a change that moved or created an entry.
KIND_UNDONE = {
    "added": "removed (added by the import)",
    "add": "deleted (added by readlog add)",
    "rm": "restored from the trash",
    "restore": "moved back to the trash",
    "highlight": "highlight removed",
    "highlight_replaced": "highlight put back",
    "drop": "put back (deleted for good by a sync)",
}

FIELD_NAMES = {"saved_at": "saved time", "saved_raw": "saved stamp", "url_key": "link key", "read_at": "read time"}


def _h(out: Output, key: str) -> str:
    """A header of these screens (a ``history_`` key of the catalogue) in the output's language."""
    return wording("history_" + key, out.lang)


@functools.cache
def _chinese() -> dict[str, str]:
    """The words of these screens, English to Chinese: the catalogue's ``history_words_`` keys."""
    return {wording(key): wording(key, "zh") for key in keys("history_words_")}


def tr(out: Output, text: str, **params: Any) -> str:
    """``text`` (English, as a ``history_words_`` key of the catalogue says it) in the
    output's language, fields filled in; English the catalogue does not have stays English."""
    said = _chinese().get(text, text) if out.lang == "zh" else text
    return said.format(**params) if params else said


def _phrase(out: Output, phrase: str, detail: str = "") -> str:
    """What a change does, in the output's language: "marked read", "tagged +rust"."""
    return " ".join(p for p in (tr(out, phrase), detail) if p)


def _entries(out: Output, n: int) -> str:
    from readlog.model.messages import count

    return count(n, out.lang)


def _title(row: Row | str | None) -> str:
    title = row.get("title") if isinstance(row, dict) else row
    return clean(title or "(untitled)", one_line=True)


def hashtags(tags: Sequence[str]) -> str:
    return " ".join("#" + clean(t, one_line=True) for t in tags)


def _entry_line(out: Output, entry_id: int, label: str, title: str, style: str = "green", tail: str = "") -> Line:
    """'label: #12 Title', the label said in the output's language already."""
    return entry_line(entry_id, tr(out, "{label}: ", label=label), title, style, tail, "blue")


# ---- tags ------------------------------------------------------------------


def tags_table(out: Output, rows: Sequence[Row]) -> None:
    if not rows:
        out.line(tr(out, "No tags yet. Add some with: readlog tag ID +TAG"), style="dim")
        return
    if out.piped:  # whole lines: the tag (without #), entries, unread
        out.fields((r["tag"], r["entries"], r["unread"]) for r in rows)
        return
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column(_h(out, "tag"), style="blue", no_wrap=True, overflow="ellipsis", max_width=40)
    table.add_column(wording("stats_entries", out.lang), justify="right")  # as sources and categories head them
    table.add_column(wording("stats_unread", out.lang), justify="right", style="bold blue")
    for r in rows:
        table.add_row(Text("#" + clean(r["tag"], one_line=True)), Text(f"{r['entries']:,}"), Text(f"{r['unread']:,}"))
    out.print(table)


def tag_changes(out: Output, results: Sequence[tuple[Row, bool]], tags_of: Any, verb: str = "tagged") -> None:
    """One line per entry (the first few): its tags now, or that nothing changed."""
    for row, changed in results[:SHOWN]:
        label = tr(out, verb if changed else "unchanged")
        line = _entry_line(out, row["id"], label, _title(row), "green" if changed else "dim", hashtags(tags_of(row)))
        out.print(line, no_wrap=True, overflow="ellipsis")
    out.more(len(results))


# ---- bulk actions ------------------------------------------------------------


def preview(out: Output, phrase: str, todo: Sequence[Row], matched: int, *, to_err: bool, detail: str = "") -> None:
    """What a bulk action will change, before it asks: a count and a few titles."""
    from rich.text import Text

    console = out.err if to_err else out.out
    head = Text()
    said = tr(out, "{entries} will be {phrase}", entries="\0", phrase=_phrase(out, phrase, detail))
    before, after = said.split("\0")
    head.append(before)
    head.append(_entries(out, len(todo)), style="bold")
    head.append(after)
    if matched != len(todo):
        head.append(
            tr(out, " ({matched:,} match, {already:,} already are)", matched=matched, already=matched - len(todo)),
            style="dim",
        )
    head.append(tr(out, ":"))
    console.print(head, soft_wrap=True)
    out.preview(todo, console)


def nothing_to_do(out: Output, phrase: str, matched: int, detail: str = "") -> None:
    if matched:
        said = tr(
            out,
            "{matched:,} entries match, all already {phrase}; nothing to change.",
            matched=matched,
            phrase=_phrase(out, phrase, detail),
        )
        out.line(said, style="dim")
    else:
        out.line(tr(out, "No entries match; nothing to change."), style="dim")


def bulk_done(out: Output, phrase: str, changed: int, action_id: int, detail: str = "") -> None:
    from rich.text import Text

    line = Text()
    line.append(
        tr(out, "{entries} {phrase}", entries=_entries(out, changed), phrase=_phrase(out, phrase, detail)),
        style="green",
    )
    line.append(tr(out, " (action {id}; readlog undo reverts it)", id=action_id), style="dim")
    out.print(line, soft_wrap=True)


# ---- notes -------------------------------------------------------------------


def note_result(out: Output, row: Row, what: str) -> None:
    """What ``readlog note`` did: saved, cleared, unchanged (as history says it), or kept_empty."""
    styles = {"saved": "green", "cleared": "green"}
    said = say("note_kept_empty" if what == "kept_empty" else "did_note_" + what, out.lang)
    out.print(_entry_line(out, row["id"], said, _title(row), styles.get(what, "dim")), no_wrap=True)


# ---- history and undo ----------------------------------------------------------


def history_table(out: Output, rows: Sequence[Row], current: datetime | None = None) -> None:
    from rich.cells import cell_len
    from rich.table import Table
    from rich.text import Text

    from readlog.render.cut import cut

    if not rows:
        out.line(tr(out, "No actions recorded yet."), style="dim")
        return
    if out.piped:  # whole lines: id, when (ISO), command, summary, whether undone
        undone_label = _h(out, "undone")
        out.fields(
            (r["id"], stamps.local_iso(r["at"]), r["command"], _summary(out, r), undone_label if r["undone_at"] else "")
            for r in rows
        )
        return
    current = current or stamps.now()
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    whens = [stamps.relative(r["at"], current, out.lang) for r in rows]
    commands = [Text(clean(r["command"], one_line=True)) for r in rows]
    summaries = [Text(clean(_summary(out, r), one_line=True)) for r in rows]
    any_undone = any(r["undone_at"] for r in rows)
    fixed = {
        "id": max(cell_len(out.label("id")), len(str(rows[0]["id"]))),
        "when": max(cell_len(_h(out, "when")), *(cell_len(w) for w in whens)),
        "undone": cell_len(_h(out, "undone")) if any_undone else 0,
    }
    spare = max(20, out.out.width - sum(fixed.values()) - 2 * (4 if any_undone else 3))
    need_command = max(cell_len(_h(out, "command")), *(t.cell_len for t in commands))
    need_summary = max(cell_len(_h(out, "summary")), *(t.cell_len for t in summaries))
    command_width = min(need_command, max(spare * 3 // 5, spare - need_summary))
    summary_width = min(need_summary, spare - command_width)
    table.add_column(out.label("id"), justify="right", style="cyan", no_wrap=True, width=fixed["id"])
    table.add_column(_h(out, "when"), style="dim", no_wrap=True, width=fixed["when"])
    table.add_column(_h(out, "command"), no_wrap=True, width=command_width)
    table.add_column(_h(out, "summary"), no_wrap=True, width=summary_width)
    if any_undone:
        table.add_column("", style="yellow", no_wrap=True, width=fixed["undone"])
    for r, when, command, summary in zip(rows, whens, commands, summaries, strict=True):
        undone = bool(r["undone_at"])
        if undone:
            command.stylize("dim")
            summary.stylize("dim")
        cells = [Text(str(r["id"])), Text(when), cut(command, command_width), cut(summary, summary_width)]
        if any_undone:
            cells.append(Text(_h(out, "undone") if undone else ""))
        table.add_row(*cells)
    out.print(table)


def _summary(out: Output, row: Row) -> str:
    """What an action did, kept as its meaning (messages.stored), in the output's language."""
    from readlog.model.messages import shown

    return shown(row.get("summary") or "", out.lang)


def describe(change: Reverted, out: Output | None = None) -> tuple[str, str]:
    """What undo did to one entry, in words (in ``out``'s language), and a tail (tags) if any."""
    words, tail = _describe(change)
    if out is None or out.lang != "zh":
        return words, tail
    if words.startswith("restored ") and change.kind not in KIND_UNDONE:
        fields = ", ".join(tr(out, f) for f in words.removeprefix("restored ").split(", "))
        return tr(out, "restored {fields}", fields=fields), tail
    return tr(out, words), tail


def _describe(change: Reverted) -> tuple[str, str]:
    if change.kind in KIND_UNDONE:
        return KIND_UNDONE[change.kind], ""
    if change.kind == "tags":
        from readlog.model.tags import tag_list

        tags = tag_list(change.before.get("tags"))
        return ("tags restored", hashtags(tags)) if tags else ("tags removed", "")
    if change.kind == "note":
        return ("note restored" if change.before.get("note") else "note removed"), ""
    if change.kind == "progress":
        return ("progress restored" if change.before.get("progress") is not None else "progress removed"), ""
    fields = {k: v for k, v in change.before.items() if k != "updated_at"}
    if len(fields) == 1:
        column, value = next(iter(fields.items()))
        if column in STATE_UNDONE:
            return STATE_UNDONE[column][value is not None], ""
    return "restored " + ", ".join(FIELD_NAMES.get(k, k) for k in sorted(fields)), ""


def undo_report(out: Output, report: UndoReport, *, dry_run: bool, to_err: bool = False, asking: bool = False) -> None:
    """What undo did (or, ``dry_run``, would do): the action, then each entry's change.

    ``asking``: the preview before a question (without the --dry-run note),
    or, once the answer was yes, only the line saying it was done (the
    changes were just shown). ``to_err``: on stderr (stdout is for --json)."""
    from rich.text import Text

    console = out.err if to_err else out.out
    action = report.action
    head = Text()
    head.append(tr(out, "Would undo" if dry_run else "Undid"), style="bold")
    head.append(tr(out, " action {id}: ", id=action["id"]))
    head.append(clean(action["command"], one_line=True), style="bold")
    zh = out.lang == "zh"
    head.append(("（" if zh else " (") + stamps.relative(action["at"], None, out.lang), style="dim")
    if action.get("summary"):
        head.append(("；" if zh else "; ") + clean(_summary(out, action), one_line=True), style="dim")
    head.append("）" if zh else ")", style="dim")
    console.print(head, soft_wrap=True)
    if asking and not dry_run:
        return
    for change in report.changes[:SHOWN]:
        words, tail = describe(change, out)
        console.print(_entry_line(out, change.entry_id, words, _title(change.title), tail=tail), no_wrap=True)
    out.more(len(report.changes), console=console)
    if dry_run and not asking:
        console.print(Text(tr(out, "Nothing was changed (--dry-run)."), style="dim"), soft_wrap=True)


def undo_record(report: UndoReport, *, dry_run: bool) -> Row:
    """The JSON shape of an undo."""
    a = report.action
    return {
        "action": {"id": a["id"], "at": stamps.local_iso(a["at"]), "command": a["command"], "summary": _english(a)},
        "dry_run": dry_run,
        "changes": [
            {"id": c.entry_id, "title": c.title, "kind": c.kind, "restored": c.before, "undone": c.after}
            for c in report.changes
        ],
    }


def _english(row: Row) -> str:
    """What an action did, in English: the summary scripts have always read in --json."""
    from readlog.model.messages import shown

    return shown(row.get("summary") or "")


def history_records(rows: Sequence[Row]) -> list[Row]:
    """The JSON shape of history."""
    return [
        {
            "id": r["id"],
            "at": stamps.local_iso(r["at"]),
            "command": r["command"],
            "summary": _english(r),
            "changes": r["changes"] + r["added"],
            "undone": r["undone_at"] is not None,
            "undone_at": stamps.local_iso(r["undone_at"]),
        }
        for r in rows
    ]
