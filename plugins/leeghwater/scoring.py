"""The end of a round (L-13) and the points (L-10.4 bonus tiles, L-14 final scoring)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .store import active, building, extension, mine, shared
from .works import refresh

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State


def end_of_round(game: BarrageGame, state: State) -> None:
    """L-13.1: the external-works display is replaced; L-13.3: per-round building state resets."""
    if not active(state):
        return
    refresh(game, state)
    s = shared(state)
    s.left = [False] * len(s.buildings)
    for p in state.players:
        if extension(p) is not None:
            p.ext.leeghwater.used = [0] * len(s.buildings)
            p.ext.leeghwater.margot = 0
            p.ext.leeghwater.architect = 1  # L-12.4.5: the architect comes back with the engineers


def bonus_count(state: State, seat: int, counts: str) -> int | None:
    """L-10.4: BT-N1 external works taken, BT-N2 buildings built."""
    if not active(state):
        return None
    if counts == "external_works":
        return len(mine(state, seat).works)
    if counts == "buildings":
        return sum(1 for spaces in shared(state).spaces if seat in spaces)
    return None


def final_scoring(state: State) -> list[tuple[int, int, str]]:
    """L-14.1: each activated private building's VP, to each player who activated it."""
    if not active(state):
        return []
    s = shared(state)
    out = []
    for slot, pb in enumerate(s.buildings):
        vp = building(pb).vp
        for seat in sorted({o for o in s.spaces[slot] if o >= 0}):
            out.append((seat, vp, f"{pb} activated (L-14.1)"))
    return out
