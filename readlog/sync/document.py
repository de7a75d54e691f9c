"""The CRDT document that merges what people change on each device (pycrdt: Yrs).

Three root maps, whose keys are flat (an entry's fingerprint, a tab, a name), so
that two devices that change one entry before either synced never make two
nested maps of which one would win whole:

* ``v``: ``FP\\tCOLUMN`` -> the column's value (last writer wins, the same on
  every device), and ``FP\\t#where`` (``live`` or ``trash``), ``FP\\t#base``
  (the hash of the record the entry's other columns come from), ``FP\\t#tags``
  (True once its tags are held in ``t``);
* ``t``: ``FP\\tFOLDED TAG`` -> ``[order, spelling]``: tags as a set, so that a
  tag added on one device and another removed on another both hold;
* ``x``: ``FP`` -> True: deleted for good (a tombstone);
* ``h``: ``FP\\tHIGHLIGHT KEY`` -> the highlight's fields (JSON): an entry's
  highlights, each known by its key within the entry (store/highlights.key).

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
TAGS = "#tags"


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

        roots = (self.v, self.t, self.x, self.h)
        subs = [m.observe(seen) for m in roots] + [self.h.observe(marked)]
        try:
            for update in updates:
                self.doc.apply_update(update)
        finally:
            for m, s in zip((*roots, self.h), subs, strict=True):
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

    def tags(self, fingerprint: str) -> list[str]:
        """The entry's tags as the document holds them, in their order."""
        held = []
        for folded, raw in self._tag_index().get(fingerprint, {}).items():
            try:
                order, spelling = json.loads(raw)
            except (ValueError, TypeError):
                continue
            held.append((order, folded, spelling))
        return [spelling for _, _, spelling in sorted(held)]

    def put_tags(self, fingerprint: str, tags: list[str]) -> bool:
        """Make the document's set of the entry's tags these (compared case-insensitively)."""
        have = self._tag_index().setdefault(fingerprint, {})  # kept in step below, not read again
        want = {t.casefold(): (i, t) for i, t in enumerate(tags)}
        changed = self.put(fingerprint, TAGS, True)
        for folded in have.keys() - want.keys():
            del self.t[key(fingerprint, folded)]
            del have[folded]
            changed = True
        for folded in want.keys() - have.keys():
            value = json.dumps(list(want[folded]), ensure_ascii=False)
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
