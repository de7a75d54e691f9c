"""readlog next and lib.next: what to read now, at the suite's fixed clock. The order (starred
entries waiting long enough, then the oldest saved that fit, then those of unknown time),
the fit (what is left of a started entry), the reasons, the filters, the outputs, and a
property against a plain reference."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import readlog
from readlog.core import actions
from readlog.core.filters import parse_minutes
from readlog.model import stamps

from conftest import Run
from helpers import FIXED_NOW, connect


def shelf(run: Run, library: Path, entries: dict[str, dict[str, Any]]) -> dict[str, int]:
    """Entries by name: ``days`` saved ago, and columns (minutes, progress, starred days ago,
    read, archived, tags, source) written into the file; ids by name."""
    lines = []
    for name, e in entries.items():
        saved = FIXED_NOW - timedelta(days=e.get("days", 1))
        record = {"readlog": 1, "title": name, "url": f"https://example.org/{name}", "saved_at": saved.isoformat()}
        record.update({k: e[k] for k in ("tags", "source") if k in e})
        lines.append(json.dumps(record))
    run("import", "-", "--format", "jsonl", input="\n".join(lines) + "\n")
    conn = connect(library)
    ids = {title: number for number, title in conn.execute("SELECT id, title FROM entries")}
    for name, e in entries.items():
        starred = e.get("starred")
        values = {
            "minutes": e.get("minutes"),
            "progress": e.get("progress"),
            "starred_at": None if starred is None else (FIXED_NOW - timedelta(days=starred)).isoformat(),
            "read_at": FIXED_NOW.isoformat() if e.get("read") else None,
            "archived_at": FIXED_NOW.isoformat() if e.get("archived") else None,
        }
        sets = ", ".join(f"{k} = ?" for k in values)
        conn.execute(f"UPDATE entries SET {sets} WHERE id = ?", [*values.values(), ids[name]])
    conn.commit()
    conn.close()
    return ids


ENTRIES: dict[str, dict[str, Any]] = {
    "old-8min": {"days": 60, "minutes": 8, "tags": ["rust"]},
    "long-25min": {"days": 30, "minutes": 25},
    "never-fetched": {"days": 20},
    "half-read": {"days": 10, "minutes": 20, "progress": 0.5, "tags": ["rust"]},
    "starred-waiting": {"days": 50, "minutes": 9, "starred": 45},
    "starred-lately": {"days": 70, "minutes": 3, "starred": 5},
    "read-one": {"days": 80, "minutes": 2, "read": True},
    "archived-one": {"days": 90, "minutes": 2, "archived": True},
    "new-2min": {"days": 1, "minutes": 2, "source": "Rust Blog"},
}


@pytest.fixture
def ids(run: Run, library: Path) -> dict[str, int]:
    return shelf(run, library, ENTRIES)


def names(found: list[dict[str, Any]]) -> list[str]:
    return [r["title"] for r in found]


def test_the_order_and_the_fit(run: Run, ids: dict[str, int]) -> None:
    found = run.json("next", "--time", "10m", "--count", "9")
    # starred and waiting first; then the oldest saved that fit (half-read: 10 of 20 min left);
    # then those never fetched; long-25min, read-one and archived-one never.
    assert names(found) == ["starred-waiting", "starred-lately", "old-8min", "half-read", "new-2min", "never-fetched"]
    assert [r["why"] for r in found] == ["starred", "fits", "fits", "fits", "fits", "unknown"]
    assert [r["minutes_left"] for r in found] == [9, 3, 8, 10, 2, None]
    assert [r["reason"] for r in found] == [
        "starred 1 month ago and still unread, 9 min",
        "saved 2 months ago, 3 min",
        "saved 2 months ago, 8 min",
        "saved 10 days ago, 50% read, 10 min left",
        "saved yesterday, 2 min",
        "saved 20 days ago, reading time unknown (not fetched)",
    ]
    assert all(r["read_at"] is None and not r["archived"] for r in found)
    # Without a time everything unread is offered, oldest first after the starred.
    everything = names(run.json("next", "--count", "9"))
    assert everything == [
        "starred-waiting",
        "starred-lately",
        "old-8min",
        "long-25min",
        "never-fetched",
        "half-read",
        "new-2min",
    ]
    assert names(run.json("next")) == everything[:5]  # five unless told
    assert names(run.json("next", "--time", "2", "-c", "1")) == ["new-2min"]


def test_how_long_a_star_waits_is_a_setting(run: Run, ids: dict[str, int], tmp_path: Path) -> None:
    config = tmp_path / "config" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("resurface_days = 0\n", encoding="utf-8")
    found = run.json("next", "--count", "3")
    assert names(found)[:2] == ["starred-lately", "starred-waiting"]  # both waiting now: the oldest saved first
    assert found[0]["reason"] == "starred 5 days ago and still unread, 3 min"
    config.write_text("resurface_days = 60\n", encoding="utf-8")
    assert [r["why"] for r in run.json("next")].count("starred") == 0
    config.write_text("resurface_days = -1\n", encoding="utf-8")
    result = run("next", code=1)
    assert "resurface_days must be a whole number of days" in result.stderr


def test_filters_narrow_it(run: Run, ids: dict[str, int]) -> None:
    assert names(run.json("next", "--tag", "rust")) == ["old-8min", "half-read"]
    assert names(run.json("next", "--source", "Rust Blog", "--time", "5")) == ["new-2min"]
    assert names(run.json("next", "--search", "half")) == ["half-read"]
    assert names(run.json("next", "--read")) == names(run.json("next"))  # never a read entry, whatever is asked


def test_the_terminal_the_pipe_and_chinese(run: Run, ids: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    shown = run("next", "--time", "10", "-c", "2").stdout
    assert shown == (
        f"{ids['starred-waiting']:>5} ★ starred-waiting\n      starred 1 month ago and still unread, 9 min\n"
        f"{ids['starred-lately']:>5} starred-lately\n      saved 2 months ago, 3 min\n"
    )
    monkeypatch.delenv("READLOG_FORCE_TTY")  # into a pipe: whole lines, tab-separated
    piped = run("next", "--time", "10", "-c", "2").stdout.splitlines()
    assert piped == [
        f"{ids['starred-waiting']}\t9\tstarred 1 month ago and still unread, 9 min\tstarred-waiting\t"
        "https://example.org/starred-waiting",
        f"{ids['starred-lately']}\t3\tsaved 2 months ago, 3 min\tstarred-lately\thttps://example.org/starred-lately",
    ]
    zh = run("--lang", "zh", "next", "--time", "10", "-c", "9").stdout
    assert "1 个月前加星，仍未读，9 分钟" in zh and "10 天前保存，已读 50%，还剩 10 分钟" in zh
    assert "20 天前保存，阅读时间未知（尚未抓取）" in zh
    none = "Nothing to read next in 1 min: no unread entry fits.\n"
    assert run("next", "--time", "1", "--tag", "rust").stdout == none
    assert run("--lang", "zh", "next", "--tag", "nothing").stdout == "没有可读的：没有合适的未读条目。\n"


def test_open_opens_the_first(run: Run, ids: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(actions, "launch", lambda url: not opened.append(url))
    out = run("next", "--time", "10", "--open").stdout
    assert opened == ["https://example.org/starred-waiting"]
    assert out.rstrip().endswith("https://example.org/starred-waiting")
    assert opened and run("history", "--json").stdout.count('"command"') == 1  # opening changes nothing


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--time", "soon"], "soon is not a time to read"),
        (["--time", "0"], "0 is not a time to read"),
        (["--time", "2y"], "2y is not a time to read"),
        (["--count", "0"], "--count must be a whole number from 1"),
        (["--since", ""], "--since"),
    ],
)
def test_mistakes_are_usage_errors(run: Run, args: list[str], says: str) -> None:
    result = run("next", *args, code=2)
    assert says in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_the_api(ids: dict[str, int], library: Path) -> None:
    with readlog.open(library) as lib:
        found = lib.next("10m", count=2)
        assert [s.entry.title for s in found] == ["starred-waiting", "starred-lately"]
        assert found[0].why == "starred" and found[0].minutes_left == 9
        assert found[0].reason("zh") == "1 个月前加星，仍未读，9 分钟"
        assert [s.entry.title for s in lib.next(90, tag="rust")] == ["old-8min", "half-read"]
        assert lib.next(resurface_days=0, count=1)[0].entry.title == "starred-lately"
        with pytest.raises(readlog.BadValue):
            lib.next(count=0)
        with pytest.raises(readlog.BadValue):
            lib.next("tomorrow")
        with pytest.raises(readlog.BadArgument):
            lib.next(True)
        with pytest.raises(readlog.BadArgument):
            lib.next(colour="red")


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("15", 15), ("15m", 15), ("15 min", 15), ("1h", 60), ("1.5h", 90), ("1h30m", 90), ("1h 30", 90),
     ("20分钟", 20), ("1小时", 60), ("2 hours", 120), (" 45 MIN ", 45), (".5h", 30)],
)  # fmt: skip
def test_times_people_write(text: str, minutes: int) -> None:
    assert parse_minutes(text) == minutes


ENTRY = st.fixed_dictionaries(
    {
        "days": st.integers(1, 400),
        "minutes": st.one_of(st.none(), st.integers(1, 60)),
        "progress": st.one_of(st.none(), st.sampled_from([0.1, 0.5, 0.9, 1.0])),
        "starred": st.one_of(st.none(), st.integers(0, 400)),
        "read": st.booleans(),
    }
)


@given(
    entries=st.lists(ENTRY, min_size=1, max_size=12),
    time=st.one_of(st.none(), st.integers(1, 60)),
    count=st.integers(1, 6),
    wait=st.integers(0, 100),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_next_is_the_plain_rule(
    tmp_path_factory: pytest.TempPathFactory, entries: list[dict[str, Any]], time: int | None, count: int, wait: int
) -> None:
    import math

    db = tmp_path_factory.mktemp("next") / "readlog.db"
    with readlog.open(db) as lib:
        lib.import_path(
            _jsonl(tmp_path_factory.mktemp("in"), [e["days"] for e in entries]), format="jsonl", as_of=FIXED_NOW
        )
    conn = connect(db)
    for i, e in enumerate(entries, start=1):
        # Starred half a day off the day's boundary: the suite's clock ticks while the test runs
        # (a star exactly ``wait`` days old would wait long enough once a second has passed).
        when = FIXED_NOW - timedelta(days=e["starred"] or 0, hours=12)
        starred = None if e["starred"] is None else when.isoformat()
        conn.execute(
            "UPDATE entries SET minutes = ?, progress = ?, starred_at = ?, read_at = ? WHERE id = ?",
            (e["minutes"], e["progress"], starred, FIXED_NOW.isoformat() if e["read"] else None, i),
        )
    conn.commit()
    conn.close()

    def left(e: dict[str, Any]) -> float | None:
        return None if e["minutes"] is None else e["minutes"] * (1 - (e["progress"] or 0))

    def fits(e: dict[str, Any]) -> bool:
        return time is None or (left(e) is not None and left(e) <= time)  # type: ignore[operator]

    waiting = [i for i, e in enumerate(entries, 1) if e["starred"] is not None and e["starred"] >= wait]
    unread = [i for i, e in enumerate(entries, 1) if not e["read"]]
    oldest = sorted(unread, key=lambda i: (-entries[i - 1]["days"], i))  # the same day: the lower id first
    order = [i for i in oldest if i in waiting and fits(entries[i - 1])]
    order += [i for i in oldest if i not in order and fits(entries[i - 1])]
    if time is not None:
        order += [i for i in oldest if entries[i - 1]["minutes"] is None]
    with readlog.open(db) as lib:
        found = lib.next(time, count=count, resurface_days=wait)
    assert [s.entry.id for s in found] == order[:count]
    for s in found:
        e = entries[s.entry.id - 1]
        expected = None if left(e) is None else max(1, math.ceil(left(e) - 1e-9))  # type: ignore[operator]
        assert s.minutes_left == expected and s.reason()


def _jsonl(folder: Path, days: list[int]) -> Path:
    path = folder / "entries.jsonl"
    lines = [
        json.dumps(
            {
                "readlog": 1,
                "title": f"entry {i}",
                "url": f"https://example.org/{i}",
                "saved_at": stamps.to_iso(FIXED_NOW - timedelta(days=d)),
            }
        )
        for i, d in enumerate(days, start=1)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_starred_group_is_read_along_its_index_in_order(ids: dict[str, int], library: Path) -> None:
    """The unread starred entries are read along their own index in the order they are
    offered (m018's entries_unread_starred), so a screen stops after its rows however many
    entries are starred; none read, archived or unstarred is in that index."""
    from readlog.store import Store, queue
    from readlog.store.query import Filters

    lib = Store.open(library)
    statements: list[str] = []
    lib.conn.set_trace_callback(statements.append)
    try:
        found = queue.next_rows(lib, Filters(), minutes=None, count=1, resurface=FIXED_NOW.isoformat())
        assert [(group, row["title"]) for group, row in found] == [("starred", "starred-lately")]
        starred = next(s for s in statements if "INDEXED BY entries_unread_starred" in s)
        lib.conn.set_trace_callback(None)
        plan = " ".join(str(r[3]) for r in lib.conn.execute("EXPLAIN QUERY PLAN " + starred.replace("?", "NULL")))
        assert "entries_unread_starred" in plan and "TEMP B-TREE" not in plan, plan
        where = "starred_at IS NOT NULL AND read_at IS NULL AND archived_at IS NULL"
        sql = f"SELECT title FROM entries INDEXED BY entries_unread_starred WHERE {where}"
        held = {r[0] for r in lib.conn.execute(sql)}
        assert held == {"starred-waiting", "starred-lately"}
    finally:
        lib.close()


def test_resurface_days_0_offers_a_star_made_this_very_second_first(tmp_path: Path) -> None:
    """A star is 'old enough' once it is resurface_days old or more: with 0, every starred
    unread entry comes first, even one starred in the same second (the clock ticking over
    a second must not change the answer)."""
    with readlog.open(tmp_path / "now.db") as lib:
        first = lib.add("https://example.com/first", title="first").id
        second = lib.add("https://example.com/second", title="second").id
        lib.star(second)
        found = lib.next(count=2, resurface_days=0)
        assert [(s.entry.id, s.why) for s in found] == [(second, "starred"), (first, "fits")]
