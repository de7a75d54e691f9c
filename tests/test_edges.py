"""Bad inputs at the edges (issue 25, items 8-10, 12 and part of 13): names and
arguments that are not text, settings that cannot be expanded, encodings that
are not encodings of text, output the terminal's encoding cannot show, control
characters already in a library, a stats window reaching back to year 1, a
pager that fails, Ctrl-C after an import's commit and a file of NUL bytes.

Each test fails on the code before the issue's fixes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import readlog
from readlog.inputs import ingest
from readlog.model.errors import UsageError
from readlog.store import stats as store_stats

import helpers
from conftest import DIGEST, FIXTURES, Run, write
from helpers import READLOG, child_env

NO_USER = "~readlog-no-such-user-25/x.db"
CONTROLS = {*map(chr, range(0x00, 0x09)), *map(chr, range(0x0B, 0x20)), *map(chr, range(0x7F, 0xA0))}


def _bytes_path(folder: Path, name: bytes) -> bytes:
    return os.fsencode(folder) + b"/" + name


def _one_line_error(stderr: str) -> str:
    assert "Traceback" not in stderr and stderr.count("\n") == 1 and stderr.startswith("readlog: "), stderr
    return stderr


# ---- 8: file names and arguments that are not UTF-8 ------------------------------------------


def test_a_directory_import_takes_files_whose_names_are_not_utf8(run: Run, tmp_path: Path, library: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    bad = _bytes_path(folder, b"\xff\xfe saved.txt")  # sorts after ASCII names; the next one sorts first
    shutil.copyfile(FIXTURES / "bookmarks.txt", bad)
    shutil.copyfile(FIXTURES / "bookmarks.txt", _bytes_path(folder, b"\x01\x80 first.txt"))
    write(folder / "digest.txt", DIGEST)
    result = run("import", str(folder), "--as-of", "2026-12-01")
    assert "\\xff\\xfe saved.txt (bookmarks)" in result.stdout  # named with escapes, one line
    assert "\\x01\\x80 first.txt (bookmarks)" in result.stdout
    assert "digest.txt (digest)" in result.stdout
    titles = {e["title"] for e in run.json("list", "--limit", "0")}
    assert len(titles) == 3 + 3  # the digest's three and the bookmarks' three
    (action,) = run.json("history")  # the command is one action; each file's record names it
    assert action["command"] == f"import {folder}"
    conn = helpers.connect(library)
    try:
        paths = [r[0] for r in conn.execute("SELECT path FROM imports")]
    finally:
        conn.close()
    assert any(p.endswith("\\xff\\xfe saved.txt") for p in paths), paths


def test_a_file_named_in_bytes_is_imported_by_a_real_process(tmp_path: Path, library: Path) -> None:
    bad = _bytes_path(tmp_path, b"caf\xe9.txt")  # a Latin-1 name
    shutil.copyfile(FIXTURES / "bookmarks.txt", bad)
    env = child_env(library)
    done = subprocess.run([*map(os.fsencode, READLOG), b"import", bad], env=env, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert b"caf\\xe9.txt (bookmarks): 3 added" in done.stdout
    missing = _bytes_path(tmp_path, b"gone\xe9.txt")
    done = subprocess.run([*map(os.fsencode, READLOG), b"import", missing], env=env, capture_output=True, timeout=120)
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert b"gone\\xe9.txt: no such file" in done.stderr


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (["search", "\udcff"], "QUERY..."),
        (["list", "--source", "caf\udce9"], "--source"),
        (["list", "--tag", "\udcff"], "--tag"),
        (["add", "https://example.com/", "--title", "\udcff"], "--title"),
    ],
)
def test_arguments_that_are_not_text_are_usage_errors(run: Run, args: list[str], what: str) -> None:
    run("import", "-", "--format", "digest", input=DIGEST)
    err = _one_line_error(run(*args, code=2).stderr)
    assert f"{what} is not valid text" in err and "\\x" in err
    zh = _one_line_error(run("--lang", "zh", *args, code=2).stderr)
    assert "不是有效的文本" in zh


def test_a_search_for_bytes_in_a_real_process_is_a_usage_error(library: Path) -> None:
    done = subprocess.run(
        [*map(os.fsencode, READLOG), b"search", b"\xff\xfe"], env=child_env(library), capture_output=True, timeout=120
    )
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert done.stderr.decode() == "readlog: QUERY... is not valid text: \\xff\\xfe (bytes that are not UTF-8)\n"


# ---- 9: a setting naming a home directory that does not exist --------------------------------


def test_db_option_with_an_unknown_user(run: Run) -> None:
    for command in (["list"], ["config"], []):
        err = _one_line_error(run("--db", NO_USER, *command, code=2).stderr)
        assert "library (from --db)" in err and NO_USER in err


def test_environment_with_an_unknown_user(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("READLOG_DB", NO_USER)
    for command in (["list"], ["config"], ["stats"]):
        err = _one_line_error(run(*command, code=2).stderr)
        assert "library (from READLOG_DB)" in err and NO_USER in err
    assert "找不到这个用户的主目录" in run("--lang", "zh", "list", code=2).stderr


def test_config_file_with_an_unknown_user(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = write(tmp_path / "settings.toml", f'library = "{NO_USER}"\n')
    monkeypatch.setenv("READLOG_CONFIG", str(config))
    monkeypatch.delenv("READLOG_DB")
    for command in (["list"], ["config"]):
        err = _one_line_error(run(*command, code=1).stderr)
        assert f"library (from {config})" in err and NO_USER in err
    monkeypatch.setenv("READLOG_CONFIG", "~readlog-no-such-user-25/config.toml")
    err = _one_line_error(run("list", code=2).stderr)
    assert "config file (from READLOG_CONFIG)" in err


def test_the_python_api_with_an_unknown_user() -> None:
    with pytest.raises(UsageError, match="names no user's home directory"):
        readlog.open(NO_USER)


# ---- 10: encodings --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["rot13", "uu", "hex", "base64", "zlib", "punycode", "idna", "bogus"])
def test_only_text_encodings_are_accepted(run: Run, library: Path, name: str) -> None:
    err = _one_line_error(run("import", str(FIXTURES / "digest.txt"), "--encoding", name, code=2).stderr)
    assert f"--encoding {name}:" in err
    assert not library.exists()  # refused before the library is opened
    zh = _one_line_error(run("--lang", "zh", "import", str(FIXTURES / "digest.txt"), "--encoding", name, code=2).stderr)
    assert "编码" in zh


def test_utf16_asked_for_a_file_without_a_byte_order_mark(run: Run) -> None:
    """Said in readlog's words, the same on every Python (whose codec words it differently)."""
    err = _one_line_error(run("import", str(FIXTURES / "digest.txt"), "--encoding", "utf-16", code=1).stderr)
    assert "not utf-16 text (it does not start with a byte-order mark: name the byte order, utf-16-le or" in err
    zh = _one_line_error(
        run("--lang", "zh", "import", str(FIXTURES / "digest.txt"), "--encoding", "UTF-32", code=1).stderr
    )
    assert "不是 utf-32 文本（开头没有字节顺序标记：请指明字节顺序，utf-32-le 或 utf-32-be）" in zh


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "latin-1"}, {"PYTHONIOENCODING": "ascii"}])
def test_output_never_fails_on_the_terminals_encoding(run: Run, library: Path, env: dict[str, str]) -> None:
    run("import", "-", "--format", "digest", input=DIGEST)
    base = child_env(library)
    for args in (["--lang", "zh", "list"], ["list"], ["show", "1"], ["stats"], ["sources"]):
        done = subprocess.run([*READLOG, *args], env={**base, **env}, capture_output=True, timeout=120)
        assert done.returncode == 0 and b"Traceback" not in done.stderr, (args, done.stderr)
        assert b"Go Blog" in done.stdout or args == ["stats"], args
        if args[0] == "--lang":
            assert b"??" in done.stdout  # the Chinese labels, replaced where they cannot be shown


