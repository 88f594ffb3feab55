"""Round scoring (B-18), end of round (B-19) and final scoring (B-20)."""

from __future__ import annotations

from barrage_setup import clear_map, dam, neutral_dam, new_game
from turbine.plugins.barrage import scoring
from turbine.plugins.barrage.tables import credits_for_energy

USA, GER, ITA, FRA = range(4)


def awards(energies):
    g = new_game(len(energies))
    return scoring.energy_awards(g.rules, energies)


def test_B_18_2_first_6_second_2():
    """Rules: B-18.2.1, B-22.1."""
    assert awards([9, 4, 3, 0]) == [6, 2, 0, 0]  # B-22.1


def test_B_18_2_3_tie_for_second_gives_1_each():
    """Rules: B-22.21."""
    assert awards([10, 5, 0, 5]) == [6, 1, 0, 1]  # B-22.21


def test_B_18_2_2_tie_for_first_splits_8_rounded_up():
    """Rules: B-22.39."""
    assert awards([8, 8, 3, 1]) == [4, 4, 0, 0]
    assert awards([7, 7, 7, 1]) == [3, 3, 3, 0]  # B-22.39
    assert awards([5, 5, 5, 5]) == [2, 2, 2, 2]


def test_B_18_1_zero_energy_is_not_ranked():
    """Rules: B-18.2.4."""
    assert awards([0, 0, 0, 0]) == [0, 0, 0, 0]
    assert awards([3, 0]) == [6, 0]


def test_B_18_3_credits_scale_and_zero_energy_penalty():
    """Rules: B-18.3.1, B-18.3.2, B-22.22, B-3.9.2."""
    assert [credits_for_energy(e) for e in (1, 3, 6, 8, 15, 21, 28, 29, 45)] == [1, 2, 3, 4, 5, 6, 7, 8, 8]
    g = new_game(4)
    s = g.state
    s.flow.round = 1
    s.bonus_tiles[0] = "BT-3"
    for p, e in zip(s.players, (8, 5, 0, 5), strict=True):
        p.energy = e
    scoring.score_round(g.rules, s)
    # B-22.21/22: USA 6 VP + 4 credits; GER/FRA 1 VP + 3 credits; ITA +3 credits and -3 VP
    assert [p.credits for p in s.players] == [10, 9, 9, 9]
    # BT-3 (4 VP per base): nobody has a base; USA reached 6 energy but scores 0
    assert [p.vp for p in s.players] == [16, 11, 7, 11]


def test_U_16_vp_never_below_zero():
    """Rules: B-3.7.2."""
    g = new_game(2)
    g.state.players[1].vp = 1
    g.state.players[0].energy = 3
    scoring.score_round(g.rules, g.state)
    assert g.state.players[1].vp == 0


def test_B_22_23_bonus_tile_partial_rewards_round_3():
    # BT-2, 5 VP per powerhouse, round 3
    """Rules: B-18.4.2, B-18.4.3, B-3.9.4."""
    assert scoring.bonus_reward(3, 18, 2 * 5) == 10  # Olena: full reward
    assert scoring.bonus_reward(3, 14, 3 * 5) == 11  # Danylo: section 2, 15 - 4
    assert scoring.bonus_reward(3, 7, 1 * 5) == 0  # Polina: 5 - 8, never negative
    assert scoring.bonus_reward(3, 5, 3 * 5) == 0  # Kostya: under 6
    assert scoring.bonus_reward(5, 45, 10) == 10  # B-22.38: past 30 counts as section 5


def test_B_18_4_bonus_tile_through_round_scoring():
    """Rules: B-18.4.1, B-18.4.4, B-18."""
    g = new_game(4)
    s = g.state
    s.flow.round = 3
    s.bonus_tiles[2] = "BT-2"
    built = (2, 3, 1, 3)
    energy = (18, 14, 7, 5)
    for p, b, e in zip(s.players, built, energy, strict=True):
        p.built[3] = b
        p.energy = e
        p.vp = 0
    scoring.score_round(g.rules, s)
    awards_ = [6, 2, 0, 0]
    assert [p.vp - a for p, a in zip(s.players, awards_, strict=True)] == [10, 11, 0, 0]


