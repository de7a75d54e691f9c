"""The Output object: everything readlog prints goes through one.

Its plain channels (JSON, whole tab-separated lines for a pipe, messages on
standard error), the entries (a table on a terminal, whole lines in a pipe),
show's panel, an import's summary, the overview and the progress bar.
Imported text is always turned into ``rich.text.Text`` after passing through
``sanitize.clean``; it is never interpreted as markup. Colour follows the
terminal: rich turns it off when output is piped or NO_COLOR is set.
"""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from itertools import islice
from typing import TYPE_CHECKING, Any, Optional

from readlog.model import stamps
from readlog.model.links import Link, numbered
from readlog.model.links import entry_links as model_links
from readlog.model.messages import shown, wording
from readlog.model.sanitize import clean
from readlog.render import plain
from readlog.render.plain import Line
from readlog.render.records import progress_bar, tags_of, title_of
from readlog.settings import MAX_COLUMNS, MIN_COLUMNS

if TYPE_CHECKING:
    from rich.console import Console
    from rich.panel import Panel
    from rich.text import Text

    from readlog.core.reading import Count
    from readlog.core.results import ImportedFile, Overview

Row = dict[str, Any]
# The fields of each entry a list or search prints as a table or as lines, which
# the command asks the Library for (lib.entries(fields=...)): reading no summary,
# verdict or note makes a whole library's list a third faster.
TABLE_FIELDS = (
    "title",
    "source",
    "category",
    "url",
    "published",
    "saved_at",
    "read",
    "starred",
    "archived",
    "tags",
    "has_note",
    "minutes",
    "dead",
    "progress",
)
# A search hit's snippet: (text, spans of the hits[, the field it is in]), as store.search.snippet_of gives it.
Snippet = tuple[Any, ...]
# An entry's row, with its snippet in a search (from lib.entries: Entry.row, Entry.snippets).
Found = tuple[Row, Optional[Snippet]]


def _reading(row: Row) -> float | None:
    """How far an entry in progress was read (as ``list --in-progress`` means it: above 0,
    below 1, unread); None for any other entry, whose list line stays as it was."""
    value = row.get("progress")
    if value is None or row.get("read_at") or not 0 < float(value) < 1:
        return None
    return float(value)


def label(lang: str, key: str) -> str:
    """The label ``key`` (a ``label_`` key of the catalogue) in ``lang``, its fields not filled in."""
    return wording("label_" + key, lang)


# A change whose word for what it did is the word of the state it leaves (archive: "archived").
DONE_AS_STATE = {"archive": "archived"}


def state_words(lang: str, verb: str) -> tuple[str, str]:
    """What a state change did (``verb``: star, read, archive...), and what it says when the entry already was so."""
    return label(lang, DONE_AS_STATE.get(verb, "done_" + verb)), label(lang, "already_" + verb)


MIN_WIDTH, MAX_WIDTH = MIN_COLUMNS, MAX_COLUMNS
SHOWN = 10  # entry lines a command that changes entries prints before "... and N more"
PREVIEW = 5  # entries shown before a question about changing them
TABLE_ROWS = 500  # a long entries table is laid out and written this many rows at a time
# The options of Output.print with which a lone Line may go to the plain writer.
PLAIN_OPTIONS = {"no_wrap", "overflow", "soft_wrap"}
# What Output.print draws with its lines' padding trimmed (render/table.py Trimmed): a group, a table.
TRIMMED = (("rich.console", "Group"), ("rich.table", "Table"))


