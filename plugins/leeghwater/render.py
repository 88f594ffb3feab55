"""The additional management board in words (the ``leeghwater`` view):
the external works on display with what they cost and give, the private buildings with
what their action does and who built where, and each company's extension.  Companies
are named as on Barrage's board; ids are spelled as the moves spell them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turbine.plugins.barrage.decisions import reward_text

from . import store as lw

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State


def machinery(m: Any) -> str:
    """``1 excavator + 2 mixers`` (``nothing`` for a cost of none, AT-B2)."""
    parts = [
        f"{n} {word}{'s' if n != 1 else ''}"
        for n, word in ((m.excavators, "excavator"), (m.mixers, "mixer"))
        if n
    ]
    return " + ".join(parts) or "nothing"


def machinery_short(m: Any) -> list[str]:
    """``["1 exc", "2 mix"]``: the units as Barrage's menus write them (none for a cost of none)."""
    return [f"{n} {word}" for n, word in ((m.excavators, "exc"), (m.mixers, "mix")) if n]


def work_reward(w: Any, short: bool = False) -> str:
    """An external work's reward in words: its parts, then its special symbol (L-5.12);
    ``short``: the symbol's first clause only (for menus)."""
    parts = [
        reward_text(
            tuple((p.kind, p.amount, 5 if p.max_value is None else p.max_value, ()) for p in w.reward)
        )
    ]
    if w.special:
        special = next(r for r in lw.data().external_works.special_rewards if r.id == w.special)
        text = (special.text.split(";")[0] if short else special.text).rstrip(".")
        if parts[0]:  # after the reward's parts: "4 VP + build a base …"
            text = text[0].lower() + text[1:]
        parts.append(f"{text} ({w.special})")
    return " + ".join(p for p in parts if p)


def company(rules: BarrageGame, state: State, seat: int) -> str:
    return str(rules.company(state, seat).name or rules.player(seat))


def render(rules: BarrageGame, state: State) -> str:
    lines = ["Leeghwater: additional management board", *board_lines(rules, state)]
    for seat in range(len(state.players)):
        line = company_line(state, seat)
        if line is not None:
            lines.append(f"  {company(rules, state, seat)}: {line}")
    return "\n".join(lines)


def board_lines(rules: BarrageGame, state: State) -> list[str]:
    """The additional board's action spaces (L-4.3): the external works on display, and the
    private buildings with who built where; under the expansion's heading here, and on
    Barrage's management board (the ``actions`` view) beside Barrage's own spaces."""
    s = lw.shared(state)
    lines = []
    stacks = ", ".join(f"{name} {len(stack)}" for name, stack in zip("ABC", s.ew_stacks, strict=True))
    lines.append(
        f"  External works (2 engineers; give up the machinery, take the reward; face down: {stacks}):"
    )
    for i, w in enumerate(s.ew_display):
        if w:
            tile = lw.work(w)
            lines.append(f"    LW-EW{i + 1}: {w}: give {machinery(tile.cost)} → {work_reward(tile)}")
        else:
            lines.append(f"    LW-EW{i + 1}: empty")
    lines.append(
        "  Private buildings (building spaces: . free, # blocked, or who built; * red frame +3 credits):"
    )
    frames = lw.data().board.building_spaces
    for slot, pb in enumerate(s.buildings):
        b = lw.building(pb)
        spaces = " ".join(
            ("#" if o == lw.BLOCKED else "." if o == lw.FREE else company(rules, state, o))
            + ("*" if frames[i].red_frame else "")
            for i, o in enumerate(s.spaces[slot])
        )
        nxt = "right" if s.left[slot] else "left"
        lines.append(f"    {pb} {b.name}: build for {machinery(b.cost)}, {b.vp} VP at the end; [{spaces}]")
        lines.append(f"      action (builders only; next: the {nxt} action space): {b.effect_text}")
    return lines


def company_line(state: State, seat: int) -> str | None:
    """The seat's part of the expansion: the external works it took (L-5.2), the private
    buildings it activated, those used this round (L-7.4), and its building pieces left
    (L-3.9.2); ``None`` for a company without the extension."""
    mine = lw.extension(state.players[seat])
    if mine is None:
        return None
    s = lw.shared(state)
    built = [
        f"{pb} (used this round)" if mine.used[slot] else pb
        for slot, pb in enumerate(s.buildings)
        if seat in s.spaces[slot]
    ]
    works = ", ".join(mine.works) or "none"
    buildings = ", ".join(built) or "none"
    return f"external works {works} · buildings {buildings} · building pieces left {mine.pieces}"
