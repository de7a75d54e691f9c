"""The Python API's arguments (issue 33, item 11): every public method checks
each argument's type and value and raises only ReadlogError subclasses that
name the argument: BadArgument (also a TypeError) and BadValue (also a
ValueError) for arguments that cannot work. A fuzz test calls every method
with values of every kind."""

from __future__ import annotations

import io
import os
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import readlog
from readlog.core.library import Library

from conftest import Built, with_reading_digest
from helpers import examples

ROOT = Path(__file__).resolve().parent.parent
DIGEST = ROOT / "examples" / "reading-digest.txt"  # five entries, ids 1-5, saved 2026-11-xx
URL = "https://example.com/post"


@pytest.fixture
def lib(built: Built, tmp_path: Path) -> Iterator[Library]:
    """DIGEST's five entries, imported as of 2026-12-01: a copy of the library they were
    imported into once per test process (conftest.with_reading_digest)."""
    with readlog.open(with_reading_digest(built, tmp_path / "api.db")) as opened:
        yield opened


def raised(call: Any) -> BaseException:
    try:
        call()
    except BaseException as exc:  # what was raised is what is checked
        return exc
    raise AssertionError("nothing was raised")


# ---- wrong types and values: a ReadlogError naming the argument ---------------------------


@pytest.mark.parametrize(
    ("call", "kind", "named"),
    [
        (lambda lib: lib.entries(limit="5"), TypeError, "limit"),
        (lambda lib: lib.search("编译器", limit="5"), TypeError, "limit"),
        (lambda lib: lib.entries(limit=-1), ValueError, "limit"),
        (lambda lib: lib.entries(limit=1.5), TypeError, "limit"),
        (lambda lib: lib.entries(unred=True), TypeError, "unred"),
        (lambda lib: lib.count(source=5), TypeError, "source"),
        (lambda lib: lib.count(colour="red"), TypeError, "colour"),
        (lambda lib: lib.entries(unread="yes"), TypeError, "unread"),
        (lambda lib: lib.entries(archived=1), TypeError, "archived"),
        (lambda lib: lib.history(limit="x"), TypeError, "limit"),
        (lambda lib: lib.entries(since=b"2026-11-01"), TypeError, "since"),
        (lambda lib: lib.entries(before="not a date"), ValueError, "before"),
        (lambda lib: lib.entries(since=""), ValueError, "since"),
        (lambda lib: lib.entries(source=" "), ValueError, "source"),
        (lambda lib: lib.entries(reverse="no"), TypeError, "reverse"),
        (lambda lib: lib.add(URL, star="yes"), TypeError, "star"),
        (lambda lib: lib.undo(dry_run="yes"), TypeError, "dry_run"),
        (lambda lib: lib.fetch(jobs="4"), TypeError, "jobs"),
        (lambda lib: lib.fetch(jobs=0), ValueError, "jobs"),
        (lambda lib: lib.export("jsonl", 5), TypeError, "file"),
        (lambda lib: lib.export("jsonl", io.StringIO(), lang="fr"), ValueError, "lang"),
        (lambda lib: lib.import_path(DIGEST, encoding=5), TypeError, "encoding"),
        (lambda lib: lib.import_path(DIGEST, as_of=5), TypeError, "as_of"),
        (lambda lib: lib.import_path(DIGEST, as_of="not a date"), ValueError, "as_of"),
        (lambda lib: lib.import_path(5), TypeError, "path"),
        (lambda lib: lib.import_path("a\x00b"), ValueError, "path"),
        (lambda lib: lib.star(1, 2), TypeError, "star()"),
        (lambda lib: lib.get(), TypeError, "entry_id"),
        (lambda lib: lib.get(1, entry_id=1), TypeError, "entry_id"),
        (lambda lib: lib.search("x", search="y"), TypeError, "search"),
        (lambda lib: lib.star("3"), TypeError, "ids"),
        (lambda lib: lib.note("3", "x"), TypeError, "entry_id"),
        (lambda lib: lib.tag(1, add=[3]), TypeError, "add"),
        (lambda lib: lib.entries(source="x\udcff"), ValueError, "source"),  # bytes that were not UTF-8
        (lambda lib: lib.add(URL, title="x\udcff"), ValueError, "title"),
        (lambda lib: lib.edit_form(1, "title = 'x'"), TypeError, "form"),
        (lambda lib: lib.edit_form(1, {"title": 5}), TypeError, "form"),
        (lambda lib: lib.edit_form(1, {"colour": "red"}), ValueError, "colour"),
        (lambda lib: lib.edit_form(1, {"title": "x\udcff"}), ValueError, "form"),
        (lambda lib: lib.edit_form(1, {}, was=1), TypeError, "was"),
        (lambda lib: lib.edit_form(1, {}, was=lib.get(2)), ValueError, "was"),
        (lambda lib: lib.edit_form(1, {"published": "someday"}), ValueError, "published"),
        (lambda lib: lib.undo(expect=lib.history(1)[0].row), TypeError, "expect"),
        (lambda lib: lib.open_link(1, "2"), TypeError, "number"),
    ],
)
def test_a_bad_argument_is_a_usage_error_naming_it(lib: Library, call: Any, kind: type, named: str) -> None:
    before = len(lib.history(0))
    error = raised(lambda: call(lib))
    assert isinstance(error, readlog.UsageError) and isinstance(error, kind), repr(error)
    assert isinstance(error, readlog.BadArgument if kind is TypeError else readlog.BadValue)
    assert named in str(error) and "\n" not in str(error)
    assert error.localized("zh") != str(error)  # said from the catalogue, in Chinese too
    assert len(lib.history(0)) == before


