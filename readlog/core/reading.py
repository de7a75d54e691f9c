"""Reading the library: the entries a view holds, and what a search found in each."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from readlog.store import Filters


def snippets(rows: list[dict[str, Any]], f: Filters, lib: Any) -> dict[int, tuple[str, list[tuple[int, int]]]]:
    """Each row's search snippet: the text around its first hit, and the hits' spans."""
    from readlog.store.search import snippet

    assert f.query is not None
    ids = [r["id"] for r in rows]
    texts = lib.texts(ids)
    return {i: snippet(texts.get(i, []), f.query) for i in ids}
