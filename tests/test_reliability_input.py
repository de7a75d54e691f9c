"""Hostile input files: huge fields and lines, many entries, encodings, and fuzzed shapes."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from readlog.inputs import detect as importers
from readlog.inputs.formats.digest import match_header
from readlog.inputs.reader import close_input, open_input
from readlog.model.entry import Entry, Problem
from readlog.model.errors import ReadlogError

from conftest import FIXTURES, Run, write
from helpers import examples

MB = 1 << 20


def digest_text(n: int, tag: str = "e") -> str:
    cats = ("技术文章", "工程实践", "科研议题")
    return "".join(
        f"{cats[i % 3]} Source {i % 97} 2026/{i % 12 + 1:02d}/{i % 28 + 1:02d}\n"
        f"{tag} {i} 条摘要：作者讨论了编号为 {i} 的实验。\n推荐收录，第 {i} 条。\n"
        for i in range(n)
    )


def table_lines(out: str, width: int = 100) -> list[str]:
    """The rows of a list table (header and footer removed), each checked to fit the width."""
    lines = out.rstrip("\n").split("\n")
    for line in lines:
        assert cell_len(line) <= width, (cell_len(line), line[:120])
    return lines[1:-1]


# ---- hostile sizes ---------------------------------------------------------------------------------


def test_huge_summary_and_long_single_word_title(run: Run, tmp_path: Path) -> None:
    summary = "长" * 150_000 + "x" * 150_000
    word = "W" * 5_000
    run("import", str(write(tmp_path / "d.txt", f"技术文章 Blog 2026/01/02\n{summary}\n推荐收录。\n")))
    run("import", str(write(tmp_path / "b.txt", f"list\n\n{word}\n\n{word}\n\n收藏1 天前\n")))
    rows = table_lines(run("list").stdout)
    assert len(rows) == 2
    stored = {len(r["summary"]) for r in run.json("list")}
    assert stored == {300_000, 5_000}
    shown = run("show", "2").stdout
    assert all(cell_len(line) <= 100 for line in shown.splitlines())
    assert shown.count("W") >= 5_000  # the long title/summary word is wrapped, not lost
    assert len(table_lines(run("search", "WWW").stdout)) == 1


def test_many_entries_one_line_each(run: Run, tmp_path: Path) -> None:
    n = 3_000
    result = run("import", str(write(tmp_path / "many.txt", digest_text(n))))
    assert f"{n:,} added" in result.stdout
    assert len(table_lines(run("list", "-n", "0").stdout)) == n


def _peak_rss_mb(*args: str, db: Path) -> tuple[int, str, float]:
    """Run readlog in a child of a child and report (exit code, stderr, the child's peak RSS in MB)."""
    probe = (
        "import resource, subprocess, sys, json\n"
        "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
        "print(json.dumps([p.returncode, p.stderr, peak]))\n"
    )
    env_cmd = [sys.executable, "-c", probe, sys.executable, "-m", "readlog", "--db", str(db), *args]
    out = subprocess.run(env_cmd, capture_output=True, text=True, timeout=300, check=True).stdout
    code, err, peak = json.loads(out)
    return code, err, peak


@pytest.mark.slow
def test_single_50mb_line_is_skipped_with_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("w", encoding="utf-8") as fh:
        fh.write("技术文章 Before 2026/01/01\n第一条摘要。\n推荐收录。\n")
        fh.write("技术文章 Huge 2026/01/02\n")
        chunk = "巨" * (MB // 3)
        for _ in range(50):
            fh.write(chunk)
        fh.write("\n推荐收录，巨大的一条。\n技术文章 After 2026/01/03\n最后一条摘要。\n推荐收录。\n")
    assert path.stat().st_size > 50 * 1_000_000
    code, err, peak = _peak_rss_mb("import", str(path), db=tmp_path / "lib.db")
    assert code == 1, err
    assert "line 5: line is too long" in err
    assert "Traceback" not in err
    assert peak < 400, f"peak RSS {peak:.0f} MB"
    code, err, peak = _peak_rss_mb("list", "--json", db=tmp_path / "lib.db")
    assert code == 0


# ---- encodings -------------------------------------------------------------------------------------

TEXT = (FIXTURES / "digest.txt").read_text(encoding="utf-8")
TRADITIONAL = "技術文章 Taipei Blog 2026/01/02\n作者介紹了繁體中文的編碼問題。\n推薦收錄，因為說明清楚。\n"


def test_utf8_without_bom_and_utf16_digest_both_byte_orders(run: Run, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "plain.txt", TEXT)))
    for enc, name in (("utf-16-le", "le.txt"), ("utf-16-be", "be.txt")):
        bom = "\ufeff".encode(enc)
        path = tmp_path / name
        path.write_bytes(bom + digest_text(3, tag=enc).encode(enc))
        assert "3 added" in run("import", str(path)).stdout, enc
    assert len(run.json("list")) == 9


