"""The whole-library commands against their floors (issue 38, item 2).

    python benchmarks/whole.py --sizes 100000,1000000 --runs 3
    python benchmarks/whole.py --sizes 100000 --runs 3 --only list,jsonl,check

Each command reads or writes the whole library: ``list --limit 0`` into a
pipe, ``search 内核 --limit 0 --json``, ``export -f FORMAT -o FILE`` for
jsonl, json, csv, markdown and html, ``db check``, and ``undo`` of the
import that made the library (every entry it added removed). Each runs as a
whole process, alternating with its floor (benchmarks/floor_whole.py: bare
sqlite3 reading the same rows and writing the same bytes), so that both see
the same load; the table gives the median CPU seconds of each, the median
of the pairwise ratios, readlog's peak memory and, with two sizes, how much
readlog's CPU grew from the smaller to the larger. Before timing, each
command's output is compared with its floor's (same bytes, or said not to
be: search orders by relevance, the floor by date).

Libraries: the ones issue 38's "bench" engineer makes, named in
/work/bench1m/READY (1,000,000 entries) and READY-100000, copied (SQLite's
backup, never written in place) into benchmarks/results/work/whole-N.db;
``--library N=PATH`` names another. The undo runs on a fresh copy each
time (made before the run, untimed). Not timed: ``export -f epub`` (the
benchmark's entries have no fetched text, so it writes no book) and
Markdown to a folder (a file per entry: a million files). Results go to
benchmarks/results/whole-latest.json.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from processes import child_env, readlog_command, run_once  # noqa: E402

FLOOR = HERE / "floor_whole.py"
READY = Path("/work/bench1m")
WORD = "内核"
# name -> (readlog's arguments after --db LIB, the floor's name, writes to a file)
COMMANDS: dict[str, tuple[list[str], str, bool]] = {
    "list --limit 0 piped": (["list", "--limit", "0"], "list", False),
    "search --limit 0 --json": (["search", WORD, "--limit", "0", "--json"], "search", False),
    "export jsonl": (["export", "-f", "jsonl", "-o", "{out}"], "jsonl", True),
    "export json": (["export", "-f", "json", "-o", "{out}"], "json", True),
    "export csv": (["export", "-f", "csv", "-o", "{out}"], "csv", True),
    "export markdown": (["export", "-f", "markdown", "-o", "{out}"], "markdown", True),
    "export html": (["export", "-f", "html", "-o", "{out}"], "html", True),
    "db check": (["db", "check"], "check", False),
    "undo of the import": (["undo"], "undo", False),
}
SHORT = {
    "list": "list --limit 0 piped",
    "search": "search --limit 0 --json",
    "check": "db check",
    "undo": "undo of the import",
    **{f: f"export {f}" for f in ("jsonl", "json", "csv", "markdown", "html")},
}
RATIO_TARGET = 1.5
GROWTH_TARGET = 11.0


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def library(n: int, work: Path, given: dict[int, Path]) -> Path:
    """The benchmark's library of ``n`` entries, copied into ``work`` once."""
    mine = work / f"whole-{n}.db"
    if mine.exists():
        return mine
    source = given.get(n)
    if source is None:
        ready = READY / ("READY" if n == 1_000_000 else f"READY-{n}")
        if not ready.exists():
            raise SystemExit(f"no library of {n:,} entries: {ready} is missing (give --library {n}=PATH)")
        source = Path(re.search(r"library: (\S+)", ready.read_text()).group(1))  # type: ignore[union-attr]
    log(f"{n:,}: copying {source} (untimed)")
    partial = mine.with_suffix(".partial")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(partial)
    src.backup(dst)
    dst.close()
    src.close()
    partial.rename(mine)
    return mine


def command(name: str, base: list[str], db: Path, out: Path) -> tuple[list[str], list[str]]:
    args, floor, to_file = COMMANDS[name]
    mine = [*base, "--db", str(db), *[a.format(out=out) for a in args]]
    theirs = [sys.executable, str(FLOOR), floor, str(db), *([str(out) + ".floor"] if to_file else [])]
    return mine, theirs


def digest_of(cmd: list[str], env: dict[str, str], file: Path | None) -> str:
    done = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    data = file.read_bytes() if file is not None else done.stdout
    return f"{hashlib.sha256(data).hexdigest()[:12]} {len(data):,} bytes"


def fresh_copy(pristine: Path, copy: Path) -> None:
    for suffix in ("-wal", "-shm"):
        Path(str(copy) + suffix).unlink(missing_ok=True)
    shutil.copyfile(pristine, copy)


