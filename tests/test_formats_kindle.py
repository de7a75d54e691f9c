"""Kindle's My Clippings.txt: books as entries without a link, their highlights, notes
and bookmarks read by the file's structure in every interface language."""

from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from readlog.inputs import detect as importers
from readlog.inputs.detect import ParseContext
from readlog.inputs.formats import kindle
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.highlight import Highlight

from conftest import FIXTURES, Run
from helpers import AS_OF, examples, parse, utc

KINDLE = FIXTURES / "kindle"
SEP = "=========="


def _infile(text: str) -> InputFile:
    data = text.encode("utf-8")
    stream = io.BytesIO(data)
    head = stream.read(65536)
    return InputFile(name="My Clippings.txt", stream=stream, encoding="utf-8", head=head, size=len(data))


def _parse(text: str) -> tuple[list[Entry], list[Problem]]:
    items = list(importers.parse("kindle", _infile(text), ParseContext(as_of=AS_OF)))
    return [i for i in items if isinstance(i, Entry)], [i for i in items if isinstance(i, Problem)]


def rec(title: str, header: str, text: str = "") -> str:
    return f"{title}\n{header}\n\n{text}\n{SEP}\n"


def H(kind: str = "highlight", passage: str = "", note: str = "", **kw: object) -> Highlight:
    return Highlight(kind=kind, passage=passage, note=note, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the fixtures, entry by entry


def test_english_and_chinese_side_by_side() -> None:
    entries, problems = parse(KINDLE / "en-zh.txt", "kindle")
    assert problems == []
    assert [(e.title, e.source, e.url, e.saved_at, e.read_at) for e in entries] == [
        ("The Quiet Orchard", "Mara Ellison", "", utc(2024, 5, 6, 8, 1, 9), None),
        ("静水深流", "林晓", "", utc(2024, 5, 6, 8, 5, 9), None),
        ("The Quiet Orchard", "Jonah Pike", "", utc(2024, 5, 8, 12, 30), None),
        ("【新版】山海之间", "陈一舟", "", utc(2024, 5, 8, 12, 5), None),
        ("Why Slow Software Wins", "example.org", "", utc(2024, 5, 9, 18, 45, 12), None),
    ]
    orchard, jingshui, other, shanhai, article = entries
    assert orchard.highlights == [
        H(
            passage="Every orchard keeps a second calendar, written in the bark. Nobody reads it but the frost.",
            note="compare with the tide tables in chapter 2",
            made_at=utc(2024, 5, 6, 8, 2, 15),  # the later time of the two copies
            location="318-321",
            page="21",
        ),
        H("bookmark", made_at=utc(2024, 5, 7, 22), location="455", page="30"),
    ]
    assert jingshui.highlights == [
        H(passage="水流得慢的地方，往往最深。", made_at=utc(2024, 5, 6, 8, 5, 9), location="120-122"),
        H(
            passage="读书如同走路，慢一点也无妨。",
            note="和第一章对照着看",
            made_at=utc(2024, 5, 6, 21, 15),
            location="318-319",
            page="21",
        ),
        H("bookmark", made_at=utc(2024, 5, 7, 7), location="400"),
        # the empty highlight at 410-411 is dropped; a note on no highlight stays a note
        H("note", note="这一段没有标注，只是想法", made_at=utc(2024, 5, 7, 7, 30), location="500"),
    ]
    assert other.highlights == [
        H(
            passage="A different book that happens to share the title.",
            made_at=utc(2024, 5, 8, 12, 30),
            location="12-13",
        )
    ]
    assert shanhai.highlights == [
        H(passage="山不过来，我们就过去。", made_at=utc(2024, 5, 8, 12, 5), location="45-46", page="3")
    ]
    assert [h.passage for h in article.highlights] == ["The fastest code is the code that never runs."]
    assert orchard.fingerprint() != other.fingerprint()  # one title, two authors: two books


LANGUAGES = [
    ("Licht ist eine Frage der Geduld.", "Notiz auf Deutsch", "150-151", "12", utc(2024, 8, 22, 18, 10, 53)),
    ("La lumière attend ceux qui attendent.", "note en français", "170-171", "14", utc(2024, 8, 22, 18, 19, 40)),
    ("La luz es paciencia.", "nota en español", "180-181", "15", utc(2024, 8, 22, 18, 16, 14)),
    ("La luce aspetta.", "nota in italiano", "190-191", "16", utc(2024, 8, 22, 18, 23, 12)),
    ("A luz espera.", "nota em português", "200-201", "17", utc(2024, 8, 22, 18, 51, 2)),
    ("Licht wacht.", "notitie in het Nederlands", "210-211", "18", utc(2024, 8, 22, 18, 30, 26)),
    ("Свет умеет ждать.", "заметка по-русски", "220-221", "19", utc(2024, 8, 22, 18, 54, 6)),
    ("光は待っている。", "日本語のメモ", "230-231", "20", utc(2024, 8, 22, 18, 27, 17)),
    ("光在等待。", "中文笔记", "240-241", "21", utc(2024, 8, 22, 18, 57, 47)),
    ("Light waits.", "note in English (UK)", "250-251", "22", utc(2024, 8, 22, 19, 4, 38)),
]
BOOKMARK_TIMES = [
    utc(2024, 8, 22, 18, 11, 31),
    utc(2024, 8, 22, 18, 19, 49),
    utc(2024, 8, 22, 18, 16, 26),
    utc(2024, 8, 22, 18, 23, 27),
    utc(2024, 8, 22, 18, 51, 15),
    utc(2024, 8, 22, 18, 30, 36),
    utc(2024, 8, 22, 18, 54, 15),
    utc(2024, 8, 22, 18, 27, 31),
    utc(2024, 8, 22, 18, 57, 57),
    utc(2024, 8, 22, 19, 4, 48),
]


def test_one_book_in_every_interface_language() -> None:
    entries, problems = parse(KINDLE / "mixed-languages.txt", "kindle")
    assert problems == []
    (book,) = entries
    assert (book.title, book.source, book.url, book.saved_at) == (
        "The Lantern Maker",
        "Ilse Varga",
        "",
        utc(2024, 8, 22, 18, 10, 53),
    )
    expected = []
    for (passage, note, location, page, when), marked in zip(LANGUAGES, BOOKMARK_TIMES, strict=True):
        expected.append(H(passage=passage, note=note, made_at=when, location=location, page=page))
        expected.append(H("bookmark", made_at=marked, location=str(int(location.split("-")[0]) - 1), page=page))
    assert book.highlights == expected


def test_a_byte_order_mark_on_every_record_crlf_and_a_file_cut_short() -> None:
    entries, problems = parse(KINDLE / "bom-per-record.txt", "kindle")
    assert problems == []
    rain, yu = entries
    assert (rain.title, rain.source, yu.title, yu.source) == (
        "Field Notes on Rain",
        "Tomas Reyes",
        "雨的笔记",
        "托马斯",
    )
    assert rain.highlights == [
        H(
            passage="Rain is the sky remembering the sea.",
            note="lovely",
            made_at=utc(2024, 6, 7, 7, 15),
            location="40-42",
            page="3",
        ),
        H(passage="The file ends in the mid", made_at=utc(2024, 6, 7, 8), location="120-121", page="9"),
    ]
    assert yu.highlights == [H(passage="雨是天空想起了大海。", made_at=utc(2024, 6, 7, 7, 20), location="88-90")]


def test_an_old_kindle_and_kindle_for_pc() -> None:
    entries, problems = parse(KINDLE / "old-kindle.txt", "kindle")
    assert problems == []
    harbour, instapaper = entries
    assert (instapaper.title, instapaper.source) == ("Instapaper: Friday, Jul. 13", "Instapaper")
    assert instapaper.highlights == [
        H(passage="and the quiet rewards of reading slowly.", made_at=utc(2012, 7, 15, 3, 44), location="758")
    ]
    assert harbour.saved_at == utc(2011, 3, 21, 21, 11)
    assert harbour.highlights == [
        H(
            passage="The harbour kept its own hours.",
            note="like a clock with no hands",
            made_at=utc(2011, 3, 21, 21, 11),
            location="318-319",  # written 318-19
        ),
        H("bookmark", made_at=utc(2011, 3, 22, 7, 30), location="402"),
        H(
            passage="Lights are promises made to strangers.",
            made_at=utc(2012, 3, 4, 22, 15),
            location="998-1002",
            page="40",
        ),
        H(passage="Fog is the sea thinking aloud.", made_at=utc(2012, 12, 5, 6, 48), location="1150-1151"),
        H(
            passage="Every pier is a sentence left unfinished.",
            made_at=datetime(2022, 12, 3, 0, 26, tzinfo=timezone(timedelta(hours=-3))),
            location="1210-1212",
        ),
        H(passage="A date no one can read.", made_at=None, location="1300-1301"),
        # Kindle's clipping-limit notice in place of a passage is no passage: dropped
    ]


# ---------------------------------------------------------------- each language's header

HEADERS = [
    ("- Your Highlight on page 21 | Location 318-319 | Added on Monday, May 6, 2024 8:01:09 AM",
     "highlight", "318-319", "21", utc(2024, 5, 6, 8, 1, 9)),
    ("- Your Note on Location 1376 | Added on Thursday, August 22, 2024 12:01:11 AM",
     "note", "1376", "", utc(2024, 8, 22, 0, 1, 11)),
    ("- Your Highlight on page xiv | location 9-10 | Added on Monday, 4 March 2024 22:15:32",
     "highlight", "9-10", "xiv", utc(2024, 3, 4, 22, 15, 32)),
    ("- Highlight Loc. 318-19 | Added on Monday, May 6, 2024 8:01:09 PM",
     "highlight", "318-319", "", utc(2024, 5, 6, 20, 1, 9)),
    ("- 您在位置 #120-122的标注 | 添加于 2024年5月6日星期一 上午8:01:09",
     "highlight", "120-122", "", utc(2024, 5, 6, 8, 1, 9)),
    ("- 您在第 21 页（位置 #318-319）的标注 | 添加于 2024年5月6日星期一 下午12:01:09",
     "highlight", "318-319", "21", utc(2024, 5, 6, 12, 1, 9)),
    ("- 您在位置 #319的笔记 | 添加于 2024年5月6日星期一 上午12:01:09",
     "note", "319", "", utc(2024, 5, 6, 0, 1, 9)),
    ("- 您在第 21 页（位置 #320）的书签 | 添加于 2024年5月6日星期一 下午8:01:09",
     "bookmark", "320", "21", utc(2024, 5, 6, 20, 1, 9)),
    ("- Ihre Markierung bei Position 610-612 | Hinzugefügt am Montag, 5. Januar 2015 21:41:19",
     "highlight", "610-612", "", utc(2015, 1, 5, 21, 41, 19)),
    ("- Ihr Lesezeichen bei Position 1420 | Hinzugefügt am Samstag, 3. Januar 2015 19:14:54",
     "bookmark", "1420", "", utc(2015, 1, 3, 19, 14, 54)),
    ("- Votre surlignement à lʼemplacement 144-146 | Ajouté le samedi 26 décembre 2015 11:21:23",
     "highlight", "144-146", "", utc(2015, 12, 26, 11, 21, 23)),
    ("- Votre surlignement sur la page 242 | Emplacement 3706-3708 | Ajouté le samedi 16 juin 2012 à 22:40:52",
     "highlight", "3706-3708", "242", utc(2012, 6, 16, 22, 40, 52)),
    ("- Tu subrayado en la posición 3116-3117 | Añadido el jueves, 1 de octubre de 2015 20:05:20",
     "highlight", "3116-3117", "", utc(2015, 10, 1, 20, 5, 20)),
    ("- Mi nota Posición 128 | Añadido el miércoles 6 de febrero de 2013, 13:00:19",
     "note", "128", "", utc(2013, 2, 6, 13, 0, 19)),
    ("-  La tua evidenziazione alla posizione 3-4 | Aggiunto in data mercoledì 4 maggio 2016 17:36:35",
     "highlight", "3-4", "", utc(2016, 5, 4, 17, 36, 35)),
    ("- Seu destaque ou posição 333-334 | Adicionado: sábado, 16 de maio de 2015 13:16:48",
     "highlight", "333-334", "", utc(2015, 5, 16, 13, 16, 48)),
    ("- Je highlight op pagina 1 t/m 10 | locatie 2 t/m 20 | Toegevoegd op donderdag 22 augustus 2024 18:30:26",
     "highlight", "2-20", "1-10", utc(2024, 8, 22, 18, 30, 26)),
    ("– Ваш выделенный отрывок на странице 8 | Место 243–245 | Добавлено: пятница, 26 февраля 2016 г. в 11:00:57",
     "highlight", "243-245", "8", utc(2016, 2, 26, 11, 0, 57)),
    ("– Ваша закладка в месте 1347 | Добавлено: четверг, 22 августа 2024 г. в 18:54:15",
     "bookmark", "1347", "", utc(2024, 8, 22, 18, 54, 15)),
    ("- 27ページ|位置No. 409-412のハイライト |作成日: 2016年2月26日金曜日 11:49:27",
     "highlight", "409-412", "27", utc(2016, 2, 26, 11, 49, 27)),
    ("- 位置No. 336のメモ |作成日: 2023年6月10日土曜日 9:18:40",
     "note", "336", "", utc(2023, 6, 10, 9, 18, 40)),
    ("- 30ページ|位置No. 400のブックマーク |作成日: 2025年4月2日水曜日 21:06:00",
     "bookmark", "400", "30", utc(2025, 4, 2, 21, 6)),
]  # fmt: skip


@pytest.mark.parametrize(("header", "kind", "location", "page", "when"), HEADERS, ids=lambda v: str(v)[:28])
def test_each_languages_header(header: str, kind: str, location: str, page: str, when: datetime) -> None:
    (entry,), problems = _parse(rec("A Book (Someone)", header, "" if kind == "bookmark" else "words"))
    assert problems == []
    (found,) = entry.highlights
    assert (found.kind, found.location, found.page, found.made_at) == (kind, location, page, when)


def test_a_header_in_an_unknown_language_is_read_by_its_structure() -> None:
    text = rec("Bók (Höfundur)", "- Þú merktir á síðu 5 | staðsetning 60-61 | Bætt við mánudagur 30", "orð og orð")
    text += rec("Bók (Höfundur)", "- Bókamerki á síðu 6 | staðsetning 70 | Bætt við mánudagur 30")
    (entry,), problems = _parse(text)
    assert problems == []
    assert entry.highlights == [
        H(passage="orð og orð", location="60-61", page="5"),  # the first of two numbered parts is the page
        H("bookmark", location="70", page="6"),
    ]
    assert entry.saved_at is None  # no date that can be read


# ---------------------------------------------------------------- the rules within a book

BOOK = "Tides (R. Moon)"


def _at(location: str, when: str) -> str:
    return f"- Your Highlight on Location {location} | Added on Monday, May 6, 2024 {when} AM"


def test_a_passage_highlighted_again_is_one_highlight_with_the_longer_passage_and_the_later_time() -> None:
    longer_later = rec(BOOK, _at("10-12", "8:00:00"), "The sea") + rec(BOOK, _at("10-14", "9:00:00"), "The sea rises")
    shorter_later = rec(BOOK, _at("20-24", "8:00:00"), "and falls, twice") + rec(BOOK, _at("21-22", "9:30:00"), "falls")
    apart = rec(BOOK, _at("30-31", "8:00:00"), "again") + rec(BOOK, _at("40-41", "8:00:00"), "again")
    different = rec(BOOK, _at("50-52", "8:00:00"), "one thing") + rec(BOOK, _at("51-53", "8:00:00"), "another")
    (entry,), _ = _parse(longer_later + shorter_later + apart + different)
    assert [(h.passage, h.location, h.made_at) for h in entry.highlights] == [
        ("The sea rises", "10-14", utc(2024, 5, 6, 9)),
        ("and falls, twice", "20-24", utc(2024, 5, 6, 9, 30)),
        ("again", "30-31", utc(2024, 5, 6, 8)),  # the same words elsewhere are another highlight
        ("again", "40-41", utc(2024, 5, 6, 8)),
        ("one thing", "50-52", utc(2024, 5, 6, 8)),  # overlapping, but neither holds the other
        ("another", "51-53", utc(2024, 5, 6, 8)),
    ]


def test_copies_in_another_book_are_not_merged() -> None:
    text = rec(BOOK, _at("10-12", "8:00:00"), "The sea") + rec("Other (X)", _at("10-12", "9:00:00"), "The sea")
    entries, _ = _parse(text)
    assert [[h.passage for h in e.highlights] for e in entries] == [["The sea"], ["The sea"]]


def test_notes_go_to_the_highlight_at_their_place() -> None:
    note = "- Your Note on Location {} | Added on Monday, May 6, 2024 10:00:00 AM"
    text = (
        rec(BOOK, note.format(5), "before its highlight")
        + rec(BOOK, _at("3-5", "8:00:00"), "first")
        + rec(BOOK, note.format(4), "within it")
        + rec(BOOK, note.format(99), "on nothing")
        + rec(BOOK, note.format(7), "")
    )
    (entry,), _ = _parse(text)
    assert entry.highlights == [
        H(passage="first", note="before its highlight\nwithin it", location="3-5", made_at=utc(2024, 5, 6, 8)),
        H("note", note="on nothing", location="99", made_at=utc(2024, 5, 6, 10)),
    ]  # an empty note is nothing


def test_empty_highlights_are_dropped_and_a_book_of_only_those_is_an_entry_without_highlights() -> None:
    (entry,), problems = _parse(rec(BOOK, _at("1-2", "8:00:00"), "") + rec(BOOK, _at("3-4", "8:00:00"), "   "))
    assert (problems, entry.title, entry.highlights, entry.saved_at) == ([], "Tides", [], utc(2024, 5, 6, 8))


@pytest.mark.parametrize(
    ("line", "title", "author"),
    [
        ("The Quiet Orchard (Mara Ellison)  ", "The Quiet Orchard", "Mara Ellison"),
        (
            "\ufeffHarry Potter (and) the Goblet of Fire (J.K. Rowling)",
            "Harry Potter (and) the Goblet of Fire",
            "J.K. Rowling",
        ),
        ("Robert C. Martin (Clean Code-Prentice Hall (2008))", "Robert C. Martin", "Clean Code-Prentice Hall (2008)"),
        ("【新版】山海之间 （陈一舟）", "【新版】山海之间", "陈一舟"),
        ("《静水》（第二版） (林晓)", "《静水》（第二版）", "林晓"),
        ("A Title Without an Author", "A Title Without an Author", ""),
        ("(Only parentheses)", "(Only parentheses)", ""),
        ("Unbalanced) (", "Unbalanced) (", ""),
    ],
)
def test_title_and_author(line: str, title: str, author: str) -> None:
    assert kindle.split_title(line) == (title, author)


# ---------------------------------------------------------------- what cannot be read


def test_a_record_without_its_header_is_a_problem_and_the_others_are_read() -> None:
    text = rec(BOOK, _at("1-2", "8:00:00"), "kept") + "Just a title\n==========\n" + f"\n\n{SEP}\n"
    text += "A title\nnot a header line\n\ntext\n" + SEP + "\n"
    entries, problems = _parse(text)
    assert [h.passage for e in entries for h in e.highlights] == ["kept"]
    assert [(p.line, p.key, p.skips_record) for p in problems] == [
        (6, "import_kindle_unreadable", True),
        (11, "import_kindle_unreadable", True),
    ]
    assert problems[0].said("zh").startswith("第 6 行：")


def test_nothing_in_a_file_is_nothing() -> None:
    assert _parse("") == ([], [])
    assert _parse("\ufeff\n\n") == ([], [])
    assert _parse(f"{SEP}\n{SEP}\n") == ([], [])


def test_forcing_kindle_on_prose_is_said(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "prose.txt"
    path.write_text("just some words\nwith no shape at all\n", encoding="utf-8")
    result = run("import", str(path), "--format", "kindle", code=1)
    assert "line 1: a clipping without its second line" in result.stderr
    assert run.json("list") == []


def test_kindle_is_detected_and_nothing_else_claims_it() -> None:
    text = (KINDLE / "en-zh.txt").read_text(encoding="utf-8")
    assert importers.detect(text) == "kindle"
    assert kindle.sniff("just some words\n==========\n") == 0
    assert kindle.sniff("Title\n- a dash but no bar\n\ntext\n==========\n") == 0


_PIECES = ["==========", "\n", "\ufeff", "- ", "– ", " | ", "(", ")", "（", "）", "#", "-", "1", "Location", "年"]


@settings(max_examples=examples(60), deadline=None)
@given(
    st.one_of(
        st.lists(st.sampled_from([*_PIECES, "x", "\r\n", "ページ", "3:04 PM", "2024"])).map("".join),
        st.binary(max_size=300).map(lambda b: b.decode("utf-8", "replace")),
        st.text(max_size=200),
    )
)
def test_any_input_gives_entries_and_problems_never_an_error(text: str) -> None:
    entries, problems = _parse(text)
    assert {p.key for p in problems} <= {"import_kindle_unreadable"}
    for entry in entries:
        assert entry.url == "" and entry.title
        for h in entry.highlights:
            assert h.kind in ("highlight", "note", "bookmark")
            assert h.made_at is None or h.made_at.tzinfo is not None
            assert all(c.isdigit() or c == "-" for c in h.location)


# ---------------------------------------------------------------- any record in any language, read back

_MONTHS = {
    "en": "January February March April May June July August September October November December",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
}


def _date(lang: str, t: datetime) -> str:
    month = _MONTHS.get(lang, "").split()[t.month - 1] if lang in _MONTHS else ""
    clock = f"{t:%H:%M:%S}"
    twelve = f"{(t.hour % 12) or 12}:{t:%M:%S}"
    return {
        "en": f"Added on Monday, {month} {t.day}, {t.year} {twelve} {'PM' if t.hour >= 12 else 'AM'}",
        "en-gb": f"Added on Monday, {t.day} {_MONTHS['en'].split()[t.month - 1]} {t.year} {clock}",
        "de": f"Hinzugefügt am Montag, {t.day}. {month} {t.year} {clock}",
        "fr": f"Ajouté le lundi {t.day} {month} {t.year} {clock}",
        "es": f"Añadido el lunes, {t.day} de {month} de {t.year} {clock}",
        "it": f"Aggiunto in data lunedì {t.day} {month} {t.year} {clock}",
        "pt": f"Adicionado: segunda-feira, {t.day} de {month} de {t.year} {clock}",
        "nl": f"Toegevoegd op maandag {t.day} {month} {t.year} {clock}",
        "ru": f"Добавлено: понедельник, {t.day} {month} {t.year} г. в {clock}",
        "zh": f"添加于 {t.year}年{t.month}月{t.day}日星期一 {'下午' if t.hour >= 12 else '上午'}{twelve}",
        "ja": f"作成日: {t.year}年{t.month}月{t.day}日月曜日 {t.hour}:{t:%M:%S}",
    }[lang]


def _place(lang: str, kind: str, page: int, loc: str) -> str:
    word = {
        "en": ("Your Highlight", "Your Note", "Your Bookmark"),
        "en-gb": ("Your Highlight", "Your Note", "Your Bookmark"),
        "de": ("Deine Markierung", "Deine Notiz", "Dein Lesezeichen"),
        "fr": ("Votre surlignement", "Votre note", "Votre signet"),
        "es": ("La subrayado", "La nota", "El marcador"),
        "it": ("La tua evidenziazione", "La tua nota", "Il tuo segnalibro"),
        "pt": ("Seu destaque", "Sua nota", "Seu marcador"),
        "nl": ("Je highlight", "Je notitie", "Je bladwijzer"),
        "ru": ("Ваш выделенный отрывок", "Ваша заметка", "Ваша закладка"),
        "zh": ("标注", "笔记", "书签"),
        "ja": ("ハイライト", "メモ", "ブックマーク"),
    }[lang][("highlight", "note", "bookmark").index(kind)]
    if lang == "zh":
        return f"- 您在第 {page} 页（位置 #{loc}）的{word}"
    if lang == "ja":
        return f"- {page}ページ|位置No. {loc}の{word} "
    if lang == "ru":
        return f"– {word} на странице {page} | Место {loc.replace('-', '–')}"
    if lang == "nl":
        return f"- {word} op pagina {page} | locatie {loc.replace('-', ' t/m ')}"
    page_words = {"de": "auf Seite", "fr": "sur la page", "es": "en la página", "it": "a pagina", "pt": "na página"}
    loc_words = {"de": "bei Position", "fr": "emplacement", "es": "posición", "it": "posizione", "pt": "posição"}
    return f"- {word} {page_words.get(lang, 'on page')} {page} | {loc_words.get(lang, 'Location')} {loc}"


_WORDS = (
    st.text(alphabet=st.sampled_from("abcdefghij XYZéß水流光は待ДЖ,.'"), min_size=1, max_size=30)
    .map(str.strip)
    .filter(bool)
)
_RECORD = st.tuples(
    st.sampled_from(["en", "en-gb", "de", "fr", "es", "it", "pt", "nl", "ru", "zh", "ja"]),
    st.sampled_from(["highlight", "note", "bookmark"]),
    _WORDS,
    st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2099, 12, 31)).map(
        lambda t: t.replace(microsecond=0, tzinfo=timezone.utc)
    ),
    st.integers(min_value=1, max_value=999),
)


