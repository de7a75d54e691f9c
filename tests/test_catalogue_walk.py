"""Every sentence readlog says goes through the message catalogue
(readlog/model/messages.py, its texts in readlog/model/locale/), in English and Chinese.

Two walks: over the catalogue (Chinese punctuation beside Chinese text, no
key that the code never uses; tests/test_catalogue_files.py checks the files
themselves: every key in every language, with the same fields) and over the
code (an AST walk of readlog/ for string literals and f-strings handed
straight to what users see: echo and print, Output's error/notice/line,
writes to stderr, click's exceptions, readlog's own errors, Textual's notify,
the problems an import finds in a file and the notes reading it leaves). A literal that reaches a user must be a
catalogue key instead; the few that are not sentences (the program's name
before a message, separators) are listed below, each with its reason.

The faces' labels (tables, screens, triage) are catalogue keys too, under
a prefix per face (label_, stats_, history_, triage_, curate_, capture_),
read by each face's small helper with the key's name after the prefix
(``out.label("showing")`` says ``label_showing``); organise's
``history_words_`` keys are said by their English (``tr(out, "marked read")``).
The used-key walk knows both ways, and a last walk fails if a face keeps an
en/zh table of its own again.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from readlog.model.messages import catalogue, keys, known, wording

from conftest import ROOT
from helpers import parsed, texts, walked

PACKAGE = ROOT / "readlog"

# Calls whose text a user reads: functions and methods by name.
SHOWN_BY = {
    "echo",  # typer.echo / click.echo
    "secho",
    "print",  # print(), Output.print, a rich Console's print
    "error",  # Output.error
    "notice",  # Output.notice
    "line",  # Output.line
    "notify",  # Textual's App.notify
    "confirm",  # typer.confirm / rich's Confirm
    "prompt",
    "BadParameter",  # click's exceptions: their message is printed
    "BadOptionUsage",
    "BadArgumentUsage",
    "ClickException",
    "Abort",
    "_Failure",  # the web client's: its text is why a page could not be read (fetch, add, show)
    "set_action_summary",  # what an action did, as history and undo show it
    "Problem",  # a problem an import found in a file: said by its catalogue key (model/entry.Problem)
    "Phrase",  # a catalogue phrase inside another message (a record's place, a reason)
}
# Attributes whose text is shown: a page's or a fetch's error and notice.
SHOWN_ATTRIBUTES = {"error", "notice"}
# Writes to these streams are shown: sys.stderr.write(...), sys.stdout.write(...).
STREAMS = {"stderr", "stdout"}
# Lists whose items are shown: what reading a file noticed (``notes.append(...)``), said as import problems.
SHOWN_LISTS = {"notes"}

# Literal text that may reach a user without the catalogue: (file, text) -> why.
# The text is the literal's own words, f-string placeholders shown as {}.
NOT_SENTENCES = {
    ("cli/__init__.py", "readlog {}"): "the --version line: the program's name and version number",
    ("cli/__init__.py", "readlog: {}\n"): "the program's name before a catalogue message on stderr",
    ("cli/errors.py", "readlog: {}\n"): "the program's name before a catalogue message on stderr",
    ("cli/exiting.py", "readlog: {}\n"): "the program's name before a catalogue message on stderr",
}

WORD = re.compile(r"[A-Za-z]{2,}|[\u3400-\u9fff]")
CJK = r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]"
HALF_WIDTH_BESIDE_CJK = re.compile(rf"(?<={CJK})[:,()]|[:,()](?={CJK})")


def _error_classes(trees: Mapping[Path, ast.Module]) -> set[str]:
    """ReadlogError and every class in readlog/ derived from it (by name, transitively)."""
    found = {"ReadlogError"}
    grew = True
    while grew:
        grew = False
        for tree in trees.values():
            for node in walked(tree):
                if isinstance(node, ast.ClassDef) and node.name not in found:
                    bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
                    if bases & found:
                        found.add(node.name)
                        grew = True
    return found


@functools.cache
def _trees() -> dict[Path, ast.Module]:
    return {path: parsed(path) for path in sorted(PACKAGE.rglob("*.py"))}


class _Trees(Mapping[Path, ast.Module]):
    """The syntax tree of each module of readlog/, parsed when a test first reads one: parsed
    at import, every xdist worker paid for it while collecting, though one runs these tests."""

    def __getitem__(self, path: Path) -> ast.Module:
        return _trees()[path]

    def __iter__(self) -> Iterator[Path]:
        return iter(_trees())

    def __len__(self) -> int:
        return len(_trees())


TREES = _Trees()


@functools.cache
def _errors() -> set[str]:
    return _error_classes(TREES)


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _shown(call: ast.Call) -> bool:
    name = _name(call.func)
    if name in SHOWN_BY or name in _errors():
        return True
    if name == "UsageError":  # readlog's and click's: both print their message
        return True
    func = call.func
    if name == "append" and isinstance(func, ast.Attribute) and _name(func.value) in SHOWN_LISTS:
        return True
    return name == "write" and isinstance(func, ast.Attribute) and _name(func.value) in STREAMS


def _literal(node: ast.expr) -> str | None:
    """The words of a literal string or f-string ({} for each placeholder), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        left = _literal(node.left)
        return left if left is not None else _literal(node.right)
    return None


