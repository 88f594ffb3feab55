"""Construction (B-8, B-9): build options, costs, the wheel, placing pieces.

Every function takes the rules object ``r`` (static tables, options, the
seat's officer and company) and changes the state in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import Pending, Player, State
from .tables import BASE, CONDUIT, ELEVATION, NOBODY, PIECES, POWERHOUSE, STRUCTURES

if TYPE_CHECKING:
    from .rules import BarrageRules

JOKER = "joker"


# -- the wheel (B-8.3, B-8.4) -------------------------------------------------


def rotate(player: Player, steps: int) -> None:
    """Turn the wheel ``steps`` single sectors; after each, the sector that has
    become open returns its tile and machinery to the personal supply (B-8.4.1)."""
    for _ in range(steps):
        i = (player.wheel_open + 1) % len(player.wheel_tile)
        player.wheel_open = i
        tile = player.wheel_tile[i]
        if tile:
            player.tiles.append(tile)
            player.wheel_tile[i] = ""
        if player.wheel_exc[i]:
            player.excavators += player.wheel_exc[i]
            player.wheel_exc[i] = 0
        if player.wheel_mix[i]:
            player.mixers += player.wheel_mix[i]
            player.wheel_mix[i] = 0


def load_and_turn(player: Player, tile: str, excavators: int, mixers: int) -> None:
    """B-8.2 steps 2–4: tile and machinery into the open sector, then turn once."""
    i = player.wheel_open
    if tile:
        player.tiles.remove(tile)
        player.wheel_tile[i] = tile
    player.excavators -= excavators
    player.mixers -= mixers
    player.wheel_exc[i] += excavators
    player.wheel_mix[i] += mixers
    rotate(player, 1)


# -- where a structure may go (B-9.2) -----------------------------------------------


def sites(
    r: BarrageRules,
    state: State,
    seat: int,
    structure: int,
    max_value: int = 5,
    areas: tuple[int, ...] | list[int] = (0, 1, 2),
) -> list[int]:
    """Indexes of the building spaces where ``seat`` may put its next ``structure``."""
    b = r.board
    if state.players[seat].built[structure] >= PIECES[structure]:
        return []
    out: list[int] = []
    if structure == BASE:
        owner = state.dam_owner
        mine = {b.dams[i].zone for i in range(len(owner)) if owner[i] == seat}
        for d in b.dams:
            if owner[d.index] == NOBODY and d.zone not in mine and d.area in areas:
                out.append(d.index)
    elif structure == ELEVATION:
        for d in b.dams:
            if state.dam_owner[d.index] == seat and state.dam_height[d.index] < 3 and d.area in areas:
                out.append(d.index)
    elif structure == CONDUIT:
        for c in b.conduits:
            if state.conduit_owner[c.index] == NOBODY and c.value <= max_value and c.area in areas:
                out.append(c.index)
    else:
        owner = state.ph_owner
        mine = {b.powerhouses[i].zone for i in range(len(owner)) if owner[i] == seat}
        for p in b.powerhouses:
            if owner[p.index] == NOBODY and p.zone not in mine and p.area in areas:
                out.append(p.index)
    return out


def site_id(r: BarrageRules, structure: int, index: int) -> str:
    b = r.board
    if structure in (BASE, ELEVATION):
        return b.dams[index].id
    if structure == CONDUIT:
        return b.conduits[index].id
    return b.powerhouses[index].id


def surcharge(r: BarrageRules, structure: int, index: int) -> int:
    """Red-framed building space: +3 credits for a base or powerhouse (B-0.4, B-9.1)."""
    if structure == BASE:
        return r.red_credits if r.board.dams[index].red else 0
    if structure == POWERHOUSE:
        return r.red_credits if r.board.powerhouses[index].red else 0
    return 0


def requirements(
    r: BarrageRules, state: State, seat: int, structure: int, index: int
) -> list[tuple[int, int]]:
    """The machinery the structure costs on that space (B-9.1), with the officer's alternatives."""
    b = r.board
    costs = r.costs
    value = 0
    if structure == BASE:
        normal = (costs["base_excavators"][r.area_names[b.dams[index].area]], 0)
    elif structure == ELEVATION:
        normal = (0, costs["elevation_mixers"][r.area_names[b.dams[index].area]])
    elif structure == CONDUIT:
        value = b.conduits[index].value
        normal = (costs["conduit_excavators_per_value"] * value, 0)
    else:
        normal = (0, costs["powerhouse_mixers"][state.players[seat].built[POWERHOUSE]])
    return r.officer_of[seat].requirements(structure, normal, value)


