"""Helpers for the full-game tests: a drafted game, and constructions set up by hand."""

from __future__ import annotations

from barrage_setup import clear_map, forget_legal, legal_text, new_game, play, site
from turbine.core import Game
from turbine.core.testing import FIRST_LEGAL, play_until
from turbine.plugins.barrage.decisions import ChoosePayment, ChooseTile
from turbine.plugins.barrage.tables import STRUCTURES


def drafted(players: int = 2, seed: int = 0, **options) -> Game:
    """A full game after the draft (each seat takes the first pair and contract offered)."""
    g = new_game(players, seed, mode="full", **options)
    play_until(g, lambda g: not drafting(g), bots=FIRST_LEGAL)
    return g


def drafting(g: Game) -> bool:
    """The draft (B-4.4: a company and executive officer, then a starting contract) goes on."""
    pending = g.state.flow.pending
    return bool(pending) and pending[-1].kind in ("pair", "start")


def blank(players: int = 2, seed: int = 0, **options) -> Game:
    """A drafted full game on an empty map; the seat to move is ``g.state.flow.order[cursor]``."""
    g = drafted(players, seed, **options)
    clear_map(g)
    forget_legal(g)
    return g


def to_move(g: Game) -> int:
    return g.state.flow.order[g.state.flow.cursor]


def start_build(g: Game, seat: int, structure: str, at: str, free: bool = False) -> None:
    """Ask ``seat`` the tile of a construction of ``structure`` at ``at`` (steps 1–2 skipped)."""
    s = STRUCTURES.index(structure)
    g.state.flow.pending.append(ChooseTile(seat=seat, structure=s, site=site(g, at), free=free))
    forget_legal(g)


def build_with(g: Game, seat: int, structure: str, at: str, tile: str, pay: str | None = None) -> None:
    """A construction with ``tile``, paid ``pay`` (default: the first legal payment)."""
    s = STRUCTURES.index(structure)
    g.state.flow.pending.append(ChoosePayment(seat=seat, structure=s, site=site(g, at), tile=tile))
    forget_legal(g)
    moves = legal_text(g)
    play(g, pay or moves[0])


def answer(g: Game, *moves: str) -> None:
    """Play each move that is legal now; a missing one was the only answer and is taken already."""
    for text in moves:
        if text in legal_text(g):
            play(g, text)


__all__ = ["answer", "blank", "build_with", "drafted", "start_build", "to_move"]
