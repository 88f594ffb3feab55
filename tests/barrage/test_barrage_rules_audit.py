"""Rule-by-rule checks of the introductory game through the rules engine: setup (B-4),
the round (B-5, B-6, B-17, B-19), placement (B-7), construction (B-8, B-9), the
management board (B-10), production order (B-11.2), contracts (B-13) and the
options of the uncertainty register.  Each expected number is the rulebook's."""

from __future__ import annotations

import pytest
from barrage_setup import (
    clear_map,
    conduit,
    dam,
    legal_text,
    neutral_dam,
    new_game,
    play,
    powerhouse,
    site,
)
from turbine.plugins.barrage import construction, production, water
from turbine.plugins.barrage.state import BLOCKED
from turbine.plugins.barrage.tables import (
    BASE,
    CONDUIT,
    ELEVATION,
    NEUTRAL,
    NOBODY,
    POWERHOUSE,
    headstream_tiles,
)

USA, GER, ITA, FRA = range(4)
AREA_OF_ZONE = {**dict.fromkeys((1, 2, 3, 4), "mountain"), **dict.fromkeys((5, 6, 7), "hill")}
AREA_OF_ZONE.update(dict.fromkeys((8, 9, 10, 11, 12), "plain"))


def first(game, seat: int) -> None:
    """Make ``seat`` the first player of the round (B-7.1)."""
    order = [seat] + [s for s in range(game.players) if s != seat]
    game.state.turn_order = list(order)
    game.state.flow.order = list(order)


def end_actions(game) -> None:
    """Everybody runs out of engineers: the rest of the round runs by itself (B-7.6)."""
    for p in game.state.players:
        p.engineers = 0
    game.rules._settle(game.state)


# --------------------------------------------------------------------------- B-4 setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_B_4_1_B_4_2_setup_by_player_count(players):
    """
    Rules: B-4.1.6, B-4.1.7, B-4.1.8, B-4.1.9, B-4.1.10, B-4.1.11, B-4.2.1, B-4.2.2, B-4.2.3,
    B-4.2.4, B-4.2.5, B-4.2.6, B-4.2.7, B-4.2.8, B-4.2.9, B-4.3.1, B-4.5.2, B-4.6, B-3.7.1, B-3.2.4,
    B-14.1.1, B-13.2.1.

    Rules: B-3.3.1.
    """
    g = new_game(players, seed=5)
    s = g.state
    assert len(set(s.headstream_tiles)) == 4  # B-4.1.6: 4 of the 8 tiles
    tiles = headstream_tiles()
    assert s.headstream_water == [tiles[t][0] for t in s.headstream_tiles]  # round-1 water (B-6.4)
    assert len(set(s.bonus_tiles)) == 5 and "BT-6" not in s.bonus_tiles  # B-4.1.7 intro
    assert s.objective in {f"OT-{i}" for i in range(1, 7)}  # B-4.1.8
    assert len(s.nationals) == players - 1  # B-4.1.9
    assert [len([c for c in slots if c]) for slots in s.display] == [2, 2, 2]  # B-4.1.10
    assert [len(stack) for stack in s.stacks] == [13, 13, 13]
    neutral = [(g.rules.board.dams[i].area, s.dam_height[i], s.dam_water[i]) for i in range(20)]
    assert sorted(x for x in neutral if x[1]) == [(0, 1, 1), (1, 2, 1), (2, 3, 1)]  # B-4.1.11
    assert all(s.dam_owner[i] == NEUTRAL for i in range(20) if s.dam_height[i])
    for p in s.players:  # B-4.2.4 to B-4.2.8
        assert (p.credits, p.excavators, p.mixers, p.vp, p.engineers, p.energy) == (6, 6, 4, 10, 12, 0)
        assert sorted(p.tiles) == ["base", "conduit", "elevation", "joker", "powerhouse"]
        assert p.built == [0, 0, 0, 0] and len(p.contracts) == 1
    assert s.turn_order == list(range(players))  # B-4.3.1


# --------------------------------------------------------------------------- B-5, B-6, B-17, B-19


def test_B_6_4_B_17_headstream_water_flows_in_phase_3_and_new_water_comes_in_rounds_1_to_4():
    """
    Rules: B-5.1, B-5.2, B-6.4.1, B-6.4.2, B-17.1, B-17.2, B-17.3, B-17.5, B-17.6, B-12.1.1,
    B-12.1.3, B-3.3.3, B-10.4.3.
    """
    g = new_game(4, seed=3)
    s = g.state
    clear_map(g)
    s.headstream_water = [2, 0, 0, 0]
    dam(g, "B1L", USA, 1, 0)  # headstream A -> Z-1: the first marker stops, the second leaves
    end_actions(g)
    assert s.flow.round == 2
    assert s.dam_water[site(g, "B1L")] == 1
    tiles = headstream_tiles()
    assert s.headstream_water == [tiles[t][1] for t in s.headstream_tiles]  # round 2's water only
    s.flow.round = 4
    end_actions(g)
    assert s.flow.round == 5
    assert s.headstream_water == [0, 0, 0, 0]  # B-6.4.2: nothing in round 5


