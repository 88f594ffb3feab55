"""The table screens of each game at fixed seeds, drawn as text for the snapshot and
width tests (and the README's examples).

Every game is four human seats (``Player 1`` …) whose moves the variant's greedy bot
chooses, from the game's seed, so the same screens come out on every run; a game
reaches the decision it shows by these moves.  A screen is drawn on a console of a
given width that writes no escapes, as ``turbine play`` draws it in a terminal.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from turbine.cli import screen
from turbine.cli.common import Moved, play_move
from turbine.core import Game, Seat, default_registry

PLAYERS = 4
WIDTH = 100
"""The width of the snapshots (the screens are designed for a 100-column terminal)."""
LIMIT = 3000
"""Moves played at most while looking for a decision (well over any game's length)."""


def console(width: int) -> tuple[Console, io.StringIO]:
    """A console of ``width`` columns writing plain text into a buffer."""
    buffer = io.StringIO()
    return Console(file=buffer, width=width, height=50, force_terminal=False, color_system=None), buffer


@dataclass(frozen=True)
class Table:
    """A game set up at a seed: variant, options and expansions."""

    variant: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    expansions: tuple[str, ...] = ()

    def game(self) -> Game:
        seats = [Seat(f"Player {i + 1}", "human") for i in range(PLAYERS)]
        return Game(
            default_registry(),
            self.variant,
            players=PLAYERS,
            seed=self.seed,
            options=self.options,
            expansions=list(self.expansions),
            seats=seats,
        )


def _bots(game: Game) -> dict[int, Any]:
    bot = game.registry.bot("greedy", game.spec.id)
    return {seat: bot.factory(game.rules, seat, game.seed) for seat in range(game.players)}


def play_to(game: Game, reached: Callable[[Game], bool]) -> Game:
    """Play the greedy bots' moves until ``reached`` (checked before each move)."""
    bots = _bots(game)
    for _ in range(LIMIT):
        if reached(game):
            return game
        seat = game.to_move
        assert seat is not None, "the game ended before the decision was reached"
        game.play(bots[seat].choose(game.state, game.legal()))
    raise AssertionError("the decision was not reached")


def play_until_told(game: Game, first: Callable[[str], bool], last: Callable[[str], bool]) -> list[Moved]:
    """Play the greedy bots' moves until their automatic steps say a line ``first``
    picks, then on until one says a line ``last`` picks; returns the moves from the
    start of the player action that said the first to the move that said the last."""
    bots = _bots(game)
    moves: list[Moved] = []
    started = False
    for _ in range(LIMIT):
        seat = game.to_move
        assert seat is not None, "the game ended before it was said"
        moved = play_move(game, bots[seat].choose(game.state, game.legal()))
        if started or (moved.continued and moves and moves[-1].seat == seat):
            moves.append(moved)
        else:
            moves = [moved]
        started = started or any(first(line) for line in moved.told)
        if started and any(last(line) for line in moved.told):
            return moves
    raise AssertionError("it was never said")


def phase_is(name: str) -> Callable[[Game], bool]:
    return lambda game: game.rules.phase_name(game.state) == name


BARRAGE_INTRO = Table("barrage", 1, {"mode": "intro"})
BARRAGE_FULL = Table("barrage", 1)
LEEGHWATER = Table("barrage", 1, expansions=("leeghwater",))
POWER_GRID = Table("power_grid", 1, {"map": "russia"})

DECISIONS: dict[str, tuple[Table, Callable[[Game], bool]]] = {
    "barrage_intro_turn": (BARRAGE_INTRO, phase_is("actions")),
    "barrage_full_draft": (BARRAGE_FULL, phase_is("draft")),
    "barrage_full_turn": (BARRAGE_FULL, phase_is("actions")),
    "leeghwater_turn": (LEEGHWATER, phase_is("actions")),
    "power_grid_auction": (POWER_GRID, phase_is("auction")),
    "power_grid_buying": (POWER_GRID, phase_is("resources")),
    "power_grid_building": (
        POWER_GRID,
        lambda g: phase_is("building")(g) and g.rules.round_number(g.state) >= 2,
    ),
}
"""The turn screens snapshotted: a name and the decision it shows."""

SUMMARIES: dict[str, tuple[Table, Callable[[str], bool], Callable[[str], bool]]] = {
    "barrage_round_scoring": (
        BARRAGE_FULL,
        lambda line: line.startswith("Round 1 scoring"),
        lambda line: line.startswith("Round 1 scoring"),
    ),
    "power_grid_bureaucracy": (
        POWER_GRID,
        lambda line: "Elektro, now" in line,  # the first income of a round (P-7.5)
        lambda line: line.startswith("Resupply"),  # the end of its Phase 5 (P-7.6)
    ),
}
"""The round summaries snapshotted: a name, the first and the last line of what the
automatic steps say in it."""


def decision_game(name: str) -> Game:
    table, reached = DECISIONS[name]
    return play_to(table.game(), reached)


def decision_screen(game: Game, width: int = WIDTH) -> str:
    """The turn screen of the decision ``game`` is at, as ``turbine play`` shows it."""
    out, buffer = console(width)
    screen.decision(game, out)
    return buffer.getvalue()


def summary_text(name: str, width: int = WIDTH) -> str:
    """The player actions that end a round, as ``turbine play`` announces them."""
    table, first, last = SUMMARIES[name]
    game = table.game()
    action = play_until_told(game, first, last)
    out, buffer = console(width)
    announcer = screen.Announcer(game, out)
    for moved in action:
        announcer.moved(moved)
    announcer.flush()
    return buffer.getvalue()
