"""The reader of ids and ranges (``3 5 8-12``) and the filter options, tested
directly: core/filters.py's pure part, without a library or the CLI."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.core.filters import MAX_MINUTES, FilterArgs, make_filters, parse_ids
from readlog.model.errors import UsageError
from readlog.model.ids import MAX_ID

from helpers import examples


@pytest.mark.parametrize(
    ("values", "ids"),
    [
        (["3"], [3]),
        (["3", "5", "8-12"], [3, 5, 8, 9, 10, 11, 12]),
        (["3,5", " 8-9 "], [3, 5, 8, 9]),
        (["5", "3", "5"], [5, 3]),  # repeats removed, the first place kept
        (["1-3", "2-4"], [1, 2, 3, 4]),
        (["4-4"], [4]),
        (["0"], [0]),  # read as written: whether it names an entry is the store's answer
        ([str(MAX_ID)], [MAX_ID]),
    ],
)
def test_parse_ids_examples(values: list[str], ids: list[int]) -> None:
    assert parse_ids(values) == ids


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ([""], "empty_id"),
        ([" , "], "empty_id"),
        (["x"], "bad_id"),
        (["-3"], "bad_id"),
        (["3-"], "bad_id"),
        (["1-2-3"], "bad_id"),
        (["5-3"], "range_backwards"),
        ([f"1-{MAX_ID + 1}"], "id_too_big"),
        ([str(MAX_ID + 1)], "id_too_big"),
        (["1-1000002"], "range_too_large"),
    ],
)
def test_parse_ids_refuses(values: list[str], key: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_ids(values)
    assert caught.value.key == key


IDS = st.integers(min_value=1, max_value=60)
PARTS = st.one_of(
    IDS.map(str),
    st.tuples(IDS, st.integers(min_value=0, max_value=5)).map(lambda p: f"{p[0]}-{p[0] + p[1]}"),
)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.lists(PARTS, min_size=1, max_size=4), min_size=1, max_size=4))
def test_parse_ids_is_every_id_named_once_in_the_order_first_named(groups: list[list[str]]) -> None:
    values = [" ".join(g) if i % 2 else ",".join(g) for i, g in enumerate(groups)]
    named: list[int] = []
    for group in groups:
        for part in group:
            lo, _, hi = part.partition("-")
            named.extend(range(int(lo), int(hi or lo) + 1))
    ids = parse_ids(values)
    assert len(ids) == len(set(ids))  # no repeats
    assert set(ids) == set(named)  # every id named, nothing else
    assert ids == sorted(set(named), key=named.index)  # each where it was first named


def test_the_range_limit_is_a_million_and_one_ids() -> None:
    assert len(parse_ids(["1-1000001"])) == 1_000_001


def test_make_filters_refuses_what_would_widen_or_contradict() -> None:
    def key(**changes: Any) -> str | None:
        with pytest.raises(UsageError) as caught:
            replace(FilterArgs(), **changes).filters()
        return caught.value.key

    assert key(unread=True, read=True) == "unread_and_read"
    assert key(source="  ") == "needs_value"
    assert key(tags=["ok", ""]) == "needs_value"
    assert key(since=" ") == "needs_value"
    assert key(min_time=MAX_MINUTES + 1) == "minutes_range"
    assert key(max_time=-1) == "minutes_range"
    assert key(min_time=10, max_time=5) == "minutes_crossed"


def test_make_filters_values() -> None:
    f = make_filters(
        unread=True,
        read=False,
        starred=True,
        source="s",
        category=None,
        since="2026-01-01",
        before=None,
        tags=["#Rust", "rust", "go"],
        archived=False,
        search=None,
        min_time=0,
        max_time=MAX_MINUTES,
    )
    assert f.state == "unread" and f.starred and f.source == "s"
    assert f.tags == ["Rust", "go"]  # one spelling per tag, as stored
    assert f.since is not None and f.since.startswith("2026-01-01")
    assert (f.min_minutes, f.max_minutes) == (0, MAX_MINUTES)


def test_filter_args_words_are_the_options_as_typed() -> None:
    assert not FilterArgs().given() and FilterArgs().words() == []
    args = FilterArgs(unread=True, source="my site", tags=["a", "b"], min_time=5, search="内核")
    assert args.given()
    words = ["--unread", "--source", "my site", "--search", "内核", "--min-time", "5", "--tag", "a", "--tag", "b"]
    assert args.words() == words
