"""What a construction's choices cost and give, in the words of a menu (B-8.2, B-9.1,
B-6.2): the structure with its cheapest site and the income its piece reveals, a site
with what stands there, a tile with its effect, a payment with what goes on the wheel.

Only words: every number comes from :mod:`..construction` and the decisions' own
answers, so a menu can never promise what the rules would not allow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import construction
from ..companies import ABILITY_POWERHOUSES
from ..production import powerhouse_bonus
from ..tables import CONDUIT, ELEVATION, POWERHOUSE
from .words import needs_text, reward_text

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


def piece_effect(game: BarrageGame, state: State, seat: int, structure: int) -> str:
    """What the next piece of ``structure`` taken from the company board reveals (B-6.2.1,
    B-6.2.3): an income, a production bonus, the company ability; ``""`` when nothing."""
    built = state.players[seat].built[structure] + 1
    if structure != POWERHOUSE:
        for at, parts in game.income_of(state, seat)[structure]:
            if at == built:
                return f"reveals income {reward_text(parts)}"
        return ""
    out = []
    bonus = powerhouse_bonus(game, built)
    if bonus > powerhouse_bonus(game, built - 1):
        out.append(f"production bonus +{bonus}")
    if built == ABILITY_POWERHOUSES:  # B-15: the 3rd powerhouse
        out.append(f"unlocks the {game.company(state, seat).name} ability")
    return ", ".join(out)


def structure_text(game: BarrageGame, state: State, seat: int, structure: int, free: bool) -> str:
    """``4 sites, from 3 excavators (+3 credits on a red frame); reveals income 3 credits``."""
    sites = construction.buildable(game, state, seat, structure, state.players[seat].credits, free)
    costs = {construction.requirements(game, state, seat, structure, i) for i in sites}
    cheapest = min(costs, key=lambda needs: (min(e + m for e, m in needs), needs), default=())
    cost = needs_text(cheapest) if len(costs) == 1 else f"from {needs_text(cheapest)}"
    red = max((construction.surcharge(game, structure, i) for i in sites), default=0)
    out = f"{len(sites)} site{'s' if len(sites) != 1 else ''}, {cost}"
    if red:
        out += f" (+{red} credits on a red frame)"
    effect = piece_effect(game, state, seat, structure)
    return f"{out}; {effect}" if effect else out


def site_text(game: BarrageGame, state: State, seat: int, structure: int, index: int) -> str:
    """What the space is: a conduit's value and course, the basin of a base or a
    powerhouse, the height an elevation raises a dam to."""
    b = game.board
    if structure == CONDUIT:
        c = b.conduits[index]
        return f"value {c.value}, Z-{c.zone} → Z-{c.to_zone}"
    if structure == POWERHOUSE:
        return f"Z-{b.powerhouses[index].zone}"
    if structure == ELEVATION:
        height = state.dam_height[index]
        return f"Z-{b.dams[index].zone}, height {height} → {height + 1}"
    return f"Z-{b.dams[index].zone}"


def tile_text(game: BarrageGame, choice: str) -> str:
    """A tile choice's effect in short: ``basic`` for a plain tile, else its text up to
    the first stop (Anton's copy: the copied tile's)."""
    tile_id = choice.rpartition("=")[2]
    text = game.tiles[tile_id].text if tile_id in game.tiles else ""
    if not text or text.startswith("builds "):
        copy = "Anton's copy of " if choice.startswith(("anton=", "copy=")) else ""
        return f"{copy}basic tile" if not copy else f"{copy}{tile_id}"
    short = text.split(";")[0].split(" (")[0].rstrip(".")
    return f"Anton's copy: {short}" if choice.startswith(("anton=", "copy=")) else short