def test_B_12_3_2_flow_phase_example_through_the_engine():
    """Rules: B-12.3.2, B-17.2, B-12.2.4, B-22.20.

    Rules: B-3.3.2, B-17.5.
    """
    g = new_game(4)
    clear_map(g)
    s = g.state
    dam(g, "B1U", USA, 1, 1)
    dam(g, "B8U", GER, 3, 2)
    dam(g, "B2U", ITA, 2, 1)
    dam(g, "B5U", FRA, 1, 0)
    neutral_dam(g, "B5L", 2, 1)
    s.headstream_water = [2, 3, 0, 0]
    g.rules._water_flow(s)
    held = {x: s.dam_water[site(g, x)] for x in ("B1U", "B8U", "B2U", "B5U", "B5L")}
    assert held == {"B1U": 1, "B8U": 3, "B2U": 2, "B5U": 1, "B5L": 2}
    assert s.headstream_water == [0, 0, 0, 0]


def test_B_12_every_water_movement_goes_through_the_one_algorithm(monkeypatch):
    """Production release, water that flows at once and the flow phase all call move_water.

    Rules: B-12.2, B-3.3.4, B-12.2.1, B-12.2.2, B-10.4.2.
    """
    calls = []
    real = water.move_water

    def spy(board, state, caps, sources):
        calls.append(tuple(src.kind for src in sources))
        return real(board, state, caps, sources)

    monkeypatch.setattr(water, "move_water", spy)
    g = new_game(4)
    clear_map(g)
    dam(g, "B5U", USA, 1, 1)
    conduit(g, "C5L", USA)
    powerhouse(g, "P8_0", USA)
    play(g, "place TS3L", "skip")  # release (B-11.2 step 8)
    play(g, "place WM2L", "headstream A")  # Germany: flows now (B-10.4.2)
    g.state.headstream_water = [1, 0, 0, 0]
    g.rules._water_flow(g.state)  # phase 3 (B-17)
    assert calls == [("release",), ("headstream",), ("headstream",)]


def test_B_6_1_incomes_are_cumulative_and_paid_every_round():
    """Rules: B-6.1.1, B-6.1.2, B-6.3, B-8.5.1, B-21.6."""
    g = new_game(4)
    s = g.state
    ita = s.players[ITA]
    ita.built[BASE] = 4  # base incomes 1 and 2 revealed: 3 credits and 5 VP
    usa = s.players[USA]
    usa.built[CONDUIT] = 5  # conduit incomes 3 VP, 2 VP + rotate 1, 7 VP
    g.rules._income(s)
    assert (ita.credits, ita.vp) == (6 + 3, 10 + 5)
    assert (usa.vp, usa.wheel_open) == (10 + 3 + 2 + 7, 1)
    g.rules._income(s)
    assert (ita.credits, ita.vp) == (6 + 6, 10 + 10)


def test_B_6_2_1_income_revealed_by_the_2nd_4th_and_5th_piece_at_once():
    """Rules: B-6.2.2, B-6.2.4, B-3.2.5, B-15.1.3."""
    g = new_game(4)
    clear_map(g)
    s = g.state
    ita = s.players[ITA]
    history = []
    for ident in ("B1L", "B2L", "B3L", "B4L", "B5L"):
        construction.place(g.rules, s, ITA, BASE, site(g, ident))
        history.append((ita.credits, ita.vp))
    # 1st nothing; 2nd 3 credits; 3rd nothing; 4th 5 VP; 5th 7 VP (B-6.2.1, B-6.2.2, B-6.2.4)
    assert history == [(6, 10), (9, 10), (9, 10), (9, 15), (9, 22)]


def test_U_3_incomes_resolved_in_reverse_turn_order_or_turn_order():
    """Rules: B-6.1.3."""
    for option, expected in (("reverse", GER), ("turn", USA)):
        g = new_game(4, income_order=option)
        s = g.state
        s.players[USA].built[ELEVATION] = 4  # 2 VP + 2 water (flows)
        s.players[GER].built[CONDUIT] = 4  # 2 VP + 2 water (flows)
        s.flow.pending.clear()
        g.rules._income(s)
        assert s.flow.pending[-1].seat == expected
        assert {p.seat for p in s.flow.pending} == {USA, GER}


