"""Search folds case the same way on both sides (store/fold.py, issue 25 item 11): the
query's fold is FTS5's own, code point for code point; any word of any title is found
by itself in any case, Turkish İ/ı, German ß/ẞ and Greek final sigma included; an
index built before schema 8 is brought up to date."""

from __future__ import annotations

import re
import shutil
import sqlite3
import tempfile
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from readlog.model.entry import Entry
from readlog.store import Counts, Filters, Store, schema
from readlog.store.fold import EARLY, FTS5_RANGES, PREMAP, fold, fold_char, fold_spans, folds_to, fts5_table, has_case
from readlog.store.migrations import LATEST
from readlog.store.search import marked, parse_query, snippet

from conftest import FIXTURES
from helpers import examples


def sqlite_fold(codes: list[int]) -> dict[int, str]:
    """What FTS5's trigram tokenizer makes of each code point: each is the first
    character of the trigram that starts at it (one document per 2,000 code points)."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(x, tokenize='trigram')")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(f, 'instance')")
    size = 2000
    docs = [(k, "".join(map(chr, codes[k * size : (k + 1) * size])) + "  ") for k in range(len(codes) // size + 1)]
    conn.executemany("INSERT INTO f(rowid, x) VALUES (?, ?)", docs)
    out = {codes[doc * size + offset]: term[0] for term, doc, offset in conn.execute("SELECT term, doc, offset FROM v")}
    conn.close()
    return out


def test_the_query_folds_every_code_point_as_fts5_does() -> None:
    """The Basic Multilingual Plane and plane 1 (where Deseret, Osage, Adlam... are) whole,
    and every 97th code point above."""
    codes = [c for c in range(1, 0x20000) if not 0xD800 <= c < 0xE000] + list(range(0x20000, 0x110000, 97))
    table = fts5_table()
    found = sqlite_fold(codes)
    assert len(found) == len(codes)
    wrong = {hex(c): (found[c], chr(table.get(c, c))) for c in codes if chr(table.get(c, c)) != found[c]}
    assert not wrong
    assert len(FTS5_RANGES) > 100 and len(table) > 1000


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("İstanbul", "istanbul"),
        ("ISTANBUL", "istanbul"),
        ("i\u0307stanbul", "istanbul"),  # "İstanbul".lower()
        ("I\u0307STANBUL", "istanbul"),  # "i̇stanbul".upper()
        ("ılık", "ilik"),
        ("Straße", "strasse"),
        ("STRAẞE", "strasse"),
        ("ΟΔΟΣ", "οδοσ"),
        ("οδός", "οδόσ"),
        ("ﬁnance", "finance"),
        ("内核", "内核"),
        ("ᏣᎳᎩ", "ᏣᎳᎩ"),  # Cherokee: FTS5's tables (Unicode 6.1) have no case for it
    ],
)
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


def test_which_characters_have_case() -> None:
    """Case, full width (ASCII has full-width twins since schema 11) and a joiner beside it."""
    from readlog.model.sanitize import may_join

    assert not any(has_case(c) for c in "内核，。（）")
    assert all(has_case(c) for c in "aZiIİıßsσςΣ\u0307" + "12+Ａ１＋" + "مक😀\u200c")
    premapped = {c for old, _ in PREMAP for c in old}  # each character some rule of PREMAP replaces
    for ch in map(chr, range(0x20000)):  # what has_case means, checked over planes 0 and 1
        if not 0xD800 <= ord(ch) < 0xE000:
            changed = fold_char(ch) != ch or folds_to(ch) != {ch} or ch in premapped
            assert has_case(ch) == (changed or may_join(ch)), hex(ord(ch))


def test_fold_spans_point_back_at_the_original_text() -> None:
    folded, spans = fold_spans("İs ß i\u0307x")
    assert folded == fold("İs ß i\u0307x") == "is ss ix"
    assert spans == [(0, 1), (1, 2), (2, 3), (3, 4), (3, 4), (4, 5), (5, 7), (7, 8)]


def walked(text: str) -> tuple[str, list[tuple[int, int]]]:
    """fold_spans by its definition: one character (or i/I and a combining dot, full width or
    not, with joiners between them) at a time; a joiner folds to nothing."""
    out, spans, i = "", [], 0
    while i < len(text):
        rest = [(j, EARLY.get(c, c)) for j, c in enumerate(text[i:], i) if EARLY.get(c, c)]
        if not rest:
            break
        (start, first), *after = rest
        if first in "iI" and after and after[0][1] == "\u0307":
            piece, end = "i", after[0][0] + 1
        else:
            piece, end = fold_char(first), start + 1
        out += piece
        spans += [(start, end)] * len(piece)
        i = end
    return out, spans


@given(
    st.text(
        alphabet=st.one_of(st.sampled_from("iIİıßẞ\u0307ﬁΐΣς Aa内Ｉｉ，\u200c\u200d"), st.characters()), max_size=40
    )
)
def test_fold_spans_is_the_walk_over_every_character(text: str) -> None:
    folded, spans = fold_spans(text)
    assert (folded, list(spans)) == walked(text)
    assert [spans[i] for i in range(-len(spans), len(spans))] == list(spans) * 2 if spans else True


def test_a_snippet_deep_in_a_long_text_is_found_without_a_walk_over_its_characters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A text without any of PREMAP's characters folds one character for one (str.translate):
    the hit in a long article is found without Python looking at each character."""
    from readlog.store import fold as fold_module

    def walk(ch: str) -> str:
        raise AssertionError("walked the text one character at a time")

    monkeypatch.setattr(fold_module, "fold_char", walk)
    text = "长文章的正文，" * 20_000 + "这里讲 Linux 内核的调度器。"
    piece, spans = snippet(["一个标题", text], parse_query("linux 内核"))
    assert marked(piece, spans) == "…**Linux** **内核**的调度器。"


