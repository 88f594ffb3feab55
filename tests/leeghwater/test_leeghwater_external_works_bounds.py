"""An external work whose special part builds a structure (L-5, U-2 ``illegal``, U-27, T-11):
the reward's credits come before the red frame they may pay.

The outcome is whether the engine offers the work, and what taking it leaves, with a budget
at the boundary.
"""

from __future__ import annotations

import pytest
from test_leeghwater_options import first, game_with
from test_leeghwater_rules import show_work
from turbine.core import Game
from turbine.plugins.barrage.actions import Ext


def _only_red_framed_powerhouse_spaces(credits: int) -> tuple[Game, int]:
    """U-2 ``illegal``; the first seat has ``credits``, 1 excavator and 1 mixer; every unframed
    powerhouse space is another seat's; EW-T4 is on display."""
    g = game_with(u2_unusable_special="illegal")
    seat, _p = first(g, credits=credits, exc=1, mix=1)
    other = (seat + 1) % len(g.state.players)
    for ph in g.rules.board.powerhouses:
        g.state.ph_owner[ph.index] = -1 if ph.red else other
    show_work(g, "EW-T4")
    g.reset_caches()
    return g, seat


@pytest.mark.parametrize(("credits", "offered"), [(0, False), (1, True), (2, True)])
def test_U_27_EW_T4_reward_credits_pay_the_red_frame_of_its_powerhouse(credits, offered):
    """U-2 (``illegal``), U-27, B-13.7.3 (U-7): EW-T4 gives 2 credits and a powerhouse; with only
    red-framed powerhouse spaces free (3 credits) the work is legal from 1 credit on
    (1 + 2 = 3, 2 + 2 = 4), not with none (2 < 3)."""
    g, _seat = _only_red_framed_powerhouse_spaces(credits)
    assert (Ext("work", "EW-T4") in g.legal()) is offered


def test_T_11_compound_reward_order():
    """T-11 (U-27): with 1 credit, 1 excavator and 1 mixer, EW-T4 is paid with the machinery, its
    2 credits come first (3 in all), and the powerhouse on a red-framed space takes all 3."""
    g, seat = _only_red_framed_powerhouse_spaces(1)
    p = g.state.players[seat]
    g.play(Ext("work", "EW-T4"))
    assert (p.credits, p.excavators, p.mixers) == (3, 0, 0)
    g.play(g.rules.parse("at P5_1", g.state))  # red-framed
    assert g.state.ph_owner[g.rules.board.site_index["P5_1"][1]] == seat
    assert p.credits == 0


@pytest.mark.parametrize(("credits", "offered"), [(4, False), (5, True)])
def test_U_2_loan_agency_pays_the_work_before_its_red_framed_powerhouse(credits, offered):
    """L-8.4, U-2 (``illegal``), U-27: the Loan Agency takes EW-T4 for 2 credits per unit (1
    excavator + 1 mixer: 4 credits); its 2 credits come next, and its powerhouse has only
    red-framed spaces (3 credits).  With 4 credits 4 − 4 + 2 = 2 < 3: the building cannot be
    used; with 5, 3 pays the frame."""
    g = game_with(u2_unusable_special="illegal")
    seat, _p = first(g, "PB-04", active=True, credits=credits)
    other = (seat + 1) % len(g.state.players)
    for ph in g.rules.board.powerhouses:
        g.state.ph_owner[ph.index] = -1 if ph.red else other
    g.state.ext.leeghwater.ew_display = ["EW-T4", "", ""]
    g.reset_caches()
    assert (Ext("use", "PB-04") in g.legal()) is offered
