"""More of how screens lay out text (issue 24, items 6 and 7): search's Match
column never repeats the title, and a table's lines on a terminal end at
their last character. One library for the whole module (read only here)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import time_machine
from hypothesis import example, given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text

from readlog.render.cut import cut

from conftest import Run, write
from helpers import FIXED_NOW

LANGS = ("en", "zh")
WORDS = ("内核参数", "zanzibar")


def records(*entries: dict[str, Any]) -> str:
    return "".join(json.dumps({"readlog": 1, **e}, ensure_ascii=False) + "\n" for e in entries)


def entry(n: int, title: str, summary: str, **more: Any) -> dict[str, Any]:
    return {
        "title": title,
        "summary": summary,
        "url": f"https://example.org/{n}",
        "source": ["LWN.net", "Julia Evans", "Rust Blog"][n % 3],
        "saved_at": f"2026-11-{10 + n:02d}T08:00:00+00:00",
        **more,
    }


# Where each of WORDS has a hit, besides the summary of SUMMARY_ONLY.
BOTH = "内核参数 zanzibar 入门"  # in the title and in the summary
TITLE_ONLY = {"内核参数": "读内核参数", "zanzibar": "zanzibar notes"}  # only in a short title
SUMMARY_ONLY = "别的题目"  # only in the summary
LONG_TITLE = "一篇很长很长的文章，讲调度器与存储引擎的种种取舍，最后一段才说到内核参数 zanzibar"
SHELF = records(
    entry(1, BOTH, "摘要说内核参数 zanzibar 很重要，值得一读。"),
    entry(2, TITLE_ONLY["内核参数"], "无关的摘要。"),
    entry(7, TITLE_ONLY["zanzibar"], "Nothing else."),
    entry(3, SUMMARY_ONLY, "这里也讲内核参数 zanzibar 的事，很重要。"),
    entry(4, LONG_TITLE, "无关的摘要。", minutes=12),
    entry(5, "Trashed one", "Gone to the trash.", tags=["系统 设计"]),
    entry(6, "Another trashed one with a long title that the table must cut somewhere", "Gone too."),
)


@pytest.fixture(scope="module")
def shelf_ids(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A library with SHELF imported, two entries trashed and one tagged (so
    trash and history have rows), made once for the module."""
    home = tmp_path_factory.mktemp("shelf")
    db = home / "readlog.db"
    with pytest.MonkeyPatch.context() as env, time_machine.travel(FIXED_NOW, tick=False):
        env.setenv("READLOG_DB", str(db))
        env.setenv("READLOG_CONFIG", str(home / "config.toml"))
        env.setenv("READLOG_LANG", "en")
        run = Run()
        run("import", str(write(home / "shelf.jsonl", SHELF)))
        ids = {e["title"]: e["id"] for e in run.json("list", "--limit", "0")}
        run("rm", str(ids["Trashed one"]))
        run("rm", str(ids["Another trashed one with a long title that the table must cut somewhere"]))
        run("tag", str(ids[SUMMARY_ONLY]), "+system design")
    return db, {title: str(n) for title, n in ids.items()}


@pytest.fixture
def shelf(shelf_ids: tuple[Path, dict[str, str]]) -> Path:
    return shelf_ids[0]


def screen(run: Run, monkeypatch: pytest.MonkeyPatch, shelf: Path, width: int, lang: str, *args: str) -> list[str]:
    monkeypatch.setenv("COLUMNS", str(width))
    return run("--db", str(shelf), "--lang", lang, *args).stdout.splitlines()


def cells_of(line: str, start: int, end: int | None) -> str:
    """The characters of ``line`` from cell ``start`` up to cell ``end``."""
    out, at = [], 0
    for ch in line:
        if at >= start and (end is None or at < end):
            out.append(ch)
        at += cell_len(ch)
    return "".join(out)


