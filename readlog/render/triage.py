"""The triage screen's text: list lines, the detail pane, the article, keys, help.

Everything the screen shows is built here as ``rich.text.Text`` (or a rich
renderable of them) from text that went through ``sanitize.clean``; the
Textual app (readlog/triage/) only places it. List lines reuse the entries
table of ``list`` (Output.entry_cells, table.layout, TableLines), and the detail
pane is ``show``'s panel (Output.entry_panel) with the reading time and the
fetched article added.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from rich.cells import cell_len
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from readlog.model import stamps
from readlog.model.messages import wording
from readlog.model.sanitize import clean
from readlog.render.output import Output, state_words
from readlog.render.table import TableLines, layout

Row = dict[str, Any]

# (keys, the name of what they do: its help line is the catalogue's triage_key_NAME, its footer word
# triage_footer_NAME), in the order the footer and help show them.
KEYS: list[tuple[str, str]] = [
    ("j/k", "move"),
    ("⏎", "open"),
    ("s", "star"),
    ("r", "read"),
    ("a", "archive"),
    ("t", "tag"),
    ("n", "note"),
    ("o", "link"),
    ("/", "search"),
    ("f", "view"),
    ("u", "undo"),
    ("?", "help"),
    ("q", "quit"),
]
# The footer words that are the same word elsewhere: a state of the entries table, a search hit's place.
FOOTER_SAID_AS = {"read": "label_read", "tag": "label_hit_tags", "note": "label_hit_note"}
# When the footer is too narrow for every key, these go first, in this order: what is left
# at 60 columns is quitting, help, the three decisions, opening an entry and moving.
FOOTER_DROPS = ("n", "t", "f", "/", "o", "u", "j/k", "⏎", "a", "s", "r", "?", "q")
EXTRA_KEYS = [
    ("PgUp/PgDn", "page"),
    ("g/G Home/End", "ends"),
    ("N", "next"),
]
# The help's last lines: what the marks in the list mean.
LEGEND = [
    ("● ★ ▪", "marks"),
]
# The longest relative time each language writes ("59 minutes ago"): the saved column is this wide.
_LONGEST_AGO = (timedelta(minutes=59), timedelta(hours=23), timedelta(days=20), timedelta(days=300))


def label(lang: str, key: str, **kw: Any) -> str:
    return wording("triage_" + key, lang, kw.get("n")).format(**kw)


def state_message(lang: str, verb: str, row: Row) -> Text:
    """'starred: #12 Title' after a key changed an entry's state."""
    said = state_words(lang, verb)[0]
    line = Text(f"{said}{'：' if lang == 'zh' else ': '}", style="green")
    line.append(f"#{row['id']} ", style="cyan")
    line.append(clean(row.get("title") or row.get("url") or "(untitled)", one_line=True))
    return line


def message(text: str, *, error: bool = False) -> Text:
    """A line for the status bar; the text may hold imported words (titles, links), so it is cleaned."""
    return Text(clean(text, one_line=True), style="bold red" if error else "")


# ---- the list -----------------------------------------------------------------


def list_layout(
    out: Output, rows: Sequence[Row], highest_id: int, current: datetime, *, with_match: bool
) -> TableLines:
    """The columns of the list for ``out``'s width, chosen as ``list`` chooses them.

    Widths come from the first window of rows, widened to the longest id
    in the library and the longest relative time, so that the columns stay
    put as other windows are fetched.
    """
    with_tags = any(r.get("tags") not in (None, "", "[]") for r in rows)
    cells = [entry_cells(out, row, current, with_match=with_match, with_tags=with_tags) for row in rows]
    widest = {
        "id": Text(str(highest_id)),
        "mark": Text(" " * len(MARKS)),
        "title": Text(""),
        "source": Text(""),
        "category": Text(""),
        "saved": max(
            (Text(stamps.relative(current - d, current, out.lang)) for d in _LONGEST_AGO), key=lambda t: t.cell_len
        ),
        "match": Text(""),
        "tags": Text(""),
    }
    lines = layout(out, [*cells, widest], with_match, with_tags)
    used = sum(lines.widths[k] for k in lines.keys) + 2 * (len(lines.keys) - 1)
    lines.widths["title"] += max(0, out.out.width - used)  # later windows may hold longer titles
    return lines


