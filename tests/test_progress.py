"""Reading progress (issue 35, item 3): ``readlog progress ID 40%`` and ``lib.progress``,
one recorded action each, taken back by undo; ``--done`` marks the entry read in that same
action; ``list --in-progress`` and ``entries(in_progress=True)``; the bar in show and list;
carried by readlog's own exports and read back by import; read from the exports of
Omnivore, Readwise Reader and Pocket."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import readlog
from readlog.core.progress import parse_progress
from readlog.model.errors import UsageError

from conftest import Run
from helpers import connect


def _seed(tmp_path: Path, run: Run, n: int = 3) -> None:
    records = [
        {"readlog": 1, "id": i, "title": f"文章 {i}", "url": f"https://blog.example/{i}"} for i in range(1, n + 1)
    ]
    path = tmp_path / "seed.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    run("import", str(path))


def _stored(library: Path, entry_id: int) -> tuple[Any, ...]:
    with connect(library) as conn:
        row = conn.execute("SELECT progress, progress_at, read_at FROM entries WHERE id = ?", (entry_id,)).fetchone()
    conn.close()
    return tuple(row)


@pytest.mark.parametrize("typed", ["40%", "40", "0.4", " 40 % ", ".4"])
def test_the_command_takes_a_percent_or_a_fraction(run: Run, library: Path, tmp_path: Path, typed: str) -> None:
    _seed(tmp_path, run)
    out = run("progress", "2", typed).stdout
    assert "progress 40%" in out and "文章 2" in out and "▰▰▰▰▱▱▱▱▱▱ 40%" in out
    progress, progress_at, read_at = _stored(library, 2)
    assert progress == 0.4 and progress_at and read_at is None
    assert "progress unchanged (40%)" in run("progress", "2", "40%").stdout
    assert [a["command"] for a in run.json("history")][:1] == ["progress 2 40%"]


def test_undo_takes_a_progress_change_back(run: Run, library: Path, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    run("progress", "1", "25%")
    run("progress", "1", "60%")
    assert _stored(library, 1)[0] == 0.6
    out = run("undo").stdout
    assert "progress restored" in out
    assert _stored(library, 1)[0] == 0.25
    assert "progress removed" in run("undo").stdout
    assert _stored(library, 1) == (None, None, None)


def test_done_sets_all_of_it_and_marks_read_in_one_action(run: Run, library: Path, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    run("progress", "3", "30%")
    record = run.json("progress", "3", "--done")
    assert record["progress"] == 1.0 and record["read_at"]
    assert _stored(library, 3)[0] == 1.0 and _stored(library, 3)[2]
    newest = run.json("history")[0]
    assert newest["command"] == "progress 3 --done" and newest["changes"] == 2
    run("undo")
    progress, _, read_at = _stored(library, 3)
    assert progress == 0.3 and read_at is None


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["1", "abc"], "abc is not a reading progress"),
        (["1", "140%"], "140% is not a reading progress"),
        (["1", "-5"], "No such option"),
        (["1"], "give how far you read"),
        (["1", "40%", "--done"], "not both"),
    ],
)
def test_a_bad_amount_is_a_usage_error_changing_nothing(
    run: Run, library: Path, tmp_path: Path, args: list[str], said: str
) -> None:
    _seed(tmp_path, run)
    result = run("progress", *args, code=2)
    assert said in result.stderr
    assert _stored(library, 1) == (None, None, None)


def test_an_unknown_entry_is_an_error(run: Run, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    assert "no entry with id 9" in run("progress", "9", "40%", code=1).stderr


def test_list_in_progress_lists_started_unfinished_unread(run: Run, tmp_path: Path) -> None:
    _seed(tmp_path, run, n=4)
    run("progress", "1", "40%")
    run("progress", "2", "100%")  # finished, though not marked read
    run("progress", "3", "50%")
    run("read", "3")  # read: no longer in progress
    run("progress", "4", "0")  # said, but not started
    assert [e["id"] for e in run.json("list", "--in-progress")] == [1]
    assert [e["progress"] for e in run.json("list", "--in-progress")] == [0.4]
    assert run.json("list", "--in-progress", "--source", "nowhere.example") == []
    # The bulk commands take the same filter, and history records it.
    run("star", "--in-progress", "--yes")
    assert [e["id"] for e in run.json("list", "--starred")] == [1]
    assert run.json("history")[0]["command"] == "star --in-progress"


def test_the_api(library: Path, run: Run, tmp_path: Path) -> None:
    _seed(tmp_path, run)
    with readlog.open(library) as lib:
        done = lib.progress(1, "40%")
        assert isinstance(done, readlog.Progressed) and done.action is not None and done.progress == 0.4
        assert lib.get(1).progress == 0.4 and lib.get(2).progress is None
        assert lib.progress(1, 0.4).action is None  # unchanged: no action recorded
        assert [e.id for e in lib.entries(in_progress=True)] == [1]
        assert sorted(e.id for e in lib.entries(in_progress=False)) == [2, 3]
        assert lib.count(in_progress=True) == 1
        finished = lib.progress(2, done=True)
        assert finished.marked_read and lib.get(2).read and lib.get(2).progress == 1.0
        lib.undo()
        assert not lib.get(2).read and lib.get(2).progress is None
        with pytest.raises(readlog.BadValue):
            lib.progress(1, "140%")
        with pytest.raises(readlog.BadValue):
            lib.progress(1)
        with pytest.raises(readlog.BadValue):
            lib.progress(1, 0.5, done=True)
        with pytest.raises(readlog.BadArgument):
            lib.progress(1, True)  # type: ignore[arg-type]
        with pytest.raises(readlog.BadValue):
            lib.plan("star", in_progress=False)
        plan = lib.plan("star", in_progress=True)
        assert plan.ids == (1,)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=12), st.floats(allow_nan=True), st.integers(-1000, 1000)))
def test_any_amount_is_a_fraction_or_a_usage_error(value: Any) -> None:
    typed = value if isinstance(value, str) else str(value)
    try:
        fraction = parse_progress(typed)
    except UsageError as exc:
        assert "\n" not in str(exc) and "is not a reading progress" in str(exc)
    else:
        assert 0.0 <= fraction <= 1.0


def test_show_and_list_draw_a_bar_that_survives_no_color(run: Run, tmp_path: Path, monkeypatch: Any) -> None:
    _seed(tmp_path, run)
    before = run("list").stdout
    run("progress", "1", "40%")
    monkeypatch.setenv("NO_COLOR", "1")
    assert "▰▰▰▰▱▱▱▱▱▱ 40%" in run("show", "1").stdout
    listed = run("list").stdout.splitlines()
    [line] = [s for s in listed if "文章 1" in s]
    assert "▰▰▱▱ 40%" in line
    assert "%" not in "".join(s for s in listed if "文章 1" not in s)
    assert before != run("list").stdout  # the mark column made room for the bar
    # Finished or read: no bar in the list (it is no longer in progress); show still says it.
    run("progress", "1", "--done")
    assert "%" not in run("list").stdout and "▰▰▰▰▰▰▰▰▰▰ 100%" in run("show", "1").stdout


def test_the_bar_in_plain_ascii_where_the_terminal_cannot_write_it() -> None:
    from readlog.render.records import progress_bar

    assert progress_bar(0.4, "utf-8") == "▰▰▰▰▱▱▱▱▱▱ 40%"
    assert progress_bar(0.4, "ascii") == "[####------] 40%"
    assert progress_bar(0.01, "ascii", cells=4) == "[#---] 1%"  # begun: a cell filled
    assert progress_bar(0.99, "utf-8", cells=4) == "▰▰▰▱ 99%"  # not finished: a cell empty
    assert progress_bar(None) == ""


def test_piped_list_is_unchanged_but_for_entries_in_progress(run: Run, tmp_path: Path, monkeypatch: Any) -> None:
    _seed(tmp_path, run)
    monkeypatch.delenv("READLOG_FORCE_TTY")
    before = run("list").stdout.splitlines()
    run("progress", "2", "0.25")
    after = run("list").stdout.splitlines()
    assert [s.split("\t")[1] for s in after] == ["unread", "unread 25%", "unread"]
    assert [s for s in after if "\tunread 25%\t" not in s] == [s for s in before if "文章 2" not in s]
    assert run.json("show", "2")["progress"] == 0.25
    assert [e["progress"] for e in run.json("list")] == [None, 0.25, None]


@pytest.mark.parametrize("fmt", ["jsonl", "json", "csv"])
def test_readlogs_own_exports_carry_progress_back(run: Run, library: Path, tmp_path: Path, fmt: str) -> None:
    _seed(tmp_path, run)
    run("progress", "1", "40%")
    run("progress", "3", "--done")
    out = tmp_path / f"out.{fmt}"
    run("export", "--format", fmt, "-o", str(out))
    other = tmp_path / "other.db"
    run("--db", str(other), "import", str(out))
    for entry_id in (1, 2, 3):
        assert _stored(other, entry_id) == _stored(library, entry_id)
    # Importing it again changes nothing; into a library with less progress, the greater wins.
    assert "0 added, 0 updated" in run("--db", str(other), "import", str(out)).stdout
    run("progress", "1", "20%")
    run("progress", "2", "10%")
    assert "1 updated" in run("import", str(out)).stdout  # 1: 40% > 20%; 2 keeps its 10%, 3 its 100%
    assert _stored(library, 1)[0] == 0.4 and _stored(library, 2)[0] == 0.1  # 2's file had none: kept
    run("undo")
    assert _stored(library, 1)[0] == 0.2


def test_a_bad_progress_in_a_record_is_a_problem_on_its_line(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    records = [
        {"readlog": 1, "id": 1, "title": "A", "url": "https://a.example/", "progress": 1.5},
        {"readlog": 1, "id": 2, "title": "B", "url": "https://b.example/", "progress": "half"},
        {"readlog": 1, "id": 3, "title": "C", "url": "https://c.example/", "progress": 0.5},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    result = run("import", str(path), code=None)
    assert "1 added" in result.stdout
    assert result.stderr.count("should be a number from 0 to 1") == 2
    assert [e["progress"] for e in run.json("list")] == [0.5]


PROGRESS_FIXTURES = Path(__file__).parent / "fixtures" / "progress"


def _progress_by_title(run: Run) -> dict[str, Any]:
    return {e["title"]: e["progress"] for e in run.json("list", "--archived")} | {
        e["title"]: e["progress"] for e in run.json("list")
    }


def test_omnivore_reading_progress_is_imported(run: Run, library: Path) -> None:
    out = run("import", str(PROGRESS_FIXTURES / "omnivore-metadata_0_to_3.json")).stdout
    assert "(omnivore): 4 added" in out
    assert _progress_by_title(run) == {
        "How query caches work": 0.45,
        "增量编译的新进展": 1.0,
        "Never opened": None,  # 0: nothing read, nothing said
        "Exported through the API": 0.125,  # readingProgressPercent
    }
    with connect(library) as conn:
        at = conn.execute("SELECT progress_at FROM entries WHERE title = 'How query caches work'").fetchone()[0]
    conn.close()
    assert at == "2024-10-04T21:30:00+00:00"  # as of the record's last change
    assert [e["title"] for e in run.json("list", "--in-progress")] == [
        "Exported through the API",
        "How query caches work",
    ]
    # Importing it again adds nothing and changes nothing.
    assert "0 added, 0 updated" in run("import", str(PROGRESS_FIXTURES / "omnivore-metadata_0_to_3.json")).stdout


def test_readwise_reader_reading_progress_is_imported(run: Run) -> None:
    out = run("import", str(PROGRESS_FIXTURES / "readwise-reader.csv")).stdout
    assert "(readwise): 3 added" in out
    assert _progress_by_title(run) == {"How query caches work": 0.62, "增量编译的新进展": 1.0, "Never opened": None}
    # Omnivore's export of the same articles, with less read of one, more of none: the greater stays.
    run("import", str(PROGRESS_FIXTURES / "omnivore-metadata_0_to_3.json"))
    assert _progress_by_title(run)["How query caches work"] == 0.62


@given(
    st.one_of(st.none(), st.booleans(), st.floats(allow_nan=True), st.integers(-(10**6), 10**6), st.text(max_size=8))
)
def test_an_importers_progress_is_within_zero_and_one_or_none(value: Any) -> None:
    from readlog.inputs.formats.common import reading_progress
    from readlog.inputs.vet import progress_within

    for percent in (True, False):
        kept = progress_within(reading_progress(value, percent=percent))
        assert kept is None or 0.0 <= kept <= 1.0
    assert reading_progress(0, percent=True) is None and reading_progress("35%", percent=False) == 0.35


def test_pockets_archive_is_read_and_says_nothing_of_progress(run: Run) -> None:
    """Pocket's export says only unread or archive: the archive is imported as read (as
    before), and no progress is made up for it."""
    run("import", str(Path(__file__).parent.parent / "examples" / "pocket.csv"))
    entries = run.json("list", "--archived") + run.json("list")
    assert any(e["read_at"] for e in entries) and all(e["progress"] is None for e in entries)
