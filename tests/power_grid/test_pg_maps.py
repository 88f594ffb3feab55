"""Region sets, connection costs and build prices: worked examples of the rulebook and power_grid.md.

Link costs are checked on the functions the rules call (``maps.all_pairs`` and
``maps.Nearest``); build prices on the rules' own offers in Phase 4
(``legal_actions``), which add the space price (``tables.space_costs``).
"""

from __future__ import annotations

import itertools

import pytest
from pg_helpers import is_reachable, new_state, play_until
from turbine.core.rng import Rng
from turbine.plugins.power_grid import actions as A
from turbine.plugins.power_grid.data_model import MapData, load_map, mask_of, members
from turbine.plugins.power_grid.maps import (
    INF,
    Nearest,
    all_pairs,
    cities_in_regions,
    dijkstra,
    is_connected_region_set,
    legal_region_sets,
    random_region_set,
    start_cities_in_play,
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


def _links(m: MapData, allowed: int, owned: list[int]) -> list[int]:
    """The rules' link cost from the owned cities to every city (A.4): row-minimum of the table."""
    dist = Nearest(all_pairs(m, allowed))(owned)
    assert dist is not None
    return list(dist)


def test_P_14_10_tomsk_novosibirsk_barnaul() -> None:
    """P-14.10: from Tomsk, Novosibirsk costs 10 + 4; then Barnaul 10 + 4 more (link from Novosibirsk)."""
    m = load_map("russia")
    allowed = m.all_cities_mask
    tomsk, novosibirsk, barnaul = m.city("Tomsk"), m.city("Novosibirsk"), m.city("Barnaul")
    assert _links(m, allowed, [tomsk])[novosibirsk] == 4
    assert all_pairs(m, allowed)[tomsk][novosibirsk] == 4
    assert _links(m, allowed, [tomsk, novosibirsk])[barnaul] == 4


def test_P_14_11_kemerovo_is_four_cheaper_than_krasnoyarsk() -> None:
    """P-14.11: Novokuznetsk is 4 cheaper from Kemerovo than from Krasnoyarsk; cheaper route charged."""
    m = load_map("russia")
    allowed = m.all_cities_mask
    kem, kras, novo = m.city("Kemerovo"), m.city("Krasnoyarsk"), m.city("Novokuznetsk")
    from_kem = _links(m, allowed, [kem])[novo]
    from_kras = _links(m, allowed, [kras])[novo]
    assert from_kras - from_kem == 4
    assert (from_kem, from_kras) == (3, 7)
    assert _links(m, allowed, [kras, kem])[novo] == 3  # P-6.5: cheapest path from any owned city


def test_P_6_5_path_through_other_cities_pays_every_link() -> None:
    """P-6.5 / P-14.13: a path may cross cities without building; all links on it are paid."""
    m = load_map("russia")
    # Tomsk -> Barnaul has no direct link: Tomsk–Novosibirsk 4 + Novosibirsk–Barnaul 4.
    assert _links(m, m.all_cities_mask, [m.city("Tomsk")])[m.city("Barnaul")] == 8


def test_P_6_6_zero_cost_links() -> None:
    """P-6.6 / P-14.14: unprinted links cost 0 (Japan: Tokyo–Yokohama, Tokyo–Saitama, Osaka–Kyoto)."""
    m = load_map("japan")
    costs = _links(m, m.all_cities_mask, [m.city("Tokyo")])
    assert costs[m.city("Yokohama")] == 0
    assert costs[m.city("Saitama")] == 0
    assert _links(m, m.all_cities_mask, [m.city("Osaka")])[m.city("Kyoto")] == 0
    # Osaka -> Kobe via Kyoto: 0 + 3.
    assert _links(m, m.all_cities_mask, [m.city("Osaka")])[m.city("Kobe")] == 3


def test_P_6_12_U_14_paths_stay_inside_regions_in_play() -> None:
    """P-6.12 / U-14 (a): brown, pink, purple in play: Naberezhnye Chelny–Nizhny Novgorod is 33, not 8."""
    m = load_map("russia")
    chelny, nizhny = m.city("Naberezhnye Chelny"), m.city("Nizhny Novgorod")
    allowed = cities_in_regions(m, _regions(m, "brown", "pink", "purple"))
    assert _links(m, allowed, [chelny])[nizhny] == 33
    assert _links(m, m.all_cities_mask, [chelny])[nizhny] == 8  # via green Kazan and Cheboksary
    # A city outside the play area cannot be reached, so it is never offered.
    kazan = m.city("Kazan")
    assert _links(m, allowed, [chelny])[kazan] == INF
    r, s = _building(["brown", "pink", "purple"], owned=[chelny])
    builds, _ = _offers(r, s)
    assert "Kazan" not in builds
    assert builds["Nizhny Novgorod"] == 33 + 10


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
    both = _links(m, allowed, [fukuoka, tokyo])
    only_f = _links(m, allowed, [fukuoka])
    only_t = _links(m, allowed, [tokyo])
    for c in range(len(m.cities)):
        if c in (fukuoka, tokyo):
            assert both[c] == 0
        else:
            assert both[c] == min(only_f[c], only_t[c])
    assert both[m.city("Chiba")] == 4  # from Tokyo
    assert both[m.city("Nagasaki")] == 10  # from Fukuoka
    r, s = _building(None, owned=[fukuoka, tokyo], japan=True)
    builds, _ = _offers(r, s)
    assert "Fukuoka" not in builds and "Tokyo" not in builds
    assert (builds["Chiba"], builds["Nagasaki"]) == (4 + 10, 10 + 10)


def test_connection_costs_without_owned_cities_is_empty() -> None:
    """P-6.4 / A.4 step 5: a first house pays no connection cost; that case is the caller's."""
    m = load_map("russia")
    assert Nearest(all_pairs(m, m.all_cities_mask))([]) is None


def test_remembered_links_equal_links_worked_out_afresh() -> None:
    """A.4: the answer for a set of cities does not depend on the sets asked before it
    (one city more than a known set, the same cities in another order, a full memory)."""
    m = load_map("japan")
    table = all_pairs(m, m.all_cities_mask)
    links = Nearest(table)
    links.LIMIT = 50  # forget often
    rng = Rng.from_seed(7)
    for _ in range(300):
        owned = rng.sample(range(len(m.cities)), 1 + rng.below(6))
        for k in range(1, len(owned) + 1):
            expected = [min(table[c][to] for c in owned[:k]) for to in range(len(m.cities))]
            assert list(links(owned[:k]) or []) == expected
            assert len(links.known) <= 50  # a full memory starts afresh


def test_build_offers_exclude_owned_cities_in_city_order() -> None:
    """P-6.8: no second house of one's own; every other city in play is offered, links + space."""
    m = load_map("russia")
    owned = [m.city("Moscow"), m.city("Tula")]
    allowed = cities_in_regions(m, _regions(m, "pink", "brown", "green"))
    r, s = _building(["pink", "brown", "green"], owned=owned)
    builds, _ = _offers(r, s)
    names = [m.cities[c].name for c in members(allowed)]
    assert not {"Moscow", "Tula"} & set(builds)
    assert set(builds) == set(names) - {"Moscow", "Tula"}
    assert builds["Ryazan"] == 0 + 10  # Tula–Ryazan is unprinted
    assert list(builds) == [n for n in names if n in builds]  # deterministic order: by city index


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
        assert _links(m, allowed, owned) == dist
        target = rng.choice(pool)
        assert _links(m, allowed, owned)[target] == dist[target]


def test_mask_helpers() -> None:
    assert mask_of([0, 3, 5]) == 0b101001
    assert members(0b101001) == [0, 3, 5]
    assert members(0) == []


# --------------------------------------------------------------------------- build prices


def _building(
    regions: list[str] | None,
    owned: list[int],
    occupied: dict[int, int] | None = None,
    step: int = 1,
    japan: bool = False,
):
    """A round-2 Phase 4 in which the seat to move owns ``owned`` (one network per city on
    Japan) and ``occupied[c]`` houses stand in city ``c`` (his own included), with money to
    spare.  ``regions=None`` puts the whole map in play."""
    options = {"map": "japan" if japan else "russia"}
    if regions is not None:
        options["regions"] = regions
    r, s = new_state(players=3, seed=1, **options)
    if regions is None:  # the whole board
        s.allowed = r.map.all_cities_mask
        s.in_play = members(s.allowed)
    play_until(r, s, "building", 2)
    seat = r.to_move(s)
    assert seat is not None
    others = [x for x in range(3) if x != seat]
    s.houses = [[] for _ in r.map.cities]
    for p in s.players:
        p.cities = []
        p.networks = 0
    me = s.players[seat]
    me.money = 10_000
    me.cities = list(owned)
    me.networks = len(owned) if japan else min(1, len(owned))
    counts = dict(occupied or {})
    for c in owned:
        s.houses[c].append(seat)
        counts[c] = counts.get(c, 1) - 1
    for c, n in counts.items():
        s.houses[c].extend(others[:n])
        for x in others[:n]:
            s.players[x].cities.append(c)
    s.step = step
    return r, s


def _offers(r, s) -> tuple[dict[str, int], dict[str, int]]:
    """The rules' Phase 4 offers: ``build`` and ``start`` prices by city name, in offer order."""
    builds: dict[str, int] = {}
    starts: dict[str, int] = {}
    for a in r.legal_actions(s):
        if type(a) is A.Build:
            builds[a.city] = a.cost
        elif type(a) is A.Start:
            starts[a.city] = a.cost
    return builds, starts


def test_P_14_10_build_costs_include_space() -> None:
    """P-14.10: Anna (Tomsk) pays 14 for Novosibirsk: 10 for the space plus 4 for the link."""
    m = load_map("russia")
    tomsk, novosibirsk = m.city("Tomsk"), m.city("Novosibirsk")
    builds, _ = _offers(*_building(None, [tomsk]))
    assert builds["Novosibirsk"] == 14
    builds, _ = _offers(*_building(None, [tomsk, novosibirsk]))
    assert builds["Barnaul"] == 14


def test_P_14_12_step_1_exclusivity_and_step_2_price() -> None:
    """P-14.12: once Vasily holds Novosibirsk, Anna can connect it only from Step 2, at 15 + link."""
    m = load_map("russia")
    tomsk, novosibirsk = m.city("Tomsk"), m.city("Novosibirsk")
    vasily = {novosibirsk: 1}  # Vasily's house
    assert "Novosibirsk" not in _offers(*_building(None, [tomsk], vasily, step=1))[0]
    assert _offers(*_building(None, [tomsk], vasily, step=2))[0]["Novosibirsk"] == 15 + 4
    full = {novosibirsk: 2}
    assert "Novosibirsk" not in _offers(*_building(None, [tomsk], full, step=2))[0]
    assert _offers(*_building(None, [tomsk], full, step=3))[0]["Novosibirsk"] == 20 + 4


def test_P_12_7_start_costs_japan() -> None:
    """P-12.7 / P-12.8: networks start only in start cities in play, two 10 spaces in Step 1, 20 in Step 3."""
    m = load_map("japan")
    regions = ["yellow", "purple", "green"]
    tokyo, osaka = m.city("Tokyo"), m.city("Osaka")

    def starts(owned: list[int], occupied: dict[int, int], step: int) -> dict[str, int]:
        return _offers(*_building(regions, owned, occupied, step, japan=True))[1]

    assert starts([], {}, 1) == {"Tokyo": 10, "Yokohama": 10, "Osaka": 10, "Kobe": 10}
    assert starts([], {tokyo: 1}, 1)["Tokyo"] == 10  # second 10 space (U-8 (a))
    assert "Tokyo" not in starts([], {tokyo: 2}, 2)
    assert starts([], {tokyo: 2}, 3)["Tokyo"] == 20  # P-14.29
    # A player never starts in a city he already holds (P-14.28).
    assert "Osaka" not in starts([osaka], {tokyo: 2}, 1)


def test_P_6_4_start_costs_russia_any_city_in_play() -> None:
    """P-6.4 / P-11.8: a Russian first house may go in any city in play with an open space."""
    m = load_map("russia")
    regions = ["red", "yellow", "green"]
    allowed = cities_in_regions(m, _regions(m, *regions))
    tomsk = m.city("Tomsk")
    builds, _ = _offers(*_building(regions, [], {tomsk: 1}, step=1))
    assert set(builds) == {m.cities[c].name for c in members(allowed)} - {"Tomsk"}
    assert set(builds.values()) == {10}
    assert _offers(*_building(regions, [], {tomsk: 1}, step=2))[0]["Tomsk"] == 15  # U-13 (a)


def test_build_costs_small_japanese_city() -> None:
    """P-12.12: Morioka (15/20) takes a first house at 15 in Step 1 and a second at 20 from Step 2."""
    m = load_map("japan")
    sendai, morioka = m.city("Sendai"), m.city("Morioka")

    def builds(occupied: dict[int, int], step: int) -> dict[str, int]:
        return _offers(*_building(None, [sendai], occupied, step, japan=True))[0]

    assert builds({}, 1)["Morioka"] == 10 + 15
    assert "Morioka" not in builds({morioka: 1}, 1)
    assert builds({morioka: 1}, 2)["Morioka"] == 10 + 20
    assert "Morioka" not in builds({morioka: 2}, 3)
