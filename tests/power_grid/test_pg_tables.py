"""Rule tables, with the exact values of the rulebook (seed 001) and power_grid.md."""

from __future__ import annotations

import pytest
from turbine.plugins.power_grid.data_model import COAL, GARBAGE, OIL, URANIUM, Space, load_map
from turbine.plugins.power_grid.tables import (
    buy_cost,
    city_capacity,
    end_cities,
    income,
    initial_market_counts,
    initial_reserve,
    market_capacity,
    market_prices,
    market_size,
    max_plants,
    min_price,
    next_space,
    players_per_city,
    price_by_count,
    regions_in_play,
    removed_plants,
    resupplied_count,
    resupply,
    resupply_amounts,
    space_costs,
    spaces_from_count,
    starting_money,
    step2_cities,
    unit_price,
)

# --------------------------------------------------------------------------- T-1


def test_T_1_income_table() -> None:
    """T-1 ("Выплаты"): 0 → 10 … 20 → 150."""
    expected = [10, 22, 33, 44, 54, 64, 73, 82, 90, 98, 105, 112, 118, 124, 129, 134, 138, 142, 145, 148, 150]
    assert [income(n) for n in range(21)] == expected


def test_T_1_income_outside_table_is_an_error() -> None:
    """D-9: nothing is printed beyond 20 cities; the engine must never ask (P-7.5)."""
    with pytest.raises(ValueError):
        income(21)
    with pytest.raises(ValueError):
        income(-1)


def test_P_14_17_income_example() -> None:
    """P-14.17: 6 cities powered (capacity 7) pays 73."""
    assert income(min(7, 6)) == 73


# --------------------------------------------------------------------------- T-2


def test_T_2_player_count_table() -> None:
    """T-2, columns for 2..6 players."""
    players = range(2, 7)
    assert [regions_in_play(n) for n in players] == [3, 3, 4, 5, 5]
    assert [removed_plants(n) for n in players] == [8, 8, 4, 0, 0]
    assert [max_plants(n) for n in players] == [4, 3, 3, 3, 3]
    assert [step2_cities(n) for n in players] == [10, 7, 7, 7, 6]
    assert [end_cities(n) for n in players] == [21, 17, 17, 15, 14]


@pytest.mark.parametrize("players", [1, 7])
def test_T_2_rejects_player_counts_outside_2_to_6(players: int) -> None:
    with pytest.raises(ValueError):
        regions_in_play(players)


def test_P_2_3_starting_money() -> None:
    assert starting_money() == 50


# --------------------------------------------------------------------------- T-3


def test_T_3_market_sizes() -> None:
    """T-3 / P-8.7: Russia 3+3 then 4; Japan 4+4 then 6, no future market in Step 3."""
    russia, japan = load_map("russia"), load_map("japan")
    assert [market_size(russia, s) for s in (1, 2, 3)] == [(3, 3), (3, 3), (4, 0)]
    assert [market_size(japan, s) for s in (1, 2, 3)] == [(4, 4), (4, 4), (6, 0)]


# --------------------------------------------------------------------------- T-4


RUSSIA_T4 = {  # players: (coal, oil, garbage, uranium), each Step 1 / 2 / 3
    2: ((2, 2, 4), (3, 4, 3), (2, 2, 3), (1, 1, 1)),
    3: ((2, 3, 4), (3, 4, 3), (2, 2, 3), (1, 1, 1)),
    4: ((3, 4, 5), (5, 6, 4), (3, 3, 4), (1, 2, 2)),
    5: ((4, 5, 6), (5, 7, 5), (4, 3, 5), (2, 3, 2)),
    6: ((5, 6, 7), (7, 9, 6), (4, 5, 6), (2, 3, 3)),
}
JAPAN_T4 = {
    2: ((3, 4, 3), (2, 2, 4), (1, 2, 3), (1, 1, 1)),
    3: ((4, 5, 3), (2, 3, 4), (1, 2, 3), (1, 1, 1)),
    4: ((5, 6, 4), (3, 4, 5), (2, 3, 4), (1, 2, 2)),
    5: ((5, 7, 5), (4, 5, 6), (3, 3, 5), (2, 3, 2)),
    6: ((7, 9, 6), (5, 6, 7), (3, 5, 6), (2, 3, 3)),
}


def test_T_4_russia_5_players_step_1_from_rulebook() -> None:
    """T-4 / P-11.9: the printed value: Russia, 5 players, Step 1 = coal 4, oil 5, garbage 4, uranium 2."""
    m = load_map("russia")
    assert resupply_amounts(m, 5, 1) == (4, 5, 4, 2)
    assert [resupply(m, r, 5, 1) for r in (COAL, OIL, GARBAGE, URANIUM)] == [4, 5, 4, 2]


