"""The message catalogue: every sentence and label readlog says, one file
of data per language (readlog/model/locale/en.json, readlog/model/locale/zh.json; see
docs/messages.md), read when the first message of that language is said.

Errors are raised with a key (``ReadlogError.of("no_entry", id=5)``): the
exception's text is the English one (what scripts, logs and ``--json``
see), and the one line printed on stderr is said in the user's language
(``--lang zh``). Command output composed outside ``render`` (db check,
backup, export notices, the Markdown export's words) takes its sentences
from here too. So do the labels of tables and screens: each face's words
are keys under its prefix (label_, stats_, history_, triage_, curate_,
capture_), read by the face's own small helper (Output.label, stats.t, ...).

A message said of a count (``say("entry", n=3)``) has a text for each plural
category of the language, CLDR's names: English "one" and "other", Chinese
"other" alone. The count is the field ``n``; the language's rule picks the form.

A key missing from a language falls back to English, so a new message is
never lost for want of a translation; a test checks that every key is in
every language, with the same fields.
"""

from __future__ import annotations

import functools
import os
from typing import Any

# The languages readlog speaks, each a file in readlog/model/locale; English is the fallback.
LANGUAGES = ("en", "zh")
LOCALE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
# The plural categories (CLDR's) each language's counted messages have a form for.
PLURAL_FORMS = {"en": ("one", "other"), "zh": ("other",)}

# A text, or a counted message's forms: {category: text}.
Text = str | dict[str, str]


def plural_form(lang: str, n: int) -> str:
    """The plural category of the count ``n`` in ``lang``: "one" for exactly 1
    where the language has that form (English), else "other" (Chinese has that
    form alone). A language whose "one" is not 1 alone (French: 0 and 1), or that has
    more forms (Russian: few, many), adds its own rule here."""
    return "one" if n == 1 and "one" in PLURAL_FORMS.get(lang, ()) else "other"


@functools.cache
def _source(lang: str) -> str:
    """The file of ``lang`` (a language of LANGUAGES), read on first use."""
    with open(os.path.join(LOCALE, lang + ".json"), encoding="utf-8") as f:
        return f.read()


# The languages whose file was parsed whole (catalogue): their texts are looked up there.
_parsed: set[str] = set()


@functools.cache
def catalogue(lang: str) -> dict[str, Text]:
    """Every key of ``lang`` and its text, read from its file on first use (an
    empty table for a language readlog has no file for). The file groups the
    keys under headings; a text written as a list of lines is those lines joined."""
    if lang not in LANGUAGES:
        return {}
    import json

    sections: dict[str, dict[str, Any]] = json.loads(_source(lang))
    _parsed.add(lang)
    # (most texts are one string: tested inline, as a call for each costs half as much as the parse)
    return {k: t if type(t) is str else _joined(t) for section in sections.values() for k, t in section.items()}


_UNSURE = object()  # a text _found cannot read off the file alone


def _text(key: str, lang: str) -> Any:
    """The text of ``key`` in ``lang``, None where the language has none."""
    if lang in _parsed or lang not in LANGUAGES:
        return catalogue(lang).get(key)
    said = _found(key, lang)
    return catalogue(lang).get(key) if said is _UNSURE else said


def _found(key: str, lang: str) -> Any:
    """The text of ``key`` read off its line of the file, without parsing the file:
    a short command says one or two messages, and parsing the whole catalogue costs
    it ten million instructions (4% of its run). The file is JSON indented by two,
    each key on a line of its own under its heading, so a key's line is the one
    that starts with four spaces and its name (the last such line: as in the
    parse, a key given twice is its last text). Only a text that is one string is
    read so; anything else (a counted message, lines, another layout) is _UNSURE,
    and the whole file is parsed."""
    from json.decoder import scanstring  # type: ignore[attr-defined]  # JSON's string reader (in C)

    if not (key.isascii() and key.isprintable()) or '"' in key or "\\" in key:  # a name JSON would escape
        return _UNSURE
    source = _source(lang)
    head = f'\n    "{key}": '
    at = source.rfind(head)
    start = at + len(head)
    if at < 0 or not source.startswith('"', start):
        return _UNSURE
    try:
        said, end = scanstring(source, start + 1)
    except ValueError:
        return _UNSURE
    return said if source.startswith((",\n", "\n"), end) else _UNSURE


def _joined(text: Any) -> Any:
    if isinstance(text, list):
        return "\n".join(text)
    if isinstance(text, dict):
        return {form: _joined(said) for form, said in text.items()}
    return text


def known(key: str) -> bool:
    """Whether ``key`` is a message of the catalogue."""
    return key in catalogue("en")


@functools.cache
def keys(prefix: str = "") -> tuple[str, ...]:
    """The catalogue's keys starting with ``prefix``, in the order of its file."""
    return tuple(k for k in catalogue("en") if k.startswith(prefix))


def wording(key: str, lang: str = "en", n: int | None = None) -> str:
    """The catalogue's text for ``key`` in ``lang`` ("en" or "zh"), its fields not
    filled in: what ``say`` fills, and what the faces' label helpers format. A
    counted message gives the form for the count ``n`` (without one, "other")."""
    said = _text(key, lang) if lang != "en" else None
    if not said:
        lang, said = "en", _text(key, "en")
        if said is None:
            said = catalogue("en")[key]  # KeyError: no such message
    if isinstance(said, dict):
        return said[plural_form(lang, n) if n is not None else "other"]
    return said