def _console(*, stderr: bool, width: int | None) -> Console:
    """rich's Console for standard output or error, except that a reader gone
    away (``| head -0``) ends the command as readlog decides (quietly, exit
    141: cli.errors.output_failed), not with rich's own exit inside rich.
    Made when something is first drawn with rich: a run that prints only
    plain lines (plain.py) never loads it."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError(errno.EPIPE, "broken pipe: nothing reads it any more")

    console = _Console(stderr=stderr, highlight=False, markup=False, emoji=False, width=width)
    # A terminal's width is kept within reason (COLUMNS=1 or 99999, see config.tame_columns);
    # a width given is the room the caller has (a pane of the triage screen), taken as it is.
    least = MIN_WIDTH if width is None else 1
    if not least <= console.width <= MAX_WIDTH:
        console.width = min(max(console.width, least), MAX_WIDTH)
    return console


class Output:
    """Everything readlog prints goes through one of these: plain lines by the
    plain writer (render/plain.py) where rich would print them as they are,
    everything else by rich's consoles (``out``, ``err``), made when first used."""

    def __init__(self, lang: str = "en", width: int | None = None, columns: Sequence[str] | None = None) -> None:
        self.lang = lang
        self.columns = columns  # the optional list columns, in order (config: columns); None = all
        self._width = width
        self._out: Console | None = None
        self._err: Console | None = None

    @property
    def out(self) -> Console:
        """rich's Console on standard output."""
        if self._out is None:
            self._out = _console(stderr=False, width=self._width)
        return self._out

    @out.setter
    def out(self, console: Console) -> None:
        self._out = console

    @property
    def err(self) -> Console:
        """rich's Console on standard error."""
        if self._err is None:
            self._err = _console(stderr=True, width=self._width)
        return self._err

    @err.setter
    def err(self, console: Console) -> None:
        self._err = console

    def _room(self, stream: Any) -> int:
        """The width rich's Console on ``stream`` would have (as _console clamps it)."""
        least = MIN_WIDTH if self._width is None else 1
        return min(max(plain.width(stream, self._width), least), MAX_WIDTH)

    def say(self, line: Line, *, err: bool = False, fit: bool = False, **options: Any) -> None:
        """Print a Line on standard output (or error): written by the plain writer
        when it can say exactly what rich would print (``fit``: the line must fit
        the width, else rich would cut or wrap it), else by rich with ``options``."""
        console = self._err if err else self._out
        if console is None and plain.usable():
            stream = sys.stderr if err else sys.stdout
            text = plain.written(line, stream, self._room(stream) if fit else None)
            if text is not None:
                stream.write(text)
                stream.flush()
                return
        (self.err if err else self.out).print(line.__rich__(), **options)

    @property
    def piped(self) -> bool:
        """Whether tables go out as whole lines (tab-separated fields, no
        header, padding or cutting), as gh prints them: when standard output
        is not a terminal, unless READLOG_FORCE_TTY is set (to anything but
        empty or 0) to keep the terminal's layout there too."""
        forced = os.environ.get("READLOG_FORCE_TTY", "")
        if forced not in ("", "0"):
            return False
        if self._out is not None:
            return not self._out.is_terminal
        return not plain.is_terminal(sys.stdout)

    def fields(self, lines: Iterable[Sequence[object]]) -> None:
        """Whole lines for a pipe: each line's fields tab-separated, each field
        on one line without tabs (cleaned), nothing cut, padded or coloured."""
        batch: list[str] = []
        for fields in lines:
            line = _plain_line(fields)
            if line is None:
                line = "\t".join(clean(f, one_line=True) for f in fields)
            batch.append(line.rstrip() + "\n")
            if len(batch) >= 200:
                _write("".join(batch))
                batch.clear()
        _write("".join(batch))
        sys.stdout.flush()

    def label(self, key: str, **kw: Any) -> str:
        """The label ``key`` in the output's language, its fields filled in (a counted one in the form for ``n``)."""
        return wording("label_" + key, self.lang, kw.get("n")).format(**kw)

    # ---- plain channels ------------------------------------------------

    def json(self, data: object) -> None:
        """Plain JSON on stdout: no colour, no wrapping."""
        _write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        sys.stdout.flush()

    def raw(self, text: str) -> None:
        """A document on stdout as it is (an OPML file): no colour, no wrapping."""
        _write(text)
        sys.stdout.flush()

    def json_items(self, items: Iterable[object]) -> None:
        """A JSON array written item by item as they come, never held whole:
        the same bytes as ``json(list(items))``."""
        batch: list[str] = []
        written = 0
        for item in items:
            batch.append((",\n" if written else "[\n") + _json_item(item))
            written += 1
            if len(batch) >= 100:
                _write("".join(batch))
                batch.clear()
        _write("".join(batch) + ("\n]\n" if written else "[]\n"))
        sys.stdout.flush()

    def print(self, *renderables: Any, **options: Any) -> None:
        """Print rich renderables (tables, Text) built by the render modules; the
        lines of a table, or of a group of renderables (a table and its footer,
        the stats screen), end at their last character, not in padding."""
        if len(renderables) == 1 and isinstance(renderables[0], Line) and set(options) <= PLAIN_OPTIONS:
            # A line cut or folded to the width (no_wrap) is written as it is when it fits.
            self.say(renderables[0], fit=not options.get("soft_wrap"), **options)
            return
        # No group nor table can exist before rich.console or rich.table is loaded.
        kinds = (getattr(sys.modules.get(m), name, None) for m, name in TRIMMED)
        trimmed = tuple(k for k in kinds if k is not None)
        if trimmed and any(isinstance(r, trimmed) for r in renderables):
            from readlog.render.table import Trimmed

            renderables = tuple(Trimmed(r) if isinstance(r, trimmed) else r for r in renderables)
        self.out.print(*renderables, **options)

    def line(self, text: str | Text, style: str | None = None) -> None:
        if isinstance(text, str):
            self.say(Line(text, style or ""), soft_wrap=True)
        else:
            self.out.print(text, soft_wrap=True)

    def more(self, total: int, shown: int = SHOWN, console: Console | None = None) -> None:
        """The "... and N more" line after the first ``shown`` of ``total`` entry lines."""
        if total > shown:
            line = Line(self.label("n_more", n=total - shown), "dim")
            if console is None:
                self.say(line, fit=True)
            else:
                console.print(line)

    def preview(self, rows: Sequence[Row], console: Console, shown: int = PREVIEW) -> None:
        """The first few entries a question is about (id and title), then how many more."""
        from rich.text import Text

        for row in rows[:shown]:
            line = Text()
            line.append(f"{row['id']:>5} ", style="cyan")
            line.append(clean(row.get("title") or row.get("url") or "(untitled)", one_line=True))
            console.print(line, no_wrap=True, overflow="ellipsis")
        self.more(len(rows), shown, console)

    def error(self, message: str) -> None:
        self.say(Line("readlog: " + clean(message, one_line=True), "bold red"), err=True, soft_wrap=True)

    def notice(self, message: str) -> None:
        self.say(Line(clean(message, one_line=True), "yellow"), err=True, soft_wrap=True)

    # ---- entries ---------------------------------------------------------

    def entries_table(
        self,
        rows: Sequence[Row],
        total: int,
        *,
        snippets: dict[int, Snippet] | None = None,
        current: datetime | None = None,
        table: bool = False,
    ) -> None:
        """The entries as a table on a terminal (or when ``table``), else as
        whole lines (``piped``)."""
        found = ((row, None if snippets is None else snippets.get(row["id"], ("", []))) for row in rows)
        self.entries(found, lambda shown: total, searched=snippets is not None, current=current, table=table)

    def entries(
        self,
        found: Iterable[Found],
        total: Callable[[int], int | Count],
        *,
        searched: bool,
        current: datetime | None = None,
        table: bool = False,
    ) -> None:
        """Entries as they come (each row with its snippet when ``searched``):
        whole lines when piped, else a table written TABLE_ROWS rows at a
        time, so that neither holds a long list. ``total(shown)`` says how
        many match in all, for the table's footer: a number, or a Count
        that may be an estimate ("Showing 20 of about 91,000 entries")."""
        if not table and self.piped:
            self._entry_fields(found, searched)
            return
        shown = self._entry_lines(found, searched, current or stamps.now())
        if not shown:
            self.line(self.label("none"), style="dim")
            return
        every = total(shown)
        if isinstance(every, int):
            footer, most = self.label("showing", shown=shown, total=every), every
        elif every.exact:
            footer, most = self.label("showing", shown=shown, total=every.n), every.n
        else:
            footer, most = self.label("showing_about", shown=shown, total=every.rounded()), every.high
        if shown < most:
            footer += self.label("more")
        self.line(footer, style="dim")

    def _entry_lines(self, found: Iterable[Found], searched: bool, current: datetime) -> int:
        """The entries table, TABLE_ROWS rows at a time; how many rows it had.

        The columns and their widths are chosen from the first TABLE_ROWS rows
        (a table no longer than that looks as if it were laid out whole); a
        later id, reading time or date that needs more room takes it from the
        title, so that numbers are never cut."""
        from readlog.render.table import layout

        rows = iter(found)
        first = list(islice(rows, TABLE_ROWS))
        if not first:
            return 0
        show_tags = any(r.get("tags") not in (None, "", "[]") for r, _ in first)
        show_time = any(r.get("minutes") or r.get("dead_at") for r, _ in first)

        def cells(chunk: list[Found]) -> list[dict[str, Text]]:
            return [
                self.entry_cells(row, current, snippet=snip if searched else None, tags=show_tags, time=show_time)
                for row, snip in chunk
            ]

        lines = layout(self, cells(first), searched, show_tags, show_time)
        lines.room = max(lines.room, self.out.width)
        shown = len(first)
        del first
        self.out.print(lines)
        while chunk := list(islice(rows, TABLE_ROWS)):
            lines = lines.following(cells(chunk))
            shown += len(chunk)
            self.out.print(lines)
        return shown

    def _entry_fields(self, found: Iterable[Found], searched: bool) -> None:
        """list and search into a pipe or a file: one whole line per entry, the
        fields always the same (the config's columns choose the optional ones),
        so that ``cut -f`` finds them. No header and no footer, as gh; that
        none match goes to standard error. Each line is written as its row
        comes (in batches), so a long list is never held."""
        optional = ["source", "category", "tags", "time", "saved"]
        if self.columns is not None:
            optional = [k for k in self.columns if k in optional]
        keys = ["id", "state", "title", "url", *(["match"] if searched else []), *optional]

        unread, read, starred, archived = (self.label(k) for k in ("unread", "read", "starred", "archived"))

        def state(row: Row, snip: Snippet | None) -> str:
            words = [read if row.get("read_at") else unread]
            reading = _reading(row)
            if reading is not None:  # in progress: how far, as a percent ("unread 40%")
                words.append(f"{int(reading * 100 + 0.5)}%")
            if row.get("starred_at"):
                words.append(starred)
            if row.get("archived_at"):
                words.append(archived)
            return " ".join(words)

        def match(row: Row, snip: Snippet | None) -> str:  # a hit's context, outside the title when there is one
            found = snip or ("", [])
            return self._hit_label(found) + found[0] if found[0] else ""

        def plain(key: str) -> Callable[[Row, Snippet | None], str]:
            return lambda row, snip: str(row.get(key) or "")

        # What each field is made of, looked up once rather than for every row.
        made: dict[str, Callable[[Row, Snippet | None], str]] = {
            "state": state,
            "title": lambda row, snip: row.get("title") or row.get("url") or "(untitled)",  # cleaned as a field
            "match": match,
            "tags": lambda row, snip: " ".join("#" + clean(t, one_line=True) for t in tags_of(row)),
            "time": lambda row, snip: self._time_said(row)[0],
            "saved": lambda row, snip: stamps.local_iso(row.get("saved_at")) or "",
        }
        makers = [made.get(key) or plain(key) for key in keys]
        shown = 0

        def lines() -> Iterator[list[str]]:
            nonlocal shown
            for row, snip in found:
                shown += 1
                yield [make(row, snip) for make in makers]

        self.fields(lines())
        if not shown:
            self.say(Line(self.label("none"), "dim"), err=True, fit=True)

    def entry_cells(
        self,
        row: Row,
        current: datetime,
        *,
        snippet: Snippet | None = None,
        tags: bool = False,
        time: bool = False,
    ) -> dict[str, Text]:
        """One entry's cells in the entries table (list, search and the triage screen)."""
        from rich.text import Text

        cells: dict[str, Text] = {
            "id": Text(str(row["id"])),
            "mark": self._markers(row),
            "title": self._title(row),
            "source": Text(clean(row.get("source"), one_line=True)),
            "category": Text(clean(row.get("category"), one_line=True)),
            "saved": Text(stamps.relative(row.get("saved_at"), current, self.lang)),
        }
        if snippet is not None:
            cells["match"] = self._snippet(*snippet[:3])
        if tags:
            cells["tags"] = Text(" ".join("#" + clean(t, one_line=True) for t in tags_of(row)))
        if time:
            cells["time"] = self._time(row)
        return cells

    def _time(self, row: Row) -> Text:
        """Reading time ("12 min"), or "dead" for a link found dead."""
        from rich.text import Text

        return Text(*self._time_said(row))

    def _time_said(self, row: Row) -> tuple[str, str]:
        """The reading time's words and their style."""
        if row.get("dead_at"):
            return self.label("dead"), "red"
        if row.get("minutes"):
            return self.label("minutes", n=row["minutes"]), ""
        return "", ""

    def _markers(self, row: Row) -> Text:
        from rich.text import Text

        text = Text()
        text.append("●" if not row.get("read_at") else " ", style="bold blue")
        text.append("★" if row.get("starred_at") else " ", style="yellow")
        reading = _reading(row)
        if reading is not None:  # started, not finished (list --in-progress): a short bar
            text.append(" " + progress_bar(reading, self.out.encoding, cells=4), style="cyan")
        return text

    def _title(self, row: Row) -> Text:
        from rich.text import Text

        return Text(title_of(row), style="bold" if not row.get("read_at") else "")

    def _hit_label(self, found: Snippet) -> str:
        """Where a hit is, before its snippet ("tag: "), unless it is in the
        title or the summary (what the Match column holds by default)."""
        field = found[2] if len(found) > 2 else ""
        if field in ("", "title", "summary"):
            return ""
        return self.label("hit_in", field=self.label(f"hit_{field}"))

    def _snippet(self, text: str, spans: list[tuple[int, int]], field: str = "") -> Text:
        """The Match cell: where the hit is (unless title or summary), then the
        text around it, each hit highlighted; cut to its column around the first
        hit (fit_hit), so the hit stays whole. A hit only in the title shows
        only where the Title column cuts it off (TableLines.line)."""
        from readlog.render.cut import MatchCell

        said = self._hit_label((text, spans, field)) if text else ""
        out = MatchCell(said, style="dim")
        out.label_len = len(said)
        out.in_title = field == "title"
        body = clean(text, one_line=True)
        out.append(body)
        if body == text:
            for start, end in spans:
                out.stylize("bold reverse", start + len(said), end + len(said))
            if spans:
                out.hit = (spans[0][0] + len(said), spans[0][1] + len(said))
        return out

    def entry_detail(self, row: Row, current: datetime | None = None, *, full: bool = False) -> None:
        """The entry in a panel; ``full`` when its article follows (show --full), so no hint to read it."""
        self.out.print(self.entry_panel(row, current, full=full))

    def entry_panel(
        self, row: Row, current: datetime | None = None, more: Sequence[Any] = (), *, full: bool = False
    ) -> Panel:
        """What show prints for an entry, with ``more`` (renderables) at the end
        of the body (the triage screen's article text)."""
        from rich.console import Group
        from rich.panel import Panel
        from rich.rule import Rule
        from rich.text import Text

        from readlog.render.wrapping import wrap, wrap_parts

        current = current or stamps.now()
        meta = Text(style="dim")
        parts = [clean(row.get("source"), one_line=True), clean(row.get("category"), one_line=True)]
        if row.get("published"):
            parts.append(self.label("published", date=clean(row["published"], one_line=True)))
        rel = stamps.relative(row.get("saved_at"), current, self.lang)
        parts.append(self.label("saved_on", rel=rel, date=stamps.local_date(row.get("saved_at"))))
        parts.append(self.label("read") if row.get("read_at") else self.label("unread"))
        if row.get("starred_at"):
            parts.append("★ " + self.label("starred"))
        if row.get("archived_at"):
            parts.append(self.label("archived"))
        if row.get("progress") is not None:
            parts.append(progress_bar(row["progress"], self.out.encoding))
        if row.get("minutes"):
            parts.append(self.label("reading", n=row["minutes"]))
        if row.get("lang"):
            parts.append(clean(row["lang"], one_line=True))
        inner = max(20, self.out.width - 6)
        meta.append(wrap_parts([p for p in parts if p], inner))
        body: list[Any] = [meta]
        fetch_line = self._fetch_state(row, current, hint=not full and not more)
        if fetch_line is not None:
            body.append(fetch_line)
        if tags_of(row):
            body.append(
                Text(wrap_parts(["#" + clean(t, one_line=True) for t in tags_of(row)], inner, " "), style="blue")
            )
        summary = clean(row.get("summary"))
        if summary:
            body += [Text(""), Text(wrap(summary, inner))]
        for key, label in (("verdict", "verdict"), ("note", "note")):
            value = clean(row.get(key))
            if value:
                body += [
                    Text(""),
                    Rule(Text(self.label(label), style="bold"), align="left", style="dim"),
                    Text(wrap(value, inner)),
                ]
        marked = row.get("highlights") or []
        if marked:  # how many, and the newest (readlog highlights ID lists them all)
            from readlog.render.marks import summary_lines

            heading, *quoted = summary_lines(self.lang, marked)
            body += [Text(""), Rule(heading, align="left", style="dim")]
            body += [Text(wrap(line.plain, inner), style=line.style) for line in quoted]
        others = row.get("other_titles") or []
        if others:
            body += [Text(""), Rule(Text(self.label("other_titles"), style="bold"), align="left", style="dim")]
            body += [Text(clean(t, one_line=True)) for t in others]
        links = model_links(row)
        if links:
            body += [Text(""), Rule(Text(self.label("links"), style="bold"), align="left", style="dim")]
            body += self._links(links)
        body += more
        title = Text(clean(row.get("title") or row.get("url") or "(untitled)", one_line=True), style="bold")
        return Panel(
            Group(*body),
            title=title,
            title_align="left",
            subtitle=Text(f"#{row['id']}"),
            subtitle_align="right",
            padding=(0, 1),
        )

    def _links(self, links: Sequence[Link]) -> list[Text]:
        """show's Links: the entry's own link alone as it is; else every link
        numbered as ``readlog open ID N`` opens it, an image said to be one."""
        from rich.text import Text

        number = numbered(list(links))
        digits = len(str(len(links)))
        lines = []
        for i, link in enumerate(links, 1):
            line = Text()
            if number:
                line.append(f"{i:>{digits}}  ", style="cyan")
            if link.image:
                line.append(self.label("image") + "  ", style="dim")
            line.append(clean(link.url, one_line=True), style="underline cyan")
            lines.append(line)
        return lines

    def _fetch_state(self, row: Row, current: datetime, *, hint: bool = True) -> Text | None:
        """What the last fetch found: a dead link (and why), a failure, or the article's size."""
        from rich.text import Text

        if not row.get("fetched_at"):
            return None
        why = clean(shown(row.get("fetch_error") or "", self.lang), one_line=True)
        if row.get("dead_at"):
            rel = stamps.relative(row["dead_at"], current, self.lang)
            return Text(self.label("dead_link", why=why or "gone", rel=rel), style="bold red")
        if why:
            rel = stamps.relative(row["fetched_at"], current, self.lang)
            return Text(self.label("fetch_failed", rel=rel, why=why), style="yellow")
        if row.get("text"):
            rel = stamps.relative(row["fetched_at"], current, self.lang)
            from readlog.model.length import in_characters

            # Its length in reading units (model/length.py), named by what most of the text is.
            unit = "fetched_on_characters" if in_characters(row["text"]) else "fetched_on"
            line = self.label(unit, rel=rel, n=row.get("words") or 0)
            return Text(line + (self.label("read_hint", id=row["id"]) if hint else ""), style="dim")
        return None

    def state_changes(self, results: Sequence[tuple[Row, bool]], verb: str) -> None:
        """One line per entry: what changed, or that it already was so."""
        done, already = state_words(self.lang, verb)
        sep = "：" if self.lang == "zh" else ": "
        for row, changed in results:
            line = Line()
            line.append(f"{row['id']:>5} ", style="cyan")
            said = (done if changed else already) + sep
            line.append(said, style="green" if changed else "dim")
            line.append(clean(row.get("title") or "(untitled)", one_line=True))
            self.say(line, fit=True, no_wrap=True, overflow="ellipsis")

    def import_results(self, results: Sequence[ImportedFile], *, as_json: bool) -> None:
        """The summary printed at the end of an import, and its problems (and
        the values it cut to their limits) on stderr."""
        from rich.text import Text

        from readlog.model.fields import notices
        from readlog.model.messages import say

        if as_json:
            self.json(
                [
                    {
                        "file": r.name,
                        "format": r.format or None,
                        "added": r.added,
                        "updated": r.updated,
                        "unchanged": r.unchanged,
                        "skipped": r.skipped,
                        "merged": [
                            {"line": m.line or None, "into": m.into, "match": m.match, "changed": m.changed}
                            for m in r.merges
                        ],
                        "trashed": r.trashed,
                        "highlights": r.highlights,
                        "error": r.error,
                        "skipped_because": r.passed_over or None,
                        "problems": [
                            {"line": p.line, "message": p.message, "key": p.key, "count": p.count} for p in r.problems
                        ],
                        "cut": dict(r.cut),
                        "encoding": r.encoding or None,
                        "as_of": stamps.local_iso(stamps.to_iso(r.as_of)),
                        "as_of_from": r.as_of_from or None,
                    }
                    for r in results
                ]
            )
            return
        for r in results:
            if r.error:
                self.error(r.failure.localized(self.lang) if r.failure is not None else r.error)
                continue
            if r.passed_over:
                skipped = Text(clean(r.name, one_line=True), style="bold")
                why = skip_reason(r, self.lang)
                skipped.append(self.label("file_skipped", why=clean(why, one_line=True)), style="dim")
                self.out.print(skipped, soft_wrap=True)
                continue
            sep = "：" if self.lang == "zh" else ": "
            problems = [p for p in r.problems if not p.passes]
            for p in problems[:50]:
                said = f"{r.name}{sep}{p.said(self.lang)}"
                self.err.print(Text(clean(said, one_line=True), style="yellow"), soft_wrap=True)
            if len(problems) > 50:
                name = clean(r.name, one_line=True)
                more = say("import_more_problems", self.lang, name=name, n=len(problems) - 50)
                self.err.print(Text(more, style="yellow"), soft_wrap=True)
            for p in r.problems:  # what a browser's file holds besides web pages: a count, not a problem
                if p.passes:
                    said = f"{r.name}{sep}{p.said(self.lang)}"
                    self.err.print(Text(clean(said, one_line=True), style="dim"), soft_wrap=True)
            if r.encoding:
                guessed = say("encoding_guessed", self.lang, encoding=r.encoding)
                self.err.print(Text(clean(f"{r.name}{sep}{guessed}", one_line=True), style="yellow"), soft_wrap=True)
            if r.as_of_used and r.as_of is not None and r.as_of_from != "given":
                whose = say(f"as_of_from_{r.as_of_from}", self.lang)
                when = r.as_of.astimezone().strftime("%Y-%m-%d %H:%M")
                counted = say("as_of_counted_from", self.lang, when=when, whose=whose)
                self.err.print(Text(clean(f"{r.name}{sep}{counted}", one_line=True), style="dim"), soft_wrap=True)
            for notice in notices(r.cut, self.lang):
                self.err.print(Text(clean(f"{r.name}{sep}{notice}", one_line=True), style="yellow"), soft_wrap=True)
            line = Text()
            line.append(clean(r.name, one_line=True), style="bold")
            line.append(f" ({r.format}): ")
            line.append(self.label("n_added", n=r.added), style="green")
            line.append(self.label("n_updated", n=r.updated))
            if r.unchanged:
                line.append(self.label("n_unchanged", n=r.unchanged, why=self._match_reasons(r.merges)))
            if r.trashed:
                line.append(self.label("n_trashed", n=r.trashed), style="yellow")
            if r.highlights:
                line.append(self.label("n_highlights", n=r.highlights))
            line.append(self.label("n_skipped", n=r.skipped))
            if problems:
                line.append(self.label("n_problems", n=len(problems)), style="yellow")
            self.out.print(line, soft_wrap=True)

    def _match_reasons(self, merged: Sequence[Any]) -> str:
        """Why records were taken as entries already known: "same link", or
        "5 same link, 3 same text" when the reasons differ."""
        counts: dict[str, int] = {}
        for m in merged:
            if not m.changed:
                counts[m.match] = counts.get(m.match, 0) + 1
        names = {k: self.label(f"match_{k}") for k in counts}
        if len(counts) == 1:
            return next(iter(names.values()))
        return ", ".join(f"{n:,} {names[k]}" for k, n in sorted(counts.items(), key=lambda kv: -kv[1]))

    def overview(self, view: Overview, path: str) -> None:
        """What `readlog` alone prints: counts, newest unread, last import."""
        from rich.text import Text

        head = Text()
        head.append("readlog", style="bold")
        head.append(self.label("n_entries", n=view.total))
        head.append(self.label("n_unread", n=view.unread), style="bold blue")
        head.append(" · ")
        head.append(self.label("n_starred", n=view.starred), style="yellow")
        self.out.print(head)
        self.line(self.label("library", path=path), style="dim")
        if view.rows:
            self.line("")
            self.line(self.label("newest_unread"), style="bold")
            self.entries_table(list(view.rows), view.unread, table=True)
        last = view.last_import
        if last:
            when = stamps.relative(last["finished_at"], None, self.lang)
            self.line(
                self.label("last_import", path=clean(last["path"], one_line=True), format=last["format"], when=when)
                + self.label("n_added", n=last["added"])
                + self.label("n_updated", n=last["updated"])
                + (self.label("n_already", n=last["unchanged"]) if last.get("unchanged") else "")
                + self.label("n_skipped", n=last["skipped"]),
                style="dim",
            )
        elif not view.total:
            self.line(self.label("empty_library"), style="dim")
        self.line(self.label("help_hint"), style="dim")

    # ---- progress ------------------------------------------------------

    @contextmanager
    def progress(self, label: str, total: int | None) -> Iterator[Any]:
        """A progress bar on a terminal; a silent stand-in otherwise."""
        if not self.err.is_terminal or total is None:
            yield _NoProgress()
            return
        from rich.progress import (
            BarColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.fields[entries]:,} entries"),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=self.err, transient=True) as bar:
            task = bar.add_task(clean(label, one_line=True), total=total, entries=0, rate="")
            yield _Bar(bar, task)


