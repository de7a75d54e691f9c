"""The review screens: sources/categories tables, the stats screen and settings.

Built for a glance: the chart puts saved and read side by side on one scale
with the week's net change to the backlog beside them, so a growing pile is
visible without reading numbers. Every renderable sizes itself to the
console it is printed on, which is what the snapshot test pins (80 columns).
Imported names are cleaned and shown as Text, never as markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from readlog.model import stamps
from readlog.model.messages import known, wording
from readlog.model.sanitize import clean

if TYPE_CHECKING:
    from readlog.settings import Setting
    from readlog.store.stats import Period, Stats

Row = dict[str, Any]
EIGHTHS = " ▏▎▍▌▋▊▉"
SAVED_STYLE, READ_STYLE = "blue", "green"


def t(lang: str, label: str, /, **kw: Any) -> str:
    """A label in the user's language."""
    return wording("stats_" + label, lang, kw.get("n")).format(**kw)


def _name(value: str | None, lang: str) -> Text:
    name = clean(value, one_line=True)
    return Text(name) if name else Text(t(lang, "none_name"), style="dim")


# ---- sources and categories ---------------------------------------------------


class Fitted:
    """A borderless table that fits the console: fixed columns keep their
    natural width, the flexible one (names, titles) takes the rest and is
    cut with an ellipsis, and optional columns are dropped in order when even
    that is too little. Every row stays on one line."""

    def __init__(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[Text]],
        *,
        flex: int,
        drop: Sequence[int] = (),
        right: Sequence[int] = (),
        styles: dict[int, str] | None = None,
        show_header: bool = True,
    ) -> None:
        self.headers, self.rows, self.flex, self.drop, self.right = headers, rows, flex, drop, right
        self.styles, self.show_header = styles or {}, show_header

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        natural = [
            max([cell_len(h) if self.show_header else 0, *(r[i].cell_len for r in self.rows)])
            for i, h in enumerate(self.headers)
        ]
        keep = list(range(len(self.headers)))
        for col in self.drop:
            fixed = sum(natural[i] for i in keep if i != self.flex) + 2 * (len(keep) - 1)
            if options.max_width - fixed >= min(natural[self.flex], 12):
                break
            keep.remove(col)
        fixed = sum(natural[i] for i in keep if i != self.flex) + 2 * (len(keep) - 1)
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", show_header=self.show_header)
        for i in keep:
            width = natural[i] if i != self.flex else max(4, min(natural[i], options.max_width - fixed))
            table.add_column(
                self.headers[i],
                justify="right" if i in self.right else "left",
                style=self.styles.get(i, ""),
                no_wrap=True,
                overflow="ellipsis",
                width=width,
            )
        for r in self.rows:
            table.add_row(*(r[i] for i in keep))
        yield table


def groups_table(rows: Sequence[Row], column: str, lang: str, now: datetime) -> RenderableType:
    """Per source or category: entries, unread, starred, latest saved (relative)."""
    if not rows:
        return Text(t(lang, "empty"), style="dim")
    name = wording("label_" + column, lang)  # as list's table heads it
    headers = [name, t(lang, "entries"), t(lang, "unread"), t(lang, "starred"), t(lang, "latest")]
    cells = [
        [
            _name(r["name"], lang),
            Text(f"{r['entries']:,}"),
            Text(f"{r['unread']:,}", style="bold blue" if r["unread"] else "dim"),
            Text(f"{r['starred']:,}", style="yellow" if r["starred"] else "dim"),
            Text(stamps.relative(r["latest_saved"], now, lang)),
        ]
        for r in rows
    ]
    styles = {0: "green" if column == "source" else "magenta", 4: "dim"}
    table = Fitted(headers, cells, flex=0, drop=(3, 4), right=(1, 2, 3), styles=styles)
    footer = Text(t(lang, "sources" if column == "source" else "categories", n=len(rows)), style="dim")
    return Group(table, footer)


def groups_fields(rows: Sequence[Row]) -> list[tuple[object, ...]]:
    """``sources`` / ``categories`` into a pipe: whole lines of name, entries,
    unread, starred, latest saved (ISO); no header, as gh."""
    return [(r["name"], r["entries"], r["unread"], r["starred"], stamps.local_iso(r["latest_saved"])) for r in rows]


def groups_records(rows: Sequence[Row], column: str) -> list[Row]:
    """The JSON shape of ``sources`` / ``categories``."""
    return [
        {
            column: r["name"],
            "entries": r["entries"],
            "unread": r["unread"],
            "read": r["read"],
            "starred": r["starred"],
            "archived": r["archived"],
            "latest_saved": stamps.local_iso(r["latest_saved"]),
        }
        for r in rows
    ]


# ---- the stats screen -----------------------------------------------------------


