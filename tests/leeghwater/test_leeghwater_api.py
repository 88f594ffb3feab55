"""The expansion reaches Barrage only through its public hook and data API (task rule; L-17)."""

from __future__ import annotations

import ast
from pathlib import Path

import turbine.plugins.leeghwater as package

PUBLIC_BARRAGE = {
    "turbine.plugins.barrage.hookspecs",
    "turbine.plugins.barrage.data_model",
    "turbine.plugins.barrage.actions",  # the action types, Ext included (G-4)
    "turbine.plugins.barrage.decisions",  # Decision, the base of the expansion's own decisions
    "turbine.plugins.barrage.action_spaces",  # ActionSpaces, the base of its placements
    "turbine.plugins.barrage.api",  # BarrageGame: every call into Barrage is typed against it
    "turbine.plugins.barrage.state",  # State, Player and StatePart, the records it registers
    "turbine.plugins.barrage.companies",  # Company, the base class of a company ability
    "turbine.plugins.barrage.technology",  # TechTile, the base class of a technology tile
    "turbine.plugins.barrage.officers",  # Officer, the base class of an officer
    "turbine.plugins.barrage.position",  # BarragePosition, the base of the expansion's position builder
}
OTHER = {
    "__future__",
    "typing",
    "collections",
    "functools",
    "importlib",
    "weakref",
    "msgspec",
    "pydantic",
    "turbine.core",
}


def imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            if module == "turbine.plugins.barrage":  # ``from turbine.plugins.barrage import data_model``
                out += [f"{module}.{a.name}" for a in node.names]
            else:
                out.append(module)
    return out


def test_the_plugin_imports_only_public_barrage_modules():
    folder = Path(package.__file__).parent
    files = sorted(folder.glob("*.py"))
    assert {f.name for f in files} >= {
        "plugin.py",
        "placements.py",
        "works.py",
        "buildings.py",
        "render.py",
        "data_model.py",
    }
    for f in files:
        for name in imports(f):
            if name.startswith("."):
                continue  # the expansion's own modules
            ok = name in PUBLIC_BARRAGE or any(name == o or name.startswith(o + ".") for o in OTHER)
            assert ok, f"{f.name} imports {name}"


def test_the_plugin_declares_it_requires_barrage():
    from turbine.plugins.leeghwater import plugin

    assert plugin.PLUGIN_INFO.requires == ("barrage",)
    [spec] = plugin.turbine_expansions()
    assert (spec.id, spec.variant) == ("leeghwater", "barrage")
