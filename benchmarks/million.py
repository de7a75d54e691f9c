"""Issue 38's figures (``run.py --corpus jsonl``): every command of its items 1, 4 and 5
on libraries made by importing readlog's own export (benchmarks/gencorpus.py jsonl), each
beside its floor, run alternately with it, and its target.

The library of each size is made once and kept in the work folder, named by the
generator's version and readlog's schema (``library-jsonl-1000000-g1-s17.db``): a later
run reuses it. A library made by an older schema (in the work folder, or in a folder
given with ``--cache``, e.g. /work/bench1m, never written) is copied and the copy
migrated by readlog (said in the report); without one it is built by importing the
generated file (timed). The commands that write (star, read, tag, note, sync) run on
a working copy beside it (``bench-jsonl-...db``), made once from the library.

Item 1: each interactive command, into a pipe and in a 100x24 pseudo-terminal, against
the CLI floor (``python -c "import typer, rich.table, rich.console, sqlite3"``): at most
1.5x. Item 5: the one-line and piped commands against ``python -c "import typer,
sqlite3"``: at most 1.15x; on a terminal, the tables against the CLI floor: at most
1.15x. Item 4: the triage screen's first screen against a one-line Textual app
(benchmarks/textual_floor.py): at most 1.3x, and paging to the end with flat memory.
Item 3 (import against benchmarks/floor_import.py) is ``--only import``; item 2's
whole-library commands are benchmarks/whole.py's (``--only whole``).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import gencorpus
from processes import CLI_FLOOR, CLI_FLOOR_CMD, child_says, run_once, run_once_in_terminal
from triage_screen import time_triage, triage_walk

HERE = Path(__file__).resolve().parent
GENERATOR = HERE / "gencorpus.py"
WHOLE = HERE / "whole.py"
JSONL_SEED = 7
STARTUP_FLOOR = "import typer, sqlite3"
STARTUP_FLOOR_CMD = [sys.executable, "-c", STARTUP_FLOOR]
INTERACTIVE_TARGET = 1.5  # item 1: to the CLI floor, on a terminal and piped
STARTUP_TARGET = 1.15  # item 5: to the typer + sqlite3 floor; tables on a terminal to the CLI floor
TRIAGE_TEXTUAL_TARGET = 1.3  # item 4: the first screen to a one-line Textual app
IMPORT_TARGET = 0.8  # item 3: to the sqlite3 + FTS5 floor, at 1,000,000 entries
IMPORT_PEAK_MB = 150.0

# name -> (arguments, startup: item 5's piped check, table: item 5's terminal check).
# {id}: an entry in the middle; {fresh}: an entry no run changed before; {tag}, {source},
# {category}: the commonest of the generator's; {sync}: the folder synced with at preparation.
COMMANDS: dict[str, tuple[list[str], bool, bool]] = {
    "overview": ([], False, False),
    "list": (["list"], True, True),
    "list --unread": (["list", "--unread"], False, True),
    "list --tag": (["list", "--tag", "{tag}"], False, False),
    "list --source": (["list", "--source", "{source}"], False, False),
    "list --dead": (["list", "--dead"], False, False),
    "list --min-time 5": (["list", "--min-time", "5"], False, False),
    "list --since 30d": (["list", "--since", "30d"], False, False),
    "list --json": (["list", "--json", "--limit", "20"], True, False),
    "list @view": (["list", "@bench38"], False, False),
    "show": (["show", "{id}"], False, False),
    "show --json": (["show", "{id}", "--json"], True, False),
    "star": (["star", "{fresh}"], True, False),
    "read": (["read", "{fresh}"], True, False),
    "tag": (["tag", "{fresh}", "+bench38"], True, False),
    "note": (["note", "{fresh}", "bench note"], True, False),
    "search 内核 (2 zh)": (["search", "内核"], False, True),
    "search 编译器 (3 zh)": (["search", "编译器"], False, True),
    "search Go (2 en)": (["search", "Go"], False, False),
    "search GPU (3 en)": (["search", "GPU"], False, False),
    "search 编译器 Rust 内核 (words)": (["search", "编译器", "Rust", "内核"], False, False),
    "tags": (["tags"], False, False),
    "sources": (["sources"], False, False),
    "categories": (["categories"], False, False),
    "stats": (["stats"], False, False),
    "stats --since 2020-01-01": (["stats", "--since", "2020-01-01"], False, False),
    "history": (["history"], False, False),
    "undo --dry-run": (["undo", "--dry-run"], False, False),
    "next": (["next"], False, False),
    "views": (["views"], False, False),
    "feeds": (["feeds"], False, False),
    "sync (nothing new)": (["sync", "{sync}"], False, False),
}
# A Tab pressed after ``readlog --db LIB list --tag ``, as bash's script asks for it.
COMPLETION_LINE = "readlog --db {db} list --tag "
PIPED_LIMIT = ["--limit", "20"]  # piped lists and searches give every match unless limited (issue 33)


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ---- the libraries ------------------------------------------------------------------


def code_schema(env: dict[str, str]) -> int:
    """The schema the readlog being timed makes (its migrations' LATEST)."""
    return int(child_says(env, "from readlog.store.migrations import LATEST; print(LATEST)"))


def file_schema(path: Path) -> int:
    """A library's schema (its user_version), read without writing to it."""
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


def jsonl_input(n: int, work: Path) -> Path:
    """The generated export of ``n`` entries, named by the generator's version, made if missing."""
    path = work / f"jsonl-{n}-g{gencorpus.GENERATOR_VERSION}.jsonl"
    if not path.exists():
        log(f"{n:,}: generating {path.name}")
        partial = path.with_suffix(".partial")
        with open(partial, "wb") as out:
            subprocess.run([sys.executable, str(GENERATOR), "jsonl", str(n), str(JSONL_SEED)], stdout=out, check=True)
        partial.rename(path)
    return path


def _copy_library(source: Path, target: Path) -> None:
    """A copy of a library that may be open elsewhere: SQLite's backup, which reads it consistently."""
    with (
        contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src,
        contextlib.closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst, pages=65536)


def _older(n: int, dirs: list[Path], schema: int) -> Path | None:
    """The newest library of ``n`` entries from this generator made by this schema or an
    older one (in another folder: --cache), if any."""
    pattern = re.compile(rf"library-jsonl-{n}-g{gencorpus.GENERATOR_VERSION}(-s\d+)?\.db$")
    found = []
    for folder in dirs:
        for path in folder.glob(f"library-jsonl-{n}-g{gencorpus.GENERATOR_VERSION}*.db"):
            if pattern.fullmatch(path.name):
                with contextlib.suppress(sqlite3.Error):
                    if (version := file_schema(path)) <= schema:
                        found.append((version, path))
    return max(found)[1] if found else None


def library(n: int, work: Path, cache: list[Path], base: list[str], env: dict[str, str]) -> tuple[Path, dict[str, Any]]:
    """The library of ``n`` entries for the schema being timed, and how it was had:
    reused, migrated from an older schema's (on a copy), or built by import (timed)."""
    schema = code_schema(env)
    path = work / f"library-jsonl-{n}-g{gencorpus.GENERATOR_VERSION}-s{schema}.db"
    if path.exists():
        return path, {"how": "reused", "schema": schema}
    partial = path.with_name(path.stem + ".partial.db")
    remove(partial)
    older = _older(n, [work, *cache], schema)
    if older is not None and older.parent != work and file_schema(older) == schema:
        return older, {"how": f"used as it is from {older} (never written)", "schema": schema}
    if older is not None:
        version = file_schema(older)
        log(f"{n:,}: copying {older} (schema {version}; readlog's: {schema})")
        start = time.perf_counter()
        _copy_library(older, partial)
        how = {"how": f"copied from {older}", "copy_s": round(time.perf_counter() - start, 1)}
        if version < schema:
            elapsed, peak, code, err, cpu = run_once([*base, "--db", str(partial), "views"], env=env)
            if code != 0:
                raise SystemExit(f"migrating {partial}: {err}")
            how["how"] = f"migrated from schema {version} on a copy of {older}"
            how |= {"migrate_s": round(elapsed, 1), "migrate_cpu_s": round(cpu, 1), "peak_mb": round(peak)}
    else:
        source = jsonl_input(n, work)
        log(f"{n:,}: building the library: import {source.name} (timed)")
        elapsed, peak, code, err, cpu = run_once([*base, "--db", str(partial), "import", str(source)], env=env)
        if code != 0:
            raise SystemExit(f"importing {source}: {err}")
        how = {"how": "built by import", "import_s": round(elapsed, 1), "import_cpu_s": round(cpu, 1)}
        how["peak_mb"] = round(peak)
    for suffix in ("-wal", "-shm"):
        Path(str(partial) + suffix).unlink(missing_ok=True)
    partial.rename(path)
    return path, {**how, "schema": schema}


def remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def working_copy(lib: Path, n: int, work: Path, base: list[str], env: dict[str, str]) -> Path:
    """The copy the commands run on (they write: star, read, tag, note, sync), made once
    in ``work`` from ``lib`` with a saved view (@bench38) and a sync folder synced with once."""
    copy = work / f"bench-jsonl-{n}-g{gencorpus.GENERATOR_VERSION}-s{code_schema(env)}.db"
    if copy.exists() and copy.stat().st_mtime >= lib.stat().st_mtime:
        return copy
    remove(copy)
    partial = copy.with_name(copy.stem + ".partial.db")
    remove(partial)
    _copy_library(lib, partial)
    _, _, tags = gencorpus._vocabulary(JSONL_SEED)
    folder = sync_folder(copy)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for argv in (["view", "save", "bench38", "--unread", "--tag", tags[0]], ["sync", str(folder)]):
        try:
            done = subprocess.run(
                [*base, "--db", str(partial), *argv], env=env, capture_output=True, check=False, timeout=900
            )
        except subprocess.TimeoutExpired:
            log(f"preparing {copy.name}: {' '.join(argv)}: more than 900 s, left")
            continue
        if done.returncode != 0:
            log(f"preparing {copy.name}: {' '.join(argv)}: {done.stderr.decode(errors='replace').strip()[-200:]}")
        elif argv[0] == "sync":
            (folder / ".bench-synced").touch()  # sync (nothing new) is timed only after a first sync worked
    for suffix in ("-wal", "-shm"):
        Path(str(partial) + suffix).unlink(missing_ok=True)
    partial.rename(copy)
    return copy


def sync_folder(copy: Path) -> Path:
    return copy.with_name(copy.stem + "-sync")


# ---- timing ---------------------------------------------------------------------------


def alternate(
    make: Any, floors: dict[str, list[str]], *, env: dict[str, str], runs: int, terminal: bool
) -> dict[str, Any]:
    """``runs`` runs of the command ``make(i)`` gives (after an untimed warm-up), each after a
    run of every floor, so that each ratio compares runs made under the same load.
    CPU (user + system) medians and ratios, wall medians, peak memory."""
    runner = run_once_in_terminal if terminal else run_once
    cpu: list[float] = []
    wall: list[float] = []
    floor_cpu: dict[str, list[float]] = {name: [] for name in floors}
    peak = 0.0
    for i in range(runs + 1):
        if i:
            for name, cmd in floors.items():
                floor_cpu[name].append(run_once(cmd, env=env)[4])
        elapsed, mb, code, err, used = runner(make(i), env=env)
        if code != 0:
            return {"error": f"exit {code}: {err.splitlines()[-1] if err else ''}"}
        if i:
            cpu.append(used)
            wall.append(elapsed)
            peak = max(peak, mb)
    out: dict[str, Any] = {"cpu": statistics.median(cpu), "wall": statistics.median(wall), "peak_mb": round(peak)}
    for name, values in floor_cpu.items():
        out[f"{name}_cpu"] = statistics.median(values)
        out[f"{name}_ratio"] = out["cpu"] / out[f"{name}_cpu"]
    return out


def time_commands(db: Path, n: int, base: list[str], env: dict[str, str], runs: int) -> dict[str, Any]:
    """Every command of COMMANDS piped and in a terminal, and the completion Tab."""
    sources, categories, tags = gencorpus._vocabulary(JSONL_SEED)
    fresh = itertools.cycle(range(n // 2 + 1, n + 1))
    values = {"id": str(max(1, n // 3)), "tag": tags[0], "source": sources[0], "category": categories[0]}
    values["sync"] = str(sync_folder(db))
    out: dict[str, Any] = {}
    for name, (argv, startup, table) in COMMANDS.items():
        if argv[:1] == ["sync"] and not (sync_folder(db) / ".bench-synced").exists():
            out[f"{name}, piped"] = {"error": "not prepared: the first sync failed or took more than 900 s"}
            continue
        for terminal in (False, True):
            label = f"{name}, {'terminal' if terminal else 'piped'}"
            floors = {"cli": CLI_FLOOR_CMD}
            if (startup and not terminal) or name in ("star", "read", "tag", "note"):
                floors["startup"] = STARTUP_FLOOR_CMD
            limit = PIPED_LIMIT if not terminal and argv[:1] in (["list"], ["search"]) and "--limit" not in argv else []

            def make(_: int, argv: list[str] = argv, limit: list[str] = limit) -> list[str]:
                given = {**values, "fresh": str(next(fresh))} if any("{fresh}" in a for a in argv) else values
                args = [a.format(**given) for a in argv]
                return [*base, "--db", str(db), *args, *limit]

            log(f"{n:,}: {label} x{runs}")
            out[label] = alternate(make, floors, env=env, runs=runs, terminal=terminal)
            out[label]["checks"] = {"item1": True, "item5_startup": "startup" in floors and startup}
            out[label]["checks"]["item5_table"] = table and terminal
    asked = dict(env, _READLOG_COMPLETE="bash_complete", COMP_LINE=COMPLETION_LINE.format(db=db))
    log(f"{n:,}: completion Tab x{runs}")
    tab = alternate(
        lambda _: base, {"cli": CLI_FLOOR_CMD, "startup": STARTUP_FLOOR_CMD}, env=asked, runs=runs, terminal=False
    )
    out["completion Tab (--tag), piped"] = {**tab, "checks": {"item1": True, "item5_startup": True}}
    return out


def time_triage_screen(db: Path, n: int, base: list[str], env: dict[str, str], runs: int) -> dict[str, Any]:
    """Item 4: the first screen beside the one-line Textual app; the walk to the last entry."""
    log(f"{n:,}: triage first screen x{runs}")
    first = time_triage(base, db, env=env, runs=runs)
    log(f"{n:,}: triage walk")
    return {"first_screen": first, "walk": triage_walk(db, env)}


def run_whole(sizes: list[int], libraries: dict[int, str], env: dict[str, str], runs: int) -> dict[str, Any]:
    """Item 2: benchmarks/whole.py (the whole-library commands against their floors), run as
    it is, given the libraries: ``whole.py --runs R --library N=PATH ...``, its report
    read from its standard output. Absent: not measured here."""
    if not WHOLE.exists():
        return {"note": "benchmarks/whole.py does not exist yet"}
    cmd = [sys.executable, str(WHOLE), "--runs", str(runs)]
    for n in sizes:
        cmd += ["--library", f"{n}={libraries[n]}"]
    log("whole.py: " + " ".join(cmd[2:]))
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    return {"command": cmd, "exit": done.returncode, "report": done.stdout, "stderr": done.stderr[-2000:]}


def run_issue38(args: Any, base: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Items 1, 4 and 5 at each size (and 2 when whole.py exists, 3 from --only import's results)."""
    out: dict[str, Any] = {"sizes": {}, "floors": {"cli": CLI_FLOOR, "startup": STARTUP_FLOOR}}
    libraries: dict[int, str] = {}
    for n in args.sizes:
        lib, how = library(n, args.work, args.cache, base, env)
        db = working_copy(lib, n, args.work, base, env)
        libraries[n] = str(lib)
        log(f"{n:,}: {lib.name} ({how['how']}); commands run on {db.name}")
        out["sizes"][str(n)] = {
            "library": str(lib),
            "made": how,
            "commands": time_commands(db, n, base, env, args.runs),
            "triage": time_triage_screen(db, n, base, env, args.runs),
        }
    out["whole"] = run_whole(args.sizes, libraries, env, args.runs)
    imported = args.out.with_name("import.json")
    if imported.exists():
        out["import"] = json.loads(imported.read_text(encoding="utf-8"))
    return out


# ---- the report ------------------------------------------------------------------------


def flags(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Every target of items 1, 3, 4 and 5 at every size, checked (met None: not measured)."""
    out: list[dict[str, Any]] = []

    def check(name: str, value: float | None, limit: float, unit: str = "x", note: str = "") -> None:
        met = None if value is None or value != value else value <= limit
        out.append({"target": name, "value": value, "limit": limit, "unit": unit, "met": met, "note": note})

    for size, at in sorted(results["sizes"].items(), key=lambda kv: int(kv[0])):
        n = f"{int(size):,}"
        for label, t in at["commands"].items():
            checks = t.get("checks", {})
            if checks.get("item1"):
                check(f"{n}: {label}: <= {INTERACTIVE_TARGET}x CLI floor", t.get("cli_ratio"), INTERACTIVE_TARGET)
            if checks.get("item5_startup"):
                check(f"{n}: {label}: <= {STARTUP_TARGET}x typer+sqlite3", t.get("startup_ratio"), STARTUP_TARGET)
            if checks.get("item5_table"):
                check(f"{n}: {label}: <= {STARTUP_TARGET}x CLI floor (table)", t.get("cli_ratio"), STARTUP_TARGET)
        first = at["triage"]["first_screen"]
        ratio = (
            first["cpu_median"] / first["textual_cpu_median"]
            if first.get("cpu_median") and first.get("textual_cpu_median")
            else None
        )
        check(f"{n}: triage first screen: <= {TRIAGE_TEXTUAL_TARGET}x Textual app (CPU)", ratio, TRIAGE_TEXTUAL_TARGET)
        walk = at["triage"]["walk"]
        held = walk.get("max_held")
        if int(size) < 10_000:  # a small library fits in the pages the screen keeps
            continue
        out.append(
            {
                "target": f"{n}: triage paging to the end holds a page, not the library",
                "value": held,
                "limit": walk.get("entries"),
                "unit": "rows",
                "met": None if held is None else held < walk["entries"],
                "note": walk.get("error", ""),
            }
        )
    imported = (results.get("import") or {}).get("sizes", {})
    for size, r in sorted(imported.items(), key=lambda kv: int(kv[0])):
        imp, floor = r["import"], r["floor"]
        if imp.get("error") or not floor.get("median"):
            continue
        n = f"{int(size):,}"
        check(f"{n}: import digest: <= {IMPORT_TARGET}x sqlite3 floor", imp["median"] / floor["median"], IMPORT_TARGET)
        check(f"{n}: import digest: peak <= {IMPORT_PEAK_MB:.0f} MB", imp["peak_mb"], IMPORT_PEAK_MB, "MB")
    return out


def _cell(t: dict[str, Any], floor: str) -> str:
    if t.get("error"):
        return t["error"]
    text = f"{t['cpu']:.3f} s ({t[f'{floor}_ratio']:.2f}x)"
    return text + (f" [{t['startup_ratio']:.2f}x]" if floor == "cli" and "startup_ratio" in t else "")


def markdown(results: dict[str, Any]) -> str:
    """The table: each command's CPU median and ratio at each size, beside the floors."""
    sizes = sorted(results["sizes"], key=int)
    head = "| command | target | " + " | ".join(f"{int(s):,} entries" for s in sizes) + " |"
    lines = [
        "Issue 38: CPU seconds (user + system), median of each command run alternately with its floors; "
        f'(ratio to the CLI floor, `python -c "{CLI_FLOOR}"`) [ratio to the start-up floor, '
        f'`python -c "{STARTUP_FLOOR}"`, for the commands item 5 names]. Piped: output into /dev/null '
        f"(lists and searches {' '.join(PIPED_LIMIT)}); terminal: a 100x24 pseudo-terminal.",
        "",
        "| library | " + " | ".join(f"{int(s):,} entries" for s in sizes) + " |",
        "|---" * (len(sizes) + 1) + "|",
        "| made | " + " | ".join(_made(results["sizes"][s]["made"]) for s in sizes) + " |",
        "| CLI floor (CPU) | " + " | ".join(_floor(results["sizes"][s], "cli") for s in sizes) + " |",
        "| start-up floor (CPU) | " + " | ".join(_floor(results["sizes"][s], "startup") for s in sizes) + " |",
        "",
        head,
        "|---|---" + "|---" * len(sizes) + "|",
    ]
    labels = list(results["sizes"][sizes[0]]["commands"]) if sizes else []
    names = list(dict.fromkeys(label.rsplit(", ", 1)[0] for label in labels))
    for name in names:
        modes = [label for label in labels if label.rsplit(", ", 1)[0] == name]
        checks: dict[str, Any] = {}
        for label in modes:
            for key, on in results["sizes"][sizes[0]]["commands"][label].get("checks", {}).items():
                checks[key] = checks.get(key) or on
        target = f"{INTERACTIVE_TARGET}x"
        if checks.get("item5_startup"):
            target += f" [{STARTUP_TARGET}x]"
        if checks.get("item5_table"):
            target += f"; table {STARTUP_TARGET}x"
        row = []
        for s in sizes:
            at = results["sizes"][s]["commands"]
            cells = (f"{label.rsplit(', ', 1)[1]} {_cell(at.get(label, {'error': '-'}), 'cli')}" for label in modes)
            row.append("; ".join(cells))
        lines.append(f"| `{name}` | {target} | " + " | ".join(row) + " |")
    row = []
    for s in sizes:
        first, walk = results["sizes"][s]["triage"]["first_screen"], results["sizes"][s]["triage"]["walk"]
        if first.get("error") or not first.get("textual_cpu_median"):
            row.append(first.get("error") or "-")
            continue
        text = f"{first['cpu_median']:.3f} s ({first['cpu_median'] / first['textual_cpu_median']:.2f}x Textual)"
        if not walk.get("error"):
            text += f"; to the end: {walk['max_held']:,} rows held, {walk['walk_rss_mb']:.0f} MB"
        row.append(text)
    lines.append(f"| `triage --unread` first screen | {TRIAGE_TEXTUAL_TARGET}x Textual | " + " | ".join(row) + " |")
    imported = (results.get("import") or {}).get("sizes", {})
    if imported:
        lines += [
            "",
            "Item 3, from `--only import` (results/import.json, "
            f"{results['import'].get('machine', {}).get('date', '?')}): import of the digest vs the "
            "sqlite3 + FTS5 floor, wall median (ratio), peak memory:",
            "",
        ]
        for size, r in sorted(imported.items(), key=lambda kv: int(kv[0])):
            imp, floor = r["import"], r["floor"]
            if imp.get("error"):
                continue
            lines.append(
                f"- {int(size):,}: import {imp['median']:.1f} s, floor {floor['median']:.1f} s "
                f"({imp['median'] / floor['median']:.2f}x; target {IMPORT_TARGET}x at 1,000,000), "
                f"peak {imp['peak_mb']:.0f} MB (target {IMPORT_PEAK_MB:.0f} MB)"
            )
    whole = results.get("whole") or {}
    lines += ["", "Item 2 (benchmarks/whole.py): " + (whole.get("note") or f"exit {whole.get('exit')}"), ""]
    if whole.get("report"):
        lines.append(whole["report"])
    return "\n".join(lines) + "\n"


def _made(how: dict[str, Any]) -> str:
    text = f"{how['how']} (schema {how['schema']})"
    if "import_s" in how:
        text += f": {how['import_s']} s, CPU {how['import_cpu_s']} s, {how['peak_mb']} MB"
    if "copy_s" in how:
        text += f": copy {how['copy_s']} s"
    if "migrate_s" in how:
        text += f", migration {how['migrate_s']} s (CPU {how['migrate_cpu_s']} s), {how['peak_mb']} MB"
    return text


def _floor(at: dict[str, Any], name: str) -> str:
    values = [t[f"{name}_cpu"] for t in at["commands"].values() if f"{name}_cpu" in t]
    return f"{statistics.median(values):.3f} s" if values else "-"