def payments(
    r: BarrageRules, state: State, seat: int, needs: list[tuple[int, int]], budget: int
) -> list[tuple[int, int, int]]:
    """Ways to pay: (excavators, mixers, credits), credits only where the officer
    lets credits replace machinery (EO-SJ), within ``budget`` credits."""
    p = state.players[seat]
    per_unit = r.officer_of[seat].credits_per_machinery
    out: list[tuple[int, int, int]] = []
    for e_need, m_need in needs:
        if not per_unit:
            if p.excavators >= e_need and p.mixers >= m_need and (e_need, m_need, 0) not in out:
                out.append((e_need, m_need, 0))
            continue
        for e in range(min(e_need, p.excavators), -1, -1):
            for m in range(min(m_need, p.mixers), -1, -1):
                credits = per_unit * (e_need - e + m_need - m)
                if credits <= budget and (e, m, credits) not in out:
                    out.append((e, m, credits))
    return out


def affordable(r: BarrageRules, state: State, seat: int, structure: int, index: int, budget: int) -> bool:
    """Some payment exists for this structure on this space (B-8.2.2)."""
    budget -= surcharge(r, structure, index)
    if budget < 0:
        return False
    p = state.players[seat]
    per_unit = r.officer_of[seat].credits_per_machinery
    for e_need, m_need in requirements(r, state, seat, structure, index):
        short = max(0, e_need - p.excavators) + max(0, m_need - p.mixers)
        if short == 0 or (per_unit and short * per_unit <= budget):
            return True
    return False


def tiles_for(player: Player, structure: int) -> list[str]:
    """Technology tiles in the personal supply that allow ``structure`` (B-8.6)."""
    name = STRUCTURES[structure]
    out = []
    for tile in (name, JOKER):
        if tile in player.tiles and tile not in out:
            out.append(tile)
    return out


def buildable(r: BarrageRules, state: State, seat: int, structure: int, budget: int) -> list[int]:
    """Spaces where an engineer construction of ``structure`` can be completed."""
    if not tiles_for(state.players[seat], structure):
        return []
    return [i for i in sites(r, state, seat, structure) if affordable(r, state, seat, structure, i, budget)]


def can_construct(r: BarrageRules, state: State, seat: int, budget: int) -> bool:
    player = state.players[seat]
    tiles = player.tiles
    joker = JOKER in tiles
    for structure in range(4):
        if not joker and STRUCTURES[structure] not in tiles:
            continue
        for i in sites(r, state, seat, structure):
            if affordable(r, state, seat, structure, i, budget):
                return True
    return False


# -- placing a piece (B-8.2 step 5, B-6.2.4) ------------------------------------------


def place(r: BarrageRules, state: State, seat: int, structure: int, index: int) -> None:
    """Put the leftmost piece on the space, pay a red frame, take any income it uncovers."""
    player = state.players[seat]
    player.credits -= surcharge(r, structure, index)
    if structure == BASE:
        state.dam_owner[index] = seat
        state.dam_height[index] = 1
    elif structure == ELEVATION:
        state.dam_height[index] += 1
    elif structure == CONDUIT:
        state.conduit_owner[index] = seat
    else:
        state.ph_owner[index] = seat
    player.built[structure] += 1
    if structure != POWERHOUSE:
        for built, parts in r.income_rows[seat][structure]:
            if built == player.built[structure]:
                r.gain(state, seat, parts)
    r.after_build(state, seat, structure, index)


def start_free_build(
    r: BarrageRules,
    state: State,
    seat: int,
    structure: int,
    max_value: int,
    areas: tuple[int, ...],
    optional: bool,
) -> Pending:
    """A rewarded structure (B-13.7): its own sub-decision, no engineers, wheel or tile."""
    return Pending(seat, "free_site", n=max_value, a=structure, opt=optional, areas=list(areas))
