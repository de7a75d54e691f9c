"""A package's names imported when first used (PEP 562): what keeps ``import readlog``
and ``import readlog.store`` cheap. Imports nothing of readlog."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


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
