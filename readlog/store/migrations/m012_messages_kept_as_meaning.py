"""Schema 12: history summaries and fetch errors are kept as a message key and its fields. Frozen: never edit."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlite_utils import Database

# What each action did, as readlog said it in English up to schema 11 (the catalogue's did_
# keys as they were then), in the order they were matched.
SUMMARIES_V12 = (
    ("did_change_of", "{changed} of {n} changed"),
    ("did_note_saved", "note saved"),
    ("did_note_cleared", "note cleared"),
    ("did_note_unchanged", "note unchanged"),
    ("did_change_matching", "{changed} of {matched} matching changed"),
    ("did_edit", "changed {fields}"),
    ("did_trash", "{n} moved to the trash"),
    ("did_restore", "{n} restored"),
    ("did_empty", "{n} deleted for good"),
    ("did_add", "{added} added, {known} already saved"),
    ("did_import", "{added} added, {updated} updated, {unchanged} already in the library, {skipped} skipped"),
    ("did_fetch", "{fetched} fetched, {failed} failed ({dead} dead), {skipped} skipped"),
    ("did_interrupt", "interrupted: {detail}"),
    ("did_start", "started"),
)
# Why a page could not be read, as the web client and fetch said it in English up to schema 11.
FETCH_ERRORS_V12 = (
    (
        "fetch_asks_to_wait",
        "the site asks to wait {seconds:.0f} s, longer than readlog waits ({most:g} s); try again later",
    ),
    ("fetch_too_long", "the page took longer than {most:g} s to download and read ({seconds:.1f} s)"),
    ("fetch_timed_out", "no answer within {seconds:g} s (timed out)"),
    ("fetch_slower_than", "the page took longer than {most:g} s"),
    ("fetch_too_many_redirects", "too many redirects"),
    ("fetch_no_host", "no such host"),
    ("fetch_lookup_failed", "cannot look up the host ({reason})"),
    ("fetch_refused", "connection refused"),
    ("fetch_bad_address", "not a valid web address"),
    ("fetch_redirect_not_web", "redirects to something that is not a web page"),
    ("fetch_redirect_loop", "redirect loop"),
    ("fetch_http_status", "HTTP {status}"),
    ("fetch_redirects_over", "more than {most} redirects"),
    ("fetch_not_page", "not a web page ({type}); readlog reads HTML and plain text"),
    ("fetch_compression_unknown", "the page is compressed in a way readlog cannot read ({encoding})"),
    ("fetch_too_big", "the page is larger than {size}"),
    ("fetch_type_unknown", "not a web page (the server did not say what it is)"),
    ("fetch_compression_damaged", "the page's compressed data is damaged"),
    ("fetch_no_text", "no article text found on the page"),
    ("fetch_maybe_offline", "{detail} (or the network is down)"),
)
# Two reasons said one after the other ("HTTP 429; the site asks to wait ...").
THEN_V12 = ("fetch_then", "{first}; {then}")
# The fields edit changed, as "changed title, url" named them, and the key that names each now;
# in English each key says the field's own name, and a list is joined with ", ".
EDITED_V12 = {
    "title": "curate_field_title",
    "url": "curate_field_url",
    "source": "label_hit_source",
    "category": "label_hit_category",
    "published": "curate_field_published",
    "summary": "curate_field_summary",
    "verdict": "label_hit_verdict",
}
JOINER_V12 = ", "
# A page's size as "the page is larger than {size}" said it: bytes with thousands' commas, or MB.
SIZES_V12 = (("fetch_size_bytes", "{n:,} bytes"), ("fetch_size_mb", "{mb:g} MB"))
_SIZE = re.compile(r"(?P<n>\d{1,3}(?:,\d{3})*) bytes|(?P<mb>\d+(?:\.\d+)?) MB")
CHUNK = 500  # rows converted in one statement's batch

Meaning = Any  # {"key": ..., "params": {...}}, a string said as it is, or a list of either
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def m012_messages_kept_as_meaning(db: Database) -> None:
    """History summaries and fetch errors: kept as a message key and its fields, not English.

    Up to schema 11 what an action did (``actions.summary``: "3 of 5
    changed") and why a page could not be read (``entries.fetch_error``)
    were kept as English text, and said again in Chinese by matching that
    text against the catalogue's English. From schema 12 each is kept as
    JSON of its meaning, in the same column: ``{"key": ..., "params":
    {...}}``, a field that is itself a message (a detail, a reason) the
    same, recursively, and text from outside readlog (an OS's or the HTTP
    library's words) a field's plain string; text said whole from outside
    is ``{"text": ...}`` (readlog/model/messages.py ``stored``).

    Each English text is matched against the English of the keys as they
    were (SUMMARIES_V12, FETCH_ERRORS_V12: a frozen copy, since the
    catalogue may change later), fields as numbers where the text said
    numbers; several reasons joined by "; " become ``fetch_then``. A match
    is kept only if its meaning says the very same English again; text that
    matches nothing (written by hand, or by an older readlog) is kept as
    ``{"text": ...}``, shown as it is.
    """
    _convert(db, "actions", "summary", _summary)
    _convert(db, "entries", "fetch_error", _fetch_error)


def _convert(db: Database, table: str, column: str, meaning: Callable[[str], Meaning]) -> None:
    rows = db.execute(f"SELECT id, {column} FROM {table} WHERE {column} != ''").fetchall()
    changes = []
    for row_id, text in rows:
        if isinstance(text, str) and not _kept_already(text):
            changes.append((_stored(meaning(text)), row_id))
    for start in range(0, len(changes), CHUNK):
        db.conn.executemany(f"UPDATE {table} SET {column} = ? WHERE id = ?", changes[start : start + CHUNK])


def _kept_already(text: str) -> bool:
    if not text.startswith("{"):
        return False
    try:
        value = json.loads(text)
    except ValueError:
        return False
    return isinstance(value, dict) and ("key" in value or "text" in value)


def _stored(meaning: Meaning) -> str:
    if isinstance(meaning, str):
        meaning = {"text": meaning}
    return json.dumps(meaning, ensure_ascii=False, separators=(",", ":"))


def _summary(text: str) -> Meaning:
    return _matched(text, SUMMARIES_V12, _summary, counts=True)


def _fetch_error(text: str) -> Meaning:
    """A reason, or several joined by "; ": the first that a key says whole, then the rest."""
    whole = _matched(text, FETCH_ERRORS_V12, _fetch_error)
    if not isinstance(whole, str):
        return whole
    start = 0
    while (at := text.find("; ", start)) != -1:
        head = _matched(text[:at], FETCH_ERRORS_V12, _fetch_error)
        if not isinstance(head, str):
            return {"key": THEN_V12[0], "params": {"first": head, "then": _fetch_error(text[at + 2 :])}}
        start = at + 2
    return text


def _matched(
    text: str, templates: Iterable[tuple[str, str]], detail: Callable[[str], Meaning], *, counts: bool = False
) -> Meaning:
    """The first key whose English says ``text`` whole, with its fields; else ``text`` itself.
    ``counts``: every field but a detail and edit's fields is a number ("2 of 7 matching changed"
    is not "{changed} of {n} changed")."""
    for key, template in templates:
        found = _pattern(template).fullmatch(text)
        if found is None:
            continue
        params = _fields(template, found.groupdict(), detail, counts)
        if params is not None and _english({"key": key, "params": params}) == text:
            return {"key": key, "params": params}
    return text


def _fields(
    template: str, found: dict[str, str], detail: Callable[[str], Meaning], counts: bool
) -> dict[str, Any] | None:
    specs = {name: spec for _, name, spec, _ in string.Formatter().parse(template) if name}
    params: dict[str, Any] = {}
    for name, value in found.items():
        if name == "detail":
            params[name] = detail(value)
        elif name == "fields":
            params[name] = [{"key": EDITED_V12[f], "params": {}} if f in EDITED_V12 else f for f in value.split(", ")]
        elif name == "size" and (size := _SIZE.fullmatch(value)):
            if size["n"]:
                params[name] = {"key": SIZES_V12[0][0], "params": {"n": int(size["n"].replace(",", ""))}}
            else:
                params[name] = {"key": SIZES_V12[1][0], "params": {"mb": float(size["mb"])}}
        elif _NUMBER.fullmatch(value):
            params[name] = float(value) if "." in value else int(value)
        elif specs.get(name) or counts:
            return None  # a number's field holding something else
        else:
            params[name] = value
    return params


def _english(meaning: Meaning) -> str:
    """What ``meaning`` says in English, with the frozen templates."""
    if isinstance(meaning, str):
        return meaning
    if isinstance(meaning, list):
        return JOINER_V12.join(_english(m) for m in meaning)
    key = meaning["key"]
    if key in EDITED_V12.values():
        return next(f for f, k in EDITED_V12.items() if k == key)
    template = _TEMPLATES[key]
    params = {k: _english(v) if isinstance(v, (dict, list)) else v for k, v in meaning["params"].items()}
    return template.format(**params)


_TEMPLATES = dict((*SUMMARIES_V12, *FETCH_ERRORS_V12, THEN_V12, *SIZES_V12))
_PATTERNS: dict[str, re.Pattern[str]] = {}


def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching what ``template`` said in English, one group per field."""
    if template not in _PATTERNS:
        parts: list[str] = []
        seen: set[str] = set()
        for literal, name, _, _ in string.Formatter().parse(template):
            parts.append(re.escape(literal))
            if name is not None:
                # a field spans "; " (which joins several reasons) only when it is a detail
                field = ".+?" if name == "detail" else "(?:(?!; ).)+?"
                parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{field})")
                seen.add(name)
        _PATTERNS[template] = re.compile("".join(parts), re.DOTALL)
    return _PATTERNS[template]
