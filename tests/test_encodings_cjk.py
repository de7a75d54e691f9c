"""Chinese and Japanese text saved in Windows' legacy code pages (GBK/GB18030,
Big5, Shift_JIS) and named nowhere: read in the encoding under which it
reads as the language, and said so; other text that is not UTF-8 keeps its
own rules (feeds and tables: cp1252 and kin; anything else: refused with a
hint)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from readlog.inputs import legacy

from conftest import Run

DIGEST_ZH = (
    "技术文章 某博客 2026/11/28\n"
    "作者用一组小实验解释终端里的转义序列如何工作，说明同一段字节在不同终端中为何显示不同。\n"
    "推荐收录，因为它把终端协议这类零散知识整理成可验证的小实验。\n"
    "工程实践 数据库周报 2026/11/20\n文章介绍数据库事务的实现细节与性能数据，以及我们在生产环境中的经验。\n推荐收录。\n"
)
DIGEST_HANT = (
    "技術文章 某部落格 2026/11/28\n"
    "作者用一組小實驗解釋終端裡的轉義序列如何工作，說明同一段位元組在不同終端中為何顯示不同。\n"
    "推薦收錄，因為它把終端協議這類零散知識整理成可驗證的小實驗。\n"
    "工程實踐 資料庫週報 2026/11/20\n文章介紹資料庫事務的實作細節與效能數據，以及我們在生產環境中的經驗。\n推薦收錄。\n"
)
LINKS_JA = "https://jp.example/a これは日本語のタイトルです\nhttps://jp.example/b データベースの話をしましょう\n"
CSV_ZH = "标题,链接,标签\n内核调度器的新设计,https://cn.example/1,内核\n数据库事务的笔记,https://cn.example/2,数据库\n"


@pytest.mark.parametrize(
    ("text", "codec", "fmt", "first_title"),
    [
        (DIGEST_ZH, "gbk", "digest", "终端里的转义序列如何工作"),
        (DIGEST_ZH, "gb18030", "digest", "终端里的转义序列如何工作"),
        (DIGEST_HANT, "big5", "digest", "終端裡的轉義序列如何工作"),
        (LINKS_JA, "shift_jis", "urls", "これは日本語のタイトルです"),
        (CSV_ZH, "gbk", "links", "内核调度器的新设计"),  # Excel's CSV in a Chinese Windows
    ],
)
def test_legacy_chinese_and_japanese_files_import(
    run: Run, tmp_path: Path, text: str, codec: str, fmt: str, first_title: str
) -> None:
    path = tmp_path / ("in.csv" if fmt == "links" else "in.txt")
    path.write_bytes(text.encode(codec))
    result = run.json("import", str(path))[0]
    assert (result["format"], result["encoding"], result["added"]) == (
        fmt,
        "big5" if codec == "big5" else "shift_jis" if codec == "shift_jis" else "gb18030",
        2,
    )
    titles = {e["title"] for e in run.json("list", "--limit", "0")}
    assert first_title in titles, titles
    said = run("import", str(path)).stderr  # again: nothing added, and the guess said
    assert "read as" in said


def test_other_text_that_is_not_utf8_keeps_its_rules(run: Run, tmp_path: Path) -> None:
    table = tmp_path / "de.csv"
    table.write_bytes("Titel;URL\nÜber Größe;https://de.example/1\nCafé;https://de.example/2\n".encode("cp1252"))
    assert run.json("import", str(table))[0]["encoding"] == "cp1252"
    prose = tmp_path / "de.txt"
    prose.write_bytes("Ein Artikel über Größe\nnoch einer, café\n".encode("latin-1"))
    refused = run("import", str(prose), code=1)
    assert "not valid utf-8" in refused.stderr and "gb18030" in refused.stderr


_HANS = (
    "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家"
    "内核调度编译器缓存"
)
_HANT = (
    "的一是不了在人有我他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡用道行所然家"
)
_KANA = (
    "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
    "アイウエオカキクケコデータベース日本語"
)
_PUNCT = "，。、：；！？（）「」 \n"


def _prose(pool: str) -> st.SearchStrategy[str]:
    words = st.text(st.sampled_from(pool), min_size=2, max_size=8)
    return st.lists(st.tuples(words, st.sampled_from(_PUNCT)), min_size=6, max_size=40).map(
        lambda parts: "".join(w + p for w, p in parts)
    )


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([("gb18030", _HANS), ("big5", _HANT), ("shift_jis", _KANA)]).flatmap(
        lambda pair: st.tuples(st.just(pair[0]), _prose(pair[1]))
    )
)
def test_text_in_each_code_page_is_read_in_it(case: tuple[str, str]) -> None:
    codec, text = case
    data = text.encode(codec)
    found = legacy.guess_cjk(data)
    assert found is not None and data.decode(found) == text, (found, text)


# Words of the languages those code pages carry, accented letters in them as these languages
# place them. (Any string of bytes is some Big5 text: a string of letters drawn at random,
# "ßaąa ąďßaąa", can read as Chinese as well as anything, so words are what is tested.)
_EUROPEAN = [
    "über", "größe", "straße", "müssen", "schön", "grüße", "häufig", "können", "mädchen", "weiß", "café",
    "élève", "très", "déjà", "français", "garçon", "noël", "forêt", "hôtel", "où", "año", "niño", "señor",
    "canción", "mañana", "corazón", "también", "está", "qué", "łódź", "zażółć", "gęślą", "jaźń", "śmierć",
    "książka", "będzie", "także", "więcej", "już", "čeština", "řeka", "příliš", "žluťoučký", "kůň", "úpěl",
    "ďábelské", "ódy", "dobrý", "večer", "ďakujem", "ľúbim", "mäkký", "vŕba", "kôň", "árvíztűrő",
    "tükörfúrógép", "őszi", "szép", "köszönöm", "œuvre", "cœur", "sœur", "fähre", "köln", "zürich", "açúcar",
    "pão", "não", "coração", "the", "of", "and", "data", "kernel", "system", "page", "mit", "und", "der",
    "les", "des", "una", "por", "para",
]  # fmt: skip
_LATIN_WORDS = st.sampled_from(_EUROPEAN)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(_LATIN_WORDS, min_size=3, max_size=60).map(" ".join),
    st.sampled_from(["cp1252", "cp1250", "iso-8859-2", "latin-1"]),
)
@example("aa ßaßaßaßa ßaücßaßa", "cp1252")  # GBK's "遖" and "點" (FC 63): once read as Chinese
def test_european_text_is_never_taken_for_chinese_or_japanese(text: str, codec: str) -> None:
    try:
        data = text.encode(codec)
    except UnicodeEncodeError:
        return  # a letter that code page has not: nothing to check
    assert legacy.guess_cjk(data) is None, (codec, text)
