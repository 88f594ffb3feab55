"""Typed, validated view of the Barrage data files (map, tiles, contracts, companies, boards).

Every number of the game lives in ``data/*.json`` so that a correction found
against the rulebook is a reviewable data change, never a code change (the
list of corrections and doubtful values is ``data/DATA_NOTES.md``).  This module
decodes the files with :mod:`msgspec` into frozen Structs, so a malformed file
fails loudly when it is first loaded, not in the middle of a game, and checks
the cross references and rulebook counts that a schema cannot express (12
basins, 20 conduits, 55 contracts split 4/6/15/15/15, rewards in range, ...).

Everything returned is immutable and cached with :func:`functools.cache`: load
once per process and share freely between games.  This is the only reader of
the files: the board the engine runs (:mod:`turbine.plugins.barrage.board`) and
the engine's flat tables (:mod:`turbine.plugins.barrage.tables`) are built from
these Structs.

Identifiers are the rule document's (``CO-USA``, ``EO-GD``, ``AT-II-E``,
``BT-3``, ``PC-Y07``, ``HS-4``, ``MB-TS1-L``); map labels (``Z-7``, ``B7U``,
``C7L``, ``P7_1``) are the [EXT] source's, since the printed map has none.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Annotated, Final, Generic, Literal, TypeVar

import msgspec
from turbine.core.data import DataError, decode_data, read_data, require, require_unique

__all__ = [
    "AREAS",
    "STRUCTURES",
    "ActionSpace",
    "AdvancedTile",
    "Area",
    "BasicTile",
    "BasinData",
    "BonusTile",
    "CompaniesData",
    "Company",
    "Constants",
    "Contract",
    "ContractsData",
    "DataError",
    "HeadstreamTile",
    "MapData",
    "ObjectiveTile",
    "Officer",
    "RewardPart",
    "ScoringTiles",
    "SpecialTile",
    "Structure",
    "Technology",
    "TechnologyData",
    "load_companies",
    "load_constants",
    "load_contracts",
    "load_headstream_tiles",
    "load_management_board",
    "load_map",
    "load_officers",
    "load_scoring_tiles",
    "load_technology",
    "track_ability_unlocked",
    "track_production_bonus",
]

Area = Literal["mountain", "hill", "plain"]
Structure = Literal["base", "elevation", "conduit", "powerhouse"]

#: Areas top to bottom (B-3.1.1); an area's index is its row on the map.
AREAS: Final[tuple[Area, ...]] = ("mountain", "hill", "plain")
#: The four structure types of the base game (B-0.3), in company-board row order.
STRUCTURES: Final[tuple[Structure, ...]] = ("base", "elevation", "conduit", "powerhouse")

NonNeg = Annotated[int, msgspec.Meta(ge=0)]
Positive = Annotated[int, msgspec.Meta(gt=0)]
ConduitValue = Annotated[int, msgspec.Meta(ge=1, le=5)]
Tier = Annotated[int, msgspec.Meta(ge=0, le=3)]
Level = Annotated[int, msgspec.Meta(ge=1, le=3)]
Label = Annotated[str, msgspec.Meta(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_+\-]+$")]

RewardKind = Literal[
    "credits",  # SY-1
    "vp",  # SY-3
    "excavators",  # SY-4
    "mixers",  # SY-5
    "machinery",  # SY-6: the player chooses the mix
    "energy",  # SY-7: never usable for a contract
    "energy_contract",  # SY-8: usable for one contract
    "rotate",  # B-8.5
    "water_delayed",  # SY-9: on headstreams, moves in Phase 3
    "water_flows",  # SY-10: on headstreams, flows at once
    "build_base",  # SY-11
    "build_elevation",  # SY-12
    "build_conduit",  # SY-13 / SY-20
    "build_powerhouse",  # SY-14
]


_T = TypeVar("_T")


# --------------------------------------------------------------------------- rewards


class RewardPart(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One part of a reward or income (B-13.1.1, B-6.3, symbols B-21.6).

    A reward is a tuple of parts in printed order, so an expansion can resolve
    rewards of its own tiles with the same resolver (HP-14).  ``areas`` limits a
    ``build_base`` (empty = any area); ``max_value`` limits a ``build_conduit``
    (``None`` = any value).
    """

    kind: RewardKind
    amount: Positive = 1
    areas: tuple[Area, ...] = ()
    max_value: ConduitValue | None = None


