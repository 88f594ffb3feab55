"""Construction at the edges of what a seat can pay (B-8.2.2, B-9.1): the red-frame surcharge
paid on top of Solomon P. Jordan's credits (B-0.4, B-16.5), AT-II-W's interchangeable
machinery (B-21.3) alone and with credits, counted unit by unit.

Each case is a seat on a blank map whose budget is exactly at the boundary; the outcome is
the list of legal moves the game offers (the public API), so a cost counted one unit or one
credit wrong changes what is listed.
"""

from __future__ import annotations

import pytest
from barrage_full_setup import blank, build_with, start_build, to_move
from barrage_setup import dam, forget_legal, legal_text, play, site
from turbine.core import Game
from turbine.plugins.barrage.actions import Construct, ConstructFree, Tile
from turbine.plugins.barrage.tables import BASE, CONDUIT, ELEVATION


def _seat(officer: str, tiles: tuple[str, ...], excavators: int, mixers: int, credits: int) -> Game:
    """A drafted full game on a blank map; the seat to move has exactly this supply."""
    g = blank(2)
    p = g.state.players[to_move(g)]
    p.officer, p.copy = officer, ""
    p.tiles, p.excavators, p.mixers, p.credits = list(tiles), excavators, mixers, credits
    return g


# -- B-0.4 with B-16.5: the red frame is paid before the credits that replace machinery --------


def test_B_16_5_red_frame_comes_out_of_the_credits_that_replace_machinery():
    """B-16.5.1, B-0.4, B-9.1, B-8.2.2: Solomon P. Jordan without machinery pays a plains base
    (3 excavators) with 9 credits; a red-framed plains base costs 9 + 3 = 12.  With 10 credits
    (the 1st construction space is free) only the three unframed plains bases are offered."""
    g = _seat("EO-SJ", ("base",), excavators=0, mixers=0, credits=10)
    play(g, "construct")  # the base is the only structure: its choice is taken at once
    assert legal_text(g) == ["at B8L", "at B9L", "at B10L"]


def test_B_16_5_twelve_credits_reach_the_red_framed_plains_bases():
    """B-16.5.1, B-0.4: with exactly 12 credits the red-framed plains bases (9 + 3) are
    affordable too, and so are the unframed hill bases (4 excavators: 12 credits)."""
    g = _seat("EO-SJ", ("base",), excavators=0, mixers=0, credits=12)
    play(g, "construct")
    hill = ["at B5L", "at B6L", "at B7L"]
    assert legal_text(g) == [*hill, "at B8U", "at B8L", "at B9U", "at B9L", "at B10U", "at B10L"]


# -- AT-II-W: any machinery pays for any machinery (B-21.3) ----------------------------------------


def test_AT_II_W_one_unit_pays_for_nothing():
    """B-21.3 (AT-II-W), B-7.4, B-8.2.2: the cheapest structures need 2 units (a value-1
    conduit: 2 excavators; a first powerhouse: 2 mixers).  One excavator cannot pay either,
    whatever the type, so the construction space is not offered."""
    g = _seat("EO-WA", ("AT-II-W",), excavators=1, mixers=0, credits=20)
    assert "construct" not in legal_text(g)


def test_AT_II_W_two_units_of_either_type_pay_a_conduit_or_a_powerhouse():
    """B-21.3 (AT-II-W): one excavator and one mixer pay 2 units: a value-1 conduit (printed
    2 excavators) or a first powerhouse (printed 2 mixers); no base (3 excavators or more)."""
    g = _seat("EO-WA", ("AT-II-W",), excavators=1, mixers=1, credits=20)
    play(g, "construct")
    assert legal_text(g) == ["build conduit", "build powerhouse"]


def test_AT_II_W_every_split_of_the_units_is_a_payment():
    """B-21.3 (AT-II-W), B-8.2 step 3: a first powerhouse (2 mixers) from 2 excavators and 1
    mixer: 2 excavators, or 1 excavator and 1 mixer; nothing is paid in credits."""
    g = _seat("EO-WA", ("AT-II-W",), excavators=2, mixers=1, credits=20)
    play(g, "construct", "build powerhouse", "at P5_0")
    assert legal_text(g) == ["pay 2e 0m 0c", "pay 1e 1m 0c"]
    play(g, "pay 1e 1m 0c")
    p = g.state.players[g.state.ph_owner[g.rules.board.site_index["P5_0"][1]]]
    assert (p.excavators, p.mixers, p.credits) == (1, 0, 20)


