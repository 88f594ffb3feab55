"""How to split machinery between excavators and mixers (B-10.7; rewards B-13.9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction

from ..actions import Machinery
from .base import Decision

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class SplitMachinery(Decision, tag="machinery"):
    """Take ``units`` machinery, each an excavator or a mixer."""

    units: int

    prompt: ClassVar[str] = "which machinery to take"
    rule: ClassVar[str | None] = "B-10.7"
    answer_types: ClassVar[tuple[type, ...]] = (Machinery,)

    def question(self, game: BarrageGame, state: State) -> str:
        """In the income phase, that the machinery is an income (B-6.1): asked at a round's
        start, the question did not say where the units came from."""
        return f"{self.prompt} from the income" if game.phase_name(state) == "income" else self.prompt

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return [Machinery(e, self.units - e) for e in range(self.units, -1, -1)]

    def apply(self, game: BarrageGame, state: State, action: Machinery) -> None:
        self.done(state)
        player = state.players[self.seat]
        player.excavators += action.excavators
        player.mixers += action.mixers

    def show(self, game: BarrageGame, state: State, action: Machinery) -> str:
        """``machinery 1e 1m  (then 3 excavators, 2 mixers)``: the supply after taking it."""
        player = state.players[self.seat]
        e, m = player.excavators + action.excavators, player.mixers + action.mixers
        then = f"{e} excavator{'s' if e != 1 else ''}, {m} mixer{'s' if m != 1 else ''}"
        return f"{game.describe(action)}  (then {then})"

    def refuse(self, game: BarrageGame, state: State, action: Machinery) -> IllegalAction:
        n = self.units
        return IllegalAction(
            f"split exactly {n} machinery between excavators and mixers "
            f"(machinery {n}e 0m … machinery 0e {n}m)",
            self.rule,
        )
