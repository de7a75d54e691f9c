"""How search folds case: one fold, for what the index is fed and for what is searched.

The index is an FTS5 trigram index (case_sensitive 0). FTS5 folds each
character by itself (sqlite3Fts5UnicodeFold with no diacritic removal),
from a table frozen at Unicode 6.1 (the "unicode61" tables, found by
experiment on SQLite 3.40, checked by tests/test_search_fold.py over every
code point): the simple case folding of the Basic Multilingual Plane
(A->a, Σ->σ, ς->σ, ẞ->ß, ſ->s, K (Kelvin)->k, µ->μ) plus Deseret
(U+10400-10427); U+FFFE and U+FFFF read as U+FFFD. It leaves alone every
character whose folding is more than one character (ß, İ, ligatures) and
every case pair added to Unicode after 6.1: Cherokee small letters
(U+AB70-ABBF, U+13F8-13FD), Georgian Mtavruli (U+1C90-1CBF), Latin and
Cyrillic letters added since (U+A7AB..., U+0528-052F), Osage, Adlam,
Old Hungarian and the other scripts outside the BMP. Those match only as
written.

Python's str.lower() is not that fold: "İ".lower() is two characters
("i" and a combining dot) and "ß".upper() is "SS". So that a word is found
whichever case it is typed in, the index and the query both go through
PREMAP first (SQL replace() on the index side, see schema.indexed; the
same chain of str.replace here), then FTS5's own fold (the index) or its
copy, FTS5_FOLD (the query):

* Turkish: İ (U+0130), ı (U+0131), and "i"/"I" followed by a combining dot
  above (what lower() and upper() make of İ) all become "i", so
  "istanbul", "ISTANBUL", "İSTANBUL" and "i̇stanbul" find "İstanbul";
* German: ß and ẞ become "ss" ("STRASSE" finds "Straße");
* ligatures that upper() spells out: ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ (PDF text), Armenian և;
* Greek ΐ and ΰ, whose upper() is three characters, become the
  decomposed letters upper().lower() gives back.

The chain is ordered so that running it is the same as one pass over the
text (no replacement makes a match for a later rule), which the snippet
marking relies on (fold_spans). Adding a rule changes what the index holds:
that is a new migration (see migrations/m008_fold_case_both_sides.py).

Before PREMAP, each character is looked up by itself in EARLY (schema 11,
migrations/m011_fold_width_and_joiners.py):

* the full-width forms of ASCII (U+FF01-FF5E) become ASCII: what Chinese
  and Japanese input methods type in full-width mode (ｒｕｓｔ, ＡＢＣ, ２０２４,
  Ｃ＋＋, ５０％) finds the same words as ASCII, and the other way round. Not
  the punctuation of Chinese and Japanese sentences (SENTENCE_MARKS:
  ，：；！？（）～), which is those languages' own, not a wide ASCII sign, and
  is in nearly every Chinese text (folding it would re-index every one).
  Only that range: NFKC as a whole would also make ² a 2, ① a 1, ㎏ "kg",
  ﬀ "ff" and half-width katakana full-width, which are written on purpose
  and are not what anyone types for the letter; the ideographic space is
  already a space (SPACES);
* the zero-width joiners (U+200C, U+200D), which text keeps where a script
  or an emoji needs them (sanitize.clean), go: می‌خواهم is found typed with
  or without its non-joiner, 👨‍👩‍👧 with or without its joiners.

Canonically equivalent text (é as one character or as e and a combining
accent, NFC and NFD) is not folded here: composing it would take a
thousand rules that SQLite's SQL has no cheaper way to apply. The query
looks for each word in both forms instead (search.parse_query).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import overload

# Replacements applied, in this order, to the text fed to the index and to
# every search term, before the per-character fold.
PREMAP: tuple[tuple[str, str], ...] = (
    ("i\u0307", "i"),
    ("I\u0307", "i"),
    ("\u0130", "i"),
    ("\u0131", "i"),
    ("\u00df", "ss"),
    ("\u1e9e", "ss"),
    ("\ufb00", "ff"),
    ("\ufb01", "fi"),
    ("\ufb02", "fl"),
    ("\ufb03", "ffi"),
    ("\ufb04", "ffl"),
    ("\ufb05", "st"),
    ("\ufb06", "st"),
    ("\u0587", "\u0565\u0582"),
    ("\u0390", "\u03b9\u0308\u0301"),
    ("\u03b0", "\u03c5\u0308\u0301"),
)

# The punctuation Chinese and Japanese sentences are written with, which is not a wide
# ASCII sign but those languages' own: kept as written (see above).
SENTENCE_MARKS = "！（），：；？～"
# What fold() does first, to each character by itself (see above): full-width ASCII
# to ASCII, and the joiners removed.
EARLY: dict[str, str] = {
    chr(code): chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F) if chr(code) not in SENTENCE_MARKS
} | {"\u200c": "", "\u200d": ""}

# sqlite3Fts5UnicodeFold(c, 0) as ranges: (first, last, step, offset): every
# step-th code point from first to last folds to itself plus offset; every
# other code point is left as it is.
FTS5_RANGES: tuple[tuple[int, int, int, int], ...] = (
    (0x41, 0x5A, 1, 32),
    (0xB5, 0xB5, 1, 775),
    (0xC0, 0xD6, 1, 32),
    (0xD8, 0xDE, 1, 32),
    (0x100, 0x12E, 2, 1),
    (0x132, 0x136, 2, 1),
    (0x139, 0x147, 2, 1),
    (0x14A, 0x176, 2, 1),
    (0x178, 0x178, 1, -121),
    (0x179, 0x17D, 2, 1),
    (0x17F, 0x17F, 1, -268),
    (0x181, 0x181, 1, 210),
    (0x182, 0x184, 2, 1),
    (0x186, 0x186, 1, 206),
    (0x187, 0x187, 1, 1),
    (0x189, 0x18A, 1, 205),
    (0x18B, 0x18B, 1, 1),
    (0x18E, 0x18E, 1, 79),
    (0x18F, 0x18F, 1, 202),
    (0x190, 0x190, 1, 203),
    (0x191, 0x191, 1, 1),
    (0x193, 0x193, 1, 205),
    (0x194, 0x194, 1, 207),
    (0x196, 0x196, 1, 211),
    (0x197, 0x197, 1, 209),
    (0x198, 0x198, 1, 1),
    (0x19C, 0x19C, 1, 211),
    (0x19D, 0x19D, 1, 213),
    (0x19F, 0x19F, 1, 214),
    (0x1A0, 0x1A4, 2, 1),
    (0x1A6, 0x1A6, 1, 218),
    (0x1A7, 0x1A7, 1, 1),
    (0x1A9, 0x1A9, 1, 218),
    (0x1AC, 0x1AC, 1, 1),
    (0x1AE, 0x1AE, 1, 218),
    (0x1AF, 0x1AF, 1, 1),
    (0x1B1, 0x1B2, 1, 217),
    (0x1B3, 0x1B5, 2, 1),
    (0x1B7, 0x1B7, 1, 219),
    (0x1B8, 0x1B8, 1, 1),
    (0x1BC, 0x1BC, 1, 1),
    (0x1C4, 0x1C4, 1, 2),
    (0x1C5, 0x1C5, 1, 1),
    (0x1C7, 0x1C7, 1, 2),
    (0x1C8, 0x1C8, 1, 1),
    (0x1CA, 0x1CA, 1, 2),
    (0x1CB, 0x1DB, 2, 1),
    (0x1DE, 0x1EE, 2, 1),
    (0x1F1, 0x1F1, 1, 2),
    (0x1F2, 0x1F4, 2, 1),
    (0x1F6, 0x1F6, 1, -97),
    (0x1F7, 0x1F7, 1, -56),
    (0x1F8, 0x21E, 2, 1),
    (0x220, 0x220, 1, -130),
    (0x222, 0x232, 2, 1),
    (0x23A, 0x23A, 1, 10795),
    (0x23B, 0x23B, 1, 1),
    (0x23D, 0x23D, 1, -163),
    (0x23E, 0x23E, 1, 10792),
    (0x241, 0x241, 1, 1),
    (0x243, 0x243, 1, -195),
    (0x244, 0x244, 1, 69),
    (0x245, 0x245, 1, 71),
    (0x246, 0x24E, 2, 1),
    (0x345, 0x345, 1, 116),
    (0x370, 0x372, 2, 1),
    (0x376, 0x376, 1, 1),
    (0x386, 0x386, 1, 38),
    (0x388, 0x38A, 1, 37),
    (0x38C, 0x38C, 1, 64),
    (0x38E, 0x38F, 1, 63),
    (0x391, 0x3A1, 1, 32),
    (0x3A3, 0x3AB, 1, 32),
    (0x3C2, 0x3C2, 1, 1),
    (0x3CF, 0x3CF, 1, 8),
    (0x3D0, 0x3D0, 1, -30),
    (0x3D1, 0x3D1, 1, -25),
    (0x3D5, 0x3D5, 1, -15),
    (0x3D6, 0x3D6, 1, -22),
    (0x3D8, 0x3EE, 2, 1),
    (0x3F0, 0x3F0, 1, -54),
    (0x3F1, 0x3F1, 1, -48),
    (0x3F4, 0x3F4, 1, -60),
    (0x3F5, 0x3F5, 1, -64),
    (0x3F7, 0x3F7, 1, 1),
    (0x3F9, 0x3F9, 1, -7),
    (0x3FA, 0x3FA, 1, 1),
    (0x3FD, 0x3FF, 1, -130),
    (0x400, 0x40F, 1, 80),
    (0x410, 0x42F, 1, 32),
    (0x460, 0x480, 2, 1),
    (0x48A, 0x4BE, 2, 1),
    (0x4C0, 0x4C0, 1, 15),
    (0x4C1, 0x4CD, 2, 1),
    (0x4D0, 0x526, 2, 1),
    (0x531, 0x556, 1, 48),
    (0x10A0, 0x10C5, 1, 7264),
    (0x10C7, 0x10C7, 1, 7264),
    (0x10CD, 0x10CD, 1, 7264),
    (0x1E00, 0x1E94, 2, 1),
    (0x1E9B, 0x1E9B, 1, -58),
    (0x1E9E, 0x1E9E, 1, -7615),
    (0x1EA0, 0x1EFE, 2, 1),
    (0x1F08, 0x1F0F, 1, -8),
    (0x1F18, 0x1F1D, 1, -8),
    (0x1F28, 0x1F2F, 1, -8),
    (0x1F38, 0x1F3F, 1, -8),
    (0x1F48, 0x1F4D, 1, -8),
    (0x1F59, 0x1F5F, 2, -8),
    (0x1F68, 0x1F6F, 1, -8),
    (0x1F88, 0x1F8F, 1, -8),
    (0x1F98, 0x1F9F, 1, -8),
    (0x1FA8, 0x1FAF, 1, -8),
    (0x1FB8, 0x1FB9, 1, -8),
    (0x1FBA, 0x1FBB, 1, -74),
    (0x1FBC, 0x1FBC, 1, -9),
    (0x1FBE, 0x1FBE, 1, -7173),
    (0x1FC8, 0x1FCB, 1, -86),
    (0x1FCC, 0x1FCC, 1, -9),
    (0x1FD8, 0x1FD9, 1, -8),
    (0x1FDA, 0x1FDB, 1, -100),
    (0x1FE8, 0x1FE9, 1, -8),
    (0x1FEA, 0x1FEB, 1, -112),
    (0x1FEC, 0x1FEC, 1, -7),
    (0x1FF8, 0x1FF9, 1, -128),
    (0x1FFA, 0x1FFB, 1, -126),
    (0x1FFC, 0x1FFC, 1, -9),
    (0x2126, 0x2126, 1, -7517),
    (0x212A, 0x212A, 1, -8383),
    (0x212B, 0x212B, 1, -8262),
    (0x2132, 0x2132, 1, 28),
    (0x2160, 0x216F, 1, 16),
    (0x2183, 0x2183, 1, 1),
    (0x24B6, 0x24CF, 1, 26),
    (0x2C00, 0x2C2E, 1, 48),
    (0x2C60, 0x2C60, 1, 1),
    (0x2C62, 0x2C62, 1, -10743),
    (0x2C63, 0x2C63, 1, -3814),
    (0x2C64, 0x2C64, 1, -10727),
    (0x2C67, 0x2C6B, 2, 1),
    (0x2C6D, 0x2C6D, 1, -10780),
    (0x2C6E, 0x2C6E, 1, -10749),
    (0x2C6F, 0x2C6F, 1, -10783),
    (0x2C70, 0x2C70, 1, -10782),
    (0x2C72, 0x2C72, 1, 1),
    (0x2C75, 0x2C75, 1, 1),
    (0x2C7E, 0x2C7F, 1, -10815),
    (0x2C80, 0x2CE2, 2, 1),
    (0x2CEB, 0x2CED, 2, 1),
    (0x2CF2, 0x2CF2, 1, 1),
    (0xA640, 0xA66C, 2, 1),
    (0xA680, 0xA696, 2, 1),
    (0xA722, 0xA72E, 2, 1),
    (0xA732, 0xA76E, 2, 1),
    (0xA779, 0xA77B, 2, 1),
    (0xA77D, 0xA77D, 1, -35332),
    (0xA77E, 0xA786, 2, 1),
    (0xA78B, 0xA78B, 1, 1),
    (0xA78D, 0xA78D, 1, -42280),
    (0xA790, 0xA792, 2, 1),
    (0xA7A0, 0xA7A8, 2, 1),
    (0xA7AA, 0xA7AA, 1, -42308),
    (0xFF21, 0xFF3A, 1, 32),
    (0xFFFE, 0xFFFE, 1, -1),
    (0xFFFF, 0xFFFF, 1, -2),
    (0x10400, 0x10427, 1, 40),
)

_table: dict[int, int] = {}
_single = {old: new for old, new in PREMAP if len(old) == 1}
_inverse: dict[str, frozenset[str]] = {}
_cased: set[str] = set()
_premap_chars: list[str] = []
_early_table = {ord(old): new for old, new in EARLY.items()}


def char_class(chars: str) -> str:
    """A regular expression's class of ``chars``, runs of consecutive code points written as
    ranges: a class of a hundred characters one by one takes milliseconds to compile."""
    codes = sorted(set(map(ord, chars)))
    parts = []
    start = 0
    for i in range(1, len(codes) + 1):
        if i == len(codes) or codes[i] != codes[i - 1] + 1:
            first, last = codes[start], codes[i - 1]
            parts.append(re.escape(chr(first)) + ("" if first == last else "-" + re.escape(chr(last))))
            start = i
    return "[" + "".join(parts) + "]"


_early_runs = re.compile(char_class("".join(EARLY)) + "+")
_one_for_one: dict[int, int] = {}


def fts5_table() -> dict[int, int]:
    """FTS5's fold as a str.translate table (built on first use)."""
    if not _table:
        for first, last, step, offset in FTS5_RANGES:
            for code in range(first, last + 1, step):
                _table[code] = code + offset
    return _table


