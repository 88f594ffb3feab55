"""Barrage's own abilities and full-game steps as implementations of its hookspecs.

Registered once on every Barrage game's plugin manager (name ``barrage-base``),
with ``trylast`` so an expansion's implementations come first and fold over
them.  It is stateless: everything it needs comes from ``game`` and ``state``.

* ``barrage_abilities``: the seven officers (:mod:`.officers`), the four
  companies (:mod:`.companies`), the technology tiles (:mod:`.technology`).
* ``barrage_setup_player``: the officer's setup (Anton's tile, Mahiri's credits).
* ``barrage_after_build``: the advanced tile's effect (B-8.2 step 6, B-14.3).
* ``barrage_end_of_round``: the Patent Office refresh (B-19.5, B-14.5).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from turbine.core.hookspecs import hookimpl

from . import narration, patent_office
from .companies import base_companies
from .officers import base_officers
from .tables import STRUCTURES, load_json
from .technology import base_tiles

if TYPE_CHECKING:
    import pluggy
    from turbine.core import Rng

    from .api import BarrageGame
    from .companies import Company
    from .hookspecs import Ability, GameConfig
    from .officers import Officer
    from .state import State
    from .technology import TechTile

NAME = "barrage-base"


class BarrageBase:
    @hookimpl(trylast=True)
    def barrage_abilities(self, config: GameConfig) -> list[Ability]:
        return list(abilities())

    @hookimpl(trylast=True)
    def barrage_setup_player(self, game: BarrageGame, state: State, seat: int, rng: Rng) -> None:
        game.officers[state.players[seat].officer].setup(game, state, seat)

    @hookimpl(trylast=True)
    def barrage_after_build(
        self, game: BarrageGame, state: State, seat: int, structure: str, target: int, tile: str | None
    ) -> None:
        if tile:
            game.tile_effect(tile).effect(game, state, seat, STRUCTURES.index(structure), target)

    @hookimpl(trylast=True)
    def barrage_end_of_round(self, game: BarrageGame, state: State, round_no: int) -> None:
        if game.full:
            left = [tile for tile in state.patent_display if tile]
            patent_office.refresh(state)
            if game.telling():
                narration.patent_refresh(game, state, left)


@functools.cache
def abilities() -> tuple[Officer | Company | TechTile, ...]:
    """Barrage's officers, companies and technology tiles, made once per process: they
    hold no game data (everything they need comes from ``game`` and ``state``), so every
    game shares them."""
    texts = {o["id"]: (o["name"], o["ability_text"]) for o in load_json("officers.json")["officers"]}
    return (*base_officers(texts), *base_companies(), *base_tiles())


BASE = BarrageBase()


def register(pm: pluggy.PluginManager) -> None:
    """Register Barrage's own implementations on a game's plugin manager (once)."""
    if pm.get_plugin(NAME) is None:
        pm.register(BASE, name=NAME)
