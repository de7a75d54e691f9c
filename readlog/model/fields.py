"""How long each field of an entry may be: the one place that says so.

Every way text comes in applies these limits: an import of any format cuts
a longer value and counts it (the import summary says "3 titles were cut to
4,096 characters", its --json gives the count per field); ``add``, ``edit``
and ``note`` refuse a longer value with a one-line error, so that nothing a
person typed is lost without them knowing; ``fetch`` cuts an article longer
than its limit. Export and re-import never cut anything: a value at its
limit comes back from readlog's own formats exactly (tests/test_limits.py).

The sizes are far beyond any real title, note or article, and small enough
that one hostile value (a bookmark file with a 20 MB title) cannot make an
import or a search take seconds and gigabytes. They count characters (code
points), not bytes. The long ones can be raised from the environment:

* READLOG_MAX_NOTE_CHARS (default 1,048,576): a summary, verdict or note;
* READLOG_MAX_ARTICLE_CHARS (default 10,485,760): the article text fetch
  keeps, as long as the largest page fetch reads (10 MiB) can give.

Keep the same settings when restoring an export made with raised limits:
an import applies the limits in force.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from readlog.model.environment import env_number
from readlog.model.errors import UsageError
from readlog.model.messages import say

NOTE_ENV, ARTICLE_ENV = "READLOG_MAX_NOTE_CHARS", "READLOG_MAX_ARTICLE_CHARS"
# Characters each field may hold; None where the environment may raise it (see limit()).
FIXED = {
    "title": 4096,
    "source": 1024,
    "category": 1024,
    "tag": 1024,  # each tag; as long as a category, which an import may turn into a tag
    "url": 65536,  # also the address a fetch ended at
    "saved_raw": 1024,  # the stamp as an export wrote it
    "fetch_error": 4096,
    "lang": 64,
    "place": 256,  # a highlight's location, page or colour (model/highlight.py)
}
RAISABLE = {
    "summary": (NOTE_ENV, 1 << 20),
    "verdict": (NOTE_ENV, 1 << 20),
    "note": (NOTE_ENV, 1 << 20),
    "text": (ARTICLE_ENV, 10 << 20),
    # A highlight's passage and the reader's note on it (model/highlight.py): an
    # import cuts them as it cuts an entry's note, counted under these names.
    "passage": (NOTE_ENV, 1 << 20),
    "highlight_note": (NOTE_ENV, 1 << 20),
}
MAX_TAGS = 1000  # tags on one entry; the rest are dropped
# Highlights, notes and bookmarks on one entry that an import keeps (a long book
# on Kindle holds a few thousand); the rest are dropped and counted.
MAX_HIGHLIGHTS = 20000
# And the characters of all of them together (passages, notes, places): an entry's
# highlights travel on its line of readlog's own export (record_chars), which its
# import must read back whole.
HIGHLIGHT_CHARS = 1 << 24
# The feed items one entry is (readlog's own exports carry them), each named by
# its feed and its id in that feed: an id longer than ITEM_ID_CHARS is not kept
# (the item is then known by its link, as an item without an id is), nor are
# items past MAX_FEED_ITEMS.
ITEM_ID_CHARS = 4096
MAX_FEED_ITEMS = 100
FIELDS = (*FIXED, *RAISABLE)
_MOST = 1 << 31  # a raised limit above this is a mistake (a 2 GB note would not fit in memory twice)
# What one field costs in readlog's own formats at most, per character: JSON
# writes U+2028 and U+2029 as six characters (\\u2028).
ESCAPED = 6


def limit(name: str) -> int:
    """The most characters field ``name`` may hold (one of FIELDS)."""
    if name in FIXED:
        return FIXED[name]
    env, default = RAISABLE[name]
    found = env_number(env)
    if found is None:
        return default
    value, raw = found
    if not 1 <= value <= _MOST:  # also false for nan
        raise UsageError.of("bad_field_limit", env=env, raw=raw[:40], default=default)
    return int(value)


def limits() -> dict[str, int]:
    """Every field's limit, as in force now."""
    return {name: limit(name) for name in FIELDS}


def check() -> None:
    """Raise a UsageError now for a limit set to something that is not a size."""
    limits()


def fit(value: str, name: str, most: int | None = None) -> str | None:
    """``value`` cut to field ``name``'s limit, or None when it fits as it is."""
    most = limit(name) if most is None else most
    return value[:most] if len(value) > most else None


def margin(name: str, most: int | None = None) -> int:
    """Characters of field ``name`` worth reading at all: past this a value
    is cut before it is even cleaned (a parser may stop collecting there),
    with room for what cleaning removes (escapes, runs of spaces). Folding
    the spaces of a 20 MB title would make a string of each of its words.
    ``most``: the field's limit, when the caller has read it already."""
    return 2 * (limit(name) if most is None else most) + (1 << 16)


