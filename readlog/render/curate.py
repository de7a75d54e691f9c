"""Rendering for edit, rm, trash and restore.

Follows render/output.py's rules: imported text passes through ``clean``
and reaches rich as ``Text``, never markup; English and Chinese labels are
the message catalogue's ``curate_`` keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from readlog.model import stamps
from readlog.model.messages import count, known, wording
from readlog.model.sanitize import clean
from readlog.render.cut import cut
from readlog.render.output import SHOWN
from readlog.render.plain import Line
from readlog.render.records import entry_line, entry_record

if TYPE_CHECKING:
    from readlog.render.output import Output

Row = dict[str, Any]


def _l(out: Output, key: str, **kw: Any) -> str:
    """A ``curate_`` label of the catalogue in the output's language (``n`` also fills ``entries``)."""
    if "n" in kw:
        kw["entries"] = count(kw["n"], out.lang)
    return wording("curate_" + key, out.lang, kw.get("n")).format(**kw)


# Fields edit names with the word a search hit's place has (label_hit_): the same in both languages.
_SAID_AS_HIT = ("source", "category", "verdict")


def field_name(lang: str, field: str, unknown: str | None = None) -> str:
    """An entry's field (title, url...) as edit names it (a ``curate_field_`` key); a field
    the catalogue does not name is said as ``unknown``, by default as itself."""
    key = ("label_hit_" if field in _SAID_AS_HIT else "curate_field_") + field
    if not known(key):
        return field if unknown is None else unknown
    return wording(key, lang)


def _title(row: Row) -> str:
    return clean(row.get("title") or row.get("url") or "(untitled)", one_line=True)


def _line(out: Output, entry_id: int, label: str, title: str, style: str = "green") -> Line:
    return entry_line(entry_id, label + _l(out, "sep"), title, style)


# ---- edit ---------------------------------------------------------------------


def edited(out: Output, row: Row, changed: Sequence[str], why: str = "same") -> None:
    """One line: what an edit changed, or why nothing changed (``why``: same,
    saved_as_is, not_saved)."""
    if changed:
        fields = ", ".join(field_name(out.lang, f) for f in changed)
        out.print(
            _line(out, row["id"], _l(out, "edited", fields=fields), _title(row)), no_wrap=True, overflow="ellipsis"
        )
        return
    out.print(_line(out, row["id"], _l(out, "unchanged"), _title(row), "dim"), no_wrap=True, overflow="ellipsis")
    out.line(_l(out, why), style="dim")


# ---- rm and restore -------------------------------------------------------------


def trashed(out: Output, rows: Sequence[Row]) -> None:
    """Each entry moved to the trash (the first few), and how to bring them back."""
    for row in rows[:SHOWN]:
        out.print(_line(out, row["id"], _l(out, "trashed"), _title(row)), no_wrap=True, overflow="ellipsis")
    out.more(len(rows))
    if rows:
        ids = " ".join(str(r["id"]) for r in rows[:SHOWN]) + (" ..." if len(rows) > SHOWN else "")
        out.line(" ".join(_l(out, "restore_hint", ids=ids, n=len(rows)).split()), style="dim")


def restored(out: Output, rows: Sequence[Row]) -> None:
    for row in rows[:SHOWN]:
        out.print(_line(out, row["id"], _l(out, "restored"), _title(row)), no_wrap=True, overflow="ellipsis")
    out.more(len(rows))


def trash_record(row: Row) -> Row:
    """The JSON shape of a trashed entry: the entry's own keys and when it was deleted."""
    return {**entry_record(row), "deleted_at": stamps.local_iso(row.get("deleted_at"))}


# ---- the trash --------------------------------------------------------------------


def trash_table(
    out: Output, rows: Sequence[Row], total: int, *, before: str | None = None, current: datetime | None = None
) -> None:
    """The trashed entries, newest deleted first, and a footer saying what to do with them."""
    if not rows:
        if before is not None and total == 0:
            out.line(_l(out, "none_older", date=stamps.local_date(before)), style="dim")
        else:
            out.line(_l(out, "empty"), style="dim")
        return
    if out.piped:  # whole lines: id, title, source, when deleted (ISO)
        out.fields((r["id"], _title(r), r.get("source"), stamps.local_iso(r["deleted_at"])) for r in rows)
        return
    current = current or stamps.now()
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    whens = [stamps.relative(r["deleted_at"], current, out.lang) for r in rows]
    sources = [Text(clean(r.get("source"), one_line=True)) for r in rows]
    with_source = any(t.plain.strip() for t in sources)  # never a column empty in every row
    fixed = {
        "id": max(cell_len(out.label("id")), *(len(str(r["id"])) for r in rows)),
        "source": min(22, max(cell_len(out.label("source")), *(t.cell_len for t in sources))) if with_source else 0,
        "deleted": max(cell_len(_l(out, "deleted")), *(cell_len(w) for w in whens)),
    }
    title_width = max(10, out.out.width - sum(fixed.values()) - (3 if with_source else 2) * 2)
    table.add_column(out.label("id"), justify="right", style="cyan", no_wrap=True, width=fixed["id"])
    table.add_column(out.label("title"), no_wrap=True, max_width=title_width)
    if with_source:
        table.add_column(out.label("source"), style="green", no_wrap=True, width=fixed["source"])
    table.add_column(_l(out, "deleted"), style="dim", no_wrap=True, width=fixed["deleted"])
    titles = [Text(_title(r)) for r in rows]
    title_width = min(title_width, max(cell_len(out.label("title")), *(t.cell_len for t in titles)))
    for r, when, source, title in zip(rows, whens, sources, titles, strict=True):
        cells = [Text(str(r["id"])), cut(title, title_width)]
        if with_source:
            cells.append(cut(source, fixed["source"]))
        table.add_row(*cells, Text(when))
    out.print(table)
    if len(rows) < total:
        out.line(_l(out, "showing", shown=len(rows), n=total), style="dim")
    else:
        out.line(_l(out, "footer", n=total), style="dim")


def empty_preview(out: Output, rows: Sequence[Row], *, to_err: bool) -> None:
    """What `trash --empty` will delete for good, before it asks."""
    console = out.err if to_err else out.out
    console.print(Text(_l(out, "will_delete", n=len(rows)), style="bold"), soft_wrap=True)
    out.preview(rows, console)


def emptied(out: Output, count: int) -> None:
    out.line(Text(_l(out, "deleted_for_good", n=count), style="green"))
