"""Rule-table lookups: income, player-count table, market sizes, resource prices, resupply, spaces.

All numbers come from the data files (``data/rules.json`` and the map files);
this module only indexes them, and it is the one place that does: the rules
(:mod:`.rules`) read every table through it, mostly once per game into the
flat lists their hot paths index (:func:`price_by_count`, :func:`space_costs`).
Arguments are validated, because a wrong index (6 players, Step 4, 21 cities)
is a rules-engine bug that must fail loudly, not silently read a neighbouring
cell.

**Resource market model (T-5, P-5.2, P-7.7, U-16 (a)).**  Tokens are bought
cheapest first and resupplied onto the most expensive non-full space, and both
starting markets (T-6) are filled from the expensive end.  Together these keep
every resource's market "filled from the top": all spaces above some price are
full, all below are empty.  The market of one resource is therefore fully
described by one integer, the number of tokens on it, and the price of the
k-th unit bought is a table lookup.  :func:`spaces_from_count` expands a count
back into per-space contents (for display and for checking T-6).
"""

from __future__ import annotations

import functools

from turbine.plugins.power_grid.data_model import (
    RESOURCES,
    MapData,
    PlayerCountRow,
    Space,
    load_rules,
)

__all__ = [
    "buy_cost",
    "city_capacity",
    "end_cities",
    "income",
    "initial_market_counts",
    "initial_reserve",
    "market_capacity",
    "market_prices",
    "market_size",
    "max_plants",
    "min_price",
    "next_space",
    "player_count_row",
    "players_per_city",
    "price_by_count",
    "regions_in_play",
    "removed_plants",
    "resupplied_count",
    "resupply",
    "resupply_amounts",
    "space_costs",
    "spaces_from_count",
    "starting_money",
    "step2_cities",
    "unit_price",
]


def _check_resource(resource: int) -> None:
    if not 0 <= resource < len(RESOURCES):
        raise ValueError(f"resource index must be 0..3 (coal, oil, garbage, uranium), not {resource}")


def _check_step(step: int) -> None:
    if step not in (1, 2, 3):
        raise ValueError(f"step must be 1, 2 or 3, not {step}")


# --------------------------------------------------------------------------- T-1 income


def income(cities_powered: int) -> int:
    """Elektro paid for powering ``cities_powered`` cities (T-1, P-7.5); 0 cities pays 10.

    The printed table stops at 20.  More is never paid: a player with 21 cities
    has already ended the game before Phase 5 (T-2), so asking is an error.
    """
    table = load_rules().income
    if not 0 <= cities_powered < len(table):
        raise ValueError(f"the payment table (T-1) covers 0..{len(table) - 1} cities, not {cities_powered}")
    return table[cities_powered]


# --------------------------------------------------------------------------- T-2 player-count table


def player_count_row(players: int) -> PlayerCountRow:
    """The T-2 column for 2..6 players."""
    if not 2 <= players <= 6:
        raise ValueError(f"Power Grid takes 2 to 6 players, not {players}")
    return load_rules().player_counts[players - 2]


def regions_in_play(players: int) -> int:
    """Number of adjacent regions played (T-2, P-2.2): 3, 3, 4, 5, 5."""
    return player_count_row(players).regions


def removed_plants(players: int) -> int:
    """Plant cards removed unseen from the deck at setup (T-2, P-2.11): 8, 8, 4, 0, 0."""
    return player_count_row(players).removed_plants


def max_plants(players: int) -> int:
    """Most plants a player may own (T-2, P-4.9): 4 with 2 players, else 3."""
    return player_count_row(players).max_plants


def step2_cities(players: int) -> int:
    """Connected cities that trigger Step 2 (T-2, P-8.1): 10, 7, 7, 7, 6."""
    return player_count_row(players).step2_cities


def end_cities(players: int) -> int:
    """Connected cities that end the game after Phase 4 (T-2, P-9.1): 21, 17, 17, 15, 14."""
    return player_count_row(players).end_cities


