"""The pure functions of readlog/model, tested directly: no library, no CLI.

The end-to-end tests reach these through an import or a command, where a
wrong answer can hide behind what the rest of the way does (a repeated tag
merged later, a name that happens to be printable). Here each rule is held
on its own, by examples and by properties.
"""

from __future__ import annotations

import codecs
import re
import shlex
from datetime import date, datetime, timedelta, timezone
from typing import Any

import pytest
from dateutil.relativedelta import relativedelta
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from readlog.model import environment, epoch, exchange, length, links, shell, stamps, tags
from readlog.model.entry import (
    Problem,
    counted,
    fingerprint,
    item_fingerprint,
    normalize_url,
    other_scheme,
    refingerprint,
)
from readlog.model.ids import MAX_ID
from readlog.model.sanitize import is_text, shown_name, strip_controls

from helpers import examples

# Any text, lone surrogates included (what a file name that is not UTF-8 becomes).
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=60)

# ---------------------------------------------------------------- sanitize.shown_name


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("notes.md", "notes.md"),
        ("读书笔记.md", "读书笔记.md"),
        ("with space.csv", "with space.csv"),
        ("a\nb.txt", "a\\x0ab.txt"),
        ("tab\there", "tab\\x09here"),
        ("bell\x07", "bell\\x07"),
        ("del\x7f", "del\\x7f"),
        ("c1\x9b", "c1\\x9b"),
        ("latin1-\udce9.txt", "latin1-\\xe9.txt"),  # the byte 0xe9, not UTF-8, handed over as a surrogate
        ("\udcff\udcfe", "\\xff\\xfe"),
        ("\ud800x", "\\ud800x"),  # a surrogate that stands for no byte
    ],
)
def test_shown_name_examples(name: str, shown: str) -> None:
    assert shown_name(name) == shown


@settings(max_examples=examples(300), deadline=None)
@given(ANY_TEXT)
def test_a_shown_name_is_one_printable_line_of_text(name: str) -> None:
    shown = shown_name(name)
    assert is_text(shown)
    assert not re.search("[\x00-\x1f\x7f-\x9f]", shown)
    shown.encode("utf-8")  # writable to a UTF-8 stream and to SQLite


@settings(max_examples=examples(300), deadline=None)
@given(st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=60))
def test_a_name_that_is_text_without_controls_is_shown_as_it_is(name: str) -> None:
    assert shown_name(name) == name


@settings(max_examples=examples(300), deadline=None)
@given(st.binary(max_size=40))
def test_a_name_of_any_bytes_is_shown_as_those_bytes(raw: bytes) -> None:
    """What Python hands over for a file name of any bytes (surrogateescape) is
    shown so that its bytes can be read back from it: the bytes that are not
    UTF-8, and the controls, as ``\\xNN``; the rest as the text they are."""
    name = raw.decode("utf-8", "surrogateescape")
    assume(b"\\" not in raw and not re.search("[\x80-\x9f]", name))  # a C1 control is shown as its code point
    assert codecs.escape_decode(shown_name(name).encode("utf-8"))[0] == raw


def test_is_text_and_strip_controls() -> None:
    assert is_text("读书 ok") and not is_text("a\udcff")
    assert strip_controls("plain  text\twith\nlines") == "plain  text\twith\nlines"  # runs of spaces stay
    assert strip_controls("\x1b[31mred\x1b[0m\x07") == "red"
    assert strip_controls("a\x85b") == "a\nb"  # NEL is a line end
    assert strip_controls("a\u200bb") == "a\u200bb"  # format characters stay: only controls go


# ---------------------------------------------------------------- tags


@pytest.mark.parametrize(
    ("raw", "tag"),
    [("rust", "rust"), ("#Rust", "Rust"), ("##rust", "rust"), ("  many   words ", "many words"), ("\x1b[1mx", "x")],
)
def test_normalise_tag(raw: str, tag: str) -> None:
    assert tags.normalise_tag(raw) == tag


