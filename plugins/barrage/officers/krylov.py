"""EO-AK Anton Krylov (B-16.6): a special tile that copies another tile on the wheel.

The tile itself (its permission and its copy of the other tile's effect) is
:mod:`..technology.anton`; the officer gives it at setup and lets the
construction pipeline offer its copies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import Officer

if TYPE_CHECKING:
    from ..rules import BarrageRules
    from ..state import State

ANTON_TILE = "anton"


class AntonKrylov(Officer):
    id = "EO-AK"
    copies_wheel_tiles = True

    def setup(self, game: BarrageRules, state: State, seat: int) -> None:
        state.players[seat].tiles.append(ANTON_TILE)  # B-16.6.1
