"""The pure functions of readlog/inputs, tested directly: the vetting gate's
rules, the input limits, the legacy encodings' guess, the sniffers' view of a
file and the parsers' small readers, without an import or the CLI."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs import legacy, limits
from readlog.inputs.detect import detect, sniffable
from readlog.inputs.formats.common import day_first_time, one_line, split_tags, summary_of, truthy
from readlog.inputs.vet import _plausible_day, fitted, in_range
from readlog.model import fields
from readlog.model.errors import UsageError

from helpers import examples

# ---------------------------------------------------------------- vet


@pytest.mark.parametrize(
    ("day", "plausible"),
    [
        ("2026-12-02", True),
        ("1000-01-01", True),
        ("9999-12-31", True),
        ("0999-12-31", False),  # before year 1000
        ("2026-12-2", False),  # not YYYY-MM-DD
        ("2026-12-022", False),
        ("", False),
        ("abcd-01-01", False),  # letters sort after digits: only the digit check refuses these
        ("2o26-01-01", False),
        ("20a6-01-01", False),
        ("Year-01-01", False),
        ("~~~~-01-01", False),
        ("２０２６-01-01", False),  # full-width digits: isdigit() takes them, and they sort after 9999
        ("٢٠٢٦-01-01", False),
    ],
)
def test_plausible_day(day: str, plausible: bool) -> None:
    assert _plausible_day(day) is plausible


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet=st.characters(codec="ascii"), min_size=4, max_size=4))
def test_a_day_is_plausible_when_its_year_is_four_digits_from_1000(year: str) -> None:
    assert _plausible_day(year + "-01-01") is (year.isdigit() and year >= "1000")


@pytest.mark.parametrize(
    ("when", "kept"),
    [
        (datetime(1980, 1, 1, tzinfo=timezone.utc), True),
        (datetime(1979, 12, 31, 23, 59, 59, tzinfo=timezone.utc), False),
        (datetime(2999, 12, 31, 23, 59, tzinfo=timezone.utc), True),
        (datetime(3000, 1, 1, tzinfo=timezone.utc), False),
        (datetime(2026, 1, 1), True),  # no zone: taken as UTC
        (datetime(1980, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1))), False),  # 23:30 UTC the day before
    ],
)
def test_in_range(when: datetime, kept: bool) -> None:
    assert in_range(when) is kept


def test_fitted_cleans_and_cuts_to_the_limit() -> None:
    assert fitted("", "title", one_line=True) == ("", False)
    assert fitted("  a \x1b[31m title\n", "title", one_line=True) == ("a title", False)
    most = fields.limit("title")
    value, cut = fitted("x" * (most + 5), "title", one_line=True)
    assert cut and value == "x" * most
    far, cut = fitted("y " * (fields.margin("title", most) + 10), "title", one_line=True)
    assert cut and len(far) <= most and far == far.strip()  # cut before cleaning, then cleaned again
    assert fitted("https://a.example/\u200dx", "url", one_line=True) == ("https://a.example/x", False)  # no joiner


@settings(max_examples=examples(200), deadline=None)
@given(st.text(max_size=40), st.integers(min_value=1, max_value=30))
def test_a_fitted_value_is_within_its_limit_and_stays_as_it_is(text: str, most: int) -> None:
    value, cut = fitted(text, "title", one_line=True, most=most)
    assert len(value) <= most
    assert fitted(value, "title", one_line=True, most=most) == (value, False)  # what is stored comes back
    if not cut:
        assert value == fitted(text, "title", one_line=True, most=10_000)[0]


# ---------------------------------------------------------------- limits


def test_the_caps_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(limits.READ_ENV, raising=False)
    monkeypatch.delenv(limits.FEED_ENV, raising=False)
    assert limits.read_limit() == 128 * limits.MB and limits.feed_limit() == 16 * limits.MB
    monkeypatch.setenv(limits.READ_ENV, "0.5")
    assert limits.read_limit() == limits.MB // 2
    for wrong in ("0", "-1", "lots", "inf", str(1 << 30)):
        monkeypatch.setenv(limits.FEED_ENV, wrong)
        with pytest.raises(UsageError) as caught:
            limits.check()
        assert caught.value.key == "bad_size"


@pytest.mark.parametrize(
    ("given", "packed", "bomb"),
    [
        (limits.RATIO_FROM, 1, False),  # small outputs are harmless whatever their ratio
        (limits.RATIO_FROM + 1, 1, True),
        (limits.RATIO_FROM + 1, 0, True),
        (100 * limits.MB, limits.MB, False),  # exactly MAX_RATIO
        (100 * limits.MB + 1, limits.MB, True),
        (20 * limits.MB, 5 * limits.MB, False),
    ],
)
def test_bomb_like(given: int, packed: int, bomb: bool) -> None:
    assert limits.bomb_like(given, packed) is bomb


# ---------------------------------------------------------------- legacy encodings


def test_looks_like_feed_and_table() -> None:
    assert legacy.looks_like_feed(b'<?xml version="1.0"?>\n<!-- c -->\n<rss version="2.0">')
    assert legacy.looks_like_feed(b"\xef\xbb\xbf<feed xmlns='x'>")
    assert legacy.looks_like_feed(b"<rdf:RDF>")
    assert not legacy.looks_like_feed(b"<html><rss>")
    assert legacy.looks_like_table(b"a;b;c\n1;2;3\n")
    assert legacy.looks_like_table(b"url\ttitle\nx\ty\n")
    assert not legacy.looks_like_table(b"a;b\n")  # one line: nothing to compare with
    assert not legacy.looks_like_table(b"<p>a,b</p>\n<p>c,d</p>\n")
    assert not legacy.looks_like_table(b"a,b\nno delimiter here\n")


@pytest.mark.parametrize(
    ("text", "encoding", "candidates"),
    [
        ("Zażółć gęślą jaźń, łódź i świąt", "iso-8859-2", legacy.CANDIDATES),
        ("Café, naïve façade — “quoted” €5", "cp1252", legacy.CANDIDATES),
        ("Привет, мир; название", "cp1251", legacy.TABLE_CANDIDATES),
        ("Příliš žluťoučký kůň úpěl", "cp1250", legacy.TABLE_CANDIDATES),
    ],
)
def test_guess_reads_each_legacy_text_in_its_own_encoding(text: str, encoding: str, candidates: tuple[str]) -> None:
    assert legacy.guess(text.encode(encoding), candidates) == encoding


def test_guess_cjk() -> None:
    chinese = "我们在这里说的是中国人的一个时代，这个时候大家都在学习".encode("gb18030")
    assert legacy.guess_cjk(chinese) == "gb18030"
    japanese = "これはテストです。ひらがなとカタカナのぶんしょうです".encode("shift_jis")
    assert legacy.guess_cjk(japanese) == "shift_jis"
    assert legacy.guess_cjk("短".encode("gb18030")) is None  # too few letters to tell
    assert legacy.guess_cjk(b"plain ascii only, nothing else") is None


# ---------------------------------------------------------------- sniffing


def test_sniffable_writes_out_json_escapes_only() -> None:
    assert sniffable('{"url": "https:\\/\\/a.example\\/x"}') == '{"url": "https://a.example/x"}'
    assert sniffable('[{"t": "\\u8bfb\\u4e66"}]') == '[{"t": "读书"}]'
    assert sniffable('{"q": "a \\"b\\" \\\\ \\n"}') == '{"q": "a \\"b\\" \\\\ \\n"}'  # these stay escaped
    assert sniffable("not json \\/ at all") == "not json \\/ at all"
    assert sniffable("\ufeff {}") == "\ufeff {}"


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("URL,Title,Selection,Folder,Timestamp\nhttps://a.example/,A,,Unread,1\n", "instapaper"),
        ("Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen\n", "readwise"),
        ('<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>', "feed"),
        ("nothing to see", None),
        ("", None),
    ],
)
def test_detect(text: str, fmt: str | None) -> None:
    assert detect(text) == fmt


# ---------------------------------------------------------------- the parsers' small readers


def test_the_parsers_small_readers() -> None:
    assert split_tags("a, b ,, c  d") == ["a", "b", "c d"]
    assert split_tags("a;b|c", ";|") == ["a", "b", "c"]
    assert split_tags("") == []
    assert one_line(" Vec<T>\n  and\tmore ") == "Vec<T> and more"
    assert summary_of("  text  ") == "text"
    assert summary_of("one two three four", 10) == "one two…"  # at a word near the limit
    assert summary_of("one two three four", 12) == "one two thre…"  # none near enough
    assert summary_of("第一句话很长。第二句", 8) == "第一句话很长。…"
    assert [truthy(v) for v in ("1", " TRUE ", "yes", "y", "t", "0", "no", "", 1, 0, None)] == [
        *[True] * 5,
        *[False] * 3,
        True,
        False,
        False,
    ]


@pytest.mark.parametrize(
    ("raw", "when"),
    [
        ("31/12/2020 11:30:05", datetime(2020, 12, 31, 11, 30, 5, tzinfo=timezone.utc)),
        ("31.12.2020 11:30", datetime(2020, 12, 31, 11, 30, tzinfo=timezone.utc)),
        ("1-2-2021", datetime(2021, 2, 1, tzinfo=timezone.utc)),  # day first
        ("31/02/2021", None),  # no such day
        ("31/12.2020", None),  # one separator throughout
        ("2020-12-31", None),  # year first is not this shape
    ],
)
def test_day_first_time(raw: str, when: datetime | None) -> None:
    assert day_first_time(raw) == when


def test_readlogs_own_published_day_is_kept_in_ascii_digits() -> None:
    """A day in other digits (a hand-edited export) is the same day, kept as readlog writes days."""
    from readlog.inputs.formats.jsonl import _published

    assert _published("2026-01-05") == "2026-01-05"
    assert _published("２０２６-０１-０５") == "2026-01-05"
    assert _published(" 2026-01-05 ") == "2026-01-05"
    assert _published(None) is None and _published("") is None