Reward = tuple[RewardPart, ...]


# --------------------------------------------------------------------------- map


class DamSiteData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Label
    red_frame: bool


class ConduitData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Label
    value: ConduitValue
    to: Label


class PowerhouseSiteData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Label
    red_frame: bool


class BasinData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One basin as written in ``map.json``; ``dam_sites`` in the order water reaches them."""

    id: Label
    area: Area
    tier: Tier
    river_to: Label
    dam_sites: tuple[DamSiteData, ...]
    conduits: tuple[ConduitData, ...]
    powerhouse_sites: tuple[PowerhouseSiteData, ...]


class HeadstreamData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Label
    basin: Label


class NeutralDamTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A neutral-dam setup tile (B-4.1.11): the dam site it shows, sorted by area back (D-3)."""

    id: Label
    area: Area
    site: Label


class MapData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    headstreams: tuple[HeadstreamData, ...]
    basins: tuple[BasinData, ...]
    conduit_colours: dict[str, str]
    neutral_dam_tiles: tuple[NeutralDamTile, ...]


# --------------------------------------------------------------------------- headstream tiles


class HeadstreamTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Water placed on the tile in Phase 1 of rounds 1–4 (``water[r - 1]``); none in round 5 (B-6.4)."""

    id: Label
    water: Annotated[tuple[NonNeg, ...], msgspec.Meta(min_length=4, max_length=4)]
    total: NonNeg

    def water_in_round(self, round_no: int) -> int:
        """Markers for ``round_no`` (1–5); round 5 places none (B-6.4.2)."""
        return self.water[round_no - 1] if 1 <= round_no <= 4 else 0


class _HeadstreamFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    tiles: tuple[HeadstreamTile, ...]


# --------------------------------------------------------------------------- contracts


class ContractStack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Literal["green", "yellow", "red"]
    requirement_min: Positive
    requirement_max: Positive
    size: Positive


class Contract(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A contract tile: energy requirement (left) and immediate reward (right) (B-13.1.1)."""

    id: Label
    kind: Literal["starting", "national", "private"]
    requirement: Positive
    reward: Reward
    source_id: NonNeg
    stack: Literal["green", "yellow", "red"] | None = None


class ContractsData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    stacks: tuple[ContractStack, ...]
    contracts: tuple[Contract, ...]

    def by_id(self, contract_id: str) -> Contract:
        """The contract called ``contract_id`` (KeyError if unknown)."""
        for c in self.contracts:
            if c.id == contract_id:
                return c
        raise KeyError(contract_id)

    def of_kind(self, kind: str, stack: str | None = None) -> tuple[Contract, ...]:
        """Contracts of ``kind`` (and ``stack``) in file order."""
        return tuple(c for c in self.contracts if c.kind == kind and (stack is None or c.stack == stack))


# --------------------------------------------------------------------------- companies and officers


