"""The capture part of the benchmark (issue 12): fetch, add URL, show --full.

* ``fetch`` of PAGES generated articles (English and Chinese, each about
  1,200 words or 2,400 characters) served by local HTTP servers on four
  loopback hosts (127.0.0.1 to 127.0.0.4, so that readlog's one-page-per-host
  rule still allows four at once), into a fresh copy of a library where the
  links were saved with ``add --no-fetch``; against floor_fetch.py, a bare
  httpx + trafilatura loop with the same concurrency over the same pages.
* ``show ID --full`` of a fetched 20,000-word article, against the CLI floor
  run alternately with it (standard output is not a terminal: no pager).
* ``add URL`` of one local page (its head read for the title: the HTTP
  client loaded for one page), a new link each run, against the CLI floor
  run alternately with it.

``add URL --no-fetch`` is timed with the other read and write commands (run.py READS).
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FLOOR_FETCH = HERE / "floor_fetch.py"
PAGES = 200
JOBS = 4
HOSTS = ("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4")
LONG_WORDS = 20_000
_EN = "reader notes system memory cache queue latency disk network compiler parser editor terminal font colour"
_EN += " page tree index search query table column row lock write read commit journal thread process signal"
EN_WORDS = _EN.split(" ")
_ZH = "终端 内核 调度 编译器 缓存 索引 查询 事务 日志 线程 进程 信号 内存 磁盘 网络 解析器 编辑器 字体 页面 读者"
ZH_WORDS = _ZH.split(" ")


def _english(rng: random.Random, words: int) -> list[str]:
    paragraphs = []
    for _ in range(max(1, words // 80)):
        sentences = [" ".join(rng.choice(EN_WORDS) for _ in range(10)).capitalize() + "." for _ in range(8)]
        paragraphs.append(" ".join(sentences))
    return paragraphs


def _chinese(rng: random.Random, characters: int) -> list[str]:
    paragraphs = []
    for _ in range(max(1, characters // 160)):
        sentences = ["".join(rng.choice(ZH_WORDS) for _ in range(9)) + "。" for _ in range(9)]
        paragraphs.append("".join(sentences))
    return paragraphs


def page(n: int, words: int | None = None) -> bytes:
    """Article number ``n``: English when even, Chinese when odd (or English of ``words`` words)."""
    rng = random.Random(n)
    english = words is not None or n % 2 == 0
    paragraphs = _english(rng, words or 1200) if english else _chinese(rng, 2400)
    title = f"Article {n}: " + " ".join(rng.choice(EN_WORDS) for _ in range(5))
    body = "".join(f"<p>{p}</p>\n" for p in paragraphs)
    html = (
        f'<!DOCTYPE html><html lang="{"en" if english else "zh-CN"}"><head><meta charset="utf-8">'
        f'<title>{title} | Bench</title><meta property="og:title" content="{title}">'
        f'<meta property="og:site_name" content="Bench"><meta name="description" content="Page {n}.">'
        f"</head><body><nav><a href='/'>Home</a></nav><article><h1>{title}</h1>\n{body}</article>"
        f"<footer>Bench footer</footer></body></html>"
    )
    return html.encode("utf-8")


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    pages: dict[str, bytes] = {}  # noqa: RUF012  (filled once, before serving)

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        body = self.pages.get(self.path.split("?", 1)[0])
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def serving() -> Iterator[list[str]]:
    """The PAGES article URLs (hosts taking turns), plus the long article's last, while served."""
    _Handler.pages = {f"/a/{n}": page(n) for n in range(PAGES)}
    _Handler.pages["/long"] = page(-1, LONG_WORDS)
    servers = [ThreadingHTTPServer((host, 0), _Handler) for host in HOSTS]
    for httpd in servers:
        httpd.daemon_threads = True
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        urls = [
            f"http://{HOSTS[n % len(HOSTS)]}:{servers[n % len(HOSTS)].server_address[1]}/a/{n}" for n in range(PAGES)
        ]
        yield [*urls, f"http://{HOSTS[0]}:{servers[0].server_address[1]}/long"]
    finally:
        for httpd in servers:
            httpd.shutdown()
            httpd.server_close()


def run_capture(
    base: list[str],
    work: Path,
    env: dict[str, str],
    runs: int,
    measure: Callable[..., Any],
    cli_floor: list[str],
    log: Callable[[str], None],
) -> dict[str, Any]:
    """Time fetch against its floor and show --full against the CLI floor; the results as dicts."""
    template = work / "capture-template.db"
    lib = work / "capture.db"
    urls_file = work / "capture-urls.txt"
    with serving() as urls:
        articles, long_url = urls[:-1], urls[-1]
        urls_file.write_text("\n".join(articles) + "\n", encoding="utf-8")
        for path in (template, lib):
            _remove(path)
        subprocess.run(
            [*base, "--db", str(template), "add", "-", "--no-fetch"],
            input="\n".join(articles).encode(),
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )

        def fresh(_: int) -> list[str]:
            _remove(lib)
            shutil.copyfile(template, lib)
            return [*base, "--db", str(lib), "fetch", "--jobs", str(JOBS)]

        log(f"capture: fetch of {PAGES} pages x{runs}, alternating with the httpx + trafilatura floor")
        floor_cmd = [sys.executable, str(FLOOR_FETCH), str(urls_file), str(JOBS)]
        fetch = measure([], env=env, runs=runs, fresh=fresh, paired=floor_cmd)
        found = _count(lib, "SELECT count(*) FROM entries WHERE text != ''")
        subprocess.run([*base, "--db", str(lib), "add", long_url], env=env, stdout=subprocess.DEVNULL, check=True)
        long_id = _count(lib, "SELECT max(id) FROM entries")
        subprocess.run([*base, "--db", str(lib), "fetch", str(long_id)], env=env, stdout=subprocess.DEVNULL, check=True)
        words = _count(lib, f"SELECT words FROM entries WHERE id = {long_id}")
        log(f"capture: show --full of {words:,} words x{runs}")
        show = measure([*base, "--db", str(lib), "show", str(long_id), "--full"], env=env, runs=runs, paired=cli_floor)
        log(f"capture: add URL (one page's head read) x{runs}")

        def new_link(i: int) -> list[str]:
            return [*base, "--db", str(lib), "add", f"{articles[0]}?run={i}"]

        add = measure([], env=env, runs=runs, fresh=new_link, paired=cli_floor)
    return {
        "pages": PAGES,
        "jobs": JOBS,
        "fetched": found,
        "fetch": fetch.as_dict(),
        "show_full": {**show.as_dict(), "words": words},
        "add": add.as_dict(),
    }


def _count(db: Path, sql: str) -> int:
    import sqlite3

    conn = sqlite3.connect(db)
    try:
        return int(conn.execute(sql).fetchone()[0] or 0)
    finally:
        conn.close()


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(path) + suffix).unlink(missing_ok=True)