def measure(name: str, n: int, db: Path, work: Path, base: list[str], env: dict[str, str], runs: int) -> dict[str, Any]:
    out = work / f"whole-out-{n}"
    undo = name == "undo of the import"
    target = work / f"whole-undo-{n}.db" if undo else db
    mine, floor = command(name, base, target, out)
    to_file = COMMANDS[name][2]
    result: dict[str, Any] = {"command": " ".join(mine[len(base) :]), "floor": " ".join(floor[1:])}
    if undo:
        fresh_copy(db, target)
        result["output"] = digest_of(mine, env, None)
        fresh_copy(db, target)
        result["floor_output"] = digest_of(floor, env, None)
    else:
        result["output"] = digest_of(mine, env, out if to_file else None)
        result["floor_output"] = digest_of(floor, env, Path(str(out) + ".floor") if to_file else None)
    result["same_bytes"] = result["output"] == result["floor_output"]
    cpu: list[float] = []
    floor_cpu: list[float] = []
    wall: list[float] = []
    floor_wall: list[float] = []
    peak = floor_peak = 0.0
    for i in range(runs):
        for which, cmd in (("floor", floor), ("readlog", mine)):
            if undo:
                fresh_copy(db, target)
            elapsed, mb, code, err, seconds = run_once(cmd, env=env)
            if code != 0:
                raise SystemExit(f"{name} ({which}) failed: exit {code}: {err[-500:]}")
            if which == "floor":
                floor_cpu.append(seconds)
                floor_wall.append(elapsed)
                floor_peak = max(floor_peak, mb)
            else:
                cpu.append(seconds)
                wall.append(elapsed)
                peak = max(peak, mb)
        log(f"  {name} run {i + 1}: readlog {cpu[-1]:.2f} s CPU, floor {floor_cpu[-1]:.2f} s")
    if undo:
        for suffix in ("", "-wal", "-shm"):
            Path(str(target) + suffix).unlink(missing_ok=True)
    for leftover in (out, Path(str(out) + ".floor")):
        leftover.unlink(missing_ok=True)
    result.update(
        cpu=cpu,
        floor_cpu=floor_cpu,
        wall=wall,
        floor_wall=floor_wall,
        cpu_median=statistics.median(cpu),
        floor_cpu_median=statistics.median(floor_cpu),
        ratio=statistics.median(a / b for a, b in zip(cpu, floor_cpu, strict=True)),
        peak_mb=peak,
        floor_peak_mb=floor_peak,
    )
    return result


def table(results: dict[str, dict[str, dict[str, Any]]], sizes: list[int]) -> str:
    head = "| command | " + " | ".join(f"{n:,}: readlog CPU / floor CPU (ratio), peak" for n in sizes)
    if len(sizes) > 1:
        head += f" | growth {sizes[0]:,} → {sizes[-1]:,}"
    lines = [head + " |", "|" + "---|" * (len(sizes) + 1 + (len(sizes) > 1))]
    names = [name for name in COMMANDS if any(name in results.get(str(n), {}) for n in sizes)]
    for name in names:
        cells = []
        for n in sizes:
            r = results.get(str(n), {}).get(name)
            if r is None:
                cells.append("–")
                continue
            flag = "" if r["ratio"] <= RATIO_TARGET else " **over 1.5x**"
            same = "" if r["same_bytes"] else " (output differs)"
            cells.append(
                f"{r['cpu_median']:.2f} s / {r['floor_cpu_median']:.2f} s ({r['ratio']:.2f}x{flag}), "
                f"{r['peak_mb']:.0f} MB{same}"
            )
        row = f"| {name} | " + " | ".join(cells)
        if len(sizes) > 1:
            first, last = results.get(str(sizes[0]), {}).get(name), results.get(str(sizes[-1]), {}).get(name)
            if first and last:
                growth = last["cpu_median"] / first["cpu_median"]
                row += f" | {growth:.1f}x" + ("" if growth <= GROWTH_TARGET else " **over 11x**")
            else:
                row += " | –"
        lines.append(row + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="commands, comma-separated: " + ", ".join(SHORT))
    parser.add_argument("--work", type=Path, default=HERE / "results" / "work")
    parser.add_argument("--library", action="append", default=[], metavar="N=PATH")
    parser.add_argument("--tree", type=Path, default=None, help="time another copy of the package")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    names = [SHORT.get(s.strip(), s.strip()) for s in args.only.split(",")] if args.only else list(COMMANDS)
    unknown = [n for n in names if n not in COMMANDS]
    if unknown:
        parser.error(f"unknown command: {', '.join(unknown)} (known: {', '.join(SHORT)})")
    given = {int(k): Path(v) for k, v in (item.split("=", 1) for item in args.library)}
    args.work.mkdir(parents=True, exist_ok=True)
    env = child_env(args.tree)
    base = readlog_command(args.tree)
    results: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "load_before": os.getloadavg(),
        "runs": args.runs,
        "sizes": {},
    }
    for n in sizes:
        db = library(n, args.work, given)
        done = results["sizes"].setdefault(str(n), {})
        for name in names:
            log(f"{n:,}: {name} x{args.runs}")
            done[name] = measure(name, n, db, args.work, base, env, args.runs)
    results["load_after"] = os.getloadavg()
    text = table(results["sizes"], sizes)
    print(text)
    print(f"\nload before {results['load_before'][0]:.1f}, after {results['load_after'][0]:.1f}")
    out = HERE / "results" / "whole-latest.json"
    out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    log(f"written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
