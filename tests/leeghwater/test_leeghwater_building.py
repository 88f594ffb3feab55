"""Building a private building: wild tiles and Anton Krylov (U-5, L-6.9, L-15.4, L-15.7),
Solomon P. Jordan's credits (L-6.10), and the building space chosen (L-6.2 step 5, L-6.5).

Rule IDs refer to ``docs/rules/leeghwater.md``.  The building tests call the plugin's
rules the way Barrage's hooks do (``do``); the illegal-move tests go through the engine
(``Game.play``), which must leave the state unchanged.
"""

from __future__ import annotations

import pytest
from test_leeghwater_rules import do, drafted, put_building, rich, top
from turbine.core.errors import IllegalAction
from turbine.plugins.barrage.actions import Ext, Pay
from turbine.plugins.leeghwater import machinery, placements, store


def builder(players: int = 4, tiles: tuple[str, ...] = ("building",), officer: str = "", pb: str = "PB-03"):
    """The first seat to move, rich, with ``tiles``, ``officer`` and ``pb`` in tile slot 0."""
    g = drafted(players)
    seat = g.state.turn_order[0]
    rich(g, seat)
    p = g.state.players[seat]
    p.tiles = list(tiles)
    if officer:
        p.officer, p.copy = officer, ""
    put_building(g, pb)
    return g, seat, p


def tiles_offered(g, seat, pb: str = "PB-03") -> list[str]:
    do(g, seat, Ext("build", pb))
    assert top(g).kind == "lw_tile"
    return [a.arg for a in top(g).answers(g.rules, g.state)]


# -- U-5 (a), L-6.9: wild tiles build buildings ----------------------------------------------------


@pytest.mark.parametrize("tile", ["AT-I-W", "AT-II-W", "AT-III-W"])
def test_U_5_wild_tiles_are_building_tiles(tile):
    """U-5 (a) default: the "your choice" advanced tiles may build a building."""
    g, seat, _p = builder(tiles=(tile,))
    assert Ext("build", "PB-03") in placements.turn_actions(g.rules, g.state, seat)
    assert tiles_offered(g, seat) == [tile]


def test_U_5_tiles_of_one_map_structure_do_not_build_buildings():
    """L-6.10: a base advanced tile tied to one map structure cannot build a building."""
    g, seat, _p = builder(tiles=("AT-I-B", "AT-II-P", "base", "powerhouse"))
    assert Ext("build", "PB-03") not in placements.turn_actions(g.rules, g.state, seat)


def test_L_15_4_AT_I_W_waives_the_red_frame_of_the_building_space():
    """L-15.4: AT-I-W, only red-framed spaces left (4 players): no 3 credits."""
    g, seat, p = builder(tiles=("AT-I-W",))
    g.state.ext.leeghwater.spaces[0] = [1 - min(seat, 1), 2 if seat != 2 else 3, store.FREE, store.FREE]
    p.credits = 0  # the 1st construction space costs no credits, the frame is waived
    do(g, seat, Ext("build", "PB-03"))
    do(g, seat, Ext("tile", "AT-I-W"))
    assert g.state.ext.leeghwater.spaces[0][2] == seat
    assert p.credits == 0
    assert "AT-I-W" in p.wheel_tile


def test_L_15_4_AT_I_W_offers_both_spaces_for_free():
    """L-15.4 with L-6.2 step 5: with AT-I-W the framed space costs nothing, both are offered."""
    g, seat, p = builder(tiles=("AT-I-W",))
    do(g, seat, Ext("build", "PB-03"))
    do(g, seat, Ext("tile", "AT-I-W"))
    assert top(g).kind == "lw_space"
    assert top(g).answers(g.rules, g.state) == [Ext("space", "1:0C"), Ext("space", "3:0C")]
    credits = p.credits
    do(g, seat, Ext("space", "3:0C"))
    assert g.state.ext.leeghwater.spaces[0] == [-1, -1, seat, -1]
    assert p.credits == credits


