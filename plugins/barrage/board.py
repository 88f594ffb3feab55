"""The Barrage map the engine runs: basins, building spaces, conduits, the river graph.

Built once per process from the validated map (:func:`.data_model.load_map`),
so a malformed ``map.json`` fails when the board is first built, never in a
game.  ``map.json`` names things (``Z-5``, ``B5U``, ``C5L``, ``P5_1``); the
rules and the water algorithm work on small integers instead, so that the hot
paths (water flow, legal-build generation, production search) are tuple
lookups, never string hashing.  :func:`load_board` returns the one immutable
:class:`Board`; the rules engine, the water algorithm, the views and the tests
all read that same object.

Indices:

* basin ``b``: position in ``map.json`` (``Z-1`` … ``Z-12``); the water
  algorithm counts powerhouse-row passes per basin index;
* zone ``z``: the number in the basin's label (``Z-5`` is zone 5); the game
  state and the pending decisions name basins by zone, so the per-basin tables
  the engine reads (``dams_in_zone`` …) are keyed by it;
* dam slot ``d``: every base building space (B-3.2), numbered in map order;
  the water state and the dam heights/owners are lists indexed by it;
* conduit ``c``, powerhouse site ``p``, headstream ``h``: likewise.

The river graph (B-3.1.3, B-12.2).  Inside basin ``b`` water first passes the
powerhouse spaces of ``b``, then the dam sites of ``b`` in flow order, then
leaves for the next basin or the sea.  Each start point has its whole path
precomputed as a tuple of *steps*: a step ``s >= 0`` is dam slot ``s``; a step
``s < 0`` means "passes the powerhouse row of basin ``~s``" (the USA ability,
B-15.2, counts these).  The graph merges but never splits (B-23.2.3).

"Downstream" for a conduit is *downhill*, not along the river: most conduits
cross into another valley (see ``data/DATA_NOTES.md`` §4).  A conduit joins
the dams of its source basin to the powerhouses of a basin in the same or a
lower tier.

This module sits at the bottom of the plugin: it imports only the data model.
"""

from __future__ import annotations

import functools
from typing import Final

import msgspec

from .data_model import AREAS, DataError, MapData, load_map

__all__ = [
    "SEA",
    "Basin",
    "Board",
    "ConduitSite",
    "DamSite",
    "PowerhouseSite",
    "build_board",
    "load_board",
    "neutral_dam_tiles",
    "row_step",
    "step_basin",
]

#: Where water goes after the lowest basins (B-3.1.3), as a ``river_to`` value.
SEA: Final = -1


def row_step(basin: int) -> int:
    """The path step "passes the powerhouse row of ``basin``" (negative)."""
    return ~basin


def step_basin(step: int) -> int:
    """The basin of a powerhouse-row step (``step < 0``)."""
    return ~step


class Basin(msgspec.Struct, frozen=True):
    """A basin (B-3.1.2): its area, tier (row on the map) and the indices of its spaces.

    ``area`` is an index into :data:`.data_model.AREAS`.  ``tier`` orders
    basins downhill: 0 mountains, 1 hills, 2 upper plains, 3 lower plains.
    ``river_to`` is the next basin on the river or :data:`SEA`.
    """

    index: int
    id: str
    zone: int
    area: int
    tier: int
    river_to: int
    dams: tuple[int, ...]
    """Dam slots in the order water reaches them."""
    conduits_out: tuple[int, ...]
    conduits_in: tuple[int, ...]
    powerhouses: tuple[int, ...]
    headstreams: tuple[int, ...]


class DamSite(msgspec.Struct, frozen=True):
    """A base building space; ``position`` 0 is the one water reaches first in its basin."""

    index: int
    id: str
    zone: int
    basin: int
    area: int
    red: bool
    """Red frame: a base here costs the surcharge of B-0.4."""
    position: int


class ConduitSite(msgspec.Struct, frozen=True):
    """A conduit space: from the dams of ``zone`` to the powerhouses of ``to_zone`` (B-3.4.1)."""

    index: int
    id: str
    zone: int
    """Source basin (zone number); ``basin`` is its index."""
    basin: int
    area: int
    value: int
    to_zone: int
    to_basin: int
    colour: str


