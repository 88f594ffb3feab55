"""RULES_COVERAGE.md is current, complete and names only code that exists."""

from __future__ import annotations

import barrage_rules_coverage
from rules_coverage_checks import RulesCoverageChecks


class TestBarrageRulesCoverage(RulesCoverageChecks):
    coverage = barrage_rules_coverage
    package = "turbine.plugins.barrage"
    cited_rule = "B-12.3.2"
