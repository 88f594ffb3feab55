"""Illegal moves get the rule that forbids them (``why_illegal``), and typed notation is read
as a move even when it is illegal now (``read_action``), so the player hears why.

Each case: a state where the move is illegal, the exact reason fragment and rule ID, and
the state digest unchanged by the refused ``apply``.
"""

from __future__ import annotations

import pytest
from pg_helpers import REGISTRY, act, default_choice, k, new_state, notations, play_until, random_playout
from turbine.core import Game, default_registry
from turbine.core.errors import IllegalAction, ParseError
from turbine.core.testing import assert_refused
from turbine.plugins.power_grid import actions as A

RUS3 = ["yellow", "red", "purple"]
JAP4 = ["red", "yellow", "purple", "green"]


# ---------------------------------------------------------------- reading notation


def test_every_legal_notation_reads_back_in_any_case():
    for board, players, seed in (("russia", 4, 1), ("japan", 3, 2), ("russia", 2, 3)):
        r, s = new_state(players, seed=seed, map=board, flow_generator=True)
        for _ in range(400):
            if r.to_move(s) is None:
                break
            legal = r.legal_actions(s)
            for a in legal:
                text = r.describe(a)
                assert r.read_action(text) == a
                assert r.read_action(text.upper()) == a
                assert r.parse(text, s) == a
            random_playout(r, s, seed, limit=1)


def test_read_action_every_form():
    r, _s = new_state(4, map="russia")
    assert r.read_action("auction 13 bid 15") == A.OpenAuction(k(13), 15)
    assert r.read_action("AUCTION 03 BID 3") == A.OpenAuction(k(3), 3)
    assert r.read_action("auction 33⅓ bid 40") == A.OpenAuction(100, 40)
    assert r.read_action("bid 16") == A.Bid(16)
    assert r.read_action("Drop Out") == A.DropOut()
    assert r.read_action("pass") == A.Pass()
    assert r.read_action("discard 13") == A.Discard(k(13))
    assert r.read_action("return coal") == A.ReturnResource("coal")
    assert r.read_action("buy Uranium") == A.Buy("uranium")
    assert r.read_action("done") == A.Done()
    assert r.read_action("build moscow (22)") == A.Build("Moscow", 22)
    assert r.read_action("build  NIZHNY   novgorod (7)") == A.Build("Nizhny Novgorod", 7)
    assert r.read_action("build st. petersburg") == A.Build("St Petersburg", A.ANY_COST)
    assert r.read_action("build ulan-ude 12") == A.Build("Ulan Ude", 12)
    assert r.read_action("start Tokyo (10)") == A.Start("Tokyo", 10)  # a Japan move, refused later
    assert r.read_action("power 20 13") == A.Power((k(13), k(20)))
    assert r.read_action("power none") == A.Power(())
    assert r.read_action("burn 1 coal 1 oil") == A.Burn(1, 1, 0, 0)
    assert r.read_action("burn nothing") == A.Burn()


@pytest.mark.parametrize(
    "text",
    ["", "fly away", "bid", "bid x", "bid 1 2", "auction 13", "auction x bid 3", "buy gold", "return",
     "discard", "discard x", "build", "build (10)", "power", "power 13 x", "burn 1 gold", "burn 1",
     "burn one coal", "drop in", "bid ²"],
)  # fmt: skip
def test_read_action_none_for_text_that_is_no_move(text):
    r, _s = new_state(4, map="russia")
    assert r.read_action(text) is None


def test_parse_fills_in_the_cost_and_takes_plants_in_any_order():
    r, s = new_state(3, seed=5, map="russia", regions=RUS3)
    play_until(r, s, "building")
    s.players[r.to_move(s)].money = 500
    assert r.parse("build tomsk", s) == A.Build("Tomsk", 10)
    act(r, s, "build Tomsk (10)")
    assert r.parse("BUILD novosibirsk", s) == A.Build("Novosibirsk", 14)
    with pytest.raises(ParseError):
        r.parse("build Tomsk", s)  # his own city: not legal, so not parsed


# ---------------------------------------------------------------- Phase 2: auction


def _auction(round_=1, players=4, seed=1, **options):
    r, s = new_state(players, seed=seed, **options)
    if round_ > 1:
        play_until(r, s, "auction", round_=round_)
    return r, s, s.players[r.to_move(s)]


