"""What ``readlog highlight`` and ``readlog highlights`` print, and the highlights
part of ``show``. Imported text passes through ``clean`` before it reaches the
terminal; piped output is whole lines of tab-separated fields (Output.fields)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from readlog.model import stamps
from readlog.model.messages import say
from readlog.model.sanitize import clean
from readlog.render.records import entry_line

if TYPE_CHECKING:
    from readlog.core.highlights import Marked
    from readlog.render.output import Output

Row = dict[str, Any]


def marked(out: Output, result: Marked, title: str) -> None:
    """One line: the highlight kept (or already there), and when the fetched text lacked it."""
    key = "did_highlight" if result.highlight is not None else "did_highlight_unchanged"
    style = "green" if result.highlight is not None else "dim"
    out.print(entry_line(result.entry_id, say(key, out.lang) + ": ", title, style), no_wrap=True)
    if result.in_text is False and result.highlight is not None:
        out.err.print(Text(say("highlight_forced", out.lang, id=result.entry_id), style="yellow"))


def passage_lines(row: Row) -> list[str]:
    """A highlight as quoted lines: ``> `` before each line of the passage, then the note.
    A note or bookmark on its own has no passage: its note, or its place."""
    passage = clean(row.get("passage") or "")
    lines = [f"> {line}" if line else ">" for line in passage.splitlines()] if passage else []
    note = clean(row.get("note") or "")
    if note:
        lines += note.splitlines()
    if not lines:
        place = " ".join(p for p in (row.get("page") and f"p. {row['page']}", row.get("location")) if p)
        lines.append(f"[{row.get('kind')}] {clean(place, one_line=True)}".rstrip())
    return lines


def listing(out: Output, rows: Sequence[Row]) -> None:
    """Highlights newest first, each under its entry's id and title."""
    if not rows:
        out.line(say("highlights_none", out.lang), style="dim")
        return
    if out.piped:  # whole lines: id, entry, when, passage and note on one line each
        out.fields(
            (
                r["id"],
                r["entry_id"],
                stamps.local_iso(r.get("made_at") or r.get("added_at")),
                clean(r.get("passage") or "", one_line=True),
                clean(r.get("note") or "", one_line=True),
                clean(r.get("title") or "", one_line=True),
            )
            for r in rows
        )
        return
    current = stamps.now()
    for i, r in enumerate(rows):
        if i:
            out.line("")
        when = stamps.relative(r.get("made_at") or r.get("added_at"), current, out.lang)
        out.print(entry_line(r["entry_id"], "", r.get("title") or r.get("url") or "", "", when), no_wrap=True)
        for line in passage_lines(r):
            out.print(Text("      " + line, style="italic" if line.startswith(">") else ""))


def summary_lines(lang: str, highlights: Sequence[Row]) -> list[Text]:
    """show's part about highlights: how many, and the newest one."""
    if not highlights:
        return []
    newest = max(highlights, key=lambda h: (h.get("made_at") or h.get("added_at") or "", h["id"]))
    lines = [
        Text(say("highlights_count", lang, n=len(highlights)) + f" ({say('highlights_latest', lang)})", style="bold")
    ]
    lines += [Text(line, style="italic" if line.startswith(">") else "") for line in passage_lines(newest)]
    return lines
