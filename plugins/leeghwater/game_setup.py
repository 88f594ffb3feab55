"""Setting up the expansion (L-3): the additional management board and each
seat's board extension.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .store import (
    BLOCKED,
    BUILDING_TILE,
    FREE,
    LESLIE,
    LESLIE_TILE,
    Seat,
    Shared,
    active,
    data,
    extension,
    opt,
    shared,
)
from .works import reveal_works

if TYPE_CHECKING:
    from turbine.core import Rng
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State


def setup_game(game: BarrageGame, state: State, rng: Rng) -> None:
    """L-3.3 external works (3 of stack A face up), L-3.4 5 of the 10 private buildings,
    L-3.7 building spaces blocked by player count (U-25: ``u25_marks``)."""
    d = data()
    stacks = []
    for stack in d.board.external_work_stacks:
        ids = sorted(w.id for w in d.external_works.of_stack(stack))
        rng.shuffle(ids)
        stacks.append(ids)
    buildings = sorted(b.id for b in d.private_buildings)
    rng.shuffle(buildings)
    buildings = sorted(buildings[: d.constants.private_buildings_in_play])
    open_spaces = {s.index for s in d.board.open_building_spaces(game.players, opt(game).u25_marks)}
    row = [FREE if s.index in open_spaces else BLOCKED for s in d.board.building_spaces]
    state.ext.leeghwater = Shared(
        ew_stacks=stacks,
        ew_display=[],
        buildings=buildings,
        spaces=[list(row) for _ in buildings],
        left=[False] * len(buildings),
    )
    reveal_works(state)


def setup_player(game: BarrageGame, state: State, seat: int) -> None:
    """L-3.9: the board extension with 5 building pieces and the building tile."""
    player = state.players[seat]
    if extension(player) is not None:
        return
    n = len(shared(state).buildings) if active(state) else data().constants.private_buildings_in_play
    player.ext.leeghwater = Seat(
        works=[],
        pieces=data().constants.building_pieces_per_company,
        used=[0] * n,
        margot=0,
        architect=1,
    )
    if BUILDING_TILE not in player.tiles:
        player.tiles.append(BUILDING_TILE)
    if player.officer == LESLIE and LESLIE_TILE not in player.tiles:  # L-3.9.5, L-12.1.1
        player.tiles.append(LESLIE_TILE)