def test_unique_tags_keep_the_first_spelling_in_order() -> None:
    assert tags.unique_tags(["Rust", "#rust", "", " ", "数据库", "RUST", "go", "数据库"]) == ["Rust", "数据库", "go"]


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.text(st.sampled_from("#aAbB数据 \t\u200b\x1b"), max_size=6), max_size=8))
def test_unique_tags_are_normal_and_unique(raw: list[str]) -> None:
    kept = tags.unique_tags(raw)
    assert all(t and t == tags.normalise_tag(t) for t in kept)
    assert len({t.casefold() for t in kept}) == len(kept)
    assert tags.unique_tags(kept) == kept
    assert {t.casefold() for t in kept} == {tags.normalise_tag(t).casefold() for t in raw} - {""}


@pytest.mark.parametrize(
    ("raw", "found"),
    [
        ('["a", "b"]', ["a", "b"]),
        (["x", 3], ["x", "3"]),
        ("[]", []),
        ("", []),
        (None, []),
        ("not json", []),
        ('{"a": 1}', []),
        ("[1, 2]", ["1", "2"]),
    ],
)
def test_tag_list_reads_what_is_stored_and_never_fails(raw: object, found: list[str]) -> None:
    assert tags.tag_list(raw) == found


# ---------------------------------------------------------------- links


def test_entry_links_own_link_first_then_the_summary_s_each_once() -> None:
    row = {
        "url": "https://a.example/post",
        "summary": "see https://b.example/x and https://a.example/post\nimage: https://c.example/pic?s=2\n"
        "(https://d.example/y.PNG)",
    }
    assert links.entry_links(row) == [
        links.Link("https://a.example/post", True, False),
        links.Link("https://b.example/x", False, False),
        links.Link("https://c.example/pic?s=2", False, True),  # on an image: line
        links.Link("https://d.example/y.PNG", False, True),  # by its name
    ]
    assert links.entry_links({"url": "", "summary": None}) == []


def test_links_are_numbered_unless_the_own_link_is_all() -> None:
    own = links.Link("https://a.example/", True, False)
    other = links.Link("https://b.example/", False, False)
    assert not links.numbered([])
    assert not links.numbered([own])
    assert links.numbered([other])
    assert links.numbered([own, other])


# ---------------------------------------------------------------- shell


@pytest.mark.parametrize(
    ("words", "line"),
    [
        (["tag", 5, "+数据库"], "tag 5 +数据库"),
        (["add", "two words"], "add 'two words'"),
        (["note", ""], "note ''"),
        (["x", "it's"], "x 'it'\"'\"'s'"),
        (["a;b", "$HOME"], "'a;b' '$HOME'"),
        (["zh\u3000space"], "'zh\u3000space'"),  # an ideographic space splits words too
    ],
)
def test_shell_join_quotes_only_what_a_shell_would_split(words: list[object], line: str) -> None:
    assert shell.join(words) == line


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.text(st.characters(exclude_categories=("Cs",)), max_size=10), max_size=6))
def test_a_shell_splits_the_line_back_into_the_words(words: list[str]) -> None:
    """What history records reads back whole, word for word (as POSIX shlex splits it;
    words with characters it cannot split on, such as NUL, are left out)."""
    if any("\x00" in w for w in words):
        return
    assert shlex.split(shell.join(words)) == words


# ---------------------------------------------------------------- epoch


@pytest.mark.parametrize(
    ("value", "when"),
    [
        (1_700_000_000, datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc)),  # seconds
        ("1700000000000", datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc)),  # milliseconds
        (1_700_000_000_000_000, datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc)),  # microseconds
        (" 1700000000.5 ", datetime(2023, 11, 14, 22, 13, 20, 500000, tzinfo=timezone.utc)),
        (0, None),
        (-5, None),
        ("nan", None),
        ("inf", None),
        ("soon", None),
    ],
)
def test_from_epoch_tells_the_unit_by_the_size(value: object, when: datetime | None) -> None:
    assert epoch.from_epoch(value) == when


def test_from_webkit_counts_from_1601() -> None:
    assert epoch.from_webkit("13345000000000000") == datetime(1601, 1, 1, tzinfo=timezone.utc) + timedelta(
        microseconds=13345000000000000
    )
    assert epoch.from_webkit(0) is None and epoch.from_webkit("x") is None and epoch.from_webkit(10**30) is None


