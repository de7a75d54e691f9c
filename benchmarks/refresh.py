#!/usr/bin/env python3
"""``readlog refresh`` of many followed feeds against its floor (issue 37's target).

Usage: python benchmarks/refresh.py [--feeds 200] [--hosts 20] [--jobs 4] [--new 20] [--runs 3]

A local server (in this process, on 127.0.0.1-127.0.0.HOSTS, one port) serves FEEDS RSS
feeds spread over HOSTS host names, each with an ETag; a conditional request for the same
answers 304. A library follows them all (from an OPML file) and is refreshed once.

* unchanged: ``readlog refresh`` (the command, in a process of its own) when no feed changed,
  against the floor: a bare httpx loop in a process of its own making the same conditional
  requests with the same politeness (at most JOBS at once, one at a time per host).
* changed: each feed gains NEW items; ``readlog refresh`` against the floor's loop (now
  downloading the feeds) plus ``readlog import`` of the same feeds saved as files (the same
  items, into a copy of the library as it was before the refresh).

Target: at most 1.5x the floor in each case. Prints one line per case, the best of RUNS.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parent
PYTHON = sys.executable
READLOG = [PYTHON, "-m", "readlog"]
ITEMS = {"n": 10}  # items in every feed now


def feed_xml(key: int, n: int) -> bytes:
    items = "".join(
        f"<item><title>Post {i} of feed {key}</title><link>http://example.org/{key}/post-{i}</link>"
        f"<guid isPermaLink='false'>{key}-{i}</guid><pubDate>Mon, 02 Nov 2026 08:00:00 GMT</pubDate>"
        f"<description>Item {i} of feed {key}: a paragraph of text about it.</description></item>"
        for i in range(n, 0, -1)
    )
    return (
        f"<?xml version='1.0' encoding='utf-8'?><rss version='2.0'><channel><title>Feed {key}</title>"
        f"<link>http://example.org/{key}/</link><description>A feed</description>{items}</channel></rss>"
    ).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body in separate writes: no 40 ms delayed-ACK stall

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        key = int(self.path.rsplit("/", 1)[-1])
        n = ITEMS["n"]
        etag = f'"{key}-{n}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = feed_xml(key, n)
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml; charset=utf-8")
        self.send_header("ETag", etag)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def urls(port: int, feeds: int, hosts: int) -> list[str]:
    return [f"http://127.0.0.{1 + i % hosts}:{port}/feed/{i}" for i in range(feeds)]


FLOOR = """
import asyncio, json, sys
from urllib.parse import urlsplit
import httpx

async def main(pairs, jobs):
    gate = asyncio.Semaphore(jobs)
    locks = {}
    async with httpx.AsyncClient(timeout=20) as client:
        async def one(url, etag):
            lock = locks.setdefault(urlsplit(url).hostname, asyncio.Lock())
            async with lock, gate:
                r = await client.get(url, headers={"If-None-Match": etag} if etag else {})
                return r.status_code, r.content
        return await asyncio.gather(*(one(u, e) for u, e in pairs))

pairs, jobs, out = json.loads(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
results = asyncio.run(main(pairs, jobs))
if out:
    for i, (status, body) in enumerate(results):
        if status == 200:
            open(f"{out}/feed{i}.xml", "wb").write(body)
"""


def timed(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    import json

    p = argparse.ArgumentParser()
    p.add_argument("--feeds", type=int, default=200)
    p.add_argument("--hosts", type=int, default=20)
    p.add_argument("--jobs", type=int, default=4)
    p.add_argument("--new", type=int, default=20)
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    server = ThreadingHTTPServer(("0.0.0.0", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    feeds = urls(port, a.feeds, a.hosts)
    work = Path(tempfile.mkdtemp(prefix="refresh-bench-"))
    env = {**os.environ, "READLOG_DB": str(work / "lib.db"), "READLOG_LANG": "en"}
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        env.pop(name, None)
    opml = work / "subs.opml"
    outlines = "".join(f'<outline type="rss" text="Feed {i}" xmlUrl="{u}"/>' for i, u in enumerate(feeds))
    opml.write_text(f'<opml version="2.0"><body>{outlines}</body></opml>', encoding="utf-8")
    subprocess.run([*READLOG, "follow", str(opml)], env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([*READLOG, "refresh", "--jobs", str(a.jobs)], env=env, check=True, stdout=subprocess.DEVNULL)
    etags = [[u, f'"{i}-{ITEMS["n"]}"'] for i, u in enumerate(feeds)]

    floor = min(timed([PYTHON, "-c", FLOOR, json.dumps(etags), str(a.jobs), ""], env) for _ in range(a.runs))
    ours = min(timed([*READLOG, "refresh", "--jobs", str(a.jobs)], env) for _ in range(a.runs))
    print(f"refresh of {a.feeds} unchanged feeds: {ours:.3f} s ({ours / floor:.2f}x); floor {floor:.3f} s")

    ITEMS["n"] += a.new
    best_ours, best_floor = float("inf"), float("inf")
    for _ in range(a.runs):
        before = work / "before.db"
        shutil.copy(work / "lib.db", before)
        files = work / "files"
        shutil.rmtree(files, ignore_errors=True)
        files.mkdir()
        loop = timed([PYTHON, "-c", FLOOR, json.dumps(etags), str(a.jobs), str(files)], env)
        imported = timed([*READLOG, "--db", str(before), "import", str(files), "--format", "feed"], env)
        best_floor = min(best_floor, loop + imported)
        best_ours = min(best_ours, timed([*READLOG, "refresh", "--jobs", str(a.jobs)], env))
        subprocess.run([*READLOG, "undo"], env=env, check=False, stdout=subprocess.DEVNULL)
    print(
        f"refresh of {a.feeds} feeds with {a.new} new items each: {best_ours:.3f} s ({best_ours / best_floor:.2f}x); "
        f"floor (loop + import of the same files) {best_floor:.3f} s"
    )
    server.shutdown()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
