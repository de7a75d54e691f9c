"""How a run begins and ends: ``main`` runs the command line and turns each
way it can end (a usage mistake, Ctrl-C, an output that cannot be written)
into one line and an exit status; ``entry``, the console script, then ends
the process with ``leave``: the atexit functions, the last flush, os._exit."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from typing import Any, NoReturn

import typer

from readlog.cli import completion_module, registry
from readlog.cli.dispatch import app_for, command_for
from readlog.cli.errors import ClosedOutput, output_failed
from readlog.cli.hoisting import hoisted, viewed
from readlog.cli.usage import language_of, usage_message
from readlog.model.errors import EXIT_FAILED, interrupted_status


def _invoke(command: Any, args: list[str]) -> Any:
    """Run ``command`` as ``Typer.__call__`` would: typer's exception hook
    (a bug shows typer's short traceback, without local variables)."""
    from typer.main import except_hook
    from typer.models import DeveloperExceptionConfig

    if sys.excepthook != except_hook:
        sys.excepthook = except_hook
    try:
        return command(args=args, standalone_mode=False)
    except Exception as exc:
        config = DeveloperExceptionConfig(
            pretty_exceptions_enable=registry.pretty_exceptions_enable,
            pretty_exceptions_show_locals=registry.pretty_exceptions_show_locals,
            pretty_exceptions_short=registry.pretty_exceptions_short,
        )
        setattr(exc, typer.main._typer_developer_exception_attr_name, config)
        raise


def tolerant_output() -> None:
    """Let standard output and error replace what the terminal's encoding
    cannot show (a Chinese title under PYTHONIOENCODING=latin-1 or an ASCII
    locale) with "?", instead of failing the command with UnicodeEncodeError.
    Streams already tolerant (stderr's backslashreplace) are left as they are."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "surrogateescape"):
            with contextlib.suppress(ValueError, OSError):  # closed, or not reconfigurable: left as it is
                stream.reconfigure(errors="replace")


def entry() -> None:
    """The console script (and ``python -m readlog``): ``main``, then a quick exit (``leave``)."""
    try:
        main()
    except SystemExit as exc:
        leave(exc.code)
    leave(0)


def leave(code: object) -> NoReturn:
    """End the process with ``code`` as ``SystemExit(code)`` would, without
    tearing the interpreter down: freeing every module, class and table one by
    one is 4% of a small command's instructions (callgrind: 20 million in
    ``add``), and nothing of it is seen. What an exit must still do is done:
    the functions registered with atexit run (temporary directories, logging),
    and standard output and error are flushed - a write that fails there is
    reported as any other (``output_failed``). A process with other threads
    still running exits the usual way, which waits for them."""
    import atexit
    import threading

    if isinstance(code, str):  # SystemExit("message"): said on stderr, status 1
        sys.stderr.write(code + "\n")
        code = EXIT_FAILED
    status = 0 if code is None else code if isinstance(code, int) else EXIT_FAILED
    if threading.active_count() > 1:
        raise SystemExit(status)
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
    except OSError as exc:
        status = status or output_failed(exc)
    except (ValueError, AttributeError):
        pass  # closed, or not a stream
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.flush()
    os._exit(status)


def main() -> None:
    """The command line: options, the command, its errors as one line each;
    it ends by raising SystemExit with the exit status."""
    import gc

    # Start-up allocates many objects that live as long as the process (modules, classes,
    # typer's and rich's tables): Python's default collects its youngest generation every 700
    # new objects, and each collection of that generation, or of the older ones, walks them.
    # What start-up made so far is moved out of the collector's sight, and collections are
    # ten times rarer, which is still often for a long import: 6% of a small search's
    # instructions (measured with callgrind).
    gc.freeze()
    gc.set_threshold(7000, 10, 10)
    from readlog.settings import tame_columns

    instruction = os.environ.get("_READLOG_COMPLETE")
    if instruction:  # a shell asking what may follow the words typed (cli/completion.py)
        raise SystemExit(completion_module().respond(instruction))
    if sys.stdout is None:  # started with standard output closed (>&-)
        sys.stdout = ClosedOutput()
    tolerant_output()
    tame_columns()
    # click's exceptions, wherever this typer keeps click (0.28 vendors its own copy)
    click_exception = sys.modules[typer.BadParameter.__module__].ClickException
    args = sys.argv[1:]
    try:
        app = app_for(args)
        args = viewed(hoisted(args, app), app)
        code = _invoke(command_for(args), args)
        sys.stdout.flush()  # a full disk may only show when the last output is flushed
    except click_exception as exc:  # a usage mistake: one line, not click's framed box
        sys.stderr.write(f"readlog: {usage_message(exc, language_of(args))}\n")
        raise SystemExit(exc.exit_code) from None
    except typer.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):  # Ctrl-C (or SIGTERM, SIGHUP: interrupted_status)
            raise SystemExit(interrupted_status(exc.__context__)) from None
        from readlog.model.messages import say

        sys.stderr.write(f"readlog: {say('aborted', language_of(args))}\n")
        raise SystemExit(EXIT_FAILED) from None
    except KeyboardInterrupt as exc:
        raise SystemExit(interrupted_status(exc)) from None
    except OSError as exc:  # help or a message that could not be written
        raise SystemExit(output_failed(exc, language_of(args))) from None
    except SystemExit as exc:
        reason = exc.__context__
        if isinstance(reason, OSError) and reason.errno == errno.EPIPE:
            # The help or the version written while the arguments are read, to a reader
            # that went away (readlog --help | head -1): typer ends that with status 1.
            raise SystemExit(output_failed(reason, language_of(args))) from None
        raise
    raise SystemExit(code if isinstance(code, int) else 0)
