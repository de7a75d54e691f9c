"""The triage screen: one list of entries, the selected one's detail, one key per action.

A Textual app, imported only by ``readlog triage`` (textual costs a tenth of
a second to import). Every key's change is a call to the Library (``star``,
``tag``, ``note``, ``undoable`` and ``undo``, ``open_link``: the methods the
commands and a script call, so each is one committed transaction, one action
in ``readlog history``, undone by ``readlog undo``); the list's windows of
rows are ``lib.rows`` (rows.py). It shows only what readlog/render/triage.py
builds: ``rich.text.Text`` made from cleaned text, never markup.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import os
import shlex
import signal
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Click, Resize
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from readlog.core.filters import clean_note, parse_tag_args
from readlog.core.library import STATE_COMMANDS, STATE_METHODS
from readlog.model import messages, stamps
from readlog.model.errors import EXIT_INTERRUPTED, ReadlogError
from readlog.render import triage as show
from readlog.render.output import Output
from readlog.store import STATE_COLUMNS
from readlog.triage.reader import keep_progress, resume_at, seen_of
from readlog.triage.rows import WINDOW, Rows, View, stored_row

if TYPE_CHECKING:
    from textual.widgets import Input

    from readlog.core.library import Library
    from readlog.render.table import TableLines

Row = dict[str, Any]
# `f` cycles through these views, on top of the other filters.
VIEWS = ("unread", "starred", "all")
# From this width on, the list and the detail sit side by side.
WIDE = 140
# A hidden switch for benchmarks/run.py: when set to a file name, the time the
# first full screen was drawn is written there (seconds since the epoch) and
# the app quits. Nothing else reads it.
FIRST_SCREEN_ONLY = "READLOG_TRIAGE_FIRST_SCREEN"
# The list's column widths are fitted to this many rows from the top (as list fits its page).
LAYOUT_ROWS = 50


F = TypeVar("F", bound=Callable[..., Any])


def guarded(method: F) -> F:
    """Say on the status line what stopped a change (a busy or read-only library,
    an entry another readlog deleted, a damaged file) and keep the screen going,
    rather than end it with a traceback. Nothing was changed: each change is
    one transaction."""

    if inspect.iscoroutinefunction(method):  # a key that opens a prompt

        @functools.wraps(method)
        async def waiting(self: TriageApp, *args: Any) -> None:
            try:
                await method(self, *args)
            except ReadlogError as exc:
                self.refused(exc)

        return waiting  # type: ignore[return-value]

    @functools.wraps(method)
    def wrapper(self: TriageApp, *args: Any, **kwargs: Any) -> None:
        try:
            method(self, *args, **kwargs)
        except ReadlogError as exc:
            self.refused(exc)

    return wrapper  # type: ignore[return-value]


def view_filters(base: View, view: str) -> View:
    """``base`` with the view's state filters in place of its own."""
    rest = {name: value for name, value in base.items() if name not in ("unread", "starred")}
    if view == "unread":
        return {**rest, "unread": True}
    if view == "starred":
        return {**rest, "starred": True}
    return rest


def view_name(f: View, lang: str) -> str:
    """What the state filters of ``f`` show, in words: 'unread', 'starred', 'all'..."""
    unread = f.get("unread")
    state = "unread" if unread is True else "read" if unread is False else None
    words = [messages.wording("label_" + state, lang)] if state else []  # as list's State column says them
    if f.get("starred") is True:
        words.append(messages.wording("label_starred", lang))
    if f.get("archived") is True:
        words.append(messages.wording("label_archived", lang))
    return ", ".join(words) or show.label(lang, "all")


