"""The one place that makes imported text safe to print.

Imported strings are data. Before anything reaches the terminal it passes
through ``clean``: terminal escape sequences (CSI, OSC, DCS and friends) are
removed whole, remaining control characters and invisible format characters
(bidirectional overrides, zero-width characters, Unicode tag characters) are
dropped, and lone surrogates become U+FFFD. Rich markup is neutralised
elsewhere by always handing rich ``Text`` objects, never markup strings; this
module keeps the text itself honest.
"""

from __future__ import annotations

import re
import unicodedata

# ESC-introduced sequences, including their 8-bit C1 forms:
#   CSI  ESC [ ... final       (colours, cursor movement, screen clearing)
#   OSC  ESC ] ... BEL|ST      (window titles, hyperlinks, clipboard writes)
#   DCS/SOS/PM/APC  ESC P|X|^|_ ... ST
#   two-character escapes such as ESC c (reset) or ESC 7
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x9d\x90\x98\x9e\x9f])(?:[^\x07\x1b\x9c]|\x1b(?!\\))*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)


class _Table(dict[int, "str | None"]):
    """A str.translate table that classifies each code point once, on demand.

    Building a table for all of Unicode up front would cost a tenth of a
    second at start-up; this learns only the characters actually seen.
    """

    def __init__(self, newline: str) -> None:
        super().__init__()
        self.newline = newline

    def __missing__(self, cp: int) -> str | None:
        ch = chr(cp)
        value: str | None
        if ch == "\n" or ch in "\u2028\u2029\x85":
            value = self.newline
        elif ch == "\t":
            value = " "
        else:
            cat = unicodedata.category(ch)
            if cat in ("Cc", "Cf"):
                value = None
            elif cat == "Cs":
                value = "\ufffd"
            else:
                value = ch
        self[cp] = value
        return value


_MULTILINE = _Table("\n")
_ONE_LINE = _Table(" ")


def clean(text: object, *, one_line: bool = False) -> str:
    """Return ``text`` as a string that cannot change the terminal's state.

    ``one_line`` also folds line breaks and runs of spaces, for table cells
    and titles where a stray newline would break the layout.
    """
    s = text if isinstance(text, str) else ("" if text is None else str(text))
    if s.isascii() and s.isprintable():
        return " ".join(s.split()) if one_line else s
    s = _ESCAPES.sub("", s)
    s = s.translate(_ONE_LINE if one_line else _MULTILINE)
    if one_line:
        return " ".join(s.split())
    return s
