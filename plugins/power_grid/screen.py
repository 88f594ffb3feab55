"""Power Grid at the table: the turn panel, the question in words, each move with
what it costs or earns, and the views a player asks for (``map``, ``connections``,
``market``, ``resources``, ``players``).

The panel (:func:`turn_view`) fits a 4-player game's whole decision screen into 45
lines of a 100-column terminal: the seat's own money, plants, fuel and cities, one
line per other player, the plant market and the resource market's next prices.
The full board is :func:`.render.render`.  Everything here reads the state as the
seat may see it (:meth:`PowerGridRules.view`) and never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core.errors import ParseError
from turbine.core.layout import broken, cells, fitted, pack, pad, plural

from . import actions as A
from . import connections
from .actions import RESOURCE_NAMES, plant_label
from .phases import P_AUCTION, P_BUILDING, P_BUREAU, P_RESOURCES
from .plants import CITIES, NUMBER, fuel_needs, max_powerable
from .render import deck_count, deck_text, last_powered, paid_text
from .state import NO_STEP3, STEP3, State
from .tables import income, resupply_amounts
from .words import burns, holding, ordinal, plant_effect, plant_long, plant_short

if TYPE_CHECKING:
    from .rules import PowerGridRules

VIEWS = {
    "map": "the cities in play by region: houses, next space, links ('map REGION' or 'map CITY')",
    "connections": "a city's links, who is there and your cost to build; or a region's links "
    "('connections CITY', 'connections REGION')",
    "market": "the plant market, the deck as far as it is known, and the box",
    "resources": "the resource market: tokens and prices, reserve and resupply",
    "players": "every player in full: money, plants, fuel, cities; the last Phase 5's cities and income",
}
NEXT_PRICES = 6
"""Tokens whose prices the panel shows for each resource (two price spaces of coal)."""


# --------------------------------------------------------------------------- the panel


def turn_view(r: PowerGridRules, state: State, seat_: int) -> str:
    """The panel at ``seat_``'s decision (see the module docstring); in the rows a short
    terminal leaves it (:attr:`Rules.table_rows`), the parts this phase's decision needs
    most (:data:`NEEDS`), the others in a line each (their plants by number)."""
    s = r.view(state, seat_)
    heading, own, powered = _heading(r, s), _own(r, s, seat_), _powered(r, s, seat_)
    market, prices, auction = _plant_market(r, s), _resource_prices(r, s), _auction(r, s)
    lines = heading + own + _others(r, s, seat_) + powered + market + prices + auction
    rows = r.table_rows
    if rows is not None and len(lines) > rows:
        if s.flow.phase != P_BUILDING:  # where its cities are is the building's question alone
            own = _own(r, s, seat_, towns=False)
        parts = [heading, own, _others_short(r, s, seat_), powered, market, prices, auction]
        money = {2: _others_money(r, s, seat_)}  # where a line each does not fit
        lines = fitted(parts, NEEDS.get(s.flow.phase, NEEDS[P_AUCTION]), rows, shorter=money)
    return "\n".join(lines)


def _auction(r: PowerGridRules, s: State) -> list[str]:
    if s.auction is None:
        return []
    a = s.auction
    names = [r.player(b) for b in a.bidders]
    still = [f"{name}," for name in names[:-1]] + names[-1:]
    high = f"highest bid {a.high_bid} by {r.player(a.high_bidder)}"
    # the names flow on 4 columns in, not one a line under a head of 60 columns
    width = r.table_width
    return pack(f"Auction: {plant_short(a.lot)} · {high} · still in: ", still, width=width, room=width)


NEEDS = {  # by phase: the parts of :func:`turn_view` in the order a decision needs them
    P_AUCTION: (6, 1, 4, 2, 0, 5, 3),
    P_RESOURCES: (1, 5, 2, 0, 4, 6, 3),
    P_BUILDING: (1, 2, 0, 4, 6, 5, 3),
    P_BUREAU: (1, 3, 2, 0, 4, 6, 5),
}
"""Indexes into the parts (heading, own, others, last Phase 5, plant market, resource
prices, auction) by need: in an auction the lot, the market and the others' money (what a
bid is measured against: their table, else a line or two), buying resources their prices,
building and powering the seat's own cities and plants."""


