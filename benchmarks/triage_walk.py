#!/usr/bin/env python3
"""Rows read and memory used by the triage screen moving from the first entry to the last.

Run by benchmarks/run.py (``python benchmarks/triage_walk.py LIBRARY``; prints
JSON). The app runs headless through Textual's pilot on the unread view of
LIBRARY: first End (one jump to the last entry), then, from the top again,
page down to the last entry in a tall terminal (80x200, so that a page is
~90 entries). It reports the rows read from the store (``Rows.fetched``),
the most rows held at once, and the process's peak memory after each part.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
from pathlib import Path
from typing import Any


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def walk(db: Path) -> dict[str, Any]:
    from readlog.core.library import Library
    from readlog.store import Store
    from readlog.triage.app import TriageApp

    lib = Library(Store.open(db))
    out: dict[str, Any] = {}
    app = TriageApp(lib, {"unread": True})
    async with app.run_test(size=(80, 200)) as pilot:
        await pilot.pause()
        out["entries"] = app.rows.total
        out["first_fetched"], out["first_rss_mb"] = app.rows.fetched, peak_mb()
        await pilot.press("end")
        out["end_fetched"], out["end_rss_mb"] = app.rows.fetched, peak_mb()
        assert app.cursor == app.rows.total - 1
        await pilot.press("home")
        app.rows.fetched, most = 0, 0
        while app.cursor < app.rows.total - 1:
            app.action_page(1)
            most = max(most, app.rows.held)
        out["walk_fetched"], out["max_held"], out["walk_rss_mb"] = app.rows.fetched, most, peak_mb()
    lib.close()
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(walk(Path(sys.argv[1])))))
