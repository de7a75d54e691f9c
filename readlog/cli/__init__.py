"""Typer commands: parse options -> call one function -> render.

This module is the app object: typer's app that each command module
registers its commands on, its settings, and the root command (the global
options, and the overview ``readlog`` alone prints). It is the bottom of the
package: every other module of it builds on this one, and this one reaches
those above it only by name, as it reaches the command modules (the console
script ``entry`` is exiting.py's; ``app``, every command registered, is
dispatch.py's). The rest is a module each: state.py (the global options
resolved: the library, the output), errors.py (a failure as one line and its
exit status), dispatch.py (which module declares each command), hoisting.py
(global options after the command), usage.py (click's usage mistakes in the
run's language), exiting.py (``main``, the console script, the quick exit).
No SQL, parsing or rich here. Start-up is a feature: the console entry point
imports only the submodule of the command being run, and heavy modules are
imported inside the commands that need them (tests/test_startup.py guards
both).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any, Optional

import typer
from typer.core import TyperCommand, TyperGroup

from readlog.cli.errors import handle_errors, output_failed
from readlog.cli.state import State, state_of
from readlog.cli.usage import language_of
from readlog.model.errors import ReadlogError
from readlog.model.version import __version__


def help_text(text: str | None, lang: str = "en") -> str | None:
    """A help text as declared (a ``help_`` key of the catalogue: commands and
    options name their help by key, see docs/messages.md) said in ``lang``;
    anything else as it is."""
    if text and text.startswith("help_"):
        from readlog.model.messages import known, wording

        if known(text):
            return wording(text, lang)
    return text


def said_help(command: Any, lang: str = "en") -> None:
    """``command`` (a click command typer built for this run, with its
    subcommands) with its help keys replaced by their texts in ``lang``: done
    when a help screen is drawn (or localised), so a run that shows none reads
    no catalogue."""
    for attr in ("help", "short_help", "epilog"):
        text = getattr(command, attr, None)
        if text:
            setattr(command, attr, help_text(text, lang))
    for param in command.params:
        if getattr(param, "help", None):
            param.help = help_text(param.help, lang)
    for sub in getattr(command, "commands", {}).values():
        said_help(sub, lang)


class KeyedCommand(TyperCommand):
    """A command whose help is declared by key, said when its help screen is drawn."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        said_help(self)
        super().format_help(ctx, formatter)


class KeyedGroup(TyperGroup):
    """A group whose help (and its commands') is declared by key, said when its help screen is drawn."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        said_help(self)
        super().format_help(ctx, formatter)


class Registry(typer.Typer):
    """typer's app, its commands KeyedCommand unless they name another class."""

    def command(self, *args: Any, cls: Any = None, **kwargs: Any) -> Any:
        return super().command(*args, cls=cls or KeyedCommand, **kwargs)


APP_SETTINGS: dict[str, Any] = {
    "cls": KeyedGroup,
    "name": "readlog",
    "rich_markup_mode": "rich",
    "no_args_is_help": False,
    "add_completion": False,
    "pretty_exceptions_show_locals": False,
    "context_settings": {"help_option_names": ["-h", "--help"]},
}
registry = Registry(**APP_SETTINGS)
# Global options of ``root`` that take a value (the command finder in main() skips their values).
VALUE_OPTIONS = ("--db", "--lang")


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
            completion_module().show_or_install(None, install_it=install, lang=lang)
        except ReadlogError as exc:
            sys.stderr.write(f"readlog: {exc.localized(lang)}\n")
            raise typer.Exit(exc.exit_code) from None
        except OSError as exc:
            raise typer.Exit(output_failed(exc, lang)) from None
        raise typer.Exit()

    return callback


def completion_module() -> Any:
    """cli/completion.py, which declares a command as the other submodules do (loaded the same way)."""
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
    db: Optional[str] = typer.Option(None, "--db", metavar="PATH", help="help_root_db"),
    lang: Optional[str] = typer.Option(None, "--lang", callback=_check_lang, help="help_root_lang"),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="help_root_version"),
    install_completion: bool = typer.Option(
        False,
        "--install-completion",
        callback=_completion(install=True),
        is_eager=True,
        expose_value=False,
        help="help_root_install_completion",
    ),
    show_completion: bool = typer.Option(
        False,
        "--show-completion",
        callback=_completion(install=False),
        is_eager=True,
        expose_value=False,
        help="help_root_show_completion",
    ),
) -> None:
    """help_cmd_root"""
    ctx.obj = State(db, lang)
    if ctx.invoked_subcommand is None:
        _overview(ctx)


@handle_errors
def _overview(ctx: typer.Context) -> None:
    from readlog.cli import commands

    commands.overview(state_of(ctx))


def entry() -> None:
    """The console script (pyproject's ``readlog.cli:entry``, and ``python -m readlog``): exiting.entry."""
    importlib.import_module("readlog.cli.exiting").entry()


def __getattr__(name: str) -> Any:
    """``readlog.cli.app``: the app with every command registered (dispatch.load_commands)."""
    if name == "app":
        return importlib.import_module("readlog.cli.dispatch").load_commands()
    raise AttributeError(name)
