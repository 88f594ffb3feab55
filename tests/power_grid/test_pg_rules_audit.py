"""Rule tests added by the rules audit: each asserts the rulebook's exact outcome for a
rule that had no test of its own (IDs from ``docs/rules/power_grid.md``)."""

from __future__ import annotations

import pytest
from pg_helpers import act, k, new_state, notations, play_until
from turbine.plugins.power_grid.plants import (
    FLOW_GENERATOR,
    capacities,
    max_kept,
    max_powerable,
    storable,
)
from turbine.plugins.power_grid.state import STEP3, Player

RUS3 = ["yellow", "red", "purple"]
JAP4 = ["red", "yellow", "purple", "green"]


def _finish_auction(r, s):
    while s.auction is not None:
        act(r, s, "drop out")


# ---------------------------------------------------------------- Phase 2 (P-4)


def test_P_4_1_P_4_2_P_14_4_P_14_5_buyer_is_out_of_the_rest_of_phase_2():
    """P-4.1 one plant per round; P-14.4 the winning opener hands the choice to the next
    player in order; P-14.5 a buyer may neither bid nor open again this round."""
    r, s = new_state(4, seed=2, map="russia")
    first, second = s.order[0], s.order[1]
    act(r, s, "auction 3 bid 3")
    _finish_auction(r, s)
    assert k(3) in s.players[first].plants
    assert r.to_move(s) == second  # P-4.2: first in order who has neither bought nor passed
    act(r, s, "auction 4 bid 4")
    bidders = list(s.auction.bidders)
    assert first not in bidders and len(bidders) == 3


def test_P_4_3_P_14_6_pass_excludes_from_phase_dropout_only_from_auction():
    """P-4.3: a chooser who passes is out of every later auction of the round;
    P-14.6: dropping out of bidding excludes from that auction only."""
    r, s = new_state(4, seed=2, map="russia")
    play_until(r, s, "auction", round_=2)
    for p in s.players:
        p.money = 100
    first, second, third = s.order[0], s.order[1], s.order[2]
    act(r, s, "pass")
    assert r.to_move(s) == second
    plant = r.actual_market(s)[0]
    act(r, s, f"auction {plant // 3} bid {plant // 3}")
    assert first not in s.auction.bidders and len(s.auction.bidders) == 3
    _finish_auction(r, s)  # everybody else drops out: the opener buys
    assert plant in s.players[second].plants
    # the third player dropped out of that auction but now chooses and may open
    assert r.to_move(s) == third and any(m.startswith("auction") for m in notations(r, s))
    act(r, s, f"auction {r.actual_market(s)[0] // 3} bid {r.actual_market(s)[0] // 3}")
    assert sorted(s.auction.bidders) == sorted([third, s.order[3]])


def test_P_4_11_order_no_sale_then_case_A_cleanup():
    """P-4.11: at the end of Phase 2 the Japanese no-sale removal comes first; if its
    replacement is the Step 3 card, Case A's clean-up follows at once (P-8.4)."""
    r, s = new_state(4, seed=5, map="japan")
    play_until(r, s, "auction", round_=2)
    for p in s.players:
        p.cities = []
    s.step = 2
    s.market = [k(n) for n in (20, 21, 22, 23, 24, 25, 26, 27)]
    s.deck = [k(44), STEP3]
    for _ in range(4):
        act(r, s, "pass")
    # no sale: 20 boxed, the Step 3 card drawn (Case A), then 21 and the card boxed
    assert s.market == [k(n) for n in (22, 23, 24, 25, 26, 27)]
    assert s.box[-2:] == [k(20), k(21)] and s.step == 3 and s.deck == [k(44)]


def test_P_14_31_russia_pass_rule_needs_round_2():
    """P-14.31 / P-11.5: nobody may pass in round 1, so the removal starts in round 2."""
    r, s = new_state(4, seed=2, map="russia")
    assert "pass" not in notations(r, s)
    play_until(r, s, "auction", round_=2)
    lowest = s.market[0]
    act(r, s, "pass")
    assert lowest in s.box


# ---------------------------------------------------------------- Phase 3 (P-5, A.3)


