"""More Leeghwater rules (docs/rules/leeghwater.md), each test asserting the outcome the
rule it names states: the placements of L-4.3, external works (L-5), using buildings
(L-7, L-8), the Netherlands' drop (L-11.3), the new officers (L-12), the end of a round
(L-13) and final scoring (L-14).  The helpers are those of ``test_leeghwater_rules.py``.
"""

from __future__ import annotations

from test_leeghwater_rules import activate, do, drafted, margot, put_building, rich, show_work, top, used
from turbine.plugins.barrage.actions import Ext, Machinery
from turbine.plugins.barrage.hookspecs import GameConfig
from turbine.plugins.leeghwater import components, dams, game_setup, officers, placements, scoring, store


def test_L_1_5_L_4_3_every_kind_of_placement_is_offered():
    """L-4.3.1 an external-works space, L-4.3.2 a private building as construction target,
    L-4.3.3 an activated building's space, L-4.3.4 Margot Fouché's personal space: all four
    are offered to one player who can take each (L-1.5: they join the base placements)."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    g.state.players[seat].officer = store.MARGOT
    rich(g, seat)
    put_building(g, "PB-07", 0)
    activate(g, seat, 0)
    offered = placements.turn_actions(g.rules, g.state, seat)
    names = {a.name for a in offered}
    assert {"work", "build", "use", "margot"} <= names
    assert Ext("use", "PB-07") in offered and Ext("margot", "PB-07") in offered


def test_L_3_9_3_L_3_9_5_L_12_1_1_building_tile_and_leslies_tile_at_setup():
    """L-3.9.3: every company takes the building tile; L-3.9.5, L-12.1.1: Leslie Spencer
    also takes her special tile at the start of the game, and only she does."""
    g = drafted(3)
    leslie, other = g.state.turn_order[0], g.state.turn_order[1]
    for seat in (leslie, other):
        g.state.players[seat].ext.leeghwater = None
        if store.LESLIE_TILE in g.state.players[seat].tiles:
            g.state.players[seat].tiles.remove(store.LESLIE_TILE)
    g.state.players[leslie].officer = store.LESLIE
    g.state.players[other].officer = store.MARGOT
    for seat in (leslie, other):
        game_setup.setup_player(g.rules, g.state, seat)
    assert store.BUILDING_TILE in g.state.players[leslie].tiles
    assert store.BUILDING_TILE in g.state.players[other].tiles
    assert store.LESLIE_TILE in g.state.players[leslie].tiles
    assert store.LESLIE_TILE not in g.state.players[other].tiles


def test_L_3_9_6_tommaso_keeps_12_engineers_one_of_them_the_architect():
    """L-3.9.6: the architect replaces one of the 12 engineers; the count stays 12."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    p = g.state.players[seat]
    p.officer = store.TOMMASO
    assert p.engineers == 12
    assert p.ext.leeghwater.architect == 1


# -- L-5 external works -----------------------------------------------------------------------


def test_L_5_4_3_L_5_5_L_5_6_a_work_needs_no_energy_and_its_space_is_used_once():
    """L-5.5: no energy is needed (energy 0); L-5.6: the machinery goes to the general supply,
    not onto the wheel; L-5.4.3: the tile is taken, so its space offers nothing more."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat)
    p = g.state.players[seat]
    p.energy = 0
    show_work(g, "EW-T1", 0)
    cost = store.work("EW-T1").cost
    wheel = (list(p.wheel_exc), list(p.wheel_mix))
    do(g, seat, Ext("work", "EW-T1"))
    while top(g) is not None and top(g).kind.startswith("lw_"):
        g.state.flow.pending.pop()
    assert (p.excavators, p.mixers) == (12 - cost.excavators, 12 - cost.mixers)
    assert (list(p.wheel_exc), list(p.wheel_mix)) == wheel
    assert g.state.ext.leeghwater.ew_display[0] == ""
    assert "EW-T1" in p.ext.leeghwater.works
    offered = placements.turn_actions(g.rules, g.state, seat)
    assert Ext("work", "EW-T1") not in offered


def test_L_5_8_several_works_in_one_round_on_separate_turns():
    """L-5.8: there is no per-player limit: a second work is offered in the same round."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    rich(g, seat)
    show_work(g, "EW-T1", 0)
    do(g, seat, Ext("work", "EW-T1"))
    while top(g) is not None and top(g).kind.startswith("lw_"):
        g.state.flow.pending.pop()
    second = next(w for w in g.state.ext.leeghwater.ew_display if w)
    assert Ext("work", second) in placements.turn_actions(g.rules, g.state, seat)