def stats_screen(data: Stats, lang: str) -> RenderableType:
    """Summary, chart, top sources and categories, oldest unread: one screen."""
    if not data.total:
        return Text(t(lang, "empty"), style="dim")
    parts: list[RenderableType] = [_summary(data, lang), Text("")]
    parts += [Text(t(lang, f"chart_{data.bucket}"), style="bold"), PeriodChart(data.periods, data.bucket, lang)]
    parts += [Text(""), _Tops(data, lang), Text("")]
    parts.append(_oldest(data, lang))
    return Group(*parts)


def _window(data: Stats, lang: str) -> str:
    """What the heading says of the window: one asked for (--since 2w) as it was
    asked, "2 weeks since" the moment two weeks ago (or "since" its date, when no
    whole number of days, weeks, months or years measures it); the default one by
    its bars, "12 weeks since" the first Monday."""
    date = data.since.date().isoformat()
    if data.asked:
        measured = stamps.span(data.since, data.now)
        if measured is None:
            return t(lang, "window_since", date=date)
        n, unit = measured
        return t(lang, f"window_{unit}", n=n, date=date)
    n = data.now.year - data.since.year + 1 if data.bucket == "year" else len(data.periods)
    return t(lang, f"window_{data.bucket}", n=n, date=date)


def _summary(data: Stats, lang: str) -> RenderableType:
    window = _window(data, lang)
    head = Text()
    head.append(t(lang, "title"), style="bold")
    head.append(" · " + window, style="dim")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    pct = round(100 * data.read / data.saved) if data.saved else None
    activity = Text(t(lang, "saved_n", n=data.saved), style=SAVED_STYLE)
    activity.append(" · ", style="default")
    read_label = t(lang, "read_n", n=data.read, pct=pct) if pct is not None else t(lang, "read_n0", n=data.read)
    activity.append(read_label, style=READ_STYLE)
    grid.add_row(Text(t(lang, "activity")), activity)
    grid.add_row(Text(t(lang, "backlog")), _trend(data, lang))
    grid.add_row(Text(t(lang, "streak")), _streak(data, lang))
    return Group(head, grid)


def _trend(data: Stats, lang: str) -> Text:
    text = Text(wording("label_n_unread", lang).format(n=data.backlog), style="bold")  # as the overview says it
    change = data.backlog - data.backlog_then
    text.append("  ")
    if change > 0:
        text.append(t(lang, "trend_up", d=change, then=data.backlog_then), style="red")
    elif change < 0:
        text.append(t(lang, "trend_down", d=-change, then=data.backlog_then), style="green")
    else:
        text.append(t(lang, "trend_flat"), style="dim")
    return text


def _streak(data: Stats, lang: str) -> Text:
    if data.streak:
        text = Text(t(lang, "streak_n", n=data.streak), style="bold yellow")
    else:
        text = Text(t(lang, "streak_0"), style="dim")
    if data.longest:
        text.append(" · " + t(lang, "longest", n=data.longest), style="dim")
    text.append(" · ")
    text.append(t(lang, "today_yes" if data.read_today else "today_no"), style="green" if data.read_today else "dim")
    return text


