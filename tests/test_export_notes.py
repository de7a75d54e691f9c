"""export -f markdown -o DIR: one note file per entry, read back with a YAML parser."""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from test_export import SAMPLE, build

import readlog
from readlog.core.export_notes import file_name, note_text, slug, yaml_text
from readlog.model.entry import Entry
from readlog.model.highlight import Highlight

from conftest import Run
from helpers import connect


@pytest.fixture
def sample(library: Path) -> Path:
    build(library, SAMPLE)
    return library


def notes(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())}


def split(text: str) -> tuple[dict[str, Any], str]:
    """The front matter as YAML reads it, and the body after it."""
    assert text.startswith("---\n")
    end = text.index("\n---\n", 3)
    return yaml.safe_load(text[4:end]), text[end + 5 :]


def test_a_file_per_entry_with_front_matter(run: Run, sample: Path, tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    result = run("export", "-f", "markdown", "-o", str(folder) + "/")
    assert result.stdout == ""
    assert "exported 4 entries" in result.stderr and "a file each" in result.stderr
    files = notes(folder)
    assert sorted(files) == [
        "HYPERLINK-http-evil-2.md",
        "No-link-here-3.md",
        "script-alert-1-script-x-y-4.md",
        "调度器为什么会饿死后台任务-1.md",
    ]
    meta, body = split(files["调度器为什么会饿死后台任务-1.md"])
    assert meta == {
        "title": "调度器为什么会饿死后台任务",
        "link": "https://example.org/sched?utm_source=x",
        "source": "evening-reads",
        "category": "技术文章",
        "tags": ["内核", "os"],
        "saved": "2026-11-01T01:30:00+00:00",
        "read": "2026-11-02T01:30:00+00:00",
        "starred": None,
        "reading_time": None,
        "id": 1,
    }
    assert body == '\n# 调度器为什么会饿死后台任务\n\n## Note\n\na "quoted" note with a tab\n'
    hostile, body = split(files["script-alert-1-script-x-y-4.md"])
    assert hostile["title"] == "<script>alert(1)</script> & [x](y)" and hostile["starred"] is not None
    assert "# \\<script\\>alert(1)\\</script\\> \\& \\[x\\](y)" in body and "<script>" not in body


def test_a_second_export_updates_the_same_files_and_touches_no_other(run: Run, sample: Path, tmp_path: Path) -> None:
    folder = tmp_path / "vault"
    folder.mkdir()
    own = folder / "my own.md"
    own.write_text("mine")
    lookalike = folder / "something-1.md"  # named as an export names, but not written by one
    lookalike.write_text("---\nid: 2\n---\nmine too")
    run("export", "-f", "md", "-o", str(folder))
    first = notes(folder)
    stamps = {name: os.stat(folder / name).st_mtime_ns for name in first}
    again = run("export", "-f", "markdown", "-o", str(folder), "--json")
    assert json.loads(again.stdout) == {
        "format": "markdown",
        "path": str(folder),
        "written": 4,
        "unchanged": 4,
        "skipped": 0,
        "left_out": [],
    }
    assert notes(folder) == first and {n: os.stat(folder / n).st_mtime_ns for n in first} == stamps
    # The title changes: the entry keeps its file, which now holds the new title.
    conn = connect(sample)
    conn.execute("UPDATE entries SET title = 'Renamed: a new title' WHERE id = 1")
    conn.commit()
    conn.close()
    run("export", "-f", "markdown", "-o", str(folder))
    after = notes(folder)
    assert sorted(after) == sorted(first)
    assert split(after["调度器为什么会饿死后台任务-1.md"])[0]["title"] == "Renamed: a new title"
    assert own.read_text() == "mine" and lookalike.read_text() == "---\nid: 2\n---\nmine too"
    # A new entry whose name is taken by a file the export did not write: refused, that file kept.
    (folder / "New-title-5.md").write_text("someone else's")
    build(
        sample,
        [Entry(title="New title", url="https://example.org/new", saved_at=datetime(2026, 11, 5, tzinfo=timezone.utc))],
    )
    taken = run("export", "-f", "markdown", "-o", str(folder), code=1)
    assert "New-title-5.md" in taken.stderr and len(taken.stderr.splitlines()) == 1
    assert (folder / "New-title-5.md").read_text() == "someone else's"
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_without_a_folder_markdown_is_the_reading_list_as_before(
    run: Run, sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    refused = run("export", "-f", "markdown", "-o", "", code=1)  # an empty -o is refused, as before
    assert refused.stderr == f"readlog: {os.path.realpath(tmp_path)}: is a directory; give a file name to -o\n"
    assert list(tmp_path.iterdir()) == [sample.parent]
    listed = run("export", "-f", "markdown").stdout
    assert listed.startswith("# Reading list")
    run("export", "-f", "markdown", "-o", str(tmp_path / "list.md"))
    assert (tmp_path / "list.md").read_text(encoding="utf-8") == listed
    run("export", "-f", "json", "-o", str(tmp_path), code=1)  # only markdown writes a folder
    run("export", "-o", str(tmp_path / "x.md"), "--json")
    assert run("export", "--json", code=2).stderr.startswith("readlog: ")


def test_the_api_writes_the_folder(sample: Path, tmp_path: Path) -> None:
    with readlog.open(sample) as lib:
        done = lib.export("markdown", tmp_path / "n", starred=True)  # a path that is not yet a folder: by fmt
        assert (int(done), done.format) == (2, "markdown") and (tmp_path / "n").is_file()
        done = lib.export("markdown", str(tmp_path / "notes") + os.sep, starred=True)
        assert (int(done), done.unchanged) == (2, 0) and len(list((tmp_path / "notes").iterdir())) == 2


def test_help_says_so_in_both_languages(run: Run) -> None:
    assert "-o DIR" in run("export", "--help").stdout and "-f markdown -o notes/" in run("export", "--help").stdout
    zh = run("--lang", "zh", "export", "--help").stdout
    assert "每条一篇笔记" in zh and "epub" in zh and "电子书" in zh


# ---- file names --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "stem"),
    [
        ("A title: with/slashes\\and|pipes?*", "A-title-with-slashes-and-pipes"),
        ("  中文标题（全角括号）  ", "中文标题-全角括号"),
        ("CON", "_CON"),
        ("nul.txt", "_nul.txt"),
        ("...", ""),
        ("\x1b[31mred\x1b[0m", "red"),
    ],
)
def test_slug(title: str, stem: str) -> None:
    assert slug(title) == stem


@given(st.text(), st.integers(min_value=1, max_value=10**12))
@settings(max_examples=300, deadline=None)
def test_every_name_is_safe_and_ends_in_its_id(title: str, entry_id: int) -> None:
    name = file_name({"title": title, "id": entry_id})
    assert name.endswith(f"-{entry_id}.md") and len(name.encode("utf-8")) <= 80 + 20
    assert not set('<>:"/\\|?*') & set(name) and all(ch.isprintable() and not ch.isspace() for ch in name)
    assert name[0] not in ".- " and name.split(".")[0].lower() not in ("con", "prn", "aux", "nul")


# ---- YAML and Markdown hold any text as data ----------------------------------------

any_text = st.text(st.characters(codec="utf-8"))


@given(any_text)
@settings(max_examples=500, deadline=None)
def test_yaml_gives_back_any_text(text: str) -> None:
    assert yaml.safe_load("key: " + yaml_text(text)) == {"key": text}


@given(title=any_text, note=any_text, passage=any_text, source=any_text, tags=st.lists(any_text, max_size=3))
@settings(max_examples=200, deadline=None)
def test_no_text_breaks_the_front_matter_or_the_body(
    title: str, note: str, passage: str, source: str, tags: list[str]
) -> None:
    row = {"id": 7, "title": title, "url": "", "source": source, "note": note, "tags": json.dumps(tags)}
    text = note_text(row, [Highlight(passage=passage, note=note)])
    meta, body = split(text)
    assert meta["id"] == 7 and isinstance(meta["title"], str) and isinstance(meta["tags"], list)
    # Every line of the body is a heading readlog wrote, a quote, text or blank: none opens
    # front matter, a list, a fence, a table or raw HTML.
    for line in body.split("\n"):
        assert not line.startswith(("---", "- ", "* ", "+ ", "```", "~~~", "<", "|", "    ", "\t", "=")), line
        if line.startswith("#"):
            assert line.startswith(("# ", "## Highlights", "## Note")) and not line.startswith("###")


def test_highlights_are_quotes_each_followed_by_its_note() -> None:
    row = {"id": 3, "title": "标题", "url": "https://example.org/a", "note": "我的笔记\n\n---\nmore"}
    marks = [
        Highlight(passage="第一段\n第二行", note="为什么重要"),
        Highlight(passage="- not a list", note=""),
        Highlight(kind="note", note="a note alone"),
    ]
    body = split(note_text(row, marks, "zh"))[1]
    assert body == (
        "\n# 标题\n\n## 标注\n\n> 第一段\n> 第二行\n\n为什么重要\n\n> \\- not a list\n\na note alone\n\n"
        "## 笔记\n\n我的笔记\n\n\\---\nmore\n"
    )
