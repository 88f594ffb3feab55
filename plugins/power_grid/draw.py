"""The Power Grid board as a picture (``turbine_draw``): the map, the markets and the players.

The map panel puts every city at its place on the board (:mod:`.draw_data`),
on a tint of its region's colour; a region out of play is grey and its links
dashed.  A city shows its building spaces left to right, cheapest first
(T-9: 10, 15, 20, or the two spaces of a Japanese small city), each with its
cost while free and a house in the builder's seat colour, numbered with the
seat, once taken; a space that opens only in a later Step is shaded.  Japan's
start cities (P-12.7) have a thick black frame.  Links carry their cost
(an unprinted link, P-6.6, none).

Beside the map: the round, Step and player order; the plant market (actual and
future, P-2.7; one row in Step 3); the resource market with the tokens on each
price space (T-5); and each player's money, cities, plants and fuel.  City
labels are placed where they cover no other city or label (below, above, right
or left, the first that is free), so the picture stays readable where cities
are close.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core.drawing import Canvas, Group, Panel, seat_colour, seat_ink
from turbine.core.layout import plural

from .actions import plant_label
from .data_model import RESOURCES, load_rules, plants_by_key
from .draw_data import positions
from .phases import PHASES
from .plants import max_powerable
from .state import HIDDEN, STEP3, State

if TYPE_CHECKING:
    from .rules import PowerGridRules

SCALE = 0.34
MARGIN = 34
LEGEND = 46
SPACE_R = 6.5
SPACE_GAP = 14
REGION_COLOURS = {
    "green": "#7FBF7B",
    "pink": "#F29CC4",
    "red": "#E8776A",
    "yellow": "#E6CF45",
    "purple": "#A98BD2",
    "brown": "#B48A5C",
}
OUT_OF_PLAY = "#D9D9D9"
RESOURCE_COLOURS = {"coal": "#8C5A2B", "oil": "#2B2B2B", "garbage": "#E3C23B", "uranium": "#C8102E"}
RESOURCE_INKS = {"coal": "#FFFFFF", "oil": "#FFFFFF", "garbage": "#000000", "uranium": "#FFFFFF"}
FUEL_COLOURS = {
    **RESOURCE_COLOURS,
    "hybrid": "#5E4636",
    "eco": "#5DAE5B",
    "fusion": "#7E57C2",
    "any": "#8A8A8A",
}
FUEL_INKS = {**RESOURCE_INKS, "hybrid": "#FFFFFF", "eco": "#000000", "fusion": "#FFFFFF", "any": "#000000"}
FUEL_WORDS = {"hybrid": "coal/oil", "any": "any"}

Box = tuple[float, float, float, float]


def draw(rules: PowerGridRules, state: State, seat: int | None, canvas: Canvas) -> None:
    """Draw the whole board: the map on the left, the rest beside it."""
    _map(rules, state, canvas)
    _round(rules, state, canvas)
    _plant_market(rules, state, canvas)
    _resources(state, canvas)
    _players(rules, state, canvas)


# -- the map -------------------------------------------------------------------------


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _label_box(x: float, y: float, text: str, size: float, anchor: str) -> Box:
    width = len(text) * size * 0.58
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return (left, y - size * 0.8, left + width, y + size * 0.25)


def _map(rules: PowerGridRules, s: State, canvas: Canvas) -> None:
    m = rules.map
    where = positions(m.name)
    xs = [p[0] for p in where.values()]
    ys = [p[1] for p in where.values()]
    x0, y0 = min(xs), min(ys)
    width = (max(xs) - x0) * SCALE + 2 * MARGIN
    height = (max(ys) - y0) * SCALE + 2 * MARGIN

    def at(city: int) -> tuple[float, float]:
        x, y = where[m.cities[city].name]
        return (x - x0) * SCALE + MARGIN, (y - y0) * SCALE + MARGIN

    panel = canvas.panel("map", f"{m.title}: the map", width, height + LEGEND)
    in_play = set(s.in_play)
    regions = set(s.regions)
    tints = panel.group(cls="regions")
    for city in m.cities:
        x, y = at(city.index)
        colour = REGION_COLOURS.get(m.regions[city.region].name, "#BBBBBB")
        if city.index in in_play:
            tints.circle(x, y, 36, fill=colour, opacity=0.35, stroke=None, cls="region-tint")
    links = panel.group(cls="connections")
    costs = panel.group(cls="connection-costs")
    for link in m.connections:
        (ax, ay), (bx, by) = at(link.a), at(link.b)
        live = link.a in in_play and link.b in in_play
        data = {"a": m.cities[link.a].name, "b": m.cities[link.b].name, "cost": link.cost}
        links.line(
            ax,
            ay,
            bx,
            by,
            stroke="#6E6E6E" if live else "#C4C4C4",
            stroke_width=1.8 if live else 1.2,
            dash=None if live else "5 4",
            cls="connection",
            data=data,
        )
        if link.cost:
            costs.text(
                (ax + bx) / 2,
                (ay + by) / 2 + 3.5,
                str(link.cost),
                size=10,
                anchor="middle",
                weight="bold",
                fill="#333333" if live else "#A0A0A0",
                halo=True,
                cls="cost",
            )
    taken: list[Box] = []
    cities = panel.group(cls="cities")
    placed: list[tuple[int, float, float]] = []
    for city in m.cities:
        x, y = at(city.index)
        half = (len(city.spaces) * SPACE_GAP) / 2 + 2
        taken.append((x - half, y - 9, x + half, y + 9))
        placed.append((city.index, x, y))
    for index, x, y in placed:
        _city(rules, s, cities, index, x, y, index in in_play, taken)
    _map_legend(rules, panel, height, regions)


def _city(
    rules: PowerGridRules,
    s: State,
    layer: Group,
    index: int,
    x: float,
    y: float,
    live: bool,
    taken: list[Box],
) -> None:
    city = rules.map.cities[index]
    region = rules.map.regions[city.region].name
    group = layer.group(
        x,
        y,
        cls="city",
        data={"name": city.name, "region": region, "in-play": live, "start": city.start},
    )
    n = len(city.spaces)
    half = n * SPACE_GAP / 2 + 2
    frame = "#111111" if city.start else ("#555555" if live else "#AAAAAA")
    group.rect(
        -half,
        -9,
        2 * half,
        18,
        fill="#FFFFFF" if live else OUT_OF_PLAY,
        stroke=frame,
        stroke_width=2.6 if city.start else 1.2,
        rx=9,
        cls="start-city" if city.start else "city-frame",
    )
    houses = s.houses[index]
    for i, space in enumerate(city.spaces):
        cx = -half + 2 + SPACE_GAP / 2 + i * SPACE_GAP
        if i < len(houses):
            group.piece(cx, 0, houses[i], r=SPACE_R, cls="house")
            continue
        later = live and space.step > s.step
        group.circle(
            cx,
            0,
            SPACE_R,
            fill="#CFCFCF" if later or not live else "#FFFFFF",
            stroke="#777777",
            stroke_width=0.8,
            cls="space",
            data={"cost": space.cost, "step": space.step},
        )
        group.text(cx, 2.7, str(space.cost), size=7.5, anchor="middle", fill="#222222" if live else "#888888")
    size = 10.5
    name = city.name
    candidates = [
        (x, y + 21, "middle"),
        (x, y - 13, "middle"),
        (x + half + 3, y + 4, "start"),
        (x - half - 3, y + 4, "end"),
        (x, y + 32, "middle"),
        (x, y - 24, "middle"),
    ]
    choice = candidates[0]
    for option in candidates:
        box = _label_box(option[0], option[1], name, size, option[2])
        if not any(_overlaps(box, other) for other in taken):
            choice = option
            break
    box = _label_box(choice[0], choice[1], name, size, choice[2])
    taken.append(box)
    layer.text(
        choice[0],
        choice[1],
        name,
        size=size,
        anchor=choice[2],
        weight="bold" if city.start else None,
        fill="#111111" if live else "#8A8A8A",
        halo=True,
        cls="city-name",
        data={"name": name},
    )


def _map_legend(rules: PowerGridRules, panel: Panel, top: float, regions: set[int]) -> None:
    legend = panel.group(0, top + 8, cls="legend")
    x = 0.0
    for region in rules.map.regions:
        colour = REGION_COLOURS.get(region.name, "#BBBBBB") if region.index in regions else OUT_OF_PLAY
        legend.rect(x, 0, 14, 14, fill=colour, stroke="#555555", cls="legend-region")
        label = region.name + ("" if region.index in regions else " (out of play)")
        legend.text(x + 18, 11, label, size=11)
        x += 30 + len(label) * 6.4
    legend.circle(x + 7, 7, SPACE_R, fill="#FFFFFF", stroke="#777777", stroke_width=0.8)
    legend.text(x + 7, 9.7, "10", size=7.5, anchor="middle")
    legend.text(x + 18, 11, "free space (cost)", size=11)
    x += 130
    legend.circle(x + 7, 7, SPACE_R, fill="#CFCFCF", stroke="#777777", stroke_width=0.8)
    legend.text(x + 18, 11, "opens in a later Step", size=11)
    if rules.is_japan:
        legend.rect(0, 22, 30, 16, fill="#FFFFFF", stroke="#111111", stroke_width=2.6, rx=8)
        legend.text(36, 34, "start city (P-12.7)", size=11)
        legend.text(170, 34, "two spaces: small city (P-12.12)", size=11)


# -- beside the map ------------------------------------------------------------------

SIDE = 392


def _round(rules: PowerGridRules, s: State, canvas: Canvas) -> None:
    panel = canvas.panel("round", "Round, Step and order", SIDE, 66, side=True)
    flow = s.flow
    over = s.ended or flow.over
    phase = "game over" if over else f"phase: {PHASES[flow.phase]}"
    panel.text(0, 14, f"Round {flow.round} · Step {s.step} · {phase}", size=13, weight="bold", cls="step")
    panel.text(
        0,
        32,
        f"Step 2 at {rules.step2_cities} cities · the game ends at {rules.end_cities}",
        size=11,
        fill="#333333",
    )
    panel.text(0, 55, "Order:", size=11)
    to_move = None if over else rules.to_move(s)
    for i, who in enumerate(s.order):
        x = 56 + i * 34
        panel.piece(x, 51, who, r=9, cls="order")
        if who == to_move:
            panel.rect(x - 12, 39, 24, 24, stroke="#000000", stroke_width=2, rx=4, cls="to-move")


def _card(group: Group, x: float, y: float, key: int, *, dim: bool = False) -> None:
    """A plant card: its number, what it burns and how many cities it powers."""
    card = group.group(x, y, cls="plant", data={"plant": plant_label(key) if key >= 0 else "?"})
    if key == STEP3:
        card.rect(0, 0, 56, 46, fill="#FFFFFF", stroke="#111111", stroke_width=1.5, rx=4)
        card.text(28, 21, "Step 3", size=11, anchor="middle", weight="bold")
        card.text(28, 36, "card", size=10, anchor="middle")
        return
    if key == HIDDEN:
        card.rect(0, 0, 56, 46, fill="#E0E0E0", stroke="#777777", rx=4)
        card.text(28, 28, "?", size=14, anchor="middle")
        return
    plant = plants_by_key()[key]
    fill = FUEL_COLOURS[plant.fuel]
    card.rect(0, 0, 56, 46, fill=fill, stroke="#111111", stroke_width=1, rx=4, dash="4 3" if dim else None)
    if plant.fuel == "hybrid":  # half coal, half oil
        card.polygon([(0, 46), (56, 0), (56, 46)], fill=FUEL_COLOURS["oil"], stroke=None)
    ink = FUEL_INKS[plant.fuel]
    card.text(28, 18, plant_label(key), size=15, anchor="middle", weight="bold", fill=ink)
    burns = f"{plant.needs} {FUEL_WORDS.get(plant.fuel, plant.fuel)}" if plant.needs else plant.fuel
    card.text(28, 31, burns, size=9, anchor="middle", fill=ink)
    card.text(28, 42, f"→ {plant.cities}", size=9.5, anchor="middle", weight="bold", fill=ink)


def _plant_market(rules: PowerGridRules, s: State, canvas: Canvas) -> None:
    actual = rules.actual_market(s)
    future = [k for k in s.market if k not in actual]
    panel = canvas.panel("plants", "Plant market", SIDE, 164, side=True)
    # Step 3 has one market of 6, all on sale (P-8.7): no future row
    rows = [("actual", actual), ("future", future)] if s.step < 3 else [("Step 3: all", actual)]
    for r, (label, keys) in enumerate(rows):
        y = r * 58
        panel.text(0, y + 27, label, size=11)
        for i, key in enumerate(keys):
            _card(panel, 64 + i * 60, y, key, dim=label == "future")
        if not keys:  # the deck ran out and the plants were bought
            panel.text(64, y + 27, "no plant left", size=11, fill="#777777", cls="no-plant")
    deck = s.deck
    hidden = sum(1 for c in deck if c == HIDDEN)
    text = f"Deck: {len(deck)} cards" + (f" ({hidden} face down)" if hidden != len(deck) else "")
    if STEP3 in deck:
        text += ", the Step 3 card among them"
    panel.text(0, 132, text, size=11, fill="#333333", cls="deck")
    if s.auction is not None:
        a = s.auction
        panel.text(
            0,
            150,
            f"Auction: plant {plant_label(a.lot)} at {a.high_bid} by {rules.player_name(a.high_bidder)}",
            size=11,
            weight="bold",
            cls="auction",
        )


def _resources(s: State, canvas: Canvas) -> None:
    tracks = load_rules().resource_market
    panel = canvas.panel("resources", "Resource market (price: tokens)", SIDE, 4 * 40 - 4, side=True)
    for r, track in enumerate(tracks):
        name = RESOURCES[r]
        y = r * 40
        panel.text(0, y + 22, name, size=11, cls="resource-name")
        left = s.resources[r]
        counts = [0] * len(track.prices)
        for i in range(len(track.prices) - 1, -1, -1):  # the market fills from the expensive end
            counts[i] = min(track.capacity, left)
            left -= counts[i]
        width = (SIDE - 60) / len(track.prices)
        for i, price in enumerate(track.prices):
            x = 60 + i * width
            box = panel.group(
                x, y, cls="price-space", data={"resource": name, "price": price, "tokens": counts[i]}
            )
            box.rect(0, 0, width - 3, 34, fill="#FFFFFF", stroke="#999999", rx=3)
            box.text((width - 3) / 2, 11, str(price), size=9.5, anchor="middle", fill="#333333")
            for t in range(counts[i]):
                tx = (width - 3) / 2 + (t - (counts[i] - 1) / 2) * 9
                box.rect(tx - 4, 17, 8, 8, fill=RESOURCE_COLOURS[name], stroke="#000000", stroke_width=0.6)


def _players(rules: PowerGridRules, s: State, canvas: Canvas) -> None:
    row = 84
    panel = canvas.panel("players", "Players", SIDE, row * len(s.players) - 10, side=True)
    to_move = None if s.ended or s.flow.over else rules.to_move(s)
    for who, p in enumerate(s.players):
        y = who * row
        group = panel.group(0, y, cls="player", data={"seat": who + 1, "money": p.money})
        group.rect(0, 0, 18, 18, fill=seat_colour(who), stroke="#222222", rx=3)
        group.text(9, 13, str(who + 1), size=11, anchor="middle", fill=seat_ink(who), weight="bold")
        mark = " · to move" if who == to_move else ""
        group.text(26, 14, f"{rules.player_name(who)}{mark}", size=12.5, weight="bold")
        fuel = ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(p.res) if n) or "no fuel"
        group.text(
            26,
            30,
            f"{p.money} Elektro · {plural(len(p.cities), 'city', 'cities')} · "
            f"can power {max_powerable(p)} · {fuel}",
            size=11,
            fill="#333333",
            cls="player-line",
        )
        for i, key in enumerate(p.plants):
            _mini_card(group, 26 + i * 60, 38, key)


def _mini_card(group: Group, x: float, y: float, key: int) -> None:
    plant = plants_by_key()[key]
    card = group.group(x, y, cls="owned-plant", data={"plant": plant_label(key)})
    card.rect(0, 0, 56, 32, fill=FUEL_COLOURS[plant.fuel], stroke="#111111", rx=3)
    if plant.fuel == "hybrid":
        card.polygon([(0, 32), (56, 0), (56, 32)], fill=FUEL_COLOURS["oil"], stroke=None)
    ink = FUEL_INKS[plant.fuel]
    card.text(28, 13, plant_label(key), size=11.5, anchor="middle", weight="bold", fill=ink)
    burns = f"{plant.needs}{FUEL_WORDS.get(plant.fuel, plant.fuel)[:1]}" if plant.needs else plant.fuel[:3]
    card.text(28, 27, f"{burns} → {plant.cities}", size=9, anchor="middle", fill=ink)
