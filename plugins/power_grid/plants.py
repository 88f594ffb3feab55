"""Power plant cards and fuel storage: the plant table as numbers, and what a set
of plants can store (P-5.3) and burn (P-7.2).

Plants are identified by their ``sort_key`` (3 × value; 33⅓ = 100).  These are
plain functions of the holdings, used by the rules, the explanations of
refused moves and the board's text alike.
"""

from __future__ import annotations

import functools
import itertools

from .data_model import RESOURCES, Plant, load_plants, plants_by_key
from .state import Player

RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}

# fuel kinds (ints for the hot paths): a resource index for a single-fuel plant, else one of these
F_HYBRID, F_NONE, F_ANY = 4, 5, 6


def _fuel_code(p: Plant) -> int:
    """The hot-path code of what the plant burns, from ``Plant.accepts`` (P-5.3, P-10.6)."""
    accepts = p.accepts
    if len(accepts) == 1:
        return accepts[0]
    if not accepts:
        return F_NONE
    return F_HYBRID if p.is_hybrid else F_ANY


_PLANTS = plants_by_key()
FLOW_GENERATOR = next(p.sort_key for p in load_plants() if p.special)
FUEL = {k: _fuel_code(p) for k, p in _PLANTS.items()}
NEED = {k: p.needs for k, p in _PLANTS.items()}
STORAGE = {k: p.storage for k, p in _PLANTS.items()}
CITIES = {k: p.cities for k, p in _PLANTS.items()}
NUMBER = {k: p.number for k, p in _PLANTS.items()}
STANDARD = [p.sort_key for p in load_plants() if not p.special]


def key_of(number: int) -> int:
    """Sort key of the ordinary plant with printed number ``number`` (``Plant.sort_key``)."""
    return 3 * number


# --------------------------------------------------------------------------- storage (A.3)


def capacities(plants: list[int]) -> tuple[int, int, int, int, int, int]:
    """Storage of pure coal, oil, garbage, uranium plants, hybrids and 33⅓ (P-5.3)."""
    k = [0, 0, 0, 0, 0, 0, 0]
    for p in plants:
        k[FUEL[p]] += STORAGE[p]
    return k[0], k[1], k[2], k[3], k[4], k[6]


def stored_kinds(plant: int) -> tuple[int, ...]:
    """The resources (0 coal, 1 oil, 2 garbage, 3 uranium) plant ``plant`` may store (P-5.3)."""
    fuel = FUEL[plant]
    if fuel < 4:
        return (fuel,)
    return (0, 1) if fuel == F_HYBRID else (0, 1, 2, 3) if fuel == F_ANY else ()


def storable(res: list[int], caps: tuple[int, int, int, int, int, int]) -> bool:
    """A.3: the holdings fit on the plants."""
    kc, ko, kg, ku, kh, ka = caps
    ec = res[0] - kc
    eo = res[1] - ko
    eg = res[2] - kg
    eu = res[3] - ku
    ec = ec if ec > 0 else 0
    eo = eo if eo > 0 else 0
    eg = eg if eg > 0 else 0
    eu = eu if eu > 0 else 0
    return eg + eu <= ka and ec + eo + eg + eu <= kh + ka


def max_kept(res: list[int], caps: tuple[int, int, int, int, int, int]) -> int:
    """The largest number of the held tokens that fit on the plants."""
    kc, ko, kg, ku, kh, ka = caps
    kept = min(res[0], kc) + min(res[1], ko) + min(res[2], kg) + min(res[3], ku)
    co = max(0, res[0] - kc) + max(0, res[1] - ko)
    gu = max(0, res[2] - kg) + max(0, res[3] - ku)
    on_hybrid = min(co, kh)
    return kept + on_hybrid + min(ka, gu + co - on_hybrid)


Needs = tuple[tuple[int, int, int, int], int, int, int]
"""What :func:`fuel_needs` gives: dedicated needs per type, hybrid, 33⅓, cities."""


def fuel_needs(plants: tuple[int, ...] | list[int]) -> Needs:
    """Dedicated needs per type, hybrid need, 33⅓ need, cities of a set of plants.

    A function of the plants alone, asked for every set of a player's plants at
    every bureaucracy: remembered per set."""
    return _fuel_needs(tuple(plants))


@functools.lru_cache(maxsize=4096)
def _fuel_needs(plants: tuple[int, ...]) -> Needs:
    need = [0, 0, 0, 0]
    hybrid = anyn = cities = 0
    for p in plants:
        f = FUEL[p]
        cities += CITIES[p]
        if f < 4:
            need[f] += NEED[p]
        elif f == F_HYBRID:
            hybrid += NEED[p]
        elif f == F_ANY:
            anyn += NEED[p]
    return (need[0], need[1], need[2], need[3]), hybrid, anyn, cities


def runs_on(res: list[int], needs: Needs) -> bool:
    """A.5 step 2: holdings ``res`` cover ``needs`` (the dedicated tokens first, then
    coal or oil for the hybrids, then anything for the 33⅓)."""
    need, hybrid, anyn, _ = needs
    c = res[0] - need[0]
    o = res[1] - need[1]
    g = res[2] - need[2]
    u = res[3] - need[3]
    if c < 0 or o < 0 or g < 0 or u < 0 or c + o < hybrid:
        return False
    return c + o - hybrid + g + u >= anyn


def can_fuel(res: list[int], plants: tuple[int, ...] | list[int]) -> bool:
    """A.5 step 2: the set of plants can run together on the holdings."""
    return runs_on(res, fuel_needs(plants))


@functools.lru_cache(maxsize=1024)
def plant_sets(plants: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], Needs], ...]:
    """Every subset of ``plants`` (ascending tuples, the empty one first) with its
    :func:`fuel_needs`: what every bureaucracy asks of a player's plants."""
    return tuple(
        (s, fuel_needs(s)) for r in range(len(plants) + 1) for s in itertools.combinations(plants, r)
    )


def subsets(plants: list[int]) -> list[tuple[int, ...]]:
    """Every subset of ``plants`` (ascending tuples), the empty one first."""
    return [s for s, _ in plant_sets(tuple(plants))]


def max_powerable(player: Player) -> int:
    """A.5: the most cities the player can power now with his plants and tokens."""
    best = 0
    n = len(player.cities)
    for s in subsets(player.plants):
        if s and can_fuel(player.res, s):
            v = min(fuel_needs(s)[3], n)
            if v > best:
                best = v
    return best