def test_B_19_end_of_round_resets_but_keeps_wheel_water_and_contracts():
    """Rules: B-19.3, B-19.4, B-19.6, B-7.11, B-4.7.3, B-3.9.1."""
    g = new_game(3)
    s = g.state
    clear_map(g)
    dam(g, "B9U", USA, 2, 2)
    play(g, "place WM1L", "headstream A", "skip", "construct", "build base", "at B1L", "tile base")
    usa = s.players[USA]
    wheel = (list(usa.wheel_tile), list(usa.wheel_exc), usa.wheel_open)
    end_actions(g)
    assert s.flow.round == 2
    assert [p.engineers for p in s.players] == [12, 12, 12]  # B-19.4
    assert [p.spaces_used for p in s.players] == [0, 0, 0]
    assert all(o in (NOBODY, BLOCKED) for o in s.spaces) and BLOCKED in s.spaces  # blockers stay
    assert (list(usa.wheel_tile), list(usa.wheel_exc), usa.wheel_open) == wheel  # B-19.6
    assert s.dam_water[site(g, "B9U")] == 2 and usa.contracts == ["SC-1"]


def test_B_22_24_turn_order_least_energy_first_ties_swap():
    """Rules: B-19.2.

    Rules: B-3.5.1.
    """
    g = new_game(4)
    s = g.state
    for p, e in zip(s.players, (12, 5, 0, 5), strict=True):  # Kostya, Polina, Danylo, Olena
        p.energy = e
    g.rules._end_of_round(s)
    assert s.turn_order == [ITA, FRA, GER, USA]


def test_U_20_energy_capped_at_30_for_turn_order_and_tie_break():
    """Rules: B-3.9.3, B-19.2, B-20.5."""
    for cap, order in ((False, [GER, USA]), (True, [GER, USA])):
        g = new_game(2, energy_cap_ranking=cap)
        s = g.state
        s.players[USA].energy, s.players[GER].energy = 35, 31
        g.rules._end_of_round(s)
        # true totals: GER less; capped: a tie, reversed from USA, GER
        assert s.turn_order == order
    g = new_game(2, energy_cap_ranking=True)
    s = g.state
    s.players[USA].energy, s.players[GER].energy = 31, 35
    g.rules._end_of_round(s)
    assert s.turn_order == [GER, USA]  # tie at 30: reversed
    s.players[USA].energy, s.players[GER].energy = 31, 35
    s.players[USA].vp = s.players[GER].vp = 40
    assert g.rules.winner(s) == [USA, GER]
    g2 = new_game(2)
    g2.state.players[USA].energy, g2.state.players[GER].energy = 31, 35
    assert g2.rules.winner(g2.state) == [GER]


# --------------------------------------------------------------------------- B-7 placement


def test_B_7_6_a_seat_without_engineers_passes_and_takes_no_more_turns():
    """Rules: B-7.1, B-7.3."""
    g = new_game(3)
    s = g.state
    s.players[USA].engineers = 1
    play(g, "bank 1")
    assert g.to_move == GER
    play(g, "bank 1", "bank 1")
    assert g.to_move == GER and s.flow.done[0]  # USA passed by itself


def test_B_7_10_one_player_may_take_both_spaces_of_an_action():
    """Rules: B-22.41."""
    g = new_game(2)
    play(g, "place WS1L", "bank 1")
    assert "place WS1R" in legal_text(g)
    play(g, "place WS1R")
    assert g.state.spaces[g.rules.space_index["WS1R"]] == USA


def test_B_22_33_red_frame_and_printed_cost_must_both_be_affordable():
    """Rules: B-7.3, B-7.4, B-7.5, B-10.1.1, B-10.7.1, B-3.6.1."""
    g = new_game(4)
    g.state.players[USA].credits = 4
    assert "place MS1R" not in legal_text(g)  # 2 + 3 credits
    g.state.players[USA].credits = 5
    assert "place MS1R" in legal_text(g)
    play(g, "place MS1R")
    assert (g.state.players[USA].credits, g.state.players[USA].excavators) == (0, 7)


# --------------------------------------------------------------------------- B-8, B-9 construction


def test_B_8_1_four_construction_spaces_1_2_3_and_3_plus_3_credits():
    """Rules: B-8.1.1, B-8.2, B-8.3.2, B-9.1.1, B-16.1.1, B-16.1.2."""
    g = new_game(4)
    clear_map(g)
    usa = g.state.players[USA]
    usa.excavators, usa.mixers, usa.credits = 30, 30, 20
    play(g, "construct", "build base", "at B1L", "tile base", "bank 1", "bank 1", "bank 1")
    assert (usa.engineers, usa.excavators) == (11, 27)  # EO-WA: 3 excavators
    play(g, "construct", "build conduit", "at C1L", "tile conduit", "bank 1", "bank 1", "bank 1")
    assert (usa.engineers, usa.excavators) == (9, 17)  # value 5: 10 excavators
    play(g, "construct", "build powerhouse", "at P8_0", "tile powerhouse", "bank 1", "bank 1", "bank 1")
    assert (usa.engineers, usa.mixers) == (6, 28)  # 1st powerhouse: 2 mixers
    play(g, "construct", "build elevation", "tile elevation", "bank 1", "bank 1", "bank 1")
    assert (usa.engineers, usa.mixers, usa.credits) == (3, 24, 17)  # mountain elevation, 3 credits
    assert "construct" not in legal_text(g)  # B-8.1.1: at most 4 per round
    assert g.state.dam_height[site(g, "B1L")] == 2


