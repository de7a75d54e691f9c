"""readlog triage from outside the screen: its rows read a window at a time
(the list is never held whole), the command, and the app in a real terminal
(a kill, Ctrl-C, q)."""

from __future__ import annotations

import asyncio
import os
import re
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from triage_screen import (
    NOW,
    drive,
    state_of,
    store_entries,
)

from readlog.core import actions
from readlog.core.library import Library
from readlog.model.entry import Entry
from readlog.store import Filters, Store
from readlog.store.search import parse_query
from readlog.triage.app import TriageApp
from readlog.triage.rows import Rows

from conftest import Run
from helpers import READLOG, child_env, copy_of, examples

pytestmark = pytest.mark.usefixtures("fixed_now", "quick_pilot")  # tests/triage_screen.py

# ---- lazy rows ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1,000 entries, one a minute older than the last."""
    entries = [
        Entry(title=f"第{i}篇 entry {i}", source=f"s{i % 7}", saved_at=NOW - timedelta(minutes=i)) for i in range(1000)
    ]
    return store_entries(tmp_path_factory.mktemp("big") / "big.db", entries)


@pytest.fixture(scope="module")
def sixty(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 entries, for the property test that copies a library for each example."""
    entries = [Entry(title=f"entry {i}", saved_at=NOW - timedelta(minutes=i)) for i in range(60)]
    return store_entries(tmp_path_factory.mktemp("sixty") / "sixty.db", entries)


def test_rows_are_fetched_a_window_at_a_time(big: Path, tmp_path: Path) -> None:
    db = copy_of(big, tmp_path / "big.db")
    app, screen = drive(db, ["end"], window=50)
    assert "1,000/1,000" in screen and "第0篇" not in screen.split("\n", 3)[2]
    assert app.rows.fetched <= 3 * 50, f"{app.rows.fetched} rows read to show the first and last screens"
    held: list[int] = []

    def page_down_to_the_end(app: TriageApp) -> None:
        while app.cursor < 999:
            app.action_page(1)
            held.append(app.rows.held)

    app, _ = drive(db, ["pagedown", page_down_to_the_end], window=50)
    assert app.cursor == 999
    assert app.rows.fetched <= 1000 + 2 * 50  # each row read about once on the way down
    assert max(held) <= app.rows.keep * 50


def test_select_with_offset_is_a_slice_of_the_whole_list(big: Path, shelf: dict[str, int], library: Path) -> None:
    """The windows the screen fetches are exactly the list's (and search's) order, cut."""
    for db in (big, library):
        lib = Store.open(db)
        try:
            for text in (None, "篇", "entry 9", '"entry 1"', "第1 -entry 19", "s3 OR s4", "调度"):
                f = Filters(query=parse_query(text) if text else None)
                whole = [r["id"] for r in lib.select(f, limit=0, columns="id")]
                assert lib.count(f) == len(whole)
                for offset in (0, 1, 7, 49, max(0, len(whole) - 3), len(whole) + 5):
                    part = [r["id"] for r in lib.select(f, limit=20, offset=offset, columns="id")]
                    assert part == whole[offset : offset + 20], (text, offset)
        finally:
            lib.close()


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(marks=st.lists(st.tuples(st.integers(0, 59), st.booleans()), max_size=12), window=st.integers(1, 9))
def test_rows_keep_changed_entries_in_place(
    tmp_path_factory: pytest.TempPathFactory, sixty: Path, marks: Any, window: int
) -> None:
    """Whatever entries are marked read (or unread again) in the unread view, in
    any order, every display row is the entry first shown there: none skipped,
    none twice."""
    db = copy_of(sixty, tmp_path_factory.mktemp("rows") / "rows.db")
    lib = Store.open(db)
    try:
        rows = Rows(Library(lib), {"unread": True}, window=window, keep=2)
        first = [rows.row(i)["id"] for i in range(rows.total)]  # type: ignore[index]
        for index, on in marks:
            entry = rows.row(index)
            assert entry is not None
            actions.set_state(lib, [entry["id"]], "read", on, name="read" if on else "unread")
            rows.changed(index)
        rows._windows.clear()  # fetched again, from the store as it now is
        assert [rows.row(i)["id"] for i in range(rows.total)] == first  # type: ignore[index]
        assert rows.total == len(first) == 60
    finally:
        lib.close()


# ---- the command ------------------------------------------------------------------


def test_triage_refuses_without_a_terminal(run: Run, shelf: dict[str, int]) -> None:
    result = run("triage", "--unread", code=1)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "needs a terminal" in result.stderr
    result = run("triage", "--since", "", code=2)  # a usage error is one first, terminal or not
    assert result.stderr.count("\n") == 1 and "--since" in result.stderr


def test_ctrl_c_ends_triage_as_an_interruption(
    run: Run, library: Path, shelf: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C on the screen (a key to Textual, not a signal) exits 130, as README documents
    for an interrupted command, in a prompt or the help too; q quits with 0. What was
    changed before it stays saved."""
    from readlog.cli import triage as command

    app, _ = drive(library, ["s", "ctrl+c"])
    assert app.return_value == 130 and state_of(library, shelf["fts5"])["starred_at"] is not None
    assert drive(library, ["t", "x", "ctrl+c"])[0].return_value == 130  # typing tags
    assert drive(library, ["question_mark", "ctrl+c"])[0].return_value == 130  # reading the help
    assert drive(library, ["q"])[0].return_value == 0
    keys: list[str] = []

    def headless(app: TriageApp, *args: Any, **kwargs: Any) -> int | None:
        async def go() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                for key in keys:
                    await pilot.press(key)

        asyncio.run(go())
        return app.return_value

    monkeypatch.setattr(command, "on_a_terminal", lambda: True)
    monkeypatch.setattr(TriageApp, "run", headless)
    keys[:] = ["ctrl+c"]
    assert run("triage", code=130).stderr == ""
    keys[:] = ["q"]
    run("triage", code=0)


