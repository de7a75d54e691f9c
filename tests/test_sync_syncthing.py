"""``readlog sync`` through a real replication engine: two Syncthing instances on 127.0.0.1.

Each library syncs into its own folder; the two folders are one Syncthing folder shared
between two Syncthing homes (Debian's ``syncthing`` package: ``.ci/run`` installs it, so in
CI this test runs; elsewhere it is skipped only when syncthing is not installed). The
instances are configured through their own config file (ElementTree) and watched through
their REST API; the test waits for files to arrive by polling, within a generous bound,
never by sleeping a fixed time. The recipe is the one ../shared/DESIGN.md measured.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from conftest import Run

pytestmark = pytest.mark.slow

FOLDER_ID = "readlog-sync"
PATIENCE = 60.0  # seconds: how long Syncthing may take to start or to carry a file (it takes ~1.5 s)


def syncthing_binary() -> str:
    """The syncthing command. Missing: a failure in CI (``.ci/run`` installs it and sets CI),
    a skip on a machine that simply does not have it."""
    found = shutil.which("syncthing")
    if found:
        return found
    if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
        pytest.fail("syncthing is not installed, and CI must run this test: apt-get install -y syncthing")
    pytest.skip("syncthing is not installed (apt-get install -y syncthing)")


def free_ports(count: int) -> list[int]:
    """Ports free on 127.0.0.1 now: the kernel's choice for a socket bound to port 0."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def waited(what: str, check: Callable[[], Any], explain: Callable[[], str] = lambda: "") -> Any:
    """Poll ``check`` until it returns something true, for at most PATIENCE seconds."""
    end = time.perf_counter() + PATIENCE
    while True:
        got = check()
        if got:
            return got
        if time.perf_counter() > end:
            raise AssertionError(f"waited {PATIENCE:.0f} s for {what}; {explain()}")
        time.sleep(0.05)  # a poll's pause, not a measure of anything


def _copy(node: ET.Element | None) -> ET.Element:
    """A deep copy of one of the config's ``defaults`` (a device or a folder as Syncthing makes one)."""
    assert node is not None
    return copy.deepcopy(node)


