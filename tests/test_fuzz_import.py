"""Every import entry point fed random input (issue 25, "Done when"): random bytes
and damaged samples of each format, through --format NAME (each of the 16) and
auto-detection, a file, standard input (-), a directory, a zip and a gzip, with
random file names (spaces, newlines, leading dashes, bytes that are not
UTF-8) and random --encoding values, text codecs or not. Whatever comes in:
no traceback (an exception fails the test: the
runner does not catch it), exit status 0, 1 or 2 with a one-line message per
problem on stderr, and when nothing was imported the library is unchanged
(its entries and trash, every column).
"""

from __future__ import annotations

import gzip
import io
import itertools
import json
import sqlite3
import zipfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from readlog.inputs.detect import FORMATS

from conftest import DIGEST, FIXTURES, Run, write
from helpers import examples

SAMPLES = [
    (FIXTURES / "digest.txt").read_bytes()[:1500],
    (FIXTURES / "bookmarks.txt").read_bytes()[:1500],
    *(
        (FIXTURES / "formats" / name).read_bytes()[:1500]
        for name in sorted(p.name for p in (FIXTURES / "formats").iterdir())
    ),
    b'{"title": "t", "url": "https://example.com/a", "saved_at": "2026-01-01T00:00:00+00:00"}\n',
    b"https://example.com/one\nhttps://example.com/two some words\n",
    DIGEST.encode("utf-8"),
]


@st.composite
def contents(draw: st.DrawFn) -> bytes:
    """Random bytes, or a sample of some format with a few bytes changed, cut or repeated."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=300))
    data = bytearray(draw(st.sampled_from(SAMPLES)))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, max(0, len(data) - 1)))
        edit = draw(st.sampled_from(["set", "cut", "insert", "truncate"]))
        if edit == "set" and data:
            data[at] = draw(st.integers(0, 255))
        elif edit == "cut":
            del data[at : at + draw(st.integers(1, 50))]
        elif edit == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=20))
        else:
            del data[at:]
    return bytes(data)


# Names with spaces, newlines, leading dashes, dots, non-ASCII letters, and a byte that is not
# UTF-8 (0xff, which Python on Linux holds as the surrogate U+DCFF: item 8 of issue 25).
NAME = st.text(
    st.sampled_from([*"ab 12\n\t-._~#%'\"内核éİ", "\u3000", "\u200b", "\udcff"]), min_size=1, max_size=12
).filter(lambda n: n not in (".", "..") and "/" not in n and "\x00" not in n)


ENCODING = st.one_of(
    st.none(),
    st.sampled_from(["utf-8", "utf-8-sig", "gb18030", "latin-1", "utf-16", "big5", "shift_jis", "ascii", "bogus"]),
    # codecs that are not text encodings (item 10 of issue 25): a usage error, never a traceback
    st.sampled_from(["rot13", "hex", "uu", "base64", "zlib", "punycode", "idna", "undefined"]),
    st.text(st.sampled_from("abcutf-8_ 内\udcff"), max_size=10),  # (a NUL cannot be in a command's arguments)
)


COUNTER = itertools.count()
EXPORTS: dict[Path, list[object]] = {}  # the library's content after the last example


def content(library: Path) -> list[object]:
    """The library's entries and trash, every column (cheaper than an export, and as exact)."""
    conn = sqlite3.connect(library)
    try:
        return [conn.execute(f"SELECT * FROM {t} ORDER BY id").fetchall() for t in ("entries", "trash")]
    finally:
        conn.close()


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    way=st.sampled_from(["file", "stdin", "directory", "zip", "gzip"]),
    fmt=st.sampled_from(["auto", *FORMATS, "nosuchformat"]),
    encoding=ENCODING,
    files=st.lists(st.tuples(NAME, contents()), min_size=1, max_size=3),
    data=st.data(),
)
def test_no_input_breaks_import(
    run: Run,
    library: Path,
    tmp_path: Path,
    way: str,
    fmt: str,
    encoding: str | None,
    files: list[tuple[str, bytes]],
    data: st.DataObject,
) -> None:
    if library not in EXPORTS:  # the same library for every example, with some entries to keep
        run("import", str(write(tmp_path / "seed.txt", DIGEST)))
        EXPORTS[library] = content(library)
    before = EXPORTS[library]
    work = tmp_path / f"in{next(COUNTER)}"
    work.mkdir()
    stdin: bytes | None = None
    name, body = files[0]
    if way == "file":
        target = work / name
        target.write_bytes(body)
        paths = [str(target)]
    elif way == "stdin":
        paths, stdin = ["-"], body
    elif way == "directory":
        folder = work / "dir"
        folder.mkdir()
        for i, (n, c) in enumerate(files):
            (folder / f"{i}{n}").write_bytes(c)
        paths = [str(folder)]
    elif way == "zip":
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for i, (n, c) in enumerate(files):
                # a member's name is bytes in the archive, not a file name: zipfile writes UTF-8 only
                member = f"{i}{n}".encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                archive.writestr(member, c)
        target = work / f"{name}.zip"
        target.write_bytes(buffer.getvalue())
        paths = [str(target)]
    else:
        target = work / f"{name}.gz"
        target.write_bytes(gzip.compress(body))
        paths = [str(target)]
    args = ["import", *paths, "--json"]
    if fmt != "auto" or data.draw(st.booleans()):
        args += ["--format", fmt]
    if encoding is not None:
        args += ["--encoding", encoding]
    result = run(*args, input=stdin, code=None)
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.stderr)
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    lines = result.stderr.splitlines()
    assert all(line.strip() for line in lines), result.stderr  # one line per problem, no blank lines
    if result.exit_code == 2:
        assert lines, args  # a usage error says what is wrong
        assert content(library) == before
        return
    reports = json.loads(result.stdout)
    if result.exit_code == 1:
        assert any(r["error"] or r["problems"] or r["skipped"] for r in reports) or lines, reports
    after = content(library)
    if not any(r["added"] or r["updated"] for r in reports):
        assert after == before, (args, reports)
    EXPORTS[library] = after
