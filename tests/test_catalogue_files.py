"""The message catalogue's files (readlog/model/locale/LANG.json, docs/messages.md):
every language has every key, under the same heading and in the same place,
once, with the same fields as its English; a counted message has a form for
each plural category of its language, and no key is another's sentence again;
the files are installed with the package."""

from __future__ import annotations

import functools
import json
import re
import shutil
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from readlog.model import messages
from readlog.model.messages import LANGUAGES, LOCALE, PLURAL_FORMS, say

from conftest import ROOT, Run
from helpers import texts

COUNT = "n!None"  # the count that chooses a plural form: a form may leave it out ("1 entry" said as "an entry")


def _file(lang: str) -> Path:
    return Path(LOCALE) / f"{lang}.json"


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object that refuses a name given twice (json keeps the last one, silently)."""
    names = [name for name, _ in pairs]
    twice = sorted({name for name in names if names.count(name) > 1})
    assert not twice, f"given twice: {twice}"
    return dict(pairs)


def _layout(lang: str) -> list[tuple[str, list[str]]]:
    """Each heading of ``lang``'s file and its keys, in order."""
    with _file(lang).open(encoding="utf-8") as f:
        sections = json.load(f, object_pairs_hook=_pairs)
    return [(title, list(keys)) for title, keys in sections.items()]


def _fields(text: str) -> set[str]:
    """The fields of ``text`` with their conversion (``{value!r}``). A field's format spec
    and its attributes may differ between the languages (a date written "{d:%b %d}" in
    English and "{d.month:02d}-{d.day:02d}" in Chinese): it is the same value."""
    return {
        f"{re.split(r'[.[]', name)[0]}!{conv}"
        for _, name, _spec, conv in string.Formatter().parse(text)
        if name is not None
    }


def unlike_fields(english: dict[str, list[str]], other: dict[str, list[str]]) -> dict[str, tuple[set[str], set[str]]]:
    """The keys whose texts in ``other`` have fields their English has not, or lack one it
    has: each text (each plural form) has them all, but for the count it may leave out.
    (No field is English's alone: a plural ending is a plural form, not "entr{ies}".)"""
    unlike = {}
    for key, said in english.items():
        want = set().union(*map(_fields, said))
        for text in other.get(key, [""]):
            got = _fields(text)
            if got != want and got != want - {COUNT}:
                unlike[key] = (want, got)
    return unlike


def test_every_language_has_every_key_under_the_same_heading() -> None:
    """A key missing from a language would be said in English: this keeps that from happening."""
    english = _layout("en")
    assert len([k for _, keys in english for k in keys]) > 800
    for lang in LANGUAGES:
        assert _layout(lang) == english, lang


