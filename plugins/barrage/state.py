"""The Barrage game state: plain msgspec data, changed in place by the rules.

The sub-decisions waiting on ``flow.pending`` are typed records of
:mod:`.decisions`, and what expansions keep in ``ext`` is typed by the records they
register with the core hook ``turbine_state_parts`` (:class:`~turbine.core.state.StatePart`,
re-exported here).  Map sites, management-board spaces and contracts are referred to by their
index in :mod:`.tables` (or their contract id), so the state is small, cheap to
clone and encodes to JSON.
"""

from __future__ import annotations

import functools
from typing import Any, Final, Generic, TypeVar

import msgspec
from turbine.core import Flow, Rng
from turbine.core.state import NoExt, StatePart, ext_records

__all__ = [
    "BLOCKED",
    "NEUTRAL",
    "NOBODY",
    "WHEEL_SECTORS",
    "NoExt",
    "Player",
    "State",
    "StatePart",
    "ext_records",
    "typed_state",
]

WHEEL_SECTORS = 6
NOBODY: Final = -1
"""The owner of nothing: a building space with no structure on it (:attr:`State.dam_owner`,
:attr:`State.conduit_owner`, :attr:`State.ph_owner`), a free action space
(:attr:`State.spaces`)."""
NEUTRAL: Final = -2
"""The owner of a neutral dam (B-3.2.4, :attr:`State.dam_owner`)."""
BLOCKED: Final = -3
"""Occupancy code of a management-board space blocked for the player count (B-4.7)."""


X = TypeVar("X")
"""What expansions keep in the shared state: a record with one field per expansion
(:func:`~turbine.core.state.ext_records`)."""
PX = TypeVar("PX")
"""What expansions keep per seat: a record with one field per expansion."""


class Player(msgspec.Struct, Generic[PX]):
    company: str
    officer: str
    credits: int = 6
    excavators: int = 6
    mixers: int = 4
    vp: int = 10
    engineers: int = 12
    energy: int = 0
    """Energy made this round (the true total, B-3.9.3)."""
    built: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])
    """Pieces built per structure type (base, elevation, conduit, powerhouse)."""
    spaces_used: int = 0
    """Construction spaces of the company board used this round (B-8.1)."""
    tiles: list[str] = msgspec.field(default_factory=list)
    """Technology tiles in the personal supply."""
    wheel_tile: list[str] = msgspec.field(default_factory=lambda: [""] * WHEEL_SECTORS)
    wheel_exc: list[int] = msgspec.field(default_factory=lambda: [0] * WHEEL_SECTORS)
    wheel_mix: list[int] = msgspec.field(default_factory=lambda: [0] * WHEEL_SECTORS)
    wheel_open: int = 0
    """Index of the open sector."""
    contracts: list[str] = msgspec.field(default_factory=list)
    """Face-up contracts held (hand limit 3, B-10.8.4)."""
    fulfilled: list[str] = msgspec.field(default_factory=list)
    """Face-down (fulfilled) contracts."""
    copy: str = ""
    """The officer whose ability Mahiri Sekibo's holder has copied, while it lasts (B-16.7)."""
    copy_turns: int = 0
    """Turn starts the copy survives (U-9.1, U-9.2): 1 = it ends when her next turn starts."""
    copy_uses: int = 0
    """Uses of the personal officer space this round (B-16.7.1, U-21)."""
    ext: PX = msgspec.field(default_factory=NoExt)  # type: ignore[assignment]
    """Per-player records of expansions, one field per expansion (``None`` when it has none)."""


D = TypeVar("D")
"""The decisions on the pending stack: the tagged union of the game's decision kinds
(:mod:`.decisions`, and its expansions'), fixed when the rules are made."""


class State(msgspec.Struct, Generic[D, X, PX]):
    flow: Flow[D]
    rng: Rng
    players: list[Player[PX]]
    turn_order: list[int]
    dam_owner: list[int]
    """Who owns the dam on each dam site, in the order of ``game.board.dams`` (its ``id``,
    ``B5U``, names it; ``game.board.dam("B5U")`` finds it): a seat, :data:`NEUTRAL`, or
    :data:`NOBODY` where none is built."""
    dam_height: list[int]
    """Each dam's height: 0 where none is built, 1 a base, 2 and 3 with elevations (B-11)."""
    dam_water: list[int]
    """The water drops each dam holds (B-12)."""
    conduit_owner: list[int]
    """Who built the conduit on each conduit site (``game.board.conduits``): a seat or
    :data:`NOBODY`."""
    ph_owner: list[int]
    """Who built the powerhouse on each powerhouse site (``game.board.powerhouses``): a
    seat or :data:`NOBODY`."""
    headstream_tiles: list[str]
    """The headstream tile on each headstream (B-4.1.2)."""
    headstream_water: list[int]
    """The water drops waiting on each headstream (B-12)."""
    bonus_tiles: list[str]
    """The bonus tile of each round, round 1 first (B-4.1.7)."""
    objective: str
    nationals: list[str]
    """National contracts still on the board."""
    display: list[list[str]]
    """Face-up private contracts: 2 slots per stack ("" empty)."""
    stacks: list[list[str]]
    """Face-down private stacks (the last item is the top)."""
    spaces: list[int]
    """Management-board occupancy per space (``game.spaces``): :data:`NOBODY` free, a seat,
    or :data:`BLOCKED`."""
    bank: list[int]
    """Engineers each seat has on the Bank this round."""
    patent_display: list[str] = msgspec.field(default_factory=list)
    """Full game: the 3 face-up advanced tiles of the Patent Office ("" taken, B-10.9)."""
    patent_stacks: list[list[str]] = msgspec.field(default_factory=list)
    """Full game: face-down advanced-tile stacks I, II, III (the last item is the top)."""
    draft_pairs: list[list[str]] = msgspec.field(default_factory=list)
    """Full game: the [company, officer] pairs not chosen yet (B-4.4.2)."""
    draft_contracts: list[str] = msgspec.field(default_factory=list)
    """Full game: the starting contracts not chosen yet (B-4.4.3)."""
    draft_order: list[int] = msgspec.field(default_factory=list)
    """Full game: the seats in choosing order (B-4.4.5); the turn order is its reverse."""
    ext: X = msgspec.field(default_factory=NoExt)  # type: ignore[assignment]
    """Shared records of expansions, one field per expansion (``None`` when it has none)."""
    in_turn: bool = False
    """The seat to act has started its action and it is not finished yet."""
    finished: bool = False
    """Final scoring has been done."""


@functools.cache
def typed_state(pending: Any, shared: type, seat: type) -> Any:
    """:class:`State` with its pending stack and ``ext`` records typed (for decoding and
    cloning), made once per combination (msgspec then keeps its decoder)."""
    return State[pending, shared, seat]  # type: ignore[valid-type]
