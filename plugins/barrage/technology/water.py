"""Advanced tiles that put water in front of dams from the general supply (B-12.2.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import TechTile

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class WaterToEmptyDams(TechTile):
    """AT-I-B: 1 water in front of each own dam holding none, the new one included."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        for d, owner in enumerate(state.dam_owner):
            if owner == seat and state.dam_water[d] == 0:
                game.place_water(state, d, 1)


class FillDam(TechTile):
    """AT-II-E: fill the dam just raised to its capacity (U-11; or +height, never past capacity)."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        room = game.dam_room(state, index)
        if game.options.fill_dam == "height":
            room = min(room, state.dam_height[index])
        if room:
            game.place_water(state, index, room)
