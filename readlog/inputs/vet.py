"""What an entry must be before it is stored, whichever importer made it.

Importers read what a file says; this is the one gate between them and the
library. Text is stored clean (``sanitize.clean``): terminal escape
sequences, control and invisible characters never reach the database, so a
hidden OSC payload cannot be found by search or copied into an export, and
a source or tag shown by ``sources``/``tags`` is exactly the name that
``--source``/``--tag`` filters on. Times must fall in the years readlog can
place on a calendar and show relative to today; a year-1 or year-9999 stamp
is reported as a problem on its line and replaced by the import time, not
allowed to stop the import or every later ``list``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timezone

from readlog.model import fields
from readlog.model.entry import Entry, Problem, other_scheme, refused_link
from readlog.model.highlight import Highlight
from readlog.model.messages import Phrase
from readlog.model.sanitize import clean

EARLIEST = datetime(1980, 1, 1, tzinfo=timezone.utc)  # before the web; smaller epochs are damage
LATEST = datetime(3000, 1, 1, tzinfo=timezone.utc)
_ONE_LINE = ("title", "source", "category", "url", "saved_raw")
_MULTILINE = ("summary", "verdict", "note")
_TEXT_FIELDS = tuple((name, name in _ONE_LINE) for name in (*_ONE_LINE, *_MULTILINE))
# A highlight's text: (its limit's name, its attribute, one line?).
_HIGHLIGHT_TEXT = (
    ("passage", "passage", False),
    ("highlight_note", "note", False),
    ("place", "location", True),
    ("place", "page", True),
    ("place", "colour", True),
)
_FETCHED_TEXT = {"text": "text", "final_url": "url", "fetch_error": "fetch_error", "lang": "lang"}
_TIMES = ("saved_at", "read_at", "starred_at", "archived_at", "imported_at", "progress_at")
CODE_SCHEMES = {"javascript", "vbscript", "data"}
_SCHEME = re.compile(r"\s*([A-Za-z][A-Za-z0-9+.-]*):")
_LABELS = {
    "saved_at": "import_time_saved",
    "read_at": "import_time_read",
    "starred_at": "history_words_starred",  # the same words as history's
    "archived_at": "history_words_archived",
    "imported_at": "import_time_imported",
    "progress_at": "import_time_progress",
}


def vet(
    entry: Entry,
    as_of: datetime,
    cuts: dict[str, int] | None = None,
    *,
    web_only: bool = True,
    limits: Mapping[str, int] | None = None,
) -> tuple[bool, list[Problem]]:
    """Clean ``entry`` in place: whether to keep it, and the problems found.

    A field longer than its limit (model/fields.py) is cut to it and
    counted in ``cuts`` (field name -> entries cut), for the import's
    notice; what fetch found, carried by an entry from readlog's own
    export (``entry.fetched``), is held to the same limits.

    A link that runs code (``javascript:``, ``vbscript:``, ``data:``) is
    a bookmarklet or an attack, not something to read: the entry is not
    kept, since an HTML export or a browser would run it. Any other link
    that is not a web link (``file:///``, ``about:blank``, ``apt://``, a
    typo such as ``httpss://``) is skipped with its reason
    (entry.link_problem), the one rule for every importer; ``web_only=False``
    keeps it, for readlog's own exports, which give back whatever the
    library held. A time out of
    range is replaced by the import's reference time ``as_of``: a read,
    star or archive stays set (only its date was unreadable), and a saved
    time falls back the way a missing one does. ``limits`` are the fields'
    limits (fields.limits()), read once by an import for all its entries.
    """
    fit(entry, cuts if cuts is not None else {}, limits)
    scheme = _SCHEME.match(entry.url)
    if scheme and scheme.group(1).lower() in CODE_SCHEMES:
        named = {"title": entry.title[:60], "scheme": scheme.group(1).lower()}
        return False, [Problem(entry.line, "import_code_link", named)]
    shown = refused_link(entry.url) if web_only else None
    if shown is not None:
        return False, [_refused(entry, shown)]
    if entry.published is not None and not _plausible_day(entry.published):
        entry.published = None
    entry.progress = progress_within(entry.progress)
    if entry.progress is None:
        entry.progress_at = None
    problems = []
    for name in _TIMES:
        value = getattr(entry, name, None)
        if value is not None and not in_range(value):
            setattr(entry, name, as_of)
            what = Phrase(_LABELS[name])
            problems.append(Problem(entry.line, "import_time_out_of_range", {"what": what, "value": _show(value)}))
    return True, problems


def fit(entry: Entry, cuts: dict[str, int], limits: Mapping[str, int] | None = None) -> None:
    """Clean each text field of ``entry`` and cut it to its limit (``limits``,
    else the limits in force now), counting the fields cut in ``cuts``."""
    if limits is None:
        limits = fields.limits()
    for name, one_line in _TEXT_FIELDS:
        value = getattr(entry, name)
        if value == "":  # most fields of most entries: nothing to clean or cut
            continue
        value, cut = fitted(value, name, one_line=one_line, most=limits[name])
        setattr(entry, name, value)
        if cut:
            cuts[name] = cuts.get(name, 0) + 1
    if entry.tags:
        tags, n, dropped = fields.fit_tags(entry.tags)
        if n or dropped:
            entry.tags = tags
        for name, count in (("tag", n), ("tags", dropped)):
            if count:
                cuts[name] = cuts.get(name, 0) + count
    _fit_items(entry, cuts)
    if entry.highlights:
        _fit_highlights(entry, cuts, limits)
    fetched: dict[str, object] = getattr(entry, "fetched", None) or {}
    for name, found in fetched.items():
        if name in _FETCHED_TEXT and isinstance(found, str):
            fetched[name], cut = fitted(
                found, _FETCHED_TEXT[name], one_line=name != "text", most=limits[_FETCHED_TEXT[name]]
            )
            if cut:
                cuts[name] = cuts.get(name, 0) + 1


def _fit_items(entry: Entry, cuts: dict[str, int]) -> None:
    """The feed item ``entry`` is, or the feed items it carries (readlog's own
    export), within their limits (fields.fit_items), counted in ``cuts`` when
    some are not kept."""
    if entry.feed or entry.guid:
        _, dropped = fields.fit_items([(entry.feed, entry.guid)])
        if dropped:
            entry.feed = entry.guid = ""  # an id too long to keep: the item is known by its link
            cuts["item_ids"] = cuts.get("item_ids", 0) + dropped
    carried: list[tuple[str, str]] | None = getattr(entry, "feed_items", None)
    if carried:
        kept, dropped = fields.fit_items(carried)
        if dropped:
            carried[:] = kept
            cuts["item_ids"] = cuts.get("item_ids", 0) + dropped


def _fit_highlights(entry: Entry, cuts: dict[str, int], limits: Mapping[str, int]) -> None:
    """The highlights of ``entry`` clean and within their limits: a passage and a
    note cut as an entry's note is (counted as ``passage``, ``highlight_note``),
    a location, page or colour to one line (``place``); a highlight or note left
    with neither passage nor note is dropped (a bookmark needs neither); past
    fields.MAX_HIGHLIGHTS the rest are dropped and counted (``highlights``)."""
    kept: list[Highlight] = []
    room = fields.HIGHLIGHT_CHARS  # what the kept ones may hold together
    for i, mark in enumerate(entry.highlights):
        if len(kept) >= fields.MAX_HIGHLIGHTS or room <= 0:
            cuts["highlights"] = cuts.get("highlights", 0) + len(entry.highlights) - i
            break
        for name, attribute, one_line in _HIGHLIGHT_TEXT:
            value = getattr(mark, attribute)
            if value:
                value, cut = fitted(value, name, one_line=one_line, most=limits[name])
                setattr(mark, attribute, value)
                if cut:
                    cuts[name] = cuts.get(name, 0) + 1
        if mark.position is not None and not 0 <= mark.position < 1 << 62:
            mark.position = None
        if mark.made_at is not None:
            if mark.made_at.tzinfo is None:  # a time without a zone is taken as UTC (model/highlight.py)
                mark.made_at = mark.made_at.replace(tzinfo=timezone.utc)
            if not in_range(mark.made_at):
                mark.made_at = None
        if mark.kind == "bookmark" or mark.passage or mark.note:
            size = fields.highlight_chars(mark)
            if size > room:
                cuts["highlights"] = cuts.get("highlights", 0) + len(entry.highlights) - i
                break
            room -= size
            kept.append(mark)
    entry.highlights = kept


def fitted(value: str, name: str, *, one_line: bool, most: int | None = None) -> tuple[str, bool]:
    """``value`` cleaned and within field ``name``'s limit, and whether it was cut.

    A value far past the limit is cut before it is cleaned (fields.margin),
    so that cleaning a 20 MB title costs no more than cleaning one at the
    limit (folding its spaces would make a string of each of its words). The cut
    value is cleaned again: what is stored then comes back unchanged from
    an export (a title cut after a space would lose that space on the way).
    """
    if value == "":  # most fields of most entries: nothing to clean or cut
        return value, False
    if most is None:
        most = fields.limit(name)
    margin = fields.margin(name, most)
    far = len(value) > margin
    if far:
        value = value[:margin]
    link = name == "url"  # a link keeps no joiner (sanitize.clean)
    value = clean(value, one_line=one_line, keep_tabs=True, link=link)
    if len(value) > most:
        return clean(value[:most], one_line=one_line, keep_tabs=True, link=link), True
    return value, far


def progress_within(value: object) -> float | None:
    """How far an entry was read as the library keeps it: a number clamped to 0..1
    (rounded to four places), None for what is no finite number."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or value != value
        or value
        in (
            float("inf"),
            float("-inf"),
        )
    ):
        return None
    return round(min(1.0, max(0.0, float(value))), 4)