def test_a_missing_or_moved_key_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a Chinese file without one key, or with it under another heading."""
    sections = json.loads(_file("zh").read_text(encoding="utf-8"))
    first, second = list(sections)[:2]
    sections[first].pop("no_entry")
    broken = tmp_path / "zh.json"
    broken.write_text(json.dumps(sections, ensure_ascii=False), encoding="utf-8")
    shutil.copy(_file("en"), tmp_path / "en.json")
    monkeypatch.setattr(sys.modules[__name__], "LOCALE", str(tmp_path))
    with pytest.raises(AssertionError):
        test_every_language_has_every_key_under_the_same_heading()
    sections[second]["no_entry"] = "没有编号为 {id} 的条目"
    broken.write_text(json.dumps(sections, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(AssertionError):
        test_every_language_has_every_key_under_the_same_heading()


def test_each_key_is_in_each_file_once() -> None:
    for lang in LANGUAGES:
        every = [key for _, keys in _layout(lang) for key in keys]
        assert len(every) == len(set(every)), sorted({k for k in every if every.count(k) > 1})


def test_a_key_given_twice_is_found() -> None:
    with pytest.raises(AssertionError, match="given twice"):
        json.loads('{"s": {"no_entry": "a", "no_entry": "b"}}', object_pairs_hook=_pairs)


def test_every_text_has_the_fields_of_its_english() -> None:
    english = texts("en")
    for lang in LANGUAGES:
        said = texts(lang)
        assert [k for k, t in said.items() if not all(x.strip() for x in t)] == [], lang
        assert unlike_fields(english, said) == {}, lang


def test_a_different_field_is_found() -> None:
    english = texts("en")
    chinese = {
        **texts("zh"),
        "no_entry": ["没有编号为 {number} 的条目"],  # a field renamed
        "bad_id": ["不是编号或范围：{part}"],  # its !r left out
        "in_trash": ["条目 {ids} 在回收站中"],  # a field left out (not the count)
    }
    assert set(unlike_fields(english, chinese)) == {"no_entry", "bad_id", "in_trash"}
    english["entry"] = ["an entry", "{n:,} entries"]  # the count may be said in words
    assert "entry" not in unlike_fields(english, texts("zh"))
    english["undo_changed"] = ["action {id} cannot be undone", english["undo_changed"][1]]
    assert "undo_changed" in unlike_fields(english, english)  # in English too, each form has every field


def _forms(lang: str) -> dict[str, tuple[str, ...]]:
    """Each counted message of ``lang``'s file and its forms' names."""
    return {key: tuple(text) for key, text in messages.catalogue(lang).items() if isinstance(text, dict)}


def test_a_counted_message_has_the_plural_forms_of_each_language() -> None:
    """English says one thing apart from more (one, other); Chinese has one form (other)."""
    counted = set(_forms("en"))
    assert {"entry", "in_trash", "undo_changed", "fields_cut", "field_title", "stats_window_week"} <= counted
    for lang in LANGUAGES:
        forms = _forms(lang)
        assert set(forms) == counted, lang
        assert {key: f for key, f in forms.items() if f != PLURAL_FORMS[lang]} == {}, lang


def test_the_count_chooses_the_form() -> None:
    assert [say("entry", "en", n=n) for n in (0, 1, 2, 1234)] == ["0 entries", "1 entry", "2 entries", "1,234 entries"]
    assert [say("entry", "zh", n=n) for n in (0, 1, 2)] == ["0 条", "1 条", "2 条"]
    assert say("in_trash", n=1, ids="4", words="4") == "entry 4 is in the trash (readlog restore 4 brings it back)"
    assert say("in_trash", n=2, ids="4, 5", words="4 5").startswith("entries 4, 5 are in the trash")
    assert messages.wording("field_title", "en") == "titles"  # no count: the general form


def test_no_two_keys_are_one_message_by_count() -> None:
    """The pairs a count chose between in the code (entry_1/entry_n, undo_changed_one/_many) are one key now."""
    every = set(messages.keys())
    pairs = [("_1", "_n"), ("_one", "_many"), ("_one", "_n")]
    found = [k for k in every for one, many in pairs if k.endswith(one) and k.removesuffix(one) + many in every]
    assert found == []


def test_a_language_without_a_key_says_it_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback the checks above keep from being needed: a key missing from Chinese is said in English,
    whether the key's line is looked for in the file (a short command) or the file was parsed whole."""
    chinese = re.sub(r'\n    "no_entry": "[^\n]*', "", messages._source("zh"))
    assert chinese != messages._source("zh")
    for parsed in (False, True):
        fresh(monkeypatch, {"zh": chinese})
        if parsed:
            messages.catalogue("zh")
        assert messages.say("no_entry", "zh", id=5) == "no entry with id 5"
        assert messages.say("bad_id", "zh", part="x") == "不是编号或范围：'x'（例如 3 5 8-12）"


def fresh(monkeypatch: pytest.MonkeyPatch, sources: dict[str, str] | None = None) -> list[str]:
    """The catalogue as if nothing were read yet (its caches emptied); returns the
    languages whose file is read from now on. ``sources``: files read as these texts."""
    read: list[str] = []
    real = messages._source.__wrapped__  # type: ignore[attr-defined]

    @functools.cache
    def counted(lang: str) -> str:
        read.append(lang)
        return (sources or {}).get(lang) or real(lang)

    monkeypatch.setattr(messages, "_source", counted)
    monkeypatch.setattr(messages, "catalogue", functools.cache(messages.catalogue.__wrapped__))  # type: ignore[attr-defined]
    monkeypatch.setattr(messages, "_parsed", set())
    return read