# ---- a library to search --------------------------------------------------------------------------


# The source every built entry has: made of no letter a test searches for (LETTERS below), so a
# word is found in an entry only through its title.
SOURCE = "§"


def build(path: Path, titles: list[str]) -> Store:
    lib = Store.open(path)
    with lib.transaction():
        action = lib.start_action("test")
        entries = [Entry(title=t, source=SOURCE) for t in titles]
        lib.upsert(entries, lib.begin_import("t", "", "t", "", action), action, Counts())
    return lib


def found(lib: Store, query: str) -> list[str]:
    return [r["title"] for r in lib.select(Filters(query=parse_query(query)), limit=0)]


def held_as(lib: Store, title: str) -> str:
    """The title of the entry that ``title`` was built into: titles that are one entry by
    identity (the same words composed and decomposed, in full width and ASCII: identity folds
    NFKC and case) are kept under the first of them."""
    fingerprint = Entry(title=title, source=SOURCE).fingerprint()
    row = lib.conn.execute("SELECT title FROM entries WHERE fingerprint = ?", (fingerprint,)).fetchone()
    assert row is not None, title
    return str(row[0])


def as_query(word: str) -> str:
    """The word as typed: bare when that is unambiguous, else a quoted phrase."""
    if word[0] in '-"' or word == "OR" or word.startswith("--"):
        return '"' + word.replace('"', '""') + '"'
    return word


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


TITLES = [
    "İstanbul'da bir gün",
    "Die Straße am Fluss",
    "ΟΔΟΣ ΠΡΟΣ ΤΗΝ ΘΑΛΑΣΣΑ",
    'Quote"inside and "start',
    "内核调度器的新设计",
    "ılık su",
]


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("istanbul", TITLES[0]),
        ("İSTANBUL", TITLES[0]),
        ("İstanbul", TITLES[0]),
        ("i\u0307stanbul", TITLES[0]),
        ("ISTANBUL'DA", TITLES[0]),
        ("İs", TITLES[0]),  # two characters: the trigrams that start with "is"
        ("ẞ", TITLES[1]),  # one character that folds to two
        ("STRASSE", TITLES[1]),
        ("strasse", TITLES[1]),
        ("STRAẞE", TITLES[1]),
        ("ß", TITLES[1]),
        ("οδος", TITLES[2]),  # final sigma typed as a lower case word
        ("θάλασσα", None),  # accents are not folded: ΘΑΛΑΣΣΑ has none
        ("θαλασσα", TITLES[2]),
        ('Quote"inside', TITLES[3]),  # a quote inside a bare word is searched as text
        ('"Quote""inside"', TITLES[3]),
        ('quote"INSIDE', TITLES[3]),
        ('"start', TITLES[3]),  # a leading quote opens a phrase: the word after it
        ("ILIK", TITLES[5]),
        ("调度", TITLES[4]),
    ],
)
def test_examples(scratch: Path, query: str, title: str | None) -> None:
    path = scratch / "examples.db"
    lib = Store.open(path) if path.exists() else build(path, TITLES)
    try:
        assert found(lib, query) == ([title] if title else [])
    finally:
        lib.close()


