"""Usage mistakes click finds (an unknown option, a missing argument, a bad
value) said in one line in the run's language, and that language as found
before a command runs (``language_of``)."""

from __future__ import annotations

import sys
from typing import Any

import typer

from readlog.model.errors import ReadlogError


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
