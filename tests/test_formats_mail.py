"""Newsletters: .eml files, mbox files and Maildir folders, each message an entry
(inputs/message.py, inputs/formats/mail.py), through the parser, the CLI and the API."""

from __future__ import annotations

import base64
import io
import json
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import readlog
from readlog.inputs import detect as importers
from readlog.inputs.detect import ParseContext
from readlog.inputs.message import MAIL_FEED, entry_of, item_of, untracked
from readlog.inputs.reader import InputFile, looks_like_mail
from readlog.model.entry import Entry, Problem

from conftest import FIXTURES, Run
from helpers import AS_OF, parse, utc

MAIL = FIXTURES / "mail"


def _one(path: Path) -> Entry:
    entries, problems = parse(path, "mail")
    assert problems == []
    (entry,) = entries
    return entry


def _text(entry: Entry) -> str:
    fetched = getattr(entry, "fetched", None) or {}
    return str(fetched.get("text") or "")


def _message(headers: str, body: str = "", *, ctype: str = "text/plain; charset=utf-8") -> bytes:
    head = headers.strip("\n") + f"\nMIME-Version: 1.0\nContent-Type: {ctype}\n\n"
    return (head + body).encode("utf-8")


HEAD = (
    "From: Someone <a@example.org>\nSubject: A letter\n"
    "Date: Mon, 02 Dec 2024 08:00:00 +0000\nMessage-ID: <x1@example.org>"
)


# ---- each fixture, entry by entry -------------------------------------------------------


def test_substack_quoted_printable_with_its_redirect_unwrapped() -> None:
    e = _one(MAIL / "substack-en.eml")
    assert e.title == "The slow web" and e.source == "Ann Lee from Field Notes"
    assert e.url == "https://fieldnotes.substack.com/p/the-slow-web"  # the token's target, utm_* taken off
    assert e.saved_at == utc(2024, 12, 3, 14, 2, 3) and e.saved_at.tzinfo is not None
    assert (e.feed, e.guid) == (MAIL_FEED, "<20241203140203.3.7a1f2e3d4c5b6a79@mg1.substack.com>")
    text = _text(e)
    assert text.startswith("For a year I kept a list") and "Unsubscribe" not in text
    assert e.fetched is not None and e.fetched["lang"] == "en" and e.fetched["minutes"] == 1
    assert e.fetched["fetched_at"] and e.fetched["fetch_error"] == ""


def test_buttondown_base64_and_its_view_link_without_utm() -> None:
    e = _one(MAIL / "buttondown-en.eml")
    assert (e.title, e.source) == ("On reading in margins", "Ruth Okafor")
    assert e.url == "https://buttondown.com/marginalia/archive/on-reading-in-margins/?ref=mail"
    assert e.saved_at == datetime(2024, 11, 15, 9, 30, tzinfo=timezone(timedelta(hours=-5)))
    assert "Marginalia are the oldest reading tools" in _text(e)


def test_mailchimp_archive_link_is_kept_and_its_tracked_links_are_not() -> None:
    e = _one(MAIL / "mailchimp-en.eml")
    assert e.source == "Harbour Library" and e.title == "Harbour Library News: December"
    assert e.url.startswith("https://us21.campaign-archive.com/?") and "id=9a1b2c3d4e" in e.url
    assert "reading circle" in _text(e)


def test_gb18030_base64_chinese_weekly_behind_a_url_tracker() -> None:
    e = _one(MAIL / "weekly-zh-gb18030.eml")
    assert e.title == "阅读周刊 第42期：慢读的理由" and e.source == "阅读周刊编辑部"
    assert e.url == "https://weekly.example.cn/issue/42"
    assert "这一期我们谈谈慢读" in _text(e)
    assert e.fetched is not None and e.fetched["lang"] == "zh" and e.fetched["words"] > 100


def test_plain_text_list_is_named_by_the_list_and_linked_to_its_archive() -> None:
    e = _one(MAIL / "plain-list.eml")
    assert e.title == "Re: [readers] Fwd: what are you reading this winter?"  # kept as it is
    assert e.source == "Slow Readers Circle"  # no display name: the List-Id's name
    assert e.url == "https://lists.example.org/archives/readers/2024-November/000123.html"  # not List-Post's mailto:
    assert _text(e).startswith("I am halfway through a long history")


