"""The seven executive officers (B-16) with the rulebook's numbers, and Mahiri's copies."""

from __future__ import annotations

import pytest
from barrage_full_setup import blank, build_with, start_build, to_move
from barrage_setup import clear_map, conduit, dam, forget_legal, legal_text, new_game, play, powerhouse, site
from turbine.plugins.barrage import construction, production, scoring, water
from turbine.plugins.barrage.decisions import ChoosePayment
from turbine.plugins.barrage.tables import BASE, CONDUIT

USA, GER, ITA, FRA = range(4)


def test_B_16_3_2_fiesler_floor_on_the_minus_2_and_plus_2_stations():
    """Rules: B-16.3.1, B-16.3.2, B-16.3.3."""
    for space, _ph, expected in (("TS5L", 1, 4 - 2), ("TS1L", 2, 4 + 2 + 1)):
        g = new_game(4)
        clear_map(g)
        g.state.turn_order = g.state.flow.order = [FRA, USA, GER, ITA]
        if space == "TS5L":
            dam(g, "B9U", FRA, 1, 1)
            conduit(g, "C9L", FRA)  # 1 marker × value 1, one powerhouse
            powerhouse(g, "P11_0", FRA)
        else:
            dam(g, "B8U", FRA, 1, 1)
            conduit(g, "C8R", FRA)  # 1 marker × value 2, two powerhouses (+1)
            powerhouse(g, "P9_0", FRA)
            powerhouse(g, "P5_0", FRA)
        play(g, f"place {space}")
        assert g.state.players[FRA].energy == expected


def test_B_16_5_jordan_pays_a_whole_dam_in_credits_and_B_22_49():
    """Rules: B-16.5.1, B-16.5.2, B-16.5.3, B-22.49."""
    g = new_game(4)
    clear_map(g)
    p = g.state.players[ITA]
    p.excavators, p.mixers, p.credits = 0, 0, 20
    g.state.flow.pending.append(ChoosePayment(seat=ITA, structure=BASE, site=site(g, "B9L"), tile="base"))
    forget_legal(g)
    assert legal_text(g) == ["pay 0e 0m 9c"]  # plains base: 3 excavators = 9 credits
    play(g, "pay 0e 0m 9c")
    assert p.credits == 11 and g.state.dam_owner[site(g, "B9L")] == ITA
    assert sum(p.wheel_exc) == 0  # credits go to the general supply, not the wheel
    p.excavators = 2
    assert (2, 0, 9) in construction.payments(
        g.rules, g.state, ITA, ((5, 0),), 20
    )  # B-22.49: a mountain base with 2 excavators


def test_B_16_1_adler_and_B_16_4_mcdowell_costs():
    """Rules: B-16.1.1, B-16.1.2, B-16.4.1, B-16.4.2, B-22.50."""
    g = new_game(4)
    assert construction.requirements(g.rules, g.state, USA, BASE, site(g, "B1L")) == ((3, 0),)
    assert construction.requirements(g.rules, g.state, GER, CONDUIT, site(g, "C1R")) == ((8, 0), (0, 4))


def test_B_16_2_del_monte_fourth_marker_in_the_flow_and_at_final_scoring():
    """Rules: B-16.2.1, B-16.2.2, B-16.2.3, B-12.1.2, B-20.4."""
    g = new_game(2)
    clear_map(g)
    s, r = g.state, g.rules
    s.players[USA].officer = "EO-GD"
    dam(g, "B1U", USA, 3, 0)
    dam(g, "B1L", GER, 3, 0)  # Jill McDowell: 3
    r.flow_water(s, [water.Source("headstream", 0, 9)])
    assert s.dam_water[site(g, "B1U")] == 4  # Del Monte's 4th marker
    assert s.dam_water[site(g, "B1L")] == 3
    dam(g, "B5U", -2, 3, 0)  # neutral: unaffected
    assert r.capacities(s)[site(g, "B5U")] == 3
    assert scoring.held_water(r, s, USA) == 4
    vp = s.players[USA].vp
    scoring.final_scoring(r, s)
    assert s.players[USA].vp - vp >= 4
    # one dam's capacity, asked alone, is the same number
    assert [r.dam_capacity(s, site(g, d)) for d in ("B1U", "B1L", "B5U", "B9L")] == [4, 3, 3, 0]
    assert r.dam_room(s, site(g, "B1U")) == 0
    s.dam_water[site(g, "B1U")] = 2
    assert r.dam_room(s, site(g, "B1U")) == 2


