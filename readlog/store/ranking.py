"""A search's order and count: title hits first, then verdict/note/tag/source/category
hits, then the rest (search.TIERS), then the entries that only a highlight of theirs
matches (HIGHLIGHTS: its passage or note, highlight_match), each newest saved first.
An entry is in its first tier only. A library whose highlights cannot match the query
(none hold its indexed part: one look in their index) searches exactly as before.

The paths a search can take, cheapest first for its shape:

* a term of three or more characters is a trigram match in the FTS5 index;
  a two-character term is an OR of the indexed trigrams that start with it
  (``vocabulary``); a one-character term is a LIKE scan (see search.py);
* each tier either looks up the matching ids and sorts them ("lookup", few
  matches), or walks the entries newest first and asks the index row by row
  ("probe", most entries match: at least 1/DENSE) or with the ids
  materialised ("scan", complex queries or deep offsets beyond DEEP);
* a lone term without case that most entries hold (内核, 编译器) is answered
  by walking at most WALK of the newest entries and reading each one's tier
  from its columns (``walk_for_pair``); so is a lone English word that most of
  the newest entries hold (cache, GPU: ``walk_for_word``), its tier read from
  its columns' ``lower()``, and from the index where a column holds a character
  the index folds into the word's.

A table's footer ("Showing 20 of about 91,000 entries") asks for
``cheap_count``: the exact count, or, where that would merge every list of a
pair's trigrams or read every list of a walked word's, an estimate from what
the walk saw, within bounds that are sure (``Library.count``, ``--json`` and piped output stay exact).

The functions take the open Store first (its methods delegate here); the
caches they fill (``lib._vocab``, ``lib._fts_counts``, ``lib._walked``) are
cleared by every write transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from readlog.store.common import Count, Row, dict_rows
from readlog.store.query import Filters, where

if TYPE_CHECKING:
    from readlog.store.library import Store
    from readlog.store.search import MatchSQL, Query

# A search walks the entries in order and probes the index when at least
# 1/DENSE of them match (see by_relevance); a lone term without case walks
# at most WALK of the newest entries (see walk_for_pair).
DENSE = 4
WALK = 2000
# Beyond this many skipped entries a dense search stops probing row by row (see by_relevance).
DEEP = 1000
# The tier after search.TIERS: entries found in their highlights only (highlight_match).
HIGHLIGHTS = ("highlights",)
# A library of fewer entries is always counted exactly (see cheap_count): there,
# merging a pair's lists costs a few ms (an eighth of its time at 100,000 entries).
EXACT_UNDER = 10_000
# An estimate reads at least this many of the view's newest entries (the walk's
# and then more, ~2 ms), so that a few new entries without the term (links added
# without their text) do not sway it: the walk alone may have read only 30.
SAMPLE = 400


class Walked(NamedTuple):
    """What walk_for_pair saw of a search's view (the entries ``f`` selects
    without its query), newest first: how many entries it walked and how
    many of those match the search."""

    f: Filters
    entries: int  # every entry of the table (each one is in the index)
    walked: int
    hits: int


def vocabulary(lib: Store, prefix: str) -> list[str]:
    """Indexed trigrams that start with ``prefix`` (for two-character search terms).

    Remembered for the life of the connection (until the next write), since
    one search asks for the same prefix once per relevance tier.
    """
    found = trigrams(lib, prefix)
    # Rarest first: FTS5 merges an OR of these lists measurably faster so (27 -> 22 ms at 100,000).
    return sorted(found, key=lambda t: sum(found[t].values()))


def trigrams(lib: Store, prefix: str) -> dict[str, dict[str, int]]:
    """Each indexed trigram starting with ``prefix``, with how many entries
    hold it in each column: SQLite's per-column vocabulary of the index,
    which costs no more to read than the plain one and tells which
    columns a two-character term can be in at all."""
    if prefix not in lib._vocab:
        lib.conn.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.entries_fts_columns USING fts5vocab(main, entries_fts, 'col')"
        )
        sql = "SELECT term, col, doc FROM temp.entries_fts_columns WHERE term >= ? AND term < ?"
        found: dict[str, dict[str, int]] = {}
        for term, column, docs in lib.conn.execute(sql, (prefix, prefix + "\U0010ffff")):
            found.setdefault(term, {})[column] = docs
        lib._vocab[prefix] = found
    return lib._vocab[prefix]


def highlight_vocabulary(lib: Store, prefix: str) -> list[str]:
    """Trigrams of the highlights' index that start with ``prefix`` (two-character terms),
    read as ``trigrams`` reads the entries' (a TEMP fts5vocab table of the connection:
    nothing is written to the library); remembered until the next write."""
    key = "\0" + prefix  # no query holds a NUL (search.parse_query cleans it away)
    if key not in lib._vocab:
        lib.conn.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.highlights_fts_terms USING fts5vocab(main, highlights_fts, 'row')"
        )
        sql = "SELECT term, doc FROM temp.highlights_fts_terms WHERE term >= ? AND term < ?"
        lib._vocab[key] = {t: {"": d} for t, d in lib.conn.execute(sql, (prefix, prefix + "\U0010ffff"))}
    found = lib._vocab[key]
    return sorted(found, key=lambda t: found[t][""])


def highlight_match(lib: Store, query: Query) -> MatchSQL:
    """The entries whose highlights match ``query`` (search.highlight_sql), or NEVER when
    none can: no highlight holds its indexed part, or (a query of one-character words
    only) the library has no highlight. Asking is one look in the highlights' index,
    remembered until the next write: a library without highlights searches as before."""
    from readlog.store import search

    match = search.highlight_sql(query, lib.vocabulary, lib.highlight_vocabulary)
    if match.sql == search.NEVER:
        return match
    expr = match.fts
    key = "\0" + (expr or "")
    if key not in lib._fts_counts:
        if expr is None:
            sql, args = "SELECT EXISTS (SELECT 1 FROM highlights)", []
        else:
            sql, args = "SELECT EXISTS (SELECT 1 FROM highlights_fts WHERE highlights_fts MATCH ?)", [expr]
        lib._fts_counts[key] = int(lib.conn.execute(sql, args).fetchone()[0])
    return match if lib._fts_counts[key] else search.MatchSQL(search.NEVER, [])


def fts_count(lib: Store, expr: str) -> int:
    """How many entries the full-text expression matches, from the index
    alone (remembered until the next write: ranking and the count share it)."""
    if expr not in lib._fts_counts:
        sql = "SELECT count(*) FROM entries_fts WHERE entries_fts MATCH ?"
        lib._fts_counts[expr] = int(lib.conn.execute(sql, (expr,)).fetchone()[0])
    return lib._fts_counts[expr]


def pair_is_dense(lib: Store, pair: str, whole: str, entries: int) -> bool:
    """Whether at least 1/DENSE of the ``entries`` hold the two-character
    ``pair`` (its FTS expression ``whole``), told from the vocabulary the
    search has already read whenever it can.

    Each trigram's count of entries, in each column, is a lower bound of
    how many entries hold the pair, and their sum an upper bound: only
    between the two does the index count them (merging every trigram's
    list, the dearest step of such a search: 45 lists, 90,000 entries,
    at 100,000 entries).
    """
    counts = [docs for columns in trigrams(lib, pair).values() for docs in columns.values()]
    if max(counts, default=0) * DENSE > entries:
        return True
    if sum(counts) * DENSE <= entries:
        return False
    return fts_count(lib, whole) * DENSE > entries


def is_dense(lib: Store, query: Query, whole: str, entries: int) -> bool:
    """Whether at least 1/DENSE of the ``entries`` match the positive part
    of ``query`` (its FTS expression ``whole``); for a lone two-character
    term, from the vocabulary when it can tell (pair_is_dense)."""
    from readlog.store.fold import fold

    terms = query.terms()
    if len(terms) == 1 and len(pair := fold(terms[0].text)) == 2:
        return pair_is_dense(lib, pair, whole, entries)
    return fts_count(lib, whole) * DENSE > entries


def search_modes(lib: Store, f: Filters, limit: int) -> Callable[[str | None], str | None]:
    """How each relevance tier should ask the index (search.MODES), or None
    to skip a tier that the index says is empty; decided from counts that
    the index gives cheaply."""
    from readlog.store import search

    assert f.query is not None
    whole = search.match_sql(f.query, lib.vocabulary).fts
    if not limit or whole is None:
        return lambda fts: "lookup"
    entries = entry_total(lib)
    if not is_dense(lib, f.query, whole, entries):
        return lambda fts: "lookup"
    if not search.is_simple(f.query):
        # Counting a tier would cost as much as asking it. Titles are short,
        # so title hits are few: look those up; walk the entries for the rest.
        title = search.match_sql(f.query, lib.vocabulary, columns=search.TIERS[0]).fts
        return lambda fts: "lookup" if fts == title else "scan"

    def mode(fts: str | None) -> str | None:
        if fts is None:
            return "lookup"
        hits = fts_count(lib, fts)
        return None if not hits else "probe" if hits * DENSE > entries else "lookup"

    return mode


def search_count(lib: Store, f: Filters, *, marked_too: bool = True) -> int | None:
    """The count of a plain search in the default view, without touching the
    rows: the index's count less the archived entries that match (and, when
    highlights hold the query too, the entries only those hold: unless not
    ``marked_too``, as cheap_count asks, whose estimate is cheaper). None when
    the general count is needed (other filters, LIKE terms, exclusions)."""
    from readlog.store import search

    assert f.query is not None
    marked = highlight_match(lib, f.query)
    match = search.match_sql(f.query, lib.vocabulary)
    if marked.sql != search.NEVER:  # the exact count over both indexes; an estimate asks without (None)
        return _with_highlights(lib, f, match, marked) if marked_too else None
    if match.sql == search.NEVER:
        return 0
    if not match.exact or match.fts is None or replace(f, query=None) != Filters():
        return None
    return _in_the_index(lib, f, match.fts)


def _with_highlights(lib: Store, f: Filters, match: MatchSQL, marked: MatchSQL) -> int | None:
    """search_count when highlights hold the query too: the entries the index finds (as
    without highlights), and the entries found only by a highlight, each once. Only for
    a query both indexes answer exactly (no LIKE term, no exclusion) in the default view;
    None otherwise (the general count)."""
    from readlog.store import search

    assert f.query is not None
    exact_marks = marked.fts is not None and len(marked.params) == 1 and not f.query.excluded
    if not exact_marks or replace(f, query=None) != Filters():
        return None
    if match.sql == search.NEVER:
        own = 0
    elif match.exact and match.fts is not None and (found := _in_the_index(lib, f, match.fts)) is not None:
        own = found
    else:
        return None
    # The entries of the highlights found, less those the entries' index found (a set SQLite
    # makes once), and only then each remaining entry read, for whether it is live: a third of
    # the rows the join of every highlight found to its entry read (cache: 6,257 of 19,401).
    outside = (
        ""
        if match.sql == search.NEVER
        else " AND h.entry_id NOT IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)"
    )
    sql = (
        "SELECT count(*) FROM entries AS e WHERE e.archived_at IS NULL AND e.id IN (SELECT h.entry_id "
        "FROM highlights_fts JOIN highlights AS h ON h.id = highlights_fts.rowid WHERE highlights_fts MATCH ?"
        + outside
        + ")"
    )
    params = [marked.fts] if match.sql == search.NEVER else [marked.fts, match.fts]
    return own + int(lib.conn.execute(sql, params).fetchone()[0])


def _in_the_index(lib: Store, f: Filters, fts: str) -> int | None:
    """The entries the index matches for ``fts``, less the archived ones (None: too dear to tell)."""
    from readlog.store import search

    assert f.query is not None
    found = fts_count(lib, fts)
    archived = int(lib.conn.execute("SELECT count(*) FROM entries WHERE archived_at IS NOT NULL").fetchone()[0])
    if not archived or not found:
        return found
    if archived > 2000 or not search.is_simple(f.query):
        return None
    probe = search.match_sql(f.query, lib.vocabulary, mode="probe")
    sql = f"SELECT count(*) FROM entries WHERE archived_at IS NOT NULL AND {probe.sql}"
    return found - int(lib.conn.execute(sql, probe.params).fetchone()[0])


def cheap_count(lib: Store, f: Filters) -> Count:
    """How many entries ``f`` matches: exact (query.count) when that costs
    little, else an estimate between bounds that are sure.

    Only a search that walk_for_pair or walk_for_word answered in a library of EXACT_UNDER
    entries or more, in a view counted from its own index, is estimated, and
    only when its exact count is not at hand: for a pair that count merges
    the lists of every trigram that begins with it (~45 lists and 90,000
    entries at 100,000: a third of the whole command), for a term with other
    filters it reads every match. The bounds, from what the search has read:

    * how many entries hold the term: for a pair whose vocabulary was read
      (the walk reads it only to know whether a title may hold the pair), at
      least as many as hold any one of its trigrams in any one column, at
      most their sum (see pair_is_dense); for a term whose count the index
      gave, that count; otherwise (the walk asks for none) none but the
      view's size;
    * of those, at most the entries outside the view are not in it;
    * the walk saw ``hits`` entries of the view that match and
      ``walked - hits`` that do not.

    The estimate is the share of matches the walk saw (read on to SAMPLE
    entries), times the entries of the view, held within the bounds; when the bounds meet (a library whose
    view the walk read whole, an index count with no archived entries) the
    count is exact.
    """
    from readlog.store import query, search

    seen = lib._walked
    if f.query is None or seen is None or seen.f != f or seen.entries < EXACT_UNDER:
        return Count.of(query.count(lib, f))
    term = search.caseless_term(f.query) or search.cased_word(f.query)
    if term is None:
        return Count.of(query.count(lib, f))
    whole: str | None = None
    if len(term) == 2 and term not in lib._vocab and seen.hits:
        known = False  # a pair the walk found without reading its vocabulary: not read for the footer either
    else:
        whole = search.match_sql(f.query, lib.vocabulary).fts
        if whole is None:
            return Count.of(query.count(lib, f))
        known = whole in lib._fts_counts
    if known and (exact := search_count(lib, f, marked_too=False)) is not None:
        return Count.of(exact)  # the index's count, already read, less the archived matches
    view = replace(f, query=None)
    if query.count_index(view) is None:
        return Count.of(query.count(lib, f))  # counting the view itself would read it whole
    size = query.count(lib, view)
    marked = highlight_match(lib, f.query)
    if seen.walked < min(SAMPLE, size):
        seen = _sample_more(lib, seen, term, marked.sql != search.NEVER)
    if known and whole is not None:
        least = most = fts_count(lib, whole)
    elif len(term) == 2 and term in lib._vocab:
        counts = [docs for columns in trigrams(lib, term).values() for docs in columns.values()]
        least, most = max(counts, default=0), sum(counts)
    else:  # the walk did not ask the index how many entries hold it
        least, most = 0, size
    if marked.sql != search.NEVER and most < size:
        most += _highlights_holding(lib, term, marked)  # entries found only in their highlights: at most these
    low = max(seen.hits, least - (seen.entries - size))
    high = min(most, size - (seen.walked - seen.hits))
    guess = round(seen.hits * size / seen.walked) if seen.walked else low
    return Count(min(max(guess, low), high), low, high)


def _highlights_holding(lib: Store, term: str, marked: MatchSQL) -> int:
    """At most how many highlights hold the caseless ``term`` (``marked``: its
    highlight_match): for a pair, the sum of its trigrams' counts in the highlights'
    vocabulary; for a longer term, the highlights' index's count (one list)."""
    if len(term) == 2:
        highlight_vocabulary(lib, term)  # read already by highlight_match, kept in lib._vocab
        return sum(sum(columns.values()) for columns in lib._vocab["\0" + term].values())
    if marked.fts is None:
        return int(lib.conn.execute("SELECT count(*) FROM highlights").fetchone()[0])
    key = "\0count " + marked.fts
    if key not in lib._fts_counts:
        sql = "SELECT count(*) FROM highlights_fts WHERE highlights_fts MATCH ?"
        lib._fts_counts[key] = int(lib.conn.execute(sql, (marked.fts,)).fetchone()[0])
    return lib._fts_counts[key]


def _sample_more(lib: Store, seen: Walked, term: str, highlights: bool) -> Walked:
    """``seen`` with the view's next newest entries read too, up to SAMPLE in all
    (the same order and test as walk_for_pair's, without fetching the rows)."""
    from readlog.store import search

    clause, params = where(lib, replace(seen.f, query=None))
    found, found_params = search.found_by(term, highlights)  # whether it matches: its tier is not needed
    sql = (
        f"SELECT count(*), count(found_) FROM (SELECT {found} AS found_ FROM entries WHERE {clause} "
        "ORDER BY saved_at DESC, published DESC, id DESC LIMIT ? OFFSET ?)"
    )
    walked, hits = lib.conn.execute(sql, [*found_params, *params, SAMPLE - seen.walked, seen.walked]).fetchone()
    lib._walked = seen._replace(walked=seen.walked + walked, hits=seen.hits + hits)
    return lib._walked


def by_relevance(lib: Store, f: Filters, limit: int, columns: str, offset: int = 0) -> Iterator[Row]:
    """Title hits first, then verdict/notes/tags/source hits, then the rest;
    newest saved first within each tier.

    Tiers are taken in turn and each is exhausted before the next, so the
    ids already taken are exactly the earlier tiers' rows. A tier's match
    implies the whole query's, so each query holds one full-text
    condition; when the index says most entries match it, the entries are
    walked in order and probed (a screenful is found at once), otherwise
    the matching ids are looked up and sorted.

    With an ``offset`` the earlier tiers' rows are never fetched: whole
    tiers are skipped by their counts and their rows are excluded by their
    match instead of by ids (same rows, same order).

    The rows are yielded as the cursor reads them (``search --limit 0`` of
    17,000 matches never holds them): of the tiers passed only the ids are
    kept, to exclude them from the next.
    """
    assert f.query is not None
    if not offset and (walked := walk_for_pair(lib, f, limit, columns)) is not None:
        return iter(walked)
    if not offset and (walked := walk_for_word(lib, f, limit, columns)) is not None:
        return iter(walked)
    return _tiers(lib, f, limit, columns, offset)


def _tiers(lib: Store, f: Filters, limit: int, columns: str, offset: int) -> Iterator[Row]:
    """by_relevance's tiers, each read in turn."""
    from readlog.store import search

    assert f.query is not None
    clause, params = where(lib, replace(f, query=None))
    modes = search_modes(lib, f, limit and limit + offset)
    by_match = offset > 0
    earlier: list[MatchSQL] = []  # the tiers already passed, as lookups
    taken: list[int] = []
    shown = 0
    for tier in (*search.TIERS, HIGHLIGHTS):
        if tier == HIGHLIGHTS:  # last, the entries that only a highlight of theirs matches
            lookup = match = highlight_match(lib, f.query)
            if match.sql == search.NEVER:
                break
        else:
            lookup = match = search.match_sql(f.query, lib.vocabulary, columns=tier)
            if match.sql == search.NEVER:
                continue  # no entry holds it; a highlight still may
            mode = modes(match.fts)
            if mode is None:
                continue
            if mode == "probe" and offset > DEEP:
                mode = "scan"  # probing costs per row walked, and skipping walks them all
            if mode != "lookup":
                match = search.match_sql(f.query, lib.vocabulary, columns=tier, mode=mode)
        if by_match:
            exclude = "".join(f" AND NOT ({m.sql})" for m in earlier)
            excluded: list[Any] = [p for m in earlier for p in m.params]
        else:
            exclude, excluded = " AND id NOT IN (SELECT value FROM json_each(?))", [json.dumps(taken)]
        earlier.append(lookup)
        if offset:
            sql = f"SELECT count(*) FROM entries WHERE {clause} AND {lookup.sql}{exclude}"
            size = int(lib.conn.execute(sql, [*params, *lookup.params, *excluded]).fetchone()[0])
            if size <= offset:
                offset -= size
                continue
        sql = (
            f"SELECT {columns} FROM entries WHERE {clause} AND {match.sql}{exclude} "
            "ORDER BY saved_at DESC, published DESC, id DESC"
        )
        args = [*params, *match.params, *excluded]
        if limit or offset:
            sql += " LIMIT ? OFFSET ?"
            args += [limit - shown if limit else -1, offset]
            offset = 0
        for row in dict_rows(lib.conn, sql, args):
            if not by_match:
                taken.append(row["id"])
            shown += 1
            yield row
        if limit and shown >= limit:
            break


def walk_for_pair(lib: Store, f: Filters, limit: int, columns: str) -> list[Row] | None:
    """A screenful for a lone term without case (内核, 编译器), found by
    walking the newest entries, when most of them hold it.

    A two-character term is an OR of every indexed trigram that starts with
    it (see search.py), and asking the index for a tier's rows, or how many
    entries or titles hold it, merges all of their lists: time that grows
    with the library (the vocabulary alone, which counts each list, takes a
    quarter of a second at 1,000,000 entries); a longer term's tiers are
    found by probing the index row by row, a query each. Such a term is
    exactly what ``instr`` finds in the stored text (it has no case to fold
    and no space), so each walked entry's tier is read from its columns,
    newest first, and the walk stops as soon as the screen is settled,
    asking the index nothing:

    * a screen of title hits: the view's newest title hits are the walk's;
    * a screen of the next tier while the walk has met no title hit, and the
      index shows the term in no title at all (asked then, and only then:
      for a pair its vocabulary's title column, for a longer term whether a
      title holds its first trigram).

    None when the first WALK // 100 entries hold it less than once in DENSE
    (the tiers then look it up: a rare term is cheap there), when the first
    WALK // 10 hold too few hits of the tier that could settle the screen
    for WALK entries to settle it, when WALK entries did not settle it, or
    when this does not apply. ``lib._walked`` is what the walk saw, for the
    footer's estimate (cheap_count).
    """
    from readlog.store import search

    assert f.query is not None
    term = search.caseless_term(f.query)
    if term is None or not 0 < limit <= WALK // 4:
        return None
    if not _in_the_index_at_all(lib, term):
        return None  # what a search finds is what the index holds (a damaged one: until rebuilt)
    clause, params = where(lib, replace(f, query=None))
    # Entries that only a highlight holds it in are tier 4 (ranking's HIGHLIGHTS tier).
    tier, tier_params = search.tier_of(term, highlight_match(lib, f.query).sql != search.NEVER)
    sql = (
        f"SELECT {columns}, {tier} AS tier_ FROM entries WHERE {clause} "
        "ORDER BY saved_at DESC, published DESC, id DESC LIMIT ?"
    )
    tiers: dict[int, list[Row]] = {1: [], 2: [], 3: [], 4: []}
    walked = hits = 0
    titled: bool | None = None  # whether some title may hold it, once the index was asked
    settled = False
    for r in lib.conn.execute(sql, [*tier_params, *params, WALK]):
        walked += 1
        row = dict(r)
        found = row.pop("tier_")
        if found:
            hits += 1
            tiers[found].append(row)
        if walked == WALK // 100 and hits * DENSE <= walked:
            return None  # few of the newest hold it: the tiers look it up
        # Settled: a screen of title hits, or (with none anywhere) a screen of the next tier.
        if len(tiers[1]) >= limit:
            settled = True
            break
        if not tiers[1] and len(tiers[2]) >= limit:
            if titled is None:
                titled = _titles_may_hold(lib, term)
            if not titled:
                settled = True
                break
        if walked == WALK // 10 and (len(tiers[1]) if tiers[1] or titled else len(tiers[2])) * 10 < limit:
            return None  # too few hits of the tier that settles it for WALK entries to: the tiers
    lib._walked = Walked(f, entry_total(lib), walked, hits)  # for cheap_count
    if settled:
        return [*tiers[1], *tiers[2]][:limit]
    if walked >= WALK:
        return None  # more entries than were walked: the tiers must decide
    return [*tiers[1], *tiers[2], *tiers[3], *tiers[4]][:limit]


def _in_the_index_at_all(lib: Store, term: str) -> bool:
    """Whether the index holds a caseless ``term`` anywhere: its first posting (for a pair,
    of any trigram that starts with it, read instance by instance), not its lists."""
    from readlog.store import search

    if len(term) == 2:
        lib.conn.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.entries_fts_instances "
            "USING fts5vocab(main, entries_fts, 'instance')"
        )
        sql = "SELECT 1 FROM temp.entries_fts_instances WHERE term >= ? AND term < ? LIMIT 1"
        return lib.conn.execute(sql, (term, term + "\U0010ffff")).fetchone() is not None
    sql = "SELECT 1 FROM entries_fts WHERE entries_fts MATCH ? LIMIT 1"
    return lib.conn.execute(sql, (search._quote(term),)).fetchone() is not None