def early(text: str) -> str:
    """``text`` with EARLY applied: full-width ASCII made ASCII, joiners removed."""
    if _early_runs.search(text) is None:  # nearly all text: one scan in C
        return text
    return _early_runs.sub(lambda m: m.group().translate(_early_table), text)


def fold(text: str) -> str:
    """``text`` as the index sees it, case-wise: EARLY, PREMAP, then FTS5's fold."""
    if text.isascii():  # no rule of EARLY or PREMAP applies, and FTS5's fold is A-Z to a-z
        return text.lower()
    text = early(text)
    if text.isascii():
        return text.lower()
    if len(text) < LONG or "\u0307" in text:
        return chain(text)
    # Long text (a search's snippets): str.translate looks up every character
    # in a dict, ~50 ns each; only the runs of characters that fold changes
    # are folded, found by a regular expression in C (6 times faster). The
    # same: without the two-character rules (i + U+0307) the chain maps each
    # character by itself.
    return _changing().sub(_fold_run, text)


LONG = 100  # characters from which fold() looks for the characters to change first
_runs: re.Pattern[str] | None = None


def chain(text: str) -> str:
    """fold() as written after EARLY: PREMAP's replacements in turn, then FTS5's fold."""
    for old, new in PREMAP:
        if old in text:
            text = text.replace(old, new)
    return text.translate(fts5_table())


