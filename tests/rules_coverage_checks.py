"""The checks every game's ``RULES_COVERAGE.md`` passes, shared by the games' tests, and
the scanning their generators share (:func:`defined_ids`, :func:`cited_by_tests`, :func:`table`).

A game's test module subclasses :class:`RulesCoverageChecks` with its generator module
(``coverage``: ``IMPL``, ``rule_ids()``, ``build()``, ``OUT``, ``citations()``,
``REFERENCE_CANDIDATES``), its plugin package and one rule ID its tests are known to cite.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import ClassVar

import pytest

REF = re.compile(r"\b([\w/]+)\.py:([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")
"""A ``module.py:name`` (or ``folder/module.py:Class.method``) reference in an IMPL row."""


class RulesCoverageChecks:
    coverage: ClassVar[ModuleType]
    package: ClassVar[str]
    """The plugin package the IMPL references are relative to, e.g. ``turbine.plugins.barrage``."""
    cited_rule: ClassVar[str]
    """A rule ID that some test of the game cites (the citation scan is checked to find it)."""

    def _needs_reference(self) -> None:
        if not any(path.exists() for path in self.coverage.REFERENCE_CANDIDATES):
            name = self.coverage.REFERENCE_CANDIDATES[0].name
            pytest.skip(f"docs/rules/{name} is missing from the checkout (restore it from the repository)")

    def test_every_rule_id_of_the_reference_has_a_row(self) -> None:
        self._needs_reference()
        ids = self.coverage.rule_ids()
        assert not [rule for rule in ids if rule not in self.coverage.IMPL]
        assert not [rule for rule in self.coverage.IMPL if rule not in ids]

    def test_coverage_file_is_current(self) -> None:
        self._needs_reference()
        assert self.coverage.OUT.read_text(encoding="utf-8") == self.coverage.build(), (
            f"run python {self.coverage.__file__}"
        )

    def test_named_code_exists(self) -> None:
        entries = sorted({m.group(0) for v in self.coverage.IMPL.values() for m in REF.finditer(v)})
        assert entries
        missing = []
        for entry in entries:
            module, _, name = entry.partition(".py:")
            obj: object = importlib.import_module(f"{self.package}.{module.replace('/', '.')}")
            for part in name.split("."):
                if not hasattr(obj, part):
                    missing.append(entry)
                    break
                obj = getattr(obj, part)
        assert not missing, missing

    def test_every_cited_test_exists(self) -> None:
        cited = self.coverage.citations()
        assert cited[self.cited_rule]
        assert all("::test_" in t for tests in cited.values() for t in tests)


# -- what the games' generators share -----------------------------------------------------
#
# Each game's generator (``tests/<game>/*rules_coverage.py``) keeps its own IMPL table, ID
# pattern and header text; finding the reference, reading the IDs it defines, finding the
# tests that cite them and writing the table are the same for every game.


def reference_candidates(repo: Path, name: str) -> tuple[Path, ...]:
    """Where a game's rules reference ``name`` (``barrage.md``) may be, in the order
    :func:`find_reference` tries them."""
    return (
        repo / "docs" / "rules" / name,  # shipped with the repository
        repo.parent / "shared" / "rules" / name,
        repo / "shared" / "rules" / name,
        repo.parent.parent / "shared" / "rules" / name,  # a checkout in a folder of worktrees
    )


def find_reference(candidates: tuple[Path, ...]) -> Path | None:
    """The first of ``candidates`` that exists: ``docs/rules/`` of the checkout, then a
    ``shared/rules/`` folder beside it (a newer draft of the reference, when there is one)."""
    return next((path for path in candidates if path.exists()), None)


def defined_ids(text: str, *patterns: str) -> list[str]:
    """The rule IDs ``text`` defines, in order of first appearance: group 1 of each of
    ``patterns`` (multi-line regular expressions), pattern by pattern."""
    ids: list[str] = []
    for pattern in patterns:
        for m in re.finditer(pattern, text, re.M):
            if m[1] not in ids:
                ids.append(m[1])
    return ids


def cited_by_tests(
    folder: Path,
    found_in: Callable[[str], Iterable[str]],
    body: bool = True,
    skip: str = "",
    prefix: str = "test_",
) -> dict[str, list[str]]:
    """Rule ID -> tests (``module::function``) of ``folder`` whose name and docstring (and
    with ``body`` their whole source) cite it, as ``found_in`` reads the IDs of a text.
    ``skip``: a test file that checks the coverage itself and cites no rule."""
    out: dict[str, list[str]] = {}
    for path in sorted(folder.glob("test_*.py")):
        if path.name == skip:
            continue
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.parse(source).body:
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith(prefix):
                continue
            if body:
                text = node.name + "\n" + "\n".join(lines[node.lineno - 1 : node.end_lineno])
            else:
                text = node.name + " " + (ast.get_docstring(node) or "")
            for rule in found_in(text):
                out.setdefault(rule, []).append(f"{path.stem}::{node.name}")
    return out


def table(
    header: list[str],
    ids: Iterable[str],
    impl: Mapping[str, str],
    cited: Mapping[str, list[str]],
    missing: str = "MISSING",
    sort_tests: bool = True,
) -> str:
    """The coverage file: ``header``, then a row per ID (where it is implemented, the tests
    citing it)."""
    lines = [*header, "| Rule | Implemented in | Tests |", "|---|---|---|"]
    for rule in ids:
        tests = cited.get(rule, [])
        shown = "<br>".join(f"`{t}`" for t in (sorted(tests) if sort_tests else tests)) or "—"
        lines.append(f"| {rule} | {impl.get(rule, missing)} | {shown} |")
    return "\n".join(lines) + "\n"


def write(out: Path, text: str, ids: Iterable[str], impl: Mapping[str, str]) -> None:
    """A generator's command line: write the coverage file, fail naming IDs without a row."""
    out.write_text(text, encoding="utf-8")
    missing = [rule for rule in ids if rule not in impl]
    if missing:
        print("no IMPL entry:", " ".join(missing), file=sys.stderr)
        sys.exit(1)