def test_L_5_11_L_14_3_external_works_score_nothing_at_the_end():
    """L-5.11, L-14.3: external-works tiles in a supply score nothing at game end."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    g.state.players[seat].ext.leeghwater.works = ["EW-T1", "EW-T5"]
    assert scoring.final_scoring(g.state) == []


# -- L-7, L-8 building actions -------------------------------------------------------------------


def test_L_7_5_not_on_a_tile_that_holds_your_engineers():
    """L-7.5: once your engineers are on the tile this round, it is not offered again, even
    with the engineers and credits for a right space."""
    g, seat = used(drafted(3), "PB-07", credits=20)
    do(g, seat, Ext("use", "PB-07"))
    assert Ext("use", "PB-07") not in placements.turn_actions(g.rules, g.state, seat)


def test_L_7_8_L_13_3_the_round_end_resets_the_per_round_marks():
    """L-7.8, L-13.3: left-first status, usage counters, Margot's space and the architect reset."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    s = g.state.ext.leeghwater
    own = g.state.players[seat].ext.leeghwater
    s.left = [True] * 5
    own.used, own.margot, own.architect = [1, 0, 2, 0, 1], 1, 0
    scoring.end_of_round(g.rules, g.state)
    assert s.left == [False] * 5
    assert (own.used, own.margot, own.architect) == ([0] * 5, 0, 1)


def test_L_8_5_substation_needs_its_credit():
    """L-8.5: pay 1 credit, then the energy marker moves +4: without the credit it is not offered."""
    g, seat = used(drafted(3), "PB-05", credits=0)
    assert Ext("use", "PB-05") not in placements.turn_actions(g.rules, g.state, seat)
    g.state.players[seat].credits = 1
    energy = g.state.players[seat].energy
    do(g, seat, Ext("use", "PB-05"))
    assert (g.state.players[seat].credits, g.state.players[seat].energy) == (0, energy + 4)


def test_L_8_6_robot_factory_two_excavators_two_mixers_or_one_of_each():
    """L-8.6: pay 1 credit and take 2 machinery: 2 excavators, 2 mixers, or 1 of each."""
    g, seat = used(drafted(3), "PB-06", credits=1)
    do(g, seat, Ext("use", "PB-06"))
    assert g.state.players[seat].credits == 0
    assert set(top(g).answers(g.rules, g.state)) == {Machinery(2, 0), Machinery(1, 1), Machinery(0, 2)}


def test_L_8_7_finance_department_five_credits():
    """L-8.7: take 5 credits from the general supply; it costs none."""
    g, seat = used(drafted(3), "PB-07", credits=0)
    assert Ext("use", "PB-07") in placements.turn_actions(g.rules, g.state, seat)
    do(g, seat, Ext("use", "PB-07"))
    assert g.state.players[seat].credits == 5


def test_L_8_10_customer_department_costs_3_credits():
    """L-8.10: pay 3 credits: with 2 the Customer Department is not offered, with 3 it is."""
    g, seat = used(drafted(3), "PB-10", credits=2)
    assert g.state.players[seat].contracts
    assert Ext("use", "PB-10") not in placements.turn_actions(g.rules, g.state, seat)
    g.state.players[seat].credits = 3
    assert Ext("use", "PB-10") in placements.turn_actions(g.rules, g.state, seat)


# -- L-11.3 the Netherlands' drop, L-8.1 the dike -------------------------------------------------


def _dams(g, seat: int, other: int) -> tuple[int, int, int, int]:
    """Four dams with room: two of ``seat``'s, a neutral one and one of ``other``'s."""
    st = g.state
    n = len(st.dam_owner)
    st.dam_owner[:] = [-2] * n
    st.dam_height[:] = [0] * n
    own1, own2, neutral, theirs = 0, 1, 2, 3
    for d, owner in ((own1, seat), (own2, seat), (neutral, -1), (theirs, other)):
        st.dam_owner[d], st.dam_height[d], st.dam_water[d] = owner, 1, 0
    return own1, own2, neutral, theirs


def test_L_11_3_2_L_11_3_3_the_drop_goes_to_an_own_dam_not_the_production_dam():
    """L-11.3.2: only own dams with free capacity (no neutral or opponent's dam); L-11.3.3:
    the dam that supplied the production is excluded."""
    g = drafted(3)
    seat, other = g.state.turn_order[0], g.state.turn_order[1]
    own1, own2, _neutral, _theirs = _dams(g, seat, other)
    assert dams.dike_dams(g.rules, g.state, seat, own_only=True, exclude=own1) == [own2]
    g.state.dam_water[own2] = g.rules.capacities(g.state)[own2]  # full
    assert dams.dike_dams(g.rules, g.state, seat, own_only=True, exclude=own1) == []


