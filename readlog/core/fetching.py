"""What ``fetch`` does: choose the entries, download their pages, keep what they hold.

Shared by cli/capture.py (options only) and the Python API (``lib.fetch``);
the work is done by web.py (HTTP), pagemeta.py and article.py (what a page holds) and
store/fetching.py (SQL). No SQL and no rich here.

The library is never locked while the network is used: each result goes to
a writer thread with its own connection, which stores them in small batches
(one transaction each) while the next pages download, so a Ctrl-C keeps
every page already written and loses at most the last second.
"""

from __future__ import annotations

import queue
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from readlog.core.filters import check_jobs
from readlog.model.errors import ReadlogError, UsageError
from readlog.model.messages import Phrase, Said

if TYPE_CHECKING:
    from readlog.store import Filters, Store
    from readlog.store.fetching import Fetched
    from readlog.web.client import Page

_TERMINAL_CONTROL = re.compile("[\x1b\x90-\x9f]")


@dataclass
class Outcome:
    """One page's result as reported (the text itself stays in the library)."""

    id: int
    url: str
    title: str
    ok: bool
    status: int | None
    error: Said  # '' for a good page; else why not (str() says it in English)
    dead: bool
    words: int | None
    minutes: int | None
    lang: str
    final_url: str
    notice: Said = ""  # beside a good page: what was not read of it


@dataclass
class FetchReport:
    action: int = 0
    fetched: int = 0
    failed: int = 0
    dead: int = 0
    skipped: int = 0  # fetched already, or failed less than a day ago
    recent: int = 0  # of ``skipped``: those that failed less than a day ago
    no_link: int = 0
    outcomes: list[Outcome] = field(default_factory=list)

    def summary(self) -> Phrase:
        skipped = self.skipped + self.no_link
        return Phrase("did_fetch", fetched=self.fetched, failed=self.failed, dead=self.dead, skipped=skipped)


def fetch(
    lib: Store,
    ids: list[int] | None,
    f: Filters | None,
    *,
    refetch: bool,
    jobs: int,
    command: str,
    progress: Any = None,
) -> FetchReport:
    """Download the pages of the chosen entries (``ids``, else those ``f``
    matches, else every entry) and keep what they hold. An entry named by
    id whose last try failed is tried again at once; by filters, a failed
    page waits a day (store/fetching.py's RETRY_AFTER_DAYS).

    ``command`` is the line recorded in history. ``progress(total)`` is a
    context manager whose value has ``advance(ok, dead)``. Nothing printed.
    """
    from readlog.store import Filters, fetching, utcnow

    check_jobs(jobs)
    if ids is not None:
        lib.require(ids)
        f = Filters(archived=None, ids=ids)
    # Entries named by id are fetched again at once when their last try failed; by filters, a day later.
    selection = fetching.select_targets(lib, f, refetch=refetch, now=utcnow(), failed=ids is not None)
    report = FetchReport(skipped=selection.done, recent=selection.recent, no_link=selection.no_link)
    if not selection.targets:
        return report
    from readlog.web import client as web

    report.action = fetching.start_fetch(lib, command)
    writer = Writer(lib.path, report.action)
    writer.start()
    outcomes: dict[int, Outcome] = {}
    held: list[Fetched] = []  # "no such host" results, kept until we know the network works
    responses = 0  # answers from hosts found by name: proof that name lookups work

    def done(key: tuple[int, str, str], fetched: Fetched) -> None:
        nonlocal responses
        if writer.error is not None:  # nothing more can be stored: stop downloading
            raise _WriterStopped
        fetched.entry_id = key[0]
        responses += fetched.status is not None and _named_host(key[1])
        if fetched.error and fetched.dead and fetched.status is None:
            held.append(fetched)
        else:
            writer.put(fetched)
        outcomes[key[0]] = _outcome(fetched, key[1], key[2])
        bar.advance(not fetched.error, fetched.dead)

    interrupted = False
    with progress(len(selection.targets)) if progress else _silent() as bar:
        try:
            jobs_list = [web.Job((t.id, t.url, t.title), t.url) for t in selection.targets]
            web.run(jobs_list, web.Limits.from_env(jobs=jobs), process=_digest, done=done)
        except KeyboardInterrupt:
            interrupted = True
        except _WriterStopped:
            pass  # reported below
        finally:
            for fetched in held:
                # A host that does not exist is a dead link only if another host
                # was found by name in the same run: offline (or with only a
                # local server reachable) every name "does not exist".
                if responses == 0:
                    fetched.dead = False
                    fetched.error = Phrase("fetch_maybe_offline", detail=fetched.error)
                    outcomes[fetched.entry_id].dead = False
                    outcomes[fetched.entry_id].error = fetched.error
                writer.put(fetched)
            writer.close()
    report.outcomes = list(outcomes.values())
    report.fetched = sum(1 for o in report.outcomes if o.ok)
    report.failed = len(report.outcomes) - report.fetched
    report.dead = sum(1 for o in report.outcomes if o.dead)
    summary = report.summary()
    fetching.set_summary(lib, report.action, Phrase("did_interrupt", detail=summary) if interrupted else summary)
    if writer.error is not None:
        error = writer.error
        detail = error.localized("en") if isinstance(error, ReadlogError) else str(error)
        raise ReadlogError.of("fetch_stopped", detail=detail) from None
    if interrupted:
        stopped = ReadlogError.of("fetch_interrupted", saved=writer.stored, seen=len(selection.targets))
        stopped.exit_code = 130
        raise stopped
    return report