def test_L_15_4_AT_II_W_machinery_interchangeable():
    """L-15.4: AT-II-W pays PB-03 (2e 2m) with any 4 units: every split is offered."""
    g, seat, p = builder(tiles=("AT-II-W",))
    p.excavators, p.mixers = 4, 1
    do(g, seat, Ext("build", "PB-03"))
    do(g, seat, Ext("tile", "AT-II-W"))
    assert top(g).kind == "lw_pay"
    assert top(g).answers(g.rules, g.state) == [Pay(4, 0, 0), Pay(3, 1, 0)]
    sector = p.wheel_open
    do(g, seat, Pay(4, 0, 0))
    assert (p.wheel_exc[sector], p.wheel_mix[sector], p.excavators, p.mixers) == (4, 0, 0, 1)


def test_L_15_4_AT_II_W_lets_a_building_be_built_without_the_printed_types():
    """L-6.7 with L-15.4: 0 mixers cannot pay PB-03 with the building tile, but can with AT-II-W."""
    g, seat, p = builder(tiles=("building", "AT-II-W"))
    p.excavators, p.mixers = 4, 0
    assert tiles_offered(g, seat) == ["AT-II-W"]


def test_L_15_4_AT_III_W_scores_3_VP_per_advanced_tile():
    """L-15.4: AT-III-W's 3 VP per advanced tile owned, this one (on the wheel) included."""
    g, seat, p = builder(tiles=("AT-III-W", "AT-B1", "AT-I-B"))
    vp = p.vp
    do(g, seat, Ext("build", "PB-03"))
    do(g, seat, Ext("tile", "AT-III-W"))
    do(g, seat, Ext("space", "1:0C"))
    assert p.vp == vp + 9


# -- L-15.7, L-6.9: Anton Krylov ---------------------------------------------------------------------


def test_L_15_7_anton_copies_a_building_tile_on_the_wheel():
    """L-6.9, L-15.7: Anton's tile copies AT-B3 on the wheel: his tile goes on the wheel, the VP come."""
    g, seat, p = builder(tiles=("anton",), officer="EO-AK", pb="PB-10")
    p.wheel_tile[(p.wheel_open + 3) % 6] = "AT-B3"
    p.wheel_tile[(p.wheel_open + 4) % 6] = "base"
    assert tiles_offered(g, seat, "PB-10") == ["ANTON=AT-B3"]  # a base tile builds no building
    sector, vp = p.wheel_open, p.vp
    do(g, seat, Ext("tile", "ANTON=AT-B3"))
    do(g, seat, Ext("space", "1:0C"))
    assert p.wheel_tile[sector] == "anton" and "anton" not in p.tiles
    assert (p.wheel_exc[sector], p.wheel_mix[sector]) == (3, 5)
    assert p.vp == vp + 7


def test_L_15_7_anton_copies_AT_B2_with_either_type():
    g, seat, p = builder(tiles=("anton",), officer="EO-AK", pb="PB-06")
    p.wheel_tile[(p.wheel_open + 2) % 6] = "AT-B2"
    assert tiles_offered(g, seat, "PB-06") == ["ANTON=AT-B2=E", "ANTON=AT-B2=M"]
    sector = p.wheel_open
    do(g, seat, Ext("tile", "ANTON=AT-B2=E"))
    assert (p.wheel_exc[sector], p.wheel_mix[sector]) == (1, 0)


def test_U_5_anton_copies_a_wild_tile_and_mahiri_copies_anton_without_a_tile():
    """U-5 (a) with L-15.7: Anton may copy a wild tile; Mahiri's copy of Anton puts no tile (B-16.7.5)."""
    g, seat, p = builder(tiles=(), pb="PB-03")
    p.officer, p.copy, p.copy_turns = "EO-MS", "EO-AK", 1
    p.wheel_tile[(p.wheel_open + 2) % 6] = "AT-I-W"
    assert tiles_offered(g, seat) == ["COPY=AT-I-W"]
    sector = p.wheel_open
    do(g, seat, Ext("tile", "COPY=AT-I-W"))
    assert p.wheel_tile[sector] == "" and (p.wheel_exc[sector], p.wheel_mix[sector]) == (2, 2)
    assert top(g).answers(g.rules, g.state) == [Ext("space", "1:0C"), Ext("space", "3:0C")]


def test_anton_without_a_building_tile_on_the_wheel_cannot_build():
    g, seat, p = builder(tiles=("anton",), officer="EO-AK")
    p.wheel_tile[(p.wheel_open + 2) % 6] = "conduit"
    assert Ext("build", "PB-03") not in placements.turn_actions(g.rules, g.state, seat)