def test_B_8_2_2_construct_only_when_a_structure_can_be_completed():
    """Rules: B-7.4, B-8.6.1, B-8.6.2."""
    g = new_game(4)
    clear_map(g)
    usa = g.state.players[USA]
    usa.excavators = usa.mixers = 0
    assert "construct" not in legal_text(g)  # no machinery (B-8.2 step 3)
    usa.mixers = 2
    assert "construct" in legal_text(g)  # a 1st powerhouse costs 2 mixers
    usa.tiles = ["base", "conduit"]  # B-8.6.2: the powerhouse and joker tiles are on the wheel
    assert "construct" not in legal_text(g)


@pytest.mark.parametrize("structure", [BASE, ELEVATION, CONDUIT, POWERHOUSE])
def test_B_9_1_cost_table_on_every_building_space(structure):
    """Germany (EO-JM changes only conduits, which may also be paid in mixers).

    Rules: B-0.4, B-9.1.1, B-22.34, B-16.4.1.
    """
    g = new_game(4)
    r, s = g.rules, g.state
    base = {"mountain": 5, "hill": 4, "plain": 3}
    elevation = {"mountain": 4, "hill": 3, "plain": 2}
    if structure in (BASE, ELEVATION):
        for d in r.board.dams:
            area = AREA_OF_ZONE[d.zone]
            need = construction.requirements(r, s, GER, structure, d.index)
            expected = (base[area], 0) if structure == BASE else (0, elevation[area])
            assert need[0] == expected
            red = 3 if structure == BASE and d.red else 0  # never for an elevation (B-22.34)
            assert construction.surcharge(r, structure, d.index) == red
    elif structure == CONDUIT:
        for c in r.board.conduits:
            need = construction.requirements(r, s, GER, structure, c.index)
            assert need == ((2 * c.value, 0), (0, c.value))  # B-16.4: or 1 mixer x value
            assert construction.surcharge(r, structure, c.index) == 0
    else:
        for built, mixers in enumerate((2, 3, 4, 5)):
            s.players[GER].built[POWERHOUSE] = built
            assert construction.requirements(r, s, GER, structure, 0) == ((0, mixers),)
        for p in r.board.powerhouses:
            assert construction.surcharge(r, structure, p.index) == (3 if p.red else 0)


def test_B_9_2_placement_limits():
    """Rules: B-3.2.1, B-3.2.2, B-3.2.4."""
    g = new_game(4)
    clear_map(g)
    r, s = g.rules, g.state

    def ids(structure):
        return {construction.site_id(r, structure, i) for i in construction.sites(r, s, GER, structure)}

    dam(g, "B5U", GER, 1, 0)
    neutral_dam(g, "B6L", 2, 1)
    dam(g, "B7U", USA, 1, 0)
    dam(g, "B8U", GER, 3, 0)
    bases = ids(BASE)
    assert "B5L" not in bases  # one own dam per basin (B-9.2.1)
    assert "B6U" in bases and "B7L" in bases  # neutral and other players' dams do not count
    assert not {"B6L", "B7U", "B8U"} & bases  # occupied spaces (B-9.2.6)
    assert ids(ELEVATION) == {"B5U"}  # own dams below height 3 only (B-9.2.2)
    powerhouse(g, "P8_0", GER)
    phs = ids(POWERHOUSE)
    assert not any(p.startswith("P8_") for p in phs) and "P9_0" in phs  # B-9.2.4
    conduit(g, "C5L", GER)
    assert "C5R" in ids(CONDUIT) and "C5L" not in ids(CONDUIT)  # B-9.2.3: no per-basin limit
    s.players[GER].built[CONDUIT] = 5
    assert ids(CONDUIT) == set()  # B-9.2.5: no piece left


# --------------------------------------------------------------------------- B-10 management board