class EntryList(ScrollView, can_focus=True, inherit_bindings=False):
    """The entries, one line each, drawn only as they come into sight (Textual's line API).

    Its keys are the app's (a scroll view's own would scroll without moving the cursor)."""

    DEFAULT_CSS = """
    EntryList { scrollbar-size-vertical: 1; scrollbar-gutter: stable; overflow-x: hidden; }
    EntryList > .entry-list--cursor { background: $accent 50%; text-style: bold; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"entry-list--cursor"}

    def __init__(self, triage: TriageApp, **kw: Any) -> None:
        super().__init__(**kw)
        self.triage = triage

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_size.width
        text = self.triage.line_at(index)
        if text is None:
            return Strip.blank(width)
        text.truncate(width, pad=True)
        if index == self.triage.cursor:
            style = Style(reverse=True) if self.app.no_color else self.get_component_rich_style("entry-list--cursor")
            text.stylize(style)
        return Strip(list(text.render(self.app.console)), width)

    def on_click(self, event: Click) -> None:
        self.triage.move_to(self.scroll_offset.y + event.y)

    def on_resize(self, event: Resize) -> None:
        """The list is as tall as the detail below it leaves room for, which
        changes with the entry shown: keep the cursor in sight."""
        self.triage.keep_in_sight()


class HelpScreen(ModalScreen[None]):
    """Every key and what it does; Esc, q or ? closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: auto; max-width: 100%; height: auto; max-height: 100%;
                                  border: round $accent; padding: 0 1; background: $surface;
                                  scrollbar-size-vertical: 1; scrollbar-size-horizontal: 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", show=False),
        Binding("j,down", "scroll(1)", show=False),
        Binding("k,up", "scroll(-1)", show=False),
        Binding("g,home", "ends(-1)", show=False),
        Binding("G,end", "ends(1)", show=False),
    ]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        # As wide as its longest line (and the frame, padding and scrollbar) or the screen;
        # a short terminal scrolls it (j/k, the arrows, PgUp/PgDn, g/G).
        with VerticalScroll() as frame:
            frame.styles.width = max(map(cell_len, self.text.plain.splitlines())) + 5
            yield Static(self.text)

    def action_scroll(self, step: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=step, animate=False)

    def action_ends(self, which: int) -> None:
        frame = self.query_one(VerticalScroll)
        (frame.scroll_end if which > 0 else frame.scroll_home)(animate=False)

    def action_close(self) -> None:
        self.dismiss()


