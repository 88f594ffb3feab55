"""Region sets and connection costs: worked examples of the rulebook and power_grid.md."""

from __future__ import annotations

import itertools

import pytest
from turbine.core.rng import Rng
from turbine.plugins.power_grid.data_model import MapData, load_map
from turbine.plugins.power_grid.maps import (
    INF,
    all_pairs,
    build_costs,
    cities_in_regions,
    connection_cost,
    connection_costs,
    dijkstra,
    is_connected_region_set,
    is_reachable,
    legal_region_sets,
    mask_of,
    members,
    random_region_set,
    start_cities_in_play,
    start_costs,
)
from turbine.plugins.power_grid.tables import regions_in_play


def _names(m: MapData, regions: tuple[int, ...]) -> set[str]:
    return {m.regions[r].name for r in regions}


def _regions(m: MapData, *names: str) -> tuple[int, ...]:
    return tuple(sorted(m.region_index[n] for n in names))


# --------------------------------------------------------------------------- region sets


def test_T_13_japan_region_sets() -> None:
    """T-13: the legal Japan region sets for 3, 4 and 5 regions (a chain red–yellow–purple–green–brown)."""
    m = load_map("japan")
    got = {k: [_names(m, s) for s in legal_region_sets(m, k)] for k in (3, 4, 5)}
    assert sorted(map(sorted, got[3])) == sorted(
        map(
            sorted, [{"red", "yellow", "purple"}, {"yellow", "purple", "green"}, {"purple", "green", "brown"}]
        )
    )
    assert sorted(map(sorted, got[4])) == sorted(
        map(sorted, [{"red", "yellow", "purple", "green"}, {"yellow", "purple", "green", "brown"}])
    )
    assert got[5] == [{"red", "yellow", "purple", "green", "brown"}]
    assert legal_region_sets(m, 6) == ()


def test_T_13_japan_start_cities_per_region_set() -> None:
    """T-13 last column: start cities in play for each legal set."""
    m = load_map("japan")
    expected = {
        frozenset({"red", "yellow", "purple"}): {"Fukuoka", "Kobe", "Osaka"},
        frozenset({"yellow", "purple", "green"}): {"Kobe", "Osaka", "Tokyo", "Yokohama"},
        frozenset({"purple", "green", "brown"}): {"Osaka", "Tokyo", "Yokohama", "Sapporo"},
    }
    for s in legal_region_sets(m, 3):
        allowed = cities_in_regions(m, s)
        assert len(members(allowed)) == 21
        got = {m.cities[c].name for c in start_cities_in_play(m, allowed)}
        assert got == expected[frozenset(_names(m, s))]
    assert len(start_cities_in_play(m, m.all_cities_mask)) == 6
    assert start_cities_in_play(load_map("russia"), load_map("russia").all_cities_mask) == ()


def test_D_1_russia_region_set_counts() -> None:
    """D-1 Data line: Russia has 10 connected sets of 3 regions, 9 of 4 and 5 of 5."""
    m = load_map("russia")
    assert [len(legal_region_sets(m, k)) for k in (3, 4, 5)] == [10, 9, 5]


@pytest.mark.parametrize("name", ["russia", "japan"])
def test_P_2_2_legal_sets_are_exactly_the_connected_ones(name: str) -> None:
    """P-2.2: the chosen regions must be adjacent; every such set is also connected as a city graph."""
    m = load_map(name)
    for k in range(1, len(m.regions) + 1):
        legal = legal_region_sets(m, k)
        assert list(legal) == sorted(legal)
        for combo in itertools.combinations(range(len(m.regions)), k):
            assert (combo in legal) == is_connected_region_set(m, combo)
        for s in legal:
            assert is_reachable(m, cities_in_regions(m, s)), _names(m, s)


def test_P_2_2_disconnected_region_set_rejected() -> None:
    m = load_map("japan")
    assert not is_connected_region_set(m, _regions(m, "red", "green", "brown"))
    assert is_connected_region_set(m, _regions(m, "red", "yellow"))
    assert not is_connected_region_set(m, ())
    assert not is_connected_region_set(m, (0, 0))
    m = load_map("russia")
    assert not is_connected_region_set(m, _regions(m, "red", "pink"))  # red touches only yellow
    assert is_connected_region_set(m, _regions(m, "red", "yellow", "green"))