# B-10.2: (engineers, extra credits) of every space; "+3cr" adds 3 to the printed cost.
B_10_2 = {
    "TS1L": (2, 0), "TS1R": (3, 3), "TS2L": (2, 0), "TS2R": (3, 3), "TS3L": (2, 0), "TS3R": (3, 3),
    "TS4L": (2, 0), "TS4R": (3, 3), "TS5L": (1, 0), "TS5R": (2, 0),
    "WM1L": (1, 0), "WM1R": (2, 3), "WM2L": (1, 0), "WM2R": (2, 3),
    "WS1L": (1, 0), "WS1R": (2, 0), "WS2L": (2, 2), "WS2R": (3, 5), "WS3L": (2, 5), "WS3R": (3, 8),
    "MS1L": (1, 2), "MS1R": (1, 5), "MS2L": (1, 4), "MS2R": (2, 4), "MS3L": (2, 5), "MS3R": (3, 8),
    "CO1L": (1, 0), "CO1R": (1, 3), "CO2L": (1, 0), "CO2R": (1, 3), "CO3L": (2, 1), "CO3R": (3, 1),
}  # fmt: skip


def test_B_10_2_every_action_space_engineers_and_credits():
    """Rules: B-0.4, B-7.5, B-10.2.1, B-22.11."""
    g = new_game(4)
    got = {s.id: (s.engineers, s.credits) for s in g.rules.spaces if s.kind != "bank"}
    assert got == B_10_2


def test_B_10_8_2_each_taken_slot_is_refilled_from_its_own_stack_and_U_18_empty_stack():
    """Rules: B-10.8.1, B-10.8.3, B-10.8.5, B-13.1."""
    g = new_game(4)
    s = g.state
    s.display = [["PC-G01", "PC-G02"], ["PC-Y01", "PC-Y02"], ["PC-R01", "PC-R02"]]
    s.stacks = [["PC-G09", "PC-G03"], [], ["PC-R05"]]
    play(g, "place CO3L", "take PC-G02", "take PC-R01")
    assert g.to_move == GER  # hand: SC-1 and the two taken
    assert s.display == [["PC-G01", "PC-G03"], ["PC-Y01", "PC-Y02"], ["PC-R05", "PC-R02"]]
    play(g, "place CO1L", "take PC-Y01")
    assert s.display[1] == ["", "PC-Y02"]  # the yellow stack is empty: the slot stays empty


# ------------------------------------------------------------------- B-11, B-13 production and contracts


def test_B_11_1_2_other_players_dams_are_never_used():
    """Rules: B-11.1.1, B-11.1.3."""
    g = new_game(4)
    clear_map(g)
    dam(g, "B5U", GER, 1, 1)
    conduit(g, "C5L", USA)
    powerhouse(g, "P8_0", USA)
    assert not any(m.startswith("place TS") for m in legal_text(g))


def test_B_13_3_2_one_contract_per_production():
    """Rules: B-3.5.2, B-13.3.1, B-13.3.3, B-13.3.4, B-22.4, B-22.15, B-13.1.1."""
    g = new_game(4)
    clear_map(g)
    usa = g.state.players[USA]
    usa.contracts = ["SC-1", "PC-G10"]  # 3 and 3: 7 energy is enough for both (B-22.15)
    dam(g, "B5U", USA, 2, 2)
    conduit(g, "C5L", USA)
    powerhouse(g, "P8_0", USA)
    play(g, "place TS1L", "water 2")
    assert usa.energy == 8
    assert legal_text(g) == ["fulfil SC-1", "fulfil PC-G10", "skip"]
    play(g, "fulfil PC-G10")
    assert g.to_move == GER and usa.contracts == ["SC-1"] and usa.fulfilled == ["PC-G10"]
    assert (usa.vp, usa.credits) == (14, 8)  # 4 VP + 2 credits (B-22.4)


def test_B_13_4_first_to_fulfil_a_national_contract_takes_it():
    """Rules: B-13.4.1, B-13.4.2, B-13.4.3."""
    g = new_game(4)
    clear_map(g)
    g.state.nationals = ["NC-3", "NC-5"]
    usa = g.state.players[USA]
    dam(g, "B1U", USA, 3, 3)
    conduit(g, "C1L", USA)  # value 5, Z-1 -> Z-8
    powerhouse(g, "P8_0", USA)
    play(g, "place TS1L", "water 3")  # 15 + 2 = 17
    assert legal_text(g) == ["fulfil SC-1", "fulfil NC-3", "fulfil NC-5", "skip"]
    play(g, "fulfil NC-3")  # 8 VP + 8 credits
    assert g.state.nationals == ["NC-5"] and usa.fulfilled == ["NC-3"]
    assert (usa.vp, usa.credits) == (18, 14)


