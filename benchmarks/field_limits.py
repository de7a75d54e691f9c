#!/usr/bin/env python3
"""Memory and time of one huge field: a bookmark file with a 20 MB title.

Run from the repository root (not part of the test suite):

    python benchmarks/field_limits.py            # a 20 MB title
    python benchmarks/field_limits.py --mb 100

Imports, into fresh libraries, a Netscape bookmark file whose one title is
``--mb`` megabytes of words and a normal bookmark file of the same size
(short titles), then searches each library for a word of the titles. Each
step is a whole ``readlog`` process; its wall time and peak resident memory
(the child's ru_maxrss) are printed and written to
benchmarks/results/field_limits.json. With the field limits
(readlog/model/fields.py) the huge title is cut to 4,096 characters on
import: import and search cost no more than for a normal file (before them:
import 2.6 s and 412 MB, search 7.3 s and 1.6 GB, for 20 MB).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
HEAD = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"


def huge_title(path: Path, mb: int) -> None:
    with path.open("w", encoding="utf-8") as fh:
        fh.write(HEAD + '<DT><A HREF="https://big.example/a">')
        chunk = "word " * (2**20 // 5)
        for _ in range(mb):
            fh.write(chunk)
        fh.write('</A>\n<DT><A HREF="https://big.example/b">Normal</A>\n</DL><p>\n')


def normal(path: Path, mb: int) -> None:
    with path.open("w", encoding="utf-8") as fh:
        fh.write(HEAD)
        i = 0
        while fh.tell() < mb * 2**20:
            fh.write(f'<DT><A HREF="https://normal.example/{i}" ADD_DATE="1616337559">A word about bookmark {i}</A>\n')
            i += 1
        fh.write("</DL><p>\n")


def measure(*args: str, db: Path) -> dict[str, float]:
    """One readlog process: wall seconds and peak RSS in MB (ru_maxrss of the child alone)."""
    code = (
        "import resource, subprocess, sys, time, json\n"
        "t = time.perf_counter()\n"
        "p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(json.dumps([p.returncode, time.perf_counter() - t,"
        " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024]))\n"
    )
    env = {**os.environ, "READLOG_DB": str(db)}
    cmd = [sys.executable, "-c", code, sys.executable, "-m", "readlog", *args]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    rc, seconds, peak = json.loads(out)
    if rc not in (0, 1):
        raise SystemExit(f"readlog {' '.join(args)} exited {rc}")
    return {"seconds": round(seconds, 2), "peak_mb": round(peak)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=20, help="size of the huge title, and of the normal file (MB)")
    opts = parser.parse_args()
    results: dict[str, dict[str, dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for name, make in (("huge title", huge_title), ("normal file", normal)):
            source, db = work / f"{name.replace(' ', '_')}.html", work / f"{name.replace(' ', '_')}.db"
            make(source, opts.mb)
            results[name] = {
                "import": measure("import", str(source), db=db),
                "search": measure("search", "word", db=db),
            }
    print(f"{'':14}{'import s':>10}{'import MB':>11}{'search s':>10}{'search MB':>11}   ({opts.mb} MB file)")
    for name, r in results.items():
        i, s = r["import"], r["search"]
        print(f"{name:14}{i['seconds']:>10}{i['peak_mb']:>11}{s['seconds']:>10}{s['peak_mb']:>11}")
    RESULTS.mkdir(exist_ok=True)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    (RESULTS / "field_limits.json").write_text(json.dumps({"when": stamp, "mb": opts.mb, **results}, indent=2) + "\n")


if __name__ == "__main__":
    main()
