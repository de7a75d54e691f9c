"""Shell completion for bash, zsh and fish: ``readlog completion SHELL`` prints
the script, ``--install-completion`` installs it, and the script asks readlog
itself what may follow the words typed so far.

The script runs ``readlog`` with ``_READLOG_COMPLETE`` set (bash_complete,
zsh_complete, fish_complete, as click names them) and the line in the
environment; main() hands such a run to ``respond`` before anything else.
Commands and options are read off the typer commands themselves (only the
command being completed is built), values from VALUE_SOURCES: the one
place that says where an option's or argument's values come from (the
library's names, a fixed list, or file names). A completion imports neither
rich nor textual nor httpx, opens the library read-only with one query, and
never prints an error: whatever it writes lands in the shell.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

import typer

from readlog.cli import APP_SETTINGS
from readlog.cli import registry as app
from readlog.cli.dispatch import COMMAND_MODULES, app_for, load_commands, registered_name
from readlog.cli.errors import handle_errors
from readlog.cli.usage import language_of

ENV = "_READLOG_COMPLETE"
SHELLS = ("bash", "zsh", "fish")
FILES = "files"  # let the shell complete file names
SIGNED_TAGS = "signed-tags"  # tag's +TAG and -TAG words
# Where the values of an option or argument come from, the one place that
# says so: "--option" (any command), "command --option" or "command argument"
# (the parameter's name; "db check ..." for a subcommand) -> a source of
# core/completion.py (the library's names or a fixed list), FILES or
# SIGNED_TAGS. An option or argument not named here completes nothing.
VALUE_SOURCES: dict[str, str] = {
    "--tag": "tags",
    "--source": "sources",
    "--category": "categories",
    "--view": "views",
    "view rm name": "views",
    "view save name": "views",
    "--lang": "languages",
    "--db": FILES,
    "import paths": FILES,
    "import --format": "import-formats",
    "export --format": "export-formats",
    "export --output": FILES,
    "list --sort": "sorts",
    "search --sort": "search-sorts",
    "backup path": FILES,
    "tag items": SIGNED_TAGS,
    "completion shell": "shells",
}
# The options of the root command that may also follow the command (main() moves them before it).
HOISTED = ("--db", "--lang")
# Characters that bash reads as something other than part of a word, escaped with a backslash.
BASH_SPECIAL = frozenset(" \t\n\\'\"`$|&;<>()[]*?!#~{}^")
# bash's default COMP_WORDBREAKS: readline's word to replace begins after the last of them.
BASH_BREAKS = " \t\n\"'><=;|&(:"
# Separates the words the zsh and fish scripts pass (a character no argument holds).
WORD_SEPARATOR = "\x1f"


# ---- the scripts ----------------------------------------------------------------------

BASH_SCRIPT = """\
# readlog completion for bash: eval "$(readlog completion bash)" in ~/.bashrc
_readlog_completion() {
    local IFS=$'\\n' mode
    local -a reply
    reply=( $(env _READLOG_COMPLETE=bash_complete COMP_LINE="${COMP_LINE:0:COMP_POINT}" \\
        COMP_WORDBREAKS="$COMP_WORDBREAKS" "$1" 2>/dev/null) )
    mode=${reply[0]}
    COMPREPLY=( "${reply[@]:1}" )
    if [[ $mode == files ]]; then
        compopt -o default 2>/dev/null
        COMPREPLY=()
    fi
    return 0
}
complete -o nosort -F _readlog_completion readlog
"""

ZSH_SCRIPT = """\
#compdef readlog
# readlog completion for zsh: eval "$(readlog completion zsh)" in ~/.zshrc (after compinit)
_readlog() {
    local -a reply
    local mode
    reply=("${(@f)$(_READLOG_COMPLETE=zsh_complete _READLOG_WORDS=${(pj:\\x1f:)${(@Q)words[2,CURRENT-1]}} \\
        _READLOG_CURRENT=${(Q)PREFIX} ${words[1]} 2>/dev/null)}")
    mode=${reply[1]}
    reply=("${(@)reply[2,-1]}")
    if [[ $mode == files ]]; then
        _files
    elif (( ${#reply} )); then
        _describe -V readlog reply -U
    fi
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _readlog "$@"
else
    compdef _readlog readlog
fi
"""

FISH_SCRIPT = """\
# readlog completion for fish: readlog completion fish > ~/.config/fish/completions/readlog.fish
function __readlog_complete
    set -l words (commandline -opc)
    set -lx _READLOG_WORDS (string join \\x1f -- $words[2..-1])
    set -lx _READLOG_CURRENT (commandline -ct)
    set -l reply (env _READLOG_COMPLETE=fish_complete $words[1] 2>/dev/null)
    if test "$reply[1]" = files
        __fish_complete_path (commandline -ct)
    else
        string join \\n -- $reply[2..-1]
    end
end
complete -c readlog -f -a '(__readlog_complete)'
"""

SCRIPTS = {"bash": BASH_SCRIPT, "zsh": ZSH_SCRIPT, "fish": FISH_SCRIPT}


def script(shell: str) -> str:
    return SCRIPTS[shell]


# ---- reading the line -----------------------------------------------------------------


@dataclass
class Word:
    """The word being completed: its text as typed (``raw``), its value, and
    the quote left open in it ("'", '"' or "")."""

    raw: str = ""
    value: str = ""
    quote: str = ""


def split_line(line: str) -> tuple[list[str], Word]:
    """The complete words of a shell line and the word at its end (being typed),
    as the shell would read them: quotes and backslashes removed, an open quote
    or a trailing backslash tolerated."""
    words: list[str] = []
    current = Word()
    started = False
    i = 0
    while i < len(line):
        ch = line[i]
        if current.quote == "'":
            if ch == "'":
                current.quote = ""
            else:
                current.value += ch
        elif current.quote == '"':
            if ch == '"':
                current.quote = ""
            elif ch == "\\" and i + 1 < len(line) and line[i + 1] in '"\\$`':
                i += 1
                current.value += line[i]
                current.raw += ch
                ch = line[i]
            else:
                current.value += ch
        elif ch in " \t\n":
            if started:
                words.append(current.value)
                current, started = Word(), False
            i += 1
            continue
        elif ch in "'\"":
            current.quote = ch
        elif ch == "\\":
            if i + 1 < len(line):
                i += 1
                current.raw += ch
                ch = line[i]
                current.value += ch
        else:
            current.value += ch
        current.raw += ch
        started = True
        i += 1
    return words, current


# ---- what may follow ------------------------------------------------------------------


@dataclass
class Answer:
    """What a completion offers: values with a line of help each (or ""), or file names."""

    items: list[tuple[str, str]]
    files: bool = False


def _command(name: str | None) -> Any:
    """The click group of readlog holding only the command ``name`` (None: no command), as main() builds it."""
    if name:
        return typer.main.get_command(app_for([name]))
    bare = typer.Typer(**APP_SETTINGS)
    bare.registered_callback = app.registered_callback
    return typer.main.get_command(bare)


def _name(info: Any) -> str:
    return registered_name(info)


def _options(command: Any) -> dict[str, Any]:
    """Each option name of a click command -> its parameter."""
    found: dict[str, Any] = {}
    for param in getattr(command, "params", ()):
        if param.param_type_name == "option":
            for opt in (*param.opts, *param.secondary_opts):
                found[opt] = param
    return found


def _takes_value(param: Any) -> bool:
    return not param.is_flag and not getattr(param, "count", False)


def _help_names(command: Any) -> list[str]:
    return list(command.context_settings.get("help_option_names") or ["-h", "--help"])


def _first_line(text: str | None) -> str:
    """The first paragraph of a help text, as one line."""
    para = (text or "").strip().split("\n\n")[0]
    return " ".join(para.replace("\b", "").split())


def _described(text: str | None, lang: str) -> str:
    """A help text's first paragraph as one line, in ``lang`` (the
    catalogue's text for the ``help_`` key the declaration names)."""
    from readlog.cli import help_text

    return _first_line(help_text(text.strip() if text else text, lang))


def _command_names(prefix: str, described: bool, lang: str = "en") -> list[tuple[str, str]]:
    names = [n for n in COMMAND_MODULES if n.startswith(prefix)]
    if not described:
        return [(n, "") for n in names]
    full = load_commands()
    helps: dict[str, str] = {}
    for info in full.registered_commands:
        helps[_name(info)] = _described(info.help or getattr(info.callback, "__doc__", ""), lang)
    for group in full.registered_groups:
        group_info = getattr(group.typer_instance, "info", None)
        helps[str(group.name)] = _described(group.help or getattr(group_info, "help", None), lang)
    return [(n, helps.get(n, "")) for n in names]


def source_of(path: str, option: str) -> str | None:
    """Where the values of ``option`` (an option name, or an argument's
    parameter name) of the command ``path`` ("list", "db check") come from."""
    return VALUE_SOURCES.get(f"{path} {option}") or (VALUE_SOURCES.get(option) if option.startswith("-") else None)


def _option_source(path: str, param: Any) -> str | None:
    """Where the values of the option ``param`` come from, under any of its names (-o, --output)."""
    return next((found for opt in param.opts if (found := source_of(path, opt)) is not None), None)


def _values(source: str | None, prefix: str, db: str | None) -> Answer:
    if source is None:
        return Answer([])
    if source == FILES:
        return Answer([], files=True)
    from readlog.core.completion import values

    return Answer([(v, "") for v in values(source, prefix, db=db)])


def answer(args: list[str], incomplete: str, *, described: bool = True, lang: str = "en") -> Answer:
    """What may take the place of ``incomplete`` after the words ``args``
    (the program's name left out), as readlog would read the line; the
    help beside each value (``described``) in ``lang``."""
    command: Any = None
    path = ""
    pending: Any = None  # the option whose value comes next
    pending_name = ""
    only_arguments = False
    db: str | None = None
    given: set[Any] = set()
    root = _command(None)
    current = root
    for arg in args:
        if pending is not None:
            if pending_name == "--db":
                db = arg
            pending = None
            continue
        if only_arguments:
            continue
        if arg == "--":
            only_arguments = True
            continue
        if arg.startswith("-") and len(arg) > 1:
            name, eq, value = arg.partition("=")
            param = _options(current).get(name) or (_options(root).get(name) if name in HOISTED else None)
            if param is None:
                continue  # tag's -TAG, or an option readlog will refuse
            given.add(param)
            if name == "--db" and eq:
                db = value
            if _takes_value(param) and not eq:
                pending, pending_name = param, name
            continue
        subcommands = getattr(current, "commands", None)
        if current is root and command is None:
            if arg not in COMMAND_MODULES:
                return Answer([])  # not a command readlog has
            root = _command(arg)
            current = command = root.commands.get(arg)
            path = arg
            if current is None:
                return Answer([])
        elif subcommands is not None:
            sub = subcommands.get(arg)
            if sub is None:
                return Answer([])
            current, path = sub, f"{path} {arg}"
    if pending is not None:
        return _values(_option_source(path, pending), incomplete, db)
    if not only_arguments and incomplete.startswith("-") and "=" in incomplete:
        name, _, value = incomplete.partition("=")
        param = _options(current).get(name) or (_options(root).get(name) if name in HOISTED else None)
        if param is None or not _takes_value(param):
            return Answer([])
        found = _values(_option_source(path, param), value, db)
        return Answer([(f"{name}={v}", h) for v, h in found.items], files=found.files)
    arguments = [p for p in getattr(current, "params", ()) if p.param_type_name == "argument"]
    signed = any(source_of(path, p.name) == SIGNED_TAGS for p in arguments)
    if signed and incomplete[:1] in ("+", "-") and incomplete[:2] != "--":
        from readlog.core.completion import values

        sign = incomplete[0]
        items = [(sign + v, "") for v in values("tags", incomplete[1:], db=db)]
        if sign == "-":
            items += _option_items(current, root, incomplete, given, lang)
        return Answer(items)
    if not only_arguments and incomplete.startswith("@") and _option_named(current, "--view"):
        from readlog.core.completion import values  # @NAME: a saved view, wherever filters are taken

        return Answer([("@" + v, "") for v in values("views", incomplete[1:], db=db)])
    if not only_arguments and incomplete.startswith("-"):
        return Answer(_option_items(current, root, incomplete, given, lang))
    if current is root and command is None:
        return Answer(_command_names(incomplete, described, lang))
    subcommands = getattr(current, "commands", None)
    if not arguments and not incomplete and subcommands is None:  # nothing else can follow: the options
        return Answer(_option_items(current, root, incomplete, given, lang))
    if subcommands is not None:
        return Answer(
            [
                (n, _subcommand_help(c, lang) if described else "")
                for n, c in subcommands.items()
                if n.startswith(incomplete) and not c.hidden
            ]
        )
    for param in arguments:
        source = source_of(path, param.name)
        if source is not None and source != SIGNED_TAGS:
            return _values(source, incomplete, db)
    return Answer([])


def _option_named(command: Any, name: str) -> bool:
    """Whether ``command`` has the option ``name``."""
    return any(name in getattr(p, "opts", ()) for p in getattr(command, "params", ()))


def _subcommand_help(command: Any, lang: str) -> str:
    if lang == "en":
        return _first_line(command.get_short_help_str(limit=80))
    return _described(command.short_help or command.help, lang)


def _option_items(command: Any, root: Any, prefix: str, given: set[Any], lang: str = "en") -> list[tuple[str, str]]:
    items: list[tuple[str, str]] = []
    seen: set[str] = set()
    params = [p for p in command.params if p.param_type_name == "option" and not getattr(p, "hidden", False)]
    if command is not root:
        params += [p for p in root.params if p.param_type_name == "option" and p.opts[0] in HOISTED]
    for param in params:
        if param in given and not param.multiple:
            continue
        for opt in (*param.opts, *param.secondary_opts):
            if opt.startswith(prefix) and opt not in seen:
                seen.add(opt)
                items.append((opt, _described(param.help, lang)))
    for opt in _help_names(command):
        if opt.startswith(prefix) and opt not in seen:
            from readlog.model.messages import say

            items.append((opt, say("help_help_option", lang)))  # as --help says
    return items


# ---- talking to the shell ------------------------------------------------------------


def bash_quoted(value: str, quote: str) -> str:
    """``value`` as bash should put it on the line, in the quotes the word was begun with."""
    if quote == "'":
        return "'" + value.replace("'", "'\\''") + "'"
    if quote == '"':
        return '"' + "".join("\\" + c if c in '"\\$`' else c for c in value) + '"'
    return "".join("\\" + c if c in BASH_SPECIAL else c for c in value)


def bash_replaced(current: Word, breaks: str) -> str:
    """The end of the word being completed that bash replaces: readline takes
    the word to begin after its last COMP_WORDBREAKS character (``=`` in
    ``--tag=x``, ``:`` in ``lang:go``), unless a quote is open in it."""
    if current.quote:
        return current.raw
    cut = max((i + 1 for i, ch in enumerate(current.raw) if ch in breaks and ch not in "'\""), default=0)
    return current.raw[cut:]


def _request(shell: str) -> tuple[list[str], Word, str]:
    """The words before the cursor, the word at it, and that word as the shell
    will replace it (bash splits ``--tag=x`` and ``a:b`` at = and :)."""
    env = os.environ
    if shell == "bash":
        line = env.get("COMP_LINE")
        if line is None:  # click's way: the words, and the index of the one being completed
            words = env.get("COMP_WORDS", "").split()
            cword = int(env.get("COMP_CWORD", "0") or 0)
            line = " ".join(words[: cword + 1]) + ("" if cword < len(words) else " ")
        words, current = split_line(line)
        return words[1:], current, bash_replaced(current, env.get("COMP_WORDBREAKS", BASH_BREAKS))
    words = [w for w in env.get("_READLOG_WORDS", "").split(WORD_SEPARATOR) if w]
    raw = env.get("_READLOG_CURRENT", "")
    _, current = split_line(raw) if shell == "fish" else ([], Word(raw, raw))
    if shell == "fish" and not current.value and raw.strip():
        current = Word(raw, raw)
    return words, current, raw


def respond(instruction: str) -> int:
    """Answer one completion request from a script (``instruction`` as
    ``_READLOG_COMPLETE`` holds it): print the kind of answer, then one line
    per value. Any failure prints nothing, for the shell to complete nothing."""
    shell, _, what = instruction.partition("_")
    if shell not in SHELLS:
        return 1
    if what == "source":  # click's way to ask for the script: _READLOG_COMPLETE=bash_source readlog
        sys.stdout.write(script(shell))
        return 0
    try:
        args, current, replaced = _request(shell)
        described = shell != "bash"  # bash shows values alone
        lang = language_of(args) if described else "en"
        found = answer(args, current.value, described=described, lang=lang)
        lines = ["files" if found.files else "values"]
        for value, help_ in found.items:
            if shell == "bash":
                quoted = bash_quoted(value, current.quote)
                cut = len(current.raw) - len(replaced)  # what bash does not replace (before = or :)
                if cut > 0 and quoted.startswith(current.raw[:cut]):
                    quoted = quoted[cut:]
                lines.append(quoted)
            elif shell == "zsh":
                entry = value.replace("\\", "\\\\").replace(":", "\\:")
                lines.append(f"{entry}:{help_}" if help_ else entry)
            else:
                lines.append(f"{value}\t{help_}" if help_ else value)
        text = "".join(f"{line}\n" for line in lines if "\n" not in line)
    except Exception:  # never a traceback into the shell
        return 1
    try:
        sys.stdout.buffer.write(text.encode("utf-8", "surrogateescape"))
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):
        return 1
    return 0


# ---- installing -----------------------------------------------------------------------


def detected_shell() -> str | None:
    """The shell readlog runs under, as far as it can tell ($SHELL, else the parent process)."""
    name = Path(os.environ.get("SHELL", "")).name
    if name in SHELLS:
        return name
    try:
        import shellingham

        found = shellingham.detect_shell()[0]
    except Exception:
        return None
    return found if found in SHELLS else None


def install(shell: str) -> tuple[Path, Path | None, str]:
    """Write the completion script where ``shell`` finds it (for bash and zsh,
    with a line in ~/.bashrc or ~/.zshrc that loads it, as typer's
    --install-completion does). Returns the file written, and the start-up
    file and the line added to it (None and "" when nothing was added)."""
    home = Path.home()
    rc: Path | None = None
    line = ""
    if shell == "bash":
        target = home / ".bash_completions" / "readlog.sh"
        rc, line = home / ".bashrc", f"source '{target}'"
    elif shell == "zsh":
        target = home / ".zfunc" / "_readlog"
        rc, line = home / ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit"
    else:
        xdg = os.environ.get("XDG_CONFIG_HOME") or str(home / ".config")
        target = Path(xdg) / "fish" / "completions" / "readlog.fish"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(script(shell), encoding="utf-8")
    if rc is None:
        return target, None, ""
    text = rc.read_text(encoding="utf-8", errors="replace") if rc.exists() else ""
    if line in text:
        return target, None, ""
    with rc.open("a", encoding="utf-8") as fh:
        fh.write(("" if not text or text.endswith("\n") else "\n") + line + "\n")
    return target, rc, line


def _shell_or_detected(shell: str | None) -> str:
    from readlog.model.errors import UsageError

    if shell is None:
        shell = detected_shell()
        if shell is None:
            raise UsageError.of("completion_no_shell", shells=", ".join(SHELLS))
    if shell not in SHELLS:
        raise UsageError.of("completion_unknown_shell", shell=shell, shells=", ".join(SHELLS))
    return shell


def show_or_install(shell: str | None, *, install_it: bool, lang: str) -> None:
    """Print the script for ``shell`` (default: the one detected), or install it and say where."""
    shell = _shell_or_detected(shell)
    if not install_it:
        sys.stdout.write(script(shell))
        return
    from readlog.model.messages import say

    target, rc, line = install(shell)
    sys.stdout.write(say("completion_installed", lang, shell=shell, path=str(target)) + "\n")
    if rc is not None:
        sys.stdout.write(say("completion_rc_added", lang, file=str(rc), line=line) + "\n")
    sys.stdout.write(say("completion_restart", lang) + "\n")


@app.command()
@handle_errors
def completion(
    ctx: typer.Context,
    shell: Optional[str] = typer.Argument(None, metavar="[SHELL]", help="help_completion_shell"),
    install_it: bool = typer.Option(False, "--install", help="help_completion_install_it"),
) -> None:
    """help_cmd_completion"""
    from readlog.cli.state import state_of

    show_or_install(shell, install_it=install_it, lang=state_of(ctx).out.lang)
