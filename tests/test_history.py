"""History and undo: what is recorded, how it reads back, what it costs, and
that any run of changes followed by as many undos gives back the library."""

from __future__ import annotations

import json
import shlex
import sqlite3
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import readlog
from readlog.core import curate
from readlog.model.errors import ReadlogError, UsageError
from readlog.store import organise

from conftest import Run, write
from helpers import assert_counters_exact


def digest(titles: list[int]) -> str:
    """A seed digest (category, source and date; the article; the verdict) of the numbered titles."""
    words = ["调度器", "解析器", "B 树", "正则", "数据库", "内核", "缓存", "事务", "索引"]
    return "".join(
        f"技术文章 evening-reads 2026/11/0{t % 9 + 1}\n"
        f"第{t}篇：讨论{words[t % len(words)]}的设计与权衡。\n推荐收录，因为讲得清楚。\n"
        for t in titles
    )


DIGEST = digest([0, 1])


# ---- what is recorded ------------------------------------------------------------------


def history(run: Run) -> list[dict[str, Any]]:
    return run.json("history", "--limit", "0")


def test_a_command_that_changed_nothing_is_not_recorded(run: Run, library: Path, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "d.txt", DIGEST)), "--format", "digest")
    before = len(history(run))
    run("star", "1")
    run("star", "1")  # already starred
    run("tag", "1", "+x")
    run("tag", "1", "+X")  # already tagged (case-insensitively)
    run("note", "1", "hello")
    run("note", "1", "hello")
    run("unstar", "2")  # never starred
    commands = [a["command"] for a in history(run)]
    assert commands[: len(commands) - before] == ["note 1", "tag 1 +x", "star 1"]
    undone = run("undo")  # the newest change there is: the note
    assert "note 1" in undone.stdout


def test_the_python_api_says_when_nothing_was_recorded(tmp_path: Path) -> None:
    with readlog.open(tmp_path / "lib.db") as lib:
        lib.import_path(write(tmp_path / "d.txt", DIGEST), format="digest")
        first = lib.star(1)
        again = lib.star(1)
        assert isinstance(first.action, int) and first.changed == (1,)
        assert again.action is None and again.unchanged == (1,)
        assert lib.note(1, None).action is None  # there was no note
        assert [a.command for a in lib.history(limit=0)][:1] == ["star 1"]


def test_history_keeps_the_quoting_of_the_command(run: Run, library: Path, tmp_path: Path) -> None:
    run("import", str(write(tmp_path / "d.txt", DIGEST)), "--format", "digest")
    run("tag", "1", "+system design", "+数据库", "+it's")
    command = history(run)[0]["command"]
    assert command == "tag 1 '+system design' +数据库 '+it'\"'\"'s'"
    assert shlex.split(command) == ["tag", "1", "+system design", "+数据库", "+it's"]
    run("tag", "1", "-system design")
    assert shlex.split(history(run)[0]["command"]) == ["tag", "1", "-system design"]


# ---- what it costs ---------------------------------------------------------------------


def plans(conn: sqlite3.Connection, work: Any) -> list[str]:
    """The query plan of every statement ``work`` runs on ``conn``."""
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    try:
        work()
    finally:
        conn.set_trace_callback(None)
    found = []
    for sql in statements:
        if sql.lstrip().upper().startswith(("SELECT", "DELETE", "UPDATE", "WITH")):
            found += [f"{row[-1]}  <- {sql[:120]}" for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}")]
    return found


def test_history_and_undo_find_an_actions_entries_by_index(tmp_path: Path) -> None:
    """Counting and finding what an import added goes through imports.action_id and
    entries.import_id: without their indexes each listed action scanned the whole
    entries table (0.1 s for `history` on 20,000 entries)."""
    with readlog.open(tmp_path / "lib.db") as lib:
        lib.import_path(write(tmp_path / "d.txt", DIGEST), format="digest")
        lib.star(1)
        conn = lib.store.conn

        def work() -> None:
            organise.history(lib.store)
            lib.undo(dry_run=True)
            lib.undo()  # the star
            lib.undo(dry_run=True)  # the import: its entries and feed items

        found = plans(conn, work)
    assert found, "nothing was traced"
    scans = [p for p in found if p.startswith(("SCAN entries", "SCAN imports", "SCAN feed_items", "SCAN events"))]
    assert not scans, "\n".join(scans)


# ---- any changes, then as many undos ---------------------------------------------------

WORDS = ["kernel", "调度", "parser", "B 树", "regex", "数据库"]
LINKS = [f"https://example.org/{w}" for w in ("a", "b", "c", "d", "e")]
# Feeds the machine follows from an OPML file, by address: their titles.
FEEDS = {"https://a.example/feed.xml": "Rust weekly", "https://b.example/atom": "读书笔记"}


