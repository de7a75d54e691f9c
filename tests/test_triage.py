"""readlog triage: every key drives the app (Textual's pilot) against a temporary
library, and the library is checked afterwards; the list is read lazily; the
screen is snapshotted at 80x24 in English and Chinese; hostile text never
reaches it raw.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sqlite3
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from triage_screen import (
    ENTRIES,
    NAMES,
    NOW,
    SNAPSHOTS,
    add,
    drive,
    history,
    poke,
    screen_text,
    settled,
    state_of,
    store_entries,
    typed,
)

from readlog.core import actions
from readlog.model.entry import Entry
from readlog.store import Store
from readlog.triage.app import TriageApp

from conftest import Run
from helpers import copy_of

pytestmark = pytest.mark.usefixtures("fixed_now", "quick_pilot")  # tests/triage_screen.py

# ---- each key, checked in the library ---------------------------------------------


def test_star_read_archive_keys_change_the_library_and_history(run: Run, library: Path, shelf: dict[str, int]) -> None:
    # newest first: fts5 (1 day), btree (2), p99 (3), parsers (9), sched (16), regex (40);
    # each of s, r and a moves on to the next entry
    app, screen = drive(library, ["s", "r", "a"])
    assert state_of(library, shelf["fts5"])["starred_at"] is not None
    assert state_of(library, shelf["btree"])["read_at"] is not None
    assert state_of(library, shelf["p99"])["archived_at"] is not None
    assert [h["command"] for h in history(run)[:3]] == [
        f"archive {shelf['p99']}",
        f"read {shelf['btree']}",
        f"star {shelf['fts5']}",
    ]
    assert f"archived: #{shelf['p99']} How we cut p99" in screen
    # The archived entry stays in place, marked, until the view is changed.
    assert app.rows.total == 6 and app.rows.row(2)["id"] == shelf["p99"]  # type: ignore[index]
    assert app.current()["id"] == shelf["parsers"]  # type: ignore[index]
    # readlog undo takes back the screen's last change, as it would a command's.
    run("undo")
    assert state_of(library, shelf["p99"])["archived_at"] is None
    assert state_of(library, shelf["btree"])["read_at"] is not None


def test_keys_toggle_back(run: Run, library: Path, shelf: dict[str, int]) -> None:
    drive(library, ["s", "s", "r", "r", "a", "a"], advance=False)  # the config's triage_advance = false
    row = state_of(library, shelf["fts5"])
    assert (row["starred_at"], row["read_at"], row["archived_at"]) == (None, None, None)
    commands = [h["command"] for h in history(run)[:6]]
    assert [c.split()[0] for c in commands] == ["unarchive", "archive", "unread", "read", "unstar", "star"]


def test_moving_keys(library: Path, shelf: dict[str, int]) -> None:
    order = ["fts5", "btree", "p99", "parsers", "sched", "regex"]
    seen: list[tuple[int, str]] = []

    def note(app: TriageApp) -> None:
        detail = screen_text(app).split("╭─", 1)[1]
        seen.append((app.cursor, next(n for n in order if ENTRIES[NAMES.index(n)][0][:12] in detail)))

    keys = ["j", "down", "k", note, "G", note, "g", note, "pagedown", note, "end", "up", "home", "down", note]
    _, screen = drive(library, [*keys, "click:3", note])  # the mouse moves the cursor too
    assert seen[:3] == [(1, "btree"), (5, "regex"), (0, "fts5")]
    assert seen[3][0] > 1 and seen[3][1] == order[seen[3][0]]  # a page down
    assert seen[4:] == [(1, "btree"), (3, "parsers")]
    assert "4/6" in screen.splitlines()[0]


def test_enter_opens_the_entry_with_its_article_and_reading_time(library: Path, shelf: dict[str, int]) -> None:
    app, screen = drive(library, ["G", "k", "enter"])  # sched: the one with a fetched article
    assert app.reading
    assert "Article · 7 min read" in screen
    assert "调度器的公平性" in screen and "• 第一点：后台任务不会被饿死" in screen
    assert "│ 引用：公平不等于相同。" in screen and "for task in queue:" in screen
    assert "CFS 用虚拟运行时间衡量每个任务" in screen and "已经用了多少 CPU。" in screen  # as show --full lays it out
    assert "ID" not in screen.splitlines()[1]  # the list is out of the way
    app, screen = drive(library, ["G", "k", "space", "escape"])
    assert not app.reading and "Title" in screen.splitlines()[1]
    assert state_of(library, shelf["sched"])["read_at"] is None  # opening is not reading...
    drive(library, ["enter"], mark_read_on_show=True)  # ...unless the config's mark_read_on_show says so
    assert state_of(library, shelf["fts5"])["read_at"] is not None


def test_the_reading_pane_shows_the_highlights_and_marks_them_in_the_article(
    run: Run, library: Path, shelf: dict[str, int]
) -> None:
    run("highlight", str(shelf["sched"]), "公平不等于相同", "--note", "记住")
    _, screen = drive(library, ["G", "k", "enter"])
    assert "1 highlight (latest)" in screen and "> 公平不等于相同" in screen and "记住" in screen
    assert "⟦公平不等于相同⟧" in screen  # in the article, where it is


def test_leaving_the_reading_pane_keeps_how_far_the_article_was_read(
    run: Run, library: Path, shelf: dict[str, int]
) -> None:
    sched = shelf["sched"]  # the one with a fetched article, longer than the pane
    laid_out = lambda app: None  # noqa: E731  # drive() lets the screen settle before a callable
    drive(library, ["G", "k", "enter", laid_out, "q"], size=(80, 16))  # quitting while reading keeps it too
    first = state_of(library, sched)["progress"]
    assert 0 < first < 1  # the top of it, seen
    drive(library, ["G", "k", "enter", laid_out, "G", laid_out, "escape"], size=(80, 16))  # to its end
    assert state_of(library, sched)["progress"] == 1.0
    assert state_of(library, sched)["read_at"] is None  # seen to the end is not marked read
    drive(library, ["G", "k", "enter", laid_out, "escape"], size=(80, 16))  # the top again: never lowered
    assert state_of(library, sched)["progress"] == 1.0
    commands = [h["command"] for h in history(run)][:2]
    assert commands == [f"progress {sched} 100%", f"progress {sched} {round(first * 100)}%"]
    drive(library, ["enter", laid_out, "escape"])  # an entry without fetched text has no progress to keep
    assert state_of(library, shelf["fts5"])["progress"] is None


def test_tags_prompt_takes_chinese_and_cancels(run: Run, library: Path, shelf: dict[str, int]) -> None:
    drive(library, ["t", *typed("+rust +数据库 -perf +quick"), "enter"])  # q types, it does not quit
    assert json.loads(state_of(library, shelf["fts5"])["tags"]) == ["rust", "数据库", "quick"]
    assert history(run)[0]["command"] == f"tag {shelf['fts5']} +rust +数据库 +quick -perf"
    before = len(history(run))
    _, screen = drive(library, ["t", *typed("+gone"), "escape", "s"])
    assert json.loads(state_of(library, shelf["fts5"])["tags"]) == ["rust", "数据库", "quick"]
    assert [h["command"] for h in history(run)][: len(history(run)) - before] == [f"star {shelf['fts5']}"]
    _, screen = drive(library, ["t", *typed("rust"), "enter"])
    assert "neither an id nor a tag change" in screen


def test_note_prompt_saves_edits_and_removes(run: Run, library: Path, shelf: dict[str, int]) -> None:
    drive(library, ["n", *typed("值得再读 [bold]twice[/bold]"), "enter"])
    assert state_of(library, shelf["fts5"])["note"] == "值得再读 [bold]twice[/bold]"
    _, screen = drive(library, ["n", "enter"])  # the old note is offered; Enter alone keeps it
    assert f"note of #{shelf['fts5']} unchanged" in screen
    assert history(run)[0]["command"] == f"note {shelf['fts5']}"
    drive(library, ["n", "ctrl+u", "enter", "enter"])  # emptied, Enter asks, and Enter again removes it
    assert state_of(library, shelf["fts5"])["note"] == ""
    assert history(run)[0]["summary"] == "note cleared"
    assert history(run)[0]["command"] == f"note {shelf['fts5']} --clear"
    drive(library, ["n", *typed("never"), "escape"])
    assert state_of(library, shelf["fts5"])["note"] == ""


def test_an_emptied_note_is_removed_only_when_asked_again(run: Run, library: Path, shelf: dict[str, int]) -> None:
    """As ``readlog note ID ""`` keeps the note and ``lib.note(id, "")`` refuses: an empty
    text alone removes no note. The prompt asks; Esc keeps the note."""
    drive(library, ["n", *typed("keep me"), "enter"])
    actions = len(history(run))
    _, screen = drive(library, ["n", "ctrl+u", "enter"])
    assert f"Remove the note of #{shelf['fts5']}? Enter removes it · Esc keeps it" in screen
    _, screen = drive(library, ["n", "ctrl+u", "enter", "escape"])
    assert state_of(library, shelf["fts5"])["note"] == "keep me" and len(history(run)) == actions
    drive(library, ["n", "ctrl+u", "enter", *typed("instead"), "enter"])  # a note typed after all is saved
    assert state_of(library, shelf["fts5"])["note"] == "instead"
    _, screen = drive(library, ["down", "n", "enter"])  # no note to remove: an empty one changes nothing
    assert "unchanged" in screen and len(history(run)) == actions + 1


def test_open_key_launches_the_link_or_says_there_is_none(
    library: Path, shelf: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(actions, "launch", lambda url: not opened.append(url))
    _, screen = drive(library, ["o"])
    assert opened == ["https://sqlite.example/fts5"] and "opened https://sqlite.example/fts5" in screen
    _, screen = drive(library, ["G", "k", "o"])  # sched has no link
    assert opened == ["https://sqlite.example/fts5"]
    assert f"#{shelf['sched']} has no link to open" in screen
    monkeypatch.setattr(actions, "launch", lambda url: False)
    _, screen = drive(library, ["o"])
    assert "could not start a browser" in screen


def test_undo_key_reverts_the_screen_change_and_asks_twice_for_others(
    run: Run, library: Path, shelf: dict[str, int]
) -> None:
    drive(library, ["s", "u"])
    assert state_of(library, shelf["fts5"])["starred_at"] is None
    assert history(run)[0]["undone"] is True
    run("read", str(shelf["regex"]))  # made outside the screen
    _, screen = drive(library, ["u"])
    assert state_of(library, shelf["regex"])["read_at"] is not None
    assert "press u again to undo action" in screen
    _, screen = drive(library, ["u", "j", "u"])  # another key in between: still asks
    assert state_of(library, shelf["regex"])["read_at"] is not None
    _, screen = drive(library, ["u", "u"])
    assert state_of(library, shelf["regex"])["read_at"] is None
    app, screen = drive(library, ["u", "u"])  # next: the setup of the last entry, an import, removed
    assert "undid action" in screen and "test setup" in screen
    assert app.rows.total == 5 and "5 entries" in screen  # the list was read again


def test_undo_key_says_why_it_cannot_take_back_the_newest_change(
    run: Run, library: Path, shelf: dict[str, int]
) -> None:
    run("star", str(shelf["regex"]))
    run("rm", str(shelf["fts5"]))
    run("trash", "--empty", "--yes")
    emptied = history(run)[0]["id"]
    _, screen = drive(library, ["u", "u"])
    assert f"the trash was emptied in action {emptied}; that cannot be undone" in screen
    assert state_of(library, shelf["regex"])["starred_at"] is not None  # never the older change instead
    assert not any(a["undone"] for a in history(run))


def test_a_library_error_when_a_prompt_opens_is_said(library: Path, shelf: dict[str, int]) -> None:
    """n reads the entry's note to offer it for editing: a damaged library is
    said on the status line, no prompt opens, and the screen goes on."""

    def damaged(entry_id: int) -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")

    # The store fails, as a damaged page does: the Library says it as a ReadlogError.
    app, screen = drive(library, [lambda app: setattr(app.library.store, "get", damaged), "n", "j"], size=(400, 24))
    assert f"{library}: " in screen and "damaged" in screen  # the status line names the library and the damage
    assert app.prompting is None and app.cursor == 1


def test_a_busy_library_is_said_and_nothing_changes(
    run: Run, library: Path, shelf: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("READLOG_BUSY_TIMEOUT", "0.05")
    before = len(history(run))
    other = sqlite3.connect(library, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another readlog is writing
    try:
        app, screen = drive(library, ["s", "t", *typed("+x"), "enter", "j"])
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert "busy" in screen and app.cursor == 1  # said, and the screen goes on
    assert state_of(library, shelf["fts5"])["starred_at"] is None
    assert len(history(run)) == before


def test_search_key_gives_what_readlog_search_gives(run: Run, library: Path, shelf: dict[str, int]) -> None:
    queries = ("调度", "B 树", "-树", '"unclosed')
    found: dict[str, tuple[list[int], str]] = {}

    def note(query: str) -> Callable[[TriageApp], None]:
        def take(app: TriageApp) -> None:
            ids = [app.rows.row(i)["id"] for i in range(app.rows.total)]  # type: ignore[index]
            found[query] = (ids, screen_text(app).splitlines()[0])

        return take

    keys: list[str | Callable[[TriageApp], Any]] = []
    for query in queries:  # the prompt offers the last query: ctrl+u clears it
        keys += ["slash", "ctrl+u", *typed(query), "enter", note(query)]
    app, screen = drive(library, [*keys, "escape"])
    for query in queries:
        cli = [r["id"] for r in run.json("search", *query.split(), "--limit", "0")]
        assert found[query][0] == cli, query
        assert f"search: {query}" in found[query][1]
    assert app.rows.total == 6 and "search" not in screen.splitlines()[0]  # Esc cleared it


def test_filter_key_cycles_unread_starred_all(run: Run, library: Path, shelf: dict[str, int]) -> None:
    run("read", str(shelf["fts5"]), str(shelf["btree"]))
    run("star", str(shelf["regex"]))
    totals = []

    def note_total(app: TriageApp) -> None:
        totals.append((app.rows.total, screen_text(app).split(" · ")[1]))

    drive(library, [note_total, "f", note_total, "f", note_total, "f", note_total])
    assert totals == [(6, "all"), (4, "unread"), (1, "starred"), (6, "all")]
    app, _ = drive(library, ["f"], f={"unread": True, "source": "evening-reads"})
    assert app.filters == {"starred": True, "source": "evening-reads"} and app.rows.total == 0  # other filters stay
    app, _ = drive(library, ["f"], f={"unread": False})  # a view not in the cycle: f starts it
    assert app.filters == {"unread": True}


def test_a_changed_entry_stays_in_place_and_nothing_is_skipped(library: Path, shelf: dict[str, int]) -> None:
    """Marking read in the unread view keeps the entry on screen (marked read);
    the rows after it are still all there, in order."""
    app, _ = drive(library, ["r", "j", "r", "G"], f={"unread": True}, window=2)
    ids = [app.rows.row(i)["id"] for i in range(app.rows.total)]  # type: ignore[index]
    order = ["fts5", "btree", "p99", "parsers", "sched", "regex"]
    assert ids == [shelf[n] for n in order]


# ---- language, colour, hostile text, snapshots --------------------------------------


def test_help_and_labels_in_chinese(library: Path, shelf: dict[str, int]) -> None:
    _, screen = drive(library, ["s"], lang="zh")
    assert "readlog 分拣" in screen and "共 6 条" in screen and "已加星标：" in screen
    assert "q 退出" in screen.splitlines()[-1]
    _, screen = drive(library, ["question_mark"], lang="zh")
    assert "按键" in screen and "撤销上一次更改" in screen
    _, screen = drive(library, ["t"], lang="zh")
    assert "的标签：+标签 添加" in screen


def test_help_screen_lists_every_key(library: Path, shelf: dict[str, int]) -> None:
    _, screen = drive(library, ["question_mark"])
    for word in ("star / unstar", "mark read / unread", "archive", "tags", "note", "link", "search", "undo", "quit"):
        assert word in screen
    _, screen = drive(library, ["question_mark", "escape", "s"])
    assert state_of(library, shelf["fts5"])["starred_at"] is not None  # help closed, keys work again


def test_no_color_means_no_colour(library: Path, shelf: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    colour = re.compile(r"\x1b\[[0-9;]*(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])[;m]")
    drive(library, [lambda a: captured.append(screen_text(a, styles=True))])
    assert colour.search(captured.pop()), "the check cannot fail: the screen has colour without NO_COLOR"
    monkeypatch.setenv("NO_COLOR", "1")
    drive(library, ["j", lambda a: captured.append(screen_text(a, styles=True))])
    ansi = captured.pop()
    assert not colour.search(ansi)
    assert "\x1b[7m" in ansi or ";7m" in ansi  # the cursor line is still shown, in reverse video


captured: list[str] = []


def test_hostile_text_never_reaches_the_screen_raw(library: Path, shelf: dict[str, int]) -> None:
    poke(
        library,
        shelf["fts5"],
        title="\x1b[2J\x1b]0;pwned\x07Evil [bold red]markup[/] \u202eoverride",
        summary="line\x1b[31m red \u200b zero [link=file:///etc]x[/link]",
        source="Src\x1b[5m",
        note="[b]note[/b]\x07",
        tags='["t\\u001b[1mag"]',
        text="# Head\x1b[31m\n\nbody \u202e [i]x[/i]",
    )
    shots: list[str] = []

    def shoot(app: TriageApp) -> None:
        shots.extend([screen_text(app), screen_text(app, styles=True)])

    # the list and detail, the open entry with its article, the status line after s, the note prompt
    drive(library, [shoot, "enter", shoot, "escape", "s", shoot, "n", shoot], advance=False)
    for shown in shots:
        assert "\u202e" not in shown and "\u200b" not in shown and "\x07" not in shown
        assert "pwned" not in shown and "\x1b]" not in shown and "\x1b[2J" not in shown and "\x1b[5m" not in shown
    listed, opened, starred, prompted = shots[0::2]
    assert "Evil [bold red]markup[/] override" in listed and "Src" in listed
    assert "[link=file:///etc]x[/link]" in opened and "[b]note[/b]" in opened and "[i]x[/i]" in opened
    assert "starred: #5 Evil [bold red]markup[/] override" in starred
    assert "[b]note[/b]" in prompted.splitlines()[-1]  # offered for editing, as text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_main_screen_snapshot_80x24(library: Path, shelf: dict[str, int], lang: str) -> None:
    add(library, title="旧文：日志结构存储", source="Morning Paper Club", saved_at=NOW - timedelta(days=300))
    run_star = Store.open(library)
    try:
        actions.set_state(run_star, [shelf["p99"]], "starred", True, name="star")
        actions.set_state(run_star, [shelf["regex"]], "read", True, name="read")
    finally:
        run_star.close()
    _, screen = drive(library, ["j", "j"], lang=lang)
    snapshot = SNAPSHOTS / f"triage_{lang}_80x24.txt"
    if os.environ.get("READLOG_UPDATE_SNAPSHOTS"):
        snapshot.write_text(screen, encoding="utf-8")
    assert snapshot.exists(), f"missing {snapshot}; run with READLOG_UPDATE_SNAPSHOTS=1 to create it"
    assert screen == snapshot.read_text(encoding="utf-8")
    assert len(screen.splitlines()) == 24
    assert max(Console(width=200).measure(line).maximum for line in screen.splitlines()) <= 80


def test_wide_terminal_puts_the_detail_beside_the_list(library: Path, shelf: dict[str, int]) -> None:
    _, screen = drive(library, [], size=(160, 30))
    first_entry = next(line for line in screen.splitlines() if "帖子讨论 FTS5" in line)
    assert "╭─" in first_entry or "│" in first_entry  # the detail's frame is on the same line


def test_empty_view(library: Path, shelf: dict[str, int]) -> None:
    app, screen = drive(library, ["s", "r", "a", "t", "n", "o", "u", "j", "enter"], f={"source": "nowhere"})
    assert "No entries match." in screen and app.rows.total == 0


# ---- at every size: moving on, the opening view, marks, footer, layout -------------------

SIZES = [(80, 24), (60, 20), (120, 40)]


@pytest.fixture(scope="module")
def crowd_file(shelf_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The six entries of the shelf and 30 older ones, more than any of SIZES shows at once;
    the oldest has a summary longer than any screen."""
    db = copy_of(shelf_file, tmp_path_factory.mktemp("crowd") / "crowd.db")
    older = [
        Entry(
            title=f"older entry {i}",
            source="Older",
            url=f"https://older.example/{i}",
            saved_at=NOW - timedelta(days=50 + i),
        )
        for i in range(30)
    ]
    store_entries(db, older)
    poke(db, 36, summary="A summary that goes on. " * 120)
    return db