# -- L-6.10: Solomon P. Jordan --------------------------------------------------------------------------


def test_L_6_10_solomon_pays_missing_machinery_with_3_credits_each():
    """L-6.10: PB-03 (2e 2m) with 1 excavator and 2 mixers: 3 credits for the missing excavator."""
    g, seat, p = builder(officer="EO-SJ")
    p.excavators, p.mixers, p.credits = 1, 2, 3
    assert Ext("build", "PB-03") in placements.turn_actions(g.rules, g.state, seat)
    do(g, seat, Ext("build", "PB-03"))
    sector = p.wheel_open
    do(g, seat, Ext("tile", "BUILDING"))  # one payment only: no decision
    assert (p.excavators, p.mixers, p.credits) == (0, 0, 0)
    assert (p.wheel_exc[sector], p.wheel_mix[sector]) == (1, 2)
    assert g.state.ext.leeghwater.spaces[0][0] == seat  # 0 credits left: only the unframed space


def test_L_6_10_solomon_may_pay_credits_for_any_unit():
    """L-6.10 (as Barrage's B-16.5): every mix of machinery and 3 credits per unit, within budget."""
    g, seat, p = builder(officer="EO-SJ", pb="PB-02")  # 1e 2m
    p.excavators, p.mixers, p.credits = 5, 5, 6
    do(g, seat, Ext("build", "PB-02"))
    do(g, seat, Ext("tile", "BUILDING"))
    assert top(g).answers(g.rules, g.state) == [
        Pay(1, 2, 0),
        Pay(1, 1, 3),
        Pay(1, 0, 6),
        Pay(0, 2, 3),
        Pay(0, 1, 6),
    ]
    do(g, seat, Pay(0, 1, 6))
    assert (p.excavators, p.mixers, p.credits) == (5, 4, 0)
    assert g.state.ext.leeghwater.spaces[0][0] == seat


def test_L_6_10_solomon_keeps_3_credits_for_a_red_frame_when_only_framed_spaces_are_free():
    """L-6.10 with L-6.2 step 5: payments leave the 3 credits of the only (framed) space."""
    g, seat, p = builder(officer="EO-SJ", pb="PB-02")
    g.state.ext.leeghwater.spaces[0] = [1 - min(seat, 1), 2 if seat != 2 else 3, store.FREE, store.FREE]
    p.excavators, p.mixers, p.credits = 1, 1, 6
    do(g, seat, Ext("build", "PB-02"))
    do(g, seat, Ext("tile", "BUILDING"))  # only 1e 1m + 3 credits fits, with 3 left for the frame
    assert (p.excavators, p.mixers, p.credits) == (0, 0, 0)
    assert g.state.ext.leeghwater.spaces[0][2] == seat


def test_L_6_10_without_solomon_missing_machinery_is_no_building():
    g, seat, p = builder()
    p.excavators, p.mixers, p.credits = 1, 2, 30
    assert Ext("build", "PB-03") not in placements.turn_actions(g.rules, g.state, seat)


# -- L-6.2 step 5: the building space chosen ---------------------------------------------------------


def test_L_6_2_the_player_may_take_a_framed_space():
    """L-6.2 step 5 ("one of the available spaces"): the framed space for 3 credits, leaving the free one."""
    g, seat, p = builder(players=4)
    do(g, seat, Ext("build", "PB-03"))
    do(g, seat, Ext("tile", "BUILDING"))
    assert top(g).kind == "lw_space"
    # one choice per kind of space: the leftmost unframed and the leftmost framed one
    assert top(g).answers(g.rules, g.state) == [Ext("space", "1:0C"), Ext("space", "3:3C")]
    credits = p.credits
    do(g, seat, Ext("space", "3:3C"))
    assert g.state.ext.leeghwater.spaces[0] == [-1, -1, seat, -1]
    assert p.credits == credits - 3
    assert p.ext.leeghwater.pieces == 4


def test_L_6_2_no_space_choice_when_the_frame_cannot_be_paid():
    g, seat, p = builder(players=4)
    p.credits = 2
    do(g, seat, Ext("build", "PB-03"))
    do(g, seat, Ext("tile", "BUILDING"))
    assert top(g) is None or not top(g).kind.startswith("lw_")
    assert g.state.ext.leeghwater.spaces[0][0] == seat and p.credits == 2


