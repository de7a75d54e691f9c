"""Typer commands: parse options -> call one function -> render.

This module holds the app, the global options and error handling; each
submodule declares one group of commands. No SQL, parsing or rich here.
Start-up is a feature: the console entry point imports only the submodule
of the command being run, and heavy modules are imported inside the commands
that need them (tests/test_startup.py guards both).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import os
import sqlite3
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, Optional, TypeVar

import typer

from readlog.model.errors import EXIT_FAILED, EXIT_PIPE, EXIT_USAGE, ReadlogError, UsageError, interrupted_status
from readlog.model.version import __version__

if TYPE_CHECKING:
    from readlog.render.output import Output
    from readlog.store import Store

APP_SETTINGS: dict[str, Any] = {
    "name": "readlog",
    "rich_markup_mode": "rich",
    "no_args_is_help": False,
    "add_completion": False,
    "pretty_exceptions_show_locals": False,
    "context_settings": {"help_option_names": ["-h", "--help"]},
}
registry = typer.Typer(**APP_SETTINGS)
# Global options of ``root`` that take a value (the command finder in main() skips their values).
VALUE_OPTIONS = ("--db", "--lang")

F = TypeVar("F", bound=Callable[..., Any])


class State:
    """Global options, resolved once per invocation."""

    def __init__(self, db: Optional[str], lang: Optional[str]) -> None:
        self.db_option = db
        self.lang_option = lang
        self._out: Output | None = None
        self._lib: Store | None = None

    @property
    def out(self) -> Output:
        if self._out is None:
            from readlog.render.output import Output
            from readlog.settings import language

            try:
                lang, columns = self.setting("lang"), self.setting("columns")
            except ReadlogError:
                lang, columns = None, None  # a broken config file is reported by the command's own settings use
            self._out = Output(language(self.lang_option, configured=lang), columns=columns)
        return self._out

    def setting(self, key: str) -> Any:
        """A default from the config file, or None when it does not set one (read lazily, once)."""
        from readlog.settings import file_value

        return file_value(key)

    @property
    def page_size(self) -> int:
        """How many entries list and search show on a terminal without --limit."""
        from readlog.settings import DEFAULTS

        value = self.setting("page_size")
        return int(DEFAULTS["page_size"] if value is None else value)

    def listed(self, limit: int | None, *, as_json: bool, page: int | None = None) -> int:
        """How many rows a listing (list, search, trash, history) shows: ``limit``
        when given (0: all, negative: a UsageError). Without it, all of them when a
        program reads them (``--json``, or standard output not a terminal), as git
        log gives; on a terminal, one screen (``page``, else page_size)."""
        from readlog.core.reading import check_limit

        if limit is not None:
            return check_limit(limit)
        if as_json or self.out.piped:
            return 0
        return self.page_size if page is None else page

    @property
    def mark_read_on_show(self) -> bool:
        return bool(self.setting("mark_read_on_show"))

    @property
    def triage_advance(self) -> bool:
        """Whether the triage screen moves to the next entry after s, r or a."""
        value = self.setting("triage_advance")
        return True if value is None else bool(value)

    def library(self) -> Store:
        if self._lib is None:
            from readlog.core.maintenance import open_library

            self._lib = open_library(self.db_option, notice=self.notice, progress=self.out.progress)
        return self._lib

    def notice(self, text: str) -> None:
        """A notice the core gives in English (an upgrade), said in the output's language."""
        from readlog.model.messages import translate

        self.out.notice(translate(text, self.out.lang, ("library_upgrading",)))

    def close(self) -> None:
        if self._lib is not None:
            self._lib.close()


def state_of(ctx: typer.Context) -> State:
    obj = ctx.find_root().obj
    if not isinstance(obj, State):
        obj = State(None, None)
        ctx.find_root().obj = obj
    return obj


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


def _version(value: bool) -> None:
    if value:
        typer.echo(f"readlog {__version__}")
        raise typer.Exit()