def entry_cells(out: Output, row: Row, current: datetime, *, with_match: bool, with_tags: bool) -> dict[str, Text]:
    """One row's cells: as ``list`` has them, with the search snippet when searching,
    and a mark for each state (an entry archived on the screen stays in the list)."""
    snippet = row.get("_snippet", ("", [])) if with_match else None
    cells = out.entry_cells(row, current, snippet=snippet, tags=with_tags)
    cells["mark"] = marks(row)
    if row.get("archived_at"):
        cells["title"].stylize("strike")
    return cells


# The mark column: (the row's column, the mark, its style). Each state has its own
# sign, so the list says it without colour (NO_COLOR); read is also the title's weight
# (bold while unread), and an archived row is dimmed with its title struck through.
MARKS = (("read_at", "●", "bold blue"), ("starred_at", "★", "yellow"), ("archived_at", "▪", "dim"))


def marks(row: Row) -> Text:
    """'●★▪': unread, starred, archived (a space for each state the entry is not in)."""
    text = Text()
    for column, sign, style in MARKS:
        on = not row.get(column) if column == "read_at" else bool(row.get(column))
        text.append(sign if on else " ", style=style if on else "")
    return text


def list_line(layout: TableLines, out: Output, row: Row, current: datetime) -> Text:
    """One entry's line in the columns of ``layout``; an archived one dimmed."""
    cells = entry_cells(out, row, current, with_match="match" in layout.keys, with_tags="tags" in layout.keys)
    line = layout.line(cells)
    if row.get("archived_at"):
        line.stylize("dim")
    return line


# ---- the detail pane --------------------------------------------------------------


def detail(out: Output, row: Row, current: datetime | None = None) -> Panel:
    """The entry as ``show`` has it, then its reading time and the fetched article."""
    more: list[Any] = []
    minutes, text = row.get("minutes"), row.get("text") or ""
    if minutes or text.strip():
        heading = Text(label(out.lang, "article"), style="bold")
        if minutes:
            heading.append(" · " + out.label("reading", n=minutes), style="dim")
        more += [Text(""), Rule(heading, align="left", style="dim")]
    if text.strip():
        more.append(article(text, max(20, out.out.width - 4), row))
    return out.entry_panel(row, current, more=more)


def article(text: str, width: int, row: Row | None = None) -> Text:
    """The fetched article laid out as ``show --full`` lays it out
    (render.article), the passages ``row``'s highlights mark marked, as one Text for the detail pane."""
    from readlog.render.article import passages_of, render

    return Text("\n").join(render(text, width, passages_of(row) if row else []))


def top_bar(lang: str, view: str, total: int, index: int, query: str | None, width: int) -> Text:
    """'readlog triage · unread · 1,234 entries' on the left, '5/1,234' on the right."""
    left = Text(label(lang, "title"), style="bold")
    left.append(" · " + view)
    if query is not None:
        left.append(" · ")
        left.append(label(lang, "search", q=clean(query, one_line=True)), style="bold")
    left.append(" · " + label(lang, "entries", n=total), style="dim")
    right = Text(f"{index + 1:,}/{total:,}" if total else "0/0")
    room = width - right.cell_len - 1
    if left.cell_len > room:
        left.truncate(max(0, room), overflow="ellipsis")
    left.append(" " * max(1, width - left.cell_len - right.cell_len))
    return left + right


def footer(lang: str, width: int) -> Text:
    """The keys, as many as fit in ``width`` cells, the least needed (FOOTER_DROPS) left out first."""
    words = [(key, wording(FOOTER_SAID_AS.get(name, "triage_footer_" + name), lang)) for key, name in KEYS]
    drops = iter(FOOTER_DROPS)
    while words:
        used = sum(cell_len(k) + 1 + cell_len(w) for k, w in words) + len(words) - 1
        if used <= width:
            break
        drop = next(drops, None)
        words = [(k, w) for k, w in words if k != drop] if drop else words[1:]
    line = Text(no_wrap=True)
    for i, (key, word) in enumerate(words):
        if i:
            line.append(" ")
        line.append(key, style="reverse bold")
        line.append(" " + word, style="")
    return line


def help_text(lang: str) -> Text:
    """Every key with what it does, for the ? screen."""
    rows = list(KEYS)
    rows[1:1] = EXTRA_KEYS
    width = max(cell_len(k) for k, _ in [*rows, *LEGEND]) + 2
    text = Text(label(lang, "help") + "\n\n", style="bold")
    for key, name in [*rows, ("", ""), *LEGEND]:
        text.append(key + " " * (width - cell_len(key)) if key else "", style="bold")
        text.append((label(lang, "key_" + name) if name else "") + "\n")
    text.append("\n" + label(lang, "help_close"), style="dim")
    return text
