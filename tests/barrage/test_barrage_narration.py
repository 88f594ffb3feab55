"""What Barrage says aloud of the steps it carries out itself: the USA's energy from
water flowing past its powerhouses (B-15.2), the energy a contract is chosen with
(B-13.3.1, B-13.5.1) and an AT-II-P production that cannot be made (B-22.36).  Each
line is asserted whole, as a player reads it."""

from __future__ import annotations

from barrage_full_setup import blank, build_with, to_move
from barrage_setup import clear_map, conduit, dam, new_game, play, powerhouse, site
from turbine.core.testing import position
from turbine.plugins.barrage.decisions import ChooseContract

USA, GER, ITA, FRA = range(4)


def test_B_15_2_released_water_says_the_usa_s_energy_and_where_it_passed():
    """B-15.2.1, B-15.2.4, B-22.27: Italy's released water passes two USA powerhouses; the
    USA's energy went up with nothing said, now each powerhouse passed is named."""
    g = new_game(4)
    clear_map(g)
    for ph in ("P8_0", "P9_0", "P11_0"):  # 3 powerhouses: the ability is unlocked (B-15.1.5)
        powerhouse(g, ph, USA)
    g.state.turn_order = g.state.flow.order = [ITA, USA, GER, FRA]
    powerhouse(g, "P5_0", ITA)
    dam(g, "B3U", ITA, 2, 2)
    conduit(g, "C3L", ITA)  # Z-3 -> Z-5; the water then flows on through Z-9 and Z-11 to the sea
    play(g, "place TS3L", "water 2", "skip")  # U-4: the contract first, then the water flows on
    assert g.state.players[USA].energy == 4
    assert g.told[-2:] == [
        "The released water flows on: 2 out to the sea (B-12)",
        "USA's ability (B-15.2): +4 energy, 1 for each water marker that flowed naturally past one of "
        "its powerhouses: 2 past P9_0, 2 past P11_0",
    ]


def test_B_15_2_B_17_4_the_flow_phase_says_the_usa_s_energy_after_the_water():
    """B-17.4: in the water flow phase the ability is said after where the water went."""
    g = new_game(4)
    clear_map(g)
    for ph in ("P8_0", "P11_0", "P5_0"):
        powerhouse(g, ph, USA)
    g.state.headstream_water = [1, 0, 0, 0]  # A -> Z-1 -> Z-8 -> Z-11 -> the sea
    with g.rules.narrating() as told:
        g.rules._water_flow(g.state)
    assert told == [
        "Water flows: 1 from the headstreams; dams: none filled",
        "USA's ability (B-15.2): +2 energy, 1 for each water marker that flowed naturally past one of "
        "its powerhouses: 1 past P8_0, 1 past P11_0",
    ]


def test_B_15_2_1_no_line_without_the_ability():
    """B-15.1.5: with 2 powerhouses the USA earns nothing, and nothing is said of it."""
    g = new_game(4)
    clear_map(g)
    for ph in ("P8_0", "P11_0"):
        powerhouse(g, ph, USA)
    g.state.headstream_water = [1, 0, 0, 0]
    with g.rules.narrating() as told:
        g.rules._water_flow(g.state)
    assert told == ["Water flows: 1 from the headstreams; dams: none filled"]


def test_B_13_3_1_the_contract_question_says_the_energy_the_production_made():
    """B-13.3.1: the contract is chosen with the energy of that one production; the question
    said only "which contract to fulfil"."""
    pos = position(new_game(4)).clear_map()
    pos.seat(USA).dam("B5U", height=1, water=1).conduit("C5L").powerhouse("P8_0")  # value 3
    g = pos.build()
    play(g, "place TS3L")
    said = "which contract to fulfil with 3 energy from this production (B-13.3.1)"
    assert g.rules.question(g.state) == said