def test_B_19_2_turn_order_by_energy_ties_reverse():
    """Rules: B-19."""
    g = new_game(4)
    s = g.state
    s.turn_order = [USA, GER, ITA, FRA]
    for p, e in zip(s.players, (9, 4, 1, 4), strict=True):
        p.energy = e
    g.rules._end_of_round(s)
    assert s.turn_order == [ITA, FRA, GER, USA]  # B-22.24: the tied pair swaps
    assert all(p.energy == 0 and p.engineers == 12 for p in s.players)


def test_B_22_52_three_way_tie_fully_reversed():
    g = new_game(4)
    s = g.state
    s.turn_order = [USA, GER, ITA, FRA]
    for p, e in zip(s.players, (3, 3, 3, 0), strict=True):
        p.energy = e
    g.rules._end_of_round(s)
    assert s.turn_order == [FRA, ITA, GER, USA]


def test_U_27_option_keep_order_on_ties():
    g = new_game(4, tie_order="keep")
    s = g.state
    for p, e in zip(s.players, (3, 3, 3, 0), strict=True):
        p.energy = e
    g.rules._end_of_round(s)
    assert s.turn_order == [FRA, USA, GER, ITA]


def test_B_20_2_objective_ties_share_rounded_up():
    assert scoring.split_places([6, 6, 3], [15, 10, 5], [True] * 3) == [13, 13, 5]
    assert scoring.split_places([9, 4, 4, 1], [15, 10, 5], [True] * 4) == [15, 8, 8, 0]
    assert scoring.split_places([0, 0, 0, 0], [15, 10, 5], [True] * 4) == [8, 8, 8, 8]


def test_B_22_29_objective_areas_example():
    """Rules: B-22.6, B-20.2."""
    g = new_game(3)
    clear_map(g)
    # OT-3 / OT-4 with structures per area: USA 3/0/6, GER 1/5/4, ITA 3/3/3
    s = g.state
    b = g.rules.board
    layout = {USA: (3, 0, 6), GER: (1, 5, 4), ITA: (3, 3, 3)}
    free = {
        area: [("c", c.index) for c in b.conduits if c.area == area]
        + [("p", p.index) for p in b.powerhouses if p.area == area]
        for area in range(3)
    }
    for seat, counts in layout.items():
        for area, n in enumerate(counts):
            for _ in range(n):
                kind, i = free[area].pop()
                if kind == "p":
                    s.ph_owner[i] = seat
                else:
                    s.conduit_owner[i] = seat
    best = [scoring.objective_count(g.rules, s, seat, "structures_in_best_area") for seat in range(3)]
    worst = [scoring.objective_count(g.rules, s, seat, "structures_in_worst_area") for seat in range(3)]
    assert scoring.split_places(best, [15, 10, 5], [True] * 3) == [15, 10, 5]
    assert scoring.split_places(worst, [15, 10, 5], [True] * 3) == [5, 10, 15]


