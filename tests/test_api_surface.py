"""The public surface of the Python API, pinned: every public name of Library, what
it is (a method, a class method, a property), its parameters (names, order,
keyword-only markers, defaults, annotations) and its return type, as inspect reads
them, compared with the list below. The Library is put together from one class per
area (readlog/core/api/), so a method dropped or changed by a later move fails here
rather than in a user's script; a method added on purpose is added to the list."""

from __future__ import annotations

import inspect
import pydoc
import re
from pathlib import Path

import readlog
from readlog.core.library import Library

# name: (kind, its parameters after self or cls, its return annotation), the
# annotations as written in the source ("*" is the keyword-only marker).
SURFACE: dict[str, tuple[str, list[str], str]] = {
    "add": (
        "method",
        [
            "url: str",
            "*",
            "fetch: bool = False",
            "tags: Tags = ()",
            "star: bool = False",
            "read: bool = False",
            "title: str | None = None",
            "note: str | None = None",
            "source: str | None = None",
            "category: str | None = None",
        ],
        "Entry",
    ),
    "add_many": (
        "method",
        [
            "urls: str | Iterable[str]",
            "*",
            "fetch: bool = False",
            "tags: Tags = ()",
            "star: bool = False",
            "read: bool = False",
            "title: str | None = None",
            "note: str | None = None",
            "source: str | None = None",
            "category: str | None = None",
        ],
        "list[Added]",
    ),
    "apply": ("method", ["plan: Plan"], "Change"),
    "archive": ("method", ["ids: Ids"], "Change"),
    "article": ("method", ["entry_id: int"], "str"),
    "backup": ("method", ["path: str | os.PathLike[str] | None = None", "*", "force: bool = False"], "Path"),
    "categories": ("method", [], "list[Tally]"),
    "check": ("method", [], "Checked"),
    "check_add": (
        "classmethod",
        [
            "urls: str | Iterable[str]",
            "*",
            "tags: Tags = ()",
            "title: str | None = None",
            "note: str | None = None",
            "source: str | None = None",
            "category: str | None = None",
        ],
        "None",
    ),
    "check_import": (
        "classmethod",
        ["format: str = 'auto'", "as_of: str | date | None = None", "encoding: str | None = None"],
        "None",
    ),
    "close": ("method", [], "None"),
    "count": ("method", ["**filters: Any"], "int"),
    "count_about": ("method", ["**filters: Any"], "Count"),
    "edit": (
        "method",
        [
            "entry_id: int",
            "*",
            "title: str | None = None",
            "url: str | None = None",
            "source: str | None = None",
            "category: str | None = None",
            "published: str | None = None",
            "summary: str | None = None",
            "verdict: str | None = None",
        ],
        "Change",
    ),
    "edit_form": ("method", ["entry_id: int", "form: Mapping[str, str]", "*", "was: Entry | None = None"], "Change"),
    "empty_trash": (
        "method",
        ["older_than: str | date | None = None", "*", "dry_run: bool = False", "only: Ids | None = None"],
        "Emptied",
    ),
    "entries": (
        "method",
        [
            "*",
            "unread: bool | None = None",
            "starred: bool | None = None",
            "archived: bool | None = False",
            "tag: Tags | None = None",
            "source: str | None = None",
            "category: str | None = None",
            "search: str | None = None",
            "since: str | date | None = None",
            "before: str | date | None = None",
            "dead: bool | None = None",
            "min_time: int | None = None",
            "max_time: int | None = None",
            "in_progress: bool | None = None",
            "sort: str | None = None",
            "reverse: bool = False",
            "limit: int | None = None",
            "offset: int = 0",
            "fields: Iterable[str] | None = None",
            "view: str | None = None",
        ],
        "list[Entry]",
    ),
    "export": (
        "method",
        ["fmt: str | None", "file: str | os.PathLike[str] | IO[Any]", "*", "lang: str = 'en'", "**filters: Any"],
        "Exported",
    ),
    "export_format": (
        "classmethod",
        ["fmt: str | None", "file: str | os.PathLike[str] | IO[Any] | None = None"],
        "str",
    ),
    "fetch": (
        "method",
        [
            "ids: Ids | None = None",
            "*",
            "refetch: bool = False",
            "jobs: int = 4",
            "progress: Callable[[int], Any] | None = None",
            "as_typed: str | None = None",
            "**filters: Any",
        ],
        "FetchReport",
    ),
    "get": ("method", ["entry_id: int"], "Entry"),
    "highlight": (
        "method",
        ["entry_id: int", "passage: str", "*", "note: str | None = None", "force: bool = False"],
        "Marked",
    ),
    "highlights": (
        "method",
        ["ids: Ids | None = None", "*", "limit: int | None = None", "offset: int = 0", "**filters: Any"],
        "list[Highlight]",
    ),
    "history": ("method", ["limit: int | None = 20"], "list[Action]"),
    "next": (
        "method",
        ["time: int | str | None = None", "*", "count: int = 5", "resurface_days: int = 30", "**filters: Any"],
        "list[Suggestion]",
    ),
    "import_path": (
        "method",
        [
            "path: str | os.PathLike[str] | IO[Any]",
            "as_of: str | date | None = None",
            "*",
            "format: str = 'auto'",
            "encoding: str | None = None",
            "strict: bool = False",
            "name: str | None = None",
        ],
        "ImportReport",
    ),
    "import_paths": (
        "method",
        [
            "paths: Iterable[str | os.PathLike[str] | IO[Any]]",
            "as_of: str | date | None = None",
            "*",
            "format: str = 'auto'",
            "encoding: str | None = None",
            "strict: bool = False",
            "progress: Callable[[str, int | None], Any] | None = None",
        ],
        "ImportReport",
    ),
    "iter_entries": ("method", ["**filters: Any"], "Iterator[Entry]"),
    "link": ("method", ["entry_id: int", "number: int | None = None"], "str"),
    "mark_read": ("method", ["ids: Ids"], "Change"),
    "mark_unread": ("method", ["ids: Ids"], "Change"),
    "matches": ("method", ["entry_id: int", "**filters: Any"], "bool"),
    "note": ("method", ["entry_id: int", "text: str | None"], "Change"),
    "open": ("classmethod", ["path: str | os.PathLike[str] | None = None", "*", "memory: bool = False"], "Library"),
    "open_link": ("method", ["entry_id: int", "number: int | None = None"], "str"),
    "overview": ("method", [], "Overview"),
    "path": ("property", [], "Path"),
    "plan": ("method", ["command: str", "*", "add: Tags = ()", "remove: Tags = ()", "**filters: Any"], "Plan"),
    "progress": (
        "method",
        ["entry_id: int", "amount: float | str | None = None", "*", "done: bool = False"],
        "Progressed",
    ),
    "rebuild_index": ("method", ["*", "progress: Callable[[str, int | None], Any] | None = None"], "int"),
    "remove_view": ("method", ["name: str"], "ViewSaved"),
    "restore": ("method", ["ids: Ids"], "Change"),
    "rm": ("method", ["ids: Ids"], "Change"),
    "rows": (
        "method",
        ["*", "limit: int | None = None", "offset: int = 0", "**filters: Any"],
        "list[dict[str, object]]",
    ),
    "search": ("method", ["query: str", "limit: int | None = 20", "offset: int = 0", "**filters: Any"], "list[Entry]"),
    "sources": ("method", [], "list[Tally]"),
    "save_view": ("method", ["name: str", "**filters: Any"], "ViewSaved"),
    "feeds": ("method", [], "list[Feed]"),
    "feeds_opml": ("method", [], "str"),
    "follow": (
        "method",
        ["urls: str | list[str]", "*", "sender: str | None = None", "list_id: str | None = None"],
        "Followed",
    ),
    "refresh": (
        "method",
        [
            "names: str | list[str] | None = None",
            "*",
            "jobs: int = 4",
            "fetch: bool = False",
            "progress: Callable[[int], Any] | None = None",
        ],
        "Refreshed",
    ),
    "unfollow": ("method", ["name_or_url: str"], "Feed"),
    "star": ("method", ["ids: Ids"], "Change"),
    "stats": ("method", ["since: str | None = None"], "Stats"),
    "store": ("property", [], "Store"),
    "sync": ("method", ["target: str | os.PathLike[str] | None = None"], "Synced"),
    "sync_forget": ("method", [], "str | None"),
    "sync_status": ("method", [], "SyncStatus"),
    "tag": ("method", ["ids: Ids", "add: Tags = ()", "remove: Tags = ()"], "Change"),
    "tags": ("method", [], "list[TagCount]"),
    "transaction": ("method", [], "Iterator[Library]"),
    "trash": ("method", ["*", "older_than: str | date | None = None", "limit: int | None = None"], "list[Trashed]"),
    "trash_count": ("method", ["*", "older_than: str | date | None = None"], "int"),
    "unarchive": ("method", ["ids: Ids"], "Change"),
    "undo": (
        "method",
        ["action: int | None = None", "*", "dry_run: bool = False", "expect: Undone | Action | None = None"],
        "Undone",
    ),
    "undoable": ("method", [], "Action | None"),
    "unstar": ("method", ["ids: Ids"], "Change"),
    "view": ("method", ["name: str"], "View"),
    "views": ("method", [], "list[View]"),
}