@pytest.fixture
def crowd(library: Path, crowd_file: Path, shelf: dict[str, int]) -> Path:
    """The crowd in this test's library (in place of the shelf, whose ids it keeps)."""
    return copy_of(crowd_file, library)


def ids_shown(screen: str) -> list[int]:
    """The ids of the list's lines on the screen, top to bottom."""
    return [int(m.group(1)) for m in re.finditer(r"^ *(\d+)  [●★▪ ]{3}  ", screen, re.M)]


@pytest.mark.parametrize("size", SIZES)
def test_star_read_archive_move_on_to_the_next_entry(run: Run, crowd: Path, shelf: dict[str, int], size: Any) -> None:
    """As mutt's $resolve: each decision (and taking one back) moves to the next entry, so
    going through the list is one key per entry; on the last entry the cursor stays."""
    seen: list[tuple[int, str]] = []

    def take(app: TriageApp) -> None:
        seen.append((app.cursor, screen_text(app)))

    keys = ["r", "a", "s", "r", "k", "r", take]
    keys += ["enter", "a", "escape", "j", "s", "u", take]  # reading the entry, a stays; u goes back to its entry
    app, screen = drive(crowd, [*keys, "G", "s"], size=size)
    order = ["fts5", "btree", "p99", "parsers", "sched", "regex"]
    assert [app.rows.row(i)["id"] for i in range(6)] == [shelf[n] for n in order]  # type: ignore[index]
    assert state_of(crowd, shelf["fts5"])["read_at"] is not None
    assert state_of(crowd, shelf["btree"])["archived_at"] is not None
    assert state_of(crowd, shelf["p99"])["starred_at"] is not None
    assert state_of(crowd, shelf["parsers"])["read_at"] is None  # read, then k back to it and unread
    assert seen[0][0] == 4 and f"5/{app.rows.total}" in seen[0][1].splitlines()[0]
    assert state_of(crowd, shelf["sched"])["archived_at"] is not None  # a while reading it...
    assert seen[1][0] == 5 and state_of(crowd, shelf["regex"])["starred_at"] is None  # ...then j, s, u
    last = app.rows.row(app.rows.total - 1)  # on the last entry the cursor stays
    assert app.cursor == app.rows.total - 1 and last is not None and last["starred_at"] is not None
    assert f"starred: #{last['id']}" in screen and "that was the last entry" in screen
    everything = [h["command"] for h in history(run)]
    # Leaving the entry read in the pane kept how far it was read (as much as the pane showed).
    assert [c for c in everything if c.startswith("progress ")] == [
        next(c for c in everything if c.startswith(f"progress {shelf['sched']} "))
    ]
    commands = [c for c in everything if not c.startswith("progress ")][:5]
    assert commands == [
        f"star {last['id']}",
        f"star {shelf['regex']}",  # undone by u
        f"archive {shelf['sched']}",
        f"unread {shelf['parsers']}",
        f"read {shelf['parsers']}",
    ]