def test_A_3_P_5_5_P_14_34_one_pool_per_player_moves_coal_onto_hybrid():
    """P-5.5: coal may sit on a coal plant or on a hybrid; A.3 decides storability."""
    caps = capacities([k(4), k(5)])  # coal plant holds 4 coal, hybrid holds 4 coal/oil
    assert storable([8, 0, 0, 0], caps)
    assert storable([4, 4, 0, 0], caps)
    assert not storable([9, 0, 0, 0], caps)
    assert not storable([5, 4, 0, 0], caps)
    assert not storable([0, 0, 1, 0], caps)  # P-5.4: no plant burns garbage
    # 33⅓ takes garbage/uranium overflow and coal/oil overflow (U-20)
    caps = capacities([k(14), FLOW_GENERATOR])  # garbage 4, any 6
    assert storable([2, 0, 4, 4], caps) and not storable([3, 0, 4, 4], caps)
    assert max_kept([3, 0, 4, 4], caps) == 10


def test_P_5_7_tokens_stay_on_plants_between_rounds():
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "resources")
    seat = r.to_move(s)
    me = s.players[seat]
    me.plants, me.res, me.money = [k(4)], [0, 0, 0, 0], 100
    act(r, s, "buy coal")
    act(r, s, "buy coal")
    play_until(r, s, "auction", round_=2)
    assert me.res == [2, 0, 0, 0]  # no cities: nothing ran, the coal stays (P-5.7)


# ---------------------------------------------------------------- Phase 4 (P-6, T-9)


def _building(players=3, board="russia", regions=RUS3, seed=5, round_=None):
    r, s = new_state(players, seed=seed, map=board, regions=regions)
    play_until(r, s, "building", round_=round_)
    seat = r.to_move(s)
    s.players[seat].money = 500
    return r, s, seat, s.players[seat]


def test_P_6_3_P_8_8_T_9_cheapest_space_per_step_russia():
    """T-9 standard city: 2nd house pays 15 (Step 2), 3rd house pays 20 (Step 3).

    P-6.9: a city is full at its Step's limit.
    """
    r, s, seat, me = _building()
    tomsk = r.city_by_name["Tomsk"]
    nsk = r.city_by_name["Novosibirsk"]
    me.cities = [tomsk]
    s.houses[tomsk] = [seat]
    other = (seat + 1) % 3
    s.houses[nsk] = [other]
    s.players[other].cities = [nsk]
    assert not any(m.startswith("build Novosibirsk") for m in notations(r, s))  # Step 1
    s.step = 2
    assert "build Novosibirsk (19)" in notations(r, s)  # 4 link + 15 space
    s.houses[nsk] = [other, (seat + 2) % 3]
    assert not any(m.startswith("build Novosibirsk") for m in notations(r, s))  # full in Step 2
    s.step = 3
    assert "build Novosibirsk (24)" in notations(r, s)  # 4 link + 20 space
    act(r, s, "build Novosibirsk (24)")
    assert s.houses[nsk][-1] == seat and me.money == 476


def test_P_6_7_P_14_13_links_are_paid_again_and_P_6_8_one_house_per_city():
    r, s, seat, _me = _building()
    tomsk = r.city_by_name["Tomsk"]
    nsk = r.city_by_name["Novosibirsk"]
    other = (seat + 1) % 3
    s.players[other].cities = [tomsk, nsk]  # the other player already paid this link
    s.houses[tomsk] = [other]
    s.houses[nsk] = [other]
    s.step = 2
    act(r, s, "build Tomsk (15)")
    assert "build Novosibirsk (19)" in notations(r, s)  # full link cost again
    assert not any(m.startswith("build Tomsk") for m in notations(r, s))  # P-6.8


def test_P_6_10_P_14_15_building_is_optional():
    r, s, _seat, me = _building()
    assert notations(r, s)[-1] == "done"
    act(r, s, "done")
    assert me.cities == []


def test_P_12_13_start_city_second_house_costs_10_not_15():
    """P-12.8/P-12.13: the 2nd space of a start city costs 10 in Steps 1 and 2.

    P-14.29: the third start space in Step 3.
    """
    r, s, seat, _me = _building(4, "japan", JAP4, round_=2)
    osaka = r.city_by_name["Osaka"]
    other = (seat + 1) % 4
    s.houses[osaka] = [other]
    s.players[other].cities = [osaka]
    assert "start Osaka (10)" in notations(r, s)
    s.step = 2
    assert "start Osaka (10)" in notations(r, s)
    s.houses[osaka] = [other, (seat + 2) % 4]
    assert not any("Osaka" in m for m in notations(r, s))  # third space only in Step 3
    s.step = 3
    assert "start Osaka (20)" in notations(r, s)  # P-14.29


