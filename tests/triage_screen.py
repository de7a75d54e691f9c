"""The triage screen driven in tests: a small shelf of entries, Textual's pilot
with a fixed clock, the screen as text, and the library read back afterwards
(tests/test_triage.py and tests/test_triage_outside.py). A plugin of the suite
(tests/conftest.py): its fixtures are there by name; the triage tests use
fixed_now and quick_pilot for each of their tests (pytestmark)."""

from __future__ import annotations

import asyncio
import io
import sqlite3
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import time_machine
from rich.console import Console

from readlog.core.library import Library
from readlog.model.entry import Entry
from readlog.store import Counts, Store
from readlog.triage.app import TriageApp

from conftest import Run
from helpers import connect, copy_of

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
NOW = datetime(2026, 12, 4, 9, 0, tzinfo=timezone.utc)
ARTICLE = """# 调度器的公平性

CFS 用虚拟运行时间衡量每个任务
已经用了多少 CPU。

- 第一点：后台任务不会被饿死
- second point, in English

> 引用：公平不等于相同。

```
for task in queue:
    run(task)
```
"""

# (title, source, url, days before NOW, tags, summary)
ENTRIES = [
    ("调度器为什么会饿死后台任务", "evening-reads", "", 16, [], "一篇关于操作系统调度公平性的长文。"),
    ("How we cut p99 latency in half", "Example Engineering Blog", "https://blog.example.com/p99", 3, ["perf"], ""),
    ("一页纸讲清 B 树", "evening-reads", "https://example.org/btree", 2, [], "用一页图解说明 B 树的分裂与合并。"),
    ("Notes on writing a tiny regex engine", "Julia Evans", "https://jvns.example/regex", 40, [], "Backtracking."),
    ("帖子讨论 FTS5 trigram 分词器在中文检索里的用法", "SQLite Forum", "https://sqlite.example/fts5", 1, [], ""),
    ("A survey of incremental parsers", "Parsers Weekly", "https://parsers.example/survey", 9, ["parsing"], ""),
]


@pytest.fixture
def fixed_now(fixed_clock: time_machine.Coordinates) -> None:
    """Relative times ("3 days ago") as of NOW, so that the screen does not drift: the
    suite's clock moved to NOW (still ticking: the app's timers run)."""
    fixed_clock.move_to(NOW)


@pytest.fixture
def quick_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pilot waits after each key until the process looks idle (at least 40 ms,
    far more on a busy machine); the app has no timers or animations, so letting
    the event loop run once is enough: the pilot still waits for every message
    the key caused to be handled."""
    import textual.app
    import textual.pilot

    async def once(*args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(0.002)

    monkeypatch.setattr(textual.app, "wait_for_idle", once)
    monkeypatch.setattr(textual.pilot, "wait_for_idle", once)


def add(db: Path, **fields: Any) -> None:
    """Store one entry through the store (for fields no text format carries, such as a URL)."""
    store_entries(db, [Entry(**fields)])


def poke(db: Path, entry_id: int, **columns: Any) -> None:
    """Write columns straight into the file: text the import gate would have
    cleaned (to show the screen cleans it too), or the fetched article."""
    conn = connect(db)
    try:
        for column, value in columns.items():
            conn.execute(f"UPDATE entries SET {column} = ? WHERE id = ?", (value, entry_id))
        conn.commit()
    finally:
        conn.close()


NAMES = ["sched", "p99", "btree", "regex", "fts5", "parsers"]


@pytest.fixture(scope="module")
def shelf_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six entries (ids 1-6 in the order of NAMES), built once and copied for each test."""
    db = tmp_path_factory.mktemp("shelf") / "shelf.db"
    for title, source, url, days, tags, summary in ENTRIES:
        fields = {"title": title, "source": source, "url": url, "summary": summary, "tags": tags}
        add(db, **fields, category="技术文章", saved_at=NOW - timedelta(days=days))
    poke(db, 1, minutes=7, text=ARTICLE)
    return db


@pytest.fixture
def shelf(library: Path, shelf_file: Path) -> dict[str, int]:
    """The six entries in this test's library: ids by a short name."""
    library.parent.mkdir(parents=True, exist_ok=True)
    copy_of(shelf_file, library)
    return {name: i for i, name in enumerate(NAMES, start=1)}


def state_of(db: Path, entry_id: int) -> dict[str, Any]:
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        return dict(conn.execute("SELECT * FROM entries WHERE id = ?", (entry_id,)).fetchone())
    finally:
        conn.close()