def test_AT_II_W_with_Solomon_P_Jordan_units_short_are_paid_3_credits_each():
    """B-21.3 (AT-II-W) with B-16.5.1: the powerhouse's 2 units from 1 excavator and 3 credits,
    or 6 credits alone when 6 are there; with 5 credits only the first."""
    g = _seat("EO-SJ", ("AT-II-W",), excavators=1, mixers=0, credits=6)
    play(g, "construct", "build powerhouse", "at P5_0")
    assert legal_text(g) == ["pay 1e 0m 3c", "pay 0e 0m 6c"]
    g = _seat("EO-SJ", ("AT-II-W",), excavators=1, mixers=0, credits=5)
    play(g, "construct", "build powerhouse")
    assert "at P5_0" in legal_text(g)
    play(g, "at P5_0")  # the one payment left is made at once
    p = g.state.players[g.state.ph_owner[g.rules.board.site_index["P5_0"][1]]]
    assert (p.excavators, p.mixers, p.credits) == (0, 0, 2)


# -- B-16.6: Anton copies any other tile on the wheel, basic or advanced -------------------------


def test_B_16_6_Anton_copies_basic_and_advanced_tiles_on_the_wheel():
    """B-16.6.2, B-8.2 step 2: with a basic base tile and AT-III-B on the wheel, Anton Krylov's
    tile may copy either (a copy per tile, in wheel order), after his own base tile."""
    g = _seat("EO-AK", ("base", "anton"), excavators=10, mixers=10, credits=20)
    p = g.state.players[to_move(g)]
    p.wheel_tile[2], p.wheel_tile[4] = "AT-III-B", "base"
    start_build(g, to_move(g), "base", "B9L")
    assert legal_text(g) == ["tile base", "tile anton=AT-III-B", "tile anton=base"]


# -- B-9.2.5 with B-13.7: rewarded pieces one after another, as many as the company board holds --


def test_B_9_2_5_rewarded_pieces_stop_when_the_company_board_is_empty():
    """B-9.2.5, B-13.7, HOOKS.md (``free_builds_possible``): with 2 of 5 conduits built, 3
    rewarded conduits can all be built; with 4 built, only 1 of 2; each piece counts once."""
    g = blank(2)
    seat = to_move(g)
    p = g.state.players[seat]
    p.built[CONDUIT] = 2
    assert g.rules.free_builds_possible(g.state, seat, "conduit", 3) == 3
    assert g.rules.free_builds_possible(g.state, seat, "conduit", 1) == 1
    assert p.built[CONDUIT] == 2 and seat not in g.state.conduit_owner  # tried on a copy
    p.built[CONDUIT] = 4
    assert g.rules.free_builds_possible(g.state, seat, "conduit", 2) == 1
    assert p.built[CONDUIT] == 4 and seat not in g.state.conduit_owner  # nothing was built


# -- B-8.2 steps 5 and 6: the income a piece reveals is decided before its tile's effect ---------


def test_B_8_2_the_revealed_income_is_chosen_before_the_tile_effect():
    """B-8.2 step 5 before step 6: France's 2nd base reveals its first income (1 machinery, a
    choice, B-6.2) and AT-II-B's energy (2 bases) may fulfil a contract (B-13.5): the machinery
    is decided first, then the contract."""
    g = _seat("EO-JM", ("AT-II-B",), 6, 6, 10)
    seat = to_move(g)
    p = g.state.players[seat]
    p.company = "CO-FRA"
    p.built[0] = 1  # one base already built elsewhere
    p.contracts = ["PC-G01"]  # needs 2 energy
    build_with(g, seat, "base", "B9L", "AT-II-B")
    assert g.state.flow.pending[-1].kind == "machinery"  # the tile's effect waits under it
    assert legal_text(g) == ["machinery 1e 0m", "machinery 0e 1m"]
    play(g, "machinery 0e 1m")
    assert legal_text(g) == ["fulfil PC-G01", "skip"]


