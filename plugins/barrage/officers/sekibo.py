"""EO-MS Mahiri Sekibo (B-16.7): a personal action space that copies another officer.

The space (1 engineer; later uses in a round cost 3 credits, at most
``mahiri_uses`` per round, U-21) is offered by the rules for every officer with
``personal_space``; the copy is ``Player.copy``, and while it lasts the seat's
officer *is* the copied one (:meth:`BarrageRules.officer`).  Copying Anton
Krylov copies a wheel tile without placing a tile (B-16.7.5); copying Graziano
Del Monte lets height-3 dams catch a 4th marker that stays (B-16.7.6, U-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import Officer

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State

SPACE = "MAHIRI"
"""The notation of the personal space: ``place MAHIRI``."""
SECOND_USE_CREDITS = 3


class MahiriSekibo(Officer):
    id = "EO-MS"
    personal_space = True
    personal_space_id = SPACE
    personal_space_repeat_credits = SECOND_USE_CREDITS

    def setup(self, game: BarrageGame, state: State, seat: int) -> None:
        state.players[seat].credits = game.options.mahiri_credits  # U-9.4
