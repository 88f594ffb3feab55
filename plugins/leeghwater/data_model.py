"""Typed, validated view of the Leeghwater Project data files.

Every number of the expansion lives in ``data/*.json`` so that a correction
found against the rulebook is a reviewable data change, never a code change;
``data/DATA_NOTES.md`` lists each correction and each value only the BGA source
gives.  The files are decoded with :mod:`msgspec` into frozen Structs, so a
malformed file fails when it is first loaded, not in the middle of a game, and
each loader then checks what a schema cannot: the counts the rulebook states
(15 external works, 10 private buildings, 3 technologies, 2 bonus tiles, 4
officers), cross references inside the expansion, and cross references into
Barrage's own data (company colours, officer and tile ids that must not clash,
the powerhouse track and starting resources the Netherlands shares with the
base companies).

Where Barrage's data structures fit they are reused, read-only, from
:mod:`turbine.plugins.barrage.data_model`: rewards and incomes are tuples of
Barrage's :class:`RewardPart` (so Barrage's reward resolver can resolve them,
HP-14), the new bonus tiles are Barrage :class:`BonusTile` rows and the new
officers Barrage :class:`Officer` rows (so they can join Barrage's pools,
HP-2).  Where Barrage's types are closed to the expansion (its structure
literal has no ``building``, its company colours no ``orange``, its reward
kinds no contract fulfilment or advanced tile) the expansion has its own
Structs; ``HOOKS_NEEDED.md`` asks Barrage to open them.

Everything returned is immutable and cached with :func:`functools.cache`.
Identifiers are the rules reference's: ``CO-NED``, ``EW-T102``, ``EW-R6``,
``PB-08``, ``AT-B2``, ``BT-N1``, ``EO-MF``; board spaces ``LW-EW1``…``LW-EW3``.
"""

from __future__ import annotations

import functools
from typing import Annotated, Final, Literal, TypeVar

import msgspec
from turbine.core.data import decode_data, read_data, require, require_unique
from turbine.plugins.barrage import data_model as barrage
from turbine.plugins.barrage.data_model import (
    Area,
    BonusTile,
    ConduitValue,
    IncomeRows,
    Label,
    NonNeg,
    Officer,
    Positive,
    PowerhouseStep,
    RewardPart,
    StructureRows,
)

__all__ = [
    "BUILDING",
    "STRUCTURES",
    "AdditionalBoard",
    "BasicTile",
    "BoardExtension",
    "BuildingEffect",
    "BuildingSpace",
    "Constants",
    "DamWater",
    "DataError",
    "Expansion",
    "ExternalWork",
    "ExternalWorkSpace",
    "ExternalWorksData",
    "Machinery",
    "MahiriCopy",
    "Mark",
    "NetherlandsCompany",
    "OfficerTraits",
    "OfficersData",
    "PersonalSpace",
    "PrivateBuilding",
    "SpecialReward",
    "Stack",
    "Structure",
    "Technology",
    "TileSpace",
    "load_additional_board",
    "load_all",
    "load_bonus_tiles",
    "load_constants",
    "load_extensions",
    "load_external_works",
    "load_netherlands",
    "load_officers",
    "load_private_buildings",
    "load_technology",
]

Structure = Literal["base", "elevation", "conduit", "powerhouse", "building"]
Mark = Literal["", "3+", "4"]
StackId = Literal["A", "B", "C"]

#: The expansion's fifth structure type (L-6.1): built with the construction action, placed off the map.
BUILDING: Final = "building"
#: Barrage's four structure types plus the building, in company-board row order (L-2.3).
STRUCTURES: Final[tuple[Structure, ...]] = ("base", "elevation", "conduit", "powerhouse", BUILDING)


#: Reward kinds an external work may carry as an *ordinary* part: gains and actions whose symbols
#: are Barrage's own (L-5.12.10).  Free builds on a tile are always its special reward (EW-R4…EW-R7).
ORDINARY_KINDS: Final = frozenset(
    {
        "credits",
        "vp",
        "excavators",
        "mixers",
        "machinery",
        "energy",
        "energy_contract",
        "rotate",
        "water_delayed",
        "water_flows",
    }
)


