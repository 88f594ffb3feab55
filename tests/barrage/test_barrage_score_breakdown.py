"""Barrage's VP by source (plugins/barrage/sources.py): every ``add_vp`` names where the
VP come from, and the breakdown is the starting 10 plus what a ledger heard."""

from __future__ import annotations

from barrage_setup import clear_map, conduit, dam, neutral_dam, new_game, play, powerhouse
from turbine.core import Ledger
from turbine.plugins.barrage import contracts, scoring, sources
from turbine.plugins.barrage.technology.vp import VpPerPowerhouse

USA, GER, ITA, FRA = range(4)


def _rows(g, ledger, seat):
    """The seat's non-zero rows of the breakdown."""
    breakdown = g.rules.score_breakdown(g.state, ledger)
    assert breakdown.totals() == g.rules.scores(g.state)
    return {source: points for source, points in breakdown.rows(seat) if points}


def test_B_20_final_scoring_by_source():
    """B-20.2 objective (2 players: 15 / 10, B-4.6), B-20.3 resources (B-22.25: 8 credits +
    6 excavators + 4 mixers = 18 → 3 VP, the wheel ignored, B-8.4.4), B-20.4 water in
    own dams only (B-22.26); the 10 starting VP of B-3.7.1 come first."""
    g = new_game(2)
    clear_map(g)
    s = g.state
    s.objective = "OT-1"  # bases and powerhouses on red-framed spaces
    dam(g, "B5U", USA, 1, 1)  # red-framed, 1 marker
    dam(g, "B6L", GER, 2, 2)
    neutral_dam(g, "B7L", 2, 2)  # neutral water scores for nobody
    usa, ger = s.players
    usa.credits, usa.excavators, usa.mixers = 8, 6, 4
    usa.wheel_exc[2] = 4
    ger.credits, ger.excavators, ger.mixers = 4, 0, 0
    ledger = Ledger()
    with g.rules.keeping_score(ledger):
        scoring.final_scoring(g.rules, s)
    breakdown = g.rules.score_breakdown(s, ledger)
    assert breakdown.sources[:1] == (sources.START,)
    assert breakdown.rows(USA)[0] == ("start", 10)
    assert _rows(g, ledger, USA) == {"start": 10, "objective": 15, "resources": 3, "water": 1}
    assert _rows(g, ledger, GER) == {"start": 10, "objective": 10, "water": 2}
    assert breakdown.totals() == [29, 22] == [usa.vp, ger.vp]


def test_B_18_round_scoring_by_source():
    """B-22.21/22: energies 8, 5, 0, 5 give the energy track 6 / 1 / 0 / 1 VP (a tie for
    second, B-18.2.3), the seat at 0 loses 3 VP (B-18.3.2); BT-3 scores nothing, as
    nobody has a base (B-18.4)."""
    g = new_game(4)
    s = g.state
    s.flow.round = 1
    s.bonus_tiles[0] = "BT-3"
    for p, e in zip(s.players, (8, 5, 0, 5), strict=True):
        p.energy = e
    ledger = Ledger()
    with g.rules.keeping_score(ledger):
        scoring.score_round(g.rules, s)
    assert [ledger.points(seat, "energy track") for seat in range(4)] == [6, 1, 0, 1]
    assert [ledger.points(seat, "no energy") for seat in range(4)] == [0, 0, -3, 0]
    assert [ledger.points(seat, "bonus tiles") for seat in range(4)] == [0, 0, 0, 0]
    assert _rows(g, ledger, ITA) == {"start": 10, "no energy": -3}


def test_U_16_the_floor_shows_only_what_was_lost():
    """B-3.7.2 (U-16): brought to 1 VP (9 lost with no source named: ``other``), a company
    with no energy loses only the 1 VP it has, and its row says −1, so the rows still add
    up; without the floor it loses all 3 (B-18.3.2)."""
    for floor, lost in ((True, -1), (False, -3)):
        g = new_game(2, vp_floor_zero=floor)
        ledger = Ledger()
        with g.rules.keeping_score(ledger):
            g.rules.add_vp(g.state, GER, -9)  # no source named: ``other``
            g.state.players[USA].energy = 3
            scoring.score_round(g.rules, g.state)
        assert ledger.points(GER, "no energy") == lost
        assert _rows(g, ledger, GER) == {"start": 10, "other": -9, "no energy": lost}
    # and the round's scoring says what the floor left of the loss
    g = new_game(2)
    g.rules.add_vp(g.state, GER, -9)
    g.state.players[USA].energy = 3
    with g.rules.narrating() as told:
        scoring.score_round(g.rules, g.state)
    line = next(line for line in told if line.lstrip().startswith("Germany"))
    assert "3 credits and -1 VP for no energy (not -3: VP do not go below 0, U-16)" in line


def test_contracts_tiles_and_conduit_fees_by_source():
    """A contract's VP reward (NC-1: 7 VP, B-13), AT-III-P's 3 VP per powerhouse
    (B-14.3.3) and the fee of 1 VP per marker another company sends through one's
    conduit (B-11.2 step 7) each land in their own row."""
    g = new_game(4)
    clear_map(g)
    neutral_dam(g, "B5L", 2, 2)
    conduit(g, "C5L", GER)
    powerhouse(g, "P8_0", USA)
    powerhouse(g, "P9_0", FRA)
    g.state.nationals.append("NC-1")
    ledger = Ledger()
    with g.rules.keeping_score(ledger):
        contracts.fulfil(g.rules, g.state, ITA, "NC-1")
        VpPerPowerhouse().effect(g.rules, g.state, FRA, 3, 0)
        play(g, "place TS3L", "water 2")  # USA produces 2 markers through Germany's conduit
    assert _rows(g, ledger, ITA) == {"start": 10, "contracts": 7}
    assert _rows(g, ledger, FRA) == {"start": 10, "advanced tiles": 3}
    assert _rows(g, ledger, GER) == {"start": 10, "conduit fees": 2}
    assert ledger.sources == ["contracts", "advanced tiles", "conduit fees"]


def test_breakdown_without_a_ledger_is_the_vp():
    """Nothing recorded (a state alone): one row, the VP, as the state keeps them."""
    g = new_game(2)
    breakdown = g.rules.score_breakdown(g.state)
    assert breakdown.sources == ("VP",) and breakdown.totals() == [10, 10]
