"""Typed, validated view of the Power Grid data files (plants, rule tables, maps).

The numbers live in ``data/*.json`` so that a correction to a card or a link is a
data change, reviewable against the rulebook, and never a code change.  This
module decodes them with :mod:`msgspec` (so a malformed file fails loudly at load
time, not in the middle of a game), checks the cross references that a schema
cannot express (every link names a real city, no duplicate link, ...), and
turns names into small integer indices that the hot paths (legal-move
generation, Dijkstra) can use without string hashing.

Everything returned is immutable and cached: load once per process, share
freely between games.

Conventions used throughout the plugin:

* resources are indexed ``COAL=0, OIL=1, GARBAGE=2, URANIUM=3`` (:data:`RESOURCES`);
* cities and regions are indexed by their position in the map file;
* a plant's identity is :attr:`Plant.sort_key` (``3 x`` its value), because the
  special plant 33⅓ shares the printed number 33 with an ordinary card;
* resupply tables are ``[resource][players - 2][step - 1]`` (T-4).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Annotated, Final, Literal, TypeVar

import msgspec
from turbine.core.data import DataError, decode_data, read_data, require

_T = TypeVar("_T")

__all__ = [
    "COAL",
    "FUEL_ACCEPTS",
    "GARBAGE",
    "OIL",
    "RESOURCES",
    "URANIUM",
    "City",
    "Connection",
    "DataError",
    "DeckSetup",
    "MapData",
    "MapName",
    "MarketTrack",
    "Plant",
    "PlantMarketSize",
    "PlayerCountRow",
    "Region",
    "RulesData",
    "Space",
    "SpaceVariant",
    "load_map",
    "load_plants",
    "load_rules",
    "mask_of",
    "members",
    "plants_by_key",
]

COAL: Final = 0
OIL: Final = 1
GARBAGE: Final = 2
URANIUM: Final = 3
RESOURCES: Final[tuple[str, ...]] = ("coal", "oil", "garbage", "uranium")

MapName = Literal["russia", "japan"]
SpaceVariant = Literal["rulebook", "source"]
Fuel = Literal["coal", "oil", "garbage", "uranium", "hybrid", "eco", "fusion", "any"]

#: Resource indices each fuel kind may store and burn (P-5.3, P-7.2, P-10.6).
FUEL_ACCEPTS: Final[dict[str, tuple[int, ...]]] = {
    "coal": (COAL,),
    "oil": (OIL,),
    "garbage": (GARBAGE,),
    "uranium": (URANIUM,),
    "hybrid": (COAL, OIL),
    "eco": (),
    "fusion": (),
    "any": (COAL, OIL, GARBAGE, URANIUM),
}

NonNeg = Annotated[int, msgspec.Meta(ge=0)]
Positive = Annotated[int, msgspec.Meta(gt=0)]
StepNo = Annotated[int, msgspec.Meta(ge=1, le=3)]
PlayerCount = Annotated[int, msgspec.Meta(ge=2, le=6)]
Triple = Annotated[tuple[NonNeg, ...], msgspec.Meta(min_length=3, max_length=3)]
ByPlayers = Annotated[tuple[Triple, ...], msgspec.Meta(min_length=5, max_length=5)]


# --------------------------------------------------------------------------- plants


class Plant(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One power plant card (T-7).

    ``number`` is the printed number and the minimum bid (33 for 33⅓).
    ``sort_key`` is three times the card's value, an exact integer that orders
    the market, breaks player-order ties (P-3.5, P-10.5) and identifies the card:
    33 → 99, 33⅓ → 100, 34 → 102.
    """

    number: Positive
    label: str
    sort_key: Positive
    fuel: Fuel
    needs: NonNeg
    cities: Positive
    special: bool = False

    @property
    def accepts(self) -> tuple[int, ...]:
        """Resource indices this plant can store and burn (empty for eco/fusion)."""
        return FUEL_ACCEPTS[self.fuel]

    @property
    def storage(self) -> int:
        """Tokens the plant may hold: twice its requirement (P-5.3, U-20 (a) for 33⅓)."""
        return 2 * self.needs

    @property
    def is_hybrid(self) -> bool:
        return self.fuel == "hybrid"


class _PlantsFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    plants: tuple[Plant, ...]


# --------------------------------------------------------------------------- rule tables


class PlayerCountRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One column of the player-count table T-2."""

    players: PlayerCount
    regions: Positive
    removed_plants: NonNeg
    max_plants: Positive
    step2_cities: Positive
    end_cities: Positive


class MarketTrack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The price spaces of one resource on the market (T-5).

    ``prices`` are ascending; a space holds at most ``capacity`` tokens.
    ``tokens`` is the number of tokens of this type in the box (P-1.3).
    """

    resource: Literal["coal", "oil", "garbage", "uranium"]
    prices: tuple[Positive, ...]
    capacity: Positive
    tokens: Positive