def test_a_text_read_off_its_line_is_the_parsed_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message said before the file is parsed is read off its line (messages._found): the same
    text as the parse gives, for every key of both files; most keys are read so (the others,
    counted messages and lines, parse the file)."""
    for lang in LANGUAGES:
        fresh(monkeypatch)
        quick = {key: messages._found(key, lang) for key in messages.keys()}  # noqa: SIM118 (a function)
        assert messages._parsed == set()  # (keys() parsed English through the real catalogue, not this one)
        parsed = messages.catalogue(lang)
        read = {key: said for key, said in quick.items() if said is not messages._UNSURE}
        assert read == {key: parsed[key] for key in read}
        assert len(read) > 0.8 * len(quick)
        assert all(
            isinstance(parsed.get(key), dict) or key not in parsed or "\n" in parsed[key]
            for key in quick
            if key not in read
        )
    fresh(monkeypatch)
    assert messages._found("not_a_key", "en") is messages._UNSURE
    with pytest.raises(KeyError):
        messages.wording("not_a_key")


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The languages whose file is read from now on (the catalogue's caches emptied)."""
    return fresh(monkeypatch)


def test_a_command_reads_the_file_of_its_language_alone(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    run("add", "https://example.org/one", "--no-fetch")
    read = _reads(monkeypatch)
    assert run("star", "1").stdout.startswith("    1 starred")
    assert read == ["en"]
    assert messages._parsed == set()  # its one message read off its line
    read = _reads(monkeypatch)
    assert "共 1 条" in run("--lang", "zh", "list").stdout
    assert read == ["zh"]  # (a change keeps its summary as a key and fields: no English is said)
    read = _reads(monkeypatch)
    assert run("--lang", "zh", "show", "9", code=1).stderr == "readlog: 没有编号为 9 的条目\n"
    assert read == ["en", "zh"]  # an error's own text is English (what scripts and logs see)


def test_starting_reads_no_file_of_the_catalogue() -> None:
    """Only a message said reads its language: importing the command line and building a command reads none."""
    script = (
        "import readlog.cli, readlog.cli.dispatch, readlog.render, readlog.model.messages as m; "
        "readlog.cli.dispatch.app_for(['star', '1']); "
        "print(m.catalogue.cache_info().currsize + m._source.cache_info().currsize)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout == "0\n"


@pytest.mark.slow  # a real process: setuptools builds the package as a wheel would hold it
def test_the_files_are_installed_with_the_package(tmp_path: Path) -> None:
    """What setuptools copies into a build (the wheel's contents: packages and their
    package-data) holds the catalogue, and readlog said from there speaks both languages."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "readlog", source / "readlog", ignore=shutil.ignore_patterns("__pycache__"))
    built = tmp_path / "built"
    subprocess.run(
        [sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "build_py", "--build-lib", str(built)],
        cwd=source,
        check=True,
        capture_output=True,
    )
    assert sorted(p.name for p in (built / "readlog" / "model" / "locale").iterdir()) == [
        f"{lang}.json" for lang in LANGUAGES
    ]
    said = subprocess.run(
        [
            sys.executable,
            "-I",  # none of this checkout's paths: only the built copy
            "-c",
            "import sys; sys.path.insert(0, sys.argv[1]); import readlog.model.messages as m; "
            "print(m.LOCALE); print(m.say('no_entry', id=5)); print(m.say('no_entry', 'zh', id=5))",
            str(built),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    assert said == [str(built / "readlog" / "model" / "locale"), "no entry with id 5", "没有编号为 5 的条目"]


def same_texts(languages: dict[str, dict[str, Any]]) -> list[list[str]]:
    """Groups of keys whose texts (each plural form) are the same in every language."""
    groups: dict[str, list[str]] = {}
    for key in languages["en"]:
        said = json.dumps([languages[lang].get(key) for lang in LANGUAGES], ensure_ascii=False, sort_keys=True)
        groups.setdefault(said, []).append(key)
    return [keys for keys in groups.values() if len(keys) > 1]


def test_no_sentence_is_in_the_catalogue_twice() -> None:
    """One sentence, one key: a face that says another's word uses that key (list's "ID"
    in history's table, the overview's "12 unread" in stats)."""
    languages = {lang: messages.catalogue(lang) for lang in LANGUAGES}
    assert same_texts(languages) == []
    twice = {lang: {**table, "triage_opened": table["opened"]} for lang, table in languages.items()}
    assert ["opened", "triage_opened"] in same_texts(twice)  # the check can fail
    differ = {lang: {**table, "triage_opened": table["opened"]} for lang, table in languages.items()}
    differ["zh"]["triage_opened"] = "打开了 {url}"
    assert ["opened", "triage_opened"] not in same_texts(differ)  # the same English alone is not the same sentence
