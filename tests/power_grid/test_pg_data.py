"""The Power Grid data files against the rulebook (seed 001) and the rules reference power_grid.md."""

from __future__ import annotations

import json

import msgspec
import pytest
from pg_helpers import is_reachable
from turbine.plugins.power_grid import data_model
from turbine.plugins.power_grid.data_model import (
    COAL,
    GARBAGE,
    OIL,
    URANIUM,
    DataError,
    load_map,
    load_plants,
    load_rules,
    members,
    plants_by_key,
)
from turbine.plugins.power_grid.maps import dijkstra

# --------------------------------------------------------------------------- plants


def test_P_1_6_forty_two_plants_numbered_03_to_40_42_44_46_50() -> None:
    """P-1.6: 42 cards numbered 03–40, 42, 44, 46, 50; plus the special 33⅓ (P-1.8)."""
    plants = load_plants()
    standard = [p.number for p in plants if not p.special]
    assert standard == [*range(3, 41), 42, 44, 46, 50]
    assert len(standard) == 42
    assert [p.label for p in plants if p.special] == ["33⅓"]
    assert len(plants) == 43


def test_plant_numbers_and_keys_unique() -> None:
    plants = load_plants()
    keys = [p.sort_key for p in plants]
    assert len(set(keys)) == len(keys)
    assert keys == sorted(keys)
    assert len(plants_by_key()) == 43


def test_T_7_plants_stated_in_rulebook() -> None:
    """T-7 / P-14.9 / P-14.17: every plant fact the rulebook states."""
    by_number = {p.number: p for p in load_plants() if not p.special}
    p3, p5, p7, p10, p13, p14, p15 = (by_number[n] for n in (3, 5, 7, 10, 13, 14, 15))
    assert (p3.fuel, p3.storage) == ("oil", 4)  # "plant 03 holds 4 oil"
    assert (p5.fuel, p5.needs, p5.storage, p5.accepts) == ("hybrid", 2, 4, (COAL, OIL))
    assert (p7.fuel, p7.needs) == ("oil", 3)
    assert (p10.fuel, p10.needs) == ("coal", 2)
    assert (p15.fuel, p15.needs) == ("coal", 2)
    assert p7.cities + p10.cities + p15.cities == 7  # income example "2 + 2 + 3"
    assert (p13.fuel, p13.storage, p13.accepts) == ("eco", 0, ())
    assert (p14.fuel, p14.needs, p14.cities, p14.storage) == ("garbage", 2, 2, 4)


def test_P_10_6_flow_generator_33_one_third() -> None:
    """P-10.6: any of the four fuels, 3 per run, 6 cities, minimum bid 33, sorts right after 33."""
    keys = plants_by_key()
    special = keys[100]
    assert special.special and special.fuel == "any"
    assert (special.number, special.needs, special.cities, special.storage) == (33, 3, 6, 6)
    assert special.accepts == (COAL, OIL, GARBAGE, URANIUM)
    order = [p.sort_key for p in load_plants()]
    assert order.index(100) == order.index(99) + 1  # 33 then 33⅓ then 34
    assert keys[order[order.index(100) + 1]].number == 34


def test_D_4_plant_kinds_counts() -> None:
    """T-7 Data summary: 9 coal, 8 oil, 5 hybrid, 6 garbage, 6 uranium, 7 eco, 1 fusion.

    P-10.1, P-10.2, P-10.4.
    """
    counts: dict[str, int] = {}
    for p in load_plants():
        if not p.special:
            counts[p.fuel] = counts.get(p.fuel, 0) + 1
    assert counts == {"coal": 9, "oil": 8, "hybrid": 5, "garbage": 6, "uranium": 6, "eco": 7, "fusion": 1}
    for p in load_plants():
        assert p.cities > 0
        assert (p.needs == 0) == (p.fuel in ("eco", "fusion"))


# --------------------------------------------------------------------------- maps: counts and graph sanity


def test_D_1_russia_counts() -> None:
    """D-1 / P-2.2: Russia has 6 regions of 7 cities (42) and 91 links."""
    m = load_map("russia")
    assert len(m.cities) == 42
    assert len(m.connections) == 91
    assert len(m.regions) == 6
    assert all(len(r.cities) == 7 for r in m.regions)


def test_D_1_japan_counts() -> None:
    """D-1 / T-13: Japan data has 35 cities in 5 regions of 7 and 53 links."""
    m = load_map("japan")
    assert len(m.cities) == 35
    assert len(m.connections) == 53
    assert len(m.regions) == 5
    assert all(len(r.cities) == 7 for r in m.regions)


@pytest.mark.parametrize("name", ["russia", "japan"])
def test_no_duplicate_cities_or_links(name: str) -> None:
    m = load_map(name)
    assert len({c.name for c in m.cities}) == len(m.cities)
    pairs = [(e.a, e.b) for e in m.connections]
    assert all(a < b for a, b in pairs)
    assert len(set(pairs)) == len(pairs)


