"""Management-board spaces (B-10), construction and the wheel (B-8, B-9), contracts (B-10.8, B-13)."""

from __future__ import annotations

import pytest
from barrage_setup import clear_map, dam, legal_text, new_game, play, site
from turbine.plugins.barrage import construction
from turbine.plugins.barrage.state import BLOCKED, Player

USA, GER, ITA, FRA = range(4)


@pytest.mark.parametrize(
    ("players", "blocked"),
    [
        (2, {"TS2L", "TS2R", "TS4L", "TS4R", "WS2L", "WS2R", "MS2L", "MS2R", "CO2L", "CO2R"}),
        (3, {"TS2L", "TS2R", "MS2L", "MS2R", "CO2L", "CO2R"}),
        (4, set()),
    ],
)
def test_B_4_7_blocked_spaces_by_player_count(players, blocked):
    """Rules: B-4.7.1, B-4.7.2, B-4.7.4, B-4.6."""
    g = new_game(players)
    got = {s.id for s, o in zip(g.rules.spaces, g.state.spaces, strict=True) if o == BLOCKED}
    assert got == blocked


def test_B_7_first_turn_placements_4_players():
    """Rules: B-7.2, B-7.4, B-7.5, B-7.7, B-10.5.2, B-11.1.1, B-22.33."""
    g = new_game(4)
    moves = legal_text(g)
    # no powerhouse yet: no production; the rest of the board, construction and the Bank
    assert not any(m.startswith("place TS") for m in moves)
    assert moves[:1] == ["construct"]
    assert {"place WM1L", "place WM2R", "place WS3L", "place MS1R", "place CO3R"} <= set(moves)
    assert "place WS3R" not in moves  # 5 + 3 credits > 6 (B-7.5, B-22.33)
    assert "place MS3R" not in moves
    assert moves[-12:] == [f"bank {n}" for n in range(1, 13)]


@pytest.mark.parametrize(
    ("space", "engineers", "credits", "excavators", "mixers"),
    [
        ("WS1L", 1, 0, 0, 0),
        ("WS1R", 2, 0, 0, 0),
        ("WS2L", 2, 2, 0, 0),
        ("WS2R", 3, 5, 0, 0),
        ("WS3L", 2, 5, 0, 0),
        ("MS1L", 1, 2, 1, 0),
        ("MS1R", 1, 5, 1, 0),
        ("MS3L", 2, 5, 1, 1),
    ],
)
def test_B_10_6_B_10_7_workshop_and_machinery_shop(space, engineers, credits, excavators, mixers):
    """Rules: B-10.1.1, B-10.6.1, B-10.7.1, B-7.9, B-3.6.1."""
    g = new_game(4)
    p = g.state.players[USA]
    play(g, f"place {space}")
    assert p.engineers == 12 - engineers
    assert p.credits == 6 - credits
    assert (p.excavators, p.mixers) == (6 + excavators, 4 + mixers)
    assert g.state.spaces[g.rules.space_index[space]] == USA
    assert f"place {space}" not in legal_text(g)  # exclusive (B-7.9)


def test_B_10_7_machinery_shop_either_machine():
    """Rules: B-10.7.1."""
    g = new_game(4)
    play(g, "place MS2L")
    assert legal_text(g) == ["machinery 1e 0m", "machinery 0e 1m"]
    play(g, "machinery 0e 1m")
    p = g.state.players[USA]
    assert (p.credits, p.excavators, p.mixers, p.engineers) == (2, 6, 5, 11)


def test_B_10_6_workshop_returns_sector_by_sector():
    """Rules: B-8.4.1, B-8.5.2, B-22.19."""
    g = new_game(4)
    p = g.state.players[USA]
    p.wheel_open = 0
    p.wheel_tile[1], p.wheel_exc[1] = "base", 4
    p.wheel_tile[2], p.wheel_mix[2] = "elevation", 3
    p.tiles.remove("base")
    p.tiles.remove("elevation")
    play(g, "place WS2L")  # pay 2, rotate 2 (B-22.19)
    assert p.wheel_open == 2
    assert "base" in p.tiles and "elevation" in p.tiles
    assert (p.excavators, p.mixers, p.credits) == (10, 7, 4)


def test_B_10_5_bank_is_not_exclusive():
    """Rules: B-10.5.1, B-10.5.2, B-22.40."""
    g = new_game(4)
    play(g, "bank 3")
    assert g.state.players[USA].credits == 9 and g.state.players[USA].engineers == 9
    play(g, "bank 12")  # Germany, same space (B-22.40)
    assert g.state.players[GER].credits == 18 and g.state.players[GER].engineers == 0
    assert g.state.bank == [3, 12, 0, 0]


