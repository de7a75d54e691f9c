"""Feeds in the shapes found in feed readers' test suites: prefixed roots, DOCTYPEs with
entities, podcast episodes known by their enclosure, Atom ids that are not links, dates
in other languages, UTF-16 without a byte-order mark, a wrong UTF-8 declaration."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from readlog.inputs.formats import feeds
from readlog.model.entry import Entry, Problem

from conftest import FIXTURES, Run, write
from helpers import detected
from helpers import parse as parse_as

FORMATS = FIXTURES / "formats"


def parse(path: Path) -> tuple[list[Entry], list[Problem]]:
    return parse_as(path, "feed")


def test_a_feed_whose_root_has_a_prefix_is_a_feed() -> None:
    entries, problems = parse(FORMATS / "rss-prefixed-root.xml")
    assert problems == []
    (entry,) = entries
    assert entry.title == "Every element has a prefix" and entry.source == "Prefixed Weekly"
    assert entry.url == "https://prefixed.example.net/posts/prefix" and entry.published == "2024-05-02"


def test_a_doctype_declaring_entities_does_not_hide_the_feed() -> None:
    entries, problems = parse(FORMATS / "rss-doctype-entities.xml")
    assert problems == []
    (entry,) = entries
    assert entry.title == "Opening hours at the Corner Shop" and entry.source == "Corner Shop notes"
    assert entry.summary == "Text © the shop."


def test_prefixed_atom_root_and_doctype_subset_are_sniffed() -> None:
    atom = '<?xml version="1.0"?>\n<atom:feed xmlns:atom="http://www.w3.org/2005/Atom"><atom:title>T</atom:title>'
    doctype = '<?xml version="1.0"?>\n<!DOCTYPE rss [ <!ENTITY a "b"> <!ENTITY c "d"> ]>\n<rss version="2.0">'
    assert feeds.sniff(atom) == 95 and feeds.sniff(doctype) == 95
    assert feeds.sniff('<?xml version="1.0"?>\n<x:note xmlns:x="urn:x"><feed/></x:note>') == 0


def test_a_podcast_episode_without_a_link_takes_its_enclosure() -> None:
    entries, problems = parse(FORMATS / "podcast-enclosures.xml")
    assert problems == []
    assert [(e.title, e.url) for e in entries] == [
        ("Episode 12: bread", "https://cdn.radio.example.net/ep12.mp3"),
        ("https://radio.example.net/media/ep11.mp3", "https://radio.example.net/media/ep11.mp3"),  # made absolute
        # named by its text, not by the address of its audio
        ("A short talk about knives, with no title of its own", "https://cdn.radio.example.net/ep10.mp3"),
        ("Episode 9: soup", "https://radio.example.net/episodes/9"),  # its own link comes first
        ("Episode 8: a file on a share", ""),  # an enclosure that is not on the web is no link
    ]
    assert entries[0].guid == "kitchen-radio-12" and entries[0].published == "2024-05-06"
    assert {e.source for e in entries} == {"Kitchen Radio"}


def test_a_json_feed_episode_without_a_link_takes_its_attachment() -> None:
    (entry,), problems = parse(FORMATS / "jsonfeed-podcast.json")
    assert problems == []
    assert entry.url == "https://cdn.garden.example.net/ep3.m4a" and entry.title == "Pruning roses"
    assert entry.summary == "When and how to prune." and entry.guid == "garden-hour-3"


def test_an_atom_id_is_a_link_only_when_it_is_a_web_address() -> None:
    entries, problems = parse(FORMATS / "atom-ids-not-links.xml")
    assert problems == []  # tag: and urn:uuid: ids name entries; they are not links "not on the web"
    assert [(e.title, e.url) for e in entries] == [
        ("Maintenance finished", ""),
        ("Maintenance planned", ""),
        ("Permalink as id", "https://status.example.net/notes/5"),
    ]
    assert entries[0].guid == "tag:status.example.net,2024:notes/7"


def test_rss_guid_that_is_not_a_web_address_is_no_link(tmp_path: Path) -> None:
    text = (
        '<rss version="2.0"><channel><title>G</title>'
        "<item><title>Relative guid</title><guid>posts?id=3&amp;x=1</guid></item>"
        "<item><title>Permalink guid</title><guid>https://g.example.net/4</guid></item>"
        "</channel></rss>"
    )
    entries, problems = parse(write(tmp_path / "g.xml", text))
    assert problems == []
    assert [(e.title, e.url) for e in entries] == [("Relative guid", ""), ("Permalink guid", "https://g.example.net/4")]


def test_dates_in_other_languages_and_shapes(run: Run) -> None:
    entries, problems = parse(FORMATS / "rss-dates-other-languages.xml")
    assert problems == []
    assert {e.title: e.published for e in entries} == {
        "German": "2024-03-05",
        "French": "2024-01-11",
        "Spanish": "2024-08-07",
        "Russian": "2024-09-19",
        "Chinese": "2024-03-09",  # not 9 March read as 9 ... of December
        "Year only": "2019-01-01",  # W3C-DTF's year, not 2019 seconds after 1970
        "Pacific": "2023-12-31",  # the day where it was written
    }
    result = run("import", str(FORMATS / "rss-dates-other-languages.xml"))
    assert "Warning" not in result.stderr and "tzname" not in result.stderr  # no library's warning on the terminal


@given(
    day=st.integers(1, 28),
    month=st.integers(1, 12),
    year=st.integers(1990, 2030),
    language=st.sampled_from(["de", "fr", "es", "it", "pt", "nl", "ru", "pl"]),
)
def test_localised_month_names_read_as_the_english_ones(day: int, month: int, year: int, language: str) -> None:
    names = {
        "de": "Jan Feb Mär Apr Mai Jun Jul Aug Sep Okt Nov Dez",
        "fr": "janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.",
        "es": "Ene Feb Mar Abr May Jun Jul Ago Sep Oct Nov Dic",
        "it": "gen feb mar apr mag giu lug ago set ott nov dic",
        "pt": "jan fev mar abr mai jun jul ago set out nov dez",
        "nl": "jan feb mrt apr mei jun jul aug sep okt nov dec",
        "ru": "янв фев мар апр мая июн июл авг сен окт ноя дек",
        "pl": "sty lut mar kwi maj cze lip sie wrz paź lis gru",
    }[language].split()
    when = feeds._feed_time(f"Xy, {day:02d} {names[month - 1]} {year} 10:00:00 +0100")
    assert when is not None and (when.year, when.month, when.day) == (year, month, day)


def test_utf16_feed_without_a_byte_order_mark(run: Run) -> None:
    assert detected(FORMATS / "rss-utf16le-no-bom.xml") == "feed"
    (entry,), problems = parse(FORMATS / "rss-utf16le-no-bom.xml")
    assert problems == []
    assert entry.title == "Zwei Bytes je Zeichen – größer" and entry.source == "Wide text"


def test_feed_declaring_utf8_written_in_cp1252(run: Run, tmp_path: Path) -> None:
    (entry,), problems = parse(FORMATS / "rss-cp1252-declared-utf8.xml")
    assert problems == []
    assert entry.title == "Crème brûlée – la recette" and entry.source == "Café du coin"
    assert entry.summary == "À servir froide, ça va de soi."
    (report,) = json.loads(run("import", str(FORMATS / "rss-cp1252-declared-utf8.xml"), "--json").stdout)
    assert report["added"] == 1 and report["encoding"] == "cp1252"
    # UTF-8 text (é) and one cp1252 byte: no single encoding reads it, so it is not guessed at
    text = '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>Café</title>\n'.encode()
    path = tmp_path / "mixed.xml"
    path.write_bytes(text + b"<item><title>caf\xe9</title></item></channel></rss>\n")
    result = run("import", str(path), code=1)
    assert "line 3" in result.stderr + result.stdout


def test_a_whole_html_page_as_description_gives_its_text_only() -> None:
    (entry,), problems = parse(FORMATS / "rss-html-page-description.xml")
    assert problems == []
    assert entry.summary == "The real first paragraph."  # no window title, no script


def test_reimporting_the_new_shapes_adds_nothing(run: Run) -> None:
    names = ["podcast-enclosures.xml", "atom-ids-not-links.xml", "rss-prefixed-root.xml", "jsonfeed-podcast.json"]
    paths = [str(FORMATS / n) for n in names]
    first = json.loads(run("import", *paths, "--json").stdout)
    assert [r["added"] for r in first] == [5, 3, 1, 1]
    again = json.loads(run("import", *paths, "--json").stdout)
    assert [r["added"] for r in again] == [0, 0, 0, 0]