# The state methods, said by their names alone (docs/python-api.md says the rest).
UNDOCUMENTED = {"mark_unread", "star", "unstar", "archive", "unarchive", "mark_read"}


def _kind(name: str) -> str:
    raw = inspect.getattr_static(Library, name)
    return {classmethod: "classmethod", property: "property"}.get(type(raw), "method")


def _shown(signature: inspect.Signature, *, bound: bool) -> list[str]:
    """The parameters as SURFACE writes them (``name: annotation = default``)."""
    params: list[str] = []
    marked = False
    for p in list(signature.parameters.values())[1 if bound else 0 :]:
        if p.kind is p.KEYWORD_ONLY and not marked:
            params.append("*")
        marked = marked or p.kind in (p.KEYWORD_ONLY, p.VAR_POSITIONAL)
        text = {p.VAR_KEYWORD: "**", p.VAR_POSITIONAL: "*"}.get(p.kind, "") + p.name
        if p.annotation is not p.empty:
            text += f": {p.annotation}"
        if p.default is not p.empty:
            text += f" = {p.default!r}"
        params.append(text)
    return params


def _surface(name: str) -> tuple[str, list[str], str]:
    kind = _kind(name)
    if kind == "property":
        return kind, [], inspect.signature(inspect.getattr_static(Library, name).fget).return_annotation
    signature = inspect.signature(getattr(Library, name))
    return kind, _shown(signature, bound=kind == "method"), signature.return_annotation


