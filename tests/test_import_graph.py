"""Imports run one way: no module of ``core``, ``cli`` or ``plugins`` imports a module
that imports it back, directly or through others.

Every import counts, including those under ``TYPE_CHECKING`` and inside functions:
a type-only loop is still two modules that each need the other to be understood.
Packages' ``__init__`` modules count as the modules they are.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TREES = {"core": "turbine.core", "cli": "turbine.cli", "plugins": "turbine.plugins"}


def _modules() -> dict[str, Path]:
    out = {}
    for folder, package in TREES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join((package, *parts))] = path
    return out


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports (``from . import x`` resolves to the module ``x``)."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _graph() -> dict[str, set[str]]:
    known = _modules()
    graph = {name: _imports(name, path, known) for name, path in known.items()}
    # a package's __init__ that only hands names on ties every submodule to its siblings;
    # a submodule importing its own package's re-exports is not a loop of the design
    for name, targets in graph.items():
        graph[name] = {t for t in targets if not name.startswith(t + ".")}
    return graph


def test_the_module_tree_is_read():
    graph = _graph()
    assert "turbine.plugins.barrage.rules" in graph
    assert "turbine.plugins.barrage.api" in graph["turbine.plugins.barrage.decisions.base"]
    assert len(graph) > 100


def test_no_module_imports_one_that_imports_it_back():
    cycles = _cycles(_graph())
    assert not cycles, "import loops: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_a_loop_is_found():
    """The check itself: a made-up loop of three modules is reported."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize("low", ["turbine.plugins.barrage.api", "turbine.plugins.barrage.state"])
def test_barrage_bottom_modules_never_reach_the_rules(low: str):
    """Data, state and the public API sit below the rules object."""
    graph = _graph()
    seen, todo = set(), [low]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo.extend(graph[m])
    assert "turbine.plugins.barrage.rules" not in seen
