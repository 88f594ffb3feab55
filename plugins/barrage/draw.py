"""The Barrage board as a picture (``turbine_draw``): a schematic of the map, the energy
track and each company.

The map is drawn as a schematic, not the printed board: one box per basin
(B-3.1.2), in rows from the mountains down to the plains (the basin's tier), each
box tinted by its area.  The headstreams (B-3.1.4) sit above the basins they
feed, with their tile and the water waiting; the river (B-3.1.3) runs as arrows
from each basin to the next, down to the sea.  Inside a basin: its dam sites
(B-3.2) with owner, height and the water held against the dam's capacity; its
conduits (B-3.4) with their value and the basin they lead to; its powerhouse
sites (B-3.3).  A red-framed space (B-0.4) has a red frame and a ``+3`` tag, so
the surcharge never depends on seeing red.

A basin's column follows the river: the mountain basins stand in map order and
each lower basin under the mean of the basins that flow into it, pushed right
when two would touch, so the river arrows run down without crossing a box.

Companies are drawn in their seat colour (:func:`turbine.core.drawing.seat_colour`,
colour-blind safe) and named, and every owned piece carries the seat number.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from turbine.core.drawing import Canvas, Group, seat_colour, seat_ink
from turbine.core.layout import plural

from .decisions.words import OBJECTIVE_TEXT, contract_text
from .render import AREA_TITLES, bonus_text
from .state import WHEEL_SECTORS, State
from .tables import NEUTRAL, NOBODY, PIECES, STRUCTURES, headstream_tiles

if TYPE_CHECKING:
    from .api import BarrageGame

BOX_W = 262
BOX_H = 156
COLUMN = 290
ROW = 206
TOP = 70
AREA_TINTS = ("#DCE3EC", "#DDEBD5", "#F3EBCB")
"""Mountains, hills, plains: pale tints, so owners' colours stand out on them."""
RED = "#C0182B"
NEUTRAL_FILL = "#9E9E9E"
SIDE = 470
WHEEL_WORDS = {
    "base": "base",
    "elevation": "elev.",
    "conduit": "cond.",
    "powerhouse": "power",
    "joker": "joker",
}
"""Tile names short enough for a sector of the wheel (special tiles keep their id)."""
LEGEND = (
    "×N conduit value · → where a conduit leads · +3 red frame (B-0.4) · "
    "● water held / dam capacity · numbers: seats"
)


def draw(r: BarrageGame, state: State, seat: int | None, canvas: Canvas) -> None:
    """The map on the left; the round, the energy track and the companies beside it."""
    _map(r, state, canvas)
    _round(r, state, canvas)
    _energy(r, state, canvas)
    _companies(r, state, canvas)


def owner_name(r: BarrageGame, state: State, owner: int) -> str:
    """An owner code in words: the company's name, ``neutral`` or ``free``."""
    if owner == NEUTRAL:
        return "neutral"
    if owner < 0:
        return "free"
    name = r.company(state, owner).name
    return str(name) if name else r.player_name(owner)


def _columns(r: BarrageGame) -> dict[int, float]:
    """Each basin's column (a float): see the module's docstring."""
    b = r.water_board
    column: dict[int, float] = {}
    for tier in sorted({basin.tier for basin in b.basins}):
        row = [basin for basin in b.basins if basin.tier == tier]
        wanted: list[tuple[float, int]] = []
        for i, basin in enumerate(row):
            sources = [column[s.index] for s in b.basins if s.river_to == basin.index and s.index in column]
            wanted.append((sum(sources) / len(sources) if sources else float(i), basin.index))
        last = -1.0
        for want, index in sorted(wanted):
            column[index] = max(want, last + 1)
            last = column[index]
    return column