def split_row(header: str, line: str) -> dict[str, str]:
    """A table row's cells by the header's labels (each label starts its column)."""
    starts = [(m.group(), cell_len(header[: m.start()])) for m in re.finditer(r"\S+", header)]
    cells = {}
    for i, (label, start) in enumerate(starts):
        end = starts[i + 1][1] if i + 1 < len(starts) else None
        cells[label] = cells_of(line, start, end).strip()
    return cells


# ---- the Match column never repeats the title -------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [64, 100])
def test_the_match_column_shows_what_the_title_column_does_not(
    run: Run, monkeypatch: pytest.MonkeyPatch, shelf_ids: tuple[Path, dict[str, str]], width: int, lang: str
) -> None:
    """A hit in title and summary: the summary's; only in the title: nothing
    when the Title column shows it, the hit when that column cuts it off;
    only in the summary: the summary's."""
    shelf, ids = shelf_ids
    match, title = {"en": ("Match", "Title"), "zh": ("匹配", "标题")}[lang]
    for word in WORDS:
        lines = screen(run, monkeypatch, shelf, width, lang, "search", word)
        rows = {line.split()[0]: split_row(lines[0], line) for line in lines[1:5]}
        for full in (BOTH, SUMMARY_ONLY):  # the summary's hit, not the title's
            assert word in rows[ids[full]][match] and "入门" not in rows[ids[full]][match], lines
        for full in (TITLE_ONLY[word], LONG_TITLE):
            row = rows[ids[full]]
            assert row[match] == "" if word in row[title] else word in row[match], lines
        if width == 100:  # both cases are seen
            assert word in rows[ids[TITLE_ONLY[word]]][title] and word not in rows[ids[LONG_TITLE]][title], lines


def test_json_and_piped_output_keep_a_hit_for_every_entry(
    run: Run, monkeypatch: pytest.MonkeyPatch, shelf: Path
) -> None:
    """Scripts still get a hit for an entry whose only hit is in its title
    (--json's snippet, the piped match field); the piped one outside the
    title when there is one, as the table."""
    found = {e["title"]: e["snippet"] for e in run.json("--db", str(shelf), "search", "zanzibar")}
    assert found[TITLE_ONLY["zanzibar"]] == "**zanzibar** notes"
    assert found[BOTH].startswith("内核参数 **zanzibar** 入门")  # --json: the first hit, title first, as before
    monkeypatch.delenv("READLOG_FORCE_TTY")
    fields = [line.split("\t") for line in run("--db", str(shelf), "search", "zanzibar").stdout.splitlines()]
    match = {f[2]: f[4] for f in fields}
    assert "很重要" in match[BOTH] and match[TITLE_ONLY["zanzibar"]] == "zanzibar notes"


# ---- no padding at the end of a table's lines ---------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "args", [["list", "--limit", "0"], ["search", "zanzibar"], ["trash"], ["history"]], ids=" ".join
)
def test_table_lines_end_at_their_last_character(
    run: Run, monkeypatch: pytest.MonkeyPatch, shelf: Path, lang: str, args: list[str]
) -> None:
    """On a terminal no line ends in padding, and every row still puts each
    column where the header puts its label (two blanks before it)."""
    lines = screen(run, monkeypatch, shelf, 80, lang, *args)
    assert lines and all(line == line.rstrip() for line in lines), [line for line in lines if line != line.rstrip()]
    header = lines[0]
    starts = [cell_len(header[: m.start()]) for m in re.finditer(r"\S+", header)]
    rows = [line for line in lines[1:] if re.match(r"\s*\d+  ", line)]
    assert rows, lines
    for line in rows:
        for start in starts[1:]:
            if cell_len(line) > start:
                assert cells_of(line, start - 2, start) == "  ", (start, line)


# ---- cut(): no opening punctuation before the ellipsis ------------------------------------

OPENING = "（《「『【〈〔［｛“‘(["
TEXTS = st.text(st.sampled_from([*OPENING, "）", "，", "内", "核", "a", "b", "1", "2", " "]), min_size=1, max_size=30)