def _plain_line(fields: Sequence[object]) -> str | None:
    """The fields tab-separated when every one is already as ``clean(f, one_line=True)``
    makes it (nearly every line of a list: one check of the whole line instead of
    one of each field), else None. Such a field is a str with no tab, nothing
    unprintable (``isprintable`` allows no space but U+0020: a line break, a tab or
    another space would fail it) and no space at its ends or doubled."""
    try:
        line = "\t".join(fields)  # type: ignore[arg-type]
    except TypeError:  # a number or None among them
        return None
    if line.count("\t") != len(fields) - 1 or not line.replace("\t", "").isprintable():
        return None
    if "  " in line or " \t" in line or "\t " in line or line.startswith(" ") or line.endswith(" "):
        return None
    return line


def _json_item(item: object) -> str:
    """``item`` as it sits in a JSON array written with indent=2: an array of
    one without its brackets. An entry's record (a flat object of strings,
    numbers, booleans, nulls and lists of strings) is put together here from
    its values encoded in C: json.dumps with an indent encodes in Python, six
    times slower, and ``list --limit 0 --json`` writes tens of thousands."""
    if type(item) is dict and item:
        parts = []
        for key, value in item.items():
            if type(key) is not str:
                break
            kind = type(value)
            if kind is str:
                text = _json_str(value)
            elif value is None:
                text = "null"
            elif kind is bool:
                text = "true" if value else "false"
            elif kind is int:
                text = int.__repr__(value)  # as json writes an int
            elif kind is list and all(type(v) is str for v in value):
                text = "[\n      " + ",\n      ".join(map(_json_str, value)) + "\n    ]" if value else "[]"
            else:
                break
            parts.append(f"    {_json_str(key)}: {text}")
        else:
            return "  {\n" + ",\n".join(parts) + "\n  }"
    return json.dumps([item], ensure_ascii=False, indent=2)[2:-2]