class Syncthing:
    """One Syncthing home: its config, its shared folder, its process and its REST API."""

    def __init__(self, binary: str, home: Path, gui_port: int, listen_port: int) -> None:
        self.binary, self.home = binary, home
        self.folder = home / "Sync"
        self.gui = f"127.0.0.1:{gui_port}"
        self.listen = f"tcp://127.0.0.1:{listen_port}"
        self.apikey = f"readlog-test-{gui_port}"
        self.process: subprocess.Popen[bytes] | None = None
        subprocess.run([binary, "generate", f"--home={home}", "--no-default-folder"], check=True, capture_output=True)
        self.config = ET.parse(home / "config.xml")
        self.device = self.config.getroot().findall("device")[0].attrib["id"]

    def configure(self, other: Syncthing) -> None:
        """Only 127.0.0.1, nothing announced or relayed or reported, the other device known
        and one folder shared with it, rescanned every second and watched."""
        root = self.config.getroot()
        gui = root.find("gui")
        assert gui is not None
        self._set(gui, "address", self.gui)
        self._set(gui, "apikey", self.apikey)
        options = root.find("options")
        assert options is not None
        for name, value in {
            "listenAddress": self.listen,
            "globalAnnounceEnabled": "false",
            "localAnnounceEnabled": "false",
            "relaysEnabled": "false",
            "natEnabled": "false",
            "urAccepted": "-1",
            "autoUpgradeIntervalH": "0",
            "startBrowser": "false",
            "crashReportingEnabled": "false",
            "reconnectionIntervalS": "1",
        }.items():
            self._set(options, name, value)
        defaults = root.find("defaults")
        assert defaults is not None
        peer = _copy(defaults.find("device"))
        peer.attrib.update(id=other.device, name="other")
        self._set(peer, "address", other.listen)
        root.insert(1, peer)
        folder = _copy(defaults.find("folder"))
        folder.attrib.update(
            id=FOLDER_ID,
            label=FOLDER_ID,
            path=str(self.folder),
            rescanIntervalS="1",
            fsWatcherEnabled="true",
            fsWatcherDelayS="1",
        )
        for kept in folder.findall("device"):
            folder.remove(kept)
        for device in (self.device, other.device):
            ET.SubElement(folder, "device", id=device, introducedBy="")
        root.insert(0, folder)
        self.config.write(self.home / "config.xml")
        (self.folder / ".stfolder").mkdir(parents=True)  # the folder marker Syncthing looks for

    @staticmethod
    def _set(parent: ET.Element, tag: str, text: str) -> None:
        node = parent.find(tag)
        if node is None:
            node = ET.SubElement(parent, tag)
        node.text = text

    def start(self) -> None:
        log = (self.home / "syncthing.log").open("wb")
        self.process = subprocess.Popen(
            [self.binary, "serve", f"--home={self.home}", "--no-browser", "--no-restart", "--no-upgrade"],
            stdout=log,
            stderr=subprocess.STDOUT,
            # STMONITORED: one process, without the monitor that would otherwise start Syncthing
            # as a child of its own (in a process group of its own, which outlives a killed monitor).
            env={**os.environ, "STNODEFAULTFOLDER": "1", "STNOUPGRADE": "1", "STMONITORED": "1"},
        )
        log.close()

    def stop(self) -> None:
        """Asked to stop (a monitor, if there is one, stops its child then), killed if it will not."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def rest(self, path: str) -> Any:
        request = urllib.request.Request(f"http://{self.gui}{path}", headers={"X-API-Key": self.apikey})
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never a proxy for 127.0.0.1
        with opener.open(request, timeout=5) as answer:
            return json.loads(answer.read())

    def answers(self) -> bool:
        assert self.process is not None
        assert self.process.poll() is None, self.log()
        try:
            return bool(self.rest("/rest/system/ping").get("ping") == "pong")
        except OSError:
            return False

    def idle(self) -> bool:
        status = self.rest(f"/rest/db/status?folder={FOLDER_ID}")
        return bool(status.get("state") == "idle" and status.get("needTotalItems", 0) == 0)

    def connected(self, other: Syncthing) -> bool:
        return bool(self.rest("/rest/system/connections")["connections"].get(other.device, {}).get("connected"))

    def log(self) -> str:
        return (self.home / "syncthing.log").read_text(errors="replace")[-3000:]


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[Syncthing, Syncthing]]:
    """Two Syncthing instances keeping one folder in step, both killed at the end whatever happens."""
    binary = syncthing_binary()
    gui_a, listen_a, gui_b, listen_b = free_ports(4)
    a = Syncthing(binary, tmp_path / "home-a", gui_a, listen_a)
    b = Syncthing(binary, tmp_path / "home-b", gui_b, listen_b)
    a.configure(b)
    b.configure(a)
    with ExitStack() as stack:
        for instance in (a, b):
            stack.callback(instance.stop)
            instance.start()
        for instance, other in ((a, b), (b, a)):
            waited(f"{instance.home.name} to answer", instance.answers, instance.log)
            waited(f"{instance.home.name} to connect", lambda i=instance, o=other: i.connected(o), instance.log)
        yield a, b


def device_files(folder: Path, device: str) -> dict[str, bytes]:
    """A device's segments in a folder, by name (Syncthing's temporary files aside)."""
    where = folder / device
    if not where.is_dir():
        return {}
    return {p.name: p.read_bytes() for p in where.iterdir() if p.name.endswith(".rls") and p.is_file()}


def carried(pair: tuple[Syncthing, Syncthing], devices: tuple[str, str]) -> None:
    """Wait until each side's segments, whole, are on the other side too."""
    a, b = pair

    def same() -> bool:
        return all(device_files(a.folder, d) == device_files(b.folder, d) for d in devices)

    waited("Syncthing to carry the segments", same, lambda: f"a: {a.rest('/rest/db/status?folder=' + FOLDER_ID)}")


