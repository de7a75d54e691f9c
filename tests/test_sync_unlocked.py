"""The library is not locked while ``readlog sync`` reads the folder (issue 36), and nothing
in the folder can hold a sync for good.

A folder on a slow reader is stood in for by holding the sync's reading of the folder
(``segments.read_others``) until the test lets it go: the test knows the sync has got there
because the held function says so (no sleep, no timing). Meanwhile another readlog, a process
of its own, stars an entry, which must not wait for the sync; then the reading goes on and the
sync ends, having taken in the other device's entry and sent the star.

A FIFO named as a segment (which a reader would wait on for ever, with no writer) is reported
as a foreign file and passed over by ``sync`` and ``sync --status`` alike.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

import readlog
from readlog.sync import segments

from conftest import Run
from helpers import READLOG, child_env

pytestmark = pytest.mark.slow

PATIENCE = 60.0  # seconds the sync may take to reach the folder on a busy machine


def laptop_and_folder(run: Run, tmp_path: Path) -> tuple[Path, Path, Path]:
    """A laptop's library (one entry) and a sync folder holding another device's first
    segment (one entry added on the phone, tmp_path/phone.db); the laptop's --db, the
    folder, and the phone's device folder in it."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with readlog.open(tmp_path / "phone.db") as phone:
        phone.add("https://example.org/from-the-phone", title="From the phone")
        device = phone.sync(scratch).device
    db = tmp_path / "laptop.db"
    run("--db", str(db), "add", "https://example.org/here", "--no-fetch")
    folder = tmp_path / "Sync"
    (folder / device).mkdir(parents=True)
    shutil.copyfile(scratch / device / "00000001.rls", folder / device / "00000001.rls")
    return db, folder, folder / device


def test_another_command_changes_the_library_while_a_sync_reads_a_slow_folder(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, folder, _ = laptop_and_folder(run, tmp_path)

    reading, go_on = threading.Event(), threading.Event()
    read_others = segments.read_others

    def slow(*args: Any) -> segments.Read:
        reading.set()
        assert go_on.wait(PATIENCE), "the test never let the reading go on"
        return read_others(*args)

    monkeypatch.setattr(segments, "read_others", slow)
    done: dict[str, Any] = {}

    def sync() -> None:
        try:
            with readlog.open(db) as laptop:
                done["result"] = laptop.sync(folder)
        except BaseException as exc:  # handed to the test's thread
            done["error"] = exc

    syncing = threading.Thread(target=sync)
    syncing.start()
    try:
        assert reading.wait(PATIENCE), "the sync never read the folder"
        # Another process, as another readlog would be: it waits READLOG_BUSY_TIMEOUT for a lock and fails.
        starred = subprocess.run(
            [*READLOG, "--db", str(db), "star", "1"], env=child_env(), capture_output=True, text=True, timeout=PATIENCE
        )
        assert starred.returncode == 0, starred.stderr
        assert syncing.is_alive()  # the sync was still reading when the star was made
    finally:
        go_on.set()
        syncing.join(PATIENCE)
    assert not syncing.is_alive() and "error" not in done, done.get("error")
    result = done["result"]
    assert (result.received, result.sent, tuple(result.skipped)) == (1, 1, ())  # one entry sent: added, then starred
    listed = {e["url"]: e for e in run.json("--db", str(db), "list")}
    assert set(listed) == {"https://example.org/here", "https://example.org/from-the-phone"}
    assert listed["https://example.org/here"]["starred"]
    with readlog.open(db) as laptop:
        assert laptop.sync_status().pending == 0
    with readlog.open(tmp_path / "phone.db") as phone:
        assert phone.sync(folder).received == 1
        [here] = [e for e in phone.entries() if e.url == "https://example.org/here"]
        assert here.starred  # the star made while the sync read the folder was sent


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_named_as_a_segment_is_passed_over_never_waited_on(run: Run, tmp_path: Path) -> None:
    db, folder, phone_folder = laptop_and_folder(run, tmp_path)
    fifo = phone_folder / "00000002.rls"
    os.mkfifo(fifo)  # no writer will ever come
    for args in (["sync", str(folder), "--json"], ["sync", "--status", "--json"]):
        done = subprocess.run(
            [*READLOG, "--db", str(db), *args], env=child_env(), capture_output=True, text=True, timeout=PATIENCE
        )
        assert done.returncode == 0, done.stderr
        if "--status" not in args:
            out = json.loads(done.stdout)
            assert out["received"] == 1
            assert [(s["path"], s["reason"]) for s in out["skipped"]] == [(str(fifo), "foreign")]
    urls = {e["url"] for e in run.json("--db", str(db), "list")}
    assert "https://example.org/from-the-phone" in urls