@pytest.mark.parametrize(
    ("value", "when"),
    [
        ("2024-03-05T06:07:08Z", datetime(2024, 3, 5, 6, 7, 8, tzinfo=timezone.utc)),
        ("2024-03-05T06:07:08+08:00", datetime(2024, 3, 4, 22, 7, 8, tzinfo=timezone.utc)),
        ("2024-03-05", datetime(2024, 3, 5, tzinfo=timezone.utc)),
        ("2024年3月5日", datetime(2024, 3, 5, tzinfo=timezone.utc)),  # not 5 March read as day 2024
        ("2024-02-30", None),  # an ISO date that does not exist is not guessed at
        ("", None),
        (True, None),
        (None, None),
        ("x" * 65, None),
    ],
)
def test_parse_time(value: object, when: datetime | None) -> None:
    assert epoch.parse_time(value) == when


def test_day_of_is_the_date_in_the_time_s_own_zone() -> None:
    late = datetime(2024, 3, 5, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    assert epoch.day_of(late) == "2024-03-05"  # 04:30 on the 6th in UTC
    assert epoch.day_of(None) is None


# ---------------------------------------------------------------- stamps


def _units(n: int, unit: str) -> relativedelta:
    return relativedelta(**{unit + "s": n})


@settings(max_examples=examples(200), deadline=None)
@given(
    st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(timezone.utc)),
    st.integers(min_value=1, max_value=400),
    st.sampled_from(["day", "week", "month", "year"]),
)
def test_span_measures_a_whole_number_of_units(end: datetime, n: int, unit: str) -> None:
    """A period counted back from its end (as ``--since 3mo`` is) is said in the
    largest unit that measures it exactly: 14 days are 2 weeks, 24 months 2 years."""
    start = end - _units(n, unit)
    found = stamps.span(start, end)
    assert found is not None
    amount, said = found
    assert end - _units(amount, said) == start
    assert ["day", "week", "month", "year"].index(said) >= ["day", "week", "month", "year"].index(unit)


def test_span_examples() -> None:
    start = datetime(2026, 1, 31, tzinfo=timezone.utc)
    assert stamps.span(start, start + timedelta(days=14)) == (2, "week")
    assert stamps.span(start, start + timedelta(days=3)) == (3, "day")
    assert stamps.span(datetime(2025, 3, 1), datetime(2026, 3, 1)) == (1, "year")
    assert stamps.span(datetime(2026, 1, 1), datetime(2026, 3, 1)) == (2, "month")
    assert stamps.span(start, start + timedelta(hours=5)) is None
    assert stamps.span(start, start) is None and stamps.span(start, start - timedelta(days=1)) is None


def test_valid_date_and_the_stored_form() -> None:
    assert stamps.valid_date(2024, 2, 29) == "2024-02-29"
    assert stamps.valid_date(2023, 2, 29) is None and stamps.valid_date(2023, 13, 1) is None
    assert stamps.to_iso(None) is None and stamps.from_iso(None) is None and stamps.from_iso("junk") is None
    shanghai = datetime(2026, 5, 1, 8, 0, tzinfo=timezone(timedelta(hours=8)))
    assert stamps.to_iso(shanghai) == "2026-05-01T00:00:00+00:00"
    assert stamps.from_iso("2026-05-01T00:00:00Z") == datetime(2026, 5, 1, tzinfo=timezone.utc)
    assert stamps.from_iso("2026-05-01T00:00:00") == datetime(2026, 5, 1, tzinfo=timezone.utc)  # no zone is UTC


@settings(max_examples=examples(200), deadline=None)
@given(st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 1, 1), timezones=st.just(timezone.utc)))
def test_the_stored_form_reads_back_and_sorts_as_time(when: datetime) -> None:
    stored = stamps.to_iso(when)
    assert stored is not None and stamps.from_iso(stored) == when.replace(microsecond=0)
    later = stamps.to_iso(when + timedelta(seconds=1))
    assert later is not None and stored < later


@pytest.mark.parametrize(
    ("ago", "bucket"),
    [
        (timedelta(seconds=-120), ("future", 0)),
        (timedelta(seconds=30), ("now", 0)),
        (timedelta(minutes=5), ("minutes", 5)),
        (timedelta(hours=3), ("hours", 3)),
        (timedelta(days=1), ("yesterday", 1)),
        (timedelta(days=20), ("days", 20)),
        (timedelta(days=21), ("weeks", 3)),
        (timedelta(days=40), ("months", 1)),
        (timedelta(days=800), ("years", 2)),
    ],
)
def test_elapsed_buckets(ago: timedelta, bucket: tuple[str, int]) -> None:
    current = datetime(2026, 12, 2, 10, 30, tzinfo=timezone.utc)
    assert stamps.elapsed(current - ago, current) == bucket