def _titles_may_hold(lib: Store, term: str) -> bool:
    """Whether the index shows a caseless ``term`` in some title: for a pair, a trigram
    starting with it in the vocabulary's title column; for a longer term, its first
    trigram in a title (_none_hold)."""
    from readlog.store import search

    if len(term) == 2:
        return any(cols.get("title", 0) for cols in trigrams(lib, term).values())
    return not _none_hold(lib, term, search.TIERS[0])


def entry_total(lib: Store) -> int:
    """How many entries the table holds, from the counter of the live ones (view_counts)
    and the small index of the archived ones, not by reading a million rows' index."""
    live = lib.conn.execute("SELECT n FROM view_counts WHERE view = 'live'").fetchone()
    archived = lib.conn.execute("SELECT count(*) FROM entries WHERE archived_at IS NOT NULL").fetchone()
    return int(live[0]) + int(archived[0])


def walk_for_word(lib: Store, f: Filters, limit: int, columns: str) -> list[Row] | None:
    """A screenful for a lone English word (cache, GPU: search.cased_word), found by
    walking the newest entries, as walk_for_pair finds one for a caseless term, when
    the newest entries show that most entries hold it.

    Asking the index for such a word's tiers reads the list of each of its trigrams
    with the positions of every entry holding it (~90 ms at 100,000 entries where most
    do); the walk reads each entry's tier from its columns (search.tier_of: ``instr``
    in their ``lower()``, and the index for an entry whose text holds a character the
    index folds into the word's) and stops as soon as the screen is settled:

    * title hits come first: a screen of them found by the walk settles it (the view's
      newest title hits are the walk's); once the walk has a screen's worth of hits
      and has met too few title hits to expect a screen of them within WALK entries,
      the index tells whether any title can hold the word (whether one holds its first
      trigram: one list, read for titles only), and when one may, the title hits are
      looked up, as the first tier looks them up, up to the screen;
    * then the newest entries of the next tier, or, where the index shows that no
      entry has the word's first trigram in those columns, of the third.

    None when the first WALK // 100 entries hold it less than once in DENSE (the tiers
    then look it up: a rare word is cheap there), when the first WALK // 10 hold it in
    their first two tiers too seldom for WALK entries to settle the screen, when WALK
    entries did not settle it, or when this does not apply; ``lib._walked`` is what it
    saw, for cheap_count.
    """
    from readlog.store import search

    assert f.query is not None
    word = search.cased_word(f.query)
    if word is None or not 0 < limit <= WALK // 4:
        return None
    clause, params = where(lib, replace(f, query=None))
    order = "ORDER BY saved_at DESC, published DESC, id DESC"
    tier, tier_params = search.tier_of(word, highlight_match(lib, f.query).sql != search.NEVER)
    sql = f"SELECT {columns}, {tier} AS tier_ FROM entries WHERE {clause} {order} LIMIT ?"
    titles: list[Row] | None = None  # every title hit of the view up to a screen, once asked
    second: bool | None = None  # whether some entry may hold it in the second tier's columns, once asked
    tiers: dict[int, list[Row]] = {1: [], 2: [], 3: [], 4: []}
    walked = hits = 0
    screen: list[Row] | None = None
    for r in lib.conn.execute(sql, [*tier_params, *params, WALK]):
        walked += 1
        row = dict(r)
        found = row.pop("tier_")
        if found:
            hits += 1
            tiers[found].append(row)
        if walked == WALK // 100 and hits * DENSE <= walked:
            return None  # few of the newest hold it: the tiers look it up
        if walked == WALK // 10 and (len(tiers[1]) + len(tiers[2])) * 10 < limit and second is not False:
            return None  # too few hits in the first two tiers for WALK entries to settle it: the tiers
        if len(tiers[1]) >= limit:  # the view's newest title hits are the walk's
            screen = tiers[1][:limit]
            break
        if len(tiers[1]) + len(tiers[2]) + len(tiers[3]) < limit:
            continue
        if titles is None and tiers[1] and len(tiers[1]) * WALK >= limit * walked:
            continue  # titles hold it often enough for the walk to find a screen of them
        if titles is None:
            titles = _title_hits(lib, f, word, columns, clause, params, limit)
        if len(titles) + len(tiers[2]) >= limit:
            screen = [*titles, *tiers[2]][:limit]
            break
        if len(titles) + len(tiers[3]) >= limit and not tiers[2]:
            if second is None:
                second = not _none_hold(lib, word, search.TIERS[1])
            if not second:
                screen = [*titles, *tiers[3]][:limit]
                break
    else:
        if walked >= WALK:
            return None  # more entries than were walked: the tiers must decide
        # The whole view was walked: its title hits are the walk's.
        screen = [*(tiers[1] if titles is None else titles), *tiers[2], *tiers[3], *tiers[4]][:limit]
    entries = entry_total(lib)
    lib._walked = Walked(f, entries, walked, hits)  # for cheap_count
    return screen


def _title_hits(
    lib: Store, f: Filters, word: str, columns: str, clause: str, params: list[Any], limit: int
) -> list[Row]:
    """The view's entries whose title holds ``word``, newest first, up to ``limit``: none
    when no title holds its first trigram, else looked up as the first tier is."""
    from readlog.store import search

    assert f.query is not None
    if _none_hold(lib, word, search.TIERS[0]):
        return []
    title = search.match_sql(f.query, lib.vocabulary, columns=search.TIERS[0])
    sql = (
        f"SELECT {columns} FROM entries WHERE {clause} AND {title.sql} "
        "ORDER BY saved_at DESC, published DESC, id DESC LIMIT ?"
    )
    return [dict(r) for r in lib.conn.execute(sql, [*params, *title.params, limit])]


def _none_hold(lib: Store, word: str, columns: tuple[str, ...] | None) -> bool:
    """Whether the index proves that no entry holds ``word`` (folded, three characters
    or more) in ``columns``: no entry has its first trigram there (the count of one
    list, remembered until the next write)."""
    from readlog.store import search

    trigram = search._column_filter(search._quote(word[:3]), columns)
    return fts_count(lib, trigram) == 0