def _others_short(r: PowerGridRules, s: State, seat_: int) -> list[str]:
    """A line for each other player: ``2nd Anna: 38 Elektro · 3 cities · can power 3 ·
    plants 3 6 17`` (what each plant burns is on the board)."""
    lines = []
    for other in s.order:
        if other == seat_:
            continue
        p = s.players[other]
        plants = " ".join(str(NUMBER[k]) for k in p.plants) or "none"
        counts = [
            f"{p.money} Elektro ·",
            f"{plural(len(p.cities), 'city', 'cities')} ·",
            f"can power {max_powerable(p)} ·",
            f"plants {plants}",
        ]
        lines += pack(
            f"  {_place(s, other)} {r.player(other)}: ", counts, width=r.table_width, room=r.table_width
        )
    return lines


def _others_money(r: PowerGridRules, s: State, seat_: int) -> list[str]:
    """The others' money and cities, in player order, in as few lines as fit: ``Others:
    2nd Bob 37 Elektro, 2 cities · 3rd Cy 5 Elektro, 1 city`` (what a bid or a city race
    is measured against, where a line each does not fit a short terminal)."""
    items = [
        f"{_place(s, other)} {r.player(other)} {s.players[other].money} Elektro, "
        f"{plural(len(s.players[other].cities), 'city', 'cities')}"
        for other in s.order
        if other != seat_
    ]
    return pack("Others: ", items, " · ", r.table_width)


def status(r: PowerGridRules, state: State, seat_: int) -> str:
    """What the seat pays and powers with, in one line for above the prompt:
    ``You: 23 Elektro · 3 cities · plants 8, 20 · fuel 2 coal, 1 oil``."""
    p = state.players[seat_]
    plants = ", ".join(str(NUMBER[k]) for k in p.plants) or "none"
    fuel = holding(p.res) if any(p.res) else "none"
    cities = plural(len(p.cities), "city", "cities")
    return f"You: {p.money} Elektro · {cities} · plants {plants} · fuel {fuel}"


def _heading(r: PowerGridRules, s: State) -> list[str]:
    step = f"Step {s.step}"
    if s.step == 1:
        step += f" (Step 2 at {r.step2_cities} cities)"
    end = f"the game ends at {r.end_cities} cities"
    return pack(
        f"[bold]{r.map.title}[/bold] · ",
        [f"{step} ·", f"{end} ·", f"at most {r.max_plants} plants each"],
        width=r.table_width,
    )


def _place(s: State, seat_: int) -> str:
    return ordinal(s.order.index(seat_) + 1)


def _own(r: PowerGridRules, s: State, seat_: int, towns: bool = True) -> list[str]:
    """The seat's money, order, plants (what each burns and powers), fuel and cities (their
    names: not with ``towns`` false, in a short terminal, outside the building phase)."""
    p = s.players[seat_]
    cities = len(p.cities)
    lines = pack(
        f"[bold]{r.player(seat_)} (you)[/bold]: ",
        [
            f"{p.money} Elektro ·",
            f"{_place(s, seat_)} in player order ·",
            f"{plural(cities, 'city', 'cities')}, can power {max_powerable(p)}",
        ],
        width=r.table_width,
    )
    plants = [f"{plant_label(k)} ({burns(k)} → {CITIES[k]})" for k in p.plants]
    lines += pack("  plants (burn → cities): ", plants or ["none yet"], " · ", r.table_width)
    if not towns:
        return [*lines, f"  fuel: {holding(p.res)}"]
    names = [r.city_names[c] for c in p.cities]
    listed = [f"{name}," for name in names[:-1]] + names[-1:]
    lines += pack(f"  fuel: {holding(p.res)} · cities: ", listed or ["none yet"], width=r.table_width)
    return lines


