"""readlog triage: the interactive screen (a Textual app).

Imported only by the ``triage`` command: Textual is heavy, and every other
command must start without it (tests/test_startup.py checks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from readlog.cli.state import State
    from readlog.store import Filters


def run(state: State, f: Filters, query_text: str | None = None) -> int:
    """Show the triage screen for the entries ``f`` selects until the reader quits
    (``query_text``: the --search query as typed, shown on the top line)."""
    from readlog.triage.app import TriageApp

    app = TriageApp(
        state.library().store,
        f,
        lang=state.out.lang,
        columns=list(state.out.columns) if state.out.columns is not None else None,
        mark_read_on_show=state.mark_read_on_show,
        advance=state.triage_advance,
        query_text=query_text,
    )
    code = app.run()
    return int(code or 0)
