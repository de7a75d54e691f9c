"""Shell completion (issue 24, friction 10): bash, zsh and fish complete
commands, options and the library's own tags, sources and categories.

The completion source is driven in-process as each shell's script drives it
(``_READLOG_COMPLETE`` with the line in the environment, through the console
entry point), and, where bash, zsh or fish are installed, a real interactive
shell loads the script, completes a typed line with Tab and runs it.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from readlog.cli.completion import FILES, SHELLS, SIGNED_TAGS, VALUE_SOURCES, split_line
from readlog.cli.dispatch import load_commands
from readlog.cli.exiting import main
from readlog.core.completion import is_source

from conftest import Run
from helpers import child_env

SEP = "\x1f"


@pytest.fixture
def tagged(run: Run, library: Path) -> Path:
    """A library whose names hold spaces, Chinese, a quote and a colon."""
    run("add", "https://a.example/1", "--no-fetch", "--tag", "system design", "--tag", "数据库 设计",
        "--source", "Go Blog", "--category", "工程 实践")  # fmt: skip
    run("add", "https://a.example/2", "--no-fetch", "--tag", "rust", "--tag", "it's", "--tag", "lang:go",
        "--source", "LWN.net", "--category", "Kernels")  # fmt: skip
    return library


def _respond(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], shell: str) -> list[str]:
    monkeypatch.setenv("_READLOG_COMPLETE", f"{shell}_complete")
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main()
    out = capsys.readouterr()
    assert (exc.value.code, out.err) == (0, "")
    return out.out.splitlines()


def bash(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], line: str) -> list[str]:
    """What the bash script gets for ``line`` (up to the cursor), the mode line first."""
    monkeypatch.setenv("COMP_LINE", line)
    monkeypatch.delenv("COMP_WORDBREAKS", raising=False)
    return _respond(monkeypatch, capsys, "bash")


def other(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], shell: str, line: str) -> list[str]:
    """What the zsh or fish script gets: the words before the cursor (zsh unquotes them,
    fish tokenizes them) and the word at it (zsh: unquoted, fish: as typed)."""
    words, current = split_line(line)
    monkeypatch.setenv("_READLOG_WORDS", SEP.join(words[1:]))
    monkeypatch.setenv("_READLOG_CURRENT", current.value if shell == "zsh" else current.raw)
    return _respond(monkeypatch, capsys, shell)


@pytest.fixture
def comp(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    def complete(shell: str, line: str) -> list[str]:
        if shell == "bash":
            return bash(monkeypatch, capsys, line)
        return other(monkeypatch, capsys, shell, line)

    return complete


# ---- commands and options -------------------------------------------------------------


def test_commands_complete_with_their_help_in_zsh_and_fish(comp) -> None:  # type: ignore[no-untyped-def]
    assert comp("bash", "readlog li") == ["values", "list"]
    assert comp("zsh", "readlog li") == ["values", "list:List entries, newest saved first."]
    assert comp("fish", "readlog li") == ["values", "list\tList entries, newest saved first."]
    names = comp("bash", "readlog ")[1:]
    assert {"import", "list", "search", "tag", "db", "completion"} <= set(names)
    assert comp("bash", "readlog db ") == ["values", "backup", "check", "rebuild-index", "restore"]
    assert comp("bash", "readlog nosuch ") == ["values"]


def test_options_complete_and_the_global_ones_follow_the_command_too(comp) -> None:  # type: ignore[no-untyped-def]
    assert comp("bash", "readlog list --so") == ["values", "--source", "--sort"]
    assert comp("bash", "readlog list --d") == ["values", "--dead", "--db"]
    assert comp("bash", "readlog --")[1:4] == ["--db", "--lang", "--version"]
    assert "--install-completion" in comp("bash", "readlog --")
    fish = comp("fish", "readlog list --star")
    assert fish == ["values", "--starred\tOnly starred entries."]
    # an option already given once is not offered again; --tag may repeat
    assert comp("bash", "readlog list --unread --tag x --un") == ["values"]
    assert comp("bash", "readlog list --tag x --ta") == ["values", "--tag"]
    # a command with nothing but options offers them on an empty word
    assert "--json" in comp("bash", "readlog tags ")


def test_fixed_values_and_file_names(comp) -> None:  # type: ignore[no-untyped-def]
    assert comp("bash", "readlog --lang ") == ["values", "en", "zh"]
    assert comp("bash", "readlog list --sort t") == ["values", "title"]
    assert comp("bash", "readlog search --sort r") == ["values", "read", "relevance"]
    assert comp("bash", "readlog export --format j") == ["values", "jsonl", "json"]
    assert "netscape" in comp("bash", "readlog import --format ")
    assert comp("bash", "readlog completion ") == ["values", "bash", "zsh", "fish"]
    for line in ("readlog import ", "readlog --db ", "readlog export -o ", "readlog backup "):
        assert comp("bash", line) == ["files"], line
    assert comp("bash", "readlog search ") == ["values"]  # search words: nothing to offer


# ---- the library's own names -------------------------------------------------------------


def test_tags_with_spaces_chinese_and_quotes_complete_in_each_shell(tagged: Path, comp) -> None:  # type: ignore[no-untyped-def]
    assert comp("bash", "readlog list --tag ")[1:] == ["it\\'s", "lang:go", "rust", "system\\ design", "数据库\\ 设计"]
    assert comp("bash", "readlog list --tag sys") == ["values", "system\\ design"]
    assert comp("bash", "readlog list --tag 数据") == ["values", "数据库\\ 设计"]
    assert comp("bash", "readlog list --tag 'sys") == ["values", "'system design'"]
    assert comp("bash", 'readlog list --tag "数') == ["values", '"数据库 设计"']
    assert comp("bash", "readlog list --tag it") == ["values", "it\\'s"]
    # bash replaces only what follows = or : (COMP_WORDBREAKS)
    assert comp("bash", "readlog list --tag=sy") == ["values", "system\\ design"]
    assert comp("bash", "readlog list --tag lang:") == ["values", "go"]
    # zsh and fish quote the values themselves; zsh's _describe needs its colons escaped
    assert comp("zsh", "readlog list --tag sys") == ["values", "system design"]
    assert comp("zsh", "readlog list --tag lang") == ["values", "lang\\:go"]
    assert comp("fish", "readlog list --tag 数据") == ["values", "数据库 设计"]
    assert comp("fish", "readlog list --tag 'sys") == ["values", "system design"]
    assert comp("fish", "readlog list --tag=sy") == ["values", "--tag=system design"]


def test_tag_words_complete_with_their_sign(tagged: Path, comp) -> None:  # type: ignore[no-untyped-def]
    assert comp("bash", "readlog tag 1 +sys") == ["values", "+system\\ design"]
    assert comp("fish", "readlog tag 1 2 -数") == ["values", "-数据库 设计"]
    removing = comp("bash", "readlog tag 1 -")
    assert "-rust" in removing and "--yes" in removing
    assert comp("bash", "readlog tag 1 --ye") == ["values", "--yes"]
    assert comp("bash", "readlog add URL --tag ru") == ["values", "rust"]


def test_sources_and_categories_complete_ignoring_case(tagged: Path, comp) -> None:  # type: ignore[no-untyped-def]
    assert comp("bash", "readlog list --source go") == ["values", "Go\\ Blog"]
    assert comp("bash", "readlog list --source ") == ["values", "Go\\ Blog", "LWN.net"]
    assert comp("zsh", "readlog star --category 工") == ["values", "工程 实践"]
    assert comp("fish", "readlog edit 1 --category k") == ["values", "Kernels"]


def test_saved_views_complete_as_at_names_and_as_values(tagged: Path, run: Run, comp) -> None:  # type: ignore[no-untyped-def]
    run("view", "save", "short", "--unread")
    run("view", "save", "数据库", "--tag", "rust")
    assert comp("bash", "readlog list @") == ["values", "@short", "@数据库"]
    assert comp("bash", "readlog triage @s") == ["values", "@short"]
    assert comp("bash", "readlog list --view 数") == ["values", "数据库"]
    assert comp("bash", "readlog view rm ") == ["values", "short", "数据库"]
    assert comp("bash", "readlog note 1 @") == ["values"]  # note takes no filters: nothing offered


def test_an_archived_entry_s_source_is_offered_too(tagged: Path, run: Run, comp) -> None:  # type: ignore[no-untyped-def]
    run("archive", "2")
    assert comp("bash", "readlog list --archived --source L") == ["values", "LWN.net"]
    assert comp("bash", "readlog list --category ") == ["values", "Kernels", "工程\\ 实践"]


def test_the_library_named_on_the_line_is_the_one_read(tagged: Path, run: Run, tmp_path: Path, comp) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "other.db"
    run("--db", str(other), "add", "https://b.example/", "--no-fetch", "--tag", "elsewhere")
    assert comp("bash", f"readlog --db {other} list --tag ") == ["values", "elsewhere"]
    assert comp("bash", f"readlog list --db={other} --tag ") == ["values", "elsewhere"]
    assert comp("fish", f"readlog list --db {other} --tag e") == ["values", "elsewhere"]
    assert comp("bash", "readlog list --tag e") == ["values"]  # $READLOG_DB's library has no such tag


def test_a_missing_library_offers_nothing_and_creates_nothing(tmp_path: Path, comp, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "not" / "there.db"
    monkeypatch.setenv("READLOG_DB", str(missing))
    for shell in SHELLS:
        assert comp(shell, "readlog list --tag ") == ["values"]
        assert comp(shell, "readlog list --source x") == ["values"]
    assert comp("bash", f"readlog --db {tmp_path / 'nor.db'} list --category ") == ["values"]
    assert not missing.parent.exists() and not (tmp_path / "nor.db").exists()


def test_a_file_that_is_no_library_or_a_broken_setting_prints_no_error(tmp_path: Path, comp, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    assert comp("bash", f"readlog --db {junk} list --tag ") == ["values"]
    assert comp("bash", "readlog --db '' list --tag ") == ["values"]
    config = tmp_path / "bad.toml"
    config.write_text("library = [", encoding="utf-8")
    monkeypatch.setenv("READLOG_CONFIG", str(config))
    monkeypatch.delenv("READLOG_DB")
    assert comp("bash", "readlog list --tag ") == ["values"]
    assert junk.read_bytes()[16:] == b"\xff" * 200


def test_a_completion_leaves_the_library_as_it_was(tagged: Path, comp) -> None:  # type: ignore[no-untyped-def]
    before = tagged.read_bytes(), tagged.stat().st_mtime_ns
    beside = sorted(p.name for p in tagged.parent.iterdir())
    assert comp("bash", "readlog list --tag ru") == ["values", "rust"]
    assert (tagged.read_bytes(), tagged.stat().st_mtime_ns) == before
    assert sorted(p.name for p in tagged.parent.iterdir()) == beside


def test_a_completion_loads_no_rich_textual_or_httpx(tagged: Path) -> None:
    env = child_env(_READLOG_COMPLETE="bash_complete", COMP_LINE="readlog list --tag ru")
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "readlog"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stdout == "values\nrust\n"
    loaded = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    heavy = {m for m in loaded if m.split(".")[0] in ("rich", "textual", "httpx", "sqlite_utils", "trafilatura")}
    assert heavy == set()
    assert "readlog.store.migrations" not in loaded and "readlog.store.library" not in loaded


def test_the_value_sources_name_real_options_and_sources() -> None:
    """VALUE_SOURCES is the one map from an option to its values: each key names an
    option or argument that exists, and each value a source that exists."""
    import typer

    root = typer.main.get_command(load_commands())
    known: set[str] = {opt for p in root.params for opt in p.opts}

    def walk(command: object, path: str) -> None:
        for param in getattr(command, "params", ()):
            if param.param_type_name == "option":
                known.update(param.opts)
                known.update(f"{path} {opt}" for opt in param.opts)
            else:
                known.add(f"{path} {param.name}")
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}".strip())

    walk(root, "")
    assert sorted(k for k in VALUE_SOURCES if k not in known) == []
    assert sorted(s for s in VALUE_SOURCES.values() if s not in (FILES, SIGNED_TAGS) and not is_source(s)) == []


# ---- the scripts and installing them --------------------------------------------------------


def test_the_completion_command_prints_each_script(run: Run) -> None:
    assert "complete -o nosort -F _readlog_completion readlog" in run("completion", "bash").stdout
    assert run("completion", "zsh").stdout.startswith("#compdef readlog\n")
    assert "complete -c readlog" in run("completion", "fish").stdout
    result = run("completion", "tcsh", code=2)
    assert result.stderr == "readlog: no completion for the shell 'tcsh'; readlog completes in bash, zsh, fish\n"
    assert run("--lang", "zh", "completion", "tcsh", code=2).stderr.startswith("readlog: 不支持 'tcsh' 的补全")


def test_click_s_way_of_asking_for_the_script_works_too(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    assert "list\tList entries, newest saved first." in _respond(monkeypatch, capsys, "fish")  # nothing typed yet
    monkeypatch.setenv("_READLOG_COMPLETE", "zsh_source")
    with pytest.raises(SystemExit) as exc:
        main()
    assert exc.value.code == 0 and capsys.readouterr().out.startswith("#compdef readlog\n")


def test_show_and_install_completion_for_the_shell_in_use(run: Run, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("SHELL", "/usr/bin/zsh")
    assert run("--show-completion").stdout == run("completion", "zsh").stdout
    done = run("--install-completion").stdout
    assert f"zsh completion installed in {tmp_path / '.zfunc' / '_readlog'}" in done
    assert (tmp_path / ".zfunc" / "_readlog").read_text() == run("completion", "zsh").stdout
    (tmp_path / ".bashrc").write_text("alias ll='ls -l'", encoding="utf-8")
    for _ in range(2):  # the line that loads it is added once
        run("completion", "bash", "--install")
    rc = (tmp_path / ".bashrc").read_text(encoding="utf-8")
    assert rc == f"alias ll='ls -l'\nsource '{tmp_path / '.bash_completions' / 'readlog.sh'}'\n"
    monkeypatch.setenv("SHELL", "/usr/bin/fish")
    run("--install-completion")
    assert (tmp_path / ".config" / "fish" / "completions" / "readlog.fish").exists()


# ---- real shells ---------------------------------------------------------------------------

# what is typed (then Tab) -> the arguments the completed line runs with
TYPED = [
    ("readlog li", ["list"]),
    ("readlog list --tag sys", ["list", "--tag", "system design"]),
    ("readlog list --tag 'sys", ["list", "--tag", "system design"]),
    ("readlog tag 1 +数据", ["tag", "1", "+数据库 设计"]),
    ("readlog list --tag=sy", ["list", "--tag=system design"]),
    ("readlog list --category 工", ["list", "--category", "工程 实践"]),
]
START = {
    "bash": (["bash", "--norc", "--noprofile", "-i"], ['eval "$(readlog completion bash)"']),
    "zsh": (["zsh", "-f", "-i"], ["autoload -Uz compinit; compinit -u", 'eval "$(readlog completion zsh)"']),
    "fish": (["fish", "--no-config", "-i"], ["set fish_autosuggestion_enabled 0", "readlog completion fish | source"]),
}


def _typed_in(argv: list[str], setup: list[str], lines: list[str], env: dict[str, str]) -> list[list[str]]:
    """Type each line and Tab in an interactive shell, then run the completed line with
    printf in place of readlog (Ctrl-A, printf, Ctrl-E): the arguments it got, per line."""
    # A pseudo-terminal made here and handed to subprocess, not pty.fork: forking this
    # process (xdist's worker has threads) and running Python in the child may deadlock.
    fd, terminal = os.openpty()
    shell = subprocess.Popen(argv, stdin=terminal, stdout=terminal, stderr=terminal, env=env, start_new_session=True)
    os.close(terminal)
    out = bytearray()

    def until(mark: bytes, seconds: float = 30.0) -> None:
        end = time.monotonic() + seconds
        while mark not in out and time.monotonic() < end:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    out.extend(os.read(fd, 65536))
                except OSError:
                    return

    try:
        for command in setup:
            os.write(fd, command.encode() + b"\r")
        os.write(fd, b'echo READ""Y\r')
        until(b"READY")
        found = []
        for i, line in enumerate(lines):
            start = len(out)
            os.write(fd, line.encode() + b"\t\x01printf '<%s>\\n' \x05; echo LIN\"\"E" + str(i).encode() + b"\r")
            until(b"LINE" + str(i).encode())
            text = out[start:].decode("utf-8", "replace")
            found.append(re.findall(r"^<([^>\r\n]*)>\r?$", text, re.M))
        return found
    finally:
        shell.kill()
        shell.wait()
        os.close(fd)


@pytest.mark.slow
@pytest.mark.parametrize("shell", SHELLS)
def test_a_real_shell_completes_the_typed_line(shell: str, tagged: Path, tmp_path: Path) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "readlog"
    program.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m readlog "$@"\n', encoding="utf-8")
    program.chmod(0o755)
    env = child_env(PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", TERM="dumb", HOME=str(tmp_path))
    env["XDG_DATA_HOME"] = env["XDG_CONFIG_HOME"] = str(tmp_path / "xdg")  # no history, no user config
    argv, setup = START[shell]
    got = _typed_in(argv, setup, [typed for typed, _ in TYPED], env)
    assert got == [["readlog", *wanted] for _, wanted in TYPED]


def test_zsh_and_fish_describe_in_the_run_s_language(comp, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The help beside each value is said in the language of the run (READLOG_LANG, or --lang on the line)."""
    monkeypatch.setenv("READLOG_LANG", "zh")
    assert comp("zsh", "readlog li") == ["values", "list:列出条目，最新收藏的在前。"]
    assert comp("fish", "readlog list --star") == ["values", "--starred\t只要加星的条目。"]
    assert "-h\t显示此帮助并退出。" in comp("fish", "readlog list -")
    check = comp("fish", "readlog db ch")
    assert len(check) == 2 and check[1].startswith("check\t") and re.search(r"[\u4e00-\u9fff]", check[1]), check
    assert comp("bash", "readlog li") == ["values", "list"]
    monkeypatch.setenv("READLOG_LANG", "en")
    assert comp("zsh", "readlog --lang zh li") == ["values", "list:列出条目，最新收藏的在前。"]
    assert comp("zsh", "readlog li") == ["values", "list:List entries, newest saved first."]


