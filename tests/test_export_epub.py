"""export -f epub: a book of the entries' fetched text, read back and checked by epubcheck."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_export import SAMPLE, build

import readlog
from readlog.core.export_epub import chapter, href
from readlog.model.highlight import Highlight

from conftest import Run
from helpers import connect

EPUBCHECK = Path("/usr/share/java/epubcheck.jar")
XHTML = "{http://www.w3.org/1999/xhtml}"
OPF = "{http://www.idpf.org/2007/opf}"
DC = "{http://purl.org/dc/elements/1.1/}"

ARTICLE = "# Intro\n\nFirst para with <script>alert(1)</script> & more.\n\n- one\n- two\n\n```\nx < y\n```\n\n> quoted"
CHINESE = "第一段：调度器的公平性。\n\n第二段\x01有控制字符\ufffe和\x0b竖排。"


def fetched(db: Path, texts: dict[int, tuple[str, str, int]]) -> None:
    conn = connect(db)
    for entry_id, (text, lang, minutes) in texts.items():
        conn.execute("UPDATE entries SET text = ?, lang = ?, minutes = ? WHERE id = ?", (text, lang, minutes, entry_id))
    conn.commit()
    conn.close()


@pytest.fixture
def sample(library: Path) -> Path:
    build(library, SAMPLE)
    fetched(library, {1: (CHINESE, "zh", 3), 4: (ARTICLE, "en", 5), 2: (CHINESE, "zh-CN", 1)})
    return library


def read_book(path: Path | bytes) -> dict[str, object]:
    """The book's parts as a reader finds them: the mimetype first and stored,
    the container naming the package, its spine's chapters parsed as XML."""
    book = zipfile.ZipFile(path if isinstance(path, Path) else io.BytesIO(path))
    first = book.infolist()[0]
    assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
    assert book.read("mimetype") == b"application/epub+zip"
    container = ElementTree.fromstring(book.read("META-INF/container.xml"))
    opf_path = container.find(".//{urn:oasis:names:tc:opendocument:xmlns:container}rootfile").get("full-path")
    opf = ElementTree.fromstring(book.read(opf_path))
    base = opf_path.rpartition("/")[0] + "/"
    manifest = {item.get("id"): item for item in opf.iter(OPF + "item")}
    spine = [manifest[ref.get("idref")].get("href") for ref in opf.iter(OPF + "itemref")]
    chapters = {}
    for name in spine:
        chapters[name] = ElementTree.fromstring(book.read(base + name))
    return {
        "title": opf.find(f".//{DC}title").text,
        "language": opf.find(f".//{DC}language").text,
        "identifier": opf.find(f".//{DC}identifier").text,
        "date": opf.find(f".//{DC}date").text,
        "spine": spine,
        "chapters": chapters,
        "media": {item.get("href"): item.get("media-type") for item in manifest.values()},
        "properties": {item.get("href"): item.get("properties") for item in manifest.values()},
    }


def text_of(tree: ElementTree.Element) -> str:
    return "".join(tree.find(XHTML + "body").itertext())


def test_a_chapter_per_entry_with_text_and_the_rest_listed(run: Run, sample: Path, tmp_path: Path) -> None:
    target = tmp_path / "unread.epub"
    result = run("export", "-o", str(target))
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "left out of the book: 3 No link here 😀 (no fetched text; readlog fetch 3 gets it)",
        f"exported 3 entries to {target} (epub)",
    ]
    book = read_book(target)
    assert book["spine"] == ["nav.xhtml", "entry-1.xhtml", "entry-2.xhtml", "entry-4.xhtml"]
    assert book["language"] == "zh" and book["date"] == "2026-12-02"
    assert book["title"] == "readlog：待读 3 条，2026-12-02"
    assert book["identifier"].startswith("urn:uuid:")
    assert book["properties"]["nav.xhtml"] == "nav" and book["media"]["toc.ncx"] == "application/x-dtbncx+xml"
    hostile = book["chapters"]["entry-4.xhtml"]
    assert hostile.find(f"{XHTML}head/{XHTML}title").text == "<script>alert(1)</script> & [x](y)"
    assert hostile.find(f"{XHTML}body/{XHTML}h1").text == "<script>alert(1)</script> & [x](y)"
    assert not list(hostile.iter(XHTML + "script"))
    body = text_of(hostile)
    assert "rust blog · 5 min read" in body and 'https://example.org/q?a=1&b="2"' in body
    assert "First para with <script>alert(1)</script> & more." in body and "x < y" in body
    assert [el.tag.removeprefix(XHTML) for el in hostile.find(XHTML + "body")] == [
        "h1", "p", "p", "h2", "p", "ul", "pre", "blockquote"
    ]  # fmt: skip
    chinese = book["chapters"]["entry-1.xhtml"]
    assert chinese.get("lang") == "zh" and "阅读约 3 分钟" in text_of(chinese)
    assert "第二段有控制字符和竖排。" in text_of(chinese)
    link = chinese.find(f".//{XHTML}a")
    assert link is not None and link.get("href") == "https://example.org/sched?utm_source=x"


