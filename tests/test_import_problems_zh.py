"""The problems an import finds in a file, said in the user's language.

Every problem is a catalogue key with its values (model/entry.Problem):
``--lang zh import`` says each problem line wholly in Chinese, the values it
names (a title, a link, a field's name, a library's own reason) as they are;
English stays as it was, and ``--json`` gives each problem's key beside its
English message, a code scripts can match on.
"""

from __future__ import annotations

import gzip
import json
import re
import string
import zipfile
from pathlib import Path

from readlog.model.entry import Problem
from readlog.model.messages import Phrase, keys, known

from conftest import Run, write
from helpers import texts

PROBLEM_KEYS = keys("import_")
# Latin words a Chinese problem may keep: names of formats, fields and programs, not sentences.
NAMES = re.compile(
    r"\b(?:JSON|XML|MB|CSV|URL|url|HREF|href|ISO|gzip|zip|null|readlog|Pocket|status|Firefox|Chrome|Safari|"
    r"Bookmarks\.plist|roots|published|tags|id|format)\b"
)


def _without_fields(template: str) -> str:
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(template))


def test_every_problem_key_is_wholly_chinese_in_chinese() -> None:
    assert len(PROBLEM_KEYS) > 50
    latin = {}
    english_texts, chinese_texts = texts("en"), texts("zh")
    for key in PROBLEM_KEYS:
        english, chinese = " ".join(english_texts[key]), " ".join(chinese_texts[key])
        words = re.findall(r"[A-Za-z]{2,}", NAMES.sub("", _without_fields(chinese)))
        if words and any(w in english for w in words):
            latin[key] = words
    # true/false and the JSON words are what the file holds; the rest must be said in Chinese
    assert not latin, latin


