"""The checks every game's ``RULES_COVERAGE.md`` passes, shared by the games' tests.

A game's test module subclasses :class:`RulesCoverageChecks` with its generator module
(``coverage``: ``IMPL``, ``rule_ids()``, ``build()``, ``OUT``, ``citations()``,
``REFERENCE_CANDIDATES``), its plugin package and one rule ID its tests are known to cite.
"""

from __future__ import annotations

import importlib
import re
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
            pytest.skip(
                f"shared/rules/{name} is not beside the repository (put shared/ next to the checkout)"
            )

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