class PowerhouseSite(msgspec.Struct, frozen=True):
    index: int
    id: str
    zone: int
    basin: int
    area: int
    red: bool


class Board(msgspec.Struct, frozen=True):
    """The whole map, names resolved to indices, paths and per-basin tables precomputed.

    The plain ``tuple``/``dict`` fields repeat facts of the site records on
    purpose: the legal-move and production loops read them millions of times
    per game, and an index into a tuple is faster than an attribute of a record.
    """

    basins: tuple[Basin, ...]
    dams: tuple[DamSite, ...]
    conduits: tuple[ConduitSite, ...]
    powerhouses: tuple[PowerhouseSite, ...]
    headstreams: tuple[str, ...]
    """Headstream names ``A`` … ``D``, left to right (B-3.1.4)."""
    headstream_basin: tuple[int, ...]
    """The basin each headstream feeds."""
    neutral_dam_tiles: dict[int, tuple[str, ...]]
    """Area index -> the dam sites its neutral-dam setup tiles show (B-4.1.11, D-3)."""
    site_index: dict[str, tuple[str, int]]
    """Site id -> ("dam" | "conduit" | "powerhouse", index)."""
    # -- per zone, for the engine's loops
    zones: tuple[int, ...]
    zone_area: dict[int, int]
    dams_in_zone: dict[int, tuple[int, ...]]
    powerhouses_in_zone: dict[int, tuple[int, ...]]
    conduits_into_zone: dict[int, tuple[int, ...]]
    # -- per site, by index
    dam_zone: tuple[int, ...]
    dam_area: tuple[int, ...]
    conduit_area: tuple[int, ...]
    conduit_value: tuple[int, ...]
    ph_zone: tuple[int, ...]
    ph_area: tuple[int, ...]
    # -- the river, for the water algorithm
    headstream_paths: tuple[tuple[int, ...], ...]
    """Steps of a marker entering at headstream ``h`` (B-12.2.1)."""
    arrival_paths: tuple[tuple[int, ...], ...]
    """Steps of a marker arriving in basin ``b`` from upstream: passes the row of ``b`` first."""
    release_paths: tuple[tuple[int, ...], ...]
    """Steps of a marker released by a production in basin ``b`` (B-12.2.2): starts at its dams."""
    basin_index: dict[str, int]
    headstream_index: dict[str, int]

    def basin(self, name: str) -> int:
        """Index of basin ``name`` (``"Z-7"``)."""
        return _find(self.basin_index, "basin", name)

    def headstream(self, name: str) -> int:
        """Index of headstream ``"A"`` … ``"D"``."""
        return _find(self.headstream_index, "headstream", name)

    def dam(self, name: str) -> int:
        """Dam slot of base building space ``name`` (``"B7U"``)."""
        return self._site("dam", name)

    def conduit(self, name: str) -> int:
        return self._site("conduit", name)

    def powerhouse(self, name: str) -> int:
        return self._site("powerhouse", name)

    def _site(self, kind: str, name: str) -> int:
        found = self.site_index.get(name)
        if found is None or found[0] != kind:
            raise KeyError(f"no {kind} called {name!r}")
        return found[1]


def _find(index: dict[str, int], kind: str, name: str) -> int:
    try:
        return index[name]
    except KeyError:
        raise KeyError(f"no {kind} called {name!r}") from None


def _zone(label: str) -> int:
    """The zone number of a basin label (``"Z-7"`` -> 7)."""
    return int(label.split("-")[1])


def _walk(
    river_to: list[int], dams: list[tuple[int, ...]], start: int, include_row: bool, first_dam: int = 0
) -> tuple[int, ...]:
    """Steps from a point in basin ``start`` down to the sea (helper of :func:`build_board`)."""
    steps: list[int] = []
    b = start
    row = include_row
    skip = first_dam
    seen: set[int] = set()
    while b != SEA:
        if b in seen:
            raise DataError(f"data/map.json: the river loops at basin index {b}")
        seen.add(b)
        if row:
            steps.append(row_step(b))
        steps.extend(dams[b][skip:])
        skip = 0
        row = True
        b = river_to[b]
    return tuple(steps)


