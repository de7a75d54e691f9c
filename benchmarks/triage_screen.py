"""The triage screen's part of benchmarks/run.py: ``readlog triage --unread`` timed to its
first screen beside the CLI floor and a one-line Textual app (benchmarks/textual_floor.py),
and the walk from the first entry to the last (benchmarks/triage_walk.py)."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from processes import CLI_FLOOR_CMD, TRIAGE_SIZE, Timing, cell, floor_ratio, run_in_terminal, run_once

HERE = Path(__file__).resolve().parent
BIG = 100_000
TRIAGE_WALK = HERE / "triage_walk.py"
TEXTUAL_FLOOR_CMD = [sys.executable, str(HERE / "textual_floor.py")]
TRIAGE_TARGET = 2.0  # the triage screen's first screen, as a ratio to the CLI floor, on 100,000 entries


def time_triage(base: list[str], db: Path, *, env: dict[str, str], runs: int) -> dict[str, Any]:
    """``readlog triage --unread`` to its first screen, alternating with the CLI floor and
    with the Textual floor (benchmarks/textual_floor.py), after a warm-up run of each."""
    cmd = [*base, "--db", str(db), "triage", "--unread"]
    timing = Timing()
    whole: list[float] = []
    textual: list[tuple[float, float]] = []
    for i in range(runs + 1):
        if i:
            floor = run_once(CLI_FLOOR_CMD, env=env)
            timing.floor_runs.append(floor[0])
            timing.floor_cpu.append(floor[4])
        bare = run_in_terminal(TEXTUAL_FLOOR_CMD, env=env)
        if i and bare[3] == 0:
            textual.append((bare[0], bare[5]))
        first, total, peak, code, err, cpu = run_in_terminal(cmd, env=env)
        if code != 0 or first != first:
            timing.error = f"exit {code}: {err.splitlines()[-1] if err else 'no first screen'}"
            break
        if i:
            timing.runs.append(first)
            whole.append(total)
            timing.cpu.append(cpu)
            timing.peak_mb = max(timing.peak_mb, peak)
    return {
        **timing.as_dict(),
        "exit_median": statistics.median(whole) if whole else None,
        "textual_median": statistics.median(t for t, _ in textual) if textual else None,
        "textual_cpu_median": statistics.median(c for _, c in textual) if textual else None,
    }


def triage_walk(db: Path, env: dict[str, str]) -> dict[str, Any]:
    """Rows read and memory used moving from the first entry to the last (benchmarks/triage_walk.py)."""
    done = subprocess.run(
        [sys.executable, str(TRIAGE_WALK), str(db)], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return dict(json.loads(done.stdout))


def triage_flags(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The triage targets: first screen <= 2x the CLI floor on 100,000 entries; never all rows held."""
    sizes = sorted(int(s) for s in results.get("triage", {}))
    if not sizes:
        return []
    top = sizes[-1]
    at_top = results["triage"][str(top)]
    note = "" if top == BIG else f"measured on {top:,} entries, not {BIG:,}"
    ratio = floor_ratio(at_top["first_screen"])
    walk = at_top["walk"]
    held = walk.get("max_held")
    return [
        {
            "target": f"triage first screen on {BIG:,}: <= {TRIAGE_TARGET}x CLI floor",
            "value": ratio,
            "limit": TRIAGE_TARGET,
            "unit": "x",
            "met": None if ratio is None else ratio <= TRIAGE_TARGET,
            "note": note,
        },
        {
            "target": f"triage: first to last of {top:,} entries never holds them all",
            "value": held,
            "limit": walk.get("entries"),
            "unit": "rows",
            "met": None if held is None else held < walk["entries"],
            "note": walk.get("error", ""),
        },
    ]


def triage_markdown(results: dict[str, Any]) -> str:
    """The triage rows of the report."""
    lines = [
        "",
        f"`triage --unread`, to its first screen in an {TRIAGE_SIZE[0]}x{TRIAGE_SIZE[1]} pseudo-terminal "
        "(ratio to the CLI floor run beside it; the process then quits, which takes longer: see exit). "
        "Textual floor: a one-line Textual app (benchmarks/textual_floor.py) to its first screen, run beside it:",
        "",
        "| entries | first screen | Textual floor | exit | peak | End: rows read | paging to the end: rows read, "
        "most held, RSS |",
        "|---|---|---|---|---|---|---|",
    ]
    for size, t in sorted(results.get("triage", {}).items(), key=lambda kv: int(kv[0])):
        first, walk = t["first_screen"], t["walk"]
        shown = first["error"] or cell(first["median"], first["floor_median"])
        if not first["error"] and first["cpu_median"] and first["floor_cpu_median"]:
            shown += f"; CPU {first['cpu_median'] / first['floor_cpu_median']:.2f}x"
        exit_ = f"{first['exit_median']:.3f} s" if first.get("exit_median") else "-"
        bare = cell(first["textual_median"], first["floor_median"]) if first.get("textual_median") else "-"
        if first.get("textual_cpu_median") and first["floor_cpu_median"]:
            bare += f"; CPU {first['textual_cpu_median'] / first['floor_cpu_median']:.2f}x"
        if walk.get("error"):
            end = pages = walk["error"]
        else:
            end = f"{walk['end_fetched']:,} ({walk['end_rss_mb']:.0f} MB)"
            pages = f"{walk['walk_fetched']:,}, {walk['max_held']:,}, {walk['walk_rss_mb']:.0f} MB"
        lines.append(f"| {int(size):,} | {shown} | {bare} | {exit_} | {first['peak_mb']:.0f} MB | {end} | {pages} |")
    return "\n".join(lines) + "\n"