def _fold_run(match: re.Match[str]) -> str:
    return chain(match.group())


def _changing() -> re.Pattern[str]:
    """Runs of the characters that fold changes (FTS5's fold and PREMAP's one-character rules)."""
    global _runs
    if _runs is None:
        parts = [re.escape(c) for c in _single]
        for first, last, step, _ in FTS5_RANGES:
            if step == 1:
                parts.append(f"{re.escape(chr(first))}-{re.escape(chr(last))}")
            else:
                parts.extend(re.escape(chr(code)) for code in range(first, last + 1, step))
        _runs = re.compile("[" + "".join(parts) + "]+")
    return _runs


def forms(text: str) -> list[str]:
    """``text`` and the other spellings of it that Unicode counts as the same text and
    fold() does not make the same: composed (NFC: é as one character) and decomposed
    (NFD: e and a combining accent; Hangul as its letters), the two forms text is stored
    in. A search looks for each (the index cannot compose text: see above); ASCII has
    no other spelling."""
    if text.isascii():
        return [text]
    import unicodedata

    found, seen = [text], {fold(text)}
    for form in ("NFC", "NFD"):
        other = unicodedata.normalize(form, text)
        if fold(other) not in seen:
            seen.add(fold(other))
            found.append(other)
    return found


def fold_char(ch: str) -> str:
    """One character folded by itself (EARLY, PREMAP's one-character rules and FTS5's fold):
    one character, several (ß) or none (a joiner)."""
    ch = EARLY.get(ch, ch)
    return _single.get(ch, ch).translate(fts5_table())