def test_P_12_10_second_network_later_P_12_11_P_14_30_no_free_start_space():
    r, s, seat, me = _building(4, "japan", JAP4, round_=2)
    fukuoka = r.city_by_name["Fukuoka"]
    me.cities, me.networks = [fukuoka], 1
    s.houses[fukuoka] = [seat]
    starts = [m for m in notations(r, s) if m.startswith("start")]
    assert sorted(starts) == [
        "start Kobe (10)",
        "start Osaka (10)",
        "start Tokyo (10)",
        "start Yokohama (10)",
    ]
    # every other start space taken by two other players: no second network (P-12.11)
    for name in ("Kobe", "Osaka", "Tokyo", "Yokohama"):
        s.houses[r.city_by_name[name]] = [(seat + 1) % 4, (seat + 2) % 4]
    assert [m for m in notations(r, s) if m.startswith("start")] == []
    # and a player without any network cannot build at all (P-14.30, U-9 a)
    s.houses[fukuoka] = [(seat + 1) % 4, (seat + 2) % 4]
    me.cities, me.networks = [], 0
    assert notations(r, s) == ["done"]


def test_P_12_6_two_networks_at_most():
    """P-12.6: two networks at most; U-24 (a): only starts are counted;
    P-14.28: never a second house in the same (start) city."""
    r, s, _seat, me = _building(4, "japan", JAP4, round_=1)
    act(r, s, "start Fukuoka (10)")
    assert not any("Fukuoka" in m for m in notations(r, s))
    act(r, s, "start Tokyo (10)")
    assert me.networks == 2
    assert [m for m in notations(r, s) if m.startswith("start")] == []


def test_U_15_b_house_limit_20():
    """U-15: (a) no limit, the 21st city is offered; (b) 20 houses at most.

    D-8.
    """
    for limit, expected in ((False, 2), (True, 1)):
        r, s = new_state(2, seed=5, map="russia", regions=RUS3, house_limit=limit)
        play_until(r, s, "building")
        seat = r.to_move(s)
        me = s.players[seat]
        me.money = 500
        me.cities = list(s.in_play[:20])
        for c in me.cities:
            s.houses[c] = [seat]
        assert len(notations(r, s)) == expected  # build the 21st city + done, or done only


def test_U_6_b_outdated_only_below_city_count():
    """U-6 (b): with the 'below' threshold plant 6 survives a 6-city network, 5 does not."""
    r, s, seat, me = _building(4, "japan", JAP4, round_=2)
    r2, s2, seat2, me2 = _building(4, "japan", JAP4, round_=2)
    for rr, ss, mm, sst in ((r, s, me, seat), (r2, s2, me2, seat2)):
        mm.cities = [rr.city_by_name[n] for n in ("Nagasaki", "Kumamoto", "Kagoshima", "Miyazaki", "Oita")]
        for c in mm.cities:
            ss.houses[c] = [sst]
        mm.networks = 1
        ss.market = [k(n) for n in (5, 6, 20, 21, 22, 23, 24, 25)]
        ss.deck = [k(40), k(39), k(38), STEP3][::-1]
    r2.o.outdated_threshold = "below"
    act(r, s, "start Fukuoka (10)")
    act(r2, s2, "start Fukuoka (10)")
    assert k(5) in s.box and k(6) in s.box
    assert k(5) in s2.box and k(6) not in s2.box and k(6) in s2.market


def test_P_12_15_U_12_outdated_counts_both_networks():
    """U-12 (a): two networks of 3 cities make 6 connected cities: plant 6 is outdated."""
    r, s, seat, me = _building(4, "japan", JAP4, round_=2)
    me.cities = [r.city_by_name[n] for n in ("Fukuoka", "Nagasaki", "Tokyo", "Chiba", "Saitama")]
    for c in me.cities:
        s.houses[c] = [seat]
    me.networks = 2
    s.market = [k(n) for n in (6, 20, 21, 22, 23, 24, 25, 26)]
    s.deck = [STEP3, k(40)]
    act(r, s, next(m for m in notations(r, s) if m.startswith("build Kumamoto")))
    assert k(6) in s.box and k(40) in s.market


# ---------------------------------------------------------------- Phase 5 (P-7, A.2, A.5)


def _bureau(board="russia", players=4, seed=5):
    r, s = new_state(players, seed=seed, map=board)
    play_until(r, s, "bureaucracy")
    seat = r.to_move(s)
    return r, s, seat, s.players[seat]


