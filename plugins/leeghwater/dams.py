"""Water placed on dams without flowing: PB-01's dike (L-8.1) and the Netherlands'
drop after a production (L-11.3), both answered by :class:`LwDam`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from turbine.plugins.barrage.actions import Site
from turbine.plugins.barrage.decisions import Decision

from .menu_words import dam_words
from .store import NED

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State


def dike_dams(
    game: BarrageGame, state: State, seat: int, own_only: bool = False, exclude: int = -1
) -> list[int]:
    """Dams that can hold one more marker: own ones and (PB-01, L-8.1) neutral ones."""
    return list(_dike_dams(game, state, seat, own_only, exclude))


def any_dike_dam(game: BarrageGame, state: State, seat: int) -> bool:
    """Whether :func:`dike_dams` has one (asked at every turn that lists PB-01: the first
    found is enough)."""
    return next(_dike_dams(game, state, seat, False, -1), None) is not None


def _dike_dams(game: BarrageGame, state: State, seat: int, own_only: bool, exclude: int) -> Iterator[int]:
    water = state.dam_water
    for d, owner in enumerate(state.dam_owner):
        if d == exclude or state.dam_height[d] <= 0 or not (owner == seat or (not own_only and owner < 0)):
            continue
        if game.dam_capacity(state, d) > water[d]:
            yield d


def _dam(game: BarrageGame, site: str) -> int:
    return int(game.board.site_index[site][1])


def ned_active(game: BarrageGame, state: State, seat: int) -> bool:
    return state.players[seat].company == NED and game.ability_unlocked(state, seat)


class LwDam(Decision, tag="lw_dam"):
    """One water marker placed (not flowed) at a dam that can hold it: PB-01's own or
    neutral dams (L-8.1), or the Netherlands' other own dams (``netherlands``, L-11.3)."""

    netherlands: bool = False
    exclude: int = -1
    """The dam just produced with (the Netherlands' drop goes to another one)."""

    prompt: ClassVar[str] = "which dam gets a water marker"
    rule: ClassVar[str | None] = "L-8.1"
    declined: ClassVar[str] = "place no water marker"
    answer_types: ClassVar[tuple[type, ...]] = (Site,)

    def answers(self, game: BarrageGame, state: State) -> list[Any]:
        seat = self.seat
        if self.netherlands and not ned_active(game, state, seat):
            return []
        dams = dike_dams(game, state, seat, own_only=self.netherlands, exclude=self.exclude)
        return [Site(game.board.dams[d].id) for d in dams]

    def question(self, game: BarrageGame, state: State) -> str:
        if self.netherlands:
            return "which other own dam gets 1 water, placed (Netherlands, L-11.3)"
        return "which dam gets 1 water, placed (Protective Dike, L-8.1)"

    def show(self, game: BarrageGame, state: State, action: Site) -> str:
        """``at B6L  (neutral dam in Z-6: water 1 → 2 of 2)``."""
        return f"{game.describe(action)}  ({dam_words(game, state, self.seat, _dam(game, action.site))})"

    def apply(self, game: BarrageGame, state: State, action: Site) -> None:
        self.done(state)
        game.place_water(state, _dam(game, action.site), 1)  # PB-01, L-11.3: placed, no flow
