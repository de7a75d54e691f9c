"""Errors a user can cause, with the exit status each one maps to.

Exit codes (documented in the README): 0 ok, 1 something was not done,
2 usage error, 130 interrupted (Ctrl-C), 143 and 129 stopped by SIGTERM or
SIGHUP while writing (``Interruption``), 141 the reader of the output went
away (``| head``: quietly, as git and gh end, killed by SIGPIPE). Anything
that escapes as another exception is a bug and may show a traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_PIPE = 141  # 128 + SIGPIPE: what a shell reports for git or gh after `| head`


E = TypeVar("E", bound="ReadlogError")


class Interruption(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Ctrl-C raises KeyboardInterrupt (see
    ``signals_as_interrupt``), so that what Ctrl-C cleans up is cleaned up the
    same way: a transaction rolled back, a temporary file removed."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def interrupted_status(exc: BaseException | None) -> int:
    """The exit status of a command that an interruption stopped: 128 + the
    signal, as a shell shows for a process the signal ended (130 for Ctrl-C,
    143 for SIGTERM, 129 for SIGHUP)."""
    return 128 + exc.signum if isinstance(exc, Interruption) else EXIT_INTERRUPTED


@contextmanager
def signals_as_interrupt() -> Iterator[None]:
    """Inside: SIGTERM and SIGHUP stop the work as Ctrl-C does (``Interruption``).

    Where readlog writes what a signal must not leave half done (an import's
    transaction, a file written under a temporary name and renamed); the
    handlers in place before are put back after. Outside the main thread
    (where Python allows no handler) nothing changes."""
    import signal

    def handler(signum: int, frame: object) -> None:
        raise Interruption(signum)

    signals = (signal.SIGTERM, signal.SIGHUP)
    try:
        previous = [signal.signal(s, handler) for s in signals]
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for s, before in zip(signals, previous, strict=True):
            signal.signal(s, before)


class ReadlogError(Exception):
    """A problem the user can fix; printed as one line on stderr.

    Raised with ``of(key, **params)``, it carries its message's key in the
    catalogue (messages.py): ``str()`` is the English text, and
    ``localized(lang)`` the text in the user's language.
    """

    exit_code = EXIT_FAILED

    def __init__(self, message: str, *, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code
        self.key: str | None = None
        self.params: dict[str, Any] = {}
        self.parts: list[tuple[str, dict[str, Any]]] = []  # of_all: several messages in turn

    @classmethod
    def of(cls: type[E], key: str, **params: Any) -> E:
        """The error whose message is ``key`` in the catalogue, with ``params`` filled in."""
        from readlog.model.messages import say

        error = cls(say(key, **params))
        error.key, error.params = key, params
        return error

    @classmethod
    def of_all(cls: type[E], *parts: tuple[str, dict[str, Any]]) -> E:
        """One error saying several catalogue messages (key, params) in turn."""
        error = cls.of(parts[0][0], **parts[0][1])
        error.parts = list(parts)
        error.args = (error.localized("en"),)
        return error

    def localized(self, lang: str) -> str:
        """The message in ``lang``; errors raised with plain text stay as they are."""
        if self.key is None:
            return str(self)
        from readlog.model.messages import say

        if self.parts:
            return ("；" if lang == "zh" else "; ").join(say(key, lang, **params) for key, params in self.parts)
        return say(self.key, lang, **self.params)


class UsageError(ReadlogError):
    """Arguments that cannot work together (exit status 2)."""

    exit_code = EXIT_USAGE


class BadValue(UsageError, ValueError):
    """A value typed that cannot be read (a time, a date), or an argument of
    the Python API of the right type whose value cannot work (``limit=-1``,
    an unknown sort): a ValueError, as the parsers that read such values
    and Python's own functions raise, said from the catalogue."""

    @classmethod
    def like(cls, error: UsageError) -> BadValue:
        """``error`` (its message, key and parts) as a BadValue."""
        same = cls(*error.args)
        same.key, same.params, same.parts = error.key, error.params, error.parts
        return same


class BadArgument(UsageError, TypeError):
    """An argument of the Python API of a type that cannot work (``limit="5"``,
    ``unread="yes"``), or one the method does not take: a TypeError, as
    Python raises for such calls, said from the catalogue."""


class UnreadableInput(ReadlogError):
    """An input that exists but cannot be read (permissions, a disk error, a
    damaged archive member): an error even where unrecognised files are
    merely skipped."""
