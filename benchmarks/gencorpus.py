#!/usr/bin/env python3
"""Synthetic input files for the benchmark, used when ../shared/tools/gencorpus.py is absent.

Usage: python benchmarks/gencorpus.py FORMAT N [SEED] > file

FORMAT is one of:

* ``digest``: the curated-digest shape, three lines per entry
  (``<category> <source> [YYYY/MM/DD]``, a summary paragraph, a verdict);
* ``bookmarks``: the bookmark-list shape (collection name, description,
  then title / summary / ``收藏N 天前`` blocks separated by blank lines);
* ``netscape``: a Netscape bookmark HTML file with ADD_DATE in seconds;
* ``kindle``: Kindle's My Clippings.txt, English and Chinese headers mixed.

The text mixes Chinese and English technical words so that search terms such
as 编译器 (three characters) and 内核 (two) occur at realistic rates, and the
paragraph lengths are close to real digests (about 1 KB per digest entry), so
that timings reflect the real cost of parsing and indexing. Output depends
only on FORMAT, N and SEED.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator

CATEGORIES = ("技术文章", "工程实践", "科研议题", "行业观察")
SOURCES = (
    "Go Blog",
    "LWN.net",
    "Rust Blog",
    "SQLite Forum",
    "Julia Evans",
    "Cloudflare Blog",
    "Morning Paper Club - systems",
    "PostgreSQL Weekly",
    "Chips and Cheese",
    "Jepsen",
    "Two Minute Papers",
    "Hacker News 精选",
)


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


CHINESE = _words(
    "编译器 内核 调度器 数据库 存储引擎 索引 缓存 事务 日志 复制 共识 一致性 延迟 吞吐 "
    "内存 分配器 垃圾回收 并发 锁 原子操作 向量化 查询优化 执行计划 基准测试 回归 模糊测试 "
    "形式化验证 类型系统 运行时 虚拟机 解释器 链接器 工具链 网络栈 协议 加密 安全 漏洞 "
    "作者 文章 讨论 介绍 复盘 解释 对比 测量 展示 实现 设计 取舍 经验 教训 细节 读者"
)
ENGLISH = _words(
    "Linux eBPF io_uring SQLite PostgreSQL DuckDB Rust Go Python LLVM MLIR WebAssembly GPU CUDA "
    "Raft Paxos B-tree LSM SIMD JIT GC TLS QUIC HTTP/3 Kubernetes benchmark latency"
)


def phrase(rng: random.Random, words: int) -> str:
    """A run of words, mostly Chinese; English words are set off by spaces as in real text."""
    out = ""
    previous_latin = False
    for _ in range(words):
        word = rng.choice(ENGLISH) if rng.random() < 0.2 else rng.choice(CHINESE)
        latin = word.isascii()
        if out and (latin or previous_latin):
            out += " "
        out += word
        previous_latin = latin
    return out


def paragraph(rng: random.Random, clauses: int, words: int) -> str:
    return "，".join(phrase(rng, words) for _ in range(clauses)) + "。"


def digest(rng: random.Random, n: int) -> Iterator[str]:
    for i in range(n):
        header = f"{rng.choice(CATEGORIES)} {rng.choice(SOURCES)}"
        if rng.random() < 0.93:
            header += f" {rng.randint(2019, 2026)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"
        yield header
        yield f"（{i + 1}）" + paragraph(rng, 9, 11)
        yield "推荐收录，因为" + paragraph(rng, 4, 9)


def bookmarks(rng: random.Random, n: int) -> Iterator[str]:
    yield "later-reading"
    yield ""
    yield "从各处收集的长文，周末慢慢读"
    yield ""
    for i in range(n):
        yield f"{i + 1}. {phrase(rng, 4)}"
        yield ""
        yield paragraph(rng, 6, 9)
        yield ""
        yield f"收藏{rng.randint(1, 800)} 天前"
        yield ""


def netscape(rng: random.Random, n: int) -> Iterator[str]:
    yield "<!DOCTYPE NETSCAPE-Bookmark-file-1>"
    yield '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">'
    yield "<TITLE>Bookmarks</TITLE>"
    yield "<H1>Bookmarks</H1>"
    yield "<DL><p>"
    for i in range(n):
        added = 1_560_000_000 + rng.randrange(220_000_000)
        tag = rng.choice(CATEGORIES)
        yield (
            f'    <DT><A HREF="https://blog.example.net/{i + 1}/{rng.randrange(10**6)}" '
            f'ADD_DATE="{added}" TAGS="{tag}">#{i + 1} {phrase(rng, 5)}</A>'
        )
        yield f"    <DD>{paragraph(rng, 4, 9)}"
    yield "</DL><p>"


def kindle(rng: random.Random, n: int) -> Iterator[str]:
    """Kindle's My Clippings.txt: ``n`` clippings over n/100 books, most of them highlights
    (a passage of about a digest sentence), some with a note at their place, a few
    bookmarks; the English and the Chinese interface's header lines mixed, as a
    device used in both languages writes them (CRLF line ends, as Kindle does)."""
    books = [(phrase(rng, 4), rng.choice(SOURCES)) for _ in range(max(1, n // 100))]
    made = 0
    location = {i: 100 for i in range(len(books))}
    while made < n:
        b = rng.randrange(len(books))
        title, author = books[b]
        start = location[b] = location[b] + rng.randint(5, 40)
        end = start + rng.randint(1, 4)
        kind = rng.random()
        zh = rng.random() < 0.5
        yield f"\ufeff{title} ({author})\r"
        if kind < 0.85:
            header = f"- 您在位置 #{start}-{end}的标注 | 添加于 2024年5月{rng.randint(1, 28)}日星期一 上午8:01:09"
            header = (
                header
                if zh
                else f"- Your Highlight on Location {start}-{end} | Added on Monday, May 6, 2024 8:01:09 AM"
            )
            yield header + "\r"
            yield "\r"
            yield paragraph(rng, 2, 9) + "\r"
        elif kind < 0.97:
            header = f"- 您在位置 #{end}的笔记 | 添加于 2024年5月6日星期一 上午8:02:09"
            header = header if zh else f"- Your Note on Location {end} | Added on Monday, May 6, 2024 8:02:09 AM"
            yield header + "\r"
            yield "\r"
            yield phrase(rng, 6) + "\r"
        else:
            header = f"- 您在位置 #{start}的书签 | 添加于 2024年5月6日星期一 上午8:03:09"
            header = header if zh else f"- Your Bookmark on Location {start} | Added on Monday, May 6, 2024 8:03:09 AM"
            yield header + "\r"
            yield "\r"
            yield "\r"
        yield "==========\r"
        made += 1


SHAPES: dict[str, Callable[[random.Random, int], Iterator[str]]] = {
    "digest": digest,
    "bookmarks": bookmarks,
    "netscape": netscape,
    "kindle": kindle,
}


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or argv[0] not in SHAPES or not argv[1].isdigit():
        sys.stderr.write(f"usage: gencorpus.py {{{','.join(SHAPES)}}} N [SEED]\n")
        return 2
    rng = random.Random(int(argv[2]) if len(argv) == 3 else 7)
    out = sys.stdout
    for line in SHAPES[argv[0]](rng, int(argv[1])):
        out.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
