#!/usr/bin/env python3
"""Highlights (issue 35), timed against their floors in the same run.

* Importing a Kindle ``My Clippings.txt`` of N clippings (gencorpus.py kindle) against
  importing N digest entries (gencorpus.py digest), each into a fresh library, run
  alternately: at most 1.5x.
* ``highlights`` (a page of the newest, piped), ``highlights --source S`` and
  ``highlights ID``, and ``show ID`` of an entry with highlights, on a library of
  ENTRIES entries holding 2 x ENTRIES highlights (made by importing readlog's own
  JSON Lines, which carries them), against the CLI floor run before each: at most
  1.3x, the target of ``list``.

Usage: python benchmarks/highlights.py [--clippings N] [--entries N] [--runs N] [--json FILE]

Medians of the runs, wall and CPU (user + system) seconds; the ratios compare runs
made under the same load. Nothing is written into the repository unless --json names
a file there (benchmarks/results/ is ignored by git).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from processes import CLI_FLOOR_CMD, child_env, measure, readlog_command  # noqa: E402

IMPORT_TARGET = 1.5
READ_TARGET = 1.3
SOURCES = ("Go Blog", "LWN.net", "Rust Blog", "SQLite Forum", "Julia Evans", "Cloudflare Blog", "Jepsen")
WORDS = (
    "内核",
    "调度",
    "编译器",
    "缓存",
    "索引",
    "查询",
    "事务",
    "日志",
    "cache",
    "queue",
    "latency",
    "compiler",
    "parser",
)


def _generated(shape: str, n: int, path: Path) -> Path:
    with path.open("w", encoding="utf-8") as out:
        subprocess.run([sys.executable, str(HERE / "gencorpus.py"), shape, str(n)], stdout=out, check=True)
    return path


def _library_jsonl(entries: int, path: Path) -> Path:
    """readlog's own JSON Lines: ``entries`` entries, two highlights each, saved over six years."""
    rng = random.Random(35)
    with path.open("w", encoding="utf-8") as out:
        for i in range(1, entries + 1):
            words = [rng.choice(WORDS) for _ in range(12)]
            record = {
                "readlog": 1,
                "id": i,
                "title": f"#{i} " + " ".join(words[:5]),
                "source": rng.choice(SOURCES),
                "url": f"https://blog.example.net/{i}",
                "saved_at": f"20{rng.randint(20, 26)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T08:00:00+00:00",
                "highlights": [_highlight(rng, words[k : k + 6], "" if k else "一条笔记") for k in (0, 6)],
            }
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


def _highlight(rng: random.Random, words: list[str], note: str) -> dict[str, str]:
    made = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T09:00:00+00:00"
    return {"kind": "highlight", "passage": " ".join(words), "note": note, "made_at": made}


def _cell(t: Any) -> dict[str, Any]:
    floor = median(t.floor_runs) if t.floor_runs else None
    floor_cpu = median(t.floor_cpu) if t.floor_cpu else None
    return {
        "median": t.median,
        "cpu": median(t.cpu) if t.cpu else None,
        "floor": floor,
        "ratio": t.median / floor if floor and t.median else None,
        "cpu_ratio": median(t.cpu) / floor_cpu if floor_cpu and t.cpu else None,
        "peak_mb": t.peak_mb,
        "error": t.error,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clippings", type=int, default=10_000)
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    env = child_env(None)
    readlog = readlog_command(None)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        kindle = _generated("kindle", args.clippings, work / "My Clippings.txt")
        digest = _generated("digest", args.clippings, work / "digest.txt")
        imports: dict[str, list[float]] = {"kindle": [], "digest": []}
        cpu: dict[str, list[float]] = {"kindle": [], "digest": []}
        for i in range(args.runs):  # alternately, each into a fresh library
            for name, source in (("kindle", kindle), ("digest", digest)):
                db = work / f"{name}-{i}.db"
                t = measure([*readlog, "--db", str(db), "import", str(source)], env=env, runs=1, warmup=False)
                if t.error:
                    sys.exit(f"{name} import: {t.error}")
                imports[name] += t.runs
                cpu[name] += t.cpu
        results["import"] = {name: {"median": median(imports[name]), "cpu": median(cpu[name])} for name in imports}
        results["import"]["ratio"] = results["import"]["kindle"]["median"] / results["import"]["digest"]["median"]
        library = work / "library.db"
        source = _library_jsonl(args.entries, work / "library.jsonl")
        subprocess.run([*readlog, "--db", str(library), "import", str(source)], env=env, check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
        reads = {
            "highlights --limit 20": ["highlights", "--limit", "20"],
            "highlights --source 'Rust Blog' --limit 20": ["highlights", "--source", "Rust Blog", "--limit", "20"],
            "highlights ID": ["highlights", str(args.entries // 2)],
            "show ID (with highlights)": ["show", str(args.entries // 2), "--no-mark-read"],
        }
        results["reads"] = {}
        for name, words in reads.items():
            t = measure([*readlog, "--db", str(library), *words], env=env, runs=args.runs, paired=CLI_FLOOR_CMD)
            results["reads"][name] = _cell(t)
    lines = [
        f"highlights benchmark: {args.clippings:,} clippings; {args.entries:,} entries with "
        f"{2 * args.entries:,} highlights; median of {args.runs} runs",
        f"import: Kindle {results['import']['kindle']['median']:.3f} s, digest "
        f"{results['import']['digest']['median']:.3f} s: {results['import']['ratio']:.2f}x "
        f"(target <= {IMPORT_TARGET}x) {'met' if results['import']['ratio'] <= IMPORT_TARGET else 'MISSED'}",
    ]
    for name, cell in results["reads"].items():
        ratio = cell["ratio"]
        verdict = "met" if ratio is not None and ratio <= READ_TARGET else "MISSED"
        shown = "error" if ratio is None else f"{ratio:.2f}x"
        lines.append(
            f"{name}: {cell['median'] or 0:.3f} s vs CLI floor {cell['floor'] or 0:.3f} s: {shown} "
            f"(CPU {cell['cpu_ratio'] or 0:.2f}x; target <= {READ_TARGET}x) {verdict}"
        )
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
