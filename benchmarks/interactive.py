#!/usr/bin/env python3
"""The per-entry and search commands of issue 38 (item 1) on one library, each against the
CLI floor run beside it, piped and in a 100x24 pseudo-terminal.

Run from the repository root (not part of the test suite), on a COPY of a library (star,
read, tag and note write into it, each run on an entry not yet changed):

    python benchmarks/interactive.py LIBRARY                      # every command, 5 runs each
    python benchmarks/interactive.py LIBRARY --runs 3 --only search

Each figure is the median of ``--runs`` whole processes (after one warm-up), with the CPU
(user + system) median and the ratio of the medians to the CLI floor
(``python -c "import typer, rich.table, rich.console, sqlite3"``) run before each run; the
target of issue 38 is 1.5x. Results are printed as a Markdown table and written to
benchmarks/results/interactive.json.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from processes import child_env, measure, readlog_command, run_once, run_once_in_terminal
from run import CLI_FLOOR_CMD

HERE = Path(__file__).resolve().parent
TARGET = 1.5

# name -> (arguments, where: "pipe", "terminal" or "both"); {id} is an entry to read, {fresh}
# one not yet changed by an earlier run.
COMMANDS: dict[str, tuple[list[str], str]] = {
    "show ID": (["show", "{id}"], "both"),
    "star ID": (["star", "{fresh}"], "pipe"),
    "read ID": (["read", "{fresh}"], "pipe"),
    "tag ID X": (["tag", "{fresh}", "+bench"], "pipe"),
    "note ID TEXT": (["note", "{fresh}", "a note"], "pipe"),
    "search 内核": (["search", "内核"], "both"),
    "search 编译器": (["search", "编译器"], "both"),
    "search Go": (["search", "Go"], "both"),
    "search GPU": (["search", "GPU"], "both"),
    "search 编译器 Rust": (["search", "编译器", "Rust"], "both"),
    "search 内核 调度器 cache": (["search", "内核", "调度器", "cache"], "both"),
    "history": (["history"], "both"),
    "undo --dry-run": (["undo", "--dry-run"], "both"),
    "next": (["next"], "both"),
    "next --time 10m": (["next", "--time", "10m"], "both"),
}
# Tab pressed after these lines, as bash's completion script asks (_READLOG_COMPLETE).
COMPLETIONS = {
    "complete a command": "readlog li",
    "complete --source": "readlog --db {db} list --source ",
    "complete --tag": "readlog --db {db} list --tag ",
    "complete --category": "readlog --db {db} list --category ",
}


def tree_command(tree: Path) -> list[str]:
    """readlog from the package in ``tree``, even where an editable install of another copy
    would be found first (its finder sits before PYTHONPATH): the same start for both
    trees compared."""
    code = (
        "import sys; sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f)]; "
        f"sys.path.insert(0, {str(tree.resolve())!r}); from readlog.cli import entry; entry()"
    )
    return [sys.executable, "-c", code]


def row(name: str, timing: Any) -> dict[str, Any]:
    out = timing.as_dict()
    if timing.error:
        return {"name": name, "error": timing.error}
    cpu, floor_cpu = out["cpu_median"], out["floor_cpu_median"]
    return {
        "name": name,
        "wall": out["median"],
        "cpu": cpu,
        "floor_cpu": floor_cpu,
        "ratio": out["median"] / out["floor_median"],
        "cpu_ratio": cpu / floor_cpu,
        "peak_mb": timing.peak_mb,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="run the commands whose name holds this")
    parser.add_argument("--tree", type=Path, help="time the readlog package in this folder (both sides alike)")
    args = parser.parse_args(argv)
    env = child_env(args.tree)
    base = tree_command(args.tree) if args.tree else readlog_command(None)
    db = args.db.resolve()
    with sqlite3.connect(db) as conn:
        newest = int(conn.execute("SELECT max(id) FROM entries").fetchone()[0])
    fresh = iter(range(newest // 2, newest))
    results = []
    for name, (template, where) in COMMANDS.items():
        if args.only not in name:
            continue
        for place in ("pipe", "terminal") if where == "both" else (where,):
            # A search into a pipe gives every match unless told (issue 33): a screen's worth, as run.py asks.
            page = ["--limit", "20"] if template[0] == "search" and place == "pipe" else []

            def command(_: int, template: list[str] = template, page: list[str] = page) -> list[str]:
                values = {"id": str(newest // 3), "fresh": str(next(fresh))}
                return [*base, "--db", str(db), *(a.format(**values) for a in template), *page]

            runner = run_once_in_terminal if place == "terminal" else run_once
            timing = measure([], env=env, runs=args.runs, fresh=command, paired=CLI_FLOOR_CMD, runner=runner)
            results.append(row(f"{name} ({place})", timing))
            print(format_row(results[-1]), file=sys.stderr, flush=True)
    for name, line in COMPLETIONS.items():
        if args.only not in name:
            continue
        asked = dict(env, _READLOG_COMPLETE="bash_complete", COMP_LINE=line.format(db=db))
        results.append(row(name, measure(base, env=asked, runs=args.runs, paired=CLI_FLOOR_CMD)))
        print(format_row(results[-1]), file=sys.stderr, flush=True)
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "interactive.json").write_text(json.dumps(results, indent=1, ensure_ascii=False))
    print("| command | wall | CPU | CPU floor | ratio (CPU) |\n|---|---|---|---|---|")
    for r in results:
        print(format_row(r))
    return 0


def format_row(r: dict[str, Any]) -> str:
    if "error" in r:
        return f"| {r['name']} | {r['error']} | | | |"
    flag = "" if r["cpu_ratio"] <= TARGET else " **over**"
    return (
        f"| {r['name']} | {r['wall']:.3f} s ({r['ratio']:.2f}x) | {r['cpu']:.3f} s | "
        f"{r['floor_cpu']:.3f} s | {r['cpu_ratio']:.2f}x{flag} |"
    )


if __name__ == "__main__":
    sys.exit(main())
