"""The library is not locked while ``readlog sync`` reads the folder (issue 36).

A folder on a slow reader stands in as a FIFO named as a segment: the sync, in a process of
its own, blocks reading it; the test knows it has got there because opening the FIFO for
writing succeeds only once a reader has it open (no sleep, no timing). Meanwhile another
readlog stars an entry, which must not wait for the sync; then the segment's bytes are
written into the FIFO and the sync ends, having taken in the other device's entry and sent
the star.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import time
from pathlib import Path

import pytest

import readlog

from conftest import Run
from helpers import READLOG, child_env

pytestmark = pytest.mark.slow

PATIENCE = 60.0  # seconds the sync may take to reach the folder on a busy machine


def opened_for_writing(fifo: Path, reader: subprocess.Popen[str]) -> int:
    """A descriptor writing into ``fifo``, once ``reader`` has opened it for reading (ENXIO until then)."""
    end = time.perf_counter() + PATIENCE
    while True:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as exc:
            if exc.errno != errno.ENXIO:
                raise
        else:
            os.set_blocking(fd, True)
            return fd
        assert reader.poll() is None, reader.communicate()
        assert time.perf_counter() < end, "the sync never opened the folder's segment"
        time.sleep(0.01)  # a poll's pause, not a measure of anything


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_another_command_changes_the_library_while_a_sync_reads_a_slow_folder(run: Run, tmp_path: Path) -> None:
    # The other device's segment, made by a library that synced into a scratch folder.
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with readlog.open(tmp_path / "phone.db") as phone:
        phone.add("https://example.org/from-the-phone", title="From the phone")
        device = phone.sync(scratch).device
    segment = (scratch / device / "00000001.rls").read_bytes()

    db = tmp_path / "laptop.db"
    run("--db", str(db), "add", "https://example.org/here", "--no-fetch")
    folder = tmp_path / "Sync"
    (folder / device).mkdir(parents=True)
    fifo = folder / device / "00000001.rls"
    os.mkfifo(fifo)
    syncing = subprocess.Popen(
        [*READLOG, "--db", str(db), "sync", str(folder), "--json"],
        env=child_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        fd = opened_for_writing(fifo, syncing)  # the sync is reading the folder now
        try:
            starred = run("--db", str(db), "star", "1")  # would wait READLOG_BUSY_TIMEOUT and fail if locked
            assert starred.exit_code == 0
            assert syncing.poll() is None  # the sync was still reading when the star was made
            os.write(fd, segment)
        finally:
            os.close(fd)
        out, err = syncing.communicate(timeout=PATIENCE)
    finally:
        if syncing.poll() is None:
            syncing.kill()
            syncing.wait()
    assert syncing.returncode == 0, err
    done = json.loads(out)
    assert (done["received"], done["sent"], done["skipped"]) == (1, 1, [])  # one entry sent: added, then starred
    listed = {e["url"]: e for e in run.json("--db", str(db), "list")}
    assert set(listed) == {"https://example.org/here", "https://example.org/from-the-phone"}
    assert listed["https://example.org/here"]["starred"]
    os.unlink(fifo)  # the phone's own file, which only the phone writes and never reads
    with readlog.open(db) as laptop:  # (--status reads the others' segments: not a FIFO with no writer)
        assert laptop.sync_status().pending == 0
    with readlog.open(tmp_path / "phone.db") as phone:
        assert phone.sync(folder).received == 1
        [here] = [e for e in phone.entries() if e.url == "https://example.org/here"]
        assert here.starred  # the star made while the sync read the folder was sent