def test_mbox_messages_with_an_escaped_from_line_and_one_without_message_id() -> None:
    entries, problems = parse(MAIL / "newsletters.mbox", "mail")
    assert problems == []
    assert [e.title for e in entries] == [
        "冬天的书单",
        "[readers] notes on an old letter",
        "[readers] the letter, again",
    ]
    zh, letter, again = entries
    assert zh.source == "小书 · 周末来信" and zh.url == "https://xiaoshu.substack.com/p/winter-reading"
    assert "天冷了" in _text(zh)
    assert ">From the harbour" in _text(letter) and "only the name of a street" in _text(letter)
    assert letter.guid.startswith("made:") and again.guid == "<letter-again-2@example.org>"
    assert parse(MAIL / "newsletters.mbox", "mail")[0][1].guid == letter.guid  # made the same each time


def test_item_of_is_the_entrys_item_from_the_header_alone() -> None:
    for name in ("substack-en.eml", "plain-list.eml"):
        entry = _one(MAIL / name)
        assert item_of((MAIL / name).read_bytes()) == (entry.feed, entry.guid)
    without_id = HEAD.replace("Message-ID: <x1@example.org>", "X-Note: none").encode() + b"\n\nHello.\n"
    entry, _ = entry_of(without_id)
    assert entry is not None and item_of(without_id) == (MAIL_FEED, entry.guid) and entry.guid.startswith("made:")


def test_an_mbox_without_extension_is_found_by_its_from_lines(tmp_path: Path) -> None:
    plain = tmp_path / "Inbox"
    shutil.copy(MAIL / "newsletters.mbox", plain)
    before = (plain.read_bytes(), plain.stat().st_mtime_ns)
    assert len(parse(plain, "mail")[0]) == 3
    assert (plain.read_bytes(), plain.stat().st_mtime_ns) == before  # read, never written
    plain.chmod(0o444)  # a mailbox the reader may not write is read all the same
    assert len(parse(plain, "mail")[0]) == 3


def test_read_path_reads_each_kind_of_mailbox_without_a_library(tmp_path: Path) -> None:
    from readlog.inputs.formats.mail import read_path

    folder = _maildir(tmp_path)
    before = _listing(folder)
    got = {name: list(read_path(str(MAIL / name))) for name in ("plain-list.eml", "newsletters.mbox")}
    got["Maildir"] = list(read_path(str(folder)))
    assert {k: len(v) for k, v in got.items()} == {"plain-list.eml": 1, "newsletters.mbox": 3, "Maildir": 2}
    assert all(isinstance(i, Entry) and i.feed == MAIL_FEED for v in got.values() for i in v)
    assert [i.title for i in got["Maildir"]] == ["Endpapers", "阅读周刊 第43期"]  # in the order they came
    assert _listing(folder) == before


def test_sniffing_tells_mail_from_other_text() -> None:
    assert looks_like_mail((MAIL / "plain-list.eml").read_bytes())
    assert looks_like_mail((MAIL / "newsletters.mbox").read_bytes())
    assert not looks_like_mail(b"Title: a note\nDate: today\n\nhttps://a.example/\n")
    assert not looks_like_mail(b"From here to there\nhttps://a.example/\n")
    assert importers.detect("From: a@b.example\nSubject: hi\n\nbody\n") == "mail"


# ---- links --------------------------------------------------------------------------------


def _jwt(payload: dict[str, object]) -> str:
    def part(d: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(d).encode()).rstrip(b"=").decode()

    return part({"alg": "HS256"}) + "." + part(payload) + ".sig"


@pytest.mark.parametrize(
    ("link", "kept"),
    [
        ("https://a.example/p?utm_source=x&utm_medium=email&id=3", "https://a.example/p?id=3"),
        ("https://t.example/c?url=https%3A%2F%2Fb.example%2Fx%3Futm_campaign%3Dz", "https://b.example/x"),
        ("https://t.example/c?u=https://b.example/y&sig=1", "https://b.example/y"),
        ("https://t.example/r?redirect=https%3A%2F%2Fb.example%2F", "https://b.example/"),
        ("https://t.example/r?target=https://b.example/z", "https://b.example/z"),
        ("https://us1.campaign-archive.com/?u=4f2c8d&id=9a1b", "https://us1.campaign-archive.com/?u=4f2c8d&id=9a1b"),
        ("https://x.us21.list-manage.com/track/click?u=4f2c&id=11&e=ab", ""),
        (
            "https://substack.com/redirect/2/" + _jwt({"e": "https://s.example/p/a?utm_source=s"}),
            "https://s.example/p/a",
        ),
        ("https://substack.com/redirect/6b1c?j=" + _jwt({"e": "https://s.example/p/b"}), "https://s.example/p/b"),
        ("https://substack.com/redirect/6b1c-uuid-only", ""),
        ("https://email.mg1.substack.com/c/eJxVkMtuwzAIRX8l8tqq", ""),
        ("javascript:alert(1)", ""),
        ("mailto:someone@example.org", ""),
    ],
)
def test_untracked(link: str, kept: str) -> None:
    assert untracked(link) == kept


