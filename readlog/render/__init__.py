"""The only module that touches rich: tables, panels, progress, JSON.

Imported text is always turned into ``rich.text.Text`` after passing through
``sanitize.clean``; it is never interpreted as markup. Colour follows the
terminal: rich turns it off when output is piped or NO_COLOR is set.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from itertools import islice
from typing import TYPE_CHECKING, Any, Optional

from rich.cells import cell_len
from rich.console import Console, Group
from rich.panel import Panel
from rich.rule import Rule
from rich.segment import Segment
from rich.text import Text

from readlog.model import stamps
from readlog.model.links import Link, numbered
from readlog.model.links import entry_links as model_links
from readlog.model.messages import wording
from readlog.model.sanitize import clean
from readlog.model.tags import tag_list
from readlog.settings import MAX_COLUMNS, MIN_COLUMNS

if TYPE_CHECKING:
    from readlog.core.reading import Count

Row = dict[str, Any]
# A search hit's snippet: (text, spans of the hits[, the field it is in]), as core.reading.Snippets holds them.
Snippet = tuple[Any, ...]
Found = tuple[Row, Optional[Snippet]]  # an entry's row, with its snippet in a search (core.reading.each_entry)


def label(lang: str, key: str) -> str:
    """The label ``key`` (a ``label_`` key of the catalogue) in ``lang``, its fields not filled in."""
    return wording("label_" + key, lang)


def state_words(lang: str, verb: str) -> tuple[str, str]:
    """What a state change did (``verb``: star, read, archive...), and what it says when the entry already was so."""
    return label(lang, "done_" + verb), label(lang, "already_" + verb)


MIN_WIDTH, MAX_WIDTH = MIN_COLUMNS, MAX_COLUMNS
SHOWN = 10  # entry lines a command that changes entries prints before "... and N more"
PREVIEW = 5  # entries shown before a question about changing them
TABLE_ROWS = 500  # a long entries table is laid out and written this many rows at a time


class _Console(Console):
    """rich's Console, except that a reader gone away (``| head -0``) ends
    the command as readlog decides (quietly, exit 141: cli.output_failed),
    not with rich's own exit inside rich."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, "broken pipe: nothing reads it any more")