def test_B_16_6_krylov_copies_a_wheel_tile_and_its_effect():
    """Rules: B-16.6.1, B-16.6.2, B-16.6.3, B-14.3.1, U-28."""
    g = blank(2)
    seat = to_move(g)
    p = g.state.players[seat]
    p.officer, p.tiles, p.excavators = "EO-AK", ["conduit", "anton"], 8
    start_build(g, seat, "conduit", "C5R")
    assert legal_text(g) == ["tile conduit"]  # nothing on the wheel to copy (U-28)
    g.state.flow.pending.pop()
    p.wheel_tile[3] = "AT-I-C"
    start_build(g, seat, "conduit", "C5R")
    assert legal_text(g) == ["tile conduit", "tile anton=AT-I-C"]
    g.state.flow.pending.pop()
    credits = p.credits
    build_with(g, seat, "conduit", "C5R", "anton=AT-I-C")
    assert p.credits == credits + 2 * 4  # AT-I-C's effect on a value-4 conduit
    assert "anton" in p.wheel_tile and p.wheel_tile[3] == "AT-I-C"  # the copied tile stays


def test_U_28_anton_as_a_joker_option():
    g = blank(2, anton_empty_wheel="joker")
    seat = to_move(g)
    p = g.state.players[seat]
    p.officer, p.tiles = "EO-AK", ["anton"]
    start_build(g, seat, "base", "B9L")
    assert legal_text(g) == ["tile anton=joker"]


def _mahiri(**options):
    g = blank(2, mahiri_copy_pool="any", **options)
    seat = to_move(g)
    g.state.players[seat].officer = "EO-MS"
    g.state.players[seat].copy = ""
    forget_legal(g)
    return g, seat


@pytest.mark.parametrize("officer", ["EO-WA", "EO-GD", "EO-VF", "EO-JM", "EO-SJ", "EO-AK"])
def test_B_16_7_sekibo_copies_each_other_officer_for_one_more_action(officer):
    """Rules: B-16.7.1, B-16.7.2, B-16.7.3, B-7.8, U-9.1, U-9.3."""
    g, seat = _mahiri()
    r, s = g.rules, g.state
    p = s.players[seat]
    assert "place MAHIRI" in legal_text(g)
    play(g, "place MAHIRI")
    assert p.engineers == 11 and f"copy {officer}" in legal_text(g)
    assert "copy EO-MS" not in legal_text(g)
    play(g, f"copy {officer}")
    assert r.officer(s, seat).id == officer
    moves = legal_text(g)
    assert "pass" not in moves and "place MAHIRI" not in moves and "bank 1" in moves
    copied = r.officers[officer]
    if officer == "EO-WA":
        assert r.needs_of(r.officer(s, seat))[BASE][0] == ((3, 0),)
    elif officer == "EO-GD":
        dam(g, "B1U", seat, 3, 0)
        assert r.capacities(s)[site(g, "B1U")] == 4
    elif officer == "EO-VF":
        assert production.energy(r, s, seat, 1, 1, -2, 0) == 2
    elif officer == "EO-JM":
        assert (0, 4) in r.needs_of(r.officer(s, seat))[CONDUIT][3]
    elif officer == "EO-SJ":
        assert r.officer(s, seat).credits_per_machinery == 3
    else:
        assert copied.copies_wheel_tiles
    play(g, "bank 1")
    assert s.players[seat].copy == officer  # lasts until her next turn (U-9.2)


def test_B_16_7_5_sekibo_copying_krylov_places_no_tile():
    """Rules: B-16.7.5."""
    g, seat = _mahiri()
    p = g.state.players[seat]
    p.copy, p.tiles, p.excavators = "EO-AK", [], 8
    p.wheel_tile[2] = "AT-I-C"
    start_build(g, seat, "conduit", "C5R")
    assert legal_text(g) == ["tile copy=AT-I-C"]
    g.state.flow.pending.pop()
    build_with(g, seat, "conduit", "C5R", "copy=AT-I-C")
    assert [t for t in p.wheel_tile if t] == ["AT-I-C"]


