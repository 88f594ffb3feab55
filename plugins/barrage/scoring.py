"""Round scoring (B-18) and final scoring (B-20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import narration, sources
from .state import State
from .tables import BASE, CONDUIT, ELEVATION, POWERHOUSE, credits_for_energy

if TYPE_CHECKING:
    from .api import BarrageGame


def split_places(values: list[int], awards: list[int], eligible: list[bool]) -> list[int]:
    """Rank ``values`` (higher first); tied players share the VP of the places they
    occupy, rounded up (B-18.2.2, B-20.2).  Ineligible players get nothing."""
    n = len(values)
    out = [0] * n
    ranked = sorted((i for i in range(n) if eligible[i]), key=lambda i: -values[i])
    place = 0
    k = 0
    while k < len(ranked):
        group = [i for i in ranked[k:] if values[i] == values[ranked[k]]]
        total = sum(awards[place : place + len(group)])
        if total:
            share = -(-total // len(group))
            for i in group:
                out[i] = share
        place += len(group)
        k += len(group)
    return out


def energy_awards(r: BarrageGame, energies: list[int]) -> list[int]:
    """B-18.2: 6 / 2 VP among players with at least 1 energy.  A tie for first
    splits 8 rounded up (no second place); a tie for second gives 1 VP each."""
    first, second = r.awards["first"], r.awards["second"]
    tie_second = r.awards["tie_second_each"]
    ranking = [min(e, 30) if r.options.energy_cap_ranking else e for e in energies]
    eligible = [e >= 1 for e in energies]
    candidates = [i for i in range(len(energies)) if eligible[i]]
    out = [0] * len(energies)
    if not candidates:
        return out
    top = max(ranking[i] for i in candidates)
    leaders = [i for i in candidates if ranking[i] == top]
    if len(leaders) > 1:
        share = -(-(first + second) // len(leaders))
        for i in leaders:
            out[i] = share
        return out
    out[leaders[0]] = first
    rest = [i for i in candidates if i != leaders[0]]
    if rest:
        runner = max(ranking[i] for i in rest)
        seconds = [i for i in rest if ranking[i] == runner]
        for i in seconds:
            out[i] = second if len(seconds) == 1 else tie_second
    return out


def bonus_count(r: BarrageGame, state: State, seat: int, counts: str) -> int:
    player = state.players[seat]
    if counts == "fulfilled_contracts":
        return len(player.fulfilled)
    if counts == "advanced_tiles":  # BT-6 (B-21.4): in supply and on the wheel
        return r.advanced_tiles_owned(state, seat)
    index = {"bases": BASE, "elevations": ELEVATION, "conduits": CONDUIT, "powerhouses": POWERHOUSE}.get(
        counts
    )
    if index is not None:
        return player.built[index]
    return r.extra_count(state, seat, counts)


def bonus_reward(round_: int, energy: int, value: int, section: int = 6, penalty: int = 4) -> int:
    """B-18.4.2: full value from 6×round energy, −4 VP per section short, never
    below 0; nothing under 6 energy.  A marker past 30 counts as on 30."""
    e = min(energy, 30)
    if e < section:
        return 0
    s = min(e // section, 5)
    if s >= round_:
        return value
    return max(0, value - penalty * (round_ - s))


def score_round(r: BarrageGame, state: State) -> None:
    """B-18: awards, credits, the bonus tile."""
    players = state.players
    energies = [p.energy for p in players]
    energy_vp = energy_awards(r, energies)
    for seat, vp in enumerate(energy_vp):
        r.add_vp(state, seat, vp, sources.ENERGY)
    zero = r.consts["zero_energy"]
    lost = [0] * len(players)  # what the loss for no energy took: less at U-16's floor
    for seat, p in enumerate(players):
        if p.energy == 0:  # B-18.3.2
            p.credits += zero["credits"]
            before = p.vp
            r.add_vp(state, seat, zero["vp"], sources.NO_ENERGY)
            lost[seat] = p.vp - before
        else:
            p.credits += credits_for_energy(p.energy)
    tile = state.bonus_tiles[state.flow.round - 1]
    vp_each, counts, _ = r.bonus_table[tile]
    bonus_vp = [
        bonus_reward(
            state.flow.round,
            p.energy,
            vp_each * bonus_count(r, state, seat, counts),
            r.consts["bonus_section_size"],
            r.consts["bonus_penalty_per_section"],
        )
        for seat, p in enumerate(players)
    ]
    for seat, vp in enumerate(bonus_vp):
        r.add_vp(state, seat, vp, sources.BONUS)
    if r.telling():
        full = [vp_each * bonus_count(r, state, seat, counts) for seat in range(len(players))]
        narration.round_scoring(r, state, energy_vp, bonus_vp, tile, full, lost)


# -- final scoring (B-20) -------------------------------------------------------------


def structures_by_area(r: BarrageGame, state: State, seat: int) -> list[int]:
    """Structure pieces per area (U-14: each base, elevation, conduit, powerhouse is 1)."""
    b = r.board
    out = [0, 0, 0]
    for d in b.dams:
        if state.dam_owner[d.index] == seat:
            out[d.area] += state.dam_height[d.index]
    for c in b.conduits:
        if state.conduit_owner[c.index] == seat:
            out[c.area] += 1
    for p in b.powerhouses:
        if state.ph_owner[p.index] == seat:
            out[p.area] += 1
    return out


def structures_by_basin(r: BarrageGame, state: State, seat: int) -> dict[int, int]:
    b = r.board
    out: dict[int, int] = {}
    for d in b.dams:
        if state.dam_owner[d.index] == seat:
            out[d.zone] = out.get(d.zone, 0) + state.dam_height[d.index]
    for c in b.conduits:
        if state.conduit_owner[c.index] == seat:
            out[c.zone] = out.get(c.zone, 0) + 1
    for p in b.powerhouses:
        if state.ph_owner[p.index] == seat:
            out[p.zone] = out.get(p.zone, 0) + 1
    return out


def objective_count(r: BarrageGame, state: State, seat: int, counts: str) -> int:
    """B-21.5: what each objective tile counts."""
    b = r.board
    if counts == "red_frame_bases_and_powerhouses":
        return sum(1 for d in b.dams if d.red and state.dam_owner[d.index] == seat) + sum(
            1 for p in b.powerhouses if p.red and state.ph_owner[p.index] == seat
        )
    if counts == "dams_linked_by_own_conduit_to_own_powerhouse":
        my_ph = {p.zone for p in b.powerhouses if state.ph_owner[p.index] == seat}
        linked = {c.zone for c in b.conduits if state.conduit_owner[c.index] == seat and c.to_zone in my_ph}
        return sum(1 for d in b.dams if state.dam_owner[d.index] == seat and d.zone in linked)
    if counts == "structures_in_best_area":
        return max(structures_by_area(r, state, seat))
    if counts == "structures_in_worst_area":
        return min(structures_by_area(r, state, seat))
    if counts == "basins_with_1_structure":
        return sum(1 for v in structures_by_basin(r, state, seat).values() if v >= 1)
    if counts == "basins_with_3_structures":
        return sum(1 for v in structures_by_basin(r, state, seat).values() if v >= 3)
    return r.extra_count(state, seat, counts)


def held_water(r: BarrageGame, state: State, seat: int) -> int:
    return sum(w for o, w in zip(state.dam_owner, state.dam_water, strict=True) if o == seat)


def final_scoring(r: BarrageGame, state: State) -> None:
    """B-20.2–B-20.4: objective tile, leftover resources, water behind own dams."""
    n = len(state.players)
    counts = [objective_count(r, state, seat, r.objective_table[state.objective]) for seat in range(n)]
    awards = list(r.objective_awards[: 2 if n == 2 else 3])
    objective_vp = split_places(counts, awards, [True] * n)
    for seat, vp in enumerate(objective_vp):
        r.add_vp(state, seat, vp, sources.OBJECTIVE)
    per_vp = r.consts["resources_per_vp"]
    parts = []
    units = []
    for seat, p in enumerate(state.players):
        units.append(p.credits + p.excavators + p.mixers)
        resources = units[-1] // per_vp
        water = held_water(r, state, seat) * r.consts["vp_per_held_water"]
        r.add_vp(state, seat, resources, sources.RESOURCES)
        r.add_vp(state, seat, water, sources.WATER)
        parts.append((objective_vp[seat], resources, water))
    if r.telling():
        narration.final_scoring(r, state, parts, counts, units)
    state.finished = True