class TriageApp(App[int]):
    """The triage screen over ``lib``, showing the entries ``base`` selects."""

    CSS = """
    Screen { layout: vertical; }
    #top, #columns, #status, #footer { height: 1; }
    #body { height: 1fr; }
    #left { height: 1fr; min-height: 4; }
    #list { height: 1fr; }
    #detail { height: auto; max-height: 50%; scrollbar-size-vertical: 1; scrollbar-size-horizontal: 0;
              scrollbar-gutter: stable; }
    #detail-text { height: auto; }
    #body.wide { layout: horizontal; }
    #body.wide #left { width: 3fr; }
    #body.wide #detail { height: 1fr; max-height: 100%; width: 2fr; }
    #body.reading #left { display: none; }
    #body.reading #detail { height: 1fr; max-height: 100%; }
    #prompt { height: 1; border: none; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j,down", "move(1)", show=False),
        Binding("k,up", "move(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("g,home", "first", show=False),
        Binding("G,end", "last", show=False),
        Binding("enter", "open", show=False),
        Binding("space", "space", show=False),
        Binding("escape", "escape", show=False),
        Binding("s", "flip('starred')", show=False),
        Binding("r", "flip('read')", show=False),
        Binding("a", "flip('archived')", show=False),
        Binding("t", "prompt('tags')", show=False),
        Binding("n", "prompt('note')", show=False),
        Binding("o", "link", show=False),
        Binding("slash", "prompt('search')", show=False),
        Binding("f", "cycle", show=False),
        Binding("u", "undo", show=False),
        Binding("question_mark", "help", show=False),
        Binding("N", "next", show=False),
        Binding("q", "quit", show=False),
        Binding("ctrl+c", "interrupt", show=False, priority=True),
    ]

    def __init__(
        self,
        library: Library,
        base: View,
        *,
        lang: str = "en",
        columns: list[str] | None = None,
        mark_read_on_show: bool = False,
        advance: bool = True,
        window: int = WINDOW,
        query_text: str | None = None,
    ) -> None:
        no_color = "NO_COLOR" in os.environ
        # With NO_COLOR, Textual turns colours grey unless it draws in the terminal's
        # own (ANSI) colours, which it then drops: so no colour at all, only bold and reverse.
        super().__init__(ansi_color=True if no_color else None)
        if no_color:
            self.theme = "ansi-dark"
        self.library = library  # its methods read the rows and make the changes, as a script's and the commands' do
        self.lang = lang
        self.columns = columns
        self.mark_read_on_show = mark_read_on_show
        self.advance = advance  # to the next entry after s, r or a (the config's triage_advance)
        self.window = window
        self.view = next((v for v in VIEWS if view_filters(base, v) == base), None)
        self.filters = base
        self.query_text = query_text if "search" in base else None  # --search, as typed
        self.rows = Rows(library, base, window=window)
        self.cursor = 0
        self.reading = False
        self.prompting: str | None = None
        self.prefill = ""
        self.mine: set[int] = set()  # actions made on this screen
        self.pending_undo: int | None = None
        self.layout_: TableLines | None = None
        self.list_out: Output | None = None
        self.detail_out: Output | None = None
        self.now = stamps.now()
        self.widths: tuple[int, int, int] = (0, 0, 0)
        self.highest_id = self._highest_id()

    # ---- building the screen ---------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        with Vertical(id="body"):
            with Vertical(id="left"):
                yield Static(id="columns")
                yield EntryList(self, id="list")
            with VerticalScroll(id="detail"):
                yield Static(id="detail-text")
        yield Static(id="status")
        yield Static(id="footer")

    def on_mount(self) -> None:
        # Ctrl-C typed reaches the screen as a key (action_interrupt); a SIGINT sent from
        # elsewhere (kill -INT) ends it the same way, not as a quit.
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not the main thread
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self.exit, EXIT_INTERRUPTED)
        self.query_one(EntryList).focus()
        self.refresh_all()  # with widths guessed from the terminal's: the first frame shows the entries
        if os.environ.get(FIRST_SCREEN_ONLY):
            self.call_after_refresh(self.first_screen_drawn, os.environ[FIRST_SCREEN_ONLY])

    def on_resize(self, event: Resize) -> None:
        self.query_one("#body").set_class(event.size.width >= WIDE, "wide")
        self.call_after_refresh(self.lay_out)

    def lay_out(self) -> None:
        """Fit the columns, the detail and the footer to the widths the panes now have
        (after each layout: the first one may differ from the guess)."""
        if self.widths != self.pane_widths():
            self.refresh_all()

    def pane_widths(self) -> tuple[int, int, int]:
        """The widths of the list's and the detail's text (their scrollbars' columns
        are always kept) and the screen's; guessed before the first layout."""
        entry_list, detail = self.query_one(EntryList), self.query_one("#detail")
        if entry_list.size.width and detail.size.width:
            return entry_list.scrollable_size.width, detail.scrollable_size.width, self.size.width
        width = self.size.width
        left = width * 3 // 5 if width >= WIDE else width
        return left - 1, ((width - left) or width) - 1, width

    def first_screen_drawn(self, path: str) -> None:
        """For the benchmark: note when the first full screen was drawn, and quit."""
        import time

        with open(path, "w", encoding="utf-8") as fh:
            fh.write(f"{time.time():.6f}\n")
        self.exit(0)

    def refresh_all(self) -> None:
        """Lay the list out for its width and draw every part again."""
        entry_list = self.query_one(EntryList)
        self.widths = self.pane_widths()
        width = max(20, self.widths[0])
        self.list_out = Output(self.lang, width=width, columns=self.columns)
        self.detail_out = Output(self.lang, width=max(20, self.widths[1]))
        sample = [r for r in (self.rows.row(i) for i in range(min(self.rows.total, LAYOUT_ROWS))) if r]
        with_match = "search" in self.filters
        self.layout_ = show.list_layout(self.list_out, sample, self.highest_id, self.now, with_match=with_match)
        header = self.layout_.header() if self.rows.total else Text("")
        header.truncate(width, pad=True)
        self.query_one("#columns", Static).update(header)
        entry_list.virtual_size = Size(width, self.rows.total)
        self.query_one("#footer", Static).update(show.footer(self.lang, self.size.width))
        self.show_cursor()

    def line_at(self, index: int) -> Text | None:
        """The list's line ``index``, or None past the end."""
        if self.rows.total == 0:
            return Text(messages.wording("label_none", self.lang), style="dim") if index == 0 else None
        row = self.rows.row(index)
        if row is None or self.layout_ is None or self.list_out is None:
            return None
        return show.list_line(self.layout_, self.list_out, row, self.now)

    def show_cursor(self) -> None:
        """Keep the cursor in sight, and show its entry in the detail pane and the top bar."""
        self.keep_in_sight()
        self.query_one(EntryList).refresh()
        self.show_detail()
        self.show_top()

    def keep_in_sight(self) -> None:
        """Scroll the list so that the cursor's line shows."""
        entry_list = self.query_one(EntryList)
        height = max(1, entry_list.size.height)
        top = entry_list.scroll_offset.y
        if self.cursor < top:
            entry_list.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= top + height:
            entry_list.scroll_to(y=self.cursor - height + 1, animate=False, immediate=True)

    def show_top(self) -> None:
        view = view_name(self.filters, self.lang)
        bar = show.top_bar(self.lang, view, self.rows.total, self.cursor, self.query_text, self.size.width)
        self.query_one("#top", Static).update(bar)

    @guarded
    def show_detail(self) -> None:
        row = self.current()
        full = self.whole(row)
        pane = self.query_one("#detail-text", Static)
        if full is None or self.detail_out is None:
            pane.update(Text(""))
            return
        pane.update(show.detail(self.detail_out, full, self.now))
        self.query_one("#detail", VerticalScroll).scroll_home(animate=False)

    def whole(self, row: Row | None) -> Row | None:
        """The entry's whole stored row (lib.get), for the detail pane, o and n; None
        when there is no row, or another readlog deleted or trashed the entry meanwhile."""
        return None if row is None else stored_row(self.library, row["id"])

    def refused(self, exc: ReadlogError) -> None:
        """What stopped a key's work, on the status line, in the screen's language (see guarded):
        the Library says a busy, read-only or damaged file as a ReadlogError too."""
        self.say(exc.localized(self.lang), error=True)

    def say(self, text: Text | str, *, error: bool = False) -> None:
        line = text if isinstance(text, Text) else show.message(text, error=error)
        line.truncate(self.size.width, overflow="ellipsis")
        self.query_one("#status", Static).update(line)

    def current(self) -> Row | None:
        return self.rows.row(self.cursor)

    def _highest_id(self) -> int:
        newest = self.library.entries(archived=None, sort="id", limit=1)
        return newest[0].id if newest else 0

    # ---- moving ---------------------------------------------------------------------

    def move_to(self, index: int) -> None:
        self.pending_undo = None
        self.cursor = max(0, min(index, self.rows.total - 1))
        self.show_cursor()

    def action_move(self, step: int) -> None:
        if self.reading:
            self.query_one("#detail", VerticalScroll).scroll_relative(y=step, animate=False)
            return
        self.move_to(self.cursor + step)

    def action_page(self, step: int) -> None:
        if self.reading:
            detail = self.query_one("#detail", VerticalScroll)
            (detail.scroll_page_down if step > 0 else detail.scroll_page_up)(animate=False)
            return
        self.move_to(self.cursor + step * max(1, self.query_one(EntryList).size.height - 1))

    def action_first(self) -> None:
        if self.reading:
            self.query_one("#detail", VerticalScroll).scroll_home(animate=False)
            return
        self.move_to(0)

    def action_last(self) -> None:
        if self.reading:
            self.query_one("#detail", VerticalScroll).scroll_end(animate=False)
            return
        self.move_to(self.rows.total - 1)

    def action_open(self) -> None:
        """Enter: the entry fills the screen, to read; Enter or Esc comes back."""
        if self.reading:
            self.close_reading()
            return
        row = self.current()
        if row is None:
            return
        self.reading = True
        self.query_one("#body").add_class("reading")
        self.query_one("#detail", VerticalScroll).focus()
        if self.mark_read_on_show and not row["read_at"]:
            self.action_flip("read", advance=False)
        self.call_after_refresh(self.refresh_detail_width)
        self.call_after_refresh(lambda: self.call_after_refresh(self.resume))

    def action_space(self) -> None:
        """Space opens the entry, and pages through it once open."""
        if self.reading:
            self.action_page(1)
        else:
            self.action_open()

    def close_reading(self) -> None:
        self.keep_progress()
        self.reading = False
        self.query_one("#body").remove_class("reading")
        self.query_one(EntryList).focus()
        self.call_after_refresh(self.refresh_detail_width)

    @guarded
    def keep_progress(self) -> None:
        """How far the open entry's article was read (the bottom of the pane, against all of
        it), kept as its progress (``lib.progress``: an action, undone as any other) when
        further than before; never lowered. An entry without fetched text has none."""
        full = self.whole(self.current())
        if full is not None:
            keep_progress(self.library, full, seen_of(self.query_one("#detail", VerticalScroll)))

    def resume(self) -> None:
        """Once the open entry is laid out: scroll to where its last reading stopped."""
        row = self.current()
        if self.reading and row is not None:
            detail = self.query_one("#detail", VerticalScroll)
            at = resume_at(row.get("progress"), detail.virtual_size.height, detail.size.height)
            detail.scroll_to(y=at, animate=False)

    def refresh_detail_width(self) -> None:
        detail = self.query_one("#detail")
        self.detail_out = Output(self.lang, width=max(20, detail.scrollable_size.width))
        self.show_detail()

    @guarded
    def action_escape(self) -> None:
        """Esc: cancel a prompt, leave the open entry, or clear the search."""
        if self.prompting:
            self.end_prompt()
            self.say(show.label(self.lang, "cancelled"))
        elif self.reading:
            self.close_reading()
        elif self.query_text is not None:
            self.set_filters({name: value for name, value in self.filters.items() if name != "search"})
            self.say(show.label(self.lang, "search_cleared"))

    # ---- changing entries ---------------------------------------------------------------

    def changed(self, action_id: int, *, advance: bool = False) -> Row | None:
        """After a change to the entry under the cursor: read it again and show it,
        or (``advance``) show the next entry, as mutt's $resolve does (the last stays)."""
        self.mine.add(action_id)
        self.pending_undo = None
        row = self.rows.changed(self.cursor)
        if advance and self.cursor < self.rows.total - 1:
            self.cursor += 1
        self.show_cursor()
        return row

    @guarded
    def action_flip(self, which: str, advance: bool = True) -> None:
        """s, r, a: star, read or archive the entry, or take it back; then, in the list
        (not while reading the entry), move to the next one unless triage_advance is off.
        Taking back moves on too, as in mutt; u comes back to the entry."""
        row = self.current()
        if row is None:
            return
        on = row[STATE_COLUMNS[which]] is None
        name = STATE_COMMANDS[(which, on)]
        done = getattr(self.library, STATE_METHODS[name])(row["id"])
        moving, was = advance and self.advance and not self.reading, self.cursor
        self.changed(done.action or 0, advance=moving)
        said = show.state_message(self.lang, name, row)
        if moving and self.cursor == was:  # nowhere to move on to: say so, as mutt does
            last = Text(" · " + show.label(self.lang, "last_entry"), style="dim")
            said.truncate(max(0, self.size.width - last.cell_len), overflow="ellipsis")  # the title gives way
            said.append_text(last)
        self.say(said)

    @guarded
    def action_link(self) -> None:
        """o: open the entry's link, as readlog open does."""
        row = self.current()
        full = self.whole(row)
        if full is None:
            return
        if not (full.get("url") or "").strip():
            self.say(show.label(self.lang, "no_link", id=full["id"]), error=True)
            return
        try:
            url = self.library.open_link(full["id"])
        except ReadlogError as exc:
            if exc.key != "no_browser":
                raise
            self.say(show.label(self.lang, "no_browser", url=exc.params["url"]), error=True)
            return
        self.say(messages.say("opened", self.lang, url=url))

    @guarded
    def action_cycle(self) -> None:
        """f: unread, then starred, then all, on top of the other filters."""
        following = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)] if self.view else VIEWS[0]
        self.view = following
        self.set_filters(view_filters(self.filters, following), self.query_text)
        self.say(show.label(self.lang, "view", view=view_name(self.filters, self.lang)))

    def set_filters(self, f: View, query_text: str | None = None) -> None:
        """Show another view from its start (``query_text``: its search as typed)."""
        rows = Rows(self.library, f, window=self.window)  # a search that cannot be read stops here: nothing changes
        self.filters, self.rows = f, rows
        self.query_text = query_text if "search" in f else None
        self.cursor = 0
        self.query_one(EntryList).scroll_to(y=0, animate=False, immediate=True)
        self.refresh_all()

    @guarded
    def action_undo(self) -> None:
        """u: undo the newest change, as readlog undo does, or say why it cannot
        (never an older one); one not made on this screen (a command, an
        import) is undone only when u is pressed twice."""
        try:
            newest = self.library.undoable()
        except ReadlogError:  # it cannot be undone: said on the status line (guarded)
            self.pending_undo = None
            raise
        if newest is None:
            self.say(messages.say("nothing_to_undo", self.lang), error=True)
            return
        if newest.id not in self.mine and self.pending_undo != newest.id:
            self.pending_undo = newest.id
            self.say(show.label(self.lang, "undo_ask", id=newest.id, command=newest.command))
            return
        self.pending_undo = None
        done = self.library.undo(expect=newest)  # refused if another readlog made a newer action meanwhile
        self.mine.discard(newest.id)
        places = [self.rows.position(c.entry_id) for c in done.changes]
        # An entry undo added, deleted or moved to or from the trash changes the list itself: reload it.
        if all(p is not None for p in places) and not done.moved:
            for place in places:
                assert place is not None
                self.rows.changed(place)
            self.cursor = min(p for p in places if p is not None) if places else self.cursor
            self.show_cursor()
        else:
            self.rows.reload()
            self.cursor = max(0, min(self.cursor, self.rows.total - 1))
            self.refresh_all()
        self.say(show.label(self.lang, "undid", id=newest.id, command=newest.command))

    # ---- prompts: tags, note, search ----------------------------------------------------

    @guarded
    async def action_prompt(self, kind: str) -> None:
        """t, n and /: ask for tags, a note or a search on the bottom line (Esc cancels)."""
        row = self.current()
        if kind != "search" and row is None:
            return
        if kind == "search":
            self.prefill = self.query_text or ""
            question = show.label(self.lang, "prompt_search")
        elif kind == "tags":
            self.prefill = ""
            question = show.label(self.lang, "prompt_tags", id=row["id"]) if row else ""
        else:
            full = self.whole(row)
            self.prefill = show.message((full or {}).get("note") or "").plain
            question = show.label(self.lang, "prompt_note", id=row["id"]) if row else ""
        from textual.widgets import Input  # only when a prompt opens: it costs start-up time

        if self.prompting:
            return
        self.prompting = kind
        self.say(Text(question, style="bold"))
        footer = self.query_one("#footer")
        prompt = Input(value=self.prefill, id="prompt", select_on_focus=False, compact=True)
        await self.mount(prompt, before=footer)
        footer.display = False
        prompt.cursor_position = len(self.prefill)
        prompt.focus()

    def end_prompt(self) -> None:
        self.prompting = None
        for prompt in self.query("#prompt"):
            prompt.remove()
        self.query_one("#footer").display = True
        if self.reading:
            self.query_one("#detail", VerticalScroll).focus()
        else:
            self.query_one(EntryList).focus()

    @guarded
    def on_input_submitted(self, event: Input.Submitted) -> None:
        kind, value = self.prompting, event.value
        row = self.current()
        if kind == "note" and row is not None and self.prefill and not clean_note(value):
            # An emptied note removes the note only when asked again: Enter removes it, Esc keeps it.
            self.prompting = "note_clear"
            self.say(Text(show.label(self.lang, "prompt_note_clear", id=row["id"]), style="bold"))
            return
        self.end_prompt()
        if kind == "search":
            self.search(value)
        elif kind == "tags":
            self.retag(value)
        elif kind == "note":
            self.write_note(value)
        elif kind == "note_clear":
            self.write_note(value, clear=not clean_note(value))  # a note typed meanwhile is saved

    def search(self, text: str) -> None:
        """The same query, parsed and ranked as readlog search does; empty clears it."""
        if not text.strip():
            self.action_escape() if self.query_text is not None else self.say(show.label(self.lang, "cancelled"))
            return
        self.set_filters({**self.filters, "search": text}, text)
        self.say(show.label(self.lang, "entries", n=self.rows.total))

    def retag(self, text: str) -> None:
        row = self.current()
        if row is None:
            return
        try:
            words = shlex.split(text)
        except ValueError as exc:
            raise ReadlogError.of("triage_tags_unreadable", detail=str(exc)) from None
        ids, add, remove = parse_tag_args(words)
        if ids:
            raise ReadlogError.of("triage_not_tag_change", value=repr(ids[0]))
        done = self.library.tag(row["id"], add, remove)
        new = self.changed(done.action or 0) or row
        from readlog.model.tags import tag_list
        from readlog.render.organise import hashtags

        tags = hashtags(tag_list(new["tags"])) or messages.wording("stats_none_name", self.lang)
        self.say(show.message(show.label(self.lang, "tags_done", id=row["id"], tags=tags)))

    def write_note(self, text: str, *, clear: bool = False) -> None:
        """Save the note; an empty one removes the note only with ``clear``
        (asked for again: see on_input_submitted), as ``readlog note --clear``."""
        row = self.current()
        if row is None:
            return
        note = "" if clear else clean_note(text)
        if (text == self.prefill and text) or not (note or clear):
            self.say(show.label(self.lang, "note_unchanged", id=row["id"]))
            return
        done = self.library.note(row["id"], None if clear else note)
        what = ("cleared" if clear else "saved") if done.changed else "unchanged"
        self.changed(done.action or 0)
        self.say(show.label(self.lang, f"note_{what}", id=row["id"]))

    # ---- what to read next -------------------------------------------------------------

    # How many windows of rows N looks through for its entry when the list's order does not
    # say where it is (a search's relevance order).
    NEXT_WINDOWS = 50

    @guarded
    def action_next(self) -> None:
        """N: to the entry ``readlog next`` offers first among this view's, saying why."""
        self.pending_undo = None
        found = self.library.next(count=1, **self.filters)
        if not found:
            self.say(messages.say("next_none", self.lang))
            return
        suggestion = found[0]
        index = self.place_of(suggestion.entry.id, suggestion.entry.row)
        reason = suggestion.reason(self.lang, self.now)
        if index is None:
            self.say(show.label(self.lang, "next_elsewhere", id=suggestion.entry.id, reason=reason))
            return
        self.move_to(index)
        self.say(show.label(self.lang, "next", id=suggestion.entry.id, reason=reason))

    def place_of(self, entry_id: int, row: Row) -> int | None:
        """Where the entry is in the list: among the rows held; else, in the list's order of
        newest saved first, after every entry of the view saved before it (counted), the
        window there and its neighbours; else (a search's order) the first windows."""
        rows = self.rows
        at = rows.position(entry_id)
        if at is not None or not rows.total:
            return at
        if "search" not in self.filters and "before" not in self.filters and row.get("saved_at"):
            after = self.library.count(**self.filters, before=row["saved_at"])
            guess = rows.total - 1 - after
            for index in (guess, guess - rows.window, guess + rows.window):
                rows.row(max(0, min(index, rows.total - 1)))
                if (at := rows.position(entry_id)) is not None:
                    return at
        for number in range(min(self.NEXT_WINDOWS, -(-rows.total // rows.window))):
            rows.row(number * rows.window)
            if (at := rows.position(entry_id)) is not None:
                return at
        return None

    # ---- the rest -----------------------------------------------------------------------

    def action_help(self) -> None:
        self.push_screen(HelpScreen(show.help_text(self.lang)))

    async def action_quit(self) -> None:
        if self.reading:
            self.keep_progress()  # how far the open entry was read, as leaving it keeps it
        self.exit(0)

    async def action_interrupt(self) -> None:
        """Ctrl-C, which the screen reads as a key: it ends as any interrupted command
        ends, with status 130 (every change made before it is saved already)."""
        self.exit(EXIT_INTERRUPTED)