def test_the_errors_to_catch_are_exported_and_typed() -> None:
    for name in ("ReadlogError", "UsageError", "BadArgument", "BadValue"):
        assert name in readlog.__all__
    assert issubclass(readlog.BadArgument, readlog.UsageError) and issubclass(readlog.BadArgument, TypeError)
    assert issubclass(readlog.BadValue, readlog.UsageError) and issubclass(readlog.BadValue, ValueError)


def test_an_unknown_keyword_is_named_and_help_keeps_the_signature(lib: Library) -> None:
    import inspect

    with pytest.raises(readlog.BadArgument, match=r"entries\(\) takes no argument 'unred'; it takes unread, "):
        lib.entries(unred=True)
    assert list(inspect.signature(Library.entries).parameters)[1:4] == ["unread", "starred", "archived"]
    assert list(inspect.signature(Library.search).parameters) == ["self", "query", "limit", "offset", "filters"]


def test_a_value_error_of_the_core_is_a_bad_value(lib: Library) -> None:
    for call in (lambda: lib.entries(sort="colour"), lambda: lib.export("pdf", io.BytesIO())):
        error = raised(call)
        assert isinstance(error, readlog.BadValue), repr(error)


# ---- dates and datetimes wherever a date is taken ------------------------------------------


def test_since_and_before_take_dates_and_datetimes_as_the_options_take_text(tmp_path: Path) -> None:
    lib = readlog.open(tmp_path / "stamped.db")
    lib.import_path(ROOT / "examples" / "read-later.txt", as_of="2026-12-01")  # saved on four days
    saved = sorted(e.saved_at for e in lib.entries())
    middle = saved[2]
    local = middle.astimezone().replace(tzinfo=None)  # naive: local time, as a typed time is read
    by_text = [e.id for e in lib.entries(since=middle.isoformat())]
    assert [e.id for e in lib.entries(since=middle)] == by_text
    assert [e.id for e in lib.entries(since=local)] == by_text
    assert lib.count(before=middle) == lib.count(before=middle.isoformat()) == 2
    day = middle.astimezone().date()
    assert [e.id for e in lib.entries(since=day)] == [e.id for e in lib.entries(since=day.isoformat())]
    assert lib.count(since=date(2027, 1, 1)) == 0 and lib.count(before=date(2027, 1, 1)) == 4
    lib.close()


def test_as_of_takes_a_date_as_the_option_takes_the_day(tmp_path: Path) -> None:
    stamped = tmp_path / "saved.txt"
    shutil.copy(ROOT / "examples" / "read-later.txt", stamped)
    with readlog.open(tmp_path / "a.db") as one, readlog.open(tmp_path / "b.db") as two:
        one.import_path(stamped, as_of="2026-12-01")
        two.import_path(stamped, as_of=date(2026, 12, 1))
        assert [e.saved_at for e in one.entries()] == [e.saved_at for e in two.entries()]
        with pytest.raises(readlog.BadValue, match="as_of"):
            two.import_path(stamped, as_of=date(1900, 1, 1))


# ---- threads ------------------------------------------------------------------------------


