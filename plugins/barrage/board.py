"""The Barrage map as fast indexed data: basins, building spaces, conduits, the river graph.

``map.json`` names things (``Z-5``, ``B5U``, ``C5L``, ``P5_1``); the rules and the
water algorithm work on small integers instead, so that the hot paths (water
flow, legal-build generation, production search) are list lookups, never
string hashing.  :func:`load_board` builds one immutable :class:`Board` per
process.

Indices:

* basin ``b``: position in ``map.json`` (``Z-1`` … ``Z-12``);
* dam slot ``d``: every base building space (B-3.2), numbered in map order;
  the water state and the dam heights/owners are lists indexed by it;
* conduit ``c``, powerhouse site ``p``, headstream ``h``: likewise.

The river graph (B-3.1.3, B-12.2).  Inside basin ``b`` water first passes the
powerhouse spaces of ``b`` (the node ``ENTRY(b)``), then the dam sites of ``b``
in flow order, then leaves for the next basin or the sea.  Each start point has
its whole path precomputed as a tuple of *steps*: a step ``s >= 0`` is dam slot
``s``; a step ``s < 0`` means "passes the powerhouse row of basin ``~s``" (the
USA ability, B-15.2, counts these).  The graph merges but never splits (B-23.2.3).

"Downstream" for a conduit is *downhill*, not along the river: most conduits
cross into another valley (see ``data/DATA_NOTES.md`` §4).  A conduit joins
the dams of its source basin to the powerhouses of a basin in the same or a
lower tier.
"""

from __future__ import annotations

import functools
from typing import Final

import msgspec

from .data_model import AREAS, DataError, load_constants, load_map