def screen_text(app: TriageApp, *, styles: bool = False) -> str:
    """What the terminal shows, as text (or with its escape codes, ``styles=True``)."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    if styles:
        return console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in console.export_text(styles=False).splitlines()) + "\n"


def drive(
    db: Path,
    keys: list[str | Callable[[TriageApp], Any]],
    *,
    f: dict[str, Any] | None = None,
    lang: str = "en",
    size: tuple[int, int] = (80, 24),
    window: int = 200,
    mark_read_on_show: bool = False,
    advance: bool = True,
) -> tuple[TriageApp, str]:
    """Open the screen on ``db``, press ``keys`` (a callable in the list is called
    with the app at that point; "click:N" clicks the list's line N), and return
    the app and the final screen."""
    lib = Library(Store.open(db))
    stay = {} if advance else {"advance": False}  # the config's triage_advance = false
    app = TriageApp(lib, f or {}, lang=lang, window=window, mark_read_on_show=mark_read_on_show, **stay)

    async def go() -> str:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for key in keys:
                if callable(key):
                    await settled(pilot)
                    key(app)
                elif key.startswith("click:"):
                    await pilot.click("#list", offset=(10, int(key.split(":")[1])))
                else:
                    await pilot.press(key)
            await settled(pilot)
            return screen_text(app)

    try:
        return app, asyncio.run(go())
    finally:
        lib.close()


async def settled(pilot: Any) -> None:
    """Wait until the screen has laid itself out and the widgets have handled all that
    caused (a screen pushed and mounted, the list's height following the detail's, a
    list that shrank scrolling to keep the cursor), however many rounds that takes.

    A pause handles the messages queued when it starts and then lays the screen out,
    which may queue more; how many rounds fit in one pause depends on how busy the
    machine is (Textual's idle wait compares CPU time with wall time). So rounds are
    repeated until nothing is queued and nothing waits for a layout or a repaint, twice
    in a row; a screen that never settles fails here rather than somewhere later.
    """
    app = pilot.app
    quiet_rounds = rounds = 0
    deadline = time.monotonic() + SETTLING
    while rounds < 200 or time.monotonic() < deadline:
        if app._exit:
            return  # the app has ended (q): nothing more will happen
        # Past the first rounds, a pause of a few milliseconds: on a loaded machine the idle
        # wait returns at once, and rounds without a pause would run out before the work is done.
        await pilot.pause(None if rounds < 50 else 0.005)
        rounds += 1
        quiet_rounds = quiet_rounds + 1 if quiescent(app) else 0
        if quiet_rounds == 2:
            return
    raise AssertionError(f"the triage screen never settled ({rounds} rounds, {SETTLING} s)")


# How long a screen may take to settle before a test says it never does: generous, since a
# screen that settles does so in well under a second, and a busy machine must not fail it.
SETTLING = 30.0


def quiescent(app: TriageApp) -> bool:
    """Nothing left to do: no message queued for the app or any widget of its screen,
    no callback waiting for a refresh, no animation running, and no layout, scroll or
    repaint pending (Textual's own state: a Textual upgrade that renames it fails here
    loudly, never by chance)."""
    screen = app.screen
    if app._batch_count or any(
        (screen._layout_required, screen._scroll_required, screen._repaint_required, screen._recompose_required)
    ):
        return False
    if screen._dirty_widgets or screen._callbacks or app.animator._animations:
        return False
    return all(p._message_queue.empty() and not p._next_callbacks for p in (app, *screen.walk_children(with_self=True)))


def typed(text: str) -> list[str]:
    """The key presses that type ``text`` into a prompt."""
    names = {" ": "space", "+": "plus", "-": "minus", '"': "quotation_mark", "/": "slash"}
    return [names.get(ch, ch) for ch in text]


def history(run: Run) -> list[dict[str, Any]]:
    return list(run.json("history", "--limit", "0"))


def store_entries(db: Path, entries: list[Entry]) -> Path:
    """Write entries through the store in one transaction (as add does, for many)."""
    lib = Store.open(db)
    try:
        with lib.transaction():
            action = lib.start_action("test setup")
            import_id = lib.begin_import("setup", "", "test", "2026-11-01T00:00:00+00:00", action)
            lib.upsert(entries, import_id, action, Counts())
    finally:
        lib.close()
    return db