@pytest.mark.parametrize(("version", "b1u", "b8u"), [(2, 3, 0), (1, 3, 1)])
def test_B_8_2_AT_II_E_fills_the_dam_after_the_income_water(version, b1u, b8u):
    """B-8.2 step 5 («ви одразу отримуєте зазначений дохід»: the income at once), then step 6:
    USA's 4th elevation reveals "2 VP + 2 water (flows)", raised with AT-II-E on its empty
    height-2 dam B1U below headstream A.  The income's 2 markers come first and stay at
    B1U (now height 3); AT-II-E then fills it with 1 more, and nothing reaches USA's dam
    B8U downstream.  Rules version 1 filled B1U first, so one income marker ran on to B8U."""
    g = blank(3)
    g.rules.rules_versions = {"barrage": version}
    s = g.state
    seat = to_move(g)
    p = s.players[seat]
    p.company = "CO-USA"
    p.tiles.append("AT-II-E")
    p.mixers = 10
    dam(g, "B1U", seat, 2, 0)  # zone 1 (headstream A)
    dam(g, "B8U", seat, 1, 0)  # zone 8, downstream of zone 1
    p.built[BASE] = 2
    p.built[ELEVATION] = 3  # the next elevation is the 4th: its income is revealed
    forget_legal(g)
    build_with(g, seat, "elevation", "B1U", "AT-II-E")
    play(g, "headstream A", "headstream A")
    assert (s.dam_water[site(g, "B1U")], s.dam_water[site(g, "B8U")]) == (b1u, b8u)


# -- B-16.6: Anton Krylov's copy, refused for the reason that applies ---------------------------


def test_B_16_6_3_an_empty_wheel_leaves_anton_only_the_joker():
    """B-16.6.3 with U-28 (``anton_empty_wheel="joker"``): on an empty wheel Anton's tile copies
    nothing but the joker; a copy of a basic tile is refused for the empty wheel."""
    g = blank(2, anton_empty_wheel="joker")
    seat = to_move(g)
    p = g.state.players[seat]
    p.officer, p.copy, p.tiles = "EO-AK", "", ["anton"]
    p.wheel_tile = [""] * 6
    start_build(g, seat, "base", "B9L")
    assert "tile anton=joker" in legal_text(g)
    refused = g.rules.why_illegal(g.state, Tile("anton=base"))
    assert (refused.reason, refused.rule) == (
        "no other tile is on your wheel, so Anton's tile cannot be used",
        "B-16.6.3",
    )


def test_B_16_6_2_anton_copies_only_a_tile_on_the_wheel():
    """B-16.6.2: with a base tile on the wheel, a copy of the powerhouse tile is refused: it is
    not on the wheel."""
    g = blank(2)
    seat = to_move(g)
    p = g.state.players[seat]
    p.officer, p.copy, p.tiles = "EO-AK", "", ["anton"]
    p.wheel_tile = ["base", "", "", "", "", ""]
    start_build(g, seat, "powerhouse", "P5_0")
    refused = g.rules.why_illegal(g.state, Tile("anton=powerhouse"))
    assert (refused.reason, refused.rule) == ("powerhouse is not on your wheel (there: base)", "B-16.6.2")


# -- B-8.1: the 4th construction space's 3 credits come before the build's ----------------------


def test_B_8_1_the_fourth_construction_space_leaves_too_little_for_a_red_frame():
    """B-8.1, B-0.4: the 4th construction space costs 3 credits; with 4 credits, 1 is left,
    too little for the red frame of the only free powerhouse spaces: no construction."""
    g = _seat("EO-JM", ("powerhouse",), 6, 6, 4)
    seat = to_move(g)
    p = g.state.players[seat]
    p.spaces_used, p.engineers = 3, 12
    b = g.rules.board
    for ph in b.powerhouses:
        if not ph.red:
            g.state.ph_owner[ph.index] = 1 - seat  # every unframed space is taken
    g.reset_caches()
    assert "construct" not in legal_text(g)
    p.credits = 6  # 3 for the space, 3 for a red frame
    g.reset_caches()
    assert "construct" in legal_text(g)


def test_B_8_2_a_free_construction_space_says_nothing_of_its_cost():
    """B-8.2: with the 1st construction space (no credits) and no machinery, the refusal names
    what the seat has, and no cost of the space."""
    g = _seat("EO-JM", ("base",), 0, 0, 5)
    refused = g.rules.why_illegal(g.state, Construct())
    assert (refused.reason, refused.rule) == (
        "you cannot pay for a base on any legal space (you have 0 excavators, 0 mixers and 5 credits)",
        "B-8.2",
    )


def test_B_14_4_a_free_construction_names_only_what_its_tile_permits():
    """B-14.4.1, B-9.2: AT-I-P permits powerhouses; with every powerhouse space taken the
    engineer-free construction is refused for its powerhouse, whatever the basic tiles permit."""
    g = _seat("EO-JM", ("AT-I-P", "base"), 6, 6, 10)
    seat = to_move(g)
    g.state.players[seat].engineers = 0
    for ph in g.rules.board.powerhouses:
        g.state.ph_owner[ph.index] = 1 - seat
    refused = g.rules.why_illegal(g.state, ConstructFree())
    assert (refused.reason, refused.rule) == ("there is no legal building space for a powerhouse", "B-9.2")