@pytest.mark.parametrize(("name", "table"), [("russia", RUSSIA_T4), ("japan", JAPAN_T4)])
def test_T_4_resupply_tables(name: str, table: dict[int, tuple[tuple[int, int, int], ...]]) -> None:
    """T-4: both full tables as reproduced in power_grid.md (map data; U-25 (a): one table per map).

    P-11.9, P-12.14, D-3: one full table per map.
    """
    m = load_map(name)
    for players, rows in table.items():
        for r, row in enumerate(rows):
            assert tuple(resupply(m, r, players, step) for step in (1, 2, 3)) == row, (players, r)


def test_T_4_rejects_bad_indices() -> None:
    m = load_map("japan")
    with pytest.raises(ValueError):
        resupply(m, COAL, 7, 1)
    with pytest.raises(ValueError):
        resupply(m, COAL, 3, 4)
    with pytest.raises(ValueError):
        resupply(m, 4, 3, 1)


# --------------------------------------------------------------------------- T-5 prices


def test_T_5_market_capacity_and_prices() -> None:
    """T-5 / U-1 (a): 24 slots for coal, oil, garbage; 12 uranium spaces 1–8, 10, 12, 14, 16.

    D-6 / U-1 (a): the 12-space uranium track.
    """
    assert [market_capacity(r) for r in (COAL, OIL, GARBAGE, URANIUM)] == [24, 24, 24, 12]
    assert market_prices(URANIUM) == (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16)
    assert market_prices(COAL) == (1, 2, 3, 4, 5, 6, 7, 8)


def test_P_5_2_unit_prices_cheapest_first() -> None:
    """P-5.2 / U-16 (a): the k-th unit bought costs the k-th cheapest token's space."""
    # Full coal market: 1,1,1,2,2,2,...
    assert [unit_price(COAL, 24, k) for k in range(1, 8)] == [1, 1, 1, 2, 2, 2, 3]
    # Russia start, 18 coal on spaces 3..8.
    assert unit_price(COAL, 18) == 3
    assert unit_price(COAL, 18, 4) == 4
    assert unit_price(COAL, 1) == 8
    # Uranium, one per space from the top: 16, 14, 12, 10, 8, ...
    assert unit_price(URANIUM, 1) == 16
    assert unit_price(URANIUM, 3) == 12
    assert unit_price(URANIUM, 5) == 8
    assert [unit_price(URANIUM, 12, k) for k in range(1, 13)] == [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16]
    with pytest.raises(ValueError):
        unit_price(OIL, 2, 3)


def test_P_5_2_price_table_is_the_first_unit_price() -> None:
    """P-5.2 / T-5: the table the rules index, ``[n]`` = cheapest price with ``n`` on the market."""
    for r in (COAL, OIL, GARBAGE, URANIUM):
        table = price_by_count(r)
        assert len(table) == market_capacity(r) + 1
        assert table[0] == 0
        assert all(table[n] == unit_price(r, n) for n in range(1, len(table)))
    assert price_by_count(COAL)[18] == 3  # Russia's starting coal (P-11.1)
    assert price_by_count(URANIUM)[1] == 16


def test_P_5_6_empty_market_has_no_price() -> None:
    """P-5.6: nothing to buy when a resource is sold out."""
    assert min_price(GARBAGE, 0) is None
    assert buy_cost(GARBAGE, 0, 0) == 0
    with pytest.raises(ValueError):
        buy_cost(GARBAGE, 0, 1)


def test_buy_cost_matches_unit_prices() -> None:
    for r in (COAL, URANIUM):
        cap = market_capacity(r)
        for have in range(cap + 1):
            for n in range(have + 1):
                assert buy_cost(r, have, n) == sum(unit_price(r, have, k) for k in range(1, n + 1))


def test_T_6_initial_markets_russia() -> None:
    """T-6 Russia / P-11.1: coal 3 on 3–8, oil 3 on 1–8, no garbage, uranium 1 on 6, 7, 8, 10, 12, 14, 16."""
    m = load_map("russia")
    assert m.initial_resource_market[COAL] == (0, 0, 3, 3, 3, 3, 3, 3)
    assert m.initial_resource_market[OIL] == (3,) * 8
    assert m.initial_resource_market[GARBAGE] == (0,) * 8
    assert m.initial_resource_market[URANIUM] == (0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1)
    assert initial_market_counts(m) == (18, 24, 0, 7)
    # Cheapest prices stated by the rulebook: oil 1, coal 3, uranium 6, no garbage.
    assert (min_price(OIL, 24), min_price(COAL, 18), min_price(URANIUM, 7), min_price(GARBAGE, 0)) == (
        1,
        3,
        6,
        None,
    )