def test_B_10_4_water_management_delayed_and_flowing():
    """Rules: B-10.4.1, B-10.4.2, B-22.18, B-3.3.3.

    Rules: B-22.43.
    """
    g = new_game(4)
    clear_map(g)
    play(g, "place WM1L", "headstream A")
    assert legal_text(g) == ["headstream A", "headstream B", "headstream C", "headstream D", "skip"]
    play(g, "headstream C")
    assert g.state.headstream_water == [1, 0, 1, 0]  # they wait for phase 3
    dam(g, "B2L", GER, 1, 0)
    play(g, "place WM2L", "headstream B")  # Germany: flows at once (B-10.4.2)
    assert g.state.dam_water[site(g, "B2L")] == 1
    assert g.state.headstream_water == [1, 0, 1, 0]


def test_B_10_8_take_contracts_refill_at_end_of_turn():
    """Rules: B-10.8.1, B-10.8.2, B-10.8.3."""
    g = new_game(4)
    display = [list(x) for x in g.state.display]
    shown = [c for slots in display for c in slots]
    play(g, "place CO3L", f"take {shown[0]}", f"take {shown[1]}")
    p = g.state.players[USA]
    assert p.contracts == ["SC-1", shown[0], shown[1]] and p.credits == 5
    # the green slots are refilled from the green stack when the turn ends
    assert all(g.state.display[0]) and g.state.display[0] != display[0]


def test_B_22_42_hand_limit_discard_down_to_three():
    """Rules: B-10.8.4, B-13.2.2, U-19."""
    g = new_game(4)
    p = g.state.players[USA]
    p.contracts = ["SC-1", "PC-G01", "PC-G02"]
    shown = [c for slots in g.state.display for c in slots]
    play(g, "place CO3L", f"take {shown[0]}", f"take {shown[1]}")
    assert sorted(legal_text(g)) == sorted(f"discard {c}" for c in p.contracts)
    play(g, "discard PC-G01", "discard SC-1")
    assert p.contracts == ["PC-G02", shown[0], shown[1]]
    assert g.to_move == GER  # the turn is over


def test_U_25_take_two_needs_two_contracts():
    """Rules: B-10.8.6."""
    g = new_game(4)
    g.state.display = [["PC-G01", ""], ["", ""], ["", ""]]
    g.state.stacks = [[], [], []]
    moves = legal_text(g)
    assert "place CO3L" not in moves and "place CO1L" in moves
    g2 = new_game(4, take_two_needs_two=False)
    g2.state.display = [["PC-G01", ""], ["", ""], ["", ""]]
    assert "place CO3L" in legal_text(g2)


def test_B_8_construction_steps_and_cost():
    """Rules: B-8.2, B-8.2.1, B-22.12, B-8.3.2, B-8.6.1, B-14.1.2."""
    g = new_game(4)
    clear_map(g)
    g.state.turn_order = g.state.flow.order = [GER, USA, ITA, FRA]
    p = g.state.players[GER]
    play(g, "construct")
    assert p.engineers == 11 and p.spaces_used == 1
    assert legal_text(g) == ["build base", "build conduit", "build powerhouse"]  # no own dam to raise
    play(g, "build base")
    assert "at B5U" in legal_text(g)
    play(g, "at B5U")  # hills, red frame: 4 excavators + 3 credits (B-22.12)
    assert legal_text(g) == ["tile base", "tile joker"]
    play(g, "tile base")  # one payment only: resolved by the engine
    assert (p.excavators, p.credits) == (2, 3)
    assert g.state.dam_owner[site(g, "B5U")] == GER and g.state.dam_height[site(g, "B5U")] == 1
    assert p.wheel_tile[0] == "base" and p.wheel_exc[0] == 4 and p.wheel_open == 1
    assert "base" not in p.tiles


def test_B_9_1_adler_bases_cost_3_and_B_22_3_income_on_second_base():
    """Rules: B-16.1.1, B-6.2.4."""
    g = new_game(4)
    clear_map(g)
    usa = g.state.players[USA]
    play(g, "construct", "build base", "at B1L", "tile base")
    assert usa.excavators == 6 - 3  # EO-WA, mountains
    g2 = new_game(4)
    clear_map(g2)
    g2.state.turn_order = g2.state.flow.order = [GER, USA, ITA, FRA]
    ger = g2.state.players[GER]
    ger.built[0] = 1
    play(g2, "construct", "build base", "at B9L", "tile base")
    assert ger.vp == 10 + 3  # Germany's first base income: 3 VP at once (B-6.2.4)