@pytest.mark.parametrize("name", ["russia", "japan"])
def test_P_6_6_costs_non_negative_and_zero_only_for_unprinted_links(name: str) -> None:
    """P-6.6: an unprinted link costs 0; every other cost is positive. D-1 names the 0-cost links."""
    m = load_map(name)
    zero = sorted(
        tuple(sorted((m.cities[e.a].name, m.cities[e.b].name))) for e in m.connections if e.cost == 0
    )
    expected = {
        "russia": [("Ryazan", "Tula")],
        "japan": [("Kyoto", "Osaka"), ("Saitama", "Tokyo"), ("Tokyo", "Yokohama")],
    }[name]
    assert zero == expected
    assert all(e.cost > 0 for e in m.connections if e.cost != 0)


@pytest.mark.parametrize("name", ["russia", "japan"])
def test_every_city_reachable_and_every_region_connected_on_its_own(name: str) -> None:
    m = load_map(name)
    assert is_reachable(m, m.all_cities_mask)
    for r in m.regions:
        assert is_reachable(m, r.mask), r.name
    assert all(m.adjacency[c] for c in range(len(m.cities)))  # no isolated city


@pytest.mark.parametrize("name", ["russia", "japan"])
def test_region_adjacency_matches_links_between_regions(name: str) -> None:
    """P-2.2: region adjacency is what the board's links say (no phantom or missing neighbour)."""
    m = load_map(name)
    derived: set[tuple[int, int]] = set()
    for e in m.connections:
        ra, rb = m.city_region[e.a], m.city_region[e.b]
        if ra != rb:
            derived.add((min(ra, rb), max(ra, rb)))
    declared = {(r.index, n) for r in m.regions for n in r.neighbors if r.index < n}
    assert declared == derived


@pytest.mark.parametrize("name", ["russia", "japan"])
def test_adjacency_lists_mirror_connections(name: str) -> None:
    m = load_map(name)
    for e in m.connections:
        assert (e.b, e.cost) in m.adjacency[e.a]
        assert (e.a, e.cost) in m.adjacency[e.b]
    assert sum(len(a) for a in m.adjacency) == 2 * len(m.connections)
    for r in m.regions:
        assert members(r.mask) == list(r.cities)


def test_D_1_cities_named_in_rulebook_exist() -> None:
    """D-1: the rulebook names Tomsk, Novosibirsk, Barnaul, Novokuznetsk, Krasnoyarsk, Kemerovo.

    P-11.10.
    """
    m = load_map("russia")
    for city in ("Tomsk", "Novosibirsk", "Barnaul", "Novokuznetsk", "Krasnoyarsk", "Kemerovo"):
        assert city in m.city_index


# --------------------------------------------------------------------------- Japan specifics


def test_P_12_7_japan_start_cities() -> None:
    """P-12.7: the six start cities, and their regions (P-12.7 Data line)."""
    m = load_map("japan")
    names = sorted(m.cities[c].name for c in m.start_cities)
    assert names == ["Fukuoka", "Kobe", "Osaka", "Sapporo", "Tokyo", "Yokohama"]
    regions = {m.cities[c].name: m.regions[m.city_region[c]].name for c in m.start_cities}
    assert regions == {
        "Fukuoka": "red",
        "Kobe": "yellow",
        "Osaka": "purple",
        "Tokyo": "green",
        "Yokohama": "green",
        "Sapporo": "brown",
    }
    assert members(m.start_mask) == sorted(m.start_cities)
    assert all(m.cities[c].start for c in m.start_cities)
    assert load_map("russia").start_cities == ()


def test_P_11_8_and_P_12_6_network_limits() -> None:
    """P-11.8: Russia one network; P-12.6: Japan up to two."""
    assert load_map("russia").max_networks == 1
    assert load_map("japan").max_networks == 2


def test_P_2_7_initial_plant_market_and_removed_plants() -> None:
    """P-2.7 / P-11.2 / T-8: Russia 03 04 05 | 07 08 09, 06 and 14 boxed; Japan 03–10."""
    russia, japan = load_map("russia"), load_map("japan")
    assert russia.initial_plant_market == (3, 4, 5, 7, 8, 9)
    assert russia.removed_plants == (6, 14)
    assert japan.initial_plant_market == (3, 4, 5, 6, 7, 8, 9, 10)
    assert japan.removed_plants == ()


def test_U_2_deck_setup_both_readings() -> None:
    """P-2.9 / P-2.10 / U-2: 13 on top on both maps; seeding per (d) by default, literal text kept."""
    russia, japan = load_map("russia"), load_map("japan")
    assert russia.deck.top == japan.deck.top == (13,)
    assert russia.deck.seeded == (10, 11) and russia.deck.literal_seeded == ()
    assert japan.deck.seeded == () and japan.deck.literal_seeded == (10, 11)
    assert russia.deck.seed_depth == japan.deck.seed_depth == 3
    # (d) is executable: seeded plants are neither in the starting market nor boxed.
    assert not set(russia.deck.seeded) & set(russia.initial_plant_market + russia.removed_plants)


