"""Titles of digest entries: made from the summary's first sentence, which
ends outside brackets and quotes, without an opening such as 文章介绍了
that names the article instead of its subject (kept in the summary), and
re-importing an older library refreshes them without duplicating anything."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from readlog.inputs.formats import digest
from readlog.inputs.formats.titles import MAX_CELLS, cells, derive_title, identity_title, open_brackets
from readlog.model.entry import Entry

import helpers
from conftest import SHARED, Run, write
from helpers import parse_with

# Openings a digest's summary uses for the article itself (Chinese and English).
OPENING = re.compile(
    r"^(文章|本文|这篇|本篇|该文|此文|博文|文中)|^(this|the|in this) (article|post|blog post|essay|paper)\b", re.I
)


@pytest.mark.parametrize(
    ("summary", "title"),
    [
        # a sentence end inside brackets or quotes does not end the title
        (
            "文章介绍了 Zig 中 never 类型（以感叹号 ! 表示）的来历。其余内容。",
            "Zig 中 never 类型（以感叹号 ! 表示）的来历",
        ),
        ("本文讲“为什么要停下来？”这个问题。其余。", "“为什么要停下来？”这个问题"),
        ('The post covers the "stop. go." rule in detail. More text.', 'The "stop. go." rule in detail'),
        # the openings, in their real shapes
        ("文章复盘 某团队 迁移数据库的过程，目标是零停机。", "某团队 迁移数据库的过程，目标是零停机"),
        ("本文盘点 某工具 过去一年的演进，覆盖发布与工具链。", "某工具 过去一年的演进，覆盖发布与工具链"),
        ("文章深入探讨了代理对软件抽象层的冲击。", "代理对软件抽象层的冲击"),
        ("这篇文章系统梳理了 JIT 中的内联启发式。", "JIT 中的内联启发式"),
        ("本篇文章是“从零写数据库”系列的第一篇。", "“从零写数据库”系列的第一篇"),
        ("本文是《Writing an OS》系列第二篇。", "《Writing an OS》系列第二篇"),
        ("文章围绕 某编译器 如何做性能诊断展开，核心目标是可视化。", "某编译器 如何做性能诊断，核心目标是可视化"),
        ("文章围绕“栈机是否成立”展开，作者认为这是术语之争。", "“栈机是否成立”，作者认为这是术语之争"),
        ("这篇博客由 某团队成员 撰写，围绕局部变量的语义展开。", "局部变量的语义"),
        ("文章由某作者撰写，介绍 trait 系统中的循环实现问题。", "trait 系统中的循环实现问题"),
        ("文章延续 玩具优化器 系列，讲作者如何构建模糊测试器。", "作者如何构建模糊测试器"),
        ("文章倡导所有开发者了解 SIMD。", "倡导所有开发者了解 SIMD"),
        ("作者梳理 GPU 内核边界的演变。", "GPU 内核边界的演变"),
        # how the article goes about it, between the subject and the verb
        ("作者用一组小实验解释终端里的转义序列如何工作：从颜色到光标。", "终端里的转义序列如何工作：从颜色到光标"),
        ("文章通过三个案例分析了锁的代价。", "锁的代价"),
        ("本文结合 perf 数据讨论调度延迟。", "调度延迟"),
        ("作者用 Rust 重写了一个介绍页面。", "作者用 Rust 重写了一个介绍页面"),
        ("作者以为这很简单。", "作者以为这很简单"),
        ("这篇笔记回顾了一篇关于日志结构存储的论文。", "一篇关于日志结构存储的论文"),
        ("该篇教程演示了如何写一个解释器。", "如何写一个解释器"),
        ("This article explains how B-trees split pages. Then more.", "How B-trees split pages"),
        ("In this post, the author walks through a tiny JIT.", "A tiny JIT"),
        ("The paper presents a new garbage collector.", "A new garbage collector"),
        ("This post is a tour of the Go scheduler.", "A tour of the Go scheduler"),
        ("This article is about tiny compilers.", "Tiny compilers"),
        # what does not open with the article stays as it is
        ("The paper is wrong about caches.", "The paper is wrong about caches"),
        ("文章讲究排版。", "文章讲究排版"),
        ("本文为什么值得读？因为短。", "本文为什么值得读"),
        ("本文为 某书 的读书笔记。", "某书 的读书笔记"),
        ("文章的核心论点是边界不是免费的。", "文章的核心论点是边界不是免费的"),
        ("Go 团队介绍了新的调优方法。", "Go 团队介绍了新的调优方法"),
        ("First sentence here. Second one.", "First sentence here"),
        ("e.g. this stays one sentence. Next.", "e.g. this stays one sentence"),
        ("本文介绍了。", "本文介绍了"),  # nothing after the opening: kept whole
        ("", ""),
    ],
)
def test_titles(summary: str, title: str) -> None:
    assert derive_title(summary) == title


@pytest.mark.parametrize(
    ("summary", "title"),
    [
        ("文章介绍了 Zig 中 never 类型（以感叹号 ! 表示）的来历。其余。", "文章介绍了 Zig 中 never 类型（以感叹号 "),
        ("文章复盘" + "一次很长的迁移" * 8 + "。", "文章复盘" + "一次很长的迁移" * 3 + "一次很长…"),
        ("First sentence here. Second one.", "First sentence here"),
        ("A" * 30 + "，" + "长" * 40 + "。", "A" * 30),
    ],
)
def test_the_identity_title_is_the_earlier_rule_unchanged(summary: str, title: str) -> None:
    """Entries without a link are fingerprinted with it: changing it would
    make every digest entry of an existing library new again on re-import."""
    assert identity_title(summary) == title


def test_a_long_title_is_cut_outside_brackets() -> None:
    long = "文章深入解析 某编译器的分支概率信息在没有运行剖析（Profile-Guided Optimization）资料时的静态估计机制。"
    title = derive_title(long)
    assert title == "某编译器的分支概率信息在没有运行剖析…"
    short_prefix = "文章介绍 甲（" + "很长的括号内容" * 10 + "）。"
    title = derive_title(short_prefix)
    assert title.startswith("甲（") and title.endswith("…）") and cells(title) <= MAX_CELLS
    assert not open_brackets(title)


def test_a_long_sentence_gives_its_first_clause() -> None:
    summary = "文章复盘" + "一次很长的迁移" * 4 + "，目标是零停机。"
    assert derive_title(summary) == "一次很长的迁移" * 4


TAIL = st.text(
    alphabet=st.sampled_from(list('甲乙丙丁戊ab cd12（）()「」“”《》【】"‘’，,：:、。！？!?；;. ')),
    min_size=0,
    max_size=120,
)
OPENINGS = st.sampled_from(
    ["文章介绍了", "本文是", "这篇文章深入分析了", "文章由甲撰写，", "This article describes ", ""]
)


@given(OPENINGS, st.text(alphabet=st.sampled_from(list("甲乙丙丁戊abcd12")), min_size=1, max_size=20), TAIL)
def test_title_properties(opening: str, head: str, tail: str) -> None:
    summary = opening + head + tail
    title = derive_title(summary)
    assert title, "a summary with text gives a title"
    assert cells(title) <= MAX_CELLS
    assert not open_brackets(title), "never ends inside an open bracket or quote"
    assert "\n" not in title and title == title.strip()
    if opening and not opening.endswith("，"):
        assert not OPENING.match(title), title


@given(st.text(max_size=300))
def test_any_summary_gives_a_bounded_title(summary: str) -> None:
    title = derive_title(summary)
    assert bool(title) == bool(summary.split())
    assert cells(title) <= MAX_CELLS
    assert not open_brackets(title)


DIGEST_TEXT = """\
技术文章 甲博客 2026/09/24
文章介绍了 Zig 语言中 never 类型（以感叹号 ! 表示）的来历。后面还有内容。
推荐收录，因为细节清楚。
工程实践 乙博客 2026/09/20
本文盘点 某工具 过去一年的演进，覆盖发布安全与工具链。
推荐收录，因为数字清楚。
工程实践 丙博客 2026/09/18
某团队在数据库上做了一次迁移。
推荐收录，因为可以照做。
"""


def _titles(run: Run) -> list[str]:
    return [e["title"] for e in sorted(run.json("list", "-n", "0"), key=lambda e: e["id"])]


def test_import_keeps_the_opening_in_the_summary(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "d.txt", DIGEST_TEXT)
    run("import", str(path))
    entries = sorted(run.json("list", "-n", "0"), key=lambda e: e["id"])
    assert [e["title"] for e in entries] == [
        "Zig 语言中 never 类型（以感叹号 ! 表示）的来历",
        "某工具 过去一年的演进，覆盖发布安全与工具链",
        "某团队在数据库上做了一次迁移",
    ]
    shown = run.json("show", str(entries[0]["id"]))
    assert shown["summary"].startswith("文章介绍了 Zig")
    again = run.json("import", str(path), "--json")
    assert (again[0]["added"], again[0]["updated"], again[0]["unchanged"]) == (0, 0, 3)


def test_reimport_refreshes_titles_made_by_the_earlier_rule(run: Run, tmp_path: Path, library: Path) -> None:
    """A library made before: its digest titles are the earlier rule's. A
    re-import adds nothing, gives each title readlog made the new one (an
    undoable update), and leaves a title the user edited alone."""
    path = write(tmp_path / "d.txt", DIGEST_TEXT)
    run("import", str(path))
    with helpers.connect(library) as db:  # the titles an earlier readlog stored
        rows = db.execute("SELECT id, summary FROM entries ORDER BY id").fetchall()
        db.executemany("UPDATE entries SET title = ? WHERE id = ?", [(identity_title(s), i) for i, s in rows])
    first = rows[0][0]
    run("edit", str(rows[1][0]), "--title", "我自己的标题")
    old = _titles(run)
    assert old[0].startswith("文章介绍了 Zig 语言中 never 类型（以感叹号")  # cut inside its brackets
    result = run.json("import", str(path), "--json")[0]
    assert (result["added"], result["updated"], result["unchanged"]) == (0, 1, 2)
    assert _titles(run) == ["Zig 语言中 never 类型（以感叹号 ! 表示）的来历", "我自己的标题", old[2]]
    assert len(run.json("list", "-n", "0")) == 3
    run("undo")
    assert _titles(run)[0] == old[0]
    assert run.json("show", str(first))["title"] == old[0]


def test_api_import_refreshes_titles_too(tmp_path: Path, library: Path) -> None:
    import readlog

    path = write(tmp_path / "d.txt", DIGEST_TEXT)
    with readlog.open(library) as lib:
        lib.import_path(path)
        again = lib.import_path(path)
        assert lib.count() == 3
    assert sum(r.added for r in again.files) == 0


def _seed_digest_entries() -> list[Entry]:
    found = []
    for path in sorted((SHARED / "seeds").glob("*.txt")) if SHARED.is_dir() else []:
        if digest.sniff(path.read_text(encoding="utf-8", errors="replace")[:65536]) > 0:
            entries, _ = parse_with(digest, path)
            found += entries
    return found


def test_real_digest_titles() -> None:
    entries = _seed_digest_entries()
    if not entries:
        pytest.skip("no real digests in ../shared/seeds")
    before = sum(1 for e in entries if OPENING.match(identity_title(e.summary)))
    assert before > len(entries) // 2  # what the issue found: nearly all of them
    for e in entries:
        assert e.title and cells(e.title) <= MAX_CELLS and not open_brackets(e.title), e.title
        assert not OPENING.match(e.title), e.title
        assert e.summary.startswith(e.summary.split()[0])  # the summary is untouched
    assert len({e.title for e in entries}) == len(entries), "no two entries share a title"
