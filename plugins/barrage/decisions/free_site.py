"""Where to build a rewarded structure: no engineers, wheel or tile (B-13.7); the
red frame is paid, or not, by the game's options (U-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import msgspec
from turbine.core.errors import IllegalAction

from .. import construction
from ..actions import Site
from ..tables import STRUCTURES
from .base import Decision
from .build_words import piece_effect, site_text
from .site import site_problem

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class ChooseFreeSite(Decision, tag="free_site"):
    """``max_value``: the highest conduit value allowed; ``areas``: the areas allowed
    (indexes of :data:`~.tables.AREAS`; empty: any)."""

    structure: int
    max_value: int = 5
    areas: list[int] = msgspec.field(default_factory=list)

    prompt: ClassVar[str] = "where to build the rewarded structure"
    rule: ClassVar[str | None] = "B-13.7"
    declined: ClassVar[str] = "do not build the rewarded structure"
    answer_types: ClassVar[tuple[type, ...]] = (Site,)
    frame_rule: ClassVar[str] = "U-7"
    """The rule that has the red frame paid, cited when it cannot be."""

    def pays_red_frame(self, game: BarrageGame) -> bool:
        """Whether the rewarded piece pays a red frame's surcharge: as the game's option says
        (U-7).  An expansion whose reward pays it whatever the option says registers a
        subclass that answers ``True`` (Leeghwater's EW-R4 and EW-R5, L-5.12.4)."""
        return game.options.reward_red_frame

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        s = self.structure
        red_frame = self.pays_red_frame(game)
        budget = state.players[self.seat].credits if red_frame else 10**9
        out: list[Any] = []
        for i in construction.sites(game, state, self.seat, s, self.max_value, self.areas or None):
            if red_frame and construction.surcharge(game, s, i) > budget:
                continue
            out.append(Site(construction.site_id(game, s, i)))
        return out

    def apply(self, game: BarrageGame, state: State, action: Site) -> None:
        self.done(state)
        index = game.board.site_index[action.site][1]
        if not self.pays_red_frame(game):
            state.players[self.seat].credits += construction.surcharge(game, self.structure, index)
        construction.place(game, state, self.seat, self.structure, index)

    def show(self, game: BarrageGame, state: State, action: Site) -> str:
        """``at C5L  (value 3, Z-5 → Z-8; no machinery; +3 credits red frame)`` (B-13.7, U-7)."""
        s = self.structure
        i = game.board.site_index[action.site][1]
        parts = [site_text(game, state, self.seat, s, i), "no machinery"]
        surcharge = construction.surcharge(game, s, i)
        if surcharge and self.pays_red_frame(game):
            parts.append(f"+{surcharge} credits red frame")
        effect = piece_effect(game, state, self.seat, s)
        if effect:
            parts.append(effect)
        return f"{game.describe(action)}  ({'; '.join(parts)})"

    def refuse(self, game: BarrageGame, state: State, action: Site) -> IllegalAction:
        s = self.structure
        problem = site_problem(game, state, self.seat, s, action.site, self.max_value, self.areas or None)
        if problem is not None:
            return problem
        i = game.board.site_index[action.site][1]
        return IllegalAction(
            f"{action.site} is red-framed: a rewarded {STRUCTURES[s]} pays "
            f"{construction.surcharge(game, s, i)} credits, and you have {state.players[self.seat].credits}",
            self.frame_rule,
        )