def _others(r: PowerGridRules, s: State, seat_: int) -> list[str]:
    """One row for each other player in player order, under one heading; the plants
    come last and go on under themselves when the row is too long."""
    rows: list[tuple[str, ...]] = [("", "Elektro", "cities", "can power", "fuel")]
    plants: list[list[str]] = [["plants"]]
    for other in s.order:
        if other == seat_:
            continue
        p = s.players[other]
        fuel = holding(p.res) if any(p.res) else "none"
        rows.append(
            (
                f"{_place(s, other)} {r.player(other)}",
                str(p.money),
                str(len(p.cities)),
                str(max_powerable(p)),
                fuel,
            )
        )
        plants.append([plant_short(k) for k in p.plants] or ["none"])
    widths = [max(cells(row[i]) for row in rows) for i in range(len(rows[0]))]
    widest = max(cells(plant) for owned in plants for plant in owned)  # the column stays under its heading
    if 2 + sum(widths) + 2 * len(widths) + widest > r.table_width:  # too narrow for the table
        return _others_stacked(r, rows[1:], plants[1:])
    lines = []
    for row, owned in zip(rows, plants, strict=True):
        cells_ = [pad(row[0], widths[0])]  # a name may be wide or escaped: columns, not characters
        cells_ += [c.rjust(w) for c, w in zip(row[1:4], widths[1:4], strict=True)]
        cells_.append(row[4].ljust(widths[4]))
        lines += pack("  " + "  ".join(cells_) + "  ", owned, width=r.table_width, room=widest)
    return lines


def _others_stacked(r: PowerGridRules, rows: list[tuple[str, ...]], plants: list[list[str]]) -> list[str]:
    """The others' table for a terminal too narrow for its columns (long names, six
    players at 60 columns): each player on lines of their own, every figure named."""
    width = r.table_width
    lines = ["Others, in player order:"]
    for (who, money, cities, powerable, fuel), owned in zip(rows, plants, strict=True):
        counts = [
            f"{money} Elektro ·",
            f"{plural(int(cities), 'city', 'cities')} ·",
            f"can power {powerable}",
        ]
        lines += pack(f"  {who}: ", counts, width=width)
        lines += pack(f"      fuel {fuel} · plants ", owned, width=width)
    return lines


def _powered(r: PowerGridRules, s: State, seat_: int) -> list[str]:
    """P-7.3/P-7.5, T-1: each player's cities powered in the last Phase 5 and the income
    paid for them, in player order (nothing before the first Phase 5)."""
    if all(last_powered(s, who) is None for who in s.order):
        return []
    flow = s.flow
    now = flow.phase == P_BUREAU  # this round's Phase 5 under way: only this round's payments

    def name(who: int) -> str:
        return "you" if who == seat_ else r.player(who)

    def to_come(who: int) -> bool:
        return now and not (who in flow.order and flow.done[flow.order.index(who)])

    # a colon: a name may end in a number (``Greedy bot 4``) that would run into the count
    items = [f"{name(who)}: {paid_text(s, who, short=True)}" for who in s.order if not to_come(who)]
    waiting = [name(who) for who in s.order if to_come(who)]
    head = f"{'This Phase 5 so far' if now else 'Last Phase 5'}, cities powered→Elektro paid: "
    if not waiting:
        return _fewest_lines(head, items, " · ", r.table_width)
    # those to come in one list, not a line each ("Bob: to come" took six rows at 80 columns)
    listed = [f"{item} ·" for item in items] + [f"{w}," for w in waiting[:-1]] + [waiting[-1]]
    listed[len(items)] = f"to come: {listed[len(items)]}"
    return _fewest_lines(head, listed, " ", r.table_width)


def _fewest_lines(head: str, items: list[str], sep: str, width: int) -> list[str]:
    """The items under the end of ``head`` where that takes no more lines, else four columns
    in (six players' payments under a head of 50 columns took a line each at 80)."""
    under, flowing = pack(head, items, sep, width), pack(head, items, sep, width, room=width)
    return under if len(under) <= len(flowing) else flowing