def _completion(*, install: bool) -> Callable[[typer.Context, Any, bool], None]:
    """--install-completion and --show-completion: readlog completion (--install) for the shell detected."""

    def callback(ctx: typer.Context, param: Any, value: bool) -> None:
        if not value or ctx.resilient_parsing:
            return
        lang = language_of(sys.argv[1:])
        try:
            _completion_module().show_or_install(None, install_it=install, lang=lang)
        except ReadlogError as exc:
            sys.stderr.write(f"readlog: {exc.localized(lang)}\n")
            raise typer.Exit(exc.exit_code) from None
        except OSError as exc:
            raise typer.Exit(output_failed(exc, lang)) from None
        raise typer.Exit()

    return callback


def _completion_module() -> Any:
    """cli/completion.py, which declares a command as the other submodules do (loaded the same way)."""
    import importlib

    return importlib.import_module("readlog.cli.completion")


def _check_lang(value: Optional[str]) -> Optional[str]:
    if value is None:
        return None
    from readlog.settings import normal_lang

    if normal_lang(value) is None:
        from readlog.model.messages import say

        raise typer.BadParameter(say("usage_lang_unknown", value=repr(value)))
    return value


@registry.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    db: Optional[str] = typer.Option(
        None, "--db", metavar="PATH", help="Library file (else $READLOG_DB, else the user data dir)."
    ),
    lang: Optional[str] = typer.Option(
        None, "--lang", callback=_check_lang, help="Language for labels and times: en or zh."
    ),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
    install_completion: bool = typer.Option(
        False,
        "--install-completion",
        callback=_completion(install=True),
        is_eager=True,
        expose_value=False,
        help="Install completion for the current shell (bash, zsh, fish).",
    ),
    show_completion: bool = typer.Option(
        False,
        "--show-completion",
        callback=_completion(install=False),
        is_eager=True,
        expose_value=False,
        help="Show the completion script for the current shell (readlog completion SHELL names one).",
    ),
) -> None:
    """A private, local, fast reading tracker for the terminal.

    Import digests and read-later exports, then triage them with list, show,
    star, read and search. Run with no command for an overview of your library.
    --db and --lang may also follow the command (readlog list --db x.db).
    Piped or redirected, tables print whole tab-separated lines
    (READLOG_FORCE_TTY=1 keeps the terminal's layout).
    Exit status: 0 ok, 1 something was not done, 2 usage error, 141 the
    reader of the output went away (| head), as git and gh.

    \b
    Examples:
      readlog import digest.txt saved.txt
      readlog list --unread
      readlog --db ~/reading.db search 内核
    """
    ctx.obj = State(db, lang)
    if ctx.invoked_subcommand is None:
        _overview(ctx)


@handle_errors
def _overview(ctx: typer.Context) -> None:
    from readlog.cli import commands

    commands.overview(state_of(ctx))


# Which submodule declares each command (in the order --help lists them);
# main() imports just the one it needs.
COMMAND_MODULES = {
    "import": "importing",
    "add": "capture",
    "fetch": "capture",
    "export": "exporting",
    "list": "reading",
    "search": "reading",
    "triage": "triage",
    "show": "reading",
    "star": "state",
    "unstar": "state",
    "read": "state",
    "unread": "state",
    "archive": "state",
    "unarchive": "state",
    "tag": "organise",
    "tags": "organise",
    "note": "organise",
    "edit": "curate",
    "rm": "curate",
    "trash": "curate",
    "restore": "curate",
    "undo": "organise",
    "history": "organise",
    "open": "organise",
    "sources": "review",
    "categories": "review",
    "stats": "review",
    "config": "review",
    "backup": "maintenance",
    "db": "maintenance",
    "completion": "completion",
}


