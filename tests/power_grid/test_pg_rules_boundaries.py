"""Boundaries of the Power Grid rules: exact limits, each checked at the limit.

These close gaps that mutation testing found (tests/mutation/README.md): each test
would fail if a comparison or a constant of the rule it names were off by one.
"""

from __future__ import annotations

from pg_helpers import act, k, new_state, notations, play_until
from turbine.plugins.power_grid import actions as A
from turbine.plugins.power_grid.plants import NUMBER
from turbine.plugins.power_grid.state import STEP3


def _opened_plants(r, s) -> set[int]:
    return {a.plant for a in r.legal_actions(s) if type(a) is A.OpenAuction}


def test_P_11_3_in_step_2_only_the_three_cheapest_plants_can_be_auctioned():
    """P-11.3 (Russia): Steps 1–2 have 3 actual + 3 future plants; only the actual
    market can be opened (P-4.4).  Step 3 opens every plant (P-8.7)."""
    r, s = new_state(4, seed=3)
    play_until(r, s, "auction", round_=2)
    s.step = 2
    market = [p for p in s.market if p != STEP3]
    assert len(market) == 6
    assert _opened_plants(r, s) == set(market[:3])
    s.step = 3
    assert _opened_plants(r, s) == set(market)


def test_P_4_4_a_player_can_open_on_a_plant_costing_exactly_his_money():
    """P-4.4 (derived): the opening bid is at least the plant number and at most the
    player's money, so money equal to the number opens at exactly that bid, and no more."""
    r, s = new_state(4, seed=3)
    seat = r.to_move(s)
    cheapest = s.market[0]
    s.players[seat].money = NUMBER[cheapest]
    opens = [n for n in notations(r, s) if n.startswith("auction")]
    assert opens == [f"auction {NUMBER[cheapest]} bid {NUMBER[cheapest]}"]
    s.players[seat].money = NUMBER[cheapest] - 1
    assert not [n for n in notations(r, s) if n.startswith("auction")]


def test_P_2_2_regions_given_twice_or_too_few_are_refused_with_the_reason():
    import pytest
    from turbine.core import BadOptions

    with pytest.raises(BadOptions, match=r"red given more than once \(P-2.2\)"):
        new_state(3, regions=["red", "red", "red"])
    with pytest.raises(BadOptions, match=r"3 players play on 3 regions \(T-2\), not 2"):
        new_state(3, regions=["red", "yellow"])


def test_P_5_3_storage_never_counts_more_tokens_than_are_held():
    """P-5.3: each plant stores twice its need of its own fuel; 33⅓ stores any type
    (P-10.6).  What overflows a plant's own store may go on 33⅓, up to its six, and
    no more tokens can be kept than the player holds."""
    from turbine.plugins.power_grid.plants import capacities, max_kept

    flow = 100  # the sort key of 33⅓
    coal_and_flow = capacities([k(4), flow])  # plant 04: 2 coal, stores 4
    assert max_kept([6, 0, 0, 0], coal_and_flow) == 6  # 4 on 04, 2 on 33⅓
    assert max_kept([12, 0, 0, 0], coal_and_flow) == 10  # 4 + 6
    oil_and_flow = capacities([k(3), flow])  # plant 03: 2 oil, stores 4
    assert max_kept([0, 5, 0, 0], oil_and_flow) == 5  # 4 on 03, 1 on 33⅓
    assert max_kept([2, 5, 0, 0], oil_and_flow) == 7


def _powering_33(res: list[int]):
    """Round 2's bureaucracy, the first seat holding only 33⅓, six cities and ``res``,
    having chosen to power it: the burn is asked."""
    r, s = new_state(4, seed=5)
    play_until(r, s, "building", round_=2)
    me = s.players[s.order[0]]
    me.plants, me.res, me.cities = [100], res, [0, 1, 2, 3, 4, 5]
    while r.phase_name(s) == "building":
        act(r, s, "done")
    assert r.to_move(s) == s.order[0]
    act(r, s, "power 33⅓")
    return r, s, me


