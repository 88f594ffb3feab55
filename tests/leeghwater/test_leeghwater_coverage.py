"""RULES_COVERAGE.md is current, complete and names only code that exists."""

from __future__ import annotations

import leeghwater_rules_coverage
from rules_coverage_checks import RulesCoverageChecks


class TestLeeghwaterRulesCoverage(RulesCoverageChecks):
    coverage = leeghwater_rules_coverage
    package = "turbine.plugins.leeghwater"
    cited_rule = "L-7.1"
