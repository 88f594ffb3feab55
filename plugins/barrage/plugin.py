"""The plugin module named by the ``turbine.plugins`` entry point ``barrage``."""

from __future__ import annotations

from typing import Any

from turbine.core import BotSpec, PluginInfo, VariantSpec, hookimpl

from .bots import GreedyBot
from .options import BarrageOptions
from .rules import BarrageRules

PLUGIN_INFO = PluginInfo(
    name="barrage", version="0.1.0", description="Barrage (full and introductory game, 2–4 players)"
)


def _hookspecs() -> tuple[type, ...]:
    from .hookspecs import BarrageSpecs

    return (BarrageSpecs,)


@hookimpl
def turbine_variants() -> list[VariantSpec]:
    return [
        VariantSpec(
            id="barrage",
            name="Barrage",
            min_players=2,
            max_players=4,
            options=BarrageOptions,
            rules=BarrageRules,
            demo_priority=1,
            description="build dams, conduits and powerhouses; produce energy "
            "(the full game; --option mode=intro for the introductory game)",
            hookspecs=_hookspecs(),
            # 2: Mahiri Sekibo's copy ends at the start of her next turn, before her moves
            # are listed (B-16.7.3, U-9.2); version 1 listed them with the copy still in force
            rules_version=2,
            oldest_rules_version=1,  # version 1's saves replay and play on as they were played
        )
    ]


@hookimpl
def turbine_bots() -> list[BotSpec]:
    return [BotSpec("greedy", GreedyBot, "produces, fulfils and builds greedily", variants=("barrage",))]


@hookimpl
def turbine_draw(rules: Any, state: Any, seat: int | None, canvas: Any) -> None:
    """The board picture: the map's schematic, the energy track and the companies (:mod:`.draw`)."""
    from .draw import draw

    draw(rules, state, seat, canvas)
