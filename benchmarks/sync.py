#!/usr/bin/env python3
"""``readlog sync``'s three figures (issue 36), whole processes, medians.

Usage: python benchmarks/sync.py [--size 100000] [--small 10000] [--runs 5] [--first-runs 3]
                                 [--stars 1000] [--work DIR]

A digest library of SIZE entries (benchmarks/gencorpus.py's file, cached in
benchmarks/results/work/ as benchmarks/run.py caches it) is imported (untimed) and synced
once into an empty folder, sending all of it (timed once, shown for information). Then:

* nothing new: ``readlog sync`` of that library again, nothing changed anywhere, against
  the CLI floor (``python -c "import typer, rich.table, rich.console, sqlite3"``) run before
  each run. Target: at most 1.5x.
* first sync into an empty library: ``readlog sync FOLDER`` into a fresh library, against
  ``readlog import FILE`` of the same file into a fresh library, run alternately (the new
  library's own device folder is removed after each run, so that every run finds the same
  folder). Target: at most 2x.
* growth: after ``readlog star`` of STARS entries spread over the library, the bytes of the
  segment the next sync writes; the same on a library of SMALL entries. Target: about equal
  (the segment grows with the changes, not with the library; shown as their ratio, at most
  1.25x). The CRDT document kept in each library (sync_state) is shown for information.

Results to benchmarks/results/sync.json (gitignored); one line per figure on stdout, each
flagged when it misses its target (exit status 1).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
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

from processes import child_env, measure, readlog_command, run_once  # noqa: E402
from run import CLI_FLOOR_CMD, corpus, remove_library  # noqa: E402

NOTHING_NEW_TARGET = 1.5  # sync with nothing new: at most this times the CLI floor
FIRST_SYNC_TARGET = 2.0  # first sync into an empty library: at most this times the import of the same file
GROWTH_TARGET = 1.25  # segment after STARS stars, SIZE entries / SMALL entries: about equal


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def devices(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")} if folder.exists() else set()


def segment_bytes(folder: Path) -> dict[str, int]:
    """Each segment in the folder (DEVICE/NAME) and its size."""
    return {f"{p.parent.name}/{p.name}": p.stat().st_size for p in folder.glob("*/*.rls")}


def document_bytes(db: Path) -> int:
    """The bytes of what this library keeps in sync_state (the CRDT document and the marks)."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        row = conn.execute("SELECT sum(length(value)) FROM sync_state").fetchone()
    return int(row[0] or 0)


def built(base: list[str], n: int, work: Path, seed: int, env: dict[str, str]) -> tuple[Path, Path, Path]:
    """(the corpus file, a library of it synced once into a folder, that folder), made
    here untimed unless a previous run left them."""
    source = corpus("digest", n, work, seed)
    db, folder = work / f"sync-{n}.db", work / f"sync-{n}-folder"
    done = work / f"sync-{n}.done"
    if not done.exists():
        log(f"{n:,}: importing the library (untimed)")
        remove_library(db)
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        subprocess.run([*base, "--db", str(db), "import", str(source)], env=env, stdout=subprocess.DEVNULL, check=True)
        log(f"{n:,}: first sync, sending all of it")
        wall, peak, code, err, cpu = run_once([*base, "--db", str(db), "sync", str(folder)], env=env)
        assert code == 0, err
        done.write_text(json.dumps({"wall": wall, "cpu": cpu, "peak_mb": peak}))
    return source, db, folder


def fresh_copy(db: Path, folder: Path, to: str) -> tuple[Path, Path]:
    """A copy of a built library and its folder, to change without spoiling the cached ones."""
    new_db, new_folder = db.with_name(f"{to}.db"), folder.with_name(f"{to}-folder")
    remove_library(new_db)
    shutil.rmtree(new_folder, ignore_errors=True)
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{db}{suffix}").exists():
            shutil.copyfile(f"{db}{suffix}", f"{new_db}{suffix}")
    shutil.copytree(folder, new_folder)
    return new_db, new_folder


