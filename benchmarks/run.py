#!/usr/bin/env python3
"""readlog's benchmark: whole processes, timed against the floors they cannot beat.

Run from the repository root (not part of the test suite):

    python benchmarks/run.py                       # 1k, 10k and 100k entries
    python benchmarks/run.py --sizes 1000,10000 --runs 3

For each library size it imports a generated digest file into a fresh
library (timed, with peak memory), then times ``list --unread``,
``list --starred --source X``, ``show ID``, ``star ID``, ``read ID`` and
``search`` for a three- and a two-character Chinese word, with their output
into /dev/null and again in a 100x24 pseudo-terminal (a table with its footer,
"Showing 20 of about 91,000 entries"). Each figure is the
median of several runs of a whole process, started the way a user starts it,
and is shown against its floor:

* the CLI floor: ``python -c "import typer, rich.table, rich.console, sqlite3"``,
  the least any typer + rich command can cost;
* the import floor: benchmarks/floor_import.py, which inserts the same
  entries into a bare table with an FTS5 trigram index in one transaction.

Shell completion is timed the same way (issue 24: at most 1.5x the CLI
floor): readlog run as bash's completion script runs it, with
_READLOG_COMPLETE and the line typed so far, completing a command name and
the library's sources, categories and tags (1% of the entries are tagged).

Each read command alternates with a run of the CLI floor, so the two are
compared under the same load; user+system CPU time is reported beside the
wall time because it is steadier on a busy machine. Targets that are missed
are flagged (and the exit status is 1). Results go to
benchmarks/results/latest.json (and a Markdown table to latest.md) so that
runs can be compared.

The triage screen (``readlog triage --unread``) is timed from process start
to its first full screen, in a pseudo-terminal of 80x24: the environment
variable READLOG_TRIAGE_FIRST_SCREEN (read only by readlog/triage/app.py, for
this benchmark) names a file where the app writes the time its first screen
was drawn, and then it quits; the time is compared with the CLI floor run
beside it (target: <= 2x on 100,000 entries), and with a one-line Textual
app (benchmarks/textual_floor.py), the least any Textual screen costs. benchmarks/triage_walk.py
then counts the rows read from the store and the memory used while moving
from the first entry to the last, by End and page by page.
``--only triage`` runs just that part (building any missing library first,
untimed); its results go to benchmarks/results/triage.json and triage.md.

``--corpus jsonl`` times issue 38's figures instead (benchmarks/million.py): every
interactive command piped and on a terminal, the start-up ratios and the triage screen, on
libraries made once by importing readlog's own export (benchmarks/gencorpus.py jsonl) and
reused, named by the generator's version and the schema; ``--cache DIR`` names a folder of
libraries made before (read, never written). ``--only whole`` runs benchmarks/whole.py.

Input files come from ../shared/tools/gencorpus.py when
present, else from benchmarks/gencorpus.py (same shapes), and are cached in
benchmarks/results/work/. ``--tree DIR`` times the readlog package in DIR
instead of the installed one (e.g. a copy of an older commit, to compare).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import platform
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from processes import (
    CLI_FLOOR,
    CLI_FLOOR_CMD,
    Timing,
    cell,
    child_env,
    cpu_ratio,
    floor_ratio,
    measure,
    readlog_command,
    run_once,
    run_once_in_terminal,
    timed_copy,
)
from triage_screen import time_triage, triage_flags, triage_markdown, triage_walk

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED_GENERATOR = ROOT.parent / "shared" / "tools" / "gencorpus.py"
OWN_GENERATOR = HERE / "gencorpus.py"
FLOOR_IMPORT = HERE / "floor_import.py"
BUKU_5000_SECONDS = 11.0  # buku importing 5,000 bookmarks on a 2-core machine (issue 5)
BIG = 100_000

# name -> (target ratio to the CLI floor on the 100k library, command template). A list or
# a search into a pipe gives every match unless --limit is given (issue 33), so the piped reads
# ask for the screen's worth a terminal shows (page_size, 20); whole lists are BIG_READS.
PAGE = ["--limit", "20"]
READS: dict[str, tuple[float, list[str]]] = {
    "list --unread": (1.3, ["list", "--unread", *PAGE]),
    "list --starred --source X": (1.3, ["list", "--starred", "--source", "{source}", *PAGE]),
    "show ID": (1.3, ["show", "{id}"]),
    "star ID": (1.3, ["star", "{fresh_id}"]),
    "read ID": (1.3, ["read", "{fresh_id}"]),
    "search (3 chars)": (1.5, ["search", "{word3}", *PAGE]),
    "search (2 chars)": (1.5, ["search", "{word2}", *PAGE]),
    "search (3 chars) in a terminal": (1.5, ["search", "{word3}"]),
    "search (2 chars) in a terminal": (1.5, ["search", "{word2}"]),
    "add URL --no-fetch": (1.3, ["add", "https://bench.example/saved/{fresh_id}", "--no-fetch"]),
}
# These reads run in a pseudo-terminal of TERMINAL_SIZE (a table with its footer,
# "Showing 20 of N entries"), the others with their output into /dev/null (whole lines).
IN_TERMINAL = ("search (3 chars) in a terminal", "search (2 chars) in a terminal")
IMPORT_TARGET = 1.05  # importing 100,000 digest entries: at most this times the sqlite3 floor
# Big views (issue 24): whole lists written into a pipe, and the commands that read the
# library's history, on libraries of BIG_VIEW_SIZES entries (``--big-views``).
BIG_VIEW_SIZES = "2000,20000"
BIG_VIEW = 20_000  # the size the targets are set at
BIG_VIEW_SECONDS = 2.0  # list/search --limit 0 into a pipe on BIG_VIEW entries, wall time
BIG_VIEW_FLAT_MEMORY = 1.25  # peak memory at the largest size over that at the smallest
HISTORY_TARGET = 1.5  # history and undo on BIG_VIEW entries, as a ratio to the CLI floor
BIG_READS: dict[str, list[str]] = {
    "list --limit 0 piped": ["list", "--limit", "0"],
    "search --limit 0 piped": ["search", "{word2}", "--limit", "0"],
    "list --limit 0 --json": ["list", "--limit", "0", "--json"],
    "search --limit 0 --json": ["search", "{word2}", "--limit", "0", "--json"],
    "history": ["history"],
    "undo": ["undo"],  # of a star made (untimed) before each run
}
STREAMED = ("list --limit 0 piped", "search --limit 0 piped")
# Shell completion (issue 24): name -> (target ratio to the CLI floor on the 100k library, the
# line typed before Tab, as bash's script passes it in COMP_LINE; {db} is the library)
COMPLETIONS: dict[str, tuple[float, str]] = {
    "complete a command": (1.5, "readlog li"),
    "complete --source": (1.5, "readlog --db {db} list --source "),
    "complete --category": (1.5, "readlog --db {db} list --category "),
    "complete --tag": (1.5, "readlog --db {db} list --tag "),
}
FETCH_TARGET = 1.5  # fetch of 200 pages: at most this times the httpx + trafilatura floor
SHOW_FULL_TARGET = 1.5  # show --full of a 20,000-word article: at most this times the CLI floor
FLAT = ("list --unread", "list --starred --source X", "search (3 chars)", "search (2 chars)")


# ---- inputs ------------------------------------------------------------------


def corpus(kind: str, n: int, work: Path, seed: int) -> Path:
    """A generated input file, cached by shape, size, seed and generator."""
    generator = SHARED_GENERATOR if SHARED_GENERATOR.exists() else OWN_GENERATOR
    tag = "shared" if generator == SHARED_GENERATOR else "own"
    path = work / f"{kind}-{n}-{seed}-{tag}.txt"
    if not path.exists():
        partial = path.with_suffix(".partial")
        with open(partial, "wb") as out:
            subprocess.run([sys.executable, str(generator), kind, str(n), str(seed)], stdout=out, check=True)
        partial.rename(path)
    return path


def first_source(digest_file: Path) -> str:
    """The source named on the first header line (category, source, optional date)."""
    with open(digest_file, encoding="utf-8-sig") as fh:
        header = next(line.strip() for line in fh if line.strip())
    header = re.sub(r"\s+\d{4}[/-]\d{1,2}[/-]\d{1,2}$", "", header)
    return header.split(" ", 1)[1]


def remove_library(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(path) + suffix).unlink(missing_ok=True)


# ---- the steps ------------------------------------------------------------------


def time_import(cmd: list[str], db: Path, *, env: dict[str, str], runs: int) -> Timing:
    """Run an import command ``runs`` times, each into a fresh library ``db``; the last one is kept."""

    def fresh(_: int) -> list[str]:
        remove_library(db)
        return cmd

    return measure([], env=env, runs=runs, warmup=False, fresh=fresh)


def time_reads(
    base: list[str], db: Path, n: int, values: dict[str, str], *, env: dict[str, str], runs: int
) -> dict[str, Timing]:
    """Each read command on the library at ``db``; star/read get an id not yet changed on every run."""
    results: dict[str, Timing] = {}
    for name, (_, template) in READS.items():
        counter = iter(range(n // 2, n))

        def fresh(_: int, template: list[str] = template, counter: Any = counter) -> list[str]:
            args = [a.format(**values, fresh_id=next(counter)) for a in template]
            return [*base, "--db", str(db), *args]

        runner = run_once_in_terminal if name in IN_TERMINAL else run_once
        results[name] = measure([], env=env, runs=runs, fresh=fresh, paired=CLI_FLOOR_CMD, runner=runner)
    return results


def time_completions(base: list[str], db: Path, *, env: dict[str, str], runs: int) -> dict[str, Timing]:
    """Each completion as bash's script asks for it (readlog with _READLOG_COMPLETE and COMP_LINE)."""
    results: dict[str, Timing] = {}
    for name, (_, line) in COMPLETIONS.items():
        asked = dict(env, _READLOG_COMPLETE="bash_complete", COMP_LINE=line.format(db=db))
        results[name] = measure(base, env=asked, runs=runs, paired=CLI_FLOOR_CMD)
    return results


