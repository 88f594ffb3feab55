"""Water movement (B-12): the one algorithm for every marker that moves on the map.

Every way water moves goes through :func:`move_water`:

* the water-flow phase (B-17): :func:`flow_phase`;
* water released downstream after a production (B-11.2 step 8): :func:`release`;
* water placed on a headstream that "flows immediately" (MB-WM2, SY-10):
  :func:`add_to_headstream` with ``flows_now=True``; delayed water (MB-WM1,
  SY-9) only waits on the tile.

Water placed *directly in front of a dam* (AT-I-B, AT-II-E, setup, an
expansion's "drop a marker at your dam") does not move: :func:`place_at_dam`.
Water used by a production leaves its dam with :func:`take_from_dam`.

The rule (B-12.1): a marker moves downstream one at a time; at each dam it
stops if the dam holds fewer markers than its capacity, otherwise it passes;
after the lowest basins it leaves the map.  Capacity is the dam height (a base
site without a dam has capacity 0), changed only through a *capacity
function* (:data:`CapacityFn`), so officers and expansions adjust it in one
place (Graziano Del Monte's 4th marker: :func:`del_monte_capacity`; the
``barrage_dam_capacity`` hook: :func:`capacity_from_hook`).  Neutral dams are
dams like any other, with owner :data:`NEUTRAL`.

Everything is pure and deterministic: functions take a :class:`WaterState`
and return a new one plus a :class:`FlowResult` saying where each marker went
and how many passed each basin's powerhouse row (for the USA ability, B-15.2).
The inner loop walks precomputed step tuples of :class:`~.board.Board` over
plain lists.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal

import msgspec

from .board import SEA, Board
from .state import NEUTRAL, NOBODY

if TYPE_CHECKING:
    import pluggy

    from .api import BarrageGame

__all__ = [
    "NEUTRAL",
    "NOBODY",
    "SEA",
    "CapacityFn",
    "FlowResult",
    "Source",
    "WaterState",
    "add_to_headstream",
    "capacities",
    "capacity_from_hook",
    "del_monte_capacity",
    "flow_phase",
    "move_water",
    "natural_flow_energy",
    "place_at_dam",
    "release",
    "room",
    "standard_capacity",
    "take_from_dam",
]


#: ``(dam slot, owner, height) -> capacity`` for a site holding a dam (height >= 1).
CapacityFn = Callable[[int, int, int], int]


def standard_capacity(slot: int, owner: int, height: int) -> int:
    """A dam holds as many markers as its height (B-3.2.3)."""
    return height


def del_monte_capacity(seats: Sequence[int], inner: CapacityFn = standard_capacity) -> CapacityFn:
    """Capacity with Graziano Del Monte's ability for ``seats`` (B-16.2, or Mahiri's copy B-16.7.6).

    Height-3 dams of those seats hold 4; heights 1–2 and neutral dams are unchanged.
    """
    owners = frozenset(seats)

    def capacity(slot: int, owner: int, height: int) -> int:
        base = inner(slot, owner, height)
        return max(base, 4) if height == 3 and owner in owners else base

    return capacity


def capacity_from_hook(
    hook: pluggy.HookCaller, game: BarrageGame, inner: CapacityFn = standard_capacity
) -> CapacityFn:
    """A capacity function that asks the ``barrage_dam_capacity`` hook (HP-12).

    ``hook`` is ``pm.hook.barrage_dam_capacity``; the implementations are folded
    (see :func:`turbine.plugins.barrage.hookspecs.fold_hook`): each receives the
    capacity so far and may return a new one.
    """
    from .hookspecs import fold_hook

    def capacity(slot: int, owner: int, height: int) -> int:
        start = inner(slot, owner, height)
        return fold_hook(hook, "capacity", start, game=game, slot=slot, owner=owner, height=height)

    return capacity


def capacities(
    heights: Sequence[int], owners: Sequence[int], fn: CapacityFn = standard_capacity
) -> list[int]:
    """Capacity of every dam slot: 0 where no dam stands (B-12.1.2), else ``fn``.

    Compute this once per flow, not per marker: capacities do not change while
    water moves.
    """
    return [fn(s, owners[s], h) if h > 0 else 0 for s, h in enumerate(heights)]


class WaterState(msgspec.Struct):
    """Where the water is: ``held[d]`` in front of dam slot ``d``, ``waiting[h]`` on headstream ``h``."""

    held: list[int]
    waiting: list[int]

    @classmethod
    def empty(cls, board: Board) -> WaterState:
        return cls([0] * len(board.dams), [0] * len(board.headstreams))

    @property
    def on_map(self) -> int:
        """Markers held by dams or waiting on headstream tiles."""
        return sum(self.held) + sum(self.waiting)


class Source(msgspec.Struct, frozen=True):
    """Where ``count`` markers start moving.

    * ``headstream``: from headstream ``at`` (B-12.2.1);
    * ``release``: leaving a powerhouse of basin ``at`` after a production (B-12.2.2):
      they do not pass that basin's powerhouse row again;
    * ``arrival``: arriving in basin ``at`` from upstream (they pass its powerhouse row).
    """

    kind: Literal["headstream", "release", "arrival"]
    at: int
    count: int = 1


class FlowResult(msgspec.Struct, frozen=True):
    """What happened while water moved.

    ``stops`` has one entry per marker, in the order they moved: the dam slot
    where it stopped, or :data:`SEA` if it left the map (B-12.1.3).
    ``row_passes[b]`` counts markers that flowed naturally past the powerhouse
    row of basin ``b`` (B-15.2).
    """

    stops: tuple[int, ...]
    row_passes: tuple[int, ...]

    @property
    def to_sea(self) -> int:
        return sum(1 for s in self.stops if s == SEA)

    @property
    def stopped(self) -> int:
        return len(self.stops) - self.to_sea


def _path(board: Board, source: Source) -> tuple[int, ...]:
    if source.kind == "headstream":
        return board.headstream_paths[source.at]
    if source.kind == "release":
        return board.release_paths[source.at]
    return board.arrival_paths[source.at]


def move_water(
    board: Board, water: WaterState, caps: Sequence[int], sources: Sequence[Source]
) -> tuple[WaterState, FlowResult]:
    """Move markers from ``sources``, in that order, one marker at a time (B-12.1.1, B-12.2).

    Each marker runs down its path until the first dam with ``held < capacity``
    (it stops there) or the sea.  ``waiting`` is not touched: :func:`flow_phase`
    empties the tiles it moved, :func:`add_to_headstream` moves new water.
    Returns the new state and a :class:`FlowResult`; ``water`` is not changed.
    """
    held = list(water.held)
    passes = [0] * len(board.basins)
    stops: list[int] = []
    for source in sources:
        path = _path(board, source)
        for _ in range(source.count):
            stop = SEA
            for step in path:
                if step >= 0:
                    if held[step] < caps[step]:
                        held[step] += 1
                        stop = step
                        break
                else:
                    passes[~step] += 1
            stops.append(stop)
    return WaterState(held, list(water.waiting)), FlowResult(tuple(stops), tuple(passes))


def flow_phase(
    board: Board, water: WaterState, caps: Sequence[int], order: Sequence[int] | None = None
) -> tuple[WaterState, FlowResult]:
    """Phase 3 (B-17): every marker waiting on a headstream moves; the tiles are left empty.

    Order (B-17.2, UA example B-12.3.2): one headstream after the other, left
    to right (A, B, C, D) unless ``order`` says otherwise, and on each tile one
    marker at a time, each moving until it stops or leaves the map before the
    next one starts.  On the base map the final state does not depend on this
    order (B-12.2.4); the order is fixed so replays and hooks see one sequence.
    """
    heads = range(len(board.headstreams)) if order is None else order
    sources = [Source("headstream", h, water.waiting[h]) for h in heads if water.waiting[h] > 0]
    moved, result = move_water(board, water, caps, sources)
    waiting = list(water.waiting)
    for h in heads:
        waiting[h] = 0
    return WaterState(moved.held, waiting), result


def release(
    board: Board, water: WaterState, caps: Sequence[int], basin: int, count: int
) -> tuple[WaterState, FlowResult]:
    """Water leaving a powerhouse of ``basin`` after a production flows on (B-11.2 step 8, B-12.2.2)."""
    return move_water(board, water, caps, [Source("release", basin, count)])


def add_to_headstream(
    board: Board, water: WaterState, caps: Sequence[int], headstream: int, count: int, flows_now: bool
) -> tuple[WaterState, FlowResult]:
    """Put ``count`` new markers on a headstream tile (B-6.4, B-10.4, SY-9, SY-10).

    Delayed water waits for Phase 3; ``flows_now`` water moves at once by the
    normal rules, and the other markers already waiting on that tile stay.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
    if flows_now:
        return move_water(board, water, caps, [Source("headstream", headstream, count)])
    waiting = list(water.waiting)
    waiting[headstream] += count
    return WaterState(list(water.held), waiting), FlowResult((), (0,) * len(board.basins))


