"""A plain list of links: one per line with an optional title, a Markdown
list of [title](link) items, newsboat's urls file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from readlog.inputs import detect as importers
from readlog.inputs.formats.shortcut import title_from_name as shortcut_title

from conftest import FIXTURES, ROOT, Run, write
from helpers import AS_OF, detected, parse

FORMATS = FIXTURES / "formats"
MINE = {"reading-list.txt", "reading-list.md", "newsboat-urls.txt", "awesome-list.md"}


def test_one_link_a_line_with_optional_titles(run: Run) -> None:
    entries, problems = parse(FORMATS / "reading-list.txt", "urls")
    assert [(e.line, e.url, e.title) for e in entries] == [
        (2, "https://plain.example/one", "https://plain.example/one"),
        (3, "https://plain.example/two", "A title after the link"),
        (4, "http://plain.example/three", "Tab-separated title"),
        (5, "https://plain.example/four", "标题：带中文的标题"),
        (7, "https://plain.example/five", "Piped title"),
        (8, "file:///home/me/notes.html", "My notes"),
    ]
    assert entries[1].source == "plain.example"
    assert [str(p) for p in problems] == ["line 9: 'see also the list below' is not a link; skipped"]
    result = run("import", str(FORMATS / "reading-list.txt"), code=1)
    assert "(urls): 5 added, 0 updated, 2 skipped" in result.stdout
    assert "line 8: 'My notes': not a web link (file:///home/me/notes.html); skipped" in result.stderr


def test_markdown_list_of_links(run: Run) -> None:
    entries, problems = parse(FORMATS / "reading-list.md", "urls")
    assert problems == []
    assert [(e.title, e.url, e.category) for e in entries] == [
        ("Write-ahead logging explained", "https://md.example/wal", "Databases"),
        ("MVCC in practice", "https://md.example/mvcc", "Databases"),
        ("Raft, the paper", "https://md.example/raft", "Databases"),
        ("所有权与借用", "https://md.example/rust", "编程语言"),
        ("https://md.example/bare", "https://md.example/bare", "编程语言"),
        (
            "Wikipedia: Lisp (programming language)",
            "https://en.wikipedia.example/wiki/Lisp_(programming_language)",
            "编程语言",
        ),
    ]  # the link inside the prose paragraph is not an item
    wal, mvcc, raft = entries[:3]
    assert wal.summary == "how logs make crashes safe"
    assert (mvcc.read_at, raft.read_at) == (None, AS_OF)  # a ticked task item is read


def test_newsboat_urls_file(run: Run, tmp_path: Path) -> None:
    named = write(tmp_path / "urls", (FORMATS / "newsboat-urls.txt").read_text(encoding="utf-8"))
    for path in (named, FORMATS / "newsboat-urls.txt"):  # by its name, or its quoted tags
        entries, problems = parse(path, "urls")
        assert problems == []
        assert [(e.url, e.title, e.tags) for e in entries] == [
            ("https://blog.example/feed.xml", "The Example Blog", ["tech"]),
            ("https://news.example/rss.xml", "https://news.example/rss.xml", ["news", "world"]),
            ("https://zh.example/atom.xml", "中文站点", ["中文 博客"]),
            ("https://plain.example/index.xml", "https://plain.example/index.xml", []),
        ]  # the query: line is a saved search, not a link
    result = run("import", str(named))
    assert "(urls): 4 added" in result.stdout and result.stderr == ""


def test_a_single_link_from_standard_input(run: Run) -> None:
    result = run("import", "-", input="https://stdin.example/a  From a pipe\n")
    assert "(urls): 1 added" in result.stdout
    assert [e["title"] for e in run.json("list")] == ["From a pipe"]


@pytest.mark.parametrize(
    "path",
    sorted(p for p in [*FORMATS.iterdir(), *FIXTURES.glob("*.txt"), *(ROOT / "examples").iterdir()] if p.is_file()),
    ids=lambda p: p.name,
)
def test_other_files_are_not_taken_for_a_list_of_links(path: Path) -> None:
    if path.name not in MINE:
        assert detected(path) != "urls"


@pytest.mark.parametrize(
    "text",
    [
        "just some words\nwith no shape at all\n",
        "A paragraph that mentions https://x.example/ in passing.\nAnd another line.\nAnd a third.\n",
        "# Notes\n\nSome [link](https://x.example) inside a sentence.\nMore prose here.\n",
        "title,url\nOne,https://x.example/1\n",
        '{"url": "https://x.example"}',
        "url\ttitle\ttags\nhttps://x.example/1\tOne, two\tdb\nhttps://x.example/2\tTwo\t\n",  # a TSV: links
        "Adresse|Titel\nhttps://x.example/1|Eins\nhttps://x.example/2|Zwei\n",
    ],
)
def test_prose_and_other_shapes_are_not_claimed(text: str) -> None:
    assert importers.module("urls").sniff(text) == 0


def test_a_markdown_file_with_a_list_is_claimed(tmp_path: Path) -> None:
    path = write(tmp_path / "list.md", "# Links\n\n- [A](https://a.example/)\n- [B](https://b.example/)\n")
    assert detected(path) == "urls"


# ---------------------------------------------------------------- shortcut files: .url, .desktop, .webloc

SHORTCUTS = ["Write-ahead logging.url", "raft.desktop", "MVCC in practice.webloc"]


@pytest.mark.parametrize(
    ("name", "title", "url", "summary"),
    [
        ("Write-ahead logging.url", "Write-ahead logging", "https://short.example/wal?src=desktop", ""),
        ("raft.desktop", "Raft, the paper", "https://short.example/raft", "Consensus made understandable"),
        ("MVCC in practice.webloc", "MVCC in practice", "https://short.example/mvcc", ""),
    ],
)
def test_a_shortcut_file_is_one_link_titled_as_the_desktop_shows_it(
    name: str, title: str, url: str, summary: str
) -> None:
    entries, problems = parse(FORMATS / name, "shortcut")
    assert problems == []
    assert [(e.title, e.url, e.summary, e.source) for e in entries] == [(title, url, summary, "short.example")]


def test_a_binary_webloc_and_an_archived_url_file(run: Run, tmp_path: Path) -> None:
    import plistlib
    import zipfile

    path = tmp_path / "Lisp (programming language).webloc"
    path.write_bytes(plistlib.dumps({"URL": "https://short.example/lisp"}, fmt=plistlib.FMT_BINARY))
    entries, _ = parse(path, "shortcut")
    assert [(e.title, e.url) for e in entries] == [("Lisp (programming language)", "https://short.example/lisp")]
    assert shortcut_title("saved.zip:links/Some page.url") == "Some page"
    assert shortcut_title("<stdin>") == "" and shortcut_title("notes.v2") == "notes.v2"
    archive = tmp_path / "links.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.write(FORMATS / "Write-ahead logging.url", "Write-ahead logging.url")
        zf.write(FORMATS / "raft.desktop", "raft.desktop")
    result = run("import", str(archive))
    assert result.stdout.count("(shortcut): 1 added") == 2
    assert sorted(e["title"] for e in run.json("list")) == ["Raft, the paper", "Write-ahead logging"]


def test_a_folder_of_shortcuts_gives_one_entry_each(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "Links"
    folder.mkdir()
    for name in SHORTCUTS:
        shutil.copy(FORMATS / name, folder / name)
    write(folder / "launcher.desktop", "[Desktop Entry]\nType=Application\nName=Editor\nExec=editor %U\n")
    write(
        folder / "Unicode.url",
        "[InternetShortcut]\nURL=https://short.example/?\n[InternetShortcut.W]\nURL=https://short.example/+AOk-t+AOk-\n",
    )
    result = run("import", str(folder))
    assert result.stdout.count("(shortcut): 1 added") == 4
    assert f"{folder / 'launcher.desktop'}: skipped (format not recognised)" in result.stdout
    assert sorted((e["title"], e["url"]) for e in run.json("list", "-n", "0")) == [
        ("MVCC in practice", "https://short.example/mvcc"),
        ("Raft, the paper", "https://short.example/raft"),
        ("Unicode", "https://short.example/été"),
        ("Write-ahead logging", "https://short.example/wal?src=desktop"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "[InternetShortcut]\nIconFile=x.ico\n",  # no URL key
        "[Desktop Entry]\nType=Application\nExec=app\nURL=https://x.example/\n",  # a launcher
        '{"URL": "https://x.example/", "title": "x"}',  # a record, for links
        "url\nhttps://x.example/\n",
    ],
)
def test_other_files_are_not_shortcuts(text: str) -> None:
    assert importers.module("shortcut").sniff(text) == 0


def test_a_shortcut_without_a_link_is_reported(tmp_path: Path) -> None:
    path = write(tmp_path / "empty.url", "[InternetShortcut]\nURL=\nIconIndex=0\n")
    entries, problems = parse(path, "shortcut")
    assert entries == [] and [(p.line, p.key) for p in problems] == [(2, "import_no_url")]


def test_a_link_inside_a_sentence_is_not_an_item(run: Run) -> None:
    """An awesome list, as such READMEs are written: the items are the list items that
    begin with a link; links further on in an item, in prose, in headings and badges,
    and a table of contents's links within the page are not items."""
    path = FORMATS / "awesome-list.md"
    assert detected(path) == "urls"
    entries, problems = parse(path, "urls")
    assert problems == []
    assert [(e.title, e.url, e.category) for e in entries] == [
        ("Helix", "https://helix.example/", "Editors"),
        ("Kakoune", "https://kakoune.example/", "Editors"),
        ("micro", "https://micro.example/", "Editors"),
        ("Neovim", "https://neovim.example/", "Editors"),
        ("ox", "https://ox.example/", "Editors"),
        ("fish", "https://fish.example/", "Shells"),
        ("Nushell", "https://nu.example/", "Shells"),
        ("Elvish", "https://elv.example/", "Shells"),
        ("xonsh", "https://xon.example/", "Shells"),
        ("tmux", "https://tmux.example/", "Multiplexers"),
        ("Zellij", "https://zellij.example/", "Multiplexers"),
        ("screen", "https://screen.example/", "Multiplexers"),
    ]
    summaries = {e.title: e.summary for e in entries}
    assert summaries["Helix"] == "A post-modern modal editor; see [its book](https://helix.example/book) for a tour."
    assert summaries["micro"] == "A terminal editor as easy as [nano](https://nano.example/)."
    assert summaries["fish"].startswith("A friendly shell. Its [tutorial]")
    (result,) = run.json("import", str(path))
    assert (result["added"], result["skipped"], result["problems"]) == (12, 0, [])
