"""The Markdown folder: one note file per entry, for Obsidian or any notes folder.

``readlog export -f markdown -o DIR`` (DIR a folder) writes, for each entry,
``DIR/<slug>-<id>.md``: YAML front matter with the entry's fields, its title as
a heading, its highlights as block quotes each followed by the note on it, then
the reader's note on the whole entry.

File names. ``<slug>`` is the title made safe for every file system (no
character but letters, marks and digits of any script, ``_`` and ``.``, the
rest made ``-``, so none that Windows, macOS or Linux reserves; no dot at
either end, no name Windows reserves (``CON``, ``nul.txt``); at most SLUG_BYTES of UTF-8, Chinese and other letters
kept, NFC); ``-<id>`` ends every name, so two entries can never share a name
(the digits after the last ``-`` are the id), whatever their titles, on a
case-insensitive or normalising file system too. An entry keeps the name of
the file an earlier export wrote for it (a file of the folder whose name ends
in ``-<id>.md`` and whose front matter says ``id: <id>``), so a later export
updates that file even if the title has changed meanwhile. Nothing else in the
folder is touched: a file the export did not write is never replaced or
deleted (one in the way is a ReadlogError, before it is written to).

Text is data. The front matter's strings are YAML double-quoted scalars
(``yaml_text``) whatever they hold; the body escapes every character that
Markdown would read as markup, and every line that would start a block
(``---``, ``#``, ``- ``, ``1.``, ``>``, indentation), so that no title, note or
passage can end the front matter or change the file's structure.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from readlog.model.errors import ReadlogError
from readlog.model.messages import say, wording
from readlog.model.sanitize import clean

if TYPE_CHECKING:
    from readlog.core.export import Tally
    from readlog.model.highlight import Highlight

Row = dict[str, Any]
HighlightsOf = Callable[[Row], Sequence["Highlight"]]

SLUG_BYTES = 80  # well under every file system's 255 bytes, with room for "-<id>.md" and a sync tool's suffixes
# Reserved on Windows (and so on a shared or synced folder) as names, whatever follows a dot.
_RESERVED_NAMES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
_DASHES = re.compile(r"-{2,}")
_OURS = re.compile(r"-(\d+)\.md\Z")

# YAML 1.2's printable characters (c-printable) that need no escape inside a double-quoted
# scalar; a line break there would be folded into a space, so every one is escaped.
_YAML_BREAKS = {"\n", "\r", "\x85", "\u2028", "\u2029"}


def _yaml_plain(ch: str) -> bool:
    code = ord(ch)
    if ch in _YAML_BREAKS or ch in '"\\' or ch == "\ufeff":
        return False
    return 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF


def yaml_text(text: str) -> str:
    """``text`` as a YAML double-quoted scalar that every YAML reader gives back
    exactly: any character YAML would not keep as written (a line break, a
    control or non-character, ``"`` and ``\\``) is escaped; the rest, Chinese
    included, is written as it is."""
    out = ['"']
    for ch in text:
        if _yaml_plain(ch):
            out.append(ch)
        elif ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    out.append('"')
    return "".join(out)


def slug(title: str, limit: int = SLUG_BYTES) -> str:
    """A file name's stem from ``title``: safe on every file system, at most
    ``limit`` bytes of UTF-8, letters of any script kept; "" for a title
    with nothing usable."""
    text = unicodedata.normalize("NFC", clean(title, one_line=True))
    chars = []
    for ch in text:
        cat = unicodedata.category(ch)
        chars.append(ch if cat[0] in "LMN" or ch in "_." else "-")
    stem = _DASHES.sub("-", "".join(chars)).strip("-. ")
    out = []
    size = 0
    for ch in stem:
        size += len(ch.encode("utf-8"))
        if size > limit:
            break
        out.append(ch)
    stem = "".join(out).strip("-. ")
    if stem.split(".")[0].lower() in _RESERVED_NAMES:
        stem = "_" + stem
    return stem


def file_name(row: Row) -> str:
    """The file an entry is written to when no earlier export wrote one: ``<slug>-<id>.md``."""
    stem = slug(str(row.get("title") or "")) or "entry"
    return f"{stem}-{row['id']}.md"


def md_line(text: str) -> str:
    """One line of body text as Markdown shows it literally: every markup
    character backslash-escaped, and a start that would open a block
    (``-``, ``+``, ``=``, ``1.``, ``#``, ``>``) escaped too."""
    line = " ".join(text.split())
    escaped = "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in line)
    if escaped[:1] in ("-", "+", "=") or re.match(r"\d+[.)]", escaped):
        digits = re.match(r"\d+", escaped)
        if digits:  # "1." and "1)" start a list: escape what follows the number
            return escaped[: digits.end()] + "\\" + escaped[digits.end() :]
        return "\\" + escaped
    return escaped


_MD_SPECIAL = set("\\`*_[]<>|~&!#")


def md_lines(text: str) -> list[str]:
    """Multi-line text as Markdown lines, each shown literally (``md_line``);
    runs of blank lines become one, so a paragraph break stays one."""
    lines: list[str] = []
    for raw in clean(text).split("\n"):
        line = md_line(raw)
        if line or (lines and lines[-1]):
            lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _date(value: Any) -> str:
    from readlog.core.export import time_out

    return time_out(value) or ""


def front_matter(row: Row) -> list[str]:
    """The YAML front matter's lines, between the two ``---``."""
    from readlog.core.export import _shown_tags

    def text(name: str) -> str:
        return yaml_text(clean(row.get(name) or "", one_line=True))

    tags = _shown_tags(row)
    lines = [
        f"title: {text('title')}",
        f"link: {text('url')}",
        f"source: {text('source')}",
        f"category: {text('category')}",
        "tags: [" + ", ".join(yaml_text(t) for t in tags) + "]",
    ]
    for key, column in (("saved", "saved_at"), ("read", "read_at"), ("starred", "starred_at")):
        when = _date(row.get(column))
        lines.append(f"{key}: {yaml_text(when) if when else 'null'}")
    minutes = row.get("minutes")
    lines.append(f"reading_time: {int(minutes) if isinstance(minutes, int) else 'null'}")
    lines.append(f"id: {int(row['id'])}")
    return lines


def note_text(row: Row, highlights: Sequence[Highlight], lang: str = "en") -> str:
    """One entry's Markdown file: front matter, title, highlights with their notes, the reader's note."""
    parts = ["---", *front_matter(row), "---", ""]
    title = clean(row.get("title") or row.get("url") or "", one_line=True) or say("md_untitled", lang)
    parts += ["# " + md_line(title), ""]
    if highlights:
        parts += ["## " + say("notes_highlights", lang), ""]
        for mark in highlights:
            passage = md_lines(mark.passage)
            if passage:
                parts += ["> " + line if line else ">" for line in passage]
                parts.append("")
            note = md_lines(mark.note)
            if note:
                parts += [*note, ""]
    note = md_lines(str(row.get("note") or ""))
    if note:
        parts += ["## " + wording("label_note", lang), "", *note, ""]
    return "\n".join(parts).rstrip("\n") + "\n"


def ours(path: Path) -> int | None:
    """The id of the entry a file of the folder was written for by an
    export, else None: its name ends in ``-<id>.md`` and its front matter
    says ``id: <id>``."""
    match = _OURS.search(path.name)
    if not match:
        return None
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(1 << 14)
    except OSError:
        return None
    if not head.startswith("---\n"):
        return None
    end = head.find("\n---\n", 3)
    if end < 0:
        return None
    wanted = f"id: {int(match.group(1))}"
    return int(match.group(1)) if wanted in head[4:end].split("\n") else None


def existing(folder: Path) -> dict[int, str]:
    """The files earlier exports wrote in ``folder``, by entry id."""
    found: dict[int, str] = {}
    try:
        names = os.listdir(folder)
    except OSError:
        return found
    for name in sorted(names):
        if _OURS.search(name):
            entry_id = ours(folder / name)
            if entry_id is not None:
                found.setdefault(entry_id, name)
    return found


def write_folder(
    rows: Iterable[Row],
    folder: Path,
    tally: Tally,
    *,
    highlights_of: HighlightsOf,
    lang: str = "en",
    put: Callable[[Path, bytes], None],
) -> None:
    """Write each row's note file into ``folder`` (made if missing) with
    ``put`` (which replaces a file whole: exporting.Replacing), a file whose
    content is the same left untouched (``tally.unchanged``)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from readlog.model.messages import os_reason

        raise ReadlogError.of("export_not_written", path=str(folder), reason=os_reason(exc)) from None
    known = existing(folder)
    for row in rows:
        entry_id = int(row["id"])
        name = known.get(entry_id) or file_name(row)
        path = folder / name
        data = note_text(row, highlights_of(row), lang).encode("utf-8")
        if entry_id not in known and (path.exists() or path.is_symlink()):
            raise ReadlogError.of("export_file_taken", path=str(path))
        try:
            same = path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data
        except OSError:
            same = False
        if same:
            tally.unchanged += 1
        else:
            put(path, data)
        tally.written += 1