def test_B_16_7_6_U_10_sekibo_copying_del_monte_keeps_the_4th_marker():
    """Rules: B-16.7.6, U-10."""
    g, seat = _mahiri()
    r, s = g.rules, g.state
    s.players[seat].copy = "EO-GD"
    dam(g, "B1U", seat, 3, 0)
    r.flow_water(s, [water.Source("headstream", 0, 4)])
    assert s.dam_water[site(g, "B1U")] == 4
    s.players[seat].copy = ""
    assert r.capacities(s)[site(g, "B1U")] == 3 and r.dam_room(s, site(g, "B1U")) == 0
    r.flow_water(s, [water.Source("headstream", 0, 1)])
    assert s.dam_water[site(g, "B1U")] == 4  # it stays, and takes no more


def test_U_21_second_use_costs_3_and_at_most_two_uses():
    """Rules: B-16.7.1, U-21."""
    g, seat = _mahiri()
    p = g.state.players[seat]
    p.copy_uses, credits = 1, p.credits
    play(g, "place MAHIRI", "copy EO-SJ", "bank 1")
    assert p.credits == credits - 3 + 1 and p.copy_uses == 2
    assert not g.rules.personal_space(g.state, seat)


@pytest.mark.parametrize(("version", "in_force"), [(2, False), (1, True)])
def test_U_9_2_the_copy_ends_at_the_start_of_her_next_turn(version, in_force):
    """B-16.7.3, U-9.2: the copy lasts until the start of her next turn, so the moves of that
    turn are listed with her own ability (rules version 1 listed them with the copy still in
    force and ended it only when she placed: a save made under it is still played so)."""
    g, seat = _mahiri()
    g.rules.rules_versions = {"barrage": version}
    r, s = g.rules, g.state
    play(g, "place MAHIRI", "copy EO-WA", "bank 1")
    assert s.players[seat].copy == "EO-WA"  # in force until her next turn
    while to_move(g) != seat:
        play(g, "bank 1")
    assert (r.officer(s, seat).id == "EO-WA") is in_force
    assert (r.needs_of(r.officer(s, seat))[BASE][0] == ((3, 0),)) is in_force  # Wilhelm's bases
    play(g, "bank 1")
    assert s.players[seat].copy == ""  # over in either version once she has placed


def test_U_9_2_a_copy_for_the_turn_that_follows_lasts_through_that_turn():
    """U-9.1 without the extra action (``mahiri_extra_action=false``): the copy is for her
    next turn, so it is in force while that turn is listed and played, and ends at the
    start of the turn after."""
    g, seat = _mahiri(mahiri_extra_action=False)
    r, s = g.rules, g.state

    def her_next_turn():
        play(g, "bank 1")
        while to_move(g) != seat:
            play(g, "bank 1")

    play(g, "place MAHIRI", "copy EO-WA")
    while to_move(g) != seat:
        play(g, "bank 1")
    assert r.officer(s, seat).id == "EO-WA"  # listed with the copy
    her_next_turn()
    assert r.officer(s, seat).id == "EO-MS"


def test_B_16_7_1_the_last_engineer_may_go_to_mahiris_space():
    """B-16.7.1: the space takes one engineer («розмістити одного інженера»).  With her last
    engineer she copies; no action can follow (no engineer, no engineer-free tile), so the
    turn ends, and the copy stays in force until her next turn (U-9.2)."""
    g, seat = _mahiri()
    s = g.state
    s.players[seat].engineers = 1
    forget_legal(g)
    play(g, "place MAHIRI", "copy EO-GD")
    assert s.players[seat].engineers == 0 and to_move(g) != seat
    assert s.players[seat].copy == "EO-GD"  # Graziano's 4th marker, until her next turn


def test_U_9_2_copy_until_turn_end_option():
    g, seat = _mahiri(mahiri_copy_until="turn_end")
    play(g, "place MAHIRI", "copy EO-SJ", "bank 1")
    assert g.state.players[seat].copy == ""


def test_U_9_4_mahiri_starting_credits():
    from turbine.plugins.barrage.officers.sekibo import MahiriSekibo

    g = blank(2, mahiri_credits=9)
    MahiriSekibo().setup(g.rules, g.state, 0)
    assert g.state.players[0].credits == 9
