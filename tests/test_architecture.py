"""The shape of the code, read from the source: data flows one way.

The import graph is built with ast from every module of readlog/, imports
inside functions included (they run too, only later); imports under
``if TYPE_CHECKING:`` are left out, since they never run. The test fails on
an import loop, on a core module that uses a face (cli, render, triage) or a
UI library, on a module outside the CLI that imports it, on a top of
readlog/ grown past twelve entries, and on an import that climbs the
declared order of the packages (LAYERS: model at the bottom, the faces at
the top). For that order a module named to importlib counts as imported,
and the imports for type checking are held to it as well, apart.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from helpers import parsed, walked

PACKAGE = Path(__file__).resolve().parent.parent / "readlog"
FACES = ("readlog.cli", "readlog.render", "readlog.triage", "readlog.__main__")
UI_LIBRARIES = {"typer", "rich", "textual", "click"}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str | None:
    """The module an import names: itself, or the nearest package above a name imported from it."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _type_checking_only(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in walked(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING":
            for child in node.body:
                skip.update(id(n) for n in ast.walk(child))
    return skip


def _imports(name: str, path: Path, *, typing: bool = False) -> tuple[set[str], set[str]]:
    """(readlog modules, outside top-level packages) that a module imports; with
    ``typing``, those it imports only for type checking instead."""
    tree = parsed(path)
    skip = _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    inside: set[str] = set()
    outside: set[str] = set()
    for node in walked(tree):
        if (id(node) in skip) != typing:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "readlog":
                    inside.add(_resolve(alias.name) or "readlog")
                else:
                    outside.add(alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            if base.split(".")[0] != "readlog":
                outside.add(base.split(".")[0])
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                inside.add(full if full in MODULES else _resolve(base) or "readlog")
    inside.discard(name)
    return inside, outside


def _named(path: Path) -> set[str]:
    """The readlog modules a module names in a string (``"readlog.inputs.formats.feeds"``,
    ``"...csv_exports:READWISE"``): what it hands to importlib.import_module, which loads
    them as an import would. A string built at run time (an f-string) is not seen."""
    found = set()
    for node in walked(parsed(path)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            module = node.value.partition(":")[0]
            if module.startswith("readlog.") and module in MODULES:
                found.add(module)
    return found


class _Read(Mapping[str, set[str]]):
    """One of the graphs below, read from the source the first time a test looks at it.

    Reading all of readlog/ costs a few seconds; done at import, every xdist worker
    paid it while collecting, before running its first test, though only the worker
    that runs these tests needs the graphs."""

    def __init__(self, which: int) -> None:
        self.which = which

    def _graph(self) -> dict[str, set[str]]:
        return _read_graphs()[self.which]

    def __getitem__(self, name: str) -> set[str]:
        return self._graph()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._graph())

    def __len__(self) -> int:
        return len(self._graph())


@functools.cache
def _read_graphs() -> tuple[dict[str, set[str]], ...]:
    """(GRAPH, OUTSIDE, TYPING, NAMED), read once per test process."""
    graph: dict[str, set[str]] = {}
    outside: dict[str, set[str]] = {}
    typing: dict[str, set[str]] = {}
    named: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        graph[name], outside[name] = _imports(name, path)
        typing[name] = _imports(name, path, typing=True)[0]
        named[name] = _named(path) - {name}
    return graph, outside, typing, named


GRAPH = _Read(0)
OUTSIDE = _Read(1)
TYPING = _Read(2)  # the readlog modules each module imports only for type checking
NAMED = _Read(3)


def _is_face(name: str) -> bool:
    return any(name == face or name.startswith(face + ".") for face in FACES)


def _loops() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    loops: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in GRAPH:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                loops.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return loops


def test_the_graph_is_read_from_the_source() -> None:
    # The test reads what it should: the CLI imports typer, the store is imported by the core.
    assert "typer" in OUTSIDE["readlog.cli"]
    assert any(m.startswith("readlog.store") for m in GRAPH["readlog.core.actions"])
    # an import inside a function counts: the CLI loads its command modules lazily
    assert any(m.startswith("readlog.core") for m in GRAPH["readlog.cli.reading"])


def test_no_import_loops() -> None:
    assert _loops() == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not _is_face(n)))
def test_the_core_uses_no_face(name: str) -> None:
    faces = sorted(m for m in GRAPH[name] if _is_face(m))
    libraries = sorted(OUTSIDE[name] & UI_LIBRARIES)
    assert not faces and not libraries, f"{name} imports {faces + libraries}"


