"""show --full's reader on a terminal (readlog/triage/reader.py): it opens where the last
reading stopped, keeps how far the article was read when left (an undoable action, never
lowered), has less's keys, marks the highlights; through Textual's pilot and, once, through
a real pseudo-terminal with the command itself."""

from __future__ import annotations

import asyncio
import os
import select
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from triage_screen import history, poke, settled, state_of

from readlog.core.library import Library
from readlog.store import Store
from readlog.triage.reader import ReaderApp, resume_at

from conftest import Run
from helpers import READLOG, child_env

pytestmark = pytest.mark.usefixtures("fixed_now", "quick_pilot")  # tests/triage_screen.py

LONG = "\n\n".join(f"第 {i} 段：调度器的公平性 paragraph {i} of the article." for i in range(60))


@pytest.fixture
def long_one(shelf: dict[str, int], library: Path) -> int:
    """The shelf's first entry, with an article many screens long."""
    poke(library, shelf["sched"], text=LONG, minutes=12)
    return shelf["sched"]


def read_with(db: Path, entry_id: int, keys: list[str], size: tuple[int, int] = (80, 16)) -> tuple[Any, str, float]:
    """Open the entry in the reader, press ``keys``; the exit code, the last screen, and
    where the page was scrolled to (its top line) just before the last key."""
    from triage_screen import screen_text

    lib = Library(Store.open(db))
    app = ReaderApp(lib, lib.get(entry_id).row, lang="en")
    where: list[float] = []

    async def go() -> str:
        async with app.run_test(size=size) as pilot:
            await settled(pilot)
            where.append(app.page.scroll_y)
            screen = screen_text(app)  # type: ignore[arg-type]
            for key in keys:
                await pilot.press(key)
                await settled(pilot)
                if not app._exit:
                    screen = screen_text(app)  # type: ignore[arg-type]
            return screen

    try:
        screen = asyncio.run(go())
    finally:
        lib.close()
    return app.return_value, screen, where[0]


def test_leaving_keeps_how_far_it_was_read_and_opening_again_starts_there(
    run: Run, library: Path, long_one: int
) -> None:
    code, screen, top = read_with(library, long_one, ["space", "space", "q"])
    assert code == 0 and top == 0  # never read: it opens at the start
    assert "调度器为什么会饿死后台任务" in screen and "% · Space/b page" in screen  # the title and the keys
    first = state_of(library, long_one)["progress"]
    assert 0 < first < 1
    assert history(run)[0]["command"] == f"progress {long_one} {round(first * 100)}%"
    _, screen, top = read_with(library, long_one, ["escape"])  # opened again: where it stopped
    assert top > 0 and f"{round(first * 100)}%" in screen
    assert state_of(library, long_one)["progress"] == first  # looking again changes nothing
    read_with(library, long_one, ["G", "q"])
    assert state_of(library, long_one)["progress"] == 1.0
    assert state_of(library, long_one)["read_at"] is None  # seen to the end is not marked read
    _, _, top = read_with(library, long_one, ["g", "q"])  # finished: it opens at the start again...
    assert top == 0 and state_of(library, long_one)["progress"] == 1.0  # ...and is never lowered
    run("undo")  # the progress is an action as any other
    assert state_of(library, long_one)["progress"] == first


def test_the_keys_of_less(library: Path, long_one: int) -> None:
    def top_after(keys: list[str]) -> float:
        _, _, _ = read_with(library, long_one, [*keys, "ctrl+c"])  # Ctrl-C: nothing kept
        return float(state_of(library, long_one)["progress"] or 0)

    assert top_after(["j", "j", "G"]) == 0  # Ctrl-C keeps nothing
    code, _, _ = read_with(library, long_one, ["ctrl+c"])
    assert code == 130
    lines = {}
    for keys in (["j"], ["down"], ["space"], ["f"], ["pagedown"], ["d"], ["G"], ["G", "g"], ["G", "b"], ["G", "u"]):
        read_with(library, long_one, [*keys, "q"])
        lines[" ".join(keys)] = state_of(library, long_one)["progress"]
        poke(library, long_one, progress=None)
    assert lines["j"] == lines["down"] and lines["space"] == lines["f"] == lines["pagedown"]
    assert lines["j"] < lines["d"] < lines["space"] < lines["G"] == 1.0
    # Where it was left is what is kept (and where it opens next time), as in the triage pane.
    assert lines["G g"] < lines["j"] < lines["G b"] < lines["G u"] < lines["G"]


def test_the_highlights_are_marked_and_the_text_is_data(run: Run, library: Path, long_one: int) -> None:
    run("highlight", str(long_one), "第 0 段：调度器的公平性")
    poke(library, long_one, title="\x1b[31mred\x1b[0m [bold]title[/bold]")
    _, screen, _ = read_with(library, long_one, ["q"])
    assert "⟦第 0 段：调度器的公平性⟧" in screen
    assert "[bold]title[/bold]" in screen and "\x1b" not in screen


def test_an_article_without_text_keeps_no_progress(library: Path, shelf: dict[str, int]) -> None:
    code, _, _ = read_with(library, shelf["p99"], ["G", "q"])
    assert code == 0 and state_of(library, shelf["p99"])["progress"] is None


@pytest.mark.parametrize(
    ("progress", "total", "height", "top"),
    [(None, 100, 10, 0), (0.0, 100, 10, 0), (0.5, 100, 10, 40), (0.05, 100, 10, 0), (1.0, 100, 10, 0), (0.9, 5, 10, 0)],
)
def test_where_it_opens(progress: float | None, total: int, height: int, top: int) -> None:
    assert resume_at(progress, total, height) == top


def test_show_full_on_a_terminal_opens_the_reader_and_keeps_the_progress(
    run: Run, library: Path, long_one: int
) -> None:
    """The command itself on a pseudo-terminal: the reader's screen, G, then q."""
    env = child_env(library, COLUMNS="80", LINES="24", TERM="xterm", PAGER="false")
    env = {k: v for k, v in env.items() if k not in ("NO_COLOR", "READLOG_CONFIG")}
    leader, follower = os.openpty()
    proc = subprocess.Popen(
        [*READLOG, "show", str(long_one), "--full"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        start_new_session=True,
    )
    os.close(follower)
    seen = b""

    def until(what: bytes) -> None:
        nonlocal seen
        deadline = time.monotonic() + 60
        while what not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 1)
            if ready:
                seen += os.read(leader, 65536)

    try:
        until(b"q leave")
        os.write(leader, b"G")
        until(b"100%")
        os.write(leader, b"q")
        code = proc.wait(timeout=60)
    finally:
        proc.kill()
        os.close(leader)
    assert code == 0, seen[-2000:]
    assert state_of(library, long_one)["progress"] == 1.0, history(run)


def test_the_triage_reading_pane_opens_where_the_last_reading_stopped(run: Run, library: Path, long_one: int) -> None:
    from textual.containers import VerticalScroll
    from triage_screen import drive

    tops: list[float] = []
    keep = lambda app: tops.append(app.query_one("#detail", VerticalScroll).scroll_y)  # noqa: E731
    drive(library, ["G", "k", "enter", keep, "escape"], size=(80, 16))  # never read: at the start
    run("progress", str(long_one), "50%")
    drive(library, ["G", "k", "enter", keep, "escape"], size=(80, 16))
    assert tops[0] == 0 and tops[1] > 0
    assert state_of(library, long_one)["progress"] == 0.5  # opening and leaving where it was: unchanged