def test_big5_named_nowhere_is_read_as_big5(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "big5.txt"
    path.write_bytes(TRADITIONAL.encode("big5"))
    done = run("import", str(path))
    assert "1 added" in done.stdout and "read as big5" in done.stderr
    assert "1 already in the library" in run("import", str(path), "--encoding", "big5").stdout
    assert run.json("list")[0]["title"] == "繁體中文的編碼問題"  # 作者介紹了 stays in the summary


def test_utf16_without_bom_and_other_encodings_name_the_option(run: Run, tmp_path: Path) -> None:
    cases = {
        "u16.txt": TEXT.encode("utf-16-le"),
        "latin1.txt": "Café Blog 2026/01/02\nRésumé à propos.\nÀ garder.\n".encode("latin-1"),
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        err = run("import", str(path), code=1).stderr
        assert name in err and "--encoding" in err, err
        assert "Traceback" not in err
    assert "3 added" in run("import", str(tmp_path / "u16.txt"), "--encoding", "utf-16-le").stdout
    # Japanese in Shift_JIS reads as Japanese: it is read so (tests/test_encodings_cjk.py), and said
    sjis = tmp_path / "sjis.txt"
    sjis.write_bytes("技術 ブログ 2026/01/02\n日本語の要約です。\n推薦します。\n".encode("shift_jis"))
    assert "read as shift_jis" in run("import", str(sjis)).stderr


# ---- fuzzing both shapes ---------------------------------------------------------------------------

BOOKMARKS = (FIXTURES / "bookmarks.txt").read_text(encoding="utf-8")
AS_OF = datetime(2026, 12, 1, tzinfo=timezone.utc)
GARBAGE = st.one_of(
    st.text(max_size=80),
    st.sampled_from(
        ["技术文章 Fake 2026/13/45", "收藏3 天前", "", "   ", "<p>html</p>", "\ufeff", "2026/01/02", "a b"]
    ),
)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    base = draw(st.sampled_from([TEXT, BOOKMARKS, TEXT + "\n" + TEXT, BOOKMARKS.replace("\n\n", "\n")]))
    lines = base.split("\n")
    for _ in range(draw(st.integers(0, 6))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "unicode", "truncate"]))
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if not lines:
            lines = [""]
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "insert":
            lines.insert(i, draw(GARBAGE))
        elif op == "unicode":
            k = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:k] + draw(st.text(min_size=1, max_size=10)) + lines[i][k:]
        elif op == "truncate":
            text = "\n".join(lines)
            lines = text[: draw(st.integers(0, len(text)))].split("\n")
    return "\n".join(lines)


def _parse_all(text: str) -> dict[str, list[Entry | Problem]]:
    """Every importer over ``text`` written as a UTF-8 file; a clear ReadlogError is allowed when opening."""
    found: dict[str, list[Entry | Problem]] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "in.txt"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        for name in ("digest", "bookmarks"):
            try:
                infile = open_input(str(path))
            except ReadlogError:
                continue
            try:
                found[name] = list(importers.parse(name, infile, importers.ParseContext(as_of=AS_OF)))
            finally:
                close_input(infile)
    return found


def _check(found: dict[str, list[Entry | Problem]], text: str) -> None:
    """Only entries and line-numbered problems; no entry swallows a dated header line of the file."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    headers = {s for s in (line.strip().lstrip("\ufeff").strip() for line in lines) if _dated(s)}
    for name, items in found.items():
        for item in items:
            assert isinstance(item, (Entry, Problem)), item
            if isinstance(item, Problem):
                assert 0 <= item.line <= len(lines), (name, item)
                continue
            assert 1 <= item.line <= len(lines), (name, item)
            if name == "digest":
                body = {s.strip() for field in (item.summary, item.verdict) for s in field.split("\n")}
                assert not (body | {item.title}) & headers, (item, headers)


def _dated(line: str) -> bool:
    found = match_header(line)
    return bool(found and found[1])


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_files_import_or_report_problems(text: str) -> None:
    _check(_parse_all(text), text)


@settings(max_examples=examples(100), deadline=None)
@given(st.text(st.characters(exclude_categories=("Cs",)), max_size=400))
def test_random_text_never_raises(text: str) -> None:
    _check(_parse_all(text), text)
