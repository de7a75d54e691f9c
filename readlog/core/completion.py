"""The values shell completion offers for an option or argument, by the name of their source.

A source is either a name the library holds (tags, sources, categories: one
read-only query, store/values.py) or a fixed list (languages, formats, sort
orders, shells). Which option takes its values from which source is the
CLI's (cli/completion.py, VALUE_SOURCES). Nothing here raises: a library
that is missing, damaged, locked or misconfigured simply offers nothing,
since whatever a completion prints lands in the user's shell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

SHELLS = ("bash", "zsh", "fish")


def _library_path(db: str | None) -> Path | None:
    """The library file ``--db`` names (else $READLOG_DB, the config file's, the default); None if unknown."""
    try:
        from readlog.settings import library_path

        return library_path(db)[0]
    except Exception:  # a broken config file, an empty --db, a ~user that is no user: nothing to offer
        return None


def _import_formats() -> tuple[str, ...]:
    from readlog.inputs.detect import FORMATS

    return ("auto", *FORMATS)


def _export_formats() -> tuple[str, ...]:
    from readlog.core.exporting import FORMAT_NAMES

    return FORMAT_NAMES


def _sorts(search: bool) -> Callable[[], tuple[str, ...]]:
    def sorts() -> tuple[str, ...]:
        from readlog.store.query import SORTS

        return (*SORTS, *(("relevance",) if search else ()))

    return sorts


# name -> the values it offers, computed only when asked for
FIXED: dict[str, Callable[[], tuple[str, ...]]] = {
    "languages": lambda: ("en", "zh"),
    "shells": lambda: SHELLS,
    "import-formats": _import_formats,
    "export-formats": _export_formats,
    "sorts": _sorts(search=False),
    "search-sorts": _sorts(search=True),
}


def is_source(name: str) -> bool:
    """Whether ``name`` is a source this module knows."""
    from readlog.store.values import QUERIES

    return name in FIXED or name in QUERIES


def values(source: str, prefix: str = "", *, db: str | None = None) -> list[str]:
    """The values of ``source`` that begin with ``prefix`` (ignoring case for
    the library's names, as the filters match them), sorted; the library's
    names come from the library ``db`` selects (as --db does)."""
    if source in FIXED:
        return [v for v in FIXED[source]() if v.startswith(prefix)]
    from readlog.store.values import names

    path = _library_path(db)
    if path is None:
        return []
    folded = prefix.casefold()
    return sorted((v for v in names(path, source) if v.casefold().startswith(folded)), key=str.casefold)