def test_P_4_10_no_pass_in_round_1_while_a_plant_is_affordable():
    r, s, me = _auction()
    assert_refused((r, s), "pass", "P-4.10", reason="in round 1 every player must buy a plant")
    me.money = 2  # nothing affordable: then passing is legal
    assert A.PASS in r.legal_actions(s)


def test_P_4_4_plant_not_in_the_actual_market():
    r, s, _me = _auction()
    future = s.market[3]
    actual = ", ".join(A.plant_label(p) for p in r.actual_market(s))
    e = assert_refused(
        (r, s), f"auction {A.plant_label(future)} bid 20", "P-4.4", reason="is in the future market"
    )
    assert f"actual market ({actual})" in e.reason
    assert_refused((r, s), "auction 40 bid 40", "P-4.4", reason="plant 40 is not in the plant market")
    assert_refused((r, s), "auction 41 bid 41", "P-4.4", reason="there is no power plant 41")


def test_P_4_4_opening_bid_below_the_plant_number_and_above_money():
    r, s, me = _auction()
    low = r.actual_market(s)[-1]
    n = A.plant_label(low)
    assert_refused(
        (r, s),
        f"auction {n} bid {int(n) - 1}",
        "P-4.4",
        reason=f"the opening bid for plant {n} must be at least {n}",
    )
    assert_refused((r, s), f"auction {n} bid 51", "P-4.4", reason="you have 50 Elektro: you cannot bid 51")
    me.money = int(n) - 1
    assert_refused(
        (r, s),
        f"auction {n} bid {n}",
        "P-4.4",
        reason=f"plant {n} costs at least {n} and you have {me.money} Elektro",
    )


def test_P_4_2_bid_without_an_auction_and_moves_of_other_phases():
    r, s, _me = _auction()
    assert_refused((r, s), "bid 10", "P-4.2", reason="no auction is running")
    assert_refused((r, s), "drop out", "P-4.2", reason="no auction is running")
    assert_refused(
        (r, s),
        "buy coal",
        "P-4.2",
        reason="'buy coal' is a move of the resources phase; it is the auction phase: open an auction",
    )
    assert_refused((r, s), "build moscow", "P-4.2", reason="'build Moscow' is a move of the building phase")
    assert_refused((r, s), "done", "P-4.2", reason="it is the auction phase")
    assert_refused((r, s), "burn 2 coal", "P-7.2", reason="a mix is burned only after choosing")


def _bidding():
    r, s, _me = _auction()
    plant = r.actual_market(s)[0]
    act(r, s, f"auction {A.plant_label(plant)} bid 10")
    return r, s, s.players[r.to_move(s)]


def test_P_4_5_bid_must_beat_the_high_bid():
    r, s, _me = _bidding()
    assert_refused((r, s), "bid 10", "P-4.5", reason="a bid must be above the high bid of 10 for plant")
    assert_refused((r, s), "bid 3", "P-4.5", reason="above the high bid of 10")


def test_P_4_4_bid_above_money():
    r, s, me = _bidding()
    me.money = 30
    assert_refused((r, s), "bid 31", "P-4.4", reason="you have 30 Elektro: you cannot bid 31")


def test_P_14_6_pass_during_an_auction_means_drop_out():
    r, s, _me = _bidding()
    assert_refused((r, s), "pass", "P-14.6", reason="to leave this auction, drop out")


def test_P_4_5_other_moves_while_an_auction_runs():
    r, s, _me = _bidding()
    high = f"Seat {s.auction.high_bidder + 1}"  # the seat as the turn screen names it
    assert_refused((r, s), "buy coal", "P-4.5", reason=f"is being auctioned, high bid 10 by {high}: ")
    assert_refused((r, s), "auction 5 bid 5", "P-4.5", reason="bid more than 10 or drop out")


def _discarding(new=13, res=(8, 4, 0, 0), plants=(4, 10, 5)):
    r, s, me = _auction(round_=2, seed=3)
    me.plants = sorted(k(n) for n in plants)
    me.res = list(res)
    me.money = 100
    s.market[:3] = [k(new), k(18), k(22)]
    s.market.sort()
    act(r, s, f"auction {new} bid {new}")
    while s.auction is not None:
        act(r, s, "drop out")
    return r, s, me