def _public() -> list[str]:
    return sorted(name for name in dir(Library) if not name.startswith("_"))


def test_the_public_surface_is_the_one_listed() -> None:
    assert _public() == sorted(SURFACE)
    assert {name: _surface(name) for name in _public()} == SURFACE


def test_the_listing_reads_what_it_should() -> None:
    # self is left out, the keyword-only marker and the defaults are read
    assert _surface("add")[1][:3] == ["url: str", "*", "fetch: bool = False"]
    assert _surface("count")[1] == ["**filters: Any"]
    assert _surface("export_format")[0] == "classmethod" and _surface("path") == ("property", [], "Path")


def test_each_method_keeps_its_docstring_and_help_lists_them_all() -> None:
    documented = {name for name in _public() if inspect.getdoc(getattr(Library, name))}
    assert set(_public()) - documented == UNDOCUMENTED
    text = pydoc.render_doc(Library, renderer=pydoc.plaintext)
    listed = {line.strip(" |").partition("(")[0] for line in text.splitlines()}
    assert set(_public()) - listed == set()


def test_the_library_is_the_same_class_by_every_path() -> None:
    assert readlog.Library is Library
    assert Library.__module__ == "readlog.core.library" and Library.__qualname__ == "Library"
    with readlog.open(memory=True) as lib:
        assert type(lib) is Library and repr(lib) == "<readlog.Library ':memory:'>"
        with lib.transaction() as same:
            assert same is lib
    assert repr(lib) == "<readlog.Library 'closed'>"


def test_each_method_is_in_the_module_of_its_area_as_the_page_says() -> None:
    """docs/python-api.md ("Where the code lives") names each area's module and its
    methods: each is defined there, and every public method is in one of them or in
    library.py (opening and closing) or base.py (the store)."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "python-api.md").read_text(encoding="utf-8")
    section = page.split("## Where the code lives", 1)[1]
    said = {m[1]: set(m[2].split(", ")) for m in re.finditer(r"`(\w+)\.py` \(([^)]*)\)", section.replace("\n", " "))}
    where: dict[str, set[str]] = {}
    for name in _public():
        owner = next(base for base in Library.__mro__ if name in vars(base))
        where.setdefault(owner.__module__, set()).add(name)
    assert {f"readlog.core.api.{module}": names for module, names in said.items()} == {
        module: names
        for module, names in where.items()
        if module.startswith("readlog.core.api.") and module != "readlog.core.api.base"
    }
    assert len(said) == 9  # the areas: entries, states, changes, history, inputs, outputs, views, syncing, feeds
    assert where["readlog.core.library"] == {"open", "close", "path"} and where["readlog.core.api.base"] == {"store"}