def test_P_10_6_33_burns_any_mix_of_exactly_its_three_tokens():
    """P-10.6: 33⅓ burns three tokens of any types; the player picks the mix among
    what he holds, and only mixes he can pay in full are offered."""
    r, s, me = _powering_33([1, 1, 0, 2])
    assert notations(r, s) == ["burn 1 coal 1 oil 1 uranium", "burn 1 coal 2 uranium", "burn 1 oil 2 uranium"]
    act(r, s, "burn 1 oil 2 uranium")
    assert me.res == [1, 0, 0, 0]


def test_P_10_6_33_offers_each_mix_of_coal_oil_and_garbage_once():
    """P-10.6: with coal, oil and three garbage, the mixes of exactly three tokens are
    one of each kind with garbage making up the rest, and nothing else."""
    r, s, _ = _powering_33([1, 1, 3, 0])
    assert notations(r, s) == [
        "burn 1 coal 1 oil 1 garbage",
        "burn 1 coal 2 garbage",
        "burn 1 oil 2 garbage",
        "burn 3 garbage",
    ]


JAP4 = ["red", "yellow", "purple", "green"]


def _japan_building(money, **options):
    """Japan, 4 players, round 2 building, the seat to move with no network and ``money``."""
    r, s = new_state(4, seed=5, map="japan", regions=JAP4, **options)
    play_until(r, s, "building", round_=2)
    seat = r.to_move(s)
    me = s.players[seat]
    me.cities, me.networks, me.money = [], 0, money
    return r, s, seat, me


def test_P_12_7_a_network_can_start_with_exactly_the_money_of_its_space():
    """P-6.3/P-12.7: starting a network costs only the start city's space; a player
    with exactly that money can start, with one Elektro less he cannot."""
    r, s, _seat, _me = _japan_building(10)
    assert "start Osaka (10)" in notations(r, s)
    r, s, _seat, _me = _japan_building(9)
    assert not [m for m in notations(r, s) if m.startswith("start")]


def test_P_6_4_a_first_city_costs_exactly_its_space_and_one_elektro_less_builds_nothing():
    """P-6.4/P-6.5 (Russia): a first city costs only its space, 10 Elektro in Step 1, so
    a player with exactly 10 may build in any empty city of the play area; with 9 he can
    only end his turn (every space costs at least 10)."""
    r, s = new_state(4, seed=5)
    play_until(r, s, "building", round_=2)
    me = s.players[r.to_move(s)]
    me.cities, me.money = [], 10
    builds = [m for m in notations(r, s) if m.startswith("build")]
    assert len(builds) == sum(1 for c in s.in_play if not s.houses[c])
    assert all(m.endswith("(10)") for m in builds)
    me.money = 9
    assert notations(r, s) == ["done"]


def test_U_8_a_a_network_may_extend_into_a_start_citys_second_space():
    """U-8 (a), the recommended reading: the second 10-space of a start city is usable
    from Step 1 by a second player, also when extending a network into it."""
    r, s, seat, _me = _japan_building(500)
    act(r, s, "start Kobe (10)")
    s.houses[r.city_by_name["Osaka"]] = ((seat + 1) % 4,)
    assert [m for m in notations(r, s) if m.startswith("build Osaka (")]


def test_P_4_5_every_bidder_who_cannot_raise_drops_out_without_being_asked():
    """P-4.5: a bidder whose money does not beat the high bid drops out, and so does the
    next one in turn, without either being asked: after the raise, both of the two
    players whose money equals the new high bid are out, and the bidding comes back to
    the opener.  Money exactly equal to the high bid cannot raise it."""
    r, s = new_state(4, seed=2)
    opener = r.to_move(s)
    raiser, short_1, short_2 = ((opener + i) % 4 for i in (1, 2, 3))
    cheapest = s.market[0]
    price = NUMBER[cheapest]
    s.players[raiser].money = price + 5
    s.players[short_1].money = price + 1
    s.players[short_2].money = price + 1
    act(r, s, f"auction {price} bid {price}")
    assert r.to_move(s) == raiser
    act(r, s, f"bid {price + 1}")
    assert s.auction is not None
    assert set(s.auction.bidders) == {opener, raiser}
    assert r.to_move(s) == opener
