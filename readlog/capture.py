"""What ``add`` and ``fetch`` do: resolve the arguments, go to the network,
store what came back, hand the outcome to the renderer.

The glue between cli/capture.py (options only) and the modules that do the
work: web.py (HTTP), pagemeta.py and article.py (what a page holds) and
store/reading.py (SQL). No SQL and no rich here.

The library is never locked while the network is used: ``add`` reads the
pages first and then stores every link in one transaction; ``fetch`` hands
each result to a writer thread with its own connection, which stores them
in small batches (one transaction each) while the next pages download, so a
Ctrl-C keeps every page already written and loses at most the last second.
"""

from __future__ import annotations

import queue
import re
import shlex
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from readlog.errors import ReadlogError, UsageError

if TYPE_CHECKING:
    from readlog.cli import State
    from readlog.models import Entry
    from readlog.pagemeta import PageMeta
    from readlog.store import Filters, Library
    from readlog.store.reading import Fetched, Known
    from readlog.web import Page

# The quick look ``add`` takes at a page for its title: short waits, one retry.
ADD_TIMEOUT = 10.0
ADD_MAX_BYTES = 5 * 2**20
MAX_JOBS = 32
_TERMINAL_CONTROL = re.compile("[\x1b\x90-\x9f]")


# ---- add ---------------------------------------------------------------------------


@dataclass
class AddOptions:
    title: str | None = None
    tags: list[str] = field(default_factory=list)
    note: str | None = None
    star: bool = False
    read: bool = False
    source: str | None = None
    category: str | None = None
    fetch: bool = True


@dataclass
class Added:
    """What ``add`` did with one URL."""

    url: str
    status: str  # "added", "exists" (already in the library) or "trash"
    id: int = 0
    title: str = ""
    changes: list[str] = field(default_factory=list)  # for an existing entry: what the options changed
    fetch_error: str | None = None  # None: not fetched (--no-fetch, or known); '' fetched; else why not
    via_canonical: bool = False  # known by the page's canonical address, not the one given


def read_urls(values: Sequence[str], stdin: TextIO) -> list[str]:
    """The URLs given, with ``-`` replaced by standard input's lines (blank lines and # comments skipped)."""
    urls: list[str] = []
    for value in values:
        if value == "-":
            urls += [line.strip() for line in stdin.read().splitlines() if line.strip() and not line.startswith("#")]
        else:
            urls.append(value.strip())
    return urls


def check_url(url: str) -> None:
    """Refuse anything but an http(s) address, before anything changes (exit status 2)."""
    from urllib.parse import urlsplit

    from readlog.sanitize import clean

    try:
        parts = urlsplit(url)
        ok = parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
    except ValueError:
        ok = False
    if not ok or clean(url, one_line=True) != url or " " in url:
        shown = clean(url, one_line=True)[:200]
        raise UsageError(f"not a web address: {shown!r} (readlog add takes http:// and https:// links)")


def add(state: State, values: Sequence[str], opts: AddOptions, stdin: TextIO) -> list[Added]:
    """Save links: new ones become entries (with the page's title when it can
    be fetched), known ones are reported and changed only as the options say."""
    from readlog.merge import prepare
    from readlog.models import Entry, site_of
    from readlog.store import reading

    urls = read_urls(values, stdin)
    if not urls:
        raise UsageError("give a URL to save (or - to read them from standard input)")
    for url in urls:
        check_url(url)
    if opts.title is not None and len(urls) > 1:
        raise UsageError("--title names one entry; give one URL with it")
    _check_option(opts.source, "--source")
    _check_option(opts.category, "--category")
    lib = state.library()
    entries: dict[str, Entry] = {}  # by normalised URL: the same link twice is one entry
    for url in urls:
        entry = Entry(url=url, title=opts.title or "", category=opts.category or "", tags=list(opts.tags))
        entry.note, entry.source = opts.note or "", opts.source or ""
        entries.setdefault(prepare([entry])[0].url_key, entry)
    known = {key: reading.find(lib, prepare([e])[0]) for key, e in entries.items()}
    metas: dict[str, tuple[PageMeta | None, str]] = {}
    if opts.fetch:
        metas = _page_metas([(key, e.url) for key, e in entries.items() if known[key] is None])
    by_canonical: set[str] = set()
    for key, (meta, _) in metas.items():
        if meta is not None and meta.canonical_url:
            other = prepare([Entry(url=meta.canonical_url)])[0]
            if other.url_key != key and (found := reading.find(lib, other)) is not None:
                known[key] = found
                by_canonical.add(key)
    for key, entry in entries.items():
        meta, _ = metas.get(key, (None, ""))
        if meta is not None:
            entry.title = entry.title or meta.title
            entry.summary = meta.description
            entry.published = meta.published
            entry.source = entry.source or meta.site_name
        entry.source = entry.source or site_of(entry.url)
    results = _store_added(lib, entries, known, metas, opts, by_canonical)
    return results


