"""The 15 advanced technology tiles (B-14.2, B-21.3): permission, effect and timing (B-14.3),
engineer-free constructions (B-14.4), BT-6 (B-21.4)."""

from __future__ import annotations

from barrage_full_setup import answer, blank, build_with, start_build, to_move
from barrage_setup import dam, forget_legal, legal_text, neutral_dam, play, powerhouse, site
from turbine.plugins.barrage import scoring
from turbine.plugins.barrage.tables import BASE, ELEVATION, POWERHOUSE


def _seat(g, tiles, excavators=10, mixers=10, credits=20):
    seat = to_move(g)
    p = g.state.players[seat]
    p.tiles, p.excavators, p.mixers, p.credits = list(tiles), excavators, mixers, credits
    p.officer = "EO-JM"  # no cost rule for bases or powerhouses
    forget_legal(g)
    return seat, p


def test_AT_I_B_water_to_each_own_empty_dam():
    """Rules: B-21.3 (AT-I-B), B-14.3.3."""
    g = blank(2)
    seat, _p = _seat(g, ["AT-I-B"])
    dam(g, "B5L", seat, 1, 0)
    dam(g, "B9L", seat, 2, 2)
    neutral_dam(g, "B8L", 1, 0)
    build_with(g, seat, "base", "B1L", "AT-I-B")
    w = g.state.dam_water
    assert (w[site(g, "B1L")], w[site(g, "B5L")], w[site(g, "B9L")], w[site(g, "B8L")]) == (1, 1, 2, 0)


def test_AT_I_E_rotates_per_elevation_and_B_22_37():
    """Rules: B-21.3 (AT-I-E), B-22.37, B-8.5.2."""
    g = blank(2)
    seat, p = _seat(g, ["AT-I-E"])
    dam(g, "B9L", seat, 2, 0)
    p.built[ELEVATION] = 4
    build_with(g, seat, "elevation", "B9L", "AT-I-E")
    assert "AT-I-E" in p.tiles and not any(p.wheel_tile)  # 1 + 5 rotations: back at once


def test_AT_I_C_credits_twice_the_conduit_value():
    g = blank(2)
    seat, p = _seat(g, ["AT-I-C"])
    build_with(g, seat, "conduit", "C5R", "AT-I-C", "pay 8e 0m 0c")
    assert p.credits == 20 + 8


def test_AT_I_P_engineer_free_construction_B_14_4_U_22_U_23_B_22_51():
    """Rules: B-14.4.1, B-14.4.2, B-14.4.3, B-7.6, B-22.51, U-22, U-23."""
    g = blank(2)
    seat, p = _seat(g, ["AT-I-P"])
    p.engineers = 0
    assert legal_text(g) == ["construct free", "pass"]
    answer(g, "construct free", "build powerhouse", "at P5_0")
    assert g.state.ph_owner[site(g, "P5_0")] == seat
    assert p.engineers == 0 and p.spaces_used == 0
    g2 = blank(2, free_build_only_without_engineers=True)
    _seat2, _ = _seat(g2, ["AT-I-P"])
    assert "construct free" not in legal_text(g2)
    g3 = blank(2, free_build_uses_space=True)
    _seat3, p3 = _seat(g3, ["AT-I-P"])
    answer(g3, "construct free", "build powerhouse", "at P5_0")
    assert p3.spaces_used == 1


def test_AT_I_W_no_red_frame_surcharge():
    """Rules: B-21.3 (AT-I-W), B-14.4.4."""
    g = blank(2)
    seat, p = _seat(g, ["AT-I-W"])
    build_with(g, seat, "base", "B5U", "AT-I-W", "pay 4e 0m 0c")  # red-framed hill base
    assert p.credits == 20


def test_AT_II_B_energy_per_base_may_fulfil_a_private_contract_only_U_6():
    """Rules: B-11.5.3, B-13.5.1, B-13.5.3, U-6."""
    g = blank(2)
    seat, p = _seat(g, ["AT-II-B"])
    p.built[BASE] = 1
    p.contracts = ["SC-3"]
    g.state.nationals = ["NC-1"]
    build_with(g, seat, "base", "B9L", "AT-II-B")
    assert p.energy == 2
    moves = legal_text(g)
    assert "fulfil SC-3" in moves and not any("NC-" in m for m in moves)


def test_AT_II_E_fills_the_raised_dam_to_capacity_U_11():
    """Rules: B-21.3 (AT-II-E), U-11, B-16.2.2."""
    for option, expected in (("capacity", 4), ("height", 3)):
        g = blank(2, fill_dam=option)
        seat, p = _seat(g, ["AT-II-E"])
        p.officer = "EO-GD"  # the raised dam holds 4 (B-16.2.2)
        dam(g, "B9L", seat, 2, 0)
        build_with(g, seat, "elevation", "B9L", "AT-II-E")
        assert g.state.dam_water[site(g, "B9L")] == expected
    g = blank(2, fill_dam="height")
    seat, _p = _seat(g, ["AT-II-E"])
    dam(g, "B9L", seat, 2, 2)
    build_with(g, seat, "elevation", "B9L", "AT-II-E")
    assert g.state.dam_water[site(g, "B9L")] == 3  # never past capacity


