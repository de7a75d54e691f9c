"""What ``add`` does: check the links, read their pages' metadata, store them.

Shared by cli/capture.py (options only) and the Python API (``lib.add``);
the work is done by web/client.py (HTTP), web/pagemeta.py (what a page says
about itself) and store/reading.py (SQL); ``fetch`` is in fetching.py. No SQL and no rich here.
The library is never locked while the network is used: the pages are read
first, then every link is stored in one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from readlog.model import shell
from readlog.model.errors import UsageError
from readlog.model.messages import Phrase, Said

if TYPE_CHECKING:
    from readlog.model.entry import Entry
    from readlog.model.record import Entry as Record
    from readlog.store import Store
    from readlog.store.reading import Known
    from readlog.web.client import Page
    from readlog.web.pagemeta import PageMeta

# The quick look ``add`` takes at a page for its title: short waits, one retry.
ADD_TIMEOUT = 10.0
ADD_MAX_BYTES = 5 * 2**20


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
    fetch_error: Said | None = None  # None: not fetched (--no-fetch, or known); '' fetched; else why not
    via_canonical: bool = False  # known by the page's canonical address, not the one given
    # When the page could not be read: whether ``fetch`` may read it later (no answer, a timeout, 429, 5xx),
    # the HTTP status it answered with, and its type when it is not a web page (a PDF, an image).
    later: bool = False
    http_status: int | None = None
    content_type: str = ""
    row: dict[str, Any] | None = field(default=None, repr=False)  # the entry as stored (None: in the trash)

    @property
    def entry(self) -> Record | None:
        """The entry as saved (None for a link in the trash)."""
        from readlog.model.record import Entry as Record

        return None if self.row is None else Record.from_row(self.row)


@dataclass
class Look:
    """What ``add``'s quick look at one page found."""

    meta: PageMeta | None = None  # None when the page could not be read
    error: Said = ""
    later: bool = False
    status: int | None = None
    content_type: str = ""


def options(*, tags: Sequence[str] = (), **given: Any) -> AddOptions:
    """The options of an ``add`` as the Python API takes them (``tags``: repeats once)."""
    from readlog.model.tags import unique_tags

    return AddOptions(tags=unique_tags(tags), **given)


def check_url(url: str) -> None:
    """Refuse anything but an http(s) address, before anything changes (exit status 2)."""
    from readlog.model.entry import is_web_address
    from readlog.model.sanitize import clean

    if not is_web_address(url):
        shown = clean(url, one_line=True)[:200]
        raise UsageError.of("add_not_web", url=repr(shown))


def check_add(urls: Sequence[str], opts: AddOptions) -> None:
    """Every usage error of ``add``, found before the library is opened."""
    if not urls:
        raise UsageError.of("add_needs_url")
    for url in urls:
        check_url(url)
    if opts.title is not None and len(urls) > 1:
        raise UsageError.of("add_title_one_url")
    _check_option(opts.source, "--source")
    _check_option(opts.category, "--category")
    _check_lengths(urls, opts)


def add(lib: Store, urls: Sequence[str], opts: AddOptions) -> list[Added]:
    """Save links: new ones become entries (with the page's title when it can
    be fetched), known ones are reported and changed only as the options say.

    ``urls`` stripped, as the command reads them (standard input's lines too).
    One transaction and one recorded action; the network is used before it,
    when ``opts.fetch``. Each saved link's result carries its entry."""
    from readlog.model.entry import Entry, site_of
    from readlog.store import reading
    from readlog.store.merge import prepare

    check_add(urls, opts)
    entries: dict[str, Entry] = {}  # by normalised URL: the same link twice is one entry
    for url in urls:
        entry = Entry(url=url, title=opts.title or "", category=opts.category or "", tags=list(opts.tags))
        entry.note, entry.source = opts.note or "", opts.source or ""
        entries.setdefault(prepare([entry])[0].url_key, entry)
    known: dict[str, Known | None] = {}  # looked up again when storing: another readlog may add meanwhile
    metas: dict[str, Look] = {}
    if opts.fetch:  # only links not saved yet are worth a request
        known = {key: reading.find(lib, prepare([e])[0]) for key, e in entries.items()}
        metas = _page_metas([(key, e.url) for key, e in entries.items() if known[key] is None])
    by_canonical: set[str] = set()
    for key, look in metas.items():
        meta = look.meta
        if meta is not None and meta.canonical_url:
            other = prepare([Entry(url=meta.canonical_url)])[0]
            if other.url_key != key and (found := reading.find(lib, other)) is not None:
                known[key] = found
                by_canonical.add(key)
    for key, entry in entries.items():
        meta = metas[key].meta if key in metas else None
        if meta is not None:
            entry.title = entry.title or meta.title
            entry.summary = meta.description
            entry.published = meta.published
            entry.source = entry.source or meta.site_name
        entry.source = entry.source or site_of(entry.url)
    results = _store_added(lib, entries, known, metas, opts, by_canonical)
    return _with_entries(lib, results)