# ---- 12: control characters already in a library never leave it ---------------------------


def _damaged_library(run: Run, library: Path) -> None:
    """Entries with control characters, as an older version or another tool may have stored them."""
    run("import", "-", "--format", "digest", input=DIGEST)
    conn = helpers.connect(library)
    conn.execute(
        "UPDATE entries SET title = ?, note = ?, source = ?, summary = ?, tags = ?, url = ? WHERE id = 1",
        (
            "Bell\x07 nul\x00 esc\x1b[31m red\x9b2J end",
            "note\x1b]0;pwned\x07 line\nnext\tline\x08",
            "Go Blog\x1bc",
            "sum\x00mary\x1b[2J",
            json.dumps(["t\x1bxag", "ok"]),
            "https://example.com/\x07a",
        ),
    )
    conn.commit()
    conn.close()


@pytest.mark.parametrize("fmt", ["markdown", "html", "jsonl", "json", "csv"])
def test_exports_carry_no_control_characters(run: Run, library: Path, fmt: str) -> None:
    _damaged_library(run, library)
    out = run("export", "--format", fmt).stdout
    line_ends = {"\r", "\n"} if fmt == "csv" else {"\n"}
    found = {ch for ch in out if ch in CONTROLS and ch not in line_ends}
    assert not found, sorted(map(hex, map(ord, found)))
    assert "red" in out and "end" in out  # the text around them is kept


