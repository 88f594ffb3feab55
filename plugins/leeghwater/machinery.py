"""Paying machinery, shared by external works (L-5.3) and private buildings
(L-6.2 step 3): the ways to pay a number of excavators and mixers, with Solomon P.
Jordan's credits for missing units (L-6.10, U-6) and AT-II-W's mixed units (L-15.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State


def credits_per_unit(game: BarrageGame, state: State, seat: int) -> int:
    """L-6.10: Solomon P. Jordan's credits instead of machinery apply to buildings (and Mahiri's copy)."""
    return int(game.officer(state, seat).credits_per_machinery)


def machinery_payments(
    e_need: int, m_need: int, e_have: int, m_have: int, per_unit: int, budget: int, mixed: bool = False
) -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    if mixed:
        units = e_need + m_need
        for e in range(min(units, e_have), -1, -1):
            for m in range(min(units - e, m_have), -1, -1):
                short = units - e - m
                if short and not per_unit:
                    continue
                if per_unit * short <= budget:
                    out.append((e, m, per_unit * short))
        return out
    if not per_unit:
        return [(e_need, m_need, 0)] if e_have >= e_need and m_have >= m_need else []
    for e in range(min(e_need, e_have), -1, -1):
        for m in range(min(m_need, m_have), -1, -1):
            credits = per_unit * (e_need - e + m_need - m)
            if credits <= budget:
                out.append((e, m, credits))
    return out
