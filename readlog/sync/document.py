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
* ``x``: ``FP`` -> True: deleted for good (a tombstone).

A key is written only when its value changes: the document grows with what
people do, not with the library. Imported only by ``sync``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from pycrdt import Doc, Map, MapEvent

WHERE = "#where"
BASE = "#base"
TAGS = "#tags"


def key(fingerprint: str, name: str) -> str:
    return f"{fingerprint}\t{name}"


class Document:
    """The document of one library, loaded from its encoded state."""

    def __init__(self, client_id: int, state: bytes | None) -> None:
        self.doc: Doc[Any] = Doc(client_id=client_id)
        self.v = self.doc.get("v", type=Map)
        self.t = self.doc.get("t", type=Map)
        self.x = self.doc.get("x", type=Map)
        if state:
            self.doc.apply_update(state)
        self._tags: dict[str, dict[str, str]] | None = None

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
        self._tags = None

    def receive(self, updates: Iterable[bytes]) -> set[str]:
        """Apply others' updates; the fingerprints whose keys they changed."""
        changed: set[str] = set()

        def seen(event: MapEvent) -> None:
            changed.update(k.split("\t", 1)[0] for k in event.keys)  # type: ignore[attr-defined]

        subs = [m.observe(seen) for m in (self.v, self.t, self.x)]
        try:
            for update in updates:
                self.doc.apply_update(update)
        finally:
            for m, s in zip((self.v, self.t, self.x), subs, strict=True):
                m.unobserve(s)
        self._tags = None
        return changed

    # ---- values ---------------------------------------------------------------

    def get(self, fingerprint: str, name: str, default: Any = None) -> Any:
        return self.v.get(key(fingerprint, name), default)

    def has(self, fingerprint: str, name: str) -> bool:
        return key(fingerprint, name) in self.v

    def put(self, fingerprint: str, name: str, value: Any) -> bool:
        """Set a value unless it is already so; whether it changed."""
        k = key(fingerprint, name)
        if k in self.v and self.v[k] == value:
            return False
        self.v[k] = value
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
        have = self._tag_index().get(fingerprint, {})
        want = {t.casefold(): (i, t) for i, t in enumerate(tags)}
        changed = self.put(fingerprint, TAGS, True)
        for folded in have.keys() - want.keys():
            del self.t[key(fingerprint, folded)]
            changed = True
        for folded in want.keys() - have.keys():
            self.t[key(fingerprint, folded)] = json.dumps(list(want[folded]), ensure_ascii=False)
            changed = True
        if changed:
            self._tags = None
        return changed
