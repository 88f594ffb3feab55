"""The state of a Power Grid game: plain msgspec data (encodes, compares, digests).

What expansions keep in the state is typed by the records they register with turbine's
core hook ``turbine_state_parts``: ``state.ext.<key>`` and each ``player.ext.<key>``
(:class:`~turbine.core.state.StatePart`); the rules decode them with :class:`State` typed by
those records (:meth:`~turbine.core.rules.Rules.ext_typed`).
"""

from __future__ import annotations

from typing import Generic, TypeVar

import msgspec
from turbine.core.auction import Auction
from turbine.core.flow import Flow
from turbine.core.rng import Rng
from turbine.core.state import NoExt

X = TypeVar("X")
"""What expansions keep in the shared state: a record with one field per expansion."""
PX = TypeVar("PX")
"""What expansions keep per seat: a record with one field per expansion."""

#: The "Step 3" card while it is in the deck or the market (sorts above every plant).
STEP3 = 10_000
#: A face-down card in a player's view of the deck.
HIDDEN = -1

# values of State.step3
NO_STEP3 = 0
STEP3_IN_MARKET = 1  # Case A: drawn in Phase 2, cleaned up at the end of Phase 2 (P-8.4)
STEP3_AT_PHASE5 = 2  # Case B: Step 3 begins with this round's Phase 5 (P-8.5)
STEP3_NEXT_ROUND = 3  # Case C: Step 3 begins with the next round's Phase 1 (P-8.6)


class Decision(msgspec.Struct):
    """A pending sub-decision (the top of ``flow.pending`` decides who moves).

    ``kind``: ``bid`` (the running auction), ``discard`` (plant limit),
    ``return`` (tokens that no longer fit), ``burn`` (the mix a hybrid or 33⅓ burns).
    """

    seat: int
    kind: str
    cities: int = 0
    """burn: cities the chosen plants can power."""
    hybrid: int = 0
    """burn: coal/oil tokens still to burn on hybrids."""
    any: int = 0
    """burn: tokens of any kind still to burn on 33⅓."""
    plants: list[int] = msgspec.field(default_factory=list)
    """burn: the plants that run (sort keys), for the fuel each one burns; return: the
    plant just discarded, whose tokens are the ones that may go (P-4.9; empty in games
    played under rules version 1, which let any kind go)."""


class Player(msgspec.Struct, Generic[PX]):
    money: int
    plants: list[int] = msgspec.field(default_factory=list)
    """Sort keys, ascending."""
    res: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])
    """Tokens on his plants: coal, oil, garbage, uranium (one pool, P-5.5)."""
    cities: list[int] = msgspec.field(default_factory=list)
    """City indices, in the order built."""
    networks: int = 0
    """Networks started (Japan, P-12.6)."""
    powered: int = 0
    """Cities powered in the last Phase 5."""
    ext: PX = msgspec.field(default_factory=NoExt)  # type: ignore[assignment]
    """Per-player records of expansions, one field per expansion (``None`` until its setup)."""


class State(msgspec.Struct, Generic[X, PX]):
    flow: Flow[Decision]
    rng: Rng
    players: list[Player[PX]]
    order: list[int]
    """Player order: seats, position 1 first."""
    regions: list[int]
    allowed: int
    """Bitmask of the cities in play."""
    in_play: list[int]
    """City indices in play, ascending."""
    houses: list[tuple[int, ...]]
    """Per city: the seats with a house there, in the order built.  A house is never
    taken back, so each city's tuple is replaced by a longer one, and a clone shares
    the tuples instead of copying one list per city."""
    market: list[int]
    """Plant market, ascending (may hold the Step 3 card, P-8.4)."""
    deck: list[int]
    """Face-down plant deck, top card last."""
    box: list[int] = msgspec.field(default_factory=list)
    """Plants out of the game, face up, in the order removed."""
    unseen_removed: int = 0
    """Cards removed face down at setup (P-2.11)."""
    resources: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])
    """Tokens on the resource market per type (they fill the track from the expensive end)."""
    reserve: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])
    step: int = 1
    step3: int = NO_STEP3
    step2_pending: bool = False
    auction: Auction | None = None
    sold: int = 0
    """Plants sold in this round's Phase 2."""
    pass_removed: bool = False
    """Russia: the pass removal (P-11.5) happened this round."""
    ended: bool = False
    ext: X = msgspec.field(default_factory=NoExt)  # type: ignore[assignment]
    """Shared records of expansions, one field per expansion (``None`` until its setup)."""
