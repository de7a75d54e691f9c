#!/usr/bin/env python3
"""Time and memory of ``readlog fetch`` on one large page, and on several at once.

Usage: python benchmarks/page_bounds.py [--readlog PATH] [--sizes 1,2,5,9.5] [--jobs 4]

Pages of N MB are served from 127.0.0.1 (127.0.0.1 to .4 for the parallel
case) by the test suite's page generator (tests/webserver.py ``big_page``):
one long list of <li> items, and paragraphs that all differ. Each is
fetched by a fresh ``readlog fetch`` process into a fresh library; its wall
time and peak RSS (the child's ru_maxrss) are printed against the floor
measured in the same run: ``readlog fetch`` of a 100 KB page of the same
kind. The parallel case fetches JOBS pages of the largest size from JOBS
hosts with ``--jobs JOBS``. ``--readlog`` times another installation (an
older commit's) with the same pages.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from webserver import big_page


class Pages(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        query = {k: v[0] for k, v in parse_qs(urlsplit(self.path).query).items()}
        data = big_page(query["kind"], int(float(query["kb"]) * 1024))
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def serve(hosts: int) -> list[str]:
    bases = []
    for n in range(1, hosts + 1):
        httpd = ThreadingHTTPServer((f"127.0.0.{n}", 0), Pages)
        httpd.daemon_threads = True
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        bases.append(f"http://127.0.0.{n}:{httpd.server_address[1]}")
    return bases


def fetch(readlog: str, urls: list[str], jobs: int = 1) -> tuple[float, float, str]:
    """Seconds and peak MB of one ``readlog fetch`` of ``urls`` in a fresh library, and its last line."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "READLOG_DB": str(Path(tmp) / "lib.db"), "NO_COLOR": "1"}
        for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
            env.pop(name, None)
        subprocess.run([readlog, "add", "--no-fetch", *urls], env=env, check=True, capture_output=True)
        out = Path(tmp) / "out"
        with out.open("w") as sink:
            started = time.perf_counter()
            child = subprocess.Popen([readlog, "fetch", "--jobs", str(jobs)], env=env, stdout=sink, stderr=sink)
            _, status, usage = os.wait4(child.pid, 0)
            seconds = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        lines = out.read_text().strip().splitlines()
        return seconds, usage.ru_maxrss / 1024, lines[-1] if lines else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readlog", default=str(Path(sys.executable).parent / "readlog"))
    parser.add_argument("--sizes", default="1,2,5,9.5", help="page sizes in MB")
    parser.add_argument("--jobs", type=int, default=4)
    args = parser.parse_args()
    sizes = [float(s) for s in args.sizes.split(",")]
    bases = serve(args.jobs)
    print(f"readlog: {args.readlog}")
    print("| page | seconds | peak RSS | result |")
    print("|---|---|---|---|")
    for kind, name in (("li", "<li> items"), ("p", "paragraphs")):
        seconds, peak, last = fetch(args.readlog, [f"{bases[0]}/?kind={kind}&kb=100"])
        print(f"| floor: 100 KB of {name} | {seconds:.2f} s | {peak:.0f} MB | {last} |")
        for size in sizes:
            seconds, peak, last = fetch(args.readlog, [f"{bases[0]}/?kind={kind}&kb={size * 1024:g}"])
            print(f"| {size:g} MB of {name} | {seconds:.2f} s | {peak:.0f} MB | {last} |", flush=True)
    largest = max(sizes)
    urls = [f"{base}/?kind=p&kb={largest * 1024:g}&n={i}" for i, base in enumerate(bases)]
    seconds, peak, last = fetch(args.readlog, urls, jobs=args.jobs)
    print(
        f"| {args.jobs} x {largest:g} MB of paragraphs, --jobs {args.jobs} | {seconds:.2f} s | {peak:.0f} MB | {last} |"
    )


if __name__ == "__main__":
    main()
