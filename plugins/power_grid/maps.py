"""Map algorithms: legal region sets and connection costs.

These run inside legal-move generation, so they work on integer city indices
and bitmasks (bit ``c`` = city ``c``) and cache everything that depends only on
the map and the regions in play.

Rules implemented here:

* **P-2.2 / T-2 / T-13** — the regions in play are a set of *adjacent* regions
  (connected under region adjacency) whose size depends on the player count.
* **P-6.5 / A.4** — a new city costs the cheapest sum of link costs along a
  path from *any* city where the player already has a house; on Japan that is
  any city of either network (P-12.6), so one multi-source search covers both.
* **P-6.12 / U-14 (a)** — only cities in the chosen regions exist for the
  players ("the other regions are unavailable"), so a path may not pass through
  a city outside them, even without building there.  This changes costs on
  Russia (e.g. with brown, pink and purple in play Naberezhnye Chelny–Nizhny
  Novgorod is 33, not 8 through green Kazan and Cheboksary).
* **P-6.6** — unprinted links cost 0; **P-6.7** — every link is paid again each
  time.

Determinism: no ``random`` module, no iteration over sets for ordering;
region sets are enumerated in lexicographic order of region index.
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Iterable

from turbine.core.rng import Rng
from turbine.plugins.power_grid.data_model import MapData

__all__ = [
    "INF",
    "all_pairs",
    "build_costs",
    "cities_in_regions",
    "connection_cost",
    "connection_costs",
    "dijkstra",
    "is_connected_region_set",
    "is_reachable",
    "legal_region_sets",
    "mask_of",
    "members",
    "random_region_set",
    "start_cities_in_play",
    "start_costs",
]

#: Distance of a city that cannot be reached inside the play area.
INF = 1 << 30


# --------------------------------------------------------------------------- bitmask helpers


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


def _as_mask(allowed: int | Iterable[int]) -> int:
    return allowed if isinstance(allowed, int) else mask_of(allowed)


# --------------------------------------------------------------------------- regions (P-2.2, T-2, T-13)


def is_connected_region_set(m: MapData, regions: Iterable[int]) -> bool:
    """True if ``regions`` is non-empty, has no repeats and is connected under region adjacency (P-2.2)."""
    rs = sorted(regions)
    if not rs or len(set(rs)) != len(rs) or rs[0] < 0 or rs[-1] >= len(m.regions):
        return False
    wanted = 0
    for r in rs:
        wanted |= 1 << r
    seen = 1 << rs[0]
    stack = [rs[0]]
    while stack:
        r = stack.pop()
        for nb in m.regions[r].neighbors:
            bit = 1 << nb
            if wanted & bit and not seen & bit:
                seen |= bit
                stack.append(nb)
    return seen == wanted


@functools.cache
def _legal_region_sets(map_name: str, k: int) -> tuple[tuple[int, ...], ...]:
    from turbine.plugins.power_grid.data_model import load_map

    m = load_map(map_name)
    return tuple(
        combo
        for combo in itertools.combinations(range(len(m.regions)), k)
        if is_connected_region_set(m, combo)
    )


def legal_region_sets(m: MapData, k: int) -> tuple[tuple[int, ...], ...]:
    """Every connected set of ``k`` regions, each as ascending region indices, in lexicographic order.

    ``k`` is the T-2 value for the player count (``tables.regions_in_play``).
    Empty if ``k`` exceeds the number of regions.  Cached per map.
    """
    if k <= 0:
        return ()
    return _legal_region_sets(m.name, k)


def random_region_set(m: MapData, k: int, rng: Rng) -> tuple[int, ...]:
    """Draw one legal set of ``k`` regions uniformly with the game's :class:`Rng` (one ``below`` call)."""
    sets = legal_region_sets(m, k)
    if not sets:
        raise ValueError(f"{m.name} has no connected set of {k} regions")
    return rng.choice(sets)


def cities_in_regions(m: MapData, regions: Iterable[int]) -> int:
    """Bitmask of the cities in play for the given regions (the ``allowed`` mask of the other functions)."""
    mask = 0
    for r in regions:
        mask |= m.regions[r].mask
    return mask


def start_cities_in_play(m: MapData, allowed: int | Iterable[int]) -> tuple[int, ...]:
    """Start cities (Japan, P-12.7) inside the play area, in map order; empty on Russia."""
    allowed_mask = _as_mask(allowed)
    return tuple(c for c in m.start_cities if allowed_mask >> c & 1)


# --------------------------------------------------------------------------- shortest paths (A.4)


def dijkstra(m: MapData, allowed: int | Iterable[int], sources: Iterable[int]) -> list[int]:
    """Multi-source Dijkstra restricted to ``allowed`` cities; returns the distance of every city.

    Cities outside ``allowed`` or unreachable get :data:`INF`; sources inside
    ``allowed`` get 0.  Sources outside the play area are ignored (they cannot
    exist in a legal game).  This is the reference implementation;
    :func:`connection_costs` gives the same numbers from a cached table.
    """
    allowed_mask = _as_mask(allowed)
    dist = [INF] * len(m.cities)
    heap: list[tuple[int, int]] = []
    for s in sources:
        if allowed_mask >> s & 1 and dist[s]:
            dist[s] = 0
            heap.append((0, s))
    heapq.heapify(heap)
    adjacency = m.adjacency
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adjacency[u]:
            nd = d + w
            if nd < dist[v] and allowed_mask >> v & 1:
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    return dist


