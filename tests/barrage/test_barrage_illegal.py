"""Illegal moves get the rule that forbids them (``why_illegal``, :mod:`.explain`), and typed
notation is read as a move even when it is illegal now (``read_action``), so the player
hears why through ``Game.find``.

Each case: a state where the move is illegal, the exact reason fragment and rule ID, the
state digest unchanged by the refused ``apply``, and the same reason for the typed text.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import barrage_rules_coverage as rules_coverage
import pytest
from barrage_full_setup import blank, drafted, start_build, to_move
from barrage_setup import clear_map, conduit, dam, forget_legal, legal_text, new_game, play, powerhouse, site
from turbine.core import Game
from turbine.core.errors import IllegalAction, ParseError
from turbine.core.testing import assert_refused
from turbine.plugins.barrage import actions as A
from turbine.plugins.barrage import decisions, explain, officers, placements
from turbine.plugins.barrage.decisions import (
    ChooseContract,
    ChooseCopy,
    ChooseFreeSite,
    ChooseMarkers,
    ChoosePayment,
    ChooseProduction,
    ChooseRepeat,
    ChooseSite,
    ChooseStructure,
    Decision,
    DiscardContract,
    ExtraAction,
    PlaceWater,
    SplitMachinery,
    TakeContracts,
)
from turbine.plugins.barrage.tables import BASE, CONDUIT, ELEVATION, POWERHOUSE

CITED: set[str] = set()


def refused(g: Game, text: str, fragment: str, rule: str | None) -> IllegalAction:
    """``assert_refused`` on a position set by hand: ``text`` reads as a move, ``apply``
    refuses it with ``fragment`` and ``rule`` and leaves the state as it was, and
    ``Game.find`` gives the player the same reason.  The legal lists cached for the
    position before the test changed it are dropped first, and the rule is recorded
    for the check that every refusal rule is exercised."""
    forget_legal(g)
    refusal = assert_refused(g, text, rule, reason=fragment)
    CITED.add(rule or "")
    return refusal


def push(g: Game, pending: Decision) -> None:
    g.state.flow.pending.append(pending)
    forget_legal(g)


def intro(players: int = 4) -> tuple[Game, int]:
    """An introductory game on a blank map, the first seat (USA, Wilhelm Adler) to move."""
    g = new_game(players)
    clear_map(g)
    forget_legal(g)
    return g, g.to_move


# ---------------------------------------------------------------- reading notation


@pytest.mark.parametrize("mode", ["intro", "full"])
def test_every_legal_notation_reads_back_and_parses(mode):
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        g = new_game(players, seed, mode=mode)
        r, s = g.rules, g.state
        rng = random.Random(seed)
        while r.to_move(s) is not None:
            legal = r.legal_actions(s)
            for a in legal:
                text = r.describe(a)
                assert r.read_action(text) == a
                assert r.read_action("  " + text.upper() + " ") == a
                assert r.parse(text, s) == a
            r.apply(s, rng.choice(legal))


def test_read_action_every_form():
    r = new_game(2).rules
    assert r.read_action("place ts1l") == A.Place("TS1L")
    assert r.read_action("bank 3") == A.Bank(3)
    assert r.read_action("Construct") == A.Construct()
    assert r.read_action("construct free") == A.ConstructFree()
    assert r.read_action("build conduit") == A.Structure("conduit")
    assert r.read_action("at c3l") == A.Site("C3L")
    assert r.read_action("tile anton=at-ii-b") == A.Tile("anton=AT-II-B")
    assert r.read_action("pay 2e 0m 3c") == A.Pay(2, 0, 3)
    assert r.read_action("produce b3l c3l") == A.Produce("B3L", "C3L")
    assert r.read_action("water 2") == A.Water(2)
    assert r.read_action("fulfil nc-1") == A.Fulfil("NC-1")
    assert r.read_action("take pc-g07") == A.Take("PC-G07")
    assert r.read_action("discard sc-1") == A.Discard("SC-1")
    assert r.read_action("machinery 1e 0m") == A.Machinery(1, 0)
    assert r.read_action("headstream a") == A.Headstream("A")
    assert r.read_action("pair co-usa eo-wa") == A.Pair("CO-USA", "EO-WA")
    assert r.read_action("copy eo-ak") == A.Copy("EO-AK")
    assert r.read_action("pass") == A.Pass()
    assert r.read_action("skip") == A.Skip()


@pytest.mark.parametrize(
    "text", ["", "fly away", "bank", "bank x", "pay 2e", "water", "place", "produce B3L"]
)
def test_text_that_is_no_move_reads_as_none_and_find_says_so(text):
    g = new_game(2)
    assert g.rules.read_action(text) is None
    with pytest.raises(ParseError):
        g.find(text or "?")


def test_find_still_plays_legal_text_and_numbers():
    g = new_game(2)
    assert g.find("place MS1L") == A.Place("MS1L")
    assert g.find("1") == g.legal()[0]


def test_a_space_cut_short_after_its_number_is_the_move_it_starts():
    """``place MS1`` is ``place MS1L`` when that is the one legal move it starts (it was
    refused as 'no action space MS1' though the README promises unique prefixes); a start
    of several says which; a number is still never the start of a longer one."""
    g = new_game(2)
    texts = [g.rules.describe(a) for a in g.legal()]
    assert "place MS1L" in texts and "place MS1R" in texts
    with pytest.raises(ParseError, match="'place MS1' could mean several moves: place MS1L, place MS1R"):
        g.find("place MS1")
    g.play(A.Place("MS1L"))  # the other seat's turn: MS1L is taken, MS1R is the one MS1 move
    assert g.find("place MS1") == A.Place("MS1R")
    assert "bank 10" in [g.rules.describe(a) for a in g.legal()]
    assert g.find("bank 1") == A.Bank(1)  # not the start of 'bank 10' too


def test_B_4_4_2_an_officer_id_cut_short_is_the_pair_it_starts():
    """``pair CO-ITA EO-S`` reads as a pair with officer "EO-S" (no such pair, B-4.4.2);
    as the start of exactly one legal pair it is that pair.  A pair that is no start of
    a legal one is still refused with its rule."""
    g = Game(new_game(2).registry, "barrage", players=2, seed=0)
    assert [g.rules.describe(a) for a in g.legal()] == ["pair CO-ITA EO-SJ", "pair CO-USA EO-JM"]
    assert g.rules.describe(g.find("pair CO-ITA EO-S")) == "pair CO-ITA EO-SJ"
    with pytest.raises(IllegalAction) as info:
        g.find("pair CO-ITA EO-J")
    assert info.value.rule == "B-4.4.2"


# ---------------------------------------------------------------- turn placements (B-7, B-10)


def test_B_7_2_a_construction_answer_at_the_start_of_a_turn_says_what_is_asked():
    g, _ = intro()
    e = refused(
        g, "build base", "answers a construction, but it is USA's turn to place engineers (construct", "B-7.2"
    )
    assert "turn to place engineers" in e.reason or "'s turn" in e.reason


def test_B_8_2_a_placement_during_a_construction_says_what_is_asked():
    g, _ = intro()
    play(g, "construct")
    e = refused(g, "place MS1L", "must choose which structure to build", "B-8.2")
    assert "build " in e.reason
    refused(g, "skip", "this step cannot be skipped", "B-8.2")


def test_B_7_9_a_taken_space_and_B_4_7_a_blocked_one():
    """Rules: B-7.9, B-4.7.1, B-4.7.2."""
    g, _ = intro()
    play(g, "place MS1L")
    e = refused(g, "place MS1L", "MS1L already holds", "B-7.9")
    assert e.reason.endswith("'s engineers this round")
    g2, _ = intro(2)
    refused(g2, "place TS2L", 'blocked with 2 players (its action is marked "4")', "B-4.7")
    refused(g2, "place WS2L", 'marked "3+"', "B-4.7")


def test_B_7_3_engineers_and_B_7_5_credits_short():
    """Rules: B-7.3, B-7.5, B-10.5.1."""
    g, seat = intro()
    p = g.state.players[seat]
    p.engineers = 1
    refused(g, "place MS3L", "MS3L needs 2 engineers and you have 1", "B-7.3")
    refused(g, "bank 5", "you have only 1 engineers", "B-7.3")
    refused(g, "bank 0", "at least 1 engineer", "B-10.5.1")
    p.engineers, p.credits = 12, 1
    refused(g, "place MS1L", "MS1L costs 2 credits (2 printed) and you have 1", "B-7.5")
    refused(g, "place WM1R", "costs 3 credits (3 red frame)", "B-7.5")
    refused(g, "place BK", "the Bank takes a number of engineers", "B-10.5.1")
    refused(g, "place XX9", "there is no action space 'XX9'", "B-10.2")


def test_B_7_7_no_pass_with_engineers_and_B_7_6_nothing_without():
    """Rules: B-7.6, B-7.7."""
    g, seat = intro()
    refused(g, "pass", "you still have 12 engineers", "B-7.7")
    g.state.players[seat].engineers = 0
    refused(g, "place MS1L", "you have no engineers left", "B-7.6")


def test_B_10_8_contract_office_and_B_10_8_4_hand_limit():
    """Rules: B-10.8.2, B-10.8.4, B-10.8.6, U-25."""
    g, seat = intro()
    s = g.state
    s.display = [["", ""], ["", "PC-Y10"], ["", ""]]
    refused(g, "place CO3L", "CO3L takes 2 contracts and only 1 is face up", "B-10.8.6")
    s.display = [["", ""], ["", ""], ["", ""]]
    refused(g, "place CO1L", "no face-up private contract is left", "B-10.8.2")
    refused(g, "discard SC-1", "discarded only above the hand limit of 3", "B-10.8.4")
    s.display = [["PC-G13", "PC-G07"], ["PC-Y10", "PC-Y08"], ["PC-R02", "PC-R08"]]
    push(g, TakeContracts(seat=seat, count=1))
    refused(g, "take NC-1", "national contracts are never taken", "B-10.8.2")
    refused(g, "take PC-Y99", "PC-Y99 is not face up in the contract display", "B-10.8.2")
    s.flow.pending.pop()
    s.players[seat].contracts = ["SC-1", "PC-G13", "PC-G07", "PC-Y10"]
    push(g, DiscardContract(seat=seat))
    refused(g, "take PC-Y08", "you hold 4 face-up contracts, over the limit of 3", "B-10.8.4")
    refused(g, "discard PC-R02", "you do not hold PC-R02", "B-10.8.4")


def test_B_13_3_contract_energy_and_holding():
    """Rules: B-13.3.1, B-13.3.3, B-13.5.3, B-13.6.1."""
    g, seat = intro()
    s, r = g.state, g.rules
    national = s.nationals[0]
    need = r.contracts[national].requirement
    push(g, ChooseContract(seat=seat, energy=need - 1, optional=True))
    refused(
        g,
        f"fulfil {national}",
        f"{national} needs {need} energy and this production made {need - 1}",
        "B-13.3.1",
    )
    refused(g, "fulfil PC-G13", "you do not hold PC-G13", "B-13.3.1")
    s.players[seat].fulfilled.append("PC-R02")
    refused(g, "fulfil PC-R02", "you have already fulfilled PC-R02", "B-13.3.3")
    s.flow.pending.pop()
    push(g, ChooseContract(seat=seat, energy=99, tile_energy=True, optional=True))
    refused(
        g, f"fulfil {national}", "energy from a technology tile cannot fulfil a national contract", "B-13.5.3"
    )
    s.flow.pending.pop()
    france = 3
    s.players[france].built[POWERHOUSE] = 3
    push(g, ChooseContract(seat=france, energy=need - 4, optional=True))
    refused(g, f"fulfil {national}", f"({need - 3} with France's reduction)", "B-13.6.1")


# ---------------------------------------------------------------- construction (B-8, B-9)


def test_B_8_1_construction_spaces_and_B_8_6_2_tiles():
    """Rules: B-8.1, B-8.2, B-8.6.2."""
    g, seat = intro()
    p = g.state.players[seat]
    p.spaces_used = 4
    refused(g, "construct", "all 4 construction spaces are used this round", "B-8.1")
    p.spaces_used, p.credits = 3, 2
    refused(g, "construct", "your 4th construction space is red-framed (3 credits) and you have 2", "B-8.1")
    p.spaces_used, p.engineers = 2, 2
    refused(g, "construct", "your 3rd construction space needs 3 engineers and you have 2", "B-8.2")
    p.spaces_used, p.engineers, p.credits = 0, 12, 6
    p.tiles, p.wheel_tile[2] = [], "joker"
    refused(g, "construct", "no technology tile in your supply permits a construction", "B-8.6.2")
    p.tiles = ["base", "conduit"]
    p.excavators = p.mixers = p.credits = 0
    refused(g, "construct", "you cannot pay for a base or conduit on any legal space", "B-8.2")


def test_B_9_2_structure_choices():
    """Rules: B-9.2.2, B-9.2.5, B-8.6.2."""
    g, seat = intro()
    p = g.state.players[seat]
    push(g, ChooseStructure(seat=seat))
    refused(g, "build elevation", "you have no dam below height 3 to raise", "B-9.2.2")
    refused(g, "build castle", "'castle' is not a structure", "B-8.2")
    p.built[CONDUIT] = 5
    refused(g, "build conduit", "all your 5 conduit pieces are built", "B-9.2.5")
    p.tiles = ["base"]
    refused(g, "build powerhouse", "no technology tile in your supply permits a powerhouse", "B-8.6.2")


def test_B_9_2_sites():
    """Rules: B-9.2, B-9.2.1, B-9.2.2, B-9.2.4, B-9.2.6, B-9.1."""
    g, seat = intro()
    other = (seat + 1) % 4
    dam(g, "B3U", other, 1, 0)
    push(g, ChooseSite(seat=seat, structure=BASE))
    refused(g, "at B3U", "B3U already holds a dam (Germany)", "B-9.2.6")
    refused(g, "at C3L", "C3L is a conduit space: a base goes on a dam space", "B-9.2")
    refused(g, "at Q9", "there is no building space 'Q9'", "B-9.2")
    dam(g, "B3L", seat, 1, 0)
    refused(g, "at B3U", "B3U already holds a dam", "B-9.2.6")
    g.state.dam_owner[site(g, "B3U")] = -1
    refused(g, "at B3U", "you already have a dam in basin 3: one per basin", "B-9.2.1")
    g.state.flow.pending.pop()
    push(g, ChooseSite(seat=seat, structure=ELEVATION))
    dam(g, "B1U", other, 1, 0)
    refused(g, "at B1U", "an elevation goes on your own dam", "B-9.2.2")
    dam(g, "B3L", seat, 3, 0)
    refused(g, "at B3L", "your dam at B3L is already at height 3", "B-9.2.2")
    g.state.flow.pending.pop()
    powerhouse(g, "P5_0", seat)
    push(g, ChooseSite(seat=seat, structure=POWERHOUSE))
    refused(g, "at P5_1", "you already have a powerhouse in basin 5: one per basin", "B-9.2.4")
    g.state.flow.pending.pop()
    p = g.state.players[seat]
    p.excavators = p.credits = 0
    push(g, ChooseSite(seat=seat, structure=BASE))
    refused(g, "at B2U", "with none of your tiles can you pay for a base at B2U", "B-9.1")


def test_B_13_7_rewarded_structures():
    """Rules: B-13.7.1, U-7."""
    g, seat = intro()
    push(g, ChooseFreeSite(seat=seat, structure=CONDUIT, max_value=2, optional=True))
    refused(g, "at C1L", "a conduit of value 2 or less; C1L has value 5", "B-13.7.1")
    g.state.flow.pending.pop()
    g.state.players[seat].credits = 0
    red = next(d.id for d in g.rules.board.dams if d.red)
    push(g, ChooseFreeSite(seat=seat, structure=BASE, optional=True))
    refused(g, f"at {red}", "a rewarded base pays 3 credits", "U-7")


def test_B_8_6_B_14_tile_choices():
    """Rules: B-8.6.2, B-8.4.1, B-14.2.1, B-14.4.1."""
    g = blank(2)
    seat = to_move(g)
    p = g.state.players[seat]
    start_build(g, seat, "base", "B9L")
    refused(g, "tile AT-II-B", "advanced tiles come from the Patent Office", "B-8.6.2")
    refused(g, "tile conduit", "conduit permits conduit, not a base", "B-8.6.2")
    refused(g, "tile nope", "there is no technology tile 'nope'", "B-8.6")
    p.tiles.remove("base")
    p.wheel_tile[2] = "base"
    refused(g, "tile base", "base is on your wheel; it comes back when its sector is open again", "B-8.4.1")
    p.tiles.append("AT-I-E")
    refused(g, "tile AT-I-E", "AT-I-E permits elevation, not a base", "B-14.2.1")
    g.state.flow.pending.pop()
    p.tiles.append("base")
    start_build(g, seat, "base", "B9L", free=True)
    refused(g, "tile base", "an engineer-free construction needs AT-I-P or AT-III-B, not base", "B-14.4.1")
    g.state.flow.pending.pop()
    p.excavators = p.credits = 0
    start_build(g, seat, "base", "B9L")
    refused(g, "tile base", "with base a base at B9L costs", "B-8.2")


def test_B_16_6_anton_copies():
    """Rules: B-16.6.2, B-16.6.3, B-16.7.5."""
    g = blank(2)
    seat = to_move(g)
    p = g.state.players[seat]
    start_build(g, seat, "base", "B9L")
    refused(g, "tile anton=base", "only Anton Krylov's tile copies a tile on the wheel", "B-16.6.2")
    p.officer, p.tiles = "EO-AK", ["base", "anton"]
    refused(
        g, "tile anton=AT-III-B", "no other tile is on your wheel, so Anton's tile cannot be used", "B-16.6.3"
    )
    refused(g, "tile copy=base", "Anton places his own tile to copy: tile anton=base", "B-16.6.2")
    p.wheel_tile[4] = "conduit"
    refused(g, "tile anton=AT-III-B", "AT-III-B is not on your wheel (there: conduit)", "B-16.6.2")
    refused(g, "tile anton=conduit", "conduit permits conduit, not a base", "B-8.6.2")
    p.officer, p.copy = "EO-MS", "EO-AK"
    refused(g, "tile anton=conduit", "copying Anton Krylov you place no tile: tile copy=conduit", "B-16.7.5")


def test_B_8_2_payments_and_B_16_officer_costs():
    """Rules: B-8.2, B-9.1, B-16.4.2, B-16.5.1."""
    g = blank(2)
    seat = to_move(g)
    assert g.state.players[seat].officer == "EO-JM"
    push(g, ChoosePayment(seat=seat, structure=BASE, site=site(g, "B9L"), tile="base"))
    refused(g, "pay 0e 0m 12c", "only Solomon P. Jordan may pay credits instead of machinery", "B-16.5.1")
    refused(g, "pay 9e 0m 0c", "you have 6 excavators and 4 mixers", "B-8.2")
    refused(g, "pay 2e 0m 0c", "the base costs", "B-9.1")
    g.state.flow.pending.pop()
    p = g.state.players[seat]
    p.excavators = 8
    push(g, ChoosePayment(seat=seat, structure=CONDUIT, site=site(g, "C3R"), tile="conduit"))
    refused(g, "pay 4e 1m 0c", "a conduit is paid in excavators or in mixers, never both", "B-16.4.2")


def test_B_14_4_engineer_free_construction():
    """Rules: B-14.4, B-14.4.1, U-23."""
    g, _ = intro()
    refused(g, "construct free", "engineer-free constructions need advanced tiles (full game only)", "B-14.4")
    g2 = blank(2)
    refused(g2, "construct free", "needs AT-I-P or AT-III-B in your supply", "B-14.4.1")
    g3 = blank(2, free_build_only_without_engineers=True)
    g3.state.players[to_move(g3)].tiles.append("AT-I-P")
    refused(g3, "construct free", "only for a player without engineers", "U-23")


# ---------------------------------------------------------------- production (B-11)


def _system(g: Game, seat: int, value: int = 4) -> tuple[str, str, str]:
    """An own powerhouse, a built conduit of ``value`` into its basin and a dam above it."""
    b = g.rules.board
    c = next(c for c in b.conduits if c.value == value)
    ph = next(p for p in b.powerhouses if p.zone == c.to_zone)
    d = next(d for d in b.dams if d.zone == c.zone)
    powerhouse(g, ph.id, seat)
    conduit(g, c.id, seat)
    return d.id, c.id, ph.id


def test_B_11_1_production_spaces_need_a_system():
    """Rules: B-11.1.1, B-11.1.2, B-11.1.3, B-11.2, B-11.4, B-10.3.1."""
    g, seat = intro()
    refused(g, "place TS1L", "you have no powerhouse", "B-11.1.1")
    b = g.rules.board
    c = next(c for c in b.conduits if c.value == 1)
    ph = next(p for p in b.powerhouses if p.zone == c.to_zone)
    d = next(d for d in b.dams if d.zone == c.zone)
    powerhouse(g, ph.id, seat)
    refused(g, "place TS1L", "no built conduit leads to your powerhouses", "B-11.1.3")
    conduit(g, c.id, (seat + 1) % 4)
    refused(g, "place TS1L", "no dam of yours or neutral dam holding water", "B-11.1.2")
    dam(g, d.id, seat, 1, 1)
    g.state.players[seat].credits = 0
    refused(g, "place TS1L", "cost 1 credit per marker paid in advance", "B-11.2")
    g.state.players[seat].credits = 3  # TS1R's red frame takes them all: none left for the conduit
    refused(g, "place TS1R", "paid in advance, and you would have 0 credits", "B-11.2")
    g.state.players[seat].credits = 6
    conduit(g, c.id, seat)
    refused(g, "place TS5L", "your best production makes 1 energy, -1 with TS5L's -2", "B-11.4")


def test_B_11_2_choosing_dam_conduit_and_amount():
    """Rules: B-11.1.1, B-11.1.2, B-11.1.3, B-11.2, B-11.4, B-15.4.1."""
    g, seat = intro()
    d, c, _ = _system(g, seat)
    dam(g, d, seat, 1, 2)
    push(g, ChooseProduction(seat=seat, modifier=0, flags=1))
    conduit(g, "C1L", seat)
    refused(g, f"produce {d} C1L", "C1L leads to basin 8, where you have no powerhouse", "B-11.1.1")
    other_zone = next(x for x in g.rules.board.dams if x.zone != g.rules.board.conduits[site(g, c)].zone)
    refused(g, f"produce {other_zone.id} {c}", f"and {other_zone.id} is in basin", "B-11.1.3")
    refused(g, f"produce {c} {d}", "is not a dam space", "B-11.1.2")
    dam(g, d, (seat + 1) % 4, 1, 2)
    refused(g, f"produce {d} {c}", "holds the dam of Germany: use your own or a neutral dam", "B-11.1.2")
    dam(g, d, seat, 1, 0)
    refused(g, f"produce {d} {c}", f"the dam at {d} holds no water", "B-11.1.2")
    g.state.flow.pending.pop()
    dam(g, d, seat, 1, 2)
    push(g, ChooseMarkers(seat=seat, dam=site(g, d), conduit=site(g, c), modifier=0, flags=1))
    refused(g, "water 3", f"the dam at {d} holds 2 water markers", "B-11.2")
    refused(g, "water 0", "at least 1 water marker", "B-11.2")
    conduit(g, c, (seat + 1) % 4)
    g.state.players[seat].credits = 1
    refused(g, "water 2", "costs 1 credit per marker, paid in advance, and you have 1 credit", "B-11.2")
    g.state.flow.pending.pop()
    conduit(g, c, seat)
    zone = g.rules.board.conduits[site(g, c)].to_zone
    push(g, ChooseRepeat(seat=seat, basin=zone, dam=site(g, d), optional=True))
    refused(g, f"produce {d} {c}", "the second production must use a different powerhouse", "B-15.4.1")


# ---------------------------------------------------------------- full game: draft, patents, officers


def test_B_4_4_draft_choices():
    """Rules: B-4.4.2, B-4.4.5."""
    g = new_game(2, mode="full")
    company, officer = g.state.draft_pairs[0]
    refused(g, f"pair {company} EO-XX", f"{company} is drafted together with officer {officer}", "B-4.4.2")
    refused(g, "place MS1L", "must choose which company and officer to take", "B-4.4.5")
    refused(g, "pair CO-XXX EO-XX", "that pair is not on offer", "B-4.4.5")
    play(g, f"pair {company} {officer}")
    refused(g, "take SC-99", "SC-99 is not among the starting contracts left", "B-4.4.5")


def test_B_10_9_patent_office():
    """Rules: B-10.9, B-10.9.1, B-10.9.2."""
    g, _ = intro()
    refused(g, "place PO1", "the Patent Office is used in the full game only", "B-10.9")
    g2 = drafted(2)
    p = g2.state.players[to_move(g2)]
    p.credits = 4
    refused(g2, "place PO2", "a Patent Office tile costs 5 credits and you have 4", "B-10.9.1")
    p.credits = 6
    g2.state.patent_display[0] = ""
    refused(g2, "place PO1", "the advanced tile of PO1 has been taken this round", "B-10.9.2")


def test_B_16_7_mahiri_space_and_copies():
    """Rules: B-16.7.1, B-16.7.2, B-16.7.3, B-16.7.4."""
    g = blank(2, mahiri_copy_pool="players")
    seat = to_move(g)
    p = g.state.players[seat]
    refused(g, "place MAHIRI", "only Mahiri Sekibo has a personal action space", "B-16.7.1")
    p.officer = "EO-MS"
    p.copy_uses = 2
    refused(g, "place MAHIRI", "Mahiri's space is used at most 2 times per round", "B-16.7.1")
    p.copy_uses, p.engineers = 0, 1
    assert "place MAHIRI" in legal_text(g)  # B-16.7.1: the space takes 1 engineer
    g.rules.rules_versions = {"barrage": 1}  # which version 1 refused without a second one
    needs_two = "Mahiri's space needs 1 engineer, and 1 more for the action that follows"
    refused(g, "place MAHIRI", needs_two, "B-16.7.1")
    g.rules.rules_versions = {}
    p.engineers, p.copy_uses, p.credits = 12, 1, 2
    refused(g, "place MAHIRI", "the second use of Mahiri's space in a round costs 3 credits", "B-16.7.1")
    push(g, ChooseCopy(seat=seat))
    refused(g, "copy EO-MS", "Mahiri copies another officer, not herself", "B-16.7.2")
    refused(g, "copy EO-GD", "EO-GD cannot be copied: the officers to copy are", "B-16.7.4")
    g.state.flow.pending.pop()
    p.copy = "EO-VF"  # the copy in force, as ChooseCopy leaves it
    push(g, ExtraAction(seat=seat))
    refused(g, "pass", "after copying an officer you take one more action at once", "B-16.7.3")
    refused(g, "place MAHIRI", "the action after a copy cannot be another copy", "B-16.7.3")


def test_B_10_4_B_10_7_water_and_machinery_choices():
    """Rules: B-10.4, B-10.7."""
    g, seat = intro()
    push(g, SplitMachinery(seat=seat, units=1))
    refused(g, "machinery 1e 1m", "split exactly 1 machinery", "B-10.7")
    g.state.flow.pending.pop()
    push(g, PlaceWater(seat=seat, markers=1))
    refused(g, "headstream E", "there is no headstream 'E'", "B-10.4")


def test_B_20_1_nothing_is_legal_after_the_end():
    g = new_game(2)
    r, s = g.rules, g.state
    rng = random.Random(0)
    while r.to_move(s) is not None:
        r.apply(s, rng.choice(r.legal_actions(s)))
    e = r.why_illegal(s, A.Pass())
    assert (e.reason, e.rule) == ("the game is over", "B-20.1")


# ---------------------------------------------------------------- every explanation, everywhere


def _candidates(g: Game) -> list[object]:
    r = g.rules
    b = r.board
    out: list[object] = [A.Place(x.id) for x in r.spaces] + [A.Place("MAHIRI"), A.Place("BK"), A.Place("ZZ")]
    out += [A.Bank(0), A.Bank(13), A.Construct(), A.ConstructFree(), A.Pass(), A.Skip()]
    out += [A.Structure(k) for k in ("base", "elevation", "conduit", "powerhouse")]
    out += [A.Site(x.id) for x in (*b.dams[::2], *b.conduits[::2], *b.powerhouses[::2])]
    out += [A.Tile(t) for t in r.tiles] + [A.Tile("anton=AT-I-B"), A.Tile("copy=conduit")]
    out += [A.Pay(e, m, c) for e in (0, 4) for m in (0, 3) for c in (0, 3)]
    out += [A.Produce(d.id, c.id) for d in b.dams[::4] for c in b.conduits[::4]]
    out += [A.Water(n) for n in (0, 1, 9)] + [A.Machinery(1, 1), A.Headstream("E")]
    out += [A.Fulfil(c) for c in list(r.contracts)[::6]] + [A.Take(c) for c in list(r.contracts)[::6]]
    out += [A.Discard("SC-1"), A.Pair("CO-USA", "EO-WA"), A.Copy("EO-AK")]
    return out


@pytest.mark.parametrize("mode", ["intro", "full"])
def test_every_refusal_names_a_rule_and_never_fails(mode):
    """Random games: every move of a wide sample that is not legal gets a specific reason with
    a rule ID, and explaining it changes nothing."""
    for players, seed in ((2, 5), (4, 6)):
        g = new_game(players, seed, mode=mode)
        r, s = g.rules, g.state
        rng = random.Random(seed)
        step = 0
        while r.to_move(s) is not None:
            legal = r.legal_actions(s)
            if step % 7 == 0:
                before = r.digest(s)
                for a in _candidates(g):
                    if a not in legal:
                        e = r.why_illegal(s, a)
                        assert e.rule, (a, e.reason)
                        assert "is not legal now" not in e.reason, (a, e.reason)
                        CITED.add(e.rule)
                assert r.digest(s) == before
            r.apply(s, rng.choice(legal), legal)
            step += 1


@pytest.mark.skipif(
    not any(path.exists() for path in rules_coverage.REFERENCE_CANDIDATES),
    reason="docs/rules/barrage.md is missing from the checkout (restore it from the repository)",
)
def test_every_rule_the_explanations_cite_exists():
    ids = set(rules_coverage.rule_ids())
    sources = [
        Path(explain.__file__),
        Path(placements.__file__),
        *Path(decisions.__file__).parent.glob("*.py"),
    ]
    sources += Path(officers.__file__).parent.glob("*.py")
    cited = set()
    for source in sources:
        cited |= set(re.findall(r'"((?:B|U)-[\d.]+)"', source.read_text(encoding="utf-8")))
    cited |= {kind.rule for kind in decisions.BARRAGE_DECISIONS if kind.rule}
    assert len(cited) > 60 and not sorted(cited - ids)


def test_an_expansions_move_in_a_game_without_one_says_so():
    """``x levee`` typed in plain Barrage was said to be "no placement" of the expansions'
    (of which there were none): it says the game has no expansion to place or ask it."""
    game = new_game(2)
    refused = assert_refused(game, "x levee", rule="B-7.2")
    assert refused.reason.startswith(
        "'x levee' is an expansion's move (x …), and this game has no expansion that places or "
        "asks anything; it is "
    )