def starting_money() -> int:
    """Elektro each player starts with (P-2.3)."""
    return load_rules().starting_money


# --------------------------------------------------------------------------- T-3 plant market size


def market_size(m: MapData, step: int) -> tuple[int, int]:
    """``(actual, future)`` plant-market size for the map and Step (T-3, P-11.3, P-12.2).

    Steps 1–2: Russia (3, 3), Japan (4, 4).  Step 3: every plant is actual and
    there is no future market: Russia (4, 0), Japan (6, 0) (P-8.7).
    """
    _check_step(step)
    pm = m.plant_market
    if step == 3:
        return (pm.step3, 0)
    return (pm.actual, pm.future)


# --------------------------------------------------------------------------- T-4 resupply


def resupply(m: MapData, resource: int, players: int, step: int) -> int:
    """Tokens of ``resource`` moved from the reserve to the market in Phase 5 (T-4, P-7.6)."""
    _check_resource(resource)
    _check_step(step)
    player_count_row(players)
    return m.resupply[resource][players - 2][step - 1]


def resupply_amounts(m: MapData, players: int, step: int) -> tuple[int, int, int, int]:
    """The four T-4 amounts (coal, oil, garbage, uranium) for one player count and Step."""
    _check_step(step)
    player_count_row(players)
    r = m.resupply
    i, j = players - 2, step - 1
    return (r[0][i][j], r[1][i][j], r[2][i][j], r[3][i][j])


def resupplied_count(resource: int, in_market: int, amount: int, reserve: int) -> int:
    """Tokens on the market after resupplying ``amount`` (A.2, P-7.7–P-7.9).

    Only what the reserve holds is placed (P-7.8) and a full market takes no
    more (P-7.9); the tokens placed are ``result - in_market``.
    """
    return min(market_capacity(resource), in_market + min(amount, reserve))


# --------------------------------------------------------------------------- T-5 resource market


@functools.cache
def _slots(resource: int) -> tuple[int, ...]:
    """Price of every token position, cheapest first (coal: 1,1,1,2,2,2,...; uranium: 1..8,10,..16)."""
    _check_resource(resource)
    track = load_rules().resource_market[resource]
    return tuple(p for p in track.prices for _ in range(track.capacity))


@functools.cache
def _prefix(resource: int) -> tuple[int, ...]:
    out = [0]
    for p in _slots(resource):
        out.append(out[-1] + p)
    return tuple(out)


def market_capacity(resource: int) -> int:
    """Most tokens the market can hold: 24 for coal, oil and garbage, 12 for uranium (T-5, U-1 (a))."""
    return len(_slots(resource))


def market_prices(resource: int) -> tuple[int, ...]:
    """The price spaces of the resource track, ascending (T-5)."""
    _check_resource(resource)
    return load_rules().resource_market[resource].prices


@functools.cache
def price_by_count(resource: int) -> tuple[int, ...]:
    """``table[n]`` = price of the cheapest token when ``n`` lie on the market; ``table[0] = 0`` (P-5.2).

    The table the rules index on every purchase; :func:`unit_price` reads the same slots.
    """
    slots = _slots(resource)
    cap = len(slots)
    return (0, *(slots[cap - n] for n in range(1, cap + 1)))


def _check_count(resource: int, in_market: int) -> int:
    cap = market_capacity(resource)
    if not 0 <= in_market <= cap:
        raise ValueError(f"{RESOURCES[resource]} market holds 0..{cap} tokens, not {in_market}")
    return cap


def unit_price(resource: int, in_market: int, k: int = 1) -> int:
    """Price of the ``k``-th unit (1-based) bought now, when the market holds ``in_market`` tokens (P-5.2)."""
    cap = _check_count(resource, in_market)
    if not 1 <= k <= in_market:
        raise ValueError(f"cannot buy unit {k} of {in_market} {RESOURCES[resource]} on the market")
    return _slots(resource)[cap - in_market + k - 1]


