"""Which headstream gets a water marker (B-10.4; rewards B-13.9): it flows at once
(``flows``) or waits for the water phase; U-8's option lets a player stop early."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction

from .. import water
from ..actions import Headstream
from .base import Decision
from .words import who

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class PlaceWater(Decision, tag="water"):
    """Place ``markers`` water markers one at a time.  ``flows``: each flows at once
    (the "water now" space and rewards); ``may_stop``: after the first marker the
    rest may be skipped (the game's ``optional_parts`` option)."""

    markers: int
    flows: bool = False
    may_stop: bool = False

    prompt: ClassVar[str] = "which headstream gets water"
    rule: ClassVar[str | None] = "B-10.4"
    answer_types: ClassVar[tuple[type, ...]] = (Headstream,)

    def show_skip(self, game: BarrageGame, state: State) -> str:
        """``skip  (the 2 markers left are not placed)``: declining ends the placing."""
        if self.markers == 1:
            return "skip  (the marker left is not placed)"
        return f"skip  (the {self.markers} markers left are not placed)"

    def question(self, game: BarrageGame, state: State) -> str:
        """Which marker of how many is being placed: two markers asked alike read as one
        question asked twice."""
        return self.prompt if self.markers == 1 else f"{self.prompt} ({self.markers} markers to place)"

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        return list(game.headstream_actions)

    def apply(self, game: BarrageGame, state: State, action: Headstream) -> None:
        h = game.headstream_index[action.headstream]
        if self.flows:
            game.flow_water(state, [water.Source("headstream", h, 1)])
        else:
            state.headstream_water[h] += 1
        self.markers -= 1
        if self.may_stop:
            self.optional = True
        if self.markers == 0:
            self.done(state)

    def show(self, game: BarrageGame, state: State, action: Headstream) -> str:
        """``headstream A  (flows now: stops at B1U, USA)`` or ``(waits for phase 3: 2 there)``:
        where the marker would stop, by the water algorithm itself (B-12)."""
        h = game.headstream_index[action.headstream]
        b = game.water_board
        basin = b.basins[b.headstream_basin[h]].id
        if not self.flows:
            waiting = state.headstream_water[h] + 1
            return f"{game.describe(action)}  (to {basin}, waits for phase 3: {waiting} there then)"
        held = water.WaterState(list(state.dam_water), list(state.headstream_water))
        _, result = water.move_water(b, held, game.capacities(state), [water.Source("headstream", h, 1)])
        stop = result.stops[0]
        if stop == water.SEA:
            return f"{game.describe(action)}  (to {basin}, flows now: no dam holds it, out to the sea)"
        owner = state.dam_owner[stop]
        whose = "neutral" if owner == water.NEUTRAL else who(game, state, owner)
        return f"{game.describe(action)}  (to {basin}, flows now: stops at {b.dams[stop].id}, {whose})"

    def refuse(self, game: BarrageGame, state: State, action: Headstream) -> IllegalAction:
        heads = ", ".join(game.board.headstreams)
        return IllegalAction(
            f"there is no headstream '{action.headstream}' (headstreams: {heads})", self.rule
        )
