"""The plugin module of the Leeghwater Project expansion (``--with leeghwater``).

Every function here is a hook implementation: Barrage's hooks
(:mod:`turbine.plugins.barrage.hookspecs`) and core hooks (``turbine_expansions``, the
view ``leeghwater``, the picture's panel).  They are registered only on
the plugin manager of games that chose the expansion, so a Barrage game without
it is unchanged.  The rules live in the modules named after their concepts
(:mod:`.works`, :mod:`.buildings`, :mod:`.officers`, …); this one only routes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turbine.core import ExpansionSpec, ParseError, PluginInfo, hookimpl

from . import bot, components, game_setup, netherlands, officers, placements, scoring, store, works
from .decisions import DECISIONS
from .options import LeeghwaterOptions
from .sources import BUILDINGS
from .store import KEY

if TYPE_CHECKING:
    from turbine.core import Rng
    from turbine.core.drawing import Canvas
    from turbine.plugins.barrage.action_spaces import ActionSpaces
    from turbine.plugins.barrage.actions import Action, Ext
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.decisions import Decision
    from turbine.plugins.barrage.hookspecs import (
        Ability,
        BonusTileRow,
        GameConfig,
        Income,
        Part,
        Pools,
        ScoreLine,
    )
    from turbine.plugins.barrage.state import State

PLUGIN_INFO = PluginInfo(
    name="leeghwater",
    version="0.1.0",
    requires=("barrage",),
    description="The Leeghwater Project: external works, private buildings, the Netherlands",
)


@hookimpl
def turbine_expansions() -> list[ExpansionSpec]:
    return [
        ExpansionSpec(
            id=KEY,
            variant="barrage",
            name="The Leeghwater Project",
            description="external works, private buildings and the Netherlands (full game, 2–4 players)",
            options=LeeghwaterOptions,
            # 2: under U-14's default, Mahiri's copy-space engineer is never offered the
            # architect's extra turn, even while an earlier copy of Tommaso is in force
            # 3: Mahiri's copy of Simone keeps 4 contracts only after a contract-office action
            # (L-12.5.3); the Control Centre's production may not be declined (PB-08)
            # 4: EW-R4's powerhouse and EW-R5's base pay a red frame under Barrage's
            # reward_red_frame=false too (L-5.12.4)
            rules_version=4,
            oldest_rules_version=1,  # older versions' saves replay and play on as they were played
        )
    ]


@hookimpl
def barrage_company_lines(game: BarrageGame, state: State, seat: int) -> list[str] | None:
    """The seat's works, buildings and pieces under its company (:func:`.render.company_line`)."""
    from .render import company_line

    line = company_line(state, seat)
    return None if line is None else [f"leeghwater: {line}"]


VIEW = "leeghwater"
"""The view of the additional management board (``leeghwater`` at the table)."""


@hookimpl
def turbine_views(rules: BarrageGame) -> dict[str, str]:
    return {
        VIEW: "the additional management board: the external works on display, the private "
        "buildings and who built where, each company's works and building pieces"
    }


@hookimpl
def turbine_render_view(
    rules: BarrageGame, state: State, seat: int | None, name: str, arg: str
) -> str | None:
    """The additional board alone: its spaces, which Barrage's management board lists
    among its own (``board_lines``), and each company's works and buildings, which its
    company's lines hold there (``barrage_company_lines``); so the whole board adds no
    text of the expansion's under it."""
    if name != VIEW:
        return None
    if arg:
        raise ParseError(f"'{VIEW}' takes no argument, not {arg!r}")
    if getattr(state.ext, KEY, None) is None:
        return "The additional management board is not set up yet."
    from .render import render

    return render(rules, state)


@hookimpl
def turbine_draw(rules: BarrageGame, state: State, seat: int | None, canvas: Canvas) -> None:
    """The additional management board's panel beside Barrage's board (:mod:`.draw`)."""
    from .draw import draw

    draw(rules, state, seat, canvas)


# -- configuration and setup (HP-1 … HP-4) ------------------------------------------------


