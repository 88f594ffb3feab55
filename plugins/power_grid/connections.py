"""The ``connections`` view: around one city, or inside and out of one region.

For a city: its houses and next space, then each neighbour with the link's printed
cost, who has a house there and what the seat would pay to build there now (P-6.3–
P-6.5: the space and the cheapest links from its network, A.4).  For a region: each
of its cities with who is there and its links inside the region and out of it.

A player planning Phase 4 asks "what is next to Moscow, and what does it cost me?";
the ``map`` view answers for every city at once, this one for the place he names.
Like the other views it reads the state as the seat may see it and changes nothing.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from turbine.core.errors import ParseError
from turbine.core.layout import pack, plural

from . import actions as A
from .maps import INF
from .phases import P_BUILDING

if TYPE_CHECKING:
    from .data_model import Region
    from .rules import PowerGridRules
    from .state import State

USAGE = "'connections CITY' or 'connections REGION'"


def render(r: PowerGridRules, s: State, viewer: int | None, arg: str) -> list[str]:
    """The view for ``arg`` (a city or a region, any case), as ``viewer`` sees it; the
    build costs are those of the viewer, or of the seat to move for a spectator."""
    wanted = A.name_key(arg)
    who = viewer if viewer is not None else r.to_move(s)
    if not wanted:
        return _network(r, s, who, viewer is not None)
    regions = {A.name_key(g.name): g for g in r.map.regions}
    if wanted in regions:
        return _region(r, s, regions[wanted])
    city = r.city_keys.get(wanted)
    if city is not None:
        return _city(r, s, r.city_by_name[city], who, viewer is not None)
    raise ParseError(_unknown(r, s, arg, wanted, regions))


def _unknown(r: PowerGridRules, s: State, arg: str, wanted: str, regions: dict[str, Region]) -> str:
    """One line: the closest city and region names, or the regions when none is close
    (those in play first: the others are views of cities nobody builds in)."""
    names = {A.name_key(n): n for n in r.city_names} | {k: g.name for k, g in regions.items()}
    # names that start alike first (a transliteration, "Moskva", differs most at the end)
    alike = [k for k in names if k[:3] == wanted[:3]]
    similar = difflib.get_close_matches(wanted, list(names), n=4, cutoff=0.6)
    close = [names[k] for k in dict.fromkeys(alike + similar)][:4]
    playing = [g.name for g in regions.values() if g.index in s.regions]
    others = [g.name for g in regions.values() if g.index not in s.regions]
    listed = f"regions in play: {', '.join(playing)}" + (
        f"; out of play: {', '.join(others)}" if others else ""
    )
    hint = f"did you mean {', '.join(close)}?" if close else listed
    return f"{arg.strip()!r} is no city or region of {r.map.title}; {hint} ({USAGE})"


def _owners(r: PowerGridRules, s: State, c: int) -> str:
    return ", ".join(r.player(h) for h in s.houses[c]) or "no house"


def _next_space(r: PowerGridRules, s: State, c: int) -> str:
    if c not in s.in_play:
        return "not in play (P-6.12)"
    space = r.space_now[s.step][c][len(s.houses[c])]
    return f"next space {space}" if space is not None else f"no space open in Step {s.step} (P-6.3)"


def build_cost(r: PowerGridRules, s: State, who: int, c: int) -> str:
    """What ``who`` pays to connect city ``c`` now, or why he cannot: the space and the
    cheapest links from his network (P-6.3–P-6.5, A.4); in Japan a network's first city
    is a start city (P-12.6, P-12.7).  In his own Phase 4 turn a city that his legal
    moves leave out says so."""
    if c not in s.in_play:
        return "out of play (P-6.12)"
    houses = s.houses[c]
    if who in houses:
        return "already connected (P-6.8)"
    space = r.space_now[s.step][c][len(houses)]
    if space is None:
        return f"no space open in Step {s.step} (P-6.3)"
    links = r.link_costs(s, who)
    if links is None:  # P-6.4 (Japan: P-12.6, P-12.7)
        if r.is_japan and not r.start_city[c] and not r.o.first_network_anywhere:
            return "a first city must be a start city (P-12.7)"
        cost = space
        text = _cost_text(space, space, True) if r.is_japan else f"{space} (first city, P-6.4)"
    elif links[c] >= INF:
        return "no link to your network in the play area (U-14)"
    else:  # P-6.5
        cost = space + links[c]
        text = _cost_text(space, cost, False)
        if r.is_japan and r.start_city[c] and s.players[who].networks < r.max_networks:
            text += " or " + _cost_text(space, space, True)
    money = s.players[who].money
    if cost > money:
        return f"{text}, more than the {money} Elektro in hand"
    if r.to_move(s) == who and s.flow.phase == P_BUILDING and not s.flow.pending:
        # his own turn: the legal moves are the last word (Japan's start-city and round-1 rules)
        name = r.city_names[c]
        if not any(isinstance(a, (A.Build, A.Start)) and a.city == name for a in r.legal_actions(s)):
            return f"{text}, but not allowed now ('build {name}' says why)"
    return text


def _cost_text(space: int, cost: int, start: bool) -> str:
    if start:
        return f"{cost} (new network, P-12.6)"
    return f"{cost} ({space} + {cost - space} links)"


def _city(r: PowerGridRules, s: State, c: int, who: int | None, own: bool) -> list[str]:
    name = r.city_names[c]
    region = r.map.regions[r.map.city_region[c]].name
    you = "you" if own else (r.player(who) if who is not None else "")
    lines = [f"[bold]{name}[/bold] ({region}): {_owners(r, s, c)} · {_next_space(r, s, c)}"]
    if who is not None:
        lines.append(f"  building here now costs {you}: {build_cost(r, s, who, c)}")
    neighbours = sorted(r.map.adjacency[c], key=lambda bc: (bc[1], r.city_names[bc[0]]))
    what = f" · what building there costs {you} now" if who is not None else ""
    lines.append(f"Links from {name} (cost · who has a house there{what}):")
    width = max((len(r.city_names[b]) + len(_away(r, s, c, b)) for b, _ in neighbours), default=0)
    for b, cost in neighbours:
        label = (r.city_names[b] + _away(r, s, c, b)).ljust(width)
        row = f"  {label}  {cost:>2} · {_owners(r, s, b)}"
        if who is not None:
            row += f" · {build_cost(r, s, who, b)}"
        lines.append(row)
    return lines


def _network(r: PowerGridRules, s: State, who: int | None, own: bool) -> list[str]:
    """Without a place named: where the seat's network can grow — each of its cities
    with the links out of it and what building at the far end costs now — and the
    regions in play, to ask about one of them."""
    regions = ", ".join(r.map.regions[g].name for g in sorted(s.regions))
    lines = [f"Ask {USAGE} for one place · regions in play: {regions}"]
    if who is None or not s.players[who].cities:
        whose = "You have" if own else (f"{r.player(who)} has" if who is not None else "Nobody has")
        return [*lines, f"{whose} no city yet: the first costs only its space (P-6.4)."]
    you = "you" if own else r.player(who)
    network = "your network" if own else f"the network of {you}"
    lines.append(f"Links out of {network} (link cost → what building there costs {you} now):")
    for c in sorted(s.players[who].cities, key=lambda c: r.city_names[c]):
        links = sorted(r.map.adjacency[c], key=lambda bc: (bc[1], r.city_names[bc[0]]))
        out = [
            f"{r.city_names[b]} {cost} → {build_cost(r, s, who, b)}"
            for b, cost in links
            if b not in s.players[who].cities and b in s.in_play
        ]
        lines += pack(f"  [bold]{r.city_names[c]}[/bold]: ", _listed(out), width=r.table_width)
    return lines


def _away(r: PowerGridRules, s: State, c: int, b: int) -> str:
    """A neighbour's region when it is not ``c``'s, and whether it is out of play."""
    region = r.map.city_region[b]
    parts = []
    if region != r.map.city_region[c]:
        parts.append(r.map.regions[region].name)
    if b not in s.in_play:
        parts.append("out of play")
    return f" ({', '.join(parts)})" if parts else ""


def _region(r: PowerGridRules, s: State, g: Region) -> list[str]:
    playing = "in play" if g.index in s.regions else "out of play (P-6.12)"
    bordering = ", ".join(r.map.regions[n].name for n in g.neighbors) or "none"
    lines = [
        f"[bold]{g.name}[/bold] region, {playing}: {plural(len(g.cities), 'city', 'cities')} · "
        f"borders {bordering}",
        "City: who has a house there · next space; its links inside the region and out of it, with costs",
    ]
    inside_region = set(g.cities)
    for c in g.cities:
        links = sorted(r.map.adjacency[c], key=lambda bc: (bc[1], r.city_names[bc[0]]))
        inside = [f"{r.city_names[b]} {cost}" for b, cost in links if b in inside_region]
        outside = [
            f"{r.city_names[b]} {cost}{_away(r, s, c, b)}" for b, cost in links if b not in inside_region
        ]
        lines.append(f"  [bold]{r.city_names[c]}[/bold]: {_owners(r, s, c)} · {_next_space(r, s, c)}")
        lines += pack("    inside: ", _listed(inside), width=r.table_width)
        lines += pack("    out: ", _listed(outside), width=r.table_width)
    return lines


def _listed(items: list[str]) -> list[str]:
    """Items for :func:`turbine.core.layout.pack`, with the commas between them (or ``none``)."""
    return [f"{x}," for x in items[:-1]] + items[-1:] or ["none"]
