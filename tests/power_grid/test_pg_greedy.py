"""The greedy bot's rules of thumb (plugins/power_grid/bots.py), each on a position made for it.

Search bots play their rollouts with this bot, so these pin what it chooses: a change
that makes it faster must keep every choice."""

from __future__ import annotations

import pytest
from pg_helpers import act, k, rules
from turbine.plugins.power_grid import actions as A
from turbine.plugins.power_grid.bots import GreedyBot

COAL, OIL = 0, 1
THIRTY_THREE = 100
"""Plant 33⅓'s key: 3 of any resource, 6 cities."""


@pytest.fixture
def game():
    """A 4-player Russia game at its first auction, its market arranged so that plants 7, 8
    and 9 are the actual market (Russia's has 3 plants)."""
    r = rules(4, map="russia")
    s = r.initial_state(0)
    s.market = [k(7), k(8), k(9), k(3), k(4), k(5)]
    assert r.actual_market(s) == [k(7), k(8), k(9)]
    return r, s


def test_worth_is_the_cities_added_and_zero_without_fuel(game):
    r, s = game
    bot = GreedyBot(r, 0, 0)
    me = s.players[0]
    s.resources = [0, 0, 0, 0]
    assert bot._worth(s, k(10)) == 0  # coal, none on the market nor held
    s.resources = [5, 5, 5, 0]
    assert bot._worth(s, k(11)) == 0  # uranium: other fuel does not count
    s.resources = [0, 0, 0, 0]
    me.res = [1, 0, 0, 0]
    s.resources = [1, 0, 0, 0]
    assert bot._worth(s, k(10)) == 2  # held and market coal together cover its 2
    assert bot._worth(s, k(13)) == 1  # a wind plant needs nothing
    me.plants = [k(13), k(15), k(10)]  # full (3 plants with 4 players): it replaces the 1-city plant
    assert bot._worth(s, k(18)) == 2 - 1
    me.plants = [k(15), k(16), k(10)]  # 3, 3 and 2 cities
    s.resources = [0, 0, 0, 0]
    assert bot._worth(s, k(5)) == 0  # the hybrid needs 2: 1 coal held, nothing on the market
    s.resources = [0, 1, 0, 0]
    assert bot._worth(s, k(5)) == 1 - 2  # with 1 oil on the market it runs, in place of a 2-city plant
    assert bot._worth(s, k(13)) == 1 - 2
    s.resources = [1, 0, 0, 0]
    me.res = [0, 1, 0, 0]
    assert bot._worth(s, k(5)) == 1 - 2  # 1 coal on the market, 1 oil held
    me.res = [0, 0, 0, 0]
    assert bot._worth(s, k(5)) == 0
    s.resources = [1, 1, 0, 0]
    assert bot._worth(s, THIRTY_THREE) == 0  # it burns 3 of any kind: 2 on the market
    me.res = [0, 0, 1, 0]
    assert bot._worth(s, THIRTY_THREE) == 6 - 2  # and 1 garbage held


def test_round_one_opens_the_biggest_plant_at_its_minimum(game):
    r, s = game
    legal = r.legal_actions(s)
    assert A.PASS not in legal  # P-4.10: no passing in round 1
    # 7 and 8 both power 2 cities, 9 one: the higher number of the two, at its number (P-4.4)
    assert GreedyBot(r, 0, 0).choose(r.view(s, 0), legal) == A.OpenAuction(k(8), 8)
    s.resources = [0, 0, 0, 0]  # no fuel anywhere: none is worth a city, but it may not pass
    assert GreedyBot(r, 0, 0).choose(r.view(s, 0), r.legal_actions(s)) == A.OpenAuction(k(8), 8)


def test_later_rounds_pass_on_plants_worth_nothing(game):
    r, s = game
    s.flow.round = 2
    me = s.players[0]
    me.plants = [k(15), k(16), k(18)]  # 3, 3 and 2 cities: nothing on the market adds any
    legal = r._auction_options(s, 0)
    assert A.PASS in legal
    assert GreedyBot(r, 0, 0).choose(r.view(s, 0), legal) is A.PASS
    me.plants = [k(13)]
    s.resources = [24, 24, 0, 0]
    for money, chosen in [(20, A.OpenAuction(k(7), 7)), (17, A.OpenAuction(k(7), 7)), (16, A.PASS)]:
        # it keeps 10 in reserve after round 1: 7 is the best (2 cities, the cheaper of two)
        # while its bid of 7 fits in what is left; 9 adds 1 city and bids more than 16 - 10
        me.money = money
        assert GreedyBot(r, 0, 0).choose(r.view(s, 0), r._auction_options(s, 0)) == chosen, money


