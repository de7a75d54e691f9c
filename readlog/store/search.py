"""Search query syntax, and its translation to SQL over the FTS5 index.

Syntax: words are ANDed; ``"a phrase"`` is matched as written (``""``
inside it stands for one quote); ``-word`` and ``-"a phrase"`` exclude;
``OR`` between two terms means either (elsewhere it is an ordinary word).
Every other character, FTS5 operators included (``* : ^ ( ) NEAR AND NOT``),
is searched as plain text: terms always reach FTS5 inside double quotes.

The index uses the trigram tokenizer, which matches any substring of three
or more characters. Shorter terms are handled so that no term is ever
dropped:

* two characters: every indexed text ends with a space (see schema.py),
  so each occurrence of a two-character string begins some indexed trigram;
  the term becomes an OR of the trigrams in the index's vocabulary that
  start with it, and still uses the index;
* one character: a scan of the columns for every character whose fold
  holds it (LIKE, escaped, for ASCII letters; instr() for the rest).

Runs of whitespace count as one space, in the index and in queries alike,
so a phrase matches across line breaks. Case, full-width ASCII and joiners
are folded by store/fold.py's fold(), the same on both sides (İ, ß, ｒｕｓｔ
and the rest included). A word is looked for in each of its canonically
equivalent spellings (fold.forms: café composed and decomposed), as words
joined by OR are: the index holds text as it was written.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from readlog.model.errors import UsageError
from readlog.store.common import TWINS_FUNCTION
from readlog.store.fold import (
    PREMAP,
    SPACES,
    fold,
    fold_spans,
    folds_to,
    forms,
    has_case,
    one_for_one,
    premap_sql,
    twins,
)
from readlog.store.schema import FTS_COLUMNS, TAGS_TEXT

# Relevance tiers: where a hit counts most. None means any column.
TIERS: tuple[tuple[str, ...] | None, ...] = (
    ("title",),
    ("verdict", "note", "tags", "source", "category"),
    None,
)
MARK_OPEN, MARK_CLOSE = "**", "**"
NEVER = "0"
# How an FTS expression selects entries (see store.Store._by_relevance):
# "lookup" materialises the matching ids and fetches those rows (best when
# few match); "scan" materialises them but walks the entries in order (the
# unary + stops SQLite driving the query from the ids), and "probe" asks the
# index row by row while walking in order: both best when most entries match
# and only a screenful is wanted; probing costs per row, so only for simple
# expressions.
IN_INDEX = "entries.id IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)"
MODES = {
    "lookup": IN_INDEX,
    "scan": "+" + IN_INDEX,
    "probe": "EXISTS (SELECT 1 FROM entries_fts WHERE entries_fts MATCH ? AND rowid = entries.id)",
}
# The highlights' own index (schema 14: passages and the notes on them, folded as the
# entries' are), asked inside a subquery on the highlights table.
IN_HIGHLIGHTS = "highlights.id IN (SELECT rowid FROM highlights_fts WHERE highlights_fts MATCH ?)"
HIGHLIGHT_COLUMNS = ("highlights.passage", "highlights.note")

_WS = re.escape(SPACES)
_SPACE_RUN = re.compile(f"[{_WS}]+")
_UNEVEN_SPACE = re.compile(f"[{re.escape(SPACES.replace(' ', ''))}]|  ")  # what normalize_space changes inside
_TOKEN = re.compile(rf'(-?)"((?:[^"]|"")*)("?)|([^{_WS}]+)')


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


@dataclass
class MatchSQL:
    """A WHERE fragment with its parameters.

    ``fts`` is the FTS5 expression of the positive part (None when there is
    none); ``exact`` says the fragment selects exactly the rows ``fts``
    matches (no LIKE scan, no exclusion), so the index alone can count them.
    """

    sql: str
    params: list[str]
    fts: str | None = None
    exact: bool = False


def normalize_space(text: str) -> str:
    """Whitespace runs as single spaces, trimmed: how the index sees text."""
    if not _UNEVEN_SPACE.search(text) and text[:1] != " " and text[-1:] != " ":
        return text  # nearly all text: one scan that finds nothing, no copy
    return _SPACE_RUN.sub(" ", text).strip(" ")


def query_from_args(args: list[str]) -> str:
    """The query given as several command-line words (so that ``-word`` can be
    typed unquoted); a mistyped ``--option`` is refused, not searched for."""
    for arg in args:
        if arg.startswith("--") and len(arg) > 2 and not _SPACE_RUN.search(arg):
            raise UsageError.of("search_no_option", name=arg)
    return " ".join(args)


def _tokens(text: str) -> list[tuple[bool, Term, bool]]:
    """(negative, term, bare word) for each token; empty phrases are dropped."""
    out = []
    for m in _TOKEN.finditer(text):
        negative, phrase, word = m.group(1), m.group(2), m.group(4)
        if word is not None:
            if word.startswith("-") and len(word) > 1:
                out.append((True, Term(word[1:]), False))
            else:
                out.append((False, Term(word), True))
            continue
        body = normalize_space(phrase.replace('""', '"'))
        if body:
            out.append((bool(negative), Term(body, phrase=True), False))
    return out


# SQLite's expression depth limit is 1000, and each word adds a level or
# two (MATCH, LIKE, NOT); no one types more than a few dozen words.
MAX_TERMS = 200


def parse_query(text: str) -> Query:
    """Parse the user's query; raise UsageError if it holds nothing to search for.

    The query is cleaned as stored text is (sanitize.clean: control and
    invisible format characters dropped, tabs and line breaks as spaces), so
    that it is looked for as the library holds text - and a NUL from a
    script never reaches SQLite, which would end the string there."""
    from readlog.model.sanitize import clean

    tokens = _tokens(clean(text, one_line=True))
    query = Query()
    join_next = False
    for i, (negative, term, bare) in enumerate(tokens):
        if bare and term.text == "OR" and _between_terms(tokens, i) and not join_next:
            join_next = True
            continue
        # café typed composed or decomposed finds it stored either way: every spelling is looked for
        spellings = [term, *(Term(t, term.phrase) for t in forms(term.text)[1:])]
        if negative:
            query.excluded.extend(spellings)
        elif join_next:
            query.groups[-1].extend(spellings)
        else:
            query.groups.append(spellings)
        join_next = False
    if not query.groups and not query.excluded:
        raise UsageError.of("search_query_empty")
    count = len(query.terms()) + len(query.excluded)
    if count > MAX_TERMS:
        raise UsageError.of("search_too_many_words", n=count, most=MAX_TERMS)
    return query


def _between_terms(tokens: list[tuple[bool, Term, bool]], i: int) -> bool:
    """OR is an operator only between two terms that are not exclusions."""
    return 0 < i < len(tokens) - 1 and not tokens[i - 1][0] and not tokens[i + 1][0]


def _quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _fts_term(term: Term, vocabulary: Callable[[str], list[str]]) -> str | None:
    """The FTS5 expression for one term; '' when it can only be found by LIKE,
    None when the index proves it occurs nowhere (or it folds to nothing)."""
    text = fold(term.text)
    if not text:
        return None
    if len(text) >= 3:
        return _quote(text)
    if len(text) == 2:
        trigrams = vocabulary(text)
        if not trigrams:
            return None
        return "(" + " OR ".join(_quote(t) for t in trigrams) + ")"
    return ""


def _like(term: Term, columns: tuple[str, ...]) -> tuple[str, list[str]]:
    """A scan for a one-character term: some column holds a character whose fold holds
    it. The character of a two-character rule of fold.PREMAP (a dotted i's dot) is looked
    for in the columns as folded, so that it is not found where the rule took it away."""
    ch = fold(term.text)
    exprs = [TAGS_TEXT.format(t="entries.tags") if c == "tags" else c for c in columns]
    if not ch.isascii() and any(len(old) > 1 and ch in old for old, _ in PREMAP):
        exprs = [premap_sql(e) for e in exprs]
    # LIKE is case-blind for ASCII letters: the lower one of a pair covers both.
    sources = [c for c in sorted(folds_to(ch)) if not (c.isascii() and c.isupper() and c.lower() in folds_to(ch))]
    tests = [f"{e} LIKE ? ESCAPE '\\'" for _ in sources for e in exprs]
    params = ["%" + re.sub(r"([\\%_])", r"\\\1", c) + "%" for c in sources for _ in exprs]
    return "(" + " OR ".join(tests) + ")", params


def _group_sql(
    group: list[Term],
    vocabulary: Callable[[str], list[str]],
    columns: tuple[str, ...] | None,
    highlights: bool = False,
) -> tuple[str | None, str | None, list[str]]:
    """(FTS expression, SQL predicate, params) for one OR group; one of the two is set.
    ``highlights``: over the highlights table and its index, not the entries'."""
    cols = columns or (HIGHLIGHT_COLUMNS if highlights else FTS_COLUMNS)
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
        parts.insert(0, IN_HIGHLIGHTS if highlights else IN_INDEX)
        params.insert(0, _column_filter(" OR ".join(fts), columns))
    return None, "(" + " OR ".join(parts) + ")", params


def _column_filter(expr: str, columns: tuple[str, ...] | None) -> str:
    return f"{{{' '.join(columns)}}} : ({expr})" if columns else expr


def _positive(
    groups: list[list[Term]],
    vocabulary: Callable[[str], list[str]],
    columns: tuple[str, ...] | None,
    highlights: bool = False,
) -> tuple[list[str], list[str], list[str]] | None:
    """The groups of a query (each one must match), as their FTS expressions (each in
    brackets) and the SQL predicates of those the index cannot answer, with their params;
    None when one group can match nothing (NEVER). For the entries (match_sql) and for
    their highlights (highlight_sql) alike."""
    fts_and: list[str] = []
    clauses: list[str] = []
    params: list[str] = []
    for group in groups:
        expr, sql, ps = _group_sql(group, vocabulary, columns, highlights)
        if sql == NEVER:
            return None
        if expr is not None:
            fts_and.append(f"({expr})")
        elif sql is not None:
            clauses.append(sql)
            params.extend(ps)
    return fts_and, clauses, params


def match_sql(
    query: Query,
    vocabulary: Callable[[str], list[str]],
    *,
    columns: tuple[str, ...] | None = None,
    mode: str = "lookup",
) -> MatchSQL:
    """The WHERE fragment selecting the entries that match.

    With ``columns``, the positive part must match within those columns.
    ``mode`` is how the index is asked (see MODES).
    """
    positive = _positive(query.groups, vocabulary, columns)
    if positive is None:
        return MatchSQL(NEVER, [])
    fts_and, clauses, params = positive
    exact = not clauses
    for term in query.excluded:
        expr, sql, ps = _group_sql([term], vocabulary, None)
        if sql == NEVER:
            continue
        exact = False
        if expr is not None:
            clauses.append(f"NOT {IN_INDEX}")
            params.append(expr)
        elif sql is not None:
            clauses.append(f"NOT {sql}")
            params.extend(ps)
    fts = _column_filter(" AND ".join(fts_and), columns) if fts_and else None
    if fts is not None:
        # Probing goes last, so that cheaper conditions are tested first.
        at = len(clauses) if mode == "probe" else 0
        clauses.insert(at, MODES[mode])
        params.insert(len(params) if mode == "probe" else 0, fts)
    sql = ("(" + " AND ".join(clauses) + ")") if clauses else "1"
    return MatchSQL(sql, params, fts, exact and fts is not None)


def highlight_sql(
    query: Query, vocabulary: Callable[[str], list[str]], highlight_vocabulary: Callable[[str], list[str]]
) -> MatchSQL:
    """The WHERE fragment selecting the entries that some highlight matches: one of
    its highlights holds every word of the query (each group) in its passage or its
    note, and the entry itself holds none of the excluded words (an exclusion is
    about the entry, as in match_sql). ``fts`` is the highlights' index expression of
    the positive part (None when every group is a LIKE scan); ``vocabulary`` is the
    entries' index's, ``highlight_vocabulary`` the highlights' (two-character terms).
    NEVER when the query has no positive part or its index proves no highlight holds it.
    """
    if not query.groups:
        return MatchSQL(NEVER, [])
    positive = _positive(query.groups, highlight_vocabulary, None, highlights=True)
    if positive is None:
        return MatchSQL(NEVER, [])
    fts_and, clauses, params = positive
    fts = " AND ".join(fts_and) if fts_and else None
    if fts is not None:
        clauses.insert(0, IN_HIGHLIGHTS)
        params.insert(0, fts)
    sql = f"entries.id IN (SELECT entry_id FROM highlights WHERE {' AND '.join(clauses)})"
    if query.excluded:
        without = match_sql(Query(excluded=query.excluded), vocabulary)
        if without.sql not in ("1", NEVER):
            sql = f"({sql} AND {without.sql})"
            params.extend(without.params)
    return MatchSQL(sql, params, fts)


def either(match: MatchSQL, other: MatchSQL) -> MatchSQL:
    """The entries ``match`` or ``other`` selects (NEVER for either is left out)."""
    if other.sql == NEVER:
        return match
    if match.sql == NEVER:
        return MatchSQL(other.sql, list(other.params))
    return MatchSQL(f"({match.sql} OR {other.sql})", [*match.params, *other.params])


def caseless_term(query: Query) -> str | None:
    """The term of a query that is one term of two or more characters that
    have no case and are not spaces (内核, 调度, 12, 编译器), else None.

    For such a term, ``instr`` on the stored text finds exactly the entries
    the index finds: the index only folds case and spaces, and no other
    text folds to a character without case (fold.has_case; see
    ranking.walk_for_pair).
    """
    if len(query.groups) != 1 or len(query.groups[0]) != 1 or query.excluded:
        return None
    text = query.groups[0][0].text
    if len(text) < 2 or any(c.isspace() or c in SPACES or has_case(c) for c in text):
        return None
    return text


def cased_word(query: Query) -> str | None:
    """The term of a query that is one word of three or more ASCII characters with case
    (cache, GPU, x86, C++), folded (``cache`` for Cache), else None; no space in it, no
    exclusion beside it, and not a caseless_term.

    Such a word is found by ``instr`` in SQL's ``lower()`` of the stored text wherever
    the index finds it, and beyond that only in a value that holds one of its twins
    (fold.twins: ｃ, ſ, a joiner...), where the index itself is asked (tier_of): the
    walk of the newest entries answers it as it answers a caseless term."""
    if len(query.groups) != 1 or len(query.groups[0]) != 1 or query.excluded or caseless_term(query):
        return None
    text = query.groups[0][0].text
    if len(text) < 3 or not text.isascii() or any(c.isspace() or c in SPACES for c in text):
        return None
    return fold(text)


def tier_of(term: str, highlights: bool = False) -> tuple[str, list[str]]:
    """An SQL expression giving an entry's relevance tier (1, 2, 3, as TIERS)
    for a term found with ``instr``, or NULL when no column holds it; with
    ``highlights``, 4 when only a highlight of it does (its passage or note:
    ``instr`` finds there what the highlights' index finds, as in the entries).

    ``term`` is a caseless_term or a cased_word (folded). A cased word is looked
    for in each value's ``lower()``, and where that does not find it in a value
    that holds one of its twins (fold.twins), the index is asked for that entry
    (or highlight) and those columns: the same tiers as the index gives."""
    named = [c for tier in TIERS if tier for c in tier]
    columns = [*(t or tuple(c for c in FTS_COLUMNS if c not in named) for t in TIERS)]
    tiers = [[TAGS_TEXT.format(t="entries.tags") if c == "tags" else c for c in tier] for tier in columns]
    if any(has_case(c) for c in term):
        return _cased_tier_of(term, columns, tiers, highlights)
    whens, params = [], []
    for number, exprs in enumerate(tiers, 1):
        whens.append(f"WHEN {' OR '.join(f'instr({e}, ?)' for e in exprs)} THEN {number}")
        params += [term] * len(exprs)
    if highlights:
        held = " OR ".join(f"instr({c}, ?)" for c in HIGHLIGHT_COLUMNS)
        whens.append(f"WHEN EXISTS (SELECT 1 FROM highlights WHERE entry_id = entries.id AND ({held})) THEN 4")
        params += [term] * len(HIGHLIGHT_COLUMNS)
    return f"CASE {' '.join(whens)} END", params


def _cased_tier_of(
    word: str, columns: list[tuple[str, ...]], tiers: list[list[str]], highlights: bool
) -> tuple[str, list[str]]:
    """tier_of for a cased_word: each value's ``lower()`` holds it where the index finds
    it, except in a value that holds one of its twins (fold.twins); an entry whose values
    hold one (TWINS_FUNCTION, one call for all of them) is given its tier by the index
    itself, a column filter a tier (a title hit needs no such look)."""
    odd = twins(word)
    marked, marked_params = _marked(word) if highlights else ("", [])
    asked = " ".join(f"WHEN {MODES['probe']} THEN {n}" for n in range(1, len(tiers) + 1))
    asked_params = [_column_filter(_quote(word), tier) for tier in columns]
    if highlights:
        asked += f" WHEN {marked} THEN 4"
        asked_params += marked_params
    every = [e for exprs in tiers for e in exprs]
    whens = [f"WHEN {_sure(tiers[0])} THEN 1", f"WHEN {_twinned(every)} THEN (CASE {asked} END)"]
    params = [word] * len(tiers[0]) + [odd] + asked_params
    for number, exprs in enumerate(tiers[1:], 2):
        whens.append(f"WHEN {_sure(exprs)} THEN {number}")
        params += [word] * len(exprs)
    if highlights:
        whens.append(f"WHEN {marked} THEN 4")
        params += marked_params
    return f"CASE {' '.join(whens)} END", params


def found_by(term: str, highlights: bool = False) -> tuple[str, list[str]]:
    """An SQL expression, 1 for the entries to which tier_of gives a tier and NULL for the
    others, asked in fewer steps, for what only counts them (ranking._sample_more): a value
    holding ``term``, or with ``highlights`` a highlight; for a cased word, a value whose
    ``lower()`` holds it (most of them: no value is then looked into for twins), else,
    where a value holds a twin, the index holding it anywhere. (A CASE: SQLite asks its
    conditions in turn, and each AND and OR of a condition only as far as it needs.)"""
    exprs = [TAGS_TEXT.format(t="entries.tags") if c == "tags" else c for c in FTS_COLUMNS]
    if not any(has_case(c) for c in term):
        whens, params = [f"WHEN {' OR '.join(f'instr({e}, ?)' for e in exprs)} THEN 1"], [term] * len(exprs)
        if highlights:
            held = " OR ".join(f"instr({c}, ?)" for c in HIGHLIGHT_COLUMNS)
            whens.append(f"WHEN EXISTS (SELECT 1 FROM highlights WHERE entry_id = entries.id AND ({held})) THEN 1")
            params += [term] * len(HIGHLIGHT_COLUMNS)
        return f"CASE {' '.join(whens)} END", params
    whens = [f"WHEN {_sure(exprs)} THEN 1", f"WHEN {_twinned(exprs)} AND {MODES['probe']} THEN 1"]
    params = [term] * len(exprs) + [twins(term), _quote(term)]
    if highlights:
        marked, marked_params = _marked(term)
        whens.append(f"WHEN {marked} THEN 1")
        params += marked_params
    return f"CASE {' '.join(whens)} END", params


def _sure(exprs: Sequence[str]) -> str:
    """Whether one of the values' ``lower()`` holds a cased word (a parameter each)."""
    return " OR ".join(f"instr(lower({e}), ?)" for e in exprs)


def _twinned(exprs: Sequence[str]) -> str:
    """Whether one of the values holds one of a word's twins (the twins: one parameter)."""
    return f"{TWINS_FUNCTION}(?, {', '.join(f'CAST({e} AS BLOB)' for e in exprs)})"


def _marked(word: str) -> tuple[str, list[str]]:
    """Whether a highlight of the entry holds the cased ``word``: its values asked as an
    entry's are, each highlight by itself."""
    probe = "EXISTS (SELECT 1 FROM highlights_fts WHERE highlights_fts MATCH ? AND rowid = highlights.id)"
    sql = (
        "EXISTS (SELECT 1 FROM highlights WHERE entry_id = entries.id AND "
        f"({_sure(HIGHLIGHT_COLUMNS)} OR ({_twinned(HIGHLIGHT_COLUMNS)} AND {probe})))"
    )
    return sql, [word] * len(HIGHLIGHT_COLUMNS) + [twins(word), _quote(word)]


def is_simple(query: Query) -> bool:
    """Probing the index row by row is cheap only for a few single trigrams
    (a longer phrase must check positions, a two-character term is an OR)."""
    terms = query.terms()
    return 0 < len(terms) <= 3 and all(len(t.text) == 3 for t in terms)


class Snippet(NamedTuple):
    """A search hit's context: the text, where the hits are in it, and the
    field it comes from (title, summary, verdict, note, source, category,
    tags, text; empty when not known)."""

    text: str
    spans: list[tuple[int, int]]
    field: str = ""


def snippet_of(
    fields: Sequence[tuple[str, object]],
    query: Query,
    width: int = 80,
    *,
    title_last: bool = False,
    needles: list[str] | None = None,
) -> Snippet:
    """The snippet of the first field (name, value) that holds a hit, with
    that field's name. Tags (a list) give the tags that hold a hit, joined
    by ", ", not the ones around them. ``title_last``: the title only when no
    other field holds a hit (a table's Title column already shows it).
    ``needles``: the query's (``needles(query)``), when the caller has them."""
    if needles is None:
        needles = needles_of(query)
    if title_last:
        fields = [f for f in fields if f[0] != "title"] + [f for f in fields if f[0] == "title"]
    for name, value in fields:
        if isinstance(value, list):
            value = ", ".join(v for v in value if any(n and n in fold(v) for n in needles))
        found = snippet([str(value or "")], query, width, needles)
        if found[0]:
            return Snippet(*found, name)
    return Snippet("", [], "")


def snippet(
    texts: list[str], query: Query, width: int = 80, needles: list[str] | None = None
) -> tuple[str, list[tuple[int, int]]]:
    """A short piece of the first text with a hit, and where the hits are in it.

    Hits are found case-insensitively; the snippet is cut to about ``width``
    characters around the first one.
    """
    if needles is None:
        needles = needles_of(query)
    caseless = _caseless(tuple(needles))
    for text in texts:
        flat = normalize_space(text)
        low, at = _folded(flat, caseless)
        hit = _first_hit(low, needles)
        if hit < 0:
            continue
        first = hit if at is None else at[hit][0]
        start = _context_start(flat, first)
        end = min(len(flat), start + width)
        piece = flat[start:end]
        prefix = "…" if start > 0 else ""
        suffix = "…" if end < len(flat) else ""
        out = prefix + piece + suffix
        low, at = _folded(out, caseless)
        spans = _spans(low, needles)
        return out, spans if at is None else [(at[a][0], at[b - 1][1]) for a, b in spans]
    return "", []


def needles_of(query: Query) -> list[str]:
    """What a snippet looks for: the query's terms folded, longest first."""
    return list(_folded_terms(tuple(t.text for t in query.terms())))


@functools.lru_cache(maxsize=64)
def _folded_terms(terms: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted({fold(t) for t in terms}, key=len, reverse=True))


@functools.lru_cache(maxsize=64)
def _caseless(needles: tuple[str, ...]) -> bool:
    """Whether no character of the needles is one folding changes or makes (内核):
    asked once per query, not once per entry and field (a search of 20,000
    entries asked it 40,000 times)."""
    return not any(has_case(c) for n in needles for c in n)


class BothSnippets:
    """An entry's two snippets, each found when first asked for (its texts were
    read with its page's): [0] around its first hit as ``search --json`` gives
    it (each hit between ``**``), [1] around its first hit outside the title when
    there is one (``title_last``: a table's Title column shows the title). A
    search prints one of them, rarely both."""

    __slots__ = ("_field", "_found", "_needles", "_query", "_texts")

    def __init__(self, texts: list[tuple[str, Any]], query: Any, needles: list[str]) -> None:
        self._texts = texts
        self._query = query
        self._needles = needles
        self._found: list[Any] = [None, None]
        self._field = ""

    def __getitem__(self, which: int) -> Any:
        if not -2 <= which < 2:
            raise IndexError(which)
        which %= 2
        if self._found[which] is None:
            if which == 0:
                first = snippet_of(self._texts, self._query, needles=self._needles)
                self._found[which] = marked(first[0], first[1])
                self._field = first[2]
            else:
                self._found[which] = snippet_of(self._texts, self._query, title_last=True, needles=self._needles)
        return self._found[which]

    def __len__(self) -> int:
        return 2

    @property
    def field(self) -> str:
        """The field [0] comes from (Snippet.field: ``highlight`` or ``highlight_note`` for
        an entry found in its highlights; empty when no field holds a hit)."""
        self[0]
        return self._field

    def __iter__(self) -> Iterator[Any]:
        return iter((self[0], self[1]))

    def __repr__(self) -> str:
        return f"BothSnippets({self[0]!r}, {self[1]!r})"


def _folded(text: str, caseless: bool) -> tuple[str, Sequence[tuple[int, int]] | None]:
    """fold_spans(text), with None for spans that are the identity (most
    text: then folded in C, not character by character). For ``caseless``
    needles (内核: no character that folding changes or makes) the text
    itself finds them where its fold would."""
    if not one_for_one(text):
        return fold_spans(text)
    return (text if caseless else fold(text)), None


def _first_hit(low: str, needles: list[str]) -> int:
    return min((i for i in (low.find(n) for n in needles if n) if i >= 0), default=-1)


def _context_start(text: str, first: int, before: int = 20) -> int:
    """Where a snippet starts: a few characters before the first hit (narrow
    table columns must still show it), not in the middle of a Latin word."""
    if first <= before + 4:
        return 0
    space = text.rfind(" ", first - before, first)
    return space + 1 if space >= 0 else first - before


def _spans(low: str, needles: list[str]) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for needle in needles:
        start = low.find(needle)
        while needle and start >= 0:
            end = start + len(needle)
            if not any(s < end and start < e for s, e in spans):
                spans.append((start, end))
            start = low.find(needle, end if end > start else start + 1)
    return sorted(spans)


def marked(text: str, spans: list[tuple[int, int]]) -> str:
    """The snippet as plain text with each hit wrapped in ``**``."""
    out, pos = [], 0
    for start, end in spans:
        out += [text[pos:start], MARK_OPEN, text[start:end], MARK_CLOSE]
        pos = end
    out.append(text[pos:])
    return "".join(out)