def folds_to(ch: str) -> frozenset[str]:
    """Every single character whose fold holds ``ch`` (``ch`` itself included):
    what a scan for the one-character term ``ch`` (already folded) must look for."""
    if not _inverse:
        found: dict[str, set[str]] = {}
        for source in [*map(chr, fts5_table()), *_single, *EARLY]:
            for part in fold_char(source):
                found.setdefault(part, {part}).add(source)
        _inverse.update({k: frozenset(v) for k, v in found.items()})
    return _inverse.get(ch, frozenset({ch}))


def twins(word: str) -> str:
    """The characters other than ASCII that stand between SQL's ``lower()`` and the index for
    ``word`` (ASCII, folded): those whose fold holds one of its characters (ｃ, Ｃ, ſ, ß,
    ﬁ...), the joiners, which the index takes out, and the characters that a rule of
    PREMAP takes out after a letter (the dot of i̇). In a value that holds none of them
    (files.holds_any tells),
    ``instr(lower(value), word)`` finds ``word`` exactly where the index does; in any
    value, where it finds it the index does too (ASCII letters only fold to their lower
    case, and no rule turns ASCII into anything else: see search.tier_of)."""
    # The characters that fold at all into ASCII (what folds_to would find, without building
    # its table of every character: a search's first call of it costs 3 ms).
    letters = set(word)
    table = fts5_table()
    sources = [*EARLY, *_single, *(chr(code) for code, to in table.items() if to < 0x80 <= code)]
    found = {c for c in sources if letters.intersection(fold_char(c))}
    found.update(old for old, new in EARLY.items() if not new)
    found.update(c for old, _ in PREMAP if len(old) > 1 for c in old)
    return "".join(sorted(c for c in found if not c.isascii()))


