"""The shape of the code, read from the source: data flows one way.

The import graph is built with ast from every module of readlog/, imports
inside functions included (they run too, only later); imports under
``if TYPE_CHECKING:`` are left out, since they never run. The test fails on
an import loop, on a core module that uses a face (cli, render, triage) or a
UI library, on a module outside the CLI that imports it, and on a top of
readlog/ grown past twelve entries.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING":
            for child in node.body:
                skip.update(id(n) for n in ast.walk(child))
    return skip


def _imports(name: str, path: Path) -> tuple[set[str], set[str]]:
    """(readlog modules, outside top-level packages) that a module imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    inside: set[str] = set()
    outside: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
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


GRAPH: dict[str, set[str]] = {}
OUTSIDE: dict[str, set[str]] = {}
for _name, _path in MODULES.items():
    GRAPH[_name], OUTSIDE[_name] = _imports(_name, _path)


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