def build_board(m: MapData) -> Board:
    """The :class:`Board` of a validated map (``load_map()`` for the base game)."""
    b_index = {b.id: i for i, b in enumerate(m.basins)}
    dams: list[DamSite] = []
    conduits: list[ConduitSite] = []
    powerhouses: list[PowerhouseSite] = []
    for i, b in enumerate(m.basins):
        z, area = _zone(b.id), AREAS.index(b.area)
        for pos, s in enumerate(b.dam_sites):
            dams.append(DamSite(len(dams), s.id, z, i, area, s.red_frame, pos))
        for c in b.conduits:
            colour = m.conduit_colours[str(c.value)]
            conduits.append(
                ConduitSite(len(conduits), c.id, z, i, area, c.value, _zone(c.to), b_index[c.to], colour)
            )
        for p in b.powerhouse_sites:
            powerhouses.append(PowerhouseSite(len(powerhouses), p.id, z, i, area, p.red_frame))
    heads = tuple(h.id for h in m.headstreams)
    head_basin = tuple(b_index[h.basin] for h in m.headstreams)
    river_to = [SEA if b.river_to == "sea" else b_index[b.river_to] for b in m.basins]
    basins = tuple(
        Basin(
            index=i,
            id=b.id,
            zone=_zone(b.id),
            area=AREAS.index(b.area),
            tier=b.tier,
            river_to=river_to[i],
            dams=tuple(d.index for d in dams if d.basin == i),
            conduits_out=tuple(c.index for c in conduits if c.basin == i),
            conduits_in=tuple(c.index for c in conduits if c.to_basin == i),
            powerhouses=tuple(p.index for p in powerhouses if p.basin == i),
            headstreams=tuple(h for h, hb in enumerate(head_basin) if hb == i),
        )
        for i, b in enumerate(m.basins)
    )
    # A row step is recorded only for basins with powerhouse sites: the mountain
    # basins have none, so headstream water meets their dams first.
    basin_dams = [b.dams for b in basins]

    def path(start: int, include_row: bool) -> tuple[int, ...]:
        steps = _walk(river_to, basin_dams, start, include_row)
        return tuple(s for s in steps if s >= 0 or basins[step_basin(s)].powerhouses)

    arrival = tuple(path(i, True) for i in range(len(basins)))
    site_index: dict[str, tuple[str, int]] = {
        **{d.id: ("dam", d.index) for d in dams},
        **{c.id: ("conduit", c.index) for c in conduits},
        **{p.id: ("powerhouse", p.index) for p in powerhouses},
    }
    zones = tuple(sorted(b.zone for b in basins))
    by_zone = {b.zone: b for b in basins}
    return Board(
        basins=basins,
        dams=tuple(dams),
        conduits=tuple(conduits),
        powerhouses=tuple(powerhouses),
        headstreams=heads,
        headstream_basin=head_basin,
        neutral_dam_tiles={
            a: tuple(t.site for t in m.neutral_dam_tiles if t.area == name) for a, name in enumerate(AREAS)
        },
        site_index=site_index,
        zones=zones,
        zone_area={z: by_zone[z].area for z in zones},
        dams_in_zone={z: by_zone[z].dams for z in zones},
        powerhouses_in_zone={z: by_zone[z].powerhouses for z in zones},
        conduits_into_zone={z: by_zone[z].conduits_in for z in zones},
        dam_zone=tuple(d.zone for d in dams),
        dam_area=tuple(d.area for d in dams),
        conduit_area=tuple(c.area for c in conduits),
        conduit_value=tuple(c.value for c in conduits),
        ph_zone=tuple(p.zone for p in powerhouses),
        ph_area=tuple(p.area for p in powerhouses),
        headstream_paths=tuple(arrival[b] for b in head_basin),
        arrival_paths=arrival,
        release_paths=tuple(path(i, False) for i in range(len(basins))),
        basin_index={b.id: b.index for b in basins},
        headstream_index={h: i for i, h in enumerate(heads)},
    )


@functools.cache
def load_board() -> Board:
    """The base map as a :class:`Board` (cached; immutable): the one board every game reads."""
    return build_board(load_map())


def neutral_dam_tiles() -> dict[int, tuple[str, ...]]:
    """Area index -> the dam sites its neutral-dam setup tiles show (B-4.1.11, D-3)."""
    return load_board().neutral_dam_tiles
