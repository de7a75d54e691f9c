#!/usr/bin/env python3
"""What SQLite's planner statistics (ANALYZE) do to readlog's queries.

Usage: python benchmarks/planner_stats.py LIBRARY [--rounds N] [--source NAME]

Copies LIBRARY (best: one of the benchmark's, e.g. 100,000 digest entries
with the first 1% starred and tagged ``bench``, as run.py leaves it) twice,
runs ``ANALYZE`` (with ``analysis_limit = 1000``, as the removed
``Store.optimize`` did) in one copy, and times in this process the first
page of each list and search query (what ``readlog list`` and ``search``
ask the store for, the count of matches included) on both copies, in turn,
``--rounds`` times. Prints the median of each and the ratio with statistics
to without: below 1 they help, above 1 they hurt. The copies are removed.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from readlog.core.filters import make_filters
from readlog.core.reading import each_record
from readlog.store import Filters, Store


def filters(**given: object) -> Filters:
    values: dict[str, object] = {
        "unread": False,
        "read": False,
        "starred": False,
        "source": None,
        "category": None,
        "since": None,
        "before": None,
        "tags": [],
        "archived": False,
        "search": None,
    }
    values.update(given)
    return make_filters(**values)  # type: ignore[arg-type]


def queries(source: str) -> dict[str, Filters]:
    return {
        "list": filters(),
        "list --unread": filters(unread=True),
        "list --starred": filters(starred=True),
        "list --starred --source X": filters(starred=True, source=source),
        "list --source X": filters(source=source),
        "list --category 技术文章": filters(category="技术文章"),
        "list --tag bench": filters(tags=["bench"]),
        "list --since 7d": filters(since="7d"),
        "search 解析器": filters(search="解析器"),
        "search 内核": filters(search="内核"),
        "search 内核 --unread": filters(search="内核", unread=True),
        "search 内核 --starred": filters(search="内核", starred=True),
        "search 内核 --source X": filters(search="内核", source=source),
        "search 内核 --unread --source X": filters(search="内核", unread=True, source=source),
        "search 解析器 --category 技术文章": filters(search="解析器", category="技术文章"),
        "search 内核 --tag bench": filters(search="内核", tags=["bench"]),
    }


def copy(source: Path, target: Path) -> None:
    src, dest = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dest)
    finally:
        src.close()
        dest.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("library", type=Path)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--source", default="Trail of Bits Blog", help="the X of --source X")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.library.parent) as folder:
        plain, analyzed = Path(folder) / "plain.db", Path(folder) / "analyzed.db"
        copy(args.library, plain)
        copy(args.library, analyzed)
        conn = sqlite3.connect(analyzed)
        started = time.perf_counter()
        conn.execute("PRAGMA analysis_limit = 1000")
        conn.execute("ANALYZE")
        conn.commit()
        conn.close()
        print(f"ANALYZE (analysis_limit 1000): {time.perf_counter() - started:.2f} s")
        stores = {"without": Store.open(plain), "with": Store.open(analyzed)}
        asked = queries(args.source)
        times: dict[tuple[str, str], list[float]] = {(s, q): [] for s in stores for q in asked}
        for round_ in range(args.rounds):
            order = list(stores) if round_ % 2 == 0 else list(stores)[::-1]
            for name, f in asked.items():
                for which in order:
                    started = time.perf_counter()
                    shown = list(each_record(stores[which], f, limit=20))
                    if len(shown) == 20:  # the footer's count, as readlog list asks it
                        stores[which].count(f)
                    times[(which, name)].append(time.perf_counter() - started)
        for store in stores.values():
            store.close()
    print(f"{'query (first page and count)':40} {'without':>11} {'with':>11}  ratio")
    for name in asked:
        without, with_ = (statistics.median(times[(s, name)]) * 1000 for s in ("without", "with"))
        print(f"{name:40} {without:9.1f}ms {with_:9.1f}ms  {with_ / without:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
