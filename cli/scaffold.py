"""``turbine plugin new``: write a new plugin package from the templates in ``templates/``.

The templates are package data (``turbine.cli/templates/...*.tmpl``), read with
:mod:`importlib.resources` so that they work from a wheel as from a checkout, and
filled in with :class:`string.Template` (``${module}``…): no template lives in code.
A new game copies ``templates/game``; an expansion copies ``templates/expansion`` and
adds the plugin module, tests and rules text written for its base game (Barrage and
Power Grid have their own, through their public hooks; any other game gets one that
uses only turbine's core hooks).

Nothing is written until every check passes: a bad name, a folder that exists
or an unknown variant is one line of error and an untouched disk.
"""

from __future__ import annotations

import importlib.util
import keyword
import re
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

from turbine.core import Registry

from .common import CliError

NAME_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*")
"""A distribution name that is also a Python module name once ``-`` becomes ``_``."""

TAILORED = ("barrage", "power_grid")
"""Base games with an expansion template of their own (through their public hooks)."""


@dataclass(frozen=True)
class Plan:
    """What ``plugin new`` is about to write: the folder and each file's text."""

    folder: Path
    files: dict[str, str]
    """Path inside the folder → text."""


def module_name(name: str) -> str:
    """The import name of distribution ``name``: ``grid-bonus`` → ``grid_bonus``."""
    return name.replace("-", "_").lower()


def check_name(name: str, registry: Registry) -> str:
    """Refuse a name that cannot be a distribution, a module and a plugin id at once."""
    if not NAME_PATTERN.fullmatch(name):
        raise CliError(
            f"{name!r} is not a valid plugin name: use letters and digits, words joined by - or _, "
            "starting with a letter (e.g. grid-bonus)"
        )
    module = module_name(name)
    if keyword.iskeyword(module) or module in ("turbine", "tests", "conftest"):
        # tests: the package would hold tests/tests/ and install a top-level `tests` package
        raise CliError(f"{name!r} cannot be a plugin name: {module} is reserved in Python or by turbine")
    taken = set(registry.variants) | set(registry.expansions) | set(registry.plugins)
    if module in taken:
        raise CliError(f"{module!r} is already the name of an installed game, expansion or plugin")
    if importlib.util.find_spec(module) is not None:
        raise CliError(f"a module named {module!r} is already importable here; choose another name")
    return module


def plan(name: str, registry: Registry, expands: str | None, where: Path) -> Plan:
    """Check everything and fill in every template; writes nothing."""
    module = check_name(name, registry)
    folder = where / name
    if folder.exists():
        raise CliError(f"{folder} already exists; choose another NAME or --dir")
    twin = next((p for p in _children(where) if module_name(p.name) == module), None)
    if twin is not None:  # my-game beside my_game: two projects of one package and plugin id
        raise CliError(f"{twin} already holds the package {module}; choose another NAME or --dir")
    title = " ".join(word.capitalize() for word in re.split(r"[-_]", name))
    values = {
        "dist": name,
        "module": module,
        "title": title,
        "classname": title.replace(" ", ""),
    }
    root = resources.files("turbine.cli").joinpath("templates")
    if expands is None:
        values["variant"] = module
        files = _fill_tree(root / "game", values, module)
        files[f"tests/test_{module}.py"] = files.pop("tests/test_game.py")
        return Plan(folder, files)
    spec = registry.variant(expands)  # one line naming the installed variants if unknown
    kind = expands if expands in TAILORED else "generic"
    unit = {"barrage": "credits", "power_grid": "Elektro"}
    values |= {
        "variant": spec.id,
        "variant_name": spec.name,
        "variant_plugin": registry.variant_plugin[spec.id],
        "expansion": module,
        "amount_text": (
            f"{unit[kind]} each player gains" if kind in unit else "the number the board line shows"
        ),
    }
    rules = root / "expansion" / "rules"
    values["rules"] = _fill(rules / f"{kind}.md.tmpl", values).rstrip("\n")
    files = _fill_tree(root / "expansion", values, module, skip="rules")
    files[f"src/{module}/plugin.py"] = _fill(rules / f"{kind}.py.tmpl", values)
    files[f"tests/test_{module}.py"] = _fill(rules / f"{kind}_test.py.tmpl", values)
    return Plan(folder, files)


def _children(where: Path) -> list[Path]:
    """The folders in ``where`` (none if it cannot be read: writing will say why)."""
    try:
        return [path for path in where.iterdir() if path.is_dir()]
    except OSError:
        return []


def write(plan: Plan) -> list[Path]:
    """Write the planned files; the paths written, in order."""
    written = []
    plan.folder.mkdir(parents=True)
    for relative, text in sorted(plan.files.items()):
        path = plan.folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def _fill(template: Traversable, values: dict[str, str]) -> str:
    return Template(template.read_text(encoding="utf-8")).substitute(values)


def _fill_tree(folder: Traversable, values: dict[str, str], module: str, skip: str = "") -> dict[str, str]:
    """Every ``*.tmpl`` under ``folder`` filled in, keyed by its path without ``.tmpl``
    (the folder ``package`` becomes ``src/<module>``: a src layout, so that the folder
    named like the module, ``levee/levee``, never hides the installed package from a
    command run beside it)."""
    out: dict[str, str] = {}
    stack: list[tuple[Traversable, tuple[str, ...]]] = [(folder, ())]
    while stack:
        here, parts = stack.pop()
        for item in here.iterdir():
            if item.is_dir():
                if item.name != skip:
                    stack.append(
                        (item, (*parts, *(("src", module) if item.name == "package" else (item.name,))))
                    )
            elif item.name.endswith(".tmpl"):
                out["/".join((*parts, item.name.removesuffix(".tmpl")))] = _fill(item, values)
    return out
