"""Global options given after the command (``readlog list --db x.db``) moved
before it, where the root command takes them."""

from __future__ import annotations

import typer

from readlog.cli import VALUE_OPTIONS
from readlog.cli.dispatch import command_name, value_options


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


def viewed(args: list[str], app: typer.Typer) -> list[str]:
    """``args`` with each ``@NAME`` word, given to a command that takes filters, as ``--view
    NAME`` (a saved view: cli/views.py): ``readlog list @short --tag rust``. A word after
    ``--``, or that is the value of an option (``note 3 @home``, ``edit 3 --title @x``), or
    given to a command without --view, stays as it is."""
    if not any(len(a) > 1 and a.startswith("@") for a in args):
        return args  # nearly every run
    name = command_name(args)
    if name is None:
        return args
    at = _command_index(args)
    command = getattr(typer.main.get_command(app), "commands", {}).get(name)
    i = at + 1
    if command is not None and hasattr(command, "commands"):  # a group (view save): its subcommand
        while i < len(args) and args[i].startswith("-"):
            i += 1
        command = command.commands.get(args[i]) if i < len(args) else None
        i += 1
    if command is None or not any("--view" in getattr(p, "opts", ()) for p in command.params):
        return args
    own = value_options(command)
    out = list(args[:i])
    while i < len(args):
        arg = args[i]
        if arg == "--":
            out.extend(args[i:])
            break
        if arg in own and i + 1 < len(args):
            out.extend(args[i : i + 2])
            i += 2
            continue
        out.extend(["--view", arg[1:]] if len(arg) > 1 and arg.startswith("@") else [arg])
        i += 1
    return out