def _map(r: BarrageGame, state: State, canvas: Canvas) -> None:
    b = r.water_board
    column = _columns(r)
    tiers = max(basin.tier for basin in b.basins) + 1
    width = (max(column.values()) + 1) * COLUMN
    height = TOP + tiers * ROW + 30
    panel = canvas.panel("map", "The map: headstreams, basins and the river (schematic)", width, height)
    spot: dict[int, tuple[float, float]] = {
        basin.index: (column[basin.index] * COLUMN + (COLUMN - BOX_W) / 2, TOP + basin.tier * ROW)
        for basin in b.basins
    }
    rivers = panel.group(cls="rivers")
    for basin in b.basins:
        x, y = spot[basin.index]
        start = (x + BOX_W / 2, y + BOX_H)
        if basin.river_to < 0:
            end = (start[0], y + BOX_H + 34)
            rivers.text(end[0] + 6, end[1] - 4, "to the sea", size=11, fill="#1F5FA8")
        else:
            tx, ty = spot[basin.river_to]
            end = (tx + BOX_W / 2 + (start[0] - tx - BOX_W / 2) * 0.35, ty)
        _arrow(rivers, start, end, cls="river", data={"from": basin.id, "to": _river_to(r, basin.river_to)})
    caps = r.capacities(state)
    tiles = headstream_tiles()
    for h, name in enumerate(r.board.headstreams):
        x, y = spot[b.headstream_basin[h]]
        cx = x + BOX_W / 2  # one headstream per mountain basin on the base map
        tile = state.headstream_tiles[h]
        group = panel.group(cx, 8, cls="headstream", data={"name": name, "tile": tile})
        group.circle(0, 14, 13, fill="#1F5FA8", stroke="#0B2E57")
        group.text(0, 19, name, size=13, anchor="middle", weight="bold", fill="#FFFFFF")
        per_round = "/".join(str(n) for n in tiles.get(tile, ()))
        group.text(18, 11, f"{tile} ({per_round})", size=10.5)
        group.text(18, 25, f"{state.headstream_water[h]} water waiting", size=10.5, cls="waiting")
        _arrow(panel, (cx, 36), (cx, y), cls="headstream-flow")
    for basin in b.basins:
        x, y = spot[basin.index]
        _basin(r, state, panel.group(x, y, cls="basin", data={"basin": basin.id}), basin.index, caps)
    panel.text(0, height - 4, LEGEND, size=11, fill="#333333", cls="legend")


def _river_to(r: BarrageGame, index: int) -> str:
    return "sea" if index < 0 else r.water_board.basins[index].id


def _arrow(
    group: Group,
    start: tuple[float, float],
    end: tuple[float, float],
    *,
    cls: str,
    data: dict[str, Any] | None = None,
) -> None:
    """A blue line with a head at ``end`` (water's way)."""
    (x1, y1), (x2, y2) = start, end
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-6)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    base = (x2 - ux * 10, y2 - uy * 10)
    arrow = group.group(cls=cls, data=data)
    arrow.line(x1, y1, base[0], base[1], stroke="#1F5FA8", stroke_width=3)
    arrow.polygon(
        [(x2, y2), (base[0] - uy * 6, base[1] + ux * 6), (base[0] + uy * 6, base[1] - ux * 6)],
        fill="#1F5FA8",
        stroke=None,
    )


def _red_tag(group: Group, x: float, y: float) -> None:
    """The ``+3`` of a red frame (B-0.4): a second clue besides the colour."""
    group.rect(x - 11, y - 6, 22, 12, fill=RED, stroke=None, rx=3, cls="red-tag")
    group.text(x, y + 3.5, "+3", size=9, anchor="middle", weight="bold", fill="#FFFFFF")


def _basin(r: BarrageGame, state: State, box: Group, index: int, caps: list[int]) -> None:
    b = r.water_board
    basin = b.basins[index]
    box.rect(0, 0, BOX_W, BOX_H, fill=AREA_TINTS[basin.area], stroke="#5A6B7D", stroke_width=1.2, rx=8)
    title = f"{basin.id} · {AREA_TITLES[basin.area].lower()}"
    box.text(8, 15, title, size=12, weight="bold", cls="basin-title")
    for i, d in enumerate(basin.dams):
        _dam(r, state, box, 8 + i * 125, 22, d, caps[d])
    for i, c in enumerate(basin.conduits_out):
        site = b.conduits[c]
        owner = state.conduit_owner[c]
        x = 8 + i * 125
        built = owner >= 0
        group = box.group(
            x,
            84,
            cls="conduit",
            data={
                "site": site.id,
                "value": site.value,
                "to": f"Z-{site.to_zone}",
                "owner": owner_name(r, state, owner),
            },
        )
        group.rect(
            0,
            0,
            120,
            22,
            fill=seat_colour(owner) if built else "#FFFFFF",
            stroke="#333333",
            stroke_width=1,
            rx=11,
        )
        ink = seat_ink(owner) if built else "#111111"
        who = f" · {owner + 1}" if built else ""
        group.text(
            60, 15, f"{site.id} ×{site.value} → Z-{site.to_zone}{who}", size=10.5, anchor="middle", fill=ink
        )
    for i, p in enumerate(basin.powerhouses):
        ph = b.powerhouses[p]
        owner = state.ph_owner[p]
        x = 8 + i * 32
        group = box.group(
            x,
            114,
            cls="powerhouse",
            data={"site": ph.id, "owner": owner_name(r, state, owner), "red": ph.red},
        )
        group.rect(
            0,
            0,
            28,
            28,
            fill=seat_colour(owner) if owner >= 0 else "#FFFFFF",
            stroke=RED if ph.red else "#555555",
            stroke_width=3 if ph.red else 1.2,
            rx=3,
        )
        if owner >= 0:
            group.text(14, 19, str(owner + 1), size=12, anchor="middle", weight="bold", fill=seat_ink(owner))
        elif ph.red:
            group.text(14, 18, "+3", size=10, anchor="middle", weight="bold", fill=RED)
        else:
            group.text(14, 18, "P", size=10, anchor="middle", fill="#777777")
    if basin.powerhouses:
        x = 8 + len(basin.powerhouses) * 32 + 4
        box.text(x, 133, "powerhouse sites", size=10, fill="#444444")