def test_lossless_exports_keep_what_readlog_stored_exactly(run: Run, library: Path) -> None:
    run("import", "-", "--format", "digest", input=DIGEST)
    run("note", "1", "a  note\twith tab\n\nand  spaces")  # runs of spaces, a tab, a blank line: kept as stored
    stored = run.json("show", "1")["note"]
    assert stored == "a  note\twith tab\n\nand  spaces"
    exported = [json.loads(line) for line in run("export", "--format", "jsonl").stdout.splitlines()]
    assert next(r["note"] for r in exported if r["id"] == 1) == stored
    titles = {e["id"]: e["title"] for e in run.json("list", "--limit", "0")}
    assert {r["id"]: r["title"] for r in exported} == titles


# ---- 13: stats on one screen, the pager, Ctrl-C after the commit, NUL bytes ----------------


def _entry_saved(year: int) -> str:
    record = {"readlog": 1, "title": f"From {year}", "url": f"https://example.com/{year}"}
    return json.dumps({**record, "saved_at": f"{year}-01-02T00:00:00+00:00"}) + "\n"


def test_stats_since_year_one_fits_one_screen(run: Run, library: Path) -> None:
    run("import", "-", "--format", "digest", input=DIGEST)
    screen = run("stats", "--since", "0001-01-01").stdout
    assert len(screen.splitlines()) <= 60
    data = run.json("stats", "--since", "0001-01-01")
    assert data["since"] >= "2025-10-01" and len(data["periods"]) <= store_stats.MAX_MONTHS  # starts at the first entry
    run("import", "-", "--format", "jsonl", input=_entry_saved(1980))
    for since in ("0001-01-01", "1980-01-01"):
        screen = run("stats", "--since", since).stdout
        assert len(screen.splitlines()) <= 60, since
        data = run.json("stats", "--since", since)
        assert data["bucket"] == "year" and data["since"].startswith("1980-01-02")  # the first entry
        assert len(data["periods"]) <= store_stats.MAX_YEARS and data["saved"] == 4
    assert "1980–1981" in screen and "Reading stats · since 1980-01-02" in screen
    assert "每年收藏与已读" in run("--lang", "zh", "stats", "--since", "1980-01-01").stdout


def test_stats_with_a_damaged_year_one_entry_still_fits(run: Run, library: Path) -> None:
    run("import", "-", "--format", "digest", input=DIGEST)
    conn = helpers.connect(library)
    conn.execute("UPDATE entries SET saved_at = '0001-06-01T00:00:00+00:00' WHERE id = 1")
    conn.commit()
    conn.close()
    data = run.json("stats", "--since", "all")
    assert data["bucket"] == "year" and len(data["periods"]) <= store_stats.MAX_YEARS and data["step"] > 1
    assert len(run("stats", "--since", "0001-01-01").stdout.splitlines()) <= 60


