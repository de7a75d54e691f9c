"""The one place that makes imported text safe to print.

Imported strings are data. Before anything reaches the terminal it passes
through ``clean``: terminal escape sequences (CSI, OSC, DCS and friends) are
removed whole, remaining control characters and invisible format characters
(bidirectional overrides, zero-width characters, Unicode tag characters) are
dropped, and lone surrogates become U+FFFD. The two joiners that writing
needs, U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER, stay
where they shape the text (``_joined``): Persian ``می‌خواهم``, Hindi ``क्‍ष``,
emoji sequences such as 👨‍👩‍👧 and 🏳️‍🌈; anywhere else they could only hide
something, and a link never keeps them. Rich markup is neutralised
elsewhere by always handing rich ``Text`` objects, never markup strings; this
module keeps the text itself honest.
"""

from __future__ import annotations

import re
import unicodedata

from readlog.model.lazy import pattern

# ESC-introduced sequences, including their 8-bit C1 forms:
#   CSI  ESC [ ... final       (colours, cursor movement, screen clearing)
#   OSC  ESC ] ... BEL|ST      (window titles, hyperlinks, clipboard writes)
#   DCS/SOS/PM/APC  ESC P|X|^|_ ... ST
#   two-character escapes such as ESC c (reset) or ESC 7
_ESCAPES = pattern(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x9d\x90\x98\x9e\x9f])(?:[^\x07\x1b\x9c]|\x1b(?!\\))*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)


# Every character ``clean`` might change: C0/C1 controls and tab, the line
# separators, surrogates, and the blocks that hold Unicode's invisible format
# characters (Cf). Text without any of them - nearly all text - is returned
# as it is after one fast scan. A test checks that this class covers every
# Cc, Cf and Cs code point of the running Python's Unicode database.
_SUSPECT = pattern(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\xad\u0600-\u070f\u0890-\u08ff\u180e\u200b-\u200f"
    "\u2028-\u202e\u2060-\u206f\ud800-\udfff\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001345f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]"
)


class _Table(dict[int, "str | None"]):
    """A str.translate table that classifies each code point once, on demand.

    Building a table for all of Unicode up front would cost a tenth of a
    second at start-up; this learns only the characters actually seen.
    """

    def __init__(self, newline: str, tab: str = " ") -> None:
        super().__init__()
        self.newline = newline
        self.tab = tab

    def __missing__(self, cp: int) -> str | None:
        ch = chr(cp)
        value: str | None
        if ch == "\n" or ch in "\u2028\u2029\x85":
            value = self.newline
        elif ch == "\t":
            value = self.tab
        elif ch in _JOINER_CHARS:
            value = ch  # kept or dropped by where it stands (_joined), once the rest is clean
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
_KEEP_TABS = _Table("\n", tab="\t")


def clean(text: object, *, one_line: bool = False, keep_tabs: bool = False, link: bool = False) -> str:
    """Return ``text`` as a string that cannot change the terminal's state.

    ``one_line`` also folds line breaks and runs of spaces, for table cells
    and titles where a stray newline would break the layout. ``keep_tabs``
    keeps tab characters in multi-line text (notes and summaries as stored,
    where a tab may indent code); on screen they become spaces. ``link``
    is a link's text: one line, and no joiner is kept, since no script is
    shaped in an address and a joiner there could only disguise it.
    """
    s = text if isinstance(text, str) else ("" if text is None else str(text))
    if not s.isprintable():  # one C loop, true for nearly all titles
        table = _ONE_LINE if one_line or link else _KEEP_TABS if keep_tabs else _MULTILINE
        if s.replace("\n", "").replace("\t", "").isprintable():
            # Printable apart from line breaks and tabs (most notes, an article with code in
            # it): only the tabs change, without a look-up of every character.
            s = s.replace("\t", table.tab)
        elif _SUSPECT.search(s):
            s = _ESCAPES.sub("", s).translate(table)
            if "\u200c" in s or "\u200d" in s:  # rare: decided run by run, after the rest is gone
                s = _JOINERS.sub("" if link else _joined, s)
    return " ".join(s.split()) if one_line or link else s


# ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER, and runs of them.
_JOINER_CHARS = "\u200c\u200d"
_JOINERS = pattern("[\u200c\u200d]+")
# Scripts whose letters never change shape by their neighbours: a joiner
# between two of their letters only hides something (a word split where
# search or a reader cannot see it). The first word of a character's name
# stands for its script (Python has no script property); COMBINING is the
# marks every script shares.
_UNSHAPED = frozenset(
    {"LATIN", "GREEK", "CYRILLIC", "CJK", "IDEOGRAPHIC", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA", "BOPOMOFO"}
    | {"HANGUL", "COMBINING", "MODIFIER", "SUPERSCRIPT", "SUBSCRIPT", "MATHEMATICAL", ""}
)


def _joined(match: re.Match[str]) -> str:
    """A run of joiners as it stays in ``match.string``: a single joiner where writing
    needs it, else nothing (leading, trailing, beside a space or punctuation, between
    two scripts, in Latin or Chinese text, or repeated).

    Writing needs one between two letters (or marks) of one script that shapes its
    letters by their neighbours (Arabic and Persian, the Indic scripts, Syriac...):
    the non-joiner that keeps می and خواهم apart, the joiner after a virama that asks
    for a half form. A ZWJ also joins emoji into one (👨‍👩‍👧): after an emoji, its
    skin tone or the VS16 that makes it colourful, and before the next emoji."""
    text, (start, end) = match.string, match.span()
    if end - start != 1 or start == 0 or end == len(text):
        return ""
    before, after = text[start - 1], text[end]
    if match.group() == "\u200d" and _emoji(after) and (_emoji(before) or before == "\ufe0f" or _skin(before)):
        return match.group()
    script = _shaped_script(before)
    return match.group() if script is not None and script == _shaped_script(after) else ""


def may_join(ch: str) -> bool:
    """Whether ``clean`` may keep a joiner beside ``ch``: a letter or mark of a shaping
    script, an emoji, its skin tone, or the VS16 that makes it colourful."""
    return _emoji(ch) or _skin(ch) or ch == "\ufe0f" or _shaped_script(ch) is not None


def _emoji(ch: str) -> bool:
    return unicodedata.category(ch) == "So"


def _skin(ch: str) -> bool:
    return "\U0001f3fb" <= ch <= "\U0001f3ff"


def _shaped_script(ch: str) -> str | None:
    """The script of a letter or mark whose script shapes its letters, else None."""
    if unicodedata.category(ch)[0] not in "LM":
        return None
    script = unicodedata.name(ch, "").split(" ", 1)[0]
    return None if script in _UNSHAPED or script.startswith(("FULLWIDTH", "HALFWIDTH")) else script


# C0 and C1 control characters other than tab and newline, and DEL: what no
# stored text keeps (``clean`` drops them on the way in), and what an export
# must not carry out either.
_CONTROLS = pattern("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NAME_CONTROLS = pattern("[\x00-\x1f\x7f-\x9f]")


def strip_controls(text: str) -> str:
    """``text`` without terminal escape sequences and control characters
    (tab and newline stay; a NEL becomes a newline, as ``clean`` makes it).

    For the lossless exports: unlike ``clean`` it keeps runs of spaces,
    line separators and invisible format characters, so text that readlog
    stored itself (always clean already) is written exactly as stored, and
    only what another tool or an older version left in the library goes.
    """
    if not _CONTROLS.search(text):
        return text
    return _CONTROLS.sub(lambda m: "\n" if m.group() == "\x85" else "", _ESCAPES.sub("", text))


def holds_controls(text: str) -> bool:
    """Whether ``strip_controls`` would change ``text`` (it holds a control
    character other than tab and newline): one scan for many values joined."""
    return _CONTROLS.search(text) is not None


def shown_name(name: str) -> str:
    """A file name or argument as one line of text that can be printed and stored.

    Linux allows any bytes but NUL and ``/`` in a file name; Python hands
    those that are not UTF-8 over as lone surrogates ("surrogateescape"),
    which cannot be written to a UTF-8 stream or an SQLite column. They are
    shown as backslash escapes of the bytes (``\\xff``), and so are control
    characters (a newline in a name would break the line); the rest as it is.
    """
    if is_text(name) and not _NAME_CONTROLS.search(name):
        return name
    try:
        text = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate that stands for no byte
        text = name.encode("utf-8", "backslashreplace").decode("utf-8")
    return _NAME_CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def is_text(value: str) -> bool:
    """Whether ``value`` is valid text (no lone surrogates: bytes that were not UTF-8)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