def feed(items: list[tuple[int, int]]) -> str:
    """An RSS feed of items (guid number, link number)."""
    body = "".join(
        f"<item><guid>g{g}</guid><title>{WORDS[g % len(WORDS)]} {g}</title><link>{LINKS[link]}</link>"
        f"<description>about {WORDS[link % len(WORDS)]}</description></item>"
        for g, link in items
    )
    return f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title>{body}</channel></rss>'


def test_a_trashed_feed_item_whose_link_moved_to_another_entry_stays_trashed(tmp_path: Path) -> None:
    """Found by UndoGivesBack: a feed item whose entry is in the trash came back in the feed with
    a link that another entry has. It was merged into that entry and its feed item row was given
    to it (INSERT OR REPLACE), so undoing that import deleted the row: the trashed entry's feed
    item was lost. The item's own identity comes first: it is the entry the user threw away."""
    with readlog.open(tmp_path / "lib.db") as lib:
        lib.import_path(write(tmp_path / "f1.xml", feed([(3, 0)])), format="feed")
        lib.add(LINKS[1])
        curate.remove(lib.store, [1])
        rows = lib.store.conn.execute("SELECT * FROM feed_items").fetchall()
        before = [tuple(r) for r in rows]
        report = lib.import_path(write(tmp_path / "f2.xml", feed([(3, 1)])), format="feed")
        assert (report.files[0].trashed, report.files[0].updated) == (1, 0)
        assert [tuple(r) for r in lib.store.conn.execute("SELECT * FROM feed_items").fetchall()] == before
        assert (lib.get(2).url, lib.get(2).summary) == (LINKS[1], "")  # the added entry is left as it was
        lib.undo()
        assert [tuple(r) for r in lib.store.conn.execute("SELECT * FROM feed_items").fetchall()] == before


