"""What a dataclass generates, written out once: ``Written`` gives a dataclass
declared ``@dataclass(init=False, repr=False, eq=False)`` (its ``__init__``
written in the class) the ``__eq__``, ``__repr__`` and ``__hash__`` that
``@dataclass`` would have made. dataclasses.fields, replace and asdict work as
on any dataclass; what is saved is generating and compiling the three methods
when the module is imported (~5 million instructions for sixteen fields, a
twentieth of a short command's start-up above its floor).
tests/test_units_model.py holds each such class to the dataclass it stands for."""

from __future__ import annotations

from typing import Any


class Written:
    """``__eq__`` (the fields compared in order, only with an instance of the same
    class), ``__repr__`` (``Name(field=value, ...)``) and no hash, as a dataclass
    with ``eq=True`` that is not frozen has. Every field is compared and shown."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]
    __match_args__: tuple[str, ...]  # the fields in order, as @dataclass sets it

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._fields() == other._fields()
        return NotImplemented

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{self.__class__.__qualname__}({shown})"


# The default of a field whose default is a new list (``field(default_factory=list)``).
NEW: Any = object()