def test_one_character_finds_every_character_that_folds_to_it(scratch: Path) -> None:
    path = scratch / "examples.db"
    lib = Store.open(path) if path.exists() else build(path, TITLES)
    try:
        expected = {TITLES[0], TITLES[1], TITLES[3], TITLES[5]}  # İ, i ("Die", "inside"), ı
        assert set(found(lib, "İ")) == set(found(lib, "I")) == set(found(lib, "ı")) == expected
        assert set(found(lib, "\u0307")) == set()  # the dot that a dotted i loses is not found in it
    finally:
        lib.close()


def test_snippet_marks_the_hit_in_the_text_as_written() -> None:
    text, spans = snippet(["Notes from İstanbul and the Straße"], parse_query("istanbul STRASSE"))
    assert marked(text, spans) == "Notes from **İstanbul** and the **Straße**"


def test_a_one_letter_word_finds_only_the_titles_holding_it(tmp_path: Path) -> None:
    """The property below searches for words of the titles: the entries' source must hold none
    of them, or a hit through the source fails its check that each hit's title holds the word."""
    assert not set(SOURCE) & set(LETTERS)
    lib = build(tmp_path / "lib.db", ["s", "another", "内核"])
    try:
        assert found(lib, "s") == ["s"]
    finally:
        lib.close()


# ---- property: any word of any title is found by itself, in any case ------------------------------------

LETTERS = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    "àáâäçèéêëìíîïñòóôöùúûüýÿÀÁÂÄÇÈÉÊËÌÍÎÏÑÒÓÔÖÙÚÛÜÝąćęłńśźżĄĆĘŁŃŚŹŻřšžŘŠŽőűŐŰ"  # accented Latin
    "İıŞşĞğÇçÖöÜü"  # Turkish
    "ßẞ"  # German
    "αβγδεζηθικλμνξοπρστυφχψωςΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩάέήίόύώΐΰϊϋ"  # Greek, final sigma included
    "абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯёЁ"  # Cyrillic
    "内核调度器编译缓存数据库事务的一是在了"  # Chinese
    "ﬁﬂ0123456789'\".-:*^()%_"
)
WORD = st.text(st.sampled_from(LETTERS), min_size=1, max_size=10)
CASES = {
    "as written": str,
    "upper": str.upper,
    "lower": str.lower,
    "title": str.title,
    "casefold": str.casefold,
    "swapped": str.swapcase,
}


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(titles=st.lists(st.lists(WORD, min_size=1, max_size=5).map(" ".join), min_size=1, max_size=4), data=st.data())
def test_any_word_of_any_title_is_found_in_any_case(scratch: Path, titles: list[str], data: st.DataObject) -> None:
    path = scratch / f"p{data.draw(st.integers(0, 10**12))}.db"
    lib = build(path, titles)
    try:
        # Each title gets its own entry unless two titles are the same entry (the same title but for
        # case or width, the same source): held_as() names the title it was kept under.
        for title in titles:
            word = data.draw(st.sampled_from(title.split()))
            ups = data.draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
            mixed = "".join(c.upper() if up else c.lower() for c, up in zip(word, ups, strict=True))
            for name, typed in [*((n, case(word)) for n, case in CASES.items()), ("mixed", mixed)]:
                query = as_query(typed)
                hits = found(lib, query)
                assert held_as(lib, title) in hits, (name, word, typed, query, hits)
                assert all(fold(typed.strip('"')) in fold(h) for h in hits if typed[0] != '"')
    finally:
        lib.close()
        path.unlink()


# ---- the upgrade: an index built before schema 8 ---------------------------------------------------------


