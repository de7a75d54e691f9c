"""Usage mistakes click finds (an unknown option, a missing argument, a bad
value) said in one line in the run's language, and that language as found
before a command runs (``language_of``)."""

from __future__ import annotations

import functools
import re
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
    from readlog.model.messages import say

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
    return say("usage_other", lang, detail=_click_said(exc.format_message(), lang)) + hint


def _click_said(text: str, lang: str) -> str:
    """What click said (its own English: an outside library's words, which click
    raises as text alone, with no field that tells one mistake from another) in
    ``lang``: the first of CLICK_MESSAGES whose English is ``text`` whole gives
    its words in ``lang``, with the same values in its fields as click wrote them
    (a ``detail`` read the same way); text no key says stays as it is."""
    if lang == "en" or not text:
        return text
    from readlog.model.messages import wording

    for key in CLICK_MESSAGES:
        found = _click_pattern(key).fullmatch(text)
        if found:
            values = {k: _click_said(v, lang) if k == "detail" else v for k, v in found.groupdict().items()}
            return _bare(wording(key, lang)).format(**values)
    return text


@functools.cache
def _click_pattern(key: str) -> re.Pattern[str]:
    """A regular expression matching what the English of ``key`` says, one group per field."""
    import string

    from readlog.model.messages import wording

    parts: list[str] = []
    seen: set[str] = set()
    for literal, name, _, _ in string.Formatter().parse(wording(key)):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
    return re.compile("".join(parts), re.DOTALL)


def _bare(template: str) -> str:
    """``template`` with its fields' conversions and format specs taken off ("{n:,}" -> "{n}")."""
    import string

    out = []
    for literal, name, _, _ in string.Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + name + "}")
    return "".join(out)


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
