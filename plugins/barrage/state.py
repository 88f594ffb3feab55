"""The Barrage game state: plain msgspec data, changed in place by the rules.

Map sites, management-board spaces and contracts are referred to by their
index in :mod:`.tables` (or their contract id), so the state is small, cheap to
clone and encodes to JSON.
"""

from __future__ import annotations

from typing import Any

import msgspec
from turbine.core import Flow, Rng

WHEEL_SECTORS = 6
BLOCKED = -3
"""Occupancy code of a management-board space blocked for the player count (B-4.7)."""


class Pending(msgspec.Struct):
    """A sub-decision waiting for ``seat`` (the top of ``flow.pending`` is decided next).

    ``kind`` says what is asked; the integer fields carry its context:

    ============  ===================================================================
    structure     which structure to build (engineer construction)
    site          where (``a`` structure)
    tile          which technology tile (``a`` structure, ``b`` site)
    pay           which payment (``a`` structure, ``b`` site, ``tile``)
    free_site     where to build a rewarded structure (``a`` structure, ``n`` max
                  conduit value, ``areas``), may be skipped
    produce       which dam and conduit (``n`` modifier, ``b`` 1 = board bonus and
                  company ability apply, ``opt`` may be skipped)
    amount        how many water markers (``a`` dam, ``b`` conduit, ``n`` modifier,
                  ``c`` 1 = bonus applies)
    contract      which contract to fulfil with ``n`` energy (may be skipped; ``b`` = 1:
                  France's reduction already used, an expansion's ``discount_once``)
    repeat        Germany's second production (B-15.4), may be skipped
    release       automatic: ``n`` markers leave a powerhouse of basin ``a`` (U-4 option)
    ability       automatic: the company ability after a production (B-11.2 step 10;
                  ``a`` basin produced into, ``b`` dam used, ``c`` production flags)
    machinery     split ``n`` machinery units between excavators and mixers
    water         place ``n`` water markers on headstreams (``a`` 1 = flows now,
                  ``opt`` may stop)
    take          take ``n`` face-up private contracts
    discard       discard down to the hand limit
    pair          full-game draft: choose a company and officer pair (B-4.4.5)
    start         full-game draft: choose a starting contract (B-4.4.5)
    copy          Mahiri Sekibo: which officer to copy (B-16.7.2)
    extra         Mahiri Sekibo: the action that follows the copy (B-16.7.3, U-9.1)
    ============  ===================================================================

    ``c`` = 1 on ``structure``/``site``/``tile``/``pay`` marks an engineer-free
    construction (B-14.4); on ``contract`` it marks tile energy (B-13.5.3, U-6).
    ``tile`` on ``pay`` is the tile choice: a tile id, ``anton=<id>`` (Anton's tile
    copying a wheel tile) or ``copy=<id>`` (Mahiri copying Anton: no tile placed).
    """

    seat: int
    kind: str
    n: int = 0
    a: int = -1
    b: int = -1
    c: int = -1
    opt: bool = False
    tile: str = ""
    areas: list[int] = msgspec.field(default_factory=list)


class Player(msgspec.Struct):
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
    ext: dict[str, Any] = msgspec.field(default_factory=dict)
    """Per-player data of expansions, one key per expansion (plain JSON data)."""


class State(msgspec.Struct):
    flow: Flow[Pending]
    rng: Rng
    players: list[Player]
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
    ext: dict[str, Any] = msgspec.field(default_factory=dict)
    """Shared data of expansions, one key per expansion (plain JSON data)."""
    in_turn: bool = False
    """The seat to act has started its action and it is not finished yet."""
    finished: bool = False
    """Final scoring has been done."""
