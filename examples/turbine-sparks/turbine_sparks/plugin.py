"""The plugin module named by the ``turbine.plugins`` entry point."""

from __future__ import annotations

from typing import Any

from turbine.core import BotSpec, PluginInfo, VariantSpec, hookimpl

from .game import Action, SparksOptions, SparksRules, State

PLUGIN_INFO = PluginInfo(name="sparks", version="0.1.0", description="Sparks, an example game")


class ThriftyBot:
    """Bids up to twice a generator's output, buys points when rich."""

    def __init__(self, rules: SparksRules, seat: int, seed: int) -> None:
        self.seat = seat

    def choose(self, view: State, legal: list[Action]) -> Action:
        worth = 2 * view.offer  # the seat's view: the offer is public
        for action in legal:
            amount = getattr(action, "bid", getattr(action, "amount", None))
            if amount is not None and amount <= worth:
                return action
        return legal[0] if type(legal[0]).__name__ == "Buy" else legal[-1]


@hookimpl
def turbine_variants() -> list[VariantSpec]:
    return [
        VariantSpec(
            id="sparks",
            name="Sparks",
            min_players=2,
            max_players=4,
            options=SparksOptions,
            rules=SparksRules,
            description="bid for generators, turn output into points",
        )
    ]


@hookimpl
def turbine_bots() -> list[BotSpec]:
    return [BotSpec("thrifty", ThriftyBot, "bids up to twice the output", variants=("sparks",))]


@hookimpl
def turbine_draw(rules: SparksRules, state: State, seat: int | None, canvas: Any) -> None:
    """The board picture: the generator on offer and each player's coins, points and generators."""
    from turbine.core.drawing import seat_colour, seat_ink

    panel = canvas.panel("sparks", "Sparks", 360, 30 + 26 * len(state.players))
    panel.text(0, 14, f"On offer: a generator of output {state.offer} · deck {len(state.deck)}", size=12)
    for i, player in enumerate(state.players):
        y = 30 + 26 * i
        panel.circle(9, y + 5, 9, fill=seat_colour(i), stroke="#222222")
        panel.text(9, y + 9, str(i + 1), size=10, anchor="middle", fill=seat_ink(i))
        generators = " ".join(str(g) for g in player.generators) or "none"
        line = f"{player.coins} coins · {player.points} points · generators {generators}"
        panel.text(26, y + 10, line, size=12, cls="player", data={"seat": i + 1})