class UndoGivesBack(RuleBasedStateMachine):
    """Each change is followed, at the end, by one undo each; after every undo the
    library must be exactly as it was before the change undone.

    Some changes are taken back early, by number (``undo(action=N)``), out of order:
    once every change from N on is undone, however, the library must be as it was
    before N. An emptied trash cannot be undone: undo stops there, changing nothing."""

    def __init__(self) -> None:
        super().__init__()
        # (action, the library before it), oldest first, since the trash was last emptied
        self.snapshots: list[tuple[int, tuple[Any, ...]]] = []
        self.undone: set[int] = set()  # of those, the ones taken back by number
        self.emptied: int | None = None  # the action that last emptied the trash
        self.files = 0

    @initialize()
    def open_library(self) -> None:
        import tempfile

        self.folder = Path(tempfile.mkdtemp(prefix="undo-"))
        self.lib = readlog.open(self.folder / "lib.db")

    def snapshot(self) -> tuple[Any, ...]:
        out = self.folder / "export.jsonl"
        self.lib.export("jsonl", out)
        rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line.strip()]
        trash = curate.list_trash(self.lib.store, before=None, limit=0, full=True).rows
        items = self.lib.store.conn.execute("SELECT * FROM feed_items ORDER BY feed, guid").fetchall()
        marks = self.lib.store.conn.execute("SELECT * FROM highlights ORDER BY id").fetchall()  # the trash's too
        views = self.lib.store.conn.execute("SELECT * FROM views ORDER BY name").fetchall()
        feeds = self.lib.store.conn.execute("SELECT * FROM feeds ORDER BY url").fetchall()
        return (
            rows,
            trash,
            [tuple(r) for r in items],
            [tuple(r) for r in marks],
            [tuple(r) for r in views],
            [tuple(r) for r in feeds],
        )

    def ids(self) -> list[int]:
        return [r[0] for r in self.lib.store.conn.execute("SELECT id FROM entries ORDER BY id")]

    def trashed(self) -> list[int]:
        return [r[0] for r in self.lib.store.conn.execute("SELECT id FROM trash ORDER BY id")]

    def changing(self, work: Any) -> None:
        """Run one change; remember the library before it if it was recorded."""
        before = self.snapshot()
        top = self._newest()
        try:
            work()
        except UsageError:
            raise  # the test asked wrongly
        except ReadlogError:
            pass  # refused: nothing changed, nothing recorded
        newest = self._newest()
        if newest != top:
            assert newest is not None
            self.snapshots.append((newest, before))
        else:
            assert self.snapshot() == before, "a change that was not recorded changed the library"

    def _newest(self) -> int | None:
        row = organise.last_undoable(self.lib.store)
        return row["id"] if row else None

    @rule(items=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 4)), min_size=1, max_size=3))
    def import_feed(self, items: list[tuple[int, int]]) -> None:
        self.files += 1
        path = write(self.folder / f"f{self.files}.xml", feed(items))
        self.changing(lambda: self.lib.import_path(path, format="feed"))

    @rule(titles=st.lists(st.integers(0, 8), min_size=1, max_size=3, unique=True))
    def import_digest(self, titles: list[int]) -> None:
        self.files += 1
        path = write(self.folder / f"d{self.files}.txt", digest(titles))
        self.changing(lambda: self.lib.import_path(path, format="digest"))

    @rule(link=st.integers(0, 4), star=st.booleans(), tag=st.sampled_from([(), ("later",), ("数据库", "x y")]))
    def add(self, link: int, star: bool, tag: tuple[str, ...]) -> None:
        self.changing(lambda: self.lib.add(LINKS[link], star=star, tags=tag))

    @precondition(lambda self: bool(self.ids()))
    @rule(
        pick=st.integers(0, 50),
        verb=st.sampled_from(["star", "unstar", "mark_read", "mark_unread", "archive", "unarchive"]),
    )
    def state(self, pick: int, verb: str) -> None:
        ids = self.ids()
        self.changing(lambda: getattr(self.lib, verb)(ids[pick % len(ids)]))

    @precondition(lambda self: bool(self.ids()))
    @rule(
        pick=st.integers(0, 50),
        add=st.sampled_from([(), ("later",), ("x y",)]),
        remove=st.sampled_from([(), ("later",)]),
    )
    def tag(self, pick: int, add: tuple[str, ...], remove: tuple[str, ...]) -> None:
        ids = self.ids()
        if add or remove:
            self.changing(lambda: self.lib.tag(ids[pick % len(ids)], add=add, remove=tuple(set(remove) - set(add))))

    @precondition(lambda self: bool(self.ids()))
    @rule(pick=st.integers(0, 50), text=st.sampled_from([None, "重读", "again"]))
    def note(self, pick: int, text: str | None) -> None:
        ids = self.ids()
        self.changing(lambda: self.lib.note(ids[pick % len(ids)], text))

    @precondition(lambda self: bool(self.ids()))
    @rule(pick=st.integers(0, 50), passage=st.sampled_from(["一段话", "a passage", "另一段"]), note=st.booleans())
    def highlight(self, pick: int, passage: str, note: bool) -> None:
        ids = self.ids()
        self.changing(
            lambda: self.lib.highlight(ids[pick % len(ids)], passage, note="想法" if note else None, force=True)
        )

    @rule(
        name=st.sampled_from(["short", "SHORT", "长文"]),
        filters=st.sampled_from([{"unread": True}, {"tag": ["later"], "sort": "title"}, {"since": "7d"}]),
    )
    def save_view(self, name: str, filters: dict[str, Any]) -> None:
        self.changing(lambda: self.lib.save_view(name, **filters))

    @rule(name=st.sampled_from(["short", "长文"]))
    def remove_view(self, name: str) -> None:
        self.changing(lambda: self.lib.remove_view(name))

    @rule(feeds=st.lists(st.sampled_from(list(FEEDS)), min_size=1, max_size=2, unique=True))
    def follow(self, feeds: list[str]) -> None:
        """Follow feeds listed in an OPML file (no download); some may be followed already."""
        subscriptions = self.folder / "subs.opml"
        outlines = "".join(f'<outline type="rss" text="{FEEDS[u]}" xmlUrl="{u}"/>' for u in feeds)
        subscriptions.write_text(f'<opml version="2.0"><body>{outlines}</body></opml>', encoding="utf-8")
        self.changing(lambda: self.lib.follow(str(subscriptions)))

    @rule(name=st.sampled_from(["Rust weekly", "https://b.example/atom", "没有"]))
    def unfollow(self, name: str) -> None:
        self.changing(lambda: self.lib.unfollow(name))

    @precondition(lambda self: bool(self.ids()))
    @rule(
        pick=st.integers(0, 50),
        title=st.sampled_from(["新标题", "A title"]),
        link=st.integers(0, 5),
        group=st.sampled_from([{}, {"source": "LWN.net"}, {"source": "lwn.NET", "category": "技术"}, {"category": ""}]),
    )
    def edit(self, pick: int, title: str, link: int, group: dict[str, str]) -> None:
        ids = self.ids()
        given = {"title": title} if link == 5 else {"title": title, "url": LINKS[link] + "/edited"}
        self.changing(lambda: curate.edit(self.lib.store, ids[pick % len(ids)], {**given, **group}))

    @precondition(lambda self: bool(self.ids()))
    @rule(pick=st.integers(0, 50))
    def rm(self, pick: int) -> None:
        ids = self.ids()
        self.changing(lambda: curate.remove(self.lib.store, [ids[pick % len(ids)]]))

    @precondition(lambda self: bool(self.trashed()))
    @rule(pick=st.integers(0, 50))
    def restore(self, pick: int) -> None:
        ids = self.trashed()
        self.changing(lambda: curate.restore(self.lib.store, [ids[pick % len(ids)]]))

    @rule(files=st.lists(st.lists(st.integers(0, 8), min_size=1, max_size=3, unique=True), min_size=2, max_size=3))
    def import_folder(self, files: list[list[int]]) -> None:
        """Several files in one command: one action, undone whole."""
        self.files += 1
        folder = self.folder / f"folder{self.files}"
        folder.mkdir()
        for n, titles in enumerate(files):
            write(folder / f"d{n}.txt", digest(titles))
        self.changing(lambda: self.lib.import_path(folder, format="digest"))

    @precondition(lambda self: bool(self.trashed()))
    @rule()
    def empty_trash(self) -> None:
        plan = curate.preview_empty(self.lib.store, before=None)
        curate.empty_trash(self.lib.store, plan.ids)
        self.emptied = self._newest()
        self.snapshots, self.undone = [], set()  # what came before can no longer be reached by undo

    @precondition(lambda self: bool(self.snapshots) or self.emptied is not None)
    @rule(pick=st.integers(0, 50))
    def undo_by_number(self, pick: int) -> None:
        """Take back a change out of order: done, or refused with the library unchanged."""
        candidates = [number for number, _ in self.snapshots if number not in self.undone]
        candidates += [self.emptied] if self.emptied is not None else []
        if not candidates:
            return
        number = candidates[pick % len(candidates)]
        before = self.snapshot()
        newest = number == self._newest()
        try:
            done = self.lib.undo(action=number)
        except ReadlogError as exc:
            event(f"undo by number refused: {exc.key}")
            assert exc.key in REFUSALS, exc
            assert number != self.emptied or exc.key == "undo_emptied"
            assert self.snapshot() == before, "a refused undo changed the library"
            return
        assert done.action == number and number != self.emptied
        event("undo by number done" + (" (the newest)" if newest else " (an older one)"))
        self.undone.add(number)

    @invariant()
    def counters_are_a_recount(self) -> None:
        """The counters the store keeps (views, and each source, category and tag) are
        exact after every change and every undo."""
        if hasattr(self, "lib"):
            assert_counters_exact(self.lib.store.conn)

    @invariant()
    def history_lists_only_changes(self) -> None:
        if not hasattr(self, "lib"):
            return
        pending = [a for a in self.lib.history(limit=0) if not a.undone]
        recorded = [number for number, _ in self.snapshots if number not in self.undone]
        changed = [a for a in pending if a.changes or a.command.startswith(("import", "view ", "follow", "unfollow"))]
        assert len(changed) >= len(recorded)

    def teardown(self) -> None:
        if not hasattr(self, "lib"):
            return
        try:
            while self.snapshots:
                number, expected = self.snapshots.pop()
                if number not in self.undone:
                    assert self.lib.undo().action == number  # the newest not yet undone: never another
                    self.undone.add(number)
                    assert_counters_exact(self.lib.store.conn)
                if not any(older in self.undone for older, _ in self.snapshots):
                    assert self.snapshot() == expected  # the changes before this one, and only they, remain
            if self.emptied is not None:
                before = self.snapshot()
                try:
                    self.lib.undo()
                except ReadlogError as exc:
                    assert exc.key == "undo_emptied"
                else:
                    raise AssertionError("undo went past an emptied trash")
                assert self.snapshot() == before
        finally:
            self.lib.close()
            import shutil

            shutil.rmtree(self.folder, ignore_errors=True)


