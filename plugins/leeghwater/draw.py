"""The additional management board as a picture, beside Barrage's (``turbine_draw``).

Barrage draws its own board and knows nothing of this expansion; this module
adds one panel: the external works on display (L-5.4.2) with what they cost
and give and how many wait face down in each stack; the five private
buildings (L-3.4) with their cost, end-game VP and four building spaces (who
built there, a blocked space crossed out, a red frame, L-6.5, tagged ``+3``);
and each company's external works and building pieces left (L-3.9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core.drawing import Canvas, Group, seat_colour, seat_ink

from . import store as lw
from .render import machinery, work_reward

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import State

SIDE = 470
"""The width of Barrage's side panels, so this one lines up with them."""
RED = "#C0182B"
"""Barrage's red frame."""
WORK_W = (SIDE - 16) / 3


def owner_name(rules: BarrageGame, state: State, owner: int) -> str:
    """Who built on a building space, named as on Barrage's board (the player's name before
    the draft)."""
    return str(rules.company(state, owner).name or rules.player_name(owner))


def draw(rules: BarrageGame, state: State, seat: int | None, canvas: Canvas) -> None:
    """The panel of the additional management board, once it is set up."""
    if getattr(state.ext, lw.KEY, None) is None:
        return
    s = lw.shared(state)
    companies = [i for i, p in enumerate(state.players) if lw.extension(p) is not None]
    height = 96 + 38 * len(s.buildings) + 16 * len(companies) + 8
    panel = canvas.panel(
        "leeghwater", "Leeghwater: additional management board", SIDE, height, side=True, order=10
    )
    stacks = ", ".join(f"{name} {len(stack)}" for name, stack in zip("ABC", s.ew_stacks, strict=True))
    panel.text(0, 12, f"External works (face down: {stacks})", size=11.5, weight="bold")
    for i, w in enumerate(s.ew_display):
        _work(panel, i * (WORK_W + 8), 20, w)
    y = 100.0
    panel.text(
        0, y, "Private buildings (build cost → VP at the end; building spaces)", size=11.5, weight="bold"
    )
    frames = lw.data().board.building_spaces
    for slot, pb in enumerate(s.buildings):
        b = lw.building(pb)
        row = panel.group(0, y + 8 + slot * 38, cls="private-building", data={"building": pb})
        row.text(0, 13, f"{pb} {b.name}", size=11, weight="bold")
        row.text(0, 28, f"{machinery(b.cost)} → {b.vp} VP", size=10.5, fill="#333333")
        for i, owner in enumerate(s.spaces[slot]):
            _space(rules, state, row, SIDE - 4 * 34 + i * 34, 2, owner, frames[i].red_frame)
    y += 8 + 38 * len(s.buildings) + 12
    for n, who in enumerate(companies):
        mine = lw.extension(state.players[who])
        assert mine is not None
        works = ", ".join(mine.works) or "none"
        panel.text(
            0,
            y + n * 16,
            f"{owner_name(rules, state, who)} ({rules.player_name(who)}): external works {works}; "
            f"building pieces left {mine.pieces}",
            size=10.5,
            cls="extension",
        )


def _work(panel: Group, x: float, y: float, w: str) -> None:
    card = panel.group(x, y, cls="external-work", data={"work": w or "empty"})
    card.rect(0, 0, WORK_W, 62, fill="#FFFFFF" if w else "#EEEEEE", stroke="#555555", rx=4)
    if not w:
        card.text(WORK_W / 2, 35, "empty", size=11, anchor="middle", fill="#777777")
        return
    tile = lw.work(w)
    card.text(6, 14, w, size=11, weight="bold")
    card.text(6, 30, "give " + machinery(tile.cost), size=10, fill="#333333")
    reward = work_reward(tile, short=True)
    words = reward.split(" + ")
    lines: list[str] = []
    for word in words:  # at most two short lines of the reward
        if lines and len(lines[-1]) + len(word) + 3 <= 24:
            lines[-1] += " + " + word
        else:
            lines.append(word)
    for i, line in enumerate(lines[:2]):
        text = line if len(line) <= 24 else line[:23] + "…"
        if i == 1 and len(lines) > 2:
            text = text[:22] + " …"
        card.text(6, 44 + i * 12, text, size=10)


def _space(rules: BarrageGame, state: State, row: Group, x: float, y: float, owner: int, red: bool) -> None:
    space = row.group(
        x,
        y,
        cls="building-space",
        data={
            "owner": owner_name(rules, state, owner)
            if owner >= 0
            else ("blocked" if owner == lw.BLOCKED else "free"),
            "red": red,
        },
    )
    fill = seat_colour(owner) if owner >= 0 else "#DDDDDD" if owner == lw.BLOCKED else "#FFFFFF"
    space.rect(
        0, 0, 28, 28, fill=fill, stroke=RED if red else "#555555", stroke_width=3 if red else 1.2, rx=3
    )
    if owner >= 0:
        space.text(14, 19, str(owner + 1), size=12, anchor="middle", weight="bold", fill=seat_ink(owner))
    elif owner == lw.BLOCKED:
        space.line(4, 4, 24, 24, stroke="#777777", stroke_width=1.5)
        space.line(24, 4, 4, 24, stroke="#777777", stroke_width=1.5)
    elif red:
        space.text(14, 18, "+3", size=10, anchor="middle", weight="bold", fill=RED)
