#!/usr/bin/env python3
"""Synthetic input files for the benchmark, used when ../shared/tools/gencorpus.py is absent.

Usage: python benchmarks/gencorpus.py FORMAT N [SEED] > file

FORMAT is one of:

* ``digest``: the curated-digest shape, three lines per entry
  (``<category> <source> [YYYY/MM/DD]``, a summary paragraph, a verdict);
* ``bookmarks``: the bookmark-list shape (collection name, description,
  then title / summary / ``收藏N 天前`` blocks separated by blank lines);
* ``netscape``: a Netscape bookmark HTML file with ADD_DATE in seconds;
* ``kindle``: Kindle's My Clippings.txt, English and Chinese headers mixed;
* ``jsonl``: readlog's own export (``readlog export --format jsonl``), one
  record a line with every field, as a library a heavy reader has kept for
  six years exports it: titles mixing Chinese and English, links, a few
  hundred sources and a few hundred tags (both long-tailed), a few dozen
  categories, 30% read, 5% starred, some archived, half fetched (words and
  minutes), saved over six years in id order. Importing it into an empty
  library makes the library (issue 38's 1,000,000-entry one).

The text mixes Chinese and English technical words so that search terms such
as 编译器 (three characters) and 内核 (two) occur at realistic rates, and the
paragraph lengths are close to real digests (about 1 KB per digest entry), so
that timings reflect the real cost of parsing and indexing. Output depends
only on FORMAT, N, SEED and GENERATOR_VERSION.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator

# Bumped whenever any shape's output changes, so that cached inputs and the libraries made
# from them (benchmarks/run.py names both by it: jsonl-1000000-g1.jsonl,
# library-jsonl-1000000-g1-s17.db) are made again, and an unchanged generator's are reused.
GENERATOR_VERSION = 1

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


# ---- readlog's own export -----------------------------------------------------------------

JSONL_START = 1_607_385_600  # 2020-12-08T00:00:00Z: six years before the tests' fixed clock
JSONL_SPAN = 6 * 365 * 86_400
DAY = 86_400
FETCH = ("words", "minutes", "lang", "fetched_at", "fetch_status", "fetch_error", "dead_at", "final_url", "text")


def _long_tail(rng: random.Random, names: list[str]) -> str:
    """One of ``names``, the first far more often than the last (Zipf-like, s = 1)."""
    n = len(names)
    return names[min(n - 1, int(n ** rng.random()) - 1)]


def _vocabulary(seed: int) -> tuple[list[str], list[str], list[str]]:
    """(sources, categories, tags) of the jsonl shape: 300 sources, 36 categories,
    300 tags, the same for every N."""
    rng = random.Random(seed * 7919 + 1)
    kinds = ("Blog", "Weekly", "Digest", "Notes", "Journal", "Newsletter", "周刊", "博客", "精选", "笔记")
    sources = list(SOURCES)
    seen = set(sources)
    while len(sources) < 300:
        name = (
            f"{rng.choice(ENGLISH)} {rng.choice(kinds)}"
            if rng.random() < 0.6
            else f"{rng.choice(CHINESE)}{rng.choice(kinds)}"
        )
        name = name if name not in seen else f"{name} {len(sources)}"
        seen.add(name)
        sources.append(name)
    categories = list(CATEGORIES)
    for word in CHINESE[:32]:
        categories.append(word)
    tags: list[str] = []
    tag_seen: set[str] = set()
    while len(tags) < 300:
        word = rng.choice(ENGLISH).lower() if rng.random() < 0.5 else rng.choice(CHINESE)
        tag = word if word not in tag_seen else f"{word}-{len(tags)}"
        tag_seen.add(tag)
        tags.append(tag)
    return sources, categories, tags


def _iso(seconds: int) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc).isoformat()


def _host(source: str, index: int) -> str:
    latin = "".join(c for c in source.lower() if c.isascii() and c.isalnum())
    return f"{latin or 'site'}-{index}.example.net"


def jsonl(rng: random.Random, n: int, seed: int = 7) -> Iterator[str]:
    """``n`` records of readlog's export, ids 1..n saved in order over six years.

    Links are plain (no query, no trailing slash, lower-case host), so each
    record's fingerprint is sha256("url\\0" + link), as readlog makes it."""
    sources, categories, tags = _vocabulary(seed)
    hosts = {s: _host(s, i) for i, s in enumerate(sources)}
    for i in range(n):
        saved = JSONL_START + (JSONL_SPAN * i) // max(n, 1) + rng.randrange(3600)
        source = _long_tail(rng, sources)
        title = phrase(rng, rng.randint(3, 8))
        if rng.random() < 0.3:  # an English title, as a third of what one saves has
            title = " ".join(rng.choice(ENGLISH) for _ in range(rng.randint(3, 7)))
        year = 2020 + (saved - JSONL_START) // (365 * DAY)
        url = f"https://{hosts[source]}/{year}/{i + 1}-{rng.randrange(10**6)}"
        read = rng.random() < 0.3
        record: dict[str, object] = {
            "readlog": 1,
            "id": i + 1,
            "fingerprint": hashlib.sha256(("url\0" + url).encode("utf-8")).hexdigest()[:32],
            "title": title,
            "source": source,
            "category": _long_tail(rng, categories),
            "summary": paragraph(rng, rng.randint(2, 9), 9),
            "verdict": ("推荐收录，因为" + paragraph(rng, 2, 9)) if rng.random() < 0.2 else "",
            "url": url,
            "published": _iso(saved - rng.randrange(30 * DAY))[:10] if rng.random() < 0.7 else None,
            "saved_at": _iso(saved),
            "saved_raw": "",
            "imported_at": _iso(saved),
            "read_at": _iso(saved + rng.randrange(14 * DAY)) if read else None,
            "starred_at": _iso(saved + rng.randrange(DAY)) if rng.random() < 0.05 else None,
            "archived_at": _iso(saved + 30 * DAY) if (read and rng.random() < 0.25) else None,
            "tags": sorted({_long_tail(rng, tags) for _ in range(rng.randint(1, 3))}) if rng.random() < 0.4 else [],
            "note": phrase(rng, rng.randint(3, 12)) if rng.random() < 0.02 else "",
            "progress": None,
            "progress_at": None,
        }
        fetched = rng.random() < 0.5
        words = rng.randint(200, 6000) if fetched else None
        dead = fetched and rng.random() < 0.002
        record.update(dict.fromkeys(FETCH, None))
        record.update(
            words=words,
            minutes=max(1, round(words / 230)) if words else None,
            lang=("zh" if rng.random() < 0.7 else "en") if fetched else "",
            fetched_at=_iso(saved + 60) if fetched else None,
            fetch_status=(404 if dead else 200) if fetched else None,
            fetch_error="",
            dead_at=_iso(saved + 60) if dead else None,
            final_url="",
            text="",
            feed_items=[],
            highlights=[],
        )
        yield json.dumps(record, ensure_ascii=False)


SHAPES: dict[str, Callable[[random.Random, int], Iterator[str]]] = {
    "digest": digest,
    "bookmarks": bookmarks,
    "netscape": netscape,
    "kindle": kindle,
    "jsonl": jsonl,
}


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or argv[0] not in SHAPES or not argv[1].isdigit():
        sys.stderr.write(f"usage: gencorpus.py {{{','.join(SHAPES)}}} N [SEED]\n")
        return 2
    seed = int(argv[2]) if len(argv) == 3 else 7
    rng = random.Random(seed)
    out = sys.stdout
    lines = jsonl(rng, int(argv[1]), seed) if argv[0] == "jsonl" else SHAPES[argv[0]](rng, int(argv[1]))
    for line in lines:
        out.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
