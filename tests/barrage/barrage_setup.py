"""Helpers for the Barrage rules tests: a game at a chosen position."""

from __future__ import annotations

from typing import Any

from turbine.core import Game, Registry, bots
from turbine.core.testing import make_game
from turbine.plugins.barrage import plugin
from turbine.plugins.barrage.tables import NEUTRAL, NOBODY

REGISTRY = Registry([("core", bots), ("barrage", plugin)])


INTRO = {"mode": "intro"}


def new_game(players: int = 4, seed: int = 0, **options: Any) -> Game:
    """A game of the introductory game unless ``mode="full"`` is given."""
    options.setdefault("mode", "intro")
    return make_game("barrage", players=players, seed=seed, options=options, registry=REGISTRY)


def clear_map(game: Game) -> None:
    """Remove the neutral dams and all water (a blank map for scenarios)."""
    s = game.state
    n = len(s.dam_owner)
    s.dam_owner[:] = [NOBODY] * n
    s.dam_height[:] = [0] * n
    s.dam_water[:] = [0] * n
    s.headstream_water[:] = [0] * len(s.headstream_water)


def site(game: Game, ident: str) -> int:
    return game.rules.board.site_index[ident][1]


def dam(game: Game, ident: str, owner: int, height: int, water: int) -> None:
    s = game.state
    i = site(game, ident)
    s.dam_owner[i], s.dam_height[i], s.dam_water[i] = owner, height, water


def neutral_dam(game: Game, ident: str, height: int, water: int) -> None:
    dam(game, ident, NEUTRAL, height, water)


def conduit(game: Game, ident: str, owner: int) -> None:
    game.state.conduit_owner[site(game, ident)] = owner


def powerhouse(game: Game, ident: str, owner: int, count_built: bool = True) -> None:
    game.state.ph_owner[site(game, ident)] = owner
    if count_built:
        game.state.players[owner].built[3] += 1


def forget_legal(game: Game) -> None:
    """The tests change the state by hand between moves: drop the legal lists that the
    game and the rules keep for the state as it was after the last move."""
    game.reset_caches()


def play(game: Game, *moves: str) -> None:
    """Play moves by their notation (the game's ``find`` checks they are legal)."""
    for text in moves:
        forget_legal(game)
        game.play(game.rules.parse(text, game.state))


def legal_text(game: Game) -> list[str]:
    forget_legal(game)
    return [game.rules.describe(a) for a in game.legal()]
