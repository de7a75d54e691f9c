"""One sync of a library with a folder target: send what changed here, take in what others sent.

In order, so that an interruption at any point loses nothing:

1. an update left unsent by an interrupted sync (the ``outbox``) is written first;
2. the other devices' segments are read from where the last sync stopped,
   with the library not locked;
3. in one transaction, recorded as one action (``sync``; ``undo`` takes back
   what it changed here, and that undoing is a change the next sync sends):
   what changed here since the last sync (read from the history, not the
   library) goes into the document; the others' records and updates are
   merged into it; the entries whose values they changed are set to what the
   document holds; the document, the marks and the update to send (the outbox)
   are saved;
4. the outbox is written to the target as a new segment, then emptied.

A crash before 4 ends leaves the outbox, which the next sync writes (the
others apply an update twice as once). Nothing here prints or asks.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from readlog.model.messages import Phrase
from readlog.model.tags import tag_list
from readlog.store import syncing
from readlog.store.common import Row, utcnow
from readlog.sync import segments
from readlog.sync.document import BASE, WHERE, Document, view_key
from readlog.sync.segments import Position, Skipped

if TYPE_CHECKING:
    from readlog.store import Store

# Names of the values kept in sync_state.
DEVICE = "device"
CLIENT = "client"
DOCUMENT = "document"
MARKS = "marks"
POSITIONS = "positions"
OUTBOX = "outbox"
SEEN = "seen"
# A followed mailbox's address (core/mailboxes.SCHEME): a path on one machine, never sent.
MAILBOX = "mailbox:"


@dataclass
class Result:
    """What one sync did: this library's device id, the target, how many entries' changes
    were sent and how many entries changed here, the action that recorded those changes
    (None: nothing changed here), the other devices read, and the files passed over."""

    device: str
    target: str
    sent: int = 0
    received: int = 0
    action: int | None = None
    devices: list[str] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)


def record_hash(record: Row) -> str:
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def device_of(lib: Store) -> tuple[str, int]:
    """This library's device id and CRDT client id, made at its first sync."""
    device = syncing.get_state(lib, DEVICE)
    client = syncing.get_state(lib, CLIENT)
    if device and client:
        return str(device), int(client)
    with lib.transaction():
        device = syncing.get_state(lib, DEVICE)
        if not device:
            device, client = secrets.token_hex(8), secrets.randbits(32) | 1
            syncing.set_state(lib, DEVICE, device)
            syncing.set_state(lib, CLIENT, client)
    return str(syncing.get_state(lib, DEVICE)), int(syncing.get_state(lib, CLIENT))


def sync(lib: Store, target: Path) -> Result:
    device, client = device_of(lib)
    result = Result(device, str(target))
    _flush(lib, target, device)
    positions = {name: Position(*pos) for name, pos in json.loads(syncing.get_state(lib, POSITIONS) or "{}").items()}
    read = segments.read_others(target, device, positions)
    result.skipped = read.skipped
    result.devices = sorted(read.positions)
    if not any(read.frames.values()) and read.positions.items() <= positions.items():
        marks = syncing.Marks(**json.loads(syncing.get_state(lib, MARKS) or "{}"))
        if not syncing.changed_since(lib, marks).any():
            return result  # nothing new on either side: the document is not even loaded
    with lib.transaction():
        state = syncing.get_state(lib, DOCUMENT)
        doc = Document(client, bytes(state) if state else None)
        marks = syncing.Marks(**json.loads(syncing.get_state(lib, MARKS) or "{}"))
        action = lib.start_action("sync")
        merge = _Merge(lib, doc, action)
        records, sent = merge.send(syncing.changed_since(lib, marks), marks)
        result.sent = sent
        result.received = merge.receive(read)
        result.skipped = [*result.skipped, *merge.skipped]
        outbox = []
        if records:
            outbox.append([segments.RECORDS.decode(), json.dumps(records, ensure_ascii=False, default=str)])
        for update in (merge.sent_update, merge.voted):
            if update:
                outbox.append([segments.UPDATE.decode(), update.hex()])
        if outbox:
            pending = json.loads(syncing.get_state(lib, OUTBOX) or "[]")
            syncing.set_state(lib, OUTBOX, json.dumps(pending + outbox, ensure_ascii=False))
        syncing.set_state(lib, DOCUMENT, doc.encoded())
        syncing.set_state(lib, MARKS, json.dumps(syncing.marks_now(lib, utcnow()).__dict__))
        held = {**positions, **read.positions}
        syncing.set_state(lib, POSITIONS, json.dumps({k: [p.segment, p.offset] for k, p in held.items()}))
        seen = json.loads(syncing.get_state(lib, SEEN) or "{}")
        seen.update({name: utcnow() for name, got in read.frames.items() if got})
        syncing.set_state(lib, SEEN, json.dumps(seen))
        lib.set_action_summary(action, Phrase("did_sync", n=result.received))
        lib.forget_action(action)
        if syncing.action_kept(lib, action):
            result.action = action
    _flush(lib, target, device)
    return result