def test_names_come_from_the_counters_and_from_the_entries_of_a_library_before_them(
    run: Run, tmp_path: Path, library: Path
) -> None:
    """Tags, sources and categories are offered from the counters the store keeps (a name
    no entry holds any more is not offered); a library made before the counters (schema 17,
    not yet upgraded) still offers the names its entries hold."""
    from readlog.core.completion import values

    run("add", "https://example.com/a", "--title", "A", "--source", "Go Blog", "--tag", "gc", "--no-fetch")
    run("add", "https://example.com/b", "--title", "B", "--source", "LWN", "--tag", "kernel", "--no-fetch")
    assert values("tags", "", db=str(library)) == ["gc", "kernel"]
    assert values("sources", "", db=str(library)) == ["Go Blog", "LWN"]
    run("tag", "2", "-kernel")
    run("rm", "1")
    assert values("tags", "", db=str(library)) == []
    assert values("sources", "", db=str(library)) == ["LWN"]
    old = tmp_path / "v17.db"
    shutil.copyfile(Path(__file__).parent / "fixtures" / "libraries" / "v17.db", old)
    assert values("tags", "", db=str(old)) == ["os", "parsing", "调度"]
    assert values("sources", "", db=str(old)) == ["evening-reads", "Parsers Weekly", 'Quote\'s "Blog"']
    assert values("categories", "", db=str(old)) == ["科研议题"]
