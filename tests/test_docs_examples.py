"""The Python examples of ``README.md``, ``docs/writing-plugins.md`` and ``docs/python.md``
are code that works.

Every ```` ```python ```` block follows an HTML comment that says what it is, and is
checked accordingly:

* ``<!-- example: run -->``: a complete example; it is executed, and each ``test_…``
  function it defines is called with the fixtures it names (the test kit's
  ``make_game`` among them).
* ``<!-- example: scaffold NAME FILE -->``: what ``turbine plugin new NAME`` writes into
  ``FILE``; every line that is not an import appears in the written file, and the imports
  import (the scaffold's own tests run it, ``tests/cli/test_cli_scaffold.py``).
* ``<!-- example: excerpt MODULE [Class.method] -->``: a shortened piece of an installed
  module; it compiles, its imports import, every name it uses exists in that module
  (or is a parameter of the method it comes from), and every function and class it
  defines at the top is one the module defines.

A block without a comment fails, so a new example is checked from the start.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from turbine.cli import scaffold
from turbine.core.plugins import Registry

REPO = Path(__file__).parents[1]
DOCS = ("README.md", "docs/writing-plugins.md", "docs/python.md")
BLOCK = re.compile(r"^<!-- example: (?P<kind>[^>]*?) -->\n\n```python\n(?P<code>.*?)^```", re.M | re.S)


@dataclass(frozen=True)
class Example:
    doc: str
    line: int
    kind: str
    args: tuple[str, ...]
    code: str

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}"


def examples() -> list[Example]:
    found = []
    for doc in DOCS:
        text = (REPO / doc).read_text(encoding="utf-8")
        for m in BLOCK.finditer(text):
            kind, *args = m["kind"].split()
            line = text.count("\n", 0, m.start("code"))
            found.append(Example(doc, line, kind, tuple(args), m["code"]))
    return found


EXAMPLES = examples()


def test_every_python_block_says_what_it_is():
    for doc in DOCS:
        text = (REPO / doc).read_text(encoding="utf-8")
        assert text.count("```python\n") == sum(e.doc == doc for e in EXAMPLES), doc
    assert {e.kind for e in EXAMPLES} == {"run", "scaffold", "excerpt"}


def _check_imports(tree: ast.Module, package: str | None) -> None:
    """Each imported name exists: ``from .game import X`` relative to ``package``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = importlib.import_module("." * node.level + (node.module or ""), package)
            missing = [a.name for a in node.names if not hasattr(module, a.name)]
            assert not missing, (node.module, missing)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                importlib.import_module(alias.name)


def _free_names(tree: ast.Module) -> set[str]:
    """The names the code reads but never binds itself (arguments, targets, defs, imports)."""
    loaded: set[str] = set()
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
    return loaded - bound - set(dir(builtins))


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind == "run"], ids=str)
def test_runnable_example_runs(example: Example, request: pytest.FixtureRequest):
    namespace: dict[str, object] = {"__name__": "docs_example"}
    exec(compile(example.code, str(example), "exec"), namespace)
    tests = [f for name, f in namespace.items() if name.startswith("test_") and callable(f)]
    assert tests, "a runnable example defines the test it shows"
    for test in tests:
        params = inspect.signature(test).parameters
        test(**{name: request.getfixturevalue(name) for name in params})


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind == "scaffold"], ids=str)
def test_scaffold_example_is_what_plugin_new_writes(example: Example, tmp_path: Path):
    name, file = example.args
    written = scaffold.plan(name, Registry(), None, tmp_path).files[file]
    tree = ast.parse(example.code)
    _check_imports(tree, None)
    lines = [line.strip() for line in example.code.splitlines()]
    body = [line for line in lines if line and not line.startswith(("from ", "import "))]
    assert body
    assert not [line for line in body if line not in written]


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind == "excerpt"], ids=str)
def test_excerpt_names_what_its_module_has(example: Example):
    module: ModuleType = importlib.import_module(example.args[0])
    tree = ast.parse(example.code, str(example))
    _check_imports(tree, module.__package__)
    known = set(vars(module))
    if len(example.args) > 1:  # the body of a method: its parameters are names too
        owner, method = example.args[1].split(".")
        known |= set(inspect.signature(getattr(getattr(module, owner), method)).parameters)
        known.add("self")
    assert not sorted(_free_names(tree) - known)
    defined = [node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)]
    assert not [name for name in defined if not hasattr(module, name)]
    compile(example.code, str(example), "exec")