def test_a_view_link_that_is_only_a_tracker_gives_no_link() -> None:
    html = (
        '<html><body><a href="https://x.list-manage.com/track/click?u=1&id=2">View this email in your browser</a>'
        "<p>Body text of the letter.</p></body></html>"
    )
    entry, problems = entry_of(_message(HEAD, html, ctype="text/html; charset=utf-8"))
    assert problems == [] and entry is not None and entry.url == ""


def test_list_post_web_link_when_no_view_link() -> None:
    entry, _ = entry_of(_message(HEAD + "\nList-Post: <https://lists.example.org/post/7?utm_source=list>", "Hello."))
    assert entry is not None and entry.url == "https://lists.example.org/post/7"


# ---- hostile and damaged messages ------------------------------------------------------------


def test_scripts_and_terminal_escapes_never_reach_the_entry() -> None:
    html = (
        "<html><head><script>alert('x')</script></head><body>"
        "<p>Plain words \x1b]8;;https://evil.example\x07of the letter\x1b]8;;\x07 that is long enough to keep.</p>"
        "<script>document.write('injected')</script></body></html>"
    )
    headers = HEAD.replace("Subject: A letter", "Subject: Hi \x1b[2J\x1b]0;owned\x07 there <script>x</script>")
    entry, _ = entry_of(_message(headers, html, ctype="text/html; charset=utf-8"))
    assert entry is not None
    for value in (entry.title, _text(entry)):
        assert "\x1b" not in value and "\x07" not in value
    assert "alert" not in _text(entry) and "injected" not in _text(entry)
    assert entry.title.startswith("Hi") and "owned" not in entry.title


def test_nested_alternative_with_attachments_reads_the_body_not_an_attachment() -> None:
    from email.message import EmailMessage

    msg = EmailMessage()
    msg["From"] = "Letters <l@example.org>"
    msg["Subject"] = "With files"
    msg["Date"] = "Mon, 02 Dec 2024 08:00:00 +0000"
    msg.set_content("The plain text of the letter.")
    msg.add_alternative(
        "<html><body><p>The HTML text of the letter, the one to keep.</p></body></html>", subtype="html"
    )
    msg.add_attachment(b"%PDF-1.4 binary", maintype="application", subtype="pdf", filename="a.pdf")
    msg.add_attachment("<html><body><p>An attached page, not the letter.</p></body></html>", subtype="html",
                       filename="page.html")  # fmt: skip
    outer = EmailMessage()
    for name in ("From", "Subject", "Date"):
        outer[name] = msg[name]
    outer.make_mixed()
    outer.attach(msg)
    entry, problems = entry_of(outer.as_bytes())
    assert problems == [] and entry is not None
    assert "the one to keep" in _text(entry) and "attached page" not in _text(entry)


def test_a_message_with_no_body_keeps_its_subject_and_no_text() -> None:
    entry, problems = entry_of(HEAD.encode() + b"\n\n")
    assert problems == [] and entry is not None
    assert entry.title == "A letter" and _text(entry) == ""
    assert entry.fetched is not None and entry.fetched["fetched_at"] is None  # never fetched: fetch may try


def test_nothing_to_read_is_skipped_with_a_problem() -> None:
    entry, problems = entry_of(b"From: a@example.org\nDate: Mon, 02 Dec 2024 08:00:00 +0000\n\n")
    assert entry is None and [p.key for p in problems] == ["import_mail_empty"]
    assert problems[0].skips_record