def test_T_6_initial_markets_japan() -> None:
    """T-6 Japan / P-12.1: coal 3 on 2–8, oil 3 on 4–8, garbage 3 on 6–8, uranium 1 on 12, 14, 16."""
    m = load_map("japan")
    assert m.initial_resource_market[COAL] == (0, 3, 3, 3, 3, 3, 3, 3)
    assert m.initial_resource_market[OIL] == (0, 0, 0, 3, 3, 3, 3, 3)
    assert m.initial_resource_market[GARBAGE] == (0, 0, 0, 0, 0, 3, 3, 3)
    assert m.initial_resource_market[URANIUM] == (0,) * 9 + (1, 1, 1)
    assert initial_market_counts(m) == (21, 15, 9, 3)
    prices = tuple(min_price(r, n) for r, n in enumerate(initial_market_counts(m)))
    assert prices == (2, 4, 6, 12)


def test_T_12_starting_reserve() -> None:
    """T-12 (12-space uranium layout): reserve Russia 6/0/24/5, Japan 3/9/15/9."""
    tokens = (24, 24, 24, 12)
    for name, expected in (("russia", (6, 0, 24, 5)), ("japan", (3, 9, 15, 9))):
        counts = initial_market_counts(load_map(name))
        assert tuple(t - c for t, c in zip(tokens, counts, strict=True)) == expected
        assert initial_reserve(load_map(name)) == expected


