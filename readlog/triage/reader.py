"""``show --full`` on a terminal: one entry's article in readlog's own reader (a Textual app).

A pager cannot say how far it was read, so a long article opens here rather than in
``$PAGER``: the reader starts where the last reading stopped (the entry's progress, as
``readlog progress`` and the triage reading pane keep it) and, when you leave it, keeps how
far you read (``lib.progress``: one action, undone as any other; never lowered). Its keys
are less's (Space/b a page, j/k a line, d/u half a page, g/G the ends, q to leave). It
shows what ``show --full`` prints (render.article: the entry's panel, then the article
with its highlighted passages marked ⟦ ⟧), built from cleaned text, never markup.

``show --full --pager`` (or ``use_pager = true`` in the config file) keeps the system pager.
Imported only then: Textual is heavy, and every other command starts without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.widgets import Static

from readlog.model import stamps
from readlog.model.errors import EXIT_INTERRUPTED, ReadlogError
from readlog.model.messages import say
from readlog.model.sanitize import clean
from readlog.render.article import MAX_WIDTH, Lines, marked_layout, passages_of
from readlog.render.output import Output

if TYPE_CHECKING:
    from readlog.core.library import Library

Row = dict[str, Any]


def seen_of(pane: VerticalScroll) -> float | None:
    """How far a scrolled article has been read: the bottom of what the pane shows,
    against all of it (0 to 1, two places); None before it is laid out."""
    total = pane.virtual_size.height
    if total <= 0:
        return None
    return round(min(1.0, (pane.scroll_y + pane.size.height) / total), 2)


def keep_progress(library: Library, row: Row, seen: float | None) -> None:
    """Keep ``seen`` as the entry's progress when it is further than before (never
    lowered); an entry without fetched text has none."""
    if seen is None or not (row.get("text") or "").strip():
        return
    if seen >= (row.get("progress") or 0) + 0.01:
        library.progress(row["id"], seen)


def resume_at(progress: float | None, total: int, height: int) -> int:
    """Where to open an article read to ``progress`` before: the line that was at the top
    of the screen when its bottom reached that far (the start when unread or finished)."""
    if not progress or progress >= 1 or total <= height:
        return 0
    return max(0, min(total - height, round(progress * total) - height))


class ReaderApp(App[int]):
    """One entry, read as in less; leaving keeps how far."""

    CSS = """
    Screen { layout: vertical; }
    #page { height: 1fr; scrollbar-size-vertical: 1; scrollbar-size-horizontal: 0; }
    #status { height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,f,z,pagedown,ctrl+f,ctrl+v", "page(1)", show=False),
        Binding("b,w,pageup,ctrl+b", "page(-1)", show=False),
        Binding("j,e,down,enter,ctrl+n,ctrl+e", "line(1)", show=False),
        Binding("k,y,up,ctrl+p,ctrl+y", "line(-1)", show=False),
        Binding("d,ctrl+d", "half(1)", show=False),
        Binding("u,ctrl+u", "half(-1)", show=False),
        Binding("g,home,less_than_sign", "ends(-1)", show=False),
        Binding("G,end,greater_than_sign", "ends(1)", show=False),
        Binding("q,Q,escape", "leave", show=False),
        Binding("ctrl+c", "interrupt", show=False, priority=True),
    ]

    def __init__(self, library: Library, row: Row, *, lang: str = "en") -> None:
        no_color = "NO_COLOR" in os.environ
        super().__init__(ansi_color=True if no_color else None)  # as the triage screen: no colour at all
        if no_color:
            self.theme = "ansi-dark"
        self.library, self.row, self.lang = library, row, lang
        self.width = 0  # the article's laid-out width, once the screen's size is known
        self.opened = False  # scrolled to where the last reading stopped
        self.refused = False  # leaving could not keep the progress (said once; leaving again ends)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="page", can_focus=False):
            yield Static(id="text")
        yield Static(id="status")

    def on_mount(self) -> None:
        # A SIGINT sent from elsewhere (kill -INT) ends it as Ctrl-C does.
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not the main thread
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self.exit, EXIT_INTERRUPTED)
        self.watch(self.page, "scroll_y", self.show_status, init=False)
        self.lay_out()

    @property
    def page(self) -> VerticalScroll:
        return self.query_one("#page", VerticalScroll)

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.lay_out)

    def lay_out(self) -> None:
        """The panel and the article for the screen's width (at most MAX_WIDTH, as
        show --full); the first time, then opened where the last reading stopped."""
        width = min(max(20, self.size.width - 1), MAX_WIDTH)
        if width != self.width:
            at = seen_of(self.page) if self.opened else None
            self.width = width
            out = Output(self.lang, width=width)
            text = self.row.get("text") or ""
            lines = marked_layout(text, width, passages_of(self.row)) if text else []
            self.query_one("#text", Static).update(
                Group(out.entry_panel(self.row, stamps.now(), full=True), Text(""), Lines(lines))
            )
            self.call_after_refresh(self.open_at, at)
        self.show_status()

    def open_at(self, seen: float | None) -> None:
        """Scroll to where the last reading stopped; after a resize, to where this one is.
        Not once a key has moved the page: the reader has taken over."""
        if self.opened and seen is None:
            return
        page = self.page
        progress = seen if self.opened else self.row.get("progress")
        page.scroll_to(y=resume_at(progress, page.virtual_size.height, page.size.height), animate=False)
        self.opened = True
        self.show_status()

    @property
    def moved(self) -> VerticalScroll:
        """The page, for a key that moves it: from then on the reader decides where it is."""
        self.opened = True
        return self.page

    def show_status(self, *_: object) -> None:
        seen = seen_of(self.page)
        status = Text(say("reader_keys", self.lang, percent=round((seen or 0) * 100)), style="dim")
        title = Text(clean(self.row.get("title") or self.row.get("url") or "", one_line=True), style="bold")
        room = self.size.width - status.cell_len - 2
        title.truncate(max(0, room), overflow="ellipsis")
        line = title + Text(" " * max(1, self.size.width - title.cell_len - status.cell_len)) + status
        line.truncate(self.size.width, overflow="ellipsis")
        self.query_one("#status", Static).update(line)

    def action_page(self, step: int) -> None:
        page = self.moved
        (page.scroll_page_down if step > 0 else page.scroll_page_up)(animate=False)

    def action_line(self, step: int) -> None:
        self.moved.scroll_relative(y=step, animate=False)

    def action_half(self, step: int) -> None:
        page = self.moved
        page.scroll_relative(y=step * max(1, page.size.height // 2), animate=False)

    def action_ends(self, which: int) -> None:
        page = self.moved
        (page.scroll_end if which > 0 else page.scroll_home)(animate=False)

    def action_leave(self) -> None:
        """q or Esc: keep how far the article was read, and end (a busy or read-only
        library is said on the status line: leave again to end without keeping it)."""
        try:
            keep_progress(self.library, self.row, seen_of(self.page))
        except ReadlogError as exc:
            if not self.refused:
                self.refused = True
                line = Text(exc.localized(self.lang), style="bold red")
                line.truncate(self.size.width, overflow="ellipsis")
                self.query_one("#status", Static).update(line)
                return
        self.exit(0)

    def action_interrupt(self) -> None:
        """Ctrl-C: ends as any interrupted command ends (status 130), keeping nothing."""
        self.exit(EXIT_INTERRUPTED)


def read(library: Library, row: Row, *, lang: str = "en") -> int:
    """Open ``row`` (the entry as ``lib.get`` reads it) in the reader until it is left;
    the exit status (0, or 130 after Ctrl-C)."""
    return int(ReaderApp(library, row, lang=lang).run() or 0)