def fit_tags(tags: Iterable[str]) -> tuple[list[str], int, int]:
    """Tags within their limits (each cut, at most MAX_TAGS kept), how many were cut and how many dropped."""
    out: list[str] = []
    cut = dropped = 0
    most = FIXED["tag"]
    for tag in tags:
        if len(out) >= MAX_TAGS:
            dropped += 1
            continue
        if len(tag) > most:
            tag, cut = tag[:most], cut + 1
        out.append(tag)
    return out, cut, dropped


def fit_items(items: Iterable[tuple[str, str]]) -> tuple[list[tuple[str, str]], int]:
    """An entry's feed items within their limits (ids of at most ITEM_ID_CHARS,
    at most MAX_FEED_ITEMS of them, no repeats), and how many were not kept."""
    given = list(dict.fromkeys(items))
    kept = [(f, g) for f, g in given if len(f) <= ITEM_ID_CHARS and len(g) <= ITEM_ID_CHARS][:MAX_FEED_ITEMS]
    return kept, len(given) - len(kept)


def highlight_chars(mark: Any) -> int:
    """The characters of a highlight that count towards HIGHLIGHT_CHARS: its passage, note and places."""
    return len(mark.passage) + len(mark.note) + len(mark.location) + len(mark.page) + len(mark.colour)


def record_chars() -> int:
    """The longest line readlog's own JSON Lines export can write for one
    entry (every field at its limit, every character escaped), plus room
    for the field names, times and numbers: what its importers must read."""
    # An entry's own fields (tags and highlights are counted below).
    every = sum(limit(name) for name in FIELDS if name not in _NOT_ON_THE_LINE) + limit("url")  # url and final_url
    items = MAX_FEED_ITEMS * (2 * ITEM_ID_CHARS + 32)
    marks = HIGHLIGHT_CHARS + MAX_HIGHLIGHTS * 160  # their text, then names, kind, time and position each
    return ESCAPED * (every + MAX_TAGS * (FIXED["tag"] + 4) + items + marks) + (1 << 16)


_NOT_ON_THE_LINE = ("tag", "passage", "highlight_note", "place")


def _raise(name: str, lang: str) -> str:
    if name not in RAISABLE:
        return ""
    return ("；" if lang == "zh" else "; ") + say("field_raise", lang, env=RAISABLE[name][0])


def noun(name: str, lang: str = "en", n: int = 1) -> str:
    """What field ``name`` is called, of ``n`` of them: "title", "titles", "标题"."""
    return say(f"field_{name}", lang, n=n)


def too_long(name: str, length: int, option: str = "") -> UsageError:
    """Why a value typed for field ``name`` (given as ``option``, or the note)
    is refused: how long it is, its limit, and how to raise it."""
    values: dict[str, object] = {"length": length, "limit": limit(name)}
    first = ("field_too_long", {"option": option, **values}) if option else ("note_too_long", values)
    parts: list[tuple[str, dict[str, object]]] = [first]
    if name in RAISABLE:
        parts.append(("field_raise", {"env": RAISABLE[name][0]}))
    return UsageError.of_all(*parts)


def check_length(value: str, name: str, option: str = "") -> None:
    """Refuse ``value`` (typed for field ``name``) when it is longer than the field's limit."""
    if len(value) > limit(name):
        raise too_long(name, len(value), option)


def notices(cuts: dict[str, int], lang: str = "en") -> list[str]:
    """One sentence for each field an import cut ("3 titles were cut to 4,096 characters, the limit")."""
    out = []
    for name in sorted(cuts, key=lambda k: FIELD_ORDER.index(k) if k in FIELD_ORDER else len(FIELD_ORDER)):
        n = cuts[name]
        if name == "tags":
            out.append(say("tags_dropped", lang, n=n, limit=MAX_TAGS))
            continue
        if name == "highlights":
            out.append(say("highlights_dropped", lang, n=n, limit=MAX_HIGHLIGHTS, chars=HIGHLIGHT_CHARS))
            continue
        if name == "item_ids":
            out.append(say("item_ids_dropped", lang, n=n, chars=ITEM_ID_CHARS, limit=MAX_FEED_ITEMS))
            continue
        most = limit(_LIMIT_OF.get(name, name))
        out.append(say("fields_cut", lang, n=n, noun=noun(name, lang, n), limit=most, raise_=_raise(name, lang)))
    return out


# The order notices come in, and the limit of fields that borrow another's.
FIELD_ORDER: tuple[str, ...] = ("title", "url", "source", "category", "tag", "tags", "saved_raw", "summary")
FIELD_ORDER += ("verdict", "note", "passage", "highlight_note", "place", "highlights")
FIELD_ORDER += ("text", "final_url", "fetch_error", "lang", "item_ids")
_LIMIT_OF = {"final_url": "url"}
