"""Exports that are lists of highlights rather than of links.

* Readwise's highlights export (``readwise.io/export``, "Export to CSV"): a row
  per highlight, ``Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,
  Tags,Location Type,Location,Highlighted at,Document tags``. Each book or
  article (title and author) becomes one entry, without a link (the export has
  none), its author the source, its document tags its tags; its rows become its
  highlights in the file's order: the passage, the reader's note on it, its
  colour, where it is (``location`` -> location, ``page`` -> page, ``offset``
  -> position; ``order`` and ``time_offset`` count something else and are not
  kept) and when it was made (``2026-01-27 05:56:46+00:00``, UTC; a time
  without a zone is taken as UTC). A row with only a note is a note. Read by
  the ``readwise`` format, beside Reader's document export (csv_exports.py).
* Omnivore's ``highlights/<slug>.md`` (omnivore_highlights): the highlights of
  the item with that slug in the ``metadata_*.json`` beside it, as Omnivore's
  export wrote them: each a quote (``> passage``, its lines quoted or not,
  sometimes ending with a ``[⤴️](link#id)`` back to the app), then its labels
  (``#label``, not kept) and the reader's note, blocks apart. A block before the
  first quote is the reader's note on the whole item.
* Highlights written in one CSV cell, each after a label (``labelled``), as
  Raindrop's backup writes its ``highlights`` column (raindrop_highlights:
  ``Highlight:`` with no space after it, as in a real backup, and ``Note:``)
  and Diigo's CSV its ``annotations`` column (diigo_annotations: ``Highlight: ``
  then the highlighted passage as the page's HTML, and ``Sticky note: `` or
  ``Sticky notes:`` lines after the highlight they are on). tests/fixtures/highlights/README.md says
  where each layout comes from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import csv_header, csv_rows, one_line, split_tags
from readlog.inputs.formats.htmltext import html_to_text
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import parse_time
from readlog.model.highlight import Highlight

READWISE_COLUMNS = {"highlight", "book title", "book author", "location type", "highlighted at"}
_PLACES = {"location": "location", "page": "page", "offset": "position"}


def readwise_sniff(text: str) -> int:
    """Readwise's highlights export, by its header."""
    header = csv_header(text)
    return 95 if {"highlight", "book title"} <= header and len(header & READWISE_COLUMNS) >= 3 else 0


def _tags(cell: str) -> list[str]:
    """Document tags as Readwise writes them: comma-separated, or a list (``['a', 'b']``)."""
    text = cell.strip().strip("[]")
    return [t.strip("'\" ") for t in split_tags(text) if t.strip("'\" ")]


def _readwise_highlight(row: dict[str, str], line: int) -> tuple[Highlight, Problem | None]:
    passage, note = row.get("highlight", "").strip(), row.get("note", "").strip()
    raw = row.get("highlighted at", "").strip()
    made = parse_time(raw) if raw else None
    problem = None
    if raw and made is None:
        problem = Problem(line, "import_time_unreadable", {"column": "highlighted at", "raw": raw[:30]})
    mark = Highlight(
        passage=passage,
        note=note,
        kind="highlight" if passage else "note",
        made_at=made,
        colour=one_line(row.get("color", "")).lower(),
    )
    where = _PLACES.get(row.get("location type", "").strip().lower())
    place = one_line(row.get("location", ""))
    if where == "position":
        mark.position = int(place) if place.isascii() and place.isdigit() else None
    elif where and place:
        setattr(mark, where, place)
    return mark, problem


def readwise_parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    """One entry per book or article of the export, with its highlights (see the module's docstring)."""
    books: dict[tuple[str, str], Entry] = {}
    for item in csv_rows(infile):
        if isinstance(item, Problem):
            yield item
            continue
        line, row = item
        title, author = one_line(row.get("book title", "")), one_line(row.get("book author", ""))
        mark, problem = _readwise_highlight(row, line)
        if problem:
            yield problem
        if not (mark.passage or mark.note):
            continue  # a row with nothing marked in it
        entry = books.get((title, author))
        if entry is None:
            entry = books[(title, author)] = Entry(
                title=title or author, source=author, tags=_tags(row.get("document tags", "")), line=line
            )
        entry.highlights.append(mark)
    yield from books.values()