def _dam(r: BarrageGame, state: State, box: Group, x: float, y: float, d: int, cap: int) -> None:
    site = r.board.dams[d]
    owner = state.dam_owner[d]
    height = state.dam_height[d]
    water = state.dam_water[d]
    group = box.group(
        x,
        y,
        cls="dam",
        data={
            "site": site.id,
            "owner": owner_name(r, state, owner),
            "height": height,
            "water": water,
            "red": site.red,
        },
    )
    if owner == NOBODY:
        fill, ink = "#FFFFFF", "#111111"
    elif owner == NEUTRAL:
        fill, ink = NEUTRAL_FILL, "#000000"
    else:
        fill, ink = seat_colour(owner), seat_ink(owner)
    group.rect(
        0,
        0,
        120,
        56,
        fill=fill,
        stroke=RED if site.red else "#333333",
        stroke_width=3 if site.red else 1.2,
        rx=4,
    )
    if owner == NOBODY:
        group.text(8, 17, f"{site.id} dam site", size=11, weight="bold", fill=ink)
        group.text(8, 34, "free", size=10.5, fill="#555555")
    else:
        group.text(
            8, 16, _short(f"{site.id} {owner_name(r, state, owner)}", 17), size=10.5, weight="bold", fill=ink
        )
        who = "" if owner < 0 else f" · seat {owner + 1}"
        group.text(8, 31, f"height {height}{who}", size=10.5, fill=ink)
    if owner != NOBODY:
        # the water held, as drops against the capacity of the dam (B-12.3)
        for i in range(max(cap, water)):
            group.circle(
                12 + i * 13,
                45,
                5,
                fill="#1F5FA8" if i < water else "#FFFFFF",
                stroke="#0B2E57",
                stroke_width=0.8,
            )
        group.text(12 + max(cap, 1) * 13, 49, f"{water}/{cap}", size=10, fill=ink)
    if site.red and owner == NOBODY:
        _red_tag(group, 104, 44)


# -- beside the map ------------------------------------------------------------------


def _round(r: BarrageGame, state: State, canvas: Canvas) -> None:
    round_no = min(state.flow.round, 5)
    panel = canvas.panel("round", f"Round {round_no} of 5", SIDE, 30 + 15 * len(state.bonus_tiles), side=True)
    to_move = r.to_move(state)
    over = to_move is None  # as Rules.is_over: nobody is to move only once the game is over
    status = "game over" if over else r.phase_name(state)
    if to_move is not None:
        who = owner_name(r, state, to_move)
        player = r.player_name(to_move)
        named = "" if who == player else f" ({player})"
        status += f" · {who}{named} to decide"
    panel.text(0, 13, status, size=12, weight="bold", cls="status")
    for i, tile in enumerate(state.bonus_tiles):
        vp_each, counts, _ = r.bonus_table[tile]
        now = i + 1 == round_no and not over
        panel.text(
            0,
            30 + i * 15,
            f"round {i + 1}: {tile}, {vp_each} VP {bonus_text(counts)}" + (" (now)" if now else ""),
            size=11,
            weight="bold" if now else None,
            fill="#111111" if i + 1 >= round_no and not over else "#777777",
            cls="bonus-tile",
        )
    counts = r.objective_table[state.objective]
    panel.text(
        0,
        30 + len(state.bonus_tiles) * 15,
        f"objective {state.objective}: most {OBJECTIVE_TEXT.get(counts, counts)}",
        size=11,
        cls="objective",
    )