def test_P_4_9_the_plant_just_bought_cannot_be_discarded():
    r, s, _me = _discarding()
    assert_refused(
        (r, s),
        "discard 13",
        "P-4.9",
        reason="plant 13 was just bought and cannot be discarded: "
        "discard one of your older plants (4, 5, 10)",
    )
    assert_refused((r, s), "discard 20", "P-4.9", reason="you do not own plant 20")
    assert_refused(
        (r, s), "buy coal", "P-4.9", reason="plant 13 takes you over the limit of 3 plants: first discard"
    )


def test_P_4_9_return_only_tokens_of_the_discarded_plant_that_no_longer_fit():
    """Coal plant 4 (4 coal), hybrid 5 (2 coal, 2 oil) and garbage plant 6 (2 garbage);
    hybrid 5 is discarded: 2 coal and 2 oil no longer fit, the player says which go first.
    The garbage sat on a plant he keeps."""
    r, s, me = _discarding(res=(6, 2, 2, 0), plants=(4, 5, 6))
    act(r, s, "discard 5")
    assert s.flow.pending and s.flow.pending[-1].kind == "return"
    assert notations(r, s) == ["return coal", "return oil"]
    assert_refused(
        (r, s),
        "return garbage",
        "P-4.9",
        reason="your garbage is on the plants you keep: only tokens of plant 5, which you discarded, "
        "go to the reserve: return coal or oil",
    )
    assert_refused((r, s), "return uranium", "P-4.9", reason="you have no uranium to return")
    assert_refused((r, s), "done", "P-4.9", reason="no longer fit on your plants: first return coal or oil")
    act(r, s, "return coal")
    act(r, s, "return coal")  # the oil left cannot stay: returned without asking
    assert me.res == [4, 0, 2, 0] and not s.flow.pending


def test_P_4_9_tokens_on_the_plants_kept_never_go():
    """Garbage plant 6 (2 garbage) kept, hybrid 5 discarded: its oil goes; the garbage,
    which fits, and which the hybrid could not hold, is refused with the reason."""
    r, s, me = _discarding(new=13, res=(4, 2, 2, 0), plants=(4, 5, 6))
    act(r, s, "discard 5")
    assert me.res == [4, 0, 2, 0]  # only oil could go: returned without asking
    r, s, me = _discarding(new=13, res=(4, 4, 2, 0), plants=(4, 5, 6))
    act(r, s, "discard 4")  # coal plant 4 closed: 4 coal and 4 oil on the hybrid, 2 garbage on 6
    assert me.res == [0, 4, 2, 0]


def test_P_4_9_discard_and_return_outside_their_decision():
    r, s, _me = _auction()
    assert_refused(
        (r, s),
        "discard 3",
        "P-4.9",
        reason="a plant is discarded only when a new one takes you over the limit of 3",
    )
    assert_refused((r, s), "return coal", "P-4.9", reason="tokens are returned only when a discard leaves")


# ---------------------------------------------------------------- Phase 3: resources


def _resources(**options):
    r, s = new_state(4, seed=5, **options)
    play_until(r, s, "resources")
    me = s.players[r.to_move(s)]
    me.money = 100
    return r, s, me


def test_P_5_6_none_left_on_the_market():
    r, s, me = _resources()
    me.plants = [k(4)]
    s.resources[0] = 0
    assert_refused((r, s), "buy coal", "P-5.6", reason="no coal is left on the resource market")


def test_P_5_2_not_enough_money_shows_the_price():
    r, s, me = _resources()
    me.plants = [k(4)]
    price = r.price(s, 0)
    me.money = price - 1
    assert_refused(
        (r, s),
        "buy coal",
        "P-5.2",
        reason=f"the cheapest coal costs {price} Elektro and you have {price - 1}",
    )


def test_P_5_4_no_plant_burns_it():
    r, s, me = _resources()
    me.plants = [k(4), k(13)]
    assert_refused((r, s), "buy oil", "P-5.4", reason="none of your plants burns oil")


