"""Reading fewer fields: ``lib.entries(fields=...)`` reads only the columns of
the fields named, which is what ``readlog list`` asks for (its table shows no
summary, verdict or note); an Entry reads each field from its row when first
asked; a search finds each of an entry's two snippets only when asked."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import readlog
from readlog.core.library import Library
from readlog.model.record import COLUMNS, columns_of
from readlog.render.output import TABLE_FIELDS
from readlog.store.query import LIST_COLUMNS

ROOT = Path(__file__).resolve().parent.parent
DIGEST = ROOT / "examples" / "reading-digest.txt"  # five entries, ids 1-5
FIELDS = [f.name for f in dataclasses.fields(readlog.Entry) if f.compare]


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Library]:
    with readlog.open(tmp_path_factory.mktemp("fields") / "api.db") as opened:
        assert opened.import_path(DIGEST, as_of="2026-12-01").added == 5
        opened.note(3, "worth a second look")
        opened.star([2, 3])
        opened.tag(4, add="rust")
        yield opened


def test_every_field_has_a_column() -> None:
    assert set(COLUMNS) == set(FIELDS)


@settings(max_examples=40, deadline=None)
@given(chosen=st.lists(st.sampled_from(FIELDS), unique=True, max_size=len(FIELDS)))
def test_the_fields_read_are_what_a_whole_entry_holds(lib: Library, chosen: list[str]) -> None:
    whole = lib.entries(archived=None, sort="id")
    brief = lib.entries(archived=None, sort="id", fields=chosen)
    assert [e.id for e in brief] == [e.id for e in whole]
    for full, part in zip(whole, brief, strict=True):
        for name in chosen:
            assert getattr(part, name) == getattr(full, name), name
        readable = {n for n in FIELDS if COLUMNS[n] in {COLUMNS[c] for c in ("id", *chosen)}}  # read_at, read
        readable |= {"has_note"} if "note" in chosen else set()  # the note says whether there is one
        for name in set(FIELDS) - readable:
            with pytest.raises(AttributeError, match=f"^{name} was not read"):
                getattr(part, name)


def test_the_other_methods_take_fields_too(lib: Library) -> None:
    assert [e.title for e in lib.iter_entries(starred=True, fields="title")] == [
        e.title for e in lib.entries(starred=True)
    ]
    found = lib.search("编译器", fields=["source"])
    assert [e.source for e in found] == [e.source for e in lib.search("编译器")] != []
    with pytest.raises(AttributeError):
        found[0].title  # noqa: B018


def test_has_note_says_whether_there_is_a_note(lib: Library) -> None:
    assert [e.id for e in lib.entries(archived=None, sort="id") if e.has_note] == [3]
    assert [e.id for e in lib.entries(archived=None, sort="id", fields=["has_note"]) if e.has_note] == [3]
    assert lib.get(3).has_note and lib.get(3).note == "worth a second look"


def test_bad_fields_are_refused(lib: Library) -> None:
    with pytest.raises(readlog.BadValue, match="not a field of an Entry"):
        lib.entries(fields=["title", "text"])
    with pytest.raises(readlog.BadArgument):
        lib.entries(fields=[1])  # type: ignore[list-item]
    with pytest.raises(readlog.BadArgument):
        lib.iter_entries(fields=3)


def test_the_list_reads_the_columns_its_table_shows() -> None:
    """What ``readlog list`` asks for is what the store's list query reads."""
    assert columns_of(TABLE_FIELDS) == LIST_COLUMNS


def test_an_entry_made_from_a_row_reads_each_field_once(lib: Library) -> None:
    entry = lib.get(4)
    first = entry.tags
    assert entry.tags is first and "tags" in entry.__dict__
    assert dataclasses.replace(entry, title="x").tags == first


def test_a_search_finds_only_the_snippet_asked_for(lib: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table prints each entry's snippet outside its title, JSON the one around
    its first hit: finding both for every entry doubled a search's cost."""
    from readlog.store import search

    calls: list[bool] = []
    real = search.snippet_of

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(bool(kwargs.get("title_last")))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "snippet_of", counted)
    found = lib.search("Rust OR 编译器")
    assert found and calls == []
    shown = [e.snippets[1] for e in found]
    assert calls == [True] * len(found)
    again = [e.snippets[1] for e in found]
    assert again == shown and calls == [True] * len(found)  # found once
    assert all("**" in e.snippets[0] for e in found)
    assert calls.count(False) == len(found)
    assert list(found[0].snippets) == [found[0].snippets[0], found[0].snippets[1]] and len(found[0].snippets) == 2
    with pytest.raises(IndexError):
        found[0].snippets[2]
