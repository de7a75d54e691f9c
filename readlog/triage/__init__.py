"""readlog triage: the interactive screen (a Textual app).

Imported only by the ``triage`` command: Textual is heavy, and every other
command must start without it (tests/test_startup.py checks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from readlog.core.library import Library


def run(
    lib: Library,
    f: dict[str, Any],
    query_text: str | None = None,
    *,
    lang: str = "en",
    columns: list[str] | None = None,
    mark_read_on_show: bool = False,
    advance: bool = True,
) -> int:
    """Show the triage screen for the entries that ``f`` selects (the Library's
    filters, as entries() takes them) until the reader quits (``query_text``:
    the --search query as typed, shown on the top line), in ``lang``, with the
    list's ``columns``, and the settings mark_read_on_show and triage_advance
    (``advance``)."""
    from readlog.triage.app import TriageApp

    app = TriageApp(
        lib,
        f,
        lang=lang,
        columns=columns,
        mark_read_on_show=mark_read_on_show,
        advance=advance,
        query_text=query_text,
    )
    code = app.run()
    return int(code or 0)