def test_B_22_16_france_fulfils_a_14_national_with_11():
    """Rules: B-13.6.1, B-15.5.1, B-15.5.2."""
    for row, ok in (("TS1L", True), ("TS2L", False)):
        g = new_game(4)
        clear_map(g)
        first(g, FRA)
        g.state.nationals = ["NC-3"]
        g.state.players[FRA].contracts = []
        for ph in ("P10_0", "P8_0", "P9_0"):
            powerhouse(g, ph, FRA)
        dam(g, "B5U", FRA, 2, 2)
        conduit(g, "C5R", FRA)  # value 4, Z-5 -> Z-10
        play(g, f"place {row}", "water 2")  # 8 + row + 1
        assert ("fulfil NC-3" in legal_text(g)) is ok


def test_B_11_2_step_10_italy_ability_unlocked_by_the_contract_reward():
    """The contract (step 9) builds Italy's 3rd powerhouse; the ability (step 10) then applies.

    Rules: B-11.2, B-15.3.1, B-15.1.5, B-11.5.2, B-13.5.2, B-13.7.1, B-13.7.2.
    """
    g = new_game(4)
    clear_map(g)
    first(g, ITA)
    ita = g.state.players[ITA]
    ita.contracts = ["PC-Y02"]  # 5: build a powerhouse
    powerhouse(g, "P8_0", ITA)
    powerhouse(g, "P9_0", ITA)
    dam(g, "B5U", ITA, 2, 2)
    conduit(g, "C5L", ITA)  # value 3
    play(g, "place TS3L", "water 2")
    assert ita.energy == 6 + 1  # 2nd-powerhouse bonus
    play(g, "fulfil PC-Y02", "at P10_0")
    assert ita.built[POWERHOUSE] == 3 and ita.energy == 7 + 3
    assert (ita.mixers, ita.credits) == (4, 6)  # a rewarded build is free


def test_B_11_2_step_10_germany_repeat_unlocked_by_the_contract_reward():
    """Rules: B-11.2, B-15.4.1, B-15.4.2."""
    g = new_game(4)
    clear_map(g)
    first(g, GER)
    ger = g.state.players[GER]
    ger.contracts = ["PC-Y02"]
    powerhouse(g, "P8_0", GER)
    powerhouse(g, "P9_0", GER)
    dam(g, "B5U", GER, 2, 2)
    conduit(g, "C5L", GER)  # Z-5 -> Z-8
    dam(g, "B6U", GER, 1, 1)
    conduit(g, "C6R", GER)  # value 2, Z-6 -> Z-7
    play(g, "place TS3L", "water 2", "fulfil PC-Y02", "at P7_0")
    assert legal_text(g) == ["produce B6U C6R", "skip"]
    play(g, "produce B6U C6R")
    assert ger.energy == 7 + 2  # the repeat: 1 x 2, no modifier, no bonus (B-15.4.2)


def test_U_4_contract_before_the_water_flows_on():
    """Rules: B-11.2.1.  The game help: the contract, «Після цього вода тече вниз за течією»
    (after that the water flows downstream): the default (``None``) decides the contract
    while the water still waits at the powerhouse."""
    for option, held_while_deciding in ((False, 1), (True, 0), (None, 0)):
        g = new_game(4) if option is None else new_game(4, contract_before_flow=option)
        clear_map(g)
        dam(g, "B5U", USA, 1, 1)
        conduit(g, "C5L", USA)
        powerhouse(g, "P8_0", USA)
        dam(g, "B8U", GER, 1, 0)
        play(g, "place TS3L")
        assert legal_text(g) == ["fulfil SC-1", "skip"]
        assert g.state.dam_water[site(g, "B8U")] == held_while_deciding
        play(g, "skip")
        assert g.state.dam_water[site(g, "B8U")] == 1


def test_B_16_3_2_fiesler_examples_and_B_22_48():
    """Rules: B-16.3.1, B-15.1.2."""
    g = new_game(4)
    r, s = g.rules, g.state
    fra = s.players[FRA]
    fra.built[POWERHOUSE] = 2
    assert production.energy(r, s, FRA, 1, 2, 2, production.BONUS) == 4 + 2 + 1
    fra.built[POWERHOUSE] = 4
    assert production.energy(r, s, FRA, 1, 2, 2, production.BONUS) == 4 + 2 + 3
    assert production.energy(r, s, FRA, 2, 2, 0, production.BONUS) == 4 + 3  # 4 is not raised
    assert production.energy(r, s, FRA, 1, 5, 0, production.BONUS) == 5 + 3


def test_U_5_fiesler_floor_on_a_repeat_only_with_the_option():
    """Rules: B-15.4.4."""
    for option, expected in ((False, 2), (True, 4)):
        g = new_game(4, floor_on_repeat=option)
        assert production.energy(g.rules, g.state, FRA, 1, 2, 0, production.REPEAT) == expected


