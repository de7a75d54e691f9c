"""The encoding of a feed that names none, or names UTF-8, and is not UTF-8.

XML without an encoding declaration is UTF-8 by the standard, but feeds
written by old Windows or Central European servers are often in cp1252 or
ISO-8859-2 (latin-2) all the same. Feed readers fall back as feedparser
does: UTF-8 first, then windows-1252, then iso-8859-2. Taking the first
that decodes would read every latin-2 feed as cp1252 (any byte decodes
there), so each candidate's text is weighed instead: a C1 control
character, or a symbol inside or at the edge of a word (``Za¿ó³æ``,
``¹»astie``: latin-2's ``ż``, ``ł``, ``š``, ``ť`` read as cp1252), counts
against it; the fewer, the better, and cp1252 wins a tie. Text whose
letters read as letters in both (``Plzeň`` in latin-2 is ``Plzeò`` in
cp1252) cannot be told apart this way: --encoding settles it. A feed whose
declaration says UTF-8 while its bytes are not (a template's default left in
place by a server writing cp1252) is guessed at the same way. So is a CSV
or tab-separated file (``looks_like_table``), among cp1252, cp1250 and
cp1251 as spreadsheets save them, a word that mixes Cyrillic and Latin
letters counting against a reading too.

Text in Chinese or Japanese saved by Windows in its legacy code page
(GBK/GB18030 for simplified Chinese, Big5 for traditional, Shift_JIS for
Japanese: a digest, a list of links, a CSV from Excel) is told apart the
same way, by what it reads as in each: the candidate under which the most of
its letters are the characters those languages use most (kana for
Japanese) wins, if enough of them are (``guess_cjk``). Any other file not in
UTF-8 is refused with a hint, as before.
"""

from __future__ import annotations

import codecs
import functools
import re

CANDIDATES = ("cp1252", "iso-8859-2")
TABLE_CANDIDATES = ("cp1252", "cp1250", "cp1251")
_FIRST_LINES = re.compile(rb"[^\r\n]{1,2000}")
_CELL_DELIMITERS = b",;\t|"
_WORD = re.compile(r"[^\W\d_]{2,}")
FEED_ROOT = re.compile(
    rb"^(?:\xef\xbb\xbf)?\s*(?:<\?[^>]{0,400}\?>\s*|<!--.{0,4000}?-->\s*|<!DOCTYPE[^>\[]{0,400}(?:\[.{0,4000}?\]\s*)?>\s*)*"
    rb"<(?:[\w.-]{1,20}:)?(?:rss|feed|RDF)[\s>]",
    re.S | re.I,
)


def looks_like_feed(head: bytes) -> bool:
    return FEED_ROOT.match(head[:8192]) is not None


def looks_like_table(head: bytes) -> bool:
    """A CSV or tab-separated file: a first line that is no markup, holding a
    delimiter that the next lines hold too."""
    lines = _FIRST_LINES.findall(head[:8192], 0)[:4]
    if len(lines) < 2 or lines[0].lstrip()[:1] in (b"<", b"{", b"["):
        return False
    return any(d in lines[0] and any(d in line for line in lines[1:]) for d in _CELL_DELIMITERS)


def guess(head: bytes, candidates: tuple[str, ...] = CANDIDATES) -> str | None:
    """The likeliest legacy encoding of ``head`` (a feed's or a table's first
    bytes) among ``candidates``, or None when none decodes it."""
    best, best_cost = None, None
    scripts = "cp1251" in candidates
    for name in candidates:
        try:
            text = head.decode(name)
        except UnicodeDecodeError:
            continue
        cost = _implausible(text) + (_mixed_scripts(text) if scripts else 0)
        if best_cost is None or cost < best_cost:
            best, best_cost = name, cost
    return best


def _implausible(text: str) -> int:
    """How many characters of ``text`` no writer would have meant: C1
    controls, and symbols beyond ASCII inside a word (``Za¿ó³æ``) or at the
    edge of one, unless they are punctuation that stands there (``«``,
    ``¿``, ``“``, ``€``)."""
    cost = 0
    for i, ch in enumerate(text):
        if ch < "\x80":
            continue
        if ch <= "\x9f":
            cost += 2
            continue
        if ch.isalpha() or ch.isspace():
            continue
        before = text[i - 1].isalpha() if i else False
        after = text[i + 1].isalpha() if i + 1 < len(text) else False
        if (before and after) or ((before or after) and ch not in _WORD_PUNCTUATION):
            cost += 1
    return cost


def _mixed_scripts(text: str) -> int:
    """Words no language writes: Cyrillic and Latin letters in one word, or
    three letters and more all accented Latin ones (``Íàçâàíèå``)."""
    cost = 0
    for m in _WORD.finditer(text):
        word = m.group(0)
        cyrillic = sum(1 for ch in word if "\u0400" <= ch <= "\u04ff")
        mixed = 0 < cyrillic < len(word)
        cost += mixed or (len(word) >= 3 and all("\u00c0" <= ch <= "\u024f" for ch in word))
    return cost


# Punctuation that may touch a word in text written in cp1252 or latin-2.
_WORD_PUNCTUATION = frozenset("«»¿¡„“”‘’‚–—…€£°§©®™")


CJK_CANDIDATES = ("gb18030", "big5", "shift_jis")
# The characters Chinese text uses most, in simplified and in traditional script.
_COMMON_HAN = frozenset(
    "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家"
    "种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实文程数据新用于与及等"
    "這個們來為國會時說對過發後裡經麼學現當沒動還進種樣實從與關問題點無應將長開業數據"
)
# Those of them GB2312 has (both bytes from 0xA1): what GB18030 text mostly holds. Misread
# Latin text ("ßa" = DF 61) makes GBK's other characters, whose second byte is ASCII ("點" is
# FC 63): counted as Chinese, a few of them once passed for Chinese text.


@functools.cache
def _gb2312_common() -> frozenset[str]:
    """_COMMON_HAN's characters that GB2312 has, found when a file is first guessed (the GB18030
    codec is loaded only for a file that is not UTF-8)."""
    return frozenset(ch for ch in _COMMON_HAN if min(ch.encode("gb18030")) >= 0xA1)


_ENOUGH = 0.12  # the least share of such characters among the letters: prose has 0.2-0.4, misread bytes under 0.06
_FEWEST_LETTERS = 8


def guess_cjk(head: bytes) -> str | None:
    """GB18030, Big5 or Shift_JIS when ``head`` (not UTF-8) reads as Chinese
    or Japanese text in one of them, else None."""
    best, best_score = None, _ENOUGH
    for name in CJK_CANDIDATES:
        try:
            text = codecs.getincrementaldecoder(name)(errors="strict").decode(head, final=False)
        except UnicodeDecodeError:
            continue
        letters = [ch for ch in text if ch >= "\u3040" and ch.isalpha()]
        if len(letters) < _FEWEST_LETTERS:
            continue
        if name == "shift_jis":
            hits = sum(1 for ch in letters if "\u3040" <= ch <= "\u30ff")
        else:
            common = _gb2312_common() if name == "gb18030" else _COMMON_HAN
            hits = sum(1 for ch in letters if ch in common)
        score = hits / len(letters)
        if score > best_score:
            best, best_score = name, score
    return best