@settings(max_examples=examples(80), deadline=None)
@given(st.lists(_RECORD, max_size=12), _WORDS, _WORDS)
def test_well_formed_records_in_any_language_read_back_as_they_were_made(
    records: list[tuple[str, str, str, datetime, int]], title: str, author: str
) -> None:
    text, expected = "", []
    for i, (lang, kind, words, when, page) in enumerate(records):
        start = 10 * i + 1  # apart from each other: nothing merges, no note falls on a highlight
        loc = f"{start}-{start + 2}" if kind == "highlight" else str(start + 5)
        body = "" if kind == "bookmark" else words
        text += rec(f"{title} ({author})", f"{_place(lang, kind, page, loc)} | {_date(lang, when)}", body)
        expected.append(
            H(
                kind,
                passage=body if kind == "highlight" else "",
                note=body if kind == "note" else "",
                made_at=when,
                location=loc,
                page=str(page),
            )
        )
    entries, problems = _parse(text)
    assert problems == []
    if not records:
        assert entries == []
        return
    (entry,) = entries
    assert (entry.title, entry.source, entry.url) == (title, author, "")
    assert entry.highlights == expected
    assert entry.saved_at == min(h.made_at for h in expected if h.made_at)


# ---------------------------------------------------------------- through the command line


def test_import_adds_each_book_once(run: Run) -> None:
    path = KINDLE / "en-zh.txt"
    result = run("import", str(path))
    assert "(kindle): 5 added, 0 updated, 9 highlights, 0 skipped" in result.stdout
    listed = run.json("list")
    assert sorted((e["title"], e["source"], e["url"]) for e in listed) == [
        ("The Quiet Orchard", "Jonah Pike", ""),
        ("The Quiet Orchard", "Mara Ellison", ""),
        ("Why Slow Software Wins", "example.org", ""),
        ("【新版】山海之间", "陈一舟", ""),
        ("静水深流", "林晓", ""),
    ]
    again = run("import", str(path))
    assert "(kindle): 0 added, 0 updated, 5 already in the library (same text), 0 skipped" in again.stdout
    assert len(run.json("list")) == 5
    more = run("import", str(KINDLE / "mixed-languages.txt"), str(KINDLE / "old-kindle.txt"))
    assert "mixed-languages.txt (kindle): 1 added" in more.stdout and "old-kindle.txt (kindle): 2 added" in more.stdout


def test_many_highlights_at_one_place_each_note_on_the_nearest_before_it() -> None:
    note = "- Your Note on Location 101 | Added on Monday, May 6, 2024 10:00:00 AM"
    text = ""
    for i in range(200):  # more than the index compares at one place (kindle.NEAR)
        text += rec(BOOK, _at("100-102", "8:00:00"), f"passage {i}.")
        if i % 50 == 49:
            text += rec(BOOK, note, f"on passage {i}")
    text += rec(BOOK, _at("100-102", "9:00:00"), "passage 7.")  # a copy of one far back is not looked for
    (entry,), _ = _parse(text)
    noted = [(h.passage, h.note) for h in entry.highlights if h.note]
    assert noted == [(f"passage {i}.", f"on passage {i}") for i in (49, 99, 149, 199)]
    assert len(entry.highlights) == 201 and entry.highlights[-1].passage == "passage 7."