def test_unreadable_date_unknown_charset_and_nul_bytes_are_problems() -> None:
    headers = HEAD.replace("Date: Mon, 02 Dec 2024 08:00:00 +0000", "Date: the day after tomorrow")
    headers = headers.replace("Subject: A letter", "Subject: A\x00 letter")
    data = _message(headers, "caf\xe9", ctype="text/plain; charset=x-nonexistent")
    entry, problems = entry_of(data)
    assert entry is not None and entry.saved_at is None and "\x00" not in entry.title
    assert {p.key for p in problems} == {"import_mail_date", "import_mail_charset_unknown"}
    wrong = _message(HEAD, "", ctype="text/plain; charset=utf-8").replace(b"\n\n", b"\n\n\xff\xfe caf\xe9")
    entry, problems = entry_of(wrong)
    assert entry is not None and [p.key for p in problems] == ["import_mail_charset_wrong"]
    assert "caf" in _text(entry)


@pytest.mark.parametrize(
    ("data", "defect"),
    [
        (
            b"From: a@b.org\nSubject: s\nContent-Type: multipart/alternative; boundary=zz\n\nno parts\n",
            "StartBoundaryNotFound",
        ),
        (
            b"From: a@b.org\nSubject: s\nContent-Transfer-Encoding: base64\n\naGVsbG8gd29ybGQ=x=\n",
            "InvalidBase64Characters",
        ),
    ],
)
def test_a_damaged_body_is_one_problem_and_keeps_what_was_read(data: bytes, defect: str) -> None:
    entry, problems = entry_of(data)
    assert entry is not None and entry.title == "s"
    assert [(p.key, p.fields["defect"]) for p in problems] == [("import_mail_body_damaged", defect)]


def test_a_five_megabyte_body_is_read(tmp_path: Path) -> None:
    paragraphs = [f"<p>Paragraph {i} of a very long letter: " + "word " * 200 + "</p>\n" for i in range(5200)]
    html = "<html><body>" + "".join(paragraphs) + "</body></html>"
    assert len(html) > 5 * 1024 * 1024
    entry, problems = entry_of(_message(HEAD, html, ctype="text/html; charset=utf-8"))
    assert problems == [] and entry is not None
    assert entry.fetched is not None and entry.fetched["words"] > 100_000


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=2000), st.sampled_from([b"", HEAD.encode() + b"\n", b"From x Mon Dec  2 08:00:00 2024\n"]))
def test_any_bytes_as_an_eml_give_entries_or_problems(data: bytes, start: bytes) -> None:
    items = list(importers.parse("mail", _infile(start + data), ParseContext(as_of=AS_OF)))
    assert all(isinstance(i, (Entry, Problem)) for i in items)


