"""The expansion's decisions in a menu's words: what each answer chooses, what it costs
and what it gives (the dike's dam, the Design Bureau's tile, the Research Centre's half
sector, the architect's turn, the tiles, payments and contracts of the external works
and the private buildings).  The notation always comes first, as typed.

Only words: the numbers are read from the state and the expansion's data, never
worked out again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turbine.plugins.barrage.decisions import reward_text
from turbine.plugins.barrage.state import WHEEL_SECTORS

from .render import machinery
from .store import building

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import Player, State


def units(excavators: int, mixers: int) -> str:
    """``2 excavators + 1 mixer`` (``no machinery``)."""
    counts = ((excavators, "excavator"), (mixers, "mixer"))
    parts = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in counts if n]
    return " + ".join(parts) or "no machinery"


def sector(player: Player, i: int) -> str:
    """A wheel sector by when it comes back: ``back in 3 turns`` (B-8.4)."""
    step = (i - player.wheel_open) % WHEEL_SECTORS
    return "the open sector" if step == 0 else f"back in {step} turn{'s' if step != 1 else ''}"


def dam_words(game: BarrageGame, state: State, seat: int, dam: int) -> str:
    """PB-01, L-11.3: ``neutral dam in Z-6: water 1 → 2 of 2``."""
    owner = state.dam_owner[dam]
    whose = "your dam" if owner == seat else "neutral dam"  # PB-01: own or neutral only (L-8.1)
    held = state.dam_water[dam]
    cap = game.capacities(state)[dam]
    return f"{whose} in Z-{game.board.dams[dam].zone}: water {held} → {held + 1} of {cap}"


def sector_words(game: BarrageGame, state: State, seat: int, i: int) -> str:
    """PB-02 (L-8.2): ``tile AT-I-E back to your supply, its 2 excavators stay (back in 3 turns)``."""
    player = state.players[seat]
    stay = units(player.wheel_exc[i], player.wheel_mix[i])
    kept = f"its {stay} stay" if player.wheel_exc[i] or player.wheel_mix[i] else "no machinery there"
    return f"tile {player.wheel_tile[i]} back to your supply, {kept} ({sector(player, i)})"


def half_words(game: BarrageGame, state: State, seat: int, arg: str) -> str:
    """PB-03 (L-8.3): ``of 3 excavators + 2 mixers (back in 2 turns): 1 excavator + 0 mixers back``."""
    player = state.players[seat]
    i, e = (int(x) for x in arg.split(":"))
    held_e, held_m = player.wheel_exc[i], player.wheel_mix[i]
    k = (held_e + held_m) // 2
    back = f"{e} excavator{'s' if e != 1 else ''} + {k - e} mixer{'s' if k - e != 1 else ''} back now"
    return f"of {units(held_e, held_m)} ({sector(player, i)}): {back}"


def contract_words(game: BarrageGame, contract: str) -> str:
    c = game.contracts[contract]
    return f"needs {c.requirement} energy: {reward_text(c.reward)}"


def tile_words(game: BarrageGame, tile: str) -> str:
    """A technology tile's effect in short (its first clause)."""
    text = game.tiles[tile].text if tile in game.tiles else ""
    return text.split(";")[0].split(" (")[0].rstrip(".") or tile


def building_effect(pb: str) -> str:
    """A private building's action in short: ``Protective Dike: Take 1 water marker …``,
    ``Substation: move your energy marker 4 spaces`` (what it does: the credits its symbol
    costs, ``Pay 1 credit:``, are in the price the menu gives beside it)."""
    b = building(pb)
    text = b.effect_text.split(": ", 1)[-1] if b.action_cost else b.effect_text
    return f"{b.name}: {text.split(';')[0].split(' (')[0].rstrip('.')}"


def payment_words(state: State, seat: int, pay: Any, onto: str, extra: int = 0) -> str:
    """``wheel: 3 excavators + tile building; 3 credits; left 1e 2m 4c`` (L-6.2 steps 2–4,
    L-6.10): what goes onto the wheel (``onto`` the tile), the credits, the supply left."""
    moved = units(pay.excavators, pay.mixers) if pay.excavators or pay.mixers else ""
    wheel = " + ".join(p for p in (moved, f"tile {onto}" if onto else "") if p) or "nothing"
    credits = f"{pay.credits} credits" if pay.credits else "no credits"
    player = state.players[seat]
    left_credits = player.credits - pay.credits - extra
    left = f"{player.excavators - pay.excavators}e {player.mixers - pay.mixers}m {left_credits}c"
    return f"wheel: {wheel}; {credits}; left {left}"


__all__ = [
    "building_effect",
    "contract_words",
    "dam_words",
    "half_words",
    "machinery",
    "payment_words",
    "sector",
    "sector_words",
    "tile_words",
    "units",
]
