"""How Barrage's greedy bot values the expansion's moves (HP-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.plugins.barrage.actions import Ext

from .buildings import effect_tile
from .store import building, work

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State


def bot_value(game: BarrageGame, state: State, seat: int, action: Ext) -> float | None:
    """Barrage's greedy bot: external works and buildings rank just below a good production."""
    name = action.name
    if name == "work":
        w = work(action.arg)
        return 30 + sum(p.amount for p in w.reward if p.kind in ("vp", "credits")) / 2 - w.cost.units
    if name == "build":
        return 42 + building(action.arg).vp / 2
    if name == "work_wheel":
        return 31 + sum(p.amount for p in work(action.arg).reward if p.kind in ("vp", "credits")) / 2
    if name in ("margot", "margot_bank"):
        return 24
    if name == "architect":
        return 10
    if name == "use":
        return 25
    if name == "tile":
        return {"AT-B3": 5, "AT-B1": 4}.get(effect_tile(game, action.arg), 1)
    if name == "space":  # the cheaper building space
        return 3 - int(action.arg.partition(":")[2].rstrip("C"))
    if name in ("now", "patent", "loan"):
        return 5
    if name == "half":
        return 1 + int(action.arg.partition(":")[2])
    if name == "sector":
        return 1
    return None  # another expansion's action: its own hook values it
