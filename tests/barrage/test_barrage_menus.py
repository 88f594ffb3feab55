"""Every answer a Barrage menu shows says what it costs and gives, after the notation the
player types: a structure its sites, cheapest machinery, red frame and the income its
piece reveals (B-9.1, B-6.2), a site what it is and the tiles that may build there, a
payment what goes onto the wheel, a production its energy and the contracts it can
fulfil (B-11.2), and so on for every decision kind."""

from __future__ import annotations

from barrage_menu_audit import decisions
from barrage_setup import new_game
from turbine.core import Game
from turbine.plugins.barrage.actions import Discard, Headstream, Machinery, Pass, Pay, Site, Structure, Tile
from turbine.plugins.barrage.decisions import (
    ChooseFreeSite,
    ChooseMarkers,
    ChoosePayment,
    ChooseSite,
    ChooseStructure,
    ChooseTile,
    DiscardContract,
    PlaceWater,
    SplitMachinery,
    TakeContracts,
)
from turbine.plugins.barrage.tables import BASE, CONDUIT

USA, GER = 0, 1  # the introductory game: USA with Wilhelm Adler, Germany with Jill McDowell


def site(g: Game, ident: str) -> int:
    return g.rules.board.site_index[ident][1]


def test_a_structure_says_its_sites_cheapest_cost_red_frame_and_what_its_piece_reveals():
    """B-9.1: bases 3/4/5 excavators by area, +3 credits on a red frame; B-16.1: Wilhelm
    Adler's bases cost 3 everywhere; B-16.4: Jill McDowell's conduits in mixers; B-6.2.1:
    the 2nd piece of a row reveals its 1st income; B-6.2.3: the 2nd powerhouse +1, the 3rd
    the company ability."""
    g = new_game(4)
    r, s = g.rules, g.state
    assert ChooseStructure(seat=GER).show(r, s, Structure("base")) == (
        "build base  (17 sites, from 3 excavators (+3 credits on a red frame))"
    )
    assert ChooseStructure(seat=GER).show(r, s, Structure("conduit")) == (
        "build conduit  (17 sites, from 2 excavators or 1 mixer)"
    )
    s.players[USA].built[0] = 1
    income = r.income_of(s, USA)[0][0]
    assert income[0] == 2  # the row's first income, under the 2nd piece
    assert ChooseStructure(seat=USA).show(r, s, Structure("base")) == (
        "build base  (17 sites, 3 excavators (+3 credits on a red frame); reveals income rotate 1)"
    )
    s.players[GER].built[3] = 1
    assert ChooseStructure(seat=GER).show(r, s, Structure("powerhouse")) == (
        "build powerhouse  (23 sites, 3 mixers (+3 credits on a red frame); production bonus +1)"
    )
    s.players[GER].built[3] = 2
    assert (
        ChooseStructure(seat=GER)
        .show(r, s, Structure("powerhouse"))
        .endswith("4 mixers (+3 credits on a red frame); unlocks the Germany ability)")
    )


def test_a_site_a_tile_and_a_payment_say_their_cost():
    """B-9.1 and B-0.4: a mountain base 5 excavators + 3 credits on the red frame; the
    tiles that may build there (B-8.6); the payment's machinery and tile onto the wheel
    (B-8.2 step 4) and what stays in the supply."""
    g = new_game(4)
    r, s = g.rules, g.state
    assert ChooseSite(seat=GER, structure=0).show(r, s, Site("B1U")) == (
        "at B1U  (5 exc + 3 cr red frame; Z-1; tile base or joker)"
    )
    assert ChooseSite(seat=GER, structure=0).show(r, s, Site("B9L")) == (
        "at B9L  (3 exc; Z-9; tile base or joker)"
    )
    assert ChooseSite(seat=GER, structure=2).show(r, s, Site("C5L")) == (
        "at C5L  (6 exc or 3 mix; value 3, Z-5 → Z-8; tile conduit or joker)"
    )
    b1u = site(g, "B1U")
    assert ChooseTile(seat=GER, structure=0, site=b1u).show(r, s, Tile("base")) == (
        "tile base  (5 excavators + 3 credits (red frame): basic tile)"
    )
    p = s.players[GER]
    assert (p.excavators, p.mixers, p.credits) == (6, 4, 6)
    assert ChoosePayment(seat=GER, structure=0, site=b1u, tile="base").show(r, s, Pay(5, 0, 0)) == (
        "pay 5e 0m 0c  (3 credits red frame; wheel: 5 excavators + tile base; left 1e 4m 3c)"
    )
    # B-13.7: a rewarded structure takes no machinery; U-7: the red frame is paid
    assert ChooseFreeSite(seat=GER, structure=3).show(r, s, Site("P5_1")) == (
        "at P5_1  (Z-5; no machinery; +3 credits red frame)"
    )