def test_json_lists_the_entries_left_out(run: Run, sample: Path, tmp_path: Path) -> None:
    done = json.loads(
        run("export", "-f", "epub", "-o", str(tmp_path / "b.epub"), "--json", "--source", "evening-reads").stdout
    )
    assert done == {
        "format": "epub",
        "path": str(tmp_path / "b.epub"),
        "written": 1,
        "unchanged": 0,
        "skipped": 1,
        "left_out": [{"id": 3, "title": "No link here 😀"}],
    }


def test_no_entry_with_text_is_an_error_and_the_old_book_stays(run: Run, sample: Path, tmp_path: Path) -> None:
    target = tmp_path / "old.epub"
    target.write_bytes(b"the old book")
    failed = run("export", "-o", str(target), "--archived", code=1)
    assert failed.stderr == (
        "readlog: none of the 1 entry chosen has fetched text (readlog fetch gets it); no book was written\n"
    )
    assert target.read_bytes() == b"the old book"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    zh = run("--lang", "zh", "export", "-o", str(target), "--archived", code=1)
    assert "没有抓取的正文" in zh.stderr


def test_the_api_writes_a_book_to_a_path_or_a_binary_stream(sample: Path, tmp_path: Path) -> None:
    with readlog.open(sample) as lib:
        done = lib.export("epub", tmp_path / "api.epub")
        assert (int(done), done.skipped, done.left_out, done.format) == (3, 1, ((3, "No link here 😀"),), "epub")
        buffer = io.BytesIO()
        assert lib.export("epub", buffer, starred=True) == 2
        assert read_book(buffer.getvalue())["spine"] == ["nav.xhtml", "entry-2.xhtml", "entry-4.xhtml"]
        with pytest.raises(readlog.UsageError):
            lib.export("epub", io.StringIO())


def test_highlights_are_marked_where_they_occur() -> None:
    row = {"id": 9, "title": "T", "url": "", "text": "Alpha beta gamma.\n\nDelta <epsilon> zeta.", "minutes": None}
    marks = [
        Highlight(passage="beta"),
        Highlight(passage="<epsilon>", note="why it matters"),
        Highlight(passage="nowhere in the text"),
    ]
    xhtml = chapter(row, marks, "en")
    tree = ElementTree.fromstring(f'<html xmlns="http://www.w3.org/1999/xhtml"><body>{xhtml}</body></html>')
    assert [m.text for m in tree.iter(XHTML + "mark")] == ["beta", "<epsilon>"]
    assert "<p>Alpha <mark>beta</mark> gamma.</p>" in xhtml
    # The passages found nowhere and the notes follow the text.
    tail = xhtml[xhtml.index("<h2>Highlights</h2>") :]
    assert "nowhere in the text" in tail and "why it matters" in tail and "&lt;epsilon&gt;" in tail
    assert "beta" not in tail


