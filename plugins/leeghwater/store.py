"""The expansion's data and where its state lives: the tables of
``data/*.json`` by id, the game's options, and the shared and per-seat state.

State: ``state.ext.leeghwater`` (:class:`Shared`) and ``player.ext.leeghwater``
(:class:`Seat`), msgspec records registered with turbine's core hook
``turbine_state_parts`` (:data:`PART`), so saves and clones keep them typed.  Their fields are declared in
alphabetical order: the canonical JSON is then the same as the plain objects saves
have always held.

Rule IDs refer to ``docs/rules/leeghwater.md``.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import msgspec
from turbine.core import StatePart

from . import data_model as dm
from .options import LeeghwaterOptions

if TYPE_CHECKING:
    from turbine.plugins.barrage.api import BarrageGame
    from turbine.plugins.barrage.state import Player, State

KEY = "leeghwater"
FREE = -1
BLOCKED = -3
NED = "CO-NED"
BUILDING_TILE = "building"
LESLIE, MARGOT, SIMONE, TOMMASO = "EO-LS", "EO-MF", "EO-SL", "EO-TB"
MAHIRI, MAHIRI_SPACE = "EO-MS", "MAHIRI"
"""Mahiri Sekibo and her personal (copy) space (Barrage's ``officers.json``, B-16.7)."""
LESLIE_TILE = "leslie"
ANTON = "anton"
"""Anton Krylov's special tile (Barrage's ``technology.json``, B-16.6)."""
JOKER = "joker"
"""Barrage's joker basic tile ("any of the four", B-14.1; in the full game only as Anton's U-28)."""
IMPLEMENTED_OFFICERS = (LESLIE, MARGOT, SIMONE, TOMMASO)
"""L-12: the four new officers join the draft."""
NO_LIMIT = 999
NEVER = 1 << 30
"""The credits of a payment that cannot be made (more than any seat holds)."""
RED = 3
"""Credits of a red frame (L-6.2 step 5, L-7.2, L-15.8)."""


class Shared(msgspec.Struct):
    """The additional management board (L-3.2), ``state.ext.leeghwater``."""

    buildings: list[str]
    """The 5 private buildings in play, by tile slot (L-3.4)."""
    ew_display: list[str]
    """The 3 face-up slots, ``""`` = empty (L-5.4.2)."""
    ew_stacks: list[list[str]]
    """Face-down external works A, B, C, the last item on top (L-3.3)."""
    left: list[bool]
    """Per tile slot, whether the left action space was taken this round (L-7.3)."""
    spaces: list[list[int]]
    """Per tile slot, its 4 building spaces: :data:`FREE`, a seat, or :data:`BLOCKED` (L-3.7)."""


class Seat(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A seat's board extension and per-round marks, ``player.ext.leeghwater``."""

    architect: int
    """Tommaso Battista's architect still available this round (L-12.4.5)."""
    margot: int
    """Margot Fouché's personal space used this round (L-12.2, U-12)."""
    pieces: int
    """Building pieces left on the extension (L-3.9.2)."""
    simone: int | None = None
    """Mahiri's copy of Simone: the fulfilled-contract count her hand limit lasts until (L-12.5.3)."""
    used: list[int]
    """Per tile slot, the building's actions performed this round (L-7.4)."""
    works: list[str]
    """External works taken, face down (L-5.2 step 4)."""


PART = StatePart(KEY, shared=Shared, seat=Seat)
"""What the expansion keeps in Barrage's state (``turbine_state_parts``)."""


def data() -> dm.Expansion:
    return dm.load_all()


@functools.cache
def _tables() -> tuple[dict[str, dm.PrivateBuilding], dict[str, dm.ExternalWork], tuple[bool, ...]]:
    d = data()
    return (
        {b.id: b for b in d.private_buildings},
        {w.id: w for w in d.external_works.works},
        tuple(s.red_frame for s in d.board.building_spaces),
    )


def building(pb: str) -> dm.PrivateBuilding:
    return _tables()[0][pb]


def work(w: str) -> dm.ExternalWork:
    return _tables()[1][w]


def red_frame(space: int) -> bool:
    """Whether building space ``space`` (0–3, by position next to a tile) has a red frame (L-6.5)."""
    return _tables()[2][space]


@functools.cache
def _unframed() -> tuple[int, ...]:
    return tuple(i for i, red in enumerate(_tables()[2]) if not red)


def surcharge(spaces: list[int]) -> int:
    """L-6.2 step 5, L-6.5: the red-frame credits of the cheapest free space among a tile's
    building ``spaces`` (one of them free): none while an unframed one is free."""
    for i in _unframed():
        if spaces[i] == FREE:
            return 0
    return RED


_DEFAULTS = LeeghwaterOptions()


def opt(game: BarrageGame) -> LeeghwaterOptions:
    """The game's Leeghwater options (``rules.options.leeghwater``), the defaults if none were given."""
    got = getattr(game.options, KEY, None)
    return got if isinstance(got, LeeghwaterOptions) else _DEFAULTS


def active(state: State) -> bool:
    """Whether this game has the additional management board (set up, L-3.2)."""
    return state.ext.leeghwater is not None


def shared(state: State) -> Shared:
    """The additional management board's state."""
    got: Shared = state.ext.leeghwater
    return got


def extension(player: Player) -> Seat | None:
    """``player``'s board extension, ``None`` before it is set up (L-3.9)."""
    got: Seat | None = player.ext.leeghwater
    return got


def mine(state: State, seat: int) -> Seat:
    """``seat``'s board extension state."""
    got: Seat = state.players[seat].ext.leeghwater
    return got


def part(game: BarrageGame, p: dm.barrage.RewardPart) -> tuple[str, int, int, tuple[int, ...]]:
    """A Barrage reward part as the rules resolve it: (kind, amount, max value, areas)."""
    names = game.area_names
    areas = tuple(names.index(a) for a in p.areas) if p.areas else tuple(range(len(names)))
    return (p.kind, p.amount, 5 if p.max_value is None else p.max_value, areas)
