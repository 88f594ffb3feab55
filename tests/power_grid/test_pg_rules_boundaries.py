"""Boundaries of the Power Grid rules: exact limits, each checked at the limit.

These close gaps that mutation testing found (tests/mutation/README.md): each test
would fail if a comparison or a constant of the rule it names were off by one.
"""

from __future__ import annotations

from pg_helpers import act, new_state, notations, play_until
from turbine.plugins.power_grid import actions as A
from turbine.plugins.power_grid.rules import NUMBER
from turbine.plugins.power_grid.state import STEP3


def _opened_plants(r, s) -> set[int]:
    return {a.plant for a in r.legal_actions(s) if type(a) is A.OpenAuction}


def test_P_11_3_in_step_2_only_the_three_cheapest_plants_can_be_auctioned():
    """P-11.3 (Russia): Steps 1–2 have 3 actual + 3 future plants; only the actual
    market can be opened (P-4.4).  Step 3 opens every plant (P-8.7)."""
    r, s = new_state(4, seed=3)
    play_until(r, s, "auction", round_=2)
    s.step = 2
    market = [p for p in s.market if p != STEP3]
    assert len(market) == 6
    assert _opened_plants(r, s) == set(market[:3])
    s.step = 3
    assert _opened_plants(r, s) == set(market)


def test_P_4_4_a_player_can_open_on_a_plant_costing_exactly_his_money():
    """P-4.4 (derived): the opening bid is at least the plant number and at most the
    player's money, so money equal to the number opens at exactly that bid, and no more."""
    r, s = new_state(4, seed=3)
    seat = r.to_move(s)
    cheapest = s.market[0]
    s.players[seat].money = NUMBER[cheapest]
    opens = [n for n in notations(r, s) if n.startswith("auction")]
    assert opens == [f"auction {NUMBER[cheapest]} bid {NUMBER[cheapest]}"]
    s.players[seat].money = NUMBER[cheapest] - 1
    assert not [n for n in notations(r, s) if n.startswith("auction")]


def test_P_11_5_U_4_b_a_pass_by_any_player_removes_the_cheapest_plant():
    """P-11.5 under the recommended U-4 (b): from round 2 the first pass of Phase 2 by
    *any* player removes the cheapest plant, not only a pass by position one (U-4 (a))."""
    r, s = new_state(4, seed=8, map="russia")
    play_until(r, s, "auction", round_=2)
    first = r.to_move(s)
    assert first == s.order[0]
    plant = r.actual_market(s)[0]
    s.players[first].money = 200
    r.apply(s, next(a for a in r.legal_actions(s) if getattr(a, "plant", None) == plant))
    while s.auction is not None or s.flow.pending:
        act(r, s, "drop out" if s.auction is not None else notations(r, s)[0])
    assert r.to_move(s) == s.order[1]
    cheapest = r.actual_market(s)[0]
    act(r, s, "pass")  # position 2's pass is the round's first
    assert cheapest in s.box and cheapest not in s.market


def test_P_2_2_regions_given_twice_or_too_few_are_refused_with_the_reason():
    import pytest
    from turbine.core import BadOptions

    with pytest.raises(BadOptions, match=r"red given more than once \(P-2.2\)"):
        new_state(3, regions=["red", "red", "red"])
    with pytest.raises(BadOptions, match=r"3 players play on 3 regions \(T-2\), not 2"):
        new_state(3, regions=["red", "yellow"])