def test_P_14_19_resupply_worked_example() -> None:
    """P-14.19: Russia, 5 players, end of round 1; the rulebook's placements, replayed exactly."""
    m = load_map("russia")
    market = list(initial_market_counts(m))  # 18, 24, 0, 7
    reserve = [24 - market[0], 24 - market[1], 24 - market[2], 12 - market[3]]
    # Phase 3: 4 coal and 8 oil bought cheapest first.
    assert buy_cost(COAL, market[COAL], 4) == 3 * 3 + 4
    assert buy_cost(OIL, market[OIL], 8) == 3 * 1 + 3 * 2 + 2 * 3
    market[COAL] -= 4
    market[OIL] -= 8
    # Phase 5: 4 oil burned back to the reserve; 4 oil stay on plants.
    reserve[OIL] += 4
    amounts = resupply_amounts(m, 5, 1)
    for r in (COAL, OIL, GARBAGE, URANIUM):
        new = resupplied_count(r, market[r], amounts[r], reserve[r])
        reserve[r] -= new - market[r]
        market[r] = new
    # Oil: only 4 in reserve -> 2 on space 3 and 2 on space 2; cheapest oil now 2.
    assert spaces_from_count(OIL, market[OIL]) == (0, 2, 3, 3, 3, 3, 3, 3)
    assert min_price(OIL, market[OIL]) == 2
    # Coal: 1 on space 4, 3 on space 3; cheapest still 3.
    assert spaces_from_count(COAL, market[COAL]) == (0, 0, 3, 3, 3, 3, 3, 3)
    assert min_price(COAL, market[COAL]) == 3
    # Garbage: 3 on space 8, 1 on space 7.
    assert spaces_from_count(GARBAGE, market[GARBAGE]) == (0, 0, 0, 0, 0, 0, 1, 3)
    # Uranium: 1 on space 5, 1 on space 4; cheapest drops from 6 to 4.
    assert spaces_from_count(URANIUM, market[URANIUM]) == (0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    assert min_price(URANIUM, market[URANIUM]) == 4
    assert reserve == [2, 0, 20, 3]


def test_P_7_8_and_P_7_9_resupply_limits() -> None:
    """P-7.8: only what the reserve holds; P-7.9: a full market takes no more."""
    assert resupplied_count(COAL, 10, 5, 2) == 12
    assert resupplied_count(COAL, 22, 5, 10) == 24
    assert resupplied_count(URANIUM, 11, 3, 3) == 12


# --------------------------------------------------------------------------- T-9 spaces


def test_P_6_2_players_per_city_by_step() -> None:
    assert [players_per_city(s) for s in (1, 2, 3)] == [1, 2, 3]


def test_T_9_standard_city_spaces() -> None:
    """T-9 standard row / P-6.2: 10 in Step 1, 15 from Step 2, 20 from Step 3 (both maps)."""
    for name, city in (("russia", "Moscow"), ("japan", "Nagoya")):
        m = load_map(name)
        c = m.city(city)
        assert m.cities[c].spaces == (Space(10, 1), Space(15, 2), Space(20, 3))
        assert [city_capacity(m, c, s) for s in (1, 2, 3)] == [1, 2, 3]
        assert next_space(m, c, 0, 1) == Space(10, 1)
        assert next_space(m, c, 1, 1) is None
        assert next_space(m, c, 1, 2) == Space(15, 2)
        assert next_space(m, c, 2, 2) is None
        assert next_space(m, c, 2, 3) == Space(20, 3)
        assert next_space(m, c, 3, 3) is None


def test_T_9_japan_start_city_spaces() -> None:
    """T-9 / P-12.8 / U-8 (a): start cities have 10, 10 (both from Step 1) and 20 from Step 3."""
    m = load_map("japan")
    for c in m.start_cities:
        assert m.cities[c].spaces == (Space(10, 1), Space(10, 1), Space(20, 3))
        assert [city_capacity(m, c, s) for s in (1, 2, 3)] == [2, 2, 3]
        assert next_space(m, c, 1, 1) == Space(10, 1)
        assert next_space(m, c, 2, 2) is None
        assert next_space(m, c, 2, 3) == Space(20, 3)


def test_T_9_japan_small_cities_rulebook_reading() -> None:
    """T-9 / P-12.12: small cities, first space (10 or 15) from Step 1, second (15 or 20) from Step 2.

    D-2.
    """
    m = load_map("japan")
    small = {c.name: tuple((s.cost, s.step) for s in c.spaces) for c in m.cities if len(c.spaces) == 2}
    assert small == {
        "Koriyama": ((10, 1), (15, 2)),
        "Hamamatsu": ((10, 1), (15, 2)),
        "Kochi": ((10, 1), (15, 2)),
        "Oita": ((10, 1), (15, 2)),
        "Morioka": ((15, 1), (20, 2)),
        "Saitama": ((15, 1), (20, 2)),
        "Toyama": ((15, 1), (20, 2)),
        "Matsue": ((15, 1), (20, 2)),
        "Miyazaki": ((15, 1), (20, 2)),
    }
    for name in small:
        c = m.city(name)
        assert [city_capacity(m, c, s) for s in (1, 2, 3)] == [1, 2, 2]
    assert next_space(m, m.city("Morioka"), 0, 1) == Space(15, 1)
    assert next_space(m, m.city("Morioka"), 1, 2) == Space(20, 2)
    assert next_space(m, m.city("Morioka"), 2, 3) is None


def test_U_11_c_source_engine_variant() -> None:
    """U-11 (c) flag: source data closes the 15/20 cities in Step 1, opens 15 in Step 2 and 20 in Step 3."""
    m = load_map("japan", "source")
    c = m.city("Saitama")
    assert m.cities[c].spaces == (Space(15, 2), Space(20, 3))
    assert [city_capacity(m, c, s) for s in (1, 2, 3)] == [0, 1, 2]
    assert next_space(m, c, 0, 1) is None
    # The 10/15 cities are the same under both readings.
    assert m.cities[m.city("Oita")].spaces == load_map("japan").cities[m.city("Oita")].spaces


def test_T_9_space_cost_table_follows_next_space() -> None:
    """T-9 / P-6.3: the rules' table ``[city][houses]`` is the cost of ``next_space``, None when closed."""
    for m in (load_map("russia"), load_map("japan"), load_map("japan", "source")):
        for step in (1, 2, 3):
            table = space_costs(m, step)
            for c, city in enumerate(m.cities):
                assert len(table[c]) == len(city.spaces) + 1
                for k, cost in enumerate(table[c]):
                    space = next_space(m, c, k, step)
                    assert cost == (None if space is None else space.cost)
    tokyo = load_map("japan").city("Tokyo")
    assert [space_costs(load_map("japan"), s)[tokyo] for s in (1, 3)] == [
        (10, 10, None, None),
        (10, 10, 20, None),
    ]


def test_U_8_b_second_start_space_from_step_2() -> None:
    """U-8 (b): the second 10-space of a start city opens in Step 2; other cities are unchanged (P-12.8)."""
    m = load_map("japan", start_second_step=2)
    tokyo = m.city("Tokyo")
    assert m.cities[tokyo].spaces == (Space(10, 1), Space(10, 2), Space(20, 3))
    assert [city_capacity(m, tokyo, s) for s in (1, 2, 3)] == [1, 2, 3]
    assert space_costs(m, 1)[tokyo] == (10, None, None, None)
    assert space_costs(m, 2)[tokyo] == (10, 10, None, None)
    plain = load_map("japan")
    assert all(a.spaces == b.spaces for a, b in zip(m.cities, plain.cities, strict=True) if not a.start)
    assert load_map("russia", start_second_step=2).cities == load_map("russia").cities


def test_russia_has_only_standard_cities() -> None:
    m = load_map("russia")
    assert all(c.spaces == (Space(10, 1), Space(15, 2), Space(20, 3)) for c in m.cities)