def prepare_library(base: list[str], db: Path, n: int, env: dict[str, str]) -> None:
    """Star the first 1% of entries so that ``list --starred --source X`` has rows to show,
    and tag them, so that completing --tag has tags to find."""
    count = max(1, n // 100)
    subprocess.run([*base, "--db", str(db), "star", f"1-{count}"], env=env, stdout=subprocess.DEVNULL, check=True)
    tags = ["tag", f"1-{count}", "+bench", "+system design", "+数据库"]
    subprocess.run([*base, "--db", str(db), *tags], env=env, stdout=subprocess.DEVNULL, check=True)


def sanity(base: list[str], db: Path, values: dict[str, str], env: dict[str, str]) -> dict[str, int]:
    """How many entries each read query finds, up to 100 (a benchmark of empty results proves little)."""
    found = {}
    for name, (_, template) in READS.items():
        if template[0] not in ("list", "search") or name in IN_TERMINAL:
            continue
        args = [a.format(**values, fresh_id=0) for a in template]
        out = subprocess.run(
            [*base, "--db", str(db), *args, "--limit", "100", "--json"], env=env, capture_output=True, check=False
        )
        found[name] = len(json.loads(out.stdout)) if out.returncode == 0 and out.stdout.strip() else -1
    return found


# ---- the triage screen ------------------------------------------------------------


def ensure_library(n: int, args: argparse.Namespace, base: list[str], env: dict[str, str]) -> Path:
    """The library of ``n`` entries that a full run builds, built here (untimed) if it is missing."""
    db = args.work / f"readlog-{n}.db"
    if db.exists():
        with contextlib.closing(sqlite3.connect(db)) as conn:
            with contextlib.suppress(sqlite3.Error):
                if conn.execute("SELECT count(*) FROM entries").fetchone()[0] == n:
                    return db
    log(f"{n:,}: building the library (untimed)")
    remove_library(db)
    source = corpus("digest", n, args.work, args.seed)
    subprocess.run([*base, "--db", str(db), "import", str(source)], env=env, stdout=subprocess.DEVNULL, check=True)
    prepare_library(base, db, n, env)
    return db


def run_triage(n: int, args: argparse.Namespace, base: list[str], env: dict[str, str]) -> dict[str, Any]:
    db = ensure_library(n, args, base, env)
    log(f"{n:,}: triage first screen x{args.runs}")
    out = {"first_screen": time_triage(base, db, env=env, runs=args.runs)}
    log(f"{n:,}: triage walk from the first entry to the last")
    out["walk"] = triage_walk(db, env)
    return out


# ---- big views --------------------------------------------------------------------


def run_big_views(n: int, args: argparse.Namespace, base: list[str], env: dict[str, str]) -> dict[str, Any]:
    """``list``/``search --limit 0`` into a pipe (standard output is /dev/null, not a
    terminal: whole lines) and as --json, ``history`` and ``undo``, each alternating
    with the CLI floor, with peak memory; and whether every title came out whole."""
    db = ensure_library(n, args, base, env)
    out: dict[str, Any] = {}
    for name, template in BIG_READS.items():
        log(f"{n:,}: {name} x{args.runs}")
        argv = [a.format(word2=args.word2) for a in template]
        cmd = [*base, "--db", str(db), *argv]
        if name == "undo":
            counter = iter(range(n // 2, n))

            def fresh(_: int, cmd: list[str] = cmd, counter: Any = counter) -> list[str]:
                star = [*base, "--db", str(db), "star", str(next(counter))]
                subprocess.run(star, env=env, stdout=subprocess.DEVNULL, check=True)
                return cmd

            timing = measure([], env=env, runs=args.runs, fresh=fresh, paired=CLI_FLOOR_CMD)
        else:
            timing = measure(cmd, env=env, runs=args.runs, paired=CLI_FLOOR_CMD)
        out[name] = timing.as_dict()
    out["titles_whole"] = titles_whole(base, db, env)
    return out


def titles_whole(base: list[str], db: Path, env: dict[str, str]) -> dict[str, Any]:
    """Whether piped ``list --limit 0`` wrote one line per entry, each with its whole title."""
    done = subprocess.run([*base, "--db", str(db), "list", "--limit", "0"], env=env, capture_output=True, check=False)
    lines = done.stdout.decode("utf-8", "replace").splitlines()
    with contextlib.closing(sqlite3.connect(db)) as conn:
        titles = {
            r[0]: " ".join((r[1] or r[2] or "(untitled)").split())
            for r in conn.execute("SELECT id, title, url FROM entries WHERE archived_at IS NULL")
        }
    cut = sum(1 for line in lines if (f := line.split("\t"))[2:3] != [titles.get(int(f[0]) if f[0].isdigit() else -1)])
    return {"lines": len(lines), "entries": len(titles), "cut": cut, "ok": len(lines) == len(titles) and not cut}


def big_view_flags(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The big views' targets: piped lists of 20,000 in under 2 s with every title whole,
    memory flat in the number of rows, history and undo within 1.5x the CLI floor."""
    views = results.get("big_views") or {}
    sizes = sorted(int(s) for s in views)
    if not sizes:
        return []
    top, low = str(sizes[-1]), str(sizes[0])
    note = "" if sizes[-1] == BIG_VIEW else f"measured on {sizes[-1]:,} entries, not {BIG_VIEW:,}"
    out: list[dict[str, Any]] = []

    def check(name: str, value: float | None, limit: float, unit: str, note: str = note) -> None:
        met = None if value is None or value != value else value <= limit
        out.append({"target": name, "value": value, "limit": limit, "unit": unit, "met": met, "note": note})

    at_top = views[top]
    for name in STREAMED:
        t = at_top[name]
        check(f"{name} of {BIG_VIEW:,}: < {BIG_VIEW_SECONDS:.0f} s", None if t["error"] else t["median"], 2.0, "s")
    # CPU time as well: on a busy machine the wall time measures the machine (see the CLI floor's).
    for name in STREAMED:
        t = at_top[name]
        cpu = None if t["error"] else t["cpu_median"]
        check(f"{name} of {BIG_VIEW:,}: CPU < {BIG_VIEW_SECONDS:.0f} s", cpu, 2.0, "s")
    whole = at_top["titles_whole"]
    out.append(
        {
            "target": f"piped list of {BIG_VIEW:,}: every title whole",
            "value": float(whole["cut"]),
            "limit": 0,
            "unit": "cut",
            "met": bool(whole["ok"]),
            "note": f"{whole['lines']:,} lines for {whole['entries']:,} entries" if not whole["ok"] else note,
        }
    )
    if top != low:
        for name in (*STREAMED, "list --limit 0 --json", "search --limit 0 --json"):
            a, b = views[low][name]["peak_mb"], at_top[name]["peak_mb"]
            check(
                f"{name}: peak memory flat from {int(low):,} to {int(top):,}: <= {BIG_VIEW_FLAT_MEMORY}x",
                b / a if a and b else None,
                BIG_VIEW_FLAT_MEMORY,
                "x",
                "",
            )
    for name in ("history", "undo"):
        check(f"{name} on {BIG_VIEW:,}: <= {HISTORY_TARGET}x CLI floor", floor_ratio(at_top[name]), HISTORY_TARGET, "x")
    return out


def big_views_markdown(results: dict[str, Any]) -> str:
    """The big views' rows of the report."""
    views = results.get("big_views") or {}
    if not views:
        return ""
    sizes = sorted(views, key=int)
    lines = [
        "",
        "Big views: whole lists into a pipe (standard output not a terminal: whole lines) and as --json, "
        "and the commands that read the history (median seconds, ratio to the CLI floor run beside it, "
        "CPU seconds and ratio, peak memory):",
        "",
        "| step | " + " | ".join(f"{int(s):,} entries" for s in sizes) + " |",
        "|---" * (len(sizes) + 1) + "|",
    ]
    for name in BIG_READS:
        row = []
        for size in sizes:
            t = views[size][name]
            text = t["error"] or cell(t["median"], t["floor_median"])
            if not t["error"]:
                text += f"; CPU {t['cpu_median']:.3f} s ({cpu_ratio(t)}), {t['peak_mb']:.0f} MB"
            row.append(text)
        lines.append(f"| `{name}` | " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


# ---- reporting ------------------------------------------------------------------


def machine(tree: Path | None) -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        text = Path("/proc/cpuinfo").read_text()
        cpu = re.search(r"model name\s*:\s*(.+)", text).group(1).strip()  # type: ignore[union-attr]
    except (OSError, AttributeError):
        pass
    memory = None
    with contextlib.suppress(ValueError, OSError, AttributeError):
        memory = round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)

    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "-"

    def git(*args: str) -> str:
        try:
            done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False)
        except OSError:
            return ""
        return done.stdout.strip()

    commit = git("rev-parse", "--short", "HEAD") or "-"
    dirty = git("status", "--porcelain", "--untracked-files=no")
    return {
        "date": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gb": memory,
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "packages": {p: version(p) for p in ("readlog", "typer", "rich", "pydantic", "sqlite-utils")},
        "commit": f"the copy in {tree}" if tree else commit + (" with uncommitted changes" if dirty else ""),
    }


def flags(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Every target of issue 5, checked: name, measured, limit, met (None: not measured)."""
    sizes = sorted(int(s) for s in results["sizes"])
    out: list[dict[str, Any]] = []

    def check(name: str, value: float | None, limit: float | None, unit: str, note: str = "") -> None:
        met = None if value is None or limit is None or value != value else value <= limit
        out.append({"target": name, "value": value, "limit": limit, "unit": unit, "met": met, "note": note})

    top = sizes[-1] if sizes else None
    provisional = "" if top == BIG else f"measured on {top:,} entries, not {BIG:,}" if top else "not measured"
    for name, limit in [*((k, v[0]) for k, v in READS.items()), *((k, v[0]) for k, v in COMPLETIONS.items())]:
        at_top = results["sizes"][str(top)] if top else {}
        t = at_top.get("reads", {}).get(name)
        check(f"{name} on {BIG:,}: <= {limit}x CLI floor", t and floor_ratio(t), limit, "x", provisional)
    by_size = results["sizes"]
    imported = {size for size, r in by_size.items() if "import" in r}
    if str(BIG) in imported:
        imp, floor = by_size[str(BIG)]["import"]["median"], by_size[str(BIG)]["floor"]["median"]
        check(f"import {BIG:,}: <= {IMPORT_TARGET}x sqlite3 floor", imp / floor, IMPORT_TARGET, "x")
    if "10000" in imported:
        imp, floor = by_size["10000"]["import"]["median"], by_size["10000"]["floor"]["median"]
        check("import 10,000: <= 1.5x sqlite3 floor", imp / floor, 1.5, "x")
    else:
        check("import 10,000: <= 1.5x sqlite3 floor", None, 1.5, "x", "10,000 not measured")
    if "10000" in imported and str(BIG) in imported:
        ratio = by_size[str(BIG)]["import"]["median"] / by_size["10000"]["import"]["median"]
        check("import 100,000: <= 12x import 10,000", ratio, 12.0, "x")
        check("import 100,000: peak memory < 150 MB", by_size[str(BIG)]["import"]["peak_mb"], 150.0, "MB")
    else:
        check("import 100,000: <= 12x import 10,000", None, 12.0, "x", "100,000 not measured")
        check("import 100,000: peak memory < 150 MB", None, 150.0, "MB", "100,000 not measured")
    if len(sizes) > 1 and all("reads" in by_size[str(size)] for size in sizes):
        low, high = str(sizes[0]), str(sizes[-1])
        for name in FLAT:
            # Each size's time relative to the CLI floor run beside it, so that a
            # change of load on the machine between sizes is not taken for growth.
            a, b = (floor_ratio(by_size[size]["reads"][name]) for size in (low, high))
            tolerance = results["flat_tolerance"]
            check(
                f"{name} flat from {sizes[0]:,} to {sizes[-1]:,}: <= {tolerance}x",
                b / a if a and b else None,
                tolerance,
                "x",
                "" if a and b else "a run failed",
            )
    cap = results.get("capture")
    if cap:
        fetch, show = cap["fetch"], cap["show_full"]
        ratio = fetch["median"] / fetch["floor_median"] if not fetch["error"] and fetch["floor_median"] else None
        check(f"fetch {cap['pages']} pages: <= {FETCH_TARGET}x httpx + trafilatura floor", ratio, FETCH_TARGET, "x")
        check(
            f"show --full of a {show['words']:,}-word article: <= {SHOW_FULL_TARGET}x CLI floor",
            floor_ratio(show),
            SHOW_FULL_TARGET,
            "x",
        )
    net = results.get("netscape")
    if net and net.get("median") is not None and net.get("floor_median"):
        check(
            "import 5,000 Netscape bookmarks: <= 1/10 of buku, same machine",
            net["median"] / net["floor_median"],
            0.1,
            "x",
        )
    elif net and net.get("median") is not None:
        check("import 5,000 Netscape bookmarks: <= 1/10 of buku (1.1 s)", net["median"], BUKU_5000_SECONDS / 10, "s")
    else:
        check("import 5,000 Netscape bookmarks: <= 1/10 of buku (1.1 s)", None, 1.1, "s", (net or {}).get("note", ""))
    return out


def import_cell(imp: dict[str, Any], floor: dict[str, Any]) -> str:
    if imp["error"]:
        return str(imp["error"])
    text = cell(imp["median"], floor["median"], imp["peak_mb"])
    if imp["cpu_median"] and floor["cpu_median"]:
        text += f"; CPU {imp['cpu_median'] / floor['cpu_median']:.2f}x"
    return text


def markdown(results: dict[str, Any]) -> str:
    m = results["machine"]
    sizes = sorted(results["sizes"], key=int)
    head = "| step | " + " | ".join(f"{int(s):,} entries" for s in sizes) + " |"
    lines = [
        f"Measured {m['date']} on {m['cpu']}, {m['cores']} cores, {m['memory_gb']} GB, {m['os']}; "
        f"Python {m['python']}, SQLite {m['sqlite']}; readlog {m['packages']['readlog']} ({m['commit']}); "
        f"median of {results['runs']} runs (imports: {results['import_runs']}).",
        "",
        f'CLI floor: `python -c "{CLI_FLOOR}"`, run alternately with each read command (the ratio compares '
        "runs made under the same load). Reads: median wall seconds (ratio to the CLI floor's; CPU: ratio of "
        "user+system time, steadier on a busy machine); imports: seconds (ratio to the sqlite3 floor), peak memory.",
        "",
        head,
        "|---" * (len(sizes) + 1) + "|",
    ]
    row = [cell(results["sizes"][s].get("cli_floor", {}).get("median", float("nan")), None) for s in sizes]
    lines.append("| CLI floor | " + " | ".join(row) + " |")
    row = [cell(results["sizes"][s]["floor"]["median"], None, results["sizes"][s]["floor"]["peak_mb"]) for s in sizes]
    lines.append("| sqlite3 floor: insert + FTS5 trigram | " + " | ".join(row) + " |")
    row = [import_cell(results["sizes"][s]["import"], results["sizes"][s]["floor"]) for s in sizes]
    lines.append("| `import` digest | " + " | ".join(row) + " |")
    for name in (*READS, *COMPLETIONS):
        row = []
        for s in sizes:
            t = results["sizes"][s]["reads"][name]
            text = cell(t["median"], t["floor_median"])
            if t["cpu_median"] and t["floor_cpu_median"]:
                text += f"; CPU {t['cpu_median'] / t['floor_cpu_median']:.2f}x"
            row.append(text if not t["error"] else t["error"])
        lines.append(f"| `{name}` | " + " | ".join(row) + " |")
    net = results.get("netscape") or {}
    if net.get("median") is not None:
        floor = net["floor"]
        buku = (
            f"buku on the same file, run alternately: {cell(statistics.median(net['floor_runs']), None)}; "
            f"readlog/buku {net['median'] / net['floor_median']:.3f}"
            if net.get("floor_median")
            else f"buku: {BUKU_5000_SECONDS:.0f} s as published"
        )
        lines += [
            "",
            f"`import` of 5,000 Netscape bookmarks: {cell(net['median'], floor['median'], net['peak_mb'])} "
            f"(ratio to its sqlite3 floor: html.parser + insert + FTS5 trigram, {cell(floor['median'], None)}); "
            f"{buku}.",
        ]
    elif net:
        lines += ["", f"Netscape import: {net.get('note', 'not measured')}."]
    cap = results.get("capture")
    if cap:
        fetch, show = cap["fetch"], cap["show_full"]
        lines += [
            "",
            f"`fetch` of {cap['pages']} local pages ({cap['fetched']} with text), {cap['jobs']} at once: "
            f"{cell(fetch['median'], fetch['floor_median'])}; CPU {cpu_ratio(fetch)} "
            f"(floor: httpx + trafilatura, same pages and concurrency, "
            f"{cell(fetch['floor_median'] or float('nan'), None)}). "
            f"`show ID --full` of a {show['words']:,}-word article: {cell(show['median'], show['floor_median'])}; "
            f"CPU {cpu_ratio(show)}.",
        ]
        if cap.get("add"):
            add = cap["add"]
            lines[-1] += (
                f" `add URL` of one local page (its head read for the title): "
                f"{cell(add['median'], add['floor_median'])}; CPU {cpu_ratio(add)}."
            )
    return (
        "\n".join(lines)
        + "\n"
        + triage_markdown(results)
        + big_views_markdown(results)
        + "\n"
        + flags_table(results["flags"])
    )


def flags_table(checked: list[dict[str, Any]]) -> str:
    """Each target with what was measured and whether it was met."""
    lines = ["| target | measured | met |", "|---|---|---|"]
    for f in checked:
        value = "-" if f["value"] is None else f"{f['value']:.2f}{' ' + f['unit'] if f['unit'] != 'x' else 'x'}"
        met = {True: "yes", False: "**MISSED**", None: "not measured"}[f["met"]]
        note = f" ({f['note']})" if f["note"] else ""
        lines.append(f"| {f['target']} | {value}{note} | {met} |")
    return "\n".join(lines) + "\n"


# ---- main ------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,100000", help="library sizes, comma-separated")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per read command (median reported)")
    parser.add_argument("--import-runs", type=int, default=None, help="runs per import (default: 3, 1 for 100k+)")
    parser.add_argument("--word3", default="编译器", help="three-character search word")
    parser.add_argument("--word2", default="内核", help="two-character search word")
    parser.add_argument("--flat-tolerance", type=float, default=1.25, help="largest/smallest size ratio allowed")
    parser.add_argument("--no-netscape", action="store_true", help="skip the 5,000-bookmark Netscape import")
    parser.add_argument("--no-capture", action="store_true", help="skip fetch and show --full (benchmarks/capture.py)")
    parser.add_argument("--capture-runs", type=int, default=3, help="runs of fetch and show --full (median reported)")
    parser.add_argument(
        "--buku",
        default=shutil.which("buku"),
        help="buku's command, timed on the same Netscape file (default: buku on PATH; else its published 11 s)",
    )
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--work", type=Path, default=HERE / "results" / "work", help="where inputs and libraries go")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "latest.json")
    parser.add_argument("--tree", type=Path, help="run the readlog package found in this folder (e.g. an older copy)")
    parser.add_argument(
        "--only",
        choices=["triage", "reads", "import", "netscape", "bigviews", "whole"],
        help="run only this part (the libraries are built if missing); results go to PART.json and PART.md "
        "(whole: benchmarks/whole.py on the --corpus jsonl libraries)",
    )
    parser.add_argument(
        "--corpus",
        choices=["digest", "jsonl"],
        default="digest",
        help="jsonl: issue 38's figures (benchmarks/million.py) on libraries of readlog's own export, "
        "made once and reused; results go to issue38.json and issue38.md",
    )
    parser.add_argument(
        "--cache",
        type=Path,
        action="append",
        default=[],
        help="a folder of libraries made before (e.g. /work/bench1m), copied from, never written to",
    )
    parser.add_argument(
        "--big-views",
        default=BIG_VIEW_SIZES,
        help=f"library sizes for list/search --limit 0 piped, history and undo (default {BIG_VIEW_SIZES}; 0: skip)",
    )
    args = parser.parse_args(argv)
    try:
        args.sizes = sorted({int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()})
    except ValueError:
        parser.error("--sizes: give numbers such as 1000,10000")
    try:
        args.big_views = sorted({int(s.replace("_", "")) for s in args.big_views.split(",") if s.strip()} - {0})
    except ValueError:
        parser.error("--big-views: give numbers such as 2000,20000")
    if not args.sizes or min(args.sizes) < 10 or args.runs < 1:
        parser.error("give at least one size of 10 or more, and --runs 1 or more")
    return args


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run_size(
    n: int, args: argparse.Namespace, base: list[str], env: dict[str, str], reads: bool = True
) -> dict[str, Any]:
    """Import the digest of ``n`` entries (timed, beside its sqlite3 floor), then, if ``reads``, time the reads."""
    source = corpus("digest", n, args.work, args.seed)
    db = args.work / f"readlog-{n}.db"
    floor_db = args.work / f"floor-{n}.db"
    import_runs = args.import_runs or (3 if n < BIG else 1)
    log(f"{n:,}: sqlite3 floor x{import_runs}")
    floor_cmd = [sys.executable, str(FLOOR_IMPORT), str(source), str(floor_db)]
    floor = time_import(floor_cmd, floor_db, env=env, runs=import_runs)
    remove_library(floor_db)
    log(f"{n:,}: import x{import_runs}")
    imported = time_import([*base, "--db", str(db), "import", str(source)], db, env=env, runs=import_runs)
    out: dict[str, Any] = {
        "file": str(source),
        "file_mb": round(source.stat().st_size / 2**20, 1),
        "floor": floor.as_dict(),
        "import": imported.as_dict(),
    }
    if not reads:
        return out
    if imported.error:
        log(f"{n:,}: import failed: {imported.error}")
        out["reads"] = {name: Timing(error="no library").as_dict() for name in (*READS, *COMPLETIONS)}
        return out
    prepare_library(base, db, n, env)
    values = {"source": first_source(source), "id": str(n // 3), "word3": args.word3, "word2": args.word2}
    out["found"] = sanity(base, db, values, env)
    log(f"{n:,}: reads x{args.runs} (found: {out['found']})")
    reads = time_reads(base, db, n, values, env=env, runs=args.runs)
    log(f"{n:,}: completions x{args.runs}")
    reads.update(time_completions(base, db, env=env, runs=args.runs))
    out["reads"] = {k: v.as_dict() for k, v in reads.items()}
    out["cli_floor"] = Timing([r for t in reads.values() for r in t.floor_runs]).as_dict()
    return out


def run_netscape(args: argparse.Namespace, base: list[str], env: dict[str, str]) -> dict[str, Any]:
    """The 5,000-bookmark import, its sqlite3 floor and, when buku is installed, buku on the same file.

    buku runs alternately with readlog (in a fresh data folder each time), so
    that the ratio compares runs made under the same load.
    """
    source = corpus("netscape", 5000, args.work, args.seed)
    db = args.work / "readlog-netscape.db"
    runs = args.import_runs or 3
    floor_db = args.work / "floor-netscape.db"
    floor = time_import(
        [sys.executable, str(FLOOR_IMPORT), "--netscape", str(source), str(floor_db)], floor_db, env=env, runs=runs
    )
    remove_library(floor_db)
    paired = buku_command(args.buku, source, args.work / "buku") if args.buku else None
    if paired:
        log(f"netscape 5,000: alternating with {args.buku}")

    def fresh(_: int) -> list[str]:
        remove_library(db)
        return [*base, "--db", str(db), "import", str(source)]

    timing = measure([], env=env, runs=runs, warmup=False, fresh=fresh, paired=paired)
    remove_library(db)
    if timing.error:
        return {"median": None, "note": f"skipped: readlog cannot import it yet ({timing.error})"}
    return {**timing.as_dict(), "floor": floor.as_dict(), "buku": args.buku}


def buku_command(buku: str, source: Path, home: Path) -> list[str]:
    """buku importing ``source`` into an empty library of its own, asking nothing."""
    script = (
        'rm -rf "$1" && mkdir -p "$1" && XDG_DATA_HOME="$1" HOME="$1" '
        'exec "$2" --nostdin --nc --tacit -i "$3" </dev/null'
    )
    return ["sh", "-c", script, "buku", str(home), buku, str(source)]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    args.work = args.work.resolve()
    args.out = args.out.resolve()
    args.tree = args.tree.resolve() if args.tree else None
    args.work.mkdir(parents=True, exist_ok=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # Children run in the work folder: `python -m readlog` would otherwise pick
    # up a readlog package in the current directory ahead of --tree.
    os.chdir(args.work)
    env = child_env(args.tree)
    base = readlog_command(args.tree)
    if args.tree is not None:
        timed = timed_copy(env)
        if not timed.startswith(str(args.tree) + os.sep):
            sys.exit(
                f"--tree {args.tree}: this Python imports readlog from {timed} instead (an editable install's "
                "finder wins over PYTHONPATH); run the benchmark with a Python where readlog is not installed "
                "editable, e.g. a virtual environment made for it with `pip install .` of either copy"
            )
    results: dict[str, Any] = {
        "machine": machine(args.tree),
        "command": base,
        "tree": str(args.tree or ROOT),
        "runs": args.runs,
        "import_runs": args.import_runs or "3 (1 for 100k+)",
        "flat_tolerance": args.flat_tolerance,
        "words": {"3": args.word3, "2": args.word2},
    }
    if args.corpus == "jsonl" or args.only == "whole":
        return report_issue38(results, args, base, env)
    if args.only == "triage":
        return report_triage_only(results, args, base, env)
    if args.only == "bigviews":
        return report_big_views_only(results, args, base, env)
    if args.only:
        return report_part_only(results, args, base, env)
    results["sizes"] = {}
    for n in args.sizes:
        results["sizes"][str(n)] = run_size(n, args, base, env)
    results["triage"] = {str(n): run_triage(n, args, base, env) for n in args.sizes}
    results["big_views"] = {str(n): run_big_views(n, args, base, env) for n in args.big_views}
    if not args.no_netscape:
        log("netscape 5,000")
        results["netscape"] = run_netscape(args, base, env)
    if not args.no_capture:
        sys.path.insert(0, str(HERE))
        from capture import run_capture

        results["capture"] = run_capture(base, args.work, env, args.capture_runs, measure, CLI_FLOOR_CMD, log)
    results["flags"] = flags(results) + triage_flags(results) + big_view_flags(results)
    return write_report(results, args.out, markdown(results))


def report_issue38(results: dict[str, Any], args: argparse.Namespace, base: list[str], env: dict[str, str]) -> int:
    """``--corpus jsonl``: issue 38's figures (benchmarks/million.py), in issue38.json and .md;
    ``--only whole``: benchmarks/whole.py alone on those libraries, in whole.json and .md."""
    import million

    if args.only == "whole":
        libraries = {n: str(million.library(n, args.work, args.cache, base, env)[0]) for n in args.sizes}
        results["whole"] = million.run_whole(args.sizes, libraries, env, args.runs)
        results["flags"] = []
        whole = results["whole"]
        return write_report(results, args.out.with_name("whole.json"), whole.get("report") or whole.get("note", ""))
    results.update(million.run_issue38(args, base, env))
    results["flags"] = million.flags(results)
    table = million.markdown(results) + "\n" + flags_table(results["flags"])
    return write_report(results, args.out.with_name("issue38.json"), table)


def report_part_only(results: dict[str, Any], args: argparse.Namespace, base: list[str], env: dict[str, str]) -> int:
    """``--only reads``, ``import`` or ``netscape``: that part alone, with the targets it measures,
    reported in PART.json and PART.md (the reads use the libraries a full run builds, built if missing)."""
    results["sizes"] = {}
    for n in [] if args.only == "netscape" else args.sizes:
        if args.only == "reads":
            db = ensure_library(n, args, base, env)
            source = corpus("digest", n, args.work, args.seed)
            values = {"source": first_source(source), "id": str(n // 3), "word3": args.word3, "word2": args.word2}
            log(f"{n:,}: reads x{args.runs}")
            reads = time_reads(base, db, n, values, env=env, runs=args.runs)
            results["sizes"][str(n)] = {
                "reads": {k: v.as_dict() for k, v in reads.items()},
                "cli_floor": Timing([r for t in reads.values() for r in t.floor_runs]).as_dict(),
            }
        else:
            results["sizes"][str(n)] = run_size(n, args, base, env, reads=False)
    if args.only == "netscape":
        log("netscape 5,000")
        results["netscape"] = run_netscape(args, base, env)
    results["flags"] = [f for f in flags(results) if f["value"] is not None]
    table = part_markdown(results, args.only) + "\n" + flags_table(results["flags"])
    return write_report(results, args.out.with_name(f"{args.only}.json"), table)


def part_markdown(results: dict[str, Any], part: str) -> str:
    """The rows of the full table that ``--only PART`` measured."""
    sizes = sorted(results["sizes"], key=int)
    lines = []
    if sizes:
        lines.append("| step | " + " | ".join(f"{int(s):,} entries" for s in sizes) + " |")
        lines.append("|---" * (len(sizes) + 1) + "|")
    if part == "import":
        floors = [results["sizes"][s]["floor"] for s in sizes]
        row = [cell(f["median"], None, f["peak_mb"]) for f in floors]
        lines.append("| sqlite3 floor: insert + FTS5 trigram | " + " | ".join(row) + " |")
        row = [import_cell(results["sizes"][s]["import"], results["sizes"][s]["floor"]) for s in sizes]
        lines.append("| `import` digest | " + " | ".join(row) + " |")
    if part == "reads":
        row = [cell(results["sizes"][s]["cli_floor"]["median"], None) for s in sizes]
        lines.append("| CLI floor | " + " | ".join(row) + " |")
        for name in READS:
            row = []
            for s in sizes:
                t = results["sizes"][s]["reads"][name]
                text = cell(t["median"], t["floor_median"]) + f"; CPU {cpu_ratio(t)}"
                row.append(text if not t["error"] else t["error"])
            lines.append(f"| `{name}` | " + " | ".join(row) + " |")
    net = results.get("netscape") or {}
    if net.get("median") is not None:
        buku = f"; buku {statistics.median(net['floor_runs']):.3f} s" if net.get("floor_runs") else ""
        lines.append(f"`import` of 5,000 Netscape bookmarks: {cell(net['median'], net['floor']['median'])}{buku}")
    return "\n".join(lines) + "\n"


def report_triage_only(results: dict[str, Any], args: argparse.Namespace, base: list[str], env: dict[str, str]) -> int:
    """``--only triage``: the triage part alone, reported in triage.json and triage.md."""
    results["triage"] = {str(n): run_triage(n, args, base, env) for n in args.sizes}
    results["flags"] = triage_flags(results)
    return write_report(
        results, args.out.with_name("triage.json"), triage_markdown(results) + "\n" + flags_table(results["flags"])
    )


def report_big_views_only(
    results: dict[str, Any], args: argparse.Namespace, base: list[str], env: dict[str, str]
) -> int:
    """``--only bigviews``: the big views alone, reported in bigviews.json and bigviews.md."""
    results["big_views"] = {str(n): run_big_views(n, args, base, env) for n in args.big_views}
    results["flags"] = big_view_flags(results)
    return write_report(
        results, args.out.with_name("bigviews.json"), big_views_markdown(results) + "\n" + flags_table(results["flags"])
    )


def write_report(results: dict[str, Any], out: Path, table: str) -> int:
    """Write ``results`` to ``out`` (JSON) and ``table`` beside it (.md), print the table, and
    return the exit status: 1 when a target of ``results["flags"]`` was missed."""
    out.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    out.with_suffix(".md").write_text(table, encoding="utf-8")
    print(table)
    missed = [f["target"] for f in results["flags"] if f["met"] is False]
    log(f"results: {out}" + (f"; {len(missed)} target(s) missed" if missed else ""))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
