"""The generic conformance kit over the power_grid variant, both maps."""

from __future__ import annotations

import pytest
from pg_helpers import REGISTRY
from turbine.core.testing import check_variant


@pytest.mark.parametrize("board", ["russia", "japan"])
def test_conformance_random(board):
    report = check_variant(
        "power_grid", players=[2, 4], seeds=range(1), options={"map": board}, registry=REGISTRY
    )
    assert report.games == 2


@pytest.mark.parametrize("board", ["russia", "japan"])
def test_conformance_greedy(board):
    report = check_variant(
        "power_grid",
        players=[3],
        seeds=range(1),
        options={"map": board, "flow_generator": True},
        bot="greedy",
        registry=REGISTRY,
    )
    assert report.games == 1