_json_str = json.encoder.encode_basestring  # what ensure_ascii=False uses, in C


def skip_reason(result: ImportedFile, lang: str) -> str:
    """Why a file in a directory or an archive was passed over, in ``lang``
    (its ``passed_over`` says it in English, for --json)."""
    if result.failure is not None:
        said = result.failure.localized(lang)
        return said.removeprefix(f"{result.name}: ").removeprefix(f"{result.name}：")
    return shown(result.reason, lang)


def _write(text: str, piece: int = 16_384) -> None:
    """``text`` to standard output in pieces: Python's buffered writer takes a
    write cut short by a reader gone away (``| head``) as done and drops the
    rest without an error, so one big write could end "successfully"; the
    next piece then fails with EPIPE, and the command ends as it should."""
    write = sys.stdout.write
    for start in range(0, len(text), piece):
        write(text[start : start + piece])


class _NoProgress:
    def update(self, done: int, entries: int) -> None:
        pass


class _Bar:
    def __init__(self, bar: Any, task: Any) -> None:
        self.bar, self.task = bar, task

    def update(self, done: int, entries: int) -> None:
        elapsed = self.bar.tasks[0].elapsed or 0
        rate = f"{entries / elapsed:,.0f}/s" if elapsed > 0.5 else ""
        self.bar.update(self.task, completed=done, entries=entries, rate=rate)