def test_only_the_cli_imports_the_cli() -> None:
    importers = sorted(
        name
        for name, targets in GRAPH.items()
        if not (name.startswith("readlog.cli") or name == "readlog.__main__")
        and any(t == "readlog.cli" or t.startswith("readlog.cli.") for t in targets)
    )
    assert importers == []


def test_the_top_of_the_package_stays_small() -> None:
    entries = sorted(p.name for p in PACKAGE.iterdir() if p.name != "__pycache__" and not p.name.startswith("."))
    assert len(entries) <= 12, entries


# What a face may import from the store: value types, for annotations only
# (under ``if TYPE_CHECKING:``), and the state columns' names. Everything else
# a face needs (opening the library, reading, changing, checking it) is a core
# function: the CLI and the triage screen are two clients of the same core.
STORE_NAMES_FOR_TYPING = {
    "readlog.store": {"Filters", "Store", "Row"},
    "readlog.store.stats": {"Period", "Stats"},
    "readlog.store.organise": {"Reverted", "UndoReport"},
}
STORE_NAMES_AT_RUN_TIME = {"readlog.store": {"STATE_COLUMNS"}}


def _store_imports(source: str) -> list[tuple[str, str, bool]]:
    """(module, name, only for type checking) for each name a module imports from readlog.store..."""
    tree = ast.parse(source)
    typing_only = _type_checking_only(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(a.name, "", id(node) in typing_only) for a in node.names if a.name.startswith("readlog.store")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "readlog" and any(a.name == "store" for a in node.names):
                found.append(("readlog.store", "", id(node) in typing_only))
            elif node.module == "readlog.store" or node.module.startswith("readlog.store."):
                found += [(node.module, a.name, id(node) in typing_only) for a in node.names]
    return found


def _store_misuses(name: str, source: str) -> list[str]:
    """The store names a face's source imports beyond those it may."""
    wrong = []
    for module, imported, typing_only in _store_imports(source):
        allowed = STORE_NAMES_AT_RUN_TIME.get(module, set())
        if typing_only:
            allowed = allowed | STORE_NAMES_FOR_TYPING.get(module, set())
        if imported not in allowed:
            wrong.append(f"{name}: {module}.{imported or '*'}{' (for typing)' if typing_only else ''}")
    return wrong


def test_the_faces_use_the_store_only_through_the_core() -> None:
    faces = sorted(n for n in MODULES if _is_face(n) and n != "readlog.__main__")
    assert "readlog.triage.app" in faces and "readlog.cli.maintenance" in faces  # the walk finds the faces
    wrong = [w for name in faces for w in _store_misuses(name, MODULES[name].read_text(encoding="utf-8"))]
    assert wrong == []
    # The check bites: a face calling the store, at run time or inside a function, is caught.
    sample = (
        "from typing import TYPE_CHECKING\n"
        "from readlog.store import STATE_COLUMNS, Filters\n"
        "import readlog.store.stats\n"
        "from readlog import store\n"
        "if TYPE_CHECKING:\n    from readlog.store import Store\n    from readlog.store.files import inspect\n"
        "def f():\n    from readlog.store.organise import history\n"
    )
    assert _store_misuses("sample", sample) == [
        "sample: readlog.store.Filters",
        "sample: readlog.store.stats.*",
        "sample: readlog.store.*",
        "sample: readlog.store.files.inspect (for typing)",
        "sample: readlog.store.organise.history",
    ]


# The packages of readlog/, bottom to top. A module imports from its own
# package and from the layers below it: never from a layer above, nor from
# the other package of its own layer (the web and the store know nothing of
# each other). model holds the values every stage shares; settings reads the
# environment and the config file; web fetches pages and store holds the
# SQL; inputs reads import files into the store; core is the use cases;
# render, triage and cli are the faces (triage draws with render's pieces,
# the CLI starts triage). At the top the two entries: the package root
# ("readlog", readlog/__init__.py: the Python API) and ``python -m readlog``.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"model"}),
    frozenset({"settings"}),
    frozenset({"web", "store"}),
    frozenset({"inputs", "sync"}),
    frozenset({"core"}),
    frozenset({"render"}),
    frozenset({"triage"}),
    frozenset({"cli"}),
    frozenset({"readlog", "__main__"}),
)
RANK = {package: rank for rank, layer in enumerate(LAYERS) for package in layer}

# Imports for type checking only that climb: none (triage.run takes a Library
# and the values it needs, not the CLI's State).
CLIMBING_FOR_TYPING: set[tuple[str, str]] = set()


