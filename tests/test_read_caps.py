"""Size caps on what readlog decompresses or holds whole in memory.

A 400 KB gzip bomb once grew an import to 850 MB; a binary plist whose
arrays refer to each other expands exponentially into JSON; a feed is
parsed whole by feedparser (a 30 MB feed of short items peaked at 428 MB).
Every decompressed read and every read of a whole file stops at
READLOG_MAX_READ_MB (default 128), a feed at READLOG_MAX_FEED_MB (default
16), each with one line naming the limit and how to raise it; compressed
data that expands more than 100 times is refused as a bomb. Plain files
read line by line are not capped: their memory stays flat however large.
"""

from __future__ import annotations

import gzip
import json
import plistlib
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT, Run

MB = 1 << 20
DIGEST_ENTRY = "技术文章 Rust Blog 2026-10-30\n文章介绍 Rust 编译器第 {i} 条进展。\n推荐收录，因为有数字。\n"


def digest(size: int) -> bytes:
    out, i, total = [], 0, 0
    while total < size:
        out.append(DIGEST_ENTRY.format(i=i).encode())
        total += len(out[-1])
        i += 1
    return b"".join(out)


def links_json(size: int) -> bytes:
    n = size // 40 + 1
    return json.dumps([{"url": f"https://cap.example/{i}", "title": f"t{i}"} for i in range(n)]).encode()


def one_line_error(result: object, *parts: str) -> str:
    stderr = str(getattr(result, "stderr", ""))
    lines = [line for line in stderr.splitlines() if line.startswith("readlog:")]
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


CAP = "0.25 MB"  # small, so the files past it stay quick to import


@pytest.fixture
def cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("READLOG_MAX_READ_MB", "0.25")


