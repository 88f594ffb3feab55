"""Bots, and the core plugin that registers the ``random`` bot.

A bot is built per seat and game by its :class:`~turbine.core.specs.BotSpec`
factory ``(rules, seat, seed) -> Bot``.  Its own randomness comes from a core
:class:`~turbine.core.rng.Rng` seeded from the game seed and the seat, so a bot
game is reproducible, and the game itself only ever records the chosen actions.
A bot should decide from what ``rules.view(state, seat)`` shows.
"""

from __future__ import annotations

from typing import Any

from .hookspecs import hookimpl
from .mcts import SPEC as MCTS
from .rng import Rng
from .specs import Bot, BotSpec, PluginInfo

__all__ = ["PLUGIN_INFO", "Bot", "RandomBot", "turbine_bots"]

PLUGIN_INFO = PluginInfo(name="core", version="0.1.0", description="the random bot")


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __init__(self, rules: Any, seat: int, seed: int) -> None:
        self.rng = Rng.from_seed(seed, stream=1000 + seat)

    def choose(self, state: Any, legal: list[Any]) -> Any:
        return legal[self.rng.below(len(legal))]


@hookimpl
def turbine_bots() -> list[BotSpec]:
    return [BotSpec("random", RandomBot, "picks a legal move uniformly at random"), MCTS]
