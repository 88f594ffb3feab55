"""The plugin module of the Grant Office expansion (``--with grants``).

Every function is a hook implementation: Barrage's own hooks
(:mod:`turbine.plugins.barrage.hookspecs`) and two core hooks.  turbine
registers the module only on the plugin manager of a game that chose the
expansion, so a Barrage game without it is unchanged.  The rules are in
:mod:`.office`.
"""

from __future__ import annotations

from typing import Any

from turbine.core import ExpansionSpec, PluginInfo, hookimpl

from . import office
from .options import GrantsOptions

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
def turbine_render_extra(rules: Any, state: Any, seat: int | None) -> str | None:
    return office.render(rules, state)


@hookimpl
def turbine_draw(rules: Any, state: Any, seat: int | None, canvas: Any) -> None:
    office.draw(rules, state, canvas)


@hookimpl
def barrage_setup_game(game: Any, state: Any, rng: Any) -> None:
    office.setup(state)


@hookimpl
def barrage_decisions(config: Any) -> list[Any]:
    return list(office.DECISIONS)


@hookimpl
def barrage_action_spaces(config: Any) -> list[Any]:
    return [office.SPACES]


@hookimpl
def turbine_state_parts() -> list[Any]:
    return [office.PART]


@hookimpl(tryfirst=True)
def barrage_bot_value(game: Any, state: Any, seat: int, action: Any) -> float | None:
    return office.bot_value(game, state, seat, action)


@hookimpl
def barrage_end_of_round(game: Any, state: Any, round_no: int) -> None:
    office.end_of_round(state)


@hookimpl
def barrage_final_scoring(game: Any, state: Any) -> list[Any]:
    """GR-6's lines, each as ``(seat, vp, reason, source)``: the audit counts as ``grants``."""
    return [(*line, office.SOURCE) for line in office.final_scoring(game, state)]
