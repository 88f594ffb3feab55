"""Advanced tiles that give resources or rotations after the build (B-8.2 step 6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tables import ELEVATION
from . import TechTile

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class RotatePerElevation(TechTile):
    """AT-I-E: rotate 1 sector per elevation built, this one included (B-22.37)."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        game.rotate_wheel(state, seat, state.players[seat].built[ELEVATION], turned=True)


class CreditsTwiceConduit(TechTile):
    """AT-I-C: credits = 2 × the production value of the conduit just built."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        state.players[seat].credits += 2 * game.board.conduit_value[index]
