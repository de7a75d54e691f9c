"""Every imported string is data: sanitize.clean, and what list/show/search print."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from readlog.model.sanitize import clean
from readlog.render.wrapping import wrap

from conftest import Run, write
from helpers import FIXED_NOW, examples

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


ZWNJ, ZWJ = "\u200c", "\u200d"
PERSIAN = "می\u200cخواهم"  # "I want": the non-joiner keeps می apart from خواهم
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
RAINBOW_FLAG = "\U0001f3f3\ufe0f\u200d\U0001f308"
KSSA = "क्\u200dष"  # Hindi: the joiner asks for the half form of क
CODER = "\U0001f469\U0001f3fd\u200d\U0001f4bb"  # a skin tone before the joiner


def joins(before: str, joiner: str, after: str) -> bool:
    """The rule written out on its own (the test's oracle): a joiner between two letters
    (or marks) of one script that shapes its letters (not Latin, Greek, Cyrillic, Han, kana
    or Hangul), or a ZWJ between an emoji (or its skin tone or VS16) and the next emoji."""

    def script(ch: str) -> str | None:
        if unicodedata.category(ch)[0] not in "LM":
            return None
        name = unicodedata.name(ch, "").split(" ")[0]
        plain = {"LATIN", "GREEK", "CYRILLIC", "CJK", "IDEOGRAPHIC", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA"}
        plain |= {"BOPOMOFO", "HANGUL", "COMBINING", "MODIFIER", "SUPERSCRIPT", "SUBSCRIPT", "MATHEMATICAL", ""}
        return None if name in plain or name.startswith(("FULLWIDTH", "HALFWIDTH")) else name

    def emoji(ch: str) -> bool:
        return unicodedata.category(ch) == "So"

    if joiner == ZWJ and emoji(after) and (emoji(before) or before == "\ufe0f" or 0x1F3FB <= ord(before) <= 0x1F3FF):
        return True
    return script(before) is not None and script(before) == script(after)


# Letters of shaping scripts, emoji and their modifiers, what has no joiner, and many joiners.
PIECES = ["می", "خواهم", "क्", "ष", "\U0001f468", "\U0001f469", "\ufe0f", "\U0001f3fd", "a", "内", "é"]
JOINED = st.lists(st.sampled_from([*PIECES, " ", "\n", "\u200b", *[ZWNJ, ZWJ] * 4]), max_size=20).map("".join)


def assert_harmless(text: str, *, one_line: bool = False) -> None:
    """What may reach a terminal: no controls but newline, no format characters at all
    but the joiners a script needs, where it needs them (see ``joins``)."""
    for i, ch in enumerate(text):
        if ch in (ZWNJ, ZWJ) and 0 < i < len(text) - 1 and joins(text[i - 1], ch, text[i + 1]):
            continue
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
@given(st.one_of(ANY_TEXT, NASTY, JOINED), st.sampled_from([{}, {"one_line": True}, {"keep_tabs": True}]))
def test_clean_changes_what_the_whole_table_would(text: str, how: dict[str, bool]) -> None:
    """clean() sends only the runs of suspect characters through its table: the same
    text as translating every character of it."""
    from readlog.model.sanitize import _ESCAPES, _JOINERS, _KEEP_TABS, _MULTILINE, _ONE_LINE, _joined

    table = _ONE_LINE if how.get("one_line") else _KEEP_TABS if how.get("keep_tabs") else _MULTILINE
    whole = _JOINERS.sub(_joined, _ESCAPES.sub("", text).translate(table))
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


# ---- joiners that scripts need (issue 33 item 14) ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        PERSIAN,
        FAMILY,
        RAINBOW_FLAG,
        KSSA,
        "क्\u200cष",  # the non-joiner after a virama: the full form, not a conjunct
        CODER,
        "\u2764\ufe0f\u200d\U0001f525",  # heart on fire
        f"{PERSIAN} و {FAMILY} in one title",
        "ব্\u200dয",  # Bengali
    ],
)
def test_clean_keeps_the_joiners_a_script_needs(text: str) -> None:
    assert clean(text) == text
    assert clean(text, one_line=True) == text
    assert clean(text, keep_tabs=True) == text


def test_clean_drops_joiners_anywhere_else() -> None:
    """Where no script needs a joiner it goes; beside one that stays, what hid goes too."""
    cases = [
        ("\u200cمی", "می"),  # leading
        ("می\u200c", "می"),  # trailing
        ("می\u200c خواهم", "می خواهم"),  # next to a space
        ("می\u200c\u200cخواهم", "میخواهم"),  # repeated
        ("می\u200c\u200bخواهم", "می\u200cخواهم"),  # what hides beside it goes, the joiner stays
        ("pay\u200cpal", "paypal"),  # ASCII letters: a hiding trick, not spelling
        ("caf\u00e9\u200d\u00e9", "caf\u00e9\u00e9"),  # Latin
        ("内\u200c核", "内核"),  # Han
        ("a\u200d\U0001f469", "a\U0001f469"),  # a letter before an emoji
        ("\U0001f468\u200d", "\U0001f468"),  # trailing after an emoji
        ("\U0001f468\u200c\U0001f469", "\U0001f468\U0001f469"),  # a non-joiner between emoji
        ("ی\u200dक", "یक"),  # two scripts
    ]
    assert [clean(raw) for raw, _ in cases] == [want for _, want in cases]


def test_a_link_never_keeps_a_joiner() -> None:
    from readlog.inputs.vet import vet
    from readlog.model.entry import Entry, is_web_address

    url = f"https://fa.wikipedia.org/wiki/{PERSIAN}"
    assert clean(url, link=True) == "https://fa.wikipedia.org/wiki/میخواهم"
    assert not is_web_address(url)  # never opened or handed to a browser as it is
    entry = Entry(title=PERSIAN, url=url)
    kept, _ = vet(entry, FIXED_NOW)
    assert kept and entry.url == "https://fa.wikipedia.org/wiki/میخواهم" and entry.title == PERSIAN


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(JOINED, ANY_TEXT, NASTY))
def test_clean_decides_only_where_joiners_stay(text: str) -> None:
    """Every joiner clean keeps sits where the rule keeps one, and cleaning changes nothing
    else than a joiner-free text's cleaning would: the text is the same, joiners aside."""
    without = {ord(ZWNJ): None, ord(ZWJ): None}
    for how in ({}, {"one_line": True}, {"keep_tabs": True}):
        out = clean(text, **how)
        assert out.translate(without) == clean(text.translate(without), **how)
        for i, ch in enumerate(out):
            if ch in (ZWNJ, ZWJ):
                assert 0 < i < len(out) - 1 and joins(out[i - 1], ch, out[i + 1]), (out, i)
        assert clean(out, **how) == out
    assert ZWNJ not in clean(text, link=True) and ZWJ not in clean(text, link=True)


def test_an_import_keeps_persian_and_emoji_as_written(run: Run, tmp_path: Path) -> None:
    from helpers import netscape_file

    links = [
        (f"https://fa.wikipedia.org/wiki/{PERSIAN}", f"{PERSIAN} \u200c", 1700000000),
        ("https://example.org/family", f"Family {FAMILY} and {RAINBOW_FLAG}", 1700000001),
        ("https://example.org/hindi", f"{KSSA} {CODER}", 1700000002),
    ]
    run("import", str(netscape_file(tmp_path / "bookmarks.html", links)))
    got = {e["title"]: e["url"] for e in run.json("list")}
    assert got == {
        PERSIAN: "https://fa.wikipedia.org/wiki/میخواهم",
        f"Family {FAMILY} and {RAINBOW_FLAG}": "https://example.org/family",
        f"{KSSA} {CODER}": "https://example.org/hindi",
    }
    assert [e["title"] for e in run.json("search", "خواهم")] == [PERSIAN]
