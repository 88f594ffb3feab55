"""Which structure to build: the first step of a construction (B-8.2 step 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction
from turbine.core.layout import indefinite

from .. import construction
from ..actions import Structure
from ..tables import BASE, CONDUIT, ELEVATION, PIECES, STRUCTURES
from .base import Decision
from .build_words import structure_text
from .site import ChooseSite
from .words import supply

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class ChooseStructure(Decision, tag="structure"):
    """``free``: an engineer-free construction (AT-I-P, AT-III-B, B-14.4)."""

    free: bool = False

    prompt: ClassVar[str] = "which structure to build"
    rule: ClassVar[str | None] = "B-8.2"
    answer_types: ClassVar[tuple[type, ...]] = (Structure,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        credits = state.players[self.seat].credits
        structures = construction.buildable_structures(game, state, self.seat, credits, self.free)
        return [game.structure_actions[s] for s in structures]

    def apply(self, game: BarrageGame, state: State, action: Structure) -> None:
        self.done(state)
        state.flow.pending.append(
            ChooseSite(seat=self.seat, structure=STRUCTURES.index(action.kind), free=self.free)
        )

    def show(self, game: BarrageGame, state: State, action: Structure) -> str:
        """``build base  (4 sites, from 3 excavators (+3 credits on a red frame); reveals …)``."""
        s = STRUCTURES.index(action.kind)
        return f"{game.describe(action)}  ({structure_text(game, state, self.seat, s, self.free)})"

    def refuse(self, game: BarrageGame, state: State, action: Structure) -> IllegalAction:
        seat, name = self.seat, action.kind
        if name not in STRUCTURES:
            return IllegalAction(
                f"'{name}' is not a structure: build base, elevation, conduit or powerhouse", "B-8.2"
            )
        s = STRUCTURES.index(name)
        if not construction.cost_variants(game, state, seat, self.free)[s]:
            return no_tile(game, state, seat, s, self.free)
        player = state.players[seat]
        if player.built[s] >= PIECES[s]:
            return IllegalAction(f"all your {PIECES[s]} {name} pieces are built", "B-9.2.5")
        if not construction.sites(game, state, seat, s):
            if s == BASE:
                return IllegalAction(
                    "every free base space is in a basin where you already have a dam", "B-9.2.1"
                )
            if s == ELEVATION:
                return IllegalAction("you have no dam below height 3 to raise", "B-9.2.2")
            if s == CONDUIT:
                return IllegalAction("every conduit space is built", "B-9.2.3")
            return IllegalAction(
                "every free powerhouse space is in a basin where you already have a powerhouse", "B-9.2.4"
            )
        return IllegalAction(
            f"you cannot pay for {indefinite(name)} on any legal space ({supply(state, seat)})", "B-8.2"
        )


def no_tile(game: BarrageGame, state: State, seat: int, structure: int | None, free: bool) -> IllegalAction:
    """Why no tile permits the structure (or any construction, ``structure`` ``None``)."""
    player = state.players[seat]
    what = "a construction" if structure is None else f"a {STRUCTURES[structure]}"
    if free:
        return IllegalAction(
            f"no engineer-free tile (AT-I-P, AT-III-B) in your supply permits {what}", "B-14.4.1"
        )
    tiles = ", ".join(sorted(set(player.tiles))) or "none"
    wheel = [t for t in player.wheel_tile if t]
    note = " (tiles on the wheel come back as it turns)" if wheel else ""
    return IllegalAction(
        f"no technology tile in your supply permits {what} (supply: {tiles}){note}", "B-8.6.2"
    )
