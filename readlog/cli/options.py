"""The options several commands share, declared once.

``@filter_options`` gives a command the filters (--unread, --read,
--starred, --source, --category, --since, --before, --tag, --archived,
--search, --dead, --min-time, --max-time, --in-progress, --view, which
is also written @NAME: cli/views.py) in place of its ``fa: FilterArgs``
parameter, in the style of sqlite-utils' ``output_options``: list, search,
the state commands, tag, rm, fetch, export and triage take them from here,
with one wording each, so they cannot drift apart
(tests/test_cli_usage.py::test_filter_options_are_the_same_everywhere).
What the filters mean is core/filters.py's. Only typer is imported here.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, Optional, TypeVar

import typer

from readlog.core.filters import FilterArgs

F = TypeVar("F", bound=Callable[..., Any])

_SEARCH_HELP = "help_opt_search"

# (parameter, its type, the option): the order --help lists them in.
FILTERS: tuple[tuple[str, Any, Any], ...] = (
    ("unread", bool, typer.Option(False, "--unread", help="help_opt_unread")),
    ("read", bool, typer.Option(False, "--read", help="help_opt_read")),
    ("starred", bool, typer.Option(False, "--starred", help="help_opt_starred")),
    ("source", Optional[str], typer.Option(None, "--source", help="help_opt_source")),
    ("category", Optional[str], typer.Option(None, "--category", help="help_opt_category")),
    (
        "since",
        Optional[str],
        typer.Option(None, "--since", metavar="WHEN", help="help_opt_since"),
    ),
    ("before", Optional[str], typer.Option(None, "--before", metavar="WHEN", help="help_opt_before")),
    (
        "tag",
        Optional[list[str]],
        typer.Option(None, "--tag", help="help_opt_tag"),
    ),
    (
        "archived",
        bool,
        typer.Option(False, "--archived", help="help_opt_archived"),
    ),
    ("search", Optional[str], typer.Option(None, "--search", "-s", metavar="QUERY", help=_SEARCH_HELP)),
    ("dead", bool, typer.Option(False, "--dead", help="help_opt_dead")),
    (
        "min_time",
        Optional[int],
        typer.Option(None, "--min-time", metavar="MINUTES", help="help_opt_min_time"),
    ),
    (
        "max_time",
        Optional[int],
        typer.Option(None, "--max-time", metavar="MINUTES", help="help_opt_max_time"),
    ),
    ("in_progress", bool, typer.Option(False, "--in-progress", help="help_opt_in_progress")),
    # A saved view (readlog view save), also written @NAME: its filters beneath those given.
    ("view", Optional[str], typer.Option(None, "--view", metavar="NAME", help="help_opt_view")),
)
# tag's arguments are -TAG words: a short option there would swallow letters of
# them (-rust would read as -s "t"), so tag's --search has no -s.
_SEARCH_LONG_ONLY = typer.Option(None, "--search", metavar="QUERY", help=_SEARCH_HELP)
FILTER_NAMES = tuple(name for name, _, _ in FILTERS)

# Shared by the commands that list entries (list, search) and those that change them by filters.
LIMIT = typer.Option(
    None,
    "--limit",
    "-n",
    help="help_list_limit",
)
YES = typer.Option(False, "--yes", help="help_opt_yes")
JSON_CHANGED = typer.Option(False, "--json", help="help_json_changed")


def filter_options(fn: F | None = None, *, search: bool = True, short: bool = True) -> Any:
    """Give a command the filter options in place of its ``fa`` parameter,
    which then receives them as a FilterArgs.

    ``search=False`` leaves out --search (readlog search takes its query as
    arguments); ``short=False`` leaves out -s (for tag, whose -TAG
    arguments a short option would eat).
    """

    def decorate(fn: F) -> F:
        signature = inspect.signature(fn)
        hints = {name: value for name, value in fn.__annotations__.items() if name != "fa"}
        filters: list[inspect.Parameter] = []
        for name, kind, option in FILTERS:
            if name == "search" and not search:
                continue
            if name == "search" and not short:
                option = _SEARCH_LONG_ONLY
            filters.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=option, annotation=kind))
            hints[name] = kind
        params: list[inspect.Parameter] = []
        for param in signature.parameters.values():
            if param.name == "fa":
                params.extend(filters)
            else:
                params.append(param.replace(kind=inspect.Parameter.KEYWORD_ONLY))
        if "fa" not in signature.parameters:
            raise TypeError(f"{fn.__name__} has no fa parameter for the filters")

        @functools.wraps(fn)
        def wrapper(**kwargs: Any) -> Any:
            given = {name: kwargs.pop(name, None) for name in FILTER_NAMES}
            fa = FilterArgs(
                unread=bool(given["unread"]),
                read=bool(given["read"]),
                starred=bool(given["starred"]),
                source=given["source"],
                category=given["category"],
                since=given["since"],
                before=given["before"],
                tags=list(given["tag"] or []),
                archived=bool(given["archived"]),
                search=given["search"],
                dead=bool(given["dead"]),
                min_time=given["min_time"],
                max_time=given["max_time"],
                in_progress=bool(given["in_progress"]),
                view=given["view"],
            )
            return fn(fa=fa, **kwargs)

        wrapper.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
        wrapper.__annotations__ = hints
        return wrapper  # type: ignore[return-value]

    return decorate(fn) if fn is not None else decorate
