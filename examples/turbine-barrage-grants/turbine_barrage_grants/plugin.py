"""The plugin module of the Grant Office expansion (``--with grants``).

Every function is a hook implementation: Barrage's own hooks
(:mod:`turbine.plugins.barrage.hookspecs`) and two core hooks.  turbine
registers the module only on the plugin manager of a game that chose the
expansion, so a Barrage game without it is unchanged.  The rules are in
:mod:`.office`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turbine.core import ExpansionSpec, PluginInfo, hookimpl

from . import office
from .options import GrantsOptions

if TYPE_CHECKING:
    from turbine.core import Rng
    from turbine.plugins.barrage.action_spaces import ActionSpaces
    from turbine.plugins.barrage.actions import Ext
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.decisions import Decision
    from turbine.plugins.barrage.hookspecs import GameConfig, ScoreLine
    from turbine.plugins.barrage.state import State

PLUGIN_INFO = PluginInfo(
    name="barrage_grants",
    version="0.1.0",
    requires=("barrage",),
    description="The Grant Office: an extra action space for Barrage",
)


@hookimpl
def turbine_expansions() -> list[ExpansionSpec]:
    return [
        ExpansionSpec(
            id=office.KEY,
            variant="barrage",
            name="The Grant Office",
            description="an action space that hands out grants, audited at the end of the game",
            options=GrantsOptions,
        )
    ]


@hookimpl
def turbine_render_extra(rules: BarrageGame, state: State, seat: int | None) -> str | None:
    return office.render(rules, state)


@hookimpl
def barrage_company_lines(game: BarrageGame, state: State, seat: int) -> list[str] | None:
    return office.company_lines(game, state, seat)


@hookimpl
def turbine_draw(rules: BarrageGame, state: State, seat: int | None, canvas: Any) -> None:
    office.draw(rules, state, canvas)


@hookimpl
def barrage_setup_game(game: BarrageGame, state: State, rng: Rng) -> None:
    office.setup(state)


@hookimpl
def barrage_decisions(config: GameConfig) -> list[type[Decision]]:
    return list(office.DECISIONS)


@hookimpl
def barrage_action_spaces(config: GameConfig) -> list[ActionSpaces]:
    return [office.SPACES]


@hookimpl
def turbine_state_parts() -> list[Any]:
    return [office.PART]


@hookimpl(tryfirst=True)
def barrage_bot_value(game: BarrageGame, state: State, seat: int, action: Ext) -> float | None:
    return office.bot_value(game, state, seat, action)


@hookimpl
def barrage_end_of_round(game: BarrageGame, state: State, round_no: int) -> None:
    office.end_of_round(state)


@hookimpl
def barrage_final_scoring(game: BarrageGame, state: State) -> list[ScoreLine]:
    """GR-6's lines, each as ``(seat, vp, reason, source)``: the audit counts as ``grants``."""
    return [(*line, office.SOURCE) for line in office.final_scoring(game, state)]