@pytest.mark.parametrize("size", SIZES)
def test_triage_opens_on_the_unread_unless_a_state_option_says_otherwise(
    run: Run, crowd: Path, shelf: dict[str, int], size: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """readlog triage without options shows the unread entries; --all, --starred, --read
    and --archived choose others; the config's triage_advance = false keeps the cursor."""
    from readlog.cli import triage as command

    run("read", str(shelf["fts5"]), str(shelf["btree"]))
    run("star", str(shelf["fts5"]))
    shown: list[tuple[TriageApp, str]] = []
    keys: list[str] = []

    def headless(app: TriageApp, *args: Any, **kwargs: Any) -> int:
        async def go() -> None:
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                for key in keys:
                    await pilot.press(key)
                await settled(pilot)
                shown.append((app, screen_text(app)))

        asyncio.run(go())
        return 0

    monkeypatch.setattr(command, "on_a_terminal", lambda: True)
    monkeypatch.setattr(TriageApp, "run", headless)
    run("triage")
    app, screen = shown.pop()
    assert app.rows.total == 34 and " · unread · 34 entries" in screen.splitlines()[0]
    assert shelf["fts5"] not in ids_shown(screen) and ids_shown(screen)[0] == shelf["p99"]
    if size != (80, 24):
        return
    for options, total, top in ((["--all"], 36, "all"), (["--starred"], 1, "starred"), (["--read"], 2, "read")):
        run("triage", *options)
        app, screen = shown.pop()
        assert app.rows.total == total and f" · {top} · " in screen.splitlines()[0], options
    run("triage", "--all", "--source", "evening-reads")  # the other filters apply as given
    assert shown.pop()[0].rows.total == 2
    keys[:] = ["s"]
    run("triage")
    assert shown.pop()[0].cursor == 1
    (library_dir := crowd.parent.parent / "config").mkdir(exist_ok=True)
    (library_dir / "config.toml").write_text("triage_advance = false\n", encoding="utf-8")
    run("triage")
    assert shown.pop()[0].cursor == 0
    assert run.json("config")["settings"]["triage_advance"] == {"value": False, "from": "config file"}


@pytest.mark.parametrize("size", SIZES)
def test_read_starred_and_archived_rows_look_so_without_colour(
    crowd: Path, shelf: dict[str, int], size: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each state has a mark of its own in the list; an archived row (still shown where it
    was) is dimmed and its title struck through, which NO_COLOR keeps."""
    monkeypatch.setenv("NO_COLOR", "1")
    shots: list[str] = []
    drive(
        crowd,
        ["a", "s", "r", "j", lambda app: shots.extend([screen_text(app), screen_text(app, styles=True)])],
        size=size,
    )
    plain, ansi = shots
    marks = {int(m.group(1)): m.group(2) for m in re.finditer(r"^ *(\d+)  ([●★▪ ]{3})  ", plain, re.M)}
    assert marks[shelf["fts5"]] == "● ▪" and marks[shelf["btree"]] == "●★ " and marks[shelf["p99"]] == "   "
    assert marks[shelf["parsers"]] == "●  "
    archived = next(line for line in ansi.split("\x1b[") if "帖子讨论" in line or "帖子" in line)
    codes = set(archived.split("m", 1)[0].split(";"))
    assert {"2", "9"} <= codes, archived  # dim and struck through: attributes, not colours
    if size == (60, 20):  # the help says what the marks mean; a short screen scrolls it
        _, screen = drive(crowd, ["question_mark", lambda app: None, "end"], size=size)
        assert "● ★ ▪" in screen and "archived" in screen and "Esc, q or ? closes this help" in screen, screen


@pytest.mark.parametrize("width", [30, 40])
def test_a_narrow_screen_cuts_titles_with_an_ellipsis(crowd: Path, width: int) -> None:
    """At 40 columns the list was laid out 40 wide in a pane of 39 (readlog's narrowest
    terminal width applied to the pane) and the pane cut every long title without "…";
    the detail's frame lost its right edge the same way."""
    _, screen = drive(crowd, [], size=(width, 20))
    titles = {title for title, *_ in ENTRIES} | {f"older entry {i}" for i in range(30)}
    lines = [line for line in screen.splitlines() if re.match(r" *\d+  [●★▪ ]{3}  ", line)]
    assert lines
    cut = 0
    for line in lines:
        shown = re.sub(r"^ *\d+  [●★▪ ]{3}  ", "", line).split("  ")[0]
        assert shown in titles or (shown.endswith("…") and any(t.startswith(shown[:-1]) for t in titles)), line
        cut += shown.endswith("…")
    assert cut >= 2  # the long titles are there, cut
    panel = [line.rstrip("▁▂▃▄▅▆▇█") for line in screen.splitlines() if line.startswith(("╭", "│", "╰"))]
    assert panel and all(line.endswith(("╮", "│", "╯")) for line in panel), "\n".join(panel)


@pytest.mark.parametrize(("lang", "size"), [*(("en", size) for size in SIZES), ("zh", (60, 20))])
def test_footer_keeps_the_main_keys_and_the_list_takes_the_spare_rows(
    crowd: Path, shelf: dict[str, int], size: Any, lang: str
) -> None:
    """The footer drops the least needed keys first: quit, help, the three decisions,
    opening and moving stay at 60 columns (in Chinese too: one size is enough there).
    The detail is as tall as its entry (at most half the screen's middle) and the list
    takes every other row."""
    width, height = size
    shots: list[tuple[int, str]] = []

    def take(app: TriageApp) -> None:
        shots.append((app.cursor, screen_text(app)))

    # the first entry; the last, whose summary is longer than the screen; the one above it
    _, screen = drive(crowd, [take, "end", take, "up", take], size=size, lang=lang, f={})
    footer = screen.splitlines()[-1]
    words = {"en": ["j/k move", "⏎ open", "s star", "r read", "a archive", "? help", "q quit"]}
    words["zh"] = ["j/k 移动", "⏎ 打开", "s 星标", "r 已读", "a 归档", "? 帮助", "q 退出"]
    for word in words[lang]:
        assert word in footer, (word, footer)
    if width >= 120:
        assert all(f"{k} " in footer for k in "tnof/u")
    middle = height - 3  # less the top bar, the status line and the footer
    for cursor, shown in shots:
        lines = shown.splitlines()
        assert len(lines) == height
        top = min(i for i, line in enumerate(lines) if line.startswith("╭"))
        if cursor != 35:  # a panel taller than its room is cut, not ended
            bottom = max(i for i, line in enumerate(lines) if line.startswith("╰"))
            assert bottom == height - 3, "\n".join(lines)  # the panel ends just above the status line
        assert top - 1 - 1 >= middle // 2 - 1, "\n".join(lines)  # the list keeps at least half the middle
        listed = ids_shown(shown)
        assert len(listed) == top - 2  # every row between the column names and the panel is an entry
        assert cursor + 1 in listed  # the cursor's entry is in sight (ids follow the list's order here)
    assert len(ids_shown(shots[0][1])) > (8 if height == 24 else 5)  # more than the old fixed split showed
    assert [c for c, _ in shots] == [0, 35, 34]


def test_n_jumps_to_what_readlog_next_offers_first(run: Run, library: Path, shelf: dict[str, int]) -> None:
    app, screen = drive(library, ["N"])
    regex = shelf["regex"]  # saved 40 days ago: the oldest unread, offered first
    assert app.current()["id"] == regex
    assert f"#{regex} next: saved 1 month ago, reading time unknown (not fetched)" in screen
    run("read", str(regex))
    app, screen = drive(library, ["N"], window=2)  # further down than the rows held: found by counting
    assert app.current()["id"] == shelf["sched"] and f"#{shelf['sched']} next: saved 16 days ago, 7 min" in screen
    found = {"search": "调度器 OR regex OR trigram"}
    app, _ = drive(library, ["G"], f=found, window=1)  # a search's order: looked through, a window at a time
    assert app.current()["id"] != shelf["sched"]
    app, _ = drive(library, ["G", "N"], f=found, window=1)
    assert app.current()["id"] == shelf["sched"]
    run("read", *(str(i) for i in shelf.values()))
    app, screen = drive(library, ["N"], f={})
    assert "Nothing to read next: no unread entry fits." in screen
