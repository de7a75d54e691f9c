"""An entry's links, as show lists them and open opens them.

The entry's own link (its ``url``) comes first, then the addresses its
summary holds (importers write an HTML image as ``image: URL``), each once.
show numbers them when there is more than the entry's own link, and
``readlog open ID N`` opens the N-th: the two read the same list.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from readlog.model.lazy import pattern

_URL = pattern(r"https?://[^\s<>\"'）)\]]+")
_IMAGE_LINE = pattern(r"(?m)^image: (https?://\S+)\s*$")
_IMAGE_PATH = pattern(r"\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico)$", re.IGNORECASE)


class Link(NamedTuple):
    url: str
    own: bool  # the entry's own link (what ``open ID`` opens)
    image: bool  # an image, not a page


def entry_links(row: dict[str, Any]) -> list[Link]:
    """The entry's own link, then the addresses in its summary, in order, each once."""
    summary = row.get("summary") or ""
    images = set(_IMAGE_LINE.findall(summary))
    links: list[Link] = []
    seen: set[str] = set()
    own = row.get("url") or ""
    if own:
        links.append(Link(own, True, _is_image(own, images)))
        seen.add(own)
    for found in _URL.findall(summary):
        if found not in seen:
            seen.add(found)
            links.append(Link(found, False, _is_image(found, images)))
    return links


def _is_image(url: str, images: set[str]) -> bool:
    return url in images or bool(_IMAGE_PATH.search(url.split("?", 1)[0].split("#", 1)[0]))


def numbered(links: list[Link]) -> bool:
    """Whether show numbers the links: when ``open ID`` alone does not open them all."""
    return bool(links) and not (len(links) == 1 and links[0].own)