class Space(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A building space of a city: printed cost and the first Step it can be used (T-9)."""

    cost: NonNeg
    step: StepNo


class RulesData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Tables shared by both maps (T-1, T-2, T-5, T-9 standard row, P-1.2, P-2.3)."""

    about: str
    resources: tuple[str, ...]
    income: tuple[NonNeg, ...]
    player_counts: tuple[PlayerCountRow, ...]
    resource_market: tuple[MarketTrack, ...]
    standard_spaces: tuple[Space, ...]
    starting_money: Positive
    houses_per_player: Positive


# --------------------------------------------------------------------------- maps (file schema)


class _CityFile(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    region: str
    spaces: tuple[Space, ...] | None = None


class _ConnectionFile(msgspec.Struct, forbid_unknown_fields=True):
    a: str
    b: str
    cost: NonNeg


class PlantMarketSize(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Plant market size (T-3): actual + future in Steps 1–2, ``step3`` cards (all actual) in Step 3."""

    actual: Positive
    future: Positive
    step3: Positive


class DeckSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How the plant deck is stacked (P-2.9, P-2.10, U-2).

    ``top``: plants set aside and put on top, last-listed on the very top (13).
    ``seeded``: plants set aside, then shuffled with the top ``seed_depth``
    cards of the prepared deck and put back on top (under ``top``).  This is the
    recommended reading U-2 (d).  ``literal_seeded`` is what the rulebook prints
    for this map (U-2 literal text), kept for a configuration flag.
    The Step 3 card always goes to the bottom.
    """

    top: tuple[Positive, ...]
    seeded: tuple[Positive, ...]
    seed_depth: NonNeg
    literal_seeded: tuple[Positive, ...]


class _ResupplyFile(msgspec.Struct, forbid_unknown_fields=True):
    coal: ByPlayers
    oil: ByPlayers
    garbage: ByPlayers
    uranium: ByPlayers


class _InitialMarketFile(msgspec.Struct, forbid_unknown_fields=True):
    coal: tuple[NonNeg, ...]
    oil: tuple[NonNeg, ...]
    garbage: tuple[NonNeg, ...]
    uranium: tuple[NonNeg, ...]


class _MapFile(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    title: str
    regions: tuple[str, ...]
    region_adjacency: tuple[tuple[str, str], ...]
    cities: tuple[_CityFile, ...]
    connections: tuple[_ConnectionFile, ...]
    start_cities: tuple[str, ...]
    max_networks: Annotated[int, msgspec.Meta(ge=1, le=2)]
    plant_market: PlantMarketSize
    initial_plant_market: tuple[Positive, ...]
    removed_plants: tuple[Positive, ...]
    deck: DeckSetup
    initial_resource_market: _InitialMarketFile
    resupply: _ResupplyFile
    pass_removal: bool
    outdated_removal: bool
    no_sale_removal: bool
    source_engine_space_steps: dict[str, tuple[StepNo, ...]]


# --------------------------------------------------------------------------- maps (runtime)


class City(msgspec.Struct, frozen=True):
    """A city: its index, name, region index, building spaces (cheapest first) and start-city flag."""

    index: int
    name: str
    region: int
    spaces: tuple[Space, ...]
    start: bool = False


class Connection(msgspec.Struct, frozen=True):
    """An undirected link between two city indices (``a < b``); cost 0 = unprinted link (P-6.6)."""

    a: int
    b: int
    cost: int


class Region(msgspec.Struct, frozen=True):
    """A region: index, board colour name, its city indices, bitmask of those cities, neighbour regions."""

    index: int
    name: str
    cities: tuple[int, ...]
    mask: int
    neighbors: tuple[int, ...]


class MapData(msgspec.Struct, frozen=True):
    """Everything that depends on the map, with names resolved to indices.

    Hot-path fields are plain tuples indexed by city: ``adjacency[c]`` is the
    tuple of ``(neighbour, cost)`` pairs of city ``c``; ``city_region[c]`` its
    region index.  Bitmasks use bit ``c`` for city ``c``.
    """

    name: str
    title: str
    cities: tuple[City, ...]
    connections: tuple[Connection, ...]
    regions: tuple[Region, ...]
    city_index: dict[str, int]
    region_index: dict[str, int]
    adjacency: tuple[tuple[tuple[int, int], ...], ...]
    city_region: tuple[int, ...]
    start_cities: tuple[int, ...]
    start_mask: int
    max_networks: int
    plant_market: PlantMarketSize
    initial_plant_market: tuple[int, ...]
    removed_plants: tuple[int, ...]
    deck: DeckSetup
    #: ``[resource][space]`` tokens at setup, aligned with ``RulesData.resource_market[resource].prices``.
    initial_resource_market: tuple[tuple[int, ...], ...]
    #: ``[resource][players - 2][step - 1]`` tokens put on the market in Phase 5 (T-4).
    resupply: tuple[tuple[tuple[int, ...], ...], ...]
    pass_removal: bool
    outdated_removal: bool
    no_sale_removal: bool
    space_variant: str

    @property
    def all_cities_mask(self) -> int:
        return (1 << len(self.cities)) - 1

    def city(self, name: str) -> int:
        """Index of the city called ``name`` (KeyError if unknown)."""
        return self.city_index[name]


# --------------------------------------------------------------------------- city bitmasks


def mask_of(cities: Iterable[int]) -> int:
    """Bitmask with bit ``c`` set for every city index ``c``."""
    mask = 0
    for c in cities:
        mask |= 1 << c
    return mask


def members(mask: int) -> list[int]:
    """City indices in ``mask``, ascending (deterministic order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# --------------------------------------------------------------------------- loaders


_PACKAGE = "turbine.plugins.power_grid"


def _read(name: str) -> bytes:
    return read_data(_PACKAGE, name)


def _decode(name: str, type_: type[_T]) -> _T:
    return decode_data(name, _read(name), type_)


_require = require


@functools.cache
def load_plants() -> tuple[Plant, ...]:
    """All plant cards, the 42 standard ones and the special 33⅓, ordered by ``sort_key``."""
    data = _decode("plants.json", _PlantsFile)
    assert isinstance(data, _PlantsFile)
    plants = tuple(sorted(data.plants, key=lambda p: p.sort_key))
    keys = [p.sort_key for p in plants]
    _require(len(set(keys)) == len(keys), "plants.json", "duplicate sort_key")
    for p in plants:
        if not p.special:
            _require(p.sort_key == 3 * p.number, "plants.json", f"plant {p.number}: bad sort_key")
        _require((p.needs == 0) == (p.fuel in ("eco", "fusion")), "plants.json", f"plant {p.label}: needs")
    numbers = [p.number for p in plants if not p.special]
    _require(len(set(numbers)) == len(numbers), "plants.json", "duplicate plant number")
    return plants


@functools.cache
def plants_by_key() -> dict[int, Plant]:
    """``sort_key → Plant`` (do not mutate the shared dict)."""
    return {p.sort_key: p for p in load_plants()}


@functools.cache
def load_rules() -> RulesData:
    """The shared rule tables (T-1, T-2, T-5, standard T-9 row)."""
    data = _decode("rules.json", RulesData)
    assert isinstance(data, RulesData)
    f = "rules.json"
    _require(data.resources == RESOURCES, f, "resources must be coal, oil, garbage, uranium in this order")
    _require(len(data.income) == 21, f, "income must cover 0..20 cities (T-1)")
    _require([r.players for r in data.player_counts] == [2, 3, 4, 5, 6], f, "player_counts must be 2..6")
    _require(tuple(t.resource for t in data.resource_market) == RESOURCES, f, "resource_market order")
    for t in data.resource_market:
        _require(list(t.prices) == sorted(set(t.prices)), f, f"{t.resource} prices must ascend")
        _require(t.capacity * len(t.prices) >= t.tokens, f, f"{t.resource}: market smaller than token count")
    return data


@functools.cache
def load_map(
    name: MapName, space_variant: SpaceVariant = "rulebook", start_second_step: StepNo = 1
) -> MapData:
    """The map ``name`` with indices resolved and every cross reference checked.

    The two keyword readings change only when a building space opens, so that
    every reader of ``City.spaces`` (the rules, the explanations, the tables)
    sees the same board:

    * ``space_variant="source"`` applies the source engine's Step availability for
      the Japanese 15/20 small cities (U-11 (c)); the default follows the rulebook
      (first space from Step 1, second from Step 2; P-12.12);
    * ``start_second_step=2`` opens the second 10-space of a start city only in
      Step 2 (U-8 (b)); the default is Step 1 (U-8 (a), P-12.8).
    """
    if name not in ("russia", "japan"):
        raise DataError(f"unknown map {name!r}")
    fname = f"{name}.json"
    raw = _decode(fname, _MapFile)
    assert isinstance(raw, _MapFile)
    rules = load_rules()
    _require(raw.name == name, fname, f"name is {raw.name!r}")

    region_index = {r: i for i, r in enumerate(raw.regions)}
    _require(len(region_index) == len(raw.regions), fname, "duplicate region")
    city_index: dict[str, int] = {}
    for i, c in enumerate(raw.cities):
        _require(c.name not in city_index, fname, f"duplicate city {c.name}")
        _require(c.region in region_index, fname, f"city {c.name}: unknown region {c.region}")
        city_index[c.name] = i
    for s in raw.start_cities:
        _require(s in city_index, fname, f"unknown start city {s}")
    start_set = frozenset(raw.start_cities)
    for v in raw.source_engine_space_steps:
        _require(v in city_index, fname, f"source_engine_space_steps: unknown city {v}")

    cities: list[City] = []
    for i, c in enumerate(raw.cities):
        spaces = rules.standard_spaces if c.spaces is None else c.spaces
        if space_variant == "source" and c.name in raw.source_engine_space_steps:
            steps = raw.source_engine_space_steps[c.name]
            _require(len(steps) == len(spaces), fname, f"{c.name}: variant steps do not match spaces")
            spaces = tuple(Space(s.cost, st) for s, st in zip(spaces, steps, strict=True))
        if c.name in start_set and len(spaces) > 1 and spaces[1].step < start_second_step:
            spaces = (spaces[0], Space(spaces[1].cost, start_second_step), *spaces[2:])
        _require(
            list(spaces) == sorted(spaces, key=lambda s: (s.cost, s.step)), fname, f"{c.name}: spaces order"
        )
        opening = [s.step for s in spaces]
        _require(
            opening == sorted(opening), fname, f"{c.name}: a cheaper space opens later than a dearer one"
        )
        cities.append(City(i, c.name, region_index[c.region], tuple(spaces), c.name in start_set))

    n = len(cities)
    seen: set[tuple[int, int]] = set()
    conns: list[Connection] = []
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for e in raw.connections:
        _require(e.a in city_index and e.b in city_index, fname, f"link {e.a}-{e.b}: unknown city")
        a, b = sorted((city_index[e.a], city_index[e.b]))
        _require(a != b, fname, f"link {e.a}-{e.b} is a loop")
        _require((a, b) not in seen, fname, f"duplicate link {e.a}-{e.b}")
        seen.add((a, b))
        conns.append(Connection(a, b, e.cost))
        adj[a].append((b, e.cost))
        adj[b].append((a, e.cost))

    region_pairs: set[tuple[int, int]] = set()
    for ra, rb in raw.region_adjacency:
        _require(ra in region_index and rb in region_index, fname, f"adjacency {ra}-{rb}: unknown region")
        i, j = sorted((region_index[ra], region_index[rb]))
        _require(i != j, fname, f"region {ra} adjacent to itself")
        region_pairs.add((i, j))
    regions = []
    for r, rname in enumerate(raw.regions):
        in_region = tuple(c.index for c in cities if c.region == r)
        nbrs = tuple(sorted({j for i, j in region_pairs if i == r} | {i for i, j in region_pairs if j == r}))
        regions.append(Region(r, rname, in_region, mask_of(in_region), nbrs))

    init = raw.initial_resource_market
    initial = (init.coal, init.oil, init.garbage, init.uranium)
    for res, track, row in zip(RESOURCES, rules.resource_market, initial, strict=True):
        _require(len(row) == len(track.prices), fname, f"initial {res} market: wrong number of spaces")
        _require(all(x <= track.capacity for x in row), fname, f"initial {res} market over capacity")
    rs = raw.resupply
    plant_numbers = {p.number for p in load_plants() if not p.special}
    for p in (*raw.initial_plant_market, *raw.removed_plants, *raw.deck.top, *raw.deck.seeded):
        _require(p in plant_numbers, fname, f"unknown plant {p}")
    _require(
        len(raw.initial_plant_market) == raw.plant_market.actual + raw.plant_market.future,
        fname,
        "initial plant market size must equal actual + future (T-3)",
    )
    start_cities = tuple(city_index[s] for s in raw.start_cities)

    return MapData(
        name=raw.name,
        title=raw.title,
        cities=tuple(cities),
        connections=tuple(conns),
        regions=tuple(regions),
        city_index=city_index,
        region_index=region_index,
        adjacency=tuple(tuple(sorted(a)) for a in adj),
        city_region=tuple(c.region for c in cities),
        start_cities=start_cities,
        start_mask=mask_of(start_cities),
        max_networks=raw.max_networks,
        plant_market=raw.plant_market,
        initial_plant_market=raw.initial_plant_market,
        removed_plants=raw.removed_plants,
        deck=raw.deck,
        initial_resource_market=initial,
        resupply=(rs.coal, rs.oil, rs.garbage, rs.uranium),
        pass_removal=raw.pass_removal,
        outdated_removal=raw.outdated_removal,
        no_sale_removal=raw.no_sale_removal,
        space_variant=space_variant,
    )
