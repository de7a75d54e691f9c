"""The lazy dispatch: which module declares each command, and an app that
holds only the command a run names (``app_for``), so that a run imports and
builds one command module, not all of them (tests/test_startup.py)."""

from __future__ import annotations

from typing import Any

import typer

from readlog.cli import APP_SETTINGS, VALUE_OPTIONS, registry
from readlog.cli.usage import language_of

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
    "next": "queue",
    "views": "views",
    "view": "views",
    "follow": "feeds",
    "feeds": "feeds",
    "unfollow": "feeds",
    "refresh": "feeds",
    "show": "reading",
    "star": "marking",
    "unstar": "marking",
    "read": "marking",
    "unread": "marking",
    "archive": "marking",
    "unarchive": "marking",
    "tag": "organise",
    "tags": "organise",
    "note": "organise",
    "progress": "progress",
    "highlight": "marks",
    "highlights": "marks",
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
    "sync": "syncing",
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
    registry.registered_commands.sort(key=lambda c: order.index(registered_name(c)))
    return registry


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


def registered_name(info: Any) -> str:
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
    commands = [c for c in app.registered_commands if registered_name(c) == name]
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
