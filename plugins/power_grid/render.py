"""A text view of a Power Grid game (rich markup) for the command line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import RESOURCE_NAMES, plant_label
from .rules import CITIES, FUEL, NEED, PHASES, max_powerable
from .state import HIDDEN, STEP3, State

if TYPE_CHECKING:
    from .rules import PowerGridRules

_FUEL_NAMES = ("coal", "oil", "garbage", "uranium", "coal/oil", "none", "any")
_SHORT = ("C", "O", "G", "U")


def plant_text(key: int) -> str:
    if key == STEP3:
        return "[Step 3]"
    if key == HIDDEN:
        return "?"
    fuel = FUEL[key]
    need = NEED[key]
    what = "eco" if fuel == 5 else f"{need} {_FUEL_NAMES[fuel]}"
    return f"{plant_label(key)}({what}→{CITIES[key]})"


def render(rules: PowerGridRules, state: State, seat: int | None) -> str:
    s = rules.view(state, seat)
    lines: list[str] = []
    flow = s.flow
    to_move = rules.to_move(s)
    where = f"Round {flow.round}, Step {s.step}, phase: {PHASES[flow.phase]}"
    if s.ended or flow.over:
        where += " — game over"
    lines.append(f"[bold]{rules.map.title}[/bold] — {where}")
    order = " ".join(f"{i + 1}:P{seat_ + 1}" for i, seat_ in enumerate(s.order))
    lines.append(f"Player order: {order}" + (f"   to move: P{to_move + 1}" if to_move is not None else ""))
    actual = rules.actual_market(s)
    future = [k for k in s.market if k not in actual]
    lines.append("Plant market, actual: " + (" ".join(plant_text(k) for k in actual) or "—"))
    if s.step < 3 or future:
        lines.append("Plant market, future: " + (" ".join(plant_text(k) for k in future) or "—"))
    step3_note = " (Step 3 card at the bottom)" if STEP3 in s.deck else ""
    lines.append(f"Deck: {len(s.deck)} cards{step3_note}; boxed: {len(s.box) + s.unseen_removed}")
    if s.auction is not None:
        a = s.auction
        lines.append(
            f"Auction: {plant_text(a.lot)} high bid {a.high_bid} by P{a.high_bidder + 1}; "
            f"in: {', '.join(f'P{b + 1}' for b in a.bidders)}"
        )
    res = []
    for r, name in enumerate(RESOURCE_NAMES):
        n = s.resources[r]
        price = rules.price(s, r) if n else "—"
        res.append(f"{name} {n} (next {price})")
    lines.append("Resources: " + ", ".join(res) + f"; reserve {'/'.join(str(x) for x in s.reserve)}")
    lines.append("")
    for i, p in enumerate(s.players):
        plants = " ".join(plant_text(k) for k in p.plants) or "no plants"
        held = " ".join(f"{n}{_SHORT[r]}" for r, n in enumerate(p.res) if n) or "no fuel"
        marker = "▶ " if i == to_move else "  "
        lines.append(
            f"{marker}[bold]P{i + 1}[/bold]: {p.money} Elektro, {len(p.cities)} cities "
            f"(can power {max_powerable(p)}), plants {plants}, holds {held}"
        )
        if p.cities:
            lines.append("     cities: " + ", ".join(rules.city_names[c] for c in p.cities))
    lines.append("")
    names = rules.map.regions
    for r in s.regions:
        region = names[r]
        parts = []
        for c in region.cities:
            h = s.houses[c]
            mark = "".join(str(x + 1) for x in h)
            parts.append(f"{rules.city_names[c]}" + (f"[{mark}]" if mark else ""))
        lines.append(f"{region.name}: " + ", ".join(parts))
    if rules.pm is not None:
        for extra in rules.pm.hook.turbine_render_extra(rules=rules, state=state, seat=seat):
            if extra:
                lines.append(extra)
    return "\n".join(lines)