def has_case(ch: str) -> bool:
    """Whether folding changes ``ch``, or turns some other text into something holding it
    (then the stored text cannot be searched for it byte for byte): a character that
    folds (case, full width), one that another folds to (ASCII has full-width twins), or
    one beside which text may keep a joiner, which the index leaves out."""
    if not _cased:
        _cased.update(map(chr, fts5_table()), map(chr, fts5_table().values()))
        _cased.update("".join(old + fold(new) for old, new in PREMAP))
        _cased.update(EARLY, "".join(EARLY.values()))
    if ch in _cased:
        return True
    from readlog.model.sanitize import may_join

    return may_join(ch)


def one_for_one(text: str) -> bool:
    """Whether ``fold(text)`` has one character for each of ``text``'s, each
    from the character at the same place (then fold_spans' spans are the
    identity): no rule of PREMAP that changes the length applies. Checked
    with a regular expression, in C, instead of fold_spans' loop in Python."""
    global _uneven
    if _uneven is None:
        # A rule of several characters (i + U+0307) may only start where its
        # last character is; a one-character rule matters when it makes several
        # (or none: the joiners EARLY removes).
        marks = {old[-1] for old, _ in PREMAP if len(old) > 1}
        marks |= {old for old, new in PREMAP if len(old) == 1 and len(new) != 1}
        marks |= {old for old, new in EARLY.items() if len(new) != 1}
        _uneven = re.compile("[" + "".join(sorted(re.escape(c) for c in marks)) + "]")
    return _uneven.search(text) is None