class DataError(barrage.DataError):
    """A Leeghwater data file that does not decode or contradicts itself, Barrage's data or the rulebook.

    A subclass of Barrage's ``DataError``, so code that guards Barrage's data
    loading catches the expansion's failures too.
    """


_T = TypeVar("_T")


# --------------------------------------------------------------------------- shared pieces


class Machinery(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A machinery requirement, always in units (0.3): an external work's cost, a building's cost."""

    excavators: NonNeg
    mixers: NonNeg

    @property
    def units(self) -> int:
        """Excavators and mixers together: what the Loan Agency prices (L-8.4) and PB-03 halves."""
        return self.excavators + self.mixers

    @property
    def types(self) -> int:
        """How many machinery types the cost names (0–2); AT-B2 pays only one of them (L-9.3)."""
        return (self.excavators > 0) + (self.mixers > 0)


class DamWater(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Water placed straight in front of a dam from the general supply, without flowing (HP-12).

    Shared by the Netherlands drop (L-11.3) and the Protective Dike (L-8.1): the
    two differ only in the dams allowed and in excluding the production's dam.
    """

    amount: Positive
    dams: tuple[Literal["own", "neutral"], ...]
    exclude_production_dam: bool
    optional: bool


class Constants(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Numbers of the expansion not tied to one component (L-1, L-3, L-5 to L-7)."""

    about: str
    players_min: Positive
    players_max: Positive
    full_game_only: bool
    external_works_display: Positive
    private_buildings_in_play: Positive
    bonus_tiles_drawn: Positive
    advanced_removed_per_stack: NonNeg
    building_pieces_per_company: Positive
    buildings_per_player_per_tile: Positive
    building_uses_per_round: Positive
    red_frame_credits: Positive
    loan_credits_per_machinery_unit: Positive


# --------------------------------------------------------------------------- the Netherlands


class NetherlandsRows(StructureRows, frozen=True, forbid_unknown_fields=True):
    """Pieces per row of the Netherlands board and extension (C-16 to C-20): Barrage's four
    rows and the building row."""

    building: Positive


class Starting(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    credits: NonNeg
    excavators: NonNeg
    mixers: NonNeg


class NetherlandsCompany(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The fifth company (L-11), in the shape of Barrage's companies plus its building row.

    It is its own Struct, not a Barrage ``Company``, because Barrage's colour
    literal has no ``orange`` (HOOKS_NEEDED.md, HP-2).
    """

    about: str
    id: Label
    name: str
    colour: str
    character: str
    ability: str
    ability_text: str
    drop: DamWater
    structure_rows: NetherlandsRows
    engineers: Positive
    basic_tiles: tuple[Structure, ...]
    starting: Starting
    income_reveal_at: Annotated[tuple[Positive, ...], msgspec.Meta(min_length=3, max_length=3)]
    powerhouse_track: tuple[PowerhouseStep, ...]
    income: IncomeRows

    def production_bonus(self, powerhouses_built: int) -> int:
        """The board's production bonus with that many powerhouses built (L-11.2)."""
        return barrage.track_production_bonus(self.powerhouse_track, powerhouses_built)

    def ability_unlocked(self, powerhouses_built: int) -> bool:
        """True from the 3rd powerhouse on (L-11.3.6, U-9)."""
        return barrage.track_ability_unlocked(self.powerhouse_track, powerhouses_built)

    def revealed_incomes(self, structure: str, built: int) -> int:
        """Incomes of a row revealed with ``built`` pieces; powerhouses and buildings have none (L-6.6)."""
        if structure in ("powerhouse", BUILDING):
            return 0
        return sum(1 for n in self.income_reveal_at if built >= n)


# --------------------------------------------------------------------------- extensions


class BoardExtension(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A company's board extension and building basic tile (C-9 to C-11, C-14, L-3.9).

    ``new_tile`` is True where the building tile is an added tile (the four
    base companies) and False for the Netherlands, whose building tile is one
    of its own five basic tiles (L-2.4.2).
    """

    company: Label
    colour: str
    building_pieces: Positive
    basic_tile: Label
    new_tile: bool


class _ExtensionsFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    extensions: tuple[BoardExtension, ...]


# --------------------------------------------------------------------------- additional management board


class ExternalWorkSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of the 3 external-works action spaces, linked to display slot ``slot`` (L-5.1, L-5.7)."""

    id: Label
    slot: Positive
    engineers: Positive
    red_frame: bool
    mark: Mark


def _open_with(mark: str, players: int) -> bool:
    """The player-count rule of L-3.7 (the same as Barrage's B-4.7 for action spaces)."""
    if mark == "4":
        return players >= 4
    if mark == "3+":
        return players >= 3
    return True


class BuildingSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A building space next to each private-building tile slot (L-3.7, L-6.2 step 5, D-3, U-25).

    ``mark`` is this project's reading of the printed player-count marks;
    ``ext_mark`` is BGA's table (the option ``ext``).  See DATA_NOTES.md.
    """

    index: NonNeg
    red_frame: bool
    mark: Mark
    ext_mark: Mark

    def available_with(self, players: int, marks: Literal["rulebook", "ext"] = "rulebook") -> bool:
        """False when the space holds an absent company's building piece for this player count (L-3.7)."""
        return _open_with(self.mark if marks == "rulebook" else self.ext_mark, players)


class AdditionalBoard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The additional management board (C-1): external-works spaces and stacks, tile slots, building spaces.

    It is where the expansion's shared state lives (HP-3); Barrage's own board is untouched.
    """

    about: str
    external_work_spaces: tuple[ExternalWorkSpace, ...]
    external_work_stacks: tuple[StackId, ...]
    tile_slots: Positive
    building_spaces: tuple[BuildingSpace, ...]

    def open_building_spaces(
        self, players: int, marks: Literal["rulebook", "ext"] = "rulebook"
    ) -> tuple[BuildingSpace, ...]:
        """The building spaces next to each tile slot that are not blocked for ``players`` (L-3.7, L-3.10)."""
        return tuple(s for s in self.building_spaces if s.available_with(players, marks))


# --------------------------------------------------------------------------- external works


class Stack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: StackId
    size: Positive


class SpecialReward(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of the 7 special reward symbols the rulebook explains (EW-R1 to EW-R7, L-5.12).

    ``max_requirement`` limits a contract fulfilment (EW-R2: 4; ``None`` = any);
    ``areas``, ``max_value`` and ``amount`` mean what they mean in Barrage's
    :class:`RewardPart` for the free builds.
    """

    id: Label
    kind: Literal[
        "fulfil_contract",
        "advanced_tile",
        "build_base",
        "build_elevation",
        "build_conduit",
        "build_powerhouse",
    ]
    text: str
    amount: Positive = 1
    areas: tuple[Area, ...] = ()
    max_value: ConduitValue | None = None
    max_requirement: Positive | None = None

    def as_reward_part(self) -> RewardPart | None:
        """The same reward as a Barrage :class:`RewardPart`, for the free builds Barrage resolves itself.

        ``None`` for the kinds Barrage's vocabulary lacks (contract
        fulfilment without energy, a free advanced tile): the expansion resolves
        those itself (HP-11, HP-14).
        """
        if not self.kind.startswith("build_"):
            return None
        return RewardPart(self.kind, self.amount, self.areas, self.max_value)  # type: ignore[arg-type]


class ExternalWork(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An external-works tile (L-5.2, L-5.13): machinery to give up, then a compound reward.

    ``reward`` holds the ordinary parts in Barrage's format; ``special`` the id
    of the EW-R symbol the tile also carries (7 of the 15 tiles), resolved after
    them (U-27).  ``source_id`` is BGA's id, from which the EW-T id is made.
    """

    id: Label
    source_id: NonNeg
    stack: StackId
    cost: Machinery
    reward: tuple[RewardPart, ...]
    special: Label | None = None

    def loan_price(self, credits_per_unit: int) -> int:
        """Credits the Loan Agency pays instead of the machinery (PB-04, L-8.4)."""
        return credits_per_unit * self.cost.units


class ExternalWorksData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    stacks: tuple[Stack, ...]
    special_rewards: tuple[SpecialReward, ...]
    works: tuple[ExternalWork, ...]

    def by_id(self, work_id: str) -> ExternalWork:
        """The tile called ``work_id`` (KeyError if unknown)."""
        for w in self.works:
            if w.id == work_id:
                return w
        raise KeyError(work_id)

    def of_stack(self, stack: str) -> tuple[ExternalWork, ...]:
        """The tiles with back ``stack`` (A, B or C), in file order."""
        return tuple(w for w in self.works if w.stack == stack)

    def special(self, reward_id: str) -> SpecialReward:
        """The special reward ``EW-Rn`` (KeyError if unknown)."""
        for r in self.special_rewards:
            if r.id == reward_id:
                return r
        raise KeyError(reward_id)

    def special_of(self, work: ExternalWork) -> SpecialReward | None:
        """The special reward ``work`` carries, or ``None``."""
        return None if work.special is None else self.special(work.special)


# --------------------------------------------------------------------------- private buildings


class TileSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An action space on a private-building tile (L-7.2); a red frame adds 3 credits (L-7.6 step 2)."""

    engineers: Positive
    red_frame: bool


class BuildingEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A private building's action as data (L-8).

    ``gain``: a Barrage reward (PB-05 energy, PB-06 machinery, PB-07 credits,
    PB-09 contract-usable energy).  ``water_to_dam``: ``water`` (PB-01).
    ``return_wheel_tile``: ``amount`` tiles (PB-02).  ``return_half_sector``:
    one sector's units divided by ``amount``, rounded down (PB-03).
    ``loan_external_work``: take an external work for credits (PB-04; the price
    per unit is ``Constants.loan_credits_per_machinery_unit``).
    ``production``: a production action with ``modifier`` (PB-08).
    ``fulfil_contract``: without energy, requirement at most
    ``max_requirement`` (``None`` = any; PB-10).
    """

    kind: Literal[
        "gain",
        "water_to_dam",
        "return_wheel_tile",
        "return_half_sector",
        "loan_external_work",
        "production",
        "fulfil_contract",
    ]
    gain: tuple[RewardPart, ...] = ()
    water: DamWater | None = None
    amount: NonNeg = 0
    modifier: int = 0
    max_requirement: Positive | None = None


class PrivateBuilding(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A private-building tile (C-7, L-7, L-8): build cost, end-game VP, 4 action spaces, one action."""

    id: Label
    key: str
    name: str
    name_ru: str
    ext_name: str
    cost: Machinery
    vp: Positive
    spaces: Annotated[tuple[TileSpace, ...], msgspec.Meta(min_length=4, max_length=4)]
    action_cost: NonNeg
    effect: BuildingEffect
    effect_text: str

    @property
    def left(self) -> TileSpace:
        """The cheap left space, which the round's first placement on this tile must take (L-7.3)."""
        return self.spaces[0]

    @property
    def right(self) -> tuple[TileSpace, ...]:
        """The three dearer right spaces (L-7.2)."""
        return self.spaces[1:]

    def space_credits(self, index: int, red_frame_credits: int) -> int:
        """Credits for placing on space ``index`` and performing the action: frame plus symbol (L-7.6)."""
        return (red_frame_credits if self.spaces[index].red_frame else 0) + self.action_cost


class _BuildingsFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    buildings: tuple[PrivateBuilding, ...]


# --------------------------------------------------------------------------- technology


class BasicTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The expansion's basic tile (L-9): it has no introductory-game marking."""

    id: Label
    builds: tuple[Structure, ...]


Technology = barrage.TechnologyData[BasicTile, Structure]
"""The new technology tiles (L-9): Barrage's tile Structs, whose symbols may also show a
``building`` (L-6.1)."""


class _BonusFile(msgspec.Struct, forbid_unknown_fields=True):
    about: str
    bonus_tiles: tuple[BonusTile, ...]


# --------------------------------------------------------------------------- officers


class PersonalSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An officer's personal action space (Margot Fouché, L-12.2; HP-7)."""

    id: Label
    engineers: Positive
    red_frame: bool
    uses_per_round: Positive
    effect: str


class MahiriCopy(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How Mahiri Sekibo copies a new officer (L-12.5; the copy adapter of HP-18)."""

    text: str
    bank_engineers: NonNeg = 0
    temporary_hand_limit: Positive | None = None
    multi_contract: bool = False
    architects: NonNeg = 0


class OfficerTraits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The numbers behind a new officer's ability (L-12), beside Barrage's :class:`Officer` row."""

    officer: Label
    mahiri: MahiriCopy
    special_tile: Label | None = None
    personal_space: PersonalSpace | None = None
    hand_limit: Positive | None = None
    multi_contract: bool = False
    architects: NonNeg = 0


class OfficersData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    officers: tuple[Officer, ...]
    traits: tuple[OfficerTraits, ...]

    def by_id(self, officer_id: str) -> Officer:
        for o in self.officers:
            if o.id == officer_id:
                return o
        raise KeyError(officer_id)

    def traits_of(self, officer_id: str) -> OfficerTraits:
        for t in self.traits:
            if t.officer == officer_id:
                return t
        raise KeyError(officer_id)


# --------------------------------------------------------------------------- loaders


_PACKAGE = "turbine.plugins.leeghwater"
_WHERE = "leeghwater data"


def _read(name: str) -> bytes:
    return read_data(_PACKAGE, name)


def _decode(name: str, type_: type[_T]) -> _T:
    return decode_data(name, _read(name), type_, error=DataError, where=_WHERE)


def _require(cond: bool, file: str, message: str) -> None:
    require(cond, file, message, error=DataError, where=_WHERE)


def _unique(ids: list[str], file: str, what: str) -> None:
    require_unique(ids, file, what, error=DataError, where=_WHERE)


def _check_parts(parts: tuple[RewardPart, ...], file: str, owner: str) -> None:
    """Barrage's constraints on reward parts: ``areas`` only for bases, ``max_value`` only for conduits."""
    _require(len(parts) > 0, file, f"{owner}: empty reward")
    for p in parts:
        _require(not p.areas or p.kind == "build_base", file, f"{owner}: only build_base takes areas")
        conduit = p.max_value is None or p.kind == "build_conduit"
        _require(conduit, file, f"{owner}: max_value is for conduits")


@functools.cache
def load_constants() -> Constants:
    """The expansion's constants; player count and red frame must agree with Barrage's (L-1.3, L-15.8)."""
    f = "constants.json"
    c = _decode(f, Constants)
    base = barrage.load_constants()
    _require(c.players_min == base.players_min, f, "the expansion plays from Barrage's minimum (L-1.3)")
    _require(c.players_max == base.players_max, f, "the expansion does not enable 5 players (L-1.3)")
    _require(c.red_frame_credits == base.costs.red_frame_credits, f, "red frame must match Barrage's")
    return c


@functools.cache
def load_netherlands() -> NetherlandsCompany:
    """The Netherlands board, checked against the base companies' shared layout (L-11.2, D-6, D-9)."""
    f = "netherlands.json"
    n = _decode(f, NetherlandsCompany)
    companies = barrage.load_companies()
    start = barrage.load_constants().starting
    _require(n.id not in {c.id for c in companies.companies}, f, f"{n.id} clashes with a base company")
    _require(n.colour not in {c.colour for c in companies.companies}, f, f"colour {n.colour} is taken")
    rows = companies.structure_rows
    for s in ("base", "elevation", "conduit", "powerhouse"):
        _require(getattr(n.structure_rows, s) == getattr(rows, s), f, f"{s} row differs from the base boards")
    _require(n.structure_rows.building == load_constants().building_pieces_per_company, f, "building row")
    _require(n.income_reveal_at == companies.income_reveal_at, f, "incomes revealed as on the base boards")
    _require(n.powerhouse_track == companies.powerhouse_track, f, "powerhouse track as on the base boards")
    got = (n.starting.credits, n.starting.excavators, n.starting.mixers, n.engineers)
    want = (start.credits, start.excavators, start.mixers, start.engineers)
    _require(got == want, f, f"starting resources {got} differ from the base game's {want}")
    _require(sorted(n.basic_tiles) == sorted(STRUCTURES), f, "one basic tile per structure type (U-23)")
    for row in ("base", "elevation", "conduit"):
        incomes = n.income.row(row)
        for r in incomes:
            _check_parts(r, f, f"{n.id} {row}")
        _require(incomes[2] == (RewardPart("vp", 7),), f, f"{row}: 3rd income must be 7 VP (B-6.2.2)")
    _require(n.drop.dams == ("own",) and n.drop.exclude_production_dam, f, "drop: own dams, not the one used")
    return n


@functools.cache
def load_technology() -> Technology:
    """The building basic tile, the 3 building advanced tiles (one per stack) and Leslie's tile (L-9)."""
    f = "technology.json"
    t = _decode(f, Technology)
    ids = [*(x.id for x in t.basic), *(x.id for x in t.advanced), *(x.id for x in t.special)]
    _unique(ids, f, "tile")
    base = barrage.load_technology()
    taken = {*(x.id for x in base.advanced), *(x.id for x in base.special)}
    for i in ids:
        _require(i not in taken, f, f"{i} clashes with a Barrage tile")
    for group in (t.basic, t.advanced):
        for x in group:
            _require(x.builds == (BUILDING,), f, f"{x.id}: the expansion's tiles build buildings only (L-9)")
    for s in t.special:
        _require(s.builds == (), f, f"{s.id}: a special tile without a structure symbol (L-12.1.8)")
    return t


@functools.cache
def load_extensions() -> tuple[BoardExtension, ...]:
    """One extension per company, base companies and the Netherlands (C-9, C-14, L-3.9)."""
    f = "extensions.json"
    ext = _decode(f, _ExtensionsFile).extensions
    _unique([e.company for e in ext], f, "company")
    ned = load_netherlands()
    colours: dict[str, str] = {c.id: c.colour for c in barrage.load_companies().companies}
    colours[ned.id] = ned.colour
    _require({e.company for e in ext} == set(colours), f, f"need one extension for each of {sorted(colours)}")
    pieces = load_constants().building_pieces_per_company
    basic = {b.id for b in load_technology().basic}
    for e in ext:
        _require(e.colour == colours[e.company], f, f"{e.company}: colour {e.colour} != {colours[e.company]}")
        _require(e.building_pieces == pieces, f, f"{e.company}: {pieces} building pieces (C-11, C-19)")
        _require(e.basic_tile in basic, f, f"{e.company}: unknown basic tile {e.basic_tile}")
        _require(e.new_tile == (e.company != ned.id), f, f"{e.company}: only base companies get a new tile")
    return ext


@functools.cache
def load_additional_board() -> AdditionalBoard:
    """The additional management board; each player count leaves every player a building space (L-3.7)."""
    f = "additional_board.json"
    b = _decode(f, AdditionalBoard)
    c = load_constants()
    _unique([s.id for s in b.external_work_spaces], f, "space")
    slots = sorted(s.slot for s in b.external_work_spaces)
    _require(slots == list(range(1, c.external_works_display + 1)), f, "one space per display slot (L-5.1)")
    _require(b.tile_slots == c.private_buildings_in_play, f, "one tile slot per private building in play")
    _require(len(set(b.external_work_stacks)) == len(b.external_work_stacks), f, "duplicate stack")
    _require([s.index for s in b.building_spaces] == list(range(len(b.building_spaces))), f, "space indices")
    readings: tuple[Literal["rulebook", "ext"], ...] = ("rulebook", "ext")
    for marks in readings:
        for players in range(c.players_min, c.players_max + 1):
            n = len(b.open_building_spaces(players, marks))
            _require(n >= players, f, f"{marks} marks leave {n} building spaces for {players} players")
        everything = len(b.open_building_spaces(c.players_max, marks)) == len(b.building_spaces)
        _require(everything, f, f"{marks} marks: nothing is blocked with {c.players_max} players (L-3.10)")
    return b


@functools.cache
def load_external_works() -> ExternalWorksData:
    """The 15 external works in stacks A/B/C and the 7 special rewards; 3 shown per round (L-5, L-13.4)."""
    f = "external_works.json"
    d = _decode(f, ExternalWorksData)
    _unique([w.id for w in d.works], f, "external work")
    _unique([r.id for r in d.special_rewards], f, "special reward")
    _unique([s.id for s in d.stacks], f, "stack")
    for w in d.works:
        _require(w.id == f"EW-T{w.source_id}", f, f"{w.id}: id must be EW-T<source_id>")
        _require(w.cost.units > 0, f, f"{w.id}: an external work costs machinery (L-5.2)")
        _check_parts(w.reward, f, w.id)
        for p in w.reward:
            _require(p.kind in ORDINARY_KINDS, f, f"{w.id}: {p.kind} is not an ordinary part (L-5.12.10)")
        if w.special is not None:
            _require(w.special in {r.id for r in d.special_rewards}, f, f"{w.id}: unknown {w.special}")
    for r in d.special_rewards:
        _require(r.max_requirement is None or r.kind == "fulfil_contract", f, f"{r.id}: max_requirement")
        _require(not r.areas or r.kind == "build_base", f, f"{r.id}: only build_base takes areas")
        _require(r.max_value is None or r.kind == "build_conduit", f, f"{r.id}: max_value is for conduits")
    for s in d.stacks:
        _require(len(d.of_stack(s.id)) == s.size, f, f"stack {s.id}: {len(d.of_stack(s.id))} != {s.size}")
    board = load_additional_board()
    _require(tuple(s.id for s in d.stacks) == board.external_work_stacks, f, "stacks differ from the board")
    reveals = load_constants().external_works_display * barrage.load_constants().rounds
    _require(len(d.works) == reveals, f, f"{len(d.works)} tiles for {reveals} reveals over the game (L-13.4)")
    return d


@functools.cache
def load_private_buildings() -> tuple[PrivateBuilding, ...]:
    """The 10 private buildings: one cheap left space and three dearer right spaces each (L-7.2, L-8)."""
    f = "private_buildings.json"
    bs = _decode(f, _BuildingsFile).buildings
    _unique([b.id for b in bs], f, "building")
    _unique([b.key for b in bs], f, "key")
    _require(len(bs) >= load_constants().private_buildings_in_play, f, "fewer tiles than are drawn")
    for b in bs:
        left, right = b.left, b.right
        _require(not left.red_frame, f, f"{b.id}: the left space is the cheap one (L-7.2)")
        _require(len(set(right)) == 1, f, f"{b.id}: the three right spaces are alike")
        r = right[0]
        dearer = r.engineers > left.engineers or (r.red_frame and r.engineers == left.engineers)
        _require(dearer, f, f"{b.id}: a right space must cost more than the left one (L-7.2)")
        _require(b.cost.units > 0, f, f"{b.id}: a building costs machinery (L-6.2 step 3)")
        e = b.effect
        _require((e.kind == "gain") == bool(e.gain), f, f"{b.id}: gain iff kind gain")
        _require((e.kind == "water_to_dam") == (e.water is not None), f, f"{b.id}: water iff water_to_dam")
        _require((e.kind == "production") == (e.modifier != 0), f, f"{b.id}: modifier iff production")
        _require(e.max_requirement is None or e.kind == "fulfil_contract", f, f"{b.id}: max_requirement")
        needs_amount = e.kind in ("return_wheel_tile", "return_half_sector")
        _require(needs_amount == (e.amount > 0), f, f"{b.id}: amount iff a wheel effect")
        if e.gain:
            _check_parts(e.gain, f, b.id)
    return bs


@functools.cache
def load_bonus_tiles() -> tuple[BonusTile, ...]:
    """The 2 new bonus tiles (L-10), Barrage ``BonusTile`` rows whose ids do not clash with Barrage's."""
    f = "bonus_tiles.json"
    tiles = _decode(f, _BonusFile).bonus_tiles
    _unique([t.id for t in tiles], f, "bonus tile")
    base = barrage.load_scoring_tiles()
    taken = {*(t.id for t in base.bonus_tiles), *(t.id for t in base.objective_tiles)}
    known = {t.counts for t in base.bonus_tiles}
    for t in tiles:
        _require(t.id not in taken, f, f"{t.id} clashes with a Barrage tile")
        _require(t.counts not in known, f, f"{t.id}: counts {t.counts} is already a Barrage tile's")
        _require(not t.intro, f, f"{t.id}: the expansion is never in the introductory game (L-1.2)")
    pool = len(base.bonus_tiles) + len(tiles)
    _require(pool > load_constants().bonus_tiles_drawn, f, "more bonus tiles than are drawn (L-3.5)")
    return tiles


@functools.cache
def load_officers() -> OfficersData:
    """The 4 new officers (Barrage ``Officer`` rows) and their traits; references checked (L-12)."""
    f = "officers.json"
    d = _decode(f, OfficersData)
    ids = [o.id for o in d.officers]
    _unique(ids, f, "officer")
    _unique([t.officer for t in d.traits], f, "traits of officer")
    taken = {o.id for o in barrage.load_officers()}
    for i in ids:
        _require(i not in taken, f, f"{i} clashes with a Barrage officer")
    _require(sorted(ids) == sorted(t.officer for t in d.traits), f, "one traits row per officer")
    special = {s.id: s for s in load_technology().special}
    hand = barrage.load_constants().hand_limit
    for t in d.traits:
        if t.special_tile is not None:
            tile = special.get(t.special_tile)
            _require(tile is not None, f, f"{t.officer}: unknown special tile {t.special_tile}")
            _require(tile is None or tile.officer == t.officer, f, f"{t.officer}: tile belongs to another")
        for limit in (t.hand_limit, t.mahiri.temporary_hand_limit):
            _require(limit is None or limit > hand, f, f"{t.officer}: a hand limit above Barrage's {hand}")
        _require(t.architects <= barrage.load_constants().starting.engineers, f, f"{t.officer}: architects")
    owners = {s.officer for s in special.values()}
    _require(owners <= set(ids) | taken, f, "a special tile names an unknown officer")
    return d


class Expansion(msgspec.Struct, frozen=True):
    """Every table of the expansion, loaded and checked together (what a rules engine takes at setup)."""

    constants: Constants
    netherlands: NetherlandsCompany
    extensions: tuple[BoardExtension, ...]
    board: AdditionalBoard
    external_works: ExternalWorksData
    private_buildings: tuple[PrivateBuilding, ...]
    technology: Technology
    bonus_tiles: tuple[BonusTile, ...]
    officers: OfficersData


@functools.cache
def load_all() -> Expansion:
    """Load and validate every file, so one call proves the whole data layer consistent."""
    return Expansion(
        constants=load_constants(),
        netherlands=load_netherlands(),
        extensions=load_extensions(),
        board=load_additional_board(),
        external_works=load_external_works(),
        private_buildings=load_private_buildings(),
        technology=load_technology(),
        bonus_tiles=load_bonus_tiles(),
        officers=load_officers(),
    )