@settings(max_examples=25, deadline=None)
@given(st.binary(max_size=800), st.sampled_from([b"", HEAD.encode() + b"\n", HEAD.encode() + b"\x00\n\n"]))
def test_any_bytes_imported_as_an_eml_file_are_entries_problems_or_a_file_error(data: bytes, start: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.eml"
        path.write_bytes(start + data)
        with readlog.open(Path(folder) / "l.db") as lib:
            report = lib.import_paths([path])
            (file,) = report.files
            assert file.error is not None or file.added + file.skipped + len(file.problems) > 0


def test_cli_hostile_subject_and_nul_header_are_one_clean_entry(library: Path, run: Run, tmp_path: Path) -> None:
    hostile = tmp_path / "hostile.eml"
    headers = HEAD.replace("Subject: A letter", "Subject: \x1b]0;owned\x07Evil\x00 <b>letter</b>")
    hostile.write_bytes(_message(headers, "<p>Text \x1b[31mred\x1b[0m here.</p>", ctype="text/html; charset=utf-8"))
    out = run("import", str(hostile)).stdout
    assert "1 added" in out
    (entry,) = run.json("list")
    assert entry["title"] == "Evil <b>letter</b>"  # kept as text, never markup; no escape, no NUL
    import sqlite3

    with sqlite3.connect(library) as db:
        (text,) = db.execute("SELECT text FROM entries WHERE id = ?", (entry["id"],)).fetchone()
    assert text == "Text red here."  # a few lines: the HTML's visible text, without its escapes


def _infile(data: bytes) -> InputFile:
    stream = io.BytesIO(data)
    head = stream.read(65536)
    return InputFile(name="x.eml", stream=stream, encoding="latin-1", head=head, size=len(data))


# ---- through the CLI and the API -------------------------------------------------------------


def _maildir(tmp_path: Path) -> Path:
    folder = tmp_path / "Mail"
    shutil.copytree(MAIL / "Maildir", folder)
    return folder


def _listing(folder: Path) -> list[tuple[str, int]]:
    return sorted((str(p.relative_to(folder)), p.stat().st_mtime_ns) for p in folder.rglob("*"))


def test_cli_imports_eml_mbox_and_maildir_once(library: Path, run: Run, tmp_path: Path) -> None:
    folder = _maildir(tmp_path)
    before = _listing(folder)
    out = run("import", str(MAIL / "plain-list.eml"), str(MAIL / "newsletters.mbox"), str(folder)).stdout
    assert "plain-list.eml (mail): 1 added" in out and "newsletters.mbox (mail): 3 added" in out
    assert f"{folder} (mail): 2 added" in out
    again = run("import", str(MAIL / "newsletters.mbox"), str(folder)).stdout
    assert "0 added" in again and "3 already in the library" in again and "2 already in the library" in again
    assert _listing(folder) == before  # nothing read is moved, marked or written
    listed = run.json("list")
    assert {e["title"] for e in listed} >= {"Endpapers", "阅读周刊 第43期", "冬天的书单"}


def test_cli_mbox_on_standard_input(library: Path, run: Run) -> None:
    out = run("import", "-", input=(MAIL / "newsletters.mbox").read_bytes()).stdout
    assert "<stdin> (mail): 3 added" in out


def test_cli_reports_a_bad_date_in_one_line(library: Path, run: Run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.eml"
    bad.write_bytes(_message(HEAD.replace("Mon, 02 Dec 2024 08:00:00 +0000", "yesterday-ish"), "Hello there."))
    result = run("import", str(bad), code=1)
    said = result.stdout + result.stderr
    assert "its date 'yesterday-ish' could not be read" in said and "Traceback" not in said


def test_api_import_stores_text_as_fetch_does_and_reimport_adds_nothing(tmp_path: Path) -> None:
    with readlog.open(tmp_path / "m.db") as lib:
        report = lib.import_path(MAIL / "weekly-zh-gb18030.eml")
        assert report.ok and report.added == 1 and report.files[0].format == "mail"
        (entry,) = lib.entries()
        assert entry.has_text and entry.lang == "zh" and entry.minutes and entry.fetched_at is not None
        assert entry.url == "https://weekly.example.cn/issue/42" and entry.source == "阅读周刊编辑部"
        again = lib.import_path(MAIL / "weekly-zh-gb18030.eml")
        assert (again.added, again.unchanged) == (0, 1)
        with (MAIL / "newsletters.mbox").open("rb") as stream:
            assert lib.import_path(stream, name="letters").added == 3


def test_an_article_already_saved_by_its_link_is_not_duplicated_and_gets_the_text(tmp_path: Path) -> None:
    links = tmp_path / "links.txt"
    links.write_text("https://fieldnotes.substack.com/p/the-slow-web\n", encoding="utf-8")
    with readlog.open(tmp_path / "m.db") as lib:
        assert lib.import_path(links).added == 1
        report = lib.import_path(MAIL / "substack-en.eml")
        assert (report.added, report.unchanged + report.updated) == (0, 1)
        (entry,) = lib.entries()
        assert entry.has_text and entry.minutes == 1
        assert lib.import_path(MAIL / "substack-en.eml").added == 0


def test_maildir_through_the_api_undo_takes_it_back(tmp_path: Path) -> None:
    folder = _maildir(tmp_path)
    with readlog.open(tmp_path / "m.db") as lib:
        report = lib.import_path(folder)
        assert report.added == 2 and report.files[0].name == str(folder)
        lib.undo()
        assert list(lib.entries()) == []


def test_maildir_gains_two_messages_and_a_new_import_adds_exactly_those(tmp_path: Path) -> None:
    folder = _maildir(tmp_path)
    with readlog.open(tmp_path / "m.db") as lib:
        assert lib.import_path(folder).added == 2
        for n, name in enumerate(("plain-list.eml", "buttondown-en.eml")):
            shutil.copy(MAIL / name, folder / "new" / f"17340000{n}.M{n}P9.host")
        (folder / "tmp" / "1734.half.host").write_bytes(b"From: x@example.org\nSubject: not yet\n")
        report = lib.import_path(folder)
        assert (report.added, report.unchanged) == (2, 2)
        assert {e.title for e in lib.entries()} >= {"On reading in margins"}


def test_a_stream_name_and_the_mail_format_forced(tmp_path: Path) -> None:
    with readlog.open(tmp_path / "m.db") as lib:
        data = (MAIL / "plain-list.eml").read_bytes()
        report = lib.import_path(io.BytesIO(data), name="x", format="mail")
        assert report.added == 1