def test_the_reserve_grows_with_its_cities(game):
    r, s = game
    s.flow.round = 2
    me = s.players[0]
    me.plants = [k(13)]
    me.cities = [0, 1]  # keeps 10 + 2 × 2
    s.resources = [24, 24, 0, 0]
    for money, chosen in [(21, A.OpenAuction(k(7), 7)), (20, A.PASS)]:
        me.money = money
        assert GreedyBot(r, 0, 0).choose(r.view(s, 0), r._auction_options(s, 0)) == chosen, money


def test_bids_up_to_three_per_city_added_above_the_plant_number(game):
    r, s = game
    act(r, s, "auction 7 bid 12")  # seat 1 opens on plant 7 (2 cities, oil)
    seat = r.to_move(s)
    bot = GreedyBot(r, seat, 0)
    # worth 2 cities: up to 7 + 3 × 2 = 13
    assert bot.choose(r.view(s, seat), r.legal_actions(s)) == A.Bid(13)
    s.auction.high_bid = 13
    assert bot.choose(r.view(s, seat), r.legal_actions(s)) is A.DROP
    s.auction.high_bid = 12
    s.flow.round = 2  # after round 1 it keeps 5 back: with 17, 12 is its limit
    s.players[seat].money = 17
    assert bot.choose(r.view(s, seat), r.legal_actions(s)) is A.DROP
    s.players[seat].money = 18
    assert bot.choose(r.view(s, seat), r.legal_actions(s)) == A.Bid(13)
    s.resources = [24, 0, 0, 0]  # no oil anywhere: worth nothing
    assert bot.choose(r.view(s, seat), r.legal_actions(s)) is A.DROP


def test_powers_the_most_cities_with_the_least_fuel(game):
    r, s = game
    me = s.players[0]
    me.plants = [k(10), k(13), k(5)]  # 2 coal → 2; wind → 1; 2 coal or oil → 1
    me.res = [4, 0, 0, 0]
    me.cities = [0, 1, 2]
    legal = r._power_options(me)
    bot = GreedyBot(r, 0, 0)
    assert bot.choose(s, legal) == A.Power((k(10), k(13)))  # 3 cities for 2 coal
    me.cities = [0, 1]
    # 10 alone, 10 with 13, and 13 with the hybrid all power 2 cities for 2 fuel: the first
    # such set the rules list (smallest first)
    assert bot.choose(s, legal) == A.Power((k(10),))


def test_a_hybrid_burns_the_kind_it_holds_more_of(game):
    r, s = game
    bot = GreedyBot(r, 0, 0)
    me = s.players[0]
    legal = [A.Burn(coal=2), A.Burn(coal=1, oil=1), A.Burn(oil=2)]
    me.res = [1, 3, 0, 0]
    assert bot.choose(s, legal) == A.Burn(oil=2)
    me.res = [3, 1, 0, 0]
    assert bot.choose(s, legal) == A.Burn(coal=2)