# What undo(action=N) may say instead of taking N back (core/actions.py).
REFUSALS = {
    "undo_view_changed",
    "undo_feed_changed",
    "undo_emptied",
    "undo_gone",
    "undo_deleted",
    "undo_changed",
    "undo_nothing",
}

UndoGivesBack.TestCase.settings = settings(
    max_examples=12, stateful_step_count=12, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_any_changes_then_as_many_undos_give_back_the_library = UndoGivesBack.TestCase


# ---- a quote inside a search word ------------------------------------------------------


def test_a_quote_inside_a_search_word(tmp_path: Path) -> None:
    """search.py: a bare word is searched as written, quotes included; ``"a phrase"``
    is matched as written, with ``""`` inside it standing for one quote."""
    with readlog.open(tmp_path / "lib.db") as lib:
        lib.add("https://example.org/1", title='They say "hi" to strangers')
        lib.add("https://example.org/2", title='The say"hi" greeting')
        lib.add("https://example.org/3", title="Greetings in general")

        def found(query: str) -> list[int]:
            return sorted(e.id for e in lib.search(query, limit=0))

        assert found('"hi"') == [1, 2]  # a phrase: the two letters
        assert found('"""hi"""') == [1, 2]  # the phrase "hi", quotes and all
        assert found('say"hi"') == [2]  # a bare word, quotes included
        assert found('"say ""hi"""') == [1]  # the phrase say "hi"
        assert found('-say"hi" greet') == [3]