def test_gzip_json_past_the_cap_is_refused(run: Run, tmp_path: Path, cap: None) -> None:
    bomb = tmp_path / "bomb.json.gz"
    bomb.write_bytes(gzip.compress(links_json(3 * MB // 4)))
    one_line_error(run("import", str(bomb), code=1), CAP, "READLOG_MAX_READ_MB")
    assert run.json("list") == []


def test_a_plain_json_file_past_the_cap_is_refused(run: Run, tmp_path: Path, cap: None) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(links_json(3 * MB // 4))
    one_line_error(run("import", str(path), code=1), CAP, "READLOG_MAX_READ_MB")


def test_streamed_plain_files_are_not_capped(run: Run, tmp_path: Path, cap: None) -> None:
    path = tmp_path / "big-digest.txt"
    data = digest(MB // 2)
    path.write_bytes(data)
    result = run("import", str(path), "--json")
    assert json.loads(result.stdout)[0]["added"] == data.count("推荐收录".encode())


def test_gzip_under_the_cap_streams_and_over_it_stops(run: Run, tmp_path: Path, cap: None) -> None:
    small, big = tmp_path / "small.txt.gz", tmp_path / "big.txt.gz"
    small.write_bytes(gzip.compress(digest(MB // 8)))
    big.write_bytes(gzip.compress(digest(3 * MB // 4)))
    run("import", str(small))
    before = len(run.json("list", "-n", "0"))
    one_line_error(run("import", str(big), code=1), CAP, "READLOG_MAX_READ_MB")
    assert len(run.json("list", "-n", "0")) == before  # the file is one transaction: nothing of it kept


def test_a_zip_member_past_the_cap_costs_only_itself(run: Run, tmp_path: Path, cap: None) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("big.json", links_json(3 * MB // 4))
        z.writestr("small.json", links_json(10_000))
    result = run("import", str(archive), "--json", code=1)
    by_name = {r["file"].rsplit(":", 1)[1]: r for r in json.loads(result.stdout)}
    assert CAP in by_name["big.json"]["error"] and "READLOG_MAX_READ_MB" in by_name["big.json"]["error"]
    assert by_name["small.json"]["added"] > 0


def test_an_lz4_backup_declaring_more_than_the_cap(run: Run, tmp_path: Path, cap: None) -> None:
    from readlog.inputs.unpack import MOZLZ4_MAGIC

    path = tmp_path / "bookmarks.jsonlz4"
    path.write_bytes(MOZLZ4_MAGIC + (MB).to_bytes(4, "little") + b"\x10x")
    one_line_error(run("import", str(path), code=1), CAP, "READLOG_MAX_READ_MB")


def test_a_property_list_that_expands_exponentially(run: Run, tmp_path: Path, cap: None) -> None:
    """Arrays that refer to one array many times: a few KB on disk, 10 GB as JSON."""
    leaf = ["x" * 100] * 100
    tree: object = leaf
    for _ in range(3):
        tree = [tree] * 100
    path = tmp_path / "Bookmarks.plist"
    path.write_bytes(
        plistlib.dumps({"WebBookmarkType": "WebBookmarkTypeList", "Children": tree}, fmt=plistlib.FMT_BINARY)
    )
    assert path.stat().st_size < 20_000
    one_line_error(run("import", str(path), code=1), CAP, "READLOG_MAX_READ_MB")


def test_a_feed_past_its_cap(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    item = "<item><title>Item {i}</title><link>https://feed.example/{i}</link></item>\n"
    body = "".join(item.format(i=i) for i in range(3000))
    feed = tmp_path / "feed.xml"
    feed.write_text(f'<?xml version="1.0"?><rss version="2.0"><channel><title>F</title>{body}</channel></rss>')
    monkeypatch.setenv("READLOG_MAX_FEED_MB", "0.2")
    one_line_error(run("import", str(feed), code=1), "0.2 MB", "READLOG_MAX_FEED_MB")
    monkeypatch.setenv("READLOG_MAX_FEED_MB", "1")
    assert json.loads(run("import", str(feed), "--json").stdout)[0]["added"] == 3000


@pytest.mark.parametrize("variable", ["READLOG_MAX_READ_MB", "READLOG_MAX_FEED_MB"])
@pytest.mark.parametrize("value", ["0", "-5", "inf", "nan", "lots"])
def test_a_cap_that_is_not_a_positive_size_is_a_usage_error(
    run: Run, monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    monkeypatch.setenv(variable, value)
    one_line_error(run("import", str(ROOT / "examples" / "reading-digest.txt"), code=2), variable)


def _peak(tmp_path: Path, path: Path) -> tuple[str, int]:
    """Import ``path`` in a fresh process with a 32 MB cap: (its stderr, its peak memory in MB)."""
    probe = (
        "import resource, subprocess, sys; "
        "r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
        "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); print(r.stderr)"
    )
    env = {"READLOG_DB": str(tmp_path / "lib.db"), "READLOG_MAX_READ_MB": "32", "PATH": "/usr/bin:/bin"}
    command = [sys.executable, "-c", probe, sys.executable, "-m", "readlog", "import", str(path)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    first, stderr = done.stdout.split("\n", 1)
    code, peak_kib = first.split()
    assert code == "1", done.stdout
    return stderr, int(peak_kib) // 1024


@pytest.mark.slow
def test_a_gzip_bomb_stays_small_in_memory(tmp_path: Path) -> None:
    """400 MB of JSON in under 1 MB (gzip members repeated), 810 MB at its
    peak before: now refused early, in a few tens of MB."""
    member = gzip.compress(b'{"url": "https://bomb.example/x"}, ' * 30_000, compresslevel=9)
    bomb = tmp_path / "bomb.json.gz"
    with open(bomb, "wb") as fh:
        fh.write(gzip.compress(b"["))
        for _ in range(400 * MB // (35 * 30_000)):
            fh.write(member)
    assert bomb.stat().st_size < 2 * MB
    stderr, peak = _peak(tmp_path, bomb)
    assert "compression bomb" in stderr and peak < 100, f"peak {peak} MB"


@pytest.mark.slow
def test_a_whole_read_past_the_cap_stays_near_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    record = b'{"url": "https://cap.example/x"}, '
    path.write_bytes(b"[" + record * (48 * MB // len(record)) + b"{}]")
    stderr, peak = _peak(tmp_path, path)
    assert "32 MB" in stderr and peak < 32 + 60, f"peak {peak} MB"


def _gzip_of_newlines(path: Path, megabytes: int) -> Path:
    member = gzip.compress(b"\n" * MB, compresslevel=9)  # gzip members may follow one another
    path.write_bytes(gzip.compress(DIGEST_ENTRY.format(i=0).encode()) + member * megabytes)
    return path


@pytest.mark.slow
def test_a_bomb_of_empty_lines_stops_at_its_expansion(run: Run, tmp_path: Path) -> None:
    """Streamed, a bomb costs no memory but would keep the import busy for
    minutes before the size cap (128 MB of newlines took 110 s): data that
    expands more than 100 times is refused once past 8 MB."""
    bomb = _gzip_of_newlines(tmp_path / "lines.txt.gz", 400)
    assert bomb.stat().st_size < 500_000
    error = one_line_error(run("import", str(bomb), code=1), "100 times", "compression bomb")
    assert int(error.split(" MB from")[0].rsplit("(", 1)[1]) <= 9  # stopped soon after 8 MB


@pytest.mark.slow
def test_a_zip_member_that_expands_like_a_bomb(run: Run, tmp_path: Path) -> None:
    archive = tmp_path / "bomb.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("lines.txt", DIGEST_ENTRY.format(i=0) + "\n" * (20 * MB))
    result = run("import", str(archive), "--json", code=1)
    assert "100 times" in json.loads(result.stdout)[0]["error"]


def test_honest_compressed_text_is_far_below_the_bomb_ratio() -> None:
    import io
    import os

    from readlog.inputs.unpack import unwrap

    text = os.urandom(6 * MB).hex().encode()  # 12 MB that compresses about 2 times
    packed = gzip.compress(text, compresslevel=9)
    stream = unwrap("honest.gz", io.BytesIO(packed[1024:]), packed[:1024])
    assert stream is not None and stream.read() == text