def min_price(resource: int, in_market: int) -> int | None:
    """Cheapest price on offer, or None if the market has none of this resource (P-5.6)."""
    return unit_price(resource, in_market, 1) if in_market else None


def buy_cost(resource: int, in_market: int, n: int) -> int:
    """Total price of buying ``n`` tokens cheapest first from a market of ``in_market`` (P-5.2, U-16 (a))."""
    cap = _check_count(resource, in_market)
    if not 0 <= n <= in_market:
        raise ValueError(f"cannot buy {n} of {in_market} {RESOURCES[resource]} on the market")
    start = cap - in_market
    pre = _prefix(resource)
    return pre[start + n] - pre[start]


def spaces_from_count(resource: int, in_market: int) -> tuple[int, ...]:
    """Tokens per price space (aligned with :func:`market_prices`) for a market of ``in_market`` tokens."""
    cap = _check_count(resource, in_market)
    track = load_rules().resource_market[resource]
    out = [0] * len(track.prices)
    for pos in range(cap - in_market, cap):
        out[pos // track.capacity] += 1
    return tuple(out)


def initial_market_counts(m: MapData) -> tuple[int, int, int, int]:
    """Tokens of each resource on the market at setup (T-6): Russia 18/24/0/7, Japan 21/15/9/3.

    Raises if the map's T-6 layout is not filled from the expensive end, since
    the one-integer market model would then misprice it.
    """
    counts = []
    for r in range(len(RESOURCES)):
        row = m.initial_resource_market[r]
        n = sum(row)
        if spaces_from_count(r, n) != tuple(row):
            raise ValueError(f"{m.name}: initial {RESOURCES[r]} market is not filled from the top")
        counts.append(n)
    return (counts[0], counts[1], counts[2], counts[3])


def initial_reserve(m: MapData) -> tuple[int, int, int, int]:
    """Tokens of each resource left in the reserve at setup (P-1.3, P-2.6, T-12): the box minus the market."""
    tracks = load_rules().resource_market
    c = initial_market_counts(m)
    return (
        tracks[0].tokens - c[0],
        tracks[1].tokens - c[1],
        tracks[2].tokens - c[2],
        tracks[3].tokens - c[3],
    )


# --------------------------------------------------------------------------- T-9 city spaces


def players_per_city(step: int) -> int:
    """Houses a standard city accepts in the Step (P-6.2): 1, 2, 3."""
    _check_step(step)
    return sum(1 for s in load_rules().standard_spaces if s.step <= step)


def city_capacity(m: MapData, city: int, step: int) -> int:
    """Houses the city accepts in the Step, from its own spaces (T-9; Japan start and small cities differ)."""
    _check_step(step)
    return sum(1 for s in m.cities[city].spaces if s.step <= step)


def next_space(m: MapData, city: int, occupied: int, step: int) -> Space | None:
    """The space the next builder takes in ``city`` holding ``occupied`` houses, or None if none is open.

    A builder always takes the cheapest free space open in the Step (P-6.3).
    In every city of both maps the cheaper spaces are also the earlier ones, so
    the occupied spaces are always the first ``occupied`` of the cost-sorted
    list and the next one is ``spaces[occupied]`` if the Step allows it.
    """
    _check_step(step)
    spaces = m.cities[city].spaces
    if occupied >= len(spaces):
        return None
    space = spaces[occupied]
    return space if space.step <= step else None


def space_costs(m: MapData, step: int) -> tuple[tuple[int | None, ...], ...]:
    """``table[city][houses]``: cost of the space the next builder takes, None if none is open (T-9).

    :func:`next_space` for every city and occupancy (0 up to full), as the
    rules index it in legal-move generation.
    """
    out = []
    for c, city in enumerate(m.cities):
        row = []
        for k in range(len(city.spaces) + 1):
            space = next_space(m, c, k, step)
            row.append(None if space is None else space.cost)
        out.append(tuple(row))
    return tuple(out)