def test_the_small_choices_say_what_they_give():
    """B-10.7 machinery, B-10.4 water (where a flowing marker stops, B-12), B-10.8.4 a
    discard, B-7.6 passing."""
    g = new_game(4)
    r, s = g.rules, g.state
    assert SplitMachinery(seat=GER, units=2).show(r, s, Machinery(1, 1)) == (
        "machinery 1e 1m  (then 7 excavators, 5 mixers)"
    )
    flows = PlaceWater(seat=GER, markers=1, flows=True)
    s.dam_owner[site(g, "B1U")], s.dam_height[site(g, "B1U")] = USA, 1
    assert flows.show(r, s, Headstream("A")) == "headstream A  (to Z-1, flows now: stops at B1U, USA)"
    assert PlaceWater(seat=GER, markers=1).show(r, s, Headstream("A")) == (
        "headstream A  (to Z-1, waits for phase 3: 1 there then)"
    )
    held = s.players[GER].contracts[0]
    c = r.contracts[held]
    assert (
        DiscardContract(seat=GER)
        .show(r, s, Discard(held))
        .startswith(f"discard {held}  (needs {c.requirement} energy: ")
    )
    assert r.choice_text(s, Pass()) == "pass  (no more turns this round; 12 engineers unused)"


def test_B_10_4_and_B_10_8_4_the_questions_say_how_many_markers_and_the_hand_limit():
    """Two markers of WM1 were asked with the same words twice; a discard did not say the
    hand holds too many (B-10.8.4: at most 3)."""
    g = new_game(4)
    r, s = g.rules, g.state
    assert (
        PlaceWater(seat=GER, markers=2).question(r, s) == "which headstream gets water (2 markers to place)"
    )
    assert PlaceWater(seat=GER, markers=1).question(r, s) == "which headstream gets water"
    s.players[GER].contracts += ["PC-G01", "PC-G02", "PC-G03"]
    assert (
        DiscardContract(seat=GER).question(r, s)
        == "which contract to discard: you hold 4, at most 3 (B-10.8.4)"
    )
    # B-10.8.1: CO3 takes 2 contracts, one question each: it was asked twice in the same words
    assert TakeContracts(seat=GER, count=2).question(r, s) == "which contract to take (2 contracts to take)"
    assert TakeContracts(seat=GER, count=1).question(r, s) == "which contract to take"
    # B-6.1: machinery in the income phase says it is an income; in the actions phase it is
    # the machinery shop's or a reward's, whose move the player has just seen
    assert g.rules.phase_name(s) == "actions"
    assert SplitMachinery(seat=GER, units=1).question(r, s) == "which machinery to take"
    s.flow.phase = 0  # the income phase (B-5)
    assert g.rules.phase_name(s) == "income"
    assert SplitMachinery(seat=GER, units=1).question(r, s) == "which machinery to take from the income"
    s.flow.phase = 2  # the water phase, whose name sorts after "income": no income there
    assert g.rules.phase_name(s) == "water"
    assert SplitMachinery(seat=GER, units=1).question(r, s) == "which machinery to take"


def test_B_8_2_B_11_2_the_questions_after_a_site_or_dam_name_it():
    """B-8.2 step 4, B-11.2 step 2: "how to pay" and "how many water markers to use" did
    not say for which site or which dam and conduit; when that step had only one answer,
    the rules took it alone and the question was all the player saw."""
    g = new_game(4)
    r, s = g.rules, g.state
    pay = ChoosePayment(seat=GER, structure=CONDUIT, site=site(g, "C5L"), tile="conduit")
    assert pay.question(r, s) == "how to pay for the conduit at C5L"
    base = ChoosePayment(seat=GER, structure=BASE, site=site(g, "B3U"), tile="base")
    assert base.question(r, s) == "how to pay for the base at B3U"
    s.dam_water[site(g, "B3U")] = 3
    markers = ChooseMarkers(seat=GER, dam=site(g, "B3U"), conduit=site(g, "C3L"))
    assert markers.question(r, s) == "how many water markers to use (dam B3U, 3 held; conduit C3L)"


def menus(expansions: tuple[str, ...], seeds: range):
    """Each decision's menu in seeded 4-player full games (the audit's mix of greedy
    and random moves: the greedy bot builds and produces, random moves reach the rarer
    decisions)."""
    return decisions(expansions, seeds)


def test_every_answer_of_every_kind_says_its_cost_or_effect_and_its_notation_is_what_is_typed():
    """The audit of ``barrage_menu_audit.py`` as a test: no answer is shown by its
    notation alone (``skip`` excepted), and the text before the words parses back to it."""
    kinds: set[str] = set()
    for g, kind, legal in menus((), range(3)):
        kinds.add(kind)
        for action in legal:
            text = g.rules.choice_text(g.state, action)
            notation, sep, words = text.partition("  (")
            if notation == "skip":
                continue
            assert sep and len(words) > 1 and words.endswith(")"), f"{kind}: {text}"
            assert g.rules.parse(notation, g.state) == action, text
    assert {"turn", "structure", "site", "tile", "produce", "amount", "contract", "take"} <= kinds
