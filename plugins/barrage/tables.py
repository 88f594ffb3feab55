"""Flat, integer-indexed tables the rules engine reads on every move.

Built once per process from the plugin's data files: the map (dam sites,
conduit spaces, powerhouse spaces, the river paths), the management board
(B-10.2), company incomes (B-21.2), contracts (B-13.9), headstream tiles
(B-23.3), bonus and objective tiles (B-21.4, B-21.5) and the energy-track
credit scale (B-18.3.3).  Everything here is immutable: the game state refers
to sites, spaces and contracts by their index or id only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"

AREAS = ("mountain", "hill", "plain")
STRUCTURES = ("base", "elevation", "conduit", "powerhouse")
BASE, ELEVATION, CONDUIT, POWERHOUSE = range(4)
PIECES = (5, 5, 5, 4)
"""Pieces of each structure type on a company board (B-2.2)."""

NEUTRAL = -2
"""Owner code of a neutral dam."""
NOBODY = -1


def load_json(name: str) -> Any:
    with open(DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


@dataclass(frozen=True)
class DamSite:
    index: int
    id: str
    zone: int
    area: int
    red: bool


@dataclass(frozen=True)
class ConduitSite:
    index: int
    id: str
    zone: int
    """Source basin."""
    area: int
    value: int
    to_zone: int


@dataclass(frozen=True)
class PowerhouseSite:
    index: int
    id: str
    zone: int
    area: int
    red: bool


@dataclass(frozen=True)
class Board:
    dams: tuple[DamSite, ...]
    conduits: tuple[ConduitSite, ...]
    powerhouses: tuple[PowerhouseSite, ...]
    zones: tuple[int, ...]
    zone_area: dict[int, int]
    headstreams: tuple[str, ...]
    dams_in_zone: dict[int, tuple[int, ...]]
    powerhouses_in_zone: dict[int, tuple[int, ...]]
    conduits_into_zone: dict[int, tuple[int, ...]]
    site_index: dict[str, tuple[str, int]]
    """Site id -> ("dam" | "conduit" | "powerhouse", index)."""
    # the same facts as plain tuples by index, for the legal-move loops
    dam_zone: tuple[int, ...]
    dam_area: tuple[int, ...]
    conduit_area: tuple[int, ...]
    conduit_value: tuple[int, ...]
    ph_zone: tuple[int, ...]
    ph_area: tuple[int, ...]


@cache
def board() -> Board:
    """The base map from ``map.json`` (topology [EXT], B-23.2)."""
    raw = load_json("map.json")
    dams: list[DamSite] = []
    conduits: list[ConduitSite] = []
    powerhouses: list[PowerhouseSite] = []
    zone_area: dict[int, int] = {}

    def zone_of(label: str) -> int:
        return int(label.split("-")[1])

    for basin in raw["basins"]:
        z = zone_of(basin["id"])
        area = AREAS.index(basin["area"])
        zone_area[z] = area
        for site in basin["dam_sites"]:
            dams.append(DamSite(len(dams), site["id"], z, area, bool(site["red_frame"])))
        for site in basin["conduits"]:
            conduits.append(
                ConduitSite(len(conduits), site["id"], z, area, int(site["value"]), zone_of(site["to"]))
            )
        for site in basin["powerhouse_sites"]:
            powerhouses.append(PowerhouseSite(len(powerhouses), site["id"], z, area, bool(site["red_frame"])))
    zones = tuple(sorted(zone_area))
    dams_in_zone = {z: tuple(d.index for d in dams if d.zone == z) for z in zones}

    heads = tuple(h["id"] for h in raw["headstreams"])
    site_index: dict[str, tuple[str, int]] = {}
    for d in dams:
        site_index[d.id] = ("dam", d.index)
    for c in conduits:
        site_index[c.id] = ("conduit", c.index)
    for p in powerhouses:
        site_index[p.id] = ("powerhouse", p.index)
    return Board(
        dams=tuple(dams),
        conduits=tuple(conduits),
        powerhouses=tuple(powerhouses),
        zones=zones,
        zone_area=zone_area,
        headstreams=heads,
        dams_in_zone=dams_in_zone,
        powerhouses_in_zone={z: tuple(p.index for p in powerhouses if p.zone == z) for z in zones},
        conduits_into_zone={z: tuple(c.index for c in conduits if c.to_zone == z) for z in zones},
        site_index=site_index,
        dam_zone=tuple(d.zone for d in dams),
        dam_area=tuple(d.area for d in dams),
        conduit_area=tuple(c.area for c in conduits),
        conduit_value=tuple(c.value for c in conduits),
        ph_zone=tuple(p.zone for p in powerhouses),
        ph_area=tuple(p.area for p in powerhouses),
    )


@cache
def neutral_dam_tiles() -> dict[int, tuple[str, ...]]:
    """Area -> the dam sites its neutral-dam setup tiles show (B-4.1.11, D-3)."""
    raw = load_json("map.json")
    out: dict[int, list[str]] = {0: [], 1: [], 2: []}
    for tile in raw["neutral_dam_tiles"]:
        out[AREAS.index(tile["area"])].append(tile["site"])
    return {a: tuple(v) for a, v in out.items()}


# -- the management board (B-10.2) ---------------------------------------------


@dataclass(frozen=True)
class Space:
    """One action space of the management board."""

    id: str
    section: str
    kind: str
    """production | water | water_now | bank | rotate | machinery | contracts"""
    amount: int
    """Production modifier, water markers, rotations, machinery lot or contracts taken."""
    engineers: int
    red: bool
    cost: int = 0
    """Credits printed in the action symbol (paid besides the red frame)."""
    min_players: int = 2
    """The space is blocked with fewer players ("3+" and "4" marks, B-4.7)."""

    @property
    def credits(self) -> int:
        return self.cost + (3 if self.red else 0)


@cache
def management_spaces() -> tuple[Space, ...]:
    """B-10.2 from ``management_board.json`` (engineer counts, red frames and
    player-count marks are [EXT], D-4).  Patent Office spaces (full game) are left out."""
    out: list[Space] = []
    for raw in load_json("management_board.json")["spaces"]:
        effect = raw["effect"]
        if effect == "patent":
            continue
        ident = raw["id"].removeprefix("MB-").replace("-", "")
        amount = 0
        if effect == "production":
            kind, amount = "production", int(raw["modifier"])
        elif effect == "bank":
            kind = "bank"
        elif effect == "take_contracts":
            kind, amount = "contracts", int(raw["amount"])
        else:
            gains = raw["gain"]
            first = gains[0]["kind"]
            if first == "water_delayed":
                kind, amount = "water", int(gains[0]["amount"])
            elif first == "water_flows":
                kind, amount = "water_now", int(gains[0]["amount"])
            elif first == "rotate":
                kind, amount = "rotate", int(gains[0]["amount"])
            elif first == "machinery":
                kind, amount = "machinery", 2
            elif len(gains) == 2:
                kind, amount = "machinery", 3
            else:
                kind, amount = "machinery", 1
        mark = raw.get("mark", "")
        min_players = 4 if mark == "4" else 3 if mark == "3+" else 2
        out.append(
            Space(
                ident,
                raw["section"].replace("_", " "),
                kind,
                amount,
                int(raw["engineers"]),
                bool(raw["red_frame"]),
                int(raw.get("cost", 0)),
                min_players,
            )
        )
    return tuple(out)


@cache
def patent_spaces() -> tuple[Space, ...]:
    """B-10.9: the Patent Office spaces (full game), one per display slot (``amount`` = slot index)."""
    out = []
    for raw in load_json("management_board.json")["spaces"]:
        if raw["effect"] == "patent":
            out.append(
                Space(
                    raw["id"].removeprefix("MB-"),
                    "patent office",
                    "patent",
                    int(raw["slot"]) - 1,
                    int(raw["engineers"]),
                    bool(raw["red_frame"]),
                    int(raw.get("cost", 0)),
                )
            )
    return tuple(out)


MACHINERY_LOTS = {1: "1 excavator", 2: "1 excavator or 1 mixer", 3: "1 excavator and 1 mixer"}

# -- companies, contracts, tiles --------------------------------------------------

Part = tuple[str, int, int, tuple[int, ...]]
"""A reward or income part: (kind, amount, max conduit value, allowed areas)."""

AUTOMATIC = ("credits", "excavators", "mixers", "vp", "energy")
"""B-13.9.1: resources, VP and energy first; then the other parts in printed order."""


def reward_parts(raw: list[dict[str, Any]]) -> tuple[Part, ...]:
    parts: list[Part] = []
    for item in raw:
        areas = tuple(AREAS.index(a) for a in item.get("areas", AREAS))
        parts.append((item["kind"], int(item.get("amount", 1)), int(item.get("max_value", 5)), areas))
    first = [p for p in parts if p[0] in AUTOMATIC]
    rest = [p for p in parts if p[0] not in AUTOMATIC]
    return tuple(first + rest)


@dataclass(frozen=True)
class Contract:
    id: str
    kind: str
    """starting | national | private"""
    stack: str
    requirement: int
    reward: tuple[Part, ...]


@cache
def contracts() -> dict[str, Contract]:
    raw = load_json("contracts.json")
    return {
        c["id"]: Contract(
            c["id"], c["kind"], c.get("stack", ""), int(c["requirement"]), reward_parts(c["reward"])
        )
        for c in raw["contracts"]
    }


PRIVATE_STACKS = ("green", "yellow", "red")


@dataclass(frozen=True)
class CompanyData:
    id: str
    name: str
    ability: str
    income: tuple[tuple[tuple[int, tuple[Part, ...]], ...], ...]
    """Per structure row (base, elevation, conduit): (pieces built that reveal it, income)."""


@cache
def companies() -> dict[str, CompanyData]:
    raw = load_json("companies.json")
    reveal = raw["income_reveal_at"]
    out = {}
    for c in raw["companies"]:
        rows = []
        for kind in STRUCTURES[:3]:
            rows.append(tuple((reveal[i], reward_parts(r)) for i, r in enumerate(c["income"][kind])))
        out[c["id"]] = CompanyData(c["id"], c["name"], c["ability"], tuple(rows))
    return out


@cache
def constants() -> dict[str, Any]:
    return load_json("constants.json")


@cache
def headstream_tiles() -> dict[str, tuple[int, ...]]:
    raw = load_json("headstream_tiles.json")
    return {t["id"]: tuple(t["water"]) for t in raw["tiles"]}


@cache
def bonus_tiles() -> dict[str, tuple[int, str, bool]]:
    """Bonus tile id -> (VP per item, what it counts, used in the introductory game) (B-21.4)."""
    raw = load_json("scoring_tiles.json")
    return {t["id"]: (int(t["vp_each"]), t["counts"], bool(t["intro"])) for t in raw["bonus_tiles"]}


@cache
def objective_tiles() -> dict[str, str]:
    raw = load_json("scoring_tiles.json")
    return {t["id"]: t["counts"] for t in raw["objective_tiles"]}


def credits_for_energy(energy: int) -> int:
    """B-18.3: the credits printed at or last passed by the marker (30+ counts as 30)."""
    energy = min(energy, 30)
    got = 0
    for threshold, credits in constants()["energy_track_credits"]:
        if energy >= threshold:
            got = credits
    return got