def _energy(r: BarrageGame, state: State, canvas: Canvas) -> None:
    """The energy track (B-18): a scale to 30 with each company's marker and the
    round's full-bonus mark."""
    panel = canvas.panel("energy", "Energy track (this round)", SIDE, 90, side=True)
    step = (SIDE - 20) / 30
    track = panel.group(0, 0, cls="energy-track")
    for n in range(31):
        x = 10 + n * step
        track.line(x, 52, x, 58 if n % 5 else 62, stroke="#555555", stroke_width=1)
        if n % 5 == 0:
            track.text(x, 74, str(n), size=10, anchor="middle", fill="#333333")
    track.line(10, 52, 10 + 30 * step, 52, stroke="#555555", stroke_width=1.5)
    round_no = min(state.flow.round, 5)
    full = r.consts["bonus_section_size"] * round_no
    if full <= 30:
        x = 10 + full * step
        track.line(x, 46, x, 66, stroke=RED, stroke_width=2, dash="3 2")
        track.text(
            x, 88, f"full bonus from {full}", size=10, anchor="end" if full > 22 else "middle", fill=RED
        )
    stacked: dict[int, int] = {}
    for seat, player in enumerate(state.players):
        at = min(player.energy, 30)
        height = stacked.get(at, 0)
        stacked[at] = height + 1
        track.piece(10 + at * step, 42 - height * 12, seat, r=6, cls="energy-marker")


def _companies(r: BarrageGame, state: State, canvas: Canvas) -> None:
    order = {s: i + 1 for i, s in enumerate(state.turn_order)}
    for seat, player in enumerate(state.players):
        company = owner_name(r, state, seat)
        officer = r.officers[player.officer].name if player.officer else "no officer yet"
        rows = min(len(player.contracts), 3) + (1 if player.fulfilled else 0)
        panel = canvas.panel(
            f"company-{seat + 1}",
            f"Seat {seat + 1} · {r.player_name(seat)}"
            + ("" if company == r.player_name(seat) else f": {company}"),
            SIDE,
            112 + rows * 14,
            side=True,
        )
        group = panel.group(cls="company", data={"seat": seat + 1, "company": company, "vp": player.vp})
        group.rect(0, 0, 18, 18, fill=seat_colour(seat), stroke="#222222", rx=3)
        group.text(9, 13, str(seat + 1), size=11, anchor="middle", weight="bold", fill=seat_ink(seat))
        group.text(
            26,
            14,
            f"{player.vp} VP · energy {player.energy} · turn {order.get(seat, '-')} · {officer}",
            size=11.5,
            weight="bold",
        )
        group.text(
            26,
            31,
            f"supply: {plural(player.credits, 'credit')}, {plural(player.excavators, 'excavator')}, "
            f"{plural(player.mixers, 'mixer')}",
            size=11,
            cls="supply",
        )
        group.text(26, 46, f"engineers {player.engineers}/12 · constructions {player.spaces_used}/4", size=11)
        left = " · ".join(f"{STRUCTURES[k]} {PIECES[k] - player.built[k]}" for k in range(4))
        group.text(26, 61, f"left: {left}", size=10.5)
        group.text(26, 76, _short("tiles: " + (" ".join(player.tiles) or "none"), 54), size=10.5)
        y = 91
        for contract in player.contracts[:3]:
            group.text(26, y, _short(contract_text(r, contract), 54), size=10.5, cls="contract")
            y += 14
        if player.fulfilled:
            group.text(
                26, y, _short("fulfilled: " + " ".join(player.fulfilled), 54), size=10.5, fill="#444444"
            )
        _wheel(group, SIDE - 48, 62, player)


def _short(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters (ending with an ellipsis), so a line fits its panel."""
    return text if len(text) <= width else text[: width - 1] + "…"


def _wheel(group: Group, cx: float, cy: float, player: Any) -> None:
    """The construction wheel (B-8.4): six sectors, the open one marked, each with
    its tile and machinery."""
    wheel = group.group(cx, cy, cls="wheel")
    wheel.circle(0, 0, 46, fill="#FFFFFF", stroke="#333333")

    for k in range(WHEEL_SECTORS):
        angle = -math.pi / 2 + (k - player.wheel_open) * 2 * math.pi / WHEEL_SECTORS
        edge = angle - math.pi / WHEEL_SECTORS
        wheel.line(0, 0, 46 * math.cos(edge), 46 * math.sin(edge), stroke="#999999", stroke_width=0.8)
        x, y = 30 * math.cos(angle), 30 * math.sin(angle)
        tile = player.wheel_tile[k]
        machinery = " ".join(
            t
            for t in (
                f"{player.wheel_exc[k]}e" if player.wheel_exc[k] else "",
                f"{player.wheel_mix[k]}m" if player.wheel_mix[k] else "",
            )
            if t
        )
        if k == player.wheel_open:
            wheel.text(x, y + 3, "open", size=8.5, anchor="middle", weight="bold", fill="#1F5FA8")
        if tile:
            wheel.text(x, y - 1, WHEEL_WORDS.get(tile, tile), size=7.5, anchor="middle", cls="wheel-tile")
        if machinery:
            wheel.text(x, y + 9, machinery, size=8, anchor="middle")
    wheel.circle(0, 0, 3, fill="#333333", stroke=None)