def test_triage_has_every_filter_of_list_and_examples(run: Run) -> None:
    import typer

    from readlog.cli import app

    command = typer.main.get_command(app)
    options = {name: {o for p in cmd.params for o in p.opts} for name, cmd in command.commands.items()}  # type: ignore[attr-defined]
    not_filters = {"--sort", "--reverse", "--limit", "-n", "--json"}
    assert options["list"] - not_filters <= options["triage"]
    text = run("triage", "--help").stdout
    assert "Examples:" in text and "readlog triage" in text


def test_quit_key_ends_with_status_zero(library: Path, shelf: dict[str, int]) -> None:
    app, _ = drive(library, ["q"])
    assert app.return_value == 0


# ---- in a real terminal ---------------------------------------------------------------

ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-B]|[=>78])")


class Terminal:
    """``readlog triage`` in a pseudo-terminal, as a reader runs it."""

    def __init__(self, db: Path) -> None:
        import fcntl
        import struct
        import subprocess
        import termios

        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = child_env(TERM="xterm-256color", NO_COLOR="1")
        self.proc = subprocess.Popen(
            [*READLOG, "--db", str(db), "triage"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.seen = ""

    def wait_for(self, text: str, timeout: float = 30.0) -> None:
        """Read the screen until ``text`` shows on it."""
        import select

        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            assert left > 0, f"{text!r} never showed; the screen had: {self.seen[-500:]!r}"
            if select.select([self.master], [], [], left)[0]:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                assert data, f"the app ended before {text!r} showed: {self.seen[-500:]!r}"
                self.seen += ANSI.sub("", data.decode("utf-8", "replace"))

    def press(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> int:

        end = time.monotonic() + 30
        while self.proc.poll() is None and time.monotonic() < end:
            try:
                os.read(self.master, 65536)  # a terminal keeps reading what the app writes
            except OSError:
                time.sleep(0.01)
        os.close(self.master)
        return self.proc.wait(timeout=5)


@pytest.mark.slow
def test_in_a_terminal_a_change_shown_survives_a_kill_and_q_quits_with_0(library: Path, shelf: dict[str, int]) -> None:
    import signal

    term = Terminal(library)
    try:
        term.wait_for("帖子讨论")
        term.press("s")
        term.wait_for("starred:")
        term.proc.send_signal(signal.SIGKILL)
    finally:
        term.close()
    assert state_of(library, shelf["fts5"])["starred_at"] is not None  # shown as done, so it was saved
    term = Terminal(library)
    try:
        term.wait_for("帖子讨论")
        term.press("jr")
        term.wait_for("marked read:")
        term.press("q")
    finally:
        code = term.close()
    assert code == 0
    assert state_of(library, shelf["btree"])["read_at"] is not None


@pytest.mark.slow
@pytest.mark.parametrize("how", ["key", "signal"])
def test_in_a_terminal_ctrl_c_exits_130(library: Path, shelf: dict[str, int], how: str) -> None:
    """Ctrl-C typed on the screen reaches readlog as a key (the terminal is in raw mode);
    a SIGINT sent to it (kill -INT) ends it the same way."""
    import signal

    term = Terminal(library)
    try:
        term.wait_for("帖子讨论")
        term.press("s")
        term.wait_for("starred:")
        if how == "key":
            term.press("\x03")
        else:
            term.proc.send_signal(signal.SIGINT)
    finally:
        code = term.close()
    assert code == 130
    assert state_of(library, shelf["fts5"])["starred_at"] is not None


def test_a_window_whose_rows_all_left_the_view_reads_nothing_more(
    run: Run, library: Path, shelf: dict[str, int]
) -> None:
    lib = Store.open(library)
    try:
        rows = Rows(Library(lib), {"unread": True}, window=2, keep=1)
        first = [rows.row(0), rows.row(1)]
        run("read", str(first[0]["id"]), str(first[1]["id"]))  # both leave the unread view
        rows.changed(0)
        rows.changed(1)
        rows.row(4)  # another window: the first is forgotten
        before = rows.fetched
        again = [rows.row(0), rows.row(1)]  # its rows are all kept ones: nothing to read
        assert [r["id"] for r in again] == [r["id"] for r in first]
        assert rows.fetched == before
    finally:
        lib.close()


def test_undoing_a_trash_move_on_screen_reloads_the_list(run: Run, library: Path, shelf: dict[str, int]) -> None:
    run("rm", str(shelf["fts5"]))
    run("restore", str(shelf["fts5"]))  # the newest action: undoing it moves the entry back to the trash
    app, screen = drive(library, ["u", "u"])
    assert "undid action" in screen
    assert app.rows.total == 5 and all(app.rows.row(i)["id"] != shelf["fts5"] for i in range(app.rows.total))
