"""readlog edit: fix an entry's fields by option or in $EDITOR, and undo it.

The editor is a small Python script set as $EDITOR (as the note tests do):
it changes the lines named in FORM_EDITS, replaces the whole form with
FORM_TEXT, or saves the form unchanged with FORM_TOUCH; with none of them it
quits without saving. FORM_COPY keeps a copy of the form it was given.
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.cli.entryform import MULTILINE, NAMES, FormError, read_form, write_form
from readlog.settings import parse_toml

import helpers
from conftest import DIGEST, Run, write
from helpers import examples

EDITOR = r"""
import json, os, re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
if os.environ.get("FORM_COPY"):
    open(os.environ["FORM_COPY"], "w", encoding="utf-8").write(text)
if os.environ.get("FORM_MEANWHILE"):  # another readlog changes the entry while the form is open
    import subprocess
    subprocess.run([sys.executable, "-m", "readlog", *json.loads(os.environ["FORM_MEANWHILE"])], check=True)
if "FORM_TEXT" in os.environ:
    text = os.environ["FORM_TEXT"]
elif "FORM_EDITS" in os.environ:
    for key, line in json.loads(os.environ["FORM_EDITS"]).items():
        pattern = "^" + key + " = (\"\"\"[\s\S]*?\"\"\"|\"[^\n]*\")$"
        text, n = re.subn(pattern, lambda m: line, text, count=1, flags=re.M)
        assert n == 1, key
elif "FORM_TOUCH" not in os.environ:
    sys.exit(0)
open(path, "w", encoding="utf-8").write(text)
"""


@pytest.fixture
def ids(run: Run, tmp_path: Path) -> dict[str, int]:
    """The three digest entries by nickname: gc, leak, rust."""
    run("import", str(write(tmp_path / "digest.txt", DIGEST)), "--as-of", "2026-11-01")
    names = {"垃圾回收器": "gc", "goroutine": "leak", "Rust": "rust"}
    return {next(n for k, n in names.items() if k in r["title"]): r["id"] for r in run.json("list", "-n", "0")}


@pytest.fixture
def editor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fake editor as $EDITOR; drafts go to a cache folder inside tmp_path."""
    script = write(tmp_path / "editor.py", EDITOR)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for var in ("FORM_COPY", "FORM_TEXT", "FORM_EDITS", "FORM_TOUCH"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path / "cache"


def _row(db: Path, entry_id: int) -> dict[str, Any]:
    conn = helpers.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        row = conn.execute("SELECT * FROM entries WHERE id = ?", (entry_id,)).fetchone()
        return dict(row) if row else {}
    finally:
        conn.close()


def _all(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    conn = helpers.connect(db)
    try:
        with conn:
            return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def _actions(db: Path) -> int:
    return int(_all(db, "SELECT count(*) FROM actions")[0][0])


# ---- by options ------------------------------------------------------------------------


def test_fix_a_title(run: Run, ids: dict[str, int], library: Path, tmp_path: Path) -> None:
    gc = ids["gc"]
    _all(library, "UPDATE entries SET updated_at = '2026-01-01T00:00:00+00:00' WHERE id = ?", gc)
    before = _row(library, gc)
    result = run("edit", str(gc), "--title", "Go 的新 GC 调优方法")
    assert "edited (title)" in result.stdout and "Go 的新 GC 调优方法" in result.stdout
    assert run.json("show", str(gc))["title"] == "Go 的新 GC 调优方法"
    assert [r["id"] for r in run.json("search", "GC 调优")] == [gc]  # the search index followed
    after = _row(library, gc)
    assert {k for k in after if after[k] != before[k]} == {"title", "updated_at"}
    assert after["fingerprint"] == before["fingerprint"]  # identity never changes
    assert run.json("history", "-n", "1")[0]["command"] == f"edit {gc} --title"
    # Importing the digest again merges into the edited entry: no duplicate, the new title stays.
    again = run("import", str(tmp_path / "digest.txt"), "--as-of", "2026-11-01")
    assert "0 added" in again.stdout
    assert run.json("show", str(gc))["title"] == "Go 的新 GC 调优方法"


def test_a_digest_entry_gets_its_link(run: Run, ids: dict[str, int], library: Path, tmp_path: Path) -> None:
    gc = ids["gc"]
    fingerprint = _row(library, gc)["fingerprint"]
    run("edit", str(gc), "--url", "https://Example.org/go/gc/?utm_source=mail")
    row = _row(library, gc)
    assert row["url"] == "https://Example.org/go/gc/?utm_source=mail"
    assert row["url_key"] == "https://example.org/go/gc" and row["fingerprint"] == fingerprint
    assert run("open", str(gc), "--print").stdout.strip() == row["url"]
    # A later bookmark export of the same link merges into the entry instead of adding one.
    html = (
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        '<DT><A HREF="https://example.org/go/gc#:~:text=GC" ADD_DATE="1767225600" TAGS="go,gc">GC tuning</A>\n</DL>\n'
    )
    result = run.json("import", str(write(tmp_path / "bookmarks.html", html)))
    assert (result[0]["added"], result[0]["updated"]) == (0, 1)
    assert run.json("show", str(gc))["tags"] == ["go", "gc"]
    assert len(run.json("list", "-n", "0")) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--url", "ftp://example.org/file"], "--url: 'ftp://example.org/file' is not a web address"),
        (["--url", "javascript:alert(1)"], "runs code"),
        (["--url", "https://"], "not a web address"),
        (["--url", "example.org/page"], "not a web address"),
        (["--url", "https://exa mple.org/"], "not a web address"),
        (["--published", "2026-02-30"], "--published: '2026-02-30' is not a date"),
        (["--published", "yesterday"], "is not a date"),
        (["--published", "0099-01-01"], "is not a date"),
    ],
)
def test_values_are_checked(run: Run, ids: dict[str, int], library: Path, args: list[str], message: str) -> None:
    gc = ids["gc"]
    before, actions = _row(library, gc), _actions(library)
    result = run("edit", str(gc), "--title", "changed", *args, code=2)
    assert message in result.stderr and "Traceback" not in result.output
    assert _row(library, gc) == before and _actions(library) == actions  # nothing at all changed


