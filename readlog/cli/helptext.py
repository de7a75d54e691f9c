"""``--help`` in the run's language.

The English help is what the typer declarations say (docstrings and
``help=``), and docs/cli-reference.md is generated from it. For another
language, the click command typer built for this run (a fresh one: the
declarations are never changed) gets each text from the message catalogue,
by the key its declaration names (``said_help``), and its help screen says
typer's and click's own words (Usage, the panel titles, [default: ...],
[required], the help option) in that language while it is drawn, and only
then. Loaded only when a help screen may be shown in a language other
than English.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from typing import Any

from readlog.cli import said_help
from readlog.model.messages import say

# typer.rich_utils' module-level words, and the catalogue keys that say them.
RICH_WORDS = {
    "ARGUMENTS_PANEL_TITLE": "help_panel_arguments",
    "OPTIONS_PANEL_TITLE": "help_panel_options",
    "COMMANDS_PANEL_TITLE": "help_panel_commands",
    "REQUIRED_LONG_STRING": "help_required",
}


def localised(command: Any, lang: str) -> Any:
    """``command`` (a click command typer just built, with its subcommands)
    saying its help in ``lang``; English returns it as it is."""
    if lang == "en":
        return command
    _localise(command, lang)
    return command


def _localise(command: Any, lang: str) -> None:
    said_help(command, lang)
    _localise_words(command, lang)


def _localise_words(command: Any, lang: str) -> None:
    if command.options_metavar == say("help_options_metavar"):
        command.options_metavar = say("help_options_metavar", lang)
    if getattr(command, "subcommand_metavar", None) == say("help_command_metavar"):
        command.subcommand_metavar = say("help_command_metavar", lang)
    # instance attributes: this command object only, built for this run
    setattr(command, "format_help", functools.partial(_format_help, command.format_help, lang))  # noqa: B010
    setattr(command, "get_usage", functools.partial(_usage, command.get_usage, lang))  # noqa: B010
    for sub in getattr(command, "commands", {}).values():
        _localise_words(sub, lang)


def _usage(get_usage: Any, lang: str, ctx: Any) -> str:
    usage = str(get_usage(ctx))
    prefix = say("help_usage") + " "
    return say("help_usage", lang) + usage[len(prefix) :] if usage.startswith(prefix) else usage


def _format_help(format_help: Any, lang: str, ctx: Any, formatter: Any) -> None:
    option = ctx.command.get_help_option(ctx)
    if option is not None and option.help == say("help_help_option"):
        option.help = say("help_help_option", lang)
    with _rich_words(lang):
        format_help(ctx, formatter)


@contextlib.contextmanager
def _rich_words(lang: str) -> Iterator[None]:
    """typer's help words in ``lang`` while one help screen is drawn, then back."""
    from typer import rich_utils

    words: dict[str, Any] = {name: say(key, lang) for name, key in RICH_WORDS.items()}
    words["DEFAULT_STRING"] = say("help_default", lang, value="{}")
    words["ENVVAR_STRING"] = say("help_env_var", lang, name="{}")
    words["_make_rich_text"] = functools.partial(_folded, rich_utils._make_rich_text)
    before = {name: getattr(rich_utils, name) for name in words}
    for name, value in words.items():
        setattr(rich_utils, name, value)
    with _wrapped_by_readlog():
        try:
            yield
        finally:
            for name, value in before.items():
                setattr(rich_utils, name, value)


@contextlib.contextmanager
def _wrapped_by_readlog() -> Iterator[None]:
    """rich wraps at spaces only, and folds a longer run anywhere: a line of
    Chinese help could start with 。 and split READLOG_FORCE_TTY in two.
    While the help screen is drawn, rich's Text breaks its lines where
    readlog's own wrap() would (render.break_offsets: between Chinese
    characters, at spaces, never inside a word, kinsoku kept)."""
    import rich.text

    from readlog.render.wrapping import break_offsets

    def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
        return break_offsets(text, width)

    before = rich.text.divide_line
    rich.text.divide_line = divide_line
    try:
        yield
    finally:
        rich.text.divide_line = before


def _folded(make_text: Any, **kwargs: Any) -> Any:
    """typer's help text of an option or command, folded at the column's edge
    when a run of Chinese without spaces is longer than the column (the
    tables' default, an ellipsis, would cut the sentence off)."""
    text = make_text(**kwargs)
    if getattr(text, "overflow", "") is None:
        text.overflow = "fold"
    return text
