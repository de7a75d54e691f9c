"""The intake commands and the overview through the Python API (issue 34, item 1):
``readlog`` alone, ``import``, ``add`` and ``fetch`` call the Library methods a
script calls, and print what they give."""

from __future__ import annotations

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
        json.loads(json.dumps(entry_record({k: v for k, v in lib.get(r["id"]).row.items() if k != "other_titles"})))
        for r in printed
    ]
    assert lib.history(limit=1)[0].command == "add https://example.com/known https://example.com/new"
    assert "not a web address" in run("add", "ftp://x", "--no-fetch", code=2).stderr