@functools.lru_cache(maxsize=64)
def _all_pairs(map_name: str, allowed_mask: int) -> tuple[tuple[int, ...], ...]:
    from turbine.plugins.power_grid.data_model import load_map

    m = load_map(map_name)
    empty = (INF,) * len(m.cities)
    return tuple(
        tuple(dijkstra(m, allowed_mask, (c,))) if allowed_mask >> c & 1 else empty
        for c in range(len(m.cities))
    )


def all_pairs(m: MapData, allowed: int | Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """``table[a][b]`` = cheapest link cost from ``a`` to ``b`` inside the play area (INF if none).

    Computed once per (map, play area) and cached: the play area is fixed for a
    whole game, so every later query is a row lookup.
    """
    return _all_pairs(m.name, _as_mask(allowed))


def connection_costs(m: MapData, allowed: int | Iterable[int], owned: Iterable[int]) -> dict[int, int]:
    """Cheapest connection cost from the player's cities to every other reachable city in play.

    ``owned`` are all cities where the player has a house (both networks on
    Japan).  The result maps city index → link cost (without the space cost),
    omits owned cities and unreachable ones, and iterates in ascending city
    index.  With no owned city the result is empty: a first house (or a new
    Japanese network) pays no connection cost and is the caller's case.
    """
    table = all_pairs(m, _as_mask(allowed))
    sources = tuple(owned)
    if not sources:
        return {}
    owned_mask = mask_of(sources)
    best = table[sources[0]] if len(sources) == 1 else tuple(map(min, *(table[c] for c in sources)))
    return {c: d for c, d in enumerate(best) if d < INF and not owned_mask >> c & 1}


def connection_cost(
    m: MapData, allowed: int | Iterable[int], owned: Iterable[int], target: int
) -> int | None:
    """Cheapest connection cost from any owned city to ``target`` (0 if owned), or None if unreachable."""
    table = all_pairs(m, _as_mask(allowed))
    best = INF
    for c in owned:
        d = table[c][target]
        if d < best:
            best = d
    return None if best >= INF else best


def is_reachable(m: MapData, allowed: int | Iterable[int]) -> bool:
    """True if every city of the play area can reach every other inside it."""
    allowed_mask = _as_mask(allowed)
    if not allowed_mask:
        return True
    first = (allowed_mask & -allowed_mask).bit_length() - 1
    return all(d < INF for c, d in enumerate(dijkstra(m, allowed_mask, (first,))) if allowed_mask >> c & 1)


# --------------------------------------------------------------------------- build prices (P-6.3–P-6.5, A.4)


def _space_cost(m: MapData, city: int, occupied: int, step: int) -> int | None:
    spaces = m.cities[city].spaces
    if occupied >= len(spaces):
        return None
    space = spaces[occupied]
    return space.cost if space.step <= step else None


def build_costs(
    m: MapData,
    allowed: int | Iterable[int],
    owned: Iterable[int],
    occupied: list[int] | tuple[int, ...],
    step: int,
) -> dict[int, int]:
    """Total price (links + space) of every city the player can add to his network(s) now (A.4).

    ``occupied[c]`` is the number of houses (any player) in city ``c``; the
    player takes the cheapest free space open in ``step`` (P-6.3, T-9), which in
    every city of both maps is ``spaces[occupied[c]]`` (see
    ``tables.next_space``).  Cities he owns, full cities and cities outside the
    play area are left out.  With no owned city the result is empty: starting a
    network is priced by :func:`start_costs`.
    """
    out = {}
    for c, link in connection_costs(m, allowed, owned).items():
        space = _space_cost(m, c, occupied[c], step)
        if space is not None:
            out[c] = link + space
    return out


def start_costs(
    m: MapData,
    allowed: int | Iterable[int],
    owned: Iterable[int],
    occupied: list[int] | tuple[int, ...],
    step: int,
) -> dict[int, int]:
    """Space price of every city where a *new network* may begin, with no link cost (P-6.4, P-12.7).

    Russia: any city in play (only meaningful for a player without cities,
    P-11.8).  Japan: only the start cities in play (U-9 (a): every network,
    first or second).  Whether the player may start another network at all
    (networks started < ``m.max_networks``, U-10 round-1 limits) is the rules
    engine's decision; this only prices the candidates.
    """
    allowed_mask = _as_mask(allowed)
    owned_mask = mask_of(owned)
    candidates = m.start_cities if m.start_cities else range(len(m.cities))
    out = {}
    for c in sorted(candidates):
        if allowed_mask >> c & 1 and not owned_mask >> c & 1:
            space = _space_cost(m, c, occupied[c], step)
            if space is not None:
                out[c] = space
    return out
