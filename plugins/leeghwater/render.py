"""The additional management board as text, under Barrage's board (``turbine_render_extra``)."""

from __future__ import annotations

from typing import Any

from . import store as lw


def _cost(m: Any) -> str:
    return f"{m.excavators}e {m.mixers}m"


def _reward(w: Any) -> str:
    parts = [f"{p.amount} {p.kind}" for p in w.reward]
    if w.special:
        parts.append(w.special)
    return ", ".join(parts)


def _seat(seat: int) -> str:
    return f"P{seat + 1}"


def render(rules: Any, state: Any) -> str:
    s = lw.shared(state)
    lines = ["Leeghwater: additional management board"]
    stacks = " ".join(f"{name} {len(stack)}" for name, stack in zip("ABC", s.ew_stacks, strict=True))
    lines.append(f"  External works (2 engineers each; stacks {stacks}):")
    for i, w in enumerate(s.ew_display):
        if w:
            tile = lw.work(w)
            lines.append(f"    LW-EW{i + 1}: {w} pay {_cost(tile.cost)} -> {_reward(tile)}")
        else:
            lines.append(f"    LW-EW{i + 1}: empty")
    lines.append("  Private buildings (building spaces: . free, # blocked, Pn built; * red frame):")
    frames = lw.data().board.building_spaces
    for slot, pb in enumerate(s.buildings):
        b = lw.building(pb)
        spaces = " ".join(
            ("#" if o == lw.BLOCKED else "." if o == lw.FREE else _seat(o))
            + ("*" if frames[i].red_frame else "")
            for i, o in enumerate(s.spaces[slot])
        )
        nxt = "right" if s.left[slot] else "left"
        lines.append(
            f"    {pb} {b.name}: build {_cost(b.cost)}, {b.vp} VP; [{spaces}]; next action space {nxt}"
        )
    for seat, player in enumerate(state.players):
        mine = lw.extension(player)
        if mine is None:
            continue
        works = ", ".join(mine.works) or "none"
        lines.append(f"  {_seat(seat)}: external works {works}; building pieces left {mine.pieces}")
    return "\n".join(lines)