def test_a_link_belongs_to_one_entry(run: Run, ids: dict[str, int], library: Path) -> None:
    gc, leak = ids["gc"], ids["leak"]
    run("edit", str(gc), "--url", "https://example.org/a")
    before = _row(library, leak)
    result = run("edit", str(leak), "--url", "https://EXAMPLE.org/a/?utm_medium=x", code=1)
    assert f"entry {gc} already has the link" in result.stderr
    run("rm", str(gc))
    result = run("edit", str(leak), "--url", "https://example.org/a", code=1)
    assert f"entry {gc} (in the trash) already has the link" in result.stderr
    assert _row(library, leak) == before
    run("edit", str(leak), "--url", "https://example.org/b")  # another link is fine
    assert _row(library, leak)["url_key"] == "https://example.org/b"


def test_dates_categories_and_clearing(run: Run, ids: dict[str, int]) -> None:
    rust = str(ids["rust"])
    run("edit", rust, "--published", "2026/9/5", "--category", "编译器", "--source", "  Rust   Blog  ")
    record = run.json("show", rust)
    assert (record["published"], record["category"], record["source"]) == ("2026-09-05", "编译器", "Rust Blog")
    run("edit", rust, "--published", "", "--category", "", "--verdict", "")
    record = run.json("show", rust)
    assert (record["published"], record["category"], record["verdict"]) == (None, "", "")
    assert [r["id"] for r in run.json("list", "--category", "编译器")] == []


def test_text_is_cleaned_as_imports_clean_it(run: Run, ids: dict[str, int]) -> None:
    gc = str(ids["gc"])
    run(
        "edit",
        gc,
        "--title",
        "\x1b[31mred\x1b[0m \u202eevil\u200b title\n",
        "--summary",
        "\n\nline 1\n\nline 2\x07  \n",
    )
    record = run.json("show", gc)
    assert record["title"] == "red evil title"
    assert record["summary"] == "line 1\n\nline 2"
    assert "[bold]x[/bold]" in run("edit", gc, "--title", "[bold]x[/bold]").stdout  # markup is text