def _handed_over(node: ast.AST) -> list[ast.expr]:
    """What ``node`` hands to a user: a shown call's arguments, or the value set on a shown attribute."""
    if isinstance(node, ast.Call) and _shown(node):
        return [*node.args, *(k.value for k in node.keywords if k.arg in ("message", "text", "msg", "hint"))]
    if isinstance(node, (ast.Assign, ast.AugAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(isinstance(t, ast.Attribute) and t.attr in SHOWN_ATTRIBUTES for t in targets):
            return [node.value]
    return []


def escapes() -> Iterator[tuple[str, int, str]]:
    """(file, line, text) for each literal with words handed to a user-facing call."""
    for path, tree in TREES.items():
        rel = path.relative_to(PACKAGE).as_posix()
        for node in walked(tree):
            args = _handed_over(node)
            for arg in args:
                text = _literal(arg)
                if text is None or known(text) or not WORD.search(text) or (rel, text) in NOT_SENTENCES:
                    continue
                yield rel, getattr(node, "lineno", 0), text


def test_no_sentence_escapes_the_catalogue() -> None:
    found = [f"readlog/{rel}:{line}: {text!r}" for rel, line, text in escapes()]
    assert not found, "say these through the catalogue (readlog/model/locale):\n" + "\n".join(found)


def test_the_allow_list_names_only_literals_that_exist() -> None:
    seen = set()
    for path, tree in TREES.items():
        rel = path.relative_to(PACKAGE).as_posix()
        for node in walked(tree):
            seen.update((rel, _literal(a)) for a in _handed_over(node))
    assert set(NOT_SENTENCES) <= seen, set(NOT_SENTENCES) - seen


def _keys_named() -> tuple[set[str], set[str]]:
    """Every string constant in the code, and the prefixes of keys built from
    pieces (f"field_{name}", "did_note_" + what, keys chosen by prefix)."""
    constants: set[str] = set()
    prefixes: set[str] = set()
    for tree in TREES.values():
        for node in walked(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif isinstance(node, ast.Call) and _name(node.func) in ("say", "of", "keys") and node.args:
                first = node.args[0]
                if isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
                    prefixes.add(str(first.values[0].value))
                elif isinstance(first, ast.BinOp) and isinstance(first.left, ast.Constant):
                    prefixes.add(str(first.left.value))
                elif _name(node.func) == "keys" and isinstance(first, ast.Constant):
                    prefixes.add(str(first.value))
    return constants, prefixes


# The faces' keys: a face's helper is given the name after the prefix (Output.label("showing")
# reads "label_showing"); organise's tr() is given a history_words_ key's English.
FACE_PREFIXES = ("label_", "stats_", "history_", "triage_", "curate_", "capture_")
SAID_BY_ENGLISH = "history_words_"


def _built() -> set[str]:
    """The literal starts of strings built from pieces anywhere in the code
    (f"hit_{field}", "done_" + verb, f"note {what}")."""
    built = set()
    for tree in TREES.values():
        for node in walked(tree):
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                built.add(str(node.values[0].value))
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant):
                built.add(str(node.left.value))
    return built


@functools.cache
def _ends_built() -> set[str]:
    """The literal ends of f-strings that build a name (f"{bucket}_label"): those starting with ``_``."""
    ends = set()
    for tree in TREES.values():
        for node in walked(tree):
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[-1], ast.Constant):
                ends.add(str(node.values[-1].value))
    return {e for e in ends if e.startswith("_") and len(e) > 1}


def _face_key_used(key: str, constants: set[str], built: set[str]) -> bool:
    """Whether the code names a face's key: by its English (history_words_), by its
    name after the prefix, or by a name built from a literal start ending in ``_``
    (f"hit_{field}", "stats_origin_" + origin; the helpers' own "label_" + key is not one)."""
    if key.startswith(SAID_BY_ENGLISH):
        english = wording(key)
        return english in constants or any(len(b) > 3 and english.startswith(b) for b in built)
    prefix = next((p for p in FACE_PREFIXES if key.startswith(p)), None)
    if prefix is None:
        return False
    name = key.removeprefix(prefix)
    starts = {b for b in built if b.endswith("_") and b not in FACE_PREFIXES}
    return (
        name in constants
        or any(key.startswith(b) or name.startswith(b) for b in starts)
        or any(name.endswith(e) for e in _ends_built())
    )


def test_every_key_is_used_somewhere() -> None:
    constants, prefixes = _keys_named()
    built = _built()
    dead = [
        k
        for k in keys()
        if k not in constants and not any(k.startswith(p) for p in prefixes) and not _face_key_used(k, constants, built)
    ]
    assert not dead, f"keys no code says: {dead}"


def test_an_unused_face_key_is_found() -> None:
    """The face walk can fail: a label no code names, and English tr() is never given."""
    constants, _ = _keys_named()
    built = _built()
    assert _face_key_used("label_showing", constants, built)
    assert not _face_key_used("label_no_such_label_anywhere", constants, built)
    assert _face_key_used("label_hit_note", constants, built)  # built: f"hit_{field}"
    assert _face_key_used("history_words_marked_read", constants, built)
    english = catalogue("en")
    assert "history_words_never" not in english
    english["history_words_never"] = "words no code writes"
    try:
        assert not _face_key_used("history_words_never", constants, built)
    finally:
        del english["history_words_never"]


def _face_tables() -> Iterator[str]:
    """Dict literals in the faces (readlog/render, readlog/triage) with both "en" and "zh" keys."""
    for path, tree in TREES.items():
        if path.relative_to(PACKAGE).parts[0] not in ("render", "triage"):
            continue
        for node in walked(tree):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if {"en", "zh"} <= keys:
                    yield f"{path.relative_to(PACKAGE)}:{node.lineno}"


def test_no_face_keeps_an_en_zh_table() -> None:
    """Labels are catalogue keys under the face's prefix, not a table beside the code."""
    found = list(_face_tables())
    assert not found, "move these en/zh tables into the catalogue (readlog/model/locale): " + ", ".join(found)


def _count_choices(tree: ast.AST) -> Iterator[int]:
    """Lines choosing between two texts by comparing a count with 1 (``"" if n == 1 else "s"``,
    ``"them" if len(rows) > 1 else "it"``): a plural the catalogue should choose."""
    for node in walked(tree):
        if not (isinstance(node, ast.IfExp) and isinstance(node.test, ast.Compare)):
            continue
        compared = [node.test.left, *node.test.comparators]
        one = any(isinstance(c, ast.Constant) and c.value == 1 for c in compared)
        texts = all(isinstance(b, ast.Constant) and isinstance(b.value, str) for b in (node.body, node.orelse))
        if one and texts:
            yield node.lineno


def test_no_code_chooses_a_plural() -> None:
    """A message said of a count has its plural forms in the catalogue, chosen by its ``n``
    (say("entry", n=3)), not two keys or an ending picked in the code."""
    found = {path.relative_to(PACKAGE).as_posix(): list(_count_choices(tree)) for path, tree in TREES.items()}
    assert {rel: lines for rel, lines in found.items() if lines} == {}
    assert list(_count_choices(ast.parse('said = "entry_1" if n == 1 else "entry_n"'))) == [1]


def test_every_key_said_in_the_code_is_in_the_catalogue() -> None:
    missing = []
    for path, tree in TREES.items():
        for node in walked(tree):
            if isinstance(node, ast.Call) and _name(node.func) in ("say", "of") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str) and not known(first.value):
                    missing.append(f"{path.name}:{node.lineno}: {first.value}")
            if isinstance(node, ast.Call) and _name(node.func) in ("Problem", "Phrase") and node.args:
                key = node.args[1 if _name(node.func) == "Problem" and len(node.args) > 1 else 0]
                if isinstance(key, ast.Constant) and isinstance(key.value, str) and not known(key.value):
                    missing.append(f"{path.name}:{node.lineno}: {key.value}")
            if isinstance(node, ast.Call) and _name(node.func) == "of_all":
                for part in node.args:
                    first = part.elts[0] if isinstance(part, ast.Tuple) else None
                    if isinstance(first, ast.Constant) and not known(first.value):
                        missing.append(f"{path.name}:{node.lineno}: {first.value}")
    assert not missing, missing