def _package(module: str) -> str:
    """The package of readlog/ a module belongs to (settings and __main__ are
    modules of their own; "readlog" is the package root)."""
    return module.split(".")[1] if "." in module else module


def _climbs(graph: Mapping[str, set[str]]) -> list[str]:
    """Each import in ``graph`` that reaches a package of the same layer or one above."""
    found = []
    for name, targets in sorted(graph.items()):
        here = _package(name)
        for target in sorted(targets):
            there = _package(target)
            if there != here and RANK[there] >= RANK[here]:
                found.append(f"{name} ({here}) imports {target} ({there})")
    return found


def test_every_package_has_its_layer() -> None:
    packages = {_package(name) for name in MODULES}
    assert {"model", "settings", "store", "cli", "readlog", "__main__"} <= packages  # the walk sees them all
    assert packages == set(RANK), "place each package of readlog/ in LAYERS"
    assert sum(len(layer) for layer in LAYERS) == len(RANK)  # none in two layers


def test_no_import_climbs_the_layers() -> None:
    run_time = {name: GRAPH[name] | NAMED[name] for name in MODULES}
    assert NAMED["readlog.inputs.detect"]  # the formats, named to importlib, are seen
    assert _climbs(run_time) == []


def test_no_import_for_type_checking_climbs_the_layers() -> None:
    """An annotation that names a type from above ties the lower package to
    the upper one as surely as a call does, though the import never runs."""
    assert any(t.startswith("readlog.store") for t in TYPING["readlog.core.reading"])  # the typing imports are read
    known = {f"{name} ({_package(name)}) imports {target} ({_package(target)})" for name, target in CLIMBING_FOR_TYPING}
    assert sorted(set(_climbs(TYPING)) - known) == []


def test_the_layer_check_bites() -> None:
    graph = {
        "readlog.model.tags": {"readlog.store.query"},  # climbs
        "readlog.web.client": {"readlog.store.common", "readlog.model.tags"},  # sideways: the same layer
        "readlog.settings": {"readlog.model.errors"},
        "readlog.store.query": {"readlog.store.common", "readlog.settings"},
        "readlog.inputs.vet": {"readlog"},  # the package root is the top
        "readlog.cli": {"readlog.triage", "readlog.core.library"},
        "readlog": {"readlog.core.library"},
    }
    assert _climbs(graph) == [
        "readlog.inputs.vet (inputs) imports readlog (readlog)",
        "readlog.model.tags (model) imports readlog.store.query (store)",
        "readlog.web.client (web) imports readlog.store.common (store)",
    ]


# ---- the faces reach the core through the Library ------------------------------------------

# The core modules any face may import besides core.library (the facade a
# script uses too): pure helpers that read what was typed and touch no library.
FACE_HELPERS = {
    "readlog.core.filters": (
        "reads ids (3 5 8-12), --limit, --jobs, the filter options, ids or filters, +TAG -TAG, a note and"
        " --older-than into values (FilterArgs, parse_ids, check_jobs, by_ids, parse_tag_args, clean_note,"
        " trash_cutoff)"
    ),
}
# What is still reached around the Library, by face module (issue 34, item 1):
# each line goes when its commands call Library methods. The test asks for this
# table exactly, so moving a command over also shortens it, and it never grows.
AROUND_THE_LIBRARY: dict[str, set[str]] = {
    # shell completion reads names without opening a Library (it must answer in milliseconds).
    "readlog.cli.completion": {"readlog.core.completion"},
    # the error of a library that could not be opened, said without one.
    "readlog.cli.errors": {"readlog.core.maintenance"},
    # db check and db restore work on the file, whether or not it opens as a library.
    "readlog.cli.maintenance": {"readlog.core.maintenance"},
}


def _core_around_the_library(name: str) -> set[str]:
    used = {m for m in GRAPH[name] | NAMED[name] if m == "readlog.core" or m.startswith("readlog.core.")}
    return used - {"readlog.core.library", *FACE_HELPERS}


def test_the_faces_reach_the_core_through_the_library() -> None:
    faces = sorted(n for n in MODULES if n.startswith(("readlog.cli", "readlog.triage")))
    found = {name: around for name in faces if (around := _core_around_the_library(name))}
    assert found == AROUND_THE_LIBRARY
    assert "readlog.core.library" in GRAPH["readlog.cli.state"] | TYPING["readlog.cli.state"]
    assert "readlog.core.library" in TYPING["readlog.triage"]
