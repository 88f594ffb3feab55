"""Which technology tile to place on the wheel for a construction (B-8.2 step 3,
B-8.6; Anton Krylov's copy of a wheel tile, B-16.6; engineer-free tiles, B-14.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from turbine.core.errors import IllegalAction

from .. import construction
from ..actions import Tile
from ..tables import STRUCTURES
from .base import Decision
from .build_words import tile_text
from .pay import ChoosePayment
from .words import needs_text, supply

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class ChooseTile(Decision, tag="tile"):
    """``structure`` to build at map space ``site`` (an index into its kind's list)."""

    structure: int
    site: int
    free: bool = False

    prompt: ClassVar[str] = "which technology tile"
    rule: ClassVar[str | None] = "B-8.2"
    answer_types: ClassVar[tuple[type, ...]] = (Tile,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        seat, s = self.seat, self.structure
        player = state.players[seat]
        if not self.free and construction.basic_only(game, state, seat):
            return [Tile(t) for t in construction.tiles_for(player, s)]
        return [
            Tile(t)
            for t in construction.tile_choices(game, state, seat, s, self.free)
            if construction.affordable_with(game, state, seat, s, self.site, player.credits, t)
        ]

    def apply(self, game: BarrageGame, state: State, action: Tile) -> None:
        self.done(state)
        state.flow.pending.append(
            ChoosePayment(
                seat=self.seat, structure=self.structure, site=self.site, tile=action.tile, free=self.free
            )
        )

    def show(self, game: BarrageGame, state: State, action: Tile) -> str:
        """``tile AT-I-W  (4 excavators, no red frame: No 3-credit surcharge …)``: the cost
        at the chosen space with this tile (B-14.3.1) and what the tile does."""
        needs, extra, _ = construction.cost_with(
            game, state, self.seat, self.structure, self.site, action.tile
        )
        red = f" + {extra} credits (red frame)" if extra else ""
        return f"{game.describe(action)}  ({needs_text(needs)}{red}: {tile_text(game, action.tile)})"

    def refuse(self, game: BarrageGame, state: State, action: Tile) -> IllegalAction:
        seat, s, choice = self.seat, self.structure, action.tile
        player = state.players[seat]
        name = STRUCTURES[s]
        prefix, _, tile_id = choice.rpartition("=")
        if tile_id not in game.tiles or prefix not in ("", "anton", "copy"):
            return IllegalAction(f"there is no technology tile '{choice}'", "B-8.6")
        tile = game.tiles[tile_id]
        if prefix:
            problem = game.officer(state, seat).refuse_wheel_copy(game, state, seat, prefix, tile_id)
            if problem is not None:
                return problem
        elif tile_id not in player.tiles:
            if tile_id in player.wheel_tile:
                return IllegalAction(
                    f"{tile_id} is on your wheel; it comes back when its sector is open again", "B-8.4.1"
                )
            if tile.advanced:
                return IllegalAction(
                    f"you do not have {tile_id}: advanced tiles come from the Patent Office", "B-8.6.2"
                )
            return IllegalAction(f"you do not have the {tile_id} tile", "B-8.6.2")
        if s not in tile.builds:
            allowed = " / ".join(STRUCTURES[x] for x in tile.builds) or "nothing by itself"
            rule = "B-14.2.1" if tile.advanced else "B-8.6.2"
            return IllegalAction(f"{tile_id} permits {allowed}, not a {name}", rule)
        if self.free and not tile.engineer_free:
            return IllegalAction(
                f"an engineer-free construction needs AT-I-P or AT-III-B, not {tile_id}", "B-14.4.1"
            )
        site_id = construction.site_id(game, s, self.site)
        needs, extra, _ = construction.cost_with(game, state, seat, s, self.site, choice)
        red = f" + {extra} credits for the red frame" if extra else ""
        return IllegalAction(
            f"with {choice} a {name} at {site_id} costs {needs_text(needs)}{red}; {supply(state, seat)}",
            "B-8.2",
        )