# ---------------------------------------------------------------- entry identity


@pytest.mark.parametrize(
    ("url", "scheme"),
    [
        ("file:///home/me/start.html", "file"),
        ("place:sort=8", "place"),
        ("JavaScript:alert(1)", "javascript"),
        (" about:blank", "about"),
        ("https://a.example/", None),
        ("httpss://a.example/", None),  # a web link written wrong is not another scheme
        ("htp://a.example/", None),
        ("no scheme here", None),
        ("", None),
    ],
)
def test_other_scheme(url: str, scheme: str | None) -> None:
    assert other_scheme(url) == scheme


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from(["http", "HTTPS", "https"]),
    st.sampled_from(["Example.COM", "www.example.com:443", "例子.cn"]),
    st.lists(st.sampled_from(["a", "b", "文"]), max_size=3).map("/".join),
    st.lists(st.sampled_from(["q=1", "utm_source=x", "fbclid=y", "b=2"]), max_size=3).map("&".join),
    st.sampled_from(["", "#top", "#:~:text=x", "#"]),
)
def test_normalize_url_is_a_key_that_does_not_change_twice(
    scheme: str, host: str, path: str, query: str, fragment: str
) -> None:
    url = f"{scheme}://{host}/{path}{'?' + query if query else ''}{fragment}"
    key = normalize_url(url)
    assert normalize_url(key) == key
    assert "utm_" not in key and "fbclid" not in key and ":~:" not in key
    assert fingerprint(url, "", "", "") == fingerprint(key, "", "", "")


def test_fingerprint_without_a_link_folds_case_width_and_spacing() -> None:
    a = fingerprint("", "Site", "Ｈello  World", "one")
    assert a == fingerprint("", "site", "hello world", " one ")
    assert a != fingerprint("", "site", "hello world", "two")
    assert a != fingerprint("", "", "site", "hello world\0one")  # the fields are kept apart
    assert len(a) == 32 and re.fullmatch("[0-9a-f]+", a)


def test_an_item_fingerprint_is_its_feed_and_id_kept_apart() -> None:
    assert item_fingerprint("f", "1") == item_fingerprint("f", "1")
    assert item_fingerprint("f", "1") != item_fingerprint("f1", "")
    assert item_fingerprint("f", "1") != fingerprint("", "f", "1", "")


def test_refingerprint_moves_only_an_old_fragment_fingerprint() -> None:
    url = "https://a.example/app#/route"
    old = fingerprint("", "", "", "", url_key=normalize_url(url).split("#", 1)[0])  # before fragments counted
    assert refingerprint(url, old) == fingerprint(url, "", "", "")
    other = fingerprint("", "s", "t", "")
    assert refingerprint(url, other) == other  # a fingerprint made another way stays
    plain = fingerprint("https://a.example/x", "", "", "")
    assert refingerprint("https://a.example/x", plain) == plain


def test_counted_problems_are_one_line_per_kind_and_scheme_after_the_others() -> None:
    refused = [Problem(i, "import_link_refused", {"reason": "r", "scheme": s}) for i, s in enumerate("ffp", 1)]
    kept = Problem(9, "import_time_unreadable", {"column": "c", "raw": "r"})
    bookmarklet = Problem(4, "import_code_link", {"scheme": "javascript"})
    found = counted([refused[0], kept, refused[1], bookmarklet, refused[2]])
    assert found[0] == kept
    assert [(p.key, p.fields["scheme"], p.count) for p in found[1:]] == [
        ("import_not_web_bookmarks", "f", 2),  # in the order each kind was first met
        ("import_bookmarklets", "javascript", 1),
        ("import_not_web_bookmarks", "p", 1),
    ]
    wrong = Problem(5, "import_link_refused", {"reason": "r"})  # a web link written wrong: no scheme, kept
    assert counted([wrong]) == [wrong]


# ---------------------------------------------------------------- exchange (CSV cells)


