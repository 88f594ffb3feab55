"""Standing orders in Power Grid: ``bid up to N`` in a bidding war (P-4.5).

A player asked to bid in a running auction may name his limit instead of a bid; the
table then bids for him, one above the highest bid each time his turn comes, until
he wins the plant or the next bid would pass his limit.  Each of those bids is an
ordinary ``bid N`` of the log, so saves and replays know nothing of the order.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from turbine.core.errors import IllegalAction
from turbine.core.rules import StandingOrder

from . import actions as A
from .actions import Action, plant_label
from .state import State

ORDERS = ["bid up to N — bid for you, one above the others, up to N (P-4.5)"]
"""The forms a player may give while asked to bid, for the screen."""
_BID_UP_TO = re.compile(r"bid\s+up\s+to\s+(\d+)")


def asked_to_bid(state: State, seat_: int) -> bool:
    """Whether ``seat_`` is the one to raise or drop out in a running auction now."""
    pending = state.flow.pending
    return bool(pending) and pending[-1].kind == "bid" and pending[-1].seat == seat_


def standing_order(state: State, seat_: int, text: str, player: Callable[[int], str]) -> BidUpTo | None:
    """``bid up to N`` for ``seat_``, or ``None`` when ``text`` is no order; refused
    (:class:`IllegalAction`) outside a bidding war or with a limit no bid fits.
    ``player``: how texts name a seat's player (:meth:`Rules.player_name`)."""
    said = " ".join(text.lower().split())
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