def test_unchanged_values_record_nothing(run: Run, ids: dict[str, int], library: Path) -> None:
    gc = ids["gc"]
    title = run.json("show", str(gc))["title"]
    actions = _actions(library)
    result = run("edit", str(gc), "--title", title)
    assert "unchanged" in result.stdout and "nothing to change" in result.stdout
    assert _actions(library) == actions


def test_edit_json_and_missing_entries(run: Run, ids: dict[str, int]) -> None:
    gc = str(ids["gc"])
    record = run.json("edit", gc, "--title", "JSON title")
    assert record["id"] == int(gc) and record["title"] == "JSON title" and "summary" in record
    assert "no entry with id 99" in run("edit", "99", "--title", "x", code=1).stderr
    run("rm", gc)
    message = run("edit", gc, "--title", "x", code=1).stderr
    assert f"entry {gc} is in the trash (readlog restore {gc} brings it back)" in message


def test_zh_output(run: Run, ids: dict[str, int]) -> None:
    assert "已修改（标题）" in run("--lang", "zh", "edit", str(ids["gc"]), "--title", "新").stdout


def test_undo_an_edit(run: Run, ids: dict[str, int], library: Path) -> None:
    gc = ids["gc"]
    before = _row(library, gc)
    run("edit", str(gc), "--title", "T", "--url", "https://example.org/t", "--published", "2026-01-02")
    result = run("undo")
    assert "Undid action" in result.stdout and "restored" in result.stdout
    assert _row(library, gc) == before  # every column, url_key and updated_at included
    assert run.json("search", "垃圾回收器")[0]["id"] == gc


def test_undo_an_edit_names_the_title_put_back(run: Run, ids: dict[str, int]) -> None:
    gc = ids["gc"]
    old = run.json("show", str(gc))["title"]
    run("edit", str(gc), "--title", "Taken away")
    preview = run.json("undo", "--dry-run")["changes"]
    assert [(c["id"], c["title"]) for c in preview] == [(gc, old)]
    result = run("undo")
    line = next(line for line in result.stdout.splitlines() if "restored title" in line)
    assert old[:12] in line and "Taken away" not in line
    assert run.json("show", str(gc))["title"] == old


# ---- in the editor -------------------------------------------------------------------------


