"""Following a mailbox (issue 37, item 5): ``readlog follow MAILDIR|MBOX [--from] [--list-id]``
and ``refresh``, which imports only the messages not yet in the library, with their text,
never changes the mailbox, and takes back as any refresh. Messages are this suite's own
newsletters (tests/fixtures/mail)."""

from __future__ import annotations

import hashlib
import mailbox
import shutil
from pathlib import Path

import pytest

import readlog
from readlog.core import mailboxes

from conftest import Run

MAIL = Path(__file__).resolve().parent / "fixtures" / "mail"
LETTERS = ["substack-en.eml", "buttondown-en.eml", "mailchimp-en.eml", "plain-list.eml", "weekly-zh-gb18030.eml"]


def maildir(folder: Path) -> mailbox.Maildir:
    folder.parent.mkdir(parents=True, exist_ok=True)
    return mailbox.Maildir(folder, create=True)


def deliver(box: mailbox.Maildir | mailbox.mbox, *names: str) -> None:
    """What a mail tool does: new messages land in the mailbox."""
    for name in names:
        box.add((MAIL / name).read_bytes())
    box.flush()


def state_of(folder: Path) -> dict[str, str]:
    """Every file under the mailbox and a hash of its bytes: what must never change."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.rglob("*") if p.is_file()
    }


def titles(run: Run) -> list[str]:
    return sorted(r["title"] for r in run.json("list", "--limit", "0"))


def test_a_maildir_gains_two_newsletters_and_a_refresh_adds_exactly_those(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "Mail" / "newsletters"
    box = maildir(folder)
    deliver(box, LETTERS[0], LETTERS[1])
    said = run("follow", str(folder)).stdout
    assert "followed newsletters" in said
    run("refresh")
    assert titles(run) == ["On reading in margins", "The slow web"]
    slow = next(r for r in run.json("list") if r["title"] == "The slow web")
    shown = run.json("show", str(slow["id"]))
    assert shown["source"] == "Ann Lee from Field Notes" and shown["fetched_at"] and shown["words"] > 20
    before = state_of(folder)
    deliver(box, LETTERS[2], LETTERS[3])
    delivered = state_of(folder)
    total = run.json("refresh")
    assert sum(f["added"] for f in total["feeds"]) == 2
    assert titles(run) == [
        "Harbour Library News: December",
        "On reading in margins",
        "Re: [readers] Fwd: what are you reading this winter?",
        "The slow web",
    ]
    assert sum(f["added"] for f in run.json("refresh")["feeds"]) == 0  # seen: nothing again
    assert state_of(folder) == delivered and set(before) <= set(delivered)  # only read, never changed
    run("undo")  # the refresh that added two
    assert len(titles(run)) == 2
    assert sum(f["added"] for f in run.json("refresh")["feeds"]) == 2  # and they come back


def test_the_filters_and_an_mbox(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "inbox.mbox"
    box = mailbox.mbox(path, create=True)
    deliver(box, *LETTERS)
    box.close()
    run("follow", str(path), "--from", "SUBSTACK.com")
    run("follow", str(path), "--list-id", "readers.lists.example.org")
    feeds = run.json("feeds")
    assert len(feeds) == 2 and all(f["url"].startswith("mailbox:") for f in feeds)
    run("refresh")
    assert titles(run) == ["Re: [readers] Fwd: what are you reading this winter?", "The slow web"]
    assert "mailbox:" not in run("feeds", "--export", "opml").stdout  # no subscription for another reader


def test_a_mailbox_that_cannot_be_read_is_reported_and_the_others_go_on(run: Run, tmp_path: Path) -> None:
    gone, kept = tmp_path / "gone", tmp_path / "kept"
    deliver(maildir(gone), LETTERS[0])
    deliver(maildir(kept), LETTERS[1])
    run("follow", str(gone), str(kept))
    shutil.rmtree(gone)
    result = run("refresh", code=1)
    shown = result.stdout.replace("\n", "")
    assert f"gone: failed: the mailbox {gone} cannot be read" in shown and "kept: 1 new item" in result.stdout
    [failed] = [f for f in run.json("feeds") if f["title"] == "gone"]
    assert "cannot be read" in str(failed)
    assert titles(run) == ["On reading in margins"]


def test_what_is_not_a_mailbox_is_not_followed_as_one(tmp_path: Path) -> None:
    plain = tmp_path / "notes.txt"
    plain.write_text("From the desk of nobody\nno header here\n", encoding="utf-8")
    assert not mailboxes.is_mailbox(str(plain))
    assert not mailboxes.is_mailbox(str(tmp_path))  # a folder without cur, new and tmp
    address = mailboxes.address_of(str(tmp_path / "a b"), "x@y", "list.example")
    assert mailboxes.parts_of(address) == (str(tmp_path / "a b"), "x@y", "list.example")


def test_the_api(tmp_path: Path, library: Path) -> None:
    folder = tmp_path / "box"
    deliver(maildir(folder), LETTERS[4], LETTERS[0])
    with readlog.open(library) as lib:
        followed = lib.follow(str(folder), sender="example.cn")
        assert [f.name for f in followed.added] == ["box"]
        done = lib.refresh()
        assert done.added == 1 and done.action is not None
        [entry] = lib.entries()
        assert (entry.title, entry.source) == ("阅读周刊 第42期：慢读的理由", "阅读周刊编辑部")  # only its sender's
        with pytest.raises(readlog.BadArgument):
            lib.follow(str(folder), sender=3)