def growth(base: list[str], n: int, db: Path, folder: Path, stars: int, env: dict[str, str]) -> dict[str, Any]:
    """Bytes of the segment a sync writes after ``stars`` stars spread over the library."""
    db, folder = fresh_copy(db, folder, f"sync-{n}-stars")
    step = max(1, n // stars)
    ids = [str(1 + i * step) for i in range(stars)]
    subprocess.run([*base, "--db", str(db), "star", *ids], env=env, stdout=subprocess.DEVNULL, check=True)
    before = segment_bytes(folder)
    wall, _, code, err, cpu = run_once([*base, "--db", str(db), "sync", str(folder)], env=env)
    assert code == 0, err
    new = {k: v for k, v in segment_bytes(folder).items() if k not in before}
    out = {"entries": n, "stars": stars, "segments": new, "bytes": sum(new.values()), "wall": wall, "cpu": cpu}
    out["document_bytes"] = document_bytes(db)
    out["folder_bytes"] = sum(segment_bytes(folder).values())
    remove_library(db)
    shutil.rmtree(folder, ignore_errors=True)
    return out


def first_sync(
    base: list[str], source: Path, folder: Path, work: Path, runs: int, env: dict[str, str]
) -> dict[str, Any]:
    """The first sync into an empty library and the import of the same file, alternately."""
    synced, imported = work / "sync-first.db", work / "sync-import.db"
    mine = devices(folder)
    sync_runs: list[tuple[float, float, float]] = []
    import_runs: list[tuple[float, float, float]] = []
    for i in range(runs):
        log(f"first sync into an empty library, run {i + 1} of {runs}")
        remove_library(synced)
        wall, peak, code, err, cpu = run_once([*base, "--db", str(synced), "sync", str(folder)], env=env)
        assert code == 0, err
        sync_runs.append((wall, cpu, peak))
        for extra in devices(folder) - mine:  # what the new library wrote: not there for the next run
            shutil.rmtree(folder / extra)
        log(f"import of the same file into an empty library, run {i + 1} of {runs}")
        remove_library(imported)
        wall, peak, code, err, cpu = run_once([*base, "--db", str(imported), "import", str(source)], env=env)
        assert code == 0, err
        import_runs.append((wall, cpu, peak))
    remove_library(synced)
    remove_library(imported)

    def med(rows: list[tuple[float, float, float]], k: int) -> float:
        return statistics.median(r[k] for r in rows)

    return {
        "sync": {"median": med(sync_runs, 0), "cpu_median": med(sync_runs, 1), "peak_mb": max(r[2] for r in sync_runs)},
        "import": {"median": med(import_runs, 0), "cpu_median": med(import_runs, 1)},
        "sync_runs": sync_runs,
        "import_runs": import_runs,
        "ratio": med(sync_runs, 0) / med(import_runs, 0),
        "cpu_ratio": med(sync_runs, 1) / med(import_runs, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--small", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7, help="runs of the sync with nothing new")
    parser.add_argument("--first-runs", type=int, default=3, help="runs of the first sync and of the import")
    parser.add_argument("--stars", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--work", type=Path, default=HERE / "results" / "work")
    parser.add_argument("--only", choices=["nothing", "first", "growth"], action="append")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    only = set(args.only or ["nothing", "first", "growth"])
    env = child_env(None)
    base = readlog_command(None)
    out: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "sqlite": sqlite3.sqlite_version,
            "cores": os.cpu_count(),
            "load_before": os.getloadavg(),
        },
        "size": args.size,
        "when": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
    }
    source, db, folder = built(base, args.size, args.work, args.seed, env)
    out["first_send"] = json.loads((args.work / f"sync-{args.size}.done").read_text())
    out["folder_bytes"] = sum(segment_bytes(folder).values())
    misses: list[str] = []
    lines: list[str] = []

    if "nothing" in only:
        log(f"{args.size:,}: sync with nothing new x{args.runs}, beside the CLI floor")
        timing = measure([*base, "--db", str(db), "sync"], env=env, runs=args.runs, paired=CLI_FLOOR_CMD)
        assert timing.error is None, timing.error
        got = timing.as_dict()
        ratio = got["median"] / got["floor_median"]
        cpu_ratio = got["cpu_median"] / got["floor_cpu_median"]
        out["nothing_new"] = {**got, "ratio": ratio, "cpu_ratio": cpu_ratio}
        flag = "" if ratio <= NOTHING_NEW_TARGET else "  MISSED"
        lines.append(
            f"sync with nothing new, {args.size:,} entries: {got['median']:.3f} s against the CLI floor's "
            f"{got['floor_median']:.3f} s ({ratio:.2f}x; CPU {cpu_ratio:.2f}x; target {NOTHING_NEW_TARGET}x){flag}"
        )
        if flag:
            misses.append("nothing new")

    if "first" in only:
        got = first_sync(base, source, folder, args.work, args.first_runs, env)
        out["first_sync"] = got
        flag = "" if got["ratio"] <= FIRST_SYNC_TARGET else "  MISSED"
        lines.append(
            f"first sync of {args.size:,} entries into an empty library: {got['sync']['median']:.1f} s against "
            f"importing the same file's {got['import']['median']:.1f} s ({got['ratio']:.2f}x; CPU "
            f"{got['cpu_ratio']:.2f}x; target {FIRST_SYNC_TARGET}x){flag}"
        )
        if flag:
            misses.append("first sync")

    if "growth" in only:
        sizes = {}
        for n in (args.size, args.small):
            _, n_db, n_folder = built(base, n, args.work, args.seed, env) if n != args.size else (source, db, folder)
            log(f"{n:,}: {args.stars:,} stars, then a sync")
            sizes[n] = growth(base, n, n_db, n_folder, args.stars, env)
        big, small = sizes[args.size]["bytes"], sizes[args.small]["bytes"]
        ratio = big / small if small else float("inf")
        out["growth"] = {"sizes": {str(k): v for k, v in sizes.items()}, "ratio": ratio}
        flag = "" if ratio <= GROWTH_TARGET else "  MISSED"
        lines.append(
            f"segment after {args.stars:,} stars: {big:,} bytes on {args.size:,} entries, {small:,} bytes on "
            f"{args.small:,} ({ratio:.2f}x; target about equal, at most {GROWTH_TARGET}x){flag}; the document "
            f"kept in the library: {sizes[args.size]['document_bytes']:,} and {sizes[args.small]['document_bytes']:,}"
            f" bytes"
        )
        if flag:
            misses.append("growth")

    out["machine"]["load_after"] = os.getloadavg()
    out["misses"] = misses
    results = HERE / "results"
    results.mkdir(exist_ok=True)
    (results / "sync.json").write_text(json.dumps(out, indent=2))
    load = out["machine"]["load_before"][0], out["machine"]["load_after"][0]
    print(f"{platform.node()}: {os.cpu_count()} cores, load {load[0]:.1f} before, {load[1]:.1f} after")
    print("\n".join(lines))
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