def ids_aside(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for r in records:
        r.pop("id", None)
    return sorted(records, key=lambda r: str(r["fingerprint"] if "fingerprint" in r else r["url"]))


def test_two_libraries_end_the_same_through_two_syncthing_instances(
    run: Run, tmp_path: Path, pair: tuple[Syncthing, Syncthing]
) -> None:
    st_a, st_b = pair
    laptop = ["--db", str(tmp_path / "laptop.db")]
    desktop = ["--db", str(tmp_path / "desktop.db")]
    digest = tmp_path / "digest.txt"
    digest.write_text(
        "技术文章 Go Blog 2025-10-02\nGo 团队介绍了新的垃圾回收器调优方法。\n推荐收录，因为数字清楚。\n"
        "工程实践 Go Blog 2025-11-20\n一篇讲 goroutine 泄漏排查的文章。\n推荐收录，因为步骤可以照做。\n"
        "技术文章 Rust Blog 2026-10-30\n文章介绍 Rust 编译器在增量编译上的新进展。\n推荐收录，因为有明确的数字。\n",
        encoding="utf-8",
    )

    # The laptop imports and sends; Syncthing carries its segment; the desktop takes it in.
    run(*laptop, "import", str(digest), "--as-of", "2026-12-01")
    me = run.json(*laptop, "sync", str(st_a.folder))
    assert (me["sent"], me["skipped"]) == (3, [])
    carried(pair, (me["device"], me["device"]))
    you = run.json(*desktop, "sync", str(st_b.folder))
    assert (you["received"], you["skipped"]) == (3, [])

    # A change on each: star and tag on the desktop, a note on the laptop, the same title edited on both.
    on_desktop = {e["summary"][:2]: e["id"] for e in run.json(*desktop, "list")}
    on_laptop = {e["summary"][:2]: e["id"] for e in run.json(*laptop, "list")}
    run(*desktop, "star", str(on_desktop["一篇"]))
    run(*desktop, "tag", str(on_desktop["一篇"]), "+go", "+debugging")
    run(*desktop, "edit", str(on_desktop["文章"]), "--title", "Rust: incremental compilation")
    run(*laptop, "note", str(on_laptop["Go"]), "measured on two machines")
    run(*laptop, "edit", str(on_laptop["文章"]), "--title", "增量编译")
    devices = (me["device"], you["device"])
    for _ in range(3):  # until a round in which neither side sends anything
        before = [device_files(st_a.folder, me["device"]), device_files(st_b.folder, you["device"])]
        run(*laptop, "sync")
        run(*desktop, "sync")
        carried(pair, devices)
        run(*laptop, "sync")
        if [device_files(st_a.folder, me["device"]), device_files(st_b.folder, you["device"])] == before:
            break
    else:
        raise AssertionError("still sending after three rounds")

    listed = [ids_aside(run.json(*lib, "list")) for lib in (laptop, desktop)]
    assert listed[0] == listed[1]
    by_summary = {e["summary"][:2]: e for e in listed[0]}
    assert by_summary["一篇"]["starred"] and set(by_summary["一篇"]["tags"]) == {"go", "debugging"}
    assert by_summary["Go"]["note"] == "measured on two machines"
    assert by_summary["文章"]["title"] in ("Rust: incremental compilation", "增量编译")
    exports = [
        ids_aside([json.loads(line) for line in run(*lib, "export", "--format", "jsonl").stdout.splitlines()])
        for lib in (laptop, desktop)
    ]
    assert exports[0] == exports[1] and len(exports[0]) == 3

    # A conflict copy, named as Syncthing names one, carried by Syncthing to the other side:
    # reported and skipped there, nothing changed.
    theirs = sorted(device_files(st_b.folder, you["device"]))[0]
    conflict = f"{theirs[:-4]}.sync-conflict-20261202-103000-{st_b.device[:7]}.rls"
    (st_b.folder / you["device"] / conflict).write_bytes(b"RLSYNC\x01\n")
    waited("Syncthing to carry the conflict copy", (st_a.folder / you["device"] / conflict).is_file)
    said = run.json(*laptop, "sync")
    assert said["skipped"] == [{"path": str(st_a.folder / you["device"] / conflict), "reason": "conflict"}]
    assert (said["sent"], said["received"], said["action"]) == (0, 0, None)
    assert ids_aside(run.json(*laptop, "list")) == listed[0]
    waited("both instances to say the folder is in step", lambda: st_a.idle() and st_b.idle())
