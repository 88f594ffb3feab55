"""The plugin module named by the ``turbine.plugins`` entry point."""

from __future__ import annotations

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
