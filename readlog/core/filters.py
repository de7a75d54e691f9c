"""Which entries a command means: ids and ranges, and the filter options as values.

The one reader of ``3 5 8-12``, of --limit and --jobs, and of the filters
(--unread, --source, --since, ...) that list, search, the bulk commands, rm,
fetch, export and triage share; the CLI declares the options, this turns them into the
store's Filters. Also what else is typed, read before a library is touched:
``ID... +TAG -TAG``, a note, --older-than, ids or filters. Nothing here prints.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, Optional

from readlog.model.errors import BadValue, ReadlogError, UsageError
from readlog.model.ids import MAX_ID
from readlog.model.lazy import pattern
from readlog.model.written import NEW, Written

if TYPE_CHECKING:
    from readlog.store import Filters

_RANGE = pattern(r"^(\d+)(?:-(\d+))?$")
# The longest reading time --min-time and --max-time take: a year of reading, far past any article.
MAX_MINUTES = 525_600


def parse_ids(values: list[str]) -> list[int]:
    """'3', '5', '8-12' -> [3, 5, 8, 9, 10, 11, 12], in order, without repeats."""
    ids: list[int] = []
    for value in values:
        parts = value.replace(",", " ").split()
        if not parts:
            raise UsageError.of("empty_id")
        for part in parts:
            if part.isdecimal():  # one id (what _RANGE's \d matches: decimal digits, of any script)
                lo = hi = int(part)
            else:
                m = _RANGE.match(part)
                if not m:
                    raise UsageError.of("bad_id", part=part)
                lo = int(m.group(1))
                hi = int(m.group(2) or lo)
            if hi > MAX_ID:
                raise UsageError.of("id_too_big", part=part, max=MAX_ID)
            if hi < lo:
                raise UsageError.of("range_backwards", part=part)
            if hi - lo > 1_000_000:
                raise UsageError.of("range_too_large", part=part)
            ids.extend(range(lo, hi + 1))
    return list(dict.fromkeys(ids))


_DURATION = pattern(
    r"^\s*(?:(\d+(?:\.\d+)?|\.\d+)\s*(?:h|hr|hrs|hours?|小时|小時)\s*)?"
    r"(?:(\d+(?:\.\d+)?|\.\d+)\s*(?:m|min|mins|minutes?|分钟|分鐘|分)?\s*)?$",
    re.IGNORECASE,
)


def parse_minutes(value: Any) -> int:
    """A time to read as whole minutes: ``15``, ``15m``, ``15 min``, ``1h``, ``1.5h``,
    ``1h30m``, ``20分钟``, ``1小时``. Anything else, nothing or more than a year is a
    UsageError (``next_bad_time``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise UsageError.of("next_bad_time", value=_typed(value))
    if isinstance(value, str):
        m = _DURATION.match(value)
        if m is None or not (m.group(1) or m.group(2)):
            raise UsageError.of("next_bad_time", value=_typed(value))
        total = float(m.group(1) or 0) * 60 + float(m.group(2) or 0)
    else:
        total = float(value)
    if not math.isfinite(total) or total <= 0 or total > MAX_MINUTES:
        raise UsageError.of("next_bad_time", value=_typed(value))
    return max(1, round(total))


def _typed(value: Any) -> str:
    from readlog.model.sanitize import clean

    return clean(str(value), one_line=True)[:40]


def check_limit(limit: int) -> int:
    """How many entries to show (--limit): 0 means all; a negative number is a UsageError."""
    if limit < 0:
        raise UsageError.of("bad_limit")
    return limit


# The most pages ``fetch`` downloads at once (--jobs, the API's ``jobs``).
MAX_JOBS = 32


def check_jobs(jobs: int) -> None:
    """Pages downloaded at once (--jobs): 1 to MAX_JOBS (a UsageError before the library is opened)."""
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError.of("fetch_jobs_range", most=MAX_JOBS)


def parse_when_option(value: str | date | None, option: str) -> str | None:
    """A time filter (--since, --before; a date or datetime from the Python
    API) as stored times are compared with it; errors name ``option``."""
    if value is None:
        return None
    if isinstance(value, str) and not value.strip():  # an empty filter must never widen a bulk change to everything
        raise UsageError.of("needs_value", option=option)
    from readlog.model.messages import detail
    from readlog.model.stamps import parse_when, to_iso

    try:
        return to_iso(parse_when(value, day_start=True))
    except (ValueError, OverflowError) as exc:
        raise UsageError.of("bad_option_value", option=option, detail=detail(exc)) from None


def trash_cutoff(older_than: str | date | None) -> str | None:
    """--older-than as a stored time (it takes what --since takes), or None."""
    return parse_when_option(older_than, "--older-than")


def by_ids(ids: Sequence[str], fa: FilterArgs, name: str) -> bool:
    """True for the ids path, False for the filter path; neither or both is a usage error."""
    if ids and fa.given():
        raise UsageError.of("ids_or_filters")
    if not ids and not fa.given():
        raise UsageError.of("which_entries", name=name)
    return bool(ids)


def parse_tag_args(values: Sequence[str]) -> tuple[list[str], list[str], list[str]]:
    """Split 'ID... +TAG -TAG' into ids, tags to add and tags to remove."""
    from readlog.model.fields import check_length
    from readlog.model.sanitize import clean
    from readlog.model.tags import normalise_tag

    ids: list[str] = []
    add: list[str] = []
    remove: list[str] = []
    for value in values:
        if value.startswith("--"):
            raise UsageError.of("tag_no_option", value=value)
        if value.startswith(("+", "-")):
            tag = normalise_tag(clean(value[1:], one_line=True))
            if not tag:
                raise UsageError.of("empty_tag", value=value)
            check_length(tag, "tag", value[0] + "TAG")
            (add if value[0] == "+" else remove).append(tag)
            continue
        try:
            parse_ids([value])
        except UsageError:
            raise UsageError.of("not_id_or_tag", value=value) from None
        ids.append(value)
    both = {t.casefold() for t in add} & {t.casefold() for t in remove}
    if both:
        raise UsageError.of("tag_both", tag=sorted(both)[0])
    if not add and not remove:
        raise UsageError.of("which_tags")
    return ids, add, remove


def clean_note(text: str) -> str:
    """A note as stored: control characters gone, tabs kept, ends trimmed; a
    UsageError when it is longer than a note may be (model/fields.py)."""
    from readlog.model.fields import check_length
    from readlog.model.sanitize import clean

    note = clean(text, keep_tabs=True).strip()
    check_length(note, "note")
    return note


def make_filters(
    *,
    unread: bool,
    read: bool,
    starred: bool,
    source: str | None,
    category: str | None,
    since: str | date | None,
    before: str | date | None,
    tags: list[str],
    archived: bool,
    search: str | None,
    dead: bool = False,
    min_time: int | None = None,
    max_time: int | None = None,
    in_progress: bool = False,
) -> Filters:
    from readlog.model.tags import unique_tags
    from readlog.store import Filters

    if unread and read:
        raise UsageError.of("unread_and_read")
    # An empty value (often an unset shell variable) must not silently mean "everything".
    for option, value in (("--source", source), ("--category", category), *(("--tag", t) for t in tags)):
        if value is not None and not value.strip():
            raise UsageError.of("needs_value", option=option)
    for option, minutes in (("--min-time", min_time), ("--max-time", max_time)):
        if minutes is not None and not 0 <= minutes <= MAX_MINUTES:  # SQLite's integers end at 2**63
            raise UsageError.of("minutes_range", option=option, most=MAX_MINUTES)
    if min_time is not None and max_time is not None and min_time > max_time:
        raise UsageError.of("minutes_crossed", option="--min-time", low=min_time, other="--max-time", high=max_time)
    query = None
    if search is not None:
        from readlog.store.search import parse_query

        query = parse_query(search)
    return Filters(
        state="unread" if unread else "read" if read else None,
        starred=starred,
        source=source,
        category=category,
        since=parse_when_option(since, "--since"),
        before=parse_when_option(before, "--before"),
        tags=unique_tags(tags),
        archived=archived,
        query=query,
        dead=dead,
        min_minutes=min_time,
        max_minutes=max_time,
        in_progress=in_progress,
    )


# __init__ written out, __eq__ and __repr__ from Written: a dataclass all the same (model/written.py).
@dataclass(init=False, repr=False, eq=False)
class FilterArgs(Written):
    """The filter options as typed, for building Filters and for the history line."""

    unread: bool = False
    read: bool = False
    starred: bool = False
    source: Optional[str] = None
    category: Optional[str] = None
    since: Optional[str] = None
    before: Optional[str] = None
    tags: list[str] = field(default_factory=list)
    archived: bool = False
    search: Optional[str] = None
    dead: bool = False
    min_time: Optional[int] = None
    max_time: Optional[int] = None
    in_progress: bool = False
    view: Optional[str] = None  # a saved view's name: its filters beneath these (core/views.py)

    def __init__(
        self,
        unread: bool = False,
        read: bool = False,
        starred: bool = False,
        source: Optional[str] = None,
        category: Optional[str] = None,
        since: Optional[str] = None,
        before: Optional[str] = None,
        tags: list[str] = NEW,
        archived: bool = False,
        search: Optional[str] = None,
        dead: bool = False,
        min_time: Optional[int] = None,
        max_time: Optional[int] = None,
        in_progress: bool = False,
        view: Optional[str] = None,
    ) -> None:
        self.unread = unread
        self.read = read
        self.starred = starred
        self.source = source
        self.category = category
        self.since = since
        self.before = before
        self.tags = [] if tags is NEW else tags
        self.archived = archived
        self.search = search
        self.dead = dead
        self.min_time = min_time
        self.max_time = max_time
        self.in_progress = in_progress
        self.view = view

    def given(self) -> bool:
        return self != FilterArgs()

    def filters(self) -> Filters:
        return make_filters(
            unread=self.unread,
            read=self.read,
            starred=self.starred,
            source=self.source,
            category=self.category,
            since=self.since,
            before=self.before,
            tags=self.tags,
            archived=self.archived,
            search=self.search,
            dead=self.dead,
            min_time=self.min_time,
            max_time=self.max_time,
            in_progress=self.in_progress,
        )

    def api(self) -> dict[str, Any]:
        """The options as the Python API's filters (``lib.plan(command, **fa.api())``),
        which the Library turns back into these options for the history line."""
        if self.unread and self.read:
            raise UsageError.of("unread_and_read")
        given: dict[str, Any] = {
            "unread": True if self.unread else False if self.read else None,
            "starred": True if self.starred else None,
            "archived": self.archived,
            "source": self.source,
            "category": self.category,
            "since": self.since,
            "before": self.before,
            "tag": list(self.tags) or None,
            "search": self.search,
            "dead": True if self.dead else None,
            "min_time": self.min_time,
            "max_time": self.max_time,
            "in_progress": True if self.in_progress else None,
            "view": self.view,
        }
        if self.view and not self.archived:
            given["archived"] = None  # not said: the view's, else the default
        return {name: value for name, value in given.items() if value is not None}

    def words(self) -> list[str]:
        """The options again, as a command line (recorded in history)."""
        words: list[str] = []
        for flag in ("unread", "read", "starred", "archived", "dead", "in_progress"):
            if getattr(self, flag):
                words.append(f"--{flag.replace('_', '-')}")
        for flag in ("source", "category", "since", "before", "search", "min_time", "max_time", "view"):
            value = getattr(self, flag)
            if value is not None:
                words += [f"--{flag.replace('_', '-')}", str(value)]
        for tag in self.tags:
            words += ["--tag", tag]
        return words


def query_from_args(words: list[str]) -> str:
    """A search query given as several command-line words (so that ``-word``
    can be typed unquoted); a mistyped ``--option`` is a UsageError, not searched for."""
    from readlog.store.search import query_from_args as joined

    return joined(words)


def with_search(f: Filters, text: str) -> Filters:
    """``f`` searching for ``text`` (the query syntax of ``readlog search``) instead of its own query."""
    from dataclasses import replace

    from readlog.store.search import parse_query

    return replace(f, query=parse_query(text))


def no_entry(lib: Any, entry_id: int) -> ReadlogError:
    """The error for an id that names no entry; one in the trash says so, and how to bring it back."""
    from readlog.store import trash

    if not 0 < entry_id <= MAX_ID:
        return ReadlogError.of("no_entry", id=entry_id)
    return trash.no_entry(lib, [entry_id])


# ---- the Library's filters (readlog.open(...).entries(unread=True, tag=[...])) ---------------


def api_filters(
    unread: bool | None = None,
    starred: bool | None = None,
    archived: bool | None = False,
    tag: Any = None,
    source: str | None = None,
    category: str | None = None,
    search: str | None = None,
    since: Any = None,
    before: Any = None,
    dead: bool | None = None,
    min_time: int | None = None,
    max_time: int | None = None,
    in_progress: bool | None = None,
) -> Filters:
    """The store's Filters for the Library's arguments as core.arguments checked them (``tag``
    a list, ``since`` and ``before`` stored times); an empty one must not
    mean everything, as with the commands' options."""
    for name, value in (("source", source), ("category", category), *(("tag", t) for t in tag or ())):
        if value is not None and not value.strip():
            raise UsageError.of("needs_value", option=name)
    f = make_filters(
        unread=unread is True,
        read=unread is False,
        starred=starred is True,
        source=source,
        category=category,
        since=since,
        before=before,
        tags=tag or [],
        archived=archived is True,
        search=search,
        dead=dead is True,
        min_time=min_time,
        max_time=max_time,
        in_progress=in_progress is True,
    )
    f.archived = archived
    f.not_in_progress = in_progress is False
    f.unstarred = starred is False
    return f


def api_filter_args(filters: dict[str, Any]) -> FilterArgs:
    """The filters as the commands' options (FilterArgs), which
    history records with a planned change."""
    if filters.get("starred") is False:
        raise BadValue.of("api_plan_unstarred")
    if filters.get("in_progress") is False:
        raise BadValue.of("api_plan_not_in_progress")
    archived = filters.get("archived", False)
    if archived is None:
        raise BadValue.of("api_plan_archived")

    def when(value: Any) -> str | None:  # as typed, for history; a datetime to the second
        return value if value is None or isinstance(value, str) else value.isoformat(timespec="seconds")

    return FilterArgs(
        unread=filters.get("unread") is True,
        read=filters.get("unread") is False,
        starred=filters.get("starred") is True,
        source=filters.get("source"),
        category=filters.get("category"),
        since=when(filters.get("since")),
        before=when(filters.get("before")),
        tags=list(filters.get("tag") or []),  # as given: history records them so
        archived=archived is True,
        search=filters.get("search"),
        dead=filters.get("dead") is True,
        min_time=filters.get("min_time"),
        max_time=filters.get("max_time"),
        in_progress=filters.get("in_progress") is True,
    )