@example("标题（副标题很长很长", 7)
@example("内核 “引号很长很长", 7)
@given(TEXTS, st.integers(min_value=2, max_value=30))
def test_cut_never_leaves_opening_punctuation_or_a_blank_before_its_ellipsis(text: str, width: int) -> None:
    out = cut(Text(text), width).plain
    assert cell_len(out) <= width or out == text
    if out != text:
        kept = out[:-1]
        assert out.endswith("…") and text.startswith(kept)
        assert not kept or (kept[-1] not in OPENING and not kept[-1].isspace()), out


# ---- a long token is cut every width characters, as the general search would cut it ----------

_TOKEN_CHARS = "aZq09+/_-=~'<>" + "().,%!?" + " "  # what the shortcut takes, and what it must refuse


def _tokens() -> st.SearchStrategy[str]:
    from readlog.render.wrapping import _UNIFORM_ASCII

    return st.from_regex(_UNIFORM_ASCII, fullmatch=True) | st.text(_TOKEN_CHARS, min_size=1, max_size=120)


@given(_tokens(), st.integers(1, 30))
@example("ab+c12/" * 20, 7)
@example("a" * 100, 1)
@example("ab+12" * 10, 9)  # a number after "+": not uniform
def test_a_uniform_token_is_cut_where_the_general_search_cuts_it(unit: str, width: int) -> None:
    from readlog.render import wrapping

    unit = unit.strip() or "a"
    assert wrapping._split_unit(unit, width) == wrapping._split_general(unit, width)


def test_a_token_of_a_million_characters_is_cut_every_width_characters() -> None:
    from readlog.render import wrapping

    token = "deadBEEF0123+/" * 75_000  # a base64-like blob: letters, digits after letters, + and /
    assert wrapping._UNIFORM_ASCII.fullmatch(token)  # the shortcut takes it
    lines = wrapping.wrap(token, 80).split("\n")
    assert "".join(lines) == token and {len(line) for line in lines[:-1]} == {80}


# ---- break_offsets(): wrap()'s lines as offsets, for rich to wrap help screens by ---------------

HELP_TEXTS = st.lists(
    st.sampled_from([*OPENING, "）", "，", "。", "内", "核", "a", "b", "_", "1", " ", "  "]), max_size=40
).map("".join)


@example("（readlog list --db x.db）。输出到管道", 12)
@example("  readlog import bookmarks.html pocket.csv", 20)
@example("  ab cd", 6)  # the indent counts: "  ab cd" is 7 cells
@given(HELP_TEXTS, st.integers(min_value=1, max_value=30))
def test_break_offsets_cut_a_line_where_wrap_breaks_it(text: str, width: int) -> None:
    from readlog.render.wrapping import break_offsets, wrap

    offsets = break_offsets(text, width)
    assert offsets == sorted(set(offsets)) and all(0 < o < len(text) for o in offsets)
    parts = [text[a:b] for a, b in zip([0, *offsets], [*offsets, len(text)], strict=True)]
    indent = len(text) - len(text.lstrip())
    expected = wrap(text, max(width - indent, 1)).split("\n") if text.strip() else [""]
    assert [" ".join(p.split()) for p in parts] == [" ".join(line.split()) for line in expected]
    assert all(not p[:1].isspace() for p in parts[1:])  # each new line starts with its text
    # each line fits (with its indent; wrap() counts a run of spaces inside a line as one)
    fits = [cell_len(p[: len(p) - len(p.lstrip())] + " ".join(p.split())) <= width for p in parts if len(p.strip()) > 1]
    assert indent >= width or all(fits), parts


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("args", [["sources"], ["categories"], ["stats"], ["tags"]], ids=" ".join)
def test_grouped_screens_end_their_lines_at_the_last_character(
    run: Run, monkeypatch: pytest.MonkeyPatch, shelf: Path, lang: str, args: list[str]
) -> None:
    """A table printed with its footer (sources, categories) or among other parts (stats) ends
    its lines where a lone table does."""
    lines = screen(run, monkeypatch, shelf, 80, lang, *args)
    assert len(lines) >= 2 and all(line == line.rstrip() for line in lines), [x for x in lines if x != x.rstrip()]
