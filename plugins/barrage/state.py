"""The Barrage game state: plain msgspec data, changed in place by the rules.

The sub-decisions waiting on ``flow.pending`` are typed records of
:mod:`.decisions`, and what expansions keep in ``ext`` is typed by the records they
register (:class:`StatePart`).  Map sites, management-board spaces and contracts are referred to by their
index in :mod:`.tables` (or their contract id), so the state is small, cheap to
clone and encodes to JSON.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec
from turbine.core import Flow, Rng

WHEEL_SECTORS = 6
BLOCKED = -3
"""Occupancy code of a management-board space blocked for the player count (B-4.7)."""


X = TypeVar("X")
"""What expansions keep in the shared state: a record with one field per expansion (:func:`ext_records`)."""
PX = TypeVar("PX")
"""What expansions keep per seat: a record with one field per expansion."""


class NoExt(msgspec.Struct):
    """``ext`` of a game without expansions that keep state (encodes as ``{}``)."""


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
    dam_height: list[int]
    dam_water: list[int]
    conduit_owner: list[int]
    ph_owner: list[int]
    headstream_tiles: list[str]
    headstream_water: list[int]
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
    """Management-board occupancy per space (-1 free, a seat, or BLOCKED)."""
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


@dataclass(frozen=True)
class StatePart:
    """The records an expansion keeps in the state, registered with ``barrage_state_parts``.

    They are stored as ``state.ext.<key>`` (``shared``) and ``player.ext.<key>``
    (``seat``), ``None`` until the expansion's setup puts them there.  Being msgspec
    Structs, they are decoded, cloned and compared with their types, so an expansion
    reads typed fields instead of dicts of dicts.  Their JSON is an object per record:
    declare fields in alphabetical order to keep the canonical encoding equal to a dict's.
    """

    key: str
    """The expansion's id, also the field name (``"leeghwater"``)."""
    shared: type | None = None
    """The record in ``state.ext`` (a msgspec Struct), if any."""
    seat: type | None = None
    """The record in each ``player.ext`` (a msgspec Struct), if any."""


@functools.cache
def ext_records(parts: tuple[StatePart, ...]) -> tuple[type, type]:
    """The ``(shared, seat)`` record types for these parts: one optional field per
    expansion, sorted by key (as a dict's keys are in the canonical encoding), left
    out of the JSON while ``None``.  Made once per combination, so states of two games
    with the same expansions have the same types and compare equal."""
    keys = [p.key for p in parts]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise ValueError(f"state parts registered twice: {', '.join(twice)}")
    bad = [k for k in keys if not k.isidentifier()]
    if bad:
        raise ValueError(f"state part keys must be identifiers: {', '.join(bad)}")
    ordered = sorted(parts, key=lambda p: p.key)

    def record(name: str, which: str) -> type:
        fields = [(p.key, getattr(p, which) | None, None) for p in ordered if getattr(p, which) is not None]
        if not fields:
            return NoExt
        return msgspec.defstruct(name, fields, kw_only=True, omit_defaults=True, module=__name__)

    return record("SharedExt", "shared"), record("SeatExt", "seat")


@functools.cache
def typed_state(pending: Any, shared: type, seat: type) -> Any:
    """:class:`State` with its pending stack and ``ext`` records typed (for decoding and
    cloning), made once per combination (msgspec then keeps its decoder)."""
    return State[pending, shared, seat]  # type: ignore[valid-type]