def fetch_chosen(
    lib: Store,
    ids: list[int] | None,
    filters: dict[str, Any],
    *,
    refetch: bool,
    jobs: int,
    progress: Any = None,
    command: str | None = None,
) -> FetchReport:
    """What ``lib.fetch`` does: the entries ``ids`` names, else those the Python
    API's ``filters`` select (as ``lib.entries`` takes them), else every entry.

    History records ``command`` (a command's words as typed: ``fetch 15-18``),
    else the call written as the command would be (a filter no option says,
    ``starred=False`` or ``archived=None``, is not written)."""
    from readlog.core.filters import api_filter_args, api_filters
    from readlog.model import shell

    if ids is not None and filters:
        raise UsageError.of("ids_or_filters")
    f = api_filters(**{"archived": False, **filters}) if filters else None
    if not command:
        said = {k: v for k, v in filters.items() if (k, v) not in (("starred", False), ("archived", None))}
        words = ["fetch", *(ids or [])[:50], *api_filter_args(said).words(), *(["--refetch"] if refetch else [])]
        command = shell.join(words)
    return fetch(lib, ids, f, refetch=refetch, jobs=jobs, command=command, progress=progress)


class _WriterStopped(Exception):
    """The thread storing results failed; fetch stops and reports its error."""


def _named_host(url: str) -> bool:
    """Whether reaching this URL needed a name lookup (not an IP address, not localhost)."""
    import ipaddress

    from readlog.web.client import host_of

    host = host_of(url)
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return host not in ("", "localhost") and not host.endswith(".localhost")
    return False


def _outcome(fetched: Fetched, url: str, title: str) -> Outcome:
    return Outcome(
        id=fetched.entry_id,
        url=url,
        title=title or fetched.title,
        ok=not fetched.error,
        status=fetched.status,
        error=fetched.error,
        dead=fetched.dead,
        words=fetched.words,
        minutes=fetched.minutes,
        lang=fetched.lang,
        final_url=fetched.final_url,
        notice=fetched.notice,
    )


@contextmanager
def _silent() -> Iterator[Any]:
    class Quiet:
        def advance(self, ok: bool, dead: bool) -> None:
            pass

    yield Quiet()