def _with_entries(lib: Store, results: list[Added]) -> list[Added]:
    """Each saved link's entry as it is now (what ``add --json`` prints of it)."""
    for r in results:
        r.row = lib.get(r.id) if r.status != "trash" else None
    return results


def _check_lengths(urls: Sequence[str], opts: AddOptions) -> None:
    """Refuse a value longer than its field may be (model/fields.py): typed text is never cut."""
    from readlog.model.fields import check_length
    from readlog.model.sanitize import clean

    for url in urls:
        check_length(url, "url", "the URL")
    for name, value in (("title", opts.title), ("source", opts.source), ("category", opts.category)):
        check_length(clean(value or "", one_line=True), name, f"--{name}")
    check_length(clean(opts.note or "", keep_tabs=True).strip(), "note", "--note")
    for tag in opts.tags:
        check_length(tag, "tag", "--tag")


def _check_option(value: str | None, option: str) -> None:
    if value is not None and not value.strip():
        raise UsageError.of("needs_value", option=option)


def _page_metas(jobs: list[tuple[str, str]]) -> dict[str, Look]:
    """Each page's metadata (or None and why not), fetched at once with short waits."""
    if not jobs:
        return {}
    from readlog.web import client as web

    limits = web.Limits.from_env(retries=1, max_wait=5.0, max_bytes=ADD_MAX_BYTES)
    if limits.timeout > ADD_TIMEOUT:  # a quick look: the environment may only shorten it
        limits = replace(limits, timeout=ADD_TIMEOUT, page_seconds=ADD_TIMEOUT * 3)
    found: dict[str, Look] = {}

    def done(key: str, result: Look) -> None:
        found[key] = result

    web.run([web.Job(key, url) for key, url in jobs], limits, process=_meta_of, done=done)
    return found


def _meta_of(page: Page) -> Look:
    from readlog.web import pagemeta

    if page.ok:
        return Look(pagemeta.extract(page.text, page.final_url) if page.is_html else pagemeta.PageMeta())
    look = Look(None, page.error, page.later, page.status, "")
    if page.status is not None and page.status < 300 and page.content_type:
        look.content_type = page.content_type  # answered, but with something else than a web page
        if page.content_type == "application/pdf":
            look.meta = pagemeta.PageMeta(title=file_name(page.final_url or page.url))
    return look


def file_name(url: str) -> str:
    """The last part of a link's path, decoded, as a title for a file that
    has no readable one of its own ('' when the path ends with a slash)."""
    from urllib.parse import unquote, urlsplit

    from readlog.model.fields import fit
    from readlog.model.sanitize import clean

    try:
        path = urlsplit(url).path
    except ValueError:
        return ""
    name = clean(unquote(path.rsplit("/", 1)[-1], errors="replace"), one_line=True).strip()
    return fit(name, "title") or name


def _store_added(
    lib: Store,
    entries: dict[str, Entry],
    known: dict[str, Known | None],
    metas: dict[str, Look],
    opts: AddOptions,
    by_canonical: set[str],
) -> list[Added]:
    """One transaction: new entries inserted, options applied to known ones, one action."""
    from readlog.inputs.vet import vet
    from readlog.model import stamps
    from readlog.store import reading, utcnow
    from readlog.store.merge import new_row, prepare

    current = stamps.now()
    results: list[Added] = []
    with lib.transaction():
        command = shell.join(["add", *(e.url for e in list(entries.values())[:20])])
        action = lib.start_action(command + (" …" if len(entries) > 20 else ""))
        for key, entry in entries.items():
            item = prepare([entry])[0]
            seen = known[key] if key in by_canonical else reading.find(lib, item)
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
            result = Added(entry.url, "added", entry_id, entry.title)
            if key in metas:
                look = metas[key]
                result.fetch_error, result.later, result.http_status = look.error, look.later, look.status
                result.content_type = look.content_type
            results.append(result)
        added = sum(1 for r in results if r.status == "added")
        lib.set_action_summary(action, Phrase("did_add", added=added, known=len(results) - added))
        if not added and not any(r.changes for r in results):
            lib.forget_action(action)
    return results


def _apply_options(lib: Store, entry_id: int, entry: Entry, opts: AddOptions, action: int) -> list[str]:
    """The options given with a link already saved, applied with the usual events."""
    from readlog.model.sanitize import clean
    from readlog.store.curate import edit
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
    changes += [f"{name} changed" for name in edit(lib, entry_id, fields, action)]
    return changes