def test_B_20_final_scoring_objective_resources_water_and_tie_break():
    """Rules: B-20, B-20.3, B-20.4, B-20.5, B-22.25, B-22.26, B-8.4.4, B-22.45, U-15.

    Rules: B-22.7.
    """
    g = new_game(2)
    clear_map(g)
    s = g.state
    s.objective = "OT-1"  # bases and powerhouses on red-framed spaces
    dam(g, "B5U", USA, 1, 1)  # red-framed
    dam(g, "B6L", GER, 2, 2)
    neutral_dam(g, "B7L", 2, 2)  # neutral water scores for nobody
    usa, ger = s.players
    usa.vp, ger.vp = 20, 10
    usa.credits, usa.excavators, usa.mixers = 8, 6, 4  # 18 -> 3 VP (B-22.25)
    usa.wheel_exc[2] = 4  # on the wheel: ignored
    ger.credits, ger.excavators, ger.mixers = 4, 0, 0  # 0 VP
    with g.rules.narrating() as told:
        scoring.final_scoring(g.rules, s)
    # 2 players: 15 / 10 (B-4.6); USA 1 red space, GER 0
    assert usa.vp == 20 + 15 + 3 + 1
    assert ger.vp == 10 + 10 + 0 + 2
    # said with what the objective counted, the place it gave and the units behind the resources
    assert told[0] == (
        "Final scoring (objective OT-1: most bases and powerhouses on red-framed spaces; "
        "resources; held water):"
    )
    assert " ".join(told[1].split()) == (
        "USA objective 15 VP (1 counted: 1st), resources 3 VP (18 credits and machinery ÷ 5), "
        "water 1 VP → 39 VP"
    )
    assert "objective 10 VP (0 counted: 2nd)" in told[2]
    # B-20.5: equal VP -> more energy in round 5 wins; equal energy -> shared
    ger.vp = usa.vp
    usa.energy, ger.energy = 3, 7
    assert g.rules.winner(s) == [GER]
    usa.energy = 7
    assert g.rules.winner(s) == [USA, GER]


def test_B_21_5_OT_2_counts_only_dams_linked_by_your_own_conduit():
    """B-21.5 OT-2: your dams connected by *your* conduits to *your* powerhouses.
    A conduit of another player links nothing for you, whatever his seat."""
    from barrage_setup import conduit, powerhouse

    g = new_game(3)
    clear_map(g)
    s = g.state
    dam(g, "B1U", GER, 1, 0)  # zone 1; conduit C1L runs from zone 1 to zone 8
    powerhouse(g, "P8_0", GER)
    count = scoring.objective_count
    counts = "dams_linked_by_own_conduit_to_own_powerhouse"
    for other in (USA, ITA):  # a lower and a higher seat than Germany's
        conduit(g, "C1L", other)
        assert count(g.rules, s, GER, counts) == 0
    conduit(g, "C1L", GER)
    assert count(g.rules, s, GER, counts) == 1
    dam(g, "B1L", GER, 1, 0)  # two dams linked to the same powerhouse both count
    assert count(g.rules, s, GER, counts) == 2


def test_B_21_5_OT_6_a_basin_counts_its_dam_pieces_and_conduits_together():
    """B-21.5 OT-5 and OT-6 (basins with 1 or 3 of your structures), pieces counted (B-21.5.1):
    a dam of height 2 and a conduit in the same basin make 3."""
    from barrage_setup import conduit

    g = new_game(3)
    clear_map(g)
    s = g.state
    dam(g, "B1U", GER, 2, 0)  # zone 1: a base and an elevation
    count = scoring.objective_count
    assert count(g.rules, s, GER, "basins_with_3_structures") == 0
    assert count(g.rules, s, GER, "basins_with_1_structure") == 1
    conduit(g, "C1L", GER)  # conduit C1L lies in zone 1
    assert count(g.rules, s, GER, "basins_with_3_structures") == 1


def test_B_21_4_BT_6_and_B_21_5_OT_3_as_the_tiles_name_their_counts():
    """B-21.4 BT-6 (advanced tiles in the supply and on the wheel) and B-21.5 OT-3 (structure
    pieces in your best area), with the counts as the scoring tiles' data names them."""
    g = new_game(3)
    clear_map(g)
    s = g.state
    p = s.players[GER]
    p.tiles, p.wheel_tile = ["AT-I-C", "base"], ["AT-II-C", "", "", "", "", ""]
    assert scoring.bonus_count(g.rules, s, GER, g.rules.bonus_table["BT-6"][1]) == 2
    dam(g, "B1U", GER, 2, 0)  # the mountains: a base and an elevation
    ot3 = g.rules.objective_table["OT-3"]
    assert scoring.objective_count(g.rules, s, GER, ot3) == 2
