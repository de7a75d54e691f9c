#!/usr/bin/env python3
"""Search over highlights (issue 35): ``readlog search`` on a digest library with two
highlights an entry, against the same library without highlights.

Run from the repository root (not part of the test suite):

    python benchmarks/search_highlights.py                  # 10,000 entries, 20,000 highlights
    python benchmarks/search_highlights.py --size 100000 --runs 5

The library is benchmarks/run.py's generated digest file imported into a fresh library; a copy
gets ``--per`` highlights an entry, each a passage cut from the text of a random entry (so that
the searched words occur in passages at the rate they occur in entries), and one in a hundred
also holds a word no entry has (高亮独有), written straight into the highlights table in one
transaction (their search index is fed by its triggers). Each search is a whole process, piped
(``--limit 20``, a screen's worth) and in a 100x24 pseudo-terminal (a table with its footer),
run alternately on the two libraries with the CLI floor beside each run; medians of wall and CPU
seconds are printed and written to benchmarks/results/search_highlights.json.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
from pathlib import Path

from processes import child_env, measure, readlog_command, run_once_in_terminal
from run import CLI_FLOOR_CMD, corpus, remove_library

HERE = Path(__file__).resolve().parent
WORK = HERE / "results" / "work"
SEARCHES = {
    "search (3 chars)": ["search", "编译器"],
    "search (2 chars)": ["search", "内核"],
    "search (English word)": ["search", "cache"],
    "search (only in highlights)": ["search", "高亮独有"],
}
ONLY_IN_HIGHLIGHTS = "高亮独有"


def add_highlights(db: Path, per: int, seed: int) -> int:
    """``per`` highlights for each entry of ``db``, as the triggers index them; how many."""
    import readlog

    rng = random.Random(seed)
    with readlog.open(db) as lib:
        conn = lib.store.conn
        rows = conn.execute("SELECT id, title || ' ' || summary || ' ' || verdict FROM entries").fetchall()
        texts = [t for _, t in rows]
        conn.execute("BEGIN")
        n = 0
        for entry_id, _ in rows:
            for k in range(per):
                text = rng.choice(texts)
                start = rng.randrange(max(1, len(text) - 40))
                passage = text[start : start + rng.randint(20, 80)]
                if rng.random() < 0.01:
                    passage += " " + ONLY_IN_HIGHLIGHTS
                note = "" if rng.random() < 0.7 else rng.choice(texts)[:30]
                conn.execute(
                    "INSERT INTO highlights (entry_id, passage, note, added_at, key) VALUES (?, ?, ?, ?, ?)",
                    (entry_id, passage, note, "2026-12-01T00:00:00+00:00", f"bench-{k}"),
                )
                n += 1
        conn.execute("COMMIT")
    return n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--per", type=int, default=2, help="highlights an entry")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--reuse", action="store_true", help="keep the two libraries of an earlier run")
    parser.add_argument("--build-only", action="store_true", help="make the two libraries, time nothing")
    args = parser.parse_args(argv)
    WORK.mkdir(parents=True, exist_ok=True)
    env = child_env(None)
    base = readlog_command(None)
    plain, marked = WORK / f"hl-plain-{args.size}.db", WORK / f"hl-marked-{args.size}.db"
    source = corpus("digest", args.size, WORK, args.seed)
    if args.reuse and plain.exists() and marked.exists():
        with sqlite3.connect(marked) as conn:
            made = int(conn.execute("SELECT count(*) FROM highlights").fetchone()[0])
    else:
        for db in (plain, marked):
            remove_library(db)
        subprocess.run(
            [*base, "--db", str(plain), "import", str(source)], env=env, stdout=subprocess.DEVNULL, check=True
        )
        shutil.copyfile(plain, marked)
        made = add_highlights(marked, args.per, args.seed)
    print(f"{args.size:,} entries; {made:,} highlights in the second library", flush=True)
    if args.build_only:
        return 0
    results: dict[str, dict[str, float]] = {}
    for name, words in SEARCHES.items():
        for how, runner, extra in (("piped", None, ["--limit", "20"]), ("terminal", run_once_in_terminal, [])):
            figures = {}
            for label, db in (("without", plain), ("with", marked)):
                cmd = [*base, "--db", str(db), *words, *extra]
                t = measure(cmd, env=env, runs=args.runs, paired=CLI_FLOOR_CMD, runner=runner)
                if t.error:
                    print(f"{name} {how} {label}: {t.error}", file=sys.stderr)
                    return 1
                figures[label] = t.median
                figures[f"{label}_cpu"] = statistics.median(t.cpu)
                figures[f"{label}_floor"] = statistics.median(t.floor_runs)
                figures[f"{label}_floor_cpu"] = statistics.median(t.floor_cpu)
            key = f"{name}, {how}"
            results[key] = figures
            print(
                f"{key}: without {figures['without']:.3f} s (CPU {figures['without_cpu']:.3f}), "
                f"with {figures['with']:.3f} s (CPU {figures['with_cpu']:.3f}); "
                f"ratio {figures['with'] / figures['without']:.2f}x, "
                f"{figures['with'] / figures['with_floor']:.2f}x the CLI floor "
                f"(CPU: without {figures['without_cpu'] / figures['without_floor_cpu']:.2f}x, "
                f"with {figures['with_cpu'] / figures['with_floor_cpu']:.2f}x the floor's)",
                flush=True,
            )
    out = HERE / "results" / f"search_highlights-{args.size}.json"
    out.write_text(json.dumps({"size": args.size, "highlights": made, "results": results}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
