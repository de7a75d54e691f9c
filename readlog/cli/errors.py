"""How a command's failures end: one line on stderr and the exit status
(handle_errors); arguments that are not text (a usage error before the
command runs); an output that cannot be written (output_failed: 1, or 141
quietly when the reader went away). The statuses are model/errors.py's."""

from __future__ import annotations

import errno
import functools
import io
import os
import sqlite3
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from readlog.cli.state import State, state_of
from readlog.model.errors import EXIT_FAILED, EXIT_PIPE, EXIT_USAGE, ReadlogError, UsageError, interrupted_status

F = TypeVar("F", bound=Callable[..., Any])


def handle_errors(fn: F) -> F:
    """Turn a ReadlogError into one line on stderr and its exit status; an
    interruption into its status (130 for Ctrl-C, 128 + the signal else)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        # click's Context, wherever this typer keeps click: the root callback passes its own positionally
        ctx = kwargs.get("ctx") or next((a for a in args if hasattr(a, "find_root")), None)
        state = state_of(ctx) if ctx is not None else State(None, None)
        try:
            if ctx is not None:
                check_text_arguments(ctx, kwargs)
            return fn(*args, **kwargs)
        except ReadlogError as exc:
            if str(exc):
                state.out.error(exc.localized(state.out.lang))
            raise typer.Exit(exc.exit_code) from None
        except OverflowError as exc:  # a number or date beyond what Python or SQLite can hold
            from readlog.model.messages import say

            state.out.error(say("out_of_range", state.out.lang, detail=str(exc)))
            raise typer.Exit(EXIT_USAGE) from None
        except sqlite3.Error as exc:  # a damaged page or a lost lock found mid-command: one line, not a traceback
            from readlog.core.maintenance import database_error, library_file

            path = state._lib.path if state._lib is not None else library_file(state.db_option)
            state.out.error(database_error(exc, path).localized(state.out.lang))
            raise typer.Exit(EXIT_FAILED) from None
        except OSError as exc:  # the output cannot be written: a full disk, a closed pipe or stdout
            raise typer.Exit(output_failed(exc, state.out.lang)) from None
        except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM or SIGHUP while writing (signals_as_interrupt)
            raise typer.Exit(interrupted_status(exc)) from None
        finally:
            state.close()

    return wrapper  # type: ignore[return-value]


# Parameters that name files: any bytes Linux allows in a name are fine there
# (shown with backslash escapes); every other argument must be text.
PATH_PARAMETERS = frozenset({"paths", "path", "output"})


def check_text_arguments(ctx: typer.Context, kwargs: dict[str, Any]) -> None:
    """A usage error (exit 2) for an argument that is not valid text: bytes
    that are not UTF-8 (Python hands them over as lone surrogates) cannot be
    searched for, stored or printed, and would fail deep inside a command."""
    from readlog.model.sanitize import is_text, shown_name

    for name, value in kwargs.items():
        if name in PATH_PARAMETERS:
            continue
        values = value if isinstance(value, (list, tuple)) else [value]
        bad = next((v for v in values if isinstance(v, str) and not is_text(v)), None)
        if bad is not None:
            param = next((p for p in ctx.command.params if p.name == name), None)
            what = name if param is None else param.opts[0] if param.param_type_name == "option" else param.metavar
            raise UsageError.of("argument_not_text", what=what, value=shown_name(bad))


# Write errors that mean the output went nowhere.
OUTPUT_ERRNOS = (errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EBADF, errno.EIO)


class ClosedOutput(io.TextIOBase):
    """Standard output when it was closed (``>&-``): writing fails as a full
    disk would, so the command says so instead of discarding its output."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def output_failed(exc: OSError, lang: str = "en") -> int:
    """Report an output that cannot be written, in one line on stderr, and
    send what is still buffered to nowhere, so that Python's own flush at exit
    adds no second message. Returns the exit status (1).

    A reader that went away (``readlog list | head -3``: EPIPE) is no failure
    to report: the command ends quietly with 141, the status a shell shows
    for git or gh, which die of SIGPIPE there."""
    from readlog.model.messages import os_reason, say

    broken_pipe = exc.errno == errno.EPIPE
    if not broken_pipe:
        reason = os_reason(exc)
        message = say("output_failed" if exc.errno in OUTPUT_ERRNOS else "io_failed", lang, reason=reason)
        try:
            sys.stderr.write(f"readlog: {message}\n")
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            pass
    try:
        if sys.stdout is not None and not isinstance(sys.stdout, ClosedOutput):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # not a real file (tests): nothing will flush it at exit
    return EXIT_PIPE if broken_pipe else EXIT_FAILED
