"""Map algorithms: legal region sets and connection costs.

These run inside legal-move generation, so they work on integer city indices
and bitmasks (bit ``c`` = city ``c``, see :func:`.data_model.mask_of`) and
cache everything that depends only on the map and the regions in play.  The
rules call them; the map tests check them.

Rules implemented here:

* **P-2.2 / T-2 / T-13** — the regions in play are a set of *adjacent* regions
  (connected under region adjacency) whose size depends on the player count.
* **P-6.5 / A.4** — a new city costs the cheapest sum of link costs along a
  path from *any* city where the player already has a house; on Japan that is
  any city of either network (P-12.6): one all-pairs table per play area
  (:func:`all_pairs`), then the row-minimum over his cities (:class:`Nearest`).
* **P-6.12 / U-14 (a)** — only cities in the chosen regions exist for the
  players ("the other regions are unavailable"), so a path may not pass through
  a city outside them, even without building there.  This changes costs on
  Russia (e.g. with brown, pink and purple in play Naberezhnye Chelny–Nizhny
  Novgorod is 33, not 8 through green Kazan and Cheboksary).
* **P-6.6** — unprinted links cost 0; **P-6.7** — every link is paid again each
  time.

The price of a space (T-9) is :func:`.tables.space_costs`; the rules add the
two and apply the options (U-8 … U-13) in ``PowerGridRules._build_options``.

Determinism: no ``random`` module, no iteration over sets for ordering;
region sets are enumerated in lexicographic order of region index.
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Iterable, Sequence

from turbine.core.rng import Rng
from turbine.plugins.power_grid.data_model import MapData, load_map, members

__all__ = [
    "INF",
    "Nearest",
    "all_pairs",
    "cities_in_regions",
    "dijkstra",
    "is_connected_region_set",
    "legal_region_sets",
    "random_region_set",
    "start_cities_in_play",
]

#: Distance of a city that cannot be reached inside the play area.
INF = 1 << 30


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


def start_cities_in_play(m: MapData, allowed: int) -> tuple[int, ...]:
    """Start cities (Japan, P-12.7) inside the play area, ascending; empty on Russia."""
    return tuple(members(m.start_mask & allowed))


# --------------------------------------------------------------------------- shortest paths (A.4)


def dijkstra(m: MapData, allowed: int, sources: Iterable[int]) -> list[int]:
    """Multi-source Dijkstra restricted to the ``allowed`` cities; returns the distance of every city.

    Cities outside ``allowed`` or unreachable get :data:`INF`; sources inside
    ``allowed`` get 0.  Sources outside the play area are ignored (they cannot
    exist in a legal game).  :func:`all_pairs` runs it once per city.
    """
    dist = [INF] * len(m.cities)
    heap: list[tuple[int, int]] = []
    for s in sources:
        if allowed >> s & 1 and dist[s]:
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
            if nd < dist[v] and allowed >> v & 1:
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    return dist


@functools.lru_cache(maxsize=64)
def _all_pairs(map_name: str, allowed: int) -> tuple[tuple[int, ...], ...]:
    m = load_map(map_name)
    empty = (INF,) * len(m.cities)
    return tuple(
        tuple(dijkstra(m, allowed, (c,))) if allowed >> c & 1 else empty for c in range(len(m.cities))
    )


def all_pairs(m: MapData, allowed: int) -> tuple[tuple[int, ...], ...]:
    """``table[a][b]`` = cheapest link cost from ``a`` to ``b`` inside the play area (INF if none).

    Computed once per (map, play area) and cached: the play area is fixed for a
    whole game, so every later query is a row lookup.  Links do not depend on
    the space readings, so the table is keyed by the map's name alone.
    """
    return _all_pairs(m.name, allowed)


class Nearest:
    """Cheapest link cost from any of the owned cities to every city (A.4, P-6.5, P-12.6),
    for one play area, remembered per set of owned cities.

    ``table`` is :func:`all_pairs` of the play area; the answer is the row-minimum
    over the owned cities: owned cities are at 0 and cities that cannot be reached
    at :data:`INF`, and ``None`` when nothing is owned (a first house, or a new
    Japanese network, pays no link: P-6.4).

    A building turn asks for the same player's links again after every house, and
    so does each later round until he builds again: the answer for his cities in
    the order he built them is kept (up to :attr:`LIMIT` sets, then forgotten all
    at once), and a set one city longer than a known one costs one row's minimum.
    """

    LIMIT = 20_000

    def __init__(self, table: tuple[tuple[int, ...], ...]) -> None:
        self.table = table
        self.known: dict[tuple[int, ...], tuple[int, ...]] = {}

    def __call__(self, owned: Sequence[int]) -> Sequence[int] | None:
        if len(owned) < 2:
            return self.table[owned[0]] if owned else None
        key = tuple(owned)
        dist = self.known.get(key)
        if dist is None:
            table = self.table
            shorter = table[key[0]] if len(key) == 2 else self.known.get(key[:-1])
            if shorter is not None:
                dist = tuple(map(min, shorter, table[key[-1]]))
            else:
                dist = tuple(map(min, *[table[c] for c in key]))
            if len(self.known) >= self.LIMIT:
                self.known.clear()
            self.known[key] = dist
        return dist
