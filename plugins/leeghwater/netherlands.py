"""The Netherlands (L-11): a company whose income rows are the expansion's
(L-11.2) and whose ability drops 1 water at another own dam after a production (L-11.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.plugins.barrage.companies import Company

from .dams import LwDam
from .store import NED, data, opt, part

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.hookspecs import Income
    from turbine.plugins.barrage.state import State


class Netherlands(Company):
    """L-11: a normal company; its ability (the water drop, L-11.3) is :func:`after_production`."""

    id, name, colour = NED, "Netherlands", "orange"  # L-11
    text = "after a production action, you may place 1 water at one of your other dams that can hold it"


def company_income(game: BarrageGame, company: str) -> Income | None:
    """L-11.2: the Netherlands' income rows in Barrage's shape."""
    if company != NED:
        return None
    ned = data().netherlands
    rows = (ned.income.base, ned.income.elevation, ned.income.conduit)
    reveals = ned.income_reveal_at
    return tuple(
        tuple((at, tuple(part(game, p) for p in parts)) for at, parts in zip(reveals, row, strict=True))
        for row in rows
    )


def after_production(game: BarrageGame, state: State, seat: int, production: dict[str, int]) -> None:
    """L-11.3: after the production (U-9: after its contract), 1 water at another own dam."""
    if state.players[seat].company != NED:
        return
    pending = state.flow.pending
    at = len(pending)
    if opt(game).u9_drop_before_contract:  # U-9: decided before the contract
        pending.append(LwDam(seat=seat, netherlands=True, exclude=production["dam"], optional=True))
        return
    for i in range(len(pending) - 1, -1, -1):  # below Barrage's contract and ability steps
        if pending[i].seat == seat and pending[i].kind in ("contract", "release", "ability"):
            at = i
        else:
            break
    pending.insert(at, LwDam(seat=seat, netherlands=True, exclude=production["dam"], optional=True))