def test_P_5_3_storage_twice_the_need_with_hybrids():
    r, s, me = _resources()
    me.plants = [k(4), k(5)]  # coal 2 (stores 4), hybrid 2 (stores 4 coal/oil)
    me.res = [6, 2, 0, 0]
    assert_refused(
        (r, s),
        "buy coal",
        "P-5.3",
        reason="no room for another coal: a plant stores twice its need, yours hold 4 on coal plants; "
        "4 coal and oil in all on hybrids, and you have 6 coal, 2 oil",
    )
    me.plants = [k(4)]
    me.res = [4, 0, 0, 0]
    assert_refused((r, s), "buy coal", "P-5.3", reason="yours hold 4 on coal plants, and you have 4 coal")


def test_P_5_1_other_moves_in_the_resources_phase():
    r, s, _me = _resources()
    assert_refused((r, s), "pass", "P-5.1", reason="it is the resources phase: buy a resource or done")
    assert_refused((r, s), "power none", "P-5.1", reason="'power none' is a move of the bureaucracy phase")


# ---------------------------------------------------------------- Phase 4: building, Russia


def _building(players=3, board="russia", regions=RUS3, round_=None, **options):
    r, s = new_state(players, seed=5, map=board, regions=regions, **options)
    play_until(r, s, "building", round_=round_)
    seat = r.to_move(s)
    me = s.players[seat]
    me.money = 500
    return r, s, seat, me


def test_P_6_12_city_not_in_play_or_no_city():
    r, s, _seat, _me = _building()
    assert_refused((r, s), "build murmansk (10)", "P-6.12", reason="Murmansk is not in play: its region")
    assert_refused((r, s), "build Atlantis (10)", "P-6.12", reason="there is no city 'Atlantis' on the")
    # a name spelled otherwise is answered with the closest ones, said if out of play
    refused = assert_refused((r, s), "build Moskva (10)", "P-6.12")
    assert refused.reason.startswith("there is no city 'Moskva' on the Russia map; did you mean Moscow")


def test_P_6_8_already_a_house_there():
    r, s, _seat, _me = _building()
    act(r, s, "build Tomsk (10)")
    assert_refused((r, s), "build tomsk", "P-6.8", reason="you already have a house in Tomsk")


def test_P_6_2_T_9_city_full_for_this_step_and_P_6_9_full():
    r, s, seat, _me = _building()
    c = r.city_by_name["Tomsk"]
    s.houses[c] = ((seat + 1) % 3,)
    assert_refused(
        (r, s),
        "build Tomsk (10)",
        "P-6.2",
        reason="Tomsk is full in Step 1: it has 1 house and its next space (15) opens in Step 2",
    )
    s.step = 3
    s.houses[c] = ((seat + 1) % 3, (seat + 2) % 3, 5)
    assert_refused((r, s), "build Tomsk", "P-6.9", reason="Tomsk is full: its 3 spaces are taken")


def test_P_6_4_P_6_5_cost_differs_shows_the_right_cost():
    r, s, _seat, _me = _building()
    assert_refused(
        (r, s),
        "build Tomsk (12)",
        "P-6.4",
        reason="Tomsk costs 10 now (first city: space 10, no links), not 12: build Tomsk (10)",
    )
    act(r, s, "build Tomsk (10)")
    assert_refused(
        (r, s),
        "build Novosibirsk (10)",
        "P-6.5",
        reason="Novosibirsk costs 14 now (links 4 + space 10), not 10: build Novosibirsk (14)",
    )


def test_P_6_1_not_enough_money_shows_the_cost():
    r, s, _seat, me = _building()
    act(r, s, "build Tomsk (10)")
    me.money = 13
    assert_refused(
        (r, s),
        "build Novosibirsk (14)",
        "P-6.1",
        reason="Novosibirsk costs 14 (links 4 + space 10) and you have 13 Elektro",
    )
    assert_refused(
        (r, s),
        "build novosibirsk",
        "P-6.1",
        reason="Novosibirsk costs 14 (links 4 + space 10) and you have 13",
    )
    assert_refused(  # a wrong cost is not corrected to one the seat cannot pay either
        (r, s),
        "build Novosibirsk (10)",
        "P-6.1",
        reason="Novosibirsk costs 14 (links 4 + space 10) and you have 13 Elektro",
    )