def test_a_library_used_from_another_thread_says_whose_it_is(lib: Library) -> None:
    seen: list[BaseException] = []

    def elsewhere() -> None:
        for call in (lib.entries, lambda: lib.star(1), lib.close, lambda: lib.path):
            seen.append(raised(call))

    worker = threading.Thread(target=elsewhere)
    worker.start()
    worker.join()
    assert len(seen) == 4
    for error in seen:
        assert isinstance(error, readlog.UsageError), repr(error)
        assert "thread that opened it" in str(error)
    assert len(lib.entries()) == 5 and not lib.get(1).starred  # still open, and unchanged, here


# ---- import_path takes an open file, as export writes to one --------------------------------


@pytest.mark.parametrize("kind", ["binary", "text"])
def test_import_path_reads_an_open_file_and_leaves_it_open(tmp_path: Path, kind: str) -> None:
    with readlog.open(tmp_path / "a.db") as by_path:
        by_path.import_path(DIGEST, as_of="2026-12-01")
        expected = [(e.title, e.source) for e in by_path.entries()]
    text = DIGEST.read_text(encoding="utf-8")
    stream: Any = io.BytesIO(text.encode("utf-8")) if kind == "binary" else io.StringIO(text)
    with readlog.open(tmp_path / "b.db") as lib:
        report = lib.import_path(stream, as_of="2026-12-01", name="digest.txt")
        assert report.added == 5 and report.files[0].name == "digest.txt" and report.files[0].format == "digest"
        assert [(e.title, e.source) for e in lib.entries()] == expected
        assert not stream.closed
        assert lib.history(1)[0].command == "import digest.txt"
        again = lib.import_path(io.StringIO(text), as_of="2026-12-01")
        assert again.unchanged == 5 and again.files[0].name == "<stream>"


def test_a_text_stream_is_read_as_text_whatever_its_file_declares(tmp_path: Path) -> None:
    feed = (
        '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Blog</title>'
        "<item><title>Café 咖啡</title><link>https://example.com/cafe</link></item></channel></rss>"
    )
    with readlog.open(tmp_path / "a.db") as lib, open(tmp_path / "feed.xml", "w", encoding="utf-8") as out:
        out.write(feed)
        out.flush()
        with open(tmp_path / "feed.xml", encoding="utf-8") as opened:
            report = lib.import_path(opened)
            assert report.files[0].name == str(tmp_path / "feed.xml")
        assert [e.title for e in lib.entries()] == ["Café 咖啡"]
        with pytest.raises(readlog.BadValue, match="encoding"):
            lib.import_path(io.StringIO(feed), encoding="latin-1")


def test_an_open_file_that_cannot_be_read_is_a_readlog_error(lib: Library) -> None:
    closed = io.BytesIO(b"x")
    closed.close()
    with pytest.raises(readlog.ReadlogError, match="cannot read"):
        lib.import_path(closed, name="gone.txt")
    with pytest.raises(readlog.BadValue, match="name"):
        lib.import_path(DIGEST, name="other")


# ---- an empty note removes nothing; None removes it --------------------------------------------


def test_an_empty_note_text_is_refused_and_none_removes_the_note(lib: Library) -> None:
    lib.note(2, "keep me")
    for empty in ("", "   ", "\x00\x07"):
        error = raised(lambda empty=empty: lib.note(2, empty))
        assert isinstance(error, readlog.BadValue) and "lib.note(2, None)" in str(error), repr(error)
    assert lib.get(2).note == "keep me"
    assert lib.note(2, None).changed == (2,) and lib.get(2).note == ""
    assert lib.history(1)[0].command == "note 2 --clear"
    assert lib.note(2, None).unchanged == (2,)


# ---- any call, any arguments: a result or a ReadlogError, and a sound library ------------------

METHODS = sorted(name for name in dir(Library) if not name.startswith("_") and callable(getattr(Library, name)))
METHODS.remove("open")  # a class method: readlog.open(path), drawn below as the path of import_path is


