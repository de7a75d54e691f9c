"""The Python API's arguments: every public Library method's, checked in one place.

``@checked()`` on a method checks each argument by its name (CHECKS), so a
method added to the Library is checked as the others are: BadArgument (a
TypeError) for a value of the wrong kind, BadValue (a ValueError) for one of
the right kind that cannot work. Nothing here prints.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from collections.abc import Callable, Iterable
from datetime import date, datetime
from typing import Any, TypeVar

from readlog.model.errors import BadArgument, BadValue, ReadlogError, UsageError

F = TypeVar("F", bound=Callable[..., Any])
Check = Callable[[Any, str], Any]
FILTERS = (
    "unread",
    "starred",
    "archived",
    "tag",
    "source",
    "category",
    "search",
    "since",
    "before",
    "dead",
    "min_time",
    "max_time",
    "in_progress",
    "view",
)
# What search() passes on to entries() besides its query and limit.
SEARCH_FILTERS = (*(f for f in FILTERS if f != "search"), "sort", "reverse", "fields")
# What a saved view keeps (save_view): the filters but a view itself, and the order.
VIEW_FILTERS = (*(f for f in FILTERS if f != "view"), "sort", "reverse")

# The changes plan() takes, and the state each sets (rm and tag have their own).
PLANNED: dict[str, tuple[str, bool]] = {
    "star": ("starred", True),
    "unstar": ("starred", False),
    "read": ("read", True),
    "unread": ("read", False),
    "archive": ("archived", True),
    "unarchive": ("archived", False),
    "tag": ("", True),
    "rm": ("", True),
}
# The command each state change is recorded as, by (state, on): ("read", True) is read.
STATE_COMMANDS: dict[tuple[str, bool], str] = {state: name for name, state in PLANNED.items() if state[0]}


def _checked(*, filters: tuple[str, ...] = (), opened: bool = True, **overrides: Check) -> Callable[[F], F]:
    """A public method whose arguments are checked before it runs: the
    library open (unless not ``opened``) and used from the thread that opened it, every argument
    known (``filters``: the names a method's ``**filters`` takes), each of
    the type and value its name calls for (CHECKS, or ``overrides``), and
    given to the method as CHECKS made them (ids as a list, tags as a list,
    times as stored). A UsageError the method raises is a BadValue, so the
    API raises for arguments only BadArgument (a TypeError) and BadValue
    (a ValueError), both UsageErrors. ``help()`` shows the method's own
    signature."""

    def decorate(method: F) -> F:
        title = method.__name__
        known: list[Any] = []  # by position, by name, defaults, checks: read on the first call (inspect is slow)

        def signature() -> list[Any]:
            if not known:
                import inspect

                params = list(inspect.signature(method).parameters.values())[1:]  # after self
                by_position = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
                named = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
                defaults = {p.name: p.default for p in params if p.default is not p.empty}
                checks = {name: overrides.get(name) or CHECKS[name] for name in (*named, *filters)}
                known.extend((by_position, named, defaults, checks))
            return known

        @functools.wraps(method)
        def call(self: Any, *args: Any, **kwargs: Any) -> Any:
            if opened:
                self.store  # noqa: B018 - closed, or another thread's: said before anything is touched
            by_position, named, defaults, checks = signature()
            try:
                given = _bind(title, by_position, named, filters, args, kwargs)
                if given.get("view") is not None:  # a saved view: its filters, beneath those given
                    given = _with_view(self, given, {*named, *filters})
                values = {name: checks[name](value, name) for name, value in given.items()}
                for name in named:
                    if name not in values:
                        if name not in defaults:
                            raise BadArgument.of("api_missing_argument", method=title, name=_shown(name))
                        values[name] = checks[name](defaults[name], name)
                return method(self, **values)
            except UsageError as exc:
                if isinstance(exc, (BadArgument, BadValue)):
                    raise
                raise BadValue.like(exc) from None
            except sqlite3.Error as exc:  # a busy, read-only or damaged file met midway: a ReadlogError too
                from pathlib import Path

                from readlog.core.maintenance import database_error

                store = getattr(self, "_store", None)
                raise database_error(exc, store.path if store is not None else Path(":memory:")) from exc

        return call  # type: ignore[return-value]

    return decorate


def _with_view(lib: Any, given: dict[str, Any], accepted: set[str]) -> dict[str, Any]:
    """``given`` with the saved view it names (``view``) beneath it (core/views.py: a filter
    given wins, tags add up); only what the method takes of the view's (a count has no sort)."""
    from readlog.core.views import filters_of, merged

    stored = filters_of(lib.store, _text(given.pop("view"), "view"))
    return merged({name: value for name, value in stored.items() if name in accepted}, given)


def _bind(
    method: str,
    by_position: list[str],
    named: list[str],
    filters: tuple[str, ...],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> dict[str, Any]:
    """The arguments given, by name; BadArgument for too many, unknown,
    twice given or missing ones, as Python's TypeError would say."""
    if len(args) > len(by_position):
        raise BadArgument.of("api_too_many_arguments", method=method, most=len(by_position), given=len(args))
    given = dict(zip(by_position, args, strict=False))
    for name, value in kwargs.items():
        if name in given:
            raise BadArgument.of("api_argument_twice", method=method, name=_shown(name))
        if name not in named and name not in filters:
            if filters:
                raise BadArgument.of("api_unknown_filter", method=method, name=_shown(name), known=", ".join(filters))
            raise BadArgument.of("api_unknown_argument", method=method, name=_shown(name), known=", ".join(named))
        given[name] = value
    return given


def _shown(value: Any) -> str:
    """A value as an error names it: as Python shows it, cut short, on one line."""
    import reprlib

    from readlog.model.sanitize import clean

    try:
        text = reprlib.repr(value)
    except Exception:  # a repr that fails is the caller's object's own business
        text = f"<{type(value).__name__}>"
    return clean(text, one_line=True)


def _wrong(name: str, kind: str, value: Any, error: type[UsageError] = BadArgument, **params: Any) -> UsageError:
    from readlog.model.messages import Phrase

    return error.of("api_bad_argument", name=name, kind=Phrase(kind, **params), value=_shown(value))


def _flag(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    raise _wrong(name, "api_kind_bool", value)


def _flag_or_none(value: Any, name: str) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise _wrong(name, "api_kind_bool_or_none", value)


def _valid(value: str, name: str) -> str:
    """Text that can be searched for, stored and printed: not the lone
    surrogates that stand for bytes that were not UTF-8 (as the commands'
    arguments, cli.check_text_arguments)."""
    from readlog.model.sanitize import is_text, shown_name

    if not is_text(value):
        raise BadValue.of("argument_not_text", what=name, value=shown_name(value))
    return value


def _text(value: Any, name: str) -> str:
    if isinstance(value, str):
        return _valid(value, name)
    raise _wrong(name, "api_kind_text", value)


def _text_or_none(value: Any, name: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return _valid(value, name)
    raise _wrong(name, "api_kind_text_or_none", value)


def _name_or_none(value: Any, name: str) -> str | None:
    """A file's name: any text (shown with escapes where it is not UTF-8)."""
    if value is None or isinstance(value, str):
        return value
    raise _wrong(name, "api_kind_text_or_none", value)


def _query(value: Any, name: str) -> str:
    if not _text(value, name).strip():
        raise BadValue.of("needs_value", option=name)
    return value


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# The largest integer SQLite holds: a limit or offset past it means no fewer.
SQLITE_MOST = 2**63 - 1


def _limit(value: Any, name: str) -> int:
    """How many: a whole number, 0 or None for all."""
    if value is None:
        return 0
    if not _whole(value):
        raise _wrong(name, "api_kind_count", value)
    if value < 0:
        raise _wrong(name, "api_kind_count", value, BadValue)
    return min(value, SQLITE_MOST)  # more than SQLite can count: as many as there are


def _count(value: Any, name: str) -> int:
    """How many to give: a whole number, 1 or more."""
    if not _whole(value):
        raise _wrong(name, "api_kind_positive", value)
    if value < 1:
        raise _wrong(name, "api_kind_positive", value, BadValue)
    return min(value, SQLITE_MOST)


def _minutes_or_none(value: Any, name: str) -> int | None:
    """A time to read (next's ``time``): whole minutes, or text as --time takes it ("15m", "1h")."""
    from readlog.core.filters import parse_minutes

    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise _wrong(name, "api_kind_minutes", value)
    return parse_minutes(value)


def _days(value: Any, name: str) -> int:
    """A number of days, 0 or more (next's ``resurface_days``)."""
    from readlog.core.queue import MOST_DAYS

    if not _whole(value):
        raise _wrong(name, "api_kind_days", value, most=MOST_DAYS)
    if not 0 <= value <= MOST_DAYS:
        raise _wrong(name, "api_kind_days", value, BadValue, most=MOST_DAYS)
    return value


def _offset(value: Any, name: str) -> int:
    """How many to skip first: a whole number, 0 or more (None: 0)."""
    return _limit(value, name)


def _jobs(value: Any, name: str) -> int:
    from readlog.core.filters import MAX_JOBS

    if not _whole(value):
        raise _wrong(name, "api_kind_jobs", value, most=MAX_JOBS)
    if not 1 <= value <= MAX_JOBS:
        raise _wrong(name, "api_kind_jobs", value, BadValue, most=MAX_JOBS)
    return value


def _lang(value: Any, name: str) -> str:
    if value in ("en", "zh"):
        return value
    raise _wrong(name, "api_kind_lang", value, BadValue if isinstance(value, str) else BadArgument)


def _time(value: Any, name: str) -> date | str:
    if isinstance(value, (str, date)):
        return value
    raise _wrong(name, "api_kind_when", value)


def _when(value: Any, name: str) -> str | None:
    """since, before: as stored times are compared with it."""
    from readlog.core.filters import parse_when_option

    return None if value is None else parse_when_option(_time(value, name), name)


def _as_of(value: Any, name: str) -> datetime | None:
    from readlog.core.importing import reference_time

    return None if value is None else reference_time(_time(value, name), name)


def _path(value: Any, name: str) -> str:
    """A path: a str or os.PathLike (of a str), not empty, without NUL."""
    path = os.fspath(value) if isinstance(value, os.PathLike) else value
    if not isinstance(path, str):
        raise _wrong(name, "api_kind_path", value)
    if not path:
        raise BadValue.of("needs_value", option=name)
    if "\x00" in path:
        raise _wrong(name, "api_kind_path", value, BadValue)
    return path


def _path_or_stream(value: Any, name: str) -> Any:
    """A path, or an open file (anything with read() or write())."""
    if callable(getattr(value, "read" if name == "path" else "write", None)):
        return value
    if not isinstance(value, (str, os.PathLike)):
        raise _wrong(name, "api_kind_path_or_stream", value)
    return _path(value, name)


def _paths(value: Any, name: str) -> list[Any]:
    """Paths or open files to read, one or an iterable of them -> a list: each path as
    text (an empty one too, which the import reports as a file it cannot read, as the
    command does), each open file as it is."""
    if isinstance(value, (str, os.PathLike)) or callable(getattr(value, "read", None)):
        values = [value]
    elif isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray, memoryview)):
        values = list(value)
    else:
        raise _wrong(name, "api_kind_paths", value)
    found = []
    for each in values:
        if callable(getattr(each, "read", None)):
            found.append(each)
            continue
        path = os.fspath(each) if isinstance(each, os.PathLike) else each
        if not isinstance(path, str):
            raise _wrong(name, "api_kind_paths", each)
        if "\x00" in path:
            raise _wrong(name, "api_kind_paths", each, BadValue)
        found.append(path)
    return found


def _int(value: Any, name: str) -> int:
    if not _whole(value):
        raise BadArgument.of("api_bad_id", name=name, value=_shown(value))
    return value


def _id(value: Any, name: str) -> int:
    """One entry id; a number no entry can have is a ReadlogError like an unknown one."""
    number = _int(value, name)
    from readlog.model.ids import MAX_ID

    if not 0 < number <= MAX_ID:
        raise ReadlogError.of("no_entry", id=number)
    return number


def _ids(value: Any, name: str) -> list[int]:
    """One id or an iterable of them -> a list, in order, without repeats."""
    if isinstance(value, (str, bytes, bytearray, memoryview)) or not isinstance(value, (int, Iterable)):
        raise BadArgument.of("api_bad_id", name=name, value=_shown(value))
    values = [value] if isinstance(value, int) else list(value)
    if not values:
        raise BadValue.of("api_no_ids", name=name)
    return list(dict.fromkeys(_listed_id(v, name) for v in values))


def _listed_id(value: Any, name: str) -> int:
    """One id of several: 0 is passed on, so that the change refuses it as the
    commands' ``star 0`` does (naming every unknown id, and that nothing changed)."""
    number = _int(value, name)
    return number if number == 0 else _id(number, name)


def _action_or_none(value: Any, name: str) -> int | None:
    """An action's number, as history lists it, or None."""
    if value is None:
        return None
    if not _whole(value):
        raise _wrong(name, "api_kind_action", value)
    return value


def _ids_or_all(value: Any, name: str) -> list[int] | None:
    return None if value is None else _ids(value, name)


def _strings(
    value: Any, refused: Callable[[Any], UsageError], each: Callable[[str], object] | None = None
) -> list[str]:
    """One string or an iterable of them -> a list; ``refused(v)`` is raised for the value, or
    the first item, that is not a string (bytes are not text here), and ``each`` checks every
    string in turn as it is met."""
    if not isinstance(value, (str, Iterable)) or isinstance(value, (bytes, bytearray, memoryview)):
        raise refused(value)
    values = [value] if isinstance(value, str) else list(value)
    for item in values:
        if not isinstance(item, str):
            raise refused(item)
        if each is not None:
            each(item)
    return values


def _tags(value: Any, name: str) -> list[str]:
    """One tag or an iterable of them -> a list."""
    return _strings(
        value, lambda v: BadArgument.of("api_bad_tag", name=name, value=_shown(v)), lambda tag: _valid(tag, name)
    )


def _urls(value: Any, name: str) -> list[str]:
    """One link or an iterable of them -> a list, each stripped (refused by the core
    when it is no web address, in the words ``readlog add`` says it)."""
    return [each.strip() for each in _strings(value, lambda v: _wrong(name, "api_kind_urls", v))]


def _tags_or_none(value: Any, name: str) -> list[str] | None:
    return None if value is None else _tags(value, name)


def _fields_or_none(value: Any, name: str) -> list[str] | None:
    """Names of Entry fields (one, or an iterable of them) -> a list, or None for all."""
    if value is None:
        return None
    from readlog.model.record import COLUMNS

    def known(field: str) -> None:
        if field not in COLUMNS:
            raise BadValue.of("api_unknown_field", name=name, value=_shown(field), known=", ".join(COLUMNS))

    return _strings(value, lambda v: _wrong(name, "api_kind_fields", v), known)


# Each argument of the public methods, by name: its check, which gives the value the method gets.
def _path_or_none(value: Any, name: str) -> str | None:
    return None if value is None else _path(value, name)


def _number_or_none(value: Any, name: str) -> int | None:
    """Which of an entry's links (1 for its own, as show numbers them), or None."""
    return None if value is None else _int(value, name)


def _plan(value: Any, name: str) -> Any:
    """What ``lib.plan()`` gave."""
    from readlog.core.results import Plan

    if isinstance(value, Plan) and value.change is not None:
        return value
    raise _wrong(name, "api_kind_plan", value)


def _command(value: Any, name: str) -> str:
    if isinstance(value, str) and value in PLANNED:  # not ``in`` first: a list is no key
        return value
    error = BadValue if isinstance(value, str) else BadArgument
    raise _wrong(name, "api_kind_command", value, error, known=", ".join(PLANNED))


def _older_than(value: Any, name: str) -> str | date | None:
    """A cutoff as --older-than takes it (parsed by the core, which names the option)."""
    return None if value is None else _time(value, name)


def _callable_or_none(value: Any, name: str) -> Any:
    if value is None or callable(value):
        return value
    raise _wrong(name, "api_kind_callable", value)


def _undone_or_none(value: Any, name: str) -> Any:
    """What ``undo(dry_run=True)`` or ``undoable()`` gave, or None."""
    from readlog.core.results import Action, Undone

    if value is None or (isinstance(value, Undone) and value.report is not None) or isinstance(value, Action):
        return value
    raise _wrong(name, "api_kind_undone", value)


def _form(value: Any, name: str) -> dict[str, str]:
    """An edited form: a mapping of the fields edit() sets (core.curate.FIELDS), each as text; a copy."""
    from collections.abc import Mapping

    from readlog.core.curate import FIELDS

    if not isinstance(value, Mapping) or not all(isinstance(v, str) for v in value.values()):
        raise _wrong(name, "api_kind_form", value)
    unknown = [key for key in value if key not in FIELDS]
    if unknown:
        raise _wrong(name, "api_kind_form", unknown[0], BadValue)
    return {key: _valid(text, name) for key, text in value.items()}


def _amount(value: Any, name: str) -> float | None:
    """How far an entry was read: "40%", 40 or 0.4 -> 0.4 (core.progress.parse_progress), or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise _wrong(name, "api_kind_amount", value)
    from readlog.core.progress import parse_progress

    return parse_progress(value)


def _entry_or_none(value: Any, name: str) -> Any:
    """An entry as get() gave it, or None."""
    from readlog.model.record import Entry

    if value is None or (isinstance(value, Entry) and value.row):
        return value
    raise _wrong(name, "api_kind_entry", value)


CHECKS: dict[str, Check] = {
    "path": _path_or_stream,
    "as_of": _as_of,
    "format": _text,
    "encoding": _text_or_none,
    "strict": _flag,
    "name": _name_or_none,
    "url": _text,
    "fetch": _flag,
    "tags": _tags,
    "star": _flag,
    "read": _flag,
    "title": _text_or_none,
    "note": _text_or_none,
    "source": _text_or_none,
    "category": _text_or_none,
    "ids": _ids,
    "refetch": _flag,
    "jobs": _jobs,
    "entry_id": _id,
    "unread": _flag_or_none,
    "starred": _flag_or_none,
    "archived": _flag_or_none,
    "tag": _tags_or_none,
    "fields": _fields_or_none,
    "search": _text_or_none,
    "since": _when,
    "before": _when,
    "sort": _text_or_none,
    "reverse": _flag,
    "limit": _limit,
    "offset": _offset,
    "plan": _plan,
    "command": _command,
    "older_than": _older_than,
    "only": _ids_or_all,
    "published": _text_or_none,
    "summary": _text_or_none,
    "verdict": _text_or_none,
    "number": _number_or_none,
    "force": _flag,
    "progress": _callable_or_none,
    "expect": _undone_or_none,
    "form": _form,
    "was": _entry_or_none,
    "dead": _flag_or_none,
    "target": _path_or_none,
    "min_time": _number_or_none,
    "max_time": _number_or_none,
    "query": _query,
    "add": _tags,
    "remove": _tags,
    "text": _text_or_none,
    "passage": _text,
    "dry_run": _flag,
    "action": _action_or_none,
    "fmt": _text_or_none,
    "file": _path_or_stream,
    "lang": _lang,
    "as_typed": _text_or_none,
    "urls": _urls,
    "paths": _paths,
    "amount": _amount,
    "done": _flag,
    "in_progress": _flag_or_none,
    "view": _text_or_none,
    "time": _minutes_or_none,
    "count": _count,
    "resurface_days": _days,
}
