"""The Entry record shared by importers, the store and rendering.

Importers produce ``Entry`` objects and ``Problem`` objects; nothing else
crosses from parsing into storage. Identity lives here too, because the
fingerprint must mean the same thing for every importer.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from readlog.model.highlight import Highlight
from readlog.model.messages import Phrase, known, say

TRACKING_PARAMS = {"fbclid", "gclid", "dclid", "msclkid", "mc_cid", "mc_eid", "igshid"}
# A link that urlsplit would take apart and urlunsplit put back unchanged: a
# lower-case http(s) scheme, a lower-case host name without port or user, a
# path of visible characters, and no query or fragment. Its key and host are
# read off directly (tests/test_identity.py checks both against urlsplit).
_PLAIN = re.compile(r"(https?)://([a-z0-9][a-z0-9.-]*)(/[^?#\x00-\x20\x7f]*)?\Z")


def _builtin_sha256() -> Any:
    """sha256 from CPython's own module (``_sha2``, ``_sha256`` before 3.12):
    the same digest as hashlib's, whose import loads OpenSSL - 13 million
    instructions, a tenth of what ``add`` costs above the CLI floor - for the
    few short strings a command hashes. Large data (a whole input file) is
    hashed with hashlib."""
    for name in ("_sha2", "_sha256"):
        try:
            return importlib.import_module(name).sha256
        except ImportError:
            continue
    import hashlib

    return hashlib.sha256


_sha256 = _builtin_sha256()


@dataclass
class Entry:
    """One saved article as an importer found it.

    Times are timezone-aware datetimes or None; ``published`` keeps only
    the calendar date (``YYYY-MM-DD``) because digests give no time of day.
    ``line`` is where the entry starts in its file, for problem reports.
    """

    title: str = ""
    summary: str = ""
    verdict: str = ""
    source: str = ""
    category: str = ""
    url: str = ""
    published: str | None = None
    saved_at: datetime | None = None
    saved_raw: str = ""
    read_at: datetime | None = None
    starred_at: datetime | None = None
    archived_at: datetime | None = None
    tags: list[str] = field(default_factory=list)
    note: str = ""
    line: int = 0
    # A feed item's own identity: the feed it came from and its guid/id there.
    # Two items of one feed with different ids are two entries even when they
    # share a link (see merge.Known).
    feed: str = ""
    guid: str = ""
    # Set when the title was made from the summary (a digest's): the title
    # the identity is made from instead, one that never changes with the
    # rule that makes titles (inputs/formats/titles.identity_title).
    identity_title: str | None = None
    # What the reader marked in it (model/highlight.py), in the source's order.
    highlights: list[Highlight] = field(default_factory=list)
    # How far the reader got, 0 to 1, when the source says (inputs/vet.py clamps it), and when.
    progress: float | None = None
    progress_at: datetime | None = None

    def items(self) -> list[tuple[str, str]]:
        """The feed items this record is, as (feed, its id there): its own, when it has an id."""
        return [(self.feed, self.guid)] if self.feed and self.guid else []

    def by_link(self) -> bool:
        """Whether an entry with the same link is this record's entry (merge.Known):
        true of every app's record; readlog's own export carries its identity instead."""
        return True

    def fingerprint(self, url_key: str | None = None) -> str:
        """Identity across re-imports: never depends on stamps or import time.

        ``url_key`` is normalize_url(self.url) when the caller has it already.
        """
        if self.feed and self.guid:
            return item_fingerprint(self.feed, self.guid)
        title = self.title if self.identity_title is None else self.identity_title
        return fingerprint(self.url, self.source, title, self.summary, url_key=url_key)


@dataclass(frozen=True)
class Problem:
    """Something in an input file that could not be imported as it stands.

    Said by its catalogue ``key`` (model/messages.py, the ``import_`` keys)
    with its ``fields`` (the values it names: a title, a link, a library's
    own reason); ``where`` names the record it is about ("record 3", a
    Phrase) when the line alone does not. The key is what scripts match on
    (``--json``); ``message`` is the English text, ``said(lang)`` the line a
    user reads, in their language. Importers never need the language.
    """

    line: int
    key: str
    fields: dict[str, Any] = field(default_factory=dict, hash=False)
    where: Phrase | None = field(default=None, hash=False)
    count: int = 1  # records it is about: more than one for a counted pass (see counted)

    @property
    def message(self) -> str:
        """The English text (without the line): what --json, the API and logs give."""
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        """The problem in ``lang``, without its line. A key that is not in the
        catalogue (an importer that gave a sentence instead, which
        tests/test_catalogue_walk.py refuses) is said as it is, never a crash."""
        said = say(self.key, lang, **self.fields) if known(self.key) else self.key
        return said if self.where is None else say("import_where", lang, where=self.where, problem=said)

    def said(self, lang: str = "en") -> str:
        """The problem in ``lang`` after its line ("line 3: ...", "第 3 行：..."), as the import summary shows it."""
        return say("import_line", lang, line=self.line, problem=self.text(lang)) if self.line else self.text(lang)

    def within(self, where: Phrase) -> Problem:
        """The same problem, said of the record ``where`` ("record 3: ...")."""
        return replace(self, where=where)

    @property
    def skips_record(self) -> bool:
        """True when a record was not imported: the English of every problem
        that leaves a record out ends with "skipped" (the vetting gate's
        too), which is what the import summary counts as skipped (``count``
        records)."""
        return self.message.endswith("skipped")

    @property
    def expected(self) -> bool:
        """A bookmark a browser's file holds as a matter of course that is not
        a web page (PASSES): counted, not reported, in such a file (``counted``)."""
        return self.key in PASSES and bool(self.fields.get("scheme"))

    @property
    def passes(self) -> bool:
        """A count of expected bookmarks (``counted``): said, but not a problem
        that makes an import fail."""
        return self.key in COUNTED

    def __str__(self) -> str:
        return self.said("en")


# What a browser's bookmark file holds besides web pages, as a matter of course: bookmarks of
# links that are not web pages (file: start pages, place: queries, about:, chrome:, apt:...)
# and bookmarklets (javascript:), each problem key with the key of its count. An import of
# such a file counts them, one line per kind and scheme (``counted``), and succeeds when every
# web link came in. A problem that loses something a person saved (a record that could not be
# read, a web link written wrong, a field cut) is never one of these: it keeps its line.
PASSES = {
    "import_link_refused": "import_not_web_bookmarks",
    "import_link_refused_titled": "import_not_web_bookmarks",
    "import_code_link": "import_bookmarklets",
}
COUNTED = frozenset(PASSES.values())


def counted(problems: list[Problem]) -> list[Problem]:
    """``problems`` with the expected ones (Problem.expected) replaced by one
    problem per kind and scheme, counting them (``count``), after the others."""
    kept: list[Problem] = []
    passes: dict[tuple[str, str], int] = {}
    for problem in problems:
        if problem.expected:
            kind = (PASSES[problem.key], str(problem.fields["scheme"]))
            passes[kind] = passes.get(kind, 0) + 1
        else:
            kept.append(problem)
    for (key, scheme), n in passes.items():
        kept.append(Problem(0, key, {"n": n, "scheme": scheme}, count=n))
    return kept


_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_WEB_TYPO = re.compile(r"h*t+p+s*")  # httpss, htp, htttp: a web link written wrong


def other_scheme(url: str) -> str | None:
    """The scheme of a link to something other than a web page (``file``,
    ``place``, ``about``, ``chrome``, ``javascript``...), lower-cased; None
    for a web link, or one written wrong (``https:/host``, ``httpss://``),
    or a link without a scheme."""
    found = _SCHEME.match(url.strip())
    if found is None:
        return None
    scheme = found.group(1).lower()
    return None if _WEB_TYPO.fullmatch(scheme) else scheme


def _norm_text(text: str) -> str:
    """Fold the differences a re-export may introduce: Unicode form, case, spacing."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def normalize_url(url: str) -> str:
    """A URL key that two exports of the same article share.

    Lower-case scheme and host, no trailing slash, no tracking parameters
    (utm_*, fbclid, gclid, ...); the remaining query is sorted. The fragment
    is part of the identity, as in browsers, buku and linkding (`#/route`,
    `#!/page` and `#section` can each name different content), except what
    only points into a page for the reader: a text fragment (`#:~:text=`)
    and an empty `#`.
    """
    url = url.strip()
    if not url:
        return ""
    plain = _PLAIN.match(url)
    if plain:  # most saved links: their key without taking them apart (half of an import's identity work)
        scheme, host, path = plain.groups()
        return f"{scheme}://{host}{(path or '').rstrip('/')}"
    return _split_key(url)


def _split_key(url: str) -> str:
    """normalize_url for any link: taken apart, cleaned and put back together."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if not parts.scheme or not parts.netloc:
        return url
    query = [
        (k, v)
        for k, v in parse_qsl(parts.query, keep_blank_values=True)
        if not k.lower().startswith("utm_") and k.lower() not in TRACKING_PARAMS
    ]
    path = parts.path.rstrip("/")
    netloc = parts.netloc.lower()
    scheme = parts.scheme.lower()
    if scheme in {"http", "https"}:
        scheme = "https" if scheme == "https" else "http"
        netloc = re.sub(r":(80|443)$", "", netloc)
    return urlunsplit((scheme, netloc, path, urlencode(sorted(query)), _fragment(parts.fragment)))


def _fragment(fragment: str) -> str:
    """The part of a fragment that names content: the fragment directive
    (`:~:text=...`, which only highlights text for the reader) is cut off."""
    return fragment.split(":~:", 1)[0]


def is_web_link(url: str) -> bool:
    """The one rule for what an entry may link to: an absolute http or https
    address with a host (``https://host/...``). ``file:///``, ``about:blank``,
    ``apt://``, ``place:``, and typos such as ``httpss://`` or ``https:/host``
    are not; neither is the empty string (an entry without a link has no link
    to judge: see ``link_problem``)."""
    url = url.strip()
    if _PLAIN.match(url):  # most links: http(s), a host name, a path (what urlsplit says of them too)
        return True
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return False
    return (
        parts.scheme.lower() in ("http", "https")
        and url[len(parts.scheme) + 1 :].startswith("//")
        and bool(host)
        and not any(c.isspace() for c in host or "")
    )


def link_problem(url: str) -> str | None:
    """Why an entry linking to ``url`` is not kept, or None when it is: web
    links (``is_web_link``) and entries without a link are entries; anything
    else is skipped with this reason in the import summary."""
    shown = refused_link(url)
    return None if shown is None else say("link_not_web", url=shown)


def refused_link(url: str) -> str | None:
    """``url`` as a problem names it (cut to 80 characters) when an entry
    linking to it is not kept (``link_problem``), else None."""
    url = url.strip()
    if not url or is_web_link(url):
        return None
    return url if len(url) <= 80 else url[:79] + "…"


def is_web_address(url: str) -> bool:
    """A web link (``is_web_link``) as written: nothing that cleaning would
    change (control, bidi, zero-width characters or joiners) and no spaces. What
    readlog saves, fetches and hands to a browser."""
    from readlog.model.sanitize import clean

    return url == url.strip() and is_web_link(url) and " " not in url and clean(url, link=True) == url


def refingerprint(url: str, stored: str) -> str:
    """A fingerprint made from ``url`` before fragments counted (schema 4 and
    earlier, and their exports), made again under today's rule; any other
    fingerprint as it is. Used by the schema-5 migration and when readlog's
    own older exports are imported."""
    key = normalize_url(url)
    if "#" in key and stored == fingerprint("", "", "", "", url_key=key.split("#", 1)[0]):
        return fingerprint("", "", "", "", url_key=key)
    return stored


def item_fingerprint(feed: str, guid: str) -> str:
    """The fingerprint of a feed item that has its own id."""
    basis = "item\0" + feed + "\0" + guid
    return _sha256(basis.encode("utf-8")).hexdigest()[:32]


def site_of(url: str) -> str:
    """The host a URL points to, without ``www.``: the source of a saved link that names none."""
    url = url.strip()
    plain = _PLAIN.match(url)
    host = plain.group(2) if plain else _split_host(url)
    return host[4:] if host.startswith("www.") else host


def _split_host(url: str) -> str:
    """The host of any link, as urlsplit reads it ('' when it has none)."""
    try:
        return urlsplit(url).hostname or ""
    except ValueError:
        return ""


def fingerprint(url: str, source: str, title: str, summary: str, *, url_key: str | None = None) -> str:
    """sha256 of the normalised URL, or of source + title + summary without one."""
    key = normalize_url(url) if url_key is None else url_key
    if key:
        basis = "url\0" + key
    else:
        basis = "text\0" + "\0".join(_norm_text(t) for t in (source, title, summary))
    return _sha256(basis.encode("utf-8")).hexdigest()[:32]