def test_B_15_2_usa_energy_in_the_flow_phase_only_with_3_powerhouses():
    """Rules: B-15.2.1, B-15.2.4, B-17.4, B-15.1.5."""
    for built, expected in ((2, 0), (3, 2)):
        g = new_game(4)
        clear_map(g)
        for ph in ("P8_0", "P11_0", "P5_0")[:built]:
            powerhouse(g, ph, USA)
        g.state.headstream_water = [1, 0, 0, 0]  # A -> Z-1 -> Z-8 -> Z-11 -> sea
        g.rules._water_flow(g.state)
        assert g.state.players[USA].energy == expected


def test_U_26_mandatory_reward_parts():
    """Rules: B-13.7.5."""
    for option, skippable in (("ext", True), ("mandatory", False)):
        g = new_game(4, optional_parts=option)
        g.rules.gain(g.state, USA, g.rules.contracts["PC-G05"].reward)  # 3 credits + 2 water (delayed)
        assert ("skip" in legal_text(g)) is skippable
        assert g.state.players[USA].credits == 9


# --------------------------------------------------------------------------- remaining rules


def test_B_8_3_wheel_of_6_sectors_holds_at_most_5_loads_and_the_open_sector_is_empty():
    """Rules: B-8.3.1, B-8.3.3, B-8.4.2, B-8.4.3."""
    g = new_game(4)
    p = g.state.players[USA]
    p.tiles = ["base"] * 6
    p.excavators = 60
    for k in range(5):
        construction.load(p, "base", k + 1, 0)
        construction.rotate(p, 1)
        assert not p.wheel_tile[p.wheel_open] and not p.wheel_exc[p.wheel_open]
    assert sum(1 for t in p.wheel_tile if t) == 5 and p.excavators == 60 - 15
    construction.load(p, "base", 6, 0)  # the 6th load comes back with the 1st (6 turns)
    construction.rotate(p, 1)
    assert sum(1 for t in p.wheel_tile if t) == 5 and p.excavators == 60 - 15 - 6 + 1


def test_B_13_7_4_U_8_unplaceable_rewarded_build_is_forfeited_the_rest_is_kept():
    """PC-Y10 (2 VP + build an elevation) without an own dam: 2 VP, nothing to decide."""
    g = new_game(4)
    clear_map(g)
    usa = g.state.players[USA]
    g.rules.gain(g.state, USA, g.rules.contracts["PC-Y10"].reward)
    g.rules._settle(g.state)
    assert usa.vp == 12 and not g.state.flow.pending


def test_B_13_9_1_resources_and_energy_first_then_the_build():
    """PC-R09 (build a powerhouse + 3 energy): the energy is there while the site is chosen."""
    g = new_game(4)
    clear_map(g)
    usa = g.state.players[USA]
    g.rules.gain(g.state, USA, g.rules.contracts["PC-R09"].reward)
    assert usa.energy == 3 and g.state.flow.pending[-1].kind == "free_site"
    play(g, "at P8_0")
    assert usa.built[POWERHOUSE] == 1 and usa.mixers == 4


def test_B_15_4_3_B_22_35_germany_fulfils_one_contract_per_production():
    """Rules: B-15.4.6."""
    g = new_game(4)
    clear_map(g)
    first(g, GER)
    ger = g.state.players[GER]
    ger.contracts = ["PC-G03", "PC-G10"]  # 2: 5 credits; 3: 4 VP + 2 credits
    for ph in ("P8_0", "P9_0", "P7_0"):
        powerhouse(g, ph, GER)
    dam(g, "B5U", GER, 1, 1)
    conduit(g, "C5L", GER)  # value 3 -> Z-8
    dam(g, "B6U", GER, 1, 1)
    conduit(g, "C6R", GER)  # value 2 -> Z-7
    play(g, "place TS3L", "produce B5U C5L", "fulfil PC-G10")
    assert ger.energy == 3 + 1 and "fulfil PC-G03" not in legal_text(g)
    play(g, "produce B6U C6R", "fulfil PC-G03")  # 2 energy: its own contract
    assert ger.fulfilled == ["PC-G10", "PC-G03"] and ger.credits == 6 + 2 + 5
    assert g.to_move == USA


def test_B_16_1_3_adler_base_keeps_the_red_frame_and_elevations_cost_normally():
    """Rules: B-16.1.1, B-16.1.2."""
    g = new_game(4)
    clear_map(g)
    usa = g.state.players[USA]
    play(g, "construct", "build base", "at B5U", "tile base")  # hills, red frame
    assert (usa.excavators, usa.credits) == (6 - 3, 6 - 3)
    r, s = g.rules, g.state
    assert construction.requirements(r, s, USA, ELEVATION, site(g, "B5U")) == ((0, 3),)  # hills
    assert construction.requirements(r, s, USA, BASE, site(g, "B1L")) == ((3, 0),)  # mountains