def _check_option(value: str | None, option: str) -> None:
    if value is not None and not value.strip():
        raise UsageError(f"{option} needs a value; it was given an empty one")


def _page_metas(jobs: list[tuple[str, str]]) -> dict[str, tuple[PageMeta | None, str]]:
    """Each page's metadata (or None and why not), fetched at once with short waits."""
    if not jobs:
        return {}
    from readlog import web

    limits = web.Limits.from_env(retries=1, max_wait=5.0, max_bytes=ADD_MAX_BYTES)
    if limits.timeout > ADD_TIMEOUT:  # a quick look: the environment may only shorten it
        limits = replace(limits, timeout=ADD_TIMEOUT, page_seconds=ADD_TIMEOUT * 3)
    found: dict[str, tuple[PageMeta | None, str]] = {}

    def done(key: str, result: tuple[PageMeta | None, str]) -> None:
        found[key] = result

    web.run([web.Job(key, url) for key, url in jobs], limits, process=_meta_of, done=done)
    return found


def _meta_of(page: Page) -> tuple[PageMeta | None, str]:
    from readlog import pagemeta

    if not page.ok:
        return None, page.error
    if not page.is_html:
        return pagemeta.PageMeta(), ""
    return pagemeta.extract(page.text, page.final_url), ""


def _store_added(
    lib: Library,
    entries: dict[str, Entry],
    known: dict[str, Known | None],
    metas: dict[str, tuple[PageMeta | None, str]],
    opts: AddOptions,
    by_canonical: set[str],
) -> list[Added]:
    """One transaction: new entries inserted, options applied to known ones, one action."""
    from readlog import stamps
    from readlog.merge import new_row, prepare
    from readlog.store import reading, utcnow
    from readlog.vet import vet

    current = stamps.now()
    results: list[Added] = []
    with lib.transaction():
        command = shlex.join(["add", *(e.url for e in list(entries.values())[:20])])
        action = lib.start_action(command + (" …" if len(entries) > 20 else ""))
        for key, entry in entries.items():
            item = prepare([entry])[0]
            seen = known[key] if key in by_canonical else reading.find(lib, item)  # another readlog may have added it
            if seen is not None and seen.in_trash:
                results.append(Added(entry.url, "trash", seen.id, seen.title))
                continue
            if seen is not None:
                changes = _apply_options(lib, seen.id, entry, opts, action)
                title = (lib.get(seen.id) or {}).get("title", seen.title)
                results.append(Added(entry.url, "exists", seen.id, title, changes, via_canonical=key in by_canonical))
                continue
            entry.saved_at = current
            entry.read_at = current if opts.read else None
            entry.starred_at = current if opts.star else None
            vet(entry, current)
            entry_id = reading.insert(lib, new_row(prepare([entry])[0], utcnow(), None), action)  # type: ignore[arg-type]
            fetch_error = metas[key][1] if key in metas else None
            results.append(Added(entry.url, "added", entry_id, entry.title, fetch_error=fetch_error))
        added = sum(1 for r in results if r.status == "added")
        lib.set_action_summary(action, f"{added} added, {len(results) - added} already saved")
    return results


def _apply_options(lib: Library, entry_id: int, entry: Entry, opts: AddOptions, action: int) -> list[str]:
    """The options given with a link already saved, applied with the usual events."""
    from readlog.sanitize import clean
    from readlog.store import reading
    from readlog.store.organise import set_note, set_tags

    changes: list[str] = []
    if opts.star and lib.set_state([entry_id], "starred", True, action)[0][1]:
        changes.append("starred")
    if opts.read and lib.set_state([entry_id], "read", True, action)[0][1]:
        changes.append("marked read")
    if opts.tags and set_tags(lib, [entry_id], opts.tags, [], action)[0][1]:
        changes.append("tagged")
    note = clean(opts.note or "", keep_tabs=True).strip()
    if note and set_note(lib, entry_id, note, action):
        changes.append("note saved")
    fields = {k: clean(v, one_line=True) for k, v in (("title", opts.title), ("source", opts.source)) if v}
    if opts.category:
        fields["category"] = clean(opts.category, one_line=True)
    changes += [f"{name} changed" for name in reading.set_fields(lib, entry_id, fields, action)]
    return changes


# ---- fetch ---------------------------------------------------------------------------


@dataclass
class Outcome:
    """One page's result as reported (the text itself stays in the library)."""

    id: int
    url: str
    title: str
    ok: bool
    status: int | None
    error: str
    dead: bool
    words: int | None
    minutes: int | None
    lang: str
    final_url: str


@dataclass
class FetchReport:
    action: int = 0
    fetched: int = 0
    failed: int = 0
    dead: int = 0
    skipped: int = 0  # fetched already, or failed less than a day ago
    no_link: int = 0
    outcomes: list[Outcome] = field(default_factory=list)

    def summary(self) -> str:
        return f"{self.fetched} fetched, {self.failed} failed ({self.dead} dead), {self.skipped + self.no_link} skipped"