def test_B_16_5_jordan_pays_credits_for_machinery():
    """Rules: B-16.5.1, B-16.5.2, B-16.5.3, B-22.49."""
    g = new_game(4)
    clear_map(g)
    g.state.turn_order = g.state.flow.order = [ITA, USA, GER, FRA]
    p = g.state.players[ITA]
    p.excavators, p.credits = 2, 9
    play(g, "construct", "build base", "at B1L", "tile base")  # one payment: automatic
    assert (p.excavators, p.credits, p.wheel_exc[0]) == (0, 0, 2)  # B-22.49: 2 excavators + 9 credits
    g2 = new_game(4)
    clear_map(g2)
    g2.state.turn_order = g2.state.flow.order = [ITA, USA, GER, FRA]
    q = g2.state.players[ITA]
    q.excavators, q.credits = 2, 12
    play(g2, "construct", "build base", "at B1L", "tile base")
    assert legal_text(g2) == ["pay 2e 0m 9c", "pay 1e 0m 12c"]


def test_B_16_4_mcdowell_conduit_in_mixers_never_mixed():
    """Rules: B-16.4.1, B-16.4.2.

    Rules: B-22.50.
    """
    g = new_game(4)
    clear_map(g)
    g.state.turn_order = g.state.flow.order = [GER, USA, ITA, FRA]
    p = g.state.players[GER]
    play(g, "construct", "build conduit", "at C3L", "tile conduit")  # value 4: 8 excavators or 4 mixers
    assert (p.excavators, p.mixers, p.wheel_mix[0]) == (6, 0, 4)  # only the mixers are affordable


def test_B_8_4_wheel_returns_after_six_rotations():
    """Rules: B-8.4.1, B-8.4.2, B-3.6.3."""
    p = Player("CO-USA", "EO-WA", tiles=["base", "joker"])
    construction.load(p, "base", 4, 0)
    construction.rotate(p, 1)
    assert p.tiles == ["joker"] and p.excavators == 2
    construction.rotate(p, 4)
    assert "base" not in p.tiles and p.excavators == 2
    construction.rotate(p, 1)  # the 6th rotation since loading
    assert "base" in p.tiles and p.excavators == 6
    assert p.wheel_exc == [0] * 6


def test_B_13_7_rewarded_build_is_free_and_optional():
    """Rules: B-13.7.1, B-13.7.2, B-13.7.5, B-8.1.1."""
    g = new_game(4)
    clear_map(g)
    p = g.state.players[USA]
    g.rules.gain(g.state, USA, g.rules.contracts["PC-G12"].reward)  # build a base in the plains
    moves = legal_text(g)
    assert moves[-1] == "skip" and all(
        m.split()[1].startswith("B8") or m.split()[1].startswith("B9") or m.split()[1].startswith("B10")
        for m in moves[:-1]
    )
    play(g, "at B8L")
    assert g.state.dam_owner[site(g, "B8L")] == USA and p.excavators == 6 and p.engineers == 12


def test_B_4_3_intro_assignment_and_U_2_columns():
    """Rules: B-4.3, B-4.3.2, B-4.1.9, B-4.1.11."""
    g = new_game(2)
    assert [(p.company, p.officer, p.contracts) for p in g.state.players] == [
        ("CO-USA", "EO-WA", ["SC-1"]),
        ("CO-GER", "EO-JM", ["SC-2"]),
    ]
    assert len(g.state.nationals) == 1 and sum(1 for s in g.state.display for c in s if c) == 6
    assert sum(g.state.dam_water) == 3 and sorted(h for h in g.state.dam_height if h) == [1, 2, 3]
    g2 = new_game(2, intro_columns=[0, 3])
    assert [p.company for p in g2.state.players] == ["CO-USA", "CO-FRA"]
    assert g2.state.players[1].officer == "EO-VF"


def test_U_7_rewarded_base_pays_the_red_frame_unless_the_option_says_no():
    """Rules: B-13.7.3."""
    for option, credits in ((True, 3), (False, 6)):
        g = new_game(4, reward_red_frame=option)
        clear_map(g)
        g.rules.gain(g.state, USA, g.rules.contracts["PC-R02"].reward)  # build a base anywhere
        play(g, "at B1U")  # red-framed
        assert g.state.players[USA].credits == credits


def test_B_9_2_2_an_elevation_goes_on_an_own_dam_below_height_3():
    """B-9.2.2: an elevation goes on one of your own dams with fewer than 2 elevations
    (height 1 or 2, so the maximum is 3), never on a neutral dam or another player's."""
    from barrage_setup import clear_map, dam, neutral_dam, new_game, site
    from turbine.plugins.barrage import construction
    from turbine.plugins.barrage.tables import ELEVATION

    g = new_game(2)
    clear_map(g)
    for ident, height in (("B1U", 1), ("B1L", 2), ("B2U", 3)):
        dam(g, ident, 0, height, 0)
    dam(g, "B2L", 1, 1, 0)
    neutral_dam(g, "B3U", 1, 0)
    targets = construction.sites(g.rules, g.state, 0, ELEVATION)
    assert sorted(targets) == sorted([site(g, "B1U"), site(g, "B1L")])