def room(water: WaterState, caps: Sequence[int], slot: int) -> int:
    """Markers dam ``slot`` can still take (0 when full or over-full, U-10)."""
    return max(0, caps[slot] - water.held[slot])


def place_at_dam(water: WaterState, caps: Sequence[int], slot: int, count: int) -> WaterState:
    """Put markers from the general supply directly in front of a dam; they do not move (B-12.2.3).

    Raises :class:`ValueError` if the dam has less room than ``count``: the
    effects that place water this way (AT-I-B, AT-II-E fill to capacity,
    setup) never exceed capacity, so an attempt to is a rules bug.
    """
    if count < 0 or count > room(water, caps, slot):
        raise ValueError(f"dam slot {slot} has room for {room(water, caps, slot)}, not {count}")
    held = list(water.held)
    held[slot] += count
    return WaterState(held, list(water.waiting))


def take_from_dam(water: WaterState, slot: int, count: int) -> WaterState:
    """Remove ``count`` held markers from a dam for a production (B-11.2 step 6)."""
    if count < 1 or count > water.held[slot]:
        raise ValueError(f"dam slot {slot} holds {water.held[slot]}, cannot take {count}")
    held = list(water.held)
    held[slot] -= count
    return WaterState(held, list(water.waiting))


def natural_flow_energy(board: Board, result: FlowResult, powerhouse_owners: Sequence[int], seat: int) -> int:
    """Energy for the USA ability (B-15.2): 1 per marker per own powerhouse it flowed past.

    ``powerhouse_owners[p]`` is the seat owning powerhouse site ``p`` (or
    :data:`NOBODY`).  Water sent *into* a basin by a production never passes
    that basin's row (:func:`release`), so it is not counted there (B-15.2.2).
    """
    total = 0
    for p, owner in enumerate(powerhouse_owners):
        if owner == seat:
            total += result.row_passes[board.powerhouses[p].basin]
    return total
