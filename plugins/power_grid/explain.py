"""Why a Power Grid move is illegal: the reason a player reads, with the rule ID.

Only the error path of :meth:`PowerGridRules.apply` (and ``Game.find`` for typed
moves) calls :func:`why_illegal`, so it recomputes what it needs instead of
sharing caches with the hot paths.  It never changes the state.

Rule IDs refer to ``docs/rules/power_grid.md``.
"""

from __future__ import annotations

import difflib

from turbine.core.errors import IllegalAction
from turbine.core.layout import plural

from . import actions as A
from .maps import INF, start_cities_in_play
from .phases import P_AUCTION, P_BUILDING, P_BUREAU, P_RESOURCES
from .plants import NUMBER, can_fuel, capacities, fuel_needs, storable, stored_kinds
from .rules import PowerGridRules
from .state import Decision, State

_PHASE_RULE = {P_AUCTION: "P-4.2", P_RESOURCES: "P-5.1", P_BUILDING: "P-6.1", P_BUREAU: "P-7.1"}


def label(key: int) -> str:
    """The printed number of a plant, also for keys of plants that do not exist."""
    shown = A.plant_label(key)
    return shown if shown != "?" else str(key // 3)


def _plants(keys: list[int] | tuple[int, ...]) -> str:
    return ", ".join(label(k) for k in keys) if keys else "none"


def _holding(res: list[int]) -> str:
    held = [f"{n} {name}" for name, n in zip(A.RESOURCE_NAMES, res, strict=True) if n]
    return ", ".join(held) if held else "no tokens"


def why_illegal(r: PowerGridRules, state: State, action: A.Action) -> IllegalAction:
    """The specific reason ``action`` is not legal in ``state``."""
    flow = state.flow
    if flow.over or r.to_move(state) is None:
        return IllegalAction("the game is over", "P-9.1")
    if flow.pending:
        return _pending(r, state, flow.pending[-1], action)
    seat = flow.order[flow.cursor]
    phase = flow.phase
    if phase == P_AUCTION:
        if type(action) is A.OpenAuction:
            return _open(r, state, seat, action)
        if type(action) is A.Pass:
            return _pass(r, state, seat)
        if type(action) is A.Bid or type(action) is A.DropOut:
            return IllegalAction(
                "no auction is running: open one (auction PLANT bid AMOUNT)"
                + (" or pass" if flow.round > 1 else ""),
                "P-4.2",
            )
    elif phase == P_RESOURCES and type(action) is A.Buy:
        return _buy(r, state, seat, action)
    elif phase == P_BUILDING and (type(action) is A.Build or type(action) is A.Start):
        return _build(r, state, seat, action)
    elif phase == P_BUREAU and type(action) is A.Power:
        return _power(r, state, seat, action)
    if type(action) is A.Discard or type(action) is A.ReturnResource:
        what = (
            f"a plant is discarded only when a new one takes you over the limit of {r.max_plants}"
            if type(action) is A.Discard
            else "tokens are returned only when a discard leaves more than your plants can store"
        )
        return IllegalAction(
            f"{what}; " + _phase_text(r, state, seat),
            "P-4.9",
        )
    if type(action) is A.Burn:
        return IllegalAction(
            "a mix is burned only after choosing hybrid plants (or 33⅓) to run; "
            + _phase_text(r, state, seat),
            "P-7.2",
        )
    if type(action) is A.Done and phase in (
        P_RESOURCES,
        P_BUILDING,
    ):  # pragma: no cover - done is always legal there
        return _generic(r, action)
    home = _HOME.get(type(action))
    text = _phase_text(r, state, seat)
    if home:
        text = f"'{said(action)}' is a move of the {home}; {text}"
    return IllegalAction(text, _PHASE_RULE.get(phase))


_HOME = {
    A.OpenAuction: "auction phase",
    A.Pass: "auction phase",
    A.Bid: "auction phase",
    A.DropOut: "auction phase",
    A.Buy: "resources phase",
    A.Build: "building phase",
    A.Start: "building phase",
    A.Done: "resources and building phases",
    A.Power: "bureaucracy phase",
}


def said(action: A.Action) -> str:
    """The notation of ``action`` as typed (also without a cost, or naming no real plant)."""
    if (type(action) is A.Build or type(action) is A.Start) and action.cost == A.ANY_COST:
        return f"{type(action).__name__.lower()} {action.city}"
    if type(action) is A.OpenAuction:
        return f"auction {label(action.plant)} bid {action.bid}"
    if type(action) is A.Discard:
        return f"discard {label(action.plant)}"
    if type(action) is A.Power and action.plants:
        return "power " + " ".join(label(k) for k in action.plants)
    return A.describe(action)


def _generic(r: PowerGridRules, action: A.Action) -> IllegalAction:
    return IllegalAction(f"'{said(action)}' is not a legal move now")


def _phase_text(r: PowerGridRules, state: State, seat: int) -> str:
    """What the seat to move may do in this phase (no sub-decision pending)."""
    phase = state.flow.phase
    if phase == P_AUCTION:
        if state.flow.round == 1:
            return "it is the auction phase: open an auction (in round 1 everybody must buy a plant)"
        return "it is the auction phase: open an auction or pass"
    if phase == P_RESOURCES:
        return "it is the resources phase: buy a resource or done"
    if phase == P_BUILDING:
        return "it is the building phase: build a city or done"
    return "it is the bureaucracy phase: choose the plants to run (power PLANTS or power none)"


# --------------------------------------------------------------------------- sub-decisions


def _pending(r: PowerGridRules, state: State, d: Decision, action: A.Action) -> IllegalAction:
    p = state.players[d.seat]
    if d.kind == "bid":
        a = state.auction
        assert a is not None
        if type(action) is A.Bid:
            amount = action.amount
            if amount <= a.high_bid:
                return IllegalAction(
                    f"a bid must be above the high bid of {a.high_bid} for plant {label(a.lot)}", "P-4.5"
                )
            if amount > p.money:
                return IllegalAction(f"you have {p.money} Elektro: you cannot bid {amount}", "P-4.4")
            return _generic(r, action)
        if type(action) is A.Pass:
            return IllegalAction(
                "passing is for the chooser: to leave this auction, drop out "
                "(you may still buy another plant this round)",
                "P-14.6",
            )
        return IllegalAction(
            f"plant {label(a.lot)} is being auctioned, high bid {a.high_bid} by "
            f"{r.player_name(a.high_bidder)}: bid more than {a.high_bid} or drop out",
            "P-4.5",
        )
    if d.kind == "discard":
        old = r._old_plants(state, d.seat)
        new = p.plants[-1]
        if type(action) is A.Discard:
            plant = action.plant
            if plant == new:
                return IllegalAction(
                    f"plant {label(new)} was just bought and cannot be discarded: "
                    f"discard one of your older plants ({_plants(old)})",
                    "P-4.9",
                )
            if plant not in p.plants:
                return IllegalAction(
                    f"you do not own plant {label(plant)}: discard one of {_plants(old)}", "P-4.9"
                )
            return _generic(r, action)
        return IllegalAction(
            f"plant {label(new)} takes you over the limit of {r.max_plants} plants: "
            f"first discard one of your older plants ({_plants(old)})",
            "P-4.9",
        )
    if d.kind == "return":
        options = [A.RESOURCE_NAMES[i] for i in r._return_options(p, d)]
        choice = " or ".join(options)
        if type(action) is A.ReturnResource:
            name = action.resource
            i = A.RESOURCE_NAMES.index(name) if name in A.RESOURCE_NAMES else -1
            if i < 0 or not p.res[i]:
                return IllegalAction(f"you have no {name} to return: return {choice}", "P-4.9")
            if d.plants and i not in stored_kinds(d.plants[0]):
                return IllegalAction(
                    f"your {name} is on the plants you keep: only tokens of plant {label(d.plants[0])}, "
                    f"which you discarded, go to the reserve: return {choice}",
                    "P-4.9",
                )
            return IllegalAction(
                f"your {name} still fits on your plants: return {choice}, which no longer fits", "P-4.9"
            )
        return IllegalAction(
            f"after the discard your tokens ({_holding(p.res)}) no longer fit on your plants: "
            f"first return {choice} to the reserve",
            "P-4.9",
        )
    # burn
    if d.hybrid:
        need = f"{d.hybrid} coal and oil in any mix for your hybrid plants"
    else:
        need = f"{plural(d.any, 'token')} of any kind for 33⅓"
    if type(action) is not A.Burn:
        return IllegalAction(f"choose what your plants burn: {need}", "P-7.2")
    b: A.Burn = action
    mix = (b.coal, b.oil, b.garbage, b.uranium)
    rule = "P-7.2" if d.hybrid else "P-10.6"
    if d.hybrid and (b.garbage or b.uranium):
        return IllegalAction(f"hybrid plants burn only coal and oil: burn {need}", "P-7.2")
    total = d.hybrid or d.any
    if sum(mix) != total:
        burned = f"the plants burn exactly {plural(total, 'token')}, not {sum(mix)}"
        return IllegalAction(f"{burned}: burn {need}", rule)
    short = [
        f"{n} {name} (you have {have})"
        for name, n, have in zip(A.RESOURCE_NAMES, mix, p.res, strict=True)
        if n > have
    ]
    if short:
        return IllegalAction(f"you cannot burn {', '.join(short)}", rule)
    return _generic(r, action)


# --------------------------------------------------------------------------- Phase 2


def _open(r: PowerGridRules, state: State, seat: int, action: A.OpenAuction) -> IllegalAction:
    plant, bid = action.plant, action.bid
    money = state.players[seat].money
    actual = r.actual_market(state)
    if plant not in A._LABEL:
        return IllegalAction(f"there is no power plant {label(plant)}", "P-4.4")
    if plant not in actual:
        where = "in the future market" if plant in state.market else "not in the plant market"
        return IllegalAction(
            f"plant {label(plant)} is {where}: auction a plant of the actual market ({_plants(actual)})",
            "P-4.4",
        )
    low = min_bid(plant)
    if bid < low:
        return IllegalAction(f"the opening bid for plant {label(plant)} must be at least {low}", "P-4.4")
    if bid > money:
        if low > money:
            return IllegalAction(
                f"plant {label(plant)} costs at least {low} and you have {money} Elektro", "P-4.4"
            )
        return IllegalAction(f"you have {money} Elektro: you cannot bid {bid}", "P-4.4")
    return _generic(r, action)


def _pass(r: PowerGridRules, state: State, seat: int) -> IllegalAction:
    money = state.players[seat].money
    affordable = [k for k in r.actual_market(state) if min_bid(k) <= money]
    if state.flow.round == 1 and affordable:
        return IllegalAction(
            "in round 1 every player must buy a plant: passing is not allowed while you can "
            f"afford one (you can open on {_plants(affordable)})",
            "P-4.10",
        )
    return _generic(r, A.PASS)


# --------------------------------------------------------------------------- Phase 3


def _buy(r: PowerGridRules, state: State, seat: int, action: A.Buy) -> IllegalAction:
    name = action.resource
    if name not in A.RESOURCE_NAMES:
        return IllegalAction(f"there is no resource {name!r}: buy {', '.join(A.RESOURCE_NAMES)}")
    i = A.RESOURCE_NAMES.index(name)
    p = state.players[seat]
    if not state.resources[i]:
        return IllegalAction(f"no {name} is left on the resource market", "P-5.6")
    price = r.price(state, i)
    if price > p.money:
        return IllegalAction(f"the cheapest {name} costs {price} Elektro and you have {p.money}", "P-5.2")
    caps = capacities(p.plants)
    kc, ko, kg, ku, kh, ka = caps
    own = (kc, ko, kg, ku)[i]
    mixed = kh if i < 2 else 0
    if not own and not mixed and not ka:
        return IllegalAction(f"none of your plants burns {name}, so you cannot buy it", "P-5.4")
    res = list(p.res)
    res[i] += 1
    if storable(res, caps):  # pragma: no cover - then it was legal
        return _generic(r, action)
    room = []
    if own:
        room.append(f"{own} on {name} plants")
    if mixed:
        room.append(f"{kh} coal and oil in all on hybrids")
    if ka:
        room.append(f"{ka} of any kind on 33⅓")
    return IllegalAction(
        f"no room for another {name}: a plant stores twice its need, yours hold "
        f"{'; '.join(room)}, and you have {_holding(p.res)}",
        "P-5.3",
    )


# --------------------------------------------------------------------------- Phase 4


def _build(r: PowerGridRules, state: State, seat: int, action: A.Build | A.Start) -> IllegalAction:
    kind = "build" if type(action) is A.Build else "start"
    name = action.city
    c = r.city_by_name.get(name)
    if c is None:
        meant = _close_cities(r, state, name)
        hint = f"; did you mean {' or '.join(meant)}?" if meant else ""
        return IllegalAction(f"there is no city {name!r} on the {r.map.title} map{hint}", "P-6.12")
    p = state.players[seat]
    if not (state.allowed >> c) & 1:
        region = r.map.regions[r.map.cities[c].region].name
        return IllegalAction(f"{name} is not in play: its region ({region}) was not chosen", "P-6.12")
    if r.o.house_limit and len(p.cities) >= 20:
        return IllegalAction("you have built all your 20 houses", "U-15")
    h = state.houses[c]
    if seat in h:
        return IllegalAction(f"you already have a house in {name}", "P-6.8")
    closed = _space_closed(r, state, c)
    if closed is not None:
        return closed
    space = r.space_now[state.step][c][len(h)]
    assert space is not None
    if r.is_japan:
        choice = _japan_choice(r, state, seat, c, kind, space)
    else:
        choice = _russia_choice(r, state, seat, c, kind, space)
    if isinstance(choice, IllegalAction):
        return choice
    cost, detail, rule = choice
    right = f"{kind} {name} ({cost})"
    if cost > p.money:  # first: the right cost would be refused too
        return IllegalAction(f"{name} costs {cost} ({detail}) and you have {p.money} Elektro", "P-6.1")
    if action.cost not in (cost, A.ANY_COST):
        return IllegalAction(f"{name} costs {cost} now ({detail}), not {action.cost}: {right}", rule)
    if action.cost == A.ANY_COST:
        return IllegalAction(f"type the cost too: {right}")
    return _generic(r, action)  # pragma: no cover - then it was legal


def _close_cities(r: PowerGridRules, state: State, name: str) -> list[str]:
    """The cities whose names are closest to ``name``, at most three: those that start alike
    first (a transliteration, ``Moskva``, differs most at the end), one out of play said so."""
    names = {A.name_key(n): c for c, n in enumerate(r.city_names)}
    wanted = A.name_key(name)
    alike = [k for k in names if k[:3] == wanted[:3]]
    similar = difflib.get_close_matches(wanted, list(names), n=3, cutoff=0.6)
    return [
        r.city_names[names[k]] + ("" if (state.allowed >> names[k]) & 1 else " (not in play)")
        for k in dict.fromkeys(alike + similar)
    ][:3]


def _space_closed(r: PowerGridRules, state: State, c: int) -> IllegalAction | None:
    """P-6.3 / T-9: why the city has no space for a new house in this Step, if it has none."""
    h = state.houses[c]
    k = len(h)
    if r.space_now[state.step][c][k] is not None:
        return None
    name = r.city_names[c]
    spaces = r.map.cities[c].spaces
    costs, steps = [sp.cost for sp in spaces], [sp.step for sp in spaces]
    small = r.is_japan and len(costs) == 2
    start = r.is_japan and r.start_city[c]
    rule = "P-12.12" if small else ("P-12.8" if start else "P-6.2")
    taken = f"{k} house{'s' if k != 1 else ''}"
    if k >= len(costs):
        return IllegalAction(
            f"{name} is full: its {len(costs)} spaces are taken", "P-6.9" if not small else rule
        )
    return IllegalAction(
        f"{name} is full in Step {state.step}: it has {taken} and its next space "
        f"({costs[k]}) opens in Step {steps[k]} (T-9)",
        rule,
    )


def _russia_choice(
    r: PowerGridRules, state: State, seat: int, c: int, kind: str, space: int
) -> tuple[int, str, str] | IllegalAction:
    name = r.city_names[c]
    if kind == "start":
        return IllegalAction(
            f"Russia has a single network: no network is started apart from your first city "
            f"(build {name} ({space}))"
            if not state.players[seat].cities
            else "Russia has a single network: you cannot start a second one",
            "P-11.8",
        )
    dist = r._distances(state, seat)
    if dist is None:  # P-6.4 first city
        if state.houses[c] and not r.o.late_start_occupied:
            return IllegalAction(f"your first city must be an empty city, and {name} is taken", "U-13")
        return space, f"first city: space {space}, no links", "P-6.4"
    link = dist[c]
    if link >= INF:
        return IllegalAction(f"{name} cannot be reached from your network inside the play area", "P-6.5")
    return link + space, f"links {link} + space {space}", "P-6.5"


def _japan_choice(
    r: PowerGridRules, state: State, seat: int, c: int, kind: str, space: int
) -> tuple[int, str, str] | IllegalAction:
    o = r.o
    name = r.city_names[c]
    p = state.players[seat]
    h = state.houses[c]
    dist = r._distances(state, seat)
    starts = [r.city_names[i] for i in start_cities_in_play(r.map, state.allowed)]
    if kind == "build":
        if dist is None:
            where = "in any city" if o.first_network_anywhere else f"in a start city ({', '.join(starts)})"
            return IllegalAction(
                f"you have no network yet: start one {where} with 'start CITY'",
                "U-9" if o.first_network_anywhere else "P-12.7",
            )
        if state.flow.round == 1 and not o.round1_extend:
            return IllegalAction(
                "in round 1 networks are only started, not extended (U-10): "
                "start a network in a start city or done",
                "P-12.9",
            )
        if o.start_city_second_space == "start_only" and len(h) == 1 and r.start_city[c]:
            return IllegalAction(
                f"the second 10-space of {name} only starts a network: start {name} ({space})", "U-8"
            )
        link = dist[c]
        if link >= INF:
            return IllegalAction(f"{name} cannot be reached from your networks inside the play area", "P-6.5")
        return link + space, f"links {link} + space {space}", "P-6.5"
    # start a network
    if p.networks >= r.max_networks:
        return IllegalAction(
            f"you have started {plural(p.networks, 'network')}, the most allowed: extend them with build",
            "P-12.6",
        )
    anywhere = o.first_network_anywhere and p.networks == 0
    if not r.start_city[c] and not anywhere:
        return IllegalAction(
            f"{name} is not a start city: networks start in {', '.join(starts) or 'a start city'}", "P-12.7"
        )
    if anywhere and not r.start_city[c] and h and not o.late_start_occupied:
        return IllegalAction(
            f"your first city outside the start cities must be empty, and {name} is taken", "U-13"
        )
    extend = dist is not None and (state.flow.round > 1 or o.round1_extend)
    only_starts = o.start_city_second_space == "start_only" and len(h) == 1 and r.start_city[c]
    if extend and dist[c] == 0 and not only_starts:  # type: ignore[index]
        return IllegalAction(
            f"{name} is joined to your network by free links, so it extends it: build {name} ({space})",
            "P-12.6",
        )
    return space, f"start city: space {space}, no links", "P-12.8"


# --------------------------------------------------------------------------- Phase 5


def _power(r: PowerGridRules, state: State, seat: int, action: A.Power) -> IllegalAction:
    p = state.players[seat]
    plants = action.plants
    foreign = [k for k in plants if k not in p.plants]
    if foreign:
        return IllegalAction(
            f"you do not own plant{'s' if len(foreign) > 1 else ''} {_plants(foreign)} "
            f"(your plants: {_plants(p.plants)})",
            "P-7.1",
        )
    if len(set(plants)) != len(plants):
        return IllegalAction("a plant runs at most once per round", "P-7.2")
    if can_fuel(p.res, plants):  # pragma: no cover - then it was legal
        return _generic(r, action)
    need, hybrid, anyn, _ = fuel_needs(plants)
    wanted = [f"{n} {name}" for name, n in zip(A.RESOURCE_NAMES, need, strict=True) if n]
    if hybrid:
        wanted.append(f"{hybrid} coal/oil")
    if anyn:
        wanted.append(f"{anyn} of any kind")
    burn = f"plants {_plants(plants)} burn" if len(plants) > 1 else f"plant {_plants(plants)} burns"
    return IllegalAction(
        f"not enough fuel: {burn} {', '.join(wanted)} and you have {_holding(p.res)}",
        "P-7.2",  # a plant burns exactly its fuel requirement
    )


def min_bid(key: int) -> int:
    """P-4.4: the lowest opening bid for a plant (33 for 33⅓)."""
    return NUMBER.get(key, key // 3)
