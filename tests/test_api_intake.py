"""The intake commands and the overview through the Python API (issue 34, item 1):
``readlog`` alone, ``import``, ``add`` and ``fetch`` call the Library methods a
script calls, and print what they give."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

import readlog
from readlog.core.library import Library

import webserver
from conftest import Run
from webserver import Server

server, web_server = webserver.server, webserver.web_server  # the local server's fixtures

ROOT = Path(__file__).resolve().parent.parent
DIGEST = ROOT / "examples" / "reading-digest.txt"  # five entries, ids 1-5


@pytest.fixture
def lib(library: Path, run: Run) -> Iterator[Library]:
    """The library the commands use (READLOG_DB), with the digest imported by the command."""
    run("import", str(DIGEST), "--as-of", "2026-12-01")
    with readlog.open() as opened:
        yield opened


# ---- readlog alone ---------------------------------------------------------------------------


def test_overview_is_what_readlog_alone_shows(lib: Library, run: Run) -> None:
    lib.star(2)
    lib.mark_read([1, 5])
    glance = lib.overview()
    assert (glance.total, glance.unread, glance.starred) == (5, 3, 1)
    assert [e.id for e in glance.newest] == [e.id for e in lib.entries(unread=True)][:5]
    assert all(isinstance(e, readlog.Entry) and not e.read for e in glance.newest)
    assert glance.last_import is not None and glance.last_import["added"] == 5
    assert glance.last_import["path"].endswith("reading-digest.txt")
    out = run().stdout
    assert "5 entries · 3 unread · 1 starred" in out and "5 added" in out
    assert all(e.title in out for e in glance.newest)


def test_get_gives_the_other_titles_show_lists(tmp_path: Path, run: Run, library: Path) -> None:
    import json

    page = tmp_path / "b.html"
    page.write_text(
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        '<DT><A HREF="https://blog.example/post" ADD_DATE="1700000000">Original title</A>\n'
        '<DT><A HREF="https://blog.example/post/" ADD_DATE="1710000000">A title of its own</A>\n</DL>\n',
        encoding="utf-8",
    )
    run("import", str(page))
    with readlog.open() as lib:
        [listed] = lib.entries()
        entry = lib.get(listed.id)
    assert entry.other_titles == ("A title of its own",) and listed.other_titles == ()
    assert entry == listed and "other_titles" not in repr(entry)
    assert json.loads(run("show", str(entry.id), "--json").stdout)["other_titles"] == list(entry.other_titles)


def test_overview_of_an_empty_library(tmp_path: Path) -> None:
    with readlog.open(memory=True) as scratch:
        glance = scratch.overview()
        assert (glance.total, glance.unread, glance.starred, glance.newest, glance.last_import) == (0, 0, 0, (), None)
        scratch.close()
        with pytest.raises(readlog.ReadlogError):
            scratch.overview()


# ---- fetch -----------------------------------------------------------------------------------


class Bar:
    """A progress callback as a face gives one: called with the total, a context manager
    whose value is told of each page."""

    def __init__(self) -> None:
        self.totals: list[int] = []
        self.pages: list[tuple[bool, bool]] = []
        self.open = False

    def __call__(self, total: int) -> Bar:
        self.totals.append(total)
        return self

    def __enter__(self) -> Bar:
        self.open = True
        return self

    def __exit__(self, *exc: object) -> None:
        self.open = False

    def advance(self, ok: bool, dead: bool) -> None:
        assert self.open
        self.pages.append((ok, dead))


def test_fetch_takes_the_filters_entries_takes(library: Path, run: Run, server: Server) -> None:
    run("add", server.url("/en?f=1"), "--no-fetch", "--source", "One")
    run("add", server.url("/en?f=2"), "--no-fetch", "--source", "Two")
    run("add", server.url("/zh?f=3"), "--no-fetch", "--source", "Two", "--star")
    with readlog.open() as lib:
        bar = Bar()
        report = lib.fetch(source="One", progress=bar)
        assert [o.id for o in report.outcomes] == [1] and report.fetched == 1
        assert bar.totals == [1] and bar.pages == [(True, False)] and not bar.open
        assert lib.history(limit=1)[0].command == "fetch --source One"
        assert [o.id for o in lib.fetch(source="Two", starred=False).outcomes] == [2]
        assert lib.history(limit=1)[0].command == "fetch --source Two"  # not starred: no option says it
        assert lib.fetch(unread=True).fetched == 1  # the one left
        assert lib.fetch([1, 2], refetch=True).fetched == 2
        assert lib.history(limit=1)[0].command == "fetch 1 2 --refetch"
        lib.fetch([3], refetch=True, as_typed="fetch 3-3 --refetch")
        assert lib.history(limit=1)[0].command == "fetch 3-3 --refetch"
        with pytest.raises(readlog.BadValue, match="ids or filters"):
            lib.fetch([1], unread=True)
        with pytest.raises(readlog.BadArgument):
            lib.fetch(progress="bar")  # type: ignore[arg-type]
        with pytest.raises(readlog.BadArgument):
            lib.fetch(unred=True)
    # The command calls the same method, and history keeps its ids as typed.
    assert "2 fetched" in run("fetch", "1-2", "--refetch").stdout
    assert run.json("history", "-n", "1")[0]["command"] == "fetch 1-2 --refetch"
    assert "1 fetched" in run("fetch", "--refetch", "--starred", "--since", "7d").stdout
    assert run.json("history", "-n", "1")[0]["command"] == "fetch --starred --since 7d --refetch"


# ---- add -------------------------------------------------------------------------------------


def test_add_many_saves_several_links_as_one_action(lib: Library, run: Run) -> None:
    before = len(lib.history(limit=0))
    gone = lib.add("https://example.com/gone")
    lib.rm(gone.id)
    added = lib.add_many(
        [" https://example.com/a ", "https://example.com/b", "https://EXAMPLE.com/a/", "https://example.com/gone"],
        tags=["later", "later"],
        star=True,
    )
    assert [r.status for r in added] == ["added", "added", "trash"]  # the same link twice is one
    assert [r.url for r in added][:2] == ["https://example.com/a", "https://example.com/b"]
    first = added[0]
    assert isinstance(first, readlog.Added) and first.entry is not None and added[2].entry is None
    assert first.entry == lib.get(first.id) and first.entry.tags == ("later",) and first.entry.starred
    assert first.fetch_error is None and not first.later  # not fetched
    history = lib.history(limit=0)
    assert len(history) == before + 3  # add, rm, and one for both links
    assert history[0].command == "add https://example.com/a https://example.com/b https://example.com/gone"
    again = lib.add_many("https://example.com/b", read=True, note="seen")
    assert [(r.status, r.changes) for r in again] == [("exists", ["marked read", "note saved"])]
    assert again[0].entry is not None and again[0].entry.read and again[0].entry.note == "seen"
    with pytest.raises(readlog.ReadlogError, match="in the trash"):
        lib.add("https://example.com/gone")


def test_check_add_refuses_what_add_many_refuses_without_a_library(lib: Library) -> None:
    readlog.Library.check_add(["https://example.com/x", "https://example.com/y"], tags="t")
    refused = [
        (["ftp://example.com/x"], {}),
        (["https://a.example", "https://b.example"], {"title": "one title"}),
        (["https://a.example"], {"source": "  "}),
        ([], {}),
        (["https://a.example"], {"note": "x" * (2 << 20)}),
    ]
    count = lib.count()
    for urls, given in refused:
        with pytest.raises(readlog.BadValue):
            readlog.Library.check_add(urls, **given)
        with pytest.raises(readlog.BadValue):
            lib.add_many(urls, **given)
    assert lib.count() == count
    for wrong in (b"https://a.example", 3, [None]):
        with pytest.raises(readlog.BadArgument):
            lib.add_many(wrong)  # type: ignore[arg-type]


def test_add_prints_what_add_many_gives(lib: Library, run: Run) -> None:
    import json

    lib.add("https://example.com/known", tags="x")
    printed = json.loads(
        run(
            "add",
            "https://example.com/known",
            "-",
            "--no-fetch",
            "--star",
            "--json",
            input="https://example.com/new\n# no\n",
        ).stdout
    )
    assert [(r["url"], r["status"], r["changes"]) for r in printed] == [
        ("https://example.com/known", "exists", ["starred"]),
        ("https://example.com/new", "added", []),
    ]
    from readlog.render.records import entry_record

    assert [r["entry"] for r in printed] == [
        json.loads(
            json.dumps(
                entry_record({k: v for k, v in lib.get(r["id"]).row.items() if k not in ("other_titles", "highlights")})
            )
        )
        for r in printed
    ]
    assert lib.history(limit=1)[0].command == "add https://example.com/known https://example.com/new"
    assert "not a web address" in run("add", "ftp://x", "--no-fetch", code=2).stderr


# ---- import ----------------------------------------------------------------------------------

EXAMPLES = ROOT / "examples"


class Reading:
    """An import's progress callback: called with a file's name and size, a context manager
    whose value is told how far the reading got."""

    def __init__(self) -> None:
        self.files: list[tuple[str, int | None]] = []
        self.updates = 0

    def __call__(self, name: str, size: int | None) -> Reading:
        self.files.append((name, size))
        return self

    def __enter__(self) -> Reading:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def update(self, done: int, entries: int) -> None:
        self.updates += 1


def test_import_paths_is_one_action_whatever_it_reads(tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    for name in ("pocket.csv", "feed.xml"):
        (folder / name).write_bytes((EXAMPLES / name).read_bytes())
    (folder / "notes.bin").write_bytes(b"\x00\x01")
    with readlog.open(memory=True) as lib:
        reading = Reading()
        report = lib.import_paths([DIGEST, folder, str(tmp_path / "missing.txt")], "2026-12-01", progress=reading)
        names = [f.name for f in report.files]
        assert names[0].endswith("reading-digest.txt") and names[-1].endswith("missing.txt")
        assert not report.ok and report.added == lib.count() > 5
        missing = report.files[-1]
        assert missing.failed and missing.error and isinstance(missing.failure, readlog.ReadlogError)
        assert missing.failure.localized("zh") != missing.error
        passed = [f for f in report.files if f.passed_over]
        assert [f.name for f in passed] == [str(folder / "notes.bin")] and not passed[0].failed
        assert [f.as_of_from for f in report.files if f.format] == ["given"] * 3
        assert [name for name, _ in reading.files] == [f.name for f in report.files if f.format]
        assert all(size for _, size in reading.files) and reading.updates >= 3
        [action] = lib.history()
        assert action.command.startswith("import ") and action.command.endswith("missing.txt")
        lib.undo()
        assert lib.count() == 0
        again = lib.import_paths(io.BytesIO(DIGEST.read_bytes()))  # one open file, named as it can be
        assert [f.name for f in again.files] == ["<stream>"] and again.ok and again.added == 5
        assert lib.import_paths([]).files == ()


def test_import_prints_what_import_paths_gives(tmp_path: Path, library: Path, run: Run) -> None:
    import json

    paths = [str(EXAMPLES / "pocket.csv"), str(DIGEST), str(tmp_path / "missing.txt")]
    printed = json.loads(run("import", *paths, "--as-of", "2026-12-01", "--json", code=1).stdout)
    with readlog.open(tmp_path / "api.db") as lib:
        report = lib.import_paths(paths, "2026-12-01")
        gave = [
            {
                "file": f.name,
                "format": f.format or None,
                "added": f.added,
                "updated": f.updated,
                "unchanged": f.unchanged,
                "skipped": f.skipped,
                "merged": [
                    {"line": m.line or None, "into": m.into, "match": m.match, "changed": m.changed} for m in f.merges
                ],
                "trashed": f.trashed,
                "highlights": f.highlights,
                "error": f.error,
                "skipped_because": f.passed_over or None,
                "problems": [
                    {"line": p.line, "message": p.message, "key": p.key, "count": p.count} for p in f.problems
                ],
                "cut": f.cut,
                "encoding": f.encoding or None,
                "as_of_from": f.as_of_from or None,
            }
            for f in report.files
        ]
    assert [{k: v for k, v in r.items() if k != "as_of"} for r in printed] == gave
    with readlog.open(library) as lib:  # the command's library: all there already
        again = lib.import_paths(paths[:2], "2026-12-01")
    assert again.added == 0 and again.unchanged == sum(f.merged for f in again.files) > 5
    assert all(m.match and not m.changed for f in again.files for m in f.merges)


def test_check_import_says_what_the_command_says_without_a_library(tmp_path: Path, library: Path, run: Run) -> None:
    readlog.Library.check_import("pocket", "2026-12-01", "gb18030")
    for given in ({"format": "nope"}, {"as_of": "bogus"}, {"encoding": "nope"}, {"as_of": "99999-01-01"}):
        with pytest.raises(readlog.BadValue) as caught:
            readlog.Library.check_import(**given)
        option = "--" + next(iter(given)).replace("_", "-")
        said = run("import", str(DIGEST), option, next(iter(given.values())), code=2).stderr
        assert str(caught.value) in said
    assert not library.exists()  # the command opened no library
    with pytest.raises(readlog.BadArgument):
        readlog.Library.check_import(format=3)  # type: ignore[arg-type]
    with readlog.open(memory=True) as lib:
        for wrong in (b"x.txt", 3, [None]):
            with pytest.raises(readlog.BadArgument):
                lib.import_paths(wrong)  # type: ignore[arg-type]
        with pytest.raises(readlog.BadValue):
            lib.import_paths(["a\x00b"])
