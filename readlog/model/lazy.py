"""A package's names imported when first used (PEP 562): what keeps ``import readlog``
and ``import readlog.store`` cheap; and regular expressions compiled when first used
(``pattern``). Imports nothing of readlog."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import re


def lazy_names(namespace: dict[str, Any], homes: Mapping[str, str]) -> Callable[[str], Any]:
    """The module ``__getattr__`` of the module whose ``globals()`` is ``namespace``:
    each name of ``homes`` is imported from its module (a name as importlib.import_module
    takes it, ``".query"`` within the package) when first used, then kept in the module;
    any other name is the AttributeError Python raises for a module."""
    module = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(home, module), name)
        namespace[name] = value
        return value

    return __getattr__


class _Pattern:
    """A regular expression compiled when first used (``pattern``)."""

    def __init__(self, source: str, flags: int) -> None:
        self._source = (source, flags)

    def __getattr__(self, name: str) -> Any:
        import re

        value = getattr(re.compile(*self._source), name)
        self.__dict__[name] = value  # a method kept bound: found directly from now on
        return value


def pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, compiled when one of its methods is first used:
    compiling costs a module's import 0.5-1 million instructions a pattern, and most
    runs use few of a module's patterns (a short command none of sanitize's)."""
    return _Pattern(source, flags)  # type: ignore[return-value]
