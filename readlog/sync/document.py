"""The CRDT document that merges what people change on each device (pycrdt: Yrs).

Root maps whose keys are flat (an entry's fingerprint, a tab, a name), so
that two devices that change one entry before either synced never make two
nested maps of which one would win whole:

* ``v``: ``FP\\tCOLUMN`` -> the column's value (last writer wins, the same on
  every device), and ``FP\\t#where`` (``live`` or ``trash``) and ``FP\\t#base``
  (the hash of the record the entry's other columns come from: written only when
  an entry is made again where the document knew it; else the record with the
  least hash wins, the same choice on every device without a word in the document);
* ``t``: ``FP\\tFOLDED TAG`` -> ``[order, spelling]`` or ``""``: a tag given to or
  taken from the entry after it was made, so that a tag added on one device and
  another removed on another both hold; the tags it was made with are its record's;
* ``x``: ``FP`` -> True: deleted for good (a tombstone);
* ``h``: ``FP\\tHIGHLIGHT KEY`` -> the highlight's fields (JSON): an entry's
  highlights, each known by its key within the entry (store/highlights.key);
* ``w``: a saved view's name, its ASCII letters in lower case as the views table
  compares names -> the view (``{"name", "filters"}``, JSON), or ``""``: removed (a
  tombstone, so that the last writer wins, a removal as much as a save);
* ``f``: a followed feed's address -> ``{"title", "site_url"}`` (JSON) as it was
  followed, or ``""``: unfollowed (a tombstone). Only whether it is followed travels:
  what its refreshes found (ETag, Last-Modified, backoff) is each machine's own.

A key is written only when its value changes: the document grows with what
people do, not with the library. Imported only by ``sync``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pycrdt import Doc, MapEvent

WHERE = "#where"
BASE = "#base"


def key(fingerprint: str, name: str) -> str:
    return f"{fingerprint}\t{name}"


class Document:
    """The document of one library, loaded from its encoded state."""

    def __init__(self, client_id: int, state: bytes | None) -> None:
        # pycrdt (and anyio with it) takes a quarter of a sync with nothing new to import:
        # imported when a document is loaded, which such a sync never does.
        from pycrdt import Doc, Map

        self.doc: Doc[Any] = Doc(client_id=client_id)
        self.v = self.doc.get("v", type=Map)
        self.t = self.doc.get("t", type=Map)
        self.x = self.doc.get("x", type=Map)
        self.h = self.doc.get("h", type=Map)
        self.w = self.doc.get("w", type=Map)
        self.f = self.doc.get("f", type=Map)
        self.kept: dict[str, set[str]] = {"w": set(), "f": set()}  # the keys of w and f the last receive() changed
        self.marked: set[str] = set()  # the fingerprints whose highlights the last receive() changed
        if state:
            self.doc.apply_update(state)
        self._tags: dict[str, dict[str, str]] | None = None
        # ``v`` read once into Python, by fingerprint, and kept in step by put(): a lookup
        # in the map itself costs a transaction (~30 us), thousands of them a sync.
        self._values: dict[str, dict[str, Any]] | None = None
        self._marks: dict[str, dict[str, str]] | None = None  # ``h`` by fingerprint, read once

    def encoded(self) -> bytes:
        return bytes(self.doc.get_update())

    def vector(self) -> bytes:
        return bytes(self.doc.get_state())

    def since(self, vector: bytes) -> bytes:
        return bytes(self.doc.get_update(vector))

    @contextmanager
    def changing(self) -> Iterator[None]:
        with self.doc.transaction():
            yield

    def receive(self, updates: Iterable[bytes]) -> set[str]:
        """Apply others' updates; the fingerprints whose keys they changed."""
        changed: set[str] = set()

        def seen(event: MapEvent) -> None:
            changed.update(k.split("\t", 1)[0] for k in event.keys)  # type: ignore[attr-defined]

        def marked(event: MapEvent) -> None:
            self.marked.update(k.split("\t", 1)[0] for k in event.keys)  # type: ignore[attr-defined]

        def keeping(name: str) -> Any:
            def note(event: MapEvent) -> None:
                self.kept[name].update(event.keys)  # type: ignore[attr-defined]

            return note

        roots = (self.v, self.t, self.x, self.h)
        others = ((self.h, marked), (self.w, keeping("w")), (self.f, keeping("f")))
        subs = [m.observe(seen) for m in roots] + [m.observe(f) for m, f in others]
        try:
            for update in updates:
                self.doc.apply_update(update)
        finally:
            for m, s in zip((*roots, *(m for m, _ in others)), subs, strict=True):
                m.unobserve(s)
        self._marks = None
        self._tags = None
        self._values = None
        return changed

    # ---- values ---------------------------------------------------------------

    def _held(self, fingerprint: str) -> dict[str, Any]:
        if self._values is None:
            index: dict[str, dict[str, Any]] = {}
            for k, value in self.v.to_py().items():
                fp, _, name = k.partition("\t")
                index.setdefault(fp, {})[name] = value
            self._values = index
        return self._values.setdefault(fingerprint, {})

    def values(self, fingerprint: str) -> dict[str, Any]:
        """Every value the document holds for the entry, by name."""
        return dict(self._held(fingerprint))

    def get(self, fingerprint: str, name: str, default: Any = None) -> Any:
        return self._held(fingerprint).get(name, default)

    def has(self, fingerprint: str, name: str) -> bool:
        return name in self._held(fingerprint)

    def put(self, fingerprint: str, name: str, value: Any) -> bool:
        """Set a value unless it is already so; whether it changed."""
        held = self._held(fingerprint)
        if name in held and held[name] == value:
            return False
        self.v[key(fingerprint, name)] = value
        held[name] = value
        return True

    def knows(self, fingerprint: str) -> bool:
        """Whether the document holds anything of the entry: it had a life before, here or elsewhere."""
        return bool(self._held(fingerprint)) or self.has_tags(fingerprint) or bool(self.highlights(fingerprint))

    def gone(self, fingerprint: str) -> bool:
        return fingerprint in self.x

    def bury(self, fingerprint: str) -> bool:
        if fingerprint in self.x:
            return False
        self.x[fingerprint] = True
        return True

    def unbury(self, fingerprint: str) -> bool:
        if fingerprint not in self.x:
            return False
        del self.x[fingerprint]
        return True

    # ---- tags -----------------------------------------------------------------

    def _tag_index(self) -> dict[str, dict[str, str]]:
        if self._tags is None:
            index: dict[str, dict[str, str]] = {}
            for k, value in self.t.items():
                fingerprint, _, folded = k.partition("\t")
                index.setdefault(fingerprint, {})[folded] = value
            self._tags = index
        return self._tags

    def has_tags(self, fingerprint: str) -> bool:
        """Whether any tag of the entry was changed after it was made (held in ``t``)."""
        return bool(self._tag_index().get(fingerprint))

    def tags(self, fingerprint: str, start: list[str]) -> list[str]:
        """The entry's tags: ``start`` (those it was made with, as the entry has them here)
        with each tag the document holds put in or taken out. The order is the same on every
        device: the document's tags by the place they were given, the others by their place
        among themselves in ``start`` (which every device holds in the same order)."""
        held = self._tag_index().get(fingerprint, {})
        ranked: list[tuple[float, str, str]] = []
        rest = [t for t in start if t.casefold() not in held]
        ranked += [(i, t.casefold(), t) for i, t in enumerate(rest)]
        for folded, raw in held.items():
            try:
                order, spelling = json.loads(raw) if raw else (None, None)
            except (ValueError, TypeError):
                continue
            if isinstance(spelling, str) and isinstance(order, (int, float)):
                ranked.append((order, folded, spelling))
        return [spelling for _, _, spelling in sorted(ranked)]

    def put_tags(self, fingerprint: str, now: list[str], before: list[str] | None) -> bool:
        """Hold what changed of the entry's tags, ``before`` -> ``now`` (compared case-
        insensitively): a tag given, ``[order, spelling]``; one taken away, ``""`` (a tombstone,
        so that a tag added on one device and another removed on another both hold). The tags
        nobody changed are not written: they are the entry's record's. ``before`` None: the
        entry is made again (its tags become ``now`` whatever the document held). Whether it changed."""
        have = self._tag_index().setdefault(fingerprint, {})  # kept in step below, not read again
        want = {t.casefold(): (i, t) for i, t in enumerate(now)}
        was = {t.casefold(): t for t in (before if before is not None else [])}
        names = (want.keys() ^ was.keys()) | {f for f in want.keys() & was.keys() if want[f][1] != was[f]}
        kept = [f for f in want if f in was]
        if before is None or kept != [f.casefold() for f in before if f.casefold() in want]:
            names = set(want) | set(have)  # made again, or its tags put in another order: all of them
        changed = False
        for folded in names:
            value = json.dumps(list(want[folded]), ensure_ascii=False) if folded in want else ""
            if have.get(folded) != value:
                self.t[key(fingerprint, folded)] = value
                have[folded] = value
                changed = True
        return changed

    # ---- highlights -----------------------------------------------------------

    def highlights(self, fingerprint: str) -> dict[str, str]:
        """The entry's highlights the document holds: key -> fields (JSON)."""
        if self._marks is None:
            index: dict[str, dict[str, str]] = {}
            for k, value in self.h.items():
                fp, _, mark = k.partition("\t")
                index.setdefault(fp, {})[mark] = value
            self._marks = index
        return self._marks.setdefault(fingerprint, {})

    def put_highlights(self, fingerprint: str, marks: dict[str, str]) -> bool:
        """Make the document's highlights of the entry these (key -> fields, JSON)."""
        have = self.highlights(fingerprint)
        changed = False
        for mark in have.keys() - marks.keys():
            del self.h[key(fingerprint, mark)]
            del have[mark]
            changed = True
        for mark, fields in marks.items():
            if have.get(mark) != fields:
                self.h[key(fingerprint, mark)] = fields
                have[mark] = fields
                changed = True
        return changed

    # ---- saved views and followed feeds -----------------------------------------

    def kept_value(self, root: str, name: str) -> Any:
        """What ``w`` or ``f`` holds under ``name``: a dict, ``""`` (removed) or None (never held)."""
        raw = (self.w if root == "w" else self.f).get(name)
        if raw is None or raw == "":
            return raw
        try:
            value = json.loads(raw)
        except (ValueError, TypeError):
            return None
        return value if isinstance(value, dict) else None

    def put_kept(self, root: str, name: str, value: dict[str, Any] | None) -> bool:
        """Hold ``value`` under ``name`` in ``w`` or ``f`` (None: a tombstone); whether it changed."""
        raw = "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)
        held = self.w if root == "w" else self.f
        if held.get(name) == raw:
            return False
        held[name] = raw
        return True


def view_key(name: str) -> str:
    """A view's name as the views table compares it (COLLATE NOCASE: ASCII letters only)."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in name)