def test_schema_8_reindexes_the_entries_whose_text_it_folds_differently(tmp_path: Path) -> None:
    from sqlite_utils import Database

    from readlog.store.migrations import m002_search, m004_reading, m006_fold_spaces_only_when_needed, progress

    path = tmp_path / "lib.db"
    build(path, ["İstanbul", "Straße", "plain title", "内核", "ΟΔΟΣ"]).close()
    # Back to schema 6: its triggers, and its index, filled with its expressions.
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm008_fold_case_both_sides'")
    conn.execute("PRAGMA user_version = 6")
    m006_fold_spaces_only_when_needed.m006_fold_spaces_only_when_needed(Database(conn))
    cols = m004_reading.FTS_COLUMNS_V4
    values = m002_search.fts_values("entries", cols)
    progress.fill_index(conn, f"INSERT INTO entries_fts(rowid, {', '.join(cols)}) SELECT id, {values} FROM entries ")
    conn.close()
    lib = Store.open(path, notice=lambda _: None)  # the upgrade
    try:
        assert lib.conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert found(lib, "istanbul") == ["İstanbul"] and found(lib, "STRASSE") == ["Straße"]
        assert found(lib, "内核") == ["内核"] and found(lib, "plain") == ["plain title"] and found(lib, "οδος")
        terms = "SELECT term, doc, col, offset FROM temp.terms ORDER BY 1, 2, 3, 4"
        lib.conn.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, entries_fts, 'instance')")
        upgraded = lib.conn.execute(terms).fetchall()
        lib.conn.execute("BEGIN")
        schema.rebuild_index(lib.conn)
        assert lib.conn.execute(terms).fetchall() == upgraded  # exactly what a rebuild makes
        lib.conn.execute("ROLLBACK")
        lib.conn.execute("INSERT INTO entries_fts(entries_fts) VALUES ('integrity-check')")  # raises if damaged
    finally:
        lib.close()


# ---- Unicode equivalence (issue 33 item 13): composed and decomposed, full width and ASCII, joiners ----

EQUIVALENT = [
    "Notes from the cafe\u0301 on the corner",  # é decomposed, as macOS names files
    "Un café à Zürich",  # é composed, as keyboards type it
    "ｒｕｓｔ と ＡＢＣ の入門",  # full width, as Chinese and Japanese input methods type in full-width mode
    "Rust and ABC for beginners",
    "می\u200cخواهم بخوانم",  # Persian with the non-joiner it needs
    "Ｃ＋＋ 入门，第２版",
    "한국어 문서",
    unicodedata.normalize("NFD", "한국어 자료"),  # Hangul as its letters
]


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("café", [0, 1]),
        ("cafe\u0301", [0, 1]),
        ("CAFÉ", [0, 1]),
        ("é", [0, 1]),  # one character, in either spelling
        ("rust", [2, 3]),
        ("ｒｕｓｔ", [2, 3]),
        ("ＲＵＳＴ", [2, 3]),
        ("abc", [2, 3]),
        ("ＡＢＣ", [2, 3]),
        ("c++", [5]),
        ("第2版", [5]),
        ("，第2", [5]),
        ("میخواهم", [4]),  # typed without the non-joiner
        ("می\u200cخواهم", [4]),
        ("한국어", [6, 7]),
        (unicodedata.normalize("NFD", "한국어"), [6, 7]),
    ],
)
def test_equivalent_spellings_find_each_other(scratch: Path, query: str, titles: list[int]) -> None:
    path = scratch / "equivalent.db"
    lib = Store.open(path) if path.exists() else build(path, EQUIVALENT)
    try:
        assert sorted(found(lib, query)) == sorted(EQUIVALENT[i] for i in titles)
    finally:
        lib.close()


def test_a_snippet_marks_a_hit_in_another_spelling() -> None:
    text, spans = snippet(["Ｃ＋＋ 入门 and the cafe\u0301 می\u200cخواهم"], parse_query("c++ café میخواهم"))
    assert marked(text, spans) == "**Ｃ＋＋** 入门 and the **cafe\u0301** **می\u200cخواهم**"


# Letters with accents (each with a decomposition), Hangul and kana that macOS decomposes, ASCII.
SPELLED = "éèêëàâäçñöüÿåǘệựőšřĳ" + "한글국어" + "がぱデ" + "abcxyzKLM0189+#"


def spelled(word: str, how: str) -> str:
    """``word`` composed, decomposed, or with its ASCII typed full width."""
    if how == "full width":
        return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" and c not in "!(),:;?~" else c for c in word)
    return unicodedata.normalize(how, word)


