"""What the expansion adds to a game's components (HP-1, HP-2, HP-18): the
configuration check (L-1), its companies, officers and technology tiles, the bonus
tiles (L-10) and the advanced tiles in the patent stacks (L-3.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.plugins.barrage.technology import TechTile

from .netherlands import Netherlands
from .officers import NewOfficer
from .store import IMPLEMENTED_OFFICERS, data

if TYPE_CHECKING:
    from turbine.core import Rng
    from turbine.plugins.barrage.hookspecs import Ability, GameConfig, Pools


def validate(config: GameConfig) -> list[str]:
    """L-1: full game only, 2–4 players (U-1: no solo)."""
    c = data().constants
    problems = []
    if config.mode != "full":
        problems.append("the Leeghwater Project needs Barrage's full game (mode=full)")
    if not c.players_min <= config.players <= c.players_max:
        problems.append(f"the Leeghwater Project is for {c.players_min}–{c.players_max} players")
    return problems


class BuildingTile(TechTile):
    """A tile that builds a private building (L-6.9): never a map structure, so ``builds`` is empty."""

    def __init__(self, tile_id: str, level: int, text: str) -> None:
        self.id, self.level, self.text = tile_id, level, text
        self.advanced = level > 0  # L-9.5: AT-B1…AT-B3 count as advanced tiles


def abilities() -> list[Ability]:
    tech = data().technology
    tiles: list[BuildingTile] = [BuildingTile(t.id, 0, "building") for t in tech.basic]
    tiles += [BuildingTile(t.id, t.level, t.text) for t in tech.advanced]
    tiles += [BuildingTile(t.id, 0, t.text) for t in tech.special]  # Leslie's tile: builds nothing
    officers = [NewOfficer(data().officers.by_id(o)) for o in IMPLEMENTED_OFFICERS]
    return [Netherlands(), *officers, *tiles]


def bonus_tile_rows() -> list[tuple[str, int, str, bool]]:
    """L-10: BT-N1 and BT-N2 join the bonus tiles (5 of the 8 are drawn, L-3.5)."""
    return [(t.id, t.vp_each, t.counts, t.intro) for t in data().bonus_tiles]


def component_pools(pools: Pools, rng: Rng) -> None:
    """L-3.6: AT-B1…AT-B3 into stacks I–III, then one random tile out of each stack."""
    if "advanced" not in pools:
        return
    stacks = [list(s) for s in pools["advanced"]]
    for t in data().technology.advanced:
        stacks[t.level - 1].append(t.id)
    removed = data().constants.advanced_removed_per_stack
    for stack in stacks:
        stack.sort()
        for _ in range(removed):
            stack.pop(rng.below(len(stack)))
    pools["advanced"] = stacks
