"""An open auction where seats bid in turn and drop out.

The rules of *who* may bid and *how much* belong to the game; this module only
keeps the bookkeeping every such auction repeats: the bidders still in, whose
turn it is, the high bid and its bidder.  The struct lives in the game state.
"""

from __future__ import annotations

import msgspec


class Auction(msgspec.Struct):
    lot: int
    """What is sold (a card number, a tile index: the game decides)."""
    bidders: list[int]
    """Seats still in, in bidding order."""
    high_bid: int
    high_bidder: int
    turn: int = 0
    """Index into ``bidders`` of the seat to bid next."""

    @classmethod
    def open(cls, lot: int, opener: int, opening_bid: int, order: list[int]) -> Auction:
        """``opener`` bids ``opening_bid``; the others in ``order`` bid after it."""
        start = order.index(opener)
        bidders = order[start:] + order[:start]
        auction = cls(lot=lot, bidders=bidders, high_bid=opening_bid, high_bidder=opener)
        auction.turn = 1 % len(bidders)
        return auction

    @property
    def seat(self) -> int:
        """The seat that must bid or drop out now."""
        return self.bidders[self.turn]

    @property
    def decided(self) -> bool:
        return len(self.bidders) == 1

    def bid(self, amount: int) -> None:
        if amount <= self.high_bid:
            raise ValueError("a bid must be higher than the high bid")
        self.high_bid = amount
        self.high_bidder = self.seat
        self.turn = (self.turn + 1) % len(self.bidders)

    def drop_out(self) -> None:
        """The seat to bid leaves the auction for good."""
        del self.bidders[self.turn]
        if self.turn >= len(self.bidders):
            self.turn = 0
