#!/usr/bin/env python3
"""The least a Textual app can cost: one line of text, to its first screen.

benchmarks/run.py runs it in the same pseudo-terminal as ``readlog triage``
and beside it, so that the triage screen's start-up can be read against both
the CLI floor and what Textual itself takes. Like the app, it writes the
time its first screen was drawn to the file named by
READLOG_TRIAGE_FIRST_SCREEN, and quits.
"""

from __future__ import annotations

import os
import time

from textual.app import App, ComposeResult
from textual.widgets import Static


class Floor(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("readlog")

    def on_mount(self) -> None:
        self.call_after_refresh(self.drawn)

    def drawn(self) -> None:
        with open(os.environ["READLOG_TRIAGE_FIRST_SCREEN"], "w", encoding="utf-8") as fh:
            fh.write(f"{time.time():.6f}\n")
        self.exit()


if __name__ == "__main__":
    Floor().run()
