"""Private buildings paid and used to the last credit or unit: the construction space's
credits come first and the building space's red frame is paid from what is left (L-6.2,
L-6.7, T-5); Solomon P. Jordan's credits with AT-II-W (L-6.10, L-15.4); a right action
space's frame on top of the action's credits (E-1, L-7.3); PB-03's half of an odd sector (T-2).

Each case goes through the engine's legal moves with a budget exactly at the boundary.
"""

from __future__ import annotations

import pytest
from test_leeghwater_building import builder
from test_leeghwater_rules import drafted, put_building, rich, used
from turbine.plugins.barrage.actions import Ext, Pay
from turbine.plugins.leeghwater import placements, store


@pytest.mark.parametrize(("credits", "offered"), [(5, False), (6, True)])
def test_L_6_2_fourth_construction_space_and_a_red_frame_cost_6_credits(credits, offered):
    """L-6.2 steps 1 and 5, L-6.7, T-5: on the 4th construction space (3 engineers, 3 credits)
    with only red-framed building spaces free (3 credits), building PB-03 needs 6 credits."""
    g, seat, p = builder(players=4)
    g.state.ext.leeghwater.spaces[0] = [1 - min(seat, 1), 2 if seat != 2 else 3, store.FREE, store.FREE]
    p.spaces_used, p.credits = 3, credits
    g.reset_caches()
    assert (Ext("build", "PB-03") in g.legal()) is offered
    if offered:
        g.play(Ext("build", "PB-03"))  # one tile, one kind of space: both taken at once
        assert g.state.ext.leeghwater.spaces[0][2] == seat
        assert (p.credits, p.spaces_used) == (0, 4)


def test_L_6_10_L_15_4_Solomon_with_AT_II_W_pays_any_unit_short_in_credits():
    """L-6.10 with L-15.4: Solomon P. Jordan builds PB-03 (2e 2m: 4 units) with AT-II-W from 1
    excavator and 2 mixers: every mix of the units he has, 3 credits for each unit short."""
    g, _seat, p = builder(tiles=("AT-II-W",), officer="EO-SJ")
    p.excavators, p.mixers = 1, 2
    g.reset_caches()
    g.play(Ext("build", "PB-03"))  # the one tile is taken at once
    assert g.legal() == [Pay(1, 2, 3), Pay(1, 1, 6), Pay(1, 0, 9), Pay(0, 2, 6), Pay(0, 1, 9), Pay(0, 0, 12)]


def test_T_2_PB_03_returns_half_of_an_odd_sector_in_the_split_chosen():
    """T-2, PB-03: a sector with 3 excavators and 3 mixers returns 3 units (half of 6); with 1
    excavator chosen, the other 2 are mixers, and the rest stays on the wheel."""
    g, seat = used(drafted(3), "PB-03", exc=0, mix=0)
    p = g.state.players[seat]
    p.wheel_exc[2], p.wheel_mix[2], p.wheel_tile[2] = 3, 3, "base"
    g.reset_caches()
    g.play(Ext("use", "PB-03"))  # one sector holds machinery: its split is the only decision
    assert g.legal() == [Ext("half", f"2:{e}") for e in (3, 2, 1, 0)]
    g.play(Ext("half", "2:1"))
    assert (p.excavators, p.mixers, p.wheel_exc[2], p.wheel_mix[2]) == (1, 2, 2, 1)


@pytest.mark.parametrize(("credits", "offered"), [(3, False), (4, True)])
def test_E_1_the_right_space_s_frame_and_the_action_s_credit_are_both_paid(credits, offered):
    """E-1, L-7.3, L-7.6 (B-7.4): after the left space is taken this round, PB-05's right space
    costs 3 credits for its red frame and its action 1 more: 4 credits are needed."""
    g = drafted(3)
    a, b = g.state.turn_order[0], g.state.turn_order[1]
    put_building(g, "PB-05")
    g.state.ext.leeghwater.spaces[0] = [a, store.BLOCKED, b, store.FREE]
    g.state.ext.leeghwater.left[0] = True  # the left space was taken this round
    rich(g, b, credits=credits)
    assert (Ext("use", "PB-05") in placements.turn_actions(g.rules, g.state, b)) is offered


@pytest.mark.parametrize(
    ("excavators", "mixers", "offered"),
    [((1, 0), (0, 1), False), ((2, 0), (0, 0), True), ((0, 0), (2, 0), True), ((1, 0), (1, 0), True)],
    ids=["one-unit-sectors", "two-excavators", "two-mixers", "one-of-each"],
)
def test_U_17_PB_03_needs_a_sector_with_2_units_of_any_types(excavators, mixers, offered):
    """U-17 default, L-8.3, B-7.4: the Research Centre is usable only with a wheel sector holding
    2 units or more, counted over both types; two sectors of 1 unit each are not enough."""
    g, seat = used(drafted(3), "PB-03", exc=0, mix=0)
    p = g.state.players[seat]
    p.wheel_exc[:], p.wheel_mix[:] = [0] * len(p.wheel_exc), [0] * len(p.wheel_mix)
    p.wheel_exc[1], p.wheel_exc[3] = excavators
    p.wheel_mix[1], p.wheel_mix[3] = mixers
    assert (Ext("use", "PB-03") in placements.turn_actions(g.rules, g.state, seat)) is offered


def test_L_8_3_PB_03_never_offers_more_mixers_than_the_sector_holds():
    """L-8.3, PB-03: a sector with 5 excavators and 1 mixer returns 3 units (half of 6): 3
    excavators, or 2 and the mixer — never 1 excavator, which would need 2 mixers."""
    g, seat = used(drafted(3), "PB-03", exc=0, mix=0)
    p = g.state.players[seat]
    p.wheel_exc[4], p.wheel_mix[4], p.wheel_tile[4] = 5, 1, "base"
    g.reset_caches()
    g.play(Ext("use", "PB-03"))
    assert g.legal() == [Ext("half", "4:3"), Ext("half", "4:2")]
    g.play(Ext("half", "4:2"))
    assert (p.excavators, p.mixers, p.wheel_exc[4], p.wheel_mix[4]) == (2, 1, 3, 0)
