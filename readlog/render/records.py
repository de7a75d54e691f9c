"""An entry's row in the shapes every command shares: its JSON record
(``entry_record``), the line a command that changes entries prints about it
(``entry_line``), its title and tags as shown."""

from __future__ import annotations

from typing import Any

from readlog.model import stamps
from readlog.model.links import entry_links as model_links
from readlog.model.messages import shown
from readlog.model.sanitize import clean
from readlog.model.tags import tag_list
from readlog.render.plain import Line

Row = dict[str, Any]


def title_of(row: Row) -> str:
    """An entry's title as one clean line (its link when it has none)."""
    return clean(row.get("title") or row.get("url") or "(untitled)", one_line=True)


def tags_of(row: Row) -> list[str]:
    """An entry's tags, as a list."""
    return tag_list(row.get("tags"))


def entry_line(entry_id: int, said: str, title: str, style: str, tail: str = "", tail_style: str = "dim") -> Line:
    """One line about one entry, as every command that changes entries prints
    it: the id, what happened (``said``, its separator included), the title
    (cleaned here), and a tail (tags, a link) if any. A Line: the plain writer
    writes it where it fits, rich draws it elsewhere (render/plain.py)."""
    line = Line()
    line.append(f"{entry_id:>5} ", style="cyan")
    line.append(said, style=style)
    line.append(clean(title or "(untitled)", one_line=True))
    if tail:
        line.append("  " + tail, style=tail_style)
    return line


# How far an entry was read, as a small bar: filled and empty cells, and the same in plain
# ASCII for a terminal whose encoding cannot write those (characters, not colour: NO_COLOR keeps it).
BAR_CELLS = 10
BAR_MARKS = ("\u25b0", "\u25b1")  # ▰ ▱
ASCII_MARKS = ("#", "-")


def progress_bar(fraction: Any, encoding: str | None = "utf-8", cells: int = BAR_CELLS) -> str:
    """``▰▰▰▰▱▱▱▱▱▱ 40%`` for 0.4 (``[####------] 40%`` where ``encoding`` cannot
    write the bar's marks); "" when it was never said."""
    if fraction is None:
        return ""
    value = min(1.0, max(0.0, float(fraction)))
    full = round(value * cells)
    if 0 < value < 1:  # begun shows a cell filled, unfinished a cell empty
        full = min(max(full, 1), cells - 1)
    percent = f"{int(value * 100 + 0.5)}%"
    try:
        "".join(BAR_MARKS).encode(encoding or "ascii")
    except (LookupError, UnicodeEncodeError):
        return f"[{ASCII_MARKS[0] * full}{ASCII_MARKS[1] * (cells - full)}] {percent}"
    return f"{BAR_MARKS[0] * full}{BAR_MARKS[1] * (cells - full)} {percent}"


def progressed(out: Any, result: Any, row: Row) -> Line:
    """What ``readlog progress`` did, on one line: the change (or that there was none),
    the entry, and its bar."""
    from readlog.model.messages import say

    percent = round(result.progress * 100)
    if result.action is None:
        key, style = "did_progress_unchanged", "dim"
    else:
        key, style = ("did_progress_done" if result.marked_read else "did_progress"), "green"
    bar = progress_bar(row.get("progress"), out.out.encoding)
    return entry_line(result.entry_id, say(key, out.lang, percent=percent) + ": ", title_of(row), style, bar)


def entry_links(row: Row) -> list[str]:
    """The entry's own URL, then addresses found in its summary (images kept
    there), as show lists them (model.links)."""
    return [link.url for link in model_links(row)]


def entry_record(row: Row, *, full: bool = False) -> Row:
    """The JSON shape of an entry (list --json, show --json, search --json);
    ``full`` adds the fetched article's text (show --json --full)."""
    record = {
        "id": row["id"],
        "title": row.get("title", ""),
        "source": row.get("source", ""),
        "category": row.get("category", ""),
        "summary": row.get("summary", ""),
        "verdict": row.get("verdict", ""),
        "url": row.get("url", ""),
        "published": row.get("published"),
        "saved_at": stamps.local_iso(row.get("saved_at")),
        "read_at": stamps.local_iso(row.get("read_at")),
        "starred": bool(row.get("starred_at")),
        "starred_at": stamps.local_iso(row.get("starred_at")),
        "archived": bool(row.get("archived_at")),
        "tags": tags_of(row),
        "note": row.get("note", ""),
        "minutes": row.get("minutes"),
        "words": row.get("words"),
        "lang": row.get("lang") or None,
        "fetched_at": stamps.local_iso(row.get("fetched_at")),
        "fetch_status": row.get("fetch_status"),
        "fetch_error": shown(row.get("fetch_error") or "") or None,
        "dead": bool(row.get("dead_at")),
        "dead_at": stamps.local_iso(row.get("dead_at")),
        "final_url": row.get("final_url") or None,
        "progress": row.get("progress"),
    }
    if "other_titles" in row:
        record["other_titles"] = row["other_titles"]
    if "highlights" in row:  # show --json: the entry's highlights, in their order in the text
        record["highlights"] = [highlight_record(h) for h in row["highlights"]]
    if full:
        record["text"] = row.get("text", "")
    return record


def highlight_record(row: Row) -> Row:
    """The JSON shape of a highlight (show --json, highlights --json); its entry's
    title and link when the row has them (a listing)."""
    record = {
        "id": row["id"],
        "entry_id": row["entry_id"],
        "kind": row["kind"],
        "passage": row["passage"],
        "note": row["note"],
        "made_at": stamps.local_iso(row.get("made_at")),
        "added_at": stamps.local_iso(row.get("added_at")),
        "location": row.get("location") or None,
        "page": row.get("page") or None,
        "position": row.get("position"),
        "colour": row.get("colour") or None,
    }
    for name in ("title", "url", "source"):
        if name in row:
            record[name] = row[name] or ""
    return record
