"""A single link saved as a file: the shortcuts desktops make when a link is
dragged out of a browser.

* Windows ``.url``: an INI file, ``[InternetShortcut]`` then ``URL=...``
  (maybe ``IconFile=``, ``Modified=`` and other keys, and other sections
  before it). A link with characters beyond ASCII is also written, in
  UTF-7, under ``[InternetShortcut.W]``: that one is taken first.
* freedesktop ``.desktop`` link files: ``[Desktop Entry]``, ``Type=Link``,
  ``Name=`` (the title), ``URL=``, perhaps ``Comment=``.
* macOS ``.webloc``: a property list (XML or binary) holding one ``URL``
  key, which arrives here as the JSON ``{"URL": "..."}`` (unpack.py).

A ``.url`` or ``.webloc`` file has no title inside: the title is the file's
name without its extension, as the desktop shows it. Each file is one
entry; a folder of them imports one entry a file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import one_line, site_of, summary_of
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem

NAME = "shortcut"
_SECTION = re.compile(r"^[ \t]*\[(InternetShortcut|Desktop Entry)\][ \t]*\r?$", re.M | re.I)
_URL_KEY = re.compile(r"^[ \t]*URL[ \t]*=", re.M | re.I)
_LINK_TYPE = re.compile(r"^[ \t]*Type[ \t]*=[ \t]*Link[ \t]*\r?$", re.M)
_EXTENSIONS = (".url", ".webloc", ".desktop", ".website", ".inetloc")
HEAD = 4096  # a shortcut is a few lines: its section is near the start
LARGEST = 1 << 16  # nothing longer is a shortcut file


def sniff(text: str) -> int:
    head = text[:HEAD]
    found = _SECTION.search(head)
    if found and _URL_KEY.search(head, found.end()):
        if found.group(1).lower() == "desktop entry" and not _LINK_TYPE.search(head):
            return 0  # an application's launcher, not a link
        return 100
    return 90 if _webloc(text) is not None else 0


def _webloc(text: str) -> str | None:
    """The link of a ``.webloc`` (as JSON: an object whose one key is ``URL``), or None."""
    stripped = text.strip()
    if len(stripped) > HEAD or not stripped.startswith("{") or '"URL"' not in stripped:
        return None
    try:
        value = json.loads(stripped)
    except (ValueError, RecursionError):
        return None
    if isinstance(value, dict) and list(value) == ["URL"] and isinstance(value["URL"], str):
        return str(value["URL"])
    return None


def title_from_name(name: str) -> str:
    """The title a desktop shows for a shortcut file: its name without the
    folder, the archive it is in, or the shortcut's extension."""
    base = os.path.basename(name.replace("\\", "/")).rsplit(":", 1)[-1]
    if base.lower().endswith(_EXTENSIONS):
        base = base.rsplit(".", 1)[0]
    return "" if base.startswith("<") else one_line(base)  # <stdin> has no name


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    text = infile.read_text(LARGEST)
    named = title_from_name(infile.name)
    url = _webloc(text)
    if url is not None:
        yield Entry(title=named or url.strip(), url=url.strip(), source=site_of(url.strip()), line=1)
        return
    keys = _keys(text)
    found = keys.get(("internetshortcut.w", "url")) or keys.get(("internetshortcut", "url"))
    if found is None:
        found = keys.get(("desktop entry", "url"))
    if found is None or not found[1]:
        yield Problem(found[0] if found else 1, "import_no_url")
        return
    line, url = found
    name = keys.get(("desktop entry", "name"), (0, ""))[1]
    comment = keys.get(("desktop entry", "comment"), (0, ""))[1]
    yield Entry(
        title=one_line(name) or named or url,
        url=url,
        source=site_of(url),
        summary=summary_of(comment),
        line=line,
    )


def _keys(text: str) -> dict[tuple[str, str], tuple[int, str]]:
    """(section, key) -> (line, value), lower-cased names, the first of each
    kept; a key with a locale (``Name[de]``) is left out, and the values of
    ``[InternetShortcut.W]`` are UTF-7."""
    out: dict[tuple[str, str], tuple[int, str]] = {}
    section = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            continue
        if not line or line.startswith((";", "#")) or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key, value = key.strip().lower(), value.strip()
        if section == "internetshortcut.w":
            try:
                value = value.encode("ascii").decode("utf-7")
            except (UnicodeError, ValueError):
                continue
        out.setdefault((section, key), (number, value))
    return out
