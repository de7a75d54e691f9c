"""The two original shapes, parsed without a database."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs.detect import detect
from readlog.inputs.formats import bookmarks, digest
from readlog.inputs.formats.titles import cells, derive_title
from readlog.model.entry import Entry, Problem

from helpers import examples, parse_with

REF = datetime(2026, 12, 1, tzinfo=timezone.utc)


def parse(module: object, tmp_path: Path, text: str) -> tuple[list[Entry], list[Problem]]:
    path = tmp_path / "in.txt"
    path.write_text(text, encoding="utf-8")
    return parse_with(module, path, REF)


@pytest.mark.parametrize(
    ("line", "category", "source", "date"),
    [
        ("工程实践 Amazon Science 2026/09/25", "工程实践", "Amazon Science", "2026-09-25"),
        ("技术文章 Phil Eaton - databases", "技术文章", "Phil Eaton - databases", None),
        ("技术文章 Go Blog 2026-3-4", "技术文章", "Go Blog", "2026-03-04"),
        ("科研议题\u3000LWN.net\u30002026/01/02", "科研议题", "LWN.net", "2026-01-02"),
        ("Engineering Rust Blog 2026/01/02", "Engineering", "Rust Blog", "2026-01-02"),
    ],
)
def test_header_shapes(line: str, category: str, source: str, date: str | None) -> None:
    found = digest.match_header(line)
    assert found is not None
    header, dated = found
    assert (header.category, header.source, header.date, dated) == (category, source, date, date is not None)


@pytest.mark.parametrize(
    "line",
    [
        "推荐收录，因为文章给出了具体方案。",
        "文章介绍了 Go 1.26 的新特性，并给出示例。",
        "A long sentence that ends with a period.",
        "2026/09/25",
        "https://example.com/a 2026/01/01",
    ],
)
def test_body_lines_are_not_headers(line: str) -> None:
    found = digest.match_header(line)
    assert found is None or (not found[1] and line.endswith(("。", ".")))


def test_titles_are_short_first_clauses() -> None:
    assert derive_title("团队介绍了一个新实验。后面还有很多内容。") == "团队介绍了一个新实验"
    long = "文章复盘" + "非常" * 60 + "的工程实践，目标是实时流式视频生成。"
    title = derive_title(long)
    assert cells(title) <= 60 and title.endswith("…")
    assert derive_title("First sentence here. Second one.") == "First sentence here"
    assert derive_title("") == ""


def test_a_damaged_entry_does_not_shift_the_others(tmp_path: Path) -> None:
    text = (
        "技术文章 A Blog 2026/01/01\n摘要一。\n推荐收录，一。\n"
        "技术文章 B Blog 2026/01/02\n"  # no summary, no verdict
        "技术文章 C Blog 2026/01/03\n摘要三。\n推荐收录，三。\n"
        "工程实践 D Blog 2026/01/04\n摘要四。\n"  # no verdict
        "工程实践 E Blog\n摘要五。\n推荐收录，五。\n"
    )
    entries, problems = parse(digest, tmp_path, text)
    assert [(e.source, e.summary, e.verdict) for e in entries] == [
        ("A Blog", "摘要一。", "推荐收录，一。"),
        ("C Blog", "摘要三。", "推荐收录，三。"),
        ("D Blog", "摘要四。", ""),
        ("E Blog", "摘要五。", "推荐收录，五。"),
    ]
    assert [p.line for p in problems] == [4, 8]
    assert [e.line for e in entries] == [1, 5, 8, 10]


def test_blank_lines_and_multi_paragraph_summaries(tmp_path: Path) -> None:
    text = "\n\n技术文章 A Blog 2026/01/01\n\n第一段。\n\n第二段。\n\n推荐收录，理由。\n\n"
    (entry,), problems = parse(digest, tmp_path, text)
    assert problems == []
    assert entry.summary == "第一段。\n第二段。" and entry.verdict == "推荐收录，理由。"


def test_bookmark_list_with_description_html_and_stamps(tmp_path: Path) -> None:
    text = (
        'my-list\n\n一个描述\n\n标题一\n\n<p>正文 <b>一</b></p><img src="https://x.org/i.png">\n\n收藏16 天前\n\n'
        "Title two\n\nPara one.\n\nPara two.\n\nSaved 3 days ago\n"
    )
    entries, problems = parse(bookmarks, tmp_path, text)
    assert problems == []
    assert [e.title for e in entries] == ["标题一", "Title two"]
    assert entries[0].source == "my-list" and "<" not in entries[0].summary
    assert "image: https://x.org/i.png" in entries[0].summary
    assert entries[0].saved_at == datetime(2026, 11, 15, tzinfo=timezone.utc)
    assert entries[0].saved_raw == "收藏16 天前"
    assert entries[1].summary == "Para one.\n\nPara two."


def test_bookmark_list_with_the_stamps_apps_show_for_older_saves(tmp_path: Path) -> None:
    """Past a few days, apps show the day (this year's without its year), in either script."""
    text = (
        "my-list\n\n标题一\n\n摘要一。\n\n收藏 11月2日\n\n标题二\n\n摘要二。\n\n收藏于 10-05 14:30\n\n"
        "标题三\n\n摘要三。\n\n收藏於二十天前\n\n标题四\n\n摘要四。\n\n收藏2025年12月24日\n"
    )
    entries, problems = parse(bookmarks, tmp_path, text)
    assert problems == []
    assert [(e.title, e.saved_at) for e in entries] == [
        ("标题一", datetime(2026, 11, 2, tzinfo=timezone.utc)),
        ("标题二", datetime(2026, 10, 5, 14, 30, tzinfo=timezone.utc)),
        ("标题三", datetime(2026, 11, 11, tzinfo=timezone.utc)),
        ("标题四", datetime(2025, 12, 24, tzinfo=timezone.utc)),
    ]


def test_bookmark_list_without_description(tmp_path: Path) -> None:
    entries, _ = parse(bookmarks, tmp_path, "list\n\nTitle\n\nSummary text here.\n\n1 天前\n")
    assert [(e.title, e.summary) for e in entries] == [("Title", "Summary text here.")]


def test_bookmark_entry_without_stamp_is_reported(tmp_path: Path) -> None:
    entries, problems = parse(bookmarks, tmp_path, "list\n\nA\n\nsa\n\n1 天前\n\nB\n\nsb\n")
    assert [e.title for e in entries] == ["A", "B"]
    assert entries[1].saved_at is None and problems and problems[0].line == 9


def test_detection() -> None:
    assert detect("工程实践 Amazon Science 2026/09/25\n摘要。\n推荐。\n") == "digest"
    assert detect("list\n\nTitle\n\nSummary.\n\n收藏3 天前\n\nT2\n\nS2\n\n收藏4 天前\n") == "bookmarks"
    assert detect("just some prose\nwithout shape\n") is None


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz数据库编译器内核调度", min_size=2, max_size=8)


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["技术文章", "工程实践", "科研议题"]),
            st.lists(_WORD, min_size=1, max_size=3).map(" ".join),
            st.one_of(st.none(), st.dates(date(1990, 1, 1), date(2099, 12, 31)).map(lambda d: d.strftime("%Y/%m/%d"))),
            st.lists(_WORD, min_size=3, max_size=12).map(lambda ws: "，".join(ws) + "。"),
            st.lists(_WORD, min_size=2, max_size=8).map(lambda ws: "推荐收录，" + "，".join(ws) + "。"),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_well_formed_digests_parse_exactly(tmp_path_factory: pytest.TempPathFactory, items: list) -> None:
    lines = []
    for category, source, day, summary, verdict in items:
        lines += [f"{category} {source}" + (f" {day}" if day else ""), summary, verdict]
    entries, problems = parse(digest, tmp_path_factory.mktemp("d"), "\n".join(lines) + "\n")
    assert problems == []
    got = [(e.category, e.source, e.summary, e.verdict) for e in entries]
    assert got == [(c, s, su, v) for c, s, _, su, v in items]
