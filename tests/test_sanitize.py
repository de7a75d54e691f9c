"""Every imported string is data: sanitize.clean, and what list/show/search print."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from readlog.model.sanitize import clean
from readlog.render import wrap

from conftest import Run, write
from helpers import examples

BIDI = {*map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))}
ZERO_WIDTH = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"}
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=300)  # surrogates included
NASTY = st.lists(
    st.sampled_from(
        [
            "\x1b[31m",
            "\x1b[2J",
            "\x1b]0;pwned\x07",
            "\x1b]8;;http://evil\x1b\\",
            "\x9b1m",
            "\x9d0;t\x9c",
            "\x1bP+q\x1b\\",
            "\x1bc",
            "\x07",
            "\x08",
            "\r",
            "\t",
            "\x00",
            "\x7f",
            "\x85",
            "\u2028",
            "\u202e",
            "\u2066",
            "\u200b",
            "\ufeff",
            "\U000e0041",
            "[bold]",
            "[/foo]",
            "[link=http://x]",
            "\n",
            "a",
            "汉字",
            " ",
        ]
    ),
    max_size=30,
).map("".join)


def assert_harmless(text: str, *, one_line: bool = False) -> None:
    """What may reach a terminal: no controls but newline, no format characters at all."""
    for ch in text:
        cat = unicodedata.category(ch)
        assert not (cat == "Cc" and ch != "\n"), repr(ch)
        assert cat not in ("Cf", "Cs", "Zl", "Zp"), repr(ch)
        assert ch not in BIDI and ch not in ZERO_WIDTH and ch != "\x1b", repr(ch)
        if one_line:
            assert ch != "\n"


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(ANY_TEXT, NASTY))
def test_clean_output_is_harmless(text: str) -> None:
    out = clean(text)
    assert_harmless(out)
    line = clean(text, one_line=True)
    assert_harmless(line, one_line=True)
    assert line == line.strip() and "  " not in line
    assert clean(out) == out and clean(line, one_line=True) == line


@settings(max_examples=examples(200), deadline=None)
@given(st.text(st.characters(exclude_categories=("Cc", "Cf", "Cs", "Zl", "Zp")), max_size=200))
def test_clean_keeps_ordinary_text(text: str) -> None:
    """Cleaning removes only what is dangerous: printable text, markup included, is kept as is."""
    assert clean(text) == text
    assert clean(text, one_line=True) == " ".join(text.split())


@settings(max_examples=examples(200), deadline=None)
@given(st.one_of(ANY_TEXT, NASTY), st.sampled_from([{}, {"one_line": True}, {"keep_tabs": True}]))
def test_clean_changes_what_the_whole_table_would(text: str, how: dict[str, bool]) -> None:
    """clean() sends only the runs of suspect characters through its table: the same
    text as translating every character of it."""
    from readlog.model.sanitize import _ESCAPES, _KEEP_TABS, _MULTILINE, _ONE_LINE

    table = _ONE_LINE if how.get("one_line") else _KEEP_TABS if how.get("keep_tabs") else _MULTILINE
    whole = _ESCAPES.sub("", text).translate(table)
    assert clean(text, **how) == (" ".join(whole.split()) if how.get("one_line") else whole)


@pytest.mark.parametrize(
    ("raw", "want"),
    [
        ("a\x1b[31mred\x1b[0m", "ared"),
        ("t\x1b]0;title\x07x", "tx"),
        ("t\x1b]8;;http://e\x1b\\link\x1b]8;;\x1b\\", "tlink"),
        ("safe\u202etxt.exe", "safetxt.exe"),
        ("zero\u200bwidth", "zerowidth"),
        ("[bold]x[/bold]", "[bold]x[/bold]"),
        ("over\rwrite", "overwrite"),
        ("a\x08\x08b", "ab"),
        (None, ""),
        (42, "42"),
    ],
)
def test_clean_examples(raw: object, want: str) -> None:
    assert clean(raw) == want


EVIL = {
    "title": "Evil [bold]title[/bold] \x1b[2J\x1b]0;pwned\x07 \u202eexe.txt zero\u200bwidth \x9b31m",
    "summary": "Body [link=http://evil]click[/link] [/foo] \x1b]8;;http://x\x1b\\hyper\x1b]8;;\x1b\\ \x07\x08 over",
    "verdict": "推荐收录 \u2066bidi\u2069 \ufeff\u2060 [red]x[/red] \x1bc reset",
    "source": "Src\x1b[31m [i]it[/i]",
}


def _evil_digest(tmp_path: Path) -> Path:
    text = (
        f"技术文章 {EVIL['source']} 2026/01/02\n"
        f"{EVIL['title']}。{EVIL['summary']}\n{EVIL['verdict']}\n"
        f"工程实践 Plain 2026/01/03\n正常的摘要。\n推荐收录。\n"
    )
    return write(tmp_path / "evil.txt", text)


def _evil_bookmarks(tmp_path: Path) -> Path:
    text = f"list\x1b[5m\n\n{EVIL['title']}\n\n{EVIL['summary']}\rcarriage\n\n{EVIL['verdict']}\n\n收藏1 天前\n"
    return write(tmp_path / "evil-bm.txt", text)


def test_cli_output_never_carries_controls_and_prints_markup_literally(run: Run, tmp_path: Path) -> None:
    run("import", str(_evil_digest(tmp_path)))
    run("import", str(_evil_bookmarks(tmp_path)))
    outputs = {
        "list": run("list").stdout,
        "list --search": run("list", "--search", "Evil").stdout,
        "search": run("search", "Evil").stdout,
        "show 1": run("show", "1").stdout,
        "show 3": run("show", "3").stdout,
        "star": run("star", "1", "3").stdout,
        "overview": run().stdout,
    }
    for name, out in outputs.items():
        assert_harmless(out)
        assert "pwned" not in out, name
    assert "[bold]title[/bold]" in outputs["list"] and "[bold]title[/bold]" in outputs["show 3"]
    shown = " ".join(outputs["show 1"].replace("│", " ").split())
    for literal in ("[link=http://evil]click[/link]", "[/foo]", "[red]x[/red]", "[i]it[/i]"):
        assert literal in shown, literal


def test_file_names_with_escapes_are_shown_harmlessly(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "name\x1b[31m\x07.txt", "技术文章 Blog 2026/01/02\n摘要。\n推荐收录。\n")
    result = run("import", str(path))
    assert_harmless(result.stdout)
    assert "name" in result.stdout
    bad = write(tmp_path / "bad\x1b]0;x\x07.txt", "")
    assert_harmless(run("import", str(bad), code=1).stderr)


# ---- wrapping mixed Chinese and English -------------------------------------------

WRAP_TEXT = st.lists(
    st.sampled_from(["内核", "调度", "。", "，", "）", "cache", "a", " ", "\u3000", "Rust", "한국", "😀", "x" * 30]),
    max_size=40,
).map("".join)


@given(WRAP_TEXT, st.integers(min_value=2, max_value=40))
def test_wrap_keeps_every_character_and_fits_the_width(text: str, width: int) -> None:
    wrapped = wrap(text, width)
    assert all(cell_len(line) <= width for line in wrapped.split("\n"))
    assert "".join(wrapped.split()) == "".join(text.split())  # nothing lost, only spaces and breaks move


def test_wrap_breaks_between_chinese_characters_not_inside_words() -> None:
    assert wrap("内核调度器 scheduler design", 10) == "内核调度器\nscheduler\ndesign"
    assert wrap("一二三四五。六", 10) == "一二三四\n五。六"  # closing punctuation stays with its character


def test_fast_path_class_covers_every_control_and_format_character() -> None:
    """clean() returns text untouched when _SUSPECT finds nothing in it, so
    the class must hold every character clean would change."""
    import unicodedata

    from readlog.model.sanitize import _SUSPECT

    missed = [
        hex(cp)
        for cp in range(0x110000)
        if unicodedata.category(chr(cp)) in ("Cc", "Cf", "Cs") and cp != 0x0A and not _SUSPECT.match(chr(cp))
    ]
    assert missed == []