def test_B_13_5_1_the_contract_question_says_tile_energy_and_energy_left():
    """B-13.5.1: a tile's energy usable for a contract; an expansion's ``summed`` policy: the
    energy the production has left after its first contract."""
    g = new_game(2)
    asked = {}
    for name, decision in {
        "tile": ChooseContract(seat=0, energy=6, tile_energy=True, optional=True),
        "left": ChooseContract(seat=0, energy=2, discounted=True, optional=True),
    }.items():
        g.state.flow.pending.append(decision)
        asked[name] = g.rules.question(g.state)
        g.state.flow.pending.pop()
    assert asked == {
        "tile": "which contract to fulfil with the 6 energy just gained (usable for a contract, B-13.5.1)",
        "left": "which contract to fulfil with 2 energy from this production (B-13.3.1)",
    }


def test_B_22_36_an_AT_II_P_production_that_cannot_be_made_is_said_lost():
    """B-22.36: with no legal production the tile's effect is skipped and the powerhouse
    stays; nothing said it."""
    g = blank(2)
    seat = to_move(g)
    p = g.state.players[seat]
    p.tiles, p.excavators, p.mixers, p.credits = ["AT-II-P"], 10, 10, 20
    p.officer = "EO-JM"  # no cost rule for powerhouses
    build_with(g, seat, "powerhouse", "P8_0", "AT-II-P")  # no dam, no conduit: no production
    assert g.state.ph_owner[site(g, "P8_0")] == seat and p.energy == 0
    name = g.rules.company(g.state, seat).name
    assert (
        f"{name}'s AT-II-P production is lost: {name} can make no production now; the powerhouse stays "
        "(B-22.36)"
    ) in g.told


def test_B_22_36_an_AT_II_P_production_that_can_be_made_is_not_said_lost():
    """B-22.36: a production is possible: it is offered, and no loss is said."""
    g = blank(2)
    seat = to_move(g)
    p = g.state.players[seat]
    p.tiles, p.excavators, p.mixers, p.credits = ["AT-II-P"], 10, 10, 20
    p.officer = "EO-JM"
    dam(g, "B5U", seat, 1, 1)
    conduit(g, "C5L", seat)  # value 3 into basin 8
    build_with(g, seat, "powerhouse", "P8_0", "AT-II-P")
    assert not [line for line in g.told if "production is lost" in line]


def test_B_6_4_1_the_headstream_water_of_the_round_is_said():
    """B-6.4.1: after incomes each headstream tile receives its markers for the round (B-23.3:
    HS-1 0/2/2/0, HS-3 2/0/2/0, HS-4 1/1/1/1, HS-6 0/0/1/2); the water appeared on the board
    with nothing said.  B-6.4.2: none in round 5."""
    g = new_game(4)
    g.state.headstream_tiles = ["HS-3", "HS-1", "HS-4", "HS-6"]  # on headstreams A, B, C, D
    g.state.headstream_water = [1, 0, 0, 0]
    g.state.flow.round = 1
    with g.rules.narrating() as told:
        g.rules._income(g.state)
    assert g.state.headstream_water == [3, 0, 1, 0]
    assert "Water arrives at the headstreams (B-6.4): A +2 (now 3), B none, C +1, D none" in told
    g.state.flow.round = 5
    with g.rules.narrating() as told:
        g.rules._income(g.state)
    assert g.state.headstream_water == [3, 0, 1, 0]
    assert not [line for line in told if "headstreams" in line]


def test_B_10_8_2_the_refilled_contract_is_said_and_B_7_6_a_company_without_engineers_passes_aloud():
    """B-10.8.2: at the end of the USA's turn the empty slot is filled from the top of its
    stack; B-7.6: Germany, with no engineers on its turn, passes and takes no further turns
    this round.  Both happened with nothing said."""
    g = new_game(2)
    g.state.stacks[1].append("PC-Y04")  # the top of the yellow stack: 5 energy for 2 VP, …
    g.state.players[1].engineers = 0
    play(g, "place CO1L", "take PC-Y10")
    assert g.state.display[1] == ["PC-Y04", "PC-Y08"]
    assert g.told == [
        "The contract display is refilled (B-10.8.2): PC-Y04 (5: 2 VP + 1 water (flows) + rotate 2)",
        "Germany has no engineers left: it passes and takes no further turns this round (B-7.6)",
    ]
    assert g.state.flow.done[1] and g.rules.to_move(g.state) == 0