def in_range(value: datetime) -> bool:
    """True when ``value`` lies in the years readlog stores and shows."""
    aware = value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)
    try:
        return EARLIEST <= aware < LATEST
    except OverflowError:
        return False


def _plausible_day(day: str) -> bool:
    """A published date readlog can sort and show: YYYY-MM-DD from year 1000 on, its
    year in ASCII digits (isdigit() alone takes ２０２６, which sorts after 9999)."""
    return len(day) == 10 and day[:4].isascii() and day[:4].isdigit() and day >= "1000"


def _refused(entry: Entry, shown: str) -> Problem:
    """Why the entry is skipped, after its title when it has one of its own (not its link);
    with the link's scheme when it is not a web link written wrong (entry.other_scheme), by
    which a browser's file counts such bookmarks (entry.counted)."""
    title, reason = entry.title.strip(), Phrase("link_not_web", url=shown)
    scheme = other_scheme(entry.url)
    named: dict[str, object] = {"reason": reason} if scheme is None else {"reason": reason, "scheme": scheme}
    if title and title != entry.url.strip():
        return Problem(entry.line, "import_link_refused_titled", {"title": title[:60], **named})
    return Problem(entry.line, "import_link_refused", named)


def _show(value: datetime) -> str:
    return value.replace(tzinfo=None).isoformat(sep=" ", timespec="seconds")
