"""Browser bookmark files as they are on disk.

* Firefox's JSON backup (``bookmarks-YYYY-MM-DD.json``): a tree of
  ``text/x-moz-place-container`` folders and ``text/x-moz-place`` bookmarks
  with ``uri``, ``dateAdded`` in microseconds and a comma-separated ``tags``
  string; the compressed ``.jsonlz4`` backups arrive decoded (unpack.py).
* Chrome's (and Edge's, Brave's, ...) ``Bookmarks`` file: ``roots`` holding
  folders of ``{"type": "url", "name", "url", "date_added"}`` nodes, dates
  in microseconds since 1601-01-01 UTC; Falkon writes the same tree without
  dates, with a ``description``.
* Safari's ``Bookmarks.plist``, read as JSON (unpack.py): folders
  (``WebBookmarkTypeList``) of bookmarks (``WebBookmarkTypeLeaf``:
  ``URLString``, ``URIDictionary.title``); a node written without its type
  is told by its shape (``Children``: a folder, ``URLString``: a bookmark). Its Reading List is the folder
  ``com.apple.ReadingList``, whose items carry ``ReadingList.DateAdded``
  (saved), ``DateLastViewed`` (read) and ``PreviewText`` (summary).

Folders become the category path, named as the browsers' own HTML export
names them, so a bookmark keeps its category whichever file it came from:
Firefox's menu and Chrome's "Other bookmarks" are the top level.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import Format, load_json, one_line, site_of, split_tags
from readlog.inputs.formats.netscape import not_a_bookmark
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import from_epoch, from_webkit, parse_time

Node = dict[str, Any]
MAX_DEPTH = 200

_FIREFOX_ROOTS = {
    "placesRoot": "",
    "bookmarksMenuFolder": "",
    "toolbarFolder": "Bookmarks Toolbar",
    "unfiledBookmarksFolder": "Other Bookmarks",
    "mobileFolder": "Mobile Bookmarks",
}
# Chrome's HTML export writes the contents of "Other bookmarks" and "Mobile
# bookmarks" at the top level, beside the bookmarks bar.
_CHROME_TOP_LEVEL = {"other", "synced"}


def _load(infile: InputFile) -> tuple[Any, Problem | None]:
    return load_json(infile.read_text())


def _path(folders: list[str]) -> str:
    return "/".join(f for f in folders if f)


# ---------------------------------------------------------------- Firefox


def _firefox_sniff(text: str) -> int:
    if re.match(r"^\s*\{", text) and re.search(r'"type"\s*:\s*"text/x-moz-place', text):
        return 95
    return 0


def _firefox_description(node: Node) -> str:
    for anno in _list(node.get("annos")):
        if isinstance(anno, dict) and anno.get("name") == "bookmarkProperties/description":
            return str(anno.get("value") or "").strip()
    return ""


_FIREFOX_TYPES = {1: "text/x-moz-place", 2: "text/x-moz-place-container", 3: "text/x-moz-place-separator"}


def _firefox_kind(node: Node) -> str:
    """What a node is: a bookmark when it has a ``uri`` and no ``children``
    (whatever its ``typeCode`` says: other tools that write backups get it
    wrong, and the link is what a person saved), else its ``type``, else its
    ``typeCode``, else its shape (``children`` make a folder)."""
    if isinstance(node.get("uri"), str) and node["uri"].strip() and not isinstance(node.get("children"), list):
        return "text/x-moz-place"
    kind = node.get("type")
    if isinstance(kind, str) and kind.startswith("text/x-moz-place"):
        return kind
    code = node.get("typeCode")
    if isinstance(code, int) and code in _FIREFOX_TYPES:
        return _FIREFOX_TYPES[code]
    if isinstance(node.get("children"), list):
        return "text/x-moz-place-container"
    if isinstance(node.get("uri"), str):
        return "text/x-moz-place"
    return ""


def _firefox_walk(node: Any, folders: list[str], counter: list[int]) -> Iterator[Entry | Problem]:
    if not isinstance(node, dict) or len(folders) > MAX_DEPTH:
        return
    kind = _firefox_kind(node)
    if kind == "text/x-moz-place-container":
        root = node.get("root")
        if root == "tagsFolder":
            return  # tag folders repeat bookmarks already listed; their tags are on each bookmark
        name = _FIREFOX_ROOTS.get(root) if isinstance(root, str) else None
        if name is None:
            name = one_line(str(node.get("title") or ""))
        for child in _list(node.get("children")):
            yield from _firefox_walk(child, [*folders, name], counter)
    elif kind == "text/x-moz-place":
        counter[0] += 1
        url = str(node.get("uri") or "").strip()
        title = one_line(str(node.get("title") or ""))
        if not url:
            yield Problem(0, "import_bookmark_no_link", {"number": counter[0], "title": title[:60], "field": "uri"})
            return
        if not_a_bookmark(url):
            return
        yield Entry(
            title=title or url,
            url=url,
            source=site_of(url),
            summary=_firefox_description(node),
            category=_path(folders),
            saved_at=from_epoch(node.get("dateAdded") or 0),
            tags=split_tags(str(node.get("tags") or "")),
            line=0,
        )


def _firefox_parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    data, problem = _load(infile)
    if problem:
        yield problem
        return
    if not isinstance(data, dict) or not _firefox_kind(data):
        yield Problem(1, "import_not_firefox")
        return
    yield from _firefox_walk(data, [], [0])


# ---------------------------------------------------------------- Chrome


_CHROME_URL_NODE = re.compile(r'"type"\s*:\s*"url"')


def _chrome_sniff(text: str) -> int:
    """A ``roots`` object with Chrome's dates, or with its ``"type": "url"``
    nodes (Falkon writes the same tree without dates)."""
    if not (re.match(r"^\s*\{", text) and re.search(r'"roots"\s*:\s*\{', text)):
        return 0
    return 95 if '"date_added"' in text or _CHROME_URL_NODE.search(text) else 0


def _chrome_walk(node: Any, folders: list[str], counter: list[int]) -> Iterator[Entry | Problem]:
    if not isinstance(node, dict) or len(folders) > MAX_DEPTH:
        return
    if node.get("type") == "folder" or "children" in node:
        name = one_line(str(node.get("name") or ""))
        for child in _list(node.get("children")):
            yield from _chrome_walk(child, [*folders, name], counter)
        return
    if node.get("type") != "url":
        return
    counter[0] += 1
    url = str(node.get("url") or "").strip()
    title = one_line(str(node.get("name") or ""))
    if not url:
        yield Problem(0, "import_bookmark_no_link", {"number": counter[0], "title": title[:60], "field": "url"})
        return
    if not_a_bookmark(url):  # Vivaldi's separators
        return
    yield Entry(
        title=title or url,
        url=url,
        source=site_of(url),
        summary=str(node.get("description") or "").strip(),  # Falkon's; Chrome keeps none
        category=_path(folders),
        saved_at=from_webkit(node.get("date_added") or 0),
        line=0,
    )


def _chrome_parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    data, problem = _load(infile)
    if problem:
        yield problem
        return
    roots = data.get("roots") if isinstance(data, dict) else None
    if not isinstance(roots, dict):
        yield Problem(1, "import_not_chrome")
        return
    counter = [0]
    for key, root in roots.items():
        if not isinstance(root, dict):
            continue
        for child in _list(root.get("children")):
            top = [] if key in _CHROME_TOP_LEVEL else [one_line(str(root.get("name") or key))]
            yield from _chrome_walk(child, top, counter)


# ---------------------------------------------------------------- Safari

_SAFARI_FOLDERS = {"BookmarksBar": "Favourites", "BookmarksMenu": "", "com.apple.ReadingList": "Reading List"}


_SAFARI_UNTYPED = re.compile(r'"(?:URIDictionary|ReadingList)"\s*:\s*\{|"com\.apple\.ReadingList"')


def _safari_sniff(text: str) -> int:
    """Safari's typed nodes, or (a plist written without the types) its
    ``URLString`` bookmarks with their ``URIDictionary`` or Reading List."""
    if not re.match(r"^\s*\{", text):
        return 0
    if re.search(r'"WebBookmarkType"\s*:\s*"WebBookmarkType', text):
        return 95
    return 90 if '"URLString"' in text and _SAFARI_UNTYPED.search(text) else 0


def _safari_kind(node: Node) -> str:
    """What a node is: its ``WebBookmarkType``, else its shape (``Children``:
    a folder, ``URLString``: a bookmark)."""
    kind = node.get("WebBookmarkType")
    if isinstance(kind, str) and kind.startswith("WebBookmarkType"):
        return kind
    if isinstance(node.get("Children"), list):
        return "WebBookmarkTypeList"
    if "URLString" in node:
        return "WebBookmarkTypeLeaf"
    return ""


def _safari_walk(node: Any, folders: list[str], counter: list[int]) -> Iterator[Entry | Problem]:
    if not isinstance(node, dict) or len(folders) > MAX_DEPTH:
        return
    kind = _safari_kind(node)
    if kind == "WebBookmarkTypeList":
        title = str(node.get("Title") or "")
        name = _SAFARI_FOLDERS.get(title, one_line(title))
        for child in _list(node.get("Children")):
            yield from _safari_walk(child, [*folders, name], counter)
    elif kind == "WebBookmarkTypeLeaf":
        counter[0] += 1
        url = str(node.get("URLString") or "").strip()
        names = _dict(node.get("URIDictionary"))
        title = one_line(str(names.get("title") or ""))
        if not url:
            yield Problem(
                0, "import_bookmark_no_link", {"number": counter[0], "title": title[:60], "field": "URLString"}
            )
            return
        reading = _dict(node.get("ReadingList"))
        saved = parse_time(reading.get("DateAdded"))
        viewed = parse_time(reading.get("DateLastViewed"))
        yield Entry(
            title=title or url,
            url=url,
            source=site_of(url),
            summary=one_line(str(reading.get("PreviewText") or "")),
            category=_path(folders),
            saved_at=saved,
            read_at=viewed,
            line=0,
        )


def _dict(value: Any) -> Node:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    """A node's children, or none when a damaged file holds something else there."""
    return value if isinstance(value, list) else []


def _safari_parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    data, problem = _load(infile)
    if problem:
        yield problem
        return
    if not isinstance(data, dict) or _safari_kind(data) != "WebBookmarkTypeList":
        yield Problem(1, "import_not_safari")
        return
    counter = [0]
    for child in _list(data.get("Children")):  # the root folder itself has no name worth keeping
        yield from _safari_walk(child, [], counter)


FIREFOX = Format("firefox", _firefox_sniff, _firefox_parse)
CHROME = Format("chrome", _chrome_sniff, _chrome_parse)
SAFARI = Format("safari", _safari_sniff, _safari_parse)