def test_L_8_1_dike_neutral_or_own_dam_never_an_opponents():
    """L-8.1: the Protective Dike's target is a neutral dam or an own dam with free capacity."""
    g = drafted(3)
    seat, other = g.state.turn_order[0], g.state.turn_order[1]
    own1, own2, neutral, _theirs = _dams(g, seat, other)
    assert dams.dike_dams(g.rules, g.state, seat) == [own1, own2, neutral]


# -- L-12 officers ----------------------------------------------------------------------------------


def test_L_12_1_4_L_12_1_6_L_12_1_7_leslie_pays_from_her_supply_and_keeps_the_reward():
    """L-12.1.4: no construction space is used; L-12.1.6: the machinery must come from her
    personal supply; L-12.1.7: she still takes the tile face down and its reward."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    p = g.state.players[seat]
    p.officer = store.LESLIE
    if store.LESLIE_TILE not in p.tiles:
        p.tiles.append(store.LESLIE_TILE)
    rich(g, seat, exc=0, mix=0)
    show_work(g, "EW-T1", 0)
    assert Ext("work_wheel", "EW-T1") not in placements.turn_actions(g.rules, g.state, seat)
    p.excavators, p.mixers = 12, 12
    spaces_used, credits = p.spaces_used, p.credits
    do(g, seat, Ext("work_wheel", "EW-T1"))
    assert p.spaces_used == spaces_used
    assert "EW-T1" in p.ext.leeghwater.works
    reward = sum(part.amount for part in store.work("EW-T1").reward if part.kind == "credits")
    assert p.credits == credits + reward


def test_L_12_4_4_the_architects_extra_turn_may_be_declined():
    """L-12.4.4: the extra turn is a normal turn the player may decline: the decision is optional."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    g.state.players[seat].officer = store.TOMMASO
    got = officers.after_placement(g.rules, g.state, seat, Ext("use", "PB-07"), 1)
    assert got is not None and len(got) == 1 and got[0].optional