def load_commands(name: str | None = None) -> typer.Typer:
    """Register the submodule that declares ``name``, or every submodule."""
    import importlib

    if name in COMMAND_MODULES:
        importlib.import_module(f"readlog.cli.{COMMAND_MODULES[name]}")
        return registry
    for module in dict.fromkeys(COMMAND_MODULES.values()):
        importlib.import_module(f"readlog.cli.{module}")
    # --help lists commands in the order above (workflow order), not import order.
    order = list(COMMAND_MODULES)
    registry.registered_commands.sort(key=lambda c: order.index(_registered_name(c)))
    return registry


def __getattr__(name: str) -> Any:
    """``readlog.cli.app``: the app with every command registered."""
    if name == "app":
        return load_commands()
    raise AttributeError(name)


def command_name(args: list[str]) -> str | None:
    """The command named on a command line (after the global options), or None."""
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in VALUE_OPTIONS:
            skip = True
        elif arg == "--" or arg in ("-h", "--help", "--version"):
            return None
        elif not arg.startswith("-"):
            return arg
    return None


def value_options(command: Any) -> set[str]:
    """The option names of a click command (and of its subcommands) that take
    a value: the word after them is that value, whatever it looks like."""
    names: set[str] = set()
    for param in getattr(command, "params", ()):
        if param.param_type_name == "option" and not param.is_flag and not getattr(param, "count", False):
            names.update(param.opts)
    for sub in getattr(command, "commands", {}).values():
        names |= value_options(sub)
    return names


def _registered_name(info: Any) -> str:
    """A command's name as typer derives it: explicit, else the function's name with dashes."""
    return str(info.name or getattr(info.callback, "__name__", "").lower().replace("_", "-"))


