"""Exports that cannot run code.

Markdown and the bookmark file: a link is written only when the address it
leads to, read the way a CommonMark reader and then a browser read it, is
http, https or mailto; anything else (``javascript&colon;``, ``jav&#x61;script:``,
a backslash or a tab inside the scheme, ...) is written as text. Titles,
notes, tags and sources are text too, whatever links they hold.

CSV: no cell starts a formula, as a spreadsheet splits the lines: with the
comma, the semicolon (Excel in German or French) or the tab, reading quotes
or not; and readlog's own import still gives back every character.
"""

from __future__ import annotations

import csv
import io
import json
import re
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from test_export import build, cli, empty_library, stored

from readlog.core import export
from readlog.model.entry import Entry

from conftest import Run
from helpers import examples

SAFE = {"http", "https", "mailto"}
# The forms the issue found: CommonMark decodes each of them into javascript:, vbscript: or data:.
ENCODED = ["javascript&colon;alert(1)", "jav&#x61;script:alert(1)", "vbscript&#58;msgbox(1)", "data&colon;text/html,x"]


class Links(HTMLParser):
    """Every address an HTML page would follow or load (its attributes as a browser decodes them)."""

    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.targets.append(value)


def targets(html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    parser.close()
    return parser.targets


def scheme(address: str) -> str:
    """The scheme a browser takes from ``address`` (WHATWG URL: C0 controls and
    spaces at the ends dropped, tabs and line breaks anywhere removed); "" for a
    relative address."""
    address = re.sub("[\t\n\r]", "", address.strip("".join(map(chr, range(0x21)))))
    found = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", address)
    return found.group(1).lower() if found else ""


def commonmark(text: str) -> str:
    """``text`` as HTML, the way a CommonMark reader that trusts every link
    (cmark --unsafe, commonmark.js) renders it: markdown-it's own filter of
    javascript: links is turned off, so the export alone must be safe."""
    md = MarkdownIt("commonmark")
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    return str(md.render(text))


def markdown_of(rows: list[dict[str, Any]]) -> str:
    return "".join(export.to_markdown(rows, export.Tally(), today="2026-12-02"))


def html_of(rows: list[dict[str, Any]]) -> str:
    return "".join(export.to_html(rows, export.Tally()))


SCHEMES = ["javascript", "JaVaScRiPt", "vbscript", "data", "file", "https", "mailto", "http"]
# What may stand inside a scheme and still be read away by CommonMark or a browser.
INSIDE = ["\t", "\n", "\r", " ", "\\", "\x01", "\u200b", "&Tab;", "&NewLine;", "&#9;", "&#x0A;"]
COLONS = [":", "&colon;", "&#58;", "&#x3A;", "&#x3a;", "&#0000058;", "%3A", "\\:", "&colon", "&amp;colon;", "&Tab;:"]
BODIES = ["alert(1)", "alert%281%29", "text/html;base64,PHNjcmlwdD4=", "//example.org/a", "x@example.org", "", ")"]


@st.composite
def hostile_urls(draw: st.DrawFn) -> str:
    """A scheme with some letters written as character references and some
    characters slipped in, a colon in one of its forms, a body, a wrapping."""
    letters = []
    for ch in draw(st.sampled_from(SCHEMES)):
        form = draw(st.sampled_from(["{}", "{}", "{}", "&#{n};", "&#x{n:X};", "&#x{n:x};", "%{n:02X}"]))
        letters.append(form.format(ch, n=ord(ch)) + draw(st.sampled_from(["", "", "", *INSIDE])))
    url = "".join(letters) + draw(st.sampled_from(COLONS)) + draw(st.sampled_from(BODIES))
    wrap = draw(st.sampled_from(["{}", "<{}>", " {} ", "\\<{}\\>", "[x]({})", "{}&#41;"]))
    return wrap.format(url)


URLS = st.one_of(
    st.sampled_from(ENCODED),
    hostile_urls(),
    st.lists(st.sampled_from([*ENCODED, *COLONS, *SCHEMES, "<", ">", "(", ")", "\\", "&", " "]), max_size=6).map(
        "".join
    ),
    st.text(max_size=20),
)
TITLE_PIECES = [
    "[x](javascript:alert(1))",
    "<javascript:alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "![i](javascript&colon;alert(1))",
    "[y]: javascript:alert(1)",
    "[y]",
    "[",
    "]",
    "(",
    ")",
    "\\",
    "`",
    "&colon;",
    "&#x61;",
    "javascript:",
    "<",
    ">",
    "!",
    "*",
    " ",
    "\n",
    "https://ok.example/",
    "调度",
]
TEXTS = st.one_of(st.lists(st.sampled_from(TITLE_PIECES + ENCODED), max_size=6).map("".join), st.text(max_size=20))


def row(title: str, url: str, **more: Any) -> dict[str, Any]:
    return {"id": 1, "title": title, "url": url, "source": "", "tags": None, "note": "", **more}


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(
        st.builds(row, TEXTS, URLS, source=TEXTS, note=TEXTS, tags=st.lists(TEXTS, max_size=2).map(json.dumps)),
        min_size=1,
        max_size=4,
    )
)
def test_no_markdown_link_leads_anywhere_but_the_web_or_mail(rows: list[dict[str, Any]]) -> None:
    html = commonmark(markdown_of(rows))
    assert all(scheme(t) in SAFE for t in targets(html)), html


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.builds(row, TEXTS, URLS, summary=TEXTS), min_size=1, max_size=4))
def test_no_bookmark_leads_anywhere_but_the_web_or_mail(rows: list[dict[str, Any]]) -> None:
    html = html_of(rows)
    assert all(scheme(t) in SAFE for t in targets(html)), html


