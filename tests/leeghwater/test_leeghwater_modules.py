"""The expansion's modules import one way: no module imports one that (through others)
imports it back, so each concept reads without the ones built on it."""

from __future__ import annotations

import ast
from pathlib import Path

import turbine.plugins.leeghwater as package

FOLDER = Path(package.__file__).parent


def own_imports(path: Path) -> set[str]:
    """The expansion's modules that ``path`` imports (relative imports, at any depth in the file)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:  # ``from . import works, store``
                out |= {a.name for a in node.names}
    return out


def graph() -> dict[str, set[str]]:
    return {f.stem: own_imports(f) for f in sorted(FOLDER.glob("*.py"))}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path of module names, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                return [*stack[stack.index(n) :], n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(edges):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_the_modules_import_one_way():
    edges = graph()
    assert {"store", "works", "buildings", "placements", "officers"} <= set(edges)
    assert cycle(edges) is None, " -> ".join(cycle(edges) or [])


def test_the_data_module_depends_on_no_rules_module():
    """``store`` (data and state access) is the base every rules module builds on."""
    assert graph()["store"] <= {"data_model", "options"}