def test_a_window_of_a_few_years_is_charted_by_year(run: Run) -> None:
    run("import", "-", "--format", "jsonl", input=_entry_saved(2021))
    data = run.json("stats", "--since", "2021-01-01")
    assert data["bucket"] == "year" and [p["start"][:4] for p in data["periods"]] == [
        "2021",
        "2022",
        "2023",
        "2024",
        "2025",
        "2026",
    ]


def _in_a_terminal(args: list[str], env: dict[str, str]) -> tuple[int, bytes]:
    """Run readlog on a pseudo-terminal; its exit status and all it wrote."""
    import select

    # A pseudo-terminal made here and handed to subprocess, not pty.fork: forking this
    # process (xdist's worker has threads) and running Python in the child may deadlock.
    fd, terminal = os.openpty()
    proc = subprocess.Popen(
        [*READLOG, *args], stdin=terminal, stdout=terminal, stderr=terminal, env=env, start_new_session=True
    )
    os.close(terminal)
    out = b""
    while True:
        try:
            ready, _, _ = select.select([fd], [], [], 60)
            chunk = os.read(fd, 65536) if ready else b""
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    code = proc.wait(timeout=60)
    os.close(fd)
    return code, out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pseudo-terminal")
@pytest.mark.parametrize(("pager", "chosen_by"), [("false", "option"), ("readlog-no-such-pager-25", "config")])
def test_a_failing_pager_falls_back_to_printing(
    run: Run, library: Path, tmp_path: Path, pager: str, chosen_by: str
) -> None:
    text = "\n\n".join(f"Paragraph number {i} of the article." for i in range(120))
    record = {"readlog": 1, "title": "Long read", "url": "https://example.com/long", "text": text}
    run("import", "-", "--format", "jsonl", input=json.dumps({**record, "fetched_at": "2026-11-01T00:00:00+00:00"}))
    config = tmp_path / "config.toml"
    config.write_text("use_pager = true\n", encoding="utf-8")  # the system pager rather than readlog's reader
    env = child_env(library, PAGER=pager, COLUMNS="80", LINES="24", TERM="xterm")
    if chosen_by == "config":
        env["READLOG_CONFIG"] = str(config)
    code, out = _in_a_terminal(["show", "1", "--full", *(["--pager"] if chosen_by == "option" else [])], env)
    assert code == 0
    assert out.count(b"Paragraph number") == 120  # the whole article, not an empty screen
    assert f"the pager ({pager}) failed".encode() in out


def test_ctrl_c_after_the_commit_counts_what_was_saved(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    closing = ingest.close_input

    def interrupted(infile: object) -> None:  # Ctrl-C just after the file's transaction committed
        closing(infile)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(ingest, "close_input", interrupted)
        err = run("import", "-", "--format", "digest", input=DIGEST, code=130).stderr
    assert "interrupted after 1 file(s) were imported whole (3 entries added or updated)" in err, err
    assert len(run.json("list")) == 3


def test_ctrl_c_before_the_commit_saves_nothing(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    from readlog.store import Store

    with monkeypatch.context() as patched:
        patched.setattr(Store, "finish_import", interrupted)
        err = run("import", "-", "--format", "digest", input=DIGEST, code=130).stderr
    assert "while reading <stdin> (3 entries read so far): nothing of that file was saved" in err, err
    assert run.json("list") == []


@pytest.mark.parametrize("content", [b"\x00" * 4096, b"\x00", b"\n\x00\x00\x00\x00\n"])
def test_a_file_of_nul_bytes_is_binary_not_empty(run: Run, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "zeros.txt"
    path.write_bytes(content)
    err = _one_line_error(run("import", str(path), code=1).stderr)
    assert "binary data, not a text export" in err and "empty" not in err


@pytest.mark.parametrize("content", [b"", b"\n \n", b"\xff\xfe\n\x00 \x00"])
def test_blank_files_are_still_empty(run: Run, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "blank.txt"
    path.write_bytes(content)
    assert "the file is empty" in run("import", str(path), code=1).stderr