class Output:
    """Everything readlog prints goes through one of these."""

    def __init__(self, lang: str = "en", width: int | None = None, columns: Sequence[str] | None = None) -> None:
        self.lang = lang
        self.columns = columns  # the optional list columns, in order (config: columns); None = all
        self.out = _Console(highlight=False, markup=False, emoji=False, width=width)
        self.err = _Console(stderr=True, highlight=False, markup=False, emoji=False, width=width)
        # A terminal's width is kept within reason (COLUMNS=1 or 99999, see config.tame_columns);
        # a width given is the room the caller has (a pane of the triage screen), taken as it is.
        least = MIN_WIDTH if width is None else 1
        for console in (self.out, self.err):
            if not least <= console.width <= MAX_WIDTH:
                console.width = min(max(console.width, least), MAX_WIDTH)

    @property
    def piped(self) -> bool:
        """Whether tables go out as whole lines (tab-separated fields, no
        header, padding or cutting), as gh prints them: when standard output
        is not a terminal, unless READLOG_FORCE_TTY is set (to anything but
        empty or 0) to keep the terminal's layout there too."""
        forced = os.environ.get("READLOG_FORCE_TTY", "")
        if forced not in ("", "0"):
            return False
        return not self.out.is_terminal

    def fields(self, lines: Iterable[Sequence[object]]) -> None:
        """Whole lines for a pipe: each line's fields tab-separated, each field
        on one line without tabs (cleaned), nothing cut, padded or coloured."""
        batch: list[str] = []
        for fields in lines:
            batch.append("\t".join(clean(f, one_line=True) for f in fields).rstrip() + "\n")
            if len(batch) >= 200:
                _write("".join(batch))
                batch.clear()
        _write("".join(batch))
        sys.stdout.flush()

    def label(self, key: str, **kw: Any) -> str:
        if "n" in kw and "s" not in kw:
            kw["s"] = "" if kw["n"] == 1 else "s"
        return label(self.lang, key).format(**kw)

    # ---- plain channels ------------------------------------------------

    def json(self, data: object) -> None:
        """Plain JSON on stdout: no colour, no wrapping."""
        _write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
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
        tables = sys.modules.get("rich.table")  # no table can exist before rich.table is loaded
        trimmed = (Group, tables.Table) if tables else Group
        self.out.print(*(_Trimmed(r) if isinstance(r, trimmed) else r for r in renderables), **options)

    def line(self, text: str | Text, style: str | None = None) -> None:
        self.out.print(text if isinstance(text, Text) else Text(text, style=style or ""), soft_wrap=True)

    def more(self, total: int, shown: int = SHOWN, console: Console | None = None) -> None:
        """The "... and N more" line after the first ``shown`` of ``total`` entry lines."""
        if total > shown:
            (console or self.out).print(Text(self.label("n_more", n=total - shown), style="dim"))

    def preview(self, rows: Sequence[Row], console: Console, shown: int = PREVIEW) -> None:
        """The first few entries a question is about (id and title), then how many more."""
        for row in rows[:shown]:
            line = Text()
            line.append(f"{row['id']:>5} ", style="cyan")
            line.append(clean(row.get("title") or row.get("url") or "(untitled)", one_line=True))
            console.print(line, no_wrap=True, overflow="ellipsis")
        self.more(len(rows), shown, console)

    def error(self, message: str) -> None:
        self.err.print(Text("readlog: ", style="bold red") + Text(clean(message, one_line=True)), soft_wrap=True)

    def notice(self, message: str) -> None:
        self.err.print(Text(clean(message, one_line=True), style="yellow"), soft_wrap=True)

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

        lines = self._table(cells(first), searched, show_tags, show_time)
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

        def field(row: Row, snip: Snippet | None, key: str) -> str:
            if key == "state":
                words = [self.label("unread" if not row.get("read_at") else "read")]
                words += [self.label(k) for k in ("starred", "archived") if row.get(f"{k}_at")]
                return " ".join(words)
            if key == "title":
                return _title_of(row)
            if key == "match":  # a hit's context, outside the title when there is one
                found = snip or ("", [])
                return self._hit_label(found) + found[0] if found[0] else ""
            if key == "tags":
                return " ".join("#" + clean(t, one_line=True) for t in _tags(row))
            if key == "time":
                return self._time(row).plain
            if key == "saved":
                return stamps.local_iso(row.get("saved_at")) or ""
            return str(row.get(key) or "")

        shown = 0

        def lines() -> Iterator[list[str]]:
            nonlocal shown
            for row, snip in found:
                shown += 1
                yield [field(row, snip, key) for key in keys]

        self.fields(lines())
        if not shown:
            self.err.print(Text(self.label("none"), style="dim"))

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
            cells["tags"] = Text(" ".join("#" + clean(t, one_line=True) for t in _tags(row)))
        if time:
            cells["time"] = self._time(row)
        return cells

    def _table(self, rows: list[dict[str, Text]], with_match: bool, with_tags: bool, with_time: bool = False) -> _Lines:
        """Fixed columns sized to their content; title (and match) share the rest,
        so every entry stays on one line and wide CJK text is cut, not wrapped.

        Which optional columns stay is chosen by how much they say about the
        rows shown: a column empty in every row never shows; when the width
        is short, the one that says least goes first (the entropy of its
        values), until the title is the widest column again (and the match,
        when searching, has room for its hit). A column that says the same in
        every row (of three or more) says nothing, and goes as soon as the
        title would be cut."""
        caps = {"source": 22, "category": 12, "tags": 20, "time": 8}
        keys = [
            "id",
            "mark",
            "title",
            *(["match"] if with_match else []),
            "source",
            "category",
            *(["tags"] if with_tags else []),
            *(["time"] if with_time else []),
            "saved",
        ]
        if self.columns is not None:
            optional = [k for k in self.columns if k in keys]
            keys = [k for k in keys if k in ("id", "mark", "title", "match")] + optional
        optional = [k for k in keys if k in _OPTIONAL]
        for key in optional:
            if not any(r[key].plain.strip() for r in rows):
                keys.remove(key)
        widths: dict[str, int] = {}
        for key in keys:
            if key not in ("title", "match"):
                header = cell_len(self.label(key)) if key != "mark" else 0
                widths[key] = min(caps.get(key, 99), max([header, *(r[key].cell_len for r in rows)]))
        flexible = [k for k in keys if k in ("title", "match")]
        need = {k: max([cell_len(self.label(k)), *(_needs(r[k]) for r in rows)]) for k in flexible}

        def short() -> bool:
            spare = self.out.width - sum(widths.values()) - 2 * (len(keys) - 1)
            widest = max([widths[k] for k in keys if k in _OPTIONAL], default=0)
            wanted = [min(need[k], max(20, widest + 1)) for k in flexible]
            return spare < sum(wanted)

        said = {k: _says(r[k].plain for r in rows) for k in keys if k in _OPTIONAL}
        spare = self.out.width - sum(widths.values()) - 2 * (len(keys) - 1)
        if len(rows) >= 3 and spare < sum(need.values()):  # the title is cut: what says nothing makes room
            for key in [k for k, bits in said.items() if not bits]:
                keys.remove(key)
                widths.pop(key)
        while short():
            for key in ("source", "tags"):  # long values are cut before a column goes
                if key in widths and widths[key] > 14:
                    widths[key] = 14
            if not short():
                break
            droppable = [k for k in keys if k in _OPTIONAL]
            if not droppable:
                break
            least = min(droppable, key=lambda k: (said[k], _OPTIONAL.index(k)))
            keys.remove(least)
            widths.pop(least)
        spare = self.out.width - sum(widths.values()) - 2 * (len(keys) - 1)
        if len(flexible) == 2 and need["title"] + need["match"] > spare:
            widths["title"] = max(6, min(need["title"], spare * 2 // 5))
            widths["match"] = max(6, spare - widths["title"])
        else:
            for k in flexible:
                widths[k] = max(6, min(need[k], spare))
        return _Lines(keys, widths, [self.label(k) if k != "mark" else "" for k in keys], rows)

    def _time(self, row: Row) -> Text:
        """Reading time ("12 min"), or "dead" for a link found dead."""
        if row.get("dead_at"):
            return Text(self.label("dead"), style="red")
        if row.get("minutes"):
            return Text(self.label("minutes", n=row["minutes"]))
        return Text("")

    def _markers(self, row: Row) -> Text:
        text = Text()
        text.append("●" if not row.get("read_at") else " ", style="bold blue")
        text.append("★" if row.get("starred_at") else " ", style="yellow")
        return text

    def _title(self, row: Row) -> Text:
        return Text(_title_of(row), style="bold" if not row.get("read_at") else "")

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
        only where the Title column cuts it off (_Lines.line)."""
        said = self._hit_label((text, spans, field)) if text else ""
        out = _Match(said, style="dim")
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
        if _tags(row):
            body.append(Text(wrap_parts(["#" + clean(t, one_line=True) for t in _tags(row)], inner, " "), style="blue"))
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
        if not row.get("fetched_at"):
            return None
        from readlog.model.messages import fetch_reason

        why = clean(fetch_reason(row.get("fetch_error") or "", self.lang), one_line=True)
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
            line = Text()
            line.append(f"{row['id']:>5} ", style="cyan")
            said = (done if changed else already) + sep
            line.append(said, style="green" if changed else "dim")
            line.append(clean(row.get("title") or "(untitled)", one_line=True))
            self.out.print(line, no_wrap=True, overflow="ellipsis")

    def import_results(self, results: Sequence[Any], *, as_json: bool) -> None:
        """The summary printed at the end of an import, and its problems (and
        the values it cut to their limits) on stderr."""
        from readlog.model.fields import notices
        from readlog.model.messages import say

        if as_json:
            self.json(
                [
                    {
                        "file": r.name,
                        "format": r.format or None,
                        "added": r.counts.added,
                        "updated": r.counts.updated,
                        "unchanged": r.counts.unchanged,
                        "skipped": r.counts.skipped,
                        "merged": [
                            {"line": m.line or None, "into": m.into, "match": m.match, "changed": m.changed}
                            for m in r.counts.merged
                        ],
                        "trashed": r.counts.trashed,
                        "error": r.error,
                        "skipped_because": getattr(r, "skipped_because", "") or None,
                        "problems": [
                            {"line": p.line, "message": p.message, "key": p.key, "count": p.count} for p in r.problems
                        ],
                        "cut": dict(getattr(r, "cuts", {})),
                        "encoding": getattr(r, "encoding", "") or None,
                        "as_of": stamps.local_iso(stamps.to_iso(getattr(r, "as_of", None))),
                        "as_of_from": getattr(r, "as_of_from", "") or None,
                    }
                    for r in results
                ]
            )
            return
        for r in results:
            if r.error:
                failure = getattr(r, "failure", None)
                self.error(failure.localized(self.lang) if failure is not None else r.error)
                continue
            if getattr(r, "skipped_because", ""):
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
            if getattr(r, "encoding", ""):
                guessed = say("encoding_guessed", self.lang, encoding=r.encoding)
                self.err.print(Text(clean(f"{r.name}{sep}{guessed}", one_line=True), style="yellow"), soft_wrap=True)
            if getattr(r, "as_of_used", False) and r.as_of is not None and r.as_of_from != "given":
                whose = say(f"as_of_from_{r.as_of_from}", self.lang)
                when = r.as_of.astimezone().strftime("%Y-%m-%d %H:%M")
                counted = say("as_of_counted_from", self.lang, when=when, whose=whose)
                self.err.print(Text(clean(f"{r.name}{sep}{counted}", one_line=True), style="dim"), soft_wrap=True)
            for notice in notices(getattr(r, "cuts", {}), self.lang):
                self.err.print(Text(clean(f"{r.name}{sep}{notice}", one_line=True), style="yellow"), soft_wrap=True)
            c = r.counts
            line = Text()
            line.append(clean(r.name, one_line=True), style="bold")
            line.append(f" ({r.format}): ")
            line.append(self.label("n_added", n=c.added), style="green")
            line.append(self.label("n_updated", n=c.updated))
            if c.unchanged:
                line.append(self.label("n_unchanged", n=c.unchanged, why=self._match_reasons(c.merged)))
            if c.trashed:
                line.append(self.label("n_trashed", n=c.trashed), style="yellow")
            line.append(self.label("n_skipped", n=c.skipped))
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

    def overview(self, data: Row, newest: Sequence[Row], path: str) -> None:
        """What `readlog` alone prints: counts, newest unread, last import."""
        head = Text()
        head.append("readlog", style="bold")
        head.append(self.label("n_entries", n=data["total"]))
        head.append(self.label("n_unread", n=data["unread"]), style="bold blue")
        head.append(" · ")
        head.append(self.label("n_starred", n=data["starred"]), style="yellow")
        self.out.print(head)
        self.line(self.label("library", path=path), style="dim")
        if newest:
            self.line("")
            self.line(self.label("newest_unread"), style="bold")
            self.entries_table(newest, data["unread"], table=True)
        last = data.get("last_import")
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
        elif not data["total"]:
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


def skip_reason(result: Any, lang: str) -> str:
    """Why a file in a directory or an archive was passed over, in ``lang``
    (its ``skipped_because`` is the English one, for --json)."""
    from readlog.model.messages import translate

    failure = getattr(result, "failure", None)
    if failure is not None:
        said = failure.localized(lang)
        return said.removeprefix(f"{result.name}: ").removeprefix(f"{result.name}：")
    return translate(
        result.skipped_because, lang, ("skip_folder", "skip_not_regular", "skip_unrecognised", "skip_other_format")
    )


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


# CJK, Hangul, full-width forms and CJK punctuation: a line may break between any two of them.
_WIDE = (("\u2e80", "\u9fff"), ("\uac00", "\ud7af"), ("\uf900", "\ufaff"), ("\uff00", "\uffef"), ("\u3000", "\u303f"))
_WIDE_FROM = min(lo for lo, _ in _WIDE)  # below it nothing is wide (Latin, digits, most punctuation)
_TOKENS = re.compile(r"\s+|\S+")


def _pieces(paragraph: str) -> Iterator[str]:
    """Whitespace runs, runs of other characters, and each wide character alone.

    Done by hand: a regular expression with the wide ranges in a character
    class takes ~5 ms to compile, half the time the detail view needs."""
    for token in _TOKENS.findall(paragraph):
        if token.isascii() or token.isspace():
            yield token
            continue
        run = ""
        for ch in token:
            if _is_wide(ch):
                if run:
                    yield run
                    run = ""
                yield ch
            else:
                run += ch
        if run:
            yield run


# Line breaking rules for CJK text (kinsoku): these never start a line...
_NO_LINE_START = frozenset("，。、；：！？）》」』】〉〕］｝〗〙〛”’…‥・ー々〜～,.;:!?)]}%")
# ... and these never end one.
_NO_LINE_END = frozenset("（《「『【〈〔［｛〖〘〚“‘([{")
# Text that ends in a number: digits (with . or , between them, a % after them)
# that are not part of a name such as p99 or v1.2. A line never breaks right
# after a number, so it stays with its unit ("12 min", "200 行", "“12（cache）").
_NUMBER_END = re.compile(r"(?<![A-Za-z0-9.,])[0-9](?:[0-9.,]*[0-9])?%?$")
_NUMBER_LAST = frozenset("0123456789%")


def _ends_in_number(text: str, end: int) -> bool:
    """Whether ``text[:end]`` ends in a number (looked for in its last 64
    characters: a chain of glued numbers can make a unit long)."""
    return text[end - 1] in _NUMBER_LAST and _NUMBER_END.search(text, max(0, end - 64), end) is not None


def _glued(before: str, after: str) -> bool:
    """Whether a line may not break between ``before`` and ``after`` (both not empty)."""
    return after[0] in _NO_LINE_START or before[-1] in _NO_LINE_END or _ends_in_number(before, len(before))


def _units(paragraph: str) -> Iterator[tuple[str, bool]]:
    """The paragraph's units, each with whether a space came before it: its
    pieces glued wherever a line may not break between them: before closing
    punctuation and after opening punctuation (across a space too), after a
    number (it keeps what follows it, "12 min")."""
    unit, spaced, space = "", False, False
    for piece in _pieces(paragraph):
        if piece.isspace():
            space = True
            continue
        if unit and _glued(unit, piece):
            unit += " " + piece if space else piece
        else:
            if unit:
                yield unit, spaced
            unit, spaced = piece, space
        space = False
    if unit:
        yield unit, spaced


def _ascii_units(paragraph: str) -> Iterator[tuple[str, bool]]:
    """_units() for a paragraph of plain ASCII, where pieces are the words
    str.split() finds (a 20,000-word article: 90 -> 10 ms)."""
    units: list[str] = []
    for word in paragraph.split():
        last = units[-1] if units else ""
        if last and _glued(last, word):
            units[-1] += " " + word
        else:
            units.append(word)
    return ((unit, True) for unit in units)


def wrap(text: str, width: int) -> str:
    """Wrap mixed Chinese and English text to ``width`` terminal cells.

    Rich wraps only at spaces, which leaves ragged lines when a paragraph is
    mostly Chinese; here a line may break between any two CJK characters and
    at spaces, never inside a Latin word, never right after a number (it keeps
    its unit), never before closing punctuation nor after opening punctuation
    (kinsoku: 》 never starts a line, 《 never ends one).

    Only where a line is too narrow to keep these rules (a run of glued text
    wider than the line) is one broken, the lightest that will do: a number
    parted from its unit before a word cut, a word cut before a kinsoku rule
    broken (see _split_unit); a character wider than the line has one of its own.
    """
    width = max(width, 1)
    out: list[str] = []
    for paragraph in text.split("\n"):
        if paragraph.isascii() and not _NOT_PLAIN_ASCII.search(paragraph):
            out += _fill(_ascii_units(paragraph), width, len)
        else:
            out += _fill(_units(paragraph), width, cell_len)
    return "\n".join(out)


def break_offsets(text: str, width: int) -> list[int]:
    """Where wrap() breaks one line of ``text`` (no line breaks in it), as
    offsets into ``text``: each is where a new line starts (its first
    character that is not a space). The shape of rich's own ``divide_line``,
    so that rich can wrap text by wrap()'s rules (help screens in Chinese)."""
    offsets: list[int] = []
    at = len(text) - len(text.lstrip())  # an indented line keeps its indent: its lines are narrower
    for i, line in enumerate(wrap(text, max(width - at, 1)).split("\n")):
        while at < len(text) and text[at].isspace():
            at += 1
        if i:
            offsets.append(at)
        for ch in line:  # wrap() keeps every character but spaces, in order
            if not ch.isspace():
                at = text.index(ch, at) + 1
    return [o for o in offsets if 0 < o < len(text)]


def _fill(units: Iterable[tuple[str, bool]], width: int, measure: Callable[[str], int]) -> list[str]:
    """Units to lines of at most ``width`` cells, as many on a line as fit; a
    unit wider than a line starts one and is split."""
    out: list[str] = []
    line, used = "", 0
    for unit, spaced in units:
        w = measure(unit)
        gap = 1 if spaced and line else 0
        if used + gap + w <= width:
            line, used = line + " " * gap + unit, used + gap + w
            continue
        if line:
            out.append(line)
        if w <= width:
            line, used = unit, w
            continue
        *heads, line = _split_unit(unit, width)
        out += heads
        used = measure(line)
    out.append(line)
    return out


# A unit of printable ASCII with no space, no kinsoku punctuation and no number (a digit
# after anything but a letter or a digit), such as a long token or a hex or base62 blob:
# every break in it costs the same (a word cut), so it is cut every ``width`` characters,
# which is what _split_general finds, 25 times slower.
_TOKEN_OTHER = "".join(
    re.escape(chr(c))
    for c in range(0x21, 0x7F)
    if not chr(c).isalnum() and chr(c) not in _NO_LINE_START and chr(c) not in _NO_LINE_END
)
_UNIFORM_ASCII = re.compile(rf"[A-Za-z][A-Za-z0-9]*(?:[{_TOKEN_OTHER}]+[A-Za-z][A-Za-z0-9]*)*[{_TOKEN_OTHER}]*")


def _split_unit(unit: str, width: int) -> list[str]:
    """A unit wider than a line, in lines of at most ``width`` cells, each
    broken where it costs least (_break_cost), as late as fits among equals; a
    character wider than the line has a line of its own."""
    if unit.isascii() and _UNIFORM_ASCII.fullmatch(unit):
        return [unit[i : i + width] for i in range(0, len(unit), width)]
    return _split_general(unit, width)


def _split_general(unit: str, width: int) -> list[str]:
    """_split_unit for any unit."""
    lines: list[str] = []
    start, end = 0, len(unit)
    left = cell_len(unit)  # the cells from start on: measured once, not again for each line
    while start < end:
        if left <= width:
            lines.append(unit[start:])
            break
        best, best_cost, taken = start + 1, (True, True, True, True), cell_len(unit[start])
        full = solid = 0  # cells from start, and up to the last non-space
        for i in range(start, end):
            ch = unit[i]
            if i > start and not ch.isspace():
                if solid > width:
                    break
                cost = (*_break_cost(unit, i), False)
                if cost <= best_cost:
                    best, best_cost, taken = i, cost, full
            full += cell_len(ch)
            if not ch.isspace():
                solid = full
        lines.append(unit[start:best].rstrip())
        start, left = best, left - taken
        while start < end and unit[start].isspace():
            start, left = start + 1, left - cell_len(unit[start])
    return lines


def _break_cost(unit: str, i: int) -> tuple[bool, bool, bool]:
    """What a line break before ``unit[i]`` breaks, worst first: a kinsoku
    rule (closing punctuation starts the line, opening punctuation ends it), a
    word (between two narrow characters), a number and its unit."""
    j = i
    while unit[j - 1].isspace():
        j -= 1
    before, after = unit[j - 1], unit[i]
    kinsoku = after in _NO_LINE_START or before in _NO_LINE_END
    word = j == i and not _is_wide(before) and not _is_wide(after)
    return kinsoku, word, _ends_in_number(unit, j)


def wrap_parts(parts: Iterable[str], width: int, sep: str = " · ") -> str:
    """Parts joined by ``sep`` and wrapped to ``width`` cells between parts,
    each part kept whole on one line when it fits ("saved 3 days ago
    (2026-11-28)", "12 min read", "#system design"); a longer one is wrapped."""
    lines: list[str] = []
    line = ""
    for part in parts:
        joined = line + sep + part if line else part
        if cell_len(joined) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        pieces = wrap(part, width).split("\n")
        lines += pieces[:-1]
        line = pieces[-1]
    lines.append(line)
    return "\n".join(lines)


# Printable ASCII and the whitespace str.split() and the pattern above agree on.
_NOT_PLAIN_ASCII = re.compile(r"[^\x20-\x7e\t\x0b\x0c\r]")


def _is_wide(ch: str) -> bool:
    return ch >= _WIDE_FROM and any(lo <= ch <= hi for lo, hi in _WIDE)


# The columns whose text must not be cut: they widen when later rows of a long table need it.
GROWS = ("id", "time", "saved")
# The entries table's optional columns, in the order they go when two say as much.
_OPTIONAL = ("category", "tags", "saved", "source", "time")


def _says(values: Iterable[str]) -> float:
    """How much a column says about the rows shown: the entropy of its values
    in bits (0 when every row holds the same, log2 of the rows when all differ)."""
    counts: dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    total = sum(counts.values())
    return -sum(n / total * math.log2(n / total) for n in counts.values()) if total else 0.0


_NUMBER_TAIL = re.compile(r"\d(?:[\d,.]*\d)?( ?)([A-Za-z%]+|[^\W\d_A-Za-z])?$")
# Chinese words that count things or time: a number before one of them is kept with it.
_CJK_UNITS = set("分秒时天日周月年条个行字词次倍万亿页篇元位人项处种")


def cut(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` cells with an ellipsis, as a reader would cut
    it: no blank nor opening punctuation before the ellipsis, and never inside a number nor between a
    number and its unit: "1 added, 0 updated" cut after "0 up" ends
    "1 added,…", not "0 up…" (nor "12 min" as "1…")."""
    if text.cell_len <= width:
        return text
    plain, used, end = text.plain, 0, 0
    for end, ch in enumerate(plain):  # noqa: B007 (end is used after the loop)
        used += cell_len(ch)
        if used > width - 1:
            break
    end = _number_safe(plain, end)
    while end > 0 and (plain[end - 1].isspace() or plain[end - 1] in _NO_LINE_END):
        end -= 1  # nor a blank nor opening punctuation before the ellipsis: "标题…", not "标题（…"
    out = text[:end]
    out.append("…")
    out.end, out.no_wrap = text.end, text.no_wrap
    return out


def _number_safe(plain: str, end: int) -> int:
    """Where to cut ``plain`` at or before ``end`` so that a number and its
    unit either stay whole or both go."""
    if end >= len(plain):
        return end
    if plain[end].isdigit() and end and (plain[end - 1].isdigit() or plain[end - 1] in ",."):
        start = end  # inside a number: back to its start
        while start and (plain[start - 1].isdigit() or plain[start - 1] in ",."):
            start -= 1
        if not (start and plain[start - 1].isascii() and plain[start - 1].isalpha()):
            return start
    found = _NUMBER_TAIL.search(plain, 0, end)
    if found is None:
        return end
    start = found.start()
    if start and plain[start - 1].isascii() and (plain[start - 1].isalnum() or plain[start - 1] in ".,"):
        return end  # p99, v1.2: a name, not a number
    following = plain[end]
    after = plain[end + 1] if end + 1 < len(plain) else ""
    unit = found.group(2)
    if unit:  # only a unit cut short goes
        return start if unit.isascii() and following.isascii() and following.isalpha() else end
    if following == " ":
        following = after
    elif following in ",." and after.isdigit():
        return start
    return start if (following.isascii() and following.isalnum()) or following in _CJK_UNITS else end


class _Match(Text):
    """A Match cell: its label's length (in characters) and its first hit,
    so that fit_hit can cut it to its column around the hit; ``in_title``
    when the hit is only in the title."""

    label_len = 0
    hit: tuple[int, int] | None = None
    in_title = False


def _needs(cell: Text) -> int:
    """The cells a column needs for ``cell``: none for a Match cell with a hit
    only in the title (shown only where the title is cut off)."""
    return 0 if isinstance(cell, _Match) and cell.in_title else cell.cell_len


def _title_shows(title: Text, match: _Match, width: int) -> bool:
    """Whether a title cut to ``width`` cells shows the hit of ``match`` (in it) whole."""
    if title.cell_len <= width:
        return True
    hit = match.plain[match.hit[0] : match.hit[1]] if match.hit else ""
    at = title.plain.find(hit) if hit else -1
    return at >= 0 and cell_len(title.plain[: at + len(hit)]) <= width - 1  # the ellipsis takes a cell


def fit_hit(text: Text, width: int) -> Text:
    """A Match cell cut to ``width`` cells around its first hit: the hit whole
    (wide characters count two cells), a little of what comes before it, as
    much as fits of what follows, an ellipsis where text was left out; the
    label ("tag: ") stays unless it leaves the hit no room."""
    if not isinstance(text, _Match) or text.hit is None or text.cell_len <= width:
        return text
    plain = text.plain
    hs, he = text.hit
    label = text.label_len
    first, last = label, len(plain)
    lead = plain.startswith("…", first) and first < hs
    trail = plain.endswith("…") and last - 1 >= he
    first += lead
    last -= trail
    hit_cells = cell_len(plain[hs:he])
    if cell_len(plain[:label]) + hit_cells + 2 > width:
        label = 0
    label_cells = cell_len(plain[:label])

    def cells(a: int, b: int) -> int:
        return label_cells + (a > first or lead) + cell_len(plain[a:b]) + (b < last or trail)

    a, b = hs, he
    if cells(a, b) > width:
        return cut(text[hs:], width)
    before = min(10, (width - label_cells - hit_cells) // 3)
    while a > first and cell_len(plain[a - 1 : hs]) <= before and cells(a - 1, b) <= width:
        a -= 1
    while b < last and cells(a, b + 1) <= width:
        b += 1
    while a > first and cells(a - 1, b) <= width:
        a -= 1
    if a > first and plain[a - 1 : a + 1].isascii() and plain[a - 1 : a + 1].isalnum():
        space = plain.find(" ", a, hs)  # not from the middle of a word
        if space >= 0:
            a = space + 1
    out = text[:label] if label else Text()
    if a > first or lead:
        out.append("…")
    out.append_text(text[a:b])
    if b < last or trail:
        out.append("…")
    return out


COLUMN_STYLES = {"id": "cyan", "source": "green", "category": "magenta", "tags": "blue", "saved": "dim"}


class _Lines:
    """The entries table: a header and one line per entry, columns two spaces
    apart, each cell cut with an ellipsis or padded to its column's width.

    It looks like a borderless rich Table with no_wrap columns, but since the
    widths are already fixed (Output._table) it builds each line directly:
    rich's Table measures and lays out every cell again, ~12 ms for a page
    of 20 entries, a tenth of a read command's whole run.
    """

    def __init__(self, keys: list[str], widths: dict[str, int], headers: list[str], rows: list[dict[str, Text]]):
        self.keys, self.widths, self.headers, self.rows = keys, widths, headers, rows
        self.headed = True  # begins with the header (the rest of a long table does not)
        self.room = sum(widths.values()) + 2 * (len(keys) - 1)  # the line's width (Output sets the terminal's)

    def following(self, rows: list[dict[str, Text]]) -> _Lines:
        """The next rows of a long table, in the same columns, without the header.

        A column of numbers or dates that these rows need wider (ids past 999
        in an oldest-first list) widens at the title's (else the match's)
        expense, so that no number is cut; a title or match longer than any
        before takes what room is left on the line (``room``)."""
        widths = dict(self.widths)
        need = {k: max(_needs(r[k]) for r in rows) for k in self.keys}
        for key in GROWS:
            if key in widths:
                widths[key] = max(widths[key], need[key])
        flexible = [k for k in ("title", "match") if k in widths]
        slack = self.room - sum(widths.values()) - 2 * (len(self.keys) - 1)
        for key in flexible:
            if slack < 0:  # numbers took more room: the title gives it first, down to 6 cells
                take = min(-slack, max(0, widths[key] - 6))
                widths[key] -= take
                slack += take
            elif need[key] > widths[key]:
                grow = min(slack, need[key] - widths[key])
                widths[key] += grow
                slack -= grow
        later = _Lines(self.keys, widths, self.headers, rows)
        later.headed, later.room = False, self.room
        return later

    def _cell(self, key: str, text: Text, style: str) -> Text:
        width = self.widths[key]
        cell = Text(style=style, end="", no_wrap=True)
        cell.append_text(text if key != "match" else fit_hit(text, width))
        if cell.cell_len > width:
            cell = cut(cell, width)
        room = width - cell.cell_len
        if key == "id":
            cell = Text(" " * room, end="").append_text(cell)
        else:
            cell.append(" " * room)
        return cell

    def _line(self, cells: list[Text]) -> Text:
        """The cells two spaces apart; the line ends at its last character (no padding after it)."""
        line = Text(end="\n", no_wrap=True)
        for i, cell in enumerate(cells):
            if i:
                line.append("  ")
            line.append_text(cell)
        line.rstrip()
        return line

    def header(self) -> Text:
        """The line of column names."""
        return self._line([self._cell(k, Text(h), "bold") for k, h in zip(self.keys, self.headers, strict=True)])

    def line(self, row: dict[str, Text]) -> Text:
        """One entry's line (its cells from Output.entry_cells), cut to the columns.
        A Match cell whose hit is only in the title stays blank when the Title
        column shows that hit, and shows it where the title is cut before it."""
        match = row.get("match")
        title = row.get("title")
        if (
            isinstance(match, _Match)
            and match.in_title
            and title is not None
            and _title_shows(title, match, self.widths["title"])
        ):
            row = {**row, "match": Text("")}
        return self._line([self._cell(k, row[k], COLUMN_STYLES.get(k, "")) for k in self.keys])

    def __rich_console__(self, console: Console, options: Any) -> Iterator[Text]:
        if self.headed:
            yield self.header()
        for row in self.rows:
            yield self.line(row)


class _Trimmed:
    """A rich Table whose lines end at their last character: the padding of
    its last column (or of empty cells at the end of a row) is not written."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def __rich_console__(self, console: Console, options: Any) -> Iterator[Segment]:
        for line in console.render_lines(self.table, options, pad=False, new_lines=False):
            end = len(line)
            while end and not line[end - 1].control and not line[end - 1].text.rstrip():
                end -= 1
            if end:
                yield from line[: end - 1]
                last = line[end - 1]
                yield last if last.control else Segment(last.text.rstrip(), last.style)
            yield Segment.line()


def _title_of(row: Row) -> str:
    """An entry's title as one clean line (its link when it has none)."""
    return clean(row.get("title") or row.get("url") or "(untitled)", one_line=True)


def _tags(row: Row) -> list[str]:
    return tag_list(row.get("tags"))


def entry_line(entry_id: int, said: str, title: str, style: str, tail: str = "", tail_style: str = "dim") -> Text:
    """One line about one entry, as every command that changes entries prints
    it: the id, what happened (``said``, its separator included), the title
    (cleaned here), and a tail (tags, a link) if any."""
    line = Text()
    line.append(f"{entry_id:>5} ", style="cyan")
    line.append(said, style=style)
    line.append(clean(title or "(untitled)", one_line=True))
    if tail:
        line.append("  " + tail, style=tail_style)
    return line


def entry_links(row: Row) -> list[str]:
    """The entry's own URL, then addresses found in its summary (images kept
    there), as show lists them (model.links)."""
    return [link.url for link in model_links(row)]


def entry_record(row: Row, *, full: bool = False) -> Row:
    """The JSON shape of an entry (list --json, show --json, search --json);
    ``full`` adds the fetched article's text (show --json --full)."""
    record = {
        "id": row["id"],
        "title": row.get("title", ""),
        "source": row.get("source", ""),
        "category": row.get("category", ""),
        "summary": row.get("summary", ""),
        "verdict": row.get("verdict", ""),
        "url": row.get("url", ""),
        "published": row.get("published"),
        "saved_at": stamps.local_iso(row.get("saved_at")),
        "read_at": stamps.local_iso(row.get("read_at")),
        "starred": bool(row.get("starred_at")),
        "starred_at": stamps.local_iso(row.get("starred_at")),
        "archived": bool(row.get("archived_at")),
        "tags": _tags(row),
        "note": row.get("note", ""),
        "minutes": row.get("minutes"),
        "words": row.get("words"),
        "lang": row.get("lang") or None,
        "fetched_at": stamps.local_iso(row.get("fetched_at")),
        "fetch_status": row.get("fetch_status"),
        "fetch_error": row.get("fetch_error") or None,
        "dead": bool(row.get("dead_at")),
        "dead_at": stamps.local_iso(row.get("dead_at")),
        "final_url": row.get("final_url") or None,
    }
    if "other_titles" in row:
        record["other_titles"] = row["other_titles"]
    if full:
        record["text"] = row.get("text", "")
    return record