def test_P_7_3_P_14_18_P_14_33_choose_plants_surplus_lost():
    """P-7.3: he may run fewer plants to save fuel; capacity beyond his cities is lost."""
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "building")
    for p in s.players:
        p.cities = []
    seat = s.order[0]
    me = s.players[seat]
    me.cities = [0, 1, 2]
    me.plants = [k(10), k(15)]  # coal 2 → 2 cities, coal 2 → 3 cities
    me.res = [4, 0, 0, 0]
    me.money = 0
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert r.to_move(s) == seat
    assert notations(r, s) == ["power none", "power 10", "power 15", "power 10 15"]
    act(r, s, "power 15")
    assert me.money == 44 and me.powered == 3 and me.res == [2, 0, 0, 0]  # T-1: 3 → 44


def test_P_7_4_burned_tokens_go_to_the_reserve():
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "building")
    for p in s.players:
        p.cities = []
    seat = s.order[0]
    me = s.players[seat]
    me.cities = [0, 1]
    me.plants = [k(7)]
    me.res = [0, 6, 0, 0]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    oil_reserve = s.reserve[1]
    act(r, s, "power 7")
    assert me.res == [0, 3, 0, 0] and s.reserve[1] == oil_reserve + 3


def _resupply(r, s, resources, reserve, step=1):
    s.resources = list(resources)
    s.reserve = list(reserve)
    s.step = step
    r._resupply(s)
    return s.resources, s.reserve


def test_P_7_7_A_2_uranium_refills_from_16_one_per_space():
    r, s = new_state(4, seed=1, map="japan")
    # Japan 4p Step 1: coal 5, oil 3, garbage 2, uranium 1; uranium track empty
    resources, _ = _resupply(r, s, [0, 0, 0, 0], [24, 24, 24, 12])
    assert resources == [5, 3, 2, 1]
    assert r.price(s, 3) == 16 and r.price(s, 0) == 7 and r.price(s, 1) == 8  # 5 coal: 3 on 8, 2 on 7


def test_P_7_8_P_14_20_reserve_shortage_and_P_7_9_full_track():
    r, s = new_state(4, seed=1, map="russia")
    # Russia 4p Step 2: coal 4, oil 6, garbage 3, uranium 2
    resources, reserve = _resupply(r, s, [10, 23, 0, 12], [1, 1, 24, 0], step=2)
    assert resources == [11, 24, 3, 12] and reserve == [0, 0, 21, 0]


def test_P_8_10_step_3_resupply_amounts():
    r, s = new_state(5, seed=1, map="russia")
    resources, _ = _resupply(r, s, [0, 0, 0, 0], [24, 24, 24, 12], step=3)
    assert resources == [6, 5, 5, 2]  # T-4 Russia, 5 players, Step 3


def test_A_5_P_9_3_max_powerable_with_hybrid_and_flow_generator():
    p = Player(money=0, plants=[k(5), k(10), FLOW_GENERATOR], res=[3, 1, 1, 1], cities=list(range(9)))
    # 10 needs 2 coal; 5 needs 2 of coal/oil; 33⅓ needs 3 of anything: 7 tokens, only 6 held
    assert max_powerable(p) == 8  # 10 + 33⅓ (2 + 6), or 5 + 33⅓ (1 + 6)
    p.res = [4, 1, 1, 1]
    assert max_powerable(p) == 9  # all three: 1 + 2 + 6 = 9, capped by 9 cities
    p.cities = list(range(5))
    assert max_powerable(p) == 5


# ---------------------------------------------------------------- Steps (P-8)


def test_P_8_9_step_3_phase_5_lowest_boxed_and_replaced():
    r, s = new_state(4, seed=5, map="russia")
    play_until(r, s, "building", round_=2)
    s.step = 3
    for p in s.players:
        p.cities = []
    s.market = [k(n) for n in (20, 21, 22, 23)]
    s.deck = [k(40), k(39)]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    play_until(r, s, "auction", round_=3)
    assert s.market == [k(n) for n in (21, 22, 23, 39)] and k(20) in s.box and s.deck == [k(40)]


def test_P_8_7_japan_step_3_market_of_6_after_case_C():
    r, s = new_state(4, seed=5, map="japan")
    play_until(r, s, "building", round_=2)
    s.step = 2
    for p in s.players:
        p.cities = []
    s.market = [k(n) for n in (20, 21, 22, 23, 24, 25, 26, 27)]
    s.deck = [k(44), STEP3]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    play_until(r, s, "auction", round_=3)
    # 27 went under the deck, the Step 3 card came up: 20 and the card boxed, no replacement
    assert s.market == [k(n) for n in (21, 22, 23, 24, 25, 26)] and r.actual_market(s) == s.market
    assert sorted(s.deck) == [k(27), k(44)] and k(20) in s.box and s.step == 3


