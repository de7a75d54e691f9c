"""The only module that touches rich: tables, panels, progress, JSON.

Imported text is always turned into ``rich.text.Text`` after passing through
``sanitize.clean``; it is never interpreted as markup. Colour follows the
terminal: rich turns it off when output is piped or NO_COLOR is set.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from rich.cells import cell_len
from rich.console import Console, Group
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from readlog import stamps
from readlog.config import MAX_COLUMNS, MIN_COLUMNS
from readlog.sanitize import clean
from readlog.tags import tag_list

Row = dict[str, Any]
_URL = re.compile(r"https?://[^\s<>\"'）)\]]+")

LABELS = {
    "en": {
        "id": "ID",
        "title": "Title",
        "source": "Source",
        "category": "Category",
        "saved": "Saved",
        "match": "Match",
        "tags": "Tags",
        "verdict": "Verdict",
        "note": "Note",
        "links": "Links",
        "read": "read",
        "unread": "unread",
        "starred": "starred",
        "archived": "archived",
        "showing": "Showing {shown} of {total} entries",
        "more": "; --limit 0 shows all",
        "none": "No entries match.",
        "saved_on": "saved {rel} ({date})",
        "published": "published {date}",
        "n_added": "{n:,} added",
        "n_updated": ", {n:,} updated",
        "n_skipped": ", {n:,} skipped",
        "n_problems": ", {n:,} problem{s}",
        "file_skipped": ": skipped ({why})",
        "more_problems": "{name}: ... and {n:,} more problems",
        "n_entries": "  {n:,} entries · ",
        "n_unread": "{n:,} unread",
        "n_starred": "{n:,} starred",
        "library": "library: {path}",
        "newest_unread": "Newest unread:",
        "last_import": "Last import: {path} ({format}), {when}: ",
        "empty_library": "Your library is empty. Start with: readlog import FILE",
        "help_hint": "Run readlog --help for all commands.",
    },
    "zh": {
        "id": "编号",
        "title": "标题",
        "source": "来源",
        "category": "分类",
        "saved": "收藏",
        "match": "匹配",
        "tags": "标签",
        "verdict": "收录理由",
        "note": "笔记",
        "links": "链接",
        "read": "已读",
        "unread": "未读",
        "starred": "星标",
        "archived": "已归档",
        "showing": "显示 {shown} / 共 {total} 条",
        "more": "；--limit 0 显示全部",
        "none": "没有匹配的条目。",
        "saved_on": "收藏于 {rel}（{date}）",
        "published": "发表于 {date}",
        "n_added": "新增 {n:,} 条",
        "n_updated": "，更新 {n:,} 条",
        "n_skipped": "，跳过 {n:,} 条",
        "n_problems": "，{n:,} 个问题",
        "file_skipped": "：已跳过（{why}）",
        "more_problems": "{name}：……另有 {n:,} 个问题",
        "n_entries": "  共 {n:,} 条 · ",
        "n_unread": "{n:,} 条未读",
        "n_starred": "{n:,} 条星标",
        "library": "书库：{path}",
        "newest_unread": "最新未读：",
        "last_import": "上次导入：{path}（{format}），{when}：",
        "empty_library": "书库是空的。先导入：readlog import FILE",
        "help_hint": "运行 readlog --help 查看全部命令。",
    },
}

# Chinese for state changes: verb -> (what was done, what it already was).
STATE_ZH = {
    "star": ("已加星标", "本来就有星标"),
    "unstar": ("已取消星标", "本来就没有星标"),
    "read": ("已标为已读", "本来就是已读"),
    "unread": ("已标为未读", "本来就是未读"),
    "archive": ("已归档", "本来就已归档"),
    "unarchive": ("已取消归档", "本来就未归档"),
}


def language(option: str | None = None, configured: str | None = None) -> str:
    """'zh' or 'en': the option, else READLOG_LANG, else the config file's lang, else the locale."""
    choice = option or os.environ.get("READLOG_LANG") or configured or ""
    if not choice:
        for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
            if os.environ.get(var):
                choice = os.environ[var]
                break
    return "zh" if choice.lower().startswith("zh") else "en"