@pytest.mark.parametrize("name", ["russia", "japan"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_T_2_random_region_set_is_legal_and_deterministic(name: str, players: int) -> None:
    """T-2 / P-2.2: a drawn set has the T-2 size, is connected, and depends only on the seed."""
    m = load_map(name)
    k = regions_in_play(players)
    draws = [random_region_set(m, k, Rng.from_seed(seed)) for seed in range(40)]
    again = [random_region_set(m, k, Rng.from_seed(seed)) for seed in range(40)]
    assert draws == again
    for s in draws:
        assert len(s) == k
        assert s in legal_region_sets(m, k)
    # With 40 draws every legal set appears (there are at most 10).
    assert set(draws) == set(legal_region_sets(m, k))


def test_random_region_set_impossible_size() -> None:
    with pytest.raises(ValueError):
        random_region_set(load_map("japan"), 6, Rng.from_seed(1))


# --------------------------------------------------------------------------- connection costs


def test_P_14_10_tomsk_novosibirsk_barnaul() -> None:
    """P-14.10: from Tomsk, Novosibirsk costs 10 + 4; then Barnaul 10 + 4 more (link from Novosibirsk)."""
    m = load_map("russia")
    allowed = m.all_cities_mask
    tomsk, novosibirsk, barnaul = m.city("Tomsk"), m.city("Novosibirsk"), m.city("Barnaul")
    assert connection_cost(m, allowed, [tomsk], novosibirsk) == 4
    assert connection_costs(m, allowed, [tomsk])[novosibirsk] == 4
    assert connection_costs(m, allowed, [tomsk, novosibirsk])[barnaul] == 4
    assert connection_cost(m, allowed, [tomsk, novosibirsk], barnaul) == 4


def test_P_14_11_kemerovo_is_four_cheaper_than_krasnoyarsk() -> None:
    """P-14.11: Novokuznetsk is 4 cheaper from Kemerovo than from Krasnoyarsk; cheaper route charged."""
    m = load_map("russia")
    allowed = m.all_cities_mask
    kem, kras, novo = m.city("Kemerovo"), m.city("Krasnoyarsk"), m.city("Novokuznetsk")
    from_kem = connection_cost(m, allowed, [kem], novo)
    from_kras = connection_cost(m, allowed, [kras], novo)
    assert from_kem is not None and from_kras is not None
    assert from_kras - from_kem == 4
    assert (from_kem, from_kras) == (3, 7)
    assert connection_costs(m, allowed, [kras, kem])[novo] == 3  # P-6.5: cheapest path from any owned city


def test_P_6_5_path_through_other_cities_pays_every_link() -> None:
    """P-6.5 / P-14.13: a path may cross cities without building; all links on it are paid."""
    m = load_map("russia")
    # Tomsk -> Barnaul has no direct link: Tomsk–Novosibirsk 4 + Novosibirsk–Barnaul 4.
    assert connection_cost(m, m.all_cities_mask, [m.city("Tomsk")], m.city("Barnaul")) == 8


def test_P_6_6_zero_cost_links() -> None:
    """P-6.6 / P-14.14: unprinted links cost 0 (Japan: Tokyo–Yokohama, Tokyo–Saitama, Osaka–Kyoto)."""
    m = load_map("japan")
    costs = connection_costs(m, m.all_cities_mask, [m.city("Tokyo")])
    assert costs[m.city("Yokohama")] == 0
    assert costs[m.city("Saitama")] == 0
    assert connection_cost(m, m.all_cities_mask, [m.city("Osaka")], m.city("Kyoto")) == 0
    # Osaka -> Kobe via Kyoto: 0 + 3.
    assert connection_cost(m, m.all_cities_mask, [m.city("Osaka")], m.city("Kobe")) == 3


def test_P_6_12_U_14_paths_stay_inside_regions_in_play() -> None:
    """P-6.12 / U-14 (a): brown, pink, purple in play: Naberezhnye Chelny–Nizhny Novgorod is 33, not 8."""
    m = load_map("russia")
    chelny, nizhny = m.city("Naberezhnye Chelny"), m.city("Nizhny Novgorod")
    allowed = cities_in_regions(m, _regions(m, "brown", "pink", "purple"))
    assert connection_cost(m, allowed, [chelny], nizhny) == 33
    assert connection_cost(m, m.all_cities_mask, [chelny], nizhny) == 8  # via green Kazan and Cheboksary
    # A city outside the play area is never offered.
    kazan = m.city("Kazan")
    assert kazan not in connection_costs(m, allowed, [chelny])
    assert connection_cost(m, allowed, [chelny], kazan) is None


def _restriction_matters(m: MapData, regions: tuple[int, ...]) -> bool:
    allowed = cities_in_regions(m, regions)
    inside, everywhere = all_pairs(m, allowed), all_pairs(m, m.all_cities_mask)
    cities = members(allowed)
    return any(inside[a][b] != everywhere[a][b] for a in cities for b in cities)


def test_P_6_12_data_u14_matters_only_on_russia() -> None:
    """P-6.12 Data line: on Japan no legal set changes a cost; on Russia 17 of 24 sets of 3–5 regions do."""
    japan = load_map("japan")
    assert not any(_restriction_matters(japan, s) for k in (3, 4, 5) for s in legal_region_sets(japan, k))
    russia = load_map("russia")
    sets = [s for k in (3, 4, 5) for s in legal_region_sets(russia, k)]
    assert len(sets) == 24
    assert sum(_restriction_matters(russia, s) for s in sets) == 17


def test_P_12_6_japan_two_networks_cost_from_either() -> None:
    """P-12.6 / A.4: with two networks, a new city is charged from the nearer city of either network."""
    m = load_map("japan")
    allowed = m.all_cities_mask
    fukuoka, tokyo = m.city("Fukuoka"), m.city("Tokyo")
    both = connection_costs(m, allowed, [fukuoka, tokyo])
    only_f = connection_costs(m, allowed, [fukuoka])
    only_t = connection_costs(m, allowed, [tokyo])
    for c in range(len(m.cities)):
        if c in (fukuoka, tokyo):
            assert c not in both
        else:
            assert both[c] == min(only_f[c], only_t[c])
    assert both[m.city("Chiba")] == 4  # from Tokyo
    assert both[m.city("Nagasaki")] == 10  # from Fukuoka


def test_connection_costs_without_owned_cities_is_empty() -> None:
    """P-6.4 / A.4 step 5: a first house pays no connection cost; that case is the caller's."""
    m = load_map("russia")
    assert connection_costs(m, m.all_cities_mask, []) == {}
    assert connection_cost(m, m.all_cities_mask, [], 0) is None


def test_connection_costs_excludes_owned_and_accepts_sets() -> None:
    m = load_map("russia")
    owned = [m.city("Moscow"), m.city("Tula")]
    allowed_set = frozenset(members(cities_in_regions(m, _regions(m, "pink", "brown", "green"))))
    costs = connection_costs(m, allowed_set, iter(owned))
    assert not set(owned) & set(costs)
    assert set(costs) == allowed_set - set(owned)
    assert costs[m.city("Ryazan")] == 0  # Tula–Ryazan is unprinted
    assert list(costs) == sorted(costs)  # deterministic order


@pytest.mark.parametrize("name", ["russia", "japan"])
def test_A_4_table_lookup_matches_multi_source_dijkstra(name: str) -> None:
    """A.4: the cached all-pairs answer equals a multi-source Dijkstra, for random play areas and networks."""
    m = load_map(name)
    rng = Rng.from_seed(2024)
    for _ in range(60):
        k = 3 + rng.below(3)
        regions = rng.choice(legal_region_sets(m, k))
        allowed = cities_in_regions(m, regions)
        pool = members(allowed)
        owned = rng.sample(pool, 1 + rng.below(6))
        dist = dijkstra(m, allowed, owned)
        expected = {c: d for c, d in enumerate(dist) if d < INF and c not in owned}
        assert connection_costs(m, allowed, owned) == expected
        target = rng.choice(pool)
        assert connection_cost(m, allowed, owned, target) == dist[target]


def test_mask_helpers() -> None:
    assert mask_of([0, 3, 5]) == 0b101001
    assert members(0b101001) == [0, 3, 5]
    assert members(0) == []


# --------------------------------------------------------------------------- build prices


def test_P_14_10_build_costs_include_space() -> None:
    """P-14.10: Anna (Tomsk) pays 14 for Novosibirsk: 10 for the space plus 4 for the link."""
    m = load_map("russia")
    occupied = [0] * len(m.cities)
    occupied[m.city("Tomsk")] = 1
    costs = build_costs(m, m.all_cities_mask, [m.city("Tomsk")], occupied, 1)
    assert costs[m.city("Novosibirsk")] == 14
    occupied[m.city("Novosibirsk")] = 1
    costs = build_costs(m, m.all_cities_mask, [m.city("Tomsk"), m.city("Novosibirsk")], occupied, 1)
    assert costs[m.city("Barnaul")] == 14


def test_P_14_12_step_1_exclusivity_and_step_2_price() -> None:
    """P-14.12: once Vasily holds Novosibirsk, Anna can connect it only from Step 2, at 15 + link."""
    m = load_map("russia")
    tomsk, novosibirsk = m.city("Tomsk"), m.city("Novosibirsk")
    occupied = [0] * len(m.cities)
    occupied[tomsk] = 1
    occupied[novosibirsk] = 1  # Vasily's house
    assert novosibirsk not in build_costs(m, m.all_cities_mask, [tomsk], occupied, 1)
    assert build_costs(m, m.all_cities_mask, [tomsk], occupied, 2)[novosibirsk] == 15 + 4
    occupied[novosibirsk] = 2
    assert novosibirsk not in build_costs(m, m.all_cities_mask, [tomsk], occupied, 2)
    assert build_costs(m, m.all_cities_mask, [tomsk], occupied, 3)[novosibirsk] == 20 + 4


def test_P_12_7_start_costs_japan() -> None:
    """P-12.7 / P-12.8: networks start only in start cities in play, two 10 spaces in Step 1, 20 in Step 3."""
    m = load_map("japan")
    regions = _regions(m, "yellow", "purple", "green")
    allowed = cities_in_regions(m, regions)
    occupied = [0] * len(m.cities)
    costs = start_costs(m, allowed, [], occupied, 1)
    assert {m.cities[c].name: v for c, v in costs.items()} == {
        "Tokyo": 10,
        "Yokohama": 10,
        "Osaka": 10,
        "Kobe": 10,
    }
    occupied[m.city("Tokyo")] = 1
    assert start_costs(m, allowed, [], occupied, 1)[m.city("Tokyo")] == 10  # second 10 space (U-8 (a))
    occupied[m.city("Tokyo")] = 2
    assert m.city("Tokyo") not in start_costs(m, allowed, [], occupied, 2)
    assert start_costs(m, allowed, [], occupied, 3)[m.city("Tokyo")] == 20  # P-14.29
    # A player never starts in a city he already holds (P-14.28).
    assert m.city("Osaka") not in start_costs(m, allowed, [m.city("Osaka")], occupied, 1)


def test_P_6_4_start_costs_russia_any_city_in_play() -> None:
    """P-6.4 / P-11.8: a Russian first house may go in any city in play with an open space."""
    m = load_map("russia")
    allowed = cities_in_regions(m, _regions(m, "red", "yellow", "green"))
    occupied = [0] * len(m.cities)
    occupied[m.city("Tomsk")] = 1
    costs = start_costs(m, allowed, [], occupied, 1)
    assert set(costs) == set(members(allowed)) - {m.city("Tomsk")}
    assert set(costs.values()) == {10}
    assert start_costs(m, allowed, [], occupied, 2)[m.city("Tomsk")] == 15  # U-13 (a)


def test_build_costs_small_japanese_city() -> None:
    """P-12.12: Morioka (15/20) takes a first house at 15 in Step 1 and a second at 20 from Step 2."""
    m = load_map("japan")
    sendai, morioka = m.city("Sendai"), m.city("Morioka")
    occupied = [0] * len(m.cities)
    occupied[sendai] = 1
    assert build_costs(m, m.all_cities_mask, [sendai], occupied, 1)[morioka] == 10 + 15
    occupied[morioka] = 1
    assert morioka not in build_costs(m, m.all_cities_mask, [sendai], occupied, 1)
    assert build_costs(m, m.all_cities_mask, [sendai], occupied, 2)[morioka] == 10 + 20
    occupied[morioka] = 2
    assert morioka not in build_costs(m, m.all_cities_mask, [sendai], occupied, 3)
