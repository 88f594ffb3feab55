"""Power Grid's automatic steps said aloud (:meth:`Rules.tell`): sales, plants entering
and leaving the market, Step changes, the new player order, each player's income,
the resupply of the resource market and the answers given for a player when only
one was possible.

Each function only reads the state and says what happened, with the rule that did
it; the rules call them only while someone listens (:meth:`Rules.telling`), so
bots, searches and replays pay nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from turbine.core.layout import plural

from .actions import RESOURCE_NAMES
from .tables import income, market_capacity
from .words import ordinal, plant_long

if TYPE_CHECKING:
    from .state import State


class Teller(Protocol):
    """What a narration needs of the rules: :meth:`Rules.tell` and :meth:`Rules.player_name`
    (the rules import this module, so it names no rules class)."""

    def tell(self, text: str) -> None: ...

    def player_name(self, seat: int) -> str: ...


def order(r: Teller, state: State, rule: str) -> None:
    """P-3.4/P-3.5 (or P-3.9 in round 1): the new player order."""
    how = "highest plant first" if rule == "P-3.9" else "most cities first"
    places = ", ".join(f"{ordinal(i + 1)} {r.player_name(s)}" for i, s in enumerate(state.order))
    r.tell(f"Player order ({how}, {rule}): {places}")


def sold(r: Teller, buyer: int, plant: int, price: int, alone: bool) -> None:
    """P-4.5/P-4.6: who takes the plant, for how much."""
    why = " (nobody else may bid, P-4.6)" if alone else ""
    r.tell(f"{r.player_name(buyer)} buys {plant_long(plant)} for {price} Elektro{why}")


def cannot_raise(r: Teller, bidder: int, high: int, money: int) -> None:
    """P-4.5: a bidder whose money does not reach a higher bid is out of the auction."""
    r.tell(f"{r.player_name(bidder)} has {money} Elektro, too few to bid over {high}, and drops out (P-4.5)")


def entered(r: Teller, plant: int) -> None:
    r.tell(f"New in the plant market: {plant_long(plant)}")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def boxed(r: Teller, plant: int, why: str) -> None:
    """A plant leaves the market for the box, and the rule that sends it there."""
    r.tell(f"{_capital(plant_long(plant))} goes to the box: {why}")


def paid(r: Teller, state: State, who: int, capacity: int, powered: int) -> None:
    """P-7.3/P-7.5: cities powered and the T-1 income for them."""
    p = state.players[who]
    cities = len(p.cities)
    if powered == 0:
        why = "no city connected" if not cities else "no plant runs"
        what = f"powers no city ({why})"
    elif powered < cities:
        what = f"powers {powered} of {plural(cities, 'city', 'cities')}"
    else:
        what = "powers their city" if cities == 1 else f"powers all {cities} cities"
        if capacity > cities:
            what += f" (their plants could power {capacity})"
    r.tell(f"{r.player_name(who)} {what}: +{income(powered)} Elektro, now {p.money} (T-1, P-7.5)")


def resupply(r: Teller, state: State, before: list[int], due: tuple[int, ...]) -> None:
    """P-7.6–P-7.9: the tokens each market track received, and why fewer than due."""
    parts = []
    for i, name in enumerate(RESOURCE_NAMES):
        n = state.resources[i]
        added = n - before[i]
        short = ""
        if added < due[i]:
            short = " (market full)" if n == market_capacity(i) else " (reserve empty)"
        parts.append(f"{name} +{added} → {n}{short}")
    r.tell(f"Resupply (Step {state.step}, P-7.6): " + ", ".join(parts))


def under_deck(r: Teller, plant: int) -> None:
    r.tell(f"{_capital(plant_long(plant))} goes under the deck (P-7.10)")


def forced(r: Teller, who: int, what: str) -> None:
    """An answer the rules gave for a player because it was the only one."""
    r.tell(f"{r.player_name(who)}: {what} (the only choice)")
