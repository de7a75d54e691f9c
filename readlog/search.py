"""Search query syntax, and its translation to SQL over the FTS5 index.

Syntax: words are ANDed; ``"a phrase"`` is matched as written; ``-word``
excludes; ``OR`` between two words means either. Every other character,
FTS5 operators included (``* : ^ ( )``), is searched as plain text: terms
always reach FTS5 inside double quotes.

The index uses the trigram tokenizer, which matches any substring of three
or more characters. Shorter terms are handled so that no term is ever
dropped:

* two characters: every indexed text ends with a space (see migrations),
  so each occurrence of a two-character string begins some indexed trigram;
  the term becomes an OR of the trigrams in the index's vocabulary that
  start with it, and still uses the index;
* one character: a LIKE scan of the columns (escaped).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from readlog.errors import UsageError
from readlog.migrations import FTS_COLUMNS

# Relevance tiers: where a hit counts most. None means any column.
TIERS: tuple[tuple[str, ...] | None, ...] = (
    ("title",),
    ("verdict", "note", "tags", "source", "category"),
    None,
)
MARK_OPEN, MARK_CLOSE = "**", "**"
NEVER = "0"
IN_INDEX = "entries.id IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)"


@dataclass(frozen=True)
class Term:
    text: str
    phrase: bool = False


@dataclass
class Query:
    """All of ``groups`` must match (each group: any of its terms); none of ``excluded``."""

    groups: list[list[Term]] = field(default_factory=list)
    excluded: list[Term] = field(default_factory=list)

    def terms(self) -> list[Term]:
        return [t for g in self.groups for t in g]


_TOKEN = re.compile(r'(-?)"([^"]*)"?|(\S+)')


def parse_query(text: str) -> Query:
    """Parse the user's query; raise UsageError if it holds nothing to search for."""
    query = Query()
    join_next = False
    for m in _TOKEN.finditer(text):
        negative, phrase, word = m.group(1), m.group(2), m.group(3)
        if word is not None:
            if word == "OR" and query.groups and not join_next:
                join_next = True
                continue
            if word.startswith("-") and len(word) > 1:
                negative, word = "-", word[1:]
            term = Term(word)
        else:
            term = Term(" ".join(phrase.split()), phrase=True)
        if not term.text:
            continue
        if negative:
            query.excluded.append(term)
            join_next = False
        elif join_next:
            query.groups[-1].append(term)
            join_next = False
        else:
            query.groups.append([term])
    if not query.groups and not query.excluded:
        raise UsageError('the search query is empty; give a word, a "phrase", or -word to exclude')
    return query


def _quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _fts_term(term: Term, vocabulary: Callable[[str], list[str]]) -> str | None:
    """The FTS5 expression for one term; '' when it can only be found by LIKE,
    None when the index proves it occurs nowhere."""
    text = term.text.lower()
    if len(text) >= 3:
        return _quote(text)
    if len(text) == 2:
        trigrams = vocabulary(text)
        if not trigrams:
            return None
        return "(" + " OR ".join(_quote(t) for t in trigrams) + ")"
    return ""


def _like(term: Term, columns: tuple[str, ...]) -> tuple[str, list[str]]:
    pattern = "%" + re.sub(r"([\\%_])", r"\\\1", term.text) + "%"
    sql = " OR ".join(f"{c} LIKE ? ESCAPE '\\'" for c in columns)
    return f"({sql})", [pattern] * len(columns)


def _group_sql(
    group: list[Term], vocabulary: Callable[[str], list[str]], columns: tuple[str, ...] | None
) -> tuple[str | None, str | None, list[str]]:
    """(FTS expression, SQL predicate, params) for one OR group; one of the two is set."""
    cols = columns or FTS_COLUMNS
    fts: list[str] = []
    likes: list[tuple[str, list[str]]] = []
    for term in group:
        expr = _fts_term(term, vocabulary)
        if expr is None:
            continue
        if expr:
            fts.append(expr)
        else:
            likes.append(_like(term, cols))
    if not fts and not likes:
        return None, NEVER, []
    if not likes:
        return " OR ".join(fts), None, []
    parts = [sql for sql, _ in likes]
    params = [p for _, ps in likes for p in ps]
    if fts:
        parts.insert(0, IN_INDEX)
        params.insert(0, _column_filter(" OR ".join(fts), columns))
    return None, "(" + " OR ".join(parts) + ")", params


def _column_filter(expr: str, columns: tuple[str, ...] | None) -> str:
    return f"{{{' '.join(columns)}}} : ({expr})" if columns else expr


def match_sql(
    query: Query,
    vocabulary: Callable[[str], list[str]],
    *,
    columns: tuple[str, ...] | None = None,
) -> tuple[str, list[str]]:
    """A WHERE fragment (with its parameters) selecting the entries that match.

    With ``columns``, the positive part must match within those columns
    (exclusions are left to the caller's full query).
    """
    clauses: list[str] = []
    params: list[str] = []
    fts_and: list[str] = []
    for group in query.groups:
        expr, sql, ps = _group_sql(group, vocabulary, columns)
        if sql == NEVER:
            return NEVER, []
        if expr is not None:
            fts_and.append(f"({expr})")
        elif sql is not None:
            clauses.append(sql)
            params.extend(ps)
    if fts_and:
        clauses.insert(0, IN_INDEX)
        params.insert(0, _column_filter(" AND ".join(fts_and), columns))
    if columns is None:
        for term in query.excluded:
            expr, sql, ps = _group_sql([term], vocabulary, None)
            if sql == NEVER:
                continue
            if expr is not None:
                clauses.append(f"NOT {IN_INDEX}")
                params.append(expr)
            elif sql is not None:
                clauses.append(f"NOT {sql}")
                params.extend(ps)
    return ("(" + " AND ".join(clauses) + ")") if clauses else "1", params


def snippet(texts: list[str], query: Query, width: int = 80) -> tuple[str, list[tuple[int, int]]]:
    """A short piece of the first text with a hit, and where the hits are in it.

    Hits are found case-insensitively; the snippet is cut to about ``width``
    characters around the first one.
    """
    needles = sorted({t.text.lower() for t in query.terms()}, key=len, reverse=True)
    for text in texts:
        flat = " ".join(text.split())
        low = flat.lower()
        first = min((i for i in (low.find(n) for n in needles if n) if i >= 0), default=-1)
        if first < 0:
            continue
        start = max(0, first - 8)
        end = min(len(flat), start + width)
        piece = flat[start:end]
        prefix = "…" if start > 0 else ""
        suffix = "…" if end < len(flat) else ""
        out = prefix + piece + suffix
        return out, _spans(out.lower(), needles)
    return "", []


def _spans(low: str, needles: list[str]) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for needle in needles:
        start = low.find(needle)
        while needle and start >= 0:
            end = start + len(needle)
            if not any(s < end and start < e for s, e in spans):
                spans.append((start, end))
            start = low.find(needle, end)
    return sorted(spans)


def marked(text: str, spans: list[tuple[int, int]]) -> str:
    """The snippet as plain text with each hit wrapped in ``**``."""
    out, pos = [], 0
    for start, end in spans:
        out += [text[pos:start], MARK_OPEN, text[start:end], MARK_CLOSE]
        pos = end
    out.append(text[pos:])
    return "".join(out)