def test_a_move_without_its_cost_is_told_the_cost():
    r, s, _seat, _me = _building()
    assert_refused((r, s), "build tomsk", None, reason="type the cost too: build Tomsk (10)")


def test_P_11_8_russia_starts_no_network():
    r, s, _seat, _me = _building()
    assert_refused((r, s), "start Tomsk (10)", "P-11.8", reason="Russia has a single network")
    act(r, s, "build Tomsk (10)")
    assert_refused((r, s), "start Omsk (10)", "P-11.8", reason="you cannot start a second one")


def test_U_13_b_late_first_city_must_be_empty():
    r, s, seat, _me = _building(late_start_occupied=False)
    s.step = 2
    s.houses[r.city_by_name["Tomsk"]] = ((seat + 1) % 3,)
    assert_refused(
        (r, s), "build Tomsk (15)", "U-13", reason="your first city must be an empty city, and Tomsk is taken"
    )


def test_U_15_b_house_limit():
    r, s, _seat, me = _building(house_limit=True)
    me.cities = list(range(20))
    assert_refused((r, s), "build Tomsk (10)", "U-15", reason="you have built all your 20 houses")


def test_P_6_1_other_moves_in_the_building_phase():
    r, s, _seat, _me = _building()
    assert_refused((r, s), "buy coal", "P-6.1", reason="it is the building phase: build a city or done")


# ---------------------------------------------------------------- Phase 4: building, Japan


def _japan(round_=1, **options):
    return _building(players=4, board="japan", regions=JAP4, round_=round_, **options)


def test_P_12_7_networks_start_only_in_start_cities():
    r, s, _seat, _me = _japan()
    assert_refused(
        (r, s), "start Kyoto (10)", "P-12.7", reason="Kyoto is not a start city: networks start in"
    )
    assert_refused(
        (r, s),
        "build Osaka (10)",
        "P-12.7",
        reason="you have no network yet: start one in a start city (Tokyo, Yokohama, Osaka, Kobe, Fukuoka)",
    )


def test_U_9_b_first_network_anywhere_is_still_started():
    r, s, _seat, _me = _japan(first_network_anywhere=True)
    assert_refused((r, s), "build Kyoto (10)", "U-9", reason="you have no network yet: start one in any city")
    assert r.parse("start kyoto", s) == A.Start("Kyoto", 10)


def test_P_12_9_U_10_no_extension_in_round_1():
    r, s, _seat, _me = _japan()
    act(r, s, "start Osaka (10)")
    assert_refused(
        (r, s), "build Kyoto", "P-12.9", reason="in round 1 networks are only started, not extended"
    )


def test_P_12_6_at_most_two_networks():
    r, s, _seat, _me = _japan()
    act(r, s, "start Osaka (10)")
    act(r, s, "start Tokyo (10)")
    assert_refused(
        (r, s), "start Fukuoka (10)", "P-12.6", reason="you have started 2 networks, the most allowed"
    )


def test_P_12_8_start_city_spaces_and_start_cost():
    r, s, seat, _me = _japan()
    assert_refused(
        (r, s),
        "start Osaka (15)",
        "P-12.8",
        reason="Osaka costs 10 now (start city: space 10, no links), not 15: start Osaka (10)",
    )
    s.houses[r.city_by_name["Osaka"]] = ((seat + 1) % 4, (seat + 2) % 4)
    assert_refused(
        (r, s),
        "start Osaka",
        "P-12.8",
        reason="Osaka is full in Step 1: it has 2 houses and its next space (20) opens in Step 3",
    )


def test_P_12_12_small_city_full():
    r, s, seat, _me = _japan(round_=2)
    s.houses[r.city_by_name["Oita"]] = ((seat + 1) % 4, (seat + 2) % 4)
    s.step = 3
    assert_refused((r, s), "build Oita (20)", "P-12.12", reason="Oita is full: its 2 spaces are taken")
    s.step = 1
    s.houses[r.city_by_name["Oita"]] = ((seat + 1) % 4,)
    assert_refused(
        (r, s),
        "build Oita (20)",
        "P-12.12",
        reason="Oita is full in Step 1: it has 1 house and its next space (15) opens in Step 2",
    )


