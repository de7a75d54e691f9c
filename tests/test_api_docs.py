"""docs/python-api.md cannot drift: its ```python blocks run in order, in one
namespace, in a folder holding the files of examples/, against a fresh
library, and a plain ``` block right after one is the output it must print."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "python-api.md"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)


def blocks() -> list[tuple[str, str | None]]:
    """Each python block's code and the output block that follows it (or None)."""
    text = DOC.read_text(encoding="utf-8")
    found = [(m.group(1), m.group(2), m.start(), m.end()) for m in BLOCK.finditer(text)]
    pairs = []
    for i, (lang, code, _, end) in enumerate(found):
        if lang != "python":
            continue
        after = found[i + 1] if i + 1 < len(found) else None
        expected = after[1] if after is not None and after[0] == "" and after[2] == end else None
        pairs.append((code, expected))
    return pairs


def test_the_page_has_examples() -> None:
    pairs = blocks()
    assert len(pairs) >= 10
    assert sum(1 for _, expected in pairs if expected is not None) >= 8


def test_every_example_runs_and_prints_what_the_page_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for example in (ROOT / "examples").iterdir():
        shutil.copy(example, tmp_path / example.name)
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for number, (code, expected) in enumerate(blocks(), 1):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"python-api.md block {number}", "exec"), namespace)
        if expected is not None:
            assert out.getvalue() == expected, f"block {number}:\n{code}"
    assert (tmp_path / "reading.db").exists() and (tmp_path / "backup.jsonl").exists()


def test_the_page_covers_every_public_method() -> None:
    """Each public method of Library is named on the page (``name(`` or
    `` `name` ``), and each property, so a method added without a word fails here."""
    from readlog.core.library import Library

    text = DOC.read_text(encoding="utf-8")
    public = sorted(name for name in dir(Library) if not name.startswith("_"))
    assert {"transaction", "plan", "apply", "iter_entries", "store"} <= set(public)
    missing = [name for name in public if not any(f in text for f in (f"{name}(", f"`{name}`", f"lib.{name}"))]
    assert missing == []