class Hostile:
    """An object whose repr fails and whose every attribute is missing."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


DIGEST_TEXT = DIGEST.read_text(encoding="utf-8")
ANY = st.one_of(
    st.sampled_from([0, -1, 99, 2**63, "", " ", "\x00", "x\udcff", "-", ".", "missing.txt", "ftp://example.com/x"]),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
    st.binary(max_size=8),
    st.floats(allow_nan=True, allow_infinity=True),
    st.dates(),
    st.datetimes(timezones=st.one_of(st.none(), st.just(timezone.utc), st.just(timezone(timedelta(hours=14))))),
    st.lists(st.one_of(st.integers(-2, 7), st.text(max_size=4), st.none()), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(-2, 7), max_size=2),
    st.builds(object),
    st.builds(Hostile),
    st.builds(io.BytesIO, st.binary(max_size=40)),
    st.builds(io.StringIO, st.text(max_size=40)),
)


def _streams() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.builds(io.BytesIO, st.just(DIGEST_TEXT.encode("utf-8"))), st.builds(io.StringIO, st.just(DIGEST_TEXT))
    )


FLAG = st.booleans()
MAYBE = st.sampled_from([True, False, None])
TAGS = st.sampled_from(["a", ["a", "b"], [], "later", ("中文",), "  "])
TEXT = st.sampled_from([None, "x", "Go Blog", "技术文章", "SQLite Forum"])
WHEN = st.sampled_from(["2026-11-01", date(2026, 11, 1), datetime(2026, 11, 20, 8), "7d", "today", None])
IDS = st.sampled_from([1, [1, 2], range(2, 5), 6, [5, 6], (3,), {4}])
# What each argument takes: values that work (drawn seven times in eight), else anything.
VALID: dict[str, st.SearchStrategy[Any]] = {
    "path": st.one_of(st.sampled_from([DIGEST, str(DIGEST), "out.jsonl", "."]), _streams()),
    "as_of": st.sampled_from(["2026-12-01", date(2026, 12, 1), datetime(2026, 12, 1, 12), "3d", None]),
    "format": st.sampled_from(["auto", "digest", "jsonl", "pocket"]),
    "encoding": st.sampled_from([None, "utf-8", "gb18030"]),
    "strict": FLAG,
    "name": st.sampled_from([None, "x.txt"]),
    "url": st.sampled_from([URL, "https://example.com/new", "https://EXAMPLE.com/post", "example.org/x"]),
    "fetch": FLAG,
    "tags": TAGS,
    "star": FLAG,
    "read": FLAG,
    "title": TEXT,
    "note": TEXT,
    "source": TEXT,
    "category": TEXT,
    "ids": IDS,
    "refetch": FLAG,
    "jobs": st.sampled_from([1, 4]),
    "entry_id": st.sampled_from([1, 2, 3, 6]),
    "unread": MAYBE,
    "starred": MAYBE,
    "archived": MAYBE,
    "tag": st.one_of(st.none(), TAGS),
    "search": st.sampled_from([None, "编译器", "Go OR SQLite", '"a phrase"', "-go"]),
    "since": WHEN,
    "before": WHEN,
    "sort": st.sampled_from([None, "id", "title", "saved", "published"]),
    "reverse": FLAG,
    "limit": st.sampled_from([None, 0, 1, 20]),
    "query": st.sampled_from(["编译器", "SQLite", "a OR b", "Go", "-x"]),
    "add": TAGS,
    "remove": TAGS,
    "text": st.sampled_from(["a note", None, "备注", "  "]),
    "dry_run": FLAG,
    "fmt": st.sampled_from(["jsonl", "csv", "json", "markdown", "html", None]),
    "file": st.one_of(st.builds(io.BytesIO), st.builds(io.StringIO), st.sampled_from(["out.jsonl", "out.csv"])),
    "lang": st.sampled_from(["en", "zh"]),
    "form": st.sampled_from([{"title": "From a form"}, {"published": "2026-11-01", "summary": ""}, {"url": URL}, {}]),
    "was": st.none(),
}
FILTER_NAMES = ("unread", "starred", "archived", "tag", "source", "category", "search", "since", "before")


def _value(name: str) -> st.SearchStrategy[Any]:
    valid = VALID.get(name, ANY)
    return st.integers(0, 7).flatmap(lambda i: valid if i else ANY)


@st.composite
def _call(draw: Any, method: str) -> tuple[str, list[Any], dict[str, Any]]:
    """A call of ``method``: mostly of the right shape (each argument it needs,
    some it may take, the first ones by position), its values mostly ones that
    work; else any values in any shape (too many, unknown, missing)."""
    import inspect

    params = list(inspect.signature(getattr(Library, method)).parameters.values())[1:]
    by_position = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    names = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    needed = {p.name for p in params if p.default is p.empty and p.name in names}
    if any(p.kind is p.VAR_KEYWORD for p in params):
        names += [f for f in FILTER_NAMES if f not in names]
    if draw(st.integers(0, 4)) == 0:
        args = draw(st.lists(ANY, max_size=len(by_position) + 1))
        return method, args, draw(st.dictionaries(st.sampled_from([*names, "unred", "limit", ""]), ANY, max_size=3))
    chosen = [n for n in names if n in needed or draw(st.integers(0, 2)) == 0]
    prefix = 0
    while prefix < len(by_position) and by_position[prefix] in chosen:
        prefix += 1
    positional = by_position[: draw(st.integers(0, prefix))]
    args = [draw(_value(n)) for n in positional]
    return method, args, {n: draw(_value(n)) for n in chosen if n not in positional}


CALL = st.sampled_from(METHODS).flatmap(_call)


@pytest.fixture(scope="module")
def template() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "template.db"
        with readlog.open(path) as lib:
            lib.import_path(DIGEST, as_of="2026-12-01")
            lib.add(URL, tags="later")
            lib.star(2)
            lib.note(3, "a note")
        yield path


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """No network: every page fails at once, as on a machine that is offline;
    and no browser starts (open_link)."""
    from readlog.core import actions
    from readlog.web import client

    monkeypatch.setattr(actions, "launch", lambda url: False)

    async def nowhere(session: Any, url: str, limits: Any, **ask: Any) -> client.Page:
        return client.Page(url, error="offline (test)", no_host=True)

    monkeypatch.setattr(client, "get", nowhere)


def _sound(path: Path) -> None:
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        conn.close()


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(calls=st.lists(CALL, min_size=1, max_size=6))
def test_any_arguments_give_a_result_or_a_readlog_error(
    template: Path, offline: None, calls: list[tuple[str, list[Any], dict[str, Any]]]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lib.db"
        shutil.copy(template, path)
        here = os.getcwd()
        os.chdir(folder)  # relative paths drawn for import and export land here
        try:
            lib = readlog.open(path)
            try:
                for method, args, kwargs in calls:
                    try:
                        getattr(lib, method)(*args, **kwargs)
                    except readlog.ReadlogError as exc:
                        assert "\n" not in str(exc) and str(exc) and exc.localized("zh"), repr(exc)
                    if lib._store is not None:
                        assert not lib.store.conn.in_transaction, method
            finally:
                lib.close()
        finally:
            os.chdir(here)
        _sound(path)
        with readlog.open(path) as again:  # opens, lists and changes as before (rm and empty_trash may have taken 1)
            assert again.count(archived=None) >= 0
            entry = again.add("https://example.org/after-the-calls")
            again.star(entry.id)
            assert again.get(entry.id).starred


def test_datetimes_at_the_ends_of_the_calendar(lib: Library) -> None:
    for when in (datetime.min, datetime.max, date.min, date.max, datetime.max.replace(tzinfo=timezone.utc)):
        for call in (lambda when=when: lib.entries(since=when), lambda when=when: lib.count(before=when)):
            try:
                call()
            except readlog.ReadlogError as exc:
                assert isinstance(exc, readlog.BadValue), repr(exc)
        with pytest.raises(readlog.BadValue):
            lib.import_path(DIGEST, as_of=when)


@settings(max_examples=examples(30), deadline=None)
@given(path=ANY)
def test_open_takes_a_path_or_says_why_not(path: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        here = os.getcwd()
        os.chdir(folder)  # a relative path drawn makes its library here
        try:
            readlog.open(path).close()
        except readlog.ReadlogError as exc:
            assert "\n" not in str(exc) and exc.localized("zh"), repr(exc)
        finally:
            os.chdir(here)


# ---- failures of the file itself ------------------------------------------------------------


def test_an_sqlite_failure_midway_is_a_readlog_error(lib: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged page or a busy file met inside a method is said as the commands say
    it, a ReadlogError naming the library, never sqlite3's own exception."""

    def damaged(*args: object, **kwargs: object) -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(lib.store, "get", damaged)
    with pytest.raises(readlog.ReadlogError) as caught:
        lib.get(1)
    assert caught.value.key == "damaged" and str(lib.path) in str(caught.value)
    assert isinstance(caught.value.__cause__, sqlite3.DatabaseError)

    def busy(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(lib.store, "stream", busy)
    with pytest.raises(readlog.ReadlogError) as caught:
        lib.entries()
    assert caught.value.key == "busy"


def test_an_sqlite_failure_while_entries_are_read_one_at_a_time(lib: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    real = lib.store.stream

    def failing(*args: object, **kwargs: object) -> Iterator[dict[str, object]]:
        rows = real(*args, **kwargs)  # type: ignore[arg-type]
        yield next(rows)
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(lib.store, "stream", failing)
    found = lib.iter_entries()
    assert next(found).id
    with pytest.raises(readlog.ReadlogError) as caught:
        next(found)
    assert caught.value.key == "damaged"
