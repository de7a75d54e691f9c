"""sources, categories, stats, config, Chinese labels: through the CLI, with fixed clocks.

Libraries are seeded with SQL through Library.open (so the schema is the
real, migrated one) from a seeded random history; expectations are computed
from that history in Python, independently of the SQL under test.
"""

from __future__ import annotations

import io
import os
import random
import time
from collections import Counter
from collections.abc import Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import time_machine
from rich.console import Console

from readlog import settings as rl_settings
from readlog.model import stamps
from readlog.render import stats as view
from readlog.store import Store
from readlog.store import stats as st_stats

from conftest import Built, Run, write

CST = timezone(timedelta(hours=8))
NOW = datetime(2026, 12, 3, 21, 30, tzinfo=CST)  # a Thursday evening in UTC+8
SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
SOURCES = ["Rust Blog", "Julia Evans", "SQLite Forum", "evening-reads", "阮一峰的网络日志", "Cloudflare Blog"]
CATEGORIES = ["技术文章", "工程实践", "科研议题", ""]


@pytest.fixture(autouse=True)
def fixed_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is UTC+8 (no tz database needed), so relative times and local days are fixed."""
    monkeypatch.setenv("TZ", "CST-8")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def iso(value: datetime) -> str:
    return value.astimezone(timezone.utc).isoformat(timespec="seconds")


def history(count: int = 240, seed: int = 20261203) -> list[dict[str, Any]]:
    """A believable reading history: more saved lately, most read within days, a current streak."""
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    for i in range(count):
        saved = NOW - timedelta(days=rng.triangular(0, 140, 10), minutes=rng.randrange(1440))
        read = None
        if rng.random() < 0.55:
            read = min(saved + timedelta(days=rng.expovariate(1 / 4)), NOW - timedelta(minutes=5))
        rows.append(
            {
                "title": f"条目 {i}: notes on topic {rng.randrange(1000)}",
                "source": rng.choices(SOURCES, weights=[6, 4, 3, 3, 2, 1])[0],
                "category": rng.choices(CATEGORIES, weights=[5, 3, 1, 3])[0],
                "saved_at": iso(saved),
                "read_at": iso(read) if read else None,
                "starred_at": iso(saved) if rng.random() < 0.1 else None,
                "archived_at": iso(saved + timedelta(days=1)) if not read and rng.random() < 0.05 else None,
            }
        )
    for days in range(4):  # read something on each of the last four days: a streak of 4
        at = NOW - timedelta(days=days, hours=1)
        rows.append(
            {
                "title": f"streak {days}",
                "source": "Julia Evans",
                "category": "技术文章",
                "saved_at": iso(at - timedelta(days=2)),
                "read_at": iso(at),
                "starred_at": None,
                "archived_at": None,
            }
        )
    return rows


def seed(path: Path, rows: list[dict[str, Any]]) -> None:
    lib = Store.open(path)
    try:
        lib.conn.execute("BEGIN")
        lib.conn.executemany(
            "INSERT INTO entries (fingerprint, title, source, category, saved_at, imported_at, updated_at, "
            "read_at, starred_at, archived_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    f"fp{i}",
                    r["title"],
                    r["source"],
                    r["category"],
                    r["saved_at"],
                    r["saved_at"],
                    r["saved_at"],
                    r["read_at"],
                    r["starred_at"],
                    r["archived_at"],
                )
                for i, r in enumerate(rows)
            ],
        )
        lib.conn.execute("COMMIT")
    finally:
        lib.close()


def python_streak(rows: list[dict[str, Any]]) -> int:
    days = {local_day(r["read_at"]) for r in rows if r["read_at"]}
    day, count = NOW.date(), 0
    while day in days:
        day, count = day - timedelta(days=1), count + 1
    return count


def local_day(value: str) -> date:
    return datetime.fromisoformat(value).astimezone(CST).date()


def monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


@pytest.fixture
def seeded(library: Path, built: Built) -> list[dict[str, Any]]:
    """The history's rows in the test's library: a copy of the library seeded once per test
    process (the rows are the same each time: the history's random numbers are seeded)."""
    rows = history()
    built("review-history", lambda path: seed(path, rows), library)
    return rows


@pytest.fixture
def fixed_now() -> Iterator[datetime]:
    """The clock stopped at NOW: relative times and the stats windows are as of NOW."""
    with time_machine.travel(NOW, tick=False):
        yield NOW


# ---- sources and categories ---------------------------------------------------


def test_sources_json_counts_match_the_history(run: Run, seeded: list[dict[str, Any]]) -> None:
    got = {r["source"]: r for r in run.json("sources")}
    assert set(got) == {r["source"] for r in seeded}
    for name in SOURCES:
        mine = [r for r in seeded if r["source"] == name]
        assert got[name]["entries"] == len(mine)
        assert got[name]["unread"] == sum(1 for r in mine if not r["read_at"] and not r["archived_at"])
        assert got[name]["read"] == sum(1 for r in mine if r["read_at"])
        assert got[name]["starred"] == sum(1 for r in mine if r["starred_at"])
        latest = max(r["saved_at"] for r in mine)
        assert datetime.fromisoformat(got[name]["latest_saved"]) == datetime.fromisoformat(latest)
    counts = [r["entries"] for r in run.json("sources")]
    assert counts == sorted(counts, reverse=True)


def test_sources_table_shows_relative_latest(run: Run, seeded: list[dict[str, Any]], fixed_now: datetime) -> None:
    out = run("sources").stdout
    assert out.splitlines()[0].split()[:4] == ["Source", "Entries", "Unread", "Starred"]
    julia = next(line for line in out.splitlines() if line.startswith("Julia Evans"))
    latest = max(r["saved_at"] for r in seeded if r["source"] == "Julia Evans")
    expected = stamps.relative(latest, NOW, "en")
    assert julia.rstrip().endswith(f"  {expected}") and expected.endswith("ago")
    assert "6 sources" in out


def test_sources_group_ignoring_case_and_categories_count_none(run: Run, library: Path) -> None:
    base = {"title": "t", "category": "", "read_at": None, "starred_at": None, "archived_at": None}
    seed(
        library,
        [
            {**base, "source": "Rust Blog", "saved_at": "2026-11-01T00:00:00+00:00"},
            {**base, "source": "rust blog", "saved_at": "2026-11-02T00:00:00+00:00", "category": "技术文章"},
            {**base, "source": "Go Blog", "saved_at": "2026-11-03T00:00:00+00:00"},
        ],
    )
    rows = run.json("sources")
    assert [(r["source"].lower(), r["entries"]) for r in rows] == [("rust blog", 2), ("go blog", 1)]
    cats = {r["category"]: r["entries"] for r in run.json("categories")}
    assert cats == {"": 2, "技术文章": 1}
    out = run("categories").stdout
    assert "(none)" in out and "技术文章" in out
    zh = run("--lang", "zh", "categories").stdout
    assert "（无）" in zh and "分类" in zh and "最近收藏" in zh


def test_sources_empty_library_and_hostile_names(run: Run, library: Path) -> None:
    assert run.json("sources") == []
    assert "No entries yet" in run("sources").stdout
    seed(
        library,
        [
            {
                "title": "t",
                "source": "[red]Evil[/red]\x1b[2J",
                "category": "",
                "saved_at": "2026-11-01T00:00:00+00:00",
                "read_at": None,
                "starred_at": None,
                "archived_at": None,
            }
        ],
    )
    out = run("sources").stdout
    assert "[red]Evil[/red]" in out and "\x1b" not in out


# ---- the store's aggregates, against the history ------------------------------------


def test_weekly_counts_backlog_and_top_match_python(library: Path, seeded: list[dict[str, Any]]) -> None:
    lib = Store.open(library)
    try:
        data = st_stats.collect(lib, None, NOW)
    finally:
        lib.close()
    assert data.bucket == "week" and len(data.periods) == 12
    assert data.since == datetime(2026, 9, 14, tzinfo=CST)  # Monday, 11 weeks before this week's Monday
    saved = Counter(monday(local_day(r["saved_at"])) for r in seeded)
    read = Counter(monday(local_day(r["read_at"])) for r in seeded if r["read_at"])
    assert [(p.start, p.saved, p.read) for p in data.periods] == [
        (p.start, saved[p.start], read[p.start]) for p in data.periods
    ]
    assert data.backlog == sum(1 for r in seeded if not r["read_at"] and not r["archived_at"])
    then = iso(NOW - timedelta(days=28))
    assert data.backlog_then == sum(
        1
        for r in seeded
        if r["saved_at"] < then
        and (not r["read_at"] or r["read_at"] >= then)
        and (not r["archived_at"] or r["archived_at"] >= then)
    )
    assert (data.streak, data.read_today) == (python_streak(seeded), True) and data.streak >= 4
    start = iso(data.since)
    by_source = Counter(r["source"] for r in seeded if r["saved_at"] >= start)
    assert data.top["source"][0]["name"] == by_source.most_common(1)[0][0]
    assert data.top["source"][0]["saved"] == by_source.most_common(1)[0][1]
    assert all(r["name"] for r in data.top["category"])  # no empty category in the top list
    assert [r["saved_at"] for r in data.oldest] == sorted(
        r["saved_at"] for r in seeded if not r["read_at"] and not r["archived_at"]
    )[:5]


def _read_on(days_ago: list[int]) -> list[dict[str, Any]]:
    return [
        {
            "title": f"r{d}",
            "source": "s",
            "category": "",
            "saved_at": iso(NOW - timedelta(days=60)),
            "read_at": iso(NOW.replace(hour=12) - timedelta(days=d)),
            "starred_at": None,
            "archived_at": None,
        }
        for d in days_ago
    ]


@pytest.mark.parametrize(
    ("days", "expected"),
    [
        ([0, 1, 2], (3, 3, True)),
        ([1, 2, 5, 6, 7, 8], (2, 4, False)),  # yesterday still counts: today is not over
        ([2, 3], (0, 2, False)),
        ([0, 0, 0], (1, 1, True)),
        ([], (0, 0, False)),
    ],
)
def test_streak(library: Path, days: list[int], expected: tuple[int, int, bool]) -> None:
    seed(library, _read_on(days))
    lib = Store.open(library)
    try:
        assert st_stats.streak(lib, NOW) == expected
    finally:
        lib.close()


def test_streak_follows_local_days_not_utc(library: Path) -> None:
    # 23:30 and 00:30 local (UTC+8) are two local days but the same UTC day
    rows = _read_on([])
    for at in ("2026-12-02T15:30:00+00:00", "2026-12-02T16:30:00+00:00"):
        rows.append({**_read_on([0])[0], "read_at": at})
    seed(library, rows)
    lib = Store.open(library)
    try:
        assert st_stats.streak(lib, NOW)[:2] == (2, 2)
    finally:
        lib.close()


def test_long_windows_chart_by_month(library: Path, seeded: list[dict[str, Any]]) -> None:
    lib = Store.open(library)
    try:
        data = st_stats.collect(lib, NOW - timedelta(days=200), NOW)
    finally:
        lib.close()
    assert data.bucket == "month"
    first = min(local_day(r["saved_at"]) for r in seeded)
    assert first > date(2026, 6, 1)
    asked = (NOW - timedelta(days=200)).date().replace(day=1)  # the window asked for is drawn whole
    assert data.periods[0].start == asked and data.since == NOW - timedelta(days=200)  # counted from then
    assert [p.start.month for p in data.periods] == list(range(asked.month, 13))
    assert all(not (p.saved or p.read) for p in data.periods if p.start < first.replace(day=1))
    assert data.saved == len(seeded)


# ---- the stats screen -------------------------------------------------------------


def _render(data: st_stats.Stats, lang: str, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    console.print(view.stats_screen(data, lang))
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines()) + "\n"  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stats_screen_snapshot(library: Path, seeded: list[dict[str, Any]], lang: str) -> None:
    lib = Store.open(library)
    try:
        data = st_stats.collect(lib, None, NOW)
    finally:
        lib.close()
    got = _render(data, lang)
    snapshot = SNAPSHOTS / f"stats_{lang}_80.txt"
    if os.environ.get("READLOG_UPDATE_SNAPSHOTS"):
        snapshot.parent.mkdir(exist_ok=True)
        snapshot.write_text(got, encoding="utf-8")
    assert snapshot.exists(), f"missing {snapshot}; run with READLOG_UPDATE_SNAPSHOTS=1 to create it"
    assert got == snapshot.read_text(encoding="utf-8")
    assert max(Console(width=200).measure(line).maximum for line in got.splitlines()) <= 80


def test_stats_chart_bars_scale_with_counts() -> None:
    assert view.bar(0, 10, 20) == ""
    assert view.bar(10, 10, 20) == "█" * 20
    assert view.bar(5, 10, 20) == "█" * 10
    assert view.bar(1, 1000, 20) == "▏"  # a non-zero count is never invisible
    periods = [st_stats.Period(date(2026, 11, 30), 8, 2), st_stats.Period(date(2026, 12, 7), 0, 4)]
    console = Console(file=io.StringIO(), width=60, color_system=None)
    console.print(view.PeriodChart(periods, "week", "en"))
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert lines[1].startswith("Nov 30 │") and lines[1].rstrip().endswith("+6")
    assert lines[2].rstrip().endswith("-4")
    assert lines[1].count("█") > lines[2].count("█")
    assert all(len(line) <= 60 for line in lines)


def test_stats_cli_json_and_screen(run: Run, seeded: list[dict[str, Any]], fixed_now: datetime) -> None:
    data = run.json("stats")
    assert data["streak"] == python_streak(seeded) and data["read_today"] is True and len(data["periods"]) == 12
    assert data["saved"] == sum(p["saved"] for p in data["periods"])
    assert data["entries"] == len(seeded)
    out = run("stats").stdout
    assert "Saved vs read per week" in out and "Oldest unread" in out and f"{data['streak']} days in a row" in out
    zh = run("--lang", "zh", "stats").stdout
    assert "每周收藏与已读" in zh and f"连续阅读  {data['streak']} 天" in zh and "个月前" in zh
    everything = run.json("stats", "--since", "all")
    assert everything["saved"] == len(seeded) and everything["bucket"] == "week"  # 20 weeks of history
    assert run.json("stats", "--since", "1y")["bucket"] == "month"
    assert run.json("stats", "--since", "3w")["since"].startswith(
        "2026-11-12"
    )  # three weeks ago, not the Monday before


def test_stats_bad_since_and_empty_library(run: Run, fixed_now: datetime) -> None:
    assert "No entries yet" in run("stats").stdout
    assert run.json("stats")["backlog"] == 0
    bad = run("stats", "--since", "someday", code=2)
    assert bad.stderr.startswith("readlog: --since") and "Traceback" not in bad.output
    assert "future" in run("stats", "--since", "2030-01-01", code=2).stderr


# ---- the event log feeding stats -----------------------------------------------------


def test_reading_through_the_cli_feeds_stats(run: Run, library: Path) -> None:
    """read / unread record state and events at the store's clock; stats sees exactly the reads left standing."""
    base = {"category": "技术文章", "read_at": None, "starred_at": None, "archived_at": None}
    seed(
        library,
        [
            {**base, "title": f"e{i}", "source": "Rust Blog", "saved_at": iso(NOW - timedelta(days=20))}
            for i in range(4)
        ],
    )
    with time_machine.travel(NOW - timedelta(days=2), tick=False) as clock:
        for entry_id in ("1", "2", "3"):  # read two days ago, yesterday and now
            run("read", entry_id)
            clock.shift(timedelta(days=1))
        clock.move_to(NOW)
        lib = Store.open(library)
        try:
            kinds = [tuple(r) for r in lib.conn.execute("SELECT entry_id, kind, at FROM events ORDER BY id")]
        finally:
            lib.close()
        assert [(k[0], k[1]) for k in kinds] == [(1, "read"), (2, "read"), (3, "read")]
        assert kinds[0][2] == iso(NOW - timedelta(days=2))
        data = run.json("stats")
        assert (data["streak"], data["read_today"], data["read"], data["backlog"]) == (3, True, 3, 1)
        assert data["periods"][-1] == {"start": "2026-11-30", "saved": 0, "read": 3}
        assert data["top_sources"] == [{"name": "Rust Blog", "saved": 4, "read": 3}]
        run("unread", "3")  # back on the list to revisit: the reading happened and still counts
        data = run.json("stats")
        assert (data["streak"], data["read_today"], data["read"], data["backlog"]) == (3, True, 3, 2)
        run("read", "3")  # a re-read counts again
        assert (run.json("stats")["read"], run.json("stats")["backlog"]) == (4, 1)
        run("undo")  # the re-read taken back
        run("undo")  # the unread taken back: entry 3's read time is the first read's again
        data = run.json("stats")
        assert (data["streak"], data["read_today"], data["read"], data["backlog"]) == (3, True, 3, 1)
        run("undo")  # the first read of 3 taken back: an undone command counts nothing
        data = run.json("stats")
        assert (data["streak"], data["read_today"], data["read"], data["backlog"]) == (2, False, 2, 2)


def test_entries_read_before_import_count_once_at_their_read_time(run: Run, library: Path, fixed_now: datetime) -> None:
    """No event explains a read that came with the file: its stored time counts, once."""
    base = {"category": "", "source": "s", "starred_at": None, "archived_at": None}
    seed(
        library,
        [
            {
                **base,
                "title": "old",
                "saved_at": iso(NOW - timedelta(days=30)),
                "read_at": iso(NOW - timedelta(days=1)),
            },
            {**base, "title": "new", "saved_at": iso(NOW - timedelta(days=30)), "read_at": None},
        ],
    )
    run("read", "2")
    data = run.json("stats")
    assert (data["read"], data["streak"], data["read_today"]) == (2, 2, True)
    run("read", "1")  # already read: nothing changes, nothing more counts
    assert run.json("stats")["read"] == 2


# ---- configuration --------------------------------------------------------------------


@pytest.fixture
def config(tmp_path: Path) -> Path:
    return Path(os.environ["READLOG_CONFIG"])


def write_config(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return write(path, text)


def test_config_defaults_and_origins(run: Run, config: Path, library: Path) -> None:
    data = run.json("config")
    assert data["config_file"] == str(config) and data["exists"] is False
    s = data["settings"]
    assert s["library"] == {"value": str(library), "from": "environment (READLOG_DB)"}
    assert s["lang"]["from"] == "environment (READLOG_LANG)"
    assert s["page_size"] == {"value": 20, "from": "default"}
    assert s["mark_read_on_show"] == {"value": False, "from": "default"}
    out = run("--db", "x.db", "config").stdout
    assert "option (--db)" in out and "not created yet" in out


def test_config_file_sets_defaults(run: Run, config: Path, library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seed(library, history(30))
    write_config(
        config,
        '# mine\npage_size = 3\ncolumns = ["saved", "source"]\nlang = "zh"\nmark_read_on_show = true\n',
    )
    monkeypatch.delenv("READLOG_LANG")
    monkeypatch.setenv("LANG", "C.UTF-8")
    s = run.json("config")["settings"]
    assert s["page_size"] == {"value": 3, "from": "config file"}
    assert s["lang"] == {"value": "zh", "from": "config file"}
    assert s["columns"]["value"] == ["saved", "source"]
    listing = run("list").stdout.splitlines()
    assert listing[0].split() == ["编号", "标题", "收藏", "来源"]  # the configured columns, in order, in Chinese
    assert listing[-1].startswith("显示 3 / 共")
    assert len(run.json("list", "--unread", "-n", "3")) == 3  # --json gives every match unless --limit is given
    assert "分类" not in listing[0]
    unread = {r["id"] for r in run.json("list", "--unread", "-n", "0")}
    first = min(unread)
    run("show", str(first), "--no-mark-read")
    assert {r["id"] for r in run.json("list", "--unread", "-n", "0")} == unread
    run("show", str(first))  # the config says showing marks read
    assert {r["id"] for r in run.json("list", "--unread", "-n", "0")} == unread - {first}
    assert run("--lang", "en", "list").stdout.splitlines()[0].split()[0] == "ID"
    monkeypatch.setenv("READLOG_LANG", "en")
    assert run.json("config")["settings"]["lang"]["from"] == "environment (READLOG_LANG)"


def test_config_library_path_between_env_and_default(
    run: Run, config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_config(config, 'library = "books/mine.db"\n')
    monkeypatch.delenv("READLOG_DB")
    s = run.json("config")["settings"]["library"]
    assert s == {"value": str(config.parent / "books" / "mine.db"), "from": "config file"}
    run("sources")
    assert (config.parent / "books" / "mine.db").exists()
    monkeypatch.setenv("READLOG_DB", str(tmp_path / "env.db"))
    assert run.json("config")["settings"]["library"]["from"] == "environment (READLOG_DB)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("page_size = -1\n", "page_size"),
        ("page_size = 'ten'\n", "page_size"),
        ('columns = ["source", "colour"]\n', "unknown column 'colour'"),
        ('lang = "fr"\n', "lang"),
        ("mark_read_on_show = 1\n", "true or false"),
        ("page_size = \n", "not valid TOML"),
        ("[section\n", "not valid TOML"),
    ],
)
def test_config_errors_are_one_line(run: Run, config: Path, text: str, message: str) -> None:
    write_config(config, text)
    result = run("list", code=1)
    assert message in result.stderr and str(config) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_config_unknown_key_warns_only_in_config(run: Run, config: Path) -> None:
    write_config(config, "pagesize = 5\n")
    assert "pagesize" in run("config").stderr
    assert run("list").stderr == ""


def test_config_init_and_path(run: Run, config: Path) -> None:
    assert run("config", "--path").stdout.strip() == str(config)
    run("config", "--init")
    assert rl_settings.parse_toml(config.read_text(encoding="utf-8")) == {}  # everything commented out
    assert run.json("config")["exists"] is True
    again = run("config", "--init", code=1)
    assert "already exists" in again.stderr


def test_reading_the_config_is_cached_and_lazy(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert rl_settings.load(config) == ({}, [])  # no file: no parsing
    write_config(config, "page_size = 7\n")
    calls: list[str] = []
    real = rl_settings.parse_toml
    monkeypatch.setattr(rl_settings, "parse_toml", lambda text: calls.append(text) or real(text))
    assert rl_settings.file_value("page_size") == 7
    assert rl_settings.file_value("lang") is None
    assert len(calls) == 1


# ---- a TOML mistake in the config file ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('page_size = 20\ncolumns = ["source",\n  "saved" "tags"]\n', "line 3, column 11"),
        ('lang = "zh"\n[section\n', "line 2"),
        ("page_size = 5\npage_size = 6\n", "line 2"),
    ],
)
@pytest.mark.parametrize(("lang", "said"), [("en", ": not valid TOML: "), ("zh", "：不是有效的 TOML：")])
def test_a_toml_mistake_is_one_line_naming_the_file_and_where(
    run: Run, config: Path, text: str, where: str, lang: str, said: str
) -> None:
    write_config(config, text)
    result = run("--lang", lang, "list", code=1)
    assert result.stderr.startswith(f"readlog: {config}{said}") and where in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""


# ---- Chinese labels throughout ---------------------------------------------------------


def test_every_label_has_a_chinese_form() -> None:
    from helpers import texts

    labels = {key: said for key, said in texts("zh").items() if key.startswith(("label_", "stats_"))}
    assert "label_showing" in labels and "stats_title" in labels
    for key, said in labels.items():
        assert all(t and not any(word in t for word in ("entries", "added", "unread", "Showing")) for t in said), key


def test_chinese_state_changes_import_summary_and_overview(run: Run, tmp_path: Path) -> None:
    digest = write(
        tmp_path / "d.txt",
        "技术文章 Rust Blog 2026-10-30\n文章介绍 Rust 编译器的新进展。\n推荐收录。\n\n"
        "工程实践 SQLite Forum 2026-10-31\n帖子讨论 FTS5 分词器。\n值得一读。\n",
    )
    imported = run("--lang", "zh", "import", str(digest)).stdout
    assert "新增 2 条，更新 0 条，跳过 0 条" in imported and "added" not in imported
    changed = run("--lang", "zh", "read", "1").stdout
    assert "已标为已读：" in changed and "marked" not in changed
    assert "本来就是已读：" in run("--lang", "zh", "read", "1").stdout
    assert "已加星标：" in run("--lang", "zh", "star", "2").stdout
    overview = run("--lang", "zh").stdout
    assert "共 2 条 · 1 条未读 · 1 条星标" in overview and "上次导入：" in overview and "最新未读：" in overview
    assert "entries" not in overview and "Last import" not in overview
    english = run("read", "2").stdout
    assert "marked read:" in english


@pytest.mark.parametrize("width", [40, 60, 120])
def test_stats_and_sources_fit_any_width(library: Path, seeded: list[dict[str, Any]], width: int) -> None:
    lib = Store.open(library)
    try:
        data = st_stats.collect(lib, None, NOW)
        groups = st_stats.groups(lib, "source")
    finally:
        lib.close()
    for renderable in (view.stats_screen(data, "zh"), view.groups_table(groups, "source", "en", NOW)):
        console = Console(file=io.StringIO(), width=width, color_system=None)
        console.print(renderable)
        lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
        assert all(Console(width=300).measure(line).maximum <= width for line in lines)
    out = _render(data, "en", width)
    for r in data.oldest:  # ids and ages survive; titles are what gets cut
        assert any(line.lstrip().startswith(f"{r['id']} ") and "ago" in line for line in out.splitlines())


def test_since_all_counts_a_read_made_now_though_the_entries_were_saved_by_a_clock_ahead(
    tmp_path: Path, fixed_clock: time_machine.Coordinates
) -> None:
    """Entries saved "later" than now (synced from a machine whose clock runs ahead):
    --since all starts the window no later than now, so a read made here now counts."""
    import readlog

    fixed_clock.shift(120)
    with readlog.open(tmp_path / "ahead.db") as lib:
        lib.add("https://example.com/ahead", title="Ahead")
    fixed_clock.shift(-120)
    with readlog.open(tmp_path / "ahead.db") as lib:
        lib.mark_read(1)
        stats = lib.stats(since="all")
        assert stats.total == 1 and stats.read == 1
        assert stats.since <= stats.now
