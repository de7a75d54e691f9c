"""Rendering for add and fetch: one line per link or page, a progress bar
with counts, and the JSON shapes.

Same rules as render/output.py: page text and titles pass through
``clean`` and reach rich only as ``Text``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from readlog.model.messages import Said, say, shown, wording
from readlog.model.sanitize import clean
from readlog.render.output import SHOWN
from readlog.render.plain import Line
from readlog.render.records import entry_line

if TYPE_CHECKING:
    from readlog.core.capture import Added
    from readlog.core.fetching import FetchReport, Outcome
    from readlog.render.output import Output

Row = dict[str, Any]


def _w(out: Output, key: str, **kw: Any) -> str:
    return wording("capture_" + key, out.lang).format(**kw)


def _line(out: Output, entry_id: int, label: str, title: str, style: str, tail: str = "") -> Line:
    return entry_line(entry_id, label + ("：" if out.lang == "zh" else ": "), title, style, tail)


def _reason(out: Output, said: Said) -> str:
    """Why a page could not be read (or what was noticed reading it), in the output's language."""
    return shown(said, out.lang)


def _changes(out: Output, changes: Sequence[str]) -> str:
    """What add's options changed on an entry it already had ("starred", "title changed")."""
    from readlog.render.curate import field_name
    from readlog.render.organise import tr

    said = [
        tr(out, "{name} changed", name=field_name(out.lang, c[: -len(" changed")], c))
        if c.endswith(" changed")
        else tr(out, c)
        for c in changes
    ]
    return ("、" if out.lang == "zh" else ", ").join(said)


# ---- add -------------------------------------------------------------------------------


def added(out: Output, results: Sequence[Added]) -> None:
    """One line per link; why a page could not be read, and links in the trash, on stderr."""
    new: list[int] = []
    for r in results:
        if r.status == "trash":
            out.error(_w(out, "trash", url=r.url, id=r.id))
            continue
        if r.status == "exists":
            label = _w(out, "canonical" if r.via_canonical else "exists")
            line = _line(out, r.id, label, r.title or r.url, "yellow", _changes(out, r.changes))
            out.print(line, no_wrap=True, overflow="ellipsis")
            continue
        out.print(_line(out, r.id, _w(out, "added"), r.title or r.url, "green"), no_wrap=True, overflow="ellipsis")
        if r.fetch_error:
            out.notice(unread_page(r, out.lang))
        if not r.fetch_error or r.later:  # fetch may still read the page
            new.append(r.id)
    if new:
        ids = "" if len(new) > 3 else " " + " ".join(map(str, new))
        out.line(_w(out, "fetch_hint", ids=ids), style="dim")


def unread_page(r: Added, lang: str) -> str:
    """What became of a link whose page could not be read, and whether fetch may read it later."""
    url = clean(r.url, one_line=True)
    kind = clean(r.content_type, one_line=True)
    if r.later:
        return say("added_try_later", lang, url=url, why=shown(r.fetch_error or "", lang), id=r.id)
    if kind == "application/pdf":
        return say("added_pdf_file", lang, url=url, type=kind)
    if kind:
        return say("added_not_a_page", lang, url=url, type=kind)
    if r.http_status is not None and r.http_status >= 400:
        return say("added_page_gone", lang, url=url, status=r.http_status)
    return say("added_unreadable", lang, url=url, why=shown(r.fetch_error or "", lang))


def added_records(results: Sequence[Added]) -> list[Row]:
    """The JSON shape of add: one object per link, with its entry as saved."""
    from readlog.render.records import entry_record

    return [
        {
            "url": r.url,
            "status": r.status,
            "id": r.id,
            "changes": r.changes,
            "fetched": None if r.fetch_error is None else r.fetch_error == "",
            "fetch_error": shown(r.fetch_error or "") or None,
            "fetch_later": r.later if r.fetch_error else None,
            "entry": entry_record(r.row) if r.row is not None else None,
        }
        for r in results
    ]


# ---- fetch -----------------------------------------------------------------------------


def fetched(out: Output, report: FetchReport) -> None:
    """The pages fetched (the first few), every failure, and the counts."""
    good = [o for o in report.outcomes if o.ok]
    bad = [o for o in report.outcomes if not o.ok]
    for o in good[:SHOWN]:
        tail = " · ".join(p for p in (out.label("minutes", n=o.minutes) if o.minutes else "", o.lang) if p)
        out.print(
            _line(out, o.id, _w(out, "fetched"), o.title or o.url, "green", tail), no_wrap=True, overflow="ellipsis"
        )
    out.more(len(good))
    for o in good:
        if o.notice:
            out.notice(f"#{o.id}{'：' if out.lang == 'zh' else ': '}{_reason(out, o.notice)}")
    for o in bad:
        label = out.label("dead") if o.dead else _w(out, "failed")
        line = _line(
            out, o.id, label, _reason(out, o.error), "red" if o.dead else "yellow", clean(o.url, one_line=True)
        )
        out.print(line, no_wrap=True, overflow="ellipsis")
    if not report.outcomes:
        summary = _w(out, "nothing")
    else:
        summary = _w(out, "summary", fetched=report.fetched, failed=report.failed, dead=report.dead)
    if report.skipped:
        recent = report.recent == report.skipped
        key = "fetch_skipped_done" if not report.recent else "fetch_skipped_recent" if recent else "fetch_skipped_mixed"
        summary += say(key, out.lang, n=report.skipped)
    if report.no_link:
        summary += _w(out, "no_link", n=report.no_link)
    out.line(summary, style="bold" if report.outcomes else "dim")


def outcome_record(o: Outcome) -> Row:
    return {
        "id": o.id,
        "url": o.url,
        "ok": o.ok,
        "status": o.status,
        "error": shown(o.error) or None,
        "dead": o.dead,
        "words": o.words,
        "minutes": o.minutes,
        "lang": o.lang or None,
        "final_url": o.final_url or None,
        "notice": shown(o.notice) or None,
    }


def fetch_record(report: FetchReport) -> Row:
    """The JSON shape of fetch."""
    return {
        "action": report.action or None,
        "fetched": report.fetched,
        "failed": report.failed,
        "dead": report.dead,
        "skipped": report.skipped,
        "tried_recently": report.recent,
        "no_link": report.no_link,
        "pages": [outcome_record(o) for o in report.outcomes],
    }


@contextmanager
def fetch_progress(out: Output, total: int) -> Iterator[Any]:
    """A bar with done/total and the good and failed counts, on a terminal only."""
    if not out.err.is_terminal:
        yield _Counts(None, None)
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("[green]✓ {task.fields[good]}[/] [red]✗ {task.fields[bad]}[/]"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=out.err, transient=True) as bar:
        task = bar.add_task(_w(out, "bar"), total=total, good=0, bad=0)
        yield _Counts(bar, task)


class _Counts:
    def __init__(self, bar: Any, task: Any) -> None:
        self.bar, self.task, self.good, self.bad = bar, task, 0, 0

    def advance(self, ok: bool, dead: bool) -> None:
        self.good += ok
        self.bad += not ok
        if self.bar is not None:
            self.bar.update(self.task, advance=1, good=self.good, bad=self.bad)