def test_P_9_6_P_14_22_game_can_end_in_step_2():
    r, s, _seat, me = _building()
    s.step = 2
    me.cities = list(range(16))
    act(r, s, next(m for m in notations(r, s) if m.startswith("build")))
    while r.to_move(s) is not None:
        act(r, s, "done")
    assert r.is_over(s) and s.step == 2


def test_P_14_21_overshooting_step_2_count():
    r, s, _seat, me = _building(4, regions=None)
    me.cities = list(range(8))  # already above 7
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert s.step == 2


# ---------------------------------------------------------------- plants (P-10)


def test_P_10_5_P_14_27_flow_generator_sorts_after_33_and_wins_order_ties():
    r, s = new_state(4, seed=1, map="russia", flow_generator=True)
    assert k(33) < FLOW_GENERATOR < k(34)
    for p in s.players:
        p.cities = [0, 1]
    s.players[0].plants = [k(33)]
    s.players[1].plants = [FLOW_GENERATOR]
    s.players[2].plants = [k(32)]
    s.players[3].plants = [k(34)]
    r._rank(s)
    assert s.order == [3, 1, 0, 2]


@pytest.mark.parametrize("board", ["russia", "japan"])
def test_view_shows_plants_under_the_step_3_card_and_hides_all_after_reshuffle(board):
    r, s = new_state(4, seed=5, map=board)
    play_until(r, s, "auction", round_=2)
    under = s.deck[: s.deck.index(STEP3)]
    assert under  # the round-1 market update put a plant under the Step 3 card
    v = r.view(s, 0)
    assert v.deck[: len(under)] == under and v.deck[len(under)] == STEP3
    assert set(v.deck[len(under) + 1 :]) <= {-1}
    s.deck = [x for x in s.deck if x != STEP3]
    assert set(r.view(s, 0).deck) == {-1}


def test_P_3_1_P_3_2_P_3_7_P_3_8_P_6_1_P_7_1_P_7_11_P_8_12_A_6_round_skeleton():
    """P-2.12: round 1, Step 1.  P-3.1/P-3.2/A.6: the phases in order, every player
    finishing one before the next.  P-3.7/P-3.8: round 1 auctions in the random order,
    Phases 3-4 in reverse order, Phase 5 in order.  P-8.12: no card drawn in Phases 1 and 3."""
    r, s = new_state(4, seed=9, map="russia")
    assert s.flow.round == 1 and s.step == 1
    random_order = list(s.order)
    assert r.phase_name(s) == "auction" and r.to_move(s) == random_order[0]
    play_until(r, s, "resources")
    deck = list(s.deck)
    movers = []
    while r.phase_name(s) == "resources":
        movers.append(r.to_move(s))
        act(r, s, "done")
    assert movers == s.order[::-1] and s.deck == deck
    cities = iter(s.in_play)
    movers = []
    while r.phase_name(s) == "building":
        seat = r.to_move(s)
        movers.append(seat)
        p = s.players[seat]
        c = next(cities)
        p.cities, p.plants, p.res = [c], [k(13)], [0, 0, 0, 0]  # eco plant: he will be asked
        s.houses[c] = [seat]
        act(r, s, "done")
    assert movers == s.order[::-1]
    movers = []
    while r.phase_name(s) == "bureaucracy":
        movers.append(r.to_move(s))
        act(r, s, "power 13")
    assert movers == s.order  # P-7.1
    assert r.phase_name(s) == "auction" and s.flow.round == 2  # P-7.11


def test_U_3_a_random_removal_before_13_and_seeding():
    """U-3 (a) / P-2.11: the 8 cards of a 2-player game are removed from the shuffled stack,
    so 13 stays on top and 10 and 11 stay among the five cards below it (P-2.9, U-2 d).

    P-1.7: the Step 3 card lies at the bottom.
    """
    for seed in range(6):
        _r, s = new_state(2, seed=seed, map="russia")
        assert s.unseen_removed == 8 and s.deck[-1] == k(13) and s.deck[0] == STEP3
        assert {k(10), k(11)} <= set(s.deck[-6:-1])
