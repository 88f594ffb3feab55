"""Production (B-11) and water movement (B-12).

A production is chosen in two small steps: the system (a dam and a conduit;
the powerhouse is the seat's only one in the conduit's destination basin,
B-9.2.4) and then the number of water markers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import State
from .tables import NEUTRAL, POWERHOUSE

if TYPE_CHECKING:
    from .api import BarrageGame

BONUS = 1
"""Production flag: the board's powerhouse bonus applies (not on Germany's repeat)."""
REPEAT = 2
"""Production flag: this is Germany's second production."""
NO_ABILITY = 4
"""Production flag: no company ability after this production (AT-II-P with U-12's alternative)."""


def powerhouse_bonus(r: BarrageGame, built: int) -> int:
    """B-6.2.3: +1 from the 2nd powerhouse, +3 from the 4th."""
    bonus = 0
    for step in r.powerhouse_track:
        if built >= step["built"]:
            bonus = step["production_bonus"]
    return bonus


def energy(
    r: BarrageGame, state: State, seat: int, markers: int, value: int, modifier: int, flags: int
) -> int:
    """B-11.2 steps 3–4: markers × value (officer floor), + action modifier + board bonus."""
    base = markers * value
    if not flags & REPEAT or r.options.floor_on_repeat:
        base = r.officer(state, seat).production_base(base)
    total = base + modifier
    if flags & BONUS:
        total += powerhouse_bonus(r, state.players[seat].built[POWERHOUSE])
    return total


def powerhouse_zones(r: BarrageGame, state: State, seat: int) -> dict[int, int]:
    """Basin -> the seat's powerhouse there."""
    zones = r.ph_zone
    return {zones[i]: i for i in held(state.ph_owner, seat)}


def held(owners: list[int], seat: int) -> list[int]:
    """The indexes of ``seat``'s pieces in ``owners``, in order: found by the list's own
    search, since a seat holds few of the spaces (at most 4 powerhouses, B-9.2.5)."""
    out = []
    i = -1
    for _ in range(owners.count(seat)):
        i = owners.index(seat, i + 1)
        out.append(i)
    return out


def max_markers(
    r: BarrageGame, state: State, seat: int, dam: int, conduit: int, credits: int | None = None
) -> int:
    """Markers the dam holds, at most one per credit through another player's
    conduit (U-24: the fee is paid in advance; ``credits`` defaults to the seat's)."""
    n = state.dam_water[dam]
    if state.conduit_owner[conduit] != seat:
        n = min(n, state.players[seat].credits if credits is None else credits)
    return n


def amounts(
    r: BarrageGame, state: State, seat: int, dam: int, conduit: int, modifier: int, flags: int
) -> list[int]:
    """Legal numbers of markers: the total must be at least 1 (B-11.4)."""
    value = r.board.conduits[conduit].value
    return [
        n
        for n in range(1, max_markers(r, state, seat, dam, conduit) + 1)
        if energy(r, state, seat, n, value, modifier, flags) >= 1
    ]


def systems(
    r: BarrageGame,
    state: State,
    seat: int,
    modifier: int,
    flags: int,
    credits: int | None = None,
    avoid_zone: int = 0,
    avoid_dam: int = -1,
) -> list[tuple[int, int]]:
    """(dam, conduit) pairs with at least one legal amount (B-11.1); ``credits``
    the seat would have left for conduit fees (default: its credits now)."""
    mine = powerhouse_zones(r, state, seat)
    if not mine:
        return []
    b = r.board
    out: list[tuple[int, int]] = []
    for c in b.conduits:
        if state.conduit_owner[c.index] < 0 or c.to_zone not in mine or c.to_zone == avoid_zone:
            continue
        for d in b.dams_in_zone[c.zone]:
            owner = state.dam_owner[d]
            if (owner != seat and owner != NEUTRAL) or not state.dam_water[d] or d == avoid_dam:
                continue
            n = max_markers(r, state, seat, d, c.index, credits)
            if n and energy(r, state, seat, n, c.value, modifier, flags) >= 1:
                out.append((d, c.index))
    return out


def best_energy(r: BarrageGame, state: State, seat: int, credits: int) -> int | None:
    """The most energy one production could make with no action modifier (None: no
    system at all), ``credits`` left for conduit fees.  A production space with
    modifier ``m`` is usable iff this plus ``m`` is at least 1 (B-10.3.1, B-11.4),
    since the modifier is added last (B-11.2 step 4)."""
    zone = r.ph_zone
    b = r.board
    owners, water = state.dam_owner, state.dam_water
    best: int | None = None
    for p in held(state.ph_owner, seat):  # one per basin (B-9.2.4)
        for c in b.conduits_into_zone[zone[p]]:
            if state.conduit_owner[c] < 0:
                continue
            value = b.conduits[c].value
            for d in b.dams_in_zone[b.conduits[c].zone]:
                if not water[d] or (owners[d] != seat and owners[d] != NEUTRAL):
                    continue
                n = max_markers(r, state, seat, d, c, credits)
                if n:
                    made = energy(r, state, seat, n, value, 0, BONUS)
                    if best is None or made > best:
                        best = made
    return best
