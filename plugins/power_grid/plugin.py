"""Entry point of the Power Grid plugin: the ``power_grid`` variant and the greedy bot."""

from __future__ import annotations

from typing import Any

from turbine.core.hookspecs import hookimpl
from turbine.core.specs import BotSpec, PluginInfo, VariantSpec

PLUGIN_INFO = PluginInfo(name="power_grid", version="0.1.0", description="Power Grid: Russia and Japan")


def _rules(options, players, pm):
    from .game import PowerGrid

    return PowerGrid(options, players, pm)


@hookimpl
def turbine_variants() -> list[VariantSpec]:
    from .hookspecs import PowerGridSpecs
    from .options import PowerGridOptions

    return [
        VariantSpec(
            id="power_grid",
            name="Power Grid: Russia & Japan",
            min_players=2,
            max_players=6,
            options=PowerGridOptions,
            rules=_rules,
            demo_priority=2,
            hookspecs=(PowerGridSpecs,),
            description="Auction plants, buy fuel, build networks on the Russia or Japan map.",
            # 2: after a discard only the discarded plant's tokens may go to the reserve (P-4.9)
            rules_version=2,
            oldest_rules_version=1,  # version 1's saves replay and play on as they were played
        )
    ]


@hookimpl
def turbine_bots() -> list[BotSpec]:
    from .bots import GreedyBot

    return [
        BotSpec(
            "greedy",
            GreedyBot,
            "buys plants it can fuel, buys fuel, expands cheaply, powers the most cities",
            variants=("power_grid",),
        )
    ]


@hookimpl
def turbine_draw(rules: Any, state: Any, seat: int | None, canvas: Any) -> None:
    """The board picture: the map, the markets and the players (:mod:`.draw`)."""
    from .draw import draw

    draw(rules, state, seat, canvas)
