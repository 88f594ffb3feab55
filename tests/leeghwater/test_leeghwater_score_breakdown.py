"""Leeghwater's VP in the score breakdown: a private building's VP count as
``buildings`` both at once (AT-B3, L-9.4) and at the end (L-14.1)."""

from __future__ import annotations

from test_leeghwater_rules import do, drafted, put_building, rich
from turbine.core import Ledger
from turbine.plugins.barrage import sources as barrage_sources
from turbine.plugins.barrage.actions import Ext
from turbine.plugins.leeghwater import sources


def test_L_9_4_and_L_14_1_building_vp_are_one_row():
    """PB-10 (7 VP) built with AT-B3 scores 7 at once (L-9.4) and 7 again at the end
    (L-14.1), both in the ``buildings`` row; the other rows are Barrage's."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat)
    put_building(g, "PB-10")
    g.state.players[seat].tiles = ["AT-B3"]
    ledger = Ledger()
    with g.rules.keeping_score(ledger):
        do(g, seat, Ext("build", "PB-10"))
        do(g, seat, Ext("tile", "AT-B3"))
        do(g, seat, Ext("space", "1:0C"))
        assert ledger.points(seat, "buildings") == 7
        g.state.flow.round = 5
        g.rules._scoring(g.state)  # round 5's scoring, then final scoring (B-20, L-14)
    assert ledger.points(seat, "buildings") == 14
    breakdown = g.rules.score_breakdown(g.state, ledger)
    assert breakdown.totals() == g.rules.scores(g.state)
    assert breakdown.sources[-1] == "buildings"  # an expansion's source follows Barrage's
    assert "other" not in breakdown.sources


def test_contracts_fulfilled_by_works_share_barrage_s_row():
    """EW-R1/EW-R2 and PB-05 fulfil Barrage contracts: their VP go in Barrage's row."""
    assert sources.CONTRACTS == barrage_sources.CONTRACTS
    assert {sources.BUILDINGS, sources.WORKS}.isdisjoint(barrage_sources.ORDER)


def test_L_14_1_the_told_final_scoring_ends_at_each_company_s_total():
    """The final scoring said aloud counts the buildings' VP (L-14.1) after Barrage's
    parts, and the last total it says for a company is its final score."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat)
    put_building(g, "PB-10")
    g.state.players[seat].tiles = ["AT-B3"]
    do(g, seat, Ext("build", "PB-10"))
    do(g, seat, Ext("tile", "AT-B3"))
    do(g, seat, Ext("space", "1:0C"))
    g.state.flow.round = 5
    with g.rules.narrating() as told:
        g.rules._scoring(g.state)
    start = told.index(next(line for line in told if line.startswith("Final scoring")))
    name = g.rules.company(g.state, seat).name
    said = [line for line in told[start:] if line.strip().startswith(name)]
    assert said[-1].strip() == f"{name:<11} +7 VP: PB-10 activated (L-14.1) → {g.state.players[seat].vp} VP"
