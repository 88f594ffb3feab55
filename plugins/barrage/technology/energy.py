"""Advanced tiles that make energy or start a production (B-11.5.3, B-22.36)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import narration
from ..tables import BASE
from . import TechTile

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


class EnergyPerBase(TechTile):
    """AT-II-B: energy = bases built, this one included; it may fulfil one contract."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        game.tile_energy(state, seat, state.players[seat].built[BASE])


class EnergyTwiceConduit(TechTile):
    """AT-III-C: energy = 2 × the value of the conduit just built; it may fulfil one contract."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        game.tile_energy(state, seat, 2 * game.board.conduit_value[index])


class ProductionPlus2(TechTile):
    """AT-II-P: at once an optional production with +2, no engineers, no space (U-12)."""

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        bonuses = game.options.tile_production_abilities
        # B-22.36: with no legal production the effect is skipped: said, as nothing else shows it
        if game.telling() and not game.production_possible(state, seat, 2, bonuses):
            narration.production_lost(game, state, seat, self.id)
        game.start_production(state, seat, 2, bonuses=bonuses)