def test_AT_II_C_conduit_costs_at_most_5_excavators_and_B_22_50():
    """Rules: B-21.3 (AT-II-C), B-22.50."""
    g = blank(2)
    seat, p = _seat(g, ["AT-II-C"])
    start_build(g, seat, "conduit", "C1L")
    g.state.flow.pending.pop()
    build_with(g, seat, "conduit", "C1L", "AT-II-C")
    assert p.excavators == 10 - 5
    assert g.rules.tile_effect("AT-II-C").adjust_needs(2, ((8, 0), (0, 4)), 4) == ((5, 0), (0, 4))


def test_AT_II_P_production_plus_2_at_once_B_22_36_U_12():
    """Rules: B-22.36, B-15.3.2, U-12."""
    g = blank(2)
    seat, p = _seat(g, ["AT-II-P"])
    dam(g, "B5U", seat, 1, 1)
    g.state.conduit_owner[site(g, "C5L")] = seat  # value 3 into basin 8
    build_with(g, seat, "powerhouse", "P8_0", "AT-II-P")
    assert g.state.flow.pending[-1].kind in ("produce", "amount", "contract") or p.energy == 3 + 2
    if p.energy == 0:
        play(g, legal_text(g)[0])
    assert p.energy == 3 + 2


def test_AT_II_W_machinery_interchangeable():
    g = blank(2)
    seat, p = _seat(g, ["AT-II-W"], excavators=0, mixers=3)
    build_with(g, seat, "base", "B9L", "AT-II-W", "pay 0e 3m 0c")
    assert p.mixers == 0 and g.state.dam_owner[site(g, "B9L")] == seat


def test_AT_III_B_engineer_free_base_without_excavators():
    """Rules: B-14.4.1, B-14.3.2."""
    g = blank(2)
    seat, p = _seat(g, ["AT-III-B"], excavators=0)
    answer(g, "construct free", "build base", "at B1L")
    assert g.state.dam_owner[site(g, "B1L")] == seat and p.engineers == 12
    assert "AT-III-B" in p.wheel_tile


def test_AT_III_E_3_vp_per_raised_dam():
    g = blank(2)
    seat, p = _seat(g, ["AT-III-E"])
    dam(g, "B9L", seat, 1, 0)
    dam(g, "B5L", seat, 2, 0)
    dam(g, "B1L", seat, 1, 0)
    vp = p.vp
    build_with(g, seat, "elevation", "B9L", "AT-III-E")
    assert p.vp == vp + 3 * 2


def test_AT_III_C_energy_twice_the_conduit_value():
    g = blank(2)
    seat, p = _seat(g, ["AT-III-C"])
    build_with(g, seat, "conduit", "C6R", "AT-III-C")  # value 2
    assert p.energy == 4


def test_AT_III_P_3_vp_per_powerhouse():
    g = blank(2)
    seat, p = _seat(g, ["AT-III-P"])
    powerhouse(g, "P9_0", seat)
    vp = p.vp
    build_with(g, seat, "powerhouse", "P5_0", "AT-III-P")
    assert p.built[POWERHOUSE] == 2 and p.vp == vp + 6


def test_AT_III_W_3_vp_per_advanced_tile_not_anton_U_13_and_BT_6():
    """Rules: B-8.4.4, B-14.6, U-13, B-21.4 (BT-6)."""
    g = blank(2)
    seat, p = _seat(g, ["AT-III-W", "AT-I-C", "anton"])
    p.wheel_tile[4] = "AT-II-C"
    vp = p.vp
    build_with(g, seat, "base", "B9L", "AT-III-W")
    assert p.vp == vp + 3 * 3
    assert scoring.bonus_count(g.rules, g.state, seat, "advanced_tiles") == 3
    g2 = blank(2, anton_counts_as_advanced=True)
    seat2, _p2 = _seat(g2, ["AT-III-W", "anton"])
    assert g2.rules.advanced_tiles_owned(g2.state, seat2) == 2


def test_B_14_2_every_advanced_tile_permits_its_structure():
    """Rules: B-14.2.1, B-21.3, D-13."""
    g = blank(2)
    tiles = g.rules.tiles
    advanced = [t for t in tiles.values() if t.advanced]
    assert len(advanced) == 15
    for t in advanced:
        kind = t.id.rsplit("-", 1)[1]
        assert t.builds == {"B": (0,), "E": (1,), "C": (2,), "P": (3,), "W": (0, 1, 2, 3)}[kind]