def fetch(
    state: State,
    ids: list[int] | None,
    f: Filters | None,
    *,
    refetch: bool,
    jobs: int,
    command: str,
    progress: Any = None,
) -> FetchReport:
    """Download the pages of the chosen entries (``ids``, else those ``f``
    matches, else every entry) and keep what they hold.

    ``progress(total)`` is a context manager whose value has ``advance(ok, dead)``.
    """
    from readlog.store import Filters, reading, utcnow

    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be between 1 and {MAX_JOBS}")
    lib = state.library()
    if ids is not None:
        lib.require(ids)
        f = Filters(archived=None, ids=ids)
    selection = reading.select_targets(lib, f, refetch=refetch, now=utcnow())
    report = FetchReport(skipped=selection.done, no_link=selection.no_link)
    if not selection.targets:
        return report
    from readlog import web

    report.action = reading.start_fetch(lib, command)
    writer = Writer(lib.path)
    writer.start()
    outcomes: dict[int, Outcome] = {}
    held: list[Fetched] = []  # "no such host" results, kept until we know the network works
    responses = 0  # answers from hosts found by name: proof that name lookups work

    def done(key: tuple[int, str, str], fetched: Fetched) -> None:
        nonlocal responses
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
        finally:
            for fetched in held:
                # A host that does not exist is a dead link only if another host
                # was found by name in the same run: offline (or with only a
                # local server reachable) every name "does not exist".
                if responses == 0:
                    fetched.dead = False
                    fetched.error += " (or the network is down)"
                    outcomes[fetched.entry_id].dead = False
                    outcomes[fetched.entry_id].error = fetched.error
                writer.put(fetched)
            writer.close()
    report.outcomes = list(outcomes.values())
    report.fetched = sum(1 for o in report.outcomes if o.ok)
    report.failed = len(report.outcomes) - report.fetched
    report.dead = sum(1 for o in report.outcomes if o.dead)
    reading.set_summary(lib, report.action, ("interrupted: " if interrupted else "") + report.summary())
    if writer.error is not None:
        raise ReadlogError(f"fetch stopped: {writer.error}") from None
    if interrupted:
        raise ReadlogError(
            f"fetch interrupted: {writer.stored:,} of {len(selection.targets):,} pages saved; "
            "run it again to fetch the rest",
            exit_code=130,
        )
    return report


def _named_host(url: str) -> bool:
    """Whether reaching this URL needed a name lookup (not an IP address, not localhost)."""
    import ipaddress

    from readlog.web import host_of

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
    from readlog import article, pagemeta
    from readlog.sanitize import clean
    from readlog.store import utcnow
    from readlog.store.reading import Fetched

    result = Fetched(0, utcnow(), page.status, page.error, page.dead, final_url=page.final_url)
    if not page.ok:
        return result
    html = page.text
    if _TERMINAL_CONTROL.search(html):  # remove escape sequences whole, before a parser drops only their ESC
        html = clean(html, keep_tabs=True)
    if page.is_html:
        meta = pagemeta.extract(html, page.final_url)
        text = article.extract(html, page.final_url)
    else:
        meta, text = pagemeta.PageMeta(), article.from_plain(html)
    if not text:
        result.error = "no article text found on the page"
        return result
    measured = article.measure(text, meta.lang or pagemeta.normal_lang(page.language))
    result.text, result.words, result.minutes, result.lang = text, measured.words, measured.minutes, measured.lang
    result.title, result.summary, result.site_name = meta.title, meta.description, meta.site_name
    result.published = meta.published
    return result


class Writer(threading.Thread):
    """Stores fetch results from a queue in batches, on its own connection.

    A batch is written when it holds ``batch`` results or ``seconds`` after
    its first one, whichever comes first, and whatever is left on close():
    each batch is one short transaction (one disk sync, not one per page).
    """

    STOP = object()

    def __init__(self, path: Path, batch: int = 25, seconds: float = 1.0) -> None:
        super().__init__(name="readlog-writer", daemon=True)
        self.path, self.batch, self.seconds = path, batch, seconds
        self.queue: queue.Queue[Any] = queue.Queue()
        self.stored = 0
        self.error: BaseException | None = None

    def put(self, fetched: Fetched) -> None:
        self.queue.put(fetched)

    def close(self) -> None:
        self.queue.put(self.STOP)
        self.join()

    def run(self) -> None:
        from readlog.store import Library
        from readlog.store.reading import record_fetches

        lib = None
        pending: list[Fetched] = []
        try:
            lib = Library.open(self.path)
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
                    self.stored += record_fetches(lib, pending)
                    pending = []
                if item is self.STOP:
                    return
        except BaseException as exc:  # reported by fetch() on the main thread
            self.error = exc
        finally:
            if lib is not None:
                lib.close()