def test_U_8_c_second_start_space_only_starts_a_network():
    r, s, seat, me = _japan(round_=2, start_city_second_space="start_only")
    me.cities, me.networks = [], 0
    act(r, s, "start Kobe (10)")
    s.houses[r.city_by_name["Osaka"]] = ((seat + 1) % 4,)
    assert_refused(
        (r, s),
        "build Osaka",
        "U-8",
        reason="the second 10-space of Osaka only starts a network: start Osaka (10)",
    )
    moves = notations(r, s)
    assert "start Osaka (10)" in moves and not [m for m in moves if m.startswith("build Osaka")]


# ---------------------------------------------------------------- Phase 5: bureaucracy


def _bureau(plants, res, cities=3):
    r, s = new_state(4, seed=5)
    play_until(r, s, "building", round_=2)
    me = s.players[s.order[0]]
    me.plants, me.res, me.cities = plants, res, list(range(cities))
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert r.to_move(s) == s.order[0]
    return r, s, me


def test_P_7_1_plants_you_do_not_own():
    r, s, _me = _bureau([k(4), k(13)], [2, 0, 0, 0])
    assert_refused((r, s), "power 4 20", "P-7.1", reason="you do not own plant 20 (your plants: 4, 13)")
    assert_refused((r, s), "power 20 21", "P-7.1", reason="you do not own plants 20, 21")


def test_P_7_2_not_enough_fuel():
    """A plant burns exactly its requirement (P-7.2): too little fuel is refused under it."""
    r, s, _me = _bureau([k(4), k(5), k(13)], [3, 0, 0, 0])
    assert_refused(
        (r, s),
        "power 4 5",
        "P-7.2",
        reason="not enough fuel: plants 4, 5 burn 2 coal, 2 coal/oil and you have 3 coal",
    )
    r, s, _me = _bureau([k(4), k(13)], [1, 0, 0, 0])
    said = "not enough fuel: plant 4 burns 2 coal and you have 1 coal"
    assert_refused((r, s), "power 4", "P-7.2", reason=said)


def test_P_7_2_a_plant_runs_once():
    r, s, _me = _bureau([k(4), k(13)], [4, 0, 0, 0])
    assert_refused((r, s), "power 4 4", "P-7.2", reason="a plant runs at most once per round")


def test_P_7_1_other_moves_in_bureaucracy():
    r, s, _me = _bureau([k(4), k(13)], [4, 0, 0, 0])
    assert_refused((r, s), "done", "P-7.1", reason="it is the bureaucracy phase: choose the plants to run")


def test_P_7_2_hybrid_burns_the_right_mix():
    r, s, _me = _bureau([k(5)], [2, 2, 0, 0])
    act(r, s, "power 5")
    assert_refused((r, s), "burn 1 coal", "P-7.2", reason="the plants burn exactly 2 tokens, not 1")
    assert_refused((r, s), "burn 1 coal 1 garbage", "P-7.2", reason="hybrid plants burn only coal and oil")
    assert_refused(
        (r, s), "power none", "P-7.2", reason="choose what your plants burn: 2 coal and oil in any mix"
    )
    s.players[s.order[0]].res = [1, 3, 0, 0]
    assert_refused((r, s), "burn 2 coal", "P-7.2", reason="you cannot burn 2 coal (you have 1)")


def test_P_10_6_flow_generator_burns_three_of_any_kind():
    r, s, _me = _bureau([100], [1, 1, 1, 1])
    act(r, s, "power 33⅓")
    assert_refused((r, s), "burn 1 coal 1 oil", "P-10.6", reason="the plants burn exactly 3 tokens, not 2")
    assert_refused((r, s), "burn 2 coal 1 oil", "P-10.6", reason="you cannot burn 2 coal (you have 1)")


# ---------------------------------------------------------------- typed moves (Game.find)


def _play_to(game: Game, phase: str) -> None:
    while game.rules.phase_name(game.state) != phase:
        game.play(default_choice(game.rules, game.state))