def _flush(lib: Store, target: Path, device: str) -> None:
    """Write the outbox to the target as one new segment, then empty it."""
    pending = json.loads(syncing.get_state(lib, OUTBOX) or "[]")
    if not pending:
        return
    frames = [(kind.encode(), body.encode() if kind == "C" else bytes.fromhex(body)) for kind, body in pending]
    segments.write(target, device, frames)
    with lib.transaction():
        syncing.set_state(lib, OUTBOX, None)


class _Merge:
    """The work of one sync inside its transaction."""

    def __init__(self, lib: Store, doc: Document, action: int) -> None:
        self.lib = lib
        self.doc = doc
        self.action = action
        self.columns = set(syncing.columns(lib))
        self.sent_update = b""
        self.voted = b""  # what this device decided while receiving (_one_per_link), to send too
        self.tags_before: dict[int, str] = {}  # the tags retagged entries had at the last sync
        self.skipped: list[Skipped] = []

    # ---- sending -------------------------------------------------------------

    def send(self, local: syncing.Local, marks: syncing.Marks) -> tuple[list[Row], int]:
        """Put the local changes into the document; the records of the entries added
        here (to send whole), and how many entries' changes went into the document."""
        doc, lib = self.doc, self.lib
        vector = doc.vector()
        records: list[Row] = []
        sent: set[str] = set()
        again: set[str] = set()  # entries to set from the document afterwards (see receive)
        fresh = set(local.added)
        wheres = {i: syncing.where(lib, i) for i in sorted(local.touched.keys() - fresh)}
        # Entries deleted for good everywhere that are here again (the received deletion
        # undone): sent whole as if added, lifting the tombstone, so that they come back everywhere.
        revived = [i for i, w in wheres.items() if w.row is not None and w.fingerprint and doc.gone(w.fingerprint)]
        with doc.changing():
            added = syncing.added_rows(lib, [*local.added, *revived])
            back = set(revived)
            syncing.know(lib, [w.row["id"] for w in added if w.row])
            bases = []
            for w in added:
                assert w.row is not None and w.fingerprint
                fp = w.fingerprint
                record = {k: v for k, v in w.row.items() if k in self.columns}
                base = record_hash(record)
                records.append(record)
                bases.append((base, w.row["id"]))
                known = doc.values(fp)
                if doc.unbury(fp) | doc.knows(fp):
                    # It had a life before, here or elsewhere: the document's values hold, this
                    # record is said to be the entry's, and its tags are these.
                    again.add(fp)
                    doc.put(fp, BASE, base)
                    doc.put_tags(fp, tag_list(w.row["tags"]), None)
                touched = set(known) & self.columns
                touched.add(syncing.HIGHLIGHTS)
                self._put(fp, w, touched)
                sent.add(fp)
            syncing.set_bases(lib, bases)
            retagged = [i for i, c in local.touched.items() if "tags" in c and i not in fresh and i not in back]
            self.tags_before = syncing.tags_at(lib, retagged, marks)
            kept = self._send_kept(local)
            for entry_id, touched in local.touched.items():
                if entry_id in fresh or entry_id in back:
                    continue
                w = wheres[entry_id]
                if not w.fingerprint:
                    continue
                again.add(w.fingerprint)
                if self._put(w.fingerprint, w, touched & (self.columns | {syncing.HIGHLIGHTS})):
                    sent.add(w.fingerprint)
        self.sent_update = doc.since(vector) if sent or kept else b""
        self.local = again
        return records, len(sent) + kept

    def _send_kept(self, local: syncing.Local) -> int:
        """Put the saved views and followed feeds changed here into the document; how many changed it.
        A view travels whole (its name and filters); a feed only as followed or not, with the title
        and site it was followed with: what its checks found stays here. A followed mailbox is a
        path on this machine: it never travels."""
        from readlog.store import feeds, views

        doc, lib = self.doc, self.lib
        sent = 0
        for name in sorted(local.views):
            row = views.get(lib, name)
            value = None if row is None else {"name": row["name"], "filters": row["filters"]}
            sent += doc.put_kept("w", view_key(name), value)
        for url in sorted(local.feeds):
            if url.startswith(MAILBOX):
                continue
            feed = feeds.get(lib, url)
            held = doc.kept_value("f", url)
            if feed is None and held:
                sent += doc.put_kept("f", url, None)
            elif feed is not None and not held:
                sent += doc.put_kept("f", url, {"title": feed["title"], "site_url": feed["site_url"]})
        return sent

    def _put(self, fp: str, w: syncing.Where, touched: set[str]) -> bool:
        doc = self.doc
        if w.row is None:
            return doc.bury(fp)
        changed = doc.put(fp, WHERE, "trash" if w.trashed else "live") if w.trashed or doc.has(fp, WHERE) else False
        if w.trashed:  # its row is as it was when trashed: what changed since is the document's
            return changed
        if syncing.HIGHLIGHTS in touched and w.row.get("id"):
            changed = doc.put_highlights(fp, syncing.highlights_of(self.lib, int(w.row["id"]))) or changed
        for column in sorted(touched - {syncing.HIGHLIGHTS}):
            if column == "tags":
                before = self.tags_before.get(int(w.row["id"]))
                if before is not None:
                    changed = doc.put_tags(fp, tag_list(w.row["tags"]), tag_list(before)) or changed
            elif column in w.row:
                changed = doc.put(fp, column, w.row[column]) or changed
        return changed

    # ---- receiving -----------------------------------------------------------

    def receive(self, read: segments.Read) -> int:
        """Merge what the others sent; how many entries changed here."""
        doc = self.doc
        records: dict[str, Row] = {}
        updates: list[bytes] = []
        for frames in read.frames.values():
            for kind, body in frames:
                if kind == segments.RECORDS:
                    try:
                        got = json.loads(body)
                    except ValueError:
                        continue
                    for record in got if isinstance(got, list) else []:
                        if isinstance(record, dict) and isinstance(record.get("fingerprint"), str):
                            records[record_hash(record)] = record
                elif kind == segments.UPDATE:
                    updates.append(body)
        changed = doc.receive(updates)
        vector = doc.vector()  # what the others sent is in: what changes after this is this device's to send
        changed |= self.local
        by_fp: dict[str, list[Row]] = {}
        for base, record in records.items():
            by_fp.setdefault(record["fingerprint"], []).append({**record, "#": base})
        changed |= set(by_fp)
        found = {fp: syncing.find(self.lib, fp) for fp in sorted(changed)}
        added = self._add_new(found, by_fp)
        # Moves to the trash first, so that an entry brought back does not meet one on its way out.
        order = sorted(found, key=lambda fp: (doc.get(fp, WHERE) != "trash" and not doc.gone(fp), fp))
        projected = {fp for fp in order if self._project(fp, found[fp], by_fp.get(fp, []))}
        projected |= self._one_per_link(found)
        self.voted = doc.since(vector) if doc.vector() != vector else b""
        return len(added | projected) + self._project_kept()

    def _one_per_link(self, found: dict[str, tuple[int, bool] | None]) -> set[str]:
        """Two entries in the library with one link (one made on each device, or one brought
        back from the trash while the other took the link), as the library never has them:
        the one with the greater fingerprint goes to the trash, the same choice on every
        device, and the move is sent (a vote every device applies, so that all end the same;
        nothing is lost). Each is reported (``same_link``). The fingerprints moved."""
        from readlog.store import trash

        doc, lib = self.doc, self.lib
        ids = [here[0] for here in found.values() if here is not None and not here[1]]
        moved: set[str] = set()
        for url, fp, other in syncing.same_links(lib, ids):
            loser = max(fp, other)
            if loser in moved:
                continue
            here = syncing.find(lib, loser)
            if here is None or here[1]:
                continue
            row = lib.get(here[0])
            trash.move(lib, [here[0]], self.action)
            doc.put(loser, WHERE, "trash")
            moved.add(loser)
            self.skipped.append(Skipped(str(row["url"]) if row else url, "same_link"))
        return moved

    def _project_kept(self) -> int:
        """Make the saved views and followed feeds the others changed what the document holds,
        each change logged under the sync's action (undo takes it back); how many changed."""
        from readlog.store import feeds, views

        doc, lib = self.doc, self.lib
        changed = 0
        for name in sorted(doc.kept["w"]):
            value = doc.kept_value("w", name)
            if value == "":
                changed += views.remove(lib, name, self.action) is not None
            elif value is not None and isinstance(value.get("filters"), dict):
                changed += views.put(lib, str(value.get("name") or name), value["filters"], self.action) != "unchanged"
        for url in sorted(doc.kept["f"]):
            value = doc.kept_value("f", url)
            if url.startswith(MAILBOX) or value is None:
                continue
            if value == "":
                changed += feeds.remove(lib, url, self.action) is not None
            elif feeds.get(lib, url) is None:
                title, site = str(value.get("title") or ""), str(value.get("site_url") or "")
                changed += feeds.add(lib, url, title, site, self.action) is not None
        return changed

    def _winner(self, fp: str, records: list[Row], entry_id: int | None = None) -> str | None:
        """Which record of ``fp`` the entry's columns come from: the one the document names
        (an entry made again), else the least of those known (received now, or the one the
        entry here came from): the same on every device once all are known."""
        named = self.doc.get(fp, BASE)
        if named:
            return str(named)
        known = {r["#"] for r in records}
        if entry_id is not None:
            known.add(syncing.base_of(self.lib, entry_id) or "")
        return min(known - {""}, default=None)

    def _chosen(self, fp: str, records: list[Row]) -> Row | None:
        """Of the records of ``fp`` received, the one its columns come from, else any."""
        winner = self._winner(fp, records)
        return next((r for r in records if r["#"] == winner), records[0] if records else None)

    def _add_new(self, found: dict[str, tuple[int, bool] | None], by_fp: dict[str, list[Row]]) -> set[str]:
        """Add the entries received that are not here (nor deleted for good), all at once; each
        gets its id in ``found``. The fingerprints added."""
        new = {}
        for fp, here in found.items():
            chosen = self._chosen(fp, by_fp.get(fp, []))
            if here is None and chosen is not None and not self.doc.gone(fp):
                new[fp] = chosen
        if not new:
            return set()
        ids = syncing.insert_many(
            self.lib, [{k: v for k, v in r.items() if k != "#"} for r in new.values()], self.action, self.columns
        )
        syncing.set_bases(self.lib, [(r["#"], i) for r, i in zip(new.values(), ids, strict=True)])
        for fp, entry_id in zip(new, ids, strict=True):
            found[fp] = (entry_id, False)
        return set(new)

    def _project(self, fp: str, here: tuple[int, bool] | None, records: list[Row]) -> bool:
        """Make the entry ``fp`` (``here``: its id and whether it is in the trash) what the
        document holds; whether it changed."""
        from readlog.store import trash

        doc, lib = self.doc, self.lib
        if doc.gone(fp):
            if here is None:
                return False
            entry_id, trashed = here
            if not trashed:
                trash.move(lib, [entry_id], self.action)
            trash.drop(lib, [entry_id], self.action)  # kept whole in the history: undo puts it back
            return True
        changed = False
        if here is None:
            return False  # its record has not arrived yet
        entry_id, trashed = here
        winner = self._winner(fp, records, entry_id)
        chosen = next((r for r in records if r["#"] == winner), None)
        if chosen is not None and not trashed and syncing.base_of(lib, entry_id) != winner:
            held = doc.values(fp)
            base = {k: v for k, v in chosen.items() if k in self.columns and k not in held}
            changed = bool(syncing.set_columns(lib, entry_id, base, self.action)) or changed
            syncing.know(lib, [entry_id])
            syncing.set_bases(lib, [(chosen["#"], entry_id)])
        where = doc.get(fp, WHERE, "live")
        if where == "trash" and not trashed:
            trash.move(lib, [entry_id], self.action)
            return True
        if where != "trash" and trashed:
            trash.restore(lib, [entry_id], self.action, check=False)  # two with one link: _one_per_link
            changed = True
        elif trashed:
            return changed
        if fp in doc.marked or fp in self.local or (here is not None and doc.highlights(fp)):
            changed = syncing.set_highlights(lib, entry_id, doc.highlights(fp), self.action) or changed
        held = doc.values(fp)
        values: dict[str, Any] = {c: held[c] for c in self.columns if c in held}
        if doc.has_tags(fp):
            row = lib.get(entry_id)
            start = tag_list(row["tags"]) if row else []  # the record's tags, and what the document gave
            values["tags"] = json.dumps(doc.tags(fp, start), ensure_ascii=False)
        return bool(syncing.set_columns(lib, entry_id, values, self.action)) or changed