def test_the_book_marks_the_places_show_full_marks() -> None:
    """One rule for both (model.highlight.mark_passages): each passage's first occurrence,
    white space and case aside; one that runs on into the next paragraph is marked in both."""
    text = (
        "The Scheduler\nis fair.\n\nThe scheduler is fair, again.\n\n公平不等于相同。\n\n第一点：不会饿死。\n\n- 第一点"
    )
    row = {"id": 9, "title": "T", "url": "", "text": text, "minutes": None}
    # the second runs on into the next paragraph
    marks = [Highlight(passage="the scheduler   IS fair"), Highlight(passage="相同。 第一点")]
    xhtml = chapter(row, marks, "zh")
    tree = ElementTree.fromstring(f'<html xmlns="http://www.w3.org/1999/xhtml"><body>{xhtml}</body></html>')
    assert [m.text for m in tree.iter(XHTML + "mark")] == ["The Scheduler is fair", "相同。", "第一点"]
    assert "<p>The scheduler is fair, again.</p>" in xhtml  # the first occurrence only, as on the terminal
    assert "<h2>" not in xhtml  # both found: nothing left over for the notes section
    from readlog.render.article import render

    shown = "\n".join(line.plain for line in render(text, 80, [m.passage for m in marks]))
    assert "⟦The Scheduler\nis fair⟧" in shown or "⟦The Scheduler is fair⟧" in shown
    assert shown.count("⟦") == 2 and "⟦相同。⟧" not in shown and "⟦相同。" in shown and "⟦第一点" not in shown


PROSE = st.text(alphabet="aAb 公平。\n", max_size=60)


@given(PROSE, st.lists(PROSE.filter(str.strip), max_size=3))
@settings(max_examples=300, deadline=None)
def test_the_book_and_the_terminal_mark_the_same_text(text: str, passages: list[str]) -> None:
    from readlog.model.highlight import MARK_CLOSE, MARK_OPEN, mark_passages

    row = {"id": 1, "title": "t", "url": "", "text": text, "minutes": None}
    xhtml = chapter(row, [Highlight(passage=p) for p in passages], "en")
    tree = ElementTree.fromstring(f'<html xmlns="http://www.w3.org/1999/xhtml"><body>{xhtml}</body></html>')
    in_book = "".join("".join(m.itertext()) for m in tree.iter(XHTML + "mark"))
    marked, _ = mark_passages(text, passages)
    in_text, inside = [], False
    for ch in marked:
        if ch in (MARK_OPEN, MARK_CLOSE):
            inside = ch == MARK_OPEN
        elif inside:
            in_text.append(ch)
    assert "".join(in_book.split()) == "".join("".join(in_text).split())  # a block's lines are joined by a space


@given(st.text(), st.lists(st.text(min_size=1), max_size=3))
@settings(max_examples=300, deadline=None)
def test_any_text_and_passages_give_well_formed_xml(text: str, passages: list[str]) -> None:
    row = {"id": 1, "title": text, "url": text, "source": text, "text": text + "\n\n" + text, "minutes": 3}
    xhtml = chapter(row, [Highlight(passage=p, note=text) for p in passages], "zh")
    ElementTree.fromstring(f'<html xmlns="http://www.w3.org/1999/xhtml"><body>{xhtml}</body></html>')
    uri = href(text)
    assert uri.isascii() and not set(uri) & set(' "<>\\^`{|}') and all(ch.isprintable() for ch in uri)
    assert all(uri[i + 1 : i + 3].isalnum() and len(uri[i + 1 : i + 3]) == 2 for i, ch in enumerate(uri) if ch == "%")


def test_epubcheck_finds_no_error(run: Run, sample: Path, tmp_path: Path) -> None:
    """The reference validator, once: Chinese and English chapters, a hostile title and text."""
    assert EPUBCHECK.is_file() and shutil.which("java"), "epubcheck is not installed: apt-get install -y epubcheck"
    target = tmp_path / "checked.epub"
    run("export", "-o", str(target))
    # Java's quick compiler and serial collector: half the CPU time of the defaults
    # (6 s against 12 s of user time for this small book on the CI machine).
    java = ["java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", str(EPUBCHECK)]
    checked = subprocess.run([*java, str(target)], capture_output=True, text=True, timeout=300, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "No errors or warnings detected" in checked.stdout, checked.stdout