_uneven: re.Pattern[str] | None = None


def fold_spans(text: str) -> tuple[str, Sequence[tuple[int, int]]]:
    """``fold(text)`` with, for each of its characters, where the text it came from
    starts and ends in ``text`` (to mark hits in the original text).

    A text without any of PREMAP's characters or joiners (nearly every text)
    folds one character for one: that is str.translate, and each character
    comes from its own position (a snippet of an article is found without a
    Python loop over its text)."""
    if not any(ch in text for ch in _stretching()):
        return text.translate(_one_for_one_table()), _Same(len(text))
    # EARLY first, each character by itself (one for one, or none), remembering where each came from.
    kept = [(i, mapped) for i, ch in enumerate(text) if (mapped := EARLY.get(ch, ch))]
    mapped = "".join(ch for _, ch in kept)
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(mapped):
        ch = mapped[i]
        if ch in "iI" and mapped[i + 1 : i + 2] == "\u0307":
            piece, width = "i", 2
        else:
            piece, width = fold_char(ch), 1
        out.append(piece)
        spans.extend([(kept[i][0], kept[i + width - 1][0] + 1)] * len(piece))
        i += width
    return "".join(out), spans


def _one_for_one_table() -> dict[int, int]:
    """FTS5's fold and EARLY's one-for-one rules (full width) as one str.translate table."""
    if not _one_for_one:
        table = fts5_table()
        _one_for_one.update(table)
        _one_for_one.update({ord(old): ord(fold_char(new)) for old, new in EARLY.items() if len(new) == 1})
    return _one_for_one


def _stretching() -> str:
    """Every character that starts or ends one of PREMAP's texts, and the joiners: where fold_spans must walk."""
    if not _premap_chars:
        chars = {c for old, _ in PREMAP for c in old if c not in "iI"}
        chars |= {old for old, new in EARLY.items() if not new}
        _premap_chars.append("".join(sorted(chars)))
    return _premap_chars[0]


class _Same(Sequence[tuple[int, int]]):
    """The spans of a fold that kept every character in its place: position i came from (i, i + 1)."""

    def __init__(self, length: int) -> None:
        self._length = length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> tuple[int, int]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[int, int]]: ...

    def __getitem__(self, index: int | slice) -> tuple[int, int] | Sequence[tuple[int, int]]:
        if isinstance(index, slice):
            return [(i, i + 1) for i in range(self._length)[index]]
        i = range(self._length)[index]  # IndexError and negative indices as a list has them
        return (i, i + 1)

    def __eq__(self, other: object) -> bool:
        return list(self) == other if isinstance(other, list) else NotImplemented


