"""A text view of a Barrage game: the map by basin, headstreams, companies,
the management board, the energy track and scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import BLOCKED, State
from .tables import AREAS, NEUTRAL, NOBODY, PIECES, STRUCTURES

if TYPE_CHECKING:
    from .rules import BarrageRules


def _who(r: BarrageRules, owner: int) -> str:
    if owner == NEUTRAL:
        return "neutral"
    return r.company_of[owner].name


def render(r: BarrageRules, state: State, seat: int | None) -> str:
    b = r.board
    lines = [
        f"Round {state.flow.round}/5 · {r.phase_name(state)} · bonus tile "
        f"{state.bonus_tiles[min(state.flow.round, 5) - 1]} · objective {state.objective}"
    ]
    heads = "  ".join(
        f"{h}({tile}): {state.headstream_water[i]} water"
        for i, (h, tile) in enumerate(zip(b.headstreams, state.headstream_tiles, strict=True))
    )
    lines.append(f"Headstreams: {heads}")
    lines.append("Map:")
    for z in b.zones:
        parts = []
        for d in b.dams_in_zone[z]:
            owner = state.dam_owner[d]
            red = "*" if b.dams[d].red else ""
            if owner == NOBODY:
                parts.append(f"{b.dams[d].id}{red} -")
            else:
                parts.append(
                    f"{b.dams[d].id}{red} {_who(r, owner)} h{state.dam_height[d]} w{state.dam_water[d]}"
                )
        for p in b.powerhouses_in_zone[z]:
            owner = state.ph_owner[p]
            if owner != NOBODY:
                parts.append(f"{b.powerhouses[p].id} PH {_who(r, owner)}")
        free_ph = sum(1 for p in b.powerhouses_in_zone[z] if state.ph_owner[p] == NOBODY)
        if b.powerhouses_in_zone[z]:
            parts.append(f"{free_ph} PH space(s) free")
        for c in b.conduits:
            if c.zone == z:
                owner = state.conduit_owner[c.index]
                who = _who(r, owner) if owner != NOBODY else "-"
                parts.append(f"{c.id} v{c.value}->Z{c.to_zone} {who}")
        lines.append(f"  Z-{z} ({AREAS[b.zone_area[z]]}): " + "; ".join(parts))
    lines.append("Companies (turn order " + ", ".join(r.company_of[s].name for s in state.turn_order) + "):")
    for i, p in enumerate(state.players):
        left = " ".join(f"{STRUCTURES[k]} {PIECES[k] - p.built[k]}" for k in range(4))
        wheel = []
        for k in range(len(p.wheel_tile)):
            mark = "[open]" if k == p.wheel_open else ""
            content = ",".join(
                x
                for x in (
                    p.wheel_tile[k],
                    f"{p.wheel_exc[k]}e" if p.wheel_exc[k] else "",
                    f"{p.wheel_mix[k]}m" if p.wheel_mix[k] else "",
                )
                if x
            )
            wheel.append(f"{mark}{content or '.'}")
        lines.append(
            f"  {r.company_of[i].name} / {r.officer_of[i].name}: {p.vp} VP, energy {p.energy}, "
            f"{p.credits} credits, {p.excavators} excavators, {p.mixers} mixers, "
            f"{p.engineers} engineers, constructions used {p.spaces_used}/4"
        )
        lines.append(f"     left: {left} · tiles: {' '.join(p.tiles) or '-'} · wheel: {' '.join(wheel)}")
        lines.append(
            f"     contracts: {' '.join(p.contracts) or '-'} · fulfilled: {' '.join(p.fulfilled) or '-'}"
        )
    board_parts = []
    for i, space in enumerate(r.spaces):
        o = state.spaces[i]
        if space.kind == "bank":
            continue
        who = "blocked" if o == BLOCKED else "free" if o == NOBODY else r.company_of[o].name
        board_parts.append(f"{space.id}:{who}")
    lines.append("Management board: " + " ".join(board_parts))
    lines.append("Bank: " + ", ".join(f"{r.company_of[s].name} {n}" for s, n in enumerate(state.bank) if n))
    display = " | ".join(" ".join(c or "--" for c in slots) for slots in state.display)
    lines.append(f"Private contracts: {display} · national: {' '.join(state.nationals) or '-'}")
    extra = r.pm.hook.turbine_render_extra(rules=r, state=state, seat=seat)
    lines.extend(x for x in extra if x)
    return "\n".join(lines)