def _plant_market(r: PowerGridRules, s: State) -> list[str]:
    actual = r.actual_market(s)
    future = [k for k in s.market if k not in actual]
    deck = deck_count(s)
    shown = [plant_short(k) for k in actual] or ["empty"]
    if s.step >= 3 and not future:
        return pack("Plant market, all can be auctioned: ", [*shown, f"· {deck}"], width=r.table_width)
    later = [plant_short(k) for k in future] or ["empty"]
    return pack("Plant market: ", shown, width=r.table_width) + pack(
        "      future: ", [*later, f"· {deck}"], width=r.table_width
    )


def _resource_prices(r: PowerGridRules, s: State) -> list[str]:
    """Each resource: the tokens on the market and the prices of the next ones bought."""
    parts = []
    for i, name in enumerate(RESOURCE_NAMES):
        n = s.resources[i]
        table = r.price_table[i]
        prices = " ".join(str(table[k]) for k in range(n, max(0, n - NEXT_PRICES), -1))
        more = "…" if n > NEXT_PRICES else ""
        parts.append(f"{name} {n}: {prices}{more}" if n else f"{name} 0")
    first = [f"{part} ·" for part in parts[:1]] + parts[1:2]
    return pack("Resources (count: next prices): ", first, width=r.table_width) + pack(
        "  ", [f"{parts[2]} ·", parts[3]], width=r.table_width
    )


# --------------------------------------------------------------------------- the question


def question(r: PowerGridRules, state: State) -> str:
    """What the seat to move decides, in words, with the rule."""
    flow = state.flow
    if flow.over:
        return ""
    if flow.pending:
        d = flow.pending[-1]
        if d.kind == "bid":
            a = state.auction
            assert a is not None
            return (
                f"bid on plant {plant_label(a.lot)} (highest bid {a.high_bid} by "
                f"{r.player_name(a.high_bidder)}) or drop out (P-4.5)"
            )
        if d.kind == "discard":
            return f"you may own {r.max_plants} plants: discard one of your older plants to the box (P-4.9)"
        if d.kind == "return":
            if d.plants:
                return (
                    f"the tokens of plant {plant_label(d.plants[0])} that your other plants cannot store "
                    "go to the reserve: return one (P-4.9)"
                )
            return "your plants cannot store all your tokens: return one to the reserve (P-4.9)"
        if d.kind == "burn":
            if d.hybrid:
                return f"choose the coal and oil your hybrid plants burn: {d.hybrid} in all (P-7.2)"
            return f"choose the {plural(d.any, 'token')} plant 33⅓ burns, of any kind (P-7.2)"
    phase = flow.phase
    if phase in (P_RESOURCES, P_BUILDING) and r.legal_actions(state) == [A.DONE]:
        return _only_done(r, state)
    if phase == P_AUCTION:
        if flow.round == 1:
            return "choose a power plant to auction: everyone buys one in round 1 (P-4.10)"
        return "choose a power plant to auction, or pass (P-4.2)"
    if phase == P_RESOURCES:
        return "buy resources for your plants, one at a time, or done (P-5)"
    if phase == P_BUILDING:
        kinds = {type(a) for a in r.legal_actions(state)}
        if A.Start in kinds and A.Build in kinds:  # Japan: a second network may start (P-12.6)
            return "build in a city or start a network in a start city, or done (P-6, P-12.6)"
        if A.Start in kinds:
            return "start a network in a start city, or done (P-12.6)"
        return "build in a city, or done (P-6)"
    if phase == P_BUREAU:
        return "choose which plants to power: income by cities powered (P-7.1, T-1)"
    return ""


