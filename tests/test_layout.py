"""How screens lay out text (issue 24, items 6, 7 and 13): which columns a
table keeps at a given width, numbers kept with their units, CJK line
breaking (kinsoku), search snippets that always show their hit whole, and
show's links agreeing with open."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from rich.cells import cell_len

from readlog.render.wrapping import wrap

from conftest import Run, write

WIDTHS = (60, 80, 100, 120)
LANGS = ("en", "zh")
HEAD = {
    "en": {"title": "Title", "source": "Source", "category": "Category", "time": "Time", "saved": "Saved"},
    "zh": {"title": "标题", "source": "来源", "category": "分类", "time": "时长", "saved": "收藏"},
}


def records(*entries: dict[str, Any]) -> str:
    """readlog's own JSON Lines, which carries every field (reading time too)."""
    return "".join(json.dumps({"readlog": 1, **e}, ensure_ascii=False) + "\n" for e in entries)


def columns(header: str, width: int = 0) -> dict[str, tuple[int, int]]:
    """Each header label's column as (first cell, cells up to the next label;
    the last one's up to ``width``, else its label's)."""
    found = [(m.group(), cell_len(header[: m.start()])) for m in re.finditer(r"\S+", header)]
    spans: dict[str, tuple[int, int]] = {}
    for i, (word, start) in enumerate(found):
        end = found[i + 1][1] - 2 if i + 1 < len(found) else max(width, start + cell_len(word))
        spans[word] = (start, end - start)
    return spans


def table(run: Run, monkeypatch: pytest.MonkeyPatch, width: int, lang: str, *args: str) -> list[str]:
    monkeypatch.setenv("COLUMNS", str(width))
    out = run("--lang", lang, *args).stdout.splitlines()
    assert all(cell_len(line) <= width for line in out), out
    return out


# ---- which columns a list keeps ------------------------------------------------------

# Long titles, five sources, no category at all, a reading time on some: the
# situation where 80 columns kept an empty Category and dropped Time.
NO_CATEGORY = records(
    *(
        {
            "title": f"第{i}篇：一篇很长很长的文章标题，讲的是内核调度与存储引擎的取舍 part {i}",
            "source": ["LWN.net", "Julia Evans", "Rust Blog", "The Morning Paper Club", "Go Blog"][i % 5],
            "summary": "摘要",
            "url": f"https://example.org/{i}",
            "saved_at": f"2026-11-{10 + i:02d}T08:00:00+00:00",
            "minutes": [12, None, 7, 25, None, 3][i % 6],
        }
        for i in range(8)
    )
)


@pytest.fixture
def no_category(run: Run, tmp_path: Path) -> Run:
    run("import", str(write(tmp_path / "no-category.jsonl", NO_CATEGORY)))
    return run


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_list_never_keeps_a_column_empty_in_every_row(
    no_category: Run, monkeypatch: pytest.MonkeyPatch, width: int, lang: str
) -> None:
    header = table(no_category, monkeypatch, width, lang, "list")[0]
    assert HEAD[lang]["category"] not in header
    if width >= 80:  # room for more than the title: what says something comes back before what is empty
        assert HEAD[lang]["time"] in header
        assert HEAD[lang]["source"] in header


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_the_title_stays_the_widest_column(
    no_category: Run, monkeypatch: pytest.MonkeyPatch, width: int, lang: str
) -> None:
    header = table(no_category, monkeypatch, width, lang, "list")[0]
    spans = columns(header)
    title = spans.pop(HEAD[lang]["title"])[1]
    assert all(title > cells for _, cells in spans.values()), header


SAME_CATEGORY = records(
    *(
        {
            "title": f"Notes on scheduling, part {i}: what the kernel does when it is busy",
            "source": ["LWN.net", "Julia Evans", "Rust Blog", "Go Blog"][i % 4],
            "category": "Technology",
            "url": f"https://example.org/{i}",
            "saved_at": f"2026-{i + 1:02d}-10T08:00:00+00:00",
            "minutes": [12, 4, 7, 25, 9, 3][i % 6],
        }
        for i in range(6)
    )
)