@pytest.mark.parametrize("registry", [REGISTRY, default_registry()], ids=["pg", "default"])
def test_typed_illegal_moves_get_the_reason(registry):
    game = Game(registry, "power_grid", players=3, seed=5, options={"regions": RUS3})
    with pytest.raises(IllegalAction, match=r"in round 1 every player must buy a plant") as info:
        game.find("pass")
    assert info.value.rule == "P-4.10"
    with pytest.raises(IllegalAction, match="is in the future market") as info:
        game.find(f"AUCTION {A.plant_label(game.state.market[4])} BID 30")
    with pytest.raises(ParseError, match="is not a legal move now"):
        game.find("fly away")
    _play_to(game, "building")
    with pytest.raises(IllegalAction, match="Murmansk is not in play") as info:
        game.find("build MURMANSK")
    assert info.value.rule == "P-6.12"
    with pytest.raises(IllegalAction, match=r"Tomsk costs 10 now .*not 12: build Tomsk \(10\)"):
        game.find("build tomsk (12)")
    before = game.rules.digest(game.state)
    assert game.find("build tomsk") == A.Build("Tomsk", 10)
    assert game.rules.digest(game.state) == before


# ---------------------------------------------------------------- a complete move is judged as itself


def _auction_at(high_bid: int) -> Game:
    """A new 3-player Russia game (seed 4) where seat 1 opened plant 3 at ``high_bid``."""
    game = Game(default_registry(), "power_grid", players=3, seed=4)
    game.play(game.find(f"auction 3 bid {high_bid}"))
    return game


@pytest.mark.parametrize(("high_bid", "typed"), [(48, "bid 4"), (5, "bid 5"), (3, "bid 3"), (5, "BID  3")])
def test_a_complete_illegal_bid_is_refused_not_played_as_a_longer_bid(high_bid, typed):
    """P-4.5: a bid must beat the high bid.  ``bid 4`` at a high bid of 48 is that illegal
    bid, never ``bid 49`` (a move it is a prefix of), and the game is unchanged."""
    game = _auction_at(high_bid)
    before = game.rules.digest(game.state)
    with pytest.raises(IllegalAction) as info:
        game.find(typed)
    assert info.value.rule == "P-4.5"
    assert f"above the high bid of {high_bid}" in info.value.reason
    assert game.rules.digest(game.state) == before and len(game.log) == 1


def test_a_legal_complete_bid_and_a_true_prefix_still_work():
    game = _auction_at(5)
    assert game.rules.describe(game.find("bid 6")) == "bid 6"
    assert game.rules.describe(game.find("bid 50")) == "bid 50"
    with pytest.raises(ParseError, match=r"could mean bid 6 … bid 50 \(45 moves\): type it with the number"):
        game.find("bi")
    assert game.rules.describe(game.find("dr")) == "drop out"


@pytest.mark.parametrize("typed", ["²", "٣", "３", "1²"])
def test_only_ascii_digits_number_a_move(typed):
    game = _auction_at(5)
    with pytest.raises(ParseError, match="is not a legal move now"):
        game.find(typed)
    assert game.rules.describe(game.find("3")) == game.rules.describe(game.legal()[2])


def test_a_city_name_cut_short_is_the_move_it_starts():
    """``build tom`` reads as a build in a city called "tom", which is no city (P-6.12);
    as the start of exactly one legal move it is that move.  A cut that starts no legal
    move is still refused with the reason; one that starts several names them."""
    game = Game(default_registry(), "power_grid", players=3, seed=5, options={"regions": RUS3})
    _play_to(game, "building")
    assert game.find("build tom") == A.Build("Tomsk", 10)
    assert game.find("BUILD TOMS") == A.Build("Tomsk", 10)
    with pytest.raises(IllegalAction, match="Murmansk is not in play"):
        game.find("build MURMANSK")
    with pytest.raises(IllegalAction, match="no city 'zz'") as info:
        game.find("build zz")
    assert info.value.rule == "P-6.12"
    with pytest.raises(
        ParseError, match=r"'build novo' could mean several moves: build Novokuznetsk \(10\), "
    ):
        game.find("build novo")


def test_P_5_2_tokens_typed_with_a_count_are_bought_one_at_a_time():
    """P-5.2: each token costs the price of its own space, so a purchase is one token a move;
    ``buy coal 3`` says how to write it rather than only that it is no move."""
    from turbine.core.errors import ParseError

    r, s, me = _resources()
    me.plants = [k(4)]
    with pytest.raises(
        ParseError, match=r"one at a time, each at the market's next price \(P-5.2\): type 'buy coal' 3 times"
    ):
        r.parse("buy Coal 3", s)
