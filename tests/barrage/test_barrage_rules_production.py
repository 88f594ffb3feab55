"""Production (B-11), officers and company abilities that act on it."""

from __future__ import annotations

from barrage_setup import clear_map, conduit, dam, legal_text, neutral_dam, new_game, play, powerhouse, site
from turbine.core.testing import position

USA, GER, ITA, FRA = range(4)


def test_B_11_6_1_own_dam_own_conduit_value_3():
    """Rules: B-22.9, B-11.1.1, B-11.1.2, B-11.1.3, B-11.5.1, B-3.5.2, B-13.3.3."""
    pos = position(new_game(4)).clear_map()
    pos.seat(USA).dam("B5U", height=1, water=1).conduit("C5L").powerhouse("P8_0")  # C5L: value 3, Z-5 -> Z-8
    g = pos.build()
    play(g, "place TS3L")  # ±0; only one system and one amount: resolved by the engine
    p = g.state.players[USA]
    assert p.energy == 3
    assert g.state.dam_water[site(g, "B5U")] == 0
    assert p.engineers == 10 and p.credits == 6
    # the starting contract (requirement 3) may be fulfilled (B-13.3)
    assert legal_text(g) == ["fulfil SC-1", "skip"]
    play(g, "fulfil SC-1")
    assert p.fulfilled == ["SC-1"] and p.credits == 8 and p.energy == 5  # SC-1: 2 credits + 2 energy


def test_B_11_6_2_neutral_dam_through_black_conduit():
    """Rules: B-22.10, B-22.46, B-11.3.2, B-3.6.2, B-11.3.1."""
    pos = position(new_game(4)).clear_map().neutral_dam("B5L", height=2, water=2)
    pos.seat(GER).conduit("C5L")  # value 3
    pos.seat(USA).powerhouse("P8_0")
    g = pos.build()
    play(g, "place TS3L", "water 2")
    usa, ger = g.state.players[USA], g.state.players[GER]
    assert usa.energy == 6
    assert usa.credits == 6 - 2 and ger.credits == 6 + 2 and ger.vp == 10 + 2  # B-11.2 step 7


def test_B_11_6_3_row_plus_one_green_value_4_conduit():
    """Rules: B-22.13."""
    pos = position(new_game(4)).clear_map().neutral_dam("B6L", height=2, water=2)
    pos.seat(ITA).conduit("C6L")  # value 4, Z-6 -> Z-9
    pos.seat(USA).powerhouse("P9_0")
    g = pos.build()
    play(g, "place TS2L", "water 2")
    usa, ita = g.state.players[USA], g.state.players[ITA]
    assert usa.energy == 4 * 2 + 1 == 9
    assert usa.credits == 4 and ita.credits == 8 and ita.vp == 12


def test_B_11_2_step_8_released_water_flows_downstream():
    """Rules: B-12.3.3, B-22.17, B-12.1.4, B-12.2.2."""
    g = new_game(4)
    clear_map(g)
    dam(g, "B5U", USA, 1, 1)
    conduit(g, "C5L", USA)
    powerhouse(g, "P8_0", USA)
    neutral_dam(g, "B8L", 1, 1)  # full: the marker passes it
    dam(g, "B8U", GER, 1, 0)  # upper site of Z-8 catches it (B-23.2.2: U before L)
    play(g, "place TS3L", "skip")
    assert g.state.dam_water[site(g, "B8U")] == 1
    assert g.state.dam_water[site(g, "B8L")] == 1


def test_B_11_4_production_below_1_is_illegal_and_its_space_too():
    """Rules: B-11.4.1, B-11.4.2, B-10.3.1, B-22.32."""
    g = new_game(4)
    clear_map(g)
    dam(g, "B9U", USA, 1, 1)
    conduit(g, "C9L", USA)  # value 1 -> Z-11
    powerhouse(g, "P11_0", USA)
    moves = legal_text(g)
    assert "place TS5L" not in moves and "place TS5R" not in moves  # 1 - 2 < 1 (B-22.32)
    assert "place TS4L" not in moves  # 1 - 1 = 0
    assert "place TS3L" in moves and "place TS1L" in moves


def test_B_16_3_fiesler_floor_of_4_on_minus_2_row():
    """Rules: B-16.3.1, B-16.3.2."""
    g = new_game(4)
    clear_map(g)
    g.state.turn_order = [FRA, USA, GER, ITA]
    g.state.flow.order = [FRA, USA, GER, ITA]
    dam(g, "B9U", FRA, 1, 1)
    conduit(g, "C9L", FRA)
    powerhouse(g, "P11_0", FRA)
    play(g, "place TS5L")
    assert g.state.players[FRA].energy == 4 - 2  # B-16.3.2


