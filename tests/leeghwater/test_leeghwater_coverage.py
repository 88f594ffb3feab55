"""RULES_COVERAGE.md is current, complete and names only code that exists."""

from __future__ import annotations

import importlib
import re

import leeghwater_rules_coverage as rules_coverage
import pytest

REF = re.compile(r"\b([\w/]+)\.py:([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")

needs_reference = pytest.mark.skipif(
    not any(path.exists() for path in rules_coverage.REFERENCE_CANDIDATES),
    reason="shared/rules/leeghwater.md is not beside the repository (put shared/ next to the checkout)",
)


@needs_reference
def test_every_rule_id_of_the_reference_has_a_row():
    missing = [rule for rule in rules_coverage.rule_ids() if rule not in rules_coverage.IMPL]
    assert not missing
    unknown = [rule for rule in rules_coverage.IMPL if rule not in rules_coverage.rule_ids()]
    assert not unknown


@needs_reference
def test_coverage_file_is_current():
    expected = rules_coverage.build()
    assert rules_coverage.OUT.read_text(encoding="utf-8") == expected, (
        "run python tests/leeghwater/leeghwater_rules_coverage.py"
    )


@pytest.mark.parametrize(
    "entry", sorted({m.group(0) for v in rules_coverage.IMPL.values() for m in REF.finditer(v)})
)
def test_named_code_exists(entry):
    module, _, name = entry.partition(".py:")
    obj = importlib.import_module(f"turbine.plugins.leeghwater.{module.replace('/', '.')}")
    for part in name.split("."):
        assert hasattr(obj, part), entry
        obj = getattr(obj, part)


def test_every_cited_test_exists():
    cited = rules_coverage.citations()
    assert cited["L-7.1"] and all("::test_" in t for tests in cited.values() for t in tests)