def test_L_12_4_5_one_architect_turn_per_round():
    """L-12.4.5: the architect stays on its space until the end of the round: no second extra
    turn that round; after the round it is available again."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    g.state.players[seat].officer = store.TOMMASO
    first = officers.after_placement(g.rules, g.state, seat, Ext("use", "PB-07"), 1)
    assert first
    g.state.flow.pending.append(first[0])
    first[0].apply(g.rules, g.state, Ext("architect"))
    assert top(g).kind == "extra"  # the extra turn (L-12.4.2)
    g.state.flow.pending.pop()
    assert g.state.players[seat].ext.leeghwater.architect == 0
    assert officers.after_placement(g.rules, g.state, seat, Ext("use", "PB-07"), 1) is None
    scoring.end_of_round(g.rules, g.state)
    assert officers.after_placement(g.rules, g.state, seat, Ext("use", "PB-07"), 1)


# -- L-14 final scoring ---------------------------------------------------------------------------


def test_L_14_2_a_tile_scored_at_once_scores_again():
    """L-14.2: VP scored earlier through AT-B3 does not replace the final scoring: an activated
    tile still scores its printed VP for its owner."""
    g = drafted(3)
    seat = g.state.turn_order[0]
    put_building(g, "PB-07", 0)
    activate(g, seat, 0)
    g.state.players[seat].vp += store.building("PB-07").vp  # as AT-B3 scored it at once
    assert scoring.final_scoring(g.state) == [(seat, store.building("PB-07").vp, "PB-07 activated (L-14.1)")]


# -- L-6 building, L-15.8 the two surcharges ----------------------------------------------------------


def test_L_6_3_the_cost_is_the_buildings_not_the_count_of_buildings():
    """L-6.3: the cost is that of the tile built next to (PB-03: 2 excavators, 2 mixers), the
    same with a building already built elsewhere."""
    g = drafted(4)
    seat = g.state.turn_order[0]
    rich(g, seat, credits=10, exc=8, mix=8)
    put_building(g, "PB-03", 0)
    g.state.ext.leeghwater.spaces[1][0] = seat  # a building of the seat's on another tile
    p = g.state.players[seat]
    open_sector = p.wheel_open
    do(g, seat, Ext("build", "PB-03"))
    do(g, seat, Ext("tile", "BUILDING"))
    while top(g) is not None and top(g).kind == "lw_space":
        do(g, seat, top(g).answers(g.rules, g.state)[0])
    assert (p.wheel_exc[open_sector], p.wheel_mix[open_sector]) == (2, 2)
    assert (p.excavators, p.mixers) == (6, 6)


def test_L_15_8_fourth_construction_space_and_a_red_framed_building_space_cost_6():
    """L-15.8: the 4th construction space (3 credits) and a red-framed building space (3 credits)
    in one action: 6 credits."""
    g = drafted(4)
    seat = g.state.turn_order[0]
    rich(g, seat, credits=10, exc=8, mix=8)
    put_building(g, "PB-03", 0)
    others = [o for o in range(4) if o != seat]
    g.state.ext.leeghwater.spaces[0] = [others[0], others[1], store.FREE, store.FREE]  # only red frames free
    p = g.state.players[seat]
    p.spaces_used = 3
    do(g, seat, Ext("build", "PB-03"))
    assert (p.engineers, p.credits) == (9, 7)  # the 4th space: 3 engineers, 3 credits
    do(g, seat, Ext("tile", "BUILDING"))
    assert p.credits == 4  # and 3 for the red-framed building space
    assert g.state.ext.leeghwater.spaces[0][2] == seat


def test_L_10_1_two_new_bonus_tiles_five_of_eight_used():
    """L-10.1: BT-N1 and BT-N2 are shuffled with the 6 base tiles and 5 of the 8 are used."""
    seen = set()
    for seed in range(12):
        tiles = drafted(2, seed=seed).state.bonus_tiles
        assert len(tiles) == 5 and len(set(tiles)) == 5
        seen.update(tiles)
    assert {"BT-N1", "BT-N2"} <= seen
    assert len(seen) == 8


# -- L-1.3.1 players, L-4.5/L-5.10 the refresh, L-4.6/L-7.9/L-6.8 the buildings at the end ----------


def test_L_1_3_1_no_solo_game():
    """L-1.3.1 (U-1): no solo play (nor 5 players): only 2 to 4 players."""
    assert any("2–4 players" in p for p in components.validate(GameConfig(1, "full", None)))
    assert any("2–4 players" in p for p in components.validate(GameConfig(5, "full", None)))
    assert components.validate(GameConfig(2, "full", None)) == []


def test_L_4_5_L_5_10_the_round_end_refreshes_the_works_display():
    """L-4.5, L-5.10: at the end of a round the display is replaced from the stacks in order
    (A's last 2, then B's top)."""
    g = drafted(3)
    s = g.state.ext.leeghwater
    a, b = list(s.ew_stacks[0]), list(s.ew_stacks[1])
    assert len(a) == 2
    scoring.end_of_round(g.rules, g.state)
    assert s.ew_display == [a[-1], a[-2], b[-1]]
    assert s.ew_stacks[0] == [] and s.ew_stacks[1] == b[:-1]


def test_L_4_6_L_7_9_L_6_8_each_activation_scores_at_the_end_and_lasts():
    """L-6.8: a building stays activated through the end of rounds; L-4.6, L-7.9: at the end of
    the game each activated tile scores its printed VP for each player who activated it."""
    g = drafted(3)
    a, b = g.state.turn_order[0], g.state.turn_order[1]
    put_building(g, "PB-05", 0)
    g.state.ext.leeghwater.spaces[0][0] = a
    g.state.ext.leeghwater.spaces[0][1] = b
    for _ in range(4):
        scoring.end_of_round(g.rules, g.state)
    assert g.state.ext.leeghwater.spaces[0][:2] == [a, b]
    vp = store.building("PB-05").vp
    assert sorted(scoring.final_scoring(g.state)) == sorted(
        [(a, vp, "PB-05 activated (L-14.1)"), (b, vp, "PB-05 activated (L-14.1)")]
    )


def test_L_7_7_four_players_each_use_the_same_tile_in_one_round():
    """L-7.7: 1 left and 3 right spaces: every one of 4 players who activated a tile can use it
    in the same round (the first on the left space)."""
    g = drafted(4)
    put_building(g, "PB-07", 0)
    g.state.ext.leeghwater.spaces[0] = [0, 1, 2, 3]
    for i, seat in enumerate(g.state.turn_order):
        rich(g, seat)
        assert Ext("use", "PB-07") in placements.turn_actions(g.rules, g.state, seat)
        do(g, seat, Ext("use", "PB-07"))
        assert g.state.ext.leeghwater.left[0]
        p = g.state.players[seat]
        assert (p.credits, p.engineers) == (35, 11 if i == 0 else 10)  # PB-07: left 1, right 2 engineers


def test_L_12_2_5_margot_uses_one_building_twice_tile_first():
    """L-12.2.5: Margot Fouché's two uses in a round may target the same building: through the
    tile, then through her personal space; then no third use of it that round."""
    g, seat = margot()
    p = g.state.players[seat]
    do(g, seat, Ext("use", "PB-07"))
    assert p.credits == 5
    assert Ext("margot", "PB-07") in placements.turn_actions(g.rules, g.state, seat)
    do(g, seat, Ext("margot", "PB-07"))
    assert p.credits == 10
    offered = placements.turn_actions(g.rules, g.state, seat)
    assert Ext("use", "PB-07") not in offered and Ext("margot", "PB-07") not in offered