HOW = st.sampled_from(["NFC", "NFD", "full width"])


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    titles=st.lists(
        st.lists(st.text(st.sampled_from(SPELLED), min_size=1, max_size=8), min_size=1, max_size=4),
        min_size=1,
        max_size=4,
    ),
    data=st.data(),
)
def test_any_spelling_of_a_word_finds_what_the_word_finds(
    scratch: Path, titles: list[list[str]], data: st.DataObject
) -> None:
    """Titles stored with each word composed, decomposed or in full width; any spelling of
    any word finds its title, and exactly what the word typed composed in ASCII finds."""
    stored = [" ".join(spelled(w, data.draw(HOW)) for w in words) for words in titles]
    path = scratch / f"s{data.draw(st.integers(0, 10**12))}.db"
    lib = build(path, stored)
    try:
        for words, title in zip(titles, stored, strict=True):
            word = data.draw(st.sampled_from(words))
            typed = spelled(word, data.draw(HOW))
            hits = found(lib, as_query(typed))
            assert held_as(lib, title) in hits, (word, typed, title)
            assert sorted(hits) == sorted(found(lib, as_query(unicodedata.normalize("NFC", word))))
    finally:
        lib.close()
        path.unlink()


# ---- the upgrade: an index built before schema 11 ---------------------------------------------------------


def test_schema_11_reindexes_only_the_entries_that_hold_full_width_or_joiners(tmp_path: Path) -> None:
    """Entries written before schema 11 (plain, full width, a Chinese sentence's comma, a joiner,
    full width in a tag's JSON escape): only those whose folded text changes are indexed
    again, and the index is then exactly what a rebuild makes."""
    from sqlite_utils import Database

    from readlog.store.migrations import migrate

    path = tmp_path / "lib.db"
    shutil.copyfile(FIXTURES / "libraries" / "v10.db", path)
    conn = sqlite3.connect(path, isolation_level=None)
    columns = "fingerprint, title, summary, saved_at, imported_at, updated_at"
    titles = ["plain Rust", "ｒｕｓｔ 入门", "内核，调度", "می\u200cخواهم", "tag only"]
    for i, title in enumerate(titles):
        conn.execute(f"INSERT INTO entries ({columns}) VALUES (?, ?, '', 't', 't', 't')", (f"f{i}", title))
    conn.execute(
        "UPDATE entries SET tags = ? WHERE title = 'tag only'", ('["\\uff51\\uff55\\uff49\\uff52\\uff4b"]',)
    )  # ｑｕｉｒｋ, escaped
    changed = {
        r[0] for r in conn.execute("SELECT id FROM entries WHERE title IN (?, ?, ?)", (titles[1], titles[3], titles[4]))
    }
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    assert migrate(Database(conn)) == LATEST  # the upgrade Store.open runs
    conn.set_trace_callback(None)
    again = [s for s in statements if s.startswith("INSERT INTO entries_fts(entries_fts, rowid") and "'delete'" in s]
    assert len(again) == 1 and {int(i) for i in re.findall(r"\d+", again[0].split("WHERE id IN")[1])} == changed
    conn.close()
    lib = Store.open(path)
    try:
        assert sorted(found(lib, "rust")) == ["plain Rust", "ｒｕｓｔ 入门"] == sorted(found(lib, "ＲＵＳＴ"))
        assert found(lib, "میخواهم") == [titles[3]] and found(lib, "quirk") == ["tag only"]
        assert (
            found(lib, "内核，调度") == [titles[2]] and found(lib, "内核,调度") == []
        )  # a Chinese sentence's own comma
        terms = "SELECT term, doc, col, offset FROM temp.terms ORDER BY 1, 2, 3, 4"
        lib.conn.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, entries_fts, 'instance')")
        upgraded = lib.conn.execute(terms).fetchall()
        lib.conn.execute("BEGIN")
        schema.rebuild_index(lib.conn)
        assert lib.conn.execute(terms).fetchall() == upgraded  # exactly what a rebuild makes
        lib.conn.execute("ROLLBACK")
        lib.conn.execute("INSERT INTO entries_fts(entries_fts) VALUES ('integrity-check')")
    finally:
        lib.close()