MIN_WIDTH, MAX_WIDTH = MIN_COLUMNS, MAX_COLUMNS


class _Console(Console):
    """rich's Console, except that a reader gone away (``| head -0``) is an
    error the command reports in one line, as a full disk is, instead of a
    silent exit inside rich."""

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
        for console in (self.out, self.err):
            if not MIN_WIDTH <= console.width <= MAX_WIDTH:  # COLUMNS=1 or 99999 (see config.tame_columns)
                console.width = min(max(console.width, MIN_WIDTH), MAX_WIDTH)

    def label(self, key: str, **kw: Any) -> str:
        if "n" in kw and "s" not in kw:
            kw["s"] = "" if kw["n"] == 1 else "s"
        return LABELS[self.lang][key].format(**kw)

    # ---- plain channels ------------------------------------------------

    def json(self, data: object) -> None:
        """Plain JSON on stdout: no colour, no wrapping."""
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        sys.stdout.flush()

    def print(self, *renderables: Any, **options: Any) -> None:
        """Print rich renderables (tables, Text) built by the render modules."""
        self.out.print(*renderables, **options)

    def line(self, text: str | Text, style: str | None = None) -> None:
        self.out.print(text if isinstance(text, Text) else Text(text, style=style or ""), soft_wrap=True)

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
        snippets: dict[int, tuple[str, list[tuple[int, int]]]] | None = None,
        current: datetime | None = None,
    ) -> None:
        if not rows:
            self.line(self.label("none"), style="dim")
            return
        current = current or stamps.now()
        show_tags = any(r.get("tags") not in (None, "", "[]") for r in rows)
        table_rows = []
        for row in rows:
            cells: dict[str, Text] = {
                "id": Text(str(row["id"])),
                "mark": self._markers(row),
                "title": self._title(row),
                "source": Text(clean(row.get("source"), one_line=True)),
                "category": Text(clean(row.get("category"), one_line=True)),
                "saved": Text(stamps.relative(row.get("saved_at"), current, self.lang)),
            }
            if snippets is not None:
                cells["match"] = self._snippet(*snippets.get(row["id"], ("", [])))
            if show_tags:
                cells["tags"] = Text(" ".join("#" + clean(t, one_line=True) for t in _tags(row)))
            table_rows.append(cells)
        self.out.print(self._table(table_rows, snippets is not None, show_tags))
        footer = self.label("showing", shown=len(rows), total=total)
        if len(rows) < total:
            footer += self.label("more")
        self.line(footer, style="dim")

    def _table(self, rows: list[dict[str, Text]], with_match: bool, with_tags: bool) -> _Lines:
        """Fixed columns sized to their content; title (and match) share the rest,
        so every entry stays on one line and wide CJK text is cut, not wrapped."""
        caps = {"source": 22, "category": 12, "tags": 20}
        keys = [
            "id",
            "mark",
            "title",
            *(["match"] if with_match else []),
            "source",
            "category",
            *(["tags"] if with_tags else []),
            "saved",
        ]
        if self.columns is not None:
            optional = [k for k in self.columns if k in keys]
            keys = [k for k in keys if k in ("id", "mark", "title", "match")] + optional
        widths: dict[str, int] = {}
        for key in keys:
            if key not in ("title", "match"):
                header = cell_len(self.label(key)) if key != "mark" else 0
                widths[key] = min(caps.get(key, 99), max([header, *(r[key].cell_len for r in rows)]))
        flexible = [k for k in keys if k in ("title", "match")]
        for droppable in ("category", "tags", "source"):
            spare = self.out.width - sum(widths.values()) - 2 * (len(keys) - 1)
            if spare >= 20 * len(flexible) or droppable not in keys:
                continue
            keys.remove(droppable)
            widths.pop(droppable)
        spare = self.out.width - sum(widths.values()) - 2 * (len(keys) - 1)
        need = {k: max([cell_len(self.label(k)), *(r[k].cell_len for r in rows)]) for k in flexible}
        if len(flexible) == 2 and need["title"] + need["match"] > spare:
            widths["title"] = max(6, min(need["title"], spare * 2 // 5))
            widths["match"] = max(6, spare - widths["title"])
        else:
            for k in flexible:
                widths[k] = max(6, min(need[k], spare))
        return _Lines(keys, widths, [self.label(k) if k != "mark" else "" for k in keys], rows)

    def _markers(self, row: Row) -> Text:
        text = Text()
        text.append("●" if not row.get("read_at") else " ", style="bold blue")
        text.append("★" if row.get("starred_at") else " ", style="yellow")
        return text

    def _title(self, row: Row) -> Text:
        title = clean(row.get("title") or row.get("url") or "(untitled)", one_line=True)
        return Text(title, style="bold" if not row.get("read_at") else "")

    def _snippet(self, text: str, spans: list[tuple[int, int]]) -> Text:
        out = Text(clean(text, one_line=True))
        if out.plain == text:
            for start, end in spans:
                out.stylize("bold reverse", start, end)
        return out

    def entry_detail(self, row: Row, current: datetime | None = None) -> None:
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
        meta.append(" · ".join(p for p in parts if p))
        body: list[Any] = [meta]
        if _tags(row):
            body.append(Text(" ".join("#" + clean(t, one_line=True) for t in _tags(row)), style="blue"))
        inner = max(20, self.out.width - 6)
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
        links = entry_links(row)
        if links:
            body += [Text(""), Rule(Text(self.label("links"), style="bold"), align="left", style="dim")]
            body += [Text(clean(u, one_line=True), style="underline cyan") for u in links]
        title = Text(clean(row.get("title") or row.get("url") or "(untitled)", one_line=True), style="bold")
        self.out.print(
            Panel(
                Group(*body),
                title=title,
                title_align="left",
                subtitle=Text(f"#{row['id']}"),
                subtitle_align="right",
                padding=(0, 1),
            )
        )

    def state_changes(self, results: Sequence[tuple[Row, bool]], verb: str) -> None:
        """One line per entry: what changed, or that it already was so."""
        done = {
            "star": "starred",
            "unstar": "unstarred",
            "read": "marked read",
            "unread": "marked unread",
            "archive": "archived",
            "unarchive": "unarchived",
        }.get(verb, verb)
        zh = STATE_ZH.get(verb, (verb, verb)) if self.lang == "zh" else None
        for row, changed in results:
            line = Text()
            line.append(f"{row['id']:>5} ", style="cyan")
            if zh:
                said = (zh[0] if changed else zh[1]) + "："
            else:
                said = f"{done}: " if changed else f"already {done.removeprefix('marked ')}: "
            line.append(said, style="green" if changed else "dim")
            line.append(clean(row.get("title") or "(untitled)", one_line=True))
            self.out.print(line, no_wrap=True, overflow="ellipsis")

    def import_results(self, results: Sequence[Any], *, as_json: bool) -> None:
        """The summary printed at the end of an import, and its problems on stderr."""
        if as_json:
            self.json(
                [
                    {
                        "file": r.name,
                        "format": r.format or None,
                        "added": r.counts.added,
                        "updated": r.counts.updated,
                        "skipped": r.counts.skipped,
                        "error": r.error,
                        "skipped_because": getattr(r, "skipped_because", "") or None,
                        "problems": [{"line": p.line, "message": p.message} for p in r.problems],
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
                skipped.append(self.label("file_skipped", why=clean(r.skipped_because, one_line=True)), style="dim")
                self.out.print(skipped, soft_wrap=True)
                continue
            for p in r.problems[:50]:
                self.err.print(Text(clean(f"{r.name}: {p}", one_line=True), style="yellow"), soft_wrap=True)
            if len(r.problems) > 50:
                more = self.label("more_problems", name=clean(r.name, one_line=True), n=len(r.problems) - 50)
                self.err.print(Text(more, style="yellow"))
            c = r.counts
            line = Text()
            line.append(clean(r.name, one_line=True), style="bold")
            line.append(f" ({r.format}): ")
            line.append(self.label("n_added", n=c.added), style="green")
            line.append(self.label("n_updated", n=c.updated) + self.label("n_skipped", n=c.skipped))
            if r.problems:
                line.append(self.label("n_problems", n=len(r.problems)), style="yellow")
            self.out.print(line, soft_wrap=True)

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
            self.entries_table(newest, data["unread"])
        last = data.get("last_import")
        if last:
            when = stamps.relative(last["finished_at"], None, self.lang)
            self.line(
                self.label("last_import", path=clean(last["path"], one_line=True), format=last["format"], when=when)
                + self.label("n_added", n=last["added"])
                + self.label("n_updated", n=last["updated"])
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


_NO_LINE_START = set("，。、；：！？）》」』】,.;:!?)")


def wrap(text: str, width: int) -> str:
    """Wrap mixed Chinese and English text to ``width`` terminal cells.

    Rich wraps only at spaces, which leaves ragged lines when a paragraph is
    mostly Chinese; here a line may break between any two CJK characters and
    at spaces, never inside a Latin word (unless the word is longer than a
    line), and closing punctuation never starts a line: the character before
    it comes along.
    """
    out: list[str] = []
    for paragraph in text.split("\n"):
        line, used = "", 0
        for piece in _pieces(paragraph):
            if piece.isspace():
                if line:
                    line, used = line + " ", used + 1
                continue
            w = cell_len(piece)
            if used + w > width and line.strip():
                out.append(line.rstrip())
                line, used = "", 0
                if piece[0] in _NO_LINE_START:  # take the character before it along
                    line = _carry(out, width - w)
                    used = cell_len(line)
            while w > width:
                head, rest = _split_cells(piece, width - used)
                out.append(line + head)
                line, used, piece = "", 0, rest
                w = cell_len(piece)
            line, used = line + piece, used + w
        out.append(line.rstrip())
    return "\n".join(out)


def _carry(out: list[str], room: int) -> str:
    """Move the last wide character of the last line down, so that closing
    punctuation never starts a line; nothing moves when that would empty
    the line, split a Latin word, or not fit."""
    last = out[-1]
    if len(last) > 1 and _is_wide(last[-1]) and cell_len(last[-1]) <= room:
        out[-1] = last[:-1].rstrip()
        return last[-1]
    return ""


def _is_wide(ch: str) -> bool:
    return any(lo <= ch <= hi for lo, hi in _WIDE)


def _split_cells(piece: str, width: int) -> tuple[str, str]:
    used = 0
    for i, ch in enumerate(piece):
        used += cell_len(ch)
        if used > width:
            return piece[: max(i, 1)], piece[max(i, 1) :]
    return piece, ""


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

    def _cell(self, key: str, text: Text, style: str) -> Text:
        width = self.widths[key]
        cell = Text(style=style, end="", no_wrap=True)
        cell.append_text(text)
        if cell.cell_len > width:
            cell.truncate(width, overflow="ellipsis")
        room = width - cell.cell_len
        if key == "id":
            cell = Text(" " * room, end="").append_text(cell)
        else:
            cell.append(" " * room)
        return cell

    def _line(self, cells: list[Text]) -> Text:
        line = Text(end="\n", no_wrap=True)
        for i, cell in enumerate(cells):
            if i:
                line.append("  ")
            line.append_text(cell)
        return line

    def __rich_console__(self, console: Console, options: Any) -> Iterator[Text]:
        header = [self._cell(k, Text(h), "bold") for k, h in zip(self.keys, self.headers, strict=True)]
        yield self._line(header)
        for row in self.rows:
            yield self._line([self._cell(k, row[k], COLUMN_STYLES.get(k, "")) for k in self.keys])


def _tags(row: Row) -> list[str]:
    return tag_list(row.get("tags"))


def entry_links(row: Row) -> list[str]:
    """The entry's own URL, then addresses found in its summary (images kept there)."""
    links: list[str] = []
    if row.get("url"):
        links.append(row["url"])
    for found in _URL.findall(row.get("summary") or ""):
        if found not in links:
            links.append(found)
    return links


def entry_record(row: Row) -> Row:
    """The JSON shape of an entry (list --json, show --json, search --json)."""
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
    }
    return record