class PeriodChart:
    """Saved and read bars side by side per period, on one shared scale, with
    the net change (saved minus read: red when the backlog grew)."""

    def __init__(self, periods: Sequence[Period], bucket: str, lang: str) -> None:
        self.periods, self.bucket, self.lang = periods, bucket, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        labels = [
            t(self.lang, "years_label", d=p.start, end=p.end)
            if p.end
            else t(self.lang, f"{self.bucket}_label", d=p.start)
            for p in self.periods
        ]
        label_w = max([cell_len(x) for x in labels] + [1])
        peak = max([max(p.saved, p.read) for p in self.periods] + [1])
        num_w = max(len(f"{peak:,}"), 2)
        net_w = max([len(f"{p.saved - p.read:+,}") for p in self.periods] + [cell_len(t(self.lang, "net"))])
        # per series: "│" bar " " count "  "; then the net column
        bar_w = max(4, (options.max_width - label_w - 1 - net_w - 2 * (num_w + 4)) // 2)
        header = Text(" " * (label_w + 1))
        for said, style in ((wording("label_saved", self.lang), SAVED_STYLE), (t(self.lang, "read"), READ_STYLE)):
            header.append(_pad(said, bar_w + num_w + 4), style=f"bold {style}")
        header.append(_pad(t(self.lang, "net"), net_w, right=True), style="bold")
        yield header
        for label, p in zip(labels, self.periods, strict=True):
            line = Text(_pad(label, label_w) + " ", style="dim")
            for value, style in ((p.saved, SAVED_STYLE), (p.read, READ_STYLE)):
                line.append("│", style="dim")
                line.append(_pad(bar(value, peak, bar_w), bar_w), style=style)
                line.append(f" {value:>{num_w},}", style="" if value else "dim")
                line.append("  ")
            net = p.saved - p.read
            line.append(f"{net:>+{net_w},}" if net else f"{0:>{net_w}}", style=_net_style(net))
            yield line


def _net_style(net: int) -> str:
    return "red" if net > 0 else "green" if net < 0 else "dim"


def bar(value: int, peak: int, width: int) -> str:
    """A horizontal bar in eighths of a cell; any non-zero value shows at least a sliver."""
    if value <= 0 or peak <= 0:
        return ""
    eighths = max(1, round(value * width * 8 / peak))
    full, part = divmod(eighths, 8)
    return "█" * full + (EIGHTHS[part] if part else "")


def _pad(text: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - cell_len(text))
    return gap + text if right else text + gap


class _Tops:
    """Top sources beside top categories, or one above the other on a narrow terminal."""

    def __init__(self, data: Stats, lang: str) -> None:
        self.tables = [_top_table(data.top.get(column, []), column, lang) for column in ("source", "category")]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < 64:
            yield self.tables[0]
            yield Text("")
            yield self.tables[1]
            return
        grid = Table.grid(padding=(0, 3), expand=False)
        grid.add_column(ratio=1)
        grid.add_column(ratio=1)
        grid.add_row(*self.tables)
        yield grid


def _top_table(rows: Sequence[Row], column: str, lang: str) -> RenderableType:
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", expand=False)
    table.add_column(t(lang, f"top_{column}"), overflow="ellipsis", no_wrap=True, max_width=22)
    table.add_column(wording("label_saved", lang), justify="right", style=SAVED_STYLE, no_wrap=True)
    table.add_column(t(lang, "read"), justify="right", style=READ_STYLE, no_wrap=True)
    if not rows:
        table.add_row(Text("—", style="dim"), "", "")
    most_saved = max((r["saved"] for r in rows), default=0)
    most_read = max((r["read"] for r in rows), default=0)
    for r in rows:
        table.add_row(
            _name(r["name"], lang),
            _count(r["saved"], most_saved),
            _count(r["read"], most_read),
        )
    return table


def _count(value: int, most: int) -> Text:
    """A count, bold when it leads its column (the most saved / most read)."""
    return Text(f"{value:,}", style="bold" if value and value == most else ("dim" if not value else ""))


def _oldest(data: Stats, lang: str) -> RenderableType:
    title = Text(t(lang, "oldest"), style="bold")
    if not data.oldest:
        return Group(title, Text(t(lang, "no_unread"), style="dim"))
    cells = [
        [
            Text(str(r["id"])),
            Text(clean(r.get("title") or r.get("url") or "(untitled)", one_line=True)),
            _name(r.get("source"), lang),
            Text(stamps.relative(r["saved_at"], data.now, lang)),
        ]
        for r in data.oldest
    ]
    styles = {0: "cyan", 2: "green", 3: "dim"}
    return Group(
        title, Fitted(["", "", "", ""], cells, flex=1, drop=(2,), right=(0,), styles=styles, show_header=False)
    )


def stats_record(data: Stats) -> Row:
    """The JSON shape of ``stats --json``."""
    return {
        "now": data.now.isoformat(timespec="seconds"),
        "since": data.since.isoformat(timespec="seconds"),
        "bucket": data.bucket,
        "step": data.step,
        "entries": data.total,
        "periods": [{"start": p.start.isoformat(), "saved": p.saved, "read": p.read} for p in data.periods],
        "saved": data.saved,
        "read": data.read,
        "backlog": data.backlog,
        "backlog_4_weeks_ago": data.backlog_then,
        "streak": data.streak,
        "longest_streak": data.longest,
        "read_today": data.read_today,
        "top_sources": data.top.get("source", []),
        "top_categories": data.top.get("category", []),
        "oldest_unread": [
            {
                "id": r["id"],
                "title": r["title"],
                "source": r["source"],
                "saved_at": stamps.local_iso(r["saved_at"]),
            }
            for r in data.oldest
        ],
    }


# ---- settings -------------------------------------------------------------------


def settings_table(settings: Iterable[Setting], lang: str) -> RenderableType:
    """Each effective setting, its value and where it came from."""
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column(t(lang, "setting"), style="cyan", no_wrap=True)
    table.add_column(t(lang, "value"), overflow="fold")
    table.add_column(t(lang, "from"), style="dim", no_wrap=True)
    for s in settings:
        table.add_row(s.key, Text(_value(s.value)), _origin(s.origin, lang))
    return table


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return clean(home_path(str(value)), one_line=True)


def home_path(text: str) -> str:
    """A path under the home folder as ~/..., as people write it."""
    from pathlib import Path

    home = str(Path.home())
    return "~" + text[len(home) :] if home not in ("", "/") and text.startswith(home + "/") else text


def _origin(origin: str, lang: str) -> str:
    if lang != "zh":
        return origin
    whole = "stats_origin_" + origin.replace(" ", "_")
    if known(whole):
        return wording(whole, lang)
    head, _, rest = origin.partition(" ")
    said = "stats_origin_" + head
    return (wording(said, lang) if known(said) else head) + (" " + rest if rest else "")