def test_B_6_2_3_powerhouse_bonus_plus_1_from_the_second():
    """Rules: B-15.1.2."""
    g = new_game(4)
    clear_map(g)
    dam(g, "B5U", USA, 1, 1)
    conduit(g, "C5L", USA)
    powerhouse(g, "P8_0", USA)
    powerhouse(g, "P9_0", USA)
    play(g, "place TS1L", "skip")
    assert g.state.players[USA].energy == 3 + 2 + 1


def test_U_24_foreign_conduit_needs_credits_for_the_fee():
    g = new_game(4)
    clear_map(g)
    neutral_dam(g, "B5L", 2, 2)
    conduit(g, "C5L", GER)
    powerhouse(g, "P8_0", USA)
    g.state.players[USA].credits = 1
    play(g, "place TS3L")  # only 1 marker is payable: resolved by the engine
    assert g.state.players[USA].energy == 3 and g.state.players[USA].credits == 0
    assert g.state.dam_water[site(g, "B5L")] == 1


def test_B_15_3_italy_plus_3_after_production_not_for_contracts():
    """Rules: B-15.3.1, B-11.5.2, B-13.5.2, B-13.3.1."""
    g = new_game(4)
    clear_map(g)
    g.state.turn_order = g.state.flow.order = [ITA, USA, GER, FRA]
    for z in ("P8_0", "P9_0", "P10_0"):
        powerhouse(g, z, ITA)
    dam(g, "B5U", ITA, 1, 1)
    conduit(g, "C5L", ITA)
    g.state.players[ITA].contracts = ["PC-G06"]  # requirement 3; SC-3 (2) removed
    play(g, "place TS5L")  # 1 x 3 on the -2 row, +1 for 3 powerhouses built = 2
    p = g.state.players[ITA]
    assert p.energy == 3 - 2 + 1 + 3
    # the contract test uses the production's own energy (2), not Italy's +3
    assert "fulfil PC-G06" not in legal_text(g)


def test_B_15_5_france_needs_3_less_energy():
    """Rules: B-15.5.1, B-13.6.1, B-16.3.3."""
    g = new_game(4)
    clear_map(g)
    g.state.turn_order = g.state.flow.order = [FRA, USA, GER, ITA]
    for z in ("P8_0", "P9_0", "P10_0"):
        powerhouse(g, z, FRA)
    dam(g, "B5U", FRA, 2, 2)
    conduit(g, "C5L", FRA)
    g.state.players[FRA].contracts = ["PC-Y11"]  # requirement 7
    play(g, "place TS3L", "water 1")  # 1 x 3 -> 4 (EO-VF), +1 bonus = 5 >= 7 - 3
    assert g.state.players[FRA].energy == 5
    assert "fulfil PC-Y11" in legal_text(g)


def test_B_15_4_germany_second_production_without_modifiers():
    """Rules: B-15.4.1, B-15.4.2, B-22.28."""
    g = new_game(4)
    clear_map(g)
    g.state.turn_order = g.state.flow.order = [GER, USA, ITA, FRA]
    powerhouse(g, "P5_0", GER)
    powerhouse(g, "P8_0", GER)
    powerhouse(g, "P10_0", GER)
    dam(g, "B3U", GER, 2, 2)
    conduit(g, "C3L", GER)  # value 4, Z-3 -> Z-5
    dam(g, "B7U", GER, 3, 3)
    conduit(g, "C7L", FRA)  # value 2, Z-7 -> Z-10 (white's conduit)
    g.state.players[GER].contracts = []
    play(g, "place TS1L", "produce B3U C3L", "water 2")
    ger, fra = g.state.players[GER], g.state.players[FRA]
    assert ger.energy == 4 * 2 + 2 + 1  # row +2, 3 powerhouses: +1
    moves = legal_text(g)
    assert "produce B7U C7L" in moves and "skip" in moves
    assert not any(m.startswith("produce B3U") for m in moves)  # same powerhouse basin is not allowed
    play(g, "produce B7U C7L", "water 3")
    assert ger.energy == 11 + 3 * 2  # no modifier, no bonus (B-15.4.2)
    assert ger.credits == 6 - 3 and fra.credits == 6 + 3 and fra.vp == 13


def test_B_15_2_usa_energy_when_water_flows_past_its_powerhouse():
    """Rules: B-15.2.1, B-15.2.4, B-22.27."""
    g = new_game(4)
    clear_map(g)
    for z in ("P8_0", "P9_0", "P11_0"):
        powerhouse(g, z, USA)
    # Italy produces at its powerhouse in Z-5; the water flows on through Z-9 (USA) to Z-11 (USA)
    g.state.turn_order = g.state.flow.order = [ITA, USA, GER, FRA]
    powerhouse(g, "P5_0", ITA)
    dam(g, "B3U", ITA, 2, 2)
    conduit(g, "C3L", ITA)
    play(g, "place TS3L", "water 2")
    if g.state.flow.pending and g.state.flow.pending[-1].kind == "contract":  # U-4: the contract first
        play(g, "skip")
    assert g.state.players[USA].energy == 2 * 2  # two markers, each past two USA powerhouses
