"""Advanced tiles that score VP at once (B-14.3.3: "this one included")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..sources import TILES
from ..tables import POWERHOUSE
from . import TechTile

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class VpPerRaisedDam(TechTile):
    """AT-III-E: 3 VP per own dam with at least 1 elevation."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        raised = sum(
            1 for o, h in zip(state.dam_owner, state.dam_height, strict=True) if o == seat and h >= 2
        )
        game.add_vp(state, seat, 3 * raised, TILES)


class VpPerPowerhouse(TechTile):
    """AT-III-P: 3 VP per powerhouse built."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        game.add_vp(state, seat, 3 * state.players[seat].built[POWERHOUSE], TILES)


class VpPerAdvancedTile(TechTile):
    """AT-III-W: 3 VP per advanced tile owned, in supply or on the wheel (B-8.4.4)."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        game.add_vp(state, seat, 3 * game.advanced_tiles_owned(state, seat), TILES)
