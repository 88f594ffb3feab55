"""Setting up a position by hand, checked: the core of every game's position builder.

A rules test, a bug report or a puzzle needs a game at a chosen position: this
dam built, those contracts in hand, that plant market.  Editing ``game.state``
directly works but checks nothing (a contract left both in a hand and in the
display goes unnoticed) and leaves the caches of the position before the edit.
A game's builder (Barrage's :func:`turbine.plugins.barrage.position.barrage_position`,
Power Grid's :func:`turbine.plugins.power_grid.position.power_grid_position`) is a
:class:`Position`: it edits a copy of the state with setters that use the
notation's names, and :meth:`Position.build` checks the whole position, refuses an
inconsistent one with :class:`BadPosition` naming every problem, and only then puts
it in the game and resets its caches (:meth:`Game.reset_caches`).

A game set up this way plays on normally, but its log no longer rebuilds it from
its seed: :meth:`Game.to_save` refuses it (:attr:`Game.position_set`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from .errors import BadPosition
from .session import Game

__all__ = ["BadPosition", "Position", "SeatSetters", "conservation", "counted", "places_of"]


class Position(ABC):
    """A builder editing a copy of ``game``'s state; :meth:`build` checks and installs it.

    Subclasses add the game's setters (each returns the builder, so they chain)
    and :meth:`problems`, the game's consistency checks.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules: Any = game.rules
        self.state: Any = game.rules.clone(game.state)
        """The position being set up (a copy: the game is untouched until :meth:`build`)."""

    @abstractmethod
    def problems(self) -> list[str]:
        """Every inconsistency of :attr:`state`, one sentence each (``[]``: none)."""

    def finish(self) -> None:
        """Derive what the setters leave implied (counts kept beside the pieces), before
        the checks.  Nothing by default."""
        return None

    def build(self) -> Game:
        """Check the position and put it in the game: raises :class:`BadPosition` naming
        every problem and changes nothing, or returns the game, ready to play on."""
        self.finish()
        problems = self.problems()
        if problems:
            raise BadPosition(problems)
        game = self.game
        game.state = self.state
        game.position_set = True
        game.reset_caches()
        self.state = self.rules.clone(self.state)  # a builder used again edits its own copy
        return game


class SeatSetters:
    """The setters of one seat of a :class:`Position` (a game subclasses it with its
    own): each returns ``self``, and :meth:`build` goes on with the position, so a
    chain may name several seats and end with ``.build()``."""

    def __init__(self, position: Position, seat: int) -> None:
        self.position = position
        self.index = seat
        self.player: Any = position.state.players[seat]

    def build(self) -> Game:
        return self.position.build()


def places_of(where: Iterable[tuple[str, Iterable[str]]]) -> dict[str, list[str]]:
    """Each component's places: ``[(place, components there)]`` to ``{component: [places]}``,
    a place listed once per copy it holds."""
    found: dict[str, list[str]] = defaultdict(list)
    for place, items in where:
        for item in items:
            if item:
                found[item].append(place)
    return found


def conservation(kind: str, places: dict[str, list[str]], known: Iterable[str]) -> list[str]:
    """The components of ``kind`` that are unknown or in more than one place (each is in
    exactly one place at most: the rest are in the box)."""
    valid = set(known)
    out: list[str] = []
    for item, where in sorted(places.items()):
        if item not in valid:
            out.append(f"{kind} {item} is not a {kind} of this game (in {where[0]})")
        elif len(where) > 1:
            out.append(f"{kind} {item} is both in {' and in '.join(where)}")
    return out


def counted(kind: str, values: Iterable[tuple[str, int]], low: int = 0, high: int | None = None) -> list[str]:
    """Counts out of ``[low, high]``: ``[(what, value)]`` to problems naming them."""
    out = []
    for what, value in values:
        if value < low:
            out.append(f"{what} has {value} {kind}, below {low}")
        elif high is not None and value > high:
            out.append(f"{what} has {value} {kind}, above {high}")
    return out