def test_L_6_2_the_one_open_space_is_said():
    """Where one building space is open the piece goes there unasked: the table says where
    (the log held ``x build PB-03 · x tile BUILDING`` and nothing of the space)."""
    g, seat, p = builder(players=4)
    p.credits = 2
    g.reset_caches()
    g.play(Ext("build", "PB-03"))  # the tile, the one it has, and the space are no questions
    who = g.rules.seat_name(g.state, seat)
    said = f"{who} builds PB-03 on building space 1 of 4, the one open to it (no surcharge, L-6.2)"
    assert said in g.told


def engine_at_space_choice():
    """Through the engine: the first seat builds PB-03 and must choose its space."""
    g, seat, _p = builder(players=4, tiles=("building", "AT-B3"))
    g.reset_caches()
    g.play(Ext("build", "PB-03"))
    g.play(Ext("tile", "BUILDING"))
    return g, seat


def test_space_choice_notation_and_illegal_spaces_change_nothing():
    g, _seat = engine_at_space_choice()
    assert [g.rules.describe(a) for a in g.legal()] == ["x space 1:0C", "x space 3:3C"]
    assert g.rules.parse("x space 3:3c", g.state) == Ext("space", "3:3C")
    before = g.rules.digest(g.state)
    for bad in (Ext("space", "2:0C"), Ext("space", "3:0C"), Ext("space", "4:3C"), Pay(2, 2, 0)):
        with pytest.raises(IllegalAction):
            g.play(bad)
        assert g.rules.digest(g.state) == before


def test_illegal_tile_choice_changes_nothing():
    """U-5 with a tile not in the supply, Anton's copy without Anton: illegal, state unchanged."""
    g, _seat, _p = builder(players=4, tiles=("building", "AT-B3"))
    g.reset_caches()
    g.play(Ext("build", "PB-03"))
    assert [g.rules.describe(a) for a in g.legal()] == ["x tile AT-B3", "x tile BUILDING"]
    before = g.rules.digest(g.state)
    for bad in (Ext("tile", "AT-I-W"), Ext("tile", "ANTON=BUILDING"), Ext("space", "1:0C")):
        with pytest.raises(IllegalAction):
            g.play(bad)
        assert g.rules.digest(g.state) == before


def test_L_6_2_a_building_is_paid_with_both_machineries_it_needs():
    """L-6.2 step 3 (as B-9.1.2): without an officer who pays with credits, a building
    needs every excavator and mixer printed on it; lacking either kind, no payment."""
    pay = machinery.machinery_payments
    assert pay(2, 1, 2, 1, 0, 0) == [(2, 1, 0)]
    assert pay(2, 1, 5, 0, 0, 99) == []  # no mixer
    assert pay(2, 1, 1, 3, 0, 99) == []  # one excavator short


def test_L_15_4_AT_II_W_with_L_6_10_solomon_credits_stay_within_the_budget():
    """AT-II-W (L-15.4) makes the machinery interchangeable; Solomon P. Jordan (L-6.10)
    pays each missing unit with 3 credits, as far as the credits left allow."""
    pay = machinery.machinery_payments
    # 3 units needed, 1 excavator held: 2 units short cost 6 credits
    assert (1, 0, 6) in pay(2, 1, 1, 0, 3, 6, mixed=True)
    assert (1, 0, 6) not in pay(2, 1, 1, 0, 3, 5, mixed=True)
    assert pay(2, 1, 1, 0, 3, 5, mixed=True) == []  # 3 credits cover one unit, two are short


def test_L_6_2_the_one_open_space_is_said_by_its_number_on_the_tile():
    """L-6.5: another player's building on the first space leaves the second the one open
    to him (unframed, and 2 credits pay no frame): it is said as space 2 of 4."""
    g, seat, p = builder(players=4)
    p.credits = 2
    g.state.ext.leeghwater.spaces[0][0] = (seat + 1) % 4
    g.reset_caches()
    g.play(Ext("build", "PB-03"))
    who = g.rules.seat_name(g.state, seat)
    said = f"{who} builds PB-03 on building space 2 of 4, the one open to it (no surcharge, L-6.2)"
    assert said in g.told
    assert g.state.ext.leeghwater.spaces[0][:2] == [(seat + 1) % 4, seat]
