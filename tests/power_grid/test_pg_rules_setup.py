"""Setup (P-2): markets, deck, regions, order, money."""

from __future__ import annotations

import pytest
from pg_helpers import k, new_state, rules
from turbine.core.errors import BadOptions
from turbine.plugins.power_grid.maps import is_connected_region_set
from turbine.plugins.power_grid.state import STEP3


def test_P_2_5_T_6_T_12_russia_resource_market():
    """P-1.3 / P-2.6: market and reserve hold the 24/24/24/12 tokens."""
    r, s = new_state(4, map="russia")
    assert s.resources == [18, 24, 0, 7]
    assert s.reserve == [6, 0, 24, 5]
    assert [r.price(s, i) for i in range(3)] == [3, 1, 0] and r.price(s, 3) == 6


def test_P_2_5_T_6_T_12_japan_resource_market():
    r, s = new_state(4, map="japan")
    assert s.resources == [21, 15, 9, 3]
    assert s.reserve == [3, 9, 15, 9]
    assert [r.price(s, i) for i in range(4)] == [2, 4, 6, 12]


def test_P_2_7_P_11_2_russia_plant_market_and_box():
    """P-2.1 (Russia side), P-11.3 (3 actual + 3 future)."""
    r, s = new_state(4, map="russia")
    assert s.market == [k(n) for n in (3, 4, 5, 7, 8, 9)]
    assert r.actual_market(s) == [k(3), k(4), k(5)]
    assert k(6) in s.box and k(14) in s.box
    assert k(6) not in s.deck and k(14) not in s.deck


def test_P_2_7_P_12_2_japan_plant_market():
    r, s = new_state(4, map="japan")
    assert s.market == [k(n) for n in range(3, 11)]
    assert r.actual_market(s) == [k(3), k(4), k(5), k(6)]
    assert s.box == []


@pytest.mark.parametrize("board", ["russia", "japan"])
@pytest.mark.parametrize(("players", "size"), [(2, 26), (3, 26), (4, 30), (5, 34), (6, 34)])
def test_T_10_P_2_11_deck_sizes(board, players, size):
    _r, s = new_state(players, seed=players, map=board)
    assert s.deck[0] == STEP3  # P-2.9 (4): Step 3 card at the bottom
    assert s.deck[-1] == k(13)  # 13 on top (top card is last)
    assert len(s.deck) - 1 == size
    assert s.unseen_removed == {2: 8, 3: 8, 4: 4, 5: 0, 6: 0}[players]


def test_U_2_d_russia_seeds_10_and_11_under_13():
    """P-11.4 / P-2.9."""
    for seed in range(10):
        _r, s = new_state(4, seed=seed, map="russia")
        assert {k(10), k(11)} <= set(s.deck[-6:-1])


def test_U_2_d_japan_seeds_nothing_and_literal_seeds_11():
    """P-12.3 / P-2.10."""
    _r, s = new_state(4, seed=3, map="japan")
    assert len(s.deck) - 1 == 30
    for seed in range(10):
        _r, s = new_state(4, seed=seed, map="japan", deck_seeding="literal")
        assert k(11) in s.deck[-5:-1]  # top 3 + 11 shuffled, under 13
        _r, s = new_state(4, seed=seed, map="japan", deck_seeding="slip")
        assert {k(11), k(12)} <= set(s.deck[-6:-1])


def test_P_2_8_flow_generator_in_deck_when_enabled():
    found = 0
    for seed in range(6):
        _r, s = new_state(5, seed=seed, map="russia", flow_generator=True)  # 5p: nothing removed
        found += 100 in s.deck
    assert found == 6


@pytest.mark.parametrize("board", ["russia", "japan"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_P_2_2_random_regions_adjacent_with_T_2_count(board, players):
    r, s = new_state(players, seed=11, map=board)
    assert len(s.regions) == {2: 3, 3: 3, 4: 4, 5: 5, 6: 5}[players]
    assert is_connected_region_set(r.map, s.regions)
    assert len(s.in_play) == 7 * len(s.regions)


def test_P_2_2_chosen_regions_are_checked():
    r = rules(3, map="russia", regions=["yellow", "red", "purple"])
    s = r.initial_state(1)
    assert sorted(r.map.regions[i].name for i in s.regions) == ["purple", "red", "yellow"]
    with pytest.raises(BadOptions):
        rules(3, map="russia", regions=["red", "pink", "brown"])  # not adjacent
    with pytest.raises(BadOptions):
        rules(4, map="russia", regions=["yellow", "red", "purple"])  # 4 players need 4 regions
    with pytest.raises(BadOptions):
        rules(3, map="japan", regions=["red", "yellow", "nowhere"])


def test_P_2_3_P_2_4_money_and_random_order():
    orders = set()
    for seed in range(8):
        _r, s = new_state(4, seed=seed)
        assert [p.money for p in s.players] == [50] * 4
        assert sorted(s.order) == [0, 1, 2, 3]
        orders.add(tuple(s.order))
    assert len(orders) > 1


def test_hidden_information_view_hides_deck_order():
    """P-2.9/P-2.10: 13 is put face down on top in front of everybody, so it stays known;
    every other card above the Step 3 card is hidden."""
    r, s = new_state(4, seed=5)
    v = r.view(s, 0)
    assert v.deck[0] == STEP3 and v.deck[-1] == k(13) and set(v.deck[1:-1]) == {-1}
    assert len(v.deck) == len(s.deck)
    assert v.rng.state == 0 and s.rng.state != 0