def _digest(page: Page) -> Fetched:
    """A downloaded page -> what to store: its text, length, language and
    metadata, or why there is none. Runs in a worker thread."""
    from readlog.model.fields import fit
    from readlog.model.sanitize import clean
    from readlog.store import utcnow
    from readlog.store.fetching import Fetched
    from readlog.web import article, pagemeta
    from readlog.web.client import LARGE_PAGE

    # The reason and the final address hold what the server said (a Content-Type, a Location): data.
    error = _cleaned(page.error)
    result = Fetched(0, utcnow(), page.status, error, page.dead, final_url=clean(page.final_url, link=True))
    if not page.ok:
        return result
    html = page.text
    if _TERMINAL_CONTROL.search(html):  # remove escape sequences whole, before a parser drops only their ESC
        html = clean(html, keep_tabs=True)
    if page.is_html:
        meta = pagemeta.extract(html, page.final_url)
        text = article.extract(html, page.final_url, fast=len(html) > LARGE_PAGE)
    else:
        meta, text = pagemeta.PageMeta(), article.from_plain(html)
    if not text:
        result.error = Phrase("fetch_no_text")
        return result
    measured = article.measure(text, meta.lang or pagemeta.normal_lang(page.language))
    result.text, result.words, result.minutes, result.lang = text, measured.words, measured.minutes, measured.lang
    result.title, result.summary, result.site_name = meta.title, meta.description, meta.site_name
    for name, field_ in (("text", "text"), ("title", "title"), ("summary", "summary"), ("site_name", "source")):
        cut = fit(getattr(result, name) or "", field_)  # only past READLOG_FETCH_MAX_BYTES raised above the limit
        if cut is not None:
            setattr(result, name, cut)
    result.published = meta.published
    result.notice = page.notice
    if page.is_html and not readable(result.title):
        result.title = ""
        untitled = Phrase("fetch_no_title")
        result.notice = Phrase("fetch_then", first=page.notice, then=untitled) if page.notice else untitled
    return result


def _cleaned(said: Said) -> Said:
    """A reason with what the server said in it (a Content-Type, a Location) made one line of plain text."""
    from readlog.model.sanitize import clean

    if isinstance(said, Phrase):
        return Phrase(
            said.key, **{k: _cleaned(v) if isinstance(v, (str, Phrase)) else v for k, v in said.params.items()}
        )
    return clean(said, one_line=True) if said else said


def readable(title: str) -> bool:
    """Whether a page's title is there and mostly readable (not the U+FFFD
    of bytes its charset could not read)."""
    return bool(title.strip()) and title.count("\ufffd") * 2 < len(title)


class Writer(threading.Thread):
    """Stores fetch results from a queue in batches, on its own connection.

    A batch is written when it holds ``batch`` results or ``seconds`` after
    its first one, whichever comes first, and whatever is left on close():
    each batch is one short transaction (one disk sync, not one per page).
    """

    STOP = object()

    def __init__(self, path: Path, action_id: int, batch: int = 25, seconds: float = 1.0) -> None:
        super().__init__(name="readlog-writer", daemon=True)
        self.path, self.action_id, self.batch, self.seconds = path, action_id, batch, seconds
        self.queue: queue.Queue[Any] = queue.Queue()
        self.stored = 0
        self.error: BaseException | None = None

    def put(self, fetched: Fetched) -> None:
        self.queue.put(fetched)

    def close(self) -> None:
        self.queue.put(self.STOP)
        self.join()

    def run(self) -> None:
        from readlog.store import Store
        from readlog.store.fetching import record_fetches

        lib = None
        pending: list[Fetched] = []
        try:
            lib = Store.open(self.path)
            first = 0.0
            while True:
                wait = None if not pending else max(0.0, first + self.seconds - time.monotonic())
                try:
                    item = self.queue.get(timeout=wait)
                except queue.Empty:
                    item = None
                if item is not None and item is not self.STOP:
                    first = first if pending else time.monotonic()
                    pending.append(item)
                if pending and (item is None or item is self.STOP or len(pending) >= self.batch):
                    self.stored += record_fetches(lib, pending, self.action_id)
                    pending = []
                if item is self.STOP:
                    return
        except BaseException as exc:  # reported by fetch() on the main thread
            self.error = exc
        finally:
            if lib is not None:
                lib.close()