def _files(folder: Path) -> list[Path]:
    """Odd and hostile files of several formats, each with problems on its lines."""
    long_line = "Long," + "x" * 2_000_001
    csv = write(
        folder / "pocket.csv",
        f'title,url\nGood,https://a.example/1\nNo link,\nBroken,"https://a.example/2\n{long_line}\n',
    )
    links = write(
        folder / "links.json",
        json.dumps(
            [
                {"title": "Start page", "url": "file:///home/me/start.html"},
                {"title": "Bookmarklet", "url": "javascript:alert(1)"},
                {"title": "Typo", "url": "httpss://a.example/3"},
                {"title": "no link at all"},
                "not a record",
                {"title": "Fine", "url": "https://a.example/4"},
            ]
        ),
    )
    digest = write(
        folder / "digest.txt",
        "开头的一段说明文字\n"
        "技术文章 Go Blog 2025-13-02\n介绍了垃圾回收器的调优方法。\n推荐收录，因为数字清楚。\n"
        "工程实践 Rust Blog 2025-11-20\n",
    )
    own = write(
        folder / "export.jsonl",
        '{"readlog": 1, "title": "A", "url": "https://a.example/5", "tags": 3}\n'
        '{"readlog": 1, "title": "B", "url": "https://a.example/6", "saved_at": "bogus"}\n'
        '{"readlog": 1, "title": "C", "id": -4}\n'
        '{"readlog": 1, "title": "D", "published": 2026}\n'
        '{"readlog": 1, "title": \n'
        '{"readlog": 1}\n',
    )
    netscape = write(
        folder / "bookmarks.html",
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        '<DT><A ADD_DATE="soon">Nowhere</A>\n'
        '<DT><A HREF="https://a.example/7" ADD_DATE="tomorrow">Odd date</A>\n'
        '<DT><A HREF="https://a.example/8" ADD_DATE="99999999999999">Far future</A>\n'
        "</DL>\n",
    )
    feed = write(
        folder / "feed.xml",
        '<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>https://b.example/</link>'
        "<item><title>One</title><link>ftp://b.example/one</link></item>"
        "<item><title>Two</title><link>https://b.example/two</link></item>"
        "<item></item></channel></rss>\n",
    )
    packed = gzip.compress(b"title,url\n" + b"".join(b"T%d,https://g.example/%d\n" % (i, i) for i in range(400)))
    (folder / "cut.csv.gz").write_bytes(packed[: len(packed) // 2])
    archive = folder / "archive.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.csv", "title,url\n" + "".join(f"T{i},https://z.example/{i}\n" for i in range(2000)))
        z.writestr("b.csv", "title,url\nB,https://z.example/b\n")
    data = bytearray(archive.read_bytes())
    start = data.find(b"a.csv") + 200
    data[start : start + 50] = bytes(b ^ 0x55 for b in data[start : start + 50])  # a.csv's data, damaged
    archive.write_bytes(bytes(data))
    return [csv, links, digest, own, netscape, feed, folder / "cut.csv.gz", archive]


# What may stay in Latin letters in a Chinese problem line: the file's name, the values a problem
# names (quoted titles, links, stamps, field names), and the reasons of the libraries that read files.
VALUES = re.compile(
    r"'[^']*'|\"[^\"]*\"|\S+://\S*|\b[A-Za-z]+_[A-Za-z_]+\b|javascript|"
    r"Expecting [a-z ]+|Error -\d+ while decompressing data: [^）]*|\d{4}-\d\d-\d\d[ T][\d:]+"
)


def test_import_problems_are_wholly_chinese_and_english_stays(run: Run, tmp_path: Path) -> None:
    files = [str(f) for f in _files(tmp_path)]
    zh = run("--lang", "zh", "import", *files, code=1).stderr
    lines = [line for line in zh.splitlines() if line.strip()]
    assert len(lines) >= 20, zh
    for line in lines:
        assert "：" in line, line  # after the file's name (a path, with no full-width colon in it)
        said = NAMES.sub("", VALUES.sub("", line.split("：", 1)[1]))
        assert not re.search(r"[A-Za-z]{2,}", said), line
    for expected in (
        "pocket.csv：第 3 行：第 3 行的记录：没有网址；已跳过",
        "这一行里的引号没有闭合；已跳过这一行",
        "这一行太长，不能作为表格的一行；已跳过",
        "links.json：第 1 行：'Start page'：不是网页链接（file:///home/me/start.html）；已跳过",
        "第 4 条记录：没有网址；已跳过",
        "digest.txt：第 1 行：第一个条目标题之前的文字；已跳过",
        'export.jsonl：第 1 行："tags" 应当是由文字组成的列表；已跳过',
        'export.jsonl：第 4 行："published" 应当是 "2026-11-30" 这样的日期或 null，不能是 数字；已跳过',
        "不是有效的 JSON（Expecting value，在第 25 列）；已跳过",
        "收藏时间 5138-11-16 09:46:39 超出范围（1980-2999）；改用导入时间",
        "书签 'Nowhere' 没有地址（HREF）；已跳过",
        "第 1 项：链接 'ftp://b.example/one' 不是网址；已略去",
        "gzip 数据提前结束（文件不完整？）；已读取之前的内容",
        "压缩包成员已损坏：Error -3 while decompressing data",
    ):
        assert expected in zh, (expected, zh)

    english = run("--db", str(tmp_path / "again.db"), "import", *files, code=1).stderr
    for expected in (
        "pocket.csv: line 3: row at line 3: no URL; skipped",
        "pocket.csv: line 4: a quote opened in this row is never closed; row skipped",
        "links.json: line 1: 'Start page': not a web link (file:///home/me/start.html); skipped",
        "links.json: line 1: 'Bookmarklet' links to javascript: code, not a page; skipped",
        "links.json: line 1: record 4: no URL; skipped",
        "digest.txt: line 2: invalid date 2025/13/02; imported without a date",
        'export.jsonl: line 4: "published" should be a date such as "2026-11-30" or null, not a number; skipped',
        'export.jsonl: line 1: "tags" should be a list of text; skipped',
        "export.jsonl: line 5: not valid JSON (Expecting value at column 25); skipped",
        "bookmarks.html: line 5: saved time 5138-11-16 09:46:39 is out of range (1980-2999); the import time is used",
        "bookmarks.html: line 3: bookmark 'Nowhere' has no address (HREF); skipped",
        "feed.xml: item 1: link 'ftp://b.example/one' is not a web address; left out",
        "cut.csv.gz: the gzip data ends too soon (cut short?); what came before was read",
        "cannot read (damaged archive member: Error -3 while decompressing data",
    ):
        assert expected in english, (expected, english)
    assert not re.search(r"[\u4e00-\u9fff]", re.sub(r"'[^']*'", "", english)), english  # but the values named

    reports = json.loads(run("--db", str(tmp_path / "third.db"), "import", *files, "--json", code=1).stdout)
    problems = [p for r in reports for p in r["problems"]]
    assert problems and all(set(p) == {"line", "message", "key", "count"} and known(p["key"]) for p in problems)
    assert {"line": 3, "message": "row at line 3: no URL; skipped", "key": "import_no_url", "count": 1} in problems
    assert all(re.search(r"[\u4e00-\u9fff]", p["message"]) is None for p in problems if "Blog" not in p["message"])


def test_a_problem_is_its_key_and_values() -> None:
    problem = Problem(7, "import_no_url", {}, Phrase("import_at_record", number=3))
    assert problem.message == "record 3: no URL; skipped" and problem.skips_record
    assert str(problem) == "line 7: record 3: no URL; skipped"
    assert problem.said("zh") == "第 7 行：第 3 条记录：没有网址；已跳过"
    assert problem == Problem(7, "import_no_url", {}, Phrase("import_at_record", number=3))
    kept = Problem(0, "import_digest_no_verdict")
    assert not kept.skips_record and kept.said("zh") == "条目没有收录理由段落；导入时不带收录理由"


def test_the_summary_around_the_problems_is_said_in_chinese(run: Run, tmp_path: Path) -> None:
    many = write(tmp_path / "many.csv", "title,url\n" + "".join(f"T{i},\n" for i in range(53)))
    result = run("--lang", "zh", "import", str(many), code=1)
    assert result.stderr.splitlines()[-1].endswith("many.csv：……另有 3 个问题"), result.stderr
    assert result.stdout.strip().endswith("新增 0 条，更新 0 条，跳过 53 条，53 个问题"), result.stdout
    english = run("--db", str(tmp_path / "en.db"), "import", str(many), code=1)
    assert english.stderr.splitlines()[-1].endswith("many.csv: ... and 3 more problems"), english.stderr