class IncomeRows(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The three incomes of each row, revealed by the 2nd, 4th and 5th piece (B-6.2.1)."""

    base: Annotated[tuple[Reward, ...], msgspec.Meta(min_length=3, max_length=3)]
    elevation: Annotated[tuple[Reward, ...], msgspec.Meta(min_length=3, max_length=3)]
    conduit: Annotated[tuple[Reward, ...], msgspec.Meta(min_length=3, max_length=3)]

    def row(self, structure: str) -> tuple[Reward, ...]:
        """Incomes of the ``base``, ``elevation`` or ``conduit`` row (powerhouses have none)."""
        return getattr(self, structure)


class Company(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Label
    name: str
    colour: Literal["red", "black", "green", "white"]
    character: str
    ability: str
    ability_text: str
    income: IncomeRows


class StructureRows(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    base: Positive
    elevation: Positive
    conduit: Positive
    powerhouse: Positive


class PowerhouseStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """From ``built`` powerhouses on: total production bonus and whether the ability is unlocked."""

    built: Positive
    production_bonus: NonNeg
    ability: bool


def track_production_bonus(track: Sequence[PowerhouseStep], powerhouses_built: int) -> int:
    """A company board's production bonus with that many powerhouses built (B-6.2.3): the
    bonus of the last step of ``track`` reached.  Any board with a powerhouse track (an
    expansion's company too) reads it so."""
    bonus = 0
    for step in track:
        if powerhouses_built >= step.built:
            bonus = step.production_bonus
    return bonus


def track_ability_unlocked(track: Sequence[PowerhouseStep], powerhouses_built: int) -> bool:
    """Whether a step of ``track`` that unlocks the company's ability is reached (B-15.1.5)."""
    return any(s.ability and powerhouses_built >= s.built for s in track)


class CompaniesData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    structure_rows: StructureRows
    income_reveal_at: Annotated[tuple[Positive, ...], msgspec.Meta(min_length=3, max_length=3)]
    powerhouse_track: tuple[PowerhouseStep, ...]
    companies: tuple[Company, ...]

    def by_id(self, company_id: str) -> Company:
        for c in self.companies:
            if c.id == company_id:
                return c
        raise KeyError(company_id)

    def production_bonus(self, powerhouses_built: int) -> int:
        """The company-board production bonus with that many powerhouses built (B-6.2.3)."""
        return track_production_bonus(self.powerhouse_track, powerhouses_built)

    def ability_unlocked(self, powerhouses_built: int) -> bool:
        """True once the 3rd powerhouse is built (B-15.1.5)."""
        return track_ability_unlocked(self.powerhouse_track, powerhouses_built)

    def revealed_incomes(self, structure: str, built: int) -> int:
        """How many incomes of a row are revealed with ``built`` pieces of it on the map (B-6.2.1)."""
        if structure == "powerhouse":
            return 0
        return sum(1 for n in self.income_reveal_at if built >= n)


class Officer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Label
    name: str
    ability: str
    ability_text: str
    starting_credits: Positive | None = None
    ext_starting_credits: Positive | None = None


class _OfficersFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    officers: tuple[Officer, ...]


# --------------------------------------------------------------------------- technology


class BasicTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Label
    builds: tuple[Structure, ...]
    intro_only: bool


_S = TypeVar("_S", bound=str)
"""The structure types a tile's symbols may show: Barrage's four (:data:`Structure`), or an
expansion's wider set (Leeghwater's buildings, L-6.1), so that its tiles are read with these
same Structs."""
_B = TypeVar("_B")
"""A basic tile as a game's file describes it (Barrage's has ``intro_only``)."""


class AdvancedTile(msgspec.Struct, Generic[_S], frozen=True, forbid_unknown_fields=True):
    id: Label
    level: Level
    builds: tuple[_S, ...]
    effect: str
    text: str


class SpecialTile(msgspec.Struct, Generic[_S], frozen=True, forbid_unknown_fields=True):
    id: Label
    officer: Label
    builds: tuple[_S, ...]
    effect: str
    text: str


class TechnologyData(msgspec.Struct, Generic[_B, _S], frozen=True, forbid_unknown_fields=True):
    about: str
    basic: tuple[_B, ...]
    advanced: tuple[AdvancedTile[_S], ...]
    special: tuple[SpecialTile[_S], ...]

    def level(self, level: int) -> tuple[AdvancedTile[_S], ...]:
        """The advanced tiles of stack I, II or III, in file order."""
        return tuple(t for t in self.advanced if t.level == level)


Technology = TechnologyData[BasicTile, Structure]
"""Barrage's technology tiles (``technology.json``)."""


# --------------------------------------------------------------------------- scoring tiles


class BonusTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Label
    vp_each: Positive
    counts: str
    intro: bool


class ObjectiveTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Label
    counts: str


class ScoringTiles(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    bonus_tiles: tuple[BonusTile, ...]
    objective_tiles: tuple[ObjectiveTile, ...]
    objective_awards: tuple[Positive, ...]


# --------------------------------------------------------------------------- constants


class Starting(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    credits: NonNeg
    excavators: NonNeg
    mixers: NonNeg
    vp: NonNeg
    engineers: Positive


class AreaCosts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    mountain: Positive
    hill: Positive
    plain: Positive

    def of(self, area: str) -> int:
        return getattr(self, area)


class Costs(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The cost table of B-9.1."""

    base_excavators: AreaCosts
    elevation_mixers: AreaCosts
    conduit_excavators_per_value: Positive
    powerhouse_mixers: tuple[Positive, ...]
    red_frame_credits: Positive


class ConstructionSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    engineers: Positive
    credits: NonNeg


class NeutralDams(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    mountain: Positive
    hill: Positive
    plain: Positive
    water_each: NonNeg

    def height(self, area: str) -> int:
        return getattr(self, area)


class PatentOffice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    price: Positive
    engineers: Positive
    display: Positive


class ConduitFee(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    credits: NonNeg
    vp: NonNeg


class RoundAwards(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    first: Positive
    second: Positive
    tie_second_each: Positive


class ZeroEnergy(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    credits: NonNeg
    vp: int


class IntroSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seat: Positive
    company: Label
    officer: Label
    contract: Label


class SupplyUnits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Units in the box (B-2 component table): credits 24×1+20×3+14×5, machinery likewise."""

    credits: Positive
    excavators: Positive
    mixers: Positive


class Constants(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    rounds: Positive
    players_min: Positive
    players_max: Positive
    starting: Starting
    costs: Costs
    construction_spaces: tuple[ConstructionSpace, ...]
    max_dam_height: Positive
    neutral_dams: NeutralDams
    water_markers: Positive
    supply_units: SupplyUnits
    hand_limit: Positive
    private_display_per_stack: Positive
    national_contracts_fewer_than_players: NonNeg
    patent_office: PatentOffice
    bank_credits_per_engineer: Positive
    conduit_fee: ConduitFee
    round_awards: RoundAwards
    zero_energy: ZeroEnergy
    energy_track_credits: tuple[tuple[NonNeg, NonNeg], ...]
    energy_wrap: Positive
    bonus_section_size: Positive
    bonus_penalty_per_section: Positive
    resources_per_vp: Positive
    vp_per_held_water: Positive
    wheel_sectors: Positive
    vp_flip: Positive
    intro_assignment: tuple[IntroSeat, ...]

    def energy_credits(self, energy: int) -> int:
        """Credits taken in Phase 4 for ``energy`` produced this round (B-18.3; flipped = 30)."""
        shown = min(energy, self.energy_wrap)
        credits = 0
        for threshold, value in self.energy_track_credits:
            if shown >= threshold:
                credits = value
        return credits


# --------------------------------------------------------------------------- management board


class ActionSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One shared action space (B-10.2).

    ``engineers == 0`` means "any number ≥ 1" (the Bank).  ``cost`` is the
    credit cost printed in the action symbol; a red frame adds
    ``Constants.costs.red_frame_credits`` on top (B-7.5).  ``mark`` is the
    player-count mark of B-4.7.
    """

    id: Label
    action: Label
    section: Literal[
        "turbine_station",
        "water_management",
        "bank",
        "workshop",
        "machinery_shop",
        "contract_office",
        "patent_office",
    ]
    side: Literal["left", "right", "single"]
    engineers: NonNeg
    red_frame: bool
    mark: Literal["", "3+", "4"]
    effect: Literal["production", "gain", "bank", "take_contracts", "patent"]
    modifier: int = 0
    cost: NonNeg = 0
    gain: Reward = ()
    up_to: bool = False
    amount: NonNeg = 0
    slot: NonNeg = 0
    exclusive: bool = True
    full_game_only: bool = False

    def available_with(self, players: int) -> bool:
        """False when the space is blocked for this player count (B-4.7)."""
        if self.mark == "4":
            return players >= 4
        if self.mark == "3+":
            return players >= 3
        return True


class _BoardFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    spaces: tuple[ActionSpace, ...]


# --------------------------------------------------------------------------- loaders


_PACKAGE = "turbine.plugins.barrage"


def _read(name: str) -> bytes:
    return read_data(_PACKAGE, name)


def _decode(name: str, type_: type[_T]) -> _T:
    return decode_data(name, _read(name), type_)


_require = require
_unique = require_unique


def _check_reward(reward: Reward, file: str, owner: str) -> None:
    for part in reward:
        if part.areas:
            _require(part.kind == "build_base", file, f"{owner}: only build_base takes areas")
        if part.max_value is not None:
            _require(part.kind == "build_conduit", file, f"{owner}: only build_conduit takes max_value")


@functools.cache
def load_map() -> MapData:
    """The base map, with every cross reference and the counts of B-3.1.2 checked."""
    f = "map.json"
    m = _decode(f, MapData)
    ids = [b.id for b in m.basins]
    _unique(ids, f, "basin")
    known = set(ids)
    sites: list[str] = []
    for b in m.basins:
        sites += [
            *(s.id for s in b.dam_sites),
            *(s.id for s in b.conduits),
            *(s.id for s in b.powerhouse_sites),
        ]
    _unique(sites, f, "site")
    for b in m.basins:
        _require(b.river_to == "sea" or b.river_to in known, f, f"{b.id}: unknown river_to {b.river_to}")
        _require(b.river_to != b.id, f, f"{b.id}: river flows into itself")
        for c in b.conduits:
            _require(c.to in known and c.to != b.id, f, f"{c.id}: bad destination {c.to}")
    _unique([h.id for h in m.headstreams], f, "headstream")
    for h in m.headstreams:
        _require(h.basin in known, f, f"headstream {h.id}: unknown basin {h.basin}")
    dam_ids = {s.id: b.area for b in m.basins for s in b.dam_sites}
    _unique([t.id for t in m.neutral_dam_tiles], f, "neutral dam tile")
    for t in m.neutral_dam_tiles:
        _require(dam_ids.get(t.site) == t.area, f, f"{t.id}: {t.site} is not a {t.area} dam site")
    for v in range(1, 6):
        _require(str(v) in m.conduit_colours, f, f"no colour for conduit value {v}")
    return m


@functools.cache
def load_headstream_tiles() -> tuple[HeadstreamTile, ...]:
    """The 8 headstream tiles (B-23.3); each tile's rows must add up to its stated total."""
    f = "headstream_tiles.json"
    tiles = _decode(f, _HeadstreamFile).tiles
    _unique([t.id for t in tiles], f, "tile")
    for t in tiles:
        _require(sum(t.water) == t.total, f, f"{t.id}: rounds add up to {sum(t.water)}, not {t.total}")
    return tiles


@functools.cache
def load_contracts() -> ContractsData:
    """All 55 contracts; each private contract's requirement lies in its stack's range (B-13.9)."""
    f = "contracts.json"
    data = _decode(f, ContractsData)
    _unique([c.id for c in data.contracts], f, "contract")
    _unique([s.id for s in data.stacks], f, "stack")
    stacks = {s.id: s for s in data.stacks}
    for c in data.contracts:
        _require((c.kind == "private") == (c.stack is not None), f, f"{c.id}: stack iff private")
        _require(len(c.reward) > 0, f, f"{c.id}: empty reward")
        _check_reward(c.reward, f, c.id)
        if c.stack is not None:
            s = stacks[c.stack]
            _require(s.requirement_min <= c.requirement <= s.requirement_max, f, f"{c.id}: requirement range")
    for s in data.stacks:
        _require(len(data.of_kind("private", s.id)) == s.size, f, f"stack {s.id}: size {s.size}")
    return data


@functools.cache
def load_companies() -> CompaniesData:
    """The 4 companies; every row's 3rd income must be 7 VP (B-6.2.2)."""
    f = "companies.json"
    data = _decode(f, CompaniesData)
    _unique([c.id for c in data.companies], f, "company")
    _unique([c.colour for c in data.companies], f, "colour")
    for c in data.companies:
        for row in ("base", "elevation", "conduit"):
            incomes = c.income.row(row)
            for r in incomes:
                _require(len(r) > 0, f, f"{c.id} {row}: empty income")
                _check_reward(r, f, c.id)
            _require(incomes[2] == (RewardPart("vp", 7),), f, f"{c.id} {row}: 3rd income must be 7 VP")
    built = [s.built for s in data.powerhouse_track]
    _require(built == sorted(built), f, "powerhouse_track must ascend")
    return data


@functools.cache
def load_officers() -> tuple[Officer, ...]:
    """The 7 executive officers of the base game (B-21.1)."""
    f = "officers.json"
    officers = _decode(f, _OfficersFile).officers
    _unique([o.id for o in officers], f, "officer")
    return officers


@functools.cache
def load_technology() -> Technology:
    """Basic, advanced (15: five per level) and special technology tiles (B-14, B-21.3)."""
    f = "technology.json"
    data = _decode(f, Technology)
    _unique(
        [*(t.id for t in data.basic), *(t.id for t in data.advanced), *(t.id for t in data.special)],
        f,
        "tile",
    )
    for tile in data.basic:
        _require(len(tile.builds) > 0, f, f"{tile.id}: builds nothing")
    for adv in data.advanced:
        _require(len(adv.builds) > 0, f, f"{adv.id}: builds nothing")
    return data


@functools.cache
def load_scoring_tiles() -> ScoringTiles:
    """The 6 bonus tiles and 6 objective tiles (B-21.4, B-21.5)."""
    f = "scoring_tiles.json"
    data = _decode(f, ScoringTiles)
    _unique([*(t.id for t in data.bonus_tiles), *(t.id for t in data.objective_tiles)], f, "tile")
    return data


@functools.cache
def load_constants() -> Constants:
    """Constants and cost tables (B-21.7, B-9.1)."""
    f = "constants.json"
    data = _decode(f, Constants)
    thresholds = [t for t, _ in data.energy_track_credits]
    ascending = thresholds == sorted(set(thresholds))
    _require(thresholds[0] == 0 and ascending, f, "energy track must ascend from 0")
    _require(len(data.costs.powerhouse_mixers) == 4, f, "one powerhouse cost per piece (4)")
    _require([s.seat for s in data.intro_assignment] == [1, 2, 3, 4], f, "intro assignment seats 1..4")
    return data


@functools.cache
def load_management_board() -> tuple[ActionSpace, ...]:
    """The shared action spaces in board order (B-10.2)."""
    f = "management_board.json"
    spaces = _decode(f, _BoardFile).spaces
    _unique([s.id for s in spaces], f, "space")
    for s in spaces:
        _require((s.engineers == 0) == (s.effect == "bank"), f, f"{s.id}: engineers 0 only for the bank")
        _require(s.exclusive or s.effect == "bank", f, f"{s.id}: only the bank is non-exclusive")
        _require((s.effect == "gain") == bool(s.gain), f, f"{s.id}: gain iff effect gain")
        _check_reward(s.gain, f, s.id)
    return spaces