def app_for(args: list[str]) -> typer.Typer:
    """An app holding only the command that ``args`` invoke, else the full app.

    Typer turns every registered command into a click command on each run
    (inspecting signatures and type hints: ~12 ms for two dozen commands,
    an eighth of a read command's whole run, measured), so a run that
    names a known command gets an app with just that one, the same root
    callback and the same settings. Help, no command or an unknown name
    get the full app, so their output is unchanged.
    """
    name = command_name(args)
    app = load_commands(name)
    if name is None:
        return load_commands()
    commands = [c for c in app.registered_commands if _registered_name(c) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if not commands and not groups:
        return load_commands()
    one = typer.Typer(**APP_SETTINGS)
    one.registered_callback = app.registered_callback
    one.registered_commands = commands
    one.registered_groups = groups
    return one


def command_for(args: list[str]) -> Any:
    """The click command that runs ``args``: typer's build of ``app_for(args)``,
    its help said in the run's language (``help_language``). Each call builds
    a fresh command, so a localised one never reaches a run in another
    language, and the declarations stay as they are."""
    command = typer.main.get_command(app_for(args))
    lang = help_language(args)
    if lang == "en":
        return command
    from readlog.cli.helptext import localised

    return localised(command, lang)


def help_language(args: list[str]) -> str:
    """The language of the help screen ``args`` may show (-h, --help, or a
    group named without its command), as ``language_of`` finds it; "en" for
    a run that shows none, which then looks up nothing and costs what it did."""
    words = args[: args.index("--")] if "--" in args else args
    wants_help = "-h" in words or "--help" in words
    if not wants_help and command_name(args) not in {g.name for g in registry.registered_groups}:
        return "en"
    return language_of(args)


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
        raise SystemExit(_completion_module().respond(instruction))
    if sys.stdout is None:  # started with standard output closed (>&-)
        sys.stdout = ClosedOutput()
    tolerant_output()
    tame_columns()
    # click's exceptions, wherever this typer keeps click (0.28 vendors its own copy)
    click_exception = sys.modules[typer.BadParameter.__module__].ClickException
    args = sys.argv[1:]
    try:
        args = hoisted(args, app_for(args))
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


def hoisted(args: list[str], app: typer.Typer) -> list[str]:
    """``args`` with the global options (--db, --lang) given after the command
    moved before it, where the root command takes them: ``readlog list --db
    x.db`` runs as ``readlog --db x.db list``. The words after ``--`` stay as
    they are, and so does a word that is the value of the command's own
    option (``edit 3 --title --db`` sets the title to "--db")."""
    name = command_name(args)
    if name is None:
        return args
    at = _command_index(args)
    if not any(a.split("=", 1)[0] in VALUE_OPTIONS for a in args[at + 1 :]):
        return args  # nearly every run: no need to build the click command here
    sub = getattr(typer.main.get_command(app), "commands", {}).get(name)
    own = value_options(sub) if sub is not None else set()
    moved: list[str] = []
    rest: list[str] = []
    i = at + 1
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        option = arg.split("=", 1)[0]
        if option in VALUE_OPTIONS and option not in own:
            if "=" in arg:
                moved.append(arg)
                i += 1
            elif i + 1 >= len(args):  # no value: left where it is, for click to say so
                rest.append(arg)
                i += 1
            else:
                moved.extend(args[i : i + 2])
                i += 2
            continue
        rest.append(arg)
        if arg in own and i + 1 < len(args):
            rest.append(args[i + 1])
            i += 1
        i += 1
    return [*args[:at], *moved, name, *rest]


def _command_index(args: list[str]) -> int:
    """Where the command named on the line stands in ``args`` (see command_name)."""
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
        elif arg in VALUE_OPTIONS:
            skip = True
        elif not arg.startswith("-"):
            return i
    return len(args)


def usage_message(exc: Any, lang: str) -> str:
    """One line for a usage mistake click found (an unknown option, a missing
    argument, a group without its command), in ``lang``, cleaned: what the
    user typed is quoted in it and may hold escape sequences."""
    from readlog.model.sanitize import clean

    return clean(_usage_message(exc, lang), one_line=True)


def _usage_message(exc: Any, lang: str) -> str:
    from readlog.model.messages import say, translate

    ctx = getattr(exc, "ctx", None)
    click = sys.modules[typer.BadParameter.__module__]
    if isinstance(exc, click.NoArgsIsHelpError) and ctx is not None:  # its help is printed above
        names = ", ".join(ctx.command.list_commands(ctx))
        return say("usage_needs_command", lang, command=ctx.command_path, names=names)
    hint = say("usage_hint", lang, command=ctx.command_path) if ctx is not None else ""
    if isinstance(exc, click.NoSuchOption):
        said = say("usage_no_option", lang, name=exc.option_name)
        if exc.possibilities:
            said += say("usage_possible_options", lang, names=", ".join(sorted(exc.possibilities)))
        return said + hint
    if isinstance(exc, click.MissingParameter):
        kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else "")
        key = "usage_lacks_option" if kind == "option" else "usage_lacks_argument"
        name = exc.param.get_error_hint(ctx) if exc.param is not None else ""
        return say(key, lang, name=name) + hint
    return say("usage_other", lang, detail=translate(exc.format_message(), lang, CLICK_MESSAGES)) + hint


# Catalogue keys whose English is what click and typer say for the usual
# mistakes (click 8's wording), so that under --lang zh they are said in
# Chinese: the most specific first.
CLICK_MESSAGES = (
    "usage_value_invalid_for",
    "usage_value_invalid_bare",
    "usage_int_invalid",
    "usage_integer_invalid",
    "usage_float_invalid",
    "usage_value_invalid_kind",
    "usage_range_outside",
    "usage_choice_outside",
    "usage_command_unknown_suggest",
    "usage_command_unknown_plain",
    "usage_option_needs_value",
    "usage_option_takes_none",
    "usage_arguments_extra",
    "usage_lang_unknown",
)


def language_of(args: list[str]) -> str:
    """The language of this run for what is said before a command runs: --lang,
    else READLOG_LANG, the config file or the locale (settings.language)."""
    option = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            option = args[i + 1]
        elif arg.startswith("--lang="):
            option = arg.split("=", 1)[1]
    try:
        from readlog.settings import file_value

        configured = file_value("lang")
    except ReadlogError:
        configured = None
    from readlog.settings import language

    return language(option, configured)
