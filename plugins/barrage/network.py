"""The ``network`` view: what connects to what for one company (B-11.1).

For each dam the company could produce with (its own, and the neutral ones that reach
one of its powerhouses, B-11.1.2): the dam's height and water, every conduit space out
of its basin (built or not, with owner, value and destination), the powerhouses in the
destination basin, and the energy a production through that conduit would give now
for each number of water markers.  The energy is the engine's own
(:func:`.production.energy`, with :func:`.production.max_markers` for the conduit fee
paid in advance, U-24), so the view can never disagree with the amounts offered in a
production: when the company is choosing a production, with that decision's action
modifier and flags (B-10.3.1, Germany's repeat without the board bonus, B-15.4);
otherwise as a production with no action modifier.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import production
from .decisions.production import ChooseProduction, ChooseRepeat
from .tables import NEUTRAL, NOBODY, POWERHOUSE

if TYPE_CHECKING:
    from .api import BarrageGame
    from .state import State


def _owner(r: BarrageGame, state: State, owner: int, seat: int) -> str:
    """Whose a piece is, as ``seat`` reads it (plain text: the view is read as words)."""
    if owner == seat:
        return "own"
    if owner == NEUTRAL:
        return "neutral"
    if owner == NOBODY:
        return "free"
    company = r.company(state, owner)
    return company.name if company.id else r.player(owner)


def production_terms(r: BarrageGame, state: State, seat: int) -> tuple[int, int, str, int]:
    """The action modifier and production flags the energies are computed with, a phrase
    saying which (the production ``seat`` is choosing now, or a plain one), and the basin
    whose powerhouse Germany's second production may not use again (0: none, B-15.4.1)."""
    pending = state.flow.pending
    top = pending[-1] if pending else None
    if isinstance(top, ChooseRepeat) and top.seat == seat:  # no modifier, no bonus (B-11.2 step 4)
        return 0, production.REPEAT, "for the second production (no board bonus, B-15.4)", top.basin
    if isinstance(top, ChooseProduction) and top.seat == seat:
        if not top.flags & production.BONUS:
            return top.modifier, top.flags, "for the production being chosen (no board bonus)", 0
        terms = f"for the production being chosen (action modifier {top.modifier:+d})"
        return top.modifier, top.flags, terms, 0
    return 0, production.BONUS, "with no action modifier (the production spaces add theirs)", 0


def network(r: BarrageGame, state: State, seat: int) -> list[str]:
    """The lines of the view for ``seat`` (see the module's docstring)."""
    b = r.board
    modifier, flags, terms, used = production_terms(r, state, seat)
    player = state.players[seat]
    bonus = production.powerhouse_bonus(r, player.built[POWERHOUSE]) if flags & production.BONUS else 0
    mine = production.powerhouse_zones(r, state, seat)
    company = r.company(state, seat)
    name = f"{company.name} ({r.player(seat)})" if company.id else r.player(seat)
    houses = ", ".join(f"{b.powerhouses[p].id} (Z-{z})" for z, p in sorted(mine.items())) or "none yet"
    lines = [
        f"Network of {name}: energy {terms}",
        f"  powerhouses: {houses} · board bonus +{bonus} · {player.credits} credits "
        "(another's conduit costs 1 per water, and gives its owner 1 VP)",
    ]
    caps = r.capacities(state)
    shown = 0
    for d, site in enumerate(b.dams):
        owner = state.dam_owner[d]
        out = [c for c in b.conduits if c.zone == site.zone]
        reaches = any(state.conduit_owner[c.index] >= 0 and c.to_zone in mine for c in out)
        if owner != seat and not (owner == NEUTRAL and reaches):
            continue
        shown += 1
        water = state.dam_water[d]
        held = f"{water}/{caps[d]} water" if water else "no water"
        whose = "dam" if owner == seat else "neutral dam"
        lines.append(f"  {whose} {site.id} (Z-{site.zone}, height {state.dam_height[d]}, {held})")
        if not out:
            lines.append("    no conduit space leaves this basin: no route")
        for c in out:
            if c.to_zone == used and state.conduit_owner[c.index] >= 0:
                lines.append(f"    {c.id} → Z-{c.to_zone}: the first production's powerhouse, not again")
                continue
            lines.append("    " + _route(r, state, seat, d, c.index, mine, modifier, flags))
    if not shown:
        lines.append("  no dam of its own, and no neutral dam reaching one of its powerhouses")
    return lines


def _route(
    r: BarrageGame,
    state: State,
    seat: int,
    dam: int,
    conduit: int,
    mine: dict[int, int],
    modifier: int,
    flags: int,
) -> str:
    """One conduit out of the dam's basin: its owner and value, where it leads, what is
    there, and the energy of each number of markers (B-11.2 steps 2–4)."""
    b = r.board
    c = b.conduits[conduit]
    owner = state.conduit_owner[conduit]
    if owner < 0:
        return f"{c.id} value {c.value} → Z-{c.to_zone}: not built, no route"
    houses = [p for p in b.powerhouses_in_zone[c.to_zone] if state.ph_owner[p] >= 0]
    built = ", ".join(f"{b.powerhouses[p].id} {_owner(r, state, state.ph_owner[p], seat)}" for p in houses)
    where = f"Z-{c.to_zone} ({built or 'no powerhouse'})"
    head = f"{c.id} value {c.value} {_owner(r, state, owner, seat)} → {where}"
    if c.to_zone not in mine:
        return f"{head}: no own powerhouse there, no route"
    if not state.dam_water[dam]:
        return f"{head}: no water to produce with"
    most = production.max_markers(r, state, seat, dam, conduit)
    if not most:
        return f"{head}: no credits for the fee of 1 per marker"
    made = [production.energy(r, state, seat, n, c.value, modifier, flags) for n in range(1, most + 1)]
    amounts = ", ".join(f"{n} water {e} energy" for n, e in enumerate(made, 1))
    fee = "" if owner == seat else " (per water: 1 credit and 1 VP to its owner, B-11.2)"
    low = "; below 1 energy not allowed (B-11.4)" if min(made) < 1 else ""
    return f"{head}: {amounts}{fee}{low}"