def _only_done(r: PowerGridRules, state: State) -> str:
    """Why ``done`` is the only move in Phase 3 or 4: the money (what the cheapest token
    or city would cost), the storage, or nothing left to buy or build.  The moves the seat
    could make with money enough are the legal list of a copy of the state where it has
    it (the same code says both)."""
    seat = state.flow.order[state.flow.cursor]
    money = state.players[seat].money
    rich = r.clone(state)
    rich.players[seat].money = 1_000_000
    could = r.legal_actions(rich)
    if state.flow.phase == P_RESOURCES:
        costs = [r.price(state, RESOURCE_NAMES.index(a.resource)) for a in could if isinstance(a, A.Buy)]
        if costs:
            why = f"the cheapest token your plants can store costs {min(costs)} Elektro, you have {money}"
        else:
            why = "your plants have no room for the tokens on the market"
        return f"done: nothing to buy ({why}) (P-5)"
    costs = [cost for a in could if isinstance(cost := getattr(a, "cost", None), int)]
    why = "no city is open to you"
    if costs:
        why = f"the cheapest city costs {min(costs)} Elektro, you have {money}"
    return f"done: nothing to build ({why}) (P-6)"


# --------------------------------------------------------------------------- the moves


def choice_text(r: PowerGridRules, state: State, action: A.Action) -> str:
    """A legal move with what it costs or earns: the notation first (what is typed).

    The text after the notation does not depend on a bid's amount, so the menu folds
    ``bid 16`` … ``bid 50`` into one entry."""
    notation = A.describe(action)
    extra = _effect(r, state, action)
    return f"{notation}  ({extra})" if extra else notation


def _effect(r: PowerGridRules, state: State, action: A.Action) -> str:
    if isinstance(action, A.OpenAuction):
        seat_ = r.to_move(state)
        alone = seat_ is not None and not any(
            r.still_to_buy(state, other) for other in range(r.players) if other != seat_
        )
        # P-4.6: nobody is left to outbid: a bid above the minimum buys the plant all the same
        mine = ", and no one is left to outbid it (P-4.6)" if alone else ""  # a bot's move too
        return f"{plant_effect(action.plant)}, min bid {NUMBER[action.plant]}{mine}"
    if isinstance(action, A.Bid):
        a = state.auction
        return f"plant {plant_label(a.lot)}, highest bid {a.high_bid}" if a is not None else ""
    if isinstance(action, A.DropOut):
        a = state.auction
        return f"leave the auction for plant {plant_label(a.lot)}" if a is not None else ""
    if isinstance(action, A.Pass):
        mover = r.to_move(state)
        boxed = r.pass_boxes(state, mover) if mover is not None else None
        boxes = f"; plant {plant_label(boxed)} goes to the box (P-11.5)" if boxed is not None else ""
        return f"buy no plant this round{boxes}"
    if isinstance(action, A.Discard):
        return plant_effect(action.plant)
    if isinstance(action, A.ReturnResource):
        return "to the reserve"
    if isinstance(action, A.Buy):
        i = RESOURCE_NAMES.index(action.resource)
        return f"{r.price(state, i)} Elektro"
    if isinstance(action, A.Done):
        return "stop building" if state.flow.phase == P_BUILDING else "stop buying"
    if isinstance(action, (A.Build, A.Start)):
        return _build_cost(r, state, action)
    if isinstance(action, A.Power):
        return _power_effect(r, state, action.plants)
    if isinstance(action, A.Burn):
        seat_ = r.to_move(state)
        if seat_ is None:
            return ""
        left = list(state.players[seat_].res)
        for i, n in enumerate((action.coal, action.oil, action.garbage, action.uranium)):
            left[i] -= n
        return f"keeps {holding(left)}"
    return ""


def _build_cost(r: PowerGridRules, state: State, action: A.Build | A.Start) -> str:
    """P-6.3–P-6.5: the space taken and the links paid to reach the city."""
    c = r.city_by_name[action.city]
    space = r.space_now[state.step][c][len(state.houses[c])]
    if space is None:
        return ""
    seat_ = r.to_move(state)
    if type(action) is A.Start:
        cost = "new network"
    elif seat_ is None or not state.players[seat_].cities:
        cost = "first city"
    else:
        cost = f"{space} + {action.cost - space} links"
    return cost + ("" if seat_ is None else _what_it_sets_off(r, state, seat_))