def test_map_specific_rule_switches() -> None:
    """P-11.5–P-11.7 (Russia) and P-12.4–P-12.5 (Japan)."""
    russia, japan = load_map("russia"), load_map("japan")
    assert (russia.pass_removal, russia.outdated_removal, russia.no_sale_removal) == (True, False, False)
    assert (japan.pass_removal, japan.outdated_removal, japan.no_sale_removal) == (False, True, True)


def test_T_5_market_layout() -> None:
    """T-5 / U-1 (a): coal, oil, garbage 1–8 × 3; uranium 1–8, 10, 12, 14, 16 × 1; tokens 24/24/24/12."""
    tracks = load_rules().resource_market
    for r in (COAL, OIL, GARBAGE):
        assert tracks[r].prices == (1, 2, 3, 4, 5, 6, 7, 8)
        assert tracks[r].capacity == 3
        assert tracks[r].tokens == 24
    assert tracks[URANIUM].prices == (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16)
    assert tracks[URANIUM].capacity == 1
    assert tracks[URANIUM].tokens == 12


def test_P_2_3_starting_money_and_P_1_2_houses() -> None:
    rules = load_rules()
    assert rules.starting_money == 50
    assert rules.houses_per_player == 22


# --------------------------------------------------------------------------- validation


def _patched(monkeypatch: pytest.MonkeyPatch, name: str, edit) -> None:
    original = data_model._read(name)
    doc = json.loads(original)
    edit(doc)
    real_read = data_model._read
    monkeypatch.setattr(
        data_model, "_read", lambda n: json.dumps(doc).encode() if n == name else real_read(n)
    )


def test_loader_rejects_unknown_city_in_link(monkeypatch: pytest.MonkeyPatch) -> None:
    _patched(
        monkeypatch,
        "russia.json",
        lambda d: d["connections"].append({"a": "Tomsk", "b": "Atlantis", "cost": 3}),
    )
    with pytest.raises(DataError, match="Atlantis"):
        data_model.load_map.__wrapped__("russia")


def test_loader_rejects_duplicate_link(monkeypatch: pytest.MonkeyPatch) -> None:
    _patched(
        monkeypatch,
        "russia.json",
        lambda d: d["connections"].append({"a": "Novosibirsk", "b": "Tomsk", "cost": 4}),
    )
    with pytest.raises(DataError, match="duplicate link"):
        data_model.load_map.__wrapped__("russia")


def test_loader_rejects_negative_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    _patched(monkeypatch, "japan.json", lambda d: d["connections"][0].update(cost=-1))
    with pytest.raises(DataError):
        data_model.load_map.__wrapped__("japan")


def test_loader_rejects_short_resupply_table(monkeypatch: pytest.MonkeyPatch) -> None:
    _patched(monkeypatch, "japan.json", lambda d: d["resupply"]["coal"].pop())
    with pytest.raises(DataError):
        data_model.load_map.__wrapped__("japan")


def test_loader_rejects_duplicate_plant(monkeypatch: pytest.MonkeyPatch) -> None:
    _patched(monkeypatch, "plants.json", lambda d: d["plants"].append(dict(d["plants"][0])))
    with pytest.raises(DataError, match="duplicate"):
        data_model.load_plants.__wrapped__()


def test_loaded_structs_are_frozen() -> None:
    m = load_map("russia")
    with pytest.raises(AttributeError):
        m.name = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        load_plants()[0].cities = 9  # type: ignore[misc]
    assert load_map("russia") is m  # cached


def test_data_files_roundtrip_as_plain_json() -> None:
    """The shipped files are plain JSON data (no code), and the maps decode through msgspec schemas."""
    for name in ("plants.json", "rules.json", "russia.json", "japan.json"):
        doc = msgspec.json.decode(data_model._read(name))
        assert isinstance(doc, dict)


def test_dijkstra_single_source_is_zero_at_source() -> None:
    m = load_map("japan")
    dist = dijkstra(m, m.all_cities_mask, [m.city("Tokyo")])
    assert dist[m.city("Tokyo")] == 0
    assert dist[m.city("Yokohama")] == 0  # unprinted link (P-6.6)


@pytest.mark.parametrize("name", ["russia", "japan"])
def test_T_8_T_10_deck_sizes_from_data(name: str) -> None:
    """T-8 / T-10 (U-2 (d)): shuffled pool Russia 31, Japan 33; round-1 deck 26, 26, 30, 34, 34 plants."""
    from turbine.plugins.power_grid.tables import removed_plants

    m = load_map(name)
    standard = {p.number for p in load_plants() if not p.special}
    set_aside = set(m.initial_plant_market) | set(m.removed_plants) | set(m.deck.top) | set(m.deck.seeded)
    pool = standard - set_aside
    assert len(pool) == {"russia": 31, "japan": 33}[name]
    sizes = [len(pool) - removed_plants(n) + len(m.deck.top) + len(m.deck.seeded) for n in range(2, 7)]
    assert sizes == [26, 26, 30, 34, 34]
