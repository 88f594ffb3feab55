"""Technology tiles (B-8.6, B-14): one object per tile, its effect in a small module.

A tile is a permission (``builds``) plus, for advanced tiles, a special effect
(B-14.2) with the timing of B-14.3: cost modifiers apply during payment
(:meth:`TechTile.adjust_needs`, ``no_surcharge``, ``interchangeable``), the
engineer exemption to step 1 (``engineer_free``, B-14.4), everything else after
the structure is placed (:meth:`TechTile.effect`, called from Barrage's own
``barrage_after_build`` implementation).  Tiles reach a game through the
``barrage_abilities`` registry hook, keyed by the tile id; ``technology.json``
names each advanced tile's effect, and :data:`EFFECTS` maps effect names to
the classes of :mod:`.cost`, :mod:`.free`, :mod:`.resources`, :mod:`.water`,
:mod:`.energy`, :mod:`.vp` and :mod:`.anton`.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ..tables import STRUCTURES, load_json

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State

Payment = tuple[int, int]


class TechTile:
    kind = "tile"
    id = ""
    text = ""
    level = 0
    """0 for basic tiles and Anton's tile, 1–3 for advanced tiles (stacks I–III)."""
    builds: tuple[int, ...] = ()
    """The structures (indices into ``STRUCTURES``) the tile permits."""
    advanced = False
    engineer_free = False
    """B-14.4: the construction needs no engineers and no construction space."""
    no_surcharge = False
    """AT-I-W: no red-frame surcharge on the building space."""
    interchangeable = False
    """AT-II-W: excavators and mixers pay for each other."""
    adjusts_needs = False

    def adjust_needs(self, structure: int, needs: tuple[Payment, ...], value: int) -> tuple[Payment, ...]:
        """The machinery alternatives with this tile (after the officer's, B-14.3.1)."""
        return needs

    def effect(self, game: BarrageGame, state: State, seat: int, structure: int, index: int) -> None:
        """The special effect, right after the structure is placed (B-8.2 step 6)."""

    def __repr__(self) -> str:
        return f"<tile {self.id}>"


class BasicTile(TechTile):
    """B-14.1: a basic tile (or the introductory joker): a permission, no effect."""

    def __init__(self, ident: str, builds: tuple[int, ...]) -> None:
        self.id = ident
        self.builds = builds
        self.text = "builds " + " / ".join(STRUCTURES[s] for s in builds)


def base_tiles() -> list[TechTile]:
    """Barrage's basic tiles, its 15 advanced tiles and Anton Krylov's tile (``technology.json``)."""
    from .anton import AntonTile
    from .cost import ConduitCap5, Interchangeable, NoSurcharge
    from .energy import EnergyPerBase, EnergyTwiceConduit, ProductionPlus2
    from .free import NoEngineers, NoEngineersNoExcavators
    from .resources import CreditsTwiceConduit, RotatePerElevation
    from .vp import VpPerAdvancedTile, VpPerPowerhouse, VpPerRaisedDam
    from .water import FillDam, WaterToEmptyDams

    effects: dict[str, type[TechTile]] = {
        "water_to_empty_own_dams": WaterToEmptyDams,
        "rotate_per_elevation": RotatePerElevation,
        "credits_2x_conduit_value": CreditsTwiceConduit,
        "no_engineers": NoEngineers,
        "no_red_frame_surcharge": NoSurcharge,
        "energy_per_base": EnergyPerBase,
        "fill_dam": FillDam,
        "conduit_cost_cap_5": ConduitCap5,
        "production_plus_2": ProductionPlus2,
        "machinery_interchangeable": Interchangeable,
        "no_engineers_no_excavators": NoEngineersNoExcavators,
        "vp_3_per_raised_dam": VpPerRaisedDam,
        "energy_2x_conduit_value": EnergyTwiceConduit,
        "vp_3_per_powerhouse": VpPerPowerhouse,
        "vp_3_per_advanced_tile": VpPerAdvancedTile,
    }
    raw = load_json("technology.json")
    out: list[TechTile] = [
        BasicTile(t["id"], tuple(STRUCTURES.index(s) for s in t["builds"])) for t in raw["basic"]
    ]
    for t in raw["advanced"]:
        tile = effects[t["effect"]]()
        tile.id, tile.level, tile.text, tile.advanced = t["id"], int(t["level"]), t["text"], True
        tile.builds = tuple(STRUCTURES.index(s) for s in t["builds"])
        out.append(tile)
    for t in raw["special"]:
        anton = AntonTile()
        anton.id, anton.text = t["id"], t["text"]
        out.append(anton)
    return out


def advanced_stacks() -> list[list[str]]:
    """The advanced tile ids of stacks I, II, III, in data order (B-14.2.1, D-13)."""
    return [list(stack) for stack in _advanced_ids()]


@functools.cache
def _advanced_ids() -> tuple[tuple[str, ...], ...]:
    raw: list[dict[str, Any]] = load_json("technology.json")["advanced"]
    return tuple(tuple(t["id"] for t in raw if t["level"] == level) for level in (1, 2, 3))