@pytest.mark.parametrize("url", ENCODED)
def test_an_encoded_code_link_is_written_as_text(url: str) -> None:
    text = markdown_of([row("click me", url)])
    assert targets(commonmark(text)) == []
    assert "click me" in text and any(word in text for word in ("alert", "msgbox", "text/html"))  # still shown
    assert targets(html_of([row("click me", url)])) == []


def test_web_and_mail_links_are_still_links_and_lead_where_stored() -> None:
    web = "https://example.org/q?a=1&amp;b=2&colon;\\x"
    mail = "MAILTO:someone@example.org"
    html = commonmark(markdown_of([row("web", web), row("mail", mail)]))
    assert targets(html) == ["https://example.org/q?a=1&amp;b=2&colon;%5Cx", mail]  # nothing decoded on the way
    assert targets(html_of([row("web", web), row("mail", mail)])) == [web, mail]


def test_exported_from_the_command_line(run: Run, tmp_path: Path) -> None:
    """Entries holding such links (kept by readlog's own import, which
    gives back whatever a library held) export without them as links;
    the bookmark file leaves them out and says so."""
    records = [{"readlog": 1, "title": f"t{i}", "url": url} for i, url in enumerate([*ENCODED, "https://ok.example/"])]
    seed = tmp_path / "seed.jsonl"
    seed.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    run("import", str(seed))
    assert [scheme(t) for t in targets(commonmark(run("export", "-f", "markdown").stdout))] == ["https"]
    result = run("export", "-f", "html")
    assert [scheme(t) for t in targets(result.stdout)] == ["https"]
    assert "4 entries without a web or mailto link left out of the html export" in result.stderr


# ---- CSV ------------------------------------------------------------------------------

FORMULA = ("=", "+", "-", "@", "\t", "\r")
SEPARATORS = (",", ";", "\t")
CELL_PIECES = ["x", " ", ",", ";", "\t", "\n", '"', "'", "=", "+", "-", "@", '=HYPERLINK("http://evil")', "调度"]
CELLS = st.one_of(st.lists(st.sampled_from(CELL_PIECES), max_size=8).map("".join), st.text(max_size=12))


def cells_read(text: str, separator: str) -> list[str]:
    """Every cell of ``text`` as a spreadsheet splitting on ``separator`` finds
    them: once reading quotes (a quoted cell may hold separators and lines),
    once not (every separator and line break starts a cell)."""
    quoted = [c for record in csv.reader(io.StringIO(text, newline=""), delimiter=separator) for c in record]
    plain = [c for line in re.split("\r\n|\r|\n", text) for c in line.split(separator)]
    return quoted + plain


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(CELLS, min_size=1, max_size=6))
def test_no_csv_cell_starts_a_formula_whatever_the_separator(texts: list[str]) -> None:
    rows = [row(t, "https://example.org/", note=t, tags=json.dumps([t, t]), id=i) for i, t in enumerate(texts)]
    text = "".join(export.to_csv(rows, export.Tally())).removeprefix("\ufeff")
    for separator in SEPARATORS:
        risky = [c for c in cells_read(text, separator) if c.startswith(FORMULA)]
        assert not risky, (separator, risky)


def test_a_title_after_a_semicolon_is_no_formula_in_excel() -> None:
    """The issue's case: Excel in German or French splits on ";"."""
    text = "".join(export.to_csv([row('x;=HYPERLINK("http://evil")', "")], export.Tally()))
    assert not [c for c in cells_read(text, ";") if c.startswith(FORMULA)]


hostile_entries = st.builds(
    Entry,
    title=CELLS,
    summary=CELLS,
    note=CELLS,
    source=CELLS,
    url=st.just("https://example.org/"),
    tags=st.lists(CELLS, max_size=2),
)


@settings(max_examples=examples(25), deadline=None)
@given(st.lists(hostile_entries, min_size=1, max_size=6))
def test_guarded_cells_import_back_exactly(batch: list[Entry]) -> None:
    """A library's CSV export has no formula cell, and what the guard adds,
    readlog's import takes off again, character for character."""
    with tempfile.TemporaryDirectory() as folder:
        a, b, sheet = Path(folder) / "a.db", Path(folder) / "b.db", Path(folder) / "a.csv"
        a.write_bytes(empty_library())
        b.write_bytes(empty_library())
        build(a, batch)
        cli("--db", str(a), "export", "-o", str(sheet))
        text = sheet.read_text(encoding="utf-8-sig")
        assert not [c for s in SEPARATORS for c in cells_read(text, s) if c.startswith(FORMULA)]
        result = json.loads(cli("--db", str(b), "import", str(sheet), "--json"))[0]
        assert result["format"] == "readlog-csv" and result["problems"] == []
        assert stored(b) == stored(a)
