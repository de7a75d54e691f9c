"""What a page holds, without the network: its metadata (pagemeta.py), its
text as the light Markdown with word count, reading time and language
(article.py), and the terminal rendering of that text (render/article.py)."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from readlog.model import length
from readlog.model.sanitize import clean
from readlog.render.article import parse, render
from readlog.web import article, pagemeta

from helpers import examples
from webserver import EN_PAGE, EN_TITLE, HOSTILE_PAGE, JSONLD_PAGE, META_PAGE, ZH_PAGE, ZH_PARAGRAPHS, ZH_TITLE

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")

# ---- pagemeta ---------------------------------------------------------------------------


def test_open_graph_outranks_json_ld_and_title() -> None:
    meta = pagemeta.extract(META_PAGE, "http://site.test/articles/meta")
    assert meta.title == "The Open Graph title"
    assert meta.description == "What the page says about itself, in one sentence."
    assert meta.site_name == "Metadata Weekly"
    assert meta.canonical_url == "http://site.test/meta-canonical"  # <link rel=canonical>, made absolute
    assert meta.published == "2026-11-20"  # the date as the publisher wrote it (+08:00)
    assert meta.lang == "en"


def test_json_ld_alone() -> None:
    meta = pagemeta.extract(JSONLD_PAGE, "https://site.test/p")
    assert (meta.title, meta.description, meta.site_name, meta.published) == (
        "Headline from JSON-LD",
        "Description from JSON-LD.",
        "LD Publisher",
        "2025-03-04",
    )


def test_unclosed_json_ld_blocks_are_passed_over() -> None:
    # Thousands of blocks that never close (a hostile page): read in one pass, and
    # the head's other metadata still found.
    page = "<html><head><title>Still here</title>" + '<script type="application/ld+json">{' * 20000
    meta = pagemeta.extract(page, "https://site.test/p")
    assert meta.title == "Still here"
    closed_later = JSONLD_PAGE.replace("<head>", '<head><script type="application/ld+json">{"a": 1}</script>')
    assert pagemeta.extract(closed_later, "https://site.test/p").title == "Headline from JSON-LD"


def test_title_tag_alone_and_lang() -> None:
    meta = pagemeta.extract(ZH_PAGE)
    assert meta.title == f"{ZH_TITLE} - Test Site" and meta.lang == "zh" and meta.site_name == ""


def test_json_ld_in_the_body_and_graph() -> None:
    html = (
        "<html><head><title>t</title></head><body><p>x</p><script type='application/ld+json'>"
        '[{"@type": "Person", "name": "Someone"}, {"@type": ["Thing", "Article"], "headline": "Deep &amp; found",'
        ' "mainEntityOfPage": {"@id": "https://site.test/canonical"}, "datePublished": "2024年5月6日"}]'
        "</script></body></html>"
    )
    meta = pagemeta.extract(html, "https://site.test/x")
    assert meta.title == "Deep & found" and meta.canonical_url == "https://site.test/canonical"
    assert meta.published == "2024-05-06"


def test_hostile_metadata_is_one_clean_line() -> None:
    meta = pagemeta.extract(HOSTILE_PAGE, "http://site.test/")
    assert "\x1b" not in meta.title and "pwned" not in meta.title and "\u202e" not in meta.title
    assert "[bold red]markup[/]" in meta.title  # markup is text


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-11-20T08:00:00+08:00", "2026-11-20"),
        ("2026/1/5", "2026-01-05"),
        ("2026年11月20日", "2026-11-20"),
        ("20261120", "2026-11-20"),
        ("2026-02-30", None),
        ("yesterday", None),
        ("0001-01-01", None),
        (20261120, None),
    ],
)
def test_parse_date(value: object, expected: str | None) -> None:
    assert pagemeta.parse_date(value) == expected


@pytest.mark.parametrize(("tag", "lang"), [("zh-Hans-CN", "zh"), ("en_US", "en"), ("EN", "en"), ("x", ""), ("", "")])
def test_normal_lang(tag: str, lang: str) -> None:
    assert pagemeta.normal_lang(tag) == lang


def test_canonical_must_be_a_web_address() -> None:
    html = '<head><link rel="canonical" href="javascript:alert(1)"><meta property="og:url" content="/ok"></head>'
    assert pagemeta.extract(html, "https://site.test/a/b").canonical_url == "https://site.test/ok"


HTML_PIECES = st.sampled_from(
    [
        "<html lang=",
        "<head>",
        "<title>",
        "</title>",
        "<meta property='og:title' content='",
        "<meta name=description content=",
        '<link rel="canonical" href="',
        "<script type=application/ld+json>",
        "</script>",
        '{"@type": "Article", "headline": ',
        '{"@graph": [',
        "]}",
        "<body>",
        "<!--",
        "-->",
        "<![CDATA[",
        "&amp;",
        "&#0;",
        "\x1b]0;x\x07",
        "[bold]",
        "'",
        '"',
        ">",
        "<",
        "\u202e",
        "\x00",
    ]
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.one_of(HTML_PIECES, st.text(max_size=20)), max_size=40), st.sampled_from(["", "https://s.test/a"]))
def test_pagemeta_never_fails_on_hostile_html(pieces: list[str], base: str) -> None:
    meta = pagemeta.extract("".join(pieces), base)
    for value in (meta.title, meta.description, meta.site_name, meta.canonical_url, meta.lang):
        assert isinstance(value, str) and "\n" not in value and not CONTROL.search(value)
    assert len(meta.title) <= pagemeta.TITLE_MAX and len(meta.description) <= pagemeta.DESCRIPTION_MAX
    assert meta.canonical_url == "" or meta.canonical_url.startswith(("http://", "https://"))
    assert meta.published is None or re.fullmatch(r"\d{4}-\d{2}-\d{2}", meta.published)


# ---- article text -------------------------------------------------------------------------


def test_english_article_as_light_markdown() -> None:
    text = article.extract(EN_PAGE, "http://site.test/en")
    assert text.startswith(f"# {EN_TITLE}\n\nMost reading time estimates")
    assert "\n\n## Two speeds\n\n- words a minute for English\n- characters a minute for Chinese\n\n" in text
    assert "```\nminutes = words / 230 + characters / 400\n    # rounded, at least one\n```" in text
    assert "> An estimate is a promise you cannot keep exactly." in text
    assert "Home" not in text and "Copyright" not in text  # navigation and footer left out


def test_chinese_article_text_words_and_time() -> None:
    text = article.extract(ZH_PAGE, "http://site.test/zh")
    assert all(p in text for p in ZH_PARAGRAPHS)
    measured = article.measure(text)
    han = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
    assert measured.words >= han and measured.lang == "zh"
    assert measured.minutes == max(1, round(measured.words / length.CJK_PER_MINUTE))


def test_word_count_and_reading_speeds() -> None:
    assert article.measure("one two three-four don't 5.5").words == 5
    assert article.measure("中文字符").words == 4
    assert article.measure("读 the book 两遍").words == 5
    assert length.count("이것은 한국어 문장입니다") == (11, 0)  # Korean: by the syllable
    assert length.count("ひらがなとカタカナ、漢字") == (11, 0)
    english = " ".join(["word"] * (length.WORDS_PER_MINUTE * 12))
    assert article.measure(english).minutes == 12
    chinese = "字" * (length.CJK_PER_MINUTE * 7)
    assert article.measure(chinese).minutes == 7
    assert article.measure("short").minutes == 1 and article.measure("").minutes is None


def test_reading_time_adds_characters_and_words_each_at_its_own_speed() -> None:
    """Chinese, Japanese and Korean at about 330 characters a minute, other words at about 238
    (model/length.py says where these come from); a text that mixes them adds the two."""
    assert (length.CJK_PER_MINUTE, length.WORDS_PER_MINUTE) == (330, 238)
    chinese, english = "字" * 1320, " ".join(["word"] * 476)
    assert article.measure(chinese).minutes == 4
    assert article.measure(english).minutes == 2
    mixed = article.measure(chinese + "\n\n" + english)
    assert (mixed.words, mixed.minutes) == (1796, 6)
    assert article.measure("한" * 660).minutes == 2
    assert length.in_characters(chinese + english) and not length.in_characters(english + chinese)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("这是一篇用中文写的文章，讨论终端。", "zh"),
        ("これは日本語の文章です。ひらがなとカタカナ。", "ja"),
        ("이것은 한국어 문장입니다", "ko"),
        ("This is the kind of text that is written in English, with all of the usual words.", "en"),
        ("Ceci est un texte français sans mots anglais courants.", ""),
        ("12345", ""),
    ],
)
def test_guess_lang(text: str, lang: str) -> None:
    assert article.guess_lang(text) == lang


def test_declared_language_wins() -> None:
    assert article.measure("This is plainly English text with the usual words.", "fr").lang == "fr"


def test_hostile_page_text_is_data() -> None:
    text = article.extract(clean(HOSTILE_PAGE, keep_tabs=True), "http://site.test/hostile")  # as fetch does
    assert not CONTROL.search(text.replace("\n", "").replace("\t", "")) and "\x1b" not in text
    assert "[link=https://evil.example]click me[/link]" in text
    # page lines that look like Markdown syntax are escaped, so they stay paragraphs
    assert "\n\\# this is not a heading" in text and "\n\\- not a list item" in text and "\n\\> and not a quote" in text
    assert "````\n```\nfenced inside code red\n```\n````" in text  # a longer fence around backticks


def test_plain_text_page() -> None:
    text = article.from_plain("A line.\n\n# Not a heading\nnext\x1b[2J line\r\n\r\n\r\nEnd.")
    assert text == "A line.\n\n\\# Not a heading\nnext line\n\nEnd."


def test_empty_and_broken_pages_give_no_text() -> None:
    for html in ("", "<html></html>", "<<<>>>", "\x00" * 100, "<p>" * 5000):
        assert article.extract(html) == ""


# ---- rendering the stored text --------------------------------------------------------------

STORED = """# Title here

