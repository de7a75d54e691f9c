"""Bad input: one clear line naming the file, a non-zero exit, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES, Run, write


def _fails(run: Run, *args: str, expect: str, code: int = 1) -> str:
    result = run("import", *args, code=code)
    assert "Traceback" not in result.output
    assert expect in result.stderr, result.stderr
    return result.stderr


def test_missing_file(run: Run, tmp_path: Path) -> None:
    _fails(run, str(tmp_path / "nope.txt"), expect="nope.txt: no such file")


def test_directory(run: Run, tmp_path: Path) -> None:
    _fails(run, str(tmp_path), expect="directory")


def test_binary(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "blob.bin"
    path.write_bytes(bytes(range(256)) * 10)
    _fails(run, str(path), expect="blob.bin: binary data")


def test_empty(run: Run, tmp_path: Path) -> None:
    _fails(run, str(write(tmp_path / "empty.txt", "")), expect="empty.txt: the file is empty")
    _fails(run, str(write(tmp_path / "blank.txt", "\n\n  \n")), expect="blank.txt: the file is empty")


def test_gb18030_named_nowhere_is_read_as_gb18030_and_said(run: Run, tmp_path: Path) -> None:
    """A digest saved by a Chinese Windows (GBK) imports; the guess is said, with how to override it."""
    text = (FIXTURES / "digest.txt").read_text(encoding="utf-8")
    path = tmp_path / "gbk.txt"
    path.write_bytes(text.encode("gb18030"))
    done = run("import", str(path))
    assert "3 added" in done.stdout
    assert "gbk.txt: not UTF-8 and no encoding declared; read as gb18030" in done.stderr and "--encoding" in done.stderr
    assert "3 already in the library" in run("import", str(path), "--encoding", "gb18030").stdout


def test_unknown_encoding(run: Run) -> None:
    # a bad option value: exit 2, before any file is read (issue 25)
    _fails(run, str(FIXTURES / "digest.txt"), "--encoding", "klingon", expect="unknown encoding", code=2)


def test_bom_crlf_and_blank_lines(run: Run, tmp_path: Path) -> None:
    text = (FIXTURES / "digest.txt").read_text(encoding="utf-8")
    spaced = "\r\n\r\n".join(text.splitlines()).replace("推荐", "推荐")
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + spaced.encode("utf-8"))
    assert "3 added" in run("import", str(path)).stdout
    rows = run.json("list", "-n", "0")
    assert {r["category"] for r in rows} == {"技术文章", "工程实践", "科研议题"}


def test_utf16(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "u16.txt"
    path.write_bytes((FIXTURES / "bookmarks.txt").read_text(encoding="utf-8").encode("utf-16"))
    assert "3 added" in run("import", str(path)).stdout


def test_malformed_entry_reported_rest_imported(run: Run, tmp_path: Path) -> None:
    broken = (
        "技术文章 Good Blog 2026/01/02\n第一条摘要，内容完整。\n推荐收录，第一条。\n"
        "工程实践 Broken Blog 2026/01/03\n"
        "技术文章 Good Blog 2026/01/04\n第三条摘要，内容完整。\n推荐收录，第三条。\n"
    )
    result = run("import", str(write(tmp_path / "broken.txt", broken)), code=1)
    assert "broken.txt: line 4:" in result.stderr
    assert "2 added" in result.stdout
    titles = {r["title"] for r in run.json("list")}
    assert titles == {"第一条摘要，内容完整", "第三条摘要，内容完整"}


def test_strict_is_all_or_nothing(run: Run, tmp_path: Path) -> None:
    broken = "技术文章 Good Blog 2026/01/02\n第一条摘要。\n推荐收录。\n工程实践 Broken Blog 2026/01/03\n"
    result = run("import", "--strict", str(write(tmp_path / "broken.txt", broken)), code=1)
    assert "nothing imported" in result.stderr
    assert run.json("list") == []


def test_bad_as_of_is_usage_error(run: Run) -> None:
    result = run("import", str(FIXTURES / "digest.txt"), "--as-of", "soon", code=2)
    assert "--as-of" in result.stderr


def test_unknown_format(run: Run) -> None:
    """A bad option value is a usage error (2), in import as in export."""
    _fails(run, str(FIXTURES / "digest.txt"), "--format", "nope", expect="unknown format", code=2)


def test_undetectable(run: Run, tmp_path: Path) -> None:
    _fails(
        run,
        str(write(tmp_path / "prose.txt", "just some words\nwith no shape at all\n")),
        expect="cannot tell which format",
    )


@pytest.mark.parametrize("title", ["[bold red]x[/]", "[/foo]", "[link=http://evil]click[/link]"])
def test_markup_in_titles_prints_literally(run: Run, tmp_path: Path, title: str) -> None:
    text = f"list\n\n{title}\n\nsummary {title}\n\n收藏1 天前\n"
    run("import", str(write(tmp_path / "m.txt", text)))
    assert title in run("list").stdout
    assert title in run("show", "1").stdout


def test_escape_sequences_never_reach_terminal(run: Run, tmp_path: Path) -> None:
    evil = "Title \x1b[31mred\x1b[0m \x1b]0;pwned\x07 \x07bell\x08"
    run(
        "import",
        str(write(tmp_path / "e.txt", f"list\n\n{evil}\n\nbody \x1b]8;;http://x\x07link\x1b]8;;\x07\n\n收藏1 天前\n")),
    )
    for out in (run("list").stdout, run("show", "1").stdout, run("search", "Title").stdout):
        assert "\x1b" not in out and "\x07" not in out and "\x08" not in out
        assert "pwned" not in out


def test_a_stray_nul_byte_does_not_make_a_text_export_binary(run: Run, tmp_path: Path) -> None:
    clean = (FIXTURES / "digest.txt").read_bytes()
    text = clean.replace("推荐收录，因为数据".encode(), "推荐收录，\x00因为数据".encode())
    path = tmp_path / "stray.txt"
    path.write_bytes(text)
    assert "3 added" in run("import", str(path)).stdout
    assert "\x00" not in run("show", "1").stdout


HUGE = "99999999999999999999"


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("show", HUGE), 1, "no entry with id"),
        (("note", HUGE, "x"), 1, "no entry with id"),
        (("star", "9223372036854775808"), 2, "ids run from 1"),
        (("read", f"1-{HUGE}"), 2, ""),
        (("list", "--since", "1000000000d"), 2, "before the year 1"),
        (("list", "--since", "99999999999y"), 2, "before the year 1"),
        (("list", "--since", "9999-12-31T23:59:59-05:00"), 2, "--since"),
        (("search", "缓存", "--since", "1000000000d"), 2, "before the year 1"),
    ],
)
def test_numbers_beyond_range_are_one_line_errors(run: Run, args: tuple[str, ...], code: int, message: str) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    result = run(*args, code=code)
    assert result.stderr.startswith("readlog: ") and len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr


@pytest.mark.parametrize("args", [("list", "-n", HUGE), ("search", "缓存", "-n", HUGE), ("history", "-n", HUGE)])
def test_huge_limits_mean_all(run: Run, args: tuple[str, ...]) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    everything = run(*args[:-2], "-n", "0").stdout
    assert run(*args).stdout == everything


def test_huge_page_size_in_config_means_all(run: Run, tmp_path: Path) -> None:
    run("import", str(FIXTURES / "digest.txt"))
    (tmp_path / "config").mkdir()
    write(tmp_path / "config" / "config.toml", f"page_size = {HUGE}\n")
    assert "Showing 3 of 3 entries" in run("list").stdout


@pytest.mark.parametrize("option", ["--source", "--category", "--tag"])
def test_empty_filter_values_never_mean_everything(run: Run, option: str) -> None:
    """`readlog read --source "$UNSET" --yes` must not mark the whole library read."""
    run("import", str(FIXTURES / "digest.txt"))
    result = run("read", option, "", "--yes", code=2)
    assert "needs a value" in result.stderr
    assert len(run.json("list", "--unread")) == 3
    run("list", option, " ", code=2)
