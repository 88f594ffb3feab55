"""Standing orders in Power Grid: ``bid up to N`` in a bidding war (P-4.5), ``buy N coal``
in Phase 3 (P-5).

A player asked to bid in a running auction may name his limit instead of a bid; the
table then bids for him, one above the highest bid each time his turn comes, until
he wins the plant or the next bid would pass his limit.  A player buying resources may
name how many tokens of one kind he wants (the market sells one at a time, the cheapest
first, P-5.2): the table buys them one by one, and stops early, saying why, where the
money or the room runs out.  Each of those moves is an ordinary ``bid N`` or ``buy coal``
of the log, so saves and replays know nothing of the orders.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from turbine.core.errors import IllegalAction
from turbine.core.rules import StandingOrder

from . import actions as A
from .actions import RESOURCE_NAMES, Action, plant_label
from .phases import P_RESOURCES
from .state import State

if TYPE_CHECKING:
    from .rules import PowerGridRules

ORDERS = ["bid up to N — bid for you, one above the others, up to N (P-4.5)"]
"""The forms a player may give while asked to bid, for the screen."""
BUYING = ["buy N coal (oil, garbage, uranium) — buy N tokens of a kind, cheapest first (P-5.2)"]
"""The form a player may give while buying resources, for the screen."""
_BID_UP_TO = re.compile(r"bid\s+up\s+to\s+(\d+)")
_KINDS = "|".join(RESOURCE_NAMES)
_BUY_MANY = re.compile(rf"buy\s+(?:(\d+)\s+({_KINDS})|({_KINDS})\s+(\d+))")


def asked_to_bid(state: State, seat_: int) -> bool:
    """Whether ``seat_`` is the one to raise or drop out in a running auction now."""
    pending = state.flow.pending
    return bool(pending) and pending[-1].kind == "bid" and pending[-1].seat == seat_


def asked_to_buy(rules: PowerGridRules, state: State, seat_: int) -> bool:
    """Whether ``seat_`` is the one buying resources now (its turn of Phase 3, no other
    question on the way)."""
    return state.flow.phase == P_RESOURCES and not state.flow.pending and rules.to_move(state) == seat_


def standing_order(
    rules: PowerGridRules, state: State, seat_: int, text: str
) -> StandingOrder[State, Action] | None:
    """``bid up to N`` or ``buy N coal`` for ``seat_``, or ``None`` when ``text`` is no
    order; refused (:class:`IllegalAction`) where it answers no decision of the seat's, or
    could play no move at all."""
    said = " ".join(text.lower().split())
    bought = _BUY_MANY.fullmatch(said)
    if bought is not None:
        return _buy_many(rules, state, seat_, int(bought[1] or bought[4]), bought[2] or bought[3])
    player = rules.player_name
    match = _BID_UP_TO.fullmatch(said)
    if match is None:
        if said.startswith("bid up to"):  # the order, with no whole number after it
            raise IllegalAction("'bid up to' takes a whole number of Elektro: bid up to 25", "P-4.5")
        return None
    limit = int(match.group(1))
    a = state.auction
    if a is None or not asked_to_bid(state, seat_):
        raise IllegalAction("'bid up to N' answers a running auction when you are asked to bid", "P-4.5")
    lowest = a.high_bid + 1
    if limit < lowest:
        raise IllegalAction(
            f"the lowest bid for plant {plant_label(a.lot)} is {lowest} (highest bid {a.high_bid} by "
            f"{player(a.high_bidder)}): a limit of {limit} allows no bid",
            "P-4.5",
        )
    money = state.players[seat_].money
    if limit > money:
        raise IllegalAction(f"you have {money} Elektro: you cannot bid up to {limit}", "P-4.4")
    return BidUpTo(seat_, f"bid up to {limit}", limit, a.lot, player)


class BidUpTo(StandingOrder[State, Action]):
    """Bid one above the highest bid for plant ``lot`` while that stays within ``limit``."""

    def __init__(self, seat_: int, text: str, limit: int, lot: int, player: Callable[[int], str]) -> None:
        super().__init__(seat_, text)
        self.limit = limit
        self.lot = lot
        self.player = player

    def finished(self, state: State) -> str:
        a = state.auction
        plant = f"plant {plant_label(self.lot)}"
        if a is None or a.lot != self.lot or self.seat not in a.bidders:
            return f"'{self.text}' is done: the auction for {plant} is over"
        if a.high_bidder != self.seat and a.high_bid >= self.limit:
            high = f"{a.high_bid} ({self.player(a.high_bidder)})"
            return f"your limit of {self.limit} is reached: {plant} is at {high}"
        return ""

    def next_action(self, state: State) -> Action | None:
        a = state.auction
        if a is None or self.finished(state) or not asked_to_bid(state, self.seat):
            return None
        return A.Bid(a.high_bid + 1)


def _buy_many(rules: PowerGridRules, state: State, seat_: int, count: int, resource: str) -> BuyTokens:
    """The order to buy ``count`` tokens of ``resource``, checked against the first of them."""
    if not asked_to_buy(rules, state, seat_):
        raise IllegalAction(f"'buy {count} {resource}' answers your turn to buy resources", "P-5")
    if count < 1:
        raise IllegalAction(f"buy at least 1 {resource}, or 'done' to buy no more", "P-5")
    first = A.Buy(resource)
    if first not in rules.legal_actions(state):
        raise rules.refusal(state, first)
    return BuyTokens(seat_, f"buy {count} {resource}", resource, count, state, rules)


class BuyTokens(StandingOrder[State, Action]):
    """Buy ``count`` tokens of ``resource``, the cheapest first, one move each (P-5.2)."""

    def __init__(
        self, seat_: int, text: str, resource: str, count: int, state: State, rules: PowerGridRules
    ) -> None:
        super().__init__(seat_, text)
        self.resource = resource
        self.kind = RESOURCE_NAMES.index(resource)
        self.count = count
        self.start = state.players[seat_].res[self.kind]
        self.rules = rules

    def bought(self, state: State) -> int:
        return state.players[self.seat].res[self.kind] - self.start

    def finished(self, state: State) -> str:
        got = self.bought(state)
        if got >= self.count:
            return f"'{self.text}' is done: you bought {got} {self.resource}"
        if not asked_to_buy(self.rules, state, self.seat):
            return f"'{self.text}' ends with your turn, after {got}"
        buy = A.Buy(self.resource)
        if buy not in self.rules.legal_actions(state):
            return f"'{self.text}' stops after {got}: {self.rules.refusal(state, buy)}"
        return ""

    def next_action(self, state: State) -> Action | None:
        if self.finished(state) or not asked_to_buy(self.rules, state, self.seat):
            return None
        return A.Buy(self.resource)