def premap_sql(expr: str, rules: tuple[tuple[str, str], ...] = PREMAP) -> str:
    """SQL for ``rules`` (PREMAP) applied to ``expr`` (nested replace() calls, ``expr`` once)."""
    for old, new in rules:
        expr = f"replace({expr}, {_literal(old)}, {_literal(new)})"
    return expr


def _literal(text: str) -> str:
    """A string as SQL: ASCII as a quoted literal, anything else as char() (the schema stays ASCII)."""
    if text.isascii():
        return "'" + text.replace("'", "''") + "'"
    return "char(" + ", ".join(str(ord(c)) for c in text) + ")"


# Whitespace that the index (and the query parser, see search.py) folds into
# single spaces, so that a phrase matches across line breaks and double spaces.
SPACES = " \t\n\v\f\r\xa0\u3000"
# What makes index_text change a value (besides the space it adds): two spaces in a row, a
# character it turns into a space, a character of EARLY, or the last character of one of
# PREMAP's rules (a value without it holds none of that rule's text). NUL too (once a SQL
# test's blind spot). A class of single characters: the regular expression engine scans
# for one in a tight loop.
_CHANGES = re.compile(char_class("".join({*SPACES[1:], *(old[-1] for old, _ in PREMAP), *EARLY, "\0"})))
# index_text's rules as bytes, in the order it applies them, for a value that is not UTF-8.
_BYTE_RULES = tuple(
    (old.encode(), new.encode()) for old, new in (*EARLY.items(), *PREMAP, *((ch, " ") for ch in SPACES[1:]))
)


def index_text(value: bytes | None) -> str | bytes | None:
    """What the search index is fed for a value (common.INDEX_FUNCTION in SQL), given as its
    bytes (SQL's ``CAST(x AS BLOB)``, so that any value reaches it whole: text, a number, a
    blob, bytes that are not UTF-8).

    EARLY, then PREMAP, then every SPACES character made a space and runs of
    spaces (up to 64) made one, then a space added at the end (two-character
    searches rely on it, see search.py). NULL stays NULL. Text is returned as
    text; bytes that are not UTF-8 as bytes, each rule applied to their bytes
    as SQL's replace() would (FTS5 reads the two alike).

    Each rule is applied to the whole value in turn, as the chain of replace()
    calls in the triggers of schemas 6 to 12 did: a library's index holds
    what they fed it, and a row is taken out of the index with what this
    function makes of its values, so this is frozen as long as the schema
    names it. A different fold is a new function under a new name and a
    migration that indexes every entry again with it (tests/test_search_index.py
    holds this one to the rules as schema 11 froze them).
    """
    if value is None:
        return None
    try:
        text = value.decode()
    except UnicodeDecodeError:
        for raw, made in _BYTE_RULES:
            value = value.replace(raw, made)
        for _ in range(6):
            value = value.replace(b"  ", b" ")
        return value + b" "
    if unchanged_by_index(text):  # nearly every value: one scan
        return text + " "
    if not text.isascii():
        text = early(text)  # EARLY's rules are of one character each: as one pass over the text
        for old, new in PREMAP:
            if old in text:
                text = text.replace(old, new)
    for space in SPACES[1:]:  # each a scan in C: a regular expression's sub is ~20 times slower on a long text
        if space in text:
            text = text.replace(space, " ")
    if "  " in text:
        for _ in range(6):
            text = text.replace("  ", " ")
    return text + " "


def unchanged_by_index(value: object) -> bool:
    """Whether index_text feeds the index ``value`` as it is, followed by a space: a string
    with nothing to fold (see _CHANGES)."""
    return type(value) is str and (not value or ("  " not in value and _CHANGES.search(value) is None))
