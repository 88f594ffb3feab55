"""The tile's effect after the income a piece uncovered (B-8.2 steps 5–6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Automatic

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class AfterBuild(Automatic, tag="after_build"):
    """B-8.2 step 6 once step 5 is done: the piece's tile effect and the expansions'
    ``barrage_after_build`` hooks, waiting under the choices of the income the piece
    uncovered (water placed, machinery split, a rewarded build), which come first."""

    structure: int
    index: int
    tile: str = ""

    def run(self, game: BarrageGame, state: State) -> None:
        game.after_build(state, self.seat, self.structure, self.index, self.tile)