def test_editor_applies_what_changed(
    run: Run, ids: dict[str, int], library: Path, editor: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gc = ids["gc"]
    before = _row(library, gc)
    edits = {
        "title": 'title = "新标题 \\"引号\\" C:\\\\path"',
        "url": 'url = "https://example.org/go-gc"',
        "summary": 'summary = """\n第一段\n\n第二段，带 \\\\ 反斜杠和 ""\\" 引号\n"""',
    }
    monkeypatch.setenv("FORM_EDITS", json.dumps(edits))
    result = run("edit", str(gc))
    assert "edited (title, url, summary)" in result.stdout
    record = run.json("show", str(gc))
    assert record["title"] == '新标题 "引号" C:\\path'
    assert record["url"] == "https://example.org/go-gc"
    assert record["summary"] == '第一段\n\n第二段，带 \\ 反斜杠和 """ 引号'
    assert (record["source"], record["verdict"]) == (before["source"], before["verdict"])  # untouched
    events = _all(library, "SELECT before, after FROM events WHERE entry_id = ? AND kind = 'edit'", gc)
    assert len(events) == 1  # one action, one event
    old, new = events[0]
    assert set(json.loads(new)) == {"title", "url", "url_key", "summary"}
    assert json.loads(old)["title"] == before["title"] and "updated_at" in json.loads(old)
    assert run.json("history", "-n", "1")[0]["command"] == f"edit {gc}"


def test_editor_sees_every_field(
    run: Run, ids: dict[str, int], library: Path, editor: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rust = ids["rust"]
    run("edit", str(rust), "--url", "https://example.org/rust", "--published", "2026-10-30")
    monkeypatch.setenv("FORM_COPY", str(tmp_path / "seen.toml"))
    run("edit", str(rust))
    form = (tmp_path / "seen.toml").read_text(encoding="utf-8")
    row = _row(library, rust)
    assert read_form(form) == {name: row[name] or "" for name in NAMES}
    for name in NAMES:
        assert re.search(f"^# .+\n{name} = ", form, re.M), name  # a comment above each field


def test_unchanged_form_changes_nothing(
    run: Run, ids: dict[str, int], library: Path, editor: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gc = ids["gc"]
    # Text no importer would produce, stored as is: the form must still give it back unchanged.
    _all(
        library,
        "UPDATE entries SET title = ?, summary = ?, verdict = ?, source = ? WHERE id = ?",
        'a "quoted" C:\\path \'\'\' """',
        '第一行\n  "缩进" \\n \\\n\t\ttabs\n\n"""\'\'\'\n""',
        'ends with a quote"',
        "src \u3000 # not a comment",
        gc,
    )
    before, actions = _row(library, gc), _actions(library)
    monkeypatch.setenv("FORM_TOUCH", "1")
    assert "the form was saved as it was" in run("edit", str(gc)).stdout
    monkeypatch.delenv("FORM_TOUCH")
    assert "the form was not saved" in run("edit", str(gc)).stdout
    assert _row(library, gc) == before and _actions(library) == actions


def test_a_form_stores_only_what_was_changed_in_it(
    run: Run, ids: dict[str, int], library: Path, editor: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A field another readlog changed while the form was open, and which the
    form left as it was, keeps the other change."""
    gc = ids["gc"]
    meanwhile = ["--db", str(library), "edit", str(gc), "--category", "Meanwhile", "--source", "Elsewhere"]
    monkeypatch.setenv("FORM_MEANWHILE", json.dumps(meanwhile))
    monkeypatch.setenv("FORM_EDITS", json.dumps({"title": 'title = "From the form"', "source": 'source = "Mine"'}))
    out = run("edit", str(gc)).stdout
    assert "edited (title, source)" in " ".join(out.split())
    row = _row(library, gc)
    assert (row["title"], row["source"], row["category"]) == ("From the form", "Mine", "Meanwhile")
    assert [r["command"] for r in run.json("history", "-n", "2")] == [f"edit {gc}", f"edit {gc} --source --category"]


@pytest.mark.parametrize(
    ("env", "value", "message"),
    [
        ("FORM_TEXT", 'title = "never closed\nurl = ""\n', "not valid TOML"),
        ("FORM_TEXT", 'title = "only a title"\n', "no url line"),
        ("FORM_EDITS", json.dumps({"title": 'titel = "typo"\ntitle = "x"'}), "unknown field 'titel'"),
        ("FORM_EDITS", json.dumps({"url": 'url = "ftp://example.org/"'}), "url: 'ftp://example.org/' is not a web"),
        ("FORM_EDITS", json.dumps({"published": 'published = "soon"'}), "published: 'soon' is not a date"),
        ("FORM_EDITS", json.dumps({"published": "published = 20261101"}), "published must be text in quotes"),
    ],
)
def test_a_form_that_cannot_be_applied_is_kept(
    run: Run,
    ids: dict[str, int],
    library: Path,
    editor: Path,
    monkeypatch: pytest.MonkeyPatch,
    env: str,
    value: str,
    message: str,
) -> None:
    gc = ids["gc"]
    before, actions = _row(library, gc), _actions(library)
    monkeypatch.setenv(env, value)
    result = run("edit", str(gc), code=1)
    assert message in result.stderr and "nothing was changed" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    saved = Path(re.search(r"your text is saved in (\S+\.toml)", result.stderr).group(1))  # type: ignore[union-attr]
    assert saved.is_relative_to(editor)  # the user's cache folder
    typed = saved.read_text(encoding="utf-8")
    if env == "FORM_TEXT":
        assert typed == value
    else:
        assert all(line.split(" = ")[0] in typed for line in json.loads(value).values())
    assert _row(library, gc) == before and _actions(library) == actions


def test_the_editor_failing_changes_nothing(
    run: Run, ids: dict[str, int], library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gc = ids["gc"]
    before = _row(library, gc)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", f"{sys.executable} {write(tmp_path / 'fail.py', 'raise SystemExit(3)')}")
    assert "status 3; the entry was not changed" in run("edit", str(gc), code=1).stderr
    monkeypatch.setenv("EDITOR", str(tmp_path / "no-such-editor"))
    assert "cannot start the editor" in run("edit", str(gc), code=1).stderr
    assert _row(library, gc) == before


# ---- a form that cannot be used is opened again ------------------------------------------------

# An editor that does the next of FORM_STEPS each time it is started: "quit" (without saving),
# "touch" (save unchanged), "empty", "grow" (add another broken line), or a list of [old, new]
# replacements. It keeps each form it was given as FORM_STATE.<n>.
STEPS_EDITOR = r"""
import json, os, sys
path, state = sys.argv[1], os.environ["FORM_STATE"]
text = open(path, encoding="utf-8").read()
n = int(open(state).read()) if os.path.exists(state) else 0
open(state, "w").write(str(n + 1))
open(f"{state}.{n}", "w", encoding="utf-8").write(text)
steps = json.loads(os.environ["FORM_STEPS"])
step = steps[min(n, len(steps) - 1)]
if step == "quit":
    sys.exit(0)
if step == "empty":
    text = ""
elif step == "grow":
    text += f"broken {n} = = =\n"
elif step != "touch":
    for old, new in step:
        assert old in text, old
        text = text.replace(old, new, 1)
open(path, "w", encoding="utf-8").write(text)
"""


class Steps:
    def __init__(self, state: Path) -> None:
        self.state = state

    @property
    def count(self) -> int:
        return int(self.state.read_text()) if self.state.exists() else 0

    def form(self, n: int) -> str:
        return Path(f"{self.state}.{n}").read_text(encoding="utf-8")


@pytest.fixture
def steps(editor: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Steps:
    """The step editor as $EDITOR, on what counts as a terminal."""
    from readlog.cli import organise

    monkeypatch.setenv("EDITOR", f"{sys.executable} {write(tmp_path / 'steps.py', STEPS_EDITOR)}")
    monkeypatch.setenv("FORM_STATE", str(tmp_path / "state"))
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: True)
    return Steps(tmp_path / "state")


BREAK_URL = [["\nurl = ", "\nurl = = "]]
FIX_URL = [["\nurl = = ", "\nurl = "]]


def test_a_broken_form_is_opened_again_with_the_error_on_top(
    run: Run, ids: dict[str, int], library: Path, steps: Steps, monkeypatch: pytest.MonkeyPatch
) -> None:
    gc = ids["gc"]
    before = _row(library, gc)
    monkeypatch.setenv("FORM_STEPS", json.dumps([[['\ntitle = "', '\ntitle = "Fixed: '], *BREAK_URL], FIX_URL]))
    result = run("edit", str(gc))
    assert "edited (title)" in result.stdout and steps.count == 2
    assert _row(library, gc)["title"] == "Fixed: " + before["title"] and _row(library, gc)["url"] == before["url"]
    [said] = result.stderr.splitlines()  # the error, in one line, with where it is
    assert said.startswith("readlog: the form is not valid TOML: ") and "the form is open again" in said
    first_line = int(re.search(r"line (\d+)", said).group(1))  # type: ignore[union-attr]
    assert write_form(before).split("\n")[first_line - 1].startswith("url = ")
    reopened = steps.form(1)
    header, body = reopened.split("\n")[:3], reopened.split("\n", 3)[3]
    assert header[0].startswith("# readlog: this form could not be used: the form is not valid TOML")
    assert header[1] == "# readlog: Fix it and save to try again; empty the file, or save it unchanged, to cancel."
    assert header[2] == "#" and body == steps.form(0).replace("\nurl = ", "\nurl = = ", 1).replace(
        '\ntitle = "', '\ntitle = "Fixed: ', 1
    )  # the user's text, kept
    line = int(re.search(r"line (\d+)", header[0]).group(1))  # type: ignore[union-attr]
    assert reopened.split("\n")[line - 1].startswith("url = = ")  # counted in the file as reopened
    assert _actions(library) == 1 + 1  # the import, then the edit: one action


def test_a_value_that_cannot_be_stored_is_reopened_too_in_chinese(
    run: Run, ids: dict[str, int], library: Path, steps: Steps, monkeypatch: pytest.MonkeyPatch
) -> None:
    gc = ids["gc"]
    bad = [["\nurl = ", '\nurl = "ftp://example.org/"\nold_url = ']]
    good = [['\nurl = "ftp://example.org/"\nold_url = ', "\nurl = "], ["\ncategory = ", '\ncategory = "GC"\n#']]
    monkeypatch.setenv("FORM_STEPS", json.dumps([bad, good]))
    result = run("--lang", "zh", "edit", str(gc))
    assert steps.count == 2 and _row(library, gc)["category"] == "GC"
    assert "unknown field 'old_url'" in result.stderr and "表单已重新打开" in result.stderr
    assert steps.form(1).startswith("# readlog: 这个表单无法使用：unknown field 'old_url'")


@pytest.mark.parametrize("give_up", ["quit", "touch", "empty"])
def test_giving_up_on_a_reopened_form_changes_nothing(
    run: Run, ids: dict[str, int], library: Path, steps: Steps, monkeypatch: pytest.MonkeyPatch, give_up: str
) -> None:
    gc = ids["gc"]
    before, actions = _row(library, gc), _actions(library)
    monkeypatch.setenv("FORM_STEPS", json.dumps([[["\ntitle = ", "\ntitle = = "]], give_up]))
    result = run("edit", str(gc), code=1)
    assert steps.count == 2 and _row(library, gc) == before and _actions(library) == actions
    last = result.stderr.splitlines()[-1]
    assert last.startswith("readlog: edit cancelled; nothing was changed")
    if give_up == "empty":
        assert last == "readlog: edit cancelled; nothing was changed"
    else:  # what was typed is kept, without readlog's comment
        saved = Path(re.search(r"your text is saved in (\S+\.toml)", last).group(1))  # type: ignore[union-attr]
        assert saved.read_text(encoding="utf-8").startswith("# readlog edit ") and "title = = " in saved.read_text()


def test_a_broken_form_is_not_reopened_without_a_terminal_nor_forever(
    run: Run, ids: dict[str, int], library: Path, steps: Steps, monkeypatch: pytest.MonkeyPatch
) -> None:
    from readlog.cli import curate, organise

    gc = ids["gc"]
    before = _row(library, gc)
    monkeypatch.setenv("FORM_STEPS", json.dumps(["grow"]))  # a new mistake every time
    monkeypatch.setattr(curate, "REOPEN_MOST", 3)
    result = run("edit", str(gc), code=1)
    assert steps.count == 4 and "nothing was changed, and your text is saved in" in result.stderr
    monkeypatch.setattr(organise, "stdin_is_terminal", lambda: False)
    result = run("edit", str(gc), code=1)
    assert steps.count == 5 and "open again" not in result.stderr and len(result.stderr.splitlines()) == 1
    assert _row(library, gc) == before


# ---- the form itself --------------------------------------------------------------------------

TRICKY = st.sampled_from(
    ['"', '""', '"""', "'''", "\\", "\\n", '\\"', "\n", "\r\n", "\r", "\t", "中文", "“引号”", "#", " = ", "\x1b[31m",
     "\x00", "\x7f", "\u202e", "\u2028", "\ufeff", "\U0001f600", "  ", "$x", "[table]"]
)  # fmt: skip
TEXT = st.lists(st.one_of(TRICKY, st.text(max_size=8)), max_size=12).map("".join)


@settings(max_examples=examples(200), deadline=None)
@given(st.fixed_dictionaries({name: TEXT for name in NAMES}))
def test_the_form_round_trips_any_text(fields: dict[str, str]) -> None:
    """An unedited form reads back as exactly what it was made from."""
    form = write_form({"id": 7, **fields})
    assert read_form(form) == fields
    expected = {k: v + "\n" if k in MULTILINE else v for k, v in fields.items()}
    assert parse_toml(form) == expected


def test_form_reading_is_strict() -> None:
    good = write_form({"id": 1, "title": "t"})
    assert read_form("\ufeff" + good.replace("\n", "\r\n"))["title"] == "t"  # BOM and CRLF from an editor
    with pytest.raises(FormError, match="no verdict line"):
        read_form(good.split("# The verdict")[0])
    with pytest.raises(FormError, match="title must be text"):
        read_form(good.replace('title = "t"', "title = 3"))


@pytest.mark.parametrize("command", ["edit", "rm", "trash", "restore"])
def test_help_has_examples(run: Run, command: str) -> None:
    text = run(command, "--help").stdout
    assert "Examples:" in text and f"readlog {command}" in text