A paragraph with [bold]markup[/bold] and a very long line that has to be wrapped somewhere sensible.
A second line of the same paragraph.

- first item
  - nested item that is long enough to wrap onto a second line at a narrow width
- second item

```
code   keeps   spaces and is folded when it is wider than the screen width allows it to be
```

> quoted text

\\# literal hash line
\\- literal dash"""


def test_parse_blocks() -> None:
    kinds = [(b.kind, b.level) for b in parse(STORED)]
    assert kinds == [
        ("heading", 1),
        ("para", 0),
        ("item", 0),
        ("item", 1),
        ("item", 0),
        ("code", 0),
        ("quote", 0),
        ("para", 0),
    ]
    assert parse(STORED)[-1].lines == ["# literal hash line", "- literal dash"]


def test_render_wraps_and_keeps_markup_as_text() -> None:
    lines = [line.plain for line in render(STORED, 40)]
    assert lines[0] == "Title here" and all(cell_len(line) <= 40 for line in lines)
    assert "[bold]markup[/bold]" in " ".join(lines)
    assert "• first item" in lines and any(line.startswith("  ◦ nested item") for line in lines)
    assert "code   keeps   spaces and is folded when" in lines  # folded at 40 cells, spaces kept
    assert "│ quoted text" in lines and "# literal hash line" in lines and "- literal dash" in lines


def test_render_chinese_wraps_between_characters() -> None:
    text = "\n\n".join(ZH_PARAGRAPHS)
    lines = [line.plain for line in render(text, 30)]
    assert all(cell_len(line) <= 30 for line in lines) and max(cell_len(line) for line in lines) >= 28


@settings(max_examples=examples(150), deadline=None)
@given(st.text(max_size=400), st.integers(min_value=1, max_value=120))
def test_render_never_exceeds_the_width_nor_prints_control(text: str, width: int) -> None:
    lines = render(text, width)
    console = Console(file=io.StringIO(), width=200, force_terminal=False, color_system=None)
    for line in lines:
        assert cell_len(line.plain) <= max(20, width)
        console.print(line)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b" not in out and not CONTROL.search(out.replace("\n", ""))


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(st.sampled_from([*"ab cdefgh,.;:!?)(-\t\r\x0b\x0c", "  ", "xxxxxxxxxxxx"]), max_size=80).map("".join),
    st.integers(min_value=1, max_value=30),
)
def test_wrap_of_plain_ascii_takes_the_fast_path_to_the_same_lines(text: str, width: int) -> None:
    """render.wrapping.wrap's ASCII shortcut gives exactly the lines of the general path."""
    import readlog.render.wrapping as render_module

    fast = render_module.wrap(text, width)
    shortcut = render_module._NOT_PLAIN_ASCII
    render_module._NOT_PLAIN_ASCII = re.compile(".")  # every paragraph takes the general path
    try:
        assert render_module.wrap(text, width) == fast
    finally:
        render_module._NOT_PLAIN_ASCII = shortcut