@pytest.mark.parametrize(
    ("text", "guarded"),
    [
        ("=1+1", "'=1+1"),
        ("plain", "plain"),
        ("", ""),
        ("-3", "'-3"),
        ("a\n=cmd", "a\n'=cmd"),
    ],
)
def test_a_cell_that_a_spreadsheet_could_run_is_guarded(text: str, guarded: str) -> None:
    assert exchange.cell(text) == guarded
    assert exchange.uncell(guarded) == text


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet="=+-@\t\r\n'ab 1", max_size=20))
def test_uncell_undoes_cell(text: str) -> None:
    assert exchange.uncell(exchange.cell(text)) == text


# ---------------------------------------------------------------- environment, ids, length


def test_env_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("READLOG_TEST_NUMBER", raising=False)
    assert environment.env_number("READLOG_TEST_NUMBER") is None
    monkeypatch.setenv("READLOG_TEST_NUMBER", "  ")
    assert environment.env_number("READLOG_TEST_NUMBER") is None
    monkeypatch.setenv("READLOG_TEST_NUMBER", " 2.5 ")
    assert environment.env_number("READLOG_TEST_NUMBER") == (2.5, "2.5")
    monkeypatch.setenv("READLOG_TEST_NUMBER", "lots")
    found = environment.env_number("READLOG_TEST_NUMBER")
    assert found is not None and found[0] != found[0] and found[1] == "lots"  # nan: no range admits it


def test_the_id_bound_is_what_sqlite_stores() -> None:
    assert MAX_ID == 2**63 - 1


@pytest.mark.parametrize(
    ("text", "units"),
    [
        ("", (0, 0)),
        ("hello world", (0, 2)),
        ("读书笔记", (4, 0)),
        ("读书 notes 2026", (2, 2)),
        ("ひらがな한국", (6, 0)),
    ],
)
def test_length_counts_characters_and_words(text: str, units: tuple[int, int]) -> None:
    assert length.count(text) == units


def test_minutes_need_something_to_read() -> None:
    assert length.minutes(0, 0) is None
    assert length.minutes(330, 0) == length.minutes(0, 238) == 1
    assert length.minutes(3300, 2380) == 20
    assert length.in_characters("读书笔记 and") and not length.in_characters("notes 读")


@settings(max_examples=examples(100), deadline=None)
@given(st.dates(min_value=date(1000, 1, 1)))
def test_a_real_date_is_valid(day: date) -> None:
    assert stamps.valid_date(day.year, day.month, day.day) == day.isoformat()


# ---- dataclasses whose methods are written out (model/written.py) --------------------------


def _generated(cls: type) -> type:
    """The dataclass ``cls`` stands for: the same fields, every method generated."""
    import dataclasses

    specs = []
    for f in dataclasses.fields(cls):
        default = {"default_factory": f.default_factory} if f.default_factory is not dataclasses.MISSING else {}
        if f.default is not dataclasses.MISSING:
            default = {"default": f.default}
        specs.append((f.name, Any, dataclasses.field(**default)))
    return dataclasses.make_dataclass(cls.__name__, specs)


def _written_classes() -> list[type]:
    from readlog.core.filters import FilterArgs
    from readlog.store.query import Filters

    return [Filters, FilterArgs]


@pytest.mark.parametrize("cls", _written_classes(), ids=lambda c: c.__name__)
@given(data=st.data())
def test_a_written_out_dataclass_is_the_generated_one(cls: type, data: st.DataObject) -> None:
    import dataclasses

    generated = _generated(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    assert names == [f.name for f in dataclasses.fields(generated)] == list(cls.__match_args__)
    values = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=3), st.lists(st.text(max_size=2)))
    given_ = data.draw(st.dictionaries(st.sampled_from(names), values))
    mine, theirs = cls(**given_), generated(**given_)
    assert vars(mine) == vars(theirs)
    assert repr(mine) == repr(theirs)
    assert cls(*[given_.get(n, getattr(theirs, n)) for n in names]) == mine  # by position, in field order
    other = data.draw(st.dictionaries(st.sampled_from(names), values))
    assert (cls(**other) == mine) == (generated(**other) == theirs)
    assert (mine == theirs) is False and mine.__eq__(theirs) is NotImplemented
    assert cls.__hash__ is None and generated.__hash__ is None
    assert vars(dataclasses.replace(mine, **other)) == vars(dataclasses.replace(theirs, **other))
    assert dataclasses.asdict(mine) == dataclasses.asdict(theirs)
    fresh = cls()
    assert fresh.tags == [] and fresh.tags is not cls().tags  # a new list each time