def say(key: str, lang: str = "en", **params: Any) -> str:
    """The message ``key`` in ``lang`` ("en" or "zh"), its fields filled in; a
    counted message in the form for the count given as ``n``.

    A whole number given as ``entries`` is said with its noun in the same
    language ("3 entries", "3 条"), so an error raised in English can still
    be said in Chinese later (ReadlogError.localized)."""
    if isinstance(params.get("entries"), int):
        params = {**params, "entries": count(params["entries"], lang)}
    if any(isinstance(v, (Phrase, list)) for v in params.values()):
        params = {k: _said(v, lang) for k, v in params.items()}
    return wording(key, lang, params.get("n")).format(**params)


def _said(value: Any, lang: str) -> Any:
    """A field's value as said in ``lang``: a phrase said, a list of them joined."""
    if isinstance(value, Phrase):
        return value.said(lang)
    if isinstance(value, list):
        return wording("list_joiner", lang).join(str(_said(v, lang)) for v in value)
    return value


def detail(exc: BaseException) -> object:
    """An error as a field of another message: its catalogue message (said in
    the other's language), or its text when it has none."""
    key = getattr(exc, "key", None)
    return Phrase(key, **getattr(exc, "params", {})) if isinstance(key, str) else str(exc)


def os_reason(exc: OSError) -> object:
    """Why the system refused (a missing folder, no permission, a full disk):
    a phrase of the catalogue for the usual ones, else the system's own words."""
    import errno

    keys = {
        errno.ENOENT: "os_not_found",
        errno.EACCES: "os_permission",
        errno.EPERM: "os_not_permitted",
        errno.ENOSPC: "os_disk_full",
        errno.EROFS: "os_read_only",
        errno.EISDIR: "os_is_directory",
        errno.ENOTDIR: "os_not_directory",
    }
    key = keys.get(exc.errno or 0)
    return Phrase(key) if key else exc.strerror or str(exc) or type(exc).__name__


class Phrase:
    """A catalogue message given as a field of another (``say("file_too_large",
    what=Phrase("limit_expands"))``), said in the same language as it."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key, self.params = key, params

    def said(self, lang: str = "en") -> str:
        return say(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.said()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, **{self.params!r})"


def stored(said: Said) -> str:
    """What was said, as kept in the library: JSON of its meaning, not its words.

    A phrase is ``{"key": ..., "params": {...}}``, a field that is itself a
    phrase (a detail, a reason) the same, recursively, and a list of them a
    list; text from outside readlog (an OS or HTTP library's message, which
    has no key) is a field's plain string, or, said alone, ``{"text": ...}``.
    So a history summary or a fetch error is said in the reader's language
    when shown (``shown``), and in English for scripts, whatever language
    wrote it. '' stays '' (nothing said)."""
    import json

    if isinstance(said, str):
        return json.dumps({"text": said}, ensure_ascii=False, separators=(",", ":")) if said else ""
    return json.dumps(_meaning(said), ensure_ascii=False, separators=(",", ":"))


def _meaning(value: Any) -> Any:
    if isinstance(value, Phrase):
        return {"key": value.key, "params": {k: _meaning(v) for k, v in value.params.items()}}
    if isinstance(value, (list, tuple)):
        return [_meaning(v) for v in value]
    return value


def kept(text: str) -> Said:
    """What ``stored`` wrote, back as a phrase (or text said as it is). Text
    that is not such JSON (written by hand, or by a readlog before schema 12)
    is itself what was said."""
    if not text.startswith("{"):
        return text
    import json

    try:
        value = json.loads(text)
    except ValueError:
        return text
    said = _from_meaning(value)
    return said if isinstance(said, (Phrase, str)) else text


_PLAIN = (int, str, float)


def _from_meaning(value: Any) -> Any:
    if type(value) is dict:
        key = value.get("key")
        if type(key) is str:  # (a key the catalogue lost is said as it was kept: see shown)
            params = value.get("params")
            if type(params) is not dict:
                params = {}
            return Phrase(key, **{k: v if type(v) in _PLAIN else _from_meaning(v) for k, v in params.items()})
        if isinstance(value.get("text"), str):
            return value["text"]
        return str(value)
    if isinstance(value, list):
        return [_from_meaning(v) for v in value]
    return value


def shown(text: Said, lang: str = "en") -> str:
    """What ``stored`` kept (or a phrase not stored yet), said in ``lang`` ('' for nothing)."""
    if isinstance(text, Phrase):
        return _told(text, lang)
    return _shown_kept(text or "", lang) if text else ""


@functools.lru_cache(maxsize=4096)
def _shown_kept(text: str, lang: str) -> str:
    """``shown`` of kept text: history says the same few summaries again and again."""
    return _told(kept(text), lang, text)


def _told(said: Said, lang: str, text: str = "") -> str:
    if isinstance(said, str):
        return said
    try:
        return said.said(lang)
    except (KeyError, IndexError, ValueError):  # a key or a field the catalogue no longer has
        return text or said.key


# What readlog said (a phrase of the catalogue) or text from outside it (an OS's or
# HTTP library's words), said as it is; '' for nothing.
Said = Phrase | str


def count(n: int, lang: str = "en") -> str:
    """'1 entry', '3 entries', '3 条'."""
    return say("entry", lang, n=n)
