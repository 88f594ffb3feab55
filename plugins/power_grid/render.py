"""A text view of a Power Grid game (rich markup) for the command line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core.layout import plural

from .actions import RESOURCE_NAMES, plant_label
from .phases import P_BUREAU, PHASES
from .plants import max_powerable
from .state import HIDDEN, STEP3, State
from .tables import income
from .words import ordinal, plant_short

if TYPE_CHECKING:
    from .rules import PowerGridRules


def plant_text(key: int) -> str:
    """A plant on the board: ``20(3 coal→5)`` (what it burns per run → cities it powers)."""
    return plant_short(key)


def last_powered(s: State, who: int) -> int | None:
    """The cities ``who`` powered in the last Phase 5 (P-7.3), ``None`` before his first.

    The state keeps only the count (``Player.powered``); whether it is from a Phase 5
    already played follows from the flow: every player is paid in every Phase 5
    (P-7.5, even for no city), so from round 2 on it is, and in round 1 once his
    Bureaucracy turn is done."""
    flow = s.flow
    if flow.round > 1:
        return s.players[who].powered
    if flow.phase == P_BUREAU and who in flow.order and flow.done[flow.order.index(who)]:
        return s.players[who].powered
    return None


def paid_text(s: State, who: int, short: bool = False) -> str:
    """The last Phase 5 of ``who``: ``powered 3 cities: +33 Elektro`` (T-1), or that it is
    yet to come; ``short``: ``3→33``."""
    powered = last_powered(s, who)
    if powered is None:
        return "–" if short else "no Phase 5 yet"
    if short:
        return f"{powered}→{income(powered)}"
    return f"powered {plural(powered, 'city', 'cities')} in the last Phase 5: +{income(powered)} Elektro"


def deck_text(s: State) -> str:
    """The deck as the viewer knows it (``s`` is already a view): known cards on top,
    the face-down rest, the Step 3 card and the known plants under it (P-7.10)."""
    deck = s.deck
    if not deck:
        return "Deck: empty"
    parts: list[str] = []
    top_known = []
    i = len(deck) - 1
    while i >= 0 and deck[i] not in (HIDDEN, STEP3):
        top_known.append(plant_label(deck[i]))
        i -= 1
    if top_known:  # "plant 13 on top", not a count of 13
        parts.append(("plant " if len(top_known) == 1 else "plants ") + " ".join(top_known) + " on top")
    hidden = sum(1 for c in deck if c == HIDDEN)
    if hidden:
        parts.append(f"{'then ' if top_known else ''}{plural(hidden, 'card')} face down")
    if STEP3 in deck:
        under = [plant_label(c) for c in reversed(deck[: deck.index(STEP3)])]
        card = f"{'then ' if parts else ''}the Step 3 card{'' if parts else ' on top'}"
        parts.append(card + (f", under it: {' '.join(under)}" if under else " at the bottom"))
    return f"Deck: {plural(len(deck), 'card')}: " + ", ".join(parts)


def deck_count(s: State) -> str:
    """The deck in a few words for the panel: the plants before the Step 3 card, which
    every player can count (it goes in at the bottom and the plants put under it are
    seen, P-7.10), and those under it: ``deck 3 before Step 3 + 8 under``, ``deck: Step 3
    next + 8 under``; after Step 3, the plants left."""
    deck = s.deck
    if STEP3 not in deck:
        return f"deck {plural(len(deck), 'plant')}"
    under = deck.index(STEP3)
    above = len(deck) - 1 - under
    after = f" + {under} under" if under else ""
    return f"deck {above} before Step 3{after}" if above else f"deck: Step 3 next{after}"


def render(rules: PowerGridRules, state: State, seat: int | None) -> str:
    s = rules.view(state, seat)
    lines: list[str] = []
    flow = s.flow
    to_move = rules.to_move(s)
    where = f"Round {flow.round}, Step {s.step}, phase: {PHASES[flow.phase]}"
    if s.ended or flow.over:
        where += " — game over"
    lines.append(f"[bold]{rules.map.title}[/bold] — {where}")
    lines.append(
        f"Step 2 at {rules.step2_cities} cities, game ends at {rules.end_cities} cities; "
        f"at most {rules.max_plants} plants each"
    )
    order = ", ".join(f"{ordinal(i + 1)} {rules.player(seat_)}" for i, seat_ in enumerate(s.order))
    moving = f" · to move: {rules.player(to_move)}" if to_move is not None else ""
    lines.append(f"Player order: {order}{moving}")
    actual = rules.actual_market(s)
    future = [k for k in s.market if k not in actual]
    if s.step >= 3:
        lines.append(
            "Plant market (Step 3, all can be auctioned): " + (" ".join(plant_text(k) for k in actual) or "—")
        )
    else:
        lines.append("Plant market, actual: " + (" ".join(plant_text(k) for k in actual) or "—"))
        lines.append("Plant market, future: " + (" ".join(plant_text(k) for k in future) or "—"))
    lines.append(deck_text(s))
    box = " ".join(plant_label(k) for k in sorted(s.box)) or "—"
    unseen = f" (+{plural(s.unseen_removed, 'card')} removed face down at setup)" if s.unseen_removed else ""
    lines.append(f"Box: {box}{unseen}")
    if s.auction is not None:
        a = s.auction
        lines.append(
            f"Auction: {plant_text(a.lot)} high bid {a.high_bid} by {rules.player(a.high_bidder)}; "
            f"still bidding: {', '.join(rules.player(b) for b in a.bidders)}"
        )
    res = []
    for r, name in enumerate(RESOURCE_NAMES):
        n = s.resources[r]
        price = rules.price(s, r) if n else "—"
        res.append(f"{name} {n} (next at {price})")
    lines.append("Resources: " + ", ".join(res))
    lines.append("Reserve: " + ", ".join(f"{name} {s.reserve[r]}" for r, name in enumerate(RESOURCE_NAMES)))
    lines.append("")
    in_auction = flow.phase == 1 and not flow.over
    for i, p in enumerate(s.players):
        plants = "plants " + " ".join(plant_text(k) for k in p.plants) if p.plants else "no plants"
        held = " ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(p.res) if n) or "no fuel"
        marker = "▶ " if i == to_move else "  "
        status = ""
        if in_auction and i in flow.order and flow.done[flow.order.index(i)]:
            status = " · out of this auction phase (bought or passed)"
        lines.append(
            f"{marker}[bold]{rules.player(i)}[/bold]: {p.money} Elektro, "
            f"{plural(len(p.cities), 'city', 'cities')} "
            f"(can power {max_powerable(p)}), {plants}, holds {held}, {paid_text(s, i)}{status}"
        )
        if p.cities:
            lines.append("     cities: " + ", ".join(rules.city_names[c] for c in p.cities))
    lines.append("")
    names = rules.map.regions
    japan = rules.is_japan
    for r in s.regions:
        region = names[r]
        parts = []
        for c in region.cities:
            h = s.houses[c]
            mark = "*" if rules.start_city[c] else ("°" if len(rules.map.cities[c].spaces) == 2 else "")
            owners = ", ".join(rules.player(x) for x in h)
            parts.append(f"{rules.city_names[c]}{mark}" + (f" ({owners})" if owners else ""))
        lines.append(f"{region.name}: " + ", ".join(parts))
    if japan:
        lines.append("* start city (spaces 10, 10, 20), ° small city (two spaces)")
    return "\n".join(lines)
