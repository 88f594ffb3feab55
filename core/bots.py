"""Bots, the table's hold on them, and the core plugin that registers the ``random`` bot.

A bot is built per seat and game by its :class:`~turbine.core.specs.BotSpec`
factory ``(rules, seat, seed) -> Bot``.  Its own randomness comes from a core
:class:`~turbine.core.rng.Rng` seeded from the game seed and the seat, so a bot
game is reproducible, and the game itself only ever records the chosen actions.

A bot sees what a player in its seat sees, and nothing more: it decides from
``rules.view(state, seat)``, never from the state itself, which holds the deck
order, the face-down stacks and the game's random generator.  The table never
hands a bot the state: it holds each bot in a :class:`SeatBot`
(:func:`seat_bot`, :meth:`Game.make_bots <turbine.core.session.Game.make_bots>`),
which makes the seat's view, asks the bot, and checks the answer.  A bot that
raises, answers with a move that is not legal, or takes longer than its time
budget is reported as a :class:`BotFailure`: the bot's fault, not the game's.
"""

from __future__ import annotations

import re
import time
from typing import Any

import msgspec

from .errors import TurbineError
from .hookspecs import hookimpl
from .mcts import SPEC as MCTS
from .rng import Rng
from .specs import Bot, BotSpec, PluginInfo

__all__ = [
    "ACRONYMS",
    "PLUGIN_INFO",
    "Bot",
    "BotFailure",
    "RandomBot",
    "SeatBot",
    "bot_label",
    "default_seat_name",
    "seat_bot",
    "turbine_bots",
]

PLUGIN_INFO = PluginInfo(
    name="core", version="0.1.0", description="the bots that play every game: random and mcts"
)


ACRONYMS = frozenset({"ai", "ismcts", "mcts", "uct"})
"""Words of bot kinds' ids that are acronyms, shown in capitals (``MCTS bot 2``): a bot kind's
id is a lower-case word for typing (``bot 2 mcts``), not for reading."""


def bot_label(kind: str) -> str:
    """How people read bot kind ``kind``: ``MCTS`` for ``mcts``, ``Greedy`` for ``greedy``,
    ``Random fast`` for ``random_fast``.  The one place a kind's id becomes words, so every
    seat name and message says a bot the same way (:data:`ACRONYMS` upper-case, the first
    word capitalised)."""
    words = [word for word in re.split(r"[\s_-]+", kind.strip()) if word]
    shown = " ".join(word.upper() if word.lower() in ACRONYMS else word.lower() for word in words)
    return shown[:1].upper() + shown[1:]


def default_seat_name(index: int, kind: str = "human") -> str:
    """The name of a seat no one named, for a 0-based ``index``: ``Player 2`` for a person,
    ``MCTS bot 3`` or ``Greedy bot 3`` for a bot (:func:`bot_label`).  A save keeps the
    names it was made with, so only games set up from now on get these."""
    return f"Player {index + 1}" if kind == "human" else f"{bot_label(kind)} bot {index + 1}"


class BotFailure(TurbineError):
    """A bot raised, answered with a move that is not legal now, or went over its time
    budget.  The fault is the bot's (often a third-party plugin's), not the game's nor
    turbine's: the command line reports it in one line and exits with code 2.

    ``bot`` is the bot kind's name, ``seat`` the seat it played (from 0) and
    ``problem`` what went wrong, in words; whoever drives the game adds where it
    happened (the seed, the move number, a save of the position).
    """

    def __init__(self, bot: str, seat: int, problem: str) -> None:
        self.bot = bot
        self.seat = seat
        self.problem = problem
        super().__init__(f"bot {bot!r} at seat {seat + 1} {problem}")

    def at(self, where: str) -> BotFailure:
        """The same failure, saying where in the game it happened (``move 12 (round 2,
        …) of the game of seed 7``)."""
        return BotFailure(self.bot, self.seat, f"{self.problem}, at {where}")


class SeatBot:
    """A bot as the table holds it: asked with the table's state, it shows its bot only
    the seat's view, and checks the answer.

    :meth:`choose` has a bot's signature, so a driver treats every seat alike, but
    it takes the *whole* state: the bot inside gets ``rules.view(state, seat)``, a
    copy of its own (the state itself is never within its reach, even in a game
    whose view hides nothing), and a copy of the legal list.  A blind bot
    (:attr:`BotSpec.blind`) gets ``None`` instead of a view, which saves the copy.
    Built from a bot kind by :func:`seat_bot`; any bot object may be held so
    (:func:`turbine.core.testing.play_until` holds the bots a test passes).
    """

    __slots__ = ("blind", "bot", "budget", "name", "rules", "seat")

    def __init__(
        self,
        bot: Bot,
        rules: Any,
        seat: int,
        *,
        name: str = "bot",
        blind: bool = False,
        budget: float | None = None,
    ) -> None:
        self.bot = bot
        """The bot the factory made (a test may call it with a view of its own)."""
        self.rules = rules
        self.seat = seat
        self.name = name
        """The bot kind's name, for reports."""
        self.blind = blind
        """Pass the bot ``None`` instead of a view (:attr:`BotSpec.blind`)."""
        self.budget = budget
        """Seconds one decision may take (``None``: no limit).  Checked after the bot
        answers, so a bot that never answers is not stopped.  A run that must be
        reproducible leaves it ``None``: whether a bot is over its budget depends on
        the machine and its load."""

    def choose(self, state: Any, legal: list[Any]) -> Any:
        """The bot's move for :attr:`seat`, the seat to move in ``state``; raises
        :class:`BotFailure` when the bot raises, answers with a move not in ``legal``
        or goes over :attr:`budget`."""
        rules = self.rules
        if self.blind:
            view = None
        else:
            view = rules.view(state, self.seat)
            if view is state:  # the game hides nothing: the bot still gets a copy
                view = rules.clone(state)
        started = time.perf_counter()
        try:
            action = self.bot.choose(view, list(legal))
        except Exception as exc:
            raise BotFailure(self.name, self.seat, f"raised {type(exc).__name__}: {exc}") from exc
        spent = time.perf_counter() - started
        if action not in legal:
            raise BotFailure(
                self.name, self.seat, f"answered {_shown(rules, action)}, which is not a legal move"
            )
        if self.budget is not None and spent > self.budget:
            raise BotFailure(
                self.name, self.seat, f"took {spent:.3g} s to decide, over its budget of {self.budget:g} s"
            )
        return action


def seat_bot(spec: BotSpec, rules: Any, seat: int, seed: int, budget: float | None = None) -> SeatBot:
    """The bot of kind ``spec`` for ``seat`` of the game of ``rules``, held by the table."""
    return SeatBot(
        spec.factory(rules, seat, seed), rules, seat, name=spec.name, blind=spec.blind, budget=budget
    )


def _shown(rules: Any, action: Any) -> str:
    """A bot's answer in the game's notation (actions are msgspec structs), or as Python
    shows it when it is no action at all."""
    if isinstance(action, msgspec.Struct):
        try:
            return repr(rules.describe(action))
        except Exception:  # a struct of another game, say: its repr says more
            pass
    return repr(action)


class RandomBot:
    """Chooses uniformly among the legal actions (it never looks at its view)."""

    def __init__(self, rules: Any, seat: int, seed: int) -> None:
        self.rng = Rng.from_seed(seed, stream=1000 + seat)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        return legal[self.rng.below(len(legal))]


@hookimpl
def turbine_bots() -> list[BotSpec]:
    return [BotSpec("random", RandomBot, "picks a legal move uniformly at random", blind=True), MCTS]