@pytest.mark.parametrize("lang", LANGS)
def test_a_column_saying_the_same_in_every_row_goes_before_one_that_differs(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    run("import", str(write(tmp_path / "same.jsonl", SAME_CATEGORY)))
    header = table(run, monkeypatch, 80, lang, "list")[0]
    assert HEAD[lang]["category"] not in header  # "Technology" in every row says nothing
    assert HEAD[lang]["time"] in header and HEAD[lang]["source"] in header


# ---- numbers with their units, CJK line breaking --------------------------------------

LONG_META = records(
    {
        "title": "调度器为什么会饿死后台任务",
        "source": "Example Engineering Blog of Systems",
        "category": "操作系统与存储引擎",
        "summary": (
            "他先读了《Rust》和《Go》，又读了「OCaml」『F#』（ML 家族）【注】。"
            "然后“Haskell”让他想了很久：延迟降低了 35 ms，一共写了 200 行 Python。"
            "最后他在《Types and Programming Languages》里找到了答案！"
        )
        * 3,
        "url": "https://example.org/sched",
        "published": "2026-08-05",
        "saved_at": "2026-11-20T08:00:00+00:00",
        "starred_at": "2026-11-21T08:00:00+00:00",
        "minutes": 12,
        "lang": "zh",
        "tags": ["system design", "os"],
    }
)
CLOSING = "，。、；：！？）》」』】〉〕］｝”’…"
OPENING = "（《「『【〈〔［｛“‘"


def panel_lines(out: str) -> list[str]:
    """The text inside show's panel, line by line, without its border."""
    return [line[2:-2].rstrip() for line in out.splitlines() if line.startswith("│")]


@pytest.mark.parametrize("lang", LANGS)
def test_show_keeps_numbers_with_units_and_never_starts_a_line_with_closing_punctuation(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    run("import", str(write(tmp_path / "one.jsonl", LONG_META)))
    reading = {"en": "12 min read", "zh": "约 12 分钟读完"}[lang]
    for width in range(40, 121, 3):
        monkeypatch.setenv("COLUMNS", str(width))
        lines = panel_lines(run("--lang", lang, "show", "1").stdout)
        text = "\n".join(lines)
        assert reading in text, (width, text)
        assert "#system design" in text, (width, text)  # a tag is never split
        assert "35 ms" in text and "200 行" in text, (width, text)
        for line in lines:
            body = line.strip()
            assert not body or body[0] not in CLOSING, (width, line)
            assert not body or body[-1] not in OPENING, (width, line)


# ---- search snippets ---------------------------------------------------------------------

FAR_HIT = records(
    {
        "title": "这篇长文从分布式系统的历史讲起，一直讲到今天的各种实践与取舍",
        "source": "Morning Paper Club",
        "summary": (
            "这篇长文从头讲起，先回顾了分布式系统的历史和各种共识算法的来龙去脉，"
            "中间穿插了很多作者自己的经历，最后才谈到节点的内核参数应该怎样调优。"
        ),
        "url": "https://example.org/far",
        "saved_at": "2026-11-20T08:00:00+00:00",
    },
    {
        "title": "A short note on the way a type checker handles generic functions in practice",
        "source": "Julia Evans",
        "summary": "A long walk through inference and unification, and only at the very end the word zanzibar.",
        "url": "https://example.org/zanzibar",
        "saved_at": "2026-11-21T08:00:00+00:00",
    },
    {
        "title": "Fearless concurrency, ten years on",
        "source": "Example Blog",
        "summary": "What changed in the language since then.",
        "url": "https://example.org/ten-years",
        "tags": ["rustlang", "concurrency"],
        "note": "",
        "saved_at": "2026-11-22T08:00:00+00:00",
    },
    {
        "title": "Plain title",
        "source": "Unrelated",
        "summary": "Nothing to see.",
        "url": "https://example.org/plain",
        "note": "remember the zeppelin chapter",
        "category": "Aviation",
        "saved_at": "2026-11-23T08:00:00+00:00",
    },
)


@pytest.fixture
def far(run: Run, tmp_path: Path) -> Run:
    run("import", str(write(tmp_path / "far.jsonl", FAR_HIT)))
    return run


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("word", ["内核参数", "zanzibar"])
def test_the_hit_is_always_whole_in_the_match_column(
    far: Run, monkeypatch: pytest.MonkeyPatch, width: int, lang: str, word: str
) -> None:
    lines = table(far, monkeypatch, width, lang, "search", word)
    header, row = lines[0], lines[1]
    _, cells = columns(header, width)[{"en": "Match", "zh": "匹配"}[lang]]
    assert cells >= cell_len(word) + 2
    assert word in row, "\n".join(lines)


@pytest.mark.parametrize(
    ("lang", "word", "said"),
    [
        ("en", "rustlang", "tag: rustlang"),
        ("zh", "rustlang", "标签：rustlang"),
        ("en", "zeppelin", "note: remember the zeppelin"),
        ("zh", "zeppelin", "笔记：remember the zeppelin"),
        ("en", "Aviation", "category: Aviation"),
        ("zh", "Aviation", "分类：Aviation"),
    ],
)
def test_a_hit_outside_title_and_summary_says_where_it_is(
    far: Run, monkeypatch: pytest.MonkeyPatch, lang: str, word: str, said: str
) -> None:
    lines = table(far, monkeypatch, 120, lang, "search", word)
    assert said in lines[1], "\n".join(lines)


def test_a_tag_hit_has_a_json_snippet(far: Run) -> None:
    (found,) = far.json("search", "rustlang")
    assert found["snippet"] == "**rustlang**"


# ---- show's links and open -----------------------------------------------------------------

IMAGE_ONLY = """\
evening-reads

<b>调度器</b>为什么会饿死后台任务

<figure><img src="https://example.org/images/scheduler.png"></figure><p>一篇关于调度公平性的长文。</p>

收藏2 周前
"""


@pytest.fixture
def image_only(run: Run, tmp_path: Path) -> int:
    run("import", str(write(tmp_path / "later.txt", IMAGE_ONLY)))
    (entry,) = run.json("list")
    assert entry["url"] == ""
    return int(entry["id"])


@pytest.mark.parametrize("lang", LANGS)
def test_show_labels_an_image_that_is_not_the_entrys_link(run: Run, image_only: int, lang: str) -> None:
    out = run("--lang", lang, "show", str(image_only)).stdout
    links = out.split({"en": "Links", "zh": "链接"}[lang], 1)[1]
    line = next(line for line in links.splitlines() if "scheduler.png" in line)
    assert {"en": "image", "zh": "图片"}[lang] in line
    assert re.search(r"│\s*1\b", line)  # numbered: open ID 1 opens it


@pytest.mark.parametrize("lang", LANGS)
def test_open_says_the_entry_has_no_link_of_its_own_and_how_to_open_the_others(
    run: Run, image_only: int, lang: str
) -> None:
    result = run("--lang", lang, "open", str(image_only), "--print", code=1)
    said = result.stderr
    assert f"open {image_only} 1" in said
    assert "\n" not in said.strip()


def test_open_with_a_number_opens_that_link_of_show(run: Run, image_only: int, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("open", str(image_only), "1", "--print").stdout.strip() == "https://example.org/images/scheduler.png"
    opened: list[str] = []
    monkeypatch.setattr("readlog.core.actions.launch", lambda url: opened.append(url) or True)
    run("open", str(image_only), "1")
    assert opened == ["https://example.org/images/scheduler.png"]
    result = run("open", str(image_only), "2", "--print", code=2)
    assert "1" in result.stderr  # how many links it has


def test_open_and_show_agree_on_an_entry_with_its_own_link_and_an_image(run: Run, tmp_path: Path) -> None:
    run(
        "import",
        str(
            write(
                tmp_path / "both.jsonl",
                records(
                    {
                        "title": "With both",
                        "url": "https://example.org/post",
                        "summary": "image: https://example.org/cover.jpg\nAnd see https://example.com/other too.",
                        "saved_at": "2026-11-20T08:00:00+00:00",
                    }
                ),
            )
        ),
    )
    out = run("show", "1").stdout
    numbered = {int(m.group(1)): m.group(2) for m in re.finditer(r"│\s*(\d)\s+(?:image\s+)?(\S+)", out)}
    assert numbered == {
        1: "https://example.org/post",
        2: "https://example.org/cover.jpg",
        3: "https://example.com/other",
    }
    assert run("open", "1", "--print").stdout.strip() == "https://example.org/post"
    for n, url in numbered.items():
        assert run("open", "1", str(n), "--print").stdout.strip() == url


# ---- the other tables: trash and history -------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_trash_without_sources_has_no_source_column(run: Run, tmp_path: Path, lang: str) -> None:
    entries = [{"title": f"无来源的条目 {i}", "url": f"https://example.org/t{i}"} for i in range(3)]
    run("import", str(write(tmp_path / "no-source.jsonl", records(*entries))))
    run("rm", "1", "2", "--yes")
    header = run("--lang", lang, "trash").stdout.splitlines()[0]
    assert HEAD[lang]["source"] not in header and HEAD[lang]["title"] in header


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", range(50, 90, 3))
def test_history_never_cuts_a_number_from_its_unit(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, width: int, lang: str
) -> None:
    path = write(tmp_path / "a-rather-long-file-name-for-history.jsonl", NO_CATEGORY)
    run("import", str(path))
    monkeypatch.setenv("COLUMNS", str(width))
    wide = next(line for line in table(run, monkeypatch, 400, lang, "history") if "import" in line)
    full = re.split(r"\s{2,}", wide.strip())[-1]  # the whole summary, in the table's language
    row = next(line for line in table(run, monkeypatch, width, lang, "history") if "import" in line)
    summary = re.split(r"\s{2,}", row.strip())[-1]
    if summary.endswith("…"):
        kept = summary[:-1]
        assert full.startswith(kept), (kept, full)
        if re.search(r"\d\s*[A-Za-z]*$", kept):  # ends in a number, or a number and (part of) its unit
            assert not full[len(kept)].isalnum(), (width, summary, full)
    else:
        assert summary == full


# ---- wrap(): kinsoku and numbers, for any text --------------------------------------------

# Punctuation as wrap() knows it (the full-width sets above and ASCII's).
NO_START = CLOSING + ",.;:!?)]}%"
NO_END = OPENING + "([{"
# Text ending in a number: digits (with . or , between), not part of a name such as p99.
NUMBER_END = re.compile(r"(?<![A-Za-z0-9.,])[0-9](?:[0-9.,]*[0-9])?%?$")

WORDS = st.sampled_from(["内核", "调度", "cache", "Rust", "类型检查器", "12", "200", "ms", "行", "min"])
PUNCT = st.text(st.sampled_from([*OPENING, *CLOSING, ",", ".", "(", ")"]), max_size=3)
SPACE = st.sampled_from(["", "", " "])
TEXT = st.lists(st.tuples(PUNCT, SPACE, WORDS, SPACE, PUNCT, SPACE), max_size=30).map(
    lambda parts: "".join("".join(p) for p in parts)
)


def line_starts(text: str, lines: list[str]) -> list[int]:
    """Where in ``text`` each line but the first begins (its first non-space)."""
    starts, pos = [], 0
    for n, line in enumerate(lines):
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if n:
            starts.append(pos)
        pos = start_after(text, pos, line)
    return starts


def start_after(text: str, pos: int, line: str) -> int:
    """The index in ``text`` just after ``line``'s characters, read from ``pos``."""
    for ch in "".join(line.split()):
        while text[pos].isspace():
            pos += 1
        assert text[pos] == ch
        pos += 1
    return pos


def kinsoku_ok(text: str, p: int) -> bool:
    return text[p] not in NO_START and text[:p].rstrip()[-1] not in NO_END


def word_ok(text: str, p: int) -> bool:
    before = text[:p]
    return before != before.rstrip() or cell_len(before[-1]) > 1 or cell_len(text[p]) > 1


def number_ok(text: str, p: int) -> bool:
    return not NUMBER_END.search(text[:p].rstrip())


def unbreakable(text: str, p: int, ok: Any) -> str:
    """The stretch of ``text`` around position ``p`` with no position inside it
    where a line may break and keep the rules ``ok`` says are kept."""
    places = [q for q in range(1, len(text)) if not text[q].isspace() and text[:q].strip()]
    left = max((q for q in places if q < p and ok(text, q)), default=0)
    right = min((q for q in places if q > p and ok(text, q)), default=len(text))
    return text[left:right].strip()


@example("内核内核内核内核内核内核内核内核内核内核内核内核内核内核内核内核（内核”12（cache，", 16)  # ”12 is a number
@example("（200 （cache，", 14)  # the glued "（200 （cache，" is wider than the line
@example("「「「「「内」」」", 4)  # a run of punctuation wider than the line
@example("内核", 1)  # a character wider than the line
@given(TEXT, st.integers(min_value=1, max_value=60))
def test_wrap_never_starts_a_line_with_closing_nor_ends_one_with_opening_punctuation(text: str, width: int) -> None:
    """Lines of at most ``width`` cells (a character wider than that has a line
    of its own), the text's every non-space character in order, and no line
    breaks before closing punctuation or after opening punctuation (kinsoku),
    inside a word, or after a number. The one exception: keeping a rule would
    need a stretch of text wider than the line. A break may part a number from
    its unit only where the stretch around it with no break that keeps all
    three rules is wider than the line; cut a word only where the stretch with
    no break keeping kinsoku and words is; break kinsoku only where the
    stretch with no break keeping kinsoku is (a run of punctuation, or a
    width of a cell or two). So the lightest rule always gives way first."""
    lines = wrap(text, width).split("\n")
    assert all(cell_len(line) <= width or len(line) == 1 for line in lines), lines
    assert "".join("".join(lines).split()) == "".join(text.split())
    assert all(line == line.strip() and (line or len(lines) == 1) for line in lines), lines
    for p in line_starts(text, lines):
        if not kinsoku_ok(text, p):
            assert cell_len(unbreakable(text, p, kinsoku_ok)) > width, (lines, p)
        if not word_ok(text, p):
            assert cell_len(unbreakable(text, p, lambda t, q: kinsoku_ok(t, q) and word_ok(t, q))) > width, (lines, p)
        if not number_ok(text, p):
            everything_ok = lambda t, q: kinsoku_ok(t, q) and word_ok(t, q) and number_ok(t, q)  # noqa: E731
            assert cell_len(unbreakable(text, p, everything_ok)) > width, (lines, p)