def _what_it_sets_off(r: PowerGridRules, state: State, seat_: int) -> str:
    """What the seat's next city sets off, said on the move before it is played: the end
    of the game after this phase (P-9.1), or Step 2 in this round's Phase 5 (P-8.1, P-8.2);
    nothing where another player's cities have set it off already."""
    count = len(state.players[seat_].cities) + 1
    top = r.max_cities(state)
    if count >= r.end_cities > top:
        return f"; your {ordinal(count)} city: the game ends after this phase (P-9.1)"
    if state.step == 1 and state.step3 == NO_STEP3 and count >= r.step2_cities > top:
        return f"; your {ordinal(count)} city: Step 2 begins in this round's Phase 5 (P-8.1)"
    return ""


def _power_effect(r: PowerGridRules, state: State, plants: tuple[int, ...]) -> str:
    """P-7.2/P-7.3/P-7.5: what the plants burn, the cities they power and the income."""
    seat_ = r.to_move(state)
    if seat_ is None:
        return ""
    needs, hybrid, anyn, capacity = fuel_needs(plants)
    need = list(needs)
    held = state.players[seat_].res
    coal, oil = (max(0, held[i] - need[i]) for i in (0, 1))  # what the hybrids may burn
    if hybrid and (coal == 0 or oil == 0 or coal + oil == hybrid):  # one mix only: say it
        need[0] += min(coal, hybrid)
        need[1] += hybrid - min(coal, hybrid)
        hybrid = 0
    fuel = [f"{n} {name}" for name, n in zip(RESOURCE_NAMES, need, strict=True) if n]
    if hybrid:
        fuel.append(f"{hybrid} coal/oil")
    if anyn:
        fuel.append(f"{anyn} of any")
    powered = min(capacity, len(state.players[seat_].cities))
    burned = "burns " + " ".join(fuel) if fuel else "burns nothing"
    return f"{burned}; {plural(powered, 'city', 'cities')} → {income(powered)} Elektro"


# --------------------------------------------------------------------------- the views


def render_view(r: PowerGridRules, state: State, seat_: int | None, name: str, arg: str) -> str:
    """One of :data:`VIEWS` as ``seat_`` may see it."""
    s = r.view(state, seat_)
    if name == "map":
        return "\n".join(_map(r, s, arg.strip()))
    if name == "connections":
        return "\n".join(connections.render(r, s, seat_, arg))
    if arg.strip():
        raise ParseError(f"'{name}' takes no argument")
    if name == "market":
        return "\n".join(_market(r, s))
    if name == "resources":
        return "\n".join(_resources(r, s))
    if name == "players":
        return "\n".join(_players(r, s))
    raise ParseError(f"{name!r} is not a view of Power Grid")