# ---------------------------------------------------------------- Omnivore's highlights/<slug>.md

_BACK_LINK = re.compile(r"\s*\[⤴️?\]\([^()\s]*\)\s*$")
_LABELS = re.compile(r"#\S+(?:\s+#\S+)*")
_QUOTED = re.compile(r"^ {0,3}> ?")


def omnivore_highlights(text: str) -> tuple[str, list[Highlight]]:
    """The reader's note on the whole item, and its highlights, from the text
    of its ``highlights/<slug>.md`` (see the module's docstring)."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    blocks = [b for b in re.split(r"\n[ \t]*\n", text) if b.strip()]
    note: list[str] = []
    out: list[Highlight] = []
    remarks: list[str] = []
    for block in blocks:
        lines = block.strip("\n").split("\n")
        if _QUOTED.match(lines[0]):
            _close(out, remarks)
            passage = "\n".join(_QUOTED.sub("", ln, count=1) for ln in lines)
            out.append(Highlight(passage=_BACK_LINK.sub("", passage).strip()))
        elif out and not remarks and _LABELS.fullmatch(block.strip()):
            continue  # the highlight's labels
        elif out:
            remarks.append(block.strip())
        else:
            note.append(block.strip())
    _close(out, remarks)
    return "\n\n".join(note), [h for h in out if h.passage or h.note]


def _close(out: list[Highlight], remarks: list[str]) -> None:
    """The blocks after the last quote are the reader's note on it."""
    if out and remarks:
        out[-1].note = "\n\n".join(remarks)
    remarks.clear()


# ---------------------------------------------------------------- highlights after labels, in one cell

_RAINDROP_LABEL = re.compile(r"(highlight|note)[ \t]*:[ \t]?", re.I)
_DIIGO_LABEL = re.compile(r"(highlight|sticky[ \t]+notes?)[ \t]*:[ \t]?", re.I)


def labelled(cell: str, label: re.Pattern[str], passage_of: Callable[[str], str] = str.strip) -> list[Highlight] | None:
    """The highlights of a cell whose lines begin with labels: ``label`` matches
    a passage's label (its group begins ``highlight``) or a note's; a line
    without one goes on with the text above it. A note belongs to the passage
    before it (notes one after another, as Diigo writes a highlight's sticky
    notes, are its paragraphs); one before any passage, or after an empty one
    (Diigo's sticky note on the page), is a note on no passage. ``passage_of``
    turns a passage as written into text. None when the cell does not begin
    with a label."""
    cell = cell.strip()
    if not label.match(cell):
        return None
    marks: list[tuple[list[str], list[str]]] = []  # each mark's passage lines and note lines
    lines: list[str] = []
    for text in cell.splitlines():
        found = label.match(text)
        if found:
            text = text[found.end() :]
            if found.group(1).lower() == "highlight":
                marks.append(([], []))
                lines = marks[-1][0]
            else:
                if not marks:
                    marks.append(([], []))
                lines = marks[-1][1]
                if lines:  # a second note on the same passage: a paragraph of its own
                    lines.append("")
        lines.append(text)
    out = []
    for passage, note in marks:
        mark = Highlight(passage=passage_of("\n".join(passage)), note="\n".join(note).strip())
        if mark.passage or mark.note:
            mark.kind = "highlight" if mark.passage else "note"
            out.append(mark)
    return out


def raindrop_highlights(cell: str) -> list[Highlight]:
    """Raindrop's ``highlights`` cell: each highlight a ``Highlight:`` line (its
    passage, which may run on over the lines below) and, when the reader wrote
    one, a ``Note:`` line after it. A cell without these labels is a passage a
    paragraph."""
    marks = labelled(cell, _RAINDROP_LABEL)
    if marks is None:
        return [Highlight(passage=part.strip()) for part in re.split(r"\n\s*\n", cell) if part.strip()]
    return marks


def diigo_annotations(cell: str) -> list[Highlight] | None:
    """Diigo's ``annotations`` cell: each highlight a ``Highlight: `` line, its
    passage the page's HTML as it was selected (read as text), and the reader's
    ``Sticky note: `` on it on the line after. None when the cell has no labels."""
    return labelled(cell, _DIIGO_LABEL, html_to_text)