def test_chinese_punctuation_beside_chinese_text() -> None:
    bad = {
        key: f"half-width {found.group()!r} beside Chinese in {text!r}"
        for key, said in texts("zh").items()
        for text in said
        if (found := HALF_WIDTH_BESIDE_CJK.search(text))
    }
    assert bad == {}


def test_chinese_punctuation_in_every_chinese_literal() -> None:
    """The Chinese of the faces' own tables (render's labels, triage's screen
    words) follows the same rule as the catalogue; the parsers' patterns,
    which read Chinese rather than write it, are not text shown."""
    bad = []
    faces = [(p, t) for p, t in TREES.items() if p.relative_to(PACKAGE).parts[0] in ("render", "triage", "cli")]
    for path, tree in faces:
        docstrings = {id(n.value) for n in walked(tree) if isinstance(n, ast.Expr)}
        for node in walked(tree):
            if id(node) in docstrings or not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            chinese = re.search(r"[\u3400-\u9fff]", node.value) and not node.value.startswith("[")  # not a regex
            if chinese and HALF_WIDTH_BESIDE_CJK.search(node.value):
                bad.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}")
    assert not bad, bad


# Chinese in a face's code that is data, not something said: (file, text start) -> why.
CHINESE_AS_DATA = {
    ("render/cut.py", "分秒时天日周月年"): "the units a number keeps on its line when wrapping (12 分钟)",
    ("render/wrapping.py", "鿿"): "the end of the CJK range, for telling wide characters",
    (
        "cli/importing.py",
        "When the export was made",
    ): "--help's English example of a stamp; its Chinese is help_import_as_of",
}


def test_no_face_says_chinese_outside_the_catalogue() -> None:
    """Chinese words in the faces' code (render, triage, cli) are catalogue texts, not literals
    beside the code (as triage's key legend was: English and Chinese in one tuple)."""
    found = []
    for path, tree in TREES.items():
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] not in ("render", "triage", "cli"):
            continue
        docstrings = {id(n.value) for n in walked(tree) if isinstance(n, ast.Expr)}
        for node in walked(tree):
            if id(node) in docstrings or not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            if re.search(r"[\u3400-\u9fff]", node.value) and not any(
                str(rel) == file and node.value.startswith(start) for file, start in CHINESE_AS_DATA
            ):
                found.append(f"{rel}:{node.lineno}: {node.value[:40]!r}")
    assert found == [], found
    assert all(any(str(p.relative_to(PACKAGE)) == file for p in TREES) for file, _ in CHINESE_AS_DATA), (
        "an allowed file is gone"
    )
