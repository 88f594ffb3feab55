"""The engine's non-map tables, in the flat form the rules read on every move.

Built once per process from the validated data model (:mod:`.data_model`,
read through :mod:`turbine.core.data`): the management board (B-10.2),
company incomes (B-21.2), contracts (B-13.9), headstream tiles (B-23.3), bonus
and objective tiles (B-21.4, B-21.5) and the energy-track credit scale
(B-18.3.3).  The map is :func:`.board.load_board`.  Everything here is
immutable: the game state refers to spaces and contracts by their index or id
only.  Like the board, this module imports only the data model, so any module
may import it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import msgspec

from . import data_model as dm
from .data_model import AREAS, STRUCTURES, RewardPart
from .state import NEUTRAL, NOBODY

VARIANT = "barrage"
"""The variant's id: what :meth:`~turbine.core.rules.Rules.plays_under` is asked about
Barrage's rules versions (README.md)."""

__all__ = [
    "AREAS",
    "AUTOMATIC",
    "BASE",
    "CONDUIT",
    "ELEVATION",
    "MACHINERY_LOTS",
    "NEUTRAL",
    "NOBODY",
    "PIECES",
    "POWERHOUSE",
    "PRIVATE_STACKS",
    "STRUCTURES",
    "VARIANT",
    "CompanyData",
    "Contract",
    "Part",
    "Space",
    "bonus_tiles",
    "companies",
    "constants",
    "contracts",
    "credits_for_energy",
    "headstream_tiles",
    "load_json",
    "management_spaces",
    "objective_tiles",
    "patent_spaces",
    "reward_parts",
]

BASE, ELEVATION, CONDUIT, POWERHOUSE = range(4)
PIECES = (5, 5, 5, 4)
"""Pieces of each structure type on a company board (B-2.2)."""


_FILES: dict[str, Callable[[], Any]] = {
    "companies.json": dm.load_companies,
    "constants.json": dm.load_constants,
    "contracts.json": dm.load_contracts,
    "map.json": dm.load_map,
    "scoring_tiles.json": dm.load_scoring_tiles,
    "technology.json": dm.load_technology,
    "headstream_tiles.json": lambda: {"tiles": dm.load_headstream_tiles()},
    "management_board.json": lambda: {"spaces": dm.load_management_board()},
    "officers.json": lambda: {"officers": dm.load_officers()},
}


def load_json(name: str) -> Any:
    """The data file ``name`` as plain dicts, lists and tuples, after the data model has
    validated it: the same keys as the file, with every optional field filled in.

    A fresh copy each call, so a caller may change what it gets.
    """
    return msgspec.to_builtins(_FILES[name]())


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
        return self.cost + (dm.load_constants().costs.red_frame_credits if self.red else 0)


def _space_kind(space: dm.ActionSpace) -> tuple[str, int]:
    """The engine's kind and amount of a non-patent action space (see :class:`Space`)."""
    if space.effect == "production":
        return "production", space.modifier
    if space.effect == "bank":
        return "bank", 0
    if space.effect == "take_contracts":
        return "contracts", space.amount
    first = space.gain[0]
    if first.kind == "water_delayed":
        return "water", first.amount
    if first.kind == "water_flows":
        return "water_now", first.amount
    if first.kind == "rotate":
        return "rotate", first.amount
    if first.kind == "machinery":
        return "machinery", 2
    return "machinery", 3 if len(space.gain) == 2 else 1


@cache
def management_spaces() -> tuple[Space, ...]:
    """B-10.2 from ``management_board.json`` (engineer counts, red frames and
    player-count marks are [EXT], D-4).  Patent Office spaces (full game) are left out."""
    out: list[Space] = []
    for raw in dm.load_management_board():
        if raw.effect == "patent":
            continue
        kind, amount = _space_kind(raw)
        min_players = 4 if raw.mark == "4" else 3 if raw.mark == "3+" else 2
        out.append(
            Space(
                raw.id.removeprefix("MB-").replace("-", ""),
                raw.section.replace("_", " "),
                kind,
                amount,
                raw.engineers,
                raw.red_frame,
                raw.cost,
                min_players,
            )
        )
    return tuple(out)


@cache
def patent_spaces() -> tuple[Space, ...]:
    """B-10.9: the Patent Office spaces (full game), one per display slot (``amount`` = slot index)."""
    return tuple(
        Space(
            raw.id.removeprefix("MB-"),
            "patent office",
            "patent",
            raw.slot - 1,
            raw.engineers,
            raw.red_frame,
            raw.cost,
        )
        for raw in dm.load_management_board()
        if raw.effect == "patent"
    )


MACHINERY_LOTS = {1: "1 excavator", 2: "1 excavator or 1 mixer", 3: "1 excavator and 1 mixer"}

# -- companies, contracts, tiles --------------------------------------------------

Part = tuple[str, int, int, tuple[int, ...]]
"""A reward or income part: (kind, amount, max conduit value, allowed areas)."""

AUTOMATIC = ("credits", "excavators", "mixers", "vp", "energy")
"""B-13.9.1: resources, VP and energy first; then the other parts in printed order."""


def reward_parts(raw: Sequence[RewardPart]) -> tuple[Part, ...]:
    """A validated reward as the engine's parts: automatic ones first (B-13.9.1), no limit
    written as every area and conduit value 5."""
    parts: list[Part] = []
    for item in raw:
        areas = tuple(AREAS.index(a) for a in item.areas or AREAS)
        max_value = 5 if item.max_value is None else item.max_value
        parts.append((item.kind, item.amount, max_value, areas))
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
    return {
        c.id: Contract(c.id, c.kind, c.stack or "", c.requirement, reward_parts(c.reward))
        for c in dm.load_contracts().contracts
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
    data = dm.load_companies()
    reveal = data.income_reveal_at
    out = {}
    for c in data.companies:
        rows = tuple(
            tuple((reveal[i], reward_parts(r)) for i, r in enumerate(c.income.row(kind)))
            for kind in STRUCTURES[:3]
        )
        out[c.id] = CompanyData(c.id, c.name, c.ability, rows)
    return out


@cache
def constants() -> dict[str, Any]:
    """``constants.json`` as plain data (validated by :func:`.data_model.load_constants`)."""
    return load_json("constants.json")


@cache
def headstream_tiles() -> dict[str, tuple[int, ...]]:
    """Headstream tile id -> water markers in rounds 1–4 (B-6.4)."""
    return {t.id: t.water for t in dm.load_headstream_tiles()}


@cache
def bonus_tiles() -> dict[str, tuple[int, str, bool]]:
    """Bonus tile id -> (VP per item, what it counts, used in the introductory game) (B-21.4)."""
    return {t.id: (t.vp_each, t.counts, t.intro) for t in dm.load_scoring_tiles().bonus_tiles}


@cache
def objective_tiles() -> dict[str, str]:
    return {t.id: t.counts for t in dm.load_scoring_tiles().objective_tiles}


def credits_for_energy(energy: int) -> int:
    """B-18.3: the credits printed at or last passed by the marker (30+ counts as 30)."""
    return dm.load_constants().energy_credits(energy)
