"""The form `readlog edit ID` opens in the editor: an entry's fields as TOML.

Plain, commented TOML so that anyone can edit it without reading a manual:
one ``key = "value"`` line per one-line field and a triple-quoted block for
the summary and the verdict. Writing and reading are exact inverses: a form
saved without changes reads back as exactly the text it was made from,
whatever the text holds (quotes, backslashes, ''' or \"\"\", CJK, control
characters), so an untouched form never changes anything.

Reading uses ``settings.parse_toml``: the standard library's tomllib on
Python 3.11+, tomli (the same parser) on 3.10. No rich, no SQL.
"""

from __future__ import annotations

import unicodedata
from datetime import date
from typing import Any

from readlog.model.errors import ReadlogError

# (field, multi-line, the comment above it in the form)
FIELDS: tuple[tuple[str, bool, str], ...] = (
    ("title", False, "The title, as list and show print it."),
    (
        "url",
        False,
        'The link (http or https), or "" for none. Later imports of the same link merge into this entry.',
    ),
    ("source", False, "Where it comes from: a site, a newsletter, a collection."),
    ("category", False, 'The category, or "" for none.'),
    ("published", False, 'The day it was published, as "YYYY-MM-DD", or "" when unknown.'),
    ("summary", True, "The summary: every line between the triple quotes."),
    ("verdict", True, "The verdict: why it is worth reading (digests give one)."),
)
NAMES = tuple(name for name, _, _ in FIELDS)
MULTILINE = frozenset(name for name, multi, _ in FIELDS if multi)

_SHORT = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
# Characters written as escapes: controls, invisible format characters and
# the line/paragraph separators (an editor shows them wrongly or not at all).
_HIDDEN = ("Cc", "Cf", "Zl", "Zp")


class FormError(ReadlogError, ValueError):
    """The edited form cannot be read or holds a value readlog cannot store."""


def basic_string(text: str) -> str:
    """``text`` as a one-line TOML string in double quotes."""
    return '"' + _escaped(text, multiline=False) + '"'


def multiline_string(text: str) -> str:
    """``text`` as a TOML multi-line string, the closing quotes on a line of their own.

    TOML drops the newline after the opening quotes; the newline before the
    closing ones belongs to the value, and ``read_form`` takes exactly one
    such newline off again. A quote is escaped when another quote follows
    it, so three never stand together before the closing ones.
    """
    return '"""\n' + _escaped(text + "\n", multiline=True) + '"""'


def _escaped(text: str, *, multiline: bool) -> str:
    out: list[str] = []
    last = len(text) - 1
    for i, ch in enumerate(text):
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"' if not multiline or (i < last and text[i + 1] == '"') else '"')
        elif multiline and ch in "\n\t":
            out.append(ch)
        elif ch in _SHORT:
            out.append(_SHORT[ch])
        elif unicodedata.category(ch) in _HIDDEN:
            out.append(f"\\u{ord(ch):04X}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08X}")
        else:
            out.append(ch)
    return "".join(out)


def write_form(row: dict[str, Any]) -> str:
    """The form for one entry (a stored row), with a header saying how to use it."""
    entry_id = row["id"]
    lines = [
        f"# readlog edit {entry_id}: change what you like, save, and quit the editor.",
        '# Each field is TOML: text in double quotes, where \\" is a quote and \\\\ a backslash.',
        '# The summary and the verdict may span lines between """ and """.',
        '# "" empties a field. Saving the form unchanged, or quitting without',
        "# saving, changes nothing. Tags and the note: readlog tag, readlog note.",
        "",
    ]
    for name, multi, comment in FIELDS:
        value = row.get(name) or ""
        lines.append(f"# {comment}")
        lines.append(f"{name} = {multiline_string(value) if multi else basic_string(value)}")
        lines.append("")
    return "\n".join(lines)


def read_form(text: str) -> dict[str, str]:
    """The fields of an edited form, as text; raises FormError saying what is wrong.

    Every field must be present (deleting a line is more likely a slip than
    a wish to empty the field, which ``""`` says plainly); an unknown key is
    refused rather than ignored. A bare TOML date (``published =
    2026-11-01``) is accepted as that day.
    """
    from readlog.settings import parse_toml

    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    try:
        values = parse_toml(text)
    except ValueError as exc:
        raise FormError.of("form_not_toml", detail=str(exc)) from None
    unknown = [k for k in values if k not in NAMES]
    if unknown:
        raise FormError.of("form_unknown_field", name=repr(unknown[0]), names=", ".join(NAMES))
    missing = [k for k in NAMES if k not in values]
    if missing:
        raise FormError.of("form_missing_line", name=missing[0])
    out: dict[str, str] = {}
    for name in NAMES:
        value = values[name]
        if name == "published" and isinstance(value, date):
            value = value.isoformat()
        if not isinstance(value, str):
            raise FormError.of("form_not_text", name=name, value=repr(value))
        if name in MULTILINE and value.endswith("\n"):
            value = value[:-1]
        out[name] = value
    return out