def test_buys_what_its_plants_lack_first_then_the_cheaper_hybrid_fuel(game):
    r, s = game
    bot = GreedyBot(r, 0, 0)
    me = s.players[0]
    buy = [A.BUY[COAL], A.BUY[OIL], A.DONE]
    me.plants = [k(10), k(5)]  # 2 coal; 2 coal or oil
    me.res = [0, 0, 0, 0]
    assert bot._buy(s, buy) is A.BUY[COAL]  # the coal plant's own need first
    me.res = [2, 0, 0, 0]
    s.resources = [3, 24, 0, 0]  # coal dear, oil cheap
    assert r.price(s, COAL) > r.price(s, OIL)
    assert bot._buy(s, buy) is A.BUY[OIL]  # the hybrid's fuel, the cheaper kind
    s.resources = [24, 3, 0, 0]
    assert r.price(s, COAL) < r.price(s, OIL)
    assert bot._buy(s, buy) is A.BUY[COAL]
    me.res = [3, 0, 0, 0]  # 1 coal spare toward the hybrid's 2
    assert bot._buy(s, buy) is A.BUY[COAL]
    me.res = [4, 0, 0, 0]  # every plant can run once
    assert bot._buy(s, buy) is A.DONE
    me.res = [2, 1, 0, 0]
    assert bot._buy(s, [A.BUY[COAL], A.DONE]) is A.BUY[COAL]  # only coal left to buy
    assert bot._buy(s, [A.DONE]) is A.DONE
    me.res = [0, 1, 0, 0]  # no coal to buy for the coal plant: the hybrid still wants 1 more
    assert bot._buy(s, [A.BUY[OIL], A.DONE]) is A.BUY[OIL]


def test_builds_the_cheapest_city_until_its_plants_power_them_all(game):
    r, s = game
    bot = GreedyBot(r, 0, 0)
    me = s.players[0]
    s.flow.round = 2
    me.plants = [k(10), k(13)]  # 2 + 1 cities: it builds up to 4
    me.money = 10
    legal = [A.Build("Omsk", 12), A.Build("Perm", 10), A.Start("Kazan", 10), A.DONE]
    me.cities = [0, 1, 2]
    assert bot._build(s, legal) == A.Build("Perm", 10)  # the cheapest, a Build before a Start
    me.money = 9
    assert bot._build(s, legal) is A.DONE  # it cannot pay for any
    me.money = 10
    me.cities = [0, 1, 2, 3]
    assert bot._build(s, legal) is A.DONE  # as many as its plants can power, plus one
    s.players[1].cities = list(range(4, 4 + r.end_cities - 2))
    assert bot._build(s, legal) == A.Build("Perm", 10)  # someone is 2 cities from the end
    assert bot._build(s, [A.DONE]) is A.DONE


def test_a_hybrid_and_the_33_plant_share_what_it_holds_before_it_buys(game):
    """The hybrid's coal or oil is counted first; what is left over, of any kind, goes to
    plant 33⅓'s 3 tokens, and it buys the cheapest kind until both can run."""
    r, s = game
    bot = GreedyBot(r, 0, 0)
    me = s.players[0]
    me.plants = [k(5), THIRTY_THREE]  # 2 coal or oil; 3 of anything
    buy = [A.BUY[COAL], A.BUY[OIL], A.BUY[2], A.DONE]
    s.resources = [12, 3, 24, 0]  # oil dearest, then coal; garbage cheapest
    me.res = [0, 0, 0, 0]
    assert r.price(s, COAL) < r.price(s, OIL)
    assert bot._buy(s, buy) is A.BUY[COAL]  # the hybrid's fuel first, the cheaper of coal and oil
    me.res = [2, 0, 0, 0]  # the hybrid is covered: plant 33⅓ takes the cheapest of all kinds
    assert r.price(s, 2) < r.price(s, COAL)
    assert bot._buy(s, buy) is A.BUY[2]
    me.res = [2, 0, 2, 0]  # 2 of the 33⅓'s 3
    assert bot._buy(s, buy) is A.BUY[2]
    me.res = [2, 0, 3, 0]
    assert bot._buy(s, buy) is A.DONE
    me.res = [4, 0, 1, 0]  # 2 coal beyond the hybrid's count toward the 33⅓
    assert bot._buy(s, buy) is A.DONE
    me.res = [1, 1, 2, 0]  # 1 coal + 1 oil run the hybrid; 2 garbage of the 3
    assert bot._buy(s, buy) is A.BUY[2]
    me.res = [0, 0, 0, 3]  # uranium runs the 33⅓ only: the hybrid still lacks 2
    assert bot._buy(s, buy) is A.BUY[COAL]
    me.plants = [k(10), THIRTY_THREE]  # 2 coal; 3 of anything, no hybrid
    me.res = [2, 0, 0, 0]
    assert bot._buy(s, buy) is A.BUY[2]  # the coal plant runs: the 33⅓ takes the cheapest
    me.res = [2, 0, 3, 0]
    assert bot._buy(s, buy) is A.DONE
