"""tagsoup.py reads tags as html.parser does, in pieces, and never stalls on damage."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs.formats import tagsoup
from readlog.inputs.formats.tagsoup import TagSoup

from helpers import examples

Event = tuple[Any, ...]


class _Recorder:
    """The events a tokenizer reports, adjacent text joined (either may split text)."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.append(("start", tag, tuple(attrs), self.getpos()[0]))  # type: ignore[attr-defined]

    def handle_endtag(self, tag: str) -> None:
        self.events.append(("end", tag))

    def handle_data(self, data: str) -> None:
        if self.events and self.events[-1][0] == "text":
            self.events[-1] = ("text", self.events[-1][1] + data)
        else:
            self.events.append(("text", data))


class _Standard(_Recorder, HTMLParser):
    def __init__(self) -> None:
        _Recorder.__init__(self)
        HTMLParser.__init__(self, convert_charrefs=True)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)


class _Soup(_Recorder, TagSoup):
    def __init__(self) -> None:
        _Recorder.__init__(self)
        TagSoup.__init__(self)


def _events(cls: type[_Standard] | type[_Soup], text: str, piece: int) -> list[Event]:
    parser = cls()
    for start in range(0, len(text), piece):
        parser.feed(text[start : start + piece])
    parser.close()
    return parser.events


# Pieces of bookmark files and of the damage found in them: unclosed tags,
# quotes and comments, entities, scripts, stray "<" and controls.
_PIECES = [
    "<DT>", '<A HREF="', '"', ">", "</A>", "<DD>", "text", "&amp;", "&", "<", "<!--", "-->", "<!DOCTYPE x>",
    "<script>", "</script>", "<style>", "</STYLE>", " ", "\n", "\r\n", "ADD_DATE=", "'", "=", "/", "<H3>",
    "</H3>", "<DL><p>", "</DL>", "内核", "<p", "<br/>", "</", "<?x?>", "\x00", "TOREAD", "a", "&lt;b&gt;",
    "<a href=x>", "<A TAGS='a,b'>", "&#x4e2d;",
]  # fmt: skip


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40), st.sampled_from([1, 3, 7, 1 << 20]))
def test_same_events_as_html_parser(parts: list[str], piece: int) -> None:
    text = "".join(parts)
    assert _events(_Soup, text, piece) == _events(_Standard, text, piece)


@pytest.mark.parametrize("text", ["</ text>", "</\ntext>", "x</ a >y", "</ a/>", "</  x y>", "</ >", "</>", "</ A\t>z"])
@pytest.mark.parametrize("piece", [1, 3, 1 << 20])
def test_an_end_tag_with_spaces_before_its_name(text: str, piece: int) -> None:
    """html.parser takes "</ a>" as the end tag a (HTML5 would make it a bogus comment);
    TagSoup read it as nothing (found by the property test above: "</ text>")."""
    assert _events(_Soup, text, piece) == _events(_Standard, text, piece)
    if text == "</ text>":
        assert _events(_Soup, text, piece) == [("end", "text")]


def test_attributes_entities_and_lines() -> None:
    text = (
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        '<DT><A HREF="https://e.example/?a=1&amp;b=2" ADD_DATE=1600000000 toread>Rust &lt;news&gt;</A>\n'
        "<DT><a href='https://e.example/two' TAGS=\"x,y\">Two</a>\n</DL>\n"
    )
    starts = [e for e in _events(_Soup, text, 1 << 20) if e[0] == "start" and e[1] == "a"]
    assert starts == [
        ("start", "a", (("href", "https://e.example/?a=1&b=2"), ("add_date", "1600000000"), ("toread", None)), 3),
        ("start", "a", (("href", "https://e.example/two"), ("tags", "x,y")), 4),
    ]
    assert ("text", "Rust <news>") in _events(_Soup, text, 5)


def test_script_text_is_raw_and_hidden_tags_are_not_tags() -> None:
    events = _events(_Soup, '<script>if (a < b) { x = "<a href=y>&amp;" }</script><a href=z>Z</a>', 4)
    assert events == [
        ("start", "script", (), 1),
        ("text", 'if (a < b) { x = "<a href=y>&amp;" }'),
        ("end", "script"),
        ("start", "a", (("href", "z"),), 1),
        ("text", "Z"),
        ("end", "a"),
    ]


@pytest.mark.parametrize(
    "damage",
    ["<!-- never closed ", "<script>never closed ", '<A HREF="never closed ', "</never closed "],
)
def test_a_construct_that_never_ends_is_given_up_and_the_rest_is_read(
    damage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past LIMIT characters without its end, a construct stops holding the
    text back: the bookmarks after it are read, and memory stays bounded."""
    monkeypatch.setattr(tagsoup, "LIMIT", 2000)
    bookmark = '<DT><A HREF="https://e.example/">t</A>\n'
    parser = _Soup()
    held = 0
    text = damage + "x" * 100 + bookmark * 400
    for start in range(0, len(text), 500):
        parser.feed(text[start : start + 500])
        held = max(held, len(parser._buf))
    parser.close()
    assert held <= 2000 + 500
    anchors = [e for e in parser.events if e[0] == "start" and e[1] == "a"]
    assert len(anchors) >= 340  # all but those inside the first LIMIT characters


class _Scanned:
    """The attribute pattern, counting the characters it is run over."""

    def __init__(self, pattern: Any) -> None:
        self.pattern, self.scanned = pattern, 0

    def match(self, text: str, pos: int) -> Any:
        found = self.pattern.match(text, pos)
        self.scanned += found.end() - pos
        return found


@pytest.mark.parametrize(
    "text",
    ['<a "' * 400_000, "<" * 1_000_000, '<a x="' * 300_000, "<!--" * 400_000, "</a" * 400_000, "<a" * 500_000],
)
def test_text_full_of_unfinished_markup_is_read_once(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each "<" of these waits for a ">" that never comes. They are read in
    time that grows with the text, not with its square: the tag pattern runs
    over each character a bounded number of times (a rescan per "<" of the
    1.6 MB would be 10^11 characters, and minutes)."""
    scanned = _Scanned(tagsoup._ATTRIBUTES)
    monkeypatch.setattr(tagsoup, "_ATTRIBUTES", scanned)
    parser = _Soup()
    for start in range(0, len(text), 1 << 20):
        parser.feed(text[start : start + (1 << 20)])
    parser.close()
    assert scanned.scanned <= 4 * len(text)
    assert not [e for e in parser.events if e[0] == "start"]
    assert "".join(e[1] for e in parser.events if e[0] == "text") == text


def test_a_comment_ends_at_dashes_spaces_and_a_bracket_as_in_html_parser() -> None:
    # found by the property test above: html.parser closes a comment at "--", spaces, ">"
    for text in ("<!--a-- >b", "<!--<!-- >b", "<!--a--\n >b", "<!--a-->b"):
        for piece in (1, 3, 1 << 20):
            assert _events(_Soup, text, piece) == _events(_Standard, text, piece) == [("text", "b")]