def _map(r: PowerGridRules, s: State, arg: str) -> list[str]:
    """The cities in play, by region: houses, the next space's cost now and the links."""
    regions = [r.map.regions[i] for i in s.regions]
    only: int | None = None
    if arg:
        wanted = A.name_key(arg)
        picked = [g for g in r.map.regions if A.name_key(g.name) == wanted]
        city = r.city_keys.get(wanted)
        if picked:
            regions = picked
        elif city is not None:
            only = r.city_by_name[city]
            regions = [r.map.regions[r.map.city_region[only]]]
        else:
            names = ", ".join(g.name for g in r.map.regions)
            raise ParseError(f"'map {arg}': give a region ({names}) or a city of {r.map.title}")
    outside = r.o.paths_outside_play
    in_play = set(s.in_play)
    playing = ", ".join(r.map.regions[i].name for i in s.regions)
    out_of_play = ", ".join(g.name for g in r.map.regions if g.index not in s.regions)
    lines = [
        f"[bold]{r.map.title}[/bold]: regions in play {playing}"
        + (f" (out of play: {out_of_play})" if out_of_play else ""),
        *broken(
            "City: who has a house there · the next space's cost in this Step · links and their costs"
            + ("" if outside else " (links inside the play area, U-14)"),
            r.table_width,
            hang="    ",
        ),
    ]
    if r.is_japan:
        lines.append("* start city (spaces 10, 10, 20); ° small city (two spaces)")
    space_now = r.space_now[s.step]
    for g in regions:
        lines.append(f"[bold]{g.name}[/bold]" + ("" if g.index in s.regions else " (out of play)"))
        for c in g.cities:
            if only is not None and c != only:
                continue
            houses = s.houses[c]
            owners = ", ".join(r.player(h) for h in houses) or "no house"
            space = space_now[c][len(houses)]
            nxt = f"next space {space}" if space is not None else "no space open"
            if c not in in_play:
                nxt = "not in play (P-6.12)"
            links = [
                f"{r.city_names[b]} {cost}"
                for b, cost in sorted(r.map.adjacency[c], key=lambda bc: (bc[1], r.city_names[bc[0]]))
                if outside or b in in_play or c not in in_play
            ]
            mark = "*" if r.start_city[c] else ("°" if len(r.map.cities[c].spaces) == 2 else "")
            listed = [f"{link}," for link in links[:-1]] + links[-1:] or ["none"]
            # a link's name and cost stay on one line (``St Petersburg 19``); the rest go on
            # four columns in, under the city rather than under its long head
            head = f"  {r.city_names[c]}{mark}: {owners} · {nxt} · links "
            lines += pack(head, listed, width=r.table_width, room=r.table_width)
    return lines


def _market(r: PowerGridRules, s: State) -> list[str]:
    actual = r.actual_market(s)
    future = [k for k in s.market if k not in actual]
    if s.step >= 3:
        head = "Plant market, Step 3: every plant can be auctioned (P-8.7)"
    else:
        head = f"Plant market, Step {s.step}: the lowest {r.actual_size} can be auctioned (P-4.7)"
    lines = [f"[bold]{head}[/bold]"]
    lines += [f"  {plant_long(k)}, min bid {NUMBER[k]}" for k in actual] or ["  none"]
    if future or s.step < 3:
        lines.append("Future market (auctioned once cheaper plants are bought):")
        lines += [f"  {plant_long(k)}" if k != STEP3 else "  the Step 3 card (P-8.4)" for k in future] or [
            "  none"
        ]
    lines.append(deck_text(s))
    box = " ".join(plant_label(k) for k in sorted(s.box)) or "none"
    unseen = f" (+{plural(s.unseen_removed, 'card')} removed face down at setup)" if s.unseen_removed else ""
    lines.append(f"Box: {box}{unseen}")
    return lines


def _resources(r: PowerGridRules, s: State) -> list[str]:
    amounts = resupply_amounts(r.map, r.players, s.step)
    lines = [f"[bold]Resource market[/bold] (price × tokens, cheapest first; resupply for Step {s.step})"]
    for i, name in enumerate(RESOURCE_NAMES):
        n = s.resources[i]
        table = r.price_table[i]
        counts: dict[int, int] = {}
        for k in range(n, 0, -1):
            counts[table[k]] = counts.get(table[k], 0) + 1
        spaces = ", ".join(f"{price}×{count}" for price, count in counts.items()) or "none"
        lines.append(
            f"  {name:<8} {n:>2} on the market: {spaces} · reserve {s.reserve[i]} · "
            f"resupply {amounts[i]} a round"
        )
    return lines


def _players(r: PowerGridRules, s: State) -> list[str]:
    lines = []
    for place, who in enumerate(s.order, start=1):
        p = s.players[who]
        lines.append(
            f"[bold]{ordinal(place)} {r.player(who)}[/bold]: {p.money} Elektro · "
            f"{plural(len(p.cities), 'city', 'cities')} · can power {max_powerable(p)} · "
            f"{paid_text(s, who)} · fuel: {holding(p.res)}"
        )
        plants = " · ".join(f"{plant_label(k)} ({plant_effect(k)})" for k in p.plants)
        lines.append(f"  plants: {plants or 'none'}")
        if p.cities:
            lines.append("  cities: " + ", ".join(r.city_names[c] for c in p.cities))
    return lines