@hookimpl
def barrage_validate_config(config: GameConfig) -> list[str]:
    return components.validate(config)


@hookimpl
def barrage_abilities(config: GameConfig) -> list[Ability]:
    return components.abilities()


@hookimpl
def barrage_bonus_tiles(config: GameConfig) -> list[BonusTileRow]:
    return components.bonus_tile_rows()


@hookimpl
def barrage_component_pools(config: GameConfig, pools: Pools, rng: Rng) -> None:
    components.component_pools(pools, rng)


@hookimpl
def barrage_company_income(game: BarrageGame, company: str) -> Income | None:
    return netherlands.company_income(game, company)


@hookimpl
def barrage_setup_game(game: BarrageGame, state: State, rng: Rng) -> None:
    game_setup.setup_game(game, state, rng)


@hookimpl
def barrage_setup_player(game: BarrageGame, state: State, seat: int, rng: Rng) -> None:
    game_setup.setup_player(game, state, seat)


# -- actions (G-4) --------------------------------------------------------------------------


@hookimpl
def barrage_action_spaces(config: GameConfig) -> list[ActionSpaces]:
    return [placements.SPACES]


@hookimpl
def barrage_decisions(config: GameConfig) -> list[type[Decision]]:
    return list(DECISIONS)


@hookimpl
def turbine_state_parts() -> list[Any]:
    return [store.PART]


@hookimpl
def barrage_resolve_reward_part(game: BarrageGame, state: State, seat: int, part: Part) -> bool | None:
    return works.resolve_reward_part(game, state, seat, part)


@hookimpl
def barrage_after_production(game: BarrageGame, state: State, seat: int, production: dict[str, int]) -> None:
    netherlands.after_production(game, state, seat, production)


@hookimpl
def barrage_bot_value(game: BarrageGame, state: State, seat: int, action: Ext) -> float | None:
    return bot.bot_value(game, state, seat, action)


# -- rounds and scoring (HP-16, HP-17) -------------------------------------------------------


@hookimpl
def barrage_end_of_round(game: BarrageGame, state: State, round_no: int) -> None:
    scoring.end_of_round(game, state)


@hookimpl
def barrage_bonus_tile_count(game: BarrageGame, state: State, seat: int, tile: str) -> int | None:
    return scoring.bonus_count(state, seat, tile)


@hookimpl
def barrage_final_scoring(game: BarrageGame, state: State) -> list[ScoreLine]:
    """L-14.1's lines, each scored as ``buildings`` in the breakdown."""
    return [(*line, BUILDINGS) for line in scoring.final_scoring(state)]


@hookimpl
def turbine_view(rules: BarrageGame, state: State, seat: int | None) -> None:
    """L-3.3: the external works stacks A-C are face down (their sizes show)."""
    works.hide(state)


@hookimpl
def turbine_determinise(rules: BarrageGame, state: State, seat: int, rng: Rng) -> None:
    works.deal_hidden(state, rng)


# -- Simone Luciani (L-12.3, L-12.5.3) -------------------------------------------------------------


@hookimpl
def barrage_hand_limit(game: BarrageGame, state: State, seat: int, limit: int) -> int | None:
    return officers.hand_limit(game, state, seat, limit)


@hookimpl
def barrage_contract_policy(
    game: BarrageGame, state: State, seat: int, energy: int, source: str
) -> dict[str, bool] | None:
    return officers.contract_policy(game, state, seat, source)


@hookimpl
def barrage_ability_used(game: BarrageGame, state: State, seat: int, ability: str, detail: str) -> None:
    officers.ability_used(game, state, seat, detail)


# -- Tommaso Battista (L-12.4, L-12.5.4) -------------------------------------------------------------


@hookimpl
def barrage_after_placement(
    game: BarrageGame, state: State, seat: int, space: Action, engineers: int
) -> bool | list[Decision] | None:
    officers.simone_copy_used(game, state, seat, space)
    return officers.after_placement(game, state, seat, space, engineers)
