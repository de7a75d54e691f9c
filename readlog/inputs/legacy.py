"""The encoding of a feed that names none and is not UTF-8.

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
cp1252) cannot be told apart this way: --encoding settles it. Only feeds are guessed at: any other file not in UTF-8 is
refused with a hint, as before.
"""

from __future__ import annotations

import re

CANDIDATES = ("cp1252", "iso-8859-2")
FEED_ROOT = re.compile(
    rb"^(?:\xef\xbb\xbf)?\s*(?:<\?[^>]{0,400}\?>\s*|<!--.{0,4000}?-->\s*|<!DOCTYPE[^>]{0,400}>\s*)*"
    rb"<(?:rss|feed|(?:\w{1,20}:)?RDF)[\s>]",
    re.S | re.I,
)


def looks_like_feed(head: bytes) -> bool:
    return FEED_ROOT.match(head[:8192]) is not None


def guess(head: bytes) -> str | None:
    """The likeliest legacy encoding of ``head`` (a feed's first bytes), or None when none decodes it."""
    best, best_cost = None, None
    for name in CANDIDATES:
        try:
            text = head.decode(name)
        except UnicodeDecodeError:
            continue
        cost = _implausible(text)
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


# Punctuation that may touch a word in text written in cp1252 or latin-2.
_WORD_PUNCTUATION = frozenset("«»¿¡„“”‘’‚–—…€£°§©®™")