def test_B_16_2_3_neutral_dams_keep_their_height_as_capacity():
    """Rules: B-3.2.3, B-12.1.2."""
    g = new_game(4)
    clear_map(g)
    for h, ident in zip((1, 2, 3), ("B1U", "B5U", "B9U"), strict=True):
        neutral_dam(g, ident, h, 0)
    for h, ident in zip((1, 2, 3), ("B1L", "B5L", "B9L"), strict=True):
        dam(g, ident, USA, h, 0)  # EO-WA: no change
    caps = g.rules.capacities(g.state)
    assert [caps[site(g, i)] for i in ("B1U", "B5U", "B9U", "B1L", "B5L", "B9L")] == [1, 2, 3, 1, 2, 3]


def test_B_21_5_1_U_14_objective_counts_pieces_elevations_included():
    g = new_game(2)
    clear_map(g)
    s = g.state
    dam(g, "B1U", USA, 3, 0)  # 3 pieces in the mountains
    dam(g, "B5U", USA, 1, 0)
    powerhouse(g, "P5_0", USA)
    counts = [scoring_count(g, "structures_in_best_area"), scoring_count(g, "basins_with_3_structures")]
    assert counts == [3, 1]
    assert s.dam_height[site(g, "B1U")] == 3


def scoring_count(g, counts: str) -> int:
    from turbine.plugins.barrage import scoring

    return scoring.objective_count(g.rules, g.state, USA, counts)


def test_B_22_2_bonus_tile_with_6_energy_in_round_1():
    g = new_game(4)
    s = g.state
    s.bonus_tiles[0] = "BT-3"  # 4 VP per base
    s.players[USA].built[BASE] = 2
    s.players[USA].energy = 6
    s.players[GER].energy = 5
    s.players[GER].built[BASE] = 2
    from turbine.plugins.barrage import scoring

    scoring.score_round(g.rules, s)
    assert s.players[USA].vp == 10 + 6 + 8  # first place + 2 bases x 4
    assert s.players[GER].vp == 10 + 2  # second place, below 6 energy: no bonus


def test_B_22_14_energy_adds_up_over_the_round():
    g = new_game(4)
    clear_map(g)
    usa = g.state.players[USA]
    usa.energy = 5
    usa.contracts = []
    dam(g, "B6U", USA, 2, 2)
    conduit(g, "C6L", USA)  # value 4 -> Z-9
    powerhouse(g, "P9_0", USA)
    play(g, "place TS5L", "water 2")  # 2 x 4 - 2 = 6, added to the earlier 5
    assert usa.energy == 5 + 6


def test_B_22_44_round_5_incomes_no_headstream_water_flow_and_no_end_of_round():
    """Rules: B-5.2, B-19.1, B-20.1."""
    g = new_game(4)
    s = g.state
    clear_map(g)
    s.flow.round = 4
    s.players[ITA].built[BASE] = 2  # 3 credits each income phase
    end_actions(g)
    assert s.flow.round == 5 and s.headstream_water == [0, 0, 0, 0]
    ita_credits = s.players[ITA].credits
    s.headstream_water = [1, 0, 0, 0]  # placed during round 5's actions: phase 3 still runs
    dam(g, "B1L", USA, 1, 0)
    s.players[ITA].energy = 4
    end_actions(g)
    assert s.flow.over and s.dam_water[site(g, "B1L")] == 1
    assert s.players[ITA].energy == 4  # no end of round: the markers stay for the tie-break
    assert ita_credits >= 6 + 3


def test_U_17_supply_is_unlimited_with_a_notice_when_the_box_would_run_out():
    """B-2.3.2 / U-17: nothing stops play past the physical count; the board says so."""
    g = new_game(2)
    assert g.rules.notices(g.state) == []
    g.state.players[0].credits = 150
    g.state.players[1].excavators = 60
    g.state.dam_water[0] += 40
    notes = g.rules.notices(g.state)
    water = sum(g.state.dam_water) + sum(g.state.headstream_water)
    assert notes[0] == f"{water} water markers are in play; the box has 30 (U-17)"
    assert any(n.startswith("players hold ") and "credits units; the box has 154" in n for n in notes)
    assert any("excavators units; the box has 62" in n for n in notes)


def test_U_17_mixers_on_the_wheels_count_toward_the_box():
    """U-17: mixers in the supplies and on the wheels together; one more than the box is noted."""
    g = new_game(2)
    box = g.rules.consts["supply_units"]["mixers"]
    for p in g.state.players:
        p.mixers, p.wheel_mix = 0, [0] * 6
    g.state.players[0].mixers = box
    assert g.rules.notices(g.state) == []
    g.state.players[1].wheel_mix[3] = 1
    assert g.rules.notices(g.state) == [f"players hold {box + 1} mixers units; the box has {box} (U-17)"]