__all__ = [
    "SEA",
    "Basin",
    "Board",
    "BuildCost",
    "ConduitSite",
    "DamSite",
    "HeadstreamSpace",
    "PowerhouseSite",
    "load_board",
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

    ``tier`` orders basins downhill: 0 mountains, 1 hills, 2 upper plains,
    3 lower plains.  ``river_to`` is the next basin on the river or :data:`SEA`.
    """

    index: int
    id: str
    area: str
    area_index: int
    tier: int
    river_to: int
    upstream: tuple[int, ...]
    dam_sites: tuple[int, ...]
    conduits_out: tuple[int, ...]
    conduits_in: tuple[int, ...]
    powerhouse_sites: tuple[int, ...]
    headstreams: tuple[int, ...]


class DamSite(msgspec.Struct, frozen=True):
    """A base building space; ``position`` 0 is the one water reaches first in its basin."""

    index: int
    id: str
    basin: int
    area: str
    red_frame: bool
    position: int


class ConduitSite(msgspec.Struct, frozen=True):
    """A conduit space: from the dams of ``basin`` to the powerhouses of ``to_basin`` (B-3.4.1)."""

    index: int
    id: str
    basin: int
    to_basin: int
    value: int
    colour: str


class PowerhouseSite(msgspec.Struct, frozen=True):
    index: int
    id: str
    basin: int
    red_frame: bool


class HeadstreamSpace(msgspec.Struct, frozen=True):
    """One of the 4 headstream spaces at the top of the map (B-3.1.4), left to right."""

    index: int
    id: str
    basin: int


class BuildCost(msgspec.Struct, frozen=True):
    """Printed cost of one construction (B-9.1), before officer and tile modifiers.

    ``credits`` is the red-frame surcharge of the building space (B-0.4), which
    elevations and conduits never pay.
    """

    excavators: int = 0
    mixers: int = 0
    credits: int = 0


class Board(msgspec.Struct, frozen=True):
    """The whole map, with names resolved to indices and all paths precomputed."""

    basins: tuple[Basin, ...]
    dam_sites: tuple[DamSite, ...]
    conduits: tuple[ConduitSite, ...]
    powerhouses: tuple[PowerhouseSite, ...]
    headstreams: tuple[HeadstreamSpace, ...]
    #: Neutral-dam setup tiles per area index (B-4.1.11): tuples of dam slots.
    neutral_dam_tiles: tuple[tuple[int, ...], ...]
    index: dict[str, int]
    #: Steps of a marker entering at headstream ``h`` (B-12.2.1).
    headstream_paths: tuple[tuple[int, ...], ...]
    #: Steps of a marker arriving in basin ``b`` from upstream: passes the row of ``b`` first.
    arrival_paths: tuple[tuple[int, ...], ...]
    #: Steps of a marker released by a production in basin ``b`` (B-12.2.2): starts after ``ENTRY(b)``.
    release_paths: tuple[tuple[int, ...], ...]
    #: Steps of a marker that passed (or left) dam slot ``d``: the rest of the river.
    after_dam_paths: tuple[tuple[int, ...], ...]
    #: Basins reached by the river from ``b`` (excluding ``b``), nearest first.
    downstream: tuple[tuple[int, ...], ...]
    #: Printed costs per site (B-9.1): base and elevation per dam slot, per conduit, surcharge per powerhouse.
    base_costs: tuple[BuildCost, ...]
    elevation_costs: tuple[BuildCost, ...]
    conduit_costs: tuple[BuildCost, ...]
    powerhouse_surcharges: tuple[int, ...]
    powerhouse_mixers: tuple[int, ...]

    # ----------------------------------------------------------------- names

    def basin(self, name: str) -> int:
        """Index of basin ``name`` (``"Z-7"``)."""
        return self._lookup("basin", name)

    def dam(self, name: str) -> int:
        """Dam slot of base building space ``name`` (``"B7U"``)."""
        return self._lookup("dam", name)

    def conduit(self, name: str) -> int:
        return self._lookup("conduit", name)

    def powerhouse(self, name: str) -> int:
        return self._lookup("powerhouse", name)

    def headstream(self, name: str) -> int:
        """Index of headstream ``"A"`` … ``"D"``."""
        return self._lookup("headstream", name)

    def _lookup(self, kind: str, name: str) -> int:
        try:
            return self.index[f"{kind}:{name}"]
        except KeyError:
            raise KeyError(f"no {kind} called {name!r}") from None

    # ----------------------------------------------------------------- river queries

    def river_next(self, basin: int) -> int:
        """The basin the river flows into from ``basin``, or :data:`SEA`."""
        return self.basins[basin].river_to

    def downstream_basins(self, basin: int) -> tuple[int, ...]:
        """Every basin the river reaches from ``basin``, nearest first."""
        return self.downstream[basin]

    def upstream_basins(self, basin: int) -> tuple[int, ...]:
        """Basins whose river flows directly into ``basin``."""
        return self.basins[basin].upstream

    def river_neighbours(self, basin: int) -> tuple[int, ...]:
        """Basins joined to ``basin`` by one river stretch, either way, in index order."""
        b = self.basins[basin]
        out = set(b.upstream)
        if b.river_to != SEA:
            out.add(b.river_to)
        return tuple(sorted(out))

    def is_river_downstream(self, lower: int, upper: int) -> bool:
        """True if water leaving ``upper`` reaches ``lower`` along the rivers."""
        return lower in self.downstream[upper]

    def dams_downstream_of_dam(self, slot: int) -> tuple[int, ...]:
        """Dam slots water meets after passing ``slot``, in order."""
        return tuple(s for s in self.after_dam_paths[slot] if s >= 0)

    # ----------------------------------------------------------------- conduit queries

    def conduit_dams(self, conduit: int) -> tuple[int, ...]:
        """Dam slots a conduit draws from: every dam site of its source basin (B-3.4.1)."""
        return self.basins[self.conduits[conduit].basin].dam_sites

    def conduit_powerhouses(self, conduit: int) -> tuple[int, ...]:
        """Powerhouse sites a conduit feeds: every site of its destination basin."""
        return self.basins[self.conduits[conduit].to_basin].powerhouse_sites

    def conduits_between(self, dam_slot: int, powerhouse: int) -> tuple[int, ...]:
        """Conduit spaces that would connect a dam site to a powerhouse site (B-3.4)."""
        src = self.dam_sites[dam_slot].basin
        dst = self.powerhouses[powerhouse].basin
        return tuple(c for c in self.basins[src].conduits_out if self.conduits[c].to_basin == dst)

    # ----------------------------------------------------------------- costs (B-9.1)

    def powerhouse_cost(self, site: int, built_before: int) -> BuildCost:
        """Mixers for the player's next powerhouse (2/3/4/5) plus the site's red-frame surcharge."""
        mixers = self.powerhouse_mixers[built_before]
        return BuildCost(mixers=mixers, credits=self.powerhouse_surcharges[site])


def _walk(basins: list[dict], start_basin: int, include_row: bool, first_dam: int = 0) -> tuple[int, ...]:
    """Steps from a point in ``start_basin`` down to the sea (helper of :func:`load_board`)."""
    steps: list[int] = []
    b = start_basin
    row = include_row
    skip = first_dam
    seen: set[int] = set()
    while b != SEA:
        if b in seen:
            raise DataError(f"data/map.json: the river loops at basin {basins[b]['id']}")
        seen.add(b)
        if row:
            steps.append(row_step(b))
        steps.extend(basins[b]["dams"][skip:])
        skip = 0
        row = True
        b = basins[b]["river_to"]
    return tuple(steps)


@functools.cache
def load_board() -> Board:
    """The base map as a :class:`Board` (cached; immutable)."""
    m = load_map()
    costs = load_constants().costs
    b_index = {b.id: i for i, b in enumerate(m.basins)}
    index: dict[str, int] = {f"basin:{k}": v for k, v in b_index.items()}
    dams: list[DamSite] = []
    conduits: list[ConduitSite] = []
    powerhouses: list[PowerhouseSite] = []
    raw: list[dict] = []
    for i, b in enumerate(m.basins):
        d_ids = []
        for pos, s in enumerate(b.dam_sites):
            dams.append(DamSite(len(dams), s.id, i, b.area, s.red_frame, pos))
            index[f"dam:{s.id}"] = len(dams) - 1
            d_ids.append(len(dams) - 1)
        c_ids = []
        for c in b.conduits:
            colour = m.conduit_colours[str(c.value)]
            conduits.append(ConduitSite(len(conduits), c.id, i, b_index[c.to], c.value, colour))
            index[f"conduit:{c.id}"] = len(conduits) - 1
            c_ids.append(len(conduits) - 1)
        p_ids = []
        for p in b.powerhouse_sites:
            powerhouses.append(PowerhouseSite(len(powerhouses), p.id, i, p.red_frame))
            index[f"powerhouse:{p.id}"] = len(powerhouses) - 1
            p_ids.append(len(powerhouses) - 1)
        river_to = SEA if b.river_to == "sea" else b_index[b.river_to]
        raw.append({"id": b.id, "dams": d_ids, "conduits": c_ids, "powerhouses": p_ids, "river_to": river_to})

    heads = []
    for h_i, h in enumerate(m.headstreams):
        heads.append(HeadstreamSpace(h_i, h.id, b_index[h.basin]))
        index[f"headstream:{h.id}"] = h_i

    basins = []
    for i, b in enumerate(m.basins):
        r = raw[i]
        basins.append(
            Basin(
                index=i,
                id=b.id,
                area=b.area,
                area_index=AREAS.index(b.area),
                tier=b.tier,
                river_to=r["river_to"],
                upstream=tuple(j for j in range(len(raw)) if raw[j]["river_to"] == i),
                dam_sites=tuple(r["dams"]),
                conduits_out=tuple(r["conduits"]),
                conduits_in=tuple(c.index for c in conduits if c.to_basin == i),
                powerhouse_sites=tuple(r["powerhouses"]),
                headstreams=tuple(h.index for h in heads if h.basin == i),
            )
        )

    # Headstream water enters a mountain basin above its dams; no powerhouse row there,
    # but the walk records the row step only for basins that have powerhouse sites.
    def prune(steps: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(s for s in steps if s >= 0 or raw[step_basin(s)]["powerhouses"])

    n = len(raw)
    arrival = tuple(prune(_walk(raw, i, True)) for i in range(n))
    release = tuple(prune(_walk(raw, i, False)) for i in range(n))
    after_dam = tuple(prune(_walk(raw, d.basin, False, d.position + 1)) for d in dams)
    head_paths = tuple(arrival[h.basin] for h in heads)
    downstream = []
    for i in range(n):
        chain = []
        b = raw[i]["river_to"]
        while b != SEA:
            chain.append(b)
            b = raw[b]["river_to"]
        downstream.append(tuple(chain))

    neutral = tuple(tuple(index[f"dam:{t.site}"] for t in m.neutral_dam_tiles if t.area == a) for a in AREAS)
    surcharge = costs.red_frame_credits
    return Board(
        basins=tuple(basins),
        dam_sites=tuple(dams),
        conduits=tuple(conduits),
        powerhouses=tuple(powerhouses),
        headstreams=tuple(heads),
        neutral_dam_tiles=neutral,
        index=index,
        headstream_paths=head_paths,
        arrival_paths=arrival,
        release_paths=release,
        after_dam_paths=after_dam,
        downstream=tuple(downstream),
        base_costs=tuple(
            BuildCost(excavators=costs.base_excavators.of(d.area), credits=surcharge if d.red_frame else 0)
            for d in dams
        ),
        elevation_costs=tuple(BuildCost(mixers=costs.elevation_mixers.of(d.area)) for d in dams),
        conduit_costs=tuple(
            BuildCost(excavators=costs.conduit_excavators_per_value * c.value) for c in conduits
        ),
        powerhouse_surcharges=tuple(surcharge if p.red_frame else 0 for p in powerhouses),
        powerhouse_mixers=costs.powerhouse_mixers,
    )
